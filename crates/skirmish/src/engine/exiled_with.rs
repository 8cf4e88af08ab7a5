//! Cards removed from the game with a permanent: "the exiled card" of its other ability (2009
//! 407.2a, linked abilities; current 607.2a) and cards removed "until ~ leaves the
//! battlefield", which come back once it has left play (current 610.3, no 2009 rule).

use super::Engine;
use crate::events::EventKind;
use crate::model::{ObjectId, Position, Zone};

impl Engine<'_> {
    /// "Return the exiled card to the battlefield under its owner's control." (407.2a): the
    /// cards an ability of `source` removed from the game, still there, go back to play under
    /// their owners' control (217.1c) or to their owners' hands (217.3).
    pub(super) fn return_exiled(&mut self, source: ObjectId, to_hand: bool) {
        let cards: Vec<ObjectId> = self
            .game
            .exiled_with
            .iter()
            .filter(|e| e.source == source)
            .map(|e| e.card)
            .collect();
        self.game.exiled_with.retain(|e| e.source != source);
        for card in cards {
            self.return_card(card, to_hand, "407.2a");
        }
    }

    /// Current 610.3: a card removed from the game until a permanent leaves play returns, under
    /// its owner's control (610.3c), as soon as that permanent has left (checked before a
    /// player would receive priority, with state-based effects; all such returns at once,
    /// 610.3d). Returns whether any did.
    pub(super) fn return_until_left(&mut self) -> bool {
        let gone: Vec<(ObjectId, ObjectId)> = self
            .game
            .exiled_with
            .iter()
            .filter(|e| e.until_leaves)
            .filter(|e| {
                self.game
                    .object(e.source)
                    .is_none_or(|o| o.zone != Zone::InPlay)
            })
            .map(|e| (e.card, e.source))
            .collect();
        if gone.is_empty() {
            return false;
        }
        self.game
            .exiled_with
            .retain(|e| !gone.iter().any(|(card, _)| *card == e.card));
        for (card, source) in gone {
            let remover = self
                .game
                .object_or_last_known(source)
                .map_or_else(|| "its remover".to_string(), |o| o.label.clone());
            let text = format!("{remover} has left play");
            self.log("current 610.3", EventKind::Note { text });
            self.return_card(card, false, "current 610.3");
        }
        true
    }

    /// A card still removed from the game goes to play under its owner's control, or to its
    /// owner's hand; one that has left that zone since is a new object and stays where it is
    /// (217.1c).
    fn return_card(&mut self, card: ObjectId, to_hand: bool, rule: &str) {
        if self
            .game
            .object(card)
            .is_none_or(|o| o.zone != Zone::RemovedFromGame)
        {
            return;
        }
        let label = self.label(card);
        if to_hand {
            let text = format!("{label} returns from outside the game to its owner's hand");
            self.log(rule, EventKind::Note { text });
            let _ = self.game.move_object(card, Zone::Hand, Position::Top);
            return;
        }
        if let Ok(id) = self.game.move_object(card, Zone::InPlay, Position::Top) {
            let text = format!("{label} returns to play under its owner's control");
            self.log(rule, EventKind::Note { text });
            self.comes_into_play(id);
        }
    }
}
