//! Choices made as a permanent comes into play ("As ~ comes into play, choose a color.",
//! 410.10e, 419.1b): part of the event that puts it into play, not a trigger, so the choice
//! is made before any ability triggers on its arrival.

use super::Engine;
use super::agent::Choice;
use crate::ability::Ability;
use crate::events::EventKind;
use crate::mana::Color;
use crate::model::ObjectId;

impl Engine<'_> {
    /// Its controller chooses a color for a permanent that asks for one as it comes into play;
    /// unanswered, the first color (white).
    /// A color the player names (410.10e as a permanent comes into play, 413.2c as an
    /// instruction resolves): the agent's answer, white if unanswered.
    pub(super) fn ask_color(
        &mut self,
        player: crate::model::PlayerId,
        source: &str,
        rule: &str,
    ) -> Option<Color> {
        let options: Vec<Choice> = Color::ALL.into_iter().map(Choice::Color).collect();
        match self.ask_choice(player, source, "a color", &options, rule) {
            Some(Choice::Color(c)) => Some(c),
            _ => None,
        }
    }

    pub(super) fn choose_color_as_enters(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        if !o.abilities().contains(&Ability::ChooseColorAsEnters) {
            return;
        }
        let Some(color) = self.ask_color(o.controller, &o.label, "410.10e") else {
            return;
        };
        let _ = self
            .game
            .update_status(id, |s| s.chosen_color = Some(color));
        let text = format!(
            "{} chooses {} as {} comes into play",
            self.name(o.controller),
            color.name(),
            o.label
        );
        self.log("410.10e", EventKind::Note { text });
    }

    /// Its controller chooses a player (an opponent, if it says so) for a permanent that asks
    /// for one as it comes into play (410.10e); unanswered, the next opponent in turn order
    /// (its controller if there is none).
    pub(super) fn choose_player_as_enters(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        let Some(opponent) = o.abilities().iter().find_map(|a| match a {
            Ability::ChoosePlayerAsEnters { opponent } => Some(*opponent),
            _ => None,
        }) else {
            return;
        };
        // Its controller's opponents still in the game, in turn order after him or her.
        let seats: Vec<crate::model::PlayerId> = self
            .game
            .players
            .iter()
            .filter(|p| !p.lost)
            .map(|p| p.id)
            .collect();
        let at = seats.iter().position(|p| *p == o.controller).unwrap_or(0);
        let mut options: Vec<Choice> = seats[at..]
            .iter()
            .chain(&seats[..at])
            .filter(|p| **p != o.controller)
            .map(|p| Choice::Player(*p))
            .collect();
        if !opponent {
            options.push(Choice::Player(o.controller));
        }
        if options.is_empty() {
            return;
        }
        let question = if opponent { "an opponent" } else { "a player" };
        let Some(Choice::Player(who)) =
            self.ask_choice(o.controller, &o.label, question, &options, "410.10e")
        else {
            return;
        };
        let _ = self.game.update_status(id, |s| s.chosen_player = Some(who));
        let text = format!(
            "{} chooses {} as {} comes into play",
            self.name(o.controller),
            self.name(who),
            o.label
        );
        self.log("410.10e", EventKind::Note { text });
        // "... enters the battlefield with a -1/-1 counter on it for each creature that player
        // controls": part of the same event, counted now that the player is chosen.
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        for (counter, n, event) in self.game.entering_counters(&o, 0, true) {
            let _ = self
                .game
                .update_status(id, |s| s.add_counters(counter.clone(), n));
            self.game.counters_put.push((id, counter, n));
            self.game.record(event);
        }
    }

    /// Its controller chooses a creature type for a permanent that asks for one as it comes into
    /// play (410.10e); unanswered, the first creature type among the creatures in play.
    pub(super) fn choose_type_as_enters(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        if !o.abilities().contains(&Ability::ChooseCreatureTypeAsEnters) {
            return;
        }
        let options = self.creature_type_options();
        let Some(chosen) = self.ask_word(
            o.controller,
            &o.label,
            "a creature type",
            &options,
            "410.10e",
        ) else {
            return;
        };
        let _ = self
            .game
            .update_status(id, |s| s.chosen_type = Some(chosen.clone()));
        let text = format!(
            "{} chooses {chosen} as {} comes into play",
            self.name(o.controller),
            o.label
        );
        self.log("410.10e", EventKind::Note { text });
    }

    /// Current 310.11a: as a Siege enters, its controller chooses its protector among their
    /// opponents. `Game` gives it the next opponent in turn order; with several, the controller
    /// is asked (`choose = "<its label>: <player>"`; unanswered, that default).
    pub(super) fn choose_protector_as_enters(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        if !(o.is(crate::typeline::CardType::Battle) && o.type_line().has_subtype("Siege")) {
            return;
        }
        let mut options: Vec<Choice> = Vec::new();
        if let Some(first) = o.status.as_ref().and_then(|s| s.protector) {
            options.push(Choice::Player(first));
        }
        for p in &self.game.players {
            let choice = Choice::Player(p.id);
            if !p.lost && p.id != o.controller && !options.contains(&choice) {
                options.push(choice);
            }
        }
        if options.len() < 2 {
            return;
        }
        let question = format!("the protector of {} (an opponent)", o.label);
        let Some(Choice::Player(who)) = self.ask_choice(
            o.controller,
            &o.label,
            &question,
            &options,
            "current 310.11a",
        ) else {
            return;
        };
        let _ = self.game.update_status(id, |s| s.protector = Some(who));
        let text = format!(
            "{} chooses {} as the protector of {} as it enters",
            self.name(o.controller),
            self.name(who),
            o.label
        );
        self.log("current 310.11a", EventKind::Note { text });
    }
}
