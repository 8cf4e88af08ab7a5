//! "~ enters the battlefield with ..." (2009: "comes into play with"): counters a permanent
//! comes into play with, as part of the event that puts it there (410.10e, 419.1b).
//!
//! ```text
//! enters   := ["if" condition ","] ("~" | "it") ("comes into play" | "enters the battlefield"
//!             | "enters") "with" part ("and with" part)* ["and" counters]
//!             [("if" | "unless") condition]
//! part     := counters | keyword | quoted ability
//! counters := count kind ("counter" | "counters") "on it"
//!             ["equal to" amount | ", where X is" amount] ["for each" counted]
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

/// The static abilities, if the sentence is one: counters, abilities, or both ("If ~ was
/// kicked, it enters the battlefield with two +1/+1 counters on it and with first strike.").
pub fn enters_with(p: &mut Parser) -> Option<Vec<Ability>> {
    p.attempt(|p| {
        // "If ~ was kicked, it enters ...": the condition may come first.
        let lead = p.attempt(|p| {
            p.eat("if").then_some(())?;
            let c = p.before_comma(phrase::condition)?;
            p.eat(",").then_some(c)
        });
        p.eat_one_of(&["~", "it"])?;
        p.eat_one_of(&["comes into play", "enters the battlefield", "enters"])?;
        p.eat("with").then_some(())?;
        let mut counters = Vec::new();
        let mut keywords = Vec::new();
        let mut abilities = Vec::new();
        loop {
            if let Some(c) = p.attempt(counters_part) {
                counters.push(c);
            } else if let Some(k) = super::statics::keyword_ability(p) {
                keywords.push(k);
            } else {
                // "with \"Pay 3 life: Regenerate ~.\"": the quotes' "~" is the permanent
                // itself, which has the ability.
                let (mut a, _) = super::quoted::quoted_abilities(p)?;
                abilities.append(&mut a);
            }
            // "... for each other red creature you control and a +1/+1 counter on it for each
            // other green creature you control": more counters with "and" alone.
            if p.attempt(|p| p.eat("and with").then_some(())).is_none() {
                match p.attempt(|p| {
                    p.eat("and").then_some(())?;
                    counters_part(p)
                }) {
                    Some(c) => {
                        counters.push(c);
                        break;
                    }
                    None => break,
                }
            }
        }
        // "unless <condition>": with the counters only if the condition doesn't hold.
        let trailing = p.attempt(|p| {
            let unless = p.eat_one_of(&["if", "unless"])? == 1;
            let c = phrase::condition(p)?;
            Some(if unless {
                crate::filter::Condition::Not { of: Box::new(c) }
            } else {
                c
            })
        });
        p.finish()?;
        let condition = match (lead, trailing) {
            (Some(_), Some(_)) => return None,
            (a, b) => a.or(b),
        };
        let mut out: Vec<Ability> = counters
            .into_iter()
            .map(|(counter, count)| Ability::EntersWithCounters {
                counter,
                count,
                condition: condition.clone(),
            })
            .collect();
        abilities.extend(
            keywords
                .into_iter()
                .map(|keyword| Ability::Keyword { keyword }),
        );
        if !abilities.is_empty() {
            out.push(Ability::EntersWithAbilities {
                abilities,
                condition,
            });
        }
        Some(out)
    })
}

/// "Each other Rogue creature you control enters the battlefield with an additional +1/+1
/// counter on it", "... an additional X +1/+1 counters on it, where X is <amount>": other
/// permanents the description fits (read from this one; "other" is other than it) come into
/// play with more counters (419.1b).
pub fn others_enter_with(p: &mut Parser) -> Option<Vec<Ability>> {
    p.attempt(|p| {
        p.eat("each").then_some(())?;
        let other = p.eat("other");
        let mut filter = phrase::filter(p)?;
        if other {
            filter = crate::filter::Filter::This.negated().and(filter);
        }
        p.eat_one_of(&["comes into play", "enters the battlefield", "enters"])?;
        p.eat("with an additional").then_some(())?;
        let count = if p.eat("X") {
            Amount::X
        } else {
            p.attempt(|p| phrase::number(p).map(i64::from))
                .map_or(Amount::Number(1), Amount::Number)
        };
        let Some(counter) = phrase::counter_kind(p) else {
            return p.expected("a kind of counter such as \"+1/+1\"");
        };
        p.eat_one_of(&["counters on it", "counter on it"])?;
        let count = match count {
            Amount::X => {
                p.eat(",");
                p.eat("where X is").then_some(())?;
                phrase::amount(p)?
            }
            count => count,
        };
        p.finish()?;
        Some(vec![Ability::OthersEnterWithCounters {
            filter,
            counter,
            count,
        }])
    })
}

/// "two +1/+1 counters on it", "X +1/+1 counters on it, where X is <amount>", "a number of
/// +1/+1 counters on it equal to <amount>", "a +1/+1 counter on it for each <counted>".
fn counters_part(p: &mut Parser) -> Option<(crate::model::Counter, Amount)> {
    // "a number of": the amount follows "on it" ("equal to ...").
    let number_of = p.eat("a number of");
    let count = if number_of {
        Amount::X
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
    let count = match count {
        _ if number_of => {
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
    Some((counter, count))
}
