//! The combat damage step (310) of February 2009: assignments are announced, active player
//! first, and go on the stack as one object that can't be countered (310.1, 310.3); players may
//! respond; it resolves all at once as assigned, from each source as it is then or as it last
//! existed (310.4). First strike and double strike make two steps (310.5, 502.2, 502.28).
//! Also the triggers of declaring blockers that combat needs: bushido, flanking, rampage.

use super::{Engine, Flow, Pending, RunError};
use crate::ability::{Ability, Duration, Effect, Keyword, Subject, Trigger};
use crate::events::EventKind;
use crate::model::{
    AttackTarget, DamageAssignment, Object, ObjectId, PlayerId, StackKind, Step, TargetRef, Zone,
};
use std::collections::{BTreeMap, BTreeSet};

/// Who a creature may assign its combat damage to.
struct Recipients {
    /// Its blockers, or the attackers it blocks, or what it attacks if unblocked (310.2b-d).
    normal: Vec<TargetRef>,
    /// With trample: the player or planeswalker it attacks, once blockers have lethal damage
    /// (502.9b).
    beyond: Option<TargetRef>,
    /// What it attacks, when it may assign its damage as though it weren't blocked (310.2e).
    unblocked: Option<TargetRef>,
}

/// What an unblocked attacker deals its damage to (310.2b): the player, planeswalker or
/// battle it attacks; nothing if that left combat (306.4c).
fn recipient(t: AttackTarget) -> Option<TargetRef> {
    match t {
        AttackTarget::Player(p) => Some(TargetRef::Player(p)),
        t => t.permanent().map(TargetRef::Object),
    }
}

impl Engine<'_> {
    fn in_combat(&self) -> Vec<ObjectId> {
        let Some(c) = &self.game.combat else {
            return Vec::new();
        };
        let mut ids: Vec<ObjectId> = c.attackers.keys().copied().collect();
        ids.extend(c.blockers.keys().copied());
        ids.retain(|id| {
            self.game
                .object(*id)
                .is_some_and(|o| o.zone == Zone::InPlay)
        });
        ids
    }

    fn strikes_first(&self, id: ObjectId) -> bool {
        self.game.has_keyword(id, &Keyword::FirstStrike)
            || self.game.has_keyword(id, &Keyword::DoubleStrike)
    }

    /// 310: the combat damage step, or the two of them when a creature in combat has first
    /// strike or double strike as the step begins (310.5).
    pub(super) fn combat_damage(&mut self) -> Result<Flow, RunError> {
        let creatures = self.in_combat();
        if !creatures.iter().any(|id| self.strikes_first(*id)) {
            return self.damage_step(|_, _| true, false);
        }
        self.log("310.5", EventKind::Note { text: "a creature in combat has first strike or double strike: this is the first of two combat damage steps".into() });
        let first: BTreeSet<ObjectId> = creatures
            .into_iter()
            .filter(|id| self.strikes_first(*id))
            .collect();
        let struck = first.clone();
        if let Flow::GameOver = self.damage_step(move |_, id| struck.contains(&id), true)? {
            return Ok(Flow::GameOver);
        }
        // 502.2b, 502.28b-d: the second step: creatures that didn't assign combat damage in the
        // first, plus those with double strike now.
        self.begin(Step::CombatDamage);
        self.log(
            "310.5",
            EventKind::Note {
                text: "the second combat damage step".into(),
            },
        );
        let assigned = self
            .game
            .combat
            .as_ref()
            .map(|c| c.assigned_first.clone())
            .unwrap_or_default();
        // Current 510.4, 702.7b-c: instead, those that had neither first strike nor double
        // strike as the first step began, plus those with double strike now.
        let by_start = self
            .game
            .rules
            .has(crate::edition::Change::StrikeAsStepBegan);
        self.damage_step(
            move |engine: &Engine<'_>, id| {
                let waited = if by_start {
                    !first.contains(&id)
                } else {
                    !assigned.contains(&id)
                };
                waited || engine.game.has_keyword(id, &Keyword::DoubleStrike)
            },
            false,
        )
    }

    /// Lethal damage for a creature from a source, counting damage already on it and damage
    /// assigned to it this step so far (502.9b); under static deathtouch, any nonzero damage
    /// from a source with deathtouch (current 702.2c, 702.19b).
    fn lethal(&self, source: ObjectId, id: ObjectId, pending: &BTreeMap<TargetRef, u32>) -> u32 {
        let toughness = self.game.toughness(id).unwrap_or(0).max(0) as u32;
        let marked = self.game.object(id).map_or(0, |o| o.damage());
        let assigned = pending.get(&TargetRef::Object(id)).copied().unwrap_or(0);
        let lethal = toughness.saturating_sub(marked.saturating_add(assigned));
        if !self.game.rules.deathtouch_triggers()
            && self.game.has_keyword(source, &Keyword::Deathtouch)
        {
            lethal.min(1)
        } else {
            lethal
        }
    }

    /// One combat damage step: every creature `assigns` lets assign does so, then players get
    /// priority with the damage on the stack.
    fn damage_step(
        &mut self,
        assigns: impl Fn(&Engine<'_>, ObjectId) -> bool,
        first: bool,
    ) -> Result<Flow, RunError> {
        let Some(combat) = self.game.combat.clone() else {
            return self.priority("310.1");
        };
        let active = self.game.turn.active;
        let mut assignments: Vec<DamageAssignment> = Vec::new();
        let mut pending: BTreeMap<TargetRef, u32> = BTreeMap::new();
        let mut assigned_now = BTreeSet::new();
        // 310.1: the active player announces the attackers' assignments, then the defending
        // player the blockers'; several defending players in APNAP order (602.5).
        let attackers: Vec<ObjectId> = combat
            .attackers
            .keys()
            .copied()
            .filter(|id| assigns(self, *id))
            .collect();
        let mut blockers: Vec<ObjectId> = combat
            .blockers
            .keys()
            .copied()
            .filter(|id| assigns(self, *id))
            .collect();
        // 602.5: with several defending players, each announces in APNAP order (103.4).
        let players = self.game.players.len().max(1) as u32;
        let apnap = |id: &ObjectId| {
            self.game.object(*id).map_or(u32::MAX, |o| {
                (o.controller.0 + players - active.0) % players
            })
        };
        blockers.sort_by_key(|id| (apnap(id), *id));
        for (id, is_attacker) in attackers
            .iter()
            .map(|a| (*a, true))
            .chain(blockers.iter().map(|b| (*b, false)))
        {
            let Some(obj) = self.game.permanent(id).cloned() else {
                continue;
            };
            let power = self.game.power(id).unwrap_or(0);
            if power <= 0 {
                // 310.2a: creatures that would assign 0 or less damage don't assign at all.
                continue;
            }
            // "~ assigns no combat damage this turn" (Carrion Rats): none at all (310.2a).
            if let Some(why) = crate::legality::build::has_rule(
                &self.game,
                &obj,
                &crate::ability::CombatRule::AssignsNoCombatDamage,
            ) {
                let label = obj.label.clone();
                self.log(
                    "310.2a",
                    EventKind::Note {
                        text: format!("{label} assigns no combat damage ({})", why.text),
                    },
                );
                continue;
            }
            let power = power as u32;
            let trample = is_attacker && self.game.has_keyword(id, &Keyword::Trample);
            let as_unblocked = is_attacker
                && obj.abilities().iter().any(|a| {
                    matches!(
                        a,
                        Ability::Combat {
                            rule: crate::ability::CombatRule::DamageAsThoughUnblocked,
                            ..
                        }
                    )
                });
            let (recipients, beyond): (Vec<TargetRef>, Option<TargetRef>) = if is_attacker {
                let target = combat.attackers.get(&id).copied().and_then(recipient);
                if !combat.blocked.contains(&id) {
                    // 310.2b: an unblocked creature assigns its damage to what it attacks
                    // (306.4c: nothing, if that planeswalker left combat).
                    match target {
                        Some(t) => (vec![t], None),
                        None => continue,
                    }
                } else {
                    let blockers: Vec<TargetRef> = combat
                        .blockers_of(id)
                        .filter(|b| self.game.object(*b).is_some_and(|o| o.zone == Zone::InPlay))
                        .map(TargetRef::Object)
                        .collect();
                    match (blockers.is_empty(), trample, target) {
                        // 502.9c: trample with no blockers left assigns all to the player.
                        (true, true, Some(t)) => (vec![t], None),
                        // 310.2e: it may assign as though it weren't blocked.
                        (true, _, Some(t)) if as_unblocked => (vec![t], None),
                        // 310.2c: a blocked creature with no blockers left assigns nothing.
                        (true, _, _) => continue,
                        (false, true, t) => (blockers, t),
                        (false, false, _) => (blockers, None),
                    }
                }
            } else {
                // 310.2d: a blocker divides its damage among the attackers it blocks.
                let blocked: Vec<TargetRef> = combat
                    .blockers
                    .get(&id)
                    .into_iter()
                    .flatten()
                    .filter(|a| {
                        self.game
                            .object(**a)
                            .is_some_and(|o| o.zone == Zone::InPlay)
                            && combat.attackers.contains_key(a)
                    })
                    .map(|a| TargetRef::Object(*a))
                    .collect();
                if blocked.is_empty() {
                    continue;
                }
                (blocked, None)
            };
            // 502.10h, 502.11c: banding can give the division to the other player.
            let (controller, protective): (PlayerId, bool) =
                match self.banding_divider(id, is_attacker, &recipients) {
                    Some((player, rule, why)) => {
                        let text = format!(
                            "{} divides {}'s combat damage: {why}",
                            self.name(player),
                            obj.label
                        );
                        self.log(rule, EventKind::Note { text });
                        (player, true)
                    }
                    None => (obj.controller, false),
                };
            let unblocked = if is_attacker && as_unblocked && combat.blocked.contains(&id) {
                combat
                    .attackers
                    .get(&id)
                    .copied()
                    .and_then(recipient)
                    .filter(|t| !recipients.contains(t))
            } else {
                None
            };
            let to = Recipients {
                normal: recipients,
                beyond,
                unblocked,
            };
            let split = self.divide(controller, id, power, &to, &pending, protective)?;
            for (to, amount) in split {
                if amount == 0 {
                    continue;
                }
                *pending.entry(to).or_default() += amount;
                let (source, to_name) = (obj.label.clone(), self.target_name(to));
                self.log(
                    "310.1",
                    EventKind::Assigned {
                        source,
                        to: to_name,
                        amount,
                    },
                );
                assignments.push(DamageAssignment {
                    source: id,
                    to,
                    amount,
                });
            }
            assigned_now.insert(id);
        }
        if first {
            if let Some(mut c) = self.game.combat.clone() {
                c.assigned_first.extend(assigned_now);
                self.game.set_combat(Some(c));
            }
        }
        if !assignments.is_empty() && !self.game.rules.combat_damage_uses_stack() {
            // Current 510.2: the damage is dealt at once, a turn-based action; no one gets
            // priority in between.
            self.log(
                "current 510.2",
                EventKind::Note {
                    text: "all combat damage assigned is dealt at once, without the stack".into(),
                },
            );
            self.deal_combat_damage(&assignments);
            // Current 510.3: then the active player gets priority.
            return self.priority("current 510.3");
        }
        if !assignments.is_empty() {
            let controller = self.game.turn.active;
            self.game.push_ability(
                controller,
                StackKind::CombatDamage { assignments },
                Vec::new(),
            );
            self.log(
                "310.1",
                EventKind::Note {
                    text: "all combat damage assignments go on the stack as one object".into(),
                },
            );
        }
        self.priority("310.1")
    }

    /// The division of one creature's damage: the choice of the player who divides it (its
    /// controller, or with `protective` the other player, 502.10h), checked, or the default.
    fn divide(
        &mut self,
        controller: PlayerId,
        id: ObjectId,
        power: u32,
        to: &Recipients,
        pending: &BTreeMap<TargetRef, u32>,
        protective: bool,
    ) -> Result<Vec<(TargetRef, u32)>, RunError> {
        let (recipients, beyond, unblocked) = (to.normal.as_slice(), to.beyond, to.unblocked);
        if recipients.len() == 1 && beyond.is_none() && unblocked.is_none() {
            return Ok(vec![(recipients[0], power)]);
        }
        let mut allowed: Vec<TargetRef> = recipients.to_vec();
        allowed.extend(beyond);
        allowed.extend(unblocked);
        loop {
            let asked = self
                .agent
                .assign_damage(&self.game, controller, id, power, &allowed)
                .map_err(|e| self.error(e))?;
            let Some(split) = asked else {
                if protective {
                    return Ok(self.protective_division(id, power, recipients, pending));
                }
                // 310.2e: by default a creature that may assign as though it weren't blocked
                // does so.
                if let Some(t) = unblocked {
                    return Ok(vec![(t, power)]);
                }
                // The default: lethal damage to each recipient in turn; the rest to the player
                // or planeswalker with trample, else to the last recipient.
                let mut left = power;
                let mut out = Vec::new();
                for r in recipients {
                    let TargetRef::Object(b) = r else { continue };
                    let n = self.lethal(id, *b, pending).min(left);
                    out.push((*r, n));
                    left -= n;
                }
                if left > 0 {
                    match beyond {
                        Some(t) => out.push((t, left)),
                        None => out.last_mut().expect("at least one recipient").1 += left,
                    }
                }
                return Ok(out);
            };
            // 310.2e: all of its damage to what it attacks, as though unblocked, is also legal.
            if let Some(t) = unblocked {
                if split.iter().all(|(to, _)| *to == t)
                    && split.iter().map(|(_, n)| u64::from(*n)).sum::<u64>() == u64::from(power)
                {
                    return Ok(split);
                }
            }
            match self.check_division(id, power, recipients, beyond, &split, pending) {
                Ok(()) => return Ok(split),
                Err((rule, why)) => self
                    .reject(controller, rule, &why)
                    .map_err(|e| self.error(e))?,
            }
        }
    }

    /// The default division by the player whose creatures are dealt the damage (502.10h): as
    /// few of them destroyed as can be: each is given up to one less than lethal damage, and
    /// what is left goes to one of them (the one with the least power), none to a player.
    fn protective_division(
        &self,
        id: ObjectId,
        power: u32,
        recipients: &[TargetRef],
        pending: &BTreeMap<TargetRef, u32>,
    ) -> Vec<(TargetRef, u32)> {
        let mut left = power;
        let mut out: Vec<(TargetRef, u32)> = Vec::new();
        for r in recipients {
            let TargetRef::Object(b) = r else { continue };
            let n = self.lethal(id, *b, pending).saturating_sub(1).min(left);
            out.push((*r, n));
            left -= n;
        }
        if left > 0 {
            let weakest = out.iter_mut().min_by_key(|(r, _)| match r {
                TargetRef::Object(b) => self.game.power(*b).unwrap_or(0),
                _ => i32::MAX,
            });
            match weakest {
                Some(w) => w.1 += left,
                None => out.push((recipients[0], left)),
            }
        }
        out
    }

    fn check_division(
        &self,
        source: ObjectId,
        power: u32,
        recipients: &[TargetRef],
        beyond: Option<TargetRef>,
        split: &[(TargetRef, u32)],
        pending: &BTreeMap<TargetRef, u32>,
    ) -> Result<(), (&'static str, String)> {
        // Summed wide: 4,294,967,295 and 3 must not wrap to 2 (issue 13).
        let total: u64 = split.iter().map(|(_, n)| u64::from(*n)).sum();
        if total != u64::from(power) {
            return Err((
                "310.2c",
                format!("all {power} damage must be divided among the recipients, not {total}"),
            ));
        }
        for (to, _) in split {
            if !recipients.contains(to) && Some(*to) != beyond {
                return Err((
                    "310.2c",
                    format!(
                        "{} can't be assigned this creature's combat damage",
                        self.target_name(*to)
                    ),
                ));
            }
        }
        if let Some(t) = beyond {
            let to_player: u32 = split
                .iter()
                .filter(|(to, _)| *to == t)
                .map(|(_, n)| n)
                .sum();
            if to_player > 0 {
                for r in recipients {
                    let TargetRef::Object(b) = r else { continue };
                    let given: u32 = split.iter().filter(|(to, _)| to == r).map(|(_, n)| n).sum();
                    if given < self.lethal(source, *b, pending) {
                        return Err((
                            "502.9b",
                            format!(
                                "{} must be assigned lethal damage before any is assigned to {}",
                                self.target_name(*r),
                                self.target_name(t)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// 310.4: combat damage resolves, dealt all at once as assigned, from each source as it
    /// now exists or as it last existed (310.4a-b); damage to a creature or planeswalker that
    /// left play or stopped being one isn't dealt (310.4c).
    pub(super) fn resolve_combat_damage(&mut self, id: ObjectId, assignments: &[DamageAssignment]) {
        self.log(
            "310.4",
            EventKind::Resolves {
                what: "combat damage".into(),
            },
        );
        self.deal_combat_damage(assignments);
        self.game.remove_ability(id);
    }

    /// Deals combat damage all at once as assigned (310.4; current 510.2), and what it
    /// triggers.
    fn deal_combat_damage(&mut self, assignments: &[DamageAssignment]) {
        let assignments = self.shield_order(assignments);
        self.damaged_at_once = Some(Vec::new());
        self.prevented_at_once = Some(Vec::new());
        for a in &assignments {
            let Some(source) = self.game.object_or_last_known(a.source).cloned() else {
                continue;
            };
            let controller = source.controller;
            // Each part where it was dealt: a redirection effect (419.6c) may have sent
            // some of it elsewhere.
            for (to, dealt) in self.deal_damage_each(&source, controller, a.to, a.amount, "310.4") {
                // "Whenever ~ deals combat damage to a creature": "that creature" is the one dealt
                // damage; nothing triggers from a source that left play (402.8).
                if let TargetRef::Object(hit) = to
                    && dealt > 0
                    && self.game.object(hit).is_some_and(|o| o.is_creature())
                    && self.abilities_function(&source)
                {
                    self.queue(Pending::written_with(
                        &source,
                        |t| t.fires_on(&Trigger::DealsCombatDamageToACreature),
                        |e| super::bound(e, hit),
                    ));
                    // "Whenever a Sliver deals combat damage to a creature, destroy that
                    // creature": another permanent's, "that creature" the one dealt damage.
                    let fires = |t: &Trigger, _: &crate::filter::Context| {
                        t.fires_on(&Trigger::DealsCombatDamageToACreature)
                    };
                    let mut found =
                        Pending::creature_event_with(&self.game, source.id, fires, |_| true, hit);
                    found.extend(Pending::attached_with(&self.game, source.id, fires, hit));
                    self.queue(found);
                }
                // "Whenever ~ deals combat damage to a player" (410.2): only while the source's
                // abilities function (402.8); a source that left play with damage on the stack
                // deals its damage but triggers nothing.
                if dealt > 0 && matches!(to, TargetRef::Player(_)) {
                    self.remember_combat_damage_types(&source);
                    let found = if self.abilities_function(&source) {
                        self.event_triggers(&source, Trigger::DealsCombatDamageToPlayer)
                    } else {
                        Vec::new()
                    };
                    for mut p in found {
                        // "that many": the combat damage this source dealt that player (413.2f).
                        p.effects = crate::ability::bind_that_much(&p.effects, dealt);
                        let p = self.with_candidates(p);
                        self.pending.push(p);
                    }
                    if let TargetRef::Player(hit) = to {
                        self.monarch_hit(&source, hit);
                    }
                    // Current 702.115a-b: each instance of ingest triggers; "that player" is the
                    // player dealt the damage.
                    if let TargetRef::Player(hit) = to {
                        for _ in 0..self.triggering(&source, &Keyword::Ingest) {
                            self.pending.push(Pending::new(
                                controller,
                                &source,
                                Effect::ExileTopOfLibrary { player: hit },
                                "ingest (702.115a): that player removes the top card of his or her library from the game".into(),
                            ));
                        }
                    }
                    // Current 702.112a, c: each instance of renown triggers if it isn't renowned.
                    let renowned = source.status.as_ref().is_some_and(|s| s.renowned);
                    let keywords = if self.abilities_function(&source) {
                        self.game.keywords(source.id)
                    } else {
                        Vec::new()
                    };
                    for k in keywords {
                        if let (Keyword::Renown(n), false) = (k, renowned) {
                            let text = format!(
                                "renown {n} (702.112a): if this isn't renowned, put {n} +1/+1 counter(s) on it and it becomes renowned"
                            );
                            self.pending.push(Pending::new(
                                controller,
                                &source,
                                Effect::Renown { count: n },
                                text,
                            ));
                        }
                    }
                }
            }
        }
        self.prevented_combat_damage();
        self.dealt_combat_damage();
    }

    /// 419.7b: damage that two or more sources would deal at once to a creature or player
    /// with a shield ("prevent the next N damage") — combat damage is dealt all at once — is
    /// prevented in the order that player, or the creature's controller, chooses: asked for
    /// the source whose damage the shield prevents first, then the next while some of the
    /// shield is left. Returns the assignments with each such recipient's entries in that
    /// order, which is the order the shield meets them in.
    fn shield_order(&mut self, assignments: &[DamageAssignment]) -> Vec<DamageAssignment> {
        let mut out = assignments.to_vec();
        let mut recipients: Vec<TargetRef> = Vec::new();
        for a in assignments.iter().filter(|a| a.amount > 0) {
            if !recipients.contains(&a.to) {
                recipients.push(a.to);
            }
        }
        for to in recipients {
            let shields: Vec<(String, u32)> = self
                .game
                .shields
                .iter()
                .filter(|s| s.protects == to)
                .filter_map(|s| match s.kind {
                    crate::model::ShieldKind::Prevent { remaining } if remaining > 0 => {
                        Some((s.source.clone(), remaining))
                    }
                    _ => None,
                })
                .collect();
            let Some((shield, _)) = shields.first().cloned() else {
                continue;
            };
            let mut left: u32 = shields.iter().fold(0, |n, s| n.saturating_add(s.1));
            let at: Vec<usize> = (0..out.len())
                .filter(|i| out[*i].to == to && out[*i].amount > 0)
                .collect();
            let mut sources: Vec<ObjectId> = Vec::new();
            for i in &at {
                if !sources.contains(&out[*i].source) {
                    sources.push(out[*i].source);
                }
            }
            if sources.len() < 2 {
                continue;
            }
            let chooser = match to {
                TargetRef::Player(p) => p,
                TargetRef::Object(id) => match self.game.object(id) {
                    Some(o) => o.controller,
                    None => continue,
                },
            };
            let question = format!(
                "which damage {shield} prevents first among the damage dealt to {} at once",
                self.target_name(to)
            );
            let mut order = Vec::new();
            while sources.len() > 1 && left > 0 {
                let options: Vec<super::agent::Choice> = sources
                    .iter()
                    .map(|s| super::agent::Choice::Object(*s))
                    .collect();
                let Some(super::agent::Choice::Object(first)) =
                    self.ask_choice(chooser, &shield, &question, &options, "419.7b")
                else {
                    break;
                };
                let from_it: u32 = at
                    .iter()
                    .filter(|i| out[**i].source == first)
                    .fold(0, |n, i| n.saturating_add(out[*i].amount));
                let text = format!(
                    "{} chooses that {shield} prevents the damage {} would deal to {} first",
                    self.name(chooser),
                    self.label(first),
                    self.target_name(to)
                );
                self.log("419.7b", EventKind::Note { text });
                order.push(first);
                sources.retain(|s| *s != first);
                left = left.saturating_sub(from_it);
            }
            order.extend(sources);
            let mut entries: Vec<DamageAssignment> = at.iter().map(|i| out[*i].clone()).collect();
            entries.sort_by_key(|a| order.iter().position(|s| *s == a.source));
            for (i, e) in at.iter().zip(entries) {
                out[*i] = e;
            }
        }
        out
    }

    /// Triggers of declaring blockers (309.1, 410.9): bushido (502.38a, "blocks or becomes
    /// blocked"), flanking (502.3a, per blocker without flanking), rampage (502.12a); each
    /// instance separately. `combat` holds the blocks just declared.
    pub(super) fn block_triggers(&mut self, combat: &crate::model::Combat) {
        let mut found = Vec::new();
        // 402.9: the keywords it has now, gained and lost ones included.
        let instances = |id: ObjectId| -> Vec<Keyword> { self.game.keywords(id) };
        let pump = |n: i32| Effect::Pump {
            what: Subject::This,
            power: n,
            toughness: n,
            duration: Duration::UntilEndOfTurn,
        };
        for (&blocker, attacked) in &combat.blockers {
            if attacked.is_empty() {
                continue;
            }
            for k in instances(blocker) {
                if let Keyword::Bushido(n) = k {
                    found.push((
                        blocker,
                        pump(crate::model::signed(n)),
                        format!("bushido {n}"),
                        None,
                    ));
                }
            }
        }
        for &attacker in &combat.blocked {
            let blockers: Vec<ObjectId> = combat.blockers_of(attacker).collect();
            for k in instances(attacker) {
                match k {
                    Keyword::Bushido(n) => found.push((
                        attacker,
                        pump(crate::model::signed(n)),
                        format!("bushido {n}"),
                        None,
                    )),
                    // Current 702.130a-b.
                    Keyword::Afflict(n) => found.push((
                        attacker,
                        Effect::LoseLife {
                            who: crate::ability::Subject::Players(
                                crate::filter::PlayerRef::DefendingPlayer,
                            ),
                            amount: n,
                        },
                        format!("afflict {n} (702.130a): defending player loses {n} life"),
                        None,
                    )),
                    Keyword::Rampage(n) => found.push((
                        attacker,
                        Effect::RampagePump { per_blocker: n },
                        format!("rampage {n}"),
                        None,
                    )),
                    Keyword::Flanking => {
                        for &b in &blockers {
                            if !self.game.has_keyword(b, &Keyword::Flanking) {
                                let shrink = Effect::Pump {
                                    what: Subject::TargetCreature,
                                    power: -1,
                                    toughness: -1,
                                    duration: Duration::UntilEndOfTurn,
                                };
                                found.push((
                                    attacker,
                                    shrink,
                                    format!(
                                        "flanking: {} gets -1/-1 until end of turn",
                                        self.label(b)
                                    ),
                                    Some(b),
                                ));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for (source, effect, text, refers) in found {
            let Some(o) = self.game.object(source) else {
                continue;
            };
            self.pending.push(Pending {
                refers,
                ..Pending::new(o.controller, o, effect, text)
            });
        }
        // Written triggers: "whenever ~ blocks" as it is declared (309.3), "whenever ~ becomes
        // blocked" the first time it is blocked this combat (309.4: these are the declared
        // blocks, and a creature is blocked at most once per combat by declaration), "whenever
        // ~ attacks and isn't blocked" as it becomes an unblocked creature (309.2f).
        // `combat` holds only the blocks just declared; the attackers are the whole combat's.
        let unblocked: Vec<ObjectId> = self.game.combat.as_ref().map_or(Vec::new(), |c| {
            c.attackers
                .keys()
                .filter(|a| !c.blocked.contains(*a))
                .copied()
                .collect()
        });
        let events = combat
            .blockers
            .keys()
            .map(|b| (*b, Trigger::Blocks))
            .chain(combat.blocked.iter().map(|a| (*a, Trigger::BecomesBlocked)))
            .chain(
                unblocked
                    .iter()
                    .map(|a| (*a, Trigger::AttacksAndIsntBlocked)),
            )
            // 308.1: attacking a player, not a planeswalker.
            .chain(
                unblocked
                    .iter()
                    .filter(|a| {
                        self.game.combat.as_ref().is_some_and(|c| {
                            matches!(c.attackers.get(*a), Some(AttackTarget::Player(_)))
                        })
                    })
                    .map(|a| (*a, Trigger::AttacksPlayerAndIsntBlocked)),
            );
        let mut written = Vec::new();
        for (id, when) in events {
            written.extend(self.combat_event_triggers(id, when));
        }
        let blockers: Vec<ObjectId> = combat.blockers.keys().copied().collect();
        written.extend(self.group_triggers(&blockers, false));
        // "Whenever ~ blocks a creature": once for each attacker it blocks, "that creature"
        // being that attacker; "Whenever ~ becomes blocked by a creature": once for each
        // blocker the description fits, "that creature" being that blocker.
        for (b, attackers) in &combat.blockers {
            let Some(blocker) = self.game.object(*b) else {
                continue;
            };
            let blocker_ctx = self.filter_context(blocker.id, blocker.controller);
            for a in attackers {
                let Some(attacker) = self.game.object(*a) else {
                    continue;
                };
                written.extend(Pending::written_with(
                    blocker,
                    |t| t.any(|e| matches!(e, Trigger::BlocksACreature { filter } if filter.matches(&self.game, attacker, &blocker_ctx))),
                    |e| super::bound(e, *a),
                ));
                let ctx = self.filter_context(attacker.id, attacker.controller);
                written.extend(Pending::written_with(
                    attacker,
                    |t| t.any(|e| matches!(e, Trigger::BecomesBlockedBy { filter } if filter.matches(&self.game, blocker, &ctx))),
                    |e| super::bound(e, *b),
                ));
            }
            // "Whenever ~ blocks one or more black creatures": once for the block.
            let fits = |filter: &crate::filter::Filter| {
                attackers.iter().any(|a| {
                    self.game
                        .object(*a)
                        .is_some_and(|o| filter.matches(&self.game, o, &blocker_ctx))
                })
            };
            written.extend(Pending::written_with(
                blocker,
                |t| t.any(|e| matches!(e, Trigger::BlocksOneOrMore { filter } if fits(filter))),
                <[Effect]>::to_vec,
            ));
        }
        // "Whenever ~ becomes blocked by one or more Orcs": once for each attacker just blocked.
        for a in &combat.blocked {
            let Some(attacker) = self.game.object(*a) else {
                continue;
            };
            let ctx = self.filter_context(attacker.id, attacker.controller);
            let fits = |filter: &crate::filter::Filter| {
                combat.blockers.iter().any(|(b, blocked)| {
                    blocked.contains(a)
                        && self
                            .game
                            .object(*b)
                            .is_some_and(|o| filter.matches(&self.game, o, &ctx))
                })
            };
            written.extend(Pending::written_with(
                attacker,
                |t| t.any(|e| matches!(e, Trigger::BecomesBlockedByOneOrMore { filter } if fits(filter))),
                <[Effect]>::to_vec,
            ));
        }
        self.queue(written);
    }
}

impl Engine<'_> {
    /// "Whenever this creature attacks" keywords of an attacker just declared, each instance
    /// separately (as it has them now, 402.9): battle cry (current 702.91a), dethrone (current
    /// 702.105a, whose condition is part of the trigger event), melee (current 702.121a: the
    /// opponents attacked this combat are known once attackers are declared), annihilator
    /// (current 702.86a).
    fn attack_keyword_triggers(
        &mut self,
        o: &crate::model::Object,
        target: AttackTarget,
        combat: &crate::model::Combat,
    ) {
        let mut found: Vec<(Effect, String)> = Vec::new();
        for k in self.game.keywords(o.id) {
            match k {
                Keyword::BattleCry => {
                    let others = crate::filter::Filter::Type(crate::typeline::CardType::Creature)
                        .and(crate::filter::Filter::Attacking)
                        .and(crate::filter::Filter::This.negated());
                    found.push((
                        Effect::Pump {
                            what: Subject::Each(others),
                            power: 1,
                            toughness: 0,
                            duration: Duration::UntilEndOfTurn,
                        },
                        "battle cry (702.91a): each other attacking creature gets +1/+0 until end of turn".into(),
                    ));
                }
                Keyword::Dethrone => {
                    let most = self.game.players.iter().map(|p| p.life).max();
                    let attacked = match target {
                        AttackTarget::Player(p) => self.game.player(p).map(|p| p.life),
                        _ => None,
                    };
                    if attacked.is_some() && attacked == most {
                        found.push((
                            Effect::PutCounters {
                                what: Subject::This,
                                counter: crate::model::Counter::PlusOne,
                                count: 1,
                            },
                            "dethrone (702.105a): put a +1/+1 counter on this creature".into(),
                        ));
                    }
                }
                Keyword::Mentor => {
                    let lesser = crate::filter::Filter::Type(crate::typeline::CardType::Creature)
                        .and(crate::filter::Filter::Attacking)
                        .and(crate::filter::Filter::Power(
                            crate::filter::Cmp::Less,
                            crate::filter::Amount::source_power(),
                        ));
                    found.push((
                        Effect::PutCounters {
                            what: Subject::Target(lesser),
                            counter: crate::model::Counter::PlusOne,
                            count: 1,
                        },
                        "mentor (702.134a): put a +1/+1 counter on target attacking creature with lesser power".into(),
                    ));
                }
                // Current 702.86a-b: "defending player" is the player this creature attacks
                // (or the controller of the planeswalker it attacks), fixed as it triggers.
                Keyword::Annihilator(n) => {
                    let defender = self.game.attacked_player(&target);
                    if let Some(player) = defender {
                        found.push((
                            Effect::SacrificePermanents { player, count: n },
                            format!(
                                "annihilator {n} (702.86a): defending player sacrifices {n} permanent(s)"
                            ),
                        ));
                    }
                }
                Keyword::Melee => {
                    let opponents: BTreeSet<crate::model::PlayerId> = combat
                        .attackers
                        .iter()
                        .filter(|(a, _)| {
                            self.game
                                .object(**a)
                                .is_some_and(|a| a.controller == o.controller)
                        })
                        .filter_map(|(_, t)| match t {
                            AttackTarget::Player(p) if *p != o.controller => Some(*p),
                            _ => None,
                        })
                        .collect();
                    let n = i32::try_from(opponents.len()).unwrap_or(i32::MAX);
                    found.push((
                        Effect::Pump {
                            what: Subject::This,
                            power: n,
                            toughness: n,
                            duration: Duration::UntilEndOfTurn,
                        },
                        format!("melee (702.121a): this creature gets +{n}/+{n} until end of turn, one for each opponent attacked"),
                    ));
                }
                _ => {}
            }
        }
        for (effect, text) in found {
            let p = self.with_candidates(Pending::new(o.controller, o, effect, text));
            self.pending.push(p);
        }
    }

    /// Triggers of declaring attackers (308.3): "whenever ~ attacks", and provoke (502.29a),
    /// each instance separately, targeting a creature the attacked player controls.
    pub(super) fn attack_triggers(&mut self) {
        let Some(combat) = self.game.combat.clone() else {
            return;
        };
        // 502.83a-b: exalted triggers when one creature is declared as the only attacker; each
        // instance among the permanents its controller controls triggers.
        let declared: Vec<ObjectId> = combat.attackers.keys().copied().collect();
        if let [alone] = declared[..] {
            // "Whenever ~ attacks alone", "Whenever equipped creature attacks alone",
            // "Whenever a creature you control attacks alone" (308.3).
            if let Some(o) = self.game.object(alone).cloned() {
                for p in self.event_triggers(&o, Trigger::AttacksAlone) {
                    let p = self.with_candidates(p);
                    self.pending.push(p);
                }
            }
            let sources = match self.game.object(alone) {
                Some(o) => self.each_instance(o.controller, &Keyword::Exalted),
                None => Vec::new(),
            };
            for p in sources {
                let pump = Effect::Pump {
                    what: Subject::TargetCreature,
                    power: 1,
                    toughness: 1,
                    duration: Duration::UntilEndOfTurn,
                };
                let text = format!(
                    "exalted: {} gets +1/+1 until end of turn",
                    self.label(alone)
                );
                self.pending.push(Pending {
                    refers: Some(alone),
                    ..Pending::new(p.controller, &p, pump, text)
                });
            }
        }
        for p in self.group_triggers(&declared, true) {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
        // Battalion: each attacker sees how many others were declared with it.
        let others = u32::try_from(declared.len().saturating_sub(1)).unwrap_or(u32::MAX);
        for (&attacker, target) in &combat.attackers {
            let Some(o) = self.game.object(attacker).cloned() else {
                continue;
            };
            // "Whenever ~ attacks" (308.3): only creatures declared as attackers get here; and
            // "whenever enchanted creature attacks" of what is attached to it.
            let apart = if self.attacks_different_players(attacker, *target, &combat) {
                Pending::written(&o, Trigger::AttacksWithAnotherDifferentPlayers)
            } else {
                Vec::new()
            };
            // Declared as an attacker once this turn: this time (308.3).
            let first = if self
                .game
                .attacked_this_turn
                .iter()
                .filter(|id| **id == attacker)
                .count()
                == 1
            {
                Pending::written(&o, Trigger::AttacksFirstTimeEachTurn)
            } else {
                Vec::new()
            };
            for p in self
                .event_triggers(&o, Trigger::Attacks)
                .into_iter()
                .chain(Pending::written(&o, Trigger::AttacksWithOthers { others }))
                .chain(apart)
                .chain(first)
            {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
            self.attack_keyword_triggers(&o, *target, &combat);
            let defender = self.game.attacked_player(target);
            let Some(defender) = defender else { continue };
            // 409.1c, 502.7b: legal targets for this source.
            let candidates: Vec<TargetRef> = self
                .game
                .in_play()
                .filter(|c| c.controller == defender)
                .map(|c| TargetRef::Object(c.id))
                .filter(|t| {
                    self.legal_target(&crate::ability::TargetKind::Creature, *t, &o, o.controller)
                })
                .collect();
            let provokes = o
                .abilities()
                .iter()
                .filter(
                    |a| matches!(a, Ability::Keyword { keyword } if *keyword == Keyword::Provoke),
                )
                .count();
            for _ in 0..provokes {
                let provoke = Effect::Provoke {
                    what: Subject::TargetCreature,
                };
                self.pending.push(Pending {
                    candidates: candidates.clone(),
                    ..Pending::new(o.controller, &o, provoke, "provoke".into())
                });
            }
        }
    }

    /// "Whenever one or more creatures you control attack", "Whenever one or more creatures
    /// block": once for the declaration (308.3, 309.3: one event however many creatures it
    /// declares), for each such ability some creature declared fits (its description read from
    /// the ability's permanent); "that many" is how many fit.
    pub(super) fn group_triggers(&self, declared: &[ObjectId], attack: bool) -> Vec<Pending> {
        let mut out = Vec::new();
        for holder in self.game.in_play() {
            let ctx = self.filter_context(holder.id, holder.controller);
            let count = |t: &Trigger| match (t, attack) {
                (Trigger::GroupAttacks { filter }, true)
                | (Trigger::GroupBlocks { filter }, false) => declared
                    .iter()
                    .filter(|id| {
                        self.game
                            .object(**id)
                            .is_some_and(|c| filter.matches(&self.game, c, &ctx))
                    })
                    .count(),
                _ => 0,
            };
            for a in holder.abilities() {
                let Ability::Triggered { trigger, effects } = a else {
                    continue;
                };
                let n = trigger.events().into_iter().map(count).max().unwrap_or(0);
                if n > 0 {
                    out.push(Pending::with_effects(
                        holder.controller,
                        holder,
                        crate::ability::bind_that_much(
                            effects,
                            u32::try_from(n).unwrap_or(u32::MAX),
                        ),
                        crate::view::describe(a),
                    ));
                }
            }
        }
        out
    }

    /// What triggers on a combat event of one creature: its Auras' and Equipment's "whenever
    /// enchanted creature ..." (bound to it), "whenever a creature ..." of other permanents,
    /// and its own written abilities.
    pub(super) fn combat_event_triggers(&self, id: ObjectId, when: Trigger) -> Vec<Pending> {
        match self.game.object(id) {
            Some(o) => self.event_triggers(o, when),
            None => Vec::new(),
        }
    }

    /// What triggers on an event of one permanent, `o` (in play, or as it last existed): its
    /// own written abilities, then its Auras' and Equipment's "whenever enchanted creature
    /// ..." and the "whenever a creature ..." of every permanent, those two while it is still
    /// in play. Every event the grammar lets other subjects than "~" name comes through here,
    /// so each subject works with each such event (410.1).
    pub(super) fn event_triggers(&self, o: &Object, when: Trigger) -> Vec<Pending> {
        let mut found = Pending::written(o, when.clone());
        if self.game.object(o.id).is_some() {
            found.extend(Pending::attached(&self.game, o.id, &when));
            found.extend(Pending::creature_event(&self.game, o.id, &when));
        }
        found
    }
}
