//! Card files: the bundled library (`crates/skirmish/cards/library.toml`) and cards defined in
//! scenario files, both compiled by [`compile_card`](super::compile_card).

use super::{CardDef, CardError, CardField, CardSpec, compile_card};
use crate::diagnostics::{ErrorKind, FileError, SourceFile, from_toml};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use toml::Spanned;

const CARD_DOC: &str = "docs/scenario-format.md (section \"Cards\")";

/// A card table as written in a file, with the position of every value.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    pub name: Spanned<String>,
    pub cost: Option<Spanned<String>>,
    #[serde(rename = "type")]
    pub type_line: Spanned<String>,
    pub pt: Option<Spanned<String>>,
    pub loyalty: Option<Spanned<u32>>,
    pub text: Option<Spanned<String>>,
}

impl RawCard {
    /// Compiles the card, reporting any problem at the key it comes from.
    pub fn compile(&self, file: &SourceFile) -> Result<CardDef, FileError> {
        let spec = CardSpec {
            name: self.name.get_ref().clone(),
            cost: self.cost.as_ref().map(|c| c.get_ref().clone()),
            type_line: self.type_line.get_ref().clone(),
            pt: self.pt.as_ref().map(|p| p.get_ref().clone()),
            loyalty: self.loyalty.as_ref().map(|l| *l.get_ref()),
            text: self
                .text
                .as_ref()
                .map(|t| t.get_ref().clone())
                .unwrap_or_default(),
        };
        compile_card(&spec).map_err(|e| self.locate(file, e))
    }

    fn locate(&self, file: &SourceFile, e: CardError) -> FileError {
        let name_span = self.name.span();
        let span = match e.field {
            CardField::Name => name_span,
            CardField::Cost => self.cost.as_ref().map_or(name_span, |c| c.span()),
            CardField::Type => self.type_line.span(),
            CardField::Pt => self.pt.as_ref().map_or(name_span, |p| p.span()),
            CardField::Loyalty => self.loyalty.as_ref().map_or(name_span, |l| l.span()),
            CardField::Text => self.text.as_ref().map_or(name_span, |t| {
                // Point at the sentence itself when the file spells it out verbatim.
                let whole = t.span();
                e.sentence
                    .as_deref()
                    .and_then(|s| {
                        file.text
                            .get(whole.clone())
                            .and_then(|raw| raw.find(s))
                            .map(|at| whole.start + at..whole.start + at + s.len())
                    })
                    .unwrap_or(whole)
            }),
        };
        let (kind, help) = match e.field {
            CardField::Text => (
                ErrorKind::UnsupportedText,
                "docs/card-text.md lists every supported template; reword the sentence to one of \
                 them, or leave the card out"
                    .to_string(),
            ),
            _ => (
                ErrorKind::BadCard,
                format!("correct the card's facts; see {CARD_DOC}"),
            ),
        };
        file.error(kind, span, e.to_string(), help)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLibrary {
    #[serde(default)]
    card: Vec<RawCard>,
}

/// A set of compiled cards, by name.
///
/// The bundled library is compiled lazily, card by card: a process that asks about three
/// cards compiles three, not the whole library (most of a short command's fixed cost). Its
/// cards are checked whole by the test suite ([`CardLibrary::compile_all`]).
#[derive(Debug, Clone, Default)]
pub struct CardLibrary {
    cards: BTreeMap<String, Entry>,
}

/// One card: compiled, or its table waiting to be compiled on first use.
#[derive(Debug, Clone)]
struct Entry {
    raw: Option<(RawCard, Arc<SourceFile>)>,
    def: OnceLock<Option<Arc<CardDef>>>,
}

impl Entry {
    fn compiled(def: CardDef) -> Entry {
        Entry {
            raw: None,
            def: OnceLock::from(Some(Arc::new(def))),
        }
    }

    /// The card; `None` only for a bundled card that doesn't compile, which the test suite
    /// rules out.
    fn get(&self) -> Option<&Arc<CardDef>> {
        self.def
            .get_or_init(|| {
                let (raw, file) = self.raw.as_ref()?;
                raw.compile(file).ok().map(Arc::new)
            })
            .as_ref()
    }
}

impl CardLibrary {
    /// Parses and compiles a library file: `[[card]]` tables, every one now, so a user's file
    /// is checked whole before anything runs.
    pub fn parse(file: &SourceFile) -> Result<CardLibrary, FileError> {
        let lib = CardLibrary::read(file)?;
        lib.compile_all(file)?;
        Ok(lib)
    }

    /// The card tables of a library file, names checked for duplicates, compiled on use.
    fn read(file: &SourceFile) -> Result<CardLibrary, FileError> {
        let raw: RawLibrary =
            toml::from_str(&file.text).map_err(|e| from_toml(file, &e, CARD_DOC))?;
        let shared = Arc::new(file.clone());
        let mut lib = CardLibrary::default();
        let mut seen: BTreeMap<String, std::ops::Range<usize>> = BTreeMap::new();
        for card in raw.card {
            let name = card.name.get_ref().clone();
            if let Some(first) = seen.get(&name) {
                let (line, _) = file.line_col(first.start);
                return Err(file.error(
                    ErrorKind::DuplicateCard,
                    card.name.span(),
                    format!("card \"{name}\" is defined twice (first on line {line})"),
                    "keep one definition",
                ));
            }
            seen.insert(name.clone(), card.name.span());
            lib.cards.insert(
                name,
                Entry {
                    raw: Some((card, shared.clone())),
                    def: OnceLock::new(),
                },
            );
        }
        Ok(lib)
    }

    /// Compiles every card not compiled yet; the first error, in file order.
    pub fn compile_all(&self, file: &SourceFile) -> Result<(), FileError> {
        let mut pending: Vec<&Entry> = self.cards.values().filter(|e| e.raw.is_some()).collect();
        pending.sort_by_key(|e| e.raw.as_ref().map(|(r, _)| r.name.span().start));
        for e in pending {
            if e.get().is_none()
                && let Some((raw, _)) = &e.raw
            {
                raw.compile(file)?;
            }
        }
        Ok(())
    }

    /// The library bundled with Skirmish, compiled card by card as cards are asked for. Its
    /// content is checked by the test suite, so an error here means a broken build, reported
    /// rather than panicking.
    pub fn bundled() -> Result<&'static CardLibrary, FileError> {
        static CELL: OnceLock<Result<CardLibrary, FileError>> = OnceLock::new();
        CELL.get_or_init(|| CardLibrary::read(&CardLibrary::bundled_file()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The bundled library's file.
    pub fn bundled_file() -> SourceFile {
        SourceFile::new(
            "crates/skirmish/cards/library.toml",
            include_str!("../../cards/library.toml"),
        )
    }

    pub fn insert(&mut self, def: CardDef) {
        self.cards.insert(def.name.clone(), Entry::compiled(def));
    }

    pub fn get(&self, name: &str) -> Option<&Arc<CardDef>> {
        self.cards.get(name).and_then(Entry::get)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every card, compiled (those not compiled yet are now).
    pub fn iter(&self) -> impl Iterator<Item = &Arc<CardDef>> {
        self.cards.values().filter_map(Entry::get)
    }

    /// The known name closest to `name`, for "did you mean" advice.
    pub fn closest(&self, name: &str) -> Option<&str> {
        closest(name, self.cards.keys().map(String::as_str))
    }
}

/// The candidate closest to `word` by edit distance (ignoring case), if reasonably close.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    candidates
        .map(|c| (edit_distance(&w, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
