//! "If a player does, <instruction>." and "If the player doesn't, <instruction>." after an
//! instruction that lets other players choose ("any player may exile a card from his or her
//! graveyard", 410.5): joined to it as what follows the choices. In the instruction, "he or
//! she controls" and "that player controls" name the players who did (or didn't).

use super::effects;
use crate::ability::{Effect, Subject, targets_of};

/// The instruction after "If a player does, " (or "doesn't"), and whether it says "doesn't".
pub(super) fn players_did(text: &str) -> Option<(&str, bool)> {
    for (lead, if_not) in [
        ("If a player does, ", false),
        ("If the player does, ", false),
        ("If that player does, ", false),
        ("If the player doesn't, ", true),
        ("If that player doesn't, ", true),
    ] {
        if let Some(rest) = text.strip_prefix(lead) {
            return Some((rest, if_not));
        }
    }
    None
}

/// Joins the instruction `rest` to the ability's last instruction, which must be a choice of
/// players without its instructions yet. "it" in a triggered ability is the object with it.
pub(super) fn join(
    effects: &mut [Effect],
    triggered: bool,
    rest: &str,
    if_not: bool,
) -> Result<&'static str, String> {
    let Some(Effect::PlayersMay {
        effects: inner,
        if_not: negated,
        who,
        ..
    }) = effects.last_mut()
    else {
        return Err(format!(
            "\"{rest}\" follows \"If a player does\" after an instruction that isn't a player's choice (\"any player may ...\")"
        ));
    };
    if !inner.is_empty() {
        return Err(format!("\"{rest}\" is a second \"If a player does\""));
    }
    // "doesn't" only of the one player asked: with several, "a player who doesn't" isn't said.
    if if_not && *who != crate::ability::Chooser::ActivePlayer {
        return Err(format!(
            "\"If the player doesn't, {rest}\" follows a choice of several players"
        ));
    }
    let mut i = effects::continuation(rest).map_err(|p| {
        format!(
            "the sentence \"If a player does, {rest}\" is not understood: {}",
            p.error()
        )
    })?;
    if i.that_player || i.source_as_it || i.effects.iter().any(Effect::mentions_triggering) {
        return Err(format!(
            "\"{rest}\" names a player or creature Skirmish doesn't follow after a player's choice"
        ));
    }
    if i.refers_back {
        if !triggered {
            return Err(format!(
                "\"{rest}\" says \"it\", which only a triggered ability's own object can be here"
            ));
        }
        for e in &mut i.effects {
            e.replace_subject(&Subject::TargetCreature, &Subject::This);
        }
    }
    // "creatures that player controls": the players who chose.
    for e in &mut i.effects {
        if let Some(Subject::ThatPlayers {
            filter,
            other: false,
        }) = e.subject().cloned()
        {
            e.set_subject(Subject::ChoosersCreatures {
                filter,
                other: false,
            });
        }
    }
    if !targets_of(i.effects.iter()).is_empty()
        || i.effects.iter().any(|e| {
            matches!(
                e.subject(),
                Some(Subject::ThatPlayers { .. } | Subject::ChoosersCreatures { other: true, .. })
            )
        })
    {
        return Err(format!(
            "\"{rest}\" asks for a target or a creature Skirmish doesn't follow after a player's choice"
        ));
    }
    *negated = if_not;
    inner.extend(i.effects);
    Ok("effect-players-may")
}

/// Whether an ability lets "that player" choose where no trigger names the player whose turn
/// it is ("At the beginning of combat on each opponent's turn", "... of each upkeep").
pub(super) fn active_player_unnamed(a: &crate::ability::Ability) -> bool {
    use crate::ability::{Ability, Chooser, Trigger};
    let asks_active = |effects: &[Effect]| {
        effects.iter().any(|e| {
            matches!(
                e,
                Effect::PlayersMay {
                    who: Chooser::ActivePlayer,
                    ..
                }
            )
        })
    };
    match a {
        Ability::Triggered { trigger, effects } => {
            !matches!(
                trigger,
                Trigger::AtStep {
                    whose: crate::ability::Whose::Each | crate::ability::Whose::Opponents,
                    ..
                }
            ) && asks_active(effects)
        }
        Ability::Activated { effects, .. } | Ability::Mode { effects } => asks_active(effects),
        Ability::Spell { effect } => asks_active(std::slice::from_ref(effect)),
        _ => false,
    }
}
