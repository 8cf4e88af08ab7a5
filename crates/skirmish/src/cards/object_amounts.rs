//! Amounts that read a number of one object (413.2f): "its power", "that creature's
//! toughness", "the sacrificed creature's power". The grammar reads the words
//! ([`crate::filter::StatOf::It`], [`crate::filter::StatOf::That`]); this pass joins them to the
//! object the sentence means, knowing what the instructions before it and the trigger name:
//!
//! - an instruction about an object ("Target creature gets +X/+0 until end of turn, where X is
//!   its power", "~ deals damage equal to its power") reads "its" as that object, the one that
//!   gets, deals or is put counters on;
//! - an instruction about players ("you gain life equal to its toughness", "its controller
//!   gains life equal to its power") reads "its" as the creature the latest instruction of the
//!   same spell or ability targets ("Exile target creature."), else the creature a trigger is
//!   about ("When enchanted creature dies"), else the object with the ability;
//! - "that creature's" is the latest targeted creature or the creature a trigger is about,
//!   never the object with the ability; a sentence with neither is refused.
//!
//! Targets become objects as the spell or ability resolves, the creature a trigger is about as
//! it triggers, and the sacrificed creature as the cost is paid; each then reads the object as
//! it is or as it last existed (413.2f).

use crate::ability::{Ability, CostPart, Effect, Subject, TargetKind};
use crate::filter::{Filter, StatOf, map_stats, reads_stat_of};

/// Joins every "its" and "that creature's" amount of the ability, and refuses what can't be
/// joined. `targeted` holds the targets of the spell's earlier instructions (a spell's
/// sentences are separate abilities). "The sacrificed creature's" needs a cost that
/// sacrifices one permanent: the ability's own, or for a spell's instruction its additional
/// cost, which is another line ([`spell_reads_sacrificed`] checks the whole card).
pub(super) fn join(ability: &mut Ability, targeted: &[TargetKind]) -> Result<(), String> {
    // A trigger about another creature or permanent ("Whenever a creature you control dies"):
    // "it" in an amount about players is that one. `None`: a trigger whose events disagree.
    let about_other = match ability {
        Ability::Triggered { trigger, .. } => {
            let events = trigger.events();
            let others = events.iter().filter(|t| t.about_another(true)).count();
            if others == 0 {
                Some(false)
            } else if others == events.len() {
                Some(true)
            } else {
                None
            }
        }
        _ => Some(false),
    };
    // "that spell's" names the spell a trigger on playing spells is about, and only that.
    let about_spell = matches!(ability, Ability::Triggered { trigger, .. }
    if trigger.events().iter().all(|t| matches!(
        t,
        crate::ability::Trigger::YouCastSpell { .. } | crate::ability::Trigger::PlayerCastsSpell { .. }
    )));
    if !about_spell && reads_stat_of(ability, |of| *of == StatOf::Spell) {
        return Err("\"that spell's\" names the spell whose playing triggers the ability (\"Whenever you cast an instant or sorcery spell\"), and here there is none".into());
    }
    let sacrifices = matches!(ability, Ability::Spell { .. })
        || matches!(ability, Ability::Activated { cost, .. }
            if cost.parts.iter().any(|p| matches!(p, CostPart::Sacrifice { count: 1, .. })));
    if !sacrifices && reads_stat_of(ability, |of| *of == StatOf::Sacrificed) {
        return Err("\"the sacrificed creature's\" names the one permanent a cost of this ability or spell sacrifices (\"Sacrifice a creature:\", \"As an additional cost to cast ~, sacrifice a creature\"), and here there is none".into());
    }
    // "the power of the creature tapped this way", "the discarded card's converted mana
    // cost": one object a cost of this activated ability taps or discards.
    let parts: Vec<CostPart> = match &*ability {
        Ability::Activated { cost, .. } => cost.parts.clone(),
        _ => Vec::new(),
    };
    let pays = |which: &dyn Fn(&CostPart) -> bool| parts.iter().any(which);
    if reads_stat_of(ability, |of| *of == StatOf::Tapped)
        && !pays(&|p| matches!(p, CostPart::TapUntapped { count: 1, .. }))
    {
        return Err("\"the creature tapped this way\" names the one permanent a cost of this ability taps (\"Tap an untapped creature you control:\"), and here there is none".into());
    }
    if reads_stat_of(ability, |of| *of == StatOf::Discarded)
        && !pays(&|p| {
            matches!(
                p,
                CostPart::Discard { count: 1, .. } | CostPart::DiscardCards { count: 1, .. }
            )
        })
    {
        return Err("\"the discarded card's\" names the one card a cost of this ability discards (\"Discard a creature card:\"), and here there is none".into());
    }
    join_names(ability, about_other, targeted)?;
    if mentions_unjoined(ability) {
        return Err(
            "\"its\" or \"that creature's\" here names an object Skirmish can't tell".into(),
        );
    }
    Ok(())
}

/// Whether an instruction of the spell reads "the sacrificed creature's" number, which needs
/// the additional cost "sacrifice a creature" (one permanent, 409.1f) among the abilities.
pub(super) fn spell_reads_sacrificed(abilities: &[Ability]) -> bool {
    let reads = abilities.iter().any(|a| {
        matches!(a, Ability::Spell { .. }) && reads_stat_of(a, |of| *of == StatOf::Sacrificed)
    });
    reads
        && !abilities
            .iter()
            .any(|a| matches!(a, Ability::AdditionalSacrifice { count: 1, .. }))
}

fn join_names(
    ability: &mut Ability,
    about_other: Option<bool>,
    targeted: &[TargetKind],
) -> Result<(), String> {
    match ability {
        Ability::Spell { effect } => {
            join_effects(std::slice::from_mut(effect), about_other, targeted.to_vec())
        }
        Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => {
            join_effects(effects, about_other, Vec::new())
        }
        Ability::Modal { modes, .. } => {
            for m in modes {
                join_effects(m, about_other, targeted.to_vec())?;
            }
            Ok(())
        }
        Ability::Mode { effects } => join_effects(effects, about_other, targeted.to_vec()),
        // A static ability's "its" is the object that has it; nothing earlier is targeted or
        // revealed.
        other if reads_stat_of(other, |of| *of == StatOf::Revealed) => Err(REVEALED_ERROR.into()),
        other => {
            let mut fail = None;
            *other = map_stats(other, &mut |of| match of {
                StatOf::It => Some(StatOf::This),
                StatOf::That => {
                    fail = Some(());
                    None
                }
                _ => None,
            });
            match fail {
                Some(()) => Err(THAT_ERROR.into()),
                None => Ok(()),
            }
        }
    }
}

const REVEALED_ERROR: &str = "\"that card's\" names the card an earlier instruction of the ability revealed or moved from the top of a library, and here there is none";

const THAT_ERROR: &str = "\"that creature's\" names a creature an earlier instruction targets or a trigger is about, and here there is none";

fn join_effects(
    effects: &mut [Effect],
    about_other: Option<bool>,
    mut targeted: Vec<TargetKind>,
) -> Result<(), String> {
    let mut result = Ok(());
    // After "reveal the top card of your library" (or exiling or milling it), "its" is that
    // card.
    let mut revealed = false;
    for e in effects {
        super::effects::for_each_leaf(e, &mut |leaf| {
            for k in crate::ability::targets_of(std::iter::once(&*leaf)) {
                targeted.push(k);
            }
            if !revealed && reads_stat_of(&*leaf, |of| *of == StatOf::Revealed) {
                result = Err(REVEALED_ERROR.to_string());
            }
            if matches!(
                leaf,
                Effect::RevealTop { .. }
                    | Effect::ExileTop {
                        count: crate::filter::Amount::Number(1),
                        ..
                    }
                    | Effect::Mill {
                        count: crate::filter::Amount::Number(1),
                        ..
                    }
            ) {
                revealed = true;
            }
            if result.is_err() || !mentions_unjoined(leaf) {
                return;
            }
            let latest = targeted.iter().rev().find(|k| k.is_creature()).cloned();
            let triggering = match about_other {
                Some(true) => Some(StatOf::Triggering),
                Some(false) => None,
                None => {
                    result = Err("\"its\" after events that name different objects (\"~ or another creature\") names no one object".into());
                    return;
                }
            };
            let antecedent = latest
                .clone()
                .map(|k| StatOf::Target(Box::new(k)))
                .or(triggering);
            let its = if revealed {
                StatOf::Revealed
            } else {
                actor(leaf)
                    .or_else(|| antecedent.clone())
                    .unwrap_or(StatOf::This)
            };
            let mut fail = false;
            *leaf = map_stats(leaf, &mut |of| match of {
                StatOf::It => Some(its.clone()),
                StatOf::That => {
                    if antecedent.is_none() {
                        fail = true;
                    }
                    antecedent.clone()
                }
                _ => None,
            });
            if fail {
                result = Err(THAT_ERROR.to_string());
            }
        });
    }
    result
}

/// The object an instruction is about, if it is one object: what deals the damage, gets,
/// becomes, or has counters put on it.
fn actor(e: &Effect) -> Option<StatOf> {
    match e {
        Effect::DealDamage { .. } => return Some(StatOf::This),
        Effect::DealDamageBy { by, .. } => return one_object(by),
        _ => {}
    }
    one_object(e.subject()?)
}

fn one_object(s: &Subject) -> Option<StatOf> {
    match s {
        Subject::This => Some(StatOf::This),
        Subject::Each(Filter::Triggering) => Some(StatOf::Triggering),
        // Any permanent the instruction targets: "target noncreature artifact becomes an
        // artifact creature with power and toughness each equal to its converted mana cost".
        s => s
            .target()
            .filter(|k| {
                !matches!(
                    k,
                    TargetKind::Player { .. }
                        | TargetKind::CreatureOrPlayer
                        | TargetKind::Spell
                        | TargetKind::Many { players: true, .. }
                        | TargetKind::CardInYourGraveyard { .. }
                )
            })
            .map(|k| StatOf::Target(Box::new(k))),
    }
}

/// Whether anything in the value names an object amount not yet joined ("its", "that
/// creature's").
pub(super) fn mentions_unjoined<T>(value: &T) -> bool
where
    T: serde::Serialize + serde::de::DeserializeOwned + Clone,
{
    reads_stat_of(value, |of| matches!(of, StatOf::It | StatOf::That))
}
