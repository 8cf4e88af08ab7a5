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
    pub(super) fn choose_color_as_enters(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        if !o.abilities().contains(&Ability::ChooseColorAsEnters) {
            return;
        }
        let options: Vec<Choice> = Color::ALL.into_iter().map(Choice::Color).collect();
        let answer = self.ask_choice(o.controller, &o.label, "a color", &options, "410.10e");
        let Some(Choice::Color(color)) = answer else {
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
}
