//! "~ enters the battlefield with ..." (2009: "comes into play with"): counters a permanent
//! comes into play with, as part of the event that puts it there (410.10e, 419.1b).
//!
//! ```text
//! enters   := ("~" | "it") ("comes into play" | "enters the battlefield" | "enters") "with"
//!             count kind ("counter" | "counters") "on it" ["for each" counted] ["if" condition]
//! count    := "a" | "an" | number | "X"
//! kind     := "+1/+1" | "-1/-1" | a word ("charge", "divinity")
//! ```
//!
//! The count, the kind and the condition are independent phrases: "X +1/+1 counters"
//! (Apocalypse Hydra: the X of its spell), "a +1/+1 counter on it for each other creature you
//! control", "two +1/+1 counters on it if a creature died this turn" (morbid) all compose.

use super::parser::Parser;
use super::phrase;
use crate::ability::Ability;
use crate::filter::Amount;
use crate::model::Counter;

/// The static ability, if the sentence is one.
pub fn enters_with(p: &mut Parser) -> Option<Ability> {
    p.attempt(|p| {
        p.eat_one_of(&["~", "it"])?;
        p.eat_one_of(&["comes into play", "enters the battlefield", "enters"])?;
        p.eat("with").then_some(())?;
        let count = if p.eat_one_of(&["a", "an"]).is_some() {
            Amount::Number(1)
        } else if p.eat("X") {
            Amount::X
        } else {
            Amount::Number(i64::from(phrase::number(p)?))
        };
        let kind = p.next_word()?;
        let counter = match kind.as_str() {
            "+1/+1" | "-1/-1" => Counter::parse(&kind),
            w if w.chars().all(|c| c.is_ascii_lowercase()) && !w.is_empty() => Counter::parse(w),
            _ => return p.expected("a kind of counter such as \"+1/+1\""),
        };
        p.eat_one_of(&["counters on it", "counter on it"])?;
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
