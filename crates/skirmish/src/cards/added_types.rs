//! "a white Angel in addition to its other colors and types", "an artifact in addition to its
//! other types", "a Pirate in addition to its other creature types": what a permanent is
//! besides what it was. The types named are added to its own (212.1c), and the colors to its
//! colors only when the words say "colors" (otherwise a color named would replace them, which
//! these words never mean, so that reading is refused).

use super::parser::Parser;
use super::phrase;
use crate::mana::Color;
use crate::typeline::CardType;

/// What "in addition to its other ..." adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Added {
    pub colors: Vec<Color>,
    pub card_types: Vec<CardType>,
    pub subtypes: Vec<String>,
}

/// The card types a permanent can be given besides its own.
const CARD_TYPES: [(&str, CardType); 4] = [
    ("artifact", CardType::Artifact),
    ("enchantment", CardType::Enchantment),
    ("creature", CardType::Creature),
    ("land", CardType::Land),
];

/// "a(n) [<color> [and <color>]...] <type>... in addition to [its|their] other [colors and
/// types|creature types|types]", the article included.
pub(super) fn added(p: &mut Parser) -> Option<Added> {
    p.attempt(|p| {
        phrase::article(p).then_some(())?;
        let colors = phrase::colors(p);
        let (mut card_types, mut subtypes) = (Vec::new(), Vec::new());
        loop {
            if let Some(t) = p.attempt(|p| {
                let w = p.next_word()?;
                if !w.chars().next().is_some_and(char::is_uppercase) {
                    return None;
                }
                crate::typeline::creature_type_named(&w)
            }) {
                subtypes.push(t.to_string());
            } else if let Some(i) = p.eat_one_of(&CARD_TYPES.map(|(w, _)| w)) {
                card_types.push(CARD_TYPES[i].1);
            } else {
                break;
            }
        }
        (!card_types.is_empty() || !subtypes.is_empty()).then_some(())?;
        p.eat("in addition to").then_some(())?;
        p.eat_one_of(&["its", "their"])?;
        p.eat("other").then_some(())?;
        match p.eat_one_of(&["colors and types", "creature types", "types"])? {
            // "in addition to its other creature types": creature types only.
            1 if !card_types.is_empty() || !colors.is_empty() => return None,
            // A color named without "colors" would set the colors: not these words' meaning.
            2 if !colors.is_empty() => return None,
            _ => {}
        }
        Some(Added {
            colors,
            card_types,
            subtypes,
        })
    })
}

/// The words for what is added, as [`added`] reads them.
pub(crate) fn words(colors: &[Color], card_types: &[CardType], subtypes: &[String]) -> String {
    let colors: Vec<&str> = colors.iter().map(|c| c.name()).collect();
    let mut named = Vec::new();
    if !colors.is_empty() {
        named.push(colors.join(" and "));
    }
    named.extend(subtypes.iter().cloned());
    named.extend(card_types.iter().map(|t| t.name().to_ascii_lowercase()));
    let other = if colors.is_empty() {
        "types"
    } else {
        "colors and types"
    };
    format!(
        "{} in addition to its other {other}",
        crate::view::with_article(&named.join(" "))
    )
}
