//! Coin flips (511.1) and control given to an opponent (Fickle Efreet).
//!
//! Runs are deterministic: a flip's result is the agent's answer (a script's `choose =
//! "<label>: lost"`), the flip won if unanswered.

use super::Engine;
use super::agent::Choice;
use super::resolve::From;
use crate::events::EventKind;
use crate::model::{ObjectId, PlayerId};

impl Engine<'_> {
    /// 511.1: the ability's controller flips a coin and calls it; the result is kept for "If
    /// you lose the flip" after it.
    pub(super) fn flip_coin(&mut self, from: &From) {
        let options = [Choice::Flip { won: true }, Choice::Flip { won: false }];
        let answer = self.ask_choice(
            from.controller,
            &from.object.label,
            "the result of the coin flip",
            &options,
            "511.1",
        );
        let won = !matches!(answer, Some(Choice::Flip { won: false }));
        self.game.lost_flip = !won;
        let text = format!(
            "{} flips a coin for {} and {} the flip",
            self.name(from.controller),
            from.object.label,
            if won { "wins" } else { "loses" }
        );
        self.log("511.1", EventKind::Note { text });
    }

    /// An opponent of the ability's controller gains control of `id` for the rest of the game
    /// (418.5a layer 2); with several, the controller chooses one (the next in turn order if
    /// unanswered). A creature in combat leaves it (306.4).
    pub(super) fn opponent_gains_control(&mut self, id: ObjectId, from: &From) {
        let n = self.game.players.len() as u32;
        let me = from.controller.0;
        let opponents: Vec<Choice> = (1..n)
            .map(|k| PlayerId((me + k) % n))
            .filter(|p| self.game.player(*p).is_some_and(|p| !p.lost))
            .map(Choice::Player)
            .collect();
        let chosen = match opponents.as_slice() {
            [] => return,
            [one] => *one,
            _ => self
                .ask_choice(
                    from.controller,
                    &from.object.label,
                    "the opponent who gains control",
                    &opponents,
                    "418.5a",
                )
                .unwrap_or(opponents[0]),
        };
        let Choice::Player(to) = chosen else {
            return;
        };
        let was_in_combat = self.game.attack_target(id).is_some()
            || self
                .game
                .combat
                .as_ref()
                .is_some_and(|c| c.blockers.contains_key(&id));
        if self.game.set_controller(id, to).is_err() {
            return;
        }
        let (label, controller) = (self.label(id), self.name(to));
        self.log(
            "418.5a",
            EventKind::ControlChanges {
                label: label.clone(),
                controller,
            },
        );
        if was_in_combat {
            self.log("306.4", EventKind::RemovedFromCombat { label });
        }
    }
}

impl Engine<'_> {
    /// Ydwen Efreet: each attacker `this` blocks that no other creature has blocked this
    /// combat becomes unblocked (the card's text wins, 103.1).
    pub(super) fn unblock_sole_blocked(&mut self, this: ObjectId) {
        let Some(mut combat) = self.game.combat.clone() else {
            return;
        };
        let attacked = combat.blockers.get(&this).cloned().unwrap_or_default();
        let mut freed = Vec::new();
        for a in attacked {
            let only = self
                .blocked_by
                .get(&a)
                .is_none_or(|by| by.iter().all(|b| *b == this));
            if only && combat.blocked.remove(&a) {
                freed.push(a);
            }
        }
        if freed.is_empty() {
            return;
        }
        // It stops blocking them as they become unblocked; its own removal from combat
        // follows.
        if let Some(list) = combat.blockers.get_mut(&this) {
            list.retain(|a| !freed.contains(a));
        }
        self.game.set_combat(Some(combat));
        for a in freed {
            let text = format!("{} becomes unblocked", self.label(a));
            self.log("103.1", EventKind::Note { text });
        }
    }
}
