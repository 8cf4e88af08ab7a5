//! "~ enters the battlefield with ..." (2009: "comes into play with"): counters a permanent
//! comes into play with, as part of the event that puts it there (410.10e, 419.1b).
//!
//! ```text
//! enters   := ("~" | "it") ("comes into play" | "enters the battlefield" | "enters") "with"
//!             count kind ("counter" | "counters") "on it" ["equal to" amount | ", where X is" amount]
//!             ["for each" counted] ["if" condition]
//! count    := "a" | "an" | number | "X" | "a number of" (then "equal to" amount)
//! kind     := "+1/+1" | "-1/-1" | "+X/+Y" ("+1/+0", "-0/-1": 200.10a) | a word ("charge")
//! ```
//!
//! The count, the kind and the condition are independent phrases: "X +1/+1 counters"
//! (Apocalypse Hydra: the X of its spell), "a +1/+1 counter on it for each other creature you
//! control", "two +1/+1 counters on it if a creature died this turn" (morbid) all compose.

use super::parser::Parser;
use super::phrase;
use crate::ability::Ability;
use crate::filter::Amount;

/// The static ability, if the sentence is one.
pub fn enters_with(p: &mut Parser) -> Option<Ability> {
    p.attempt(|p| {
        p.eat_one_of(&["~", "it"])?;
        p.eat_one_of(&["comes into play", "enters the battlefield", "enters"])?;
        p.eat("with").then_some(())?;
        let count = if p.eat("a number of") {
            // The amount follows "on it" ("equal to ..."); 0 marks it until then.
            Amount::Number(0)
        } else if p.eat_one_of(&["a", "an"]).is_some() {
            Amount::Number(1)
        } else if p.eat("X") {
            Amount::X
        } else {
            Amount::Number(i64::from(phrase::number(p)?))
        };
        let Some(counter) = phrase::counter_kind(p) else {
            return p.expected("a kind of counter such as \"+1/+1\"");
        };
        p.eat_one_of(&["counters on it", "counter on it"])?;
        // "with a number of +1/+1 counters on it equal to <amount>", "with X +1/+1 counters on
        // it, where X is <amount>"
        let count = match count {
            Amount::Number(0) => {
                p.eat("equal to").then_some(())?;
                phrase::amount(p)?
            }
            Amount::X => p
                .attempt(|p| {
                    p.eat(",");
                    p.eat("where X is").then_some(())?;
                    phrase::amount(p)
                })
                .unwrap_or(Amount::X),
            count => count,
        };
        let count = match p.attempt(|p| {
            p.eat("for each").then_some(())?;
            phrase::counted(p)
        }) {
            Some(per) => match count {
                Amount::Number(n) => Amount::Times(n, Box::new(per)),
                _ => return None,
            },
            None => count,
        };
        let condition = p.attempt(|p| {
            p.eat("if").then_some(())?;
            phrase::condition(p)
        });
        p.finish()?;
        Some(Ability::EntersWithCounters {
            counter,
            count,
            condition,
        })
    })
}
