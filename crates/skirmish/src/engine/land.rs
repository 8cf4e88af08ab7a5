//! Playing a land (212.6, 408.2d): a special action, not a spell. The land card is put into
//! play from its owner's hand; nothing goes on the stack, so nobody can respond, and the player
//! keeps priority.

use super::{Engine, Refusal, refuse};
use crate::events::EventKind;
use crate::model::{ObjectId, PlayerId, Position, Step, Zone};
use crate::typeline::CardType;

impl Engine<'_> {
    /// `player` plays the land card `card`, or the rule that forbids it: a land card (212.6a)
    /// of the player's hand (212.6b), in a main phase of his or her own turn with the stack
    /// empty (212.6d, 408.2d), and the turn's one land play unused (212.6c).
    pub(super) fn play_land(&mut self, player: PlayerId, card: ObjectId) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("212.6b", "there is no such card");
        };
        if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "212.6b",
                format!(
                    "{} is not in the player's hand: a land is played from its owner's hand",
                    obj.label
                ),
            );
        }
        if !obj.is(CardType::Land) {
            return refuse(
                "212.6a",
                format!(
                    "{} is not a land card: only a land card is played as a land (a spell is cast, 409.1)",
                    obj.label
                ),
            );
        }
        if self.game.turn.active != player {
            return refuse(
                "212.6d",
                format!("{} can't be played: it isn't its owner's turn", obj.label),
            );
        }
        let main = matches!(
            self.game.turn.step,
            Step::PrecombatMain | Step::PostcombatMain
        );
        if !main || !self.game.stack_ids().is_empty() {
            return refuse(
                "408.2d",
                format!(
                    "{} can't be played now: a land is played only in a main phase of its owner's turn, with the stack empty",
                    obj.label
                ),
            );
        }
        let played = self.game.player(player).map_or(0, |p| p.lands_played);
        if played >= 1 {
            return refuse(
                "212.6c",
                format!(
                    "{} can't be played: its owner already played a land this turn",
                    obj.label
                ),
            );
        }
        let Ok(new) = self.game.move_object(card, Zone::InPlay, Position::Top) else {
            return refuse("212.6b", "the card can't be moved");
        };
        let _ = self.game.set_controller(new, player);
        let _ = self.game.update_player(player, |p| {
            p.lands_played = p.lands_played.saturating_add(1)
        });
        let text = format!(
            "{} plays {}, a special action: the land comes into play without using the stack",
            self.name(player),
            obj.label
        );
        self.log("212.6a", EventKind::Note { text });
        self.comes_into_play(new);
        // "Whenever an opponent plays a land": "that player" is the one who played it.
        let found = self.player_action_triggers(player, |e| match e {
            crate::ability::Trigger::PlayerPlaysLand { who } => Some(*who),
            _ => None,
        });
        self.queue(found);
        Ok(())
    }
}
