//! Card files: the bundled library (`crates/skirmish/cards/library.toml`) and cards defined in
//! scenario files, both compiled by [`compile_card`](super::compile_card).

use super::{CardDef, CardError, CardField, CardSpec};
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
    pub defense: Option<Spanned<u32>>,
    pub text: Option<Spanned<String>>,
    /// A double-faced card's back face (current 712): `back = { name = ..., type = ..., ... }`.
    pub back: Option<Spanned<RawFace>>,
}

/// A back face as a card file writes it: the facts of a card, without a mana cost (712.1), with
/// the colors of its color indicator (204.2).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFace {
    pub name: String,
    #[serde(rename = "type")]
    pub type_line: String,
    pub pt: Option<String>,
    pub loyalty: Option<u32>,
    pub defense: Option<u32>,
    #[serde(default)]
    pub text: String,
    pub colors: Option<Vec<String>>,
}

impl RawFace {
    fn spec(&self) -> CardSpec {
        CardSpec {
            name: self.name.clone(),
            cost: None,
            type_line: self.type_line.clone(),
            pt: self.pt.clone(),
            loyalty: self.loyalty,
            defense: self.defense,
            text: self.text.clone(),
            colors: self.colors.clone(),
            back: None,
        }
    }
}

impl RawCard {
    /// Compiles the card, reporting any problem at the key it comes from.
    pub fn compile(&self, file: &SourceFile) -> Result<CardDef, FileError> {
        self.compile_with(file, super::Unmodelled::Strict)
    }

    /// [`Self::compile`], with text the grammar doesn't know taken as `mode` says.
    pub fn compile_with(
        &self,
        file: &SourceFile,
        mode: super::Unmodelled,
    ) -> Result<CardDef, FileError> {
        let spec = CardSpec {
            name: self.name.get_ref().clone(),
            cost: self.cost.as_ref().map(|c| c.get_ref().clone()),
            type_line: self.type_line.get_ref().clone(),
            pt: self.pt.as_ref().map(|p| p.get_ref().clone()),
            loyalty: self.loyalty.as_ref().map(|l| *l.get_ref()),
            defense: self.defense.as_ref().map(|l| *l.get_ref()),
            colors: None,
            back: self.back.as_ref().map(|b| Box::new(b.get_ref().spec())),
            text: self
                .text
                .as_ref()
                .map(|t| t.get_ref().clone())
                .unwrap_or_default(),
        };
        super::compile_card_with(&spec, mode).map_err(|e| self.locate(file, e))
    }

    fn locate(&self, file: &SourceFile, e: CardError) -> FileError {
        let name_span = self.name.span();
        let span = match e.field {
            CardField::Name => name_span,
            CardField::Cost => self.cost.as_ref().map_or(name_span, |c| c.span()),
            CardField::Type => self.type_line.span(),
            CardField::Pt => self.pt.as_ref().map_or(name_span, |p| p.span()),
            CardField::Loyalty => self.loyalty.as_ref().map_or(name_span, |l| l.span()),
            CardField::Defense => self.defense.as_ref().map_or(name_span, |l| l.span()),
            CardField::Back => self.back.as_ref().map_or(name_span, |b| b.span()),
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
    source: Pending,
    def: OnceLock<Option<Arc<CardDef>>>,
}

/// Where a card not compiled yet comes from.
#[derive(Debug, Clone)]
enum Pending {
    /// Compiled as it was inserted.
    Nothing,
    /// A table of a file parsed whole.
    Table(Box<RawCard>, Arc<SourceFile>),
    /// A table of the bundled file found by [`super::index`], parsed on first use.
    Text(std::ops::Range<usize>, Arc<SourceFile>),
}

impl Entry {
    fn compiled(def: CardDef) -> Entry {
        Entry {
            source: Pending::Nothing,
            def: OnceLock::from(Some(Arc::new(def))),
        }
    }

    fn pending(source: Pending) -> Entry {
        Entry {
            source,
            def: OnceLock::new(),
        }
    }

    /// The card; `None` only for a bundled card that doesn't compile, which the test suite
    /// rules out.
    fn get(&self) -> Option<&Arc<CardDef>> {
        self.def
            .get_or_init(|| self.load().ok().map(Arc::new))
            .as_ref()
    }

    /// Parses (if need be) and compiles the card, with the error at its place in the file.
    fn load(&self) -> Result<CardDef, FileError> {
        match &self.source {
            // Never asked: such an entry is compiled from the start.
            Pending::Nothing => Err(FileError::whole_file(
                ErrorKind::BadCard,
                "(inserted card)",
                "a card inserted compiled has no table to compile",
                "report this as a bug in Skirmish",
            )),
            Pending::Table(raw, file) => raw.compile(file),
            Pending::Text(range, file) => RawCard::parse_table(file, range.clone())?.compile(file),
        }
    }

    /// Where the card's table begins in its file, for reporting errors in file order.
    fn position(&self) -> Option<usize> {
        match &self.source {
            Pending::Nothing => None,
            Pending::Table(raw, _) => Some(raw.name.span().start),
            Pending::Text(range, _) => Some(range.start),
        }
    }
}

impl RawCard {
    /// The one `[[card]]` table in `range` of the file, parsed alone, with its positions in
    /// the whole file. A table that doesn't parse alone is reported as the whole file's parse
    /// reports it.
    fn parse_table(file: &SourceFile, range: std::ops::Range<usize>) -> Result<RawCard, FileError> {
        let whole = || match toml::from_str::<RawLibrary>(&file.text) {
            Err(e) => from_toml(file, &e, CARD_DOC),
            Ok(_) => FileError::whole_file(
                ErrorKind::Syntax,
                file.name.clone(),
                format!(
                    "the [[card]] table at byte {} parses in the file but not alone",
                    range.start
                ),
                "report this as a bug in Skirmish: its library scan misread the file",
            ),
        };
        let text = file.text.get(range.clone()).ok_or_else(whole)?;
        let mut lib: RawLibrary = toml::from_str(text).map_err(|_| whole())?;
        let (Some(card), true) = (lib.card.pop(), lib.card.is_empty()) else {
            return Err(whole());
        };
        let at = range.start;
        fn shift<T>(v: Spanned<T>, at: usize) -> Spanned<T> {
            let span = v.span();
            Spanned::new(span.start + at..span.end + at, v.into_inner())
        }
        Ok(RawCard {
            name: shift(card.name, at),
            cost: card.cost.map(|v| shift(v, at)),
            type_line: shift(card.type_line, at),
            pt: card.pt.map(|v| shift(v, at)),
            loyalty: card.loyalty.map(|v| shift(v, at)),
            defense: card.defense.map(|v| shift(v, at)),
            back: card.back.map(|v| shift(v, at)),
            text: card.text.map(|v| shift(v, at)),
        })
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
                Entry::pending(Pending::Table(Box::new(card), shared.clone())),
            );
        }
        Ok(lib)
    }

    /// The card tables of a library file found by a scan instead of a TOML parse, each
    /// parsed on first use; `None` if the file has a shape the scan doesn't follow or a name
    /// twice (then [`CardLibrary::read`] parses it and reports what is wrong).
    #[cfg(test)]
    fn index(file: &SourceFile) -> Option<CardLibrary> {
        CardLibrary::from_tables(file, super::index::tables(&file.text)?)
    }

    /// The library of the tables found in a file by [`super::index`]; `None` if a name comes
    /// twice.
    fn from_tables(file: &SourceFile, tables: Vec<super::index::Table>) -> Option<CardLibrary> {
        let shared = Arc::new(file.clone());
        let mut lib = CardLibrary::default();
        for table in tables {
            let entry = Entry::pending(Pending::Text(table.range, shared.clone()));
            if lib.cards.insert(table.name, entry).is_some() {
                return None;
            }
        }
        Some(lib)
    }

    /// Compiles every card not compiled yet; the first error, in file order.
    pub fn compile_all(&self, file: &SourceFile) -> Result<(), FileError> {
        let _ = file;
        let mut pending: Vec<&Entry> = self
            .cards
            .values()
            .filter(|e| e.position().is_some())
            .collect();
        pending.sort_by_key(|e| e.position());
        for e in pending {
            if e.get().is_none() {
                e.load()?;
            }
        }
        Ok(())
    }

    /// The library bundled with Skirmish, compiled card by card as cards are asked for. Its
    /// content is checked by the test suite, so an error here means a broken build, reported
    /// rather than panicking.
    pub fn bundled() -> Result<&'static CardLibrary, FileError> {
        static CELL: OnceLock<Result<CardLibrary, FileError>> = OnceLock::new();
        CELL.get_or_init(|| {
            let file = CardLibrary::bundled_file();
            bundled_tables()
                .and_then(|tables| CardLibrary::from_tables(&file, tables))
                .map_or_else(|| CardLibrary::read(&file), Ok)
        })
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
    let w_len = w.chars().count();
    candidates
        .filter_map(|c| {
            let most = 2.max(c.len() / 4);
            // The distance is at least the difference in length: a name far longer or
            // shorter than every candidate costs one count, not a quadratic table (a 5 MB
            // unknown name took 22 s, issue 13).
            if w_len.abs_diff(c.chars().count()) > most {
                return None;
            }
            let d = edit_distance(&w, &c.to_lowercase());
            (d <= most).then_some((d, c))
        })
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

mod bundled_index {
    include!(concat!(env!("OUT_DIR"), "/bundled_index.rs"));
}

/// The bundled library's tables, as the build script's scan found them.
fn bundled_tables() -> Option<Vec<super::index::Table>> {
    bundled_index::BUNDLED.map(|tables| {
        tables
            .iter()
            .map(|(name, start, end)| super::index::Table {
                name: (*name).to_string(),
                range: *start..*end,
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Suggestions are near names; a name of any length is answered without a table the
    /// size of its square.
    #[test]
    fn suggestions_are_near_names_whatever_the_length_asked() {
        let names = ["Grizzly Bears", "Hill Giant", "Lure"];
        assert_eq!(
            closest("Grizly Bears", names.into_iter()),
            Some("Grizzly Bears")
        );
        assert_eq!(closest("lur", names.into_iter()), Some("Lure"));
        assert_eq!(closest("Craw Wurm", names.into_iter()), None);
        let huge = "Grizzly Bears".repeat(400_000);
        assert_eq!(closest(&huge, names.into_iter()), None);
    }

    /// The index the build script wrote is the scan of the library this build embeds.
    #[test]
    fn the_build_time_index_is_the_scan_of_the_bundled_file() {
        let file = CardLibrary::bundled_file();
        let scanned = super::super::index::tables(&file.text);
        assert!(scanned.is_some(), "the scan follows the bundled library");
        assert_eq!(bundled_tables(), scanned);
    }

    /// The bundled library is indexed by a scan, not parsed whole: the scan must find every
    /// table the TOML parse finds, with the same name, and each table parsed alone must give
    /// the same values at the same positions in the file.
    #[test]
    fn the_bundled_index_reads_what_the_whole_parse_reads() {
        let file = CardLibrary::bundled_file();
        let whole = CardLibrary::read(&file).expect("the bundled library parses");
        let index = CardLibrary::index(&file).expect("the scan follows the bundled library");
        let names = |l: &CardLibrary| l.cards.keys().cloned().collect::<Vec<_>>();
        assert_eq!(names(&index), names(&whole));
        for (name, e) in &index.cards {
            let Pending::Text(range, _) = &e.source else {
                panic!("{name} is not indexed");
            };
            let alone = RawCard::parse_table(&file, range.clone()).unwrap();
            let Pending::Table(raw, _) = &whole.cards[name].source else {
                panic!("{name} is not a table");
            };
            let key = |c: &RawCard| {
                format!(
                    "{:?}",
                    (
                        (c.name.span(), c.name.get_ref()),
                        c.cost.as_ref().map(|v| (v.span(), v.get_ref().clone())),
                        (c.type_line.span(), c.type_line.get_ref()),
                        c.pt.as_ref().map(|v| (v.span(), v.get_ref().clone())),
                        c.loyalty.as_ref().map(|v| (v.span(), *v.get_ref())),
                        c.defense.as_ref().map(|v| (v.span(), *v.get_ref())),
                        c.text.as_ref().map(|v| (v.span(), v.get_ref().clone())),
                    )
                )
            };
            assert_eq!(key(&alone), key(raw), "{name}");
        }
    }

    /// A bad card in an indexed file is reported at its line and column in the whole file.
    #[test]
    fn an_indexed_card_reports_errors_at_its_place_in_the_file() {
        let file = SourceFile::new(
            "lib.toml",
            "[[card]]\nname = \"Good\"\ntype = \"Instant\"\ntext = \"\"\n\n[[card]]\nname = \"Bad\"\ntype = \"Creature — Bear\"\npt = \"2/x\"\ntext = \"\"\n",
        );
        let lib = CardLibrary::index(&file).unwrap();
        assert!(lib.get("Good").is_some());
        assert!(lib.get("Bad").is_none());
        let e = lib.compile_all(&file).unwrap_err();
        assert_eq!((e.line, e.column), (9, 6), "{e}");
        // A table the TOML parser refuses is reported as the whole file's parse reports it.
        let file = SourceFile::new(
            "lib.toml",
            "[[card]]\nname = \"A\"\ntype = \"Instant\"\nspeed = 3\n",
        );
        let lib = CardLibrary::index(&file).unwrap();
        let e = lib.compile_all(&file).unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert!(e.message.contains("unknown field"), "{e}");
    }
}
