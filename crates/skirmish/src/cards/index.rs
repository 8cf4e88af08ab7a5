//! A cheap index of a library file's `[[card]]` tables: where each begins and ends and the
//! card's name, found by a scan of the text instead of a TOML parse. Starting Skirmish parses
//! only the tables a scenario names (issue 11: parsing the whole bundled library was most of
//! a short command's fixed cost).
//!
//! The scan understands only the shape library files have: comments and blank lines, then
//! `[[card]]` tables of `key = value` lines, with a `name = "..."` line each. Anything else
//! (another table header, an escape in a name, a literal string, a table without a name)
//! makes it give up, and the caller parses the whole file as TOML, which reports any error
//! with its line and column.
//!
//! The build script runs this scan on the bundled library (`build.rs`), so a process reads the
//! index it wrote; the library's tests run the scan again to check that index.

// In the library only the tests call the scan; the build script compiles this file too.
#![cfg_attr(not(test), allow(dead_code))]

use std::ops::Range;

/// One `[[card]]` table: the card's name and the table's text, header included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub range: Range<usize>,
}

/// Where the scan is in the text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Outside strings.
    Code,
    /// Inside a one-line `"..."` string.
    Basic,
    /// Inside a `"""..."""` string.
    MultiBasic,
    /// Inside a `'''...'''` string.
    MultiLiteral,
}

/// The tables of a library file in file order, or `None` if the text has a shape the scan
/// doesn't follow (the caller then parses it whole).
pub fn tables(text: &str) -> Option<Vec<Table>> {
    let bytes = text.as_bytes();
    let mut out: Vec<Table> = Vec::new();
    // The open table: where it begins and its name once seen.
    let mut open: Option<(usize, Option<String>)> = None;
    let mut state = State::Code;
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        match state {
            State::Code => {
                if line_start {
                    let line_end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                    let line = text[i..line_end].trim_end_matches('\r');
                    let trimmed = line.trim_start();
                    if trimmed.starts_with('[') {
                        if !is_card_header(trimmed) {
                            return None;
                        }
                        close(&mut out, open.take(), i)?;
                        open = Some((i, None));
                        i = line_end;
                        continue;
                    }
                    if let Some(rest) = trimmed.strip_prefix("name") {
                        let (start, name) = open.as_mut()?;
                        let _ = start;
                        if name.is_some() {
                            return None;
                        }
                        *name = Some(name_value(rest)?);
                        i = line_end;
                        continue;
                    }
                    // Keys and values before the first table belong to no card.
                    if open.is_none() && !trimmed.is_empty() && !trimmed.starts_with('#') {
                        return None;
                    }
                }
                line_start = false;
                match c {
                    b'\n' => line_start = true,
                    b'#' => {
                        i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                        continue;
                    }
                    b'"' if bytes[i..].starts_with(b"\"\"\"") => {
                        state = State::MultiBasic;
                        i += 3;
                        continue;
                    }
                    b'"' => state = State::Basic,
                    b'\'' if bytes[i..].starts_with(b"'''") => {
                        state = State::MultiLiteral;
                        i += 3;
                        continue;
                    }
                    // One-line literal strings: no card uses them; let TOML read the file.
                    b'\'' => return None,
                    _ => {}
                }
            }
            State::Basic => match c {
                b'\\' => i += 1,
                b'"' => state = State::Code,
                b'\n' => return None,
                _ => {}
            },
            State::MultiBasic | State::MultiLiteral => {
                let quote = if state == State::MultiBasic {
                    b'"'
                } else {
                    b'\''
                };
                if c == b'\\' && state == State::MultiBasic {
                    i += 2;
                    continue;
                }
                if c == quote {
                    // A closing delimiter may have up to two more quotes before it.
                    let run = bytes[i..].iter().take_while(|b| **b == quote).count();
                    if run >= 3 {
                        if run > 5 {
                            return None;
                        }
                        state = State::Code;
                        i += run;
                        continue;
                    }
                    i += run;
                    continue;
                }
            }
        }
        i += 1;
    }
    if state != State::Code {
        return None;
    }
    close(&mut out, open, text.len())?;
    Some(out)
}

/// Ends the open table at `end`; `None` if it has no name.
fn close(out: &mut Vec<Table>, open: Option<(usize, Option<String>)>, end: usize) -> Option<()> {
    if let Some((start, name)) = open {
        out.push(Table {
            name: name?,
            range: start..end,
        });
    }
    Some(())
}

/// `[[card]]`, then nothing but blanks or a comment.
fn is_card_header(line: &str) -> bool {
    line.strip_prefix("[[card]]")
        .map(str::trim_start)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('#'))
}

/// The value of a `name = "..."` line (after the key), if it is a plain one-line string with
/// no escapes and nothing after it but a comment.
fn name_value(rest: &str) -> Option<String> {
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let end = rest.find('"')?;
    let (name, after) = (&rest[..end], rest[end + 1..].trim_start());
    if name.contains('\\') || !(after.is_empty() || after.starts_with('#')) {
        return None;
    }
    Some(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_found_with_their_names_and_text() {
        let text = "# a library\n\n[[card]]\nname = \"A\"\ntext = \"\"\"\n[[card]]\nname = \"B\"\"\"\"\n\n[[card]] # two\nname = \"C\" # the name\ntext = \"x \\\" y\"\n";
        let t = tables(text).unwrap();
        let names: Vec<&str> = t.iter().map(|t| t.name.as_str()).collect();
        // The header and name inside the first card's text are text, not a table.
        assert_eq!(names, ["A", "C"]);
        assert!(text[t[0].range.clone()].ends_with("\"\"\"\"\n\n"));
        assert!(text[t[1].range.clone()].starts_with("[[card]] # two"));
        assert_eq!(t[1].range.end, text.len());
    }

    #[test]
    fn shapes_the_scan_does_not_follow_are_left_to_toml() {
        for text in [
            "name = \"A\"\n",
            "[[card]]\ntype = \"Instant\"\n",
            "[[card]]\nname = \"A\\u0041\"\n",
            "[[card]]\nname = \"A\"\nname = \"B\"\n",
            "[[card]]\nname = \"A\"\n[other]\n",
            "[[card]]\nname = 'A'\n",
            "[[card]]\nname = \"A\"\ntext = \"\"\"never closed\n",
            "[[card]]\nname = \"A\"\ntext = \"one line\nonly\"\n",
            "[[card]]\nname = \"A\" x\n",
        ] {
            assert_eq!(tables(text), None, "{text}");
        }
    }
}
