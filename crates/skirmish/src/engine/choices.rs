//! Choices other players make as an ability resolves (410.5): "any player may exile a card
//! from his or her graveyard" (Carrion Rats), "that player may ..." on an opponent's turn
//! (Web of Inertia), "each player may put two +1/+1 counters on a creature he or she controls"
//! (Orzhov Advokist). Each is asked in turn order from the active player (103.4).

use super::Engine;
use super::agent::Choice;
use super::resolve::From;
use crate::ability::{Chooser, PlayerOption};
use crate::events::EventKind;
use crate::model::{ObjectId, PlayerId, Position, Zone};

impl Engine<'_> {
    /// Asks the players `who` names whether to carry out `option`, and carries it out for
    /// each who does: the players who did, each with the creature he or she chose (for
    /// counters), and the players asked who didn't.
    pub(super) fn players_may(
        &mut self,
        who: Chooser,
        option: &PlayerOption,
        from: &From,
    ) -> (Vec<(PlayerId, Option<ObjectId>)>, Vec<PlayerId>) {
        let active = self.game.turn.active;
        let n = self.game.players.len();
        let start = self
            .game
            .players
            .iter()
            .position(|p| p.id == active)
            .unwrap_or(0);
        let order: Vec<PlayerId> = match who {
            Chooser::ActivePlayer => vec![active],
            // 306.2: the players the attack is against, in turn order.
            Chooser::DefendingPlayer => {
                let defending = self.game.defending_players();
                (0..n)
                    .filter_map(|i| self.game.players.get((start + i) % n.max(1)).map(|p| p.id))
                    .filter(|p| defending.contains(p))
                    .collect()
            }
            Chooser::AnyPlayer | Chooser::EachPlayer => (0..n)
                .filter_map(|i| self.game.players.get((start + i) % n.max(1)).map(|p| p.id))
                .collect(),
        };
        let mut did = Vec::new();
        let mut didnt = Vec::new();
        for player in order {
            match self.player_option(player, option, from) {
                Some(creature) => {
                    did.push((player, creature));
                    if who == Chooser::AnyPlayer {
                        break;
                    }
                }
                None => didnt.push(player),
            }
        }
        (did, didnt)
    }

    /// Asks `player` whether to do `what` for the resolving ability (410.5): yes is the
    /// ability's source (by its label), no is `nothing`; unanswered, yes.
    fn player_says_yes(&mut self, player: PlayerId, from: &From, what: &str) -> bool {
        let source = from.object.label.clone();
        let id = self
            .game
            .object_labelled(&source)
            .map_or(from.object.id, |o| o.id);
        let options = [Choice::Object(id), Choice::Nothing];
        let question = format!("{what} for {source}?");
        self.ask_choice(player, &source, &question, &options, "410.5") == Some(options[0])
    }

    /// One player's choice (410.5): `Some` if he or she carried the option out (with the
    /// creature that got the counters), `None` if he or she declined or couldn't.
    fn player_option(
        &mut self,
        player: PlayerId,
        option: &PlayerOption,
        from: &From,
    ) -> Option<Option<ObjectId>> {
        let who = self.name(player);
        let label = from.object.label.clone();
        match option {
            PlayerOption::ExileFromGraveyard { count } => {
                let count = *count as usize;
                let mut left: Vec<ObjectId> = self
                    .game
                    .player(player)
                    .map(|p| p.graveyard.clone())
                    .unwrap_or_default();
                if left.len() < count || count == 0 {
                    self.log(
                        "410.5",
                        EventKind::Note {
                            text: format!(
                                "{who} has fewer than {count} card(s) in his or her graveyard and can't remove them for {label}"
                            ),
                        },
                    );
                    return None;
                }
                let mut chosen = Vec::new();
                while chosen.len() < count {
                    let question = format!(
                        "{label}: remove a card in your graveyard from the game ({} more)? (nothing declines)",
                        count - chosen.len()
                    );
                    // Declining comes first: a player who isn't asked anything declines.
                    let mut options = vec![Choice::Nothing];
                    options.extend(left.iter().rev().map(|id| Choice::Object(*id)));
                    match self.ask_choice(player, &label, &question, &options, "410.5") {
                        Some(Choice::Object(id)) => {
                            left.retain(|c| *c != id);
                            chosen.push(id);
                        }
                        _ => {
                            self.log(
                                "410.5",
                                EventKind::Note {
                                    text: format!("{who} declines to remove cards for {label}"),
                                },
                            );
                            return None;
                        }
                    }
                }
                for id in chosen {
                    let card = self.label(id);
                    let _ = self
                        .game
                        .move_object(id, Zone::RemovedFromGame, Position::Top);
                    self.log(
                        "410.5",
                        EventKind::Note {
                            text: format!(
                                "{who} removes {card} in his or her graveyard from the game for {label}"
                            ),
                        },
                    );
                }
                Some(None)
            }
            PlayerOption::Draw { count } => {
                let yes = self.player_says_yes(player, from, &format!("draw {count} card(s)"));
                if !yes {
                    let text = format!("{who} chooses not to draw for {label}");
                    self.log("410.5", EventKind::Note { text });
                    return None;
                }
                let draw = crate::ability::Effect::Draw {
                    who: crate::ability::Subject::Players(crate::filter::PlayerRef::Player(player)),
                    count: *count,
                };
                self.apply(&draw, from, None);
                Some(None)
            }
            PlayerOption::Pay { cost } => {
                let Ok(plan) = self.plan(player, cost, None) else {
                    let text = format!("{who} can't pay {cost} for {label}");
                    self.log("410.5", EventKind::Note { text });
                    return None;
                };
                if !self.player_says_yes(player, from, &format!("pay {cost}")) {
                    let text = format!("{who} chooses not to pay {cost} for {label}");
                    self.log("410.5", EventKind::Note { text });
                    return None;
                }
                self.pay(player, plan, &label);
                let text = format!("{who} pays {cost} for {label}");
                self.log("410.5", EventKind::Note { text });
                Some(None)
            }
            PlayerOption::PutCounters {
                counter,
                count,
                filter,
            } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let mut options = vec![Choice::Nothing];
                options.extend(
                    self.game
                        .in_play()
                        .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
                        .map(|o| Choice::Object(o.id)),
                );
                let question = format!(
                    "{label}: put {count} {counter} counter(s) on which {} you control? (nothing declines)",
                    filter.singular()
                );
                let creature = match options.len() {
                    1 => None,
                    _ => match self.ask_choice(player, &label, &question, &options, "410.5") {
                        Some(Choice::Object(id)) => Some(id),
                        _ => None,
                    },
                };
                let Some(id) = creature else {
                    self.log(
                        "410.5",
                        EventKind::Note {
                            text: format!("{who} puts no counters on a creature for {label}"),
                        },
                    );
                    return None;
                };
                let _ = self.game.update_status(id, |s| {
                    s.add_counters(counter.clone(), *count);
                });
                let target = self.label(id);
                self.log(
                    "410.5",
                    EventKind::Note {
                        text: format!(
                            "{who} puts {count} {counter} counter(s) on {target} for {label}"
                        ),
                    },
                );
                Some(Some(id))
            }
        }
    }

    /// "you get {E}{E}" (current 107.14, 122.1): the controller gets that many energy
    /// counters, the amount read as it resolves.
    pub(super) fn get_energy(&mut self, amount: &crate::filter::Amount, from: &From) {
        let ctx = self.filter_context(from.object.id, from.controller);
        let n = u32::try_from(amount.value(&self.game, &ctx).max(0)).unwrap_or(u32::MAX);
        let player = from.controller;
        let _ = self
            .game
            .update_player(player, |p| p.energy = p.energy.saturating_add(n));
        let who = self.name(player);
        let now = self.game.player(player).map_or(0, |p| p.energy);
        self.log(
            "122.1",
            EventKind::Note {
                text: format!(
                    "{who} gets {n} energy counter(s) (current 122.1, 107.14; now {now})"
                ),
            },
        );
        if n == 0 {
            return;
        }
        let found = self.player_action_triggers(player, |e| match e {
            crate::ability::Trigger::PlayerGetsEnergy { who } => Some(*who),
            _ => None,
        });
        self.queue(found);
    }

    /// The action of "<action>. If you can't, ...": its controller does it if able and the
    /// answer says whether he or she did; if not, the action is ignored (2009 103.3) and the
    /// log says so.
    pub(super) fn attempt(&mut self, action: &crate::ability::Attempt, from: &From) -> bool {
        use crate::ability::Attempt;
        let player = from.controller;
        let who = self.name(player);
        match action {
            Attempt::Sacrifice { filter } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let able = self
                    .game
                    .in_play()
                    .any(|o| o.controller == player && filter.matches(&self.game, o, &ctx));
                if able {
                    self.sacrifice_fitting(player, filter, 1, from);
                    return true;
                }
                let text = format!(
                    "{who} controls no {} and can't sacrifice one",
                    filter.singular()
                );
                self.log("103.3", EventKind::Note { text });
                false
            }
            Attempt::PayEnergy { amount } => {
                let has = self.game.player(player).map_or(0, |p| p.energy);
                let symbols = "{E}".repeat(*amount as usize);
                if has < *amount {
                    let text = format!("{who} can't pay {symbols} with {has} energy counter(s)");
                    self.log("103.3", EventKind::Note { text });
                    return false;
                }
                self.remove_energy(player, *amount);
                true
            }
        }
    }

    /// Removes `amount` energy counters the player has (current 107.14), and logs it.
    pub(super) fn remove_energy(&mut self, player: PlayerId, amount: u32) {
        let _ = self
            .game
            .update_player(player, |p| p.energy = p.energy.saturating_sub(amount));
        let left = self.game.player(player).map_or(0, |p| p.energy);
        let text = format!(
            "{} pays {} (current 107.14; {left} left)",
            self.name(player),
            "{E}".repeat(amount as usize)
        );
        self.log("107.14", EventKind::Note { text });
    }

    /// "you may pay {E}" (current 107.14, 410.5): the controller chooses whether to remove
    /// that many energy counters from himself or herself, only if he or she has them. Yes is
    /// the source's label, `nothing` no; the default is yes.
    pub(super) fn may_pay_energy(&mut self, amount: u32, from: &From) -> bool {
        let player = from.controller;
        let who = self.name(player);
        let source = from.object.label.clone();
        let has = self.game.player(player).map_or(0, |p| p.energy);
        let symbols = "{E}".repeat(amount as usize);
        if has < amount {
            let text = format!("{who} can't pay {symbols} with {has} energy counter(s)");
            self.log("107.14", EventKind::Note { text });
            return false;
        }
        let id = self
            .game
            .object_labelled(&source)
            .map_or(from.object.id, |o| o.id);
        let options = [Choice::Object(id), Choice::Nothing];
        let question = format!("pay {symbols}?");
        if self.ask_choice(player, &source, &question, &options, "410.5") == Some(options[0]) {
            self.remove_energy(player, amount);
            true
        } else {
            let text = format!("{who} chooses not to pay {symbols}");
            self.log("410.5", EventKind::Note { text });
            false
        }
    }

    /// "You may exert ~ as it attacks." (current 701.43d): as the attackers are declared, the
    /// controller of each attacker with it chooses whether to exert it (no by default); an
    /// exerted creature won't untap during his or her next untap step (701.43a), and its
    /// linked "When you do" ability triggers (607.2h).
    pub(super) fn exert_attackers(&mut self, attackers: &[ObjectId]) {
        for &id in attackers {
            let Some(o) = self.game.object(id).cloned() else {
                continue;
            };
            if o.zone != Zone::InPlay || !o.abilities().contains(&crate::ability::Ability::MayExert)
            {
                continue;
            }
            let player = o.controller;
            let label = o.label.clone();
            let options = [Choice::Nothing, Choice::Object(id)];
            let question = format!("exert {label} as it attacks? (current 701.43d)");
            if self.ask_choice(player, &label, &question, &options, "701.43d") != Some(options[1]) {
                continue;
            }
            let _ = self.game.update_status(id, |s| s.exerted_by = Some(player));
            let who = self.name(player);
            self.log(
                "701.43a",
                EventKind::Note {
                    text: format!(
                        "{who} exerts {label} (current 701.43a): it won't untap during {who}'s next untap step"
                    ),
                },
            );
            for p in super::Pending::written(&o, crate::ability::Trigger::Exerted) {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
        }
    }
}
