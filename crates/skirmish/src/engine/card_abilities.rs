//! Keyword abilities played from a card rather than a permanent: transmute (502.48a) and
//! reinforce (502.77a) from the hand, discarding the card as a cost; scavenge (current
//! 702.97a), embalm (current 702.128a) and eternalize (current 702.129a) from the graveyard,
//! removing the card from the game as a cost. Dredge (502.47a), a replacement of a draw that
//! functions from the graveyard, is here too.
//!
//! These abilities exist in every zone but can be played only from the one their rule names
//! (502.48b, 502.77b), so they are kept as keywords and played by this module, not listed among
//! a permanent's activated abilities. Every check happens before anything changes (422).

use super::agent::Choice;
use super::resolve::From;
use super::{Engine, Refusal, refuse};
use crate::ability::{Ability, Effect, Keyword, Subject, TargetKind};
use crate::events::EventKind;
use crate::mana::ManaCost;
use crate::model::{
    Counter, Object, ObjectId, PlayerId, Position, StackKind, Step, TargetRef, Zone,
};

/// What a card ability asks for, by keyword: the zone it is played from, its rule (with its
/// letter), whether it has sorcery timing, and its mana cost.
struct CardAbility {
    keyword: Keyword,
    zone: Zone,
    rule: &'static str,
    sorcery: bool,
    cost: ManaCost,
}

/// The abilities of `obj` that are played from a card, in text order.
fn card_abilities(obj: &Object) -> Vec<CardAbility> {
    obj.abilities()
        .iter()
        .filter_map(|a| {
            let Ability::Keyword { keyword } = a else {
                return None;
            };
            let (zone, rule, sorcery, cost) = match keyword {
                Keyword::Transmute(c) => (Zone::Hand, "502.48a", true, c),
                Keyword::Reinforce(_, c) => (Zone::Hand, "502.77a", false, c),
                Keyword::Scavenge(c) => (Zone::Graveyard, "702.97a", true, c),
                Keyword::Embalm(c) => (Zone::Graveyard, "702.128a", true, c),
                Keyword::Eternalize(c) => (Zone::Graveyard, "702.129a", true, c),
                _ => return None,
            };
            Some(CardAbility {
                keyword: keyword.clone(),
                zone,
                rule,
                sorcery,
                cost: cost.clone(),
            })
        })
        .collect()
}

fn zone_words(zone: Zone) -> &'static str {
    match zone {
        Zone::Hand => "its owner's hand",
        Zone::Graveyard => "its owner's graveyard",
        Zone::Library => "a library",
        Zone::InPlay => "play",
        Zone::Stack => "the stack",
        Zone::RemovedFromGame => "the removed-from-the-game zone",
    }
}

impl Engine<'_> {
    /// Whether `card` is a card (not a permanent) with an ability this module plays.
    pub(super) fn has_card_ability(&self, card: ObjectId) -> bool {
        self.game
            .object(card)
            .is_some_and(|o| o.zone != Zone::InPlay && !card_abilities(o).is_empty())
    }

    /// 409.1: plays the `index`-th ability of `card` that is played from a card (transmute,
    /// reinforce, scavenge, embalm, eternalize), with `targets`.
    pub(super) fn activate_card(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        index: usize,
        targets: Vec<TargetRef>,
    ) -> Result<(), Refusal> {
        self.split_second()?;
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        let abilities = card_abilities(&obj);
        let Some(ability) = abilities.into_iter().nth(index) else {
            return refuse(
                "409.1a",
                format!(
                    "{} has no ability number {} that is played from a hand or graveyard",
                    obj.label,
                    index + 1
                ),
            );
        };
        let rule = ability.rule;
        if obj.zone != ability.zone || obj.owner != player {
            return refuse(
                rule,
                format!(
                    "{}'s {} can be played only while it is in {}",
                    obj.label,
                    ability.keyword,
                    zone_words(ability.zone)
                ),
            );
        }
        if ability.sorcery {
            let main = matches!(
                self.game.turn.step,
                Step::PrecombatMain | Step::PostcombatMain
            );
            if self.game.turn.active != player || !main || !self.game.stack_ids().is_empty() {
                return refuse(
                    rule,
                    format!(
                        "{}'s {} can be played only any time its owner could play a sorcery: in his or her main phase with the stack empty",
                        obj.label, ability.keyword
                    ),
                );
            }
        }
        // The effect, fixed now where it reads the card paid as the cost: the card's converted
        // mana cost (transmute) or power (scavenge) can't change on its way to the graveyard or
        // out of the game, as no effect applies to it there.
        let effect = match &ability.keyword {
            Keyword::Transmute(_) => Effect::Transmute {
                mana_value: obj.card.mana_cost.as_ref().map_or(0, ManaCost::converted),
            },
            Keyword::Reinforce(n, _) => Effect::PutCounters {
                what: Subject::TargetCreature,
                counter: Counter::PlusOne,
                count: *n,
            },
            Keyword::Scavenge(_) => Effect::PutCounters {
                what: Subject::TargetCreature,
                counter: Counter::PlusOne,
                count: obj
                    .card
                    .power
                    .map_or(0, |p| u32::try_from(p.max(0)).unwrap_or(0)),
            },
            k => Effect::TokenCopy { by: k.clone() },
        };
        let kinds: Vec<TargetKind> = crate::ability::targets_of([&effect]);
        self.check_targets(&kinds, &targets, &obj, player)?;
        let plan = self.plan(player, &ability.cost, None)?;
        let who = self.name(player);
        let text = ability.keyword.to_string();
        let names: Vec<String> = targets.iter().map(|t| self.target_name(*t)).collect();
        self.log(
            "409.1|602.2",
            EventKind::Activated {
                player: who,
                source: obj.label.clone(),
                ability: text.clone(),
                targets: names,
            },
        );
        self.pay(player, plan, &obj.label);
        // 409.1f: the card is discarded or removed from the game as part of the cost, before
        // the ability resolves.
        let source = if ability.zone == Zone::Hand {
            self.log(
                rule,
                EventKind::Note {
                    text: format!("{} is discarded to pay its {} cost", obj.label, text),
                },
            );
            self.discard_card(card);
            card
        } else {
            self.log(
                rule,
                EventKind::Note {
                    text: format!(
                        "{} is removed from its owner's graveyard from the game to pay its {} cost",
                        obj.label, text
                    ),
                },
            );
            self.game
                .move_object(card, Zone::RemovedFromGame, Position::Top)
                .unwrap_or(card)
        };
        let kind = StackKind::Ability {
            source,
            source_label: obj.label.clone(),
            effects: vec![effect],
            triggered: false,
            text,
            refers: None,
            moved_to: None,
        };
        self.game.push_ability(player, kind, targets);
        Ok(())
    }

    /// Transmute's search (502.48a): a card of the player's choice with that converted mana
    /// cost, or none (a search for a card with a stated quality may fail); revealed, put into
    /// the hand, then the library is shuffled.
    pub(super) fn transmute_search(&mut self, mana_value: u32, from: &From) {
        let player = from.controller;
        let library = self
            .game
            .player(player)
            .map(|p| p.library.clone())
            .unwrap_or_default();
        let mut options: Vec<Choice> = library
            .iter()
            .filter(|id| {
                self.game.object(**id).is_some_and(|o| {
                    o.card.mana_cost.as_ref().map_or(0, ManaCost::converted) == mana_value
                })
            })
            .map(|id| Choice::Object(*id))
            .collect();
        options.push(Choice::Nothing);
        let question =
            format!("which card with converted mana cost {mana_value} to put into your hand?");
        let who = self.name(player);
        let source = from.object.label.clone();
        match self.ask_choice(player, &source, &question, &options, "502.48a") {
            Some(Choice::Object(id)) => {
                let label = self.label(id);
                let text = format!(
                    "{who} reveals {label} (converted mana cost {mana_value}) from the library and puts it into the hand"
                );
                self.log("502.48a", EventKind::Note { text });
                let _ = self.game.move_object(id, Zone::Hand, Position::Top);
            }
            _ => {
                let text = format!(
                    "{who} finds no card with converted mana cost {mana_value} in the library"
                );
                self.log("502.48a", EventKind::Note { text });
            }
        }
        self.game.shuffle_library(player);
        let text = format!("{who} shuffles the library");
        self.log("502.48a", EventKind::Note { text });
    }

    /// Embalm (current 702.128a) and eternalize (current 702.129a): a token that's a copy of
    /// the card, its copiable values being the printed card's (no effect applies to it out of
    /// the game), except that it has no mana cost, is white (embalm) or black and 4/4
    /// (eternalize), and is a Zombie in addition to its other types; the exceptions are part of
    /// the copiable values. Its comes-into-play abilities trigger.
    pub(super) fn token_copy(&mut self, by: &Keyword, from: &From) {
        use crate::mana::Color;
        let (rule, color) = match by {
            Keyword::Eternalize(_) => ("702.129a", Color::Black),
            _ => ("702.128a", Color::White),
        };
        let mut card = (*from.object.card).clone();
        card.mana_cost = None;
        card.token_colors = Some(vec![color]);
        if !card.type_line.subtypes.iter().any(|t| t == "Zombie") {
            card.type_line.subtypes.push("Zombie".to_string());
        }
        if matches!(by, Keyword::Eternalize(_)) {
            card.power = Some(4);
            card.toughness = Some(4);
        }
        let player = from.controller;
        let label = self.game.fresh_label(&format!("{} token", card.name));
        let Ok(id) = self.game.create_object(
            std::sync::Arc::new(card),
            label.clone(),
            true,
            player,
            player,
            Zone::InPlay,
        ) else {
            return;
        };
        let _ = self.game.update_status(id, |s| s.summoning_sick = true);
        let who = self.name(player);
        let what = match by {
            Keyword::Eternalize(_) => "a 4/4 black Zombie with no mana cost",
            _ => "a white Zombie with no mana cost",
        };
        let text = format!(
            "{who} puts into play {label}, a token that's a copy of {}, except it's {what} ({by})",
            from.object.label
        );
        self.log(rule, EventKind::Note { text });
        self.comes_into_play(id);
    }

    /// Dredge (502.47a): before `player` draws a card, he or she may instead put N cards from
    /// the top of his or her library into the graveyard and return a card with dredge N from
    /// the graveyard to the hand, if the library has at least N cards (502.47b). Each card
    /// with dredge is offered in graveyard order; declining all of them draws. Returns whether
    /// the draw was replaced.
    pub(super) fn dredge_instead(&mut self, player: PlayerId) -> bool {
        let Some(p) = self.game.player(player) else {
            return false;
        };
        let library = p.library.len();
        let offers: Vec<(ObjectId, u32)> = p
            .graveyard
            .iter()
            .filter_map(|id| {
                let o = self.game.object(*id)?;
                o.abilities().iter().find_map(|a| match a {
                    Ability::Keyword {
                        keyword: Keyword::Dredge(n),
                    } if usize::try_from(*n).is_ok_and(|n| n <= library) => Some((*id, *n)),
                    _ => None,
                })
            })
            .collect();
        for (card, n) in offers {
            let label = self.label(card);
            let question = format!(
                "dredge {n} (502.47a): instead of drawing, put the top {n} card(s) of your library into your graveyard and return {label} to your hand?"
            );
            let options = [Choice::Nothing, Choice::Object(card)];
            if self.ask_choice(player, &label, &question, &options, "502.47a")
                != Some(Choice::Object(card))
            {
                continue;
            }
            let who = self.name(player);
            let mut milled = Vec::new();
            for _ in 0..n {
                let Some(top) = self
                    .game
                    .player(player)
                    .and_then(|p| p.library.first().copied())
                else {
                    break;
                };
                milled.push(self.label(top));
                let _ = self.game.move_object(top, Zone::Graveyard, Position::Top);
            }
            let _ = self.game.move_object(card, Zone::Hand, Position::Top);
            let text = format!(
                "{who} dredges {n} instead of drawing: {} put into the graveyard from the library, and {label} returned to the hand",
                if milled.is_empty() {
                    "nothing".to_string()
                } else {
                    milled.join(", ")
                }
            );
            self.log("502.47a", EventKind::Note { text });
            return true;
        }
        false
    }
}

impl Engine<'_> {
    /// How many spells `player` has played this turn (409.1: each logs a `Cast` event).
    pub(super) fn spells_this_turn(&self, player: PlayerId) -> usize {
        let who = self.name(player);
        self.game
            .events_this_turn()
            .iter()
            .filter(|e| matches!(&e.kind, EventKind::Cast { player: p, .. } if *p == who))
            .count()
    }

    /// How many cards `player` has drawn this turn (a draw dredge replaced isn't one).
    pub(super) fn draws_this_turn(&self, player: PlayerId) -> usize {
        let who = self.name(player);
        self.game
            .events_this_turn()
            .iter()
            .filter(|e| matches!(&e.kind, EventKind::Drew { player: p, .. } if *p == who))
            .count()
    }

    /// Surge (current 702.117a): its cost may be paid rather than the mana cost only if the
    /// caster has played another spell this turn (a two-player game has no teammates).
    pub(super) fn surge_allowed(&self, player: PlayerId, label: &str) -> Result<(), Refusal> {
        if self.spells_this_turn(player) == 0 {
            return refuse(
                "702.117a",
                format!(
                    "{label}'s surge cost can be paid only if its caster has played another spell this turn, and {} hasn't",
                    self.name(player)
                ),
            );
        }
        Ok(())
    }

    /// Miracle (current 702.94a): the first card a player draws in a turn, if it has miracle,
    /// may be revealed as it is drawn (by default it isn't); revealing it triggers the ability
    /// that lets him or her cast it for its miracle cost.
    pub(super) fn miracle_reveal(&mut self, player: PlayerId, card: ObjectId) {
        let Some(obj) = self.game.object(card).cloned() else {
            return;
        };
        let Some(cost) = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Miracle(c),
            } => Some(c.clone()),
            _ => None,
        }) else {
            return;
        };
        let question = format!(
            "miracle (702.94a): reveal {} as you draw it, the first card you've drawn this turn?",
            obj.label
        );
        let options = [Choice::Nothing, Choice::Object(card)];
        if self.ask_choice(player, &obj.label, &question, &options, "702.94a")
            != Some(Choice::Object(card))
        {
            return;
        }
        let who = self.name(player);
        let text = format!(
            "{who} reveals {}, the first card he or she has drawn this turn (miracle {cost})",
            obj.label
        );
        self.log("702.94a", EventKind::Note { text });
        let text = format!(
            "miracle {cost} (702.94a): when you reveal this card this way, you may cast it by paying {cost} rather than its mana cost"
        );
        self.pending.push(super::Pending::new(
            player,
            &obj,
            Effect::Miracle { cost },
            text,
        ));
    }

    /// Miracle's trigger resolving (current 702.94a): the card, if it is still the revealed
    /// card in the hand (702.94b), may be cast for the miracle cost, whatever its type's
    /// timing.
    pub(super) fn miracle_cast(&mut self, cost: &ManaCost, from: &From) {
        let card = from.object.id;
        let label = from.object.label.clone();
        if self.game.object(card).is_none_or(|o| o.zone != Zone::Hand) {
            let text = format!("{label} is no longer in its owner's hand, so it isn't cast");
            self.log("702.94a", EventKind::Note { text });
            return;
        }
        let question = format!("miracle (702.94a): cast {label} for {cost}?");
        let options = [Choice::Object(card), Choice::Nothing];
        let player = from.controller;
        if self.ask_choice(player, &label, &question, &options, "702.94a")
            == Some(Choice::Object(card))
        {
            let how = super::play::EffectCast {
                cost: Some(cost.clone()),
                option: crate::model::CastOption::Miracle,
                rule: "702.94a",
            };
            if self.cast_by_effect(player, card, how) {
                return;
            }
        }
        let text = format!("{label} isn't cast for its miracle cost and stays in the hand");
        self.log("702.94a", EventKind::Note { text });
    }

    /// Recover (502.55a): for each creature put into a graveyard from play, each card with
    /// recover already in that graveyard triggers (each instance), controlled by its owner. A
    /// card put there at the same time or later wasn't in the graveyard as the creature went
    /// (the ability looks back, 410.10d), so it doesn't.
    pub(super) fn recover_triggers(&mut self, died: &[(ObjectId, ObjectId)]) {
        let arrived: Vec<ObjectId> = died.iter().map(|(_, new)| *new).collect();
        for (old, new) in died {
            let was_creature = self
                .game
                .object_or_last_known(*old)
                .is_some_and(|o| o.is(crate::typeline::CardType::Creature));
            let Some((owner, arrival)) = self.game.object(*new).map(|o| (o.owner, o.timestamp))
            else {
                continue;
            };
            if !was_creature {
                continue;
            }
            let graveyard = self
                .game
                .player(owner)
                .map(|p| p.graveyard.clone())
                .unwrap_or_default();
            for id in graveyard.iter().filter(|id| !arrived.contains(id)) {
                // A card put into the graveyard after the creature (the spell that destroyed
                // it, 413.2i) wasn't there as the creature went.
                let Some(obj) = self
                    .game
                    .object(*id)
                    .filter(|o| o.timestamp < arrival)
                    .cloned()
                else {
                    continue;
                };
                for a in obj.abilities() {
                    if let Ability::Keyword {
                        keyword: Keyword::Recover(cost),
                    } = a
                    {
                        let text = format!(
                            "recover {cost} (502.55a): when a creature is put into your graveyard from play, you may pay {cost}; if you do, return this card from your graveyard to your hand, otherwise remove it from the game"
                        );
                        self.pending.push(super::Pending::new(
                            owner,
                            &obj,
                            Effect::Recover { cost: cost.clone() },
                            text,
                        ));
                    }
                }
            }
        }
    }

    /// Recover's trigger resolving (502.55a): the payment is offered only if it can be made
    /// (409.1h); paid, the card returns to its owner's hand, otherwise it is removed from the
    /// game. A card that left the graveyard is a new object (217.1c) and stays where it is.
    pub(super) fn recover(&mut self, cost: &ManaCost, from: &From) {
        let card = from.object.id;
        let label = from.object.label.clone();
        if self
            .game
            .object(card)
            .is_none_or(|o| o.zone != Zone::Graveyard)
        {
            let text = format!("{label} is no longer in the graveyard, so recover does nothing");
            self.log("502.55a", EventKind::Note { text });
            return;
        }
        let player = from.controller;
        let who = self.name(player);
        let paid = match self.plan(player, cost, None) {
            Ok(plan) => {
                let question =
                    format!("recover (502.55a): pay {cost} to return {label} to your hand?");
                let options = [Choice::Object(card), Choice::Nothing];
                if self.ask_choice(player, &label, &question, &options, "502.55a")
                    == Some(Choice::Object(card))
                {
                    self.pay(player, plan, &label);
                    true
                } else {
                    false
                }
            }
            Err(_) => false,
        };
        if paid {
            let text =
                format!("{who} pays {cost} and returns {label} from the graveyard to the hand");
            self.log("502.55a", EventKind::Note { text });
            let _ = self.game.move_object(card, Zone::Hand, Position::Top);
        } else {
            let text = format!("{who} doesn't pay {cost}, so {label} is removed from the game");
            self.log("502.55a", EventKind::Note { text });
            let _ = self
                .game
                .move_object(card, Zone::RemovedFromGame, Position::Top);
        }
    }
}

impl Engine<'_> {
    /// Tribute N (current 702.104a), as the creature comes into play: its controller chooses
    /// an opponent, who may have it come into play with N more +1/+1 counters, part of the
    /// same event (410.10e).
    pub(super) fn tribute(&mut self, o: &Object, n: u32) {
        let opponents: Vec<Choice> = self
            .game
            .players
            .iter()
            .filter(|p| p.id != o.controller && !p.lost)
            .map(|p| Choice::Player(p.id))
            .collect();
        let chosen = match opponents.as_slice() {
            [] => return,
            [only] => Some(*only),
            _ => {
                let question = format!("tribute {n} (702.104a): which opponent chooses?");
                self.ask_choice(o.controller, &o.label, &question, &opponents, "702.104a")
            }
        };
        let Some(Choice::Player(opponent)) = chosen else {
            return;
        };
        let (who, them) = (self.name(o.controller), self.name(opponent));
        let text = format!("{who} chooses {them} for {}'s tribute {n}", o.label);
        self.log("702.104a", EventKind::Note { text });
        let question = format!(
            "tribute {n} (702.104a): have {} come into play with {n} more +1/+1 counter(s) on it?",
            o.label
        );
        let options = [Choice::Nothing, Choice::Object(o.id)];
        if self.ask_choice(opponent, &o.label, &question, &options, "702.104a")
            == Some(Choice::Object(o.id))
        {
            let _ = self.game.update_status(o.id, |s| {
                s.add_counters(Counter::PlusOne, n);
            });
            let text = format!(
                "{them} pays tribute: {} comes into play with {n} +1/+1 counter(s) on it",
                o.label
            );
            self.log("702.104a", EventKind::Note { text });
        } else {
            let text = format!("{them} doesn't pay {}'s tribute", o.label);
            self.log("702.104a", EventKind::Note { text });
        }
    }

    /// Hideaway's trigger (502.75a): of the top four cards of the library (fewer if it has
    /// fewer), its controller removes the one he or she chooses from the game face down and
    /// puts the rest on the bottom, in the order they had (the order is his or her choice; the
    /// engine doesn't ask).
    pub(super) fn hideaway(&mut self, from: &From) {
        let player = from.controller;
        let top: Vec<ObjectId> = self
            .game
            .player(player)
            .map(|p| p.library.iter().take(4).copied().collect())
            .unwrap_or_default();
        let who = self.name(player);
        if top.is_empty() {
            let text = format!("{who}'s library is empty: there is nothing to look at");
            self.log("502.75a", EventKind::Note { text });
            return;
        }
        let options: Vec<Choice> = top.iter().map(|id| Choice::Object(*id)).collect();
        let question = format!(
            "hideaway (502.75a): which of the top {} card(s) of your library to remove from the game face down?",
            top.len()
        );
        let source = from.object.label.clone();
        let chosen = match self.ask_choice(player, &source, &question, &options, "502.75a") {
            Some(Choice::Object(id)) => id,
            _ => top[0],
        };
        let _ = self
            .game
            .move_object(chosen, Zone::RemovedFromGame, Position::Top);
        let rest: Vec<ObjectId> = top.into_iter().filter(|id| *id != chosen).collect();
        for id in &rest {
            let _ = self.game.move_object(*id, Zone::Library, Position::Bottom);
        }
        let text = format!(
            "{who} looks at the top card(s) of the library, removes one of them from the game face down, and puts {} on the bottom",
            rest.len()
        );
        self.log("502.75a", EventKind::Note { text });
    }
}

impl Engine<'_> {
    /// Emerge (current 702.119a-b): the creature its caster sacrifices, asked as the spell is
    /// played (by default the first he or she controls), with its mana value.
    pub(super) fn emerge_creature(
        &mut self,
        player: PlayerId,
        spell: &Object,
    ) -> Result<(ObjectId, u32), Refusal> {
        let options: Vec<Choice> = self
            .game
            .in_play()
            .filter(|o| o.controller == player && o.is(crate::typeline::CardType::Creature))
            .map(|o| Choice::Object(o.id))
            .collect();
        if options.is_empty() {
            return refuse(
                "702.119a",
                format!(
                    "{}'s emerge cost includes sacrificing a creature, and {} controls none",
                    spell.label,
                    self.name(player)
                ),
            );
        }
        let question = format!(
            "emerge (702.119a): which creature to sacrifice for {}?",
            spell.label
        );
        let Some(Choice::Object(id)) =
            self.ask_choice(player, &spell.label, &question, &options, "702.119a")
        else {
            return refuse("702.119a", "no creature was chosen to sacrifice for emerge");
        };
        let value = self
            .game
            .object(id)
            .and_then(|o| o.card.mana_cost.as_ref().map(ManaCost::converted))
            .unwrap_or(0);
        Ok((id, value))
    }
}

/// The creature types an object has, as prowl compares them (502.76a): `"*"` for every
/// creature type (changeling, 502.73a).
fn creature_types(game: &crate::model::Game, o: &Object) -> Vec<String> {
    if o.has_keyword(&Keyword::Changeling) || game.has_keyword(o.id, &Keyword::Changeling) {
        return vec!["*".to_string()];
    }
    o.type_line()
        .subtypes
        .iter()
        .filter(|s| crate::typeline::creature_type_named(s).is_some())
        .cloned()
        .collect()
}

impl Engine<'_> {
    /// 502.76a-b: a source that dealt combat damage to a player: its controller remembers its
    /// creature types as they are now (its last known information if it left play).
    pub(super) fn remember_combat_damage_types(&mut self, source: &Object) {
        let types = creature_types(&self.game, source);
        if types.is_empty() {
            return;
        }
        let _ = self.game.update_player(source.controller, |p| {
            for t in types {
                if !p.combat_damage_types.contains(&t) {
                    p.combat_damage_types.push(t);
                }
            }
        });
    }

    /// Prowl (502.76a): its cost may be paid rather than the mana cost only if a source of
    /// the caster's that shared a creature type with the spell dealt combat damage to a player
    /// this turn.
    pub(super) fn prowl_allowed(&self, player: PlayerId, spell: &Object) -> Result<(), Refusal> {
        let mine = creature_types(&self.game, spell);
        let dealt = self
            .game
            .player(player)
            .map(|p| p.combat_damage_types.clone())
            .unwrap_or_default();
        let shares = !mine.is_empty()
            && !dealt.is_empty()
            && (mine.iter().any(|t| t == "*")
                || dealt.iter().any(|t| t == "*")
                || mine.iter().any(|t| dealt.contains(t)));
        if shares {
            return Ok(());
        }
        refuse(
            "502.76a",
            format!(
                "{}'s prowl cost can be paid only if a player was dealt combat damage this turn by a source {} controlled that had one of its creature types ({})",
                spell.label,
                self.name(player),
                if mine.is_empty() {
                    "it has none".to_string()
                } else {
                    mine.join(", ")
                }
            ),
        )
    }
}

/// Awaken's instructions (current 702.113a), added after the spell's own when its awaken cost
/// was paid: N +1/+1 counters on target land its caster controls, and that land becomes a 0/0
/// Elemental creature with haste, still a land, with no end.
pub(super) fn awaken_effects(spell: &Object) -> Vec<Effect> {
    use crate::filter::{Filter, PlayerRef};
    let Some(n) = spell.abilities().iter().find_map(|a| match a {
        Ability::Keyword {
            keyword: Keyword::Awaken(n, _),
        } => Some(*n),
        _ => None,
    }) else {
        return Vec::new();
    };
    let land = Subject::Target(Filter::All(vec![
        Filter::Type(crate::typeline::CardType::Land),
        Filter::ControlledBy(PlayerRef::You),
    ]));
    vec![
        Effect::PutCounters {
            what: land.clone(),
            counter: Counter::PlusOne,
            count: n,
        },
        Effect::Animate {
            what: land,
            power: Some(0),
            toughness: Some(0),
            colors: Vec::new(),
            card_types: vec![crate::typeline::CardType::Creature],
            subtypes: vec!["Elemental".to_string()],
            keywords: vec![Keyword::Haste],
            duration: crate::ability::Duration::Indefinitely,
            replaces_types: false,
            pt_equal: None,
        },
    ]
}
