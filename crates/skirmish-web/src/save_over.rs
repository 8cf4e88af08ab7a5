//! Saving over an opened scenario file: the page's tables written into the file's own text, so
//! its comments, order and layout stay and only what changed is rewritten. Unchanged tables
//! give back the file byte for byte. Whatever the edit, the text returned loads to exactly the
//! page's tables: when the edited document can't be shown to, the file is written anew
//! (`write_toml`), losing comments rather than anything the user set.

use crate::scenario_json::{ShapeError, is_inline, is_tables, toml_to_json, write_toml};
use serde_json::{Map, Value};
use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, TableLike};

/// `tables` as TOML, edited into `original`'s text where `original` parses.
pub fn save_over(original: Option<&str>, tables: &Value) -> Result<String, ShapeError> {
    let fresh = write_toml(tables)?.text;
    let (Some(original), Value::Object(map)) = (original, tables) else {
        return Ok(fresh);
    };
    let Ok(mut doc) = original.parse::<DocumentMut>() else {
        return Ok(fresh);
    };
    merge_table(doc.as_table_mut(), map, true);
    let edited = doc.to_string();
    // The proof the edit is right: it reads back as the tables do.
    match (toml_to_json(&edited), toml_to_json(&fresh)) {
        (Ok(a), Ok(b)) if a == b => Ok(edited),
        _ => Ok(fresh),
    }
}

/// Edits `t` into `new`; `top`: `t` is the document itself, whose new tables are sections.
fn merge_table(t: &mut dyn TableLike, new: &Map<String, Value>, top: bool) {
    let gone: Vec<String> = t
        .iter()
        .map(|(k, _)| k.to_string())
        .filter(|k| new.get(k).is_none_or(Value::is_null))
        .collect();
    for k in gone {
        t.remove(&k);
    }
    for (k, v) in new {
        if v.is_null() {
            continue;
        }
        match t.get_mut(k) {
            Some(item) => merge_item(item, v),
            None => {
                t.insert(k, fresh_item(v, top));
            }
        }
    }
}

fn merge_item(item: &mut Item, v: &Value) {
    if as_json(item).as_ref() == Some(v) {
        return;
    }
    match (&mut *item, v) {
        (Item::Table(t), Value::Object(m)) => merge_table(t, m, false),
        (Item::Value(toml_edit::Value::InlineTable(t)), Value::Object(m)) => {
            merge_table(t, m, false)
        }
        (Item::ArrayOfTables(a), Value::Array(items))
            if !items.is_empty() && items.iter().all(Value::is_object) =>
        {
            merge_tables(a, items)
        }
        (Item::Value(old), _) if !is_tables(v) => {
            let decor = old.decor().clone();
            let mut value = fresh_value(v);
            *value.decor_mut() = decor;
            *old = value;
        }
        (item, _) => *item = fresh_item(v, false),
    }
}

/// An array of tables, element by element: the first ones edited in place, new ones added
/// after them, extra ones removed.
fn merge_tables(a: &mut ArrayOfTables, items: &[Value]) {
    for (i, item) in items.iter().enumerate() {
        let Value::Object(m) = item else { continue };
        match a.get_mut(i) {
            Some(t) => merge_table(t, m, false),
            None => a.push(fresh_table(m)),
        }
    }
    while a.len() > items.len() {
        a.remove(a.len() - 1);
    }
}

/// A value the file doesn't have yet, laid out as `write_toml` lays it out.
fn fresh_item(v: &Value, top: bool) -> Item {
    match v {
        Value::Object(m) if !is_inline(v, top) => Item::Table(fresh_table(m)),
        _ if is_tables(v) => {
            let mut a = ArrayOfTables::new();
            for item in v.as_array().into_iter().flatten() {
                if let Value::Object(m) = item {
                    a.push(fresh_table(m));
                }
            }
            Item::ArrayOfTables(a)
        }
        _ => Item::Value(fresh_value(v)),
    }
}

fn fresh_table(m: &Map<String, Value>) -> Table {
    let mut t = Table::new();
    for (k, v) in m {
        if !v.is_null() {
            t.insert(k, fresh_item(v, false));
        }
    }
    t
}

fn fresh_value(v: &Value) -> toml_edit::Value {
    match v {
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64().unwrap_or(0.0).into(),
        },
        Value::String(s) => s.as_str().into(),
        Value::Array(items) => {
            let mut a = toml_edit::Array::new();
            for item in items.iter().filter(|i| !i.is_null()) {
                a.push(fresh_value(item));
            }
            toml_edit::Value::Array(a)
        }
        Value::Object(m) => {
            let mut t = InlineTable::new();
            for (k, v) in m.iter().filter(|(_, v)| !v.is_null()) {
                t.insert(k, fresh_value(v));
            }
            toml_edit::Value::InlineTable(t)
        }
        // `write_toml` has refused nulls where they can't be left out.
        Value::Null => "".into(),
    }
}

/// An item of the document as the JSON tables show it.
fn as_json(item: &Item) -> Option<Value> {
    match item {
        Item::None => None,
        Item::Value(v) => Some(value_json(v)),
        Item::Table(t) => Some(table_json(t)),
        Item::ArrayOfTables(a) => Some(Value::Array(a.iter().map(table_json).collect())),
    }
}

fn table_json(t: &Table) -> Value {
    Value::Object(
        t.iter()
            .filter_map(|(k, i)| Some((k.to_string(), as_json(i)?)))
            .collect(),
    )
}

fn value_json(v: &toml_edit::Value) -> Value {
    use toml_edit::Value as V;
    match v {
        V::String(s) => Value::String(s.value().clone()),
        V::Integer(i) => Value::from(*i.value()),
        V::Float(f) => Value::from(*f.value()),
        V::Boolean(b) => Value::Bool(*b.value()),
        V::Datetime(d) => Value::String(d.value().to_string()),
        V::Array(a) => Value::Array(a.iter().map(value_json).collect()),
        V::InlineTable(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_string(), value_json(v)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const FILE: &str = r#"description = "A board."

# The turn.
[turn]
active = "Alice"   # Alice attacks
step = "declare-attackers"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

# Alice's creatures.
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
counters = { "+1/+1" = 1 }

[[permanent]]
card = "Hill Giant"
controller = "Alice"

# Just the Bears.
[[expect.attack]]
declare = "Grizzly Bears"
legal = true
"#;

    #[test]
    fn unchanged_tables_give_back_the_file_byte_for_byte() {
        let tables = toml_to_json(FILE).unwrap();
        assert_eq!(save_over(Some(FILE), &tables).unwrap(), FILE);
    }

    #[test]
    fn an_edit_keeps_the_comments_and_loads_to_the_edited_tables() {
        let mut t = toml_to_json(FILE).unwrap();
        t["permanent"][0]["tapped"] = json!(true);
        t["permanent"][0]["counters"]["+1/+1"] = json!(2);
        t["permanent"][1] = Value::Null;
        t["permanent"] = json!([t["permanent"][0].clone(),
            { "card": "Serra Angel", "controller": "Bob" }]);
        t["player"][1]["life"] = json!(7);
        t["description"] = json!(null);
        let saved = save_over(Some(FILE), &t).unwrap();
        for kept in [
            "# The turn.",
            "# Alice attacks",
            "# Alice's creatures.",
            "# Just the Bears.",
        ] {
            assert!(saved.contains(kept), "{kept} in\n{saved}");
        }
        assert!(
            !saved.contains("Hill Giant") && !saved.contains("description"),
            "{saved}"
        );
        let mut expected = t.clone();
        expected.as_object_mut().unwrap().remove("description");
        assert_eq!(toml_to_json(&saved).unwrap(), expected, "{saved}");
    }

    #[test]
    fn without_a_file_or_with_one_that_is_not_toml_it_writes_anew() {
        let t = toml_to_json(FILE).unwrap();
        let fresh = write_toml(&t).unwrap().text;
        assert_eq!(save_over(None, &t).unwrap(), fresh);
        assert_eq!(save_over(Some("not [toml"), &t).unwrap(), fresh);
    }
}
