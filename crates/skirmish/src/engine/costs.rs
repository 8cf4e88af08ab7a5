//! The parts of an activation cost besides mana and `{T}` (409.1f): sacrificing, tapping
//! untapped permanents, discarding, removing counters, paying life, returning permanents to
//! their owners' hands. Everything is checked before anything is paid: 409.1h allows no
//! partial payments, and a refused activation leaves the game as it was.

use super::{Engine, Refusal, refuse};
use crate::ability::{Ability, Cost, CostPart, Keyword};
use crate::events::EventKind;
use crate::filter::Context;
use crate::model::{Object, ObjectId, PlayerId, Position, Zone};

/// The objects that pay each part of a cost, in the cost's order (empty for parts about the
/// source or the player).
pub(super) struct Chosen(Vec<Vec<ObjectId>>);

impl Chosen {
    /// Permanents the payment takes away or taps, which can't also tap for mana.
    pub(super) fn busy(&self) -> Vec<ObjectId> {
        self.0.iter().flatten().copied().collect()
    }

    /// The permanents chosen to be sacrificed for `cost` ("Sacrifice a creature"), which "the
    /// sacrificed creature's power" reads (413.2f).
    pub(super) fn sacrificed(&self, cost: &Cost) -> Vec<ObjectId> {
        self.paying(cost, |part| matches!(part, CostPart::Sacrifice { .. }))
    }

    /// The permanents chosen to be tapped for `cost` ("Tap an untapped creature you
    /// control"), which "the power of the creature tapped this way" reads (413.2f).
    pub(super) fn tapped(&self, cost: &Cost) -> Vec<ObjectId> {
        self.paying(cost, |part| matches!(part, CostPart::TapUntapped { .. }))
    }

    /// The cards chosen to be discarded for `cost` ("Discard a creature card"), which "the
    /// discarded card's converted mana cost" reads (413.2f).
    pub(super) fn discarded(&self, cost: &Cost) -> Vec<ObjectId> {
        self.paying(cost, |part| {
            matches!(
                part,
                CostPart::Discard { .. } | CostPart::DiscardCards { .. }
            )
        })
    }

    fn paying(&self, cost: &Cost, which: impl Fn(&CostPart) -> bool) -> Vec<ObjectId> {
        cost.parts
            .iter()
            .zip(&self.0)
            .filter(|(part, _)| which(part))
            .flat_map(|(_, ids)| ids.iter().copied())
            .collect()
    }
}

/// Whether a permanent has a `{T}` mana ability (it is better kept to pay mana).
pub(super) fn makes_mana(o: &Object) -> bool {
    o.abilities().iter().any(|a| {
        matches!(a, Ability::Activated { cost, effects, .. }
            if cost.is_just_tap() && matches!(effects.as_slice(), [e] if e.adds_mana()))
    })
}

impl Engine<'_> {
    /// Chooses the objects that pay `cost`'s other parts: first those the player `named`, in
    /// order, then, for what is still missing, the first that fit (other permanents before
    /// the source, permanents without mana abilities before those with, the newest cards of
    /// the hand). Refuses with 409.1h when a part can't be paid, and when a named object
    /// pays no part.
    pub(super) fn choose_cost(
        &self,
        player: PlayerId,
        source: &Object,
        cost: &Cost,
        named: &[ObjectId],
    ) -> Result<Chosen, Refusal> {
        let ctx = Context::of(source, None);
        let mut used: Vec<ObjectId> = Vec::new();
        if cost.tap {
            used.push(source.id);
        }
        let mut out = Vec::new();
        // Objects named that pay a part without being used up ("put a counter on a creature
        // you control").
        let mut named_extra: Vec<ObjectId> = Vec::new();
        for part in &cost.parts {
            let mut pick = Vec::new();
            let (fits, count): (Vec<ObjectId>, u32) = match part {
                // Fixed with the announced X before any part is chosen (`Cost::with_x`).
                CostPart::X { .. } => {
                    return refuse(
                        "409.1b",
                        format!("{cost} can't be paid: its X wasn't announced"),
                    );
                }
                CostPart::Sacrifice { filter, count }
                | CostPart::TapUntapped { filter, count }
                | CostPart::ReturnToHand { filter, count } => {
                    let mut fits: Vec<&Object> = self
                        .game
                        .in_play()
                        .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
                        .filter(|o| !matches!(part, CostPart::TapUntapped { .. }) || !o.tapped())
                        .collect();
                    fits.sort_by_key(|o| (o.id == source.id, makes_mana(o)));
                    (fits.into_iter().map(|o| o.id).collect(), *count)
                }
                CostPart::Discard { count, .. } => {
                    let hand = self
                        .game
                        .player(player)
                        .map(|p| p.hand.iter().rev().copied().collect())
                        .unwrap_or_default();
                    (hand, *count)
                }
                CostPart::DiscardCards { filter, count } => {
                    let hand = self.game.player(player).map(|p| p.hand.clone());
                    (
                        self.fitting(&hand.unwrap_or_default(), filter, &ctx),
                        *count,
                    )
                }
                CostPart::ExileFromGraveyard { filter, count, top } => {
                    let cards = self.game.player(player).map(|p| p.graveyard.clone());
                    let mut fitting = self.fitting(&cards.unwrap_or_default(), filter, &ctx);
                    // "the top creature card": the first from the top that fits, no choice.
                    if *top {
                        fitting.truncate(1);
                    }
                    (fitting, *count)
                }
                CostPart::PutCounters { .. } => (Vec::new(), 0),
                CostPart::PutCounterOn { filter, .. } => {
                    // The permanent isn't used up: the one tapped for {T} may get it too.
                    let mut fits: Vec<&Object> = self
                        .game
                        .in_play()
                        .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
                        .collect();
                    fits.sort_by_key(|o| o.id == source.id);
                    let fits: Vec<ObjectId> = fits.into_iter().map(|o| o.id).collect();
                    let Some(one) = named
                        .iter()
                        .find(|id| fits.contains(id))
                        .or(fits.first())
                        .copied()
                    else {
                        return refuse(
                            "409.1h",
                            format!("{cost} can't be paid: \"{part}\" needs a permanent it fits"),
                        );
                    };
                    named_extra.push(one);
                    out.push(vec![one]);
                    continue;
                }
                CostPart::DiscardThis | CostPart::ExileThis => {
                    // 402.8h: the ability is played only while the card is in its owner's
                    // hand or graveyard (the caller checks that); it can't also be one of the
                    // cards another part discards or exiles.
                    if used.contains(&source.id) {
                        return refuse(
                            "409.1h",
                            format!("{} is already used to pay this cost", source.label),
                        );
                    }
                    used.push(source.id);
                    (Vec::new(), 0)
                }
                // 104.5: "Untap this permanent"; 212.3f: not with summoning sickness.
                CostPart::UntapThis => {
                    if !source.tapped() {
                        return refuse(
                            "104.5",
                            format!("{} is untapped, so it can't pay {{Q}}", source.label),
                        );
                    }
                    let sick = source.status.as_ref().is_some_and(|s| s.summoning_sick);
                    if source.is(crate::typeline::CardType::Creature)
                        && sick
                        && !self.game.has_keyword(source.id, &Keyword::Haste)
                    {
                        return refuse(
                            "212.3f",
                            format!(
                                "{} hasn't been under its controller's control since the turn began, so its {{Q}} abilities can't be played",
                                source.label
                            ),
                        );
                    }
                    (Vec::new(), 0)
                }
                CostPart::SacrificeThis => {
                    if used.contains(&source.id) && !cost.tap {
                        return refuse(
                            "409.1h",
                            format!("{} is already used to pay this cost", source.label),
                        );
                    }
                    (Vec::new(), 0)
                }
                CostPart::RemoveCounters { counter, count } => {
                    let has = source
                        .status
                        .as_ref()
                        .and_then(|s| s.counters.get(counter))
                        .copied()
                        .unwrap_or(0);
                    if has < *count {
                        return refuse(
                            "409.1h",
                            format!(
                                "{} can't be paid: {} has {has} {counter} counter{}",
                                cost,
                                source.label,
                                if has == 1 { "" } else { "s" }
                            ),
                        );
                    }
                    (Vec::new(), 0)
                }
                CostPart::Loyalty { delta } => {
                    let has = i32::try_from(source.counter_count("loyalty")).unwrap_or(i32::MAX);
                    if delta.checked_add(has).is_none_or(|left| left < 0) {
                        return refuse(
                            "212.9f",
                            format!(
                                "{} can't pay the loyalty cost {part}: it has {has} loyalty counter(s)",
                                source.label
                            ),
                        );
                    }
                    (Vec::new(), 0)
                }
                CostPart::Crew { power } => {
                    pick = self.crew_for_cost(player, source, *power, named, &used)?;
                    used.extend(pick.iter().copied());
                    out.push(pick);
                    continue;
                }
                CostPart::PayEnergy { amount } => {
                    let has = self.game.player(player).map_or(0, |p| p.energy);
                    if has < *amount {
                        return refuse(
                            "107.14",
                            format!(
                                "{} can't pay {part} with {has} energy counter(s) (current 107.14)",
                                self.name(player)
                            ),
                        );
                    }
                    (Vec::new(), 0)
                }
                CostPart::PayLife { amount } => {
                    let life = self.game.player(player).map_or(0, |p| p.life);
                    if i64::from(life) < i64::from(*amount) {
                        return refuse(
                            "215.4",
                            format!(
                                "{} can't pay {amount} life with a life total of {life}",
                                self.name(player)
                            ),
                        );
                    }
                    (Vec::new(), 0)
                }
            };
            for id in named.iter().chain(fits.iter()) {
                if pick.len() as u32 == count {
                    break;
                }
                if fits.contains(id) && !used.contains(id) && !pick.contains(id) {
                    pick.push(*id);
                }
            }
            if (pick.len() as u32) < count {
                return refuse(
                    "409.1h",
                    format!(
                        "{cost} can't be paid: \"{part}\" needs {count}, and only {} can pay it",
                        pick.len()
                    ),
                );
            }
            used.extend(pick.iter().copied());
            out.push(pick);
        }
        if let Some(extra) = named
            .iter()
            .find(|id| !used.contains(id) && !named_extra.contains(id))
        {
            return refuse(
                "409.1h",
                format!("{} pays no part of the cost {cost}", self.label(*extra)),
            );
        }
        Ok(Chosen(out))
    }

    /// Pays the other parts of a cost with the objects [`Engine::choose_cost`] chose, logging
    /// each action (409.1h; 501.6 sacrifice, 501.7 tap, 215.4 life).
    pub(super) fn pay_cost_parts(
        &mut self,
        player: PlayerId,
        source: ObjectId,
        cost: &Cost,
        chosen: Chosen,
    ) {
        let who = self.name(player);
        for (part, ids) in cost.parts.iter().zip(chosen.0) {
            match part {
                CostPart::X { .. } => {}
                CostPart::SacrificeThis => self.sacrifice(source),
                CostPart::UntapThis => {
                    let _ = self.game.update_status(source, |s| s.tapped = false);
                    let label = self.label(source);
                    self.log("104.5", EventKind::Untapped { label });
                }
                CostPart::ExileThis => {
                    let label = self.label(source);
                    self.log(
                        "402.8h",
                        EventKind::Note {
                            text: format!("{label} is removed from the game from its owner's graveyard to pay the cost of its own ability (217.7)"),
                        },
                    );
                    let _ = self
                        .game
                        .move_object(source, Zone::RemovedFromGame, Position::Top);
                }
                CostPart::DiscardThis => {
                    let label = self.label(source);
                    self.log(
                        "402.8h",
                        EventKind::Note {
                            text: format!("{label} is discarded from its owner's hand to pay the cost of its own ability"),
                        },
                    );
                    self.discard_card(source);
                }
                CostPart::Sacrifice { .. } => {
                    for id in ids {
                        self.sacrifice(id);
                    }
                }
                CostPart::TapUntapped { .. } => {
                    for id in ids {
                        let _ = self.game.update_status(id, |s| s.tapped = true);
                        let label = self.label(id);
                        self.log("501.7", EventKind::Tapped { label });
                    }
                }
                CostPart::Crew { .. } => {
                    let vehicle = self.label(source);
                    for id in ids {
                        let _ = self.game.update_status(id, |s| s.tapped = true);
                        let label = self.label(id);
                        let text = format!("{label} is tapped and crews {vehicle}");
                        self.log("702.122b", EventKind::Note { text });
                    }
                }
                CostPart::ReturnToHand { .. } => {
                    for id in ids {
                        let label = self.label(id);
                        self.log(
                            "409.1h",
                            EventKind::Note {
                                text: format!("{label} is returned to its owner's hand"),
                            },
                        );
                        let _ = self.game.move_object(id, Zone::Hand, Position::Top);
                    }
                }
                CostPart::Discard { random, .. } => {
                    for id in ids {
                        let label = self.label(id);
                        if *random {
                            let text = format!(
                                "{label} is the card discarded at random (a run is deterministic: the one `pay` names, else the card most recently put into the hand)"
                            );
                            self.log("409.1h", EventKind::Note { text });
                        }
                        self.log(
                            "409.1h",
                            EventKind::Discarded {
                                player: who.clone(),
                                label,
                            },
                        );
                        self.discard_card(id);
                    }
                }
                CostPart::DiscardCards { .. } => {
                    for id in ids {
                        let label = self.label(id);
                        self.log(
                            "409.1h",
                            EventKind::Discarded {
                                player: who.clone(),
                                label,
                            },
                        );
                        self.discard_card(id);
                    }
                }
                CostPart::ExileFromGraveyard { .. } => {
                    for id in ids {
                        let label = self.label(id);
                        let text = format!(
                            "{label} is removed from the game from {who}'s graveyard to pay the cost (217.7)"
                        );
                        self.log("409.1h", EventKind::Note { text });
                        let _ = self
                            .game
                            .move_object(id, Zone::RemovedFromGame, Position::Top);
                    }
                }
                CostPart::PutCounters { counter, count } => {
                    self.put_counters_for_cost(source, counter, *count);
                }
                CostPart::PutCounterOn { counter, .. } => {
                    for id in ids {
                        self.put_counters_for_cost(id, counter, 1);
                    }
                }
                CostPart::RemoveCounters { counter, count } => {
                    self.remove_counters(source, counter, *count, "409.1h");
                }
                CostPart::Loyalty { delta } if *delta < 0 => {
                    let kind = crate::model::Counter::Loyalty;
                    self.remove_counters(source, &kind, delta.unsigned_abs(), "212.9f");
                }
                CostPart::Loyalty { delta } => {
                    let n = delta.unsigned_abs();
                    let _ = self.game.update_status(source, |s| {
                        let c = s
                            .counters
                            .entry(crate::model::Counter::Loyalty)
                            .or_default();
                        *c = c.saturating_add(n);
                    });
                    let label = self.label(source);
                    let now = self
                        .game
                        .object(source)
                        .map_or(0, |o| o.counter_count("loyalty"));
                    self.log(
                        "212.9f",
                        EventKind::Note {
                            text: format!("{n} loyalty counter(s) are put on {label} to pay its loyalty cost (now {now})"),
                        },
                    );
                }
                CostPart::PayEnergy { amount } => {
                    self.remove_energy(player, *amount);
                }
                CostPart::PayLife { amount } => {
                    let change = -i32::try_from(*amount).unwrap_or(i32::MAX);
                    let _ = self.game.change_life(player, change);
                    let life = self.game.player(player).map_or(0, |p| p.life);
                    self.log(
                        "215.4",
                        EventKind::Life {
                            player: who.clone(),
                            change,
                            life,
                        },
                    );
                }
            }
        }
    }

    /// The upkeep cost of cumulative upkeep (502.13a) or echo (502.19a) as its ability
    /// resolves: the permanent's controller pays the whole cost or sacrifices the permanent.
    /// Cumulative upkeep first puts an age counter on it and asks the cost once for each age
    /// counter, as one payment (no partial payments). The objects that pay the cost's other
    /// parts (lands to sacrifice, cards to discard) are chosen as for activation costs
    /// ([`Engine::choose_cost`]'s defaults); the player chooses whether to pay.
    pub(super) fn upkeep_cost(&mut self, id: ObjectId, by: &Keyword, controller: PlayerId) {
        use super::agent::Choice;
        let Some(obj) = self.game.object(id).cloned() else {
            return;
        };
        let label = obj.label.clone();
        let (cost, rule, what) = match by {
            Keyword::CumulativeUpkeep(c) => {
                let age = crate::model::Counter::parse("age");
                let _ = self.game.update_status(id, |s| {
                    let n = s.counters.entry(age).or_default();
                    *n = n.saturating_add(1);
                });
                let n = self.game.object(id).map_or(0, |o| o.counter_count("age"));
                self.log(
                    "502.13a",
                    EventKind::Note {
                        text: format!(
                            "an age counter is put on {label}, which now has {n} age counter(s)"
                        ),
                    },
                );
                (
                    c.times(n),
                    "502.13a",
                    format!("its cumulative upkeep {c} for each of its {n} age counter(s)"),
                )
            }
            Keyword::Echo(c) => {
                // 410.8: the intervening "if" again as it resolves: still the permanent that
                // came under this player's control.
                if obj.controller != controller {
                    self.log(
                        "410.8",
                        EventKind::Note {
                            text: format!(
                                "{label} is no longer under the control of the player whose echo ability this is, so the ability does nothing"
                            ),
                        },
                    );
                    return;
                }
                (Some(c.clone()), "502.19a", format!("its echo cost {c}"))
            }
            _ => return,
        };
        let payable = cost.and_then(|c| {
            let chosen = self.choose_cost(controller, &obj, &c, &[]).ok()?;
            let plan = self
                .plan_without(controller, &c.mana, Some((id, false)), &chosen.busy())
                .ok()?;
            Some((c, chosen, plan))
        });
        let who = self.name(controller);
        let paying = match payable {
            Some(p) => {
                let question = format!("pay {} ({what}) to keep {label}?", p.0);
                let options = [Choice::Object(id), Choice::Nothing];
                match self.ask_choice(controller, &label, &question, &options, rule) {
                    Some(Choice::Object(_)) => Some(p),
                    _ => None,
                }
            }
            None => {
                self.log(
                    "409.1h",
                    EventKind::Note {
                        text: format!("{who} can't pay {what} in full"),
                    },
                );
                None
            }
        };
        match paying {
            Some((c, chosen, plan)) => {
                self.pay(controller, plan, &label);
                self.pay_cost_parts(controller, id, &c, chosen);
                self.log(
                    rule,
                    EventKind::Note {
                        text: format!("{who} pays {c} ({what}) and keeps {label}"),
                    },
                );
            }
            None => {
                self.log(
                    rule,
                    EventKind::Note {
                        text: format!("{who} doesn't pay {what}, so {label} is sacrificed"),
                    },
                );
                self.sacrifice(id);
            }
        }
    }

    /// Current 702.122a: the creatures that crew: other untapped creatures the player controls,
    /// those named first, then the first others that fit, until their total power is `power`
    /// or greater. A named creature that can't crew is refused.
    fn crew_for_cost(
        &self,
        player: PlayerId,
        source: &Object,
        power: u32,
        named: &[ObjectId],
        used: &[ObjectId],
    ) -> Result<Vec<ObjectId>, Refusal> {
        let barred = |o: &Object| {
            crate::legality::build::has_rule(&self.game, o, &crate::ability::CombatRule::CantCrew)
        };
        let can_crew = |o: &Object| {
            o.id != source.id
                && o.controller == player
                && o.is_creature()
                && !o.tapped()
                && !used.contains(&o.id)
                && barred(o).is_none()
        };
        for id in named {
            if let Some(s) = self.game.permanent(*id).and_then(&barred) {
                return refuse(
                    "702.122a",
                    format!(
                        "{} can't crew {}: {} ({})",
                        self.label(*id),
                        source.label,
                        s.text,
                        s.label
                    ),
                );
            }
        }
        for id in named {
            if let Some(o) = self.game.permanent(*id).filter(|o| o.is_creature())
                && !can_crew(o)
            {
                return refuse(
                    "702.122a",
                    format!(
                        "{} can't crew {}: only other untapped creatures its controller controls can",
                        o.label, source.label
                    ),
                );
            }
        }
        let mut fits: Vec<&Object> = self.game.in_play().filter(|o| can_crew(o)).collect();
        fits.sort_by_key(|o| (!named.contains(&o.id), makes_mana(o)));
        let mut pick = Vec::new();
        let mut total: i64 = 0;
        for o in fits {
            if total >= i64::from(power) && !named.contains(&o.id) {
                break;
            }
            total = total.saturating_add(i64::from(self.game.power(o.id).unwrap_or(0)));
            pick.push(o.id);
        }
        if total < i64::from(power) {
            return refuse(
                "702.122a",
                format!(
                    "crew {power}: the other untapped creatures that could crew {} have total power {total}, less than {power}",
                    source.label
                ),
            );
        }
        Ok(pick)
    }

    /// 501.6: its controller puts the permanent into its owner's graveyard; sacrificing isn't
    /// destroying, so regeneration can't replace it. "Whenever a player sacrifices a creature"
    /// triggers, looking back in time at the permanent as it last existed in play (410.10d):
    /// a permanent with that ability sees its own sacrifice.
    pub(super) fn sacrifice(&mut self, id: ObjectId) {
        let Some(gone) = self.game.object(id).cloned() else {
            return;
        };
        let found = self.player_event_triggers(gone.controller, &gone, |t| match t {
            crate::ability::Trigger::PlayerSacrifices { who, filter } => Some((*who, filter)),
            _ => None,
        });
        self.log(
            "501.6",
            EventKind::Sacrificed {
                label: gone.label.clone(),
            },
        );
        let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
        self.queue(found);
    }
}

impl Engine<'_> {
    /// The cards of a zone's list that the description fits, those most recently put there
    /// first.
    fn fitting(
        &self,
        ids: &[ObjectId],
        filter: &crate::filter::Filter,
        ctx: &Context,
    ) -> Vec<ObjectId> {
        ids.iter()
            .rev()
            .copied()
            .filter(|id| {
                self.game
                    .object(*id)
                    .is_some_and(|o| filter.matches(&self.game, o, ctx))
            })
            .collect()
    }

    /// Counters put on a permanent to pay a cost (409.1h; 200.10).
    fn put_counters_for_cost(&mut self, id: ObjectId, counter: &crate::model::Counter, n: u32) {
        let _ = self
            .game
            .update_status(id, |s| s.add_counters(counter.clone(), n));
        let label = self.label(id);
        let plural = if n == 1 { "" } else { "s" };
        let text = format!("{n} {counter} counter{plural} put on {label} to pay the cost (200.10)");
        self.log("409.1h", EventKind::Note { text });
    }
}
