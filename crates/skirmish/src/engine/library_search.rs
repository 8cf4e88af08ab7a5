//! Searching a library (2009 has no numbered rule: the glossary's "Search"; current 701.23) and
//! shuffling it (217.2). The player looks through his or her library, finds cards a description
//! fits, and they go where the instruction says: a search for cards of a stated quality may
//! find fewer than asked for, a search for a quantity of cards ("a card") finds that many if
//! the library holds them.

use super::Engine;
use super::agent::Choice;
use super::resolve::From;
use crate::ability::{SearchCount, SearchTo};
use crate::events::EventKind;
use crate::filter::Filter;
use crate::model::{ObjectId, PlayerId, Position, Zone};
use crate::typeline::CardType;

/// One search, as the instruction says it ([`crate::ability::Effect::SearchLibrary`]).
pub(super) struct Search<'a> {
    pub filter: &'a Filter,
    pub count: SearchCount,
    pub reveal: bool,
    pub to: SearchTo,
    pub shuffle: bool,
    /// Typecycling's search, logged under 502.18d.
    pub typecycling: bool,
}

impl Engine<'_> {
    /// The ability's controller searches his or her library: each card found is chosen in
    /// turn (`choose`, or the topmost fitting card unanswered; `nothing` stops a search that
    /// may find fewer), then they go where the instruction says and the library is shuffled.
    pub(super) fn search_library(&mut self, s: &Search<'_>, from: &From) {
        let rule = if s.typecycling { "502.18d" } else { "217.2" };
        let player = from.controller;
        let who = self.name(player);
        let source = from.object.label.clone();
        let ctx = self.filter_context(from.object.id, player);
        // Glossary "Search": a description with no quality ("a card", "three cards") is a
        // quantity, which must be found if it can be.
        let must = *s.filter == Filter::every() && matches!(s.count, SearchCount::Exactly(_));
        let plural = s.count.most() > 1;
        let words = s
            .filter
            .card_phrase(false)
            .unwrap_or_else(|| format!("{} card", s.filter.singular()));
        let mut found: Vec<ObjectId> = Vec::new();
        while (found.len() as u64) < u64::from(s.count.most()) {
            let library = self
                .game
                .player(player)
                .map(|p| p.library.clone())
                .unwrap_or_default();
            let mut options: Vec<Choice> = library
                .iter()
                .filter(|id| !found.contains(id))
                .filter(|id| {
                    self.game
                        .object(**id)
                        .is_some_and(|o| s.filter.matches(&self.game, o, &ctx))
                })
                .map(|id| Choice::Object(*id))
                .collect();
            if options.is_empty() {
                break;
            }
            if !must {
                options.push(Choice::Nothing);
            }
            let question = if plural {
                format!(
                    "which {words} to find in your library ({} found so far)?",
                    found.len()
                )
            } else {
                format!("which {words} to find in your library?")
            };
            match self.ask_choice(player, &source, &question, &options, rule) {
                Some(Choice::Object(id)) => found.push(id),
                _ => break,
            }
        }
        if found.is_empty() {
            let text = format!("{who} searches the library and finds no {words}");
            self.log(rule, EventKind::Note { text });
        } else {
            let labels: Vec<String> = found.iter().map(|id| self.label(*id)).collect();
            let text = if s.reveal {
                format!(
                    "{who} searches the library and reveals {}",
                    labels.join(", ")
                )
            } else {
                format!(
                    "{who} searches the library and finds {} (not revealed)",
                    labels.join(", ")
                )
            };
            self.log(rule, EventKind::Note { text });
        }
        if s.to == SearchTo::Top {
            self.shuffle(player, rule);
        }
        for id in found {
            self.put_found(id, player, s.to, rule);
        }
        if s.shuffle && s.to != SearchTo::Top {
            self.shuffle(player, rule);
        }
    }

    /// "Shuffle your library." (217.2)
    pub(super) fn shuffle(&mut self, player: PlayerId, rule: &str) {
        self.game.shuffle_library(player);
        let who = self.name(player);
        self.log(
            rule,
            EventKind::Note {
                text: format!("{who} shuffles the library"),
            },
        );
    }

    /// A card a search found goes where the instruction says: the hand (217.3), play under
    /// its owner's control as a new object (217.1c), the graveyard (217.4), out of the game
    /// (217.7) or on top of the library (217.2).
    fn put_found(&mut self, card: ObjectId, player: PlayerId, to: SearchTo, rule: &str) {
        let label = self.label(card);
        let who = self.name(player);
        match to {
            SearchTo::Hand => {
                let _ = self.game.move_object(card, Zone::Hand, Position::Top);
                let text = format!("{who} puts {label} into his or her hand");
                self.log("217.3", EventKind::Note { text });
            }
            SearchTo::Graveyard => {
                let _ = self.game.move_object(card, Zone::Graveyard, Position::Top);
                let text = format!("{who} puts {label} into his or her graveyard");
                self.log("217.4", EventKind::Note { text });
            }
            SearchTo::RemovedFromGame => {
                let _ = self
                    .game
                    .move_object(card, Zone::RemovedFromGame, Position::Top);
                let text = format!("{who} removes {label} from the game");
                self.log("217.7", EventKind::Note { text });
            }
            SearchTo::Top => {
                let _ = self.game.move_object(card, Zone::Library, Position::Top);
                let text = format!("{who} puts {label} on top of the library");
                self.log(rule, EventKind::Note { text });
            }
            SearchTo::Play { tapped } => self.put_found_into_play(card, player, tapped),
        }
    }

    /// A found card put into play: an Aura comes into play attached to what its controller
    /// chooses among what it could enchant (212.4j), or stays in the library if there is
    /// nothing (212.4k).
    fn put_found_into_play(&mut self, card: ObjectId, player: PlayerId, tapped: bool) {
        let label = self.label(card);
        let who = self.name(player);
        let Some(obj) = self.game.object(card).cloned() else {
            return;
        };
        let aura = obj.is(CardType::Enchantment) && obj.type_line().has_subtype("Aura");
        let mut attach: Option<Choice> = None;
        if aura {
            let options: Vec<Choice> = match obj.enchants_player() {
                Some(opponent) => self
                    .game
                    .players
                    .iter()
                    .filter(|p| !(p.lost || (opponent && p.id == player)))
                    .map(|p| Choice::Player(p.id))
                    .collect(),
                None => self
                    .game
                    .in_play()
                    .filter(|t| self.game.can_enchant(&obj, t))
                    .map(|t| Choice::Object(t.id))
                    .collect(),
            };
            if options.is_empty() {
                let text =
                    format!("{label} can enchant nothing in play, so it stays in {who}'s library");
                self.log("212.4k", EventKind::Note { text });
                return;
            }
            let question = format!("what does {label} enchant as it comes into play?");
            attach = self.ask_choice(player, &label, &question, &options, "212.4j");
        }
        let Ok(id) = self.game.move_object(card, Zone::InPlay, Position::Top) else {
            return;
        };
        if tapped {
            let _ = self.game.update_status(id, |st| st.tapped = true);
            // Put into play tapped, it never was untapped: it didn't become tapped.
            self.game.became_tapped.retain(|x| *x != id);
        }
        match attach {
            Some(Choice::Object(t)) => {
                let _ = self.game.attach(id, t);
            }
            Some(Choice::Player(p)) => {
                let _ = self
                    .game
                    .update_status(id, |st| st.attached_to_player = Some(p));
            }
            _ => {}
        }
        let text = match attach {
            Some(Choice::Object(t)) => format!(
                "{who} puts {label} into play{} attached to {}",
                if tapped { " tapped" } else { "" },
                self.label(t)
            ),
            Some(Choice::Player(p)) => format!(
                "{who} puts {label} into play{} attached to {}",
                if tapped { " tapped" } else { "" },
                self.name(p)
            ),
            _ => format!(
                "{who} puts {label} into play{}",
                if tapped { " tapped" } else { "" }
            ),
        };
        self.log(
            if aura { "212.4j" } else { "217.1c" },
            EventKind::Note { text },
        );
        self.comes_into_play(id);
    }
}
