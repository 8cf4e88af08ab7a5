//! Real card pools: card files in the shapes of Scryfall's bulk data and MTGJSON's
//! AtomicCards, and the coverage report that measures how much of a pool the grammar
//! understands (`skirmish cards --pool FILE --coverage`).
//!
//! The report's definitions are part of the measure:
//! - a *line* is a line of a card's text after removing reminder text; empty lines don't count;
//! - a *keyword line* doesn't end with `.`, `"` or `—` and doesn't contain ` — ` ("Flying,
//!   first strike", "Equip {2}"; not "Choose one —");
//! - a *rule-500 line* is any other line that says something about attacking or blocking as a
//!   restriction, requirement or permission ([`is_rule_500_line`]);
//! - a card is *usable on a board* when it loads with `--unmodelled warn`: its facts are right
//!   and every line the grammar refuses is one that can't bear on combat
//!   ([`super::touches_combat`]), so it is listed as not modelled instead;
//! - the *halves* of a pool ([`half_of`]) split it by a hash of each card's name, so that a
//!   grammar can be grown from the refusals of one half and measured on the other.

use super::{CardField, CardSpec, Unmodelled, compile_card, compile_card_with, explain_lines};
use crate::diagnostics::{ErrorKind, FileError, SourceFile};
use crate::typeline::TypeLine;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// The largest card file read (the whole of Scryfall's Oracle bulk file is about 160 MB).
pub const MAX_POOL_BYTES: u64 = 512 * 1024 * 1024;

/// One card of a pool: its facts as the file gives them, or why they can't be a card spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolCard {
    pub spec: CardSpec,
    /// A fact the file gives in a form Skirmish can't take (a loyalty of "X").
    pub fact_error: Option<String>,
}

/// A card file loaded to look cards up by name: scenarios name its cards without defining
/// them (`card_pool`, `skirmish --cards`). Cards are compiled when asked for, so a big file
/// costs only its reading.
#[derive(Debug, Clone)]
pub struct CardPool {
    /// Where it was read from, as errors name it.
    pub name: String,
    cards: Vec<PoolCard>,
    by_name: HashMap<String, usize>,
}

impl CardPool {
    /// Reads a card file from disk (see [`read_pool`]).
    pub fn load(path: &Path) -> Result<CardPool, FileError> {
        Ok(CardPool::new(path.display().to_string(), load_pool(path)?))
    }

    /// A pool of these cards; of two cards with one name, the first is kept.
    pub fn new(name: impl Into<String>, cards: Vec<PoolCard>) -> CardPool {
        let mut by_name = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            by_name.entry(c.spec.name.clone()).or_insert(i);
        }
        CardPool {
            name: name.into(),
            cards,
            by_name,
        }
    }

    /// The card of this name, as the file gives it.
    pub fn get(&self, name: &str) -> Option<&PoolCard> {
        self.by_name.get(name).map(|i| &self.cards[*i])
    }

    /// The card of this name, compiled (text the grammar doesn't know taken as `mode` says);
    /// `None` if the pool has no such card. A fact the file gives in a form Skirmish can't
    /// take is an error.
    pub fn compile(
        &self,
        name: &str,
        mode: super::Unmodelled,
    ) -> Option<Result<super::CardDef, super::CardError>> {
        let card = self.get(name)?;
        if let Some(fact) = &card.fact_error {
            return Some(Err(super::CardError {
                card: name.to_string(),
                field: CardField::Loyalty,
                sentence: None,
                message: fact.clone(),
            }));
        }
        Some(super::compile_card_with(&card.spec, mode))
    }

    /// The names of its cards.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cards.iter().map(|c| c.spec.name.as_str())
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// Reads a card file from disk; see [`read_pool`].
pub fn load_pool(path: &Path) -> Result<Vec<PoolCard>, FileError> {
    let name = path.display().to_string();
    let io = |e: String| {
        FileError::whole_file(
            ErrorKind::Io,
            &name,
            format!("can't read the card file: {e}"),
            "check the path; a card file is Scryfall or MTGJSON JSON (docs/cli.md)",
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
    if !meta.is_file() {
        return Err(io("it is not a regular file".into()));
    }
    if meta.len() > MAX_POOL_BYTES {
        return Err(io(format!(
            "it has {} bytes, more than the limit of {MAX_POOL_BYTES}",
            meta.len()
        )));
    }
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_POOL_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| io(e.to_string()))?;
    read_pool(&SourceFile::new(name, text))
}

/// Reads a card file: a JSON array of Scryfall card objects (or a Scryfall list object with
/// `data`), or MTGJSON's AtomicCards (`{"data": {"Name": [face, ...]}}`). Cards with several
/// faces become one card per face.
pub fn read_pool(file: &SourceFile) -> Result<Vec<PoolCard>, FileError> {
    let value: Value = serde_json::from_str(&file.text).map_err(|e| {
        let offset = offset_of(&file.text, e.line(), e.column());
        file.error(
            ErrorKind::Syntax,
            offset..offset,
            format!("not valid JSON: {e}"),
            "a card file is JSON in Scryfall's or MTGJSON's shape (docs/cli.md)",
        )
    })?;
    let shape_error = |what: &str| {
        file.error(
            ErrorKind::WrongValue,
            0..0,
            format!("expected a card file, found {what}"),
            "give a JSON array of Scryfall card objects, a Scryfall list object {\"data\": [...]}, or MTGJSON AtomicCards {\"data\": {\"Name\": [...]}}",
        )
    };
    let mut out = Vec::new();
    match &value {
        Value::Array(cards) => scryfall(file, cards, &mut out)?,
        Value::Object(o) => match o.get("data") {
            Some(Value::Array(cards)) => scryfall(file, cards, &mut out)?,
            Some(Value::Object(by_name)) => {
                for (name, faces) in by_name {
                    let Value::Array(faces) = faces else {
                        return Err(field_error(file, name, "data", "an array of faces"));
                    };
                    for face in faces {
                        out.push(mtgjson_face(file, name, face)?);
                    }
                }
            }
            _ => return Err(shape_error("an object without a \"data\" array or object")),
        },
        _ => return Err(shape_error("neither an array nor an object")),
    }
    Ok(out)
}

/// The byte offset of a 1-based line and column (serde_json counts columns in bytes).
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

/// A field of a card in the wrong shape. JSON values carry no positions, so the error points
/// at the card's name in the file, the first place it is written.
fn field_error(file: &SourceFile, card: &str, field: &str, expected: &str) -> FileError {
    let quoted = serde_json::to_string(card).unwrap_or_default();
    let at = file.text.find(&quoted).unwrap_or(0);
    file.error(
        ErrorKind::WrongValue,
        at..at + quoted.len(),
        format!("card \"{card}\": `{field}` should be {expected}"),
        "fix the card's entry; docs/cli.md lists the fields a card file may have",
    )
}

fn text_field(
    file: &SourceFile,
    card: &str,
    o: &serde_json::Map<String, Value>,
    field: &str,
) -> Result<Option<String>, FileError> {
    match o.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        // Power, toughness and loyalty are strings in both shapes ("*", "1+*", "X"), but a file
        // may write plain numbers for them.
        Some(Value::Number(n))
            if matches!(field, "power" | "toughness" | "loyalty" | "defense") =>
        {
            Ok(Some(n.to_string()))
        }
        Some(_) => Err(field_error(file, card, field, "a string")),
    }
}

/// The facts of one face, from the field names of either shape.
struct Fields<'a> {
    name: &'a str,
    cost: &'a str,
    type_line: &'a str,
    text: &'a str,
}

fn card_from(
    file: &SourceFile,
    name: &str,
    o: &serde_json::Map<String, Value>,
    f: &Fields,
) -> Result<PoolCard, FileError> {
    let get = |field: &str| text_field(file, name, o, field);
    let cost = get(f.cost)?.filter(|c| !c.is_empty());
    let type_line = get(f.type_line)?
        .ok_or_else(|| field_error(file, name, f.type_line, "the card's type line"))?;
    let text = get(f.text)?.unwrap_or_default();
    let pt = match (get("power")?, get("toughness")?) {
        (Some(p), Some(t)) => Some(format!("{p}/{t}")),
        _ => None,
    };
    // Loyalty, and a battle's defense (current 310.4a): strings in both shapes; one that is
    // no whole number ("X", "*") is a fact of that card only.
    let mut fact_error = None;
    let mut counters = |field: &str| -> Result<Option<u32>, FileError> {
        Ok(get(field)?.and_then(|v| match v.trim().parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                fact_error
                    .get_or_insert(format!("{field} `{v}` is not a whole number of counters"));
                None
            }
        }))
    };
    let loyalty = counters("loyalty")?;
    let defense = counters("defense")?;
    let indicator_cost = cost.clone();
    Ok(PoolCard {
        spec: CardSpec {
            name: name.to_string(),
            cost,
            type_line,
            pt,
            loyalty,
            defense,
            text,
            // A face without a mana cost has its color indicator's colors (current 204.2).
            colors: match (&indicator_cost, o.get("colors")) {
                (None, Some(Value::Array(cs))) if !cs.is_empty() => Some(
                    cs.iter()
                        .filter_map(Value::as_str)
                        .filter_map(|c| match c {
                            "W" => Some("white"),
                            "U" => Some("blue"),
                            "B" => Some("black"),
                            "R" => Some("red"),
                            "G" => Some("green"),
                            _ => None,
                        })
                        .map(str::to_string)
                        .collect(),
                ),
                _ => None,
            },
            back: None,
        },
        fact_error,
    })
}

const SCRYFALL: Fields = Fields {
    name: "name",
    cost: "mana_cost",
    type_line: "type_line",
    text: "oracle_text",
};

const MTGJSON: Fields = Fields {
    name: "faceName",
    cost: "manaCost",
    type_line: "type",
    text: "text",
};

fn scryfall(file: &SourceFile, cards: &[Value], out: &mut Vec<PoolCard>) -> Result<(), FileError> {
    for (i, c) in cards.iter().enumerate() {
        let Value::Object(o) = c else {
            return Err(file.error(
                ErrorKind::WrongValue,
                0..0,
                format!("card number {} of the array is not a JSON object", i + 1),
                "each element of a Scryfall card file is a card object with name, type_line, oracle_text, ...",
            ));
        };
        let name = match o.get("name") {
            Some(Value::String(s)) => s.clone(),
            _ => {
                return Err(file.error(
                    ErrorKind::MissingField,
                    0..0,
                    format!("card number {} has no `name`", i + 1),
                    "give every card object a name",
                ));
            }
        };
        match o.get("card_faces") {
            Some(Value::Array(faces)) if !faces.is_empty() => {
                for face in faces {
                    let Value::Object(fo) = face else {
                        return Err(field_error(
                            file,
                            &name,
                            "card_faces",
                            "an array of objects",
                        ));
                    };
                    let face_name = match fo.get("name") {
                        Some(Value::String(s)) => s.clone(),
                        _ => name.clone(),
                    };
                    out.push(card_from(file, &face_name, fo, &SCRYFALL)?);
                }
                // A battle's back face (a Siege's, current 310.11b) goes with its front.
                let n = out.len();
                if faces.len() == 2 && out[n - 2].spec.type_line.starts_with("Battle") {
                    let back = out[n - 1].spec.clone();
                    out[n - 2].spec.back = Some(Box::new(back));
                }
            }
            _ => out.push(card_from(file, &name, o, &SCRYFALL)?),
        }
    }
    Ok(())
}

fn mtgjson_face(file: &SourceFile, entry: &str, face: &Value) -> Result<PoolCard, FileError> {
    let Value::Object(o) = face else {
        return Err(field_error(file, entry, "data", "an array of face objects"));
    };
    let name = match (o.get(MTGJSON.name), o.get("name")) {
        (Some(Value::String(s)), _) => s.clone(),
        (_, Some(Value::String(s))) => s.clone(),
        _ => entry.to_string(),
    };
    card_from(file, &name, o, &MTGJSON)
}

/// A line's text without reminder text (400.1), trimmed.
pub fn without_reminder(line: &str) -> String {
    let mut depth = 0usize;
    let kept: String = line
        .chars()
        .filter(|c| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' => {
                depth = depth.saturating_sub(1);
                false
            }
            _ => depth == 0,
        })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A keyword line: no final `.`, `"` or `—`, and no ` — ` inside.
pub fn is_keyword_line(line: &str) -> bool {
    let l = line.trim();
    !(l.is_empty() || l.ends_with('.') || l.ends_with('"') || l.ends_with('—') || l.contains(" — "))
}

/// A line, not a keyword line, that mentions a restriction, requirement or permission about
/// attacking or blocking.
pub fn is_rule_500_line(line: &str) -> bool {
    const WORDS: [&str; 15] = [
        "can't attack",
        "can't block",
        "can't be blocked",
        "attacks each",
        "attack each",
        "blocks each",
        "block each",
        "if able",
        "able to block",
        "can block",
        "must be blocked",
        "attack or block",
        "attacks or blocks",
        "blocked except",
        "be blocked by",
    ];
    if is_keyword_line(line) {
        return false;
    }
    let l = line.to_lowercase().replace('’', "'");
    WORDS.iter().any(|w| l.contains(w))
}

/// Compiled out of total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Count {
    pub total: usize,
    pub compiled: usize,
}

impl Count {
    fn add(&mut self, ok: bool) {
        self.total += 1;
        self.compiled += usize::from(ok);
    }

    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            100.0 * self.compiled as f64 / self.total as f64
        }
    }
}

/// A frequent reason, with how often it occurs and one card where it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub text: String,
    pub count: usize,
    pub example: String,
}

/// The cards of one card type: compiled whole, and usable on a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TypeCoverage {
    pub card_type: String,
    pub whole: Count,
    pub usable: Count,
}

/// How much of a pool the grammar understands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    pub cards: Count,
    pub creature_cards: Count,
    /// Cards that load with `--unmodelled warn` (the module's definition).
    pub usable: Count,
    pub creature_usable: Count,
    /// Per card type (a card counts under each of its types), in the order of 205.2a, every
    /// type listed even when the pool has none of it.
    pub by_type: Vec<TypeCoverage>,
    pub lines: Count,
    pub keyword_lines: Count,
    pub rule_500_lines: Count,
    /// Cards refused on their facts (cost, type line, power/toughness, loyalty).
    pub refused_on_facts: usize,
    pub fact_errors: Vec<Tally>,
    /// The most frequent sentences no grammar rule matches, the card's name written `~`.
    pub rejected: Vec<Tally>,
    pub rejected_rule_500: Vec<Tally>,
    /// The refused sentences that keep cards off a board: those of lines bearing on combat.
    pub rejected_combat: Vec<Tally>,
}

#[derive(Default)]
struct Tallies(HashMap<String, (usize, String)>);

impl Tallies {
    fn add(&mut self, text: String, example: &str) {
        let e = self.0.entry(text).or_insert((0, example.to_string()));
        e.0 += 1;
    }

    fn top(self, n: usize) -> Vec<Tally> {
        let mut v: Vec<Tally> = self
            .0
            .into_iter()
            .map(|(text, (count, example))| Tally {
                text,
                count,
                example,
            })
            .collect();
        v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.text.cmp(&b.text)));
        v.truncate(n);
        v
    }
}

/// The card's own name (and a comma name's short part) written `~`, as the grammar reads it.
fn tilde(name: &str, sentence: &str) -> String {
    super::self_reference(name, sentence)
}

/// Which half of a pool a card falls in: the low bit of a 64-bit FNV-1a hash of its name, a
/// hash fixed here so that the halves are the same on every machine and in every release.
pub fn half_of(name: &str) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.as_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (h & 1) as usize
}

/// The card types a coverage report counts apart (205.2a, and current 205.2a's battle).
const CARD_TYPES: [&str; 9] = [
    "Artifact",
    "Creature",
    "Enchantment",
    "Instant",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Tribal",
    "Battle",
];

/// The card types a type line names before its dash, read word by word so that a type line
/// Skirmish can't parse is still counted under its types.
fn card_types_of(type_line: &str) -> impl Iterator<Item = usize> + '_ {
    let head = type_line.split('—').next().unwrap_or("");
    CARD_TYPES.iter().enumerate().filter_map(move |(i, t)| {
        head.split_whitespace()
            .any(|w| w.eq_ignore_ascii_case(t))
            .then_some(i)
    })
}

/// Measures a pool: every card compiled whole and loaded as usable on a board, every line on
/// its own.
pub fn coverage(cards: &[PoolCard], top: usize) -> Coverage {
    let mut c = Coverage {
        cards: Count::default(),
        creature_cards: Count::default(),
        usable: Count::default(),
        creature_usable: Count::default(),
        by_type: CARD_TYPES
            .iter()
            .map(|t| TypeCoverage {
                card_type: t.to_string(),
                whole: Count::default(),
                usable: Count::default(),
            })
            .collect(),
        lines: Count::default(),
        keyword_lines: Count::default(),
        rule_500_lines: Count::default(),
        refused_on_facts: 0,
        fact_errors: Vec::new(),
        rejected: Vec::new(),
        rejected_rule_500: Vec::new(),
        rejected_combat: Vec::new(),
    };
    let (mut facts, mut rejected, mut rejected_500, mut rejected_combat) = (
        Tallies::default(),
        Tallies::default(),
        Tallies::default(),
        Tallies::default(),
    );
    for card in cards {
        let spec = &card.spec;
        let is_creature = spec.type_line.contains("Creature");
        let whole = match (&card.fact_error, compile_card(spec)) {
            (Some(e), _) => {
                c.refused_on_facts += 1;
                facts.add(e.clone(), &spec.name);
                false
            }
            (None, Ok(_)) => true,
            (None, Err(e)) => {
                if e.field != CardField::Text {
                    c.refused_on_facts += 1;
                    facts.add(e.message.clone(), &spec.name);
                }
                false
            }
        };
        let usable =
            whole || card.fact_error.is_none() && compile_card_with(spec, Unmodelled::Warn).is_ok();
        c.cards.add(whole);
        c.usable.add(usable);
        if is_creature {
            c.creature_cards.add(whole);
            c.creature_usable.add(usable);
        }
        for i in card_types_of(&spec.type_line) {
            c.by_type[i].whole.add(whole);
            c.by_type[i].usable.add(usable);
        }
        let type_line: Option<TypeLine> = spec.type_line.parse().ok();
        let results = match &type_line {
            Some(t) => explain_lines(&spec.name, &spec.text, t)
                .into_iter()
                .map(|(line, r)| (line, Some(r)))
                .collect(),
            None => spec
                .text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| (l.to_string(), None))
                .collect::<Vec<_>>(),
        };
        for (line, result) in results {
            let plain = without_reminder(&line);
            if plain.is_empty() {
                continue;
            }
            let ok = matches!(result, Some(Ok(_)));
            let keyword = is_keyword_line(&plain);
            let r500 = is_rule_500_line(&plain);
            c.lines.add(ok);
            if keyword {
                c.keyword_lines.add(ok);
            }
            if r500 {
                c.rule_500_lines.add(ok);
            }
            if let Some(Err(e)) = result {
                let sentence = tilde(&spec.name, e.sentence.as_deref().unwrap_or(&plain));
                if r500 {
                    rejected_500.add(sentence.clone(), &spec.name);
                }
                if super::touches_combat(&line) {
                    rejected_combat.add(sentence.clone(), &spec.name);
                }
                rejected.add(sentence, &spec.name);
            }
        }
    }
    c.fact_errors = facts.top(top);
    c.rejected = rejected.top(top);
    c.rejected_rule_500 = rejected_500.top(top);
    c.rejected_combat = rejected_combat.top(top);
    c
}

/// A pool measured in two halves ([`half_of`]): the refused sentences are read from the first
/// half only, so a grammar grown from them can be checked on cards it was never shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SplitCoverage {
    /// The half whose refusals are listed.
    pub read: Coverage,
    /// The other half: its figures only, none of its sentences.
    pub held_out: Coverage,
}

/// Measures both halves of a pool.
pub fn coverage_split(cards: &[PoolCard], top: usize) -> SplitCoverage {
    let (read, held_out): (Vec<PoolCard>, Vec<PoolCard>) = cards
        .iter()
        .cloned()
        .partition(|c| half_of(&c.spec.name) == 0);
    SplitCoverage {
        read: coverage(&read, top),
        held_out: coverage(&held_out, 0),
    }
}

impl SplitCoverage {
    /// Both halves' figures side by side, then the first half's refusals.
    pub fn text(&self) -> String {
        let mut out =
            String::from("                       half read               half held out\n");
        let (a, b) = (self.read.figures(), self.held_out.figures());
        for ((name, x), (_, y)) in a.iter().zip(&b) {
            if x.total + y.total == 0 {
                continue;
            }
            out.push_str(&format!(
                "{name:<22} {:>6} of {:>6} {:>5.1}%   {:>6} of {:>6} {:>5.1}%\n",
                x.compiled,
                x.total,
                x.percent(),
                y.compiled,
                y.total,
                y.percent()
            ));
        }
        out.push_str(&format!(
            "cards refused on their facts: {} and {}\n",
            self.read.refused_on_facts, self.held_out.refused_on_facts
        ));
        out.push_str(&self.read.lists());
        out
    }
}

impl Coverage {
    /// The figures, each named as the text report names it.
    fn figures(&self) -> Vec<(String, Count)> {
        let mut v = vec![
            ("cards compiled whole".to_string(), self.cards),
            ("cards usable on a board".to_string(), self.usable),
            ("creature cards whole".to_string(), self.creature_cards),
            ("creature cards usable".to_string(), self.creature_usable),
            ("lines".to_string(), self.lines),
            ("keyword lines".to_string(), self.keyword_lines),
            ("rule-500 lines".to_string(), self.rule_500_lines),
        ];
        for t in &self.by_type {
            v.push((format!("{} whole", t.card_type), t.whole));
            v.push((format!("{} usable", t.card_type), t.usable));
        }
        v
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (name, n) in self.figures() {
            if n.total == 0 {
                continue;
            }
            out.push_str(&format!(
                "{name:<24} {:>6} of {:>6}  {:>5.1}%\n",
                n.compiled,
                n.total,
                n.percent()
            ));
        }
        out.push_str(&format!(
            "cards refused on their facts: {}\n",
            self.refused_on_facts
        ));
        out.push_str(&self.lists());
        out
    }

    /// The most frequent facts and sentences refused.
    fn lists(&self) -> String {
        let mut out = String::new();
        let list = |out: &mut String, title: &str, v: &[Tally]| {
            if v.is_empty() {
                return;
            }
            out.push_str(&format!("\n{title}:\n"));
            for t in v {
                out.push_str(&format!(
                    "{:>6}  {}  (e.g. {})\n",
                    t.count, t.text, t.example
                ));
            }
        };
        list(&mut out, "most frequent fact errors", &self.fact_errors);
        list(
            &mut out,
            "most frequent rejected sentences bearing on combat (they keep cards off a board)",
            &self.rejected_combat,
        );
        list(&mut out, "most frequent rejected sentences", &self.rejected);
        list(
            &mut out,
            "most frequent rejected rule-500 sentences",
            &self.rejected_rule_500,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRYFALL_SAMPLE: &str = include_str!("../../tests/fixtures/pool/scryfall-sample.json");
    const MTGJSON_SAMPLE: &str = include_str!("../../tests/fixtures/pool/mtgjson-sample.json");

    fn pool(name: &str, text: &str) -> Vec<PoolCard> {
        read_pool(&SourceFile::new(name, text)).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn lines_are_classified_by_the_documented_definitions() {
        assert!(is_keyword_line("Flying, first strike"));
        assert!(is_keyword_line("Equip {2}"));
        assert!(is_keyword_line("Suspend 4—{1}{U}"));
        assert!(!is_keyword_line("Choose one —"));
        assert!(!is_keyword_line(
            "Landfall — Whenever a land enters the battlefield"
        ));
        assert!(!is_keyword_line("~ can't block."));
        assert!(is_rule_500_line("~ can't block."));
        assert!(is_rule_500_line("All creatures able to block ~ do so."));
        assert!(is_rule_500_line(
            "Target creature can't be blocked this turn."
        ));
        assert!(!is_rule_500_line("Flying"));
        assert!(!is_rule_500_line("Draw a card."));
        assert_eq!(without_reminder("Flying (It can't be blocked.)"), "Flying");
    }

    #[test]
    fn the_sample_pool_is_measured_exactly() {
        let cards = pool("scryfall-sample.json", SCRYFALL_SAMPLE);
        let c = coverage(&cards, 10);
        // 14 entries, Fire // Ice with two faces: 15 cards. Compiled whole: Grizzly Bears, Serra
        // Angel, Giant Growth, Lure, Pacifism, Goblin King, Outland Boar, Boggart Brute, Steel
        // Leaf Champion, Ice ("Tap target permanent. Draw a card."), Fire ("Fire deals 2 damage
        // divided as you choose among one or two targets.", 409.1e), Mogg Fanatic ("Sacrifice
        // ~: It deals 1 damage to any target."), Garruk Wildspeaker (loyalty abilities, 212.9f).
        assert_eq!((c.cards.total, c.cards.compiled), (15, 13));
        // Creatures: seven of them, and Tarmogoyf.
        assert_eq!((c.creature_cards.total, c.creature_cards.compiled), (8, 7));
        // Lines: Serra Angel 1, Giant Growth 1, Lure 2, Pacifism 2, Goblin King 1, Outland Boar
        // 1, Boggart Brute 1, Mogg Fanatic 1, Steel Leaf Champion 1, Tarmogoyf 1, Garruk 3,
        // Fire 1, Ice 2, Miscalculation 2: 20, of which the whole cards' 17 lines compile, and
        // Miscalculation's cycling.
        assert_eq!((c.lines.total, c.lines.compiled), (20, 18));
        // Keyword lines: Serra Angel, the two Enchant lines, Menace, Cycling.
        assert_eq!((c.keyword_lines.total, c.keyword_lines.compiled), (5, 5));
        // Rule-500 lines: Lure's, Pacifism's, Outland Boar's, Steel Leaf Champion's.
        assert_eq!((c.rule_500_lines.total, c.rule_500_lines.compiled), (4, 4));
        // Tarmogoyf's "*" is a fact Skirmish takes (208.2), and so is Garruk's loyalty 3; the
        // line defining the "*" (card types among cards in graveyards) isn't understood.
        assert_eq!(c.refused_on_facts, 0);
        // Usable on a board: the whole cards and Miscalculation, whose refused line ("Counter
        // target spell unless its controller pays {2}.") can't bear on combat; not Tarmogoyf.
        assert_eq!((c.usable.total, c.usable.compiled), (15, 14));
        assert_eq!(
            (c.creature_usable.total, c.creature_usable.compiled),
            (8, 7)
        );
        let row = |t: &str| c.by_type.iter().find(|r| r.card_type == t).unwrap();
        assert_eq!(
            (row("Creature").whole, row("Creature").usable),
            (c.creature_cards, c.creature_usable)
        );
        assert_eq!(
            (row("Instant").usable.total, row("Instant").usable.compiled),
            (4, 4)
        );
        assert_eq!(row("Battle").whole.total, 0);
        assert_eq!(c.rejected_combat.len(), 1, "{:?}", c.rejected_combat);
        assert_eq!(c.rejected_combat[0].example, "Tarmogoyf");
        assert!(
            !c.rejected.iter().any(|t| t.example == "Garruk Wildspeaker"),
            "{:?}",
            c.rejected
        );
        let text = c.text();
        assert!(text.contains("rule-500 lines"), "{text}");
    }

    #[test]
    fn a_line_bearing_on_combat_keeps_its_card_off_the_board_and_is_listed() {
        let cards = pool(
            "x.json",
            r#"[{"name": "A", "type_line": "Creature — Bear", "oracle_text": "Whenever ~ frobs, it gets +1/+1 until end of turn.", "power": "2", "toughness": "2"},
                {"name": "B", "type_line": "Creature — Bear", "oracle_text": "Whenever ~ frobs, draw a card.", "power": "2", "toughness": "2"}]"#,
        );
        let c = coverage(&cards, 5);
        assert_eq!(
            (c.creature_usable.total, c.creature_usable.compiled),
            (2, 1)
        );
        assert_eq!(c.rejected_combat.len(), 1, "{:?}", c.rejected_combat);
        assert_eq!(c.rejected_combat[0].example, "A");
        assert_eq!(c.rejected.len(), 2);
    }

    #[test]
    fn the_halves_are_fixed_and_split_the_pool() {
        // FNV-1a of the empty name is its offset basis, which is odd; "a" hashes even.
        assert_eq!(half_of(""), 1);
        assert_eq!(half_of("a"), 0);
        let cards = pool("scryfall-sample.json", SCRYFALL_SAMPLE);
        let s = coverage_split(&cards, 10);
        assert_eq!(s.read.cards.total + s.held_out.cards.total, cards.len());
        let whole = coverage(&cards, 10);
        assert_eq!(
            s.read.cards.compiled + s.held_out.cards.compiled,
            whole.cards.compiled
        );
        // Only the half read lists sentences.
        assert!(s.held_out.rejected.is_empty() && s.held_out.fact_errors.is_empty());
        for t in &s.read.rejected {
            assert_eq!(half_of(&t.example), 0, "{t:?}");
        }
        let text = s.text();
        assert!(
            text.contains("half held out") && text.contains("creature cards usable"),
            "{text}"
        );
    }

    #[test]
    fn both_shapes_give_the_same_cards() {
        let s = pool("scryfall-sample.json", SCRYFALL_SAMPLE);
        let m = pool("mtgjson-sample.json", MTGJSON_SAMPLE);
        for card in &m {
            let same = s.iter().find(|c| c.spec.name == card.spec.name);
            assert_eq!(same, Some(card), "{}", card.spec.name);
        }
        assert!(m.len() >= 4);
    }

    #[test]
    fn malformed_files_are_errors_at_their_line_and_column() {
        let e = read_pool(&SourceFile::new(
            "bad.json",
            "[\n  {\"name\": \"X\",\n  oops }\n]",
        ))
        .unwrap_err();
        assert_eq!((e.kind, e.line, e.column), (ErrorKind::Syntax, 3, 3), "{e}");
        let e = read_pool(&SourceFile::new("bad.json", "42")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::WrongValue);
        let e = read_pool(&SourceFile::new(
            "bad.json",
            "[{\"name\": \"X\", \"type_line\": 7}]",
        ))
        .unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::WrongValue, 1), "{e}");
        assert!(e.message.contains("type_line"), "{e}");
        let e = read_pool(&SourceFile::new(
            "bad.json",
            "[{\"type_line\": \"Creature\"}]",
        ))
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingField);
    }

    #[test]
    fn a_loyalty_that_is_not_a_number_is_a_fact_of_that_card_only() {
        let cards = pool(
            "x.json",
            r#"[{"name": "W", "type_line": "Legendary Planeswalker — Nissa", "oracle_text": "", "loyalty": "X"}]"#,
        );
        assert!(
            cards[0]
                .fact_error
                .as_deref()
                .is_some_and(|e| e.contains("loyalty"))
        );
        assert_eq!(coverage(&cards, 5).refused_on_facts, 1);
    }

    #[test]
    fn a_battles_defense_is_read_and_a_siege_is_refused_for_its_back_face() {
        let cards = pool(
            "x.json",
            r#"[{"name": "B", "type_line": "Battle", "oracle_text": "", "defense": "5"},
                {"name": "S", "type_line": "Battle — Siege", "oracle_text": "", "defense": 3},
                {"name": "D", "type_line": "Battle", "oracle_text": "", "defense": "*"}]"#,
        );
        assert_eq!(cards[0].spec.defense, Some(5));
        assert!(crate::cards::compile_card(&cards[0].spec).is_ok());
        assert_eq!(cards[1].spec.defense, Some(3));
        let siege = crate::cards::compile_card(&cards[1].spec).unwrap_err();
        assert!(siege.message.contains("310.11b"), "{siege}");
        assert!(
            cards[2]
                .fact_error
                .as_deref()
                .is_some_and(|e| e.contains("defense"))
        );
    }
}
