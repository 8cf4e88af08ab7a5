//! "Those creatures" after an instruction about every creature a description fits
//! ("Creatures your opponents control get -1/-1 until end of turn. Those creatures attack this
//! turn if able."): the later instruction acts on the same creatures.

use crate::ability::{Effect, Subject, TargetKind};
use crate::filter::Filter;

/// Whether whether an object fits the description could change with its power or toughness.
fn reads_power(f: &Filter) -> bool {
    match f {
        Filter::Power(..) | Filter::Toughness(..) | Filter::ToughnessVsPower(_) => true,
        Filter::All(v) | Filter::Any(v) => v.iter().any(reads_power),
        Filter::Not(f) => reads_power(f),
        _ => false,
    }
}

/// Whether whether an object fits the description could change as it becomes tapped.
fn reads_tapped(f: &Filter) -> bool {
    match f {
        Filter::Tapped => true,
        Filter::All(v) | Filter::Any(v) => v.iter().any(reads_tapped),
        Filter::Not(f) => reads_tapped(f),
        _ => false,
    }
}

/// Whether whether an object fits the description could change with its controller.
fn reads_control(f: &Filter) -> bool {
    match f {
        Filter::ControlledBy(_)
        | Filter::ControlledByPlayer(_)
        | Filter::ControllerCastSpellThisTurn
        | Filter::ActiveControlledSinceTurnBegan => true,
        Filter::All(v) | Filter::Any(v) => v.iter().any(reads_control),
        Filter::Not(f) => reads_control(f),
        _ => false,
    }
}

/// The description a subject of many objects reads.
fn every(s: &Subject) -> Option<&Filter> {
    match s {
        Subject::Each(f) | Subject::Those(f) => Some(f),
        _ => None,
    }
}

/// The description of every object the instruction acted on, when reading it again after
/// the instruction finds the same objects: a change of power and toughness to a description
/// that doesn't read them, a change of the rules, tapping or untapping to one that doesn't
/// read tapped, a change of control to one that doesn't read control.
pub(super) fn same_after(e: &Effect) -> Option<&Filter> {
    // "Untap all creatures and gain control of them. They gain haste ...": "them" named the
    // same description, and "they" may again.
    let f = match e {
        Effect::Pump { what, .. } => every(what).filter(|f| !reads_power(f)),
        Effect::GainRules { what, .. } => every(what),
        Effect::Tap { what } | Effect::Untap { what } => every(what).filter(|f| !reads_tapped(f)),
        Effect::GainControl { what, .. } => every(what).filter(|f| !reads_control(f)),
        _ => None,
    }?;
    (!f.mentions_triggering()).then_some(f)
}

/// Whether the instruction names several earlier objects: "those creatures", "they", "each of
/// those creatures", "them" ("Untap them." after "Creatures target player controls get +2/+2
/// until end of turn."). Such words never mean the one object with the ability.
pub(super) fn says_plural(text: &str) -> bool {
    let lower = text.to_lowercase();
    let says_them = lower
        .split_whitespace()
        .any(|w| w.trim_end_matches(['.', ',']) == "them");
    lower.starts_with("those creatures ")
        || lower.starts_with("they ")
        || lower.contains(" each of those creatures ")
        || says_them
}

/// Makes "those creatures" of `text` name the creatures the last of the `earlier` instructions
/// acted on, when that instruction was about every creature a description fits and can't
/// have changed which creatures fit it (a power/toughness change with a description that
/// doesn't read power or toughness, or a change of the rules): the same description, read as
/// the later instruction is carried out, fits the same creatures. Returns whether it did;
/// "it", "that creature" and a "those creatures" after targets are left to the target rules.
pub(super) fn those_creatures(
    text: &str,
    earlier: &[Effect],
    targeted: &[TargetKind],
    refers_back: &mut bool,
    effects: &mut [Effect],
) -> bool {
    let says_those = says_plural(text);
    let creature_target = targeted.iter().any(|k| match k {
        TargetKind::Many { filter, .. } => filter.only_creatures(),
        k => k.is_creature(),
    });
    if !*refers_back || !says_those || creature_target {
        return false;
    }
    // "Tap all creatures that blocked ~ this turn. They don't untap ...": tapping changes
    // only whether they are tapped.
    let Some(filter) = earlier.last().and_then(same_after) else {
        return false;
    };
    for e in effects.iter_mut() {
        e.replace_subject(&Subject::TargetCreature, &Subject::Those(filter.clone()));
    }
    *refers_back = false;
    true
}

/// Makes "it", "them" or "that creature" of the instruction after "create ..." name the tokens
/// that instruction created ("Create a 2/1 red Goblin creature token with haste. Exile it at
/// the beginning of the next end step."), when no creature was targeted before: the sentence
/// has no other creature to mean. Returns whether it did.
pub(super) fn it_is_the_token(
    earlier: &[Effect],
    targeted: &[TargetKind],
    refers_back: &mut bool,
    effects: &mut [Effect],
) -> bool {
    let creature_target = targeted.iter().any(|k| match k {
        TargetKind::Many { filter, .. } => filter.only_creatures(),
        k => k.is_creature(),
    });
    let created = matches!(
        earlier.last(),
        Some(Effect::CreateTokens { .. } | Effect::CreateTokensAmount { .. })
    );
    if !*refers_back || creature_target || !created {
        return false;
    }
    for e in effects.iter_mut() {
        e.replace_subject(&Subject::TargetCreature, &Subject::CreatedTokens);
    }
    *refers_back = false;
    true
}
