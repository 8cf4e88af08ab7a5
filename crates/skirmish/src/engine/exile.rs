//! Keywords that play cards from the removed-from-the-game zone: madness (502.24), suspend
//! (502.59) and rebound (current 702.88). Each plays the card as an ability resolves
//! ([`Engine::cast_by_effect`]), with no timing permission needed.

use super::agent::Choice;
use super::play::EffectCast;
use super::resolve::From;
use super::{Engine, Pending, Refusal, refuse};
use crate::ability::{Ability, Effect, Keyword};
use crate::events::EventKind;
use crate::model::{CastOption, ObjectId, PlayerId, Position, Step, Zone};
use crate::typeline::CardType;

impl Engine<'_> {
    /// A card of a player's hand is discarded (314.1, 409.1f costs, 502.18a cycling): it goes to
    /// the graveyard, unless it has madness and its owner removes it from the game instead
    /// (502.24a, a replacement the owner may apply); then madness's trigger waits to be put on
    /// the stack. The caller logs the discard itself.
    /// Returns the card it became in the graveyard (`None`: madness removed it from the game
    /// instead, or there was no such card).
    pub(super) fn discard_card(&mut self, id: ObjectId) -> Option<ObjectId> {
        let card = self.game.object(id).cloned()?;
        // "Whenever you discard a card" of the discarding player's permanents.
        let watching: Vec<Pending> = self
            .game
            .in_play()
            .filter(|o| o.controller == card.owner)
            .flat_map(|o| Pending::written(o, crate::ability::Trigger::YouDiscard))
            .collect();
        for p in watching {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
        let madness = card.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: k @ Keyword::Madness(_),
            } => Some(k.clone()),
            _ => None,
        });
        if let Some(by) = madness {
            let question = format!(
                "madness (502.24a): remove {} from the game instead of putting it into the graveyard?",
                card.label
            );
            let options = [Choice::Object(id), Choice::Nothing];
            if self.ask_choice(card.owner, &card.label, &question, &options, "502.24a")
                == Some(Choice::Object(id))
                && let Ok(new) = self
                    .game
                    .move_object(id, Zone::RemovedFromGame, Position::Top)
            {
                self.log(
                    "502.24a",
                    EventKind::Note {
                        text: format!(
                            "{} is discarded and removed from the game instead of put into the graveyard (madness)",
                            card.label
                        ),
                    },
                );
                if let Some(o) = self.game.object(new).cloned() {
                    let text = format!(
                        "{by} (502.24a): when this card is removed from the game this way, its owner may play it by paying {} rather than its mana cost; if not, it is put into the graveyard",
                        madness_cost(&by)
                    );
                    self.pending.push(Pending::new(
                        card.owner,
                        &o,
                        Effect::PlayFromExile { by },
                        text,
                    ));
                }
                return None;
            }
        }
        self.game
            .move_object(id, Zone::Graveyard, Position::Top)
            .ok()
    }

    /// The card this ability's source is, if it is still removed from the game (a card that
    /// left the zone is a new object, 217.1c, and the ability can't find it).
    fn exiled_card(&self, from: &From) -> Option<ObjectId> {
        self.game
            .object(from.object.id)
            .filter(|o| o.zone == Zone::RemovedFromGame)
            .map(|o| o.id)
    }

    /// Madness's trigger (502.24a), suspend's last-counter trigger (502.59a) and rebound's
    /// delayed trigger (current 702.88a) resolving.
    pub(super) fn play_from_exile(&mut self, from: &From, by: &Keyword) {
        let Some(card) = self.exiled_card(from) else {
            let text = format!(
                "{} is no longer removed from the game, so it isn't played",
                from.object.label
            );
            let rule = match by {
                Keyword::Madness(_) => "502.24a",
                Keyword::Suspend(..) => "502.59a",
                _ => "702.88a",
            };
            self.log(rule, EventKind::Note { text });
            return;
        };
        let label = self.label(card);
        let player = from.controller;
        match by {
            Keyword::Madness(cost) => {
                let question = format!("madness (502.24a): play {label} for {cost}?");
                let options = [Choice::Object(card), Choice::Nothing];
                let wants = self.ask_choice(player, &label, &question, &options, "502.24a")
                    == Some(Choice::Object(card));
                let how = EffectCast {
                    cost: Some(cost.clone()),
                    option: CastOption::Madness,
                    rule: "502.24a",
                };
                if wants && self.cast_by_effect(player, card, how) {
                    return;
                }
                self.log(
                    "502.24a",
                    EventKind::Note {
                        text: format!(
                            "{label} isn't played for its madness cost, so its owner puts it into the graveyard"
                        ),
                    },
                );
                let _ = self.game.move_object(card, Zone::Graveyard, Position::Top);
            }
            Keyword::Suspend(..) => {
                // Not optional: played if able, else it stays removed from the game.
                let how = EffectCast {
                    cost: None,
                    option: CastOption::Suspend,
                    rule: "502.59a",
                };
                if !self.cast_by_effect(player, card, how) {
                    self.log(
                        "502.59a",
                        EventKind::Note {
                            text: format!(
                                "{label} can't be played, so it remains removed from the game"
                            ),
                        },
                    );
                }
            }
            _ => {
                let question =
                    format!("rebound (702.88a): cast {label} without paying its mana cost?");
                let options = [Choice::Object(card), Choice::Nothing];
                if self.ask_choice(player, &label, &question, &options, "702.88a")
                    == Some(Choice::Object(card))
                {
                    let how = EffectCast {
                        cost: None,
                        option: CastOption::Rebound,
                        rule: "702.88a",
                    };
                    self.cast_by_effect(player, card, how);
                }
            }
        }
    }

    /// 502.59a: suspends a card from its owner's hand, a special action that doesn't use the
    /// stack: allowed whenever the card could be played from the hand (408.1d, 502.57), its
    /// suspend cost paid, the card removed from the game with N time counters on it.
    pub(super) fn suspend(&mut self, player: PlayerId, card: ObjectId) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        let Some((n, cost)) = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Suspend(n, c),
            } => Some((*n, c.clone())),
            _ => None,
        }) else {
            return refuse("502.59a", format!("{} has no suspend", obj.label));
        };
        if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "502.59a",
                format!(
                    "{} is not in the player's hand; a card is suspended from its owner's hand",
                    obj.label
                ),
            );
        }
        if !obj.is(CardType::Instant) && !obj.has_keyword(&Keyword::Flash) {
            let main = matches!(
                self.game.turn.step,
                Step::PrecombatMain | Step::PostcombatMain
            );
            if self.game.turn.active != player || !main || !self.game.stack_ids().is_empty() {
                return refuse(
                    "502.59a",
                    format!(
                        "{} could not be played from the hand now (408.1d: only in its owner's main phase with the stack empty), so it can't be suspended",
                        obj.label
                    ),
                );
            }
        }
        let plan = self.plan_without(player, &cost, None, &[])?;
        self.pay(player, plan, &obj.label);
        let Ok(new) = self
            .game
            .move_object(card, Zone::RemovedFromGame, Position::Top)
        else {
            return refuse("409.1a", "the card can't be moved");
        };
        self.game.time_counters.insert(new, n);
        let who = self.name(player);
        self.log(
            "502.59a",
            EventKind::Note {
                text: format!(
                    "{who} suspends {}, paying {cost}: it is removed from the game with {n} time counter(s)",
                    obj.label
                ),
            },
        );
        Ok(())
    }

    /// Suspend's upkeep abilities (502.59a) of the cards the active player owns in the
    /// removed-from-the-game zone: each triggers if the card is suspended (502.59b, an
    /// intervening "if", 410.8).
    pub(super) fn suspend_triggers(&mut self, active: PlayerId) {
        let removed = self
            .game
            .player(active)
            .map(|p| p.removed_from_game.clone())
            .unwrap_or_default();
        let mut found = Vec::new();
        for id in removed {
            let Some(o) = self.game.object(id) else {
                continue;
            };
            if self.game.time_counters.get(&id).copied().unwrap_or(0) == 0 {
                continue;
            }
            for a in o.abilities() {
                if let Ability::Keyword {
                    keyword: k @ Keyword::Suspend(..),
                } = a
                {
                    found.push(Pending::new(
                        active,
                        o,
                        Effect::SuspendCounter,
                        format!("{k} (502.59a): this card is suspended, so remove a time counter from it"),
                    ));
                }
            }
        }
        self.pending.extend(found);
    }

    /// Suspend's upkeep ability resolving (502.59a): if the card is still suspended, a time
    /// counter is removed; when the last goes, the trigger that plays it waits.
    pub(super) fn suspend_counter(&mut self, from: &From) {
        let Some(card) = self.exiled_card(from) else {
            return;
        };
        let had = self.game.time_counters.get(&card).copied().unwrap_or(0);
        if had == 0 {
            return;
        }
        let left = had - 1;
        if left == 0 {
            self.game.time_counters.remove(&card);
        } else {
            self.game.time_counters.insert(card, left);
        }
        let label = self.label(card);
        self.log(
            "502.59a",
            EventKind::Note {
                text: format!("a time counter is removed from {label} ({left} left)"),
            },
        );
        // "When the last time counter is removed from ~ while it's exiled" (402.8g) triggers on
        // the same event as suspend's ability that plays the card; both wait to be put on the
        // stack together, as every pending triggered ability does (410.5).
        if left == 0
            && let Some(o) = self.game.object(card).cloned()
        {
            for p in Pending::written(&o, crate::ability::Trigger::LastTimeCounterRemoved) {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
        }
        if left == 0
            && let Some(o) = self.game.object(card).cloned()
            && let Some(k) = self
                .game
                .keywords(card)
                .into_iter()
                .find(|k| matches!(k, Keyword::Suspend(..)))
        {
            let text = format!(
                "{k} (502.59a): the last time counter was removed, so play this card without paying its mana cost if able"
            );
            self.pending.push(Pending::new(
                from.controller,
                &o,
                Effect::PlayFromExile { by: k },
                text,
            ));
        }
    }

    /// Current 702.88a: a resolving instant or sorcery with rebound that was cast from its
    /// owner's hand is removed from the game instead of going to the graveyard, and a delayed
    /// triggered ability lets its caster cast it at the beginning of his or her next upkeep.
    /// Whether it was.
    pub(super) fn rebound(&mut self, id: ObjectId, controller: PlayerId) -> bool {
        let from_hand = self
            .game
            .stack_item(id)
            .is_some_and(|i| i.from == Some(Zone::Hand));
        if !from_hand || !self.game.has_keyword(id, &Keyword::Rebound) {
            return false;
        }
        let label = self.label(id);
        let Ok(new) = self
            .game
            .move_object(id, Zone::RemovedFromGame, Position::Top)
        else {
            return false;
        };
        self.game.delayed.push(crate::model::DelayedTrigger {
            when: crate::ability::Trigger::AtStep {
                step: crate::model::Step::Upkeep,
                whose: crate::ability::Whose::Yours,
            },
            controller,
            source: new,
            effects: vec![Effect::PlayFromExile {
                by: Keyword::Rebound,
            }],
        });
        self.log(
            "702.88a",
            EventKind::Note {
                text: format!(
                    "{label} was cast from its owner's hand, so it is removed from the game instead of put into the graveyard; it may be cast at the beginning of its caster's next upkeep"
                ),
            },
        );
        true
    }
}

fn madness_cost(k: &Keyword) -> String {
    match k {
        Keyword::Madness(c) => c.to_string(),
        _ => String::new(),
    }
}
