//! Characteristic-defining abilities of power and toughness (208.2, 405.2): the sentences a
//! card with `*` in its power/toughness box uses to say what the `*` is.
//!
//! ```text
//! defines-pt := ("~'s" | "its") ( "power and toughness are each equal to" amount
//!             | "power is equal to" amount ["and its toughness is equal to" ("that number plus" number | amount)]
//!             | "toughness is equal to" amount ) "."
//! ```

use super::parser::Parser;
use super::phrase::{amount, number};
use crate::ability::Ability;
use crate::filter::Amount;

/// Reads a sentence that defines the power and/or toughness of the card it is printed on.
pub fn defines_pt(p: &mut Parser) -> Option<Ability> {
    p.attempt(|p| {
        p.eat_one_of(&["~'s", "its"])?;
        let ability = if p.eat("power and toughness are each equal to") {
            let a = amount(p)?;
            Ability::DefinesPt {
                power: Some(a.clone()),
                toughness: Some(a),
            }
        } else if p.eat("power is equal to") {
            let power = amount(p)?;
            let toughness = p.attempt(|p| {
                p.eat("and its toughness is equal to").then_some(())?;
                // "... and its toughness is equal to that number plus 1"
                if p.eat("that number plus") {
                    let n = number(p)?;
                    return Some(Amount::Plus(
                        Box::new(power.clone()),
                        Box::new(Amount::Number(i64::from(n))),
                    ));
                }
                amount(p)
            });
            Ability::DefinesPt {
                power: Some(power),
                toughness,
            }
        } else if p.eat("toughness is equal to") {
            Ability::DefinesPt {
                power: None,
                toughness: Some(amount(p)?),
            }
        } else {
            return p.expected("\"power and toughness are each equal to\", \"power is equal to\" or \"toughness is equal to\"");
        };
        // The value is read in layer 6a, before any power or toughness is known, so an amount
        // that reads powers or toughnesses would see the values of the last change instead
        // (418.5c-d dependency is not modelled): refused rather than answered wrong.
        if format!("{ability:?}").contains("Power") || format!("{ability:?}").contains("Toughness") {
            return p.expected("an amount that doesn't read power or toughness");
        }
        p.finish()?;
        Some(ability)
    })
}
