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
    let filter = match earlier.last() {
        Some(Effect::Pump {
            what: Subject::Each(f),
            ..
        }) if !reads_power(f) => f,
        Some(Effect::GainRules {
            what: Subject::Each(f),
            ..
        }) => f,
        // "Tap all creatures that blocked ~ this turn. They don't untap ...": tapping changes
        // only whether they are tapped.
        Some(Effect::Tap {
            what: Subject::Each(f),
        }) if !reads_tapped(f) => f,
        _ => return false,
    };
    if filter.mentions_triggering() {
        return false;
    }
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
