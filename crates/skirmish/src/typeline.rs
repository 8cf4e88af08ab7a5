//! Type lines (205, 212): supertypes, card types and subtypes, checked against the subtype lists
//! of the February 2009 glossary ("updated through the Conflux set") and of the current
//! Comprehensive Rules (205.3g-m), so real cards printed since 2009 load ("Creature — Dinosaur",
//! "Artifact — Vehicle"). "Kindred", the current name of the tribal card type, reads as Tribal.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Supertypes (205.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Supertype {
    Basic,
    Legendary,
    Snow,
    World,
}

/// Card types (205.2).
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
    Tribal,
}

impl CardType {
    pub const ALL: [CardType; 8] = [
        CardType::Artifact,
        CardType::Creature,
        CardType::Enchantment,
        CardType::Instant,
        CardType::Land,
        CardType::Planeswalker,
        CardType::Sorcery,
        CardType::Tribal,
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
        }
    }

    /// The subtypes the current rules add for this card type (205.3g-k).
    fn current_subtypes(self) -> &'static [&'static str] {
        match self {
            CardType::Artifact => &CURRENT_ARTIFACT_TYPES,
            CardType::Enchantment => &CURRENT_ENCHANTMENT_TYPES,
            CardType::Land => &CURRENT_LAND_TYPES,
            CardType::Planeswalker => &CURRENT_PLANESWALKER_TYPES,
            CardType::Instant | CardType::Sorcery => &CURRENT_SPELL_TYPES,
            CardType::Creature | CardType::Tribal => &[],
        }
    }

    /// 214.1: the permanent types.
    pub fn is_permanent_type(self) -> bool {
        !matches!(self, CardType::Instant | CardType::Sorcery)
    }

    /// The subtypes this card type allows (205.3d and the glossary lists).
    fn subtypes(self) -> &'static [&'static str] {
        match self {
            CardType::Artifact => &["Contraption", "Equipment", "Fortification"],
            CardType::Enchantment => &["Aura", "Shrine"],
            CardType::Land => &LAND_TYPES,
            CardType::Planeswalker => &[
                "Ajani", "Bolas", "Chandra", "Elspeth", "Garruk", "Jace", "Liliana", "Sarkhan",
                "Tezzeret",
            ],
            CardType::Instant | CardType::Sorcery => &["Arcane"],
            CardType::Creature | CardType::Tribal => &[],
        }
    }
}

impl Supertype {
    pub const ALL: [Supertype; 4] = [
        Supertype::Basic,
        Supertype::Legendary,
        Supertype::Snow,
        Supertype::World,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Supertype::Basic => "Basic",
            Supertype::Legendary => "Legendary",
            Supertype::Snow => "Snow",
            Supertype::World => "World",
        }
    }
}

const LAND_TYPES: [&str; 13] = [
    "Desert",
    "Forest",
    "Island",
    "Lair",
    "Locus",
    "Mine",
    "Mountain",
    "Plains",
    "Power-Plant",
    "Swamp",
    "Tower",
    "Urza's",
    "Urza’s",
];

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

/// The creature types of the February 2009 glossary, "updated through the Conflux set".
const CREATURE_TYPES: &str = include_str!("creature_types.txt");

/// The creature types of the current rules, 205.3m (January 16, 2026; the two-word "Time Lord"
/// left out, as a type line's subtypes are single words).
const CURRENT_CREATURE_TYPES: &str = include_str!("creature_types_current.txt");

/// Every creature type: the 2009 glossary's in its order, then the current rules' others.
pub fn creature_types() -> impl Iterator<Item = &'static str> {
    all_creature_types().iter().copied()
}

fn all_creature_types() -> &'static [&'static str] {
    static ALL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<&'static str> = CREATURE_TYPES.trim().split(", ").collect();
        let known: std::collections::HashSet<&str> = all.iter().copied().collect();
        all.extend(
            CURRENT_CREATURE_TYPES
                .trim()
                .split(", ")
                .filter(|t| !known.contains(t)),
        );
        all
    })
}

/// Subtypes of the current Comprehensive Rules (January 16, 2026): 205.3g (artifact types),
/// 205.3h (enchantment types), 205.3i (land types), 205.3j (planeswalker types), 205.3k (spell
/// types). Real cards printed after 2009 use them; they are accepted beside the 2009 lists.
const CURRENT_ARTIFACT_TYPES: [&str; 19] = [
    "Attraction",
    "Blood",
    "Bobblehead",
    "Clue",
    "Contraption",
    "Equipment",
    "Food",
    "Fortification",
    "Gold",
    "Incubator",
    "Infinity",
    "Junk",
    "Lander",
    "Map",
    "Powerstone",
    "Spacecraft",
    "Stone",
    "Treasure",
    "Vehicle",
];
const CURRENT_ENCHANTMENT_TYPES: [&str; 12] = [
    "Aura",
    "Background",
    "Cartouche",
    "Case",
    "Class",
    "Curse",
    "Role",
    "Room",
    "Rune",
    "Saga",
    "Shard",
    "Shrine",
];
const CURRENT_LAND_TYPES: [&str; 17] = [
    "Cave",
    "Desert",
    "Forest",
    "Gate",
    "Island",
    "Lair",
    "Locus",
    "Mine",
    "Mountain",
    "Plains",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Swamp",
    "Tower",
    "Town",
    "Urza's",
];
const CURRENT_PLANESWALKER_TYPES: [&str; 79] = [
    "Ajani",
    "Aminatou",
    "Angrath",
    "Arlinn",
    "Ashiok",
    "Bahamut",
    "Basri",
    "Bolas",
    "Calix",
    "Chandra",
    "Comet",
    "Dack",
    "Dakkon",
    "Daretti",
    "Davriel",
    "Dihada",
    "Domri",
    "Dovin",
    "Ellywick",
    "Elminster",
    "Elspeth",
    "Estrid",
    "Freyalise",
    "Garruk",
    "Gideon",
    "Grist",
    "Guff",
    "Huatli",
    "Jace",
    "Jared",
    "Jaya",
    "Jeska",
    "Kaito",
    "Karn",
    "Kasmina",
    "Kaya",
    "Kiora",
    "Koth",
    "Liliana",
    "Lolth",
    "Lukka",
    "Minsc",
    "Mordenkainen",
    "Nahiri",
    "Narset",
    "Niko",
    "Nissa",
    "Nixilis",
    "Oko",
    "Quintorius",
    "Ral",
    "Rowan",
    "Saheeli",
    "Samut",
    "Sarkhan",
    "Serra",
    "Sivitri",
    "Sorin",
    "Szat",
    "Tamiyo",
    "Tasha",
    "Teferi",
    "Teyo",
    "Tezzeret",
    "Tibalt",
    "Tyvar",
    "Ugin",
    "Urza",
    "Venser",
    "Vivien",
    "Vraska",
    "Vronos",
    "Will",
    "Windgrace",
    "Wrenn",
    "Xenagos",
    "Yanggu",
    "Yanling",
    "Zariel",
];
const CURRENT_SPELL_TYPES: [&str; 5] = ["Adventure", "Arcane", "Lesson", "Omen", "Trap"];

/// Finds the creature type a word names, singular or plural ("Walls", "Elves", "Faeries").
pub fn creature_type_named(word: &str) -> Option<&'static str> {
    // Card text asks this for many words of every sentence: singular and plural forms are
    // indexed once, in lower case.
    static BY_WORD: std::sync::OnceLock<std::collections::HashMap<String, &'static str>> =
        std::sync::OnceLock::new();
    let index = BY_WORD.get_or_init(|| {
        let mut m = std::collections::HashMap::new();
        for t in all_creature_types() {
            m.entry(plural(t).to_ascii_lowercase()).or_insert(*t);
        }
        // A singular wins over another type's plural spelled the same.
        for t in all_creature_types() {
            m.insert(t.to_ascii_lowercase(), *t);
        }
        m
    });
    index.get(&word.to_ascii_lowercase()).copied()
}

/// Creature types whose plural is the singular, as card text writes them: "Sheep", "Fish",
/// "Kithkin", and, from the Oracle text of real cards, "other attacking Aurochs", "Other
/// Aetherborn you control", "Eldrazi you control", "five untapped Myr you control", "all Samurai
/// you control".
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

/// Irregular plurals of creature types added since 2009, as today's Oracle text writes them
/// ("... and Mice you control", "Oxen you control have double strike").
const IRREGULAR_PLURALS: [(&str, &str); 2] = [("Mouse", "Mice"), ("Ox", "Oxen")];

/// English plural of a creature type, as card text writes it ("Elves", "Dwarves", "Werewolves",
/// "Octopuses", "Allies", "Hippogriffs").
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
    pub fn has_subtype(&self, s: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(s))
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
            if let Some(st) = Supertype::ALL
                .into_iter()
                .find(|t| t.name().eq_ignore_ascii_case(word))
            {
                if !line.card_types.is_empty() {
                    return Err(TypeLineError(format!(
                        "supertype `{word}` must come before the card types"
                    )));
                }
                line.supertypes.push(st);
            } else if let Some(ct) = CardType::ALL
                .into_iter()
                .find(|t| t.name().eq_ignore_ascii_case(word))
                // Current 205.2a: "kindred" is the tribal card type's current name.
                .or_else(|| {
                    word.eq_ignore_ascii_case("kindred")
                        .then_some(CardType::Tribal)
                })
            {
                line.card_types.push(ct);
            } else {
                return Err(TypeLineError(format!(
                    "`{word}` is not a supertype or card type (expected Basic, Legendary, Snow, World, Artifact, Creature, Enchantment, Instant, Land, Planeswalker, Sorcery or Tribal before the dash)"
                )));
            }
        }
        if line.card_types.is_empty() {
            return Err(TypeLineError(
                "a type line needs at least one card type, e.g. `Creature — Bear`".into(),
            ));
        }
        for word in right.unwrap_or("").split_whitespace() {
            let known = line.card_types.iter().any(|ct| match ct {
                CardType::Creature | CardType::Tribal => creature_types().any(|t| t == word),
                other => {
                    other.subtypes().contains(&word) || other.current_subtypes().contains(&word)
                }
            });
            if !known {
                let kinds: Vec<&str> = line.card_types.iter().map(|t| t.name()).collect();
                return Err(TypeLineError(format!(
                    "`{word}` is not a subtype of {} in the February 2009 rules (glossary, \"Creature Types\", \"Land Types\", ...) nor in the current rules (205.3g-m)",
                    kinds.join(" ")
                )));
            }
            line.subtypes.push(word.to_string());
        }
        Ok(line)
    }
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
        assert_eq!(creature_type_named("Tables"), None);
        assert!(creature_types().count() > 200);
    }
}

#[cfg(test)]
mod current_tests {
    use super::*;

    #[test]
    fn current_subtypes_of_real_cards_parse() {
        for (line, types, subtypes) in [
            (
                "Creature — Dinosaur",
                vec![CardType::Creature],
                vec!["Dinosaur"],
            ),
            (
                "Artifact — Vehicle",
                vec![CardType::Artifact],
                vec!["Vehicle"],
            ),
            (
                "Enchantment — Aura Curse",
                vec![CardType::Enchantment],
                vec!["Aura", "Curse"],
            ),
            (
                "Enchantment — Saga",
                vec![CardType::Enchantment],
                vec!["Saga"],
            ),
            (
                "Legendary Planeswalker — Nissa",
                vec![CardType::Planeswalker],
                vec!["Nissa"],
            ),
            ("Land — Gate", vec![CardType::Land], vec!["Gate"]),
            (
                "Artifact Creature — Eldrazi Drone",
                vec![CardType::Artifact, CardType::Creature],
                vec!["Eldrazi", "Drone"],
            ),
            ("Instant — Trap", vec![CardType::Instant], vec!["Trap"]),
            (
                "Kindred Instant — Elf",
                vec![CardType::Tribal, CardType::Instant],
                vec!["Elf"],
            ),
        ] {
            let t: TypeLine = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(t.card_types, types, "{line}");
            assert_eq!(t.subtypes, subtypes, "{line}");
        }
    }

    #[test]
    fn an_unknown_subtype_names_both_lists() {
        let e = "Creature — Baer".parse::<TypeLine>().unwrap_err();
        assert!(
            e.0.contains("February 2009") && e.0.contains("205.3"),
            "{e}"
        );
        // A creature type is not an artifact type in either edition.
        assert!("Artifact — Dinosaur".parse::<TypeLine>().is_err());
    }

    #[test]
    fn plurals_of_current_creature_types() {
        assert_eq!(creature_type_named("Dinosaurs"), Some("Dinosaur"));
        assert_eq!(creature_type_named("Werewolves"), Some("Werewolf"));
        assert_eq!(creature_type_named("Eldrazi"), Some("Eldrazi"));
        assert_eq!(creature_type_named("Allies"), Some("Ally"));
        assert_eq!(creature_type_named("Mice"), Some("Mouse"));
        assert_eq!(creature_type_named("Oxen"), Some("Ox"));
        assert_eq!(plural("Samurai"), "Samurai");
        assert_eq!(plural("Aurochs"), "Aurochs");
        assert_eq!(plural("Hippogriff"), "Hippogriffs");
    }
}
