//! The legality problem as a public, versioned JSON document, for other engines: a program
//! that knows its own board writes the plain data rule 500 needs (an [`AttackProblem`] or a
//! [`BlockProblem`]) and Skirmish answers (`skirmish solve`, [`super::answer`]).
//!
//! ```json
//! {"format": "skirmish-legality-problem", "version": 1, "kind": "attack",
//!  "problem": {...}, "check": [0, null]}
//! ```
//!
//! Reading is strict, because a document comes from outside: JSON syntax and shape errors
//! carry serde_json's line and column; unknown keys are errors (nothing the writer gave is
//! silently dropped); then [`super::validate`] checks every index and every assumption the
//! kernel makes, and reports a JSON path (`problem.blockers[3].can_block[1]`), located in the
//! text, with what was expected. On a document that reads, the kernel doesn't panic or loop.
//! The format, its fields and its versioning policy are in `docs/legality.md` ("The problem as
//! JSON").

use super::build;
use super::judge::{self, JudgeError};
use super::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
use super::validate::{self, Invalid, Seg};
use crate::diagnostics::{ErrorKind, FileError, SourceFile};
use crate::model::Game;
use serde::{Deserialize, Serialize};

/// The value of the document's `format` key.
pub const FORMAT: &str = "skirmish-legality-problem";
/// The version this Skirmish writes.
pub const VERSION: u32 = 1;
/// Every version this Skirmish reads.
pub const VERSIONS: &[u32] = &[1];
/// Documents larger than this are refused before parsing: no board needs that much.
pub const MAX_BYTES: u64 = 64 << 20;

const DOC: &str = "docs/legality.md (\"The problem as JSON\")";

/// A problem of either kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    Attack(AttackProblem),
    Block(BlockProblem),
}

/// A declaration over a problem, by index: for attacks the target index of each creature (or
/// none), for blocks the attacker indices each blocker blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declaration {
    Attack(AttackChoice),
    Block(BlockChoice),
}

/// A problem document: the problem, and optionally a declaration to judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub problem: Problem,
    pub check: Option<Declaration>,
}

/// The document as serde reads and writes it, one kind at a time.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<P, C> {
    format: String,
    version: u32,
    kind: String,
    problem: P,
    // Absent reads as `None` (serde's rule for `Option` fields).
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<C>,
}

/// The keys that say what a document is, read first so that a document of another version or
/// kind is refused for that reason and not for its shape.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
    kind: Option<serde_json::Value>,
}

impl Document {
    /// The problem's kind: `"attack"` or `"block"`.
    pub fn kind(&self) -> &'static str {
        match self.problem {
            Problem::Attack(_) => "attack",
            Problem::Block(_) => "block",
        }
    }

    /// The document as pretty-printed JSON, in the current version.
    pub fn to_json(&self) -> String {
        fn write<P: Serialize, C: Serialize>(kind: &str, problem: &P, check: Option<&C>) -> String {
            let e = Envelope {
                format: FORMAT.to_string(),
                version: VERSION,
                kind: kind.to_string(),
                problem,
                check,
            };
            // Plain data with string keys only: serializing can't fail.
            serde_json::to_string_pretty(&e).expect("problems serialize") + "\n"
        }
        let kind = self.kind();
        match (&self.problem, &self.check) {
            (Problem::Attack(p), Some(Declaration::Attack(c))) => write(kind, p, Some(c)),
            (Problem::Attack(p), _) => write::<_, AttackChoice>(kind, p, None),
            (Problem::Block(p), Some(Declaration::Block(c))) => write(kind, p, Some(c)),
            (Problem::Block(p), _) => write::<_, BlockChoice>(kind, p, None),
        }
    }

    /// Reads and validates a document.
    pub fn read(file: &SourceFile) -> Result<Document, FileError> {
        let text = file.text.as_str();
        let header: Header = serde_json::from_str(text).map_err(|e| {
            let mut err = serde_error(file, &e);
            // The header's type is ours, not the reader's: say what a document is instead.
            err.message = err.message.replace(
                "struct Header",
                "a problem document (a JSON object with format, version, kind and problem)",
            );
            err
        })?;
        let at_key = |key: &'static str| locate(text, &[Seg::Key(key)]).unwrap_or(0);
        let format_ok = header.format.as_ref().and_then(|v| v.as_str()) == Some(FORMAT);
        if !format_ok {
            let (kind, what) = match &header.format {
                None => (ErrorKind::MissingField, "no `format` key".to_string()),
                Some(v) => (ErrorKind::WrongValue, format!("`format` is {v}")),
            };
            return Err(file.error(
                kind,
                at_key("format")..at_key("format"),
                format!("not a Skirmish problem document: {what}, expected \"{FORMAT}\""),
                format!("a problem document starts {{\"format\": \"{FORMAT}\", \"version\": {VERSION}, \"kind\": \"attack\" or \"block\", \"problem\": ...}}; see {DOC}"),
            ));
        }
        let versions = VERSIONS
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        match header.version.as_ref().map(|v| (v, v.as_u64())) {
            Some((_, Some(n))) if VERSIONS.iter().any(|v| u64::from(*v) == n) => {}
            found => {
                let (kind, what) = match found {
                    None => (ErrorKind::MissingField, "no `version` key".to_string()),
                    Some((v, _)) => (ErrorKind::WrongValue, format!("unknown version {v}")),
                };
                return Err(file.error(
                    kind,
                    at_key("version")..at_key("version"),
                    format!("{what}: this Skirmish reads problem documents of version {versions}"),
                    format!("write \"version\": {VERSION} and the fields of that version ({DOC}), or use the Skirmish that wrote the document"),
                ));
            }
        }
        let kind = header.kind.as_ref().and_then(|v| v.as_str());
        let mut doc = match kind {
            Some("attack") => {
                let e: Envelope<AttackProblem, AttackChoice> =
                    serde_json::from_str(text).map_err(|e| serde_error(file, &e))?;
                Document {
                    problem: Problem::Attack(e.problem),
                    check: e.check.map(Declaration::Attack),
                }
            }
            Some("block") => {
                let e: Envelope<BlockProblem, BlockChoice> =
                    serde_json::from_str(text).map_err(|e| serde_error(file, &e))?;
                Document {
                    problem: Problem::Block(e.problem),
                    check: e.check.map(Declaration::Block),
                }
            }
            _ => {
                let (kind, what) = match &header.kind {
                    None => (ErrorKind::MissingField, "no `kind` key".to_string()),
                    Some(v) => (ErrorKind::WrongValue, format!("`kind` is {v}")),
                };
                return Err(file.error(
                    kind,
                    at_key("kind")..at_key("kind"),
                    format!("{what}: expected \"attack\" (a declaration of attackers, 308) or \"block\" (a declaration of blockers, 309)"),
                    format!("the kinds of version {versions} are \"attack\" and \"block\"; see {DOC}"),
                ));
            }
        };
        validate::document(&mut doc).map_err(|e| invalid(file, e))?;
        Ok(doc)
    }

    /// Reads and validates a document from a file.
    pub fn load(path: &std::path::Path) -> Result<Document, FileError> {
        use std::io::Read;
        let name = path.display().to_string();
        let io = |why: String| {
            FileError::whole_file(
                ErrorKind::Io,
                &name,
                format!("can't read the problem document: {why}"),
                "check the path (`-` reads standard input)",
            )
        };
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| io(e.to_string()))?;
        Document::read(&too_large(SourceFile::new(name.clone(), text))?)
    }
}

/// The document of a game's attack problem: what `skirmish attacks FILE --problem` prints.
pub fn attack_document(game: &Game) -> Result<Document, JudgeError> {
    Ok(Document {
        problem: Problem::Attack(build::attack_problem(game)?),
        check: None,
    })
}

/// The document of a game's block problem, for the only defending player or the one named
/// (602.4), as `skirmish blocks` asks it.
pub fn block_document(game: &Game, defender: Option<&str>) -> Result<Document, JudgeError> {
    let p = match defender {
        Some(_) => build::block_problem_for(
            game,
            judge::block_defender(game, &crate::declaration::Block::default(), defender)?,
        )?,
        None => build::block_problem(game)?,
    };
    Ok(Document {
        problem: Problem::Block(p),
        check: None,
    })
}

/// Refuses a document over [`MAX_BYTES`] (a file read with a limit one past it).
pub fn too_large(file: SourceFile) -> Result<SourceFile, FileError> {
    if file.text.len() as u64 > MAX_BYTES {
        return Err(FileError::whole_file(
            ErrorKind::WrongValue,
            &file.name,
            format!(
                "the problem document is larger than {} MiB",
                MAX_BYTES >> 20
            ),
            "no board needs that much; split the question or check what wrote the file",
        ));
    }
    Ok(file)
}

/// A serde_json error as a file error at its line and column.
fn serde_error(file: &SourceFile, e: &serde_json::Error) -> FileError {
    let offset = offset_of(&file.text, e.line(), e.column());
    let full = e.to_string();
    // serde_json appends " at line L column C"; the position is given separately.
    let message = match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    };
    use serde_json::error::Category;
    let (kind, help) = match e.classify() {
        Category::Syntax | Category::Eof => (
            ErrorKind::Syntax,
            "fix the JSON syntax at this position (https://www.json.org)".to_string(),
        ),
        Category::Io => (ErrorKind::Io, "check the file".to_string()),
        Category::Data if message.starts_with("unknown field") => (
            ErrorKind::UnknownField,
            format!("remove the key or fix its spelling; {DOC} lists every key"),
        ),
        Category::Data if message.starts_with("missing field") => (
            ErrorKind::MissingField,
            format!("add the key; {DOC} lists every key and its meaning"),
        ),
        Category::Data => (
            ErrorKind::WrongValue,
            format!("write a value of the expected kind; see {DOC}"),
        ),
    };
    let message = if kind == ErrorKind::Syntax {
        format!("not valid JSON: {message}")
    } else {
        message
    };
    file.error(kind, offset..offset, message, help)
}

fn invalid(file: &SourceFile, e: Invalid) -> FileError {
    let at = locate(&file.text, &e.path).unwrap_or(0);
    file.error(
        ErrorKind::WrongValue,
        at..at,
        format!("{}: {}", validate::path_text(&e.path), e.message),
        e.help,
    )
}

/// The byte offset of a 1-based line and column (in characters; serde_json counts bytes, which
/// agree on ASCII).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let mut at = (start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Where the value at `path` starts in a JSON text that parsed, if it is there.
pub(crate) fn locate(text: &str, path: &[Seg]) -> Option<usize> {
    let b = text.as_bytes();
    let mut at = skip_ws(b, 0);
    for seg in path {
        at = match (seg, b.get(at)?) {
            (Seg::Key(k), b'{') => member(b, at, k)?,
            (Seg::Index(i), b'[') => element(b, at, *i)?,
            _ => return None,
        };
    }
    Some(at)
}

fn skip_ws(b: &[u8], mut at: usize) -> usize {
    while at < b.len() && b[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

/// The end of the value starting at `at` (one past it).
fn value_end(b: &[u8], at: usize) -> Option<usize> {
    match b.get(at)? {
        b'"' => string_end(b, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            while i < b.len() {
                match b[i] {
                    b'"' => {
                        i = string_end(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let mut i = at;
            while i < b.len() && !matches!(b[i], b',' | b'}' | b']') && !b[i].is_ascii_whitespace()
            {
                i += 1;
            }
            Some(i)
        }
    }
}

fn string_end(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The start of member `key`'s value in the object at `at`.
fn member(b: &[u8], at: usize, key: &str) -> Option<usize> {
    let mut i = skip_ws(b, at + 1);
    while b.get(i)? == &b'"' {
        let end = string_end(b, i)?;
        let name: String = serde_json::from_slice(&b[i..end]).ok()?;
        let colon = skip_ws(b, end);
        let v = skip_ws(b, colon + 1);
        if name == key {
            return Some(v);
        }
        i = skip_ws(b, value_end(b, v)?);
        if b.get(i)? == &b',' {
            i = skip_ws(b, i + 1);
        }
    }
    None
}

/// The start of element `n` of the array at `at`.
fn element(b: &[u8], at: usize, n: usize) -> Option<usize> {
    let mut i = skip_ws(b, at + 1);
    for _ in 0..n {
        if b.get(i)? == &b']' {
            return None;
        }
        i = skip_ws(b, value_end(b, i)?);
        if b.get(i)? == &b',' {
            i = skip_ws(b, i + 1);
        }
    }
    (b.get(i)? != &b']').then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_found_in_the_text() {
        let t = r#"{"a": [1, {"b": "x,]}"}, [2, 3]], "c": {"d": null}}"#;
        let at = |p: &[Seg]| locate(t, p).map(|i| &t[i..i + 1]);
        assert_eq!(at(&[Seg::Key("a"), Seg::Index(0)]), Some("1"));
        assert_eq!(
            at(&[Seg::Key("a"), Seg::Index(1), Seg::Key("b")]),
            Some("\"")
        );
        assert_eq!(
            at(&[Seg::Key("a"), Seg::Index(2), Seg::Index(1)]),
            Some("3")
        );
        assert_eq!(at(&[Seg::Key("c"), Seg::Key("d")]), Some("n"));
        assert_eq!(locate(t, &[Seg::Key("a"), Seg::Index(3)]), None);
        assert_eq!(locate(t, &[Seg::Key("e")]), None);
    }
}
