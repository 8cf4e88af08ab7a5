//! A scenario file as JSON, for the page: the TOML file's tables and keys as a JSON object
//! (`toml_to_json`), and back to the same TOML format (`write_toml`), remembering which JSON
//! key each part of the text came from, so an error the scenario loader reports at a line and
//! column is shown next to the field the user typed it in.
//!
//! The JSON form is the file's own structure (`[[permanent]]` is the array `permanent`, ...),
//! not a second format: every key the file format has survives the round trip, including the
//! ones the page doesn't edit (scripts, expectations), and a file saved from the page loads
//! back to the same board. This writer lays a file out anew; `save_over` keeps an opened file's
//! comments and layout.

use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt::Write;
use std::ops::Range;

/// One step of the way from the top of the scenario to a value: a key or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Step {
    Key(String),
    Index(usize),
}

pub type Path = Vec<Step>;

/// TOML text written from a JSON scenario, with where each value came from.
#[derive(Debug, Clone)]
pub struct Written {
    pub text: String,
    /// Spans of the text and the path of the value written there.
    spans: Vec<(Range<usize>, Path)>,
}

impl Written {
    /// The path of the innermost value written at `offset`: the shortest span holding it.
    pub fn path_at(&self, offset: usize) -> Option<&Path> {
        self.spans
            .iter()
            .filter(|(r, _)| r.start <= offset && offset < r.end.max(r.start + 1))
            .min_by_key(|(r, _)| r.len())
            .map(|(_, p)| p)
    }
}

/// Why a JSON value can't be a scenario file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError {
    pub path: Path,
    pub message: String,
}

/// Tables at the top of a scenario written first, in the order of docs/scenario-format.md.
const SECTION_ORDER: [&str; 7] = [
    "turn",
    "player",
    "card",
    "permanent",
    "resolved",
    "action",
    "expect",
];

/// Keys written first within a table, so a saved file reads as the hand-written ones do.
const KEY_ORDER: [&str; 24] = [
    "edition",
    "description",
    "name",
    "card",
    "label",
    "player",
    "spell",
    "controller",
    "owner",
    "cost",
    "type",
    "pt",
    "loyalty",
    "defense",
    "text",
    "active",
    "step",
    "number",
    "defending",
    "life",
    "attack",
    "block",
    "declare",
    "legal",
];

fn rank(key: &str, order: &[&str]) -> usize {
    order.iter().position(|k| *k == key).unwrap_or(order.len())
}

/// Writes a JSON scenario as TOML. `null` values are left out (a cleared field).
pub fn write_toml(value: &Value) -> Result<Written, ShapeError> {
    let Value::Object(top) = value else {
        return Err(ShapeError {
            path: Vec::new(),
            message: "a scenario is a JSON object of the file's tables and keys".into(),
        });
    };
    let mut w = Writer {
        text: String::new(),
        spans: Vec::new(),
    };
    w.table(top, &mut Vec::new(), &[], true)?;
    Ok(Written {
        text: w.text,
        spans: w.spans,
    })
}

struct Writer {
    text: String,
    spans: Vec<(Range<usize>, Path)>,
}

/// A value written on its key's line: anything but a table or an array of tables (at the top,
/// every table is a section of its own).
pub(crate) fn is_inline(v: &Value, top: bool) -> bool {
    match v {
        Value::Object(m) => !top && m.values().all(|v| is_inline(v, false) && !is_tables(v)),
        Value::Array(_) => !is_tables(v),
        _ => true,
    }
}

/// A non-empty array of tables, written as `[[...]]` sections.
pub(crate) fn is_tables(v: &Value) -> bool {
    matches!(v, Value::Array(a) if !a.is_empty() && a.iter().all(Value::is_object))
}

impl Writer {
    /// Writes a table's keys: its inline values first, then its sub-tables and arrays of tables
    /// as sections headed by `header` (the dotted names leading to it).
    fn table(
        &mut self,
        map: &Map<String, Value>,
        path: &mut Path,
        header: &[String],
        top: bool,
    ) -> Result<(), ShapeError> {
        let order: &[&str] = if top { &SECTION_ORDER } else { &KEY_ORDER };
        let mut keys: Vec<&String> = map.keys().collect();
        keys.sort_by_key(|k| (rank(k, &KEY_ORDER), rank(k, order), (*k).clone()));
        for key in &keys {
            let v = &map[*key];
            if v.is_null() || !is_inline(v, top) {
                continue;
            }
            path.push(Step::Key((*key).clone()));
            let start = self.text.len();
            self.text.push_str(&toml_key(key));
            self.text.push_str(" = ");
            self.inline(v, path)?;
            self.spans.push((start..self.text.len(), path.clone()));
            self.text.push('\n');
            path.pop();
        }
        keys.sort_by_key(|k| (rank(k, order), (*k).clone()));
        for key in keys {
            let v = &map[key];
            if v.is_null() || is_inline(v, top) {
                continue;
            }
            let mut head = header.to_vec();
            head.push(toml_key(key));
            path.push(Step::Key(key.clone()));
            match v {
                Value::Object(m) => {
                    self.section(&format!("[{}]", head.join(".")), path);
                    self.table(m, path, &head, false)?;
                }
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        path.push(Step::Index(i));
                        self.section(&format!("[[{}]]", head.join(".")), path);
                        if let Value::Object(m) = item {
                            self.table(m, path, &head, false)?;
                        }
                        path.pop();
                    }
                }
                _ => unreachable!("only tables and arrays of tables are sections"),
            }
            path.pop();
        }
        Ok(())
    }

    fn section(&mut self, header: &str, path: &Path) {
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        let start = self.text.len();
        self.text.push_str(header);
        self.spans.push((start..self.text.len(), path.clone()));
        self.text.push('\n');
    }

    fn inline(&mut self, v: &Value, path: &mut Path) -> Result<(), ShapeError> {
        match v {
            Value::Null => Err(ShapeError {
                path: path.clone(),
                message: "null inside a list or inline table: TOML has no null".into(),
            }),
            Value::Bool(b) => {
                let _ = write!(self.text, "{b}");
                Ok(())
            }
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    let _ = write!(self.text, "{i}");
                } else if let Some(u) = n.as_u64() {
                    // Past i64: TOML can't hold it; written as a string, the loader says the
                    // value is out of range at this key.
                    let _ = write!(self.text, "\"{u}\"");
                } else {
                    let f = n.as_f64().unwrap_or(0.0);
                    let _ = write!(self.text, "{f:?}");
                }
                Ok(())
            }
            Value::String(s) => {
                self.text.push_str(&toml_string(s));
                Ok(())
            }
            Value::Array(items) => {
                self.text.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.text.push_str(", ");
                    }
                    path.push(Step::Index(i));
                    let start = self.text.len();
                    self.inline(item, path)?;
                    self.spans.push((start..self.text.len(), path.clone()));
                    path.pop();
                }
                self.text.push(']');
                Ok(())
            }
            Value::Object(m) => {
                self.text.push('{');
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort_by_key(|k| (rank(k, &KEY_ORDER), (*k).clone()));
                let mut first = true;
                for key in keys {
                    let item = &m[key];
                    if item.is_null() {
                        continue;
                    }
                    self.text.push_str(if first { " " } else { ", " });
                    first = false;
                    path.push(Step::Key(key.clone()));
                    let start = self.text.len();
                    self.text.push_str(&toml_key(key));
                    self.text.push_str(" = ");
                    self.inline(item, path)?;
                    self.spans.push((start..self.text.len(), path.clone()));
                    path.pop();
                }
                self.text.push_str(if first { "}" } else { " }" });
                Ok(())
            }
        }
    }
}

fn toml_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        key.to_string()
    } else {
        basic_string(key, false)
    }
}

/// A string as TOML: a multi-line basic string when it has line breaks (descriptions, card
/// text), so a saved file reads as a hand-written one.
fn toml_string(s: &str) -> String {
    if s.contains('\n') {
        // The line break right after the opening quotes is not part of the value (TOML 1.0).
        format!("\"\"\"\n{}\"\"\"", escape(s, true))
    } else {
        basic_string(s, false)
    }
}

fn basic_string(s: &str, multiline: bool) -> String {
    format!("\"{}\"", escape(s, multiline))
}

fn escape(s: &str, multiline: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if multiline => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// A scenario file's TOML as JSON: tables as objects, arrays as arrays. Dates (which the
/// format never uses) become strings.
pub fn toml_to_json(text: &str) -> Result<Value, toml::de::Error> {
    let table: toml::Table = toml::from_str(text)?;
    Ok(convert(toml::Value::Table(table)))
}

fn convert(v: toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.into_iter().map(convert).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, convert(v))).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_scenario_writes_as_sections_with_inline_small_tables() {
        let v = json!({
            "description": "two\nlines \"quoted\"",
            "turn": { "active": "Alice", "step": "declare-attackers" },
            "player": [{ "name": "Alice" }, { "name": "Bob", "life": 7 }],
            "permanent": [{ "card": "Grizzly Bears", "controller": "Alice",
                            "counters": { "+1/+1": 2 }, "tapped": null }],
            "expect": { "life": { "Bob": 5 }, "attack": [{ "declare": "", "legal": false }] }
        });
        let w = write_toml(&v).unwrap();
        assert_eq!(
            w.text,
            "description = \"\"\"\ntwo\nlines \\\"quoted\\\"\"\"\"\n\n[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\nlife = 7\n\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\ncounters = { \"+1/+1\" = 2 }\n\n[expect]\nlife = { Bob = 5 }\n\n[[expect.attack]]\ndeclare = \"\"\nlegal = false\n"
        );
        assert_eq!(toml_to_json(&w.text).unwrap(), {
            let mut v = v.clone();
            v["permanent"][0].as_object_mut().unwrap().remove("tapped");
            v
        });
    }

    #[test]
    fn an_offset_maps_back_to_the_innermost_key() {
        let v = json!({
            "turn": { "active": "Alice", "step": "main1" },
            "permanent": [{ "card": "A", "controller": "Alice" },
                          { "card": "Grizly Bears", "controller": "Bob",
                            "counters": { "+1/+1": 1 } }]
        });
        let w = write_toml(&v).unwrap();
        let at = w.text.find("Grizly").unwrap();
        assert_eq!(
            w.path_at(at).unwrap(),
            &vec![
                Step::Key("permanent".into()),
                Step::Index(1),
                Step::Key("card".into())
            ]
        );
        let at = w.text.find("+1/+1").unwrap();
        assert_eq!(
            w.path_at(at).unwrap(),
            &vec![
                Step::Key("permanent".into()),
                Step::Index(1),
                Step::Key("counters".into()),
                Step::Key("+1/+1".into())
            ]
        );
        let at = w.text.rfind("[[permanent]]").unwrap();
        assert_eq!(
            w.path_at(at).unwrap(),
            &vec![Step::Key("permanent".into()), Step::Index(1)]
        );
    }

    #[test]
    fn strings_escape_every_character_toml_needs_escaped() {
        for s in [
            "a\"b",
            "back\\slash",
            "tab\tand\rcr",
            "bell\u{7}",
            "x\n\"\"\"y\n",
            "\n",
        ] {
            let v = json!({ "description": s });
            let w = write_toml(&v).unwrap();
            assert_eq!(toml_to_json(&w.text).unwrap(), v, "{}", w.text);
        }
    }

    #[test]
    fn a_value_toml_cannot_hold_is_refused_where_it_is() {
        let e = write_toml(&json!({ "player": [{ "hand": ["A", null] }] })).unwrap_err();
        assert_eq!(
            e.path,
            vec![
                Step::Key("player".into()),
                Step::Index(0),
                Step::Key("hand".into()),
                Step::Index(1)
            ]
        );
        assert!(write_toml(&json!([1])).is_err());
    }
}
