//! "Creatures that player controls" in a later sentence: "that player" is the player an
//! earlier instruction targets ("Concussive Bolt deals 4 damage to target player. ...
//! creatures that player controls can't block this turn.") or the controller of the creature
//! it targets ("Target creature an opponent controls blocks this turn if able. ... Other
//! creatures that player controls can't block this turn."), the same target (409.1c).

use crate::ability::{Ability, Effect, Subject, TargetKind};

/// Every instruction, nested ones too.
fn leaves(e: &mut Effect, f: &mut dyn FnMut(&mut Effect)) {
    match e {
        Effect::If { effects, .. }
        | Effect::InterveningIf { effects, .. }
        | Effect::May { effects }
        | Effect::MayPay { effects, .. }
        | Effect::MayPayEnergy { effects, .. }
        | Effect::IfCant { effects, .. }
        | Effect::Delayed { effects, .. }
        | Effect::Reflexive { effects } => {
            for e in effects {
                leaves(e, f);
            }
        }
        e => f(e),
    }
}

/// Joins each "that player" of `effects` to the latest earlier target it can name (`targeted`,
/// in order): a player target, or (for "other creatures", or with no player target) a
/// creature target's controller. Returns the player target kinds it joined to, which are no
/// new targets; an error if there is none.
pub(super) fn join(
    sentence: &str,
    effects: &mut [Effect],
    targeted: &[TargetKind],
) -> Result<Vec<TargetKind>, String> {
    let mut joined = Vec::new();
    let mut error = None;
    // "~ deals 4 damage to target player and 1 damage to each creature that player controls":
    // an earlier clause of the same sentence names the player too.
    let mut seen = targeted.to_vec();
    for e in effects.iter_mut() {
        let targeted = seen.clone();
        leaves(e, &mut |e| {
            let Some(Subject::ThatPlayers { filter, other }) = e.subject().cloned() else {
                return;
            };
            let player = targeted
                .iter()
                .rev()
                .find(|k| matches!(k, TargetKind::Player { .. }))
                .filter(|_| !other);
            let creature = targeted.iter().rev().find(|k| k.is_creature());
            match (player, creature) {
                (Some(k @ TargetKind::Player { opponent }), _) => {
                    joined.push(k.clone());
                    e.set_subject(Subject::EachOfTargetPlayer {
                        filter,
                        opponent: *opponent,
                    });
                }
                (_, Some(_)) if matches!(e, Effect::SkipNextUntap { .. }) => {
                    error = Some(format!(
                        "\"{sentence}\" says \"that player's next untap step\", which Skirmish follows only after an instruction that targets a player"
                    ));
                }
                (_, Some(k)) => e.set_subject(Subject::OfTargetsController {
                    filter,
                    target: Box::new(k.clone()),
                    other,
                }),
                _ => {
                    error = Some(format!(
                        "\"{sentence}\" says \"that player\", but no earlier instruction of this card targets a player or a creature"
                    ));
                }
            }
        });
        seen.extend(crate::ability::targets_of(std::iter::once(&*e)));
    }
    match error {
        Some(e) => Err(e),
        None => Ok(joined),
    }
}

/// "{T}: Target opponent loses 1 life. If you control a Tezzeret planeswalker, that player
/// loses 3 life instead.": outside a trigger that names a player, "that player" acting in a
/// later sentence is the player an earlier instruction targets (the latest, 409.1c). Makes
/// each such instruction's subject that target and returns its kind, or `None` (nothing
/// changed) if no earlier instruction targets a player or "that player" is named anywhere
/// but as the one who acts.
pub(super) fn join_acting(effects: &mut [Effect], targeted: &[TargetKind]) -> Option<TargetKind> {
    use crate::filter::PlayerRef;
    let kind = targeted
        .iter()
        .rev()
        .find(|k| matches!(k, TargetKind::Player { .. }))?
        .clone();
    // The instruction's subject as `players` reads "that player" (the player a damage
    // trigger names, its defending player) or a trigger's own player.
    let said = [PlayerRef::DefendingPlayer, PlayerRef::TriggeringPlayer];
    let mut joined = effects.to_vec();
    for e in &mut joined {
        leaves(e, &mut |e| {
            if let Some(Subject::Players(r)) = e.subject()
                && said.contains(r)
            {
                e.set_subject(kind.subject());
            }
        });
    }
    if said
        .iter()
        .any(|r| crate::ability::mentions_player_ref(&joined, *r))
    {
        return None;
    }
    effects.clone_from_slice(&joined);
    Some(kind)
}

/// "Whenever ~ attacks, defending player sacrifices a creature. Creatures that player controls
/// can't block this turn.": with no player targeted, "that player" is the one player the
/// latest earlier instruction names without targeting (defending player, the active player,
/// the player a trigger names). Joins each "creatures that player controls" (not "other
/// creatures", which are about a target creature) to that player.
pub(super) fn join_named(earlier: &[Effect], effects: &mut [Effect], targeted: &[TargetKind]) {
    use crate::filter::PlayerRef;
    if targeted
        .iter()
        .any(|k| matches!(k, TargetKind::Player { .. }))
    {
        return;
    }
    let named = earlier.iter().rev().find_map(|e| match e.subject() {
        Some(Subject::Players(
            r @ (PlayerRef::DefendingPlayer
            | PlayerRef::ActivePlayer
            | PlayerRef::TriggeringPlayer
            | PlayerRef::Player(_)),
        )) => Some(*r),
        _ => None,
    });
    let Some(player) = named else {
        return;
    };
    for e in effects.iter_mut() {
        leaves(e, &mut |e| {
            if let Some(Subject::ThatPlayers {
                filter,
                other: false,
            }) = e.subject().cloned()
            {
                e.set_subject(Subject::Each(
                    filter.and(crate::filter::Filter::ControlledBy(player)),
                ));
            }
        });
    }
}

/// Whether an ability still has a "that player" no earlier target was found for.
pub(super) fn unjoined(a: &Ability) -> bool {
    serde_json::to_value(a).is_ok_and(|v| v.to_string().contains("\"that_players\""))
}

/// Whether "he or she controls" comes after the choice it names, and "that token" after the
/// instruction that creates it, in each ability (a spell's instructions count as one
/// ability): the first sentence where one doesn't.
pub(super) fn chooser_first(out: &[super::CompiledText]) -> Option<String> {
    let mut spell = String::new();
    for c in out {
        for a in &c.abilities {
            let text = serde_json::to_string(a).unwrap_or_default();
            let whole = match a {
                Ability::Spell { .. } => {
                    spell.push_str(&text);
                    spell.clone()
                }
                _ => text,
            };
            // "he or she controls" also after "each player may ... he or she controls. If a
            // player does, ..." (`cards::choices`).
            for (later, earlier) in [
                (
                    "\"choosers_creatures\"",
                    &["\"choose_creature\"", "\"players_may\""][..],
                ),
                ("\"created_tokens\"", &["\"create_tokens\""][..]),
                ("\"damaged_this_way\"", &["\"deal_damage\""][..]),
            ] {
                if let Some(at) = whole.find(later)
                    && earlier
                        .iter()
                        .filter_map(|e| whole.find(e))
                        .min()
                        .is_none_or(|c| c > at)
                {
                    return Some(c.text.clone());
                }
            }
        }
    }
    None
}
