//! Type lines (205): supertypes, card types and subtypes.
//!
//! A type line is checked against the union of two editions' lists, so that both the cards of
//! February 2009 and real cards of today parse:
//!
//! - the February 1, 2009 rules: 205.2a (card types), 205.4a (supertypes) and the glossary's
//!   "Artifact Type", "Creature Type", "Enchantment Type", "Land Type", "Planeswalker Type" and
//!   "Spell Type" lists, "updated through the Conflux set";
//! - the Comprehensive Rules of January 16, 2026: 205.2a, 205.3g-205.3m and 205.4a.
//!
//! A type that existed in 2009 but was dropped later (Hound, Viashino, ...) stays accepted; the
//! types added since (Dinosaur, Vehicle, Saga, Gate, Nissa, ...) are accepted too. The subtype
//! lists are the text files next to this module, one per kind of subtype, each naming its
//! sources. Kindred, today's name of tribal, reads as [`CardType::Tribal`]. Battles (current
//! 205.2a, 205.3q) parse; a scenario under the 2009 rules refuses them. The card types of casual
//! variants (conspiracy, dungeon, phenomenon, plane, scheme, vanguard) are out of scope and
//! refused.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// Supertypes (205.4a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Supertype {
    Basic,
    Legendary,
    /// Only in the current rules (205.4a); it matters only to schemes (205.4h).
    Ongoing,
    Snow,
    World,
}

/// Card types (205.2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Artifact,
    Creature,
    Enchantment,
    Instant,
    Land,
    Planeswalker,
    Sorcery,
    /// Tribal, called kindred by the current rules (205.2a); a type line may say either.
    Tribal,
    /// Only in the current rules (205.2a, 310), since 2023; refused under the 2009 rules.
    Battle,
}

impl CardType {
    pub const ALL: [CardType; 9] = [
        CardType::Artifact,
        CardType::Creature,
        CardType::Enchantment,
        CardType::Instant,
        CardType::Land,
        CardType::Planeswalker,
        CardType::Sorcery,
        CardType::Tribal,
        CardType::Battle,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CardType::Artifact => "Artifact",
            CardType::Creature => "Creature",
            CardType::Enchantment => "Enchantment",
            CardType::Instant => "Instant",
            CardType::Land => "Land",
            CardType::Planeswalker => "Planeswalker",
            CardType::Sorcery => "Sorcery",
            CardType::Tribal => "Tribal",
            CardType::Battle => "Battle",
        }
    }

    /// The card type a type-line word names, in any case; `Kindred` is [`CardType::Tribal`].
    pub fn from_name(word: &str) -> Option<Self> {
        if word.eq_ignore_ascii_case("Kindred") {
            return Some(CardType::Tribal);
        }
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(word))
    }

    /// 214.1: the permanent types.
    pub fn is_permanent_type(self) -> bool {
        !matches!(self, CardType::Instant | CardType::Sorcery)
    }

    /// The kind of subtypes this card type allows (205.3d of 2009, 205.3g-205.3m today).
    fn subtype_kind(self) -> SubtypeKind {
        match self {
            CardType::Artifact => SubtypeKind::Artifact,
            CardType::Enchantment => SubtypeKind::Enchantment,
            CardType::Land => SubtypeKind::Land,
            CardType::Planeswalker => SubtypeKind::Planeswalker,
            CardType::Instant | CardType::Sorcery => SubtypeKind::Spell,
            CardType::Creature | CardType::Tribal => SubtypeKind::Creature,
            CardType::Battle => SubtypeKind::Battle,
        }
    }
}

impl Supertype {
    pub const ALL: [Supertype; 5] = [
        Supertype::Basic,
        Supertype::Legendary,
        Supertype::Ongoing,
        Supertype::Snow,
        Supertype::World,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Supertype::Basic => "Basic",
            Supertype::Legendary => "Legendary",
            Supertype::Ongoing => "Ongoing",
            Supertype::Snow => "Snow",
            Supertype::World => "World",
        }
    }

    /// The supertype a type-line word names, in any case.
    pub fn from_name(word: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(word))
    }
}

/// A kind of subtype (205.3): each card type's own list, shared by instants and sorceries (spell
/// types) and by creatures and tribals (creature types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SubtypeKind {
    Artifact,
    Enchantment,
    Land,
    Planeswalker,
    Spell,
    Creature,
    Battle,
}

impl SubtypeKind {
    const ALL: [SubtypeKind; 7] = [
        SubtypeKind::Artifact,
        SubtypeKind::Enchantment,
        SubtypeKind::Land,
        SubtypeKind::Planeswalker,
        SubtypeKind::Spell,
        SubtypeKind::Creature,
        SubtypeKind::Battle,
    ];

    /// The list's text file: one source's list a line, comma-separated; `#` starts a comment.
    fn data(self) -> &'static str {
        match self {
            SubtypeKind::Artifact => include_str!("artifact_types.txt"),
            SubtypeKind::Enchantment => include_str!("enchantment_types.txt"),
            SubtypeKind::Land => include_str!("land_types.txt"),
            SubtypeKind::Planeswalker => include_str!("planeswalker_types.txt"),
            SubtypeKind::Spell => include_str!("spell_types.txt"),
            SubtypeKind::Creature => include_str!("creature_types.txt"),
            SubtypeKind::Battle => include_str!("battle_types.txt"),
        }
    }

    /// What the rules call one subtype of this kind.
    fn noun(self) -> &'static str {
        match self {
            SubtypeKind::Artifact => "artifact type",
            SubtypeKind::Enchantment => "enchantment type",
            SubtypeKind::Land => "land type",
            SubtypeKind::Planeswalker => "planeswalker type",
            SubtypeKind::Spell => "spell type",
            SubtypeKind::Creature => "creature type",
            SubtypeKind::Battle => "battle type",
        }
    }

    /// The entry of the February 2009 glossary that lists them.
    fn glossary_entry(self) -> &'static str {
        match self {
            SubtypeKind::Artifact => "Artifact Type",
            SubtypeKind::Enchantment => "Enchantment Type",
            SubtypeKind::Land => "Land Type",
            SubtypeKind::Planeswalker => "Planeswalker Type",
            SubtypeKind::Spell => "Spell Type",
            SubtypeKind::Creature => "Creature Type",
            SubtypeKind::Battle => "Battle Type",
        }
    }

    /// The current rule that lists them.
    fn current_rule(self) -> &'static str {
        match self {
            SubtypeKind::Artifact => "205.3g",
            SubtypeKind::Enchantment => "205.3h",
            SubtypeKind::Land => "205.3i",
            SubtypeKind::Planeswalker => "205.3j",
            SubtypeKind::Spell => "205.3k",
            SubtypeKind::Creature => "205.3m",
            SubtypeKind::Battle => "205.3q",
        }
    }

    /// Every subtype of this kind, once: the file's lists in order (the 2009 list first, then
    /// the types the current rules added). Two spellings that differ only in the apostrophe
    /// (`Urza's`, `Urza’s`) are one type, spelled as first listed.
    fn list(self) -> &'static [&'static str] {
        static LISTS: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
        let lists = LISTS.get_or_init(|| {
            SubtypeKind::ALL
                .iter()
                .map(|kind| {
                    let mut types: Vec<&'static str> = Vec::new();
                    // Spellings seen, apostrophes folded: a set, not a scan of the list for
                    // each type (quadratic, and paid by every process that reads a card).
                    let mut seen: std::collections::HashSet<String> = Default::default();
                    let lines = kind.data().lines().map(str::trim);
                    for line in lines.filter(|l| !l.is_empty() && !l.starts_with('#')) {
                        for t in line.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                            if seen.insert(t.chars().map(fold_apostrophe).collect()) {
                                types.push(t);
                            }
                        }
                    }
                    types
                })
                .collect()
        });
        // `ALL` lists the kinds in declaration order, so a kind's discriminant is its index.
        &lists[self as usize]
    }

    /// The listed subtype `phrase` spells (case-sensitive, either apostrophe).
    fn find(self, phrase: &str) -> Option<&'static str> {
        self.list()
            .iter()
            .copied()
            .find(|t| same_spelling(t, phrase))
    }
}

/// Equal but for the apostrophe: the 2009 lists write `'`, the current ones `’`.
fn same_spelling(a: &str, b: &str) -> bool {
    a.chars()
        .map(fold_apostrophe)
        .eq(b.chars().map(fold_apostrophe))
}

fn fold_apostrophe(c: char) -> char {
    if c == '’' { '\'' } else { c }
}

/// The five basic land types (212.6g), each implying a mana ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BasicLandType {
    Plains,
    Island,
    Swamp,
    Mountain,
    Forest,
}

impl BasicLandType {
    pub const ALL: [BasicLandType; 5] = [
        BasicLandType::Plains,
        BasicLandType::Island,
        BasicLandType::Swamp,
        BasicLandType::Mountain,
        BasicLandType::Forest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BasicLandType::Plains => "Plains",
            BasicLandType::Island => "Island",
            BasicLandType::Swamp => "Swamp",
            BasicLandType::Mountain => "Mountain",
            BasicLandType::Forest => "Forest",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// 212.6g: the color of mana the intrinsic ability adds.
    pub fn mana_color(self) -> crate::mana::Color {
        use crate::mana::Color;
        match self {
            BasicLandType::Plains => Color::White,
            BasicLandType::Island => Color::Blue,
            BasicLandType::Swamp => Color::Black,
            BasicLandType::Mountain => Color::Red,
            BasicLandType::Forest => Color::Green,
        }
    }
}

impl fmt::Display for BasicLandType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every creature type: the February 2009 glossary's, in its order, then those the current rules
/// (205.3m) added, in theirs. One of them, `Time Lord`, is two words.
pub fn creature_types() -> impl Iterator<Item = &'static str> {
    SubtypeKind::Creature.list().iter().copied()
}

/// Finds a subtype other than a creature type that a word names, singular or plural, in any
/// case: artifact types ("Equipment", "Vehicles"), enchantment types ("Aura", "Curses"), land
/// types ("Island", "Deserts") and planeswalker types ("Jace").
pub fn other_subtype_named(word: &str) -> Option<&'static str> {
    static NAMES: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    let key = |s: &str| s.replace('’', "'").to_lowercase();
    let names = NAMES.get_or_init(|| {
        let mut names = HashMap::new();
        for kind in SubtypeKind::ALL {
            if matches!(kind, SubtypeKind::Creature | SubtypeKind::Spell) {
                continue;
            }
            for t in kind.list() {
                names.entry(key(t)).or_insert(*t);
                names.entry(key(&plural(t))).or_insert(*t);
            }
        }
        names
    });
    names.get(&key(word)).copied()
}

/// Finds the creature type a word names, singular or plural, in any case ("Walls", "Elves",
/// "Faeries", "Mice"); either apostrophe.
pub fn creature_type_named(word: &str) -> Option<&'static str> {
    static NAMES: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    let key = |s: &str| s.replace('’', "'").to_lowercase();
    let names = NAMES.get_or_init(|| {
        let mut names = HashMap::new();
        for t in creature_types() {
            names.entry(key(t)).or_insert(t);
        }
        for t in creature_types() {
            names.entry(key(&plural(t))).or_insert(t);
        }
        names
    });
    names.get(&key(word)).copied()
}

/// Creature types whose plural is the singular, as card text writes them: "Sheep", "Fish",
/// "Kithkin", and, from the Oracle text of the real card pool, "other attacking Aurochs",
/// "Other Aetherborn you control", "Eldrazi you control", "five untapped Myr you control", "all
/// Samurai you control".
const SAME_PLURAL: [&str; 9] = [
    "Fish",
    "Sheep",
    "Kithkin",
    "Moonfolk",
    "Aetherborn",
    "Aurochs",
    "Eldrazi",
    "Myr",
    "Samurai",
];

/// Irregular plurals of creature types added since 2009, as today's Oracle text writes them:
/// "Other Rabbits, Bats, Birds, and Mice you control" (Valley Questcaller), "Oxen you control
/// have double strike" (Bruse Tarl, Roving Rancher).
const IRREGULAR_PLURALS: [(&str, &str); 2] = [("Mouse", "Mice"), ("Ox", "Oxen")];

/// English plural of a creature type, as card text writes it ("Elves", "Dwarves", "Werewolves",
/// "Octopuses", "Allies", "Hippogriffs", "Time Lords").
pub fn plural(t: &str) -> String {
    if let Some((_, p)) = IRREGULAR_PLURALS.iter().find(|(s, _)| *s == t) {
        return p.to_string();
    }
    if SAME_PLURAL.contains(&t) || t.ends_with("folk") {
        return t.to_string();
    }
    if t.ends_with("ff") {
        return format!("{t}s");
    }
    if let Some(stem) = t.strip_suffix('f') {
        return format!("{stem}ves");
    }
    if let Some(stem) = t.strip_suffix('y') {
        if !stem.ends_with(['a', 'e', 'o', 'u']) {
            return format!("{stem}ies");
        }
    }
    if t.ends_with('s') || t.ends_with('x') || t.ends_with("ch") || t.ends_with("sh") {
        return format!("{t}es");
    }
    format!("{t}s")
}

/// A parsed type line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct TypeLine {
    pub supertypes: Vec<Supertype>,
    pub card_types: Vec<CardType>,
    pub subtypes: Vec<String>,
}

impl TypeLine {
    pub fn has(&self, t: CardType) -> bool {
        self.card_types.contains(&t)
    }
    /// Whether the type line has the subtype `s`, in any case and with either apostrophe.
    pub fn has_subtype(&self, s: &str) -> bool {
        fn folded(t: &str) -> impl Iterator<Item = char> + '_ {
            t.chars().map(|c| fold_apostrophe(c).to_ascii_lowercase())
        }
        self.subtypes.iter().any(|x| folded(x).eq(folded(s)))
    }
    pub fn basic_land_types(&self) -> impl Iterator<Item = BasicLandType> + '_ {
        self.subtypes
            .iter()
            .filter_map(|s| BasicLandType::from_name(s))
    }
}

impl fmt::Display for TypeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<&str> = self.supertypes.iter().map(|s| s.name()).collect();
        words.extend(self.card_types.iter().map(|t| t.name()));
        f.write_str(&words.join(" "))?;
        if !self.subtypes.is_empty() {
            write!(f, " — {}", self.subtypes.join(" "))?;
        }
        Ok(())
    }
}

/// Why a type line didn't parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TypeLineError(pub String);

impl std::str::FromStr for TypeLine {
    type Err = TypeLineError;

    /// Parses "Legendary Artifact Creature — Golem"; the dash may be `—`, `--` or ` - `.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (left, right) = if let Some((l, r)) = s.split_once('—') {
            (l, Some(r))
        } else if let Some((l, r)) = s.split_once("--") {
            (l, Some(r))
        } else if let Some((l, r)) = s.split_once(" - ") {
            (l, Some(r))
        } else {
            (s, None)
        };
        let mut line = TypeLine::default();
        for word in left.split_whitespace() {
            if let Some(st) = Supertype::from_name(word) {
                if !line.card_types.is_empty() {
                    return Err(TypeLineError(format!(
                        "supertype `{word}` must come before the card types"
                    )));
                }
                line.supertypes.push(st);
            } else if let Some(ct) = CardType::from_name(word) {
                line.card_types.push(ct);
            } else {
                let supertypes: Vec<&str> = Supertype::ALL.iter().map(|t| t.name()).collect();
                let card_types: Vec<&str> = CardType::ALL.iter().map(|t| t.name()).collect();
                return Err(TypeLineError(format!(
                    "`{word}` is not a supertype or card type (before the dash: supertypes {}, then card types {}; Kindred is today's name of Tribal)",
                    supertypes.join(", "),
                    card_types.join(", ")
                )));
            }
        }
        if line.card_types.is_empty() {
            return Err(TypeLineError(
                "a type line needs at least one card type, e.g. `Creature — Bear`".into(),
            ));
        }
        let mut kinds: Vec<SubtypeKind> = Vec::new();
        for kind in line.card_types.iter().map(|t| t.subtype_kind()) {
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let words: Vec<&str> = right.unwrap_or("").split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            // 205.3b: a creature type may be two words (`Time Lord`); the longer reading wins.
            let found = (1..=2.min(words.len() - i)).rev().find_map(|n| {
                let phrase = words[i..i + n].join(" ");
                kinds.iter().find_map(|k| k.find(&phrase)).map(|t| (t, n))
            });
            let found = found.or_else(|| {
                let today = renamed_creature_type(words[i])?;
                kinds.contains(&SubtypeKind::Creature).then_some((today, 1))
            });
            let Some((subtype, n)) = found else {
                return Err(unknown_subtype(words[i], &line.card_types, &kinds));
            };
            line.subtypes.push(subtype.to_string());
            i += n;
        }
        Ok(line)
    }
}

/// Creature types printed between February 2009 and today that the rules have since merged
/// into another (Naga into Snake in 2025): in neither list, but on real cards of older Oracle
/// files, so each is read as today's type (205.3m) and the card says so
/// ([`renamed_creature_type`]).
pub const RENAMED_CREATURE_TYPES: &[(&str, &str)] = &[("Naga", "Snake")];

/// Today's creature type for a merged one ("Naga" is "Snake").
pub fn renamed_creature_type(word: &str) -> Option<&'static str> {
    RENAMED_CREATURE_TYPES
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(word))
        .map(|(_, today)| *today)
}

/// What a type line says that is read as today's rules say it instead: each merged creature
/// type it names, in words for the reader ("`Naga` is read as `Snake` ...").
pub fn readings(type_line: &str) -> Vec<String> {
    let subtypes = type_line.split_once('—').map_or("", |(_, r)| r);
    subtypes
        .split_whitespace()
        .filter_map(|w| {
            renamed_creature_type(w).map(|today| {
                format!("`{w}` is read as `{today}`: the creature types were merged, and today's list has only `{today}` (current 205.3m)")
            })
        })
        .collect()
}

/// The error for a subtype word that none of the card types' lists has: names the card types,
/// the lists checked in both editions and, if the word is a subtype of another kind, which.
fn unknown_subtype(word: &str, card_types: &[CardType], kinds: &[SubtypeKind]) -> TypeLineError {
    let names: Vec<&str> = card_types.iter().map(|t| t.name()).collect();
    let nouns: Vec<&str> = kinds.iter().map(|k| k.noun()).collect();
    let entries: Vec<String> = kinds
        .iter()
        .map(|k| format!("\"{}\"", k.glossary_entry()))
        .collect();
    let rules: Vec<&str> = kinds.iter().map(|k| k.current_rule()).collect();
    let mut message = format!(
        "`{word}` is not a subtype of {}: it is not among the {}s of the February 2009 glossary ({}) or of the current rules ({}, January 16, 2026)",
        names.join(" "),
        nouns.join("s or "),
        entries.join(", "),
        rules.join(", "),
    );
    if let Some(other) = SubtypeKind::ALL
        .into_iter()
        .find(|k| !kinds.contains(k) && k.find(word).is_some())
    {
        let noun = other.noun();
        let article = if noun.starts_with(['a', 'e']) {
            "an"
        } else {
            "a"
        };
        message += &format!("; `{word}` is {article} {noun}");
    }
    TypeLineError(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_supertypes_types_and_subtypes() {
        let t: TypeLine = "Legendary Artifact Creature — Golem".parse().unwrap();
        assert_eq!(t.supertypes, vec![Supertype::Legendary]);
        assert_eq!(t.card_types, vec![CardType::Artifact, CardType::Creature]);
        assert_eq!(t.subtypes, vec!["Golem".to_string()]);
        assert_eq!(t.to_string(), "Legendary Artifact Creature — Golem");
        let l: TypeLine = "Basic Land -- Forest".parse().unwrap();
        assert_eq!(
            l.basic_land_types().collect::<Vec<_>>(),
            vec![BasicLandType::Forest]
        );
    }

    #[test]
    fn rejects_unknown_words_and_misplaced_supertypes() {
        assert!("Creature — Baer".parse::<TypeLine>().is_err());
        assert!("Creatur — Bear".parse::<TypeLine>().is_err());
        assert!("Creature Legendary".parse::<TypeLine>().is_err());
        assert!("— Bear".parse::<TypeLine>().is_err());
        assert!("Enchantment — Wall".parse::<TypeLine>().is_err());
        // Out of scope: the casual variants' card types.
        let err = "Plane — Dominaria".parse::<TypeLine>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "`Plane` is not a supertype or card type (before the dash: supertypes Basic, \
             Legendary, Ongoing, Snow, World, then card types Artifact, Creature, Enchantment, \
             Instant, Land, Planeswalker, Sorcery, Tribal, Battle; Kindred is today's name of Tribal)"
        );
        // Battles are a card type of the current rules, with their one battle type.
        let siege: TypeLine = "Battle — Siege".parse().unwrap();
        assert!(siege.has(CardType::Battle) && siege.has_subtype("Siege"));
        assert!("Battle — Bear".parse::<TypeLine>().is_err());
        assert!("Plane — Dominaria".parse::<TypeLine>().is_err());
    }

    /// Type lines of real cards printed after February 2009, as Oracle writes them today.
    #[test]
    fn modern_type_lines_parse_with_their_parts() {
        let parts = |s: &str| {
            let t: TypeLine = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(t.to_string(), s);
            (t.supertypes, t.card_types, t.subtypes)
        };
        use CardType::*;
        use Supertype::*;
        assert_eq!(
            parts("Creature — Dinosaur"),
            (vec![], vec![Creature], vec!["Dinosaur".into()])
        );
        assert_eq!(
            parts("Artifact — Vehicle"),
            (vec![], vec![Artifact], vec!["Vehicle".into()])
        );
        assert_eq!(
            parts("Enchantment — Aura Curse"),
            (
                vec![],
                vec![Enchantment],
                vec!["Aura".into(), "Curse".into()]
            )
        );
        assert_eq!(
            parts("Enchantment — Saga"),
            (vec![], vec![Enchantment], vec!["Saga".into()])
        );
        assert_eq!(
            parts("Legendary Planeswalker — Nissa"),
            (vec![Legendary], vec![Planeswalker], vec!["Nissa".into()])
        );
        assert_eq!(
            parts("Land — Gate"),
            (vec![], vec![Land], vec!["Gate".into()])
        );
        assert_eq!(
            parts("Creature — Eldrazi Drone"),
            (
                vec![],
                vec![Creature],
                vec!["Eldrazi".into(), "Drone".into()]
            )
        );
        assert_eq!(
            parts("Tribal Instant — Elf"),
            (vec![], vec![Tribal, Instant], vec!["Elf".into()])
        );
        assert_eq!(
            parts("Instant — Trap"),
            (vec![], vec![Instant], vec!["Trap".into()])
        );
        assert_eq!(
            parts("Artifact — Treasure"),
            (vec![], vec![Artifact], vec!["Treasure".into()])
        );
        assert_eq!(
            parts("Snow Artifact Creature — Juggernaut"),
            (
                vec![Snow],
                vec![Artifact, Creature],
                vec!["Juggernaut".into()]
            )
        );
        assert_eq!(
            parts("Legendary Snow Creature — Human Werewolf"),
            (
                vec![Legendary, Snow],
                vec![Creature],
                vec!["Human".into(), "Werewolf".into()]
            )
        );
        assert_eq!(
            parts("Basic Snow Land — Forest"),
            (vec![Basic, Snow], vec![Land], vec!["Forest".into()])
        );
        // Types of 2009 that the current rules dropped stay accepted.
        assert_eq!(
            parts("Creature — Viashino Warrior"),
            (
                vec![],
                vec![Creature],
                vec!["Viashino".into(), "Warrior".into()]
            )
        );
        parts("Creature — Hound");
    }

    #[test]
    fn kindred_ongoing_two_word_types_and_apostrophes() {
        let kindred: TypeLine = "Kindred Instant — Elf".parse().unwrap();
        assert_eq!(
            kindred.card_types,
            vec![CardType::Tribal, CardType::Instant]
        );
        let ongoing: TypeLine = "Ongoing Enchantment".parse().unwrap();
        assert_eq!(ongoing.supertypes, vec![Supertype::Ongoing]);
        // 205.3b, 205.3m: `Time Lord` is one creature type of two words.
        let doctor: TypeLine = "Legendary Creature — Time Lord Doctor".parse().unwrap();
        assert_eq!(doctor.subtypes, vec!["Time Lord", "Doctor"]);
        assert_eq!(doctor.to_string(), "Legendary Creature — Time Lord Doctor");
        assert!("Creature — Time".parse::<TypeLine>().is_err());
        assert!("Creature — Lord".parse::<TypeLine>().is_err());
        // The 2009 lists write `'`, the current ones `’`: both spell the same type.
        let tower: TypeLine = "Land — Urza’s Tower".parse().unwrap();
        let same: TypeLine = "Land — Urza's Tower".parse().unwrap();
        assert_eq!(tower, same);
        assert!(tower.has_subtype("urza’s"));
        let ctan: TypeLine = "Artifact Creature — C'tan".parse().unwrap();
        assert_eq!(ctan.subtypes, vec!["C’tan"]);
        assert_eq!(creature_type_named("C'tan"), Some("C’tan"));
    }

    #[test]
    fn a_merged_creature_type_is_read_as_todays() {
        let line: TypeLine = "Creature — Zombie Naga Archer".parse().unwrap();
        assert_eq!(line.subtypes, vec!["Zombie", "Snake", "Archer"]);
        let said = readings("Creature — Zombie Naga Archer");
        assert_eq!(said.len(), 1);
        assert!(said[0].starts_with("`Naga` is read as `Snake`"), "{said:?}");
        assert!(readings("Creature — Snake").is_empty());
        // Only as a creature type.
        assert!("Artifact — Naga".parse::<TypeLine>().is_err());
    }

    #[test]
    fn unknown_subtypes_name_the_lists_checked() {
        let err = "Creature — Nagas Archer".parse::<TypeLine>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "`Nagas` is not a subtype of Creature: it is not among the creature types of the February \
             2009 glossary (\"Creature Type\") or of the current rules (205.3m, January 16, 2026)"
        );
        let err = "Artifact Creature — Assembly Worker"
            .parse::<TypeLine>()
            .unwrap_err();
        assert!(
            err.to_string().contains(
                "the artifact types or creature types of the February 2009 glossary (\"Artifact \
                 Type\", \"Creature Type\") or of the current rules (205.3g, 205.3m"
            ),
            "{err}"
        );
        let err = "Enchantment — Aura Vehicle"
            .parse::<TypeLine>()
            .unwrap_err();
        assert!(
            err.to_string().ends_with("; `Vehicle` is an artifact type"),
            "{err}"
        );
        let err = "Enchantment — Wall".parse::<TypeLine>().unwrap_err();
        assert!(
            err.to_string().ends_with("; `Wall` is a creature type"),
            "{err}"
        );
    }

    #[test]
    fn every_listed_type_parses_and_the_lists_hold_both_editions() {
        for kind in SubtypeKind::ALL {
            let card_type = CardType::ALL
                .into_iter()
                .find(|t| t.subtype_kind() == kind)
                .unwrap();
            for t in kind.list() {
                let line = format!("{} — {t}", card_type.name());
                let parsed: TypeLine = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                assert_eq!(parsed.subtypes, vec![t.to_string()]);
            }
        }
        let creatures: Vec<&str> = creature_types().collect();
        assert_eq!(creatures.first(), Some(&"Advisor"));
        for t in [
            "Hound",
            "Viashino",
            "Cephalid",
            "Anteater",
            "Dinosaur",
            "Time Lord",
        ] {
            assert!(creatures.contains(&t), "{t}");
        }
        // The 2009 glossary's 216 types come first, in its order.
        assert_eq!(creatures[215], "Zubera");
        assert_eq!(creatures.len(), 216 + 103);
        assert_eq!(SubtypeKind::Land.list().len(), 17);
        assert_eq!(SubtypeKind::Artifact.list().len(), 19);
    }

    #[test]
    fn creature_type_plurals_find_the_type() {
        assert_eq!(creature_type_named("Walls"), Some("Wall"));
        assert_eq!(creature_type_named("Elves"), Some("Elf"));
        assert_eq!(creature_type_named("Faeries"), Some("Faerie"));
        assert_eq!(creature_type_named("Wolves"), Some("Wolf"));
        assert_eq!(creature_type_named("Zombies"), Some("Zombie"));
        assert_eq!(creature_type_named("Foxes"), Some("Fox"));
        assert_eq!(creature_type_named("Wall"), Some("Wall"));
        assert_eq!(creature_type_named("walls"), Some("Wall"));
        assert_eq!(creature_type_named("Tables"), None);
        assert!(creature_types().count() > 300);
    }

    /// Plurals that card text uses, of types added since 2009 and of older ones whose plural was
    /// wrong (Aurochs, Samurai).
    #[test]
    fn plurals_of_new_creature_types() {
        for (singular, plural_form) in [
            ("Dwarf", "Dwarves"),
            ("Werewolf", "Werewolves"),
            ("Octopus", "Octopuses"),
            ("Ally", "Allies"),
            ("Army", "Armies"),
            ("Dinosaur", "Dinosaurs"),
            ("Hippogriff", "Hippogriffs"),
            ("Mouse", "Mice"),
            ("Ox", "Oxen"),
            ("Eldrazi", "Eldrazi"),
            ("Aetherborn", "Aetherborn"),
            ("Samurai", "Samurai"),
            ("Aurochs", "Aurochs"),
            ("Time Lord", "Time Lords"),
        ] {
            assert_eq!(plural(singular), plural_form);
            assert_eq!(creature_type_named(plural_form), Some(singular));
        }
        assert_eq!(creature_type_named("Mouses"), None);
    }
}
