//! Errors about a file the user gave: where (file, line, column), what was expected, and what
//! to do. Every way a scenario or card file can be wrong ends in a [`FileError`].

use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A text file as loaded, kept so errors can point into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<String>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            name: name.into(),
            text: Arc::new(text.into()),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    /// An error at a span of this file.
    pub fn error(
        &self,
        kind: ErrorKind,
        span: Range<usize>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> FileError {
        let (line, column) = self.line_col(span.start);
        FileError {
            kind,
            file: self.name.clone(),
            line,
            column,
            span,
            message: message.into(),
            help: help.into(),
            source_text: Some(Arc::new(miette::NamedSource::new(
                self.name.clone(),
                self.text.clone(),
            ))),
        }
    }

    /// Where a TOML file sets `key` in its table `[table]`: the span of the value, or of the
    /// table's header when the key is absent, or `None` without the table. Errors about the
    /// board as a whole (no combat, no defending player) point there, at what would change
    /// the answer.
    pub fn key_span(&self, table: &str, key: &str) -> Option<Range<usize>> {
        let header = format!("[{table}]");
        let mut offset = 0;
        let mut found: Option<Range<usize>> = None;
        for line in self.text.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let trimmed = line.trim();
            if found.is_none() {
                if trimmed == header {
                    let lead = line.len() - line.trim_start().len();
                    found = Some(start + lead..start + lead + header.len());
                }
                continue;
            }
            if trimmed.starts_with('[') {
                break;
            }
            let Some(rest) = trimmed.strip_prefix(key) else {
                continue;
            };
            let Some(value) = rest.trim_start().strip_prefix('=') else {
                continue;
            };
            let value = value.trim();
            let at = start + line.find(value).unwrap_or(0);
            return Some(at..at + value.len().max(1));
        }
        found
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// What kind of mistake a [`FileError`] reports; stable, for tests and JSON consumers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The file can't be read.
    Io,
    /// Not valid TOML.
    Syntax,
    /// A key the format doesn't have.
    UnknownField,
    /// A required key is absent.
    MissingField,
    /// A value of the wrong type or out of range.
    WrongValue,
    /// A card name that is neither in the library nor defined in the file.
    UnknownCard,
    /// A card defined twice.
    DuplicateCard,
    /// A label no object has.
    UnknownLabel,
    /// Two objects with one label.
    DuplicateLabel,
    /// A player name that isn't in the file's players.
    UnknownPlayer,
    /// Two players with one name.
    DuplicatePlayer,
    /// Card text no template matches.
    UnsupportedText,
    /// A card whose facts don't fit together (a creature without power and toughness, ...).
    BadCard,
    /// A game state the rules don't allow (an Aura attached to a player, ...).
    IllegalState,
    /// A command-line argument the command doesn't take (an unknown flag, a missing file).
    Argument,
}

/// An error in a file the user gave, with its position.
#[derive(Debug, Clone, Serialize)]
pub struct FileError {
    pub kind: ErrorKind,
    pub file: String,
    /// 1-based; 0 when the error is about the whole file (it can't be read).
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    #[serde(skip)]
    pub span: Range<usize>,
    /// What is wrong, and what was expected.
    pub message: String,
    /// What to do about it.
    pub help: String,
    #[serde(skip)]
    source_text: Option<Arc<miette::NamedSource<Arc<String>>>>,
}

impl FileError {
    /// An error about a whole file, such as one that can't be read.
    pub fn whole_file(
        kind: ErrorKind,
        file: impl Into<String>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        FileError {
            kind,
            file: file.into(),
            line: 0,
            column: 0,
            span: 0..0,
            message: message.into(),
            help: help.into(),
            source_text: None,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for FileError {}

/// The largest scenario or card file Skirmish reads: far beyond any real board (a 500-a-side
/// token army is ~60 KB), small enough that reading `/dev/zero` or a wrong path ends at once.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a file the user named as text: at most [`MAX_FILE_BYTES`], and UTF-8, or an error
/// naming the line and column of the first byte that isn't (issue 13). `doc` says where the
/// format is described.
pub fn read_text(path: &std::path::Path, doc: &str) -> Result<SourceFile, FileError> {
    use std::io::Read;
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| {
            FileError::whole_file(
                ErrorKind::Io,
                &name,
                format!("can't read the file: {e}"),
                format!("check the path; {doc}"),
            )
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::whole_file(
            ErrorKind::Io,
            &name,
            format!(
                "the file is larger than {} MiB, the most Skirmish reads",
                MAX_FILE_BYTES >> 20
            ),
            format!("check the path: a scenario or card file is text; {doc}"),
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(name, text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            // The text up to the bad byte is intact, so its line and column are the file's.
            let file = SourceFile::new(name, String::from_utf8_lossy(e.as_bytes()).into_owned());
            Err(file.error(
                ErrorKind::Syntax,
                at..at + 1,
                "this byte is not UTF-8 text",
                format!("save the file as UTF-8; {doc}"),
            ))
        }
    }
}

/// The widest source line the text renderer quotes. The renderer pads to the error's column
/// with a formatting width, which can't exceed 65,535 (a longer line panicked, issue 13); a
/// line this wide is unreadable in a terminal anyway, and the message still gives the line and
/// column.
pub const SNIPPET_WIDTH: usize = 10_000;

impl FileError {
    /// Whether the line holding the error is narrow enough to quote.
    fn snippet_fits(&self) -> bool {
        let Some(src) = &self.source_text else {
            return false;
        };
        let text: &str = src.inner().as_str();
        let at = floor_char_boundary(text, self.span.start.min(text.len()));
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        self.column <= SNIPPET_WIDTH
            && end.saturating_sub(start) <= SNIPPET_WIDTH
            && self.span.end.saturating_sub(self.span.start) <= SNIPPET_WIDTH
    }
}

impl miette::Diagnostic for FileError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let code = serde_json::to_value(self.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))?;
        Some(Box::new(format!("skirmish::{code}")))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.help.is_empty()).then(|| Box::new(&self.help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source_text
            .as_ref()
            .filter(|_| self.snippet_fits())
            .map(|t| t.as_ref() as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.source_text.as_ref().filter(|_| self.snippet_fits())?;
        let len = self.span.end.saturating_sub(self.span.start).max(1);
        Some(Box::new(std::iter::once(miette::LabeledSpan::new(
            Some("here".to_string()),
            self.span.start,
            len,
        ))))
    }
}

/// Turns a TOML/serde error into a [`FileError`] with a kind and advice.
pub fn from_toml(file: &SourceFile, err: &toml::de::Error, format_doc: &str) -> FileError {
    let span = err.span().unwrap_or(0..0);
    let message = err.message().trim().to_string();
    let (kind, help) = if message.starts_with("unknown field") {
        (
            ErrorKind::UnknownField,
            format!("remove the key or fix its spelling; {format_doc} lists every key"),
        )
    } else if message.starts_with("missing field") {
        (
            ErrorKind::MissingField,
            format!("add the key; {format_doc} shows an example of each table"),
        )
    } else if message.starts_with("invalid type")
        || message.starts_with("invalid value")
        || message.starts_with("unknown variant")
        || message.starts_with("invalid length")
    {
        (
            ErrorKind::WrongValue,
            format!("write a value of the expected kind; see {format_doc}"),
        )
    } else {
        (
            ErrorKind::Syntax,
            "fix the TOML syntax at this position (https://toml.io)".to_string(),
        )
    };
    file.error(kind, span, message, help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let f = SourceFile::new("x.toml", "ab\n—cd\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        // `c` follows a three-byte em dash: column 2, not 4.
        assert_eq!(f.line_col(6), (2, 2));
        assert_eq!(f.line_col(999), (3, 1));
    }

    #[test]
    fn a_key_is_found_in_its_table_or_the_table_s_header_stands_in() {
        let text =
            "[turn]\nsteps = 1\n  step   =  \"declare-attackers\"\n\n[[player]]\nstep = \"x\"\n";
        let f = SourceFile::new("s.toml", text);
        let at = f.key_span("turn", "step").unwrap();
        assert_eq!(&text[at.clone()], "\"declare-attackers\"");
        assert_eq!(f.line_col(at.start), (3, 13));
        // Absent from the table (present in another): the header.
        let header = f.key_span("turn", "defending").unwrap();
        assert_eq!(&text[header], "[turn]");
        assert_eq!(f.key_span("expect", "step"), None);
    }
}
