//! Landwalk (502.6; current 702.14): which lands a landwalk names, and whether the defending
//! player controls one.
//!
//! 502.6a makes "landwalk" and "snow landwalk" generic terms: the ability names a land subtype
//! ("islandwalk", "desertwalk"), a supertype ("legendary landwalk"), or a snow land of a subtype
//! ("snow swampwalk", 502.6c). The current rules add the negated supertype ("nonbasic
//! landwalk", current 702.14c); it was printed long before, so it is read under both editions.

use crate::model::{Game, Object, PlayerId};
use crate::typeline::{BasicLandType, CardType, Supertype};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The lands one landwalk ability names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Walk {
    /// "islandwalk": a land of that basic land type (502.6b).
    Basic(BasicLandType),
    /// "snow forestwalk": a snow land of that basic land type (502.6c).
    Snow(BasicLandType),
    /// "desertwalk": a land with the subtype Desert (502.6a: any subtype).
    Desert,
    /// "legendary landwalk": a legendary land (502.6a: a supertype).
    Legendary,
    /// "nonbasic landwalk": a land without the supertype basic (current 702.14c).
    Nonbasic,
    /// Every landwalk at once, as descriptions name them: "creatures with landwalk
    /// abilities", "loses all landwalk abilities" (502.6c: snow landwalk included). No
    /// creature has this one; it is what a description asks for.
    Any,
}

impl Walk {
    /// Whether this land is one the ability names.
    pub fn names(self, land: &Object) -> bool {
        let line = land.type_line();
        match self {
            Walk::Basic(t) => line.has_subtype(t.name()),
            Walk::Snow(t) => {
                line.has_subtype(t.name()) && line.supertypes.contains(&Supertype::Snow)
            }
            Walk::Desert => line.has_subtype("Desert"),
            Walk::Legendary => line.supertypes.contains(&Supertype::Legendary),
            Walk::Nonbasic => !line.supertypes.contains(&Supertype::Basic),
            Walk::Any => false,
        }
    }

    /// 502.6b: whether a creature with this landwalk is unblockable against `defending`,
    /// who controls at least one land it names.
    pub fn unblockable(self, game: &Game, defending: PlayerId) -> bool {
        game.in_play()
            .any(|p| p.controller == defending && p.is(CardType::Land) && self.names(p))
    }

    /// Whether a description naming `self` ("landwalk abilities": [`Walk::Any`]) takes in
    /// the ability `other`.
    pub fn covers(self, other: Walk) -> bool {
        self == other || self == Walk::Any
    }

    /// Reads the keyword's words: "forestwalk", "snow swampwalk", "desertwalk", "legendary
    /// landwalk", "nonbasic landwalk" (given as the words before and the word ending in
    /// "walk", lowercase).
    pub fn from_words(before: Option<&str>, word: &str) -> Option<Walk> {
        let stem = word.strip_suffix("walk")?;
        match (before, stem) {
            (None, "desert") => Some(Walk::Desert),
            (None, "land") => Some(Walk::Any),
            (Some("legendary"), "land") => Some(Walk::Legendary),
            (Some("nonbasic"), "land") => Some(Walk::Nonbasic),
            (Some("snow"), t) => BasicLandType::from_name(t).map(Walk::Snow),
            (None, t) => BasicLandType::from_name(t).map(Walk::Basic),
            _ => None,
        }
    }
}

impl fmt::Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Walk::Basic(t) => write!(f, "{}walk", t.name().to_lowercase()),
            Walk::Snow(t) => write!(f, "snow {}walk", t.name().to_lowercase()),
            Walk::Desert => f.write_str("desertwalk"),
            Walk::Legendary => f.write_str("legendary landwalk"),
            Walk::Nonbasic => f.write_str("nonbasic landwalk"),
            Walk::Any => f.write_str("landwalk"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_and_writes_it_back() {
        for (before, word) in [
            (None, "islandwalk"),
            (Some("snow"), "forestwalk"),
            (None, "desertwalk"),
            (Some("legendary"), "landwalk"),
            (Some("nonbasic"), "landwalk"),
            (None, "landwalk"),
        ] {
            let w = Walk::from_words(before, word).expect(word);
            let text = before.map_or(word.to_string(), |b| format!("{b} {word}"));
            assert_eq!(w.to_string(), text);
        }
        assert_eq!(Walk::from_words(Some("snow"), "desertwalk"), None);
        assert_eq!(Walk::from_words(None, "sidewalk"), None);
    }

    #[test]
    fn any_covers_every_landwalk_and_nothing_else_covers_another() {
        assert!(Walk::Any.covers(Walk::Snow(BasicLandType::Forest)));
        assert!(!Walk::Basic(BasicLandType::Forest).covers(Walk::Snow(BasicLandType::Forest)));
        assert!(Walk::Desert.covers(Walk::Desert));
    }
}
