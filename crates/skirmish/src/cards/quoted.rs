//! Quoted abilities (402.9): "Enchanted land has \"{T}: Target creature can't block this
//! turn.\"", "target creature gains \"This creature can't attack or block unless ...\" until
//! end of turn".
//!
//! The words inside the quotes are an ability of the object that gets them, so they are read
//! by the same grammar as a printed line of a permanent; "this creature" (or "this permanent",
//! "this land", ...) in them means that object, as `~` means the card a printed ability is on.

use super::parser::Parser;
use crate::ability::Ability;
use crate::typeline::{CardType, TypeLine};
use std::borrow::Cow;

/// What a quoted ability may call the object that has it.
const SELF_WORDS: &[&str] = &[
    "this creature",
    "this permanent",
    "this land",
    "this artifact",
    "this enchantment",
];

/// Reads a quoted ability at the cursor: its abilities, and whether the card's own name (`~`,
/// after the card's name was replaced) is in the quotes. Inside quotes `~` is read as the
/// object that has the ability, which is right only when the card gives the ability to
/// itself (Johan gaining "Johan can't attack"): the caller, who knows who gets it, decides.
pub(super) fn quoted_abilities(p: &mut Parser) -> Option<(Vec<Ability>, bool)> {
    quoted_abilities_of(p, None)
}

/// [`quoted_abilities`] for an object with a name of its own (a token "named Cloud Sprite"),
/// which the quotes may call it by.
pub(super) fn quoted_abilities_of(
    p: &mut Parser,
    name: Option<&str>,
) -> Option<(Vec<Ability>, bool)> {
    p.attempt(|p| {
        let mut text = p.quoted()?;
        if let Some(name) = name {
            text = text.replace(name, "this creature");
        }
        match compile(&text) {
            Ok(abilities) => Some((abilities, names_card(&text))),
            Err(why) => p.expected_text(Cow::Owned(format!(
                "a quoted ability Skirmish understands (inside the quotes, {why})"
            ))),
        }
    })
}

/// Whether the text says `~`.
fn names_card(text: &str) -> bool {
    text.split_whitespace().any(|w| {
        w.trim_end_matches(['.', ',', ':', '\''])
            .trim_end_matches("'s")
            == "~"
    })
}

/// Compiles the words inside the quotes as one line of a permanent's text.
pub(super) fn compile(text: &str) -> Result<Vec<Ability>, String> {
    let mut text = self_words(text);
    // A keyword in quotes: "bands with other legendary creatures." (Mountain Stronghold).
    if let Ok((_, keywords)) = super::keywords::keyword(text.trim().trim_end_matches('.')) {
        return Ok(keywords);
    }
    // "Johan can't attack": a quoted static ability may end without a period.
    if !text.ends_with('.') {
        text.push('.');
    }
    let permanent = TypeLine {
        supertypes: Vec::new(),
        card_types: vec![CardType::Creature],
        subtypes: Vec::new(),
    };
    let compiled =
        super::explain_line("~", &text, &permanent, &mut Vec::new()).map_err(|e| e.message)?;
    let mut out = Vec::new();
    for piece in compiled {
        for a in piece.abilities {
            match a {
                Ability::Static { .. }
                | Ability::Combat { .. }
                | Ability::Triggered { .. }
                | Ability::Activated { .. } => out.push(a),
                _ => {
                    return Err(format!(
                        "\"{}\" is not a static, triggered or activated ability",
                        piece.text
                    ));
                }
            }
        }
    }
    if out.is_empty() {
        return Err("no ability".into());
    }
    Ok(out)
}

/// "this creature" and its kin, at the start of a sentence or inside one, as `~`.
fn self_words(text: &str) -> String {
    let mut out = text.to_string();
    for w in SELF_WORDS {
        let capital = format!("T{}", &w[1..]);
        out = out.replace(&capital, "~").replace(w, "~");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_creature_is_the_object_with_the_ability() {
        assert_eq!(
            self_words("When this creature attacks, target creature blocks it this turn if able."),
            "When ~ attacks, target creature blocks it this turn if able."
        );
        assert_eq!(self_words("This creature can't attack."), "~ can't attack.");
    }

    #[test]
    fn the_card_name_inside_quotes_is_noticed() {
        assert!(names_card("~ can't attack."));
        assert!(names_card("Whenever ~'s controller attacks, draw."));
        assert!(!names_card("~x can't attack."));
        assert!(!names_card("This creature can't attack."));
        assert!(compile("~ can't attack.").is_ok());
    }

    #[test]
    fn an_instruction_is_not_an_ability() {
        let err = compile("Draw a card.").unwrap_err();
        assert!(!err.is_empty());
    }
}
