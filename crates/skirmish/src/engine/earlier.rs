//! Spells that resolved before a scenario starts: their lasting effects begin with the
//! starting state.
//!
//! A judge's question often comes after a spell resolved earlier in the turn: Overrun, a
//! Threaten, a land animated until end of turn. What such a spell did once (untapping, damage,
//! drawing) is part of the state the scenario states. What it left behind is not: continuous
//! effects (418.3a) for as long as they last, shields (419.6b, 419.7), delayed triggered
//! abilities (404.4). Those are carried out here by the same code that resolves a spell during
//! a run, against the starting state: "each creature you control" means the creatures the
//! scenario lists, the set an effect that changes characteristics keeps (418.3b). The targets
//! must be legal in that state (409.1c). A control change (418.5a, layer 2) needs the state
//! as it is afterwards: the permanent under the spell's controller, its owner the player who
//! gets it back as the effect ends (314.2).

use super::resolve::{Chosen, From};
use super::{Engine, Refusal, refuse};
use crate::ability::{Ability, Effect, share_targets, targets_of};
use crate::events::EventKind;
use crate::model::{Game, ObjectId, PlayerId, TargetRef};

/// The game with the lasting effects of `spell` (an instant or sorcery card object) begun, as
/// if `controller` had played it with `targets` and it had resolved; or why not.
pub(crate) fn resolve_earlier(
    game: Game,
    spell: ObjectId,
    controller: PlayerId,
    targets: &[TargetRef],
) -> Result<Game, Refusal> {
    // Nothing asks a player anything: conditional and optional instructions are refused.
    let mut agent = super::agent::Automatic;
    let mut engine = Engine::new(game, &mut agent);
    engine.begin_earlier(spell, controller, targets)?;
    Ok(engine.game)
}

impl Engine<'_> {
    fn begin_earlier(
        &mut self,
        spell: ObjectId,
        controller: PlayerId,
        targets: &[TargetRef],
    ) -> Result<(), Refusal> {
        let obj = self
            .game
            .object(spell)
            .cloned()
            .expect("the scenario created the spell's card");
        let name = obj.label.clone();
        if obj
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Modal { .. }))
        {
            return refuse(
                "409.1b",
                format!(
                    "{name} is modal, and which modes were chosen as it was played isn't said here"
                ),
            );
        }
        let mut effects = crate::ability::spell_effects(obj.abilities(), &[]);
        for e in &mut effects {
            e.bind_next_turn(controller);
        }
        // What a choice or a condition at resolution decided can't be known from the state.
        if effects
            .iter()
            .filter_map(Effect::conditional)
            .flatten()
            .any(|e| e.lasts() || e.conditional().is_some())
        {
            return refuse(
                "413.1",
                format!(
                    "what {name} left behind depends on a choice or a condition as it resolved"
                ),
            );
        }
        // The division was announced as it was played (409.1e); the file doesn't say it.
        if crate::ability::divided(&effects).is_some() {
            return refuse(
                "409.1e",
                format!("{name} divided what it did among its targets, and how isn't said here"),
            );
        }
        // "For as long as ~ ..." of a spell: its card left the stack as it resolved, so the
        // duration was over before the effect began (418.3d).
        if effects
            .iter()
            .any(|e| matches!(e.duration(), Some(crate::ability::Duration::AsLongAs(_))))
        {
            return refuse(
                "418.3d",
                format!(
                    "{name}'s effect lasts \"for as long as\" something about its own card, which was over as it resolved: it did nothing"
                ),
            );
        }
        if !effects.iter().any(Effect::lasts) {
            return refuse(
                "418.3a",
                format!(
                    "{name} leaves no lasting effect: what it did is part of the starting state itself"
                ),
            );
        }
        let kinds = targets_of(&effects);
        self.check_targets(&kinds, targets, &obj, controller)?;
        let shares = share_targets(&kinds, targets.len())
            .unwrap_or_else(|| (0..kinds.len()).map(|i| i..i + 1).collect());
        let legal = vec![true; targets.len()];
        let chosen = Chosen::new(&kinds, &shares, &legal, targets);
        let from = From {
            object: obj,
            controller,
            moved_to: None,
        };
        let text = format!(
            "{name} resolved before the scenario starts: its lasting effects apply from the start"
        );
        self.log("418.3a", EventKind::Note { text });
        for e in effects.iter().filter(|e| e.lasts()) {
            if let Effect::GainControl { .. } = e {
                self.control_earlier(e, &from, &chosen)?;
            } else {
                self.carry_out(e, &from, None, &chosen);
            }
        }
        Ok(())
    }

    /// A control change that began before the scenario: the permanent is stated under the
    /// spell's controller already, and goes back to its owner as the effect ends (314.2).
    fn control_earlier(
        &mut self,
        effect: &Effect,
        from: &From,
        chosen: &Chosen<'_>,
    ) -> Result<(), Refusal> {
        let Some(TargetRef::Object(id)) = targets_of(std::slice::from_ref(effect))
            .first()
            .and_then(|k| chosen.first_legal(k))
        else {
            return refuse(
                "418.5a",
                format!(
                    "{} changes control of something other than its target, which isn't supported as a starting state",
                    from.object.label
                ),
            );
        };
        let (label, controller, owner) = {
            let o = self.game.object(id).expect("a legal target is in play");
            (o.label.clone(), o.controller, o.owner)
        };
        if controller != from.controller {
            return refuse(
                "418.5a",
                format!(
                    "{} gave {} control of {label}, but the scenario has it under {}'s",
                    from.object.label,
                    self.name(from.controller),
                    self.name(controller)
                ),
            );
        }
        let _ = self
            .game
            .add_effect(from.object.label.clone(), id, effect.clone());
        if let Some(added) = self.game.effects.last_mut() {
            added.previous_controller = Some(owner);
        }
        let text = format!(
            "{} controls {label} until the effect ends, then {} does",
            self.name(controller),
            self.name(owner)
        );
        self.log("418.5a", EventKind::Note { text });
        Ok(())
    }
}
