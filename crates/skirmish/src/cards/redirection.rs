//! Redirection sentences (419.6c), as instructions and as static abilities.
//!
//! ```text
//! static      := ["all"] kind "damage that would be dealt" part* "is dealt to" onto "instead"
//! instruction := ["all" | "the next" (number | "X")] kind "damage that would be dealt" part*
//!                "is dealt to" (onto | target) "instead"
//! part        := "to" recipients | "by" sources | "to and dealt by" one | duration
//! onto        := "~" | "enchanted creature" | "you"
//! ```
//!
//! The reach is a prevention effect's (`super::prevention::dealt_parts`): any kind, any
//! recipients, any sources. An instruction names at most one thing, in its reach or as where
//! the damage goes; it is fixed as the effect begins, with "~".

use super::parser::Parser;
use super::phrase;
use super::prevention::{Named as Party, Read, dealt_parts, kind};
use crate::ability::{Effect, Subject};
use crate::filter::{Amount, Filter};
use crate::prevention::{Prevention, Recipients, Side};
use crate::redirection::{Named, Onto, Redirection};

/// "all", "the next 3", "the next X": all the damage the reach meets, or a shield of that
/// much.
fn how_much(p: &mut Parser) -> Option<Option<Amount>> {
    if p.eat("the next") {
        if p.eat("X") {
            return Some(Some(Amount::X));
        }
        return Some(Some(Amount::Number(i64::from(phrase::number(p)?))));
    }
    p.eat("all");
    Some(None)
}

/// The sentence up to where the damage goes: how much, the kind, and the reach's parts.
fn reach(p: &mut Parser) -> Option<(Option<Amount>, Read)> {
    let next = how_much(p)?;
    let mut r = Read {
        prevention: Prevention {
            kind: kind(p),
            ..Prevention::default()
        },
        ..Read::default()
    };
    p.eat("damage that would be dealt").then_some(())?;
    dealt_parts(p, &mut r)?;
    p.eat("is dealt to").then_some(())?;
    Some((next, r))
}

/// Where the damage goes, named without a target.
fn onto(p: &mut Parser) -> Option<Onto> {
    Some(match p.eat_one_of(&["~", "enchanted creature", "you"])? {
        0 => Onto::This,
        1 => Onto::Enchanted,
        _ => Onto::You,
    })
}

/// The static ability: a redirection for as long as its object is in play. "It" is that
/// object; nothing is a target, and it lasts no duration of its own.
pub fn static_redirection(p: &mut Parser) -> Option<Redirection> {
    p.attempt(|p| {
        let (next, mut r) = reach(p)?;
        if next.is_some() || r.duration.is_some() {
            return None;
        }
        if let Some((s, side, back)) = r.one.take() {
            // Only "it" and "that creature", meaning the object itself.
            if s != Subject::TargetCreature || !back {
                return p.expected("\"~\" or a description (a static ability has no target)");
            }
            r.put(side, Party::Fits(Recipients::objects(Filter::This)))?;
        }
        let onto = onto(p)?;
        p.eat("instead").then_some(())?;
        Some(Redirection {
            reach: r.prevention,
            onto,
        })
    })
}

/// The instruction: a redirection from a resolving spell or ability, which must say how long
/// it lasts. Returns the effect and whether it named "it" or "that creature".
pub fn instruction(p: &mut Parser) -> Option<(Effect, bool)> {
    p.attempt(|p| {
        let (next, r) = reach(p)?;
        let Some(duration) = r.duration else {
            return p.expected("how long it lasts (\"this turn\")");
        };
        let (onto, target) = match p.attempt(onto) {
            Some(o) => (o, None),
            None => {
                let (s, back) = super::effects::target(p)?;
                let fits = matches!(
                    s,
                    Subject::TargetCreature
                        | Subject::Target(_)
                        | Subject::TargetCreatureOrPlayer
                        | Subject::TargetPlayer { .. }
                );
                if !fits || back {
                    return None;
                }
                (Onto::This, Some(s))
            }
        };
        p.eat("instead").then_some(())?;
        let (what, named, back) = match (r.one, target) {
            // One target an instruction: the engine keeps one per spell or ability here.
            (Some(_), Some(_)) => return None,
            (Some((s, side, back)), None) => (Some(s), Named::Reach(side), back),
            (None, Some(s)) => (Some(s), Named::Onto, false),
            (None, None) => (None, Named::Reach(Side::To), false),
        };
        Some((
            Effect::Redirect {
                what,
                named,
                redirection: Redirection {
                    reach: r.prevention,
                    onto,
                },
                next,
                duration,
            },
            back,
        ))
    })
}
