//! Resolving the top of the stack (413), countering (414), and what effects do: damage
//! (212.3g, 215.2), prevention (419.7, 502.7e), destruction and regeneration (501.4, 419.6b),
//! control, pumps, and the triggered deathtouch and lifelink of February 2009 (502.63a,
//! 502.68a).

use super::agent::Choice;
use super::{Engine, Pending};
use crate::ability::{Duration, Effect, Keyword, Subject, TargetKind, targets_of};
use crate::events::EventKind;
use crate::filter::StatOf;
use crate::model::{Object, ObjectId, PlayerId, Position, ShieldKind, StackKind, TargetRef, Zone};
use crate::typeline::CardType;

/// The largest X "you may pay {X}" offers (mana beyond it is never needed by a real board).
const MAX_PAID_X: u32 = 99;

/// The targets a resolving spell or ability was played with: each kind of target, which of
/// the chosen targets are of that kind, and which are still legal (409.1c, 413.2a).
pub(super) struct Chosen<'a> {
    kinds: &'a [TargetKind],
    shares: &'a [std::ops::Range<usize>],
    legal: &'a [bool],
    targets: &'a [TargetRef],
    /// The division announced for the divided instruction's targets (409.1e); empty if none
    /// was (then it is divided as evenly as can be).
    division: &'a [u32],
    /// The permanents sacrificed to pay its cost (409.1f), read by "the sacrificed
    /// creature's power" (413.2f).
    sacrificed: &'a [ObjectId],
    /// The permanents tapped and the cards discarded to pay its cost (409.1f), read by "the
    /// power of the creature tapped this way" and "the discarded card's converted mana cost".
    tapped: &'a [ObjectId],
    discarded: &'a [ObjectId],
}

impl<'a> Chosen<'a> {
    pub(super) fn new(
        kinds: &'a [TargetKind],
        shares: &'a [std::ops::Range<usize>],
        legal: &'a [bool],
        targets: &'a [TargetRef],
    ) -> Self {
        Chosen {
            kinds,
            shares,
            legal,
            targets,
            division: &[],
            sacrificed: &[],
            tapped: &[],
            discarded: &[],
        }
    }

    /// With the permanents sacrificed to pay the cost (409.1f).
    pub(super) fn with_sacrificed(mut self, sacrificed: &'a [ObjectId]) -> Self {
        self.sacrificed = sacrificed;
        self
    }

    /// With the permanents tapped and the cards discarded to pay the cost (409.1f).
    pub(super) fn with_tapped_and_discarded(
        mut self,
        tapped: &'a [ObjectId],
        discarded: &'a [ObjectId],
    ) -> Self {
        self.tapped = tapped;
        self.discarded = discarded;
        self
    }

    /// The first chosen target of this kind that is still legal (413.2a).
    /// The first target chosen for `kind`, legal or not now.
    pub(super) fn first(&self, kind: &TargetKind) -> Option<TargetRef> {
        let k = self.kinds.iter().position(|x| x == kind)?;
        let i = self.shares.get(k)?.clone().next()?;
        self.targets.get(i).copied()
    }

    pub(super) fn first_legal(&self, kind: &TargetKind) -> Option<TargetRef> {
        let k = self.kinds.iter().position(|x| x == kind)?;
        self.shares
            .get(k)?
            .clone()
            .find(|i| self.legal.get(*i).copied().unwrap_or(false))
            .and_then(|i| self.targets.get(i).copied())
    }
}

/// Where an effect comes from: the object (or its last known information) and who controls it.
#[derive(Debug, Clone)]
pub(super) struct From {
    pub object: Object,
    pub controller: PlayerId,
    /// For an ability that triggered on its source's move from play, the object the source
    /// became in the zone it moved to, which "exile it" and "return ~ to its owner's hand"
    /// can find (217.1c, exception 2).
    pub moved_to: Option<ObjectId>,
}

impl Engine<'_> {
    /// 413: the top object of the stack resolves.
    pub(super) fn resolve_top(&mut self) {
        let Some(mut item) = self.game.top_of_stack().cloned() else {
            return;
        };
        // Current 702.103e: a bestowed Aura spell whose target is illegal as it begins
        // resolving ceases to be bestowed and resolves as a creature spell.
        if let Some(spell) = self
            .game
            .object(item.id)
            .filter(|o| item.kind == StackKind::Spell && o.bestowed.is_some())
            .cloned()
        {
            let legal = match (spell.enchant_filter(), item.targets.first()) {
                (Some(f), Some(t)) => {
                    self.legal_target(&TargetKind::Permanent(f), *t, &spell, item.controller)
                }
                _ => false,
            };
            if !legal {
                let _ = self.game.unbestow(item.id);
                item.targets.clear();
                let text = format!(
                    "{}'s target is illegal: it ceases to be bestowed and resolves as a creature spell",
                    spell.label
                );
                self.log("702.103e", EventKind::Note { text });
            }
        }
        if let StackKind::CombatDamage { assignments } = &item.kind {
            self.resolve_combat_damage(item.id, assignments);
            return;
        }
        let (effects, source, what) = match &item.kind {
            StackKind::Spell => {
                let obj = self
                    .game
                    .object(item.id)
                    .cloned()
                    .expect("a spell on the stack is an object");
                // 409.1b: a modal spell has the instructions of the modes chosen for it, and a
                // spell with {X} in its cost the X announced for it.
                let effects: Vec<Effect> = crate::ability::fix_x(
                    &crate::ability::spell_effects(obj.abilities(), &item.modes),
                    item.x,
                );
                (effects, obj.clone(), obj.label.clone())
            }
            StackKind::CombatDamage { .. } => unreachable!("handled above"),
            StackKind::Ability {
                source,
                source_label,
                effects,
                text,
                ..
            } => {
                // The monarch's inherent abilities have no source (current 724.2).
                let obj = self
                    .game
                    .object_or_last_known(*source)
                    .cloned()
                    .or_else(|| super::monarch::sourceless(*source, item.controller))
                    .expect("the source existed");
                (
                    effects.clone(),
                    obj,
                    format!("{source_label}'s ability \"{text}\""),
                )
            }
        };
        // Current 702.113a: an awakened spell's instructions end with awaken's.
        let mut effects = effects;
        for e in &mut effects {
            e.bind_next_turn(item.controller);
            e.bind_while(source.id, item.controller);
        }
        if item.kind == StackKind::Spell && item.paid.contains(&crate::model::CastOption::Awaken) {
            effects.extend(super::card_abilities::awaken_effects(&source));
        }
        // 413.2a: a spell or ability whose targets are all illegal is countered on resolution.
        let mut kinds = targets_of(&effects);
        if let Some(what) = source
            .enchant_filter()
            .filter(|_| item.kind == StackKind::Spell)
        {
            kinds = vec![TargetKind::Permanent(what)];
        }
        if let Some(opponent) = source
            .enchants_player()
            .filter(|_| item.kind == StackKind::Spell)
        {
            kinds = vec![TargetKind::Player { opponent }];
        }
        // Which chosen targets are of which kind (409.1c), each checked again (413.2a).
        let shares = crate::ability::share_targets(&kinds, item.targets.len())
            .unwrap_or_else(|| (0..kinds.len()).map(|i| i..i + 1).collect());
        let mut legal = vec![false; item.targets.len()];
        for (k, share) in kinds.iter().zip(&shares) {
            for i in share.clone() {
                if let Some(t) = item.targets.get(i) {
                    legal[i] = self.legal_target(k, *t, &source, item.controller);
                }
            }
        }
        if !item.targets.is_empty() && legal.iter().all(|l| !l) {
            self.log(
                "413.2a",
                EventKind::Countered {
                    what: what.clone(),
                    why: "all its targets are illegal".into(),
                },
            );
            self.counter(item.id);
            return;
        }
        self.log("413.1", EventKind::Resolves { what: what.clone() });
        self.chosen.clear();
        self.created.clear();
        self.damaged.clear();
        // Current 702.131a: ascend on an instant or sorcery is a spell ability, followed first.
        if item.kind == StackKind::Spell && self.game.has_keyword(item.id, &Keyword::Ascend) {
            self.ascend(Some(item.controller));
        }
        let from = From {
            object: source.clone(),
            controller: item.controller,
            moved_to: match &item.kind {
                StackKind::Ability { moved_to, .. } => *moved_to,
                _ => None,
            },
        };
        let refers = match &item.kind {
            StackKind::Ability { refers, .. } => *refers,
            StackKind::Spell | StackKind::CombatDamage { .. } => None,
        };
        let chosen = Chosen {
            kinds: &kinds,
            shares: &shares,
            legal: &legal,
            targets: &item.targets,
            division: &item.division,
            sacrificed: &item.sacrificed,
            tapped: &item.tapped_for_cost,
            discarded: &item.discarded_for_cost,
        };
        for effect in &effects {
            // 418.3d: a "for as long as" already over as the effect would begin does nothing.
            if let Some(d) = effect.duration().filter(|d| !self.game.holds(*d)) {
                let text = format!(
                    "the effect would last {}, which is already over: it does nothing",
                    d.about(&source.label)
                );
                self.log("418.3d", EventKind::Note { text });
                continue;
            }
            self.carry_out(effect, &from, refers, &chosen);
        }
        match item.kind {
            StackKind::Spell => {
                self.finish_spell(item.id, item.controller, &item.targets, &item.paid)
            }
            StackKind::Ability { .. } | StackKind::CombatDamage { .. } => {
                self.game.remove_ability(item.id);
            }
        }
    }

    /// Carries out one instruction of a resolving spell or ability (413.1): on the object a
    /// trigger refers to, on each object a description fits, or on its target if that target
    /// is still legal (413.2a).
    pub(super) fn carry_out(
        &mut self,
        effect: &Effect,
        from: &From,
        refers: Option<ObjectId>,
        chosen: &Chosen<'_>,
    ) {
        // "its power" of a target, "the sacrificed creature's power": the object is known now;
        // its number is read as the instruction is carried out (413.2f).
        let bound;
        let effect = if crate::filter::reads_stat_of(effect, |of| {
            matches!(
                of,
                StatOf::Target(_) | StatOf::Sacrificed | StatOf::Tapped | StatOf::Discarded
            )
        }) {
            let mut read = Vec::new();
            bound = crate::filter::map_stats(effect, &mut |of| {
                let id = match of {
                    StatOf::Target(kind) => match chosen.first(kind) {
                        Some(TargetRef::Object(id)) => Some(id),
                        _ => None,
                    },
                    StatOf::Sacrificed => chosen.sacrificed.first().copied(),
                    StatOf::Tapped => chosen.tapped.first().copied(),
                    StatOf::Discarded => chosen.discarded.first().copied(),
                    _ => None,
                }?;
                read.push(id);
                Some(StatOf::Object(id))
            });
            for id in read {
                let Some(o) = self.game.object_or_last_known(id) else {
                    continue;
                };
                let when = if self.game.object(id).is_some() {
                    "as it is now"
                } else {
                    "as it last existed before it left its zone"
                };
                let text = format!(
                    "{} is read {when}: power {}, toughness {}",
                    o.label,
                    o.power().map_or("none".into(), |p| p.to_string()),
                    o.toughness().map_or("none".into(), |t| t.to_string()),
                );
                self.log("413.2f", EventKind::Note { text });
            }
            &bound
        } else {
            effect
        };
        // A spell's "If <condition>, <instruction>": checked as it is carried out.
        if let Effect::If { condition, effects } = effect {
            let ctx = self.filter_context(from.object.id, from.controller);
            if condition.holds(&self.game, &ctx) {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            } else {
                let text = format!("the condition \"{condition}\" doesn't hold: nothing happens");
                self.log("413.1", EventKind::Note { text });
            }
            return;
        }
        // 410.8: an intervening "if" is checked again on resolution; false, nothing happens.
        if let Effect::InterveningIf { condition, effects } = effect {
            let ctx = self.filter_context(from.object.id, from.controller);
            if condition.holds(&self.game, &ctx) {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            } else {
                let text = format!(
                    "the condition \"{condition}\" no longer holds: the ability does nothing"
                );
                self.log("410.8", EventKind::Note { text });
            }
            return;
        }
        // "any player may exile a card from his or her graveyard. If a player does, ...":
        // the players choose as it resolves (410.5); "he or she" and "that player" in the
        // instructions after are those who did (or, with "doesn't", didn't).
        if let Effect::PlayersMay {
            who,
            option,
            effects,
            if_not,
        } = effect
        {
            let (did, didnt) = self.players_may(*who, option, from);
            let those: Vec<(PlayerId, Option<ObjectId>)> = if *if_not {
                didnt.into_iter().map(|p| (p, None)).collect()
            } else {
                did
            };
            if !those.is_empty() {
                let saved = std::mem::replace(&mut self.chosen, those);
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
                self.chosen = saved;
            }
            return;
        }
        // "You may pay {E}. If you do, ...": chosen and paid as it resolves (410.5).
        if let Effect::MayPayEnergy { amount, effects } = effect {
            if self.may_pay_energy(*amount, from) {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            }
            return;
        }
        // "Sacrifice a Human. If you can't, ...": done if able, else the instructions (103.3).
        if let Effect::IfCant { action, effects } = effect {
            if !self.attempt(action, from) {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            }
            return;
        }
        // "You may pay {R}. If you do, ...": chosen and paid as it resolves (410.5).
        if let Effect::MayPay {
            cost,
            effects,
            unless,
        } = effect
        {
            if !*unless && cost.has_x() {
                if let Some(x) = self.may_pay_x(cost, from) {
                    for e in &crate::ability::fix_x(effects, x) {
                        self.carry_out(e, from, refers, chosen);
                    }
                }
                return;
            }
            if self.may_pay(cost, from) != *unless {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            }
            return;
        }
        // 501.6: the player may sacrifice instead; the instructions happen only if no one does.
        if let Effect::UnlessSacrifices {
            who,
            filter,
            effects,
        } = effect
        {
            if !self.someone_sacrifices(who, filter, from) {
                for e in effects {
                    self.carry_out(e, from, refers, chosen);
                }
            }
            return;
        }
        // 410.5: an optional instruction is chosen as it resolves; all of it or none.
        if let Effect::May { effects } = effect {
            if !self.takes_option(effect, from) {
                return;
            }
            for e in effects {
                self.carry_out(e, from, refers, chosen);
            }
            return;
        }
        // "If it doesn't, destroy it at the beginning of the next end step.", "Exile that token
        // at end of combat.": the objects the delayed instruction names are fixed now (404.4).
        if let Effect::Delayed { when, effects } = effect
            && effects.iter().any(|e| {
                matches!(
                    e.subject(),
                    Some(Subject::ThoseThat { .. } | Subject::CreatedTokens)
                )
            })
        {
            let mut bound = effects.clone();
            for e in &mut bound {
                if let Some(Subject::CreatedTokens) = e.subject() {
                    let ids = self.created.iter().copied();
                    let fixed = crate::filter::Filter::Any(
                        ids.map(crate::filter::Filter::Object).collect(),
                    );
                    e.set_subject(Subject::Each(fixed));
                }
                if let Some(Subject::ThoseThat { earlier, filter }) = e.subject().cloned() {
                    let ids = self.objects_named(&earlier, from, chosen);
                    let fixed = crate::filter::Filter::Any(
                        ids.into_iter().map(crate::filter::Filter::Object).collect(),
                    )
                    .and(filter);
                    e.set_subject(Subject::Each(fixed));
                }
            }
            let bound = Effect::Delayed {
                when: when.clone(),
                effects: bound,
            };
            self.apply(&bound, from, None);
            return;
        }
        // "That creature" of a trigger is no target: it is affected if it is still in play.
        // Evolve compares with the creature as it last existed if it left play (702.100c).
        if let (Some(other), Effect::Evolve) = (refers, effect) {
            self.evolve(other, from);
            return;
        }
        if let (Some(card), Effect::ChampionReturn) = (refers, effect) {
            self.champion_return(card);
            return;
        }
        if let (Some(other), Effect::Soulbond) = (refers, effect) {
            self.soulbond(from, Some(other));
            return;
        }
        // The card persist and undying refer to is in a graveyard, not in play.
        if let (Some(card), Effect::ReturnToPlay { .. }) = (refers, effect) {
            self.apply(effect, from, Some(TargetRef::Object(card)));
            return;
        }
        // Current 724.2: the creature's controller as it resolves, as it last existed if gone.
        if let Effect::BecomeMonarch {
            its_controller: true,
        } = effect
        {
            let who = refers
                .and_then(|id| self.game.object_or_last_known(id))
                .map(|o| o.controller);
            if let Some(who) = who {
                self.become_monarch(who);
            }
            return;
        }
        // 409.1e, 413.2f: each target still legal gets the part announced for it as the spell
        // or ability was played; an illegal target's part goes to no one (413.2a).
        if let Effect::DivideDamage { amount, among } | Effect::DividePrevention { amount, among } =
            effect
        {
            self.carry_out_division(effect, *amount, among, from, chosen);
            return;
        }
        // "Target creature deals damage to itself equal to its power": the creature named
        // deals it, as it is or as it last existed (413.2f); an illegal target deals nothing
        // (413.2a). "To ~" stays the object with the ability.
        if let Effect::DealDamageBy { by, amount, to } = effect {
            let dealer = match by {
                Subject::This => self.this(from),
                Subject::Each(crate::filter::Filter::Object(id)) => Some(*id),
                s => match s.target().and_then(|k| chosen.first_legal(&k)) {
                    Some(TargetRef::Object(id)) => Some(id),
                    _ => None,
                },
            };
            let Some(object) = dealer.and_then(|id| self.game.object_or_last_known(id).cloned())
            else {
                let text = format!(
                    "the creature that would deal the damage of {} is gone or an illegal target: no damage is dealt",
                    from.object.label
                );
                self.log("413.2a", EventKind::Note { text });
                return;
            };
            let to = match to {
                Subject::This => match self.this(from) {
                    Some(id) => Subject::Each(crate::filter::Filter::Object(id)),
                    None => return,
                },
                to => to.clone(),
            };
            let text = format!(
                "{} deals the damage as the instruction says, not {}",
                object.label, from.object.label
            );
            self.log("413.2f", EventKind::Note { text });
            let by = From {
                controller: object.controller,
                object,
                moved_to: None,
            };
            let dealt = Effect::DealDamage {
                amount: amount.clone(),
                to,
            };
            self.carry_out(&dealt, &by, refers, chosen);
            return;
        }
        if let Effect::Fight { what, other } = effect {
            let one = |s: &Subject| match s {
                Subject::This => self.this(from),
                s => match s.target().and_then(|k| chosen.first_legal(&k)) {
                    Some(TargetRef::Object(id)) => Some(id),
                    _ => None,
                },
            };
            let (a, b) = (one(what), one(other));
            self.fight(a, b);
            return;
        }
        if let Some(that) = refers {
            let here = self
                .game
                .object(that)
                .is_some_and(|o| o.zone == Zone::InPlay);
            self.apply(effect, from, here.then_some(TargetRef::Object(that)));
            return;
        }
        // "Target creature blocks target creature this turn if able": the second target, if
        // still legal (413.2a), becomes what the requirement names.
        if let Effect::RequirementToward {
            what,
            toward,
            blocks,
            duration,
            ..
        } = effect
        {
            let named = toward.target().and_then(|k| chosen.first_legal(&k));
            let rule = match (named, blocks) {
                (Some(TargetRef::Object(id)), true) => crate::ability::CombatRule::BlocksCreature {
                    filter: crate::filter::Filter::Object(id),
                },
                (Some(TargetRef::Player(p)), false) => {
                    crate::ability::CombatRule::AttacksDefender {
                        defender: crate::ability::Defender::Player(p),
                    }
                }
                _ => {
                    let text = format!(
                        "the target the requirement of {} names is illegal: nothing is required",
                        from.object.label
                    );
                    self.log("413.2a", EventKind::Note { text });
                    return;
                }
            };
            let (rule_no, verb) = if *blocks {
                ("500.3", "block")
            } else {
                ("500.2", "attack")
            };
            let text = format!(
                "the requirement names {}: its creature must {verb} it if able",
                named.map_or_else(String::new, |t| self.target_name(t))
            );
            self.log(rule_no, EventKind::Note { text });
            let gain = Effect::GainRules {
                what: what.clone(),
                rules: vec![rule],
                duration: *duration,
            };
            self.carry_out(&gain, from, refers, chosen);
            return;
        }
        if let Some(Subject::Each(filter)) = effect.subject() {
            self.apply_each(effect, filter, from);
            return;
        }
        // "Other creatures that player controls": the earlier target's controller, read now.
        if let Some(Subject::OfTargetsController {
            filter,
            target,
            other,
        }) = effect.subject()
        {
            if let Some(TargetRef::Object(id)) = chosen.first_legal(target)
                && let Some(p) = self.game.object(id).map(|o| o.controller)
            {
                let mut theirs = filter
                    .clone()
                    .and(crate::filter::Filter::ControlledByPlayer(p));
                if *other {
                    theirs = theirs.and(crate::filter::Filter::Object(id).negated());
                }
                self.apply_each(effect, &theirs, from);
            }
            return;
        }
        // "... and 2 damage to that creature's controller": its controller now, or as it last
        // existed in play.
        if let Some(Subject::ControllerOfTarget { target }) = effect.subject() {
            let who = match chosen.first(target) {
                Some(TargetRef::Object(id)) => {
                    self.game.object_or_last_known(id).map(|o| o.controller)
                }
                _ => None,
            };
            if let Some(who) = who {
                let mut bound = effect.clone();
                bound.set_subject(Subject::Players(crate::filter::PlayerRef::Player(who)));
                self.apply(&bound, from, None);
            }
            return;
        }
        // "That token": each token this resolution created that is still in play.
        if let Some(Subject::CreatedTokens) = effect.subject() {
            for id in self.created.clone() {
                if self.game.object(id).is_some_and(|o| o.zone == Zone::InPlay) {
                    self.apply(effect, from, Some(TargetRef::Object(id)));
                }
            }
            return;
        }
        // "Each creature dealt damage this way": those this resolution damaged, still
        // creatures in play (a creature that left play is a new object, 217.1c).
        if let Some(Subject::DamagedThisWay) = effect.subject() {
            for id in self.damaged.clone() {
                if self
                    .game
                    .object(id)
                    .is_some_and(|o| o.zone == Zone::InPlay && o.is(CardType::Creature))
                {
                    self.apply(effect, from, Some(TargetRef::Object(id)));
                }
            }
            return;
        }
        // "Prevent all damage a red source of your choice would deal to you this turn": the
        // source is chosen as the effect is created (419.8a), not targeted.
        if let Some(Subject::ChosenSource(filter)) = effect.subject() {
            let filter = filter.clone();
            if let Some(id) = self.choose_source(from, &filter) {
                self.apply(effect, from, Some(TargetRef::Object(id)));
            }
            return;
        }
        // "Creatures of the creature type of your choice": named now (413.2c).
        if let Some(Subject::ChosenTypeCreatures { filter }) = effect.subject() {
            let options = self.creature_type_options();
            let source = from.object.label.clone();
            let Some(chosen_type) = self.ask_word(
                from.controller,
                &source,
                "a creature type",
                &options,
                "413.2c",
            ) else {
                return;
            };
            let text = format!("{} chooses {chosen_type}", self.name(from.controller));
            self.log("413.2c", EventKind::Note { text });
            let of_type = filter
                .clone()
                .and(crate::filter::Filter::Subtype(chosen_type));
            self.apply_each(effect, &of_type, from);
            return;
        }
        // "Other creatures he or she controls": those of each player who chose, read now.
        if let Some(Subject::ChoosersCreatures { filter, other }) = effect.subject() {
            for (p, choice) in self.chosen.clone() {
                let mut theirs = filter
                    .clone()
                    .and(crate::filter::Filter::ControlledByPlayer(p));
                if let (true, Some(id)) = (*other, choice) {
                    theirs = theirs.and(crate::filter::Filter::Object(id).negated());
                }
                self.apply_each(effect, &theirs, from);
            }
            return;
        }
        // "Those creatures": the ones the description fits now, each on its own, so a rule
        // given to them never reaches a creature that fits later.
        if let Some(Subject::Those(filter)) = effect.subject() {
            let ctx = self.filter_context(from.object.id, from.controller);
            let those: Vec<ObjectId> = self
                .game
                .in_play()
                .filter(|o| filter.matches(&self.game, o, &ctx))
                .map(|o| o.id)
                .collect();
            for id in those {
                self.apply(effect, from, Some(TargetRef::Object(id)));
            }
            return;
        }
        // "During that player's next untap step, creatures he or she controls don't untap.":
        // waits for that player's next untap step (302.2), if the player is still a legal
        // target (413.2a).
        if let Effect::SkipNextUntap {
            what: what @ Subject::EachOfTargetPlayer { filter, .. },
            ..
        } = effect
        {
            let kind = what
                .target()
                .and_then(|k| chosen.kinds.iter().position(|x| *x == k));
            for i in kind
                .and_then(|k| chosen.shares.get(k).cloned())
                .unwrap_or_default()
            {
                if chosen.legal.get(i).copied().unwrap_or(false)
                    && let Some(TargetRef::Player(p)) = chosen.targets.get(i).copied()
                {
                    self.game.untap_skips.push(crate::model::UntapSkip {
                        player: p,
                        filter: filter.clone(),
                        source: from.object.id,
                        controller: from.controller,
                        source_label: from.object.label.clone(),
                    });
                    let text = format!(
                        "during {}'s next untap step, {} he or she controls won't untap",
                        self.name(p),
                        filter.plural()
                    );
                    self.log("302.2", EventKind::Note { text });
                }
            }
            return;
        }
        // "Creatures target player controls ...": what the description fits among that
        // player's permanents, if the player is still a legal target (413.2a).
        if let Some(Subject::EachOfTargetPlayer { filter, .. }) = effect.subject() {
            let kind = effect
                .subject()
                .and_then(|s| s.target())
                .and_then(|k| chosen.kinds.iter().position(|x| *x == k));
            for i in kind
                .and_then(|k| chosen.shares.get(k).cloned())
                .unwrap_or_default()
            {
                if chosen.legal.get(i).copied().unwrap_or(false)
                    && let Some(TargetRef::Player(p)) = chosen.targets.get(i).copied()
                {
                    let theirs = filter
                        .clone()
                        .and(crate::filter::Filter::ControlledByPlayer(p));
                    // "During target opponent's next turn, creatures that player controls ...":
                    // that player's next turn.
                    let mut effect = effect.clone();
                    if let Some(d) = effect.duration() {
                        effect.set_duration(d.bind_during(p));
                    }
                    self.apply_each(&effect, &theirs, from);
                }
            }
            return;
        }
        // 413.2a: illegal targets aren't affected; the rest of the instructions still are.
        // An instruction with several targets acts on each legal one in turn.
        let kind = effect
            .subject()
            .and_then(|s| s.target())
            .and_then(|k| chosen.kinds.iter().position(|x| *x == k));
        let Some(kind) = kind else {
            self.apply(effect, from, None);
            return;
        };
        for i in chosen.shares.get(kind).cloned().unwrap_or_default() {
            if chosen.legal.get(i).copied().unwrap_or(false) {
                let t = chosen.targets.get(i).copied();
                self.apply(effect, from, t);
            }
        }
    }

    /// Carries out a divided instruction (409.1e): its part of `amount` to each legal target.
    fn carry_out_division(
        &mut self,
        effect: &Effect,
        amount: u32,
        among: &Subject,
        from: &From,
        chosen: &Chosen<'_>,
    ) {
        let Some(k) = among
            .target()
            .and_then(|kind| chosen.kinds.iter().position(|x| *x == kind))
        else {
            return;
        };
        let share = chosen.shares.get(k).cloned().unwrap_or_default();
        let parts = if chosen.division.len() == share.len() {
            chosen.division.to_vec()
        } else {
            crate::ability::default_division(amount, share.len())
        };
        for (i, part) in share.zip(parts) {
            let Some(t) = chosen.targets.get(i).copied() else {
                continue;
            };
            if !chosen.legal.get(i).copied().unwrap_or(false) {
                let text = format!(
                    "{} is no longer a legal target: its part ({part}) goes to no one",
                    self.target_name(t)
                );
                self.log("413.2a", EventKind::Note { text });
                continue;
            }
            let one = match effect {
                Effect::DividePrevention { .. } => Effect::PreventDamage {
                    amount: crate::filter::Amount::Number(i64::from(part)),
                    to: among.clone(),
                },
                _ => Effect::DealDamage {
                    amount: crate::filter::Amount::Number(i64::from(part)),
                    to: among.clone(),
                },
            };
            self.apply(&one, from, Some(t));
        }
    }

    /// A number of cards or tokens an instruction reads as it is carried out ("that many",
    /// X): none below 0, and at most `max`.
    pub(super) fn count_of(&self, amount: &crate::filter::Amount, from: &From, max: u32) -> u32 {
        let ctx = self.filter_context(from.object.id, from.controller);
        amount.value(&self.game, &ctx).clamp(0, i64::from(max)) as u32
    }

    /// Every creature type (205.3m), those of creatures in play first (in the order they came
    /// into play), so the default answer names a type something has.
    pub(super) fn creature_type_options(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for o in self.game.in_play().filter(|o| o.is(CardType::Creature)) {
            for t in &o.type_line().subtypes {
                if crate::typeline::creature_type_named(t).is_some() && !out.contains(t) {
                    out.push(t.clone());
                }
            }
        }
        for t in crate::typeline::creature_types() {
            if !out.iter().any(|o| o == t) {
                out.push(t.to_string());
            }
        }
        out
    }

    /// The objects in play an earlier instruction's subject names now: its legal targets
    /// (413.2a), the object with the ability, or what a description fits.
    fn objects_named(&self, what: &Subject, from: &From, chosen: &Chosen<'_>) -> Vec<ObjectId> {
        let ctx = self.filter_context(from.object.id, from.controller);
        let fitting = |f: &crate::filter::Filter| -> Vec<ObjectId> {
            self.game
                .in_play()
                .filter(|o| f.matches(&self.game, o, &ctx))
                .map(|o| o.id)
                .collect()
        };
        match what {
            Subject::This => self.this(from).into_iter().collect(),
            Subject::Those(f) | Subject::Each(f) => fitting(f),
            s => {
                let Some(kind) = s.target() else {
                    return Vec::new();
                };
                let Some(k) = chosen.kinds.iter().position(|x| *x == kind) else {
                    return Vec::new();
                };
                chosen
                    .shares
                    .get(k)
                    .cloned()
                    .unwrap_or_default()
                    .filter(|i| chosen.legal.get(*i).copied().unwrap_or(false))
                    .filter_map(|i| match chosen.targets.get(i) {
                        Some(TargetRef::Object(id)) => Some(*id),
                        _ => None,
                    })
                    .collect()
            }
        }
    }

    /// The players an instruction acts on: "you", "each opponent", "defending player", or its
    /// target player.
    fn players(&self, who: &Subject, from: &From, target: Option<TargetRef>) -> Vec<PlayerId> {
        match who {
            Subject::You => vec![from.controller],
            Subject::Players(r) => self
                .filter_context(from.object.id, from.controller)
                .player(&self.game, *r),
            Subject::TargetPlayer { .. } | Subject::TargetCreatureOrPlayer => match target {
                Some(TargetRef::Player(p)) => vec![p],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// A player discards `count` cards of his or her choice, all of them if the hand holds
    /// fewer (glossary "Discard"; 217.4). The agent names them; an answer that isn't that many
    /// different cards of the hand is refused and asked again.
    pub(super) fn discard_from_hand(&mut self, player: PlayerId, count: u32) {
        let hand = self
            .game
            .player(player)
            .map(|p| p.hand.clone())
            .unwrap_or_default();
        let count = (count as usize).min(hand.len());
        if count == 0 {
            return;
        }
        let chosen = loop {
            let choice = match self.agent.discard(&self.game, player, count) {
                Ok(c) => c,
                Err(e) => {
                    self.agent_failure = Some(e);
                    return;
                }
            };
            if let Some(ids) = super::discard_answer(&hand, count, choice) {
                break ids;
            }
            let why = format!("discard exactly {count} different card(s) from the hand");
            if let Err(e) = self.reject(player, "217.4", &why) {
                self.agent_failure = Some(e);
                return;
            }
        };
        self.discard_chosen(player, chosen);
    }

    /// The player discards these cards of his or her hand, one discard each (217.4).
    fn discard_chosen(&mut self, player: PlayerId, cards: Vec<ObjectId>) {
        for id in cards {
            let label = self.label(id);
            let who = self.name(player);
            self.log("217.4", EventKind::Discarded { player: who, label });
            // Through the one place every discard goes, so madness applies (502.24a).
            self.discard_card(id);
        }
    }

    /// The top `count` cards of a player's library go to his or her graveyard, one at a time
    /// from the top, as many as there are (217.2, 217.4).
    fn mill(&mut self, player: PlayerId, count: u32) {
        self.game.milled = None;
        for _ in 0..count {
            let Some(card) = self
                .game
                .player(player)
                .and_then(|p| p.library.first().copied())
            else {
                return;
            };
            let label = self.label(card);
            self.game.milled = self
                .game
                .move_object(card, Zone::Graveyard, Position::Top)
                .ok();
            let text = format!(
                "{} puts {label} from the top of his or her library into his or her graveyard",
                self.name(player)
            );
            self.log("217.4", EventKind::Note { text });
        }
    }

    /// "You may pay {R}.": the controller chooses whether to pay, if he or she can (410.5; the
    /// same answers as [`Self::takes_option`]); whether it was paid.
    fn may_pay(&mut self, cost: &crate::mana::ManaCost, from: &From) -> bool {
        let player = from.controller;
        let who = self.name(player);
        let source = from.object.label.clone();
        let Ok(plan) = self.plan(player, cost, None) else {
            let text = format!("{who} can't pay {cost}");
            self.log("410.5", EventKind::Note { text });
            return false;
        };
        let id = self
            .game
            .object_labelled(&source)
            .map_or(from.object.id, |o| o.id);
        let options = [Choice::Object(id), Choice::Nothing];
        let question = format!("pay {cost}?");
        if self.ask_choice(player, &source, &question, &options, "410.5") == Some(options[0]) {
            self.pay(player, plan, &source);
            let text = format!("{who} pays {cost}");
            self.log("410.5", EventKind::Note { text });
            true
        } else {
            let text = format!("{who} chooses not to pay {cost}");
            self.log("410.5", EventKind::Note { text });
            false
        }
    }

    /// The cards of a player's hand as the log lists them once shown: "no cards" if none.
    fn hand_words(&self, player: PlayerId) -> String {
        let hand: Vec<String> = self
            .game
            .player(player)
            .map(|pl| pl.hand.iter().map(|id| self.label(*id)).collect())
            .unwrap_or_default();
        if hand.is_empty() {
            "no cards".to_string()
        } else {
            hand.join(", ")
        }
    }

    /// "When you do, <instruction>" (current 603.12): the option was taken, so the reflexive
    /// ability triggers now, with its source and controller those of the resolving ability
    /// (404.4e); it waits to be put on the stack the next time a player would receive
    /// priority, and its targets are chosen then (410.3, 410.4).
    fn reflexive_trigger(&mut self, effects: &[Effect], from: &From) {
        let source = self
            .game
            .object_or_last_known(from.object.id)
            .cloned()
            .unwrap_or_else(|| from.object.clone());
        let text: Vec<String> = effects.iter().map(crate::view::describe_effect).collect();
        let text = text.join(", then ");
        let name = source.label.clone();
        self.log(
            "current 603.12",
            EventKind::Note {
                text: format!(
                    "{name}'s reflexive ability \"when you do, {text}\" triggers (February 2009 has no rule for \"When you do\", printed from 2017)"
                ),
            },
        );
        let p = Pending::with_effects(from.controller, &source, effects.to_vec(), text);
        let p = self.with_candidates(p);
        self.pending.push(p);
    }

    /// "you may pay {X}" (410.5; 2009 glossary "X": a value the text doesn't define is chosen
    /// by the ability's controller, here as the ability resolves; current 107.3f): he or she
    /// chooses X among the values he or she can pay, or not to pay; unanswered, the largest.
    /// Returns the X paid.
    fn may_pay_x(&mut self, cost: &crate::mana::ManaCost, from: &From) -> Option<u32> {
        let player = from.controller;
        let who = self.name(player);
        let source = from.object.label.clone();
        // Mana is finite: the largest payable X is found by counting up (capped so that a
        // board of unbounded mana still answers).
        let mut max = None;
        for x in 0..=MAX_PAID_X {
            if self.plan(player, &cost.with_x(x), None).is_err() {
                break;
            }
            max = Some(x);
        }
        let Some(max) = max else {
            let text = format!("{who} can't pay {cost}");
            self.log("410.5", EventKind::Note { text });
            return None;
        };
        let mut options: Vec<Choice> = (0..=max).rev().map(Choice::Number).collect();
        options.push(Choice::Nothing);
        let question = format!("pay {cost}, and with which X?");
        let Some(Choice::Number(x)) =
            self.ask_choice(player, &source, &question, &options, "410.5")
        else {
            let text = format!("{who} chooses not to pay {cost}");
            self.log("410.5", EventKind::Note { text });
            return None;
        };
        let paid = cost.with_x(x);
        let plan = self.plan(player, &paid, None).ok()?;
        self.pay(player, plan, &source);
        let text = format!("{who} chooses X = {x} and pays {cost} ({paid})");
        self.log("410.5", EventKind::Note { text });
        Some(x)
    }

    /// Asks the controller whether to carry out an optional instruction ("you may ...",
    /// 410.5): yes is the source itself, no is `nothing`; the default is yes.
    fn takes_option(&mut self, effect: &Effect, from: &From) -> bool {
        let source = from.object.label.clone();
        let text = crate::view::describe_effect(effect);
        if let Effect::May { effects } = effect
            && !self.option_possible(effects, from)
        {
            let who = self.name(from.controller);
            self.log(
                "413.2c",
                EventKind::Note {
                    text: format!("{who} can't choose to: {text} (an impossible option)"),
                },
            );
            return false;
        }
        let question = format!("{text}?");
        // Named by its label: a source that has left play ("When ~ dies, you may ...") is
        // answered by the card it is now.
        let id = self
            .game
            .object_labelled(&source)
            .map_or(from.object.id, |o| o.id);
        let options = [
            super::agent::Choice::Object(id),
            super::agent::Choice::Nothing,
        ];
        let yes = self.ask_choice(from.controller, &source, &question, &options, "410.5")
            == Some(options[0]);
        if !yes {
            self.log(
                "410.5",
                EventKind::Note {
                    text: format!("{} chooses not to: {text}", self.name(from.controller)),
                },
            );
        }
        yes
    }

    /// Whether the controller can take an optional instruction whose action may be impossible:
    /// sacrificing permanents he or she doesn't have, discarding cards he or she doesn't hold.
    /// 413.2c: an impossible option can't be chosen, so its "If you do" or "When you do" part
    /// doesn't follow either.
    fn option_possible(&self, effects: &[Effect], from: &From) -> bool {
        let player = from.controller;
        match effects.first() {
            Some(Effect::SacrificeChosen {
                who: Subject::You,
                filter,
                count,
            }) => {
                let ctx = self.filter_context(from.object.id, player);
                let have = self
                    .game
                    .in_play()
                    .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
                    .count();
                have as u64 >= u64::from(*count)
            }
            Some(Effect::Discard {
                who: Subject::You,
                count,
                ..
            }) => self
                .game
                .player(player)
                .is_some_and(|p| p.hand.len() as u64 >= u64::from(*count)),
            _ => true,
        }
    }

    /// Removes up to `count` counters of a kind from a permanent (as many as it has, at most)
    /// and logs it under `rule`: an effect (200.10) or a cost being paid (409.1h).
    pub(super) fn remove_counters(
        &mut self,
        id: ObjectId,
        counter: &crate::model::Counter,
        count: u32,
        rule: &str,
    ) {
        let mut removed = 0;
        let _ = self.game.update_status(id, |s| {
            if let Some(n) = s.counters.get_mut(counter) {
                removed = count.min(*n);
                *n -= removed;
            }
            s.counters.retain(|_, n| *n > 0);
        });
        let label = self.label(id);
        let plural = if removed == 1 { "" } else { "s" };
        self.log(
            rule,
            EventKind::Note {
                text: format!("{removed} {counter} counter{plural} removed from {label}"),
            },
        );
    }

    /// 414.1: a countered spell goes to its owner's graveyard; a countered ability leaves the
    /// stack.
    pub(super) fn counter(&mut self, id: ObjectId) {
        match self.game.stack_item(id).map(|i| i.kind.clone()) {
            Some(StackKind::Spell)
                if self.game.object(id).is_some_and(|o| {
                    o.abilities()
                        .contains(&crate::ability::Ability::CantBeCountered)
                }) =>
            {
                let label = self.label(id);
                self.log(
                    "103.2",
                    EventKind::Note {
                        text: format!("{label} can't be countered, so it stays on the stack"),
                    },
                );
            }
            Some(StackKind::Spell) => {
                let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
            }
            Some(StackKind::Ability { .. }) => {
                self.game.remove_ability(id);
            }
            // 310.3: combat damage isn't a spell or ability and can't be countered.
            Some(StackKind::CombatDamage { .. }) | None => {}
        }
    }

    /// Evolve's effect (current 702.100a): the comparison again, as it resolves (410.8).
    /// Current 702.95a, c-d: soulbond's pairing as the ability resolves. With `other` (the
    /// creature that came into play), the two are paired if its controller wants; without, the
    /// ability's creature came into play and its controller may choose another unpaired
    /// creature he or she controls. The intervening "if" is checked again (410.8): both must
    /// still be unpaired creatures in play under the ability's controller.
    fn soulbond(&mut self, from: &From, other: Option<ObjectId>) {
        let me = from.controller;
        let fits = |engine: &Self, id: ObjectId| {
            engine.game.object(id).is_some_and(|o| {
                o.zone == Zone::InPlay
                    && o.controller == me
                    && o.is(CardType::Creature)
                    && o.paired_with().is_none()
            })
        };
        let Some(this) = self.this(from).filter(|id| fits(self, *id)) else {
            self.log(
                "702.95c",
                EventKind::Note {
                    text: format!(
                        "{} is no longer an unpaired creature its controller controls: nothing is paired",
                        from.object.label
                    ),
                },
            );
            return;
        };
        let candidates: Vec<ObjectId> = match other {
            Some(o) => vec![o],
            None => self.game.in_play_ids().to_vec(),
        }
        .into_iter()
        .filter(|id| *id != this && fits(self, *id))
        .collect();
        if candidates.is_empty() {
            self.log(
                "702.95c",
                EventKind::Note {
                    text: format!(
                        "no other unpaired creature {} controls: {} stays unpaired",
                        self.name(me),
                        from.object.label
                    ),
                },
            );
            return;
        }
        let label = self.label(this);
        let question = format!("soulbond (702.95a): pair {label} with which creature?");
        let mut options: Vec<super::agent::Choice> = candidates
            .iter()
            .map(|id| super::agent::Choice::Object(*id))
            .collect();
        options.push(super::agent::Choice::Nothing);
        let Some(super::agent::Choice::Object(partner)) =
            self.ask_choice(me, &label, &question, &options, "702.95a")
        else {
            return;
        };
        let _ = self.game.pair(this, partner);
        let text = format!("{label} is paired with {}", self.label(partner));
        self.log("702.95a", EventKind::Note { text });
    }

    /// 502.72a: champion's first ability: its controller may remove another permanent he or
    /// she controls that the description fits from the game; otherwise the champion is
    /// sacrificed. The removed card is remembered on the champion for its linked leaves-play
    /// ability (502.72b, 407); a champion no longer in play remembers nothing, so a card
    /// removed then stays removed.
    /// "Sacrifice it unless you exile a card from your graveyard" (Rotting Giant): the
    /// controller chooses the cards one at a time, or `nothing`; all of them are removed from
    /// the game at once, or, if any choice declines or the graveyard holds too few, none and
    /// the permanent is sacrificed (501.6). Nothing happens if it has left play.
    /// "unless <player> sacrifices a <description>" (501.6): each of the players, in turn
    /// order from the active player's, may sacrifice one of his or her permanents the
    /// description fits (read from the source's point of view); whether anyone did.
    fn someone_sacrifices(
        &mut self,
        who: &Subject,
        filter: &crate::filter::Filter,
        from: &From,
    ) -> bool {
        let ctx = self.filter_context(from.object.id, from.controller);
        let source = from.object.label.clone();
        for player in self.players(who, from, None) {
            let mut options = vec![Choice::Nothing];
            options.extend(
                self.game
                    .in_play()
                    .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
                    .map(|o| Choice::Object(o.id)),
            );
            if options.len() == 1 {
                continue;
            }
            let question = format!(
                "sacrifice a {} to stop {source}'s ability?",
                filter.singular()
            );
            if let Some(Choice::Object(id)) =
                self.ask_choice(player, &source, &question, &options, "501.6")
            {
                self.sacrifice(id);
                return true;
            }
        }
        false
    }

    fn sacrifice_unless_exile(&mut self, from: &From, count: u32) {
        let me = from.controller;
        let label = from.object.label.clone();
        let Some(this) = self.this(from) else {
            self.log(
                "501.6",
                EventKind::Note {
                    text: format!("{label} is no longer in play: nothing to sacrifice"),
                },
            );
            return;
        };
        let mut left: Vec<ObjectId> = self
            .game
            .player(me)
            .map(|p| p.graveyard.clone())
            .unwrap_or_default();
        let mut chosen = Vec::new();
        if left.len() >= count as usize {
            for _ in 0..count {
                let question = format!(
                    "remove a card in your graveyard from the game ({} more)? (otherwise {label} is sacrificed)",
                    count as usize - chosen.len()
                );
                let mut options: Vec<Choice> =
                    left.iter().rev().map(|id| Choice::Object(*id)).collect();
                options.push(Choice::Nothing);
                match self.ask_choice(me, &label, &question, &options, "501.6") {
                    Some(Choice::Object(id)) => {
                        left.retain(|c| *c != id);
                        chosen.push(id);
                    }
                    _ => {
                        chosen.clear();
                        break;
                    }
                }
            }
        }
        if !chosen.is_empty() && chosen.len() == count as usize {
            for id in chosen {
                let card = self.label(id);
                let _ = self
                    .game
                    .move_object(id, Zone::RemovedFromGame, Position::Top);
                self.log(
                    "217.7",
                    EventKind::Note {
                        text: format!(
                            "{card} is removed from the game, so {label} isn't sacrificed"
                        ),
                    },
                );
            }
            return;
        }
        self.sacrifice(this);
    }

    fn champion(&mut self, from: &From, filter: &crate::filter::Filter) {
        let me = from.controller;
        let ctx = crate::filter::Context::of(&from.object, None);
        let this = self.this(from);
        let candidates: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| {
                o.id != from.object.id && o.controller == me && filter.matches(&self.game, o, &ctx)
            })
            .map(|o| o.id)
            .collect();
        let label = from.object.label.clone();
        let chosen = if candidates.is_empty() {
            None
        } else {
            let question = format!(
                "champion (502.72a): remove which other {} you control from the game? (otherwise {label} is sacrificed)",
                filter.singular()
            );
            let mut options: Vec<Choice> =
                candidates.iter().map(|id| Choice::Object(*id)).collect();
            options.push(Choice::Nothing);
            self.ask_choice(me, &label, &question, &options, "502.72a")
        };
        if let Some(Choice::Object(id)) = chosen {
            let removed = self.label(id);
            let Ok(card) = self
                .game
                .move_object(id, Zone::RemovedFromGame, Position::Top)
            else {
                return;
            };
            self.log(
                "502.72a",
                EventKind::Note {
                    text: format!("{removed} is removed from the game, championed by {label}"),
                },
            );
            if let Some(champion) = this {
                let _ = self
                    .game
                    .update_status(champion, |s| s.championed = Some(card));
            }
            return;
        }
        if let Some(champion) = this {
            self.log(
                "502.72a",
                EventKind::Note {
                    text: format!(
                        "no other {} was removed from the game: {label} is sacrificed",
                        filter.singular()
                    ),
                },
            );
            self.sacrifice(champion);
        }
    }

    /// 502.72a: champion's second ability returns the removed card to play under its owner's
    /// control, if it is still removed from the game (a new object otherwise, 217.1c).
    fn champion_return(&mut self, card: ObjectId) {
        let label = self.label(card);
        if self
            .game
            .object(card)
            .is_none_or(|o| o.zone != Zone::RemovedFromGame)
        {
            self.log(
                "502.72a",
                EventKind::Note {
                    text: format!("{label} is no longer removed from the game and doesn't return"),
                },
            );
            return;
        }
        let Ok(id) = self.game.move_object(card, Zone::InPlay, Position::Top) else {
            return;
        };
        self.log(
            "502.72a",
            EventKind::Note {
                text: format!("{label} returns to play under its owner's control (champion)"),
            },
        );
        self.comes_into_play(id);
    }

    fn evolve(&mut self, other: ObjectId, from: &From) {
        let Some(id) = self.this(from) else {
            return;
        };
        let Some(o) = self.game.object_or_last_known(other).cloned() else {
            return;
        };
        let (p, t) = if o.zone == Zone::InPlay {
            (
                self.game.power(other).unwrap_or(0),
                self.game.toughness(other).unwrap_or(0),
            )
        } else {
            (o.power().unwrap_or(0), o.toughness().unwrap_or(0))
        };
        let bigger = o.is(CardType::Creature)
            && (p > self.game.power(id).unwrap_or(0) || t > self.game.toughness(id).unwrap_or(0));
        let label = self.label(id);
        if !bigger {
            self.log(
                "702.100a",
                EventKind::Note {
                    text: format!("{label} doesn't evolve: {} is no longer greater", o.label),
                },
            );
            return;
        }
        let _ = self.game.update_status(id, |s| {
            *s.counters
                .entry(crate::model::Counter::PlusOne)
                .or_default() += 1;
        });
        self.log(
            "702.100a",
            EventKind::Note {
                text: format!("{label} evolves: a +1/+1 counter is put on it"),
            },
        );
    }

    /// Fading's and vanishing's upkeep ability resolving (502.20a, 502.60a).
    fn upkeep_counter(&mut self, id: ObjectId, by: &Keyword, from: &From) {
        let (kind, rule) = match by {
            Keyword::Fading(_) => ("fade", "502.20a"),
            _ => ("time", "502.60a"),
        };
        let label = self.label(id);
        let had = self.game.object(id).map_or(0, |o| o.counter_count(kind));
        if had == 0 {
            // Vanishing's intervening "if" fails on resolution (410.8); fading can't remove one.
            if matches!(by, Keyword::Fading(_)) {
                self.log(
                    rule,
                    EventKind::Note {
                        text: format!("no fade counter can be removed from {label}"),
                    },
                );
                self.apply(
                    &Effect::Sacrifice {
                        what: Subject::This,
                    },
                    from,
                    None,
                );
            }
            return;
        }
        let counter = crate::model::Counter::parse(kind);
        let _ = self.game.update_status(id, |s| {
            if let Some(n) = s.counters.get_mut(&counter) {
                *n -= 1;
                if *n == 0 {
                    s.counters.remove(&counter);
                }
            }
        });
        self.log(
            rule,
            EventKind::Note {
                text: format!(
                    "a {kind} counter is removed from {label} ({} left)",
                    had - 1
                ),
            },
        );
        if had == 1 && matches!(by, Keyword::Vanishing(_)) {
            if let Some(o) = self.game.object(id).cloned() {
                self.pending.push(Pending::new(
                    o.controller,
                    &o,
                    Effect::Sacrifice { what: Subject::This },
                    "vanishing (502.60a): when the last time counter is removed from this permanent, sacrifice it".into(),
                ));
            }
        }
    }

    /// Unearth's ability resolving (502.84a): if the card is still in its owner's graveyard,
    /// it returns to play under that player's control with haste (kept as long as it stays in
    /// play), a delayed triggered ability will remove it from the game at end of turn (the
    /// beginning of the end of turn step, 313), and whatever would move it out of play removes
    /// it from the game instead. Its comes-into-play abilities trigger.
    fn unearth_returns(&mut self, from: &From) {
        let card = from.object.id;
        if self
            .game
            .object(card)
            .is_none_or(|o| o.zone != Zone::Graveyard)
        {
            return;
        }
        let label = self.label(card);
        let Ok(new) = self.game.move_object(card, Zone::InPlay, Position::Top) else {
            return;
        };
        let _ = self.game.set_controller(new, from.controller);
        let _ = self.game.update_status(new, |s| s.unearthed = true);
        self.game.delayed.push(crate::model::DelayedTrigger {
            when: crate::ability::Trigger::AtStep {
                step: crate::model::Step::EndOfTurn,
                whose: crate::ability::Whose::Each,
            },
            controller: from.controller,
            source: new,
            effects: vec![Effect::RemoveFromGame {
                what: Subject::This,
            }],
        });
        self.log(
            "502.84a",
            EventKind::Note {
                text: format!(
                    "{label} returns from the graveyard to play with haste; it will be removed from the game at end of turn"
                ),
            },
        );
        self.comes_into_play(new);
    }

    /// Fabricate (current 702.123a): counters on the permanent if its controller wants them
    /// and it is still in play, else Servo tokens.
    fn fabricate(&mut self, count: u32, from: &From) {
        let source = from.object.label.clone();
        if let Some(id) = self.this(from) {
            let question = format!(
                "fabricate {count} (702.123a): put {count} +1/+1 counter(s) on {source} (or, choosing nothing, create {count} Servo token(s))?"
            );
            let options = [Choice::Object(id), Choice::Nothing];
            match self.ask_choice(from.controller, &source, &question, &options, "702.123a") {
                Some(Choice::Object(_)) if count == 0 => return,
                Some(Choice::Object(_)) => {
                    let _ = self.game.update_status(id, |s| {
                        let n = s
                            .counters
                            .entry(crate::model::Counter::PlusOne)
                            .or_default();
                        *n = n.saturating_add(count);
                    });
                    let text = format!("{count} +1/+1 counter(s) put on {source} (fabricate)");
                    self.log("702.123a", EventKind::Note { text });
                    return;
                }
                Some(_) => {}
                None => return,
            }
        }
        let servo = crate::ability::TokenSpec {
            power: 1,
            toughness: 1,
            colors: Vec::new(),
            creature_type: "Servo".into(),
            more_types: Vec::new(),
            artifact: true,
            keywords: Vec::new(),
            name: None,
            abilities: Vec::new(),
            enters: Default::default(),
        };
        let text = format!("{source} fabricates {count} Servo token(s)");
        self.log("702.123a", EventKind::Note { text });
        for _ in 0..count {
            if let Some(new) = self.create_token(&servo, from.controller) {
                self.comes_into_play(new);
            }
        }
    }

    /// Exploit (current 702.110a-b): its controller may sacrifice a creature he or she
    /// controls; if so, the source's "When ~ exploits a creature" abilities trigger (the
    /// source as it last existed, if it sacrificed itself).
    fn exploit(&mut self, from: &From) {
        let source = from.object.label.clone();
        // Nothing first: the default answer sacrifices nothing.
        let options: Vec<Choice> = std::iter::once(Choice::Nothing)
            .chain(
                self.game
                    .in_play()
                    .filter(|o| o.controller == from.controller && o.is(CardType::Creature))
                    .map(|o| Choice::Object(o.id)),
            )
            .collect();
        let question = "exploit (702.110a): which creature to sacrifice, if any".to_string();
        let Some(Choice::Object(id)) =
            self.ask_choice(from.controller, &source, &question, &options, "702.110a")
        else {
            let who = self.name(from.controller);
            let text = format!("{who} sacrifices no creature to {source}'s exploit");
            self.log("702.110a", EventKind::Note { text });
            return;
        };
        let label = self.label(id);
        self.sacrifice(id);
        let text = format!("{source} exploits {label}");
        self.log("702.110b", EventKind::Note { text });
        let Some(exploiter) = self.game.object_or_last_known(from.object.id).cloned() else {
            return;
        };
        for p in self.event_triggers(&exploiter, crate::ability::Trigger::Exploits) {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// Monstrosity N (current 701.37a): if the permanent isn't monstrous, N +1/+1 counters and
    /// the designation (701.37b); then "When ~ becomes monstrous" triggers.
    fn monstrosity(&mut self, count: u32, from: &From) {
        let id = from.object.id;
        let fresh = self
            .game
            .object(id)
            .filter(|o| o.zone == Zone::InPlay)
            .and_then(|o| o.status.as_ref())
            .is_some_and(|s| !s.monstrous);
        if !fresh {
            return;
        }
        let _ = self.game.update_status(id, |s| {
            let c = s
                .counters
                .entry(crate::model::Counter::PlusOne)
                .or_default();
            *c = c.saturating_add(count);
            s.monstrous = true;
        });
        let label = self.label(id);
        self.log(
            "701.37a",
            EventKind::Note {
                text: format!("{count} +1/+1 counter(s) put on {label}, which becomes monstrous"),
            },
        );
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        for p in self.event_triggers(&o, crate::ability::Trigger::BecomesMonstrous) {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// Living weapon (current 702.92a): the Germ token, then the Equipment attached to it.
    fn living_weapon(&mut self, from: &From) {
        let germ = crate::ability::TokenSpec {
            power: 0,
            toughness: 0,
            colors: vec![crate::mana::Color::Black],
            creature_type: "Phyrexian".into(),
            more_types: vec!["Germ".into()],
            artifact: false,
            keywords: Vec::new(),
            name: None,
            abilities: Vec::new(),
            enters: Default::default(),
        };
        let Some(token) = self.create_token(&germ, from.controller) else {
            return;
        };
        self.comes_into_play(token);
        let Some(eq) = self.this(from) else {
            return;
        };
        if self.game.attach(eq, token).is_ok() {
            let text = format!("{} is attached to {}", from.object.label, self.label(token));
            self.log("702.92a", EventKind::Note { text });
        }
    }

    /// Annihilator (current 702.86a): the player chooses `count` different permanents he or
    /// she controls, one at a time (all of them if there are no more), then sacrifices them
    /// at once (501.6: sacrificing isn't destroying, so regeneration and indestructible don't
    /// help).
    /// 501.6: `player` chooses `count` permanents he or she controls that the description fits
    /// (read with the effect's source: "another"), all of them if fewer, and sacrifices them at
    /// once.
    pub(super) fn sacrifice_fitting(
        &mut self,
        player: PlayerId,
        filter: &crate::filter::Filter,
        count: u32,
        from: &From,
    ) {
        let ctx = self.filter_context(from.object.id, from.controller);
        let source = from.object.label.clone();
        let mut left: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
            .map(|o| o.id)
            .collect();
        let mut chosen = Vec::new();
        while (chosen.len() as u64) < u64::from(count) && !left.is_empty() {
            let options: Vec<Choice> = left.iter().map(|id| Choice::Object(*id)).collect();
            let question = format!(
                "which {} to sacrifice ({} of {count}, 501.6)",
                filter.singular(),
                chosen.len() + 1
            );
            let Some(Choice::Object(id)) =
                self.ask_choice(player, &source, &question, &options, "501.6")
            else {
                break;
            };
            left.retain(|o| *o != id);
            chosen.push(id);
        }
        let who = self.name(player);
        if chosen.is_empty() {
            let text = format!("{who} controls no {} to sacrifice", filter.singular());
            self.log("501.6", EventKind::Note { text });
        }
        for id in chosen {
            self.sacrifice(id);
        }
    }

    fn sacrifice_permanents(&mut self, player: PlayerId, count: u32, source: &str) {
        let mut left: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| o.controller == player)
            .map(|o| o.id)
            .collect();
        let mut chosen = Vec::new();
        while (chosen.len() as u64) < u64::from(count) && !left.is_empty() {
            let options: Vec<Choice> = left.iter().map(|id| Choice::Object(*id)).collect();
            let question = format!(
                "which permanent to sacrifice ({} of {count}, 702.86a)",
                chosen.len() + 1
            );
            let Some(Choice::Object(id)) =
                self.ask_choice(player, source, &question, &options, "702.86a")
            else {
                return;
            };
            left.retain(|o| *o != id);
            chosen.push(id);
        }
        let who = self.name(player);
        let names: Vec<String> = chosen.iter().map(|id| self.label(*id)).collect();
        let text = if names.is_empty() {
            format!("{who} controls no permanent to sacrifice")
        } else {
            format!("{who} sacrifices {}", names.join(", "))
        };
        self.log("702.86a", EventKind::Note { text });
        for id in chosen {
            self.sacrifice(id);
        }
    }

    /// Persist (502.79a) and undying (current 702.93a): the card returns to play under its
    /// owner's control with the counter on it, and its comes-into-play abilities trigger.
    fn return_to_play(&mut self, card: ObjectId, counter: &crate::model::Counter, by: &Keyword) {
        let rule = format!("{}a", by.rule());
        let label = self.label(card);
        if self
            .game
            .object(card)
            .is_none_or(|o| o.zone != Zone::Graveyard)
        {
            self.log(
                &rule,
                EventKind::Note {
                    text: format!("{label} is no longer in the graveyard and doesn't return"),
                },
            );
            return;
        }
        let Ok(id) = self.game.move_object(card, Zone::InPlay, Position::Top) else {
            return;
        };
        let _ = self.game.update_status(id, |s| {
            *s.counters.entry(counter.clone()).or_default() += 1;
        });
        self.log(
            &rule,
            EventKind::Note {
                text: format!(
                    "{label} returns to play under its owner's control with a {counter} counter on it ({by})"
                ),
            },
        );
        self.comes_into_play(id);
    }

    /// 212.4d: an Aura comes into play attached to what its spell targeted.
    pub(super) fn attach_aura(&mut self, aura: ObjectId, spell: &Object, targets: &[TargetRef]) {
        // "Enchant player": attached to the player its spell targeted.
        if spell.enchants_player().is_some() {
            if let Some(TargetRef::Player(p)) = targets.first().copied() {
                let _ = self
                    .game
                    .update_status(aura, |s| s.attached_to_player = Some(p));
            }
            return;
        }
        if spell.enchant_filter().is_none() {
            return;
        }
        if let Some(TargetRef::Object(t)) = targets.first().copied() {
            if self.game.object(t).is_some_and(|o| o.zone == Zone::InPlay) {
                let _ = self.game.update_status(aura, |s| s.attached_to = Some(t));
            }
        }
    }

    /// An instruction about every creature a description fits: "Creatures without flying can't
    /// block this turn.", "Creatures you control get +1/+1 until end of turn." (418.3b). One
    /// that changes characteristics, or does something once, affects what fits as it resolves;
    /// one that changes the rules applies to whatever fits until it ends, newcomers too.
    fn apply_each(&mut self, effect: &Effect, filter: &crate::filter::Filter, from: &From) {
        let ctx = self.filter_context(from.object.id, from.controller);
        if let Effect::GainRules {
            rules, duration, ..
        } = effect
        {
            let fixed = filter.fix_this(from.object.id);
            // "that creature can't attack during its controller's next turn" (Wall of Dust): the
            // one creature's controller now; the compiler allows it with no other description.
            let duration = match &fixed {
                crate::filter::Filter::Object(id) => duration.bind_during(
                    self.game
                        .object_or_last_known(*id)
                        .map_or(from.controller, |o| o.controller),
                ),
                _ => *duration,
            };
            if duration == Duration::DuringNextTurn {
                return;
            }
            let (rules, text) = rules_begin(rules, duration, from);
            self.log(
                "418.3b",
                EventKind::EffectBegins {
                    source: from.object.label.clone(),
                    affected: fixed.plural(),
                    text,
                },
            );
            self.game.add_rule_effect(
                (from.object.label.clone(), from.object.id, from.controller),
                fixed,
                rules,
                duration,
            );
            return;
        }
        let fits: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| filter.matches(&self.game, o, &ctx))
            .map(|o| o.id)
            .collect();
        for id in fits {
            self.apply(effect, from, Some(TargetRef::Object(id)));
        }
    }

    /// 413.2c: `player` chooses a permanent he or she controls that the description fits (read
    /// with the resolving spell or ability), none if there is none; kept for the instructions
    /// after it.
    fn choose_creature(&mut self, player: PlayerId, filter: &crate::filter::Filter, from: &From) {
        let ctx = self.filter_context(from.object.id, from.controller);
        let options: Vec<Choice> = self
            .game
            .in_play()
            .filter(|o| o.controller == player && filter.matches(&self.game, o, &ctx))
            .map(|o| Choice::Object(o.id))
            .collect();
        let who = self.name(player);
        let source = from.object.label.clone();
        let question = format!(
            "{source} (413.2c): which {} {who} chooses",
            filter.singular()
        );
        let choice = match options.is_empty() {
            true => None,
            false => match self.ask_choice(player, &source, &question, &options, "413.2c") {
                Some(Choice::Object(id)) => Some(id),
                _ => None,
            },
        };
        let text = match choice {
            Some(id) => format!("{who} chooses {}", self.label(id)),
            None => format!("{who} controls no {} to choose", filter.singular()),
        };
        self.log("413.2c", EventKind::Note { text });
        self.chosen.push((player, choice));
    }

    /// Current 701.14a-b: two creatures fight: each deals damage equal to its power to the
    /// other at once (not combat damage); if either has left play, isn't a creature or was an
    /// illegal target (`None`), neither deals damage.
    fn fight(&mut self, a: Option<ObjectId>, b: Option<ObjectId>) {
        let creature = |id: Option<ObjectId>| {
            id.and_then(|id| self.game.object(id))
                .filter(|o| o.zone == Zone::InPlay && o.is(CardType::Creature))
                .cloned()
        };
        let (Some(x), Some(y)) = (creature(a), creature(b)) else {
            let text = "a creature told to fight has left play, isn't a creature or is an illegal target: neither fights".to_string();
            self.log("701.14b", EventKind::Note { text });
            return;
        };
        let power = |o: &crate::model::Object| {
            u32::try_from(self.game.power(o.id).unwrap_or(0).max(0)).unwrap_or(0)
        };
        let (px, py) = (power(&x), power(&y));
        let text = format!("{} fights {}", x.label, y.label);
        self.log("701.14a", EventKind::Note { text });
        // 701.14c: a creature fighting itself is dealt twice its power.
        self.deal_damage(&x, x.controller, TargetRef::Object(y.id), px, "701.14a");
        self.deal_damage(&y, y.controller, TargetRef::Object(x.id), py, "701.14a");
    }

    /// 309.2f: an attacking creature not yet blocked this combat becomes blocked by an
    /// effect; its "becomes blocked" abilities trigger (309.4, 410.9c). 502.10g: so does every
    /// other creature of its band.
    fn becomes_blocked(&mut self, id: ObjectId) {
        let band = self
            .game
            .combat
            .as_ref()
            .map(|c| c.banded_with(id))
            .unwrap_or_default();
        self.becomes_blocked_alone(id);
        for m in band {
            if self
                .game
                .combat
                .as_ref()
                .is_some_and(|c| !c.blocked.contains(&m))
            {
                let text = format!("{} is banded with {}", self.label(m), self.label(id));
                self.log("502.10g", EventKind::Note { text });
                self.becomes_blocked_alone(m);
            }
        }
    }

    fn becomes_blocked_alone(&mut self, id: ObjectId) {
        let label = self.label(id);
        let Some(mut combat) = self.game.combat.clone() else {
            return;
        };
        if !combat.attackers.contains_key(&id) || combat.blocked.contains(&id) {
            let text =
                format!("{label} isn't an attacking creature that is unblocked: nothing happens");
            self.log("309.2f", EventKind::Note { text });
            return;
        }
        combat.blocked.insert(id);
        self.game.set_combat(Some(combat));
        let text = format!("{label} becomes blocked, with no creature blocking it");
        self.log("309.2f", EventKind::Note { text });
        let found = self.combat_event_triggers(id, crate::ability::Trigger::BecomesBlocked);
        self.queue(found);
    }

    /// The top `count` cards of the controller's library (fewer if it holds fewer), each
    /// asked in turn whether it goes `away` (`Choice::Object` yes, `nothing` no; unanswered,
    /// no), then those kept ordered for the top: (looked at, kept in order, sent away).
    fn sort_top(
        &mut self,
        from: &From,
        count: u32,
        action: &str,
        away: &str,
        rule: &str,
    ) -> (Vec<ObjectId>, Vec<ObjectId>, Vec<ObjectId>) {
        let player = from.controller;
        let looked: Vec<ObjectId> = self
            .game
            .player(player)
            .map(|p| p.library.iter().take(count as usize).copied().collect())
            .unwrap_or_default();
        let source = from.object.label.clone();
        let mut top = Vec::new();
        let mut sent = Vec::new();
        for &card in &looked {
            let question = format!("{action} ({rule}): put {} {away}?", self.label(card));
            let options = [Choice::Nothing, Choice::Object(card)];
            match self.ask_choice(player, &source, &question, &options, rule) {
                Some(Choice::Object(_)) => sent.push(card),
                _ => top.push(card),
            }
        }
        let top = self.ask_order(
            player,
            &source,
            top,
            "on top of your library, from the top down",
            (action, rule),
        );
        (looked, top, sent)
    }

    /// 501.8a: scry N. The player puts each of the top N cards of his or her library on the
    /// top or the bottom, then orders each pile; all of it is the player's choice, asked
    /// through the agent (unanswered: everything stays on top, in its order).
    fn scry(&mut self, count: u32, from: &From) {
        let player = from.controller;
        let who = self.name(player);
        let (looked, top, bottom) = self.sort_top(
            from,
            count,
            "scry",
            "on the bottom of your library",
            "501.8a",
        );
        let source = from.object.label.clone();
        let bottom = self.ask_order(
            player,
            &source,
            bottom,
            "on the bottom of your library, nearest the top first",
            ("scry", "501.8a"),
        );
        let _ = self.game.update_player(player, |p| {
            let rest: Vec<ObjectId> = p
                .library
                .iter()
                .copied()
                .filter(|id| !looked.contains(id))
                .collect();
            p.library = top.iter().chain(&rest).chain(&bottom).copied().collect();
        });
        let text = format!(
            "{who} scries {count}: {} on top, {} on the bottom",
            top.len(),
            bottom.len()
        );
        self.log("501.8a", EventKind::Note { text });
    }

    /// Current 701.25a: surveil N. The player puts each of the top N cards of his or her
    /// library into the graveyard or back on top, then orders those on top; then "whenever you
    /// surveil" triggers (701.25d), unless no card was looked at (701.25c).
    fn surveil(&mut self, count: u32, from: &From) {
        let player = from.controller;
        let who = self.name(player);
        let (looked, top, binned) =
            self.sort_top(from, count, "surveil", "into your graveyard", "701.25a");
        let _ = self.game.update_player(player, |p| {
            let rest: Vec<ObjectId> = p
                .library
                .iter()
                .copied()
                .filter(|id| !looked.contains(id))
                .collect();
            p.library = top.iter().chain(&binned).chain(&rest).copied().collect();
        });
        for &card in &binned {
            let _ = self.game.move_object(card, Zone::Graveyard, Position::Top);
        }
        let text = format!(
            "{who} surveils {count}: {} into the graveyard, {} on top",
            binned.len(),
            top.len()
        );
        self.log("701.25a", EventKind::Note { text });
        if looked.is_empty() {
            return;
        }
        let found = self.player_action_triggers(player, |e| match e {
            crate::ability::Trigger::PlayerSurveils { who } => Some(*who),
            _ => None,
        });
        self.queue(found);
    }

    /// Current 701.39a: bolster N. Its controller chooses among the creatures he or she
    /// controls with the least toughness and puts N +1/+1 counters on that one; not a target.
    fn bolster(&mut self, count: u32, from: &From) {
        let player = from.controller;
        let mine: Vec<(ObjectId, i32)> = self
            .game
            .in_play()
            .filter(|o| o.controller == player && o.is(CardType::Creature))
            .map(|o| (o.id, o.toughness().unwrap_or(0)))
            .collect();
        let Some(least) = mine.iter().map(|(_, t)| *t).min() else {
            let text = format!(
                "{} controls no creature: nothing is bolstered",
                self.name(player)
            );
            self.log("701.39a", EventKind::Note { text });
            return;
        };
        let options: Vec<Choice> = mine
            .iter()
            .filter(|(_, t)| *t == least)
            .map(|(id, _)| Choice::Object(*id))
            .collect();
        let chosen = if options.len() == 1 {
            options[0]
        } else {
            let question =
                format!("bolster {count} (701.39a): which creature with toughness {least}?");
            let source = from.object.label.clone();
            match self.ask_choice(player, &source, &question, &options, "701.39a") {
                Some(c) => c,
                None => return,
            }
        };
        let Choice::Object(id) = chosen else {
            return;
        };
        let text = format!(
            "{} bolsters {count}: {} has the least toughness ({least})",
            self.name(player),
            self.label(id)
        );
        self.log("701.39a", EventKind::Note { text });
        let put = Effect::PutCounters {
            what: Subject::TargetCreature,
            counter: crate::model::Counter::PlusOne,
            count,
        };
        self.apply(&put, from, Some(TargetRef::Object(id)));
    }

    /// 419.8a: the source its controller chooses as the effect is created, among the
    /// permanents in play, the spells on the stack and the creatures whose combat damage is on
    /// the stack that `filter` fits (asked: `choose = "<source>: <label>"`; unanswered, the
    /// first of another player's, permanents first). `None` if none fits.
    fn choose_source(&mut self, from: &From, filter: &crate::filter::Filter) -> Option<ObjectId> {
        let ctx = self.filter_context(from.object.id, from.controller);
        let mut options: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| filter.matches(&self.game, o, &ctx))
            .map(|o| o.id)
            .collect();
        for &id in self.game.stack_ids() {
            let Some(item) = self.game.stack_item(id) else {
                continue;
            };
            let ids: Vec<ObjectId> = match &item.kind {
                crate::model::StackKind::Spell => vec![id],
                crate::model::StackKind::CombatDamage { assignments } => {
                    assignments.iter().map(|a| a.source).collect()
                }
                crate::model::StackKind::Ability { .. } => Vec::new(),
            };
            for id in ids {
                let fits = self
                    .game
                    .object_or_last_known(id)
                    .is_some_and(|o| filter.matches(&self.game, o, &ctx));
                if fits && !options.contains(&id) {
                    options.push(id);
                }
            }
        }
        // Unanswered, a player would pick another player's source before his or her own.
        options.sort_by_key(|id| {
            self.game
                .object_or_last_known(*id)
                .is_some_and(|o| o.controller == from.controller)
        });
        let who = self.name(from.controller);
        let Some(&first) = options.first() else {
            let text = format!("{who} has no source to choose: the effect applies to nothing");
            self.log("419.8a", EventKind::Note { text });
            return None;
        };
        let chosen = if options.len() == 1 {
            first
        } else {
            let choices: Vec<Choice> = options.iter().map(|id| Choice::Object(*id)).collect();
            let source = from.object.label.clone();
            match self.ask_choice(
                from.controller,
                &source,
                "a source (419.8a)",
                &choices,
                "419.8a",
            )? {
                Choice::Object(id) => id,
                _ => first,
            }
        };
        let text = format!("{who} chooses {} as the source", self.label(chosen));
        self.log("419.8a", EventKind::Note { text });
        Some(chosen)
    }

    /// The order a player puts cards in, asked one at a time (unanswered: as they are);
    /// `(action, rule)` name what the player is doing ("scry", "501.8a").
    fn ask_order(
        &mut self,
        player: PlayerId,
        source: &str,
        mut cards: Vec<ObjectId>,
        place: &str,
        (action, rule): (&str, &str),
    ) -> Vec<ObjectId> {
        let mut out = Vec::new();
        while cards.len() > 1 {
            let options: Vec<Choice> = cards.iter().map(|c| Choice::Object(*c)).collect();
            let question = format!("{action} ({rule}): which card goes next {place}?");
            let pick = match self.ask_choice(player, source, &question, &options, rule) {
                Some(Choice::Object(id)) => id,
                _ => cards[0],
            };
            cards.retain(|c| *c != pick);
            out.push(pick);
        }
        out.extend(cards);
        out
    }

    fn this(&self, from: &From) -> Option<ObjectId> {
        self.game
            .object(from.object.id)
            .filter(|o| o.zone == Zone::InPlay)
            .map(|o| o.id)
    }

    /// Applies one effect; `target` is the legal target it acts on, if it targets.
    pub(super) fn apply(&mut self, effect: &Effect, from: &From, target: Option<TargetRef>) {
        let subject_object = |engine: &Self, s: &Subject| -> Option<ObjectId> {
            match s {
                Subject::This => engine.this(from),
                _ => match target {
                    Some(TargetRef::Object(id)) => Some(id),
                    _ => None,
                },
            }
        };
        let source_name = from.object.label.clone();
        match effect {
            // Both creatures are known only to `carry_out`, which fights them; a division's
            // parts are known only to it too.
            Effect::Fight { .. }
            | Effect::DealDamageBy { .. }
            | Effect::DivideDamage { .. }
            | Effect::DividePrevention { .. } => {}
            // The modes were chosen as the ability was played or put on the stack (409.1b,
            // 410.4a), and the stack object holds the chosen ones' instructions instead.
            Effect::Modal { .. } => {}
            // "gains protection from the color of your choice": named now (413.2c), then an
            // ordinary keyword for the duration.
            Effect::GainChosenProtection {
                what,
                duration,
                its_controller,
            } => {
                // "of its controller's choice": the controller of the creature gaining it.
                let chooser = match (its_controller, target) {
                    (true, Some(TargetRef::Object(id))) => self
                        .game
                        .object(id)
                        .map_or(from.controller, |o| o.controller),
                    _ => from.controller,
                };
                if let Some(color) = self.ask_color(chooser, &source_name, "413.2c") {
                    let text = format!("{} chooses {}", self.name(chooser), color.name());
                    self.log("413.2c", EventKind::Note { text });
                    let gain = Effect::GainKeyword {
                        what: what.clone(),
                        keyword: crate::ability::Keyword::Protection(Box::new(
                            crate::filter::Filter::Color(color),
                        )),
                        duration: *duration,
                    };
                    self.apply(&gain, from, target);
                }
            }
            // "gains your choice of vigilance, lifelink, or haste": named now (413.2c), then
            // an ordinary gain or loss for the duration.
            Effect::ChosenKeyword {
                what,
                options,
                lose,
                duration,
            } => {
                let words: Vec<String> = options.iter().map(ToString::to_string).collect();
                let Some(word) = self.ask_word(
                    from.controller,
                    &source_name,
                    &format!("which of {}", words.join(", ")),
                    &words,
                    "413.2c",
                ) else {
                    return;
                };
                let Some(keyword) = options.iter().find(|k| k.to_string() == word).cloned() else {
                    return;
                };
                let text = format!("{} chooses {word}", self.name(from.controller));
                self.log("413.2c", EventKind::Note { text });
                let change = if *lose {
                    Effect::LoseKeyword {
                        what: what.clone(),
                        keyword,
                        duration: *duration,
                    }
                } else {
                    Effect::GainKeyword {
                        what: what.clone(),
                        keyword,
                        duration: *duration,
                    }
                };
                self.apply(&change, from, target);
            }
            Effect::BecomesBlocked { .. } => {
                if let Some(TargetRef::Object(id)) = target {
                    self.becomes_blocked(id);
                }
            }
            // Named as it resolves (413.2c), then an ordinary change of color or type.
            Effect::BecomeChosen {
                what,
                creature_type,
                duration,
            } => {
                let who = self.name(from.controller);
                let (colors, subtypes, named) = if *creature_type {
                    let options = self.creature_type_options();
                    let Some(t) = self.ask_word(
                        from.controller,
                        &source_name,
                        "a creature type",
                        &options,
                        "413.2c",
                    ) else {
                        return;
                    };
                    (Vec::new(), vec![t.clone()], t)
                } else {
                    let Some(c) = self.ask_color(from.controller, &source_name, "413.2c") else {
                        return;
                    };
                    (vec![c], Vec::new(), c.name().to_lowercase())
                };
                let text = format!("{who} chooses {named}");
                self.log("413.2c", EventKind::Note { text });
                let becomes = Effect::Animate {
                    what: what.clone(),
                    power: None,
                    toughness: None,
                    colors,
                    card_types: Vec::new(),
                    replaces_types: !subtypes.is_empty(),
                    subtypes,
                    keywords: Vec::new(),
                    duration: *duration,
                    pt_equal: None,
                };
                self.apply(&becomes, from, target);
            }
            Effect::AddColorless
            | Effect::AddMana { .. }
            | Effect::AddManaAmount { .. }
            | Effect::AddManaList { .. }
            | Effect::AddOneOf { .. } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                if let Some(made) = effect.mana_made(&self.game, &ctx) {
                    self.add_mana(from, made);
                }
            }
            Effect::DealDamage { amount, to } => {
                // "damage equal to the number of Mountains you control": read as it resolves;
                // a negative amount deals none.
                let ctx = self.filter_context(from.object.id, from.controller);
                let counted = amount;
                // "... to each opponent equal to the number of Islands that player controls":
                // counted for each player dealt the damage.
                let count = |game: &crate::model::Game, to: TargetRef| {
                    let ctx = crate::filter::Context {
                        recipient: match to {
                            TargetRef::Player(p) => Some(p),
                            TargetRef::Object(_) => None,
                        },
                        ..ctx
                    };
                    u32::try_from(counted.value(game, &ctx).max(0)).unwrap_or(u32::MAX)
                };
                // "~ deals 1 damage to you", "... to each opponent": players, not targets.
                let recipients: Vec<TargetRef> = match to {
                    Subject::You | Subject::Players(_) => self
                        .players(to, from, target)
                        .into_iter()
                        .map(TargetRef::Player)
                        .collect(),
                    _ => target.into_iter().collect(),
                };
                for t in recipients {
                    let amount = count(&self.game, t);
                    let dealt = self.deal_damage(&from.object, from.controller, t, amount, "416.1");
                    // "Each creature dealt damage this way": only damage actually dealt.
                    if let TargetRef::Object(id) = t
                        && dealt > 0
                        && self
                            .game
                            .object(id)
                            .is_some_and(|o| o.is(CardType::Creature))
                        && !self.damaged.contains(&id)
                    {
                        self.damaged.push(id);
                    }
                }
            }
            Effect::Destroy {
                what,
                no_regeneration,
            } => {
                if let Some(id) = subject_object(self, what) {
                    self.destroy(id, !no_regeneration, "501.4");
                }
            }
            Effect::Counter { .. } => {
                if let Some(TargetRef::Object(id)) = target {
                    let what = self.label(id);
                    self.log(
                        "414.1",
                        EventKind::Countered {
                            what,
                            why: format!("{source_name} counters it"),
                        },
                    );
                    self.counter(id);
                }
            }
            // Carried out in `carry_out` for the target player it names; the card compiler
            // allows no other subject.
            // "That creature doesn't untap during its controller's next untap step." (302.2):
            // the controller it has now; a new object after a zone change isn't it (217.1c).
            // "~ doesn't untap during your next untap step": the ability's controller's.
            Effect::SkipNextUntap { what, yours } => {
                if let Some(id) = subject_object(self, what)
                    && let Some(o) = self.game.permanent(id)
                {
                    let player = if *yours {
                        from.controller
                    } else {
                        o.controller
                    };
                    let label = o.label.clone();
                    self.game.untap_skips.push(crate::model::UntapSkip {
                        player,
                        filter: crate::filter::Filter::Object(id),
                        source: from.object.id,
                        controller: from.controller,
                        source_label: from.object.label.clone(),
                    });
                    let text = format!(
                        "{label} won't untap during {}'s next untap step",
                        self.name(player)
                    );
                    self.log("302.2", EventKind::Note { text });
                }
            }
            // 409.1c: chosen as it was played; the instructions after it act on it.
            Effect::ChooseTarget { .. } => {
                if let Some(t) = target {
                    let text = format!("{source_name} has chosen {}", self.target_name(t));
                    self.log("409.1c", EventKind::Note { text });
                }
            }
            Effect::Prevent {
                what,
                side,
                prevention,
                duration,
            } => {
                self.begin_prevention(from, what.as_ref(), *side, prevention, *duration, target);
            }
            Effect::Redirect {
                what,
                named,
                redirection,
                next,
                duration,
            } => {
                self.begin_redirection(
                    from,
                    what.as_ref(),
                    *named,
                    redirection,
                    next.as_ref(),
                    *duration,
                    target,
                );
            }
            Effect::PreventDamage { amount, to } => {
                let amount = self.count_of(amount, from, u32::MAX);
                let target = match to {
                    Subject::You => Some(TargetRef::Player(from.controller)),
                    _ => target,
                };
                if let Some(t) = target {
                    let protects = self.target_name(t);
                    self.game.shields.push(crate::model::Shield {
                        protects: t,
                        kind: ShieldKind::Prevent { remaining: amount },
                        source: source_name.clone(),
                    });
                    self.log("419.7", EventKind::ShieldUp { source: source_name, protects, text: format!("the next {amount} damage that would be dealt to it this turn will be prevented") });
                }
            }
            Effect::PreventNextFromChosen { source, to } => {
                let protects = match to {
                    Subject::You => Some(TargetRef::Player(from.controller)),
                    _ => target,
                };
                if let Some(t) = protects
                    && let Some(chosen) = self.choose_source(from, source)
                {
                    let text = format!(
                        "the next time {} would deal damage to it this turn, that damage will be prevented",
                        self.label(chosen)
                    );
                    let protects_name = self.target_name(t);
                    self.game.shields.push(crate::model::Shield {
                        protects: t,
                        kind: ShieldKind::PreventNextFrom { source: chosen },
                        source: source_name.clone(),
                    });
                    self.log(
                        "419.8a",
                        EventKind::ShieldUp {
                            source: source_name,
                            protects: protects_name,
                            text,
                        },
                    );
                }
            }
            // A shield on one permanent until the cleanup step (419.6b, 419.6, 314.2).
            Effect::CantBeRegenerated { what }
            | Effect::ExileIfDies { what }
            | Effect::Regenerate { what } => {
                let (kind, rule, text) = match effect {
                    Effect::CantBeRegenerated { .. } => (
                        ShieldKind::NoRegeneration,
                        "419.6b",
                        "it can't be regenerated this turn",
                    ),
                    Effect::ExileIfDies { .. } => (
                        ShieldKind::ExileIfDies,
                        "419.6",
                        "if it would be put into a graveyard from play this turn, it is removed from the game instead",
                    ),
                    _ => (
                        ShieldKind::Regenerate,
                        "419.6b",
                        "the next time it would be destroyed this turn, it regenerates instead",
                    ),
                };
                if let Some(id) = subject_object(self, what) {
                    let protects = self.label(id);
                    self.game.shields.push(crate::model::Shield {
                        protects: TargetRef::Object(id),
                        kind,
                        source: source_name.clone(),
                    });
                    self.log(
                        rule,
                        EventKind::ShieldUp {
                            source: source_name,
                            protects,
                            text: text.into(),
                        },
                    );
                }
            }
            Effect::GainRules {
                what,
                rules,
                duration,
            } => {
                if let Some(id) = subject_object(self, what) {
                    // "during its controller's next turn": the creature's controller now.
                    let controller = self
                        .game
                        .object(id)
                        .map_or(from.controller, |o| o.controller);
                    let duration = duration.bind_during(controller);
                    let (rules, text) = rules_begin(rules, duration, from);
                    let fixed = Effect::GainRules {
                        what: what.clone(),
                        rules,
                        duration,
                    };
                    self.add_effect(source_name, id, fixed, text, "500.1");
                }
            }
            Effect::PumpFor {
                what,
                power,
                toughness,
                times,
                duration,
            } => {
                // 418.3b: the count is fixed now; the bonus is that many times the printed one.
                let ctx = self.filter_context(from.object.id, from.controller);
                let n = times.value(&self.game, &ctx).clamp(0, 1_000_000) as i32;
                let fixed = Effect::Pump {
                    what: what.clone(),
                    power: power.saturating_mul(n),
                    toughness: toughness.saturating_mul(n),
                    duration: *duration,
                };
                if let (Some(id), Some((text, rule))) =
                    (subject_object(self, what), effect_begins(&fixed))
                {
                    self.add_effect(source_name, id, fixed, text, rule);
                }
            }
            // "with power and toughness each equal to its converted mana cost": read now, then
            // fixed (418.3b).
            Effect::Animate {
                what,
                pt_equal: Some(amount),
                ..
            } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let n = amount.value(&self.game, &ctx).clamp(0, 1_000_000) as i32;
                let mut fixed = effect.clone();
                if let Effect::Animate {
                    power,
                    toughness,
                    pt_equal,
                    ..
                } = &mut fixed
                {
                    (*power, *toughness, *pt_equal) = (Some(n), Some(n), None);
                }
                if let (Some(id), Some((text, rule))) =
                    (subject_object(self, what), effect_begins(&fixed))
                {
                    self.add_effect(source_name, id, fixed, text, rule);
                }
            }
            Effect::Pump { what, .. }
            | Effect::SwitchPt { what, .. }
            | Effect::GainKeyword { what, .. }
            | Effect::LoseKeyword { what, .. }
            | Effect::LoseAllAbilities { what, .. }
            | Effect::Animate { what, .. }
            | Effect::AddTypes { what, .. }
            | Effect::CantActivate { what, .. }
            | Effect::GainAbilities { what, .. }
            | Effect::BecomeOnly { what, .. } => {
                if let (Some(id), Some((text, rule))) =
                    (subject_object(self, what), effect_begins(effect))
                {
                    self.add_effect(source_name, id, effect.clone(), text, rule);
                }
            }
            Effect::GainControl { what, duration } => {
                if let Some(id) = subject_object(self, what) {
                    // The grammar makes control effects last until end of turn only; their
                    // end returns control (314.2, `Engine::end_effects`).
                    let _ = duration;
                    let was_attacking = self.game.attack_target(id).is_some()
                        || self
                            .game
                            .combat
                            .as_ref()
                            .is_some_and(|c| c.blockers.contains_key(&id));
                    self.add_effect(
                        source_name,
                        id,
                        effect.clone(),
                        "changes control until end of turn".into(),
                        "418.5a",
                    );
                    let _ = self.game.set_controller(id, from.controller);
                    let (label, controller) = (self.label(id), self.name(from.controller));
                    self.log(
                        "418.5a",
                        EventKind::ControlChanges {
                            label: label.clone(),
                            controller,
                        },
                    );
                    if was_attacking {
                        self.log("306.4", EventKind::RemovedFromCombat { label });
                    }
                }
            }
            Effect::Untap { what } => {
                if let Some(id) = subject_object(self, what) {
                    self.set_tapped(id, false);
                }
            }
            // The controller chooses as it resolves (413.2c): the permanent's own label taps
            // it, `nothing` untaps it; unanswered, its state changes.
            Effect::TapOrUntap { what } => {
                if let Some(id) = subject_object(self, what) {
                    let tapped = self.game.object(id).is_some_and(|o| o.tapped());
                    let mut options = vec![Choice::Object(id), Choice::Nothing];
                    if tapped {
                        options.reverse();
                    }
                    let label = self.label(id);
                    let question = format!("tap {label} (its label) or untap it (nothing)?");
                    let tap = self.ask_choice(
                        from.controller,
                        &source_name,
                        &question,
                        &options,
                        "413.2c",
                    ) == Some(Choice::Object(id));
                    self.set_tapped(id, tap);
                }
            }
            Effect::Provoke { .. } => {
                // "If you do": the choice is the controller's; the engine always does.
                if let (Some(this), Some(TargetRef::Object(blocker))) = (self.this(from), target) {
                    let _ = self.game.update_status(blocker, |s| s.tapped = false);
                    if let Some(mut c) = self.game.combat.clone() {
                        c.must_block
                            .push((blocker, this, from.object.label.clone()));
                        self.game.set_combat(Some(c));
                    }
                    let (b, a) = (self.label(blocker), self.label(this));
                    self.log(
                        "502.29a",
                        EventKind::Note {
                            text: format!("{b} untaps and must block {a} this combat if able"),
                        },
                    );
                }
            }
            Effect::EnterAttacking { target } => {
                // 502.43a-c: what it attacks is what the returned creature attacked.
                let card = from.object.id;
                if self.game.object(card).is_some_and(|o| o.zone == Zone::Hand) {
                    let entering = super::enter_combat::Entering::Attacking(Some(*target));
                    let new = self.put_into_combat(card, from.controller, entering, &source_name);
                    if let Some(new) = new.filter(|n| self.game.attack_target(*n).is_some()) {
                        let text = format!("{} is unblocked", self.label(new));
                        self.log("502.43c", EventKind::Note { text });
                    }
                }
            }
            Effect::CreateTokensAmount { token, amount } => {
                let create = Effect::CreateTokens {
                    token: token.clone(),
                    count: self.count_of(amount, from, 100),
                };
                self.apply(&create, from, target);
            }
            Effect::CreateTokens { token, count } => {
                for _ in 0..*count {
                    if let Some(new) = self.create_token(token, from.controller) {
                        self.created.push(new);
                        self.token_enters(
                            new,
                            &token.enters,
                            from.controller,
                            target,
                            &source_name,
                        );
                        self.comes_into_play(new);
                    }
                }
            }
            Effect::PutFromHandAttacking { creature_type } => {
                let hand: Vec<ObjectId> = self
                    .game
                    .player(from.controller)
                    .map(|p| p.hand.clone())
                    .unwrap_or_default();
                let mut options: Vec<Choice> = hand
                    .into_iter()
                    .filter(|id| {
                        self.game.object(*id).is_some_and(|o| {
                            o.is(CardType::Creature) && o.type_line().has_subtype(creature_type)
                        })
                    })
                    .map(Choice::Object)
                    .collect();
                if options.is_empty() {
                    let text = format!(
                        "{} has no {creature_type} creature card in hand",
                        self.name(from.controller)
                    );
                    self.log("308.4", EventKind::Note { text });
                    return;
                }
                options.push(Choice::Nothing);
                let question = format!(
                    "which {creature_type} creature card to put into play tapped and attacking, if any"
                );
                match self.ask_choice(from.controller, &source_name, &question, &options, "308.4") {
                    Some(Choice::Object(card)) => {
                        let entering = super::enter_combat::Entering::Attacking(None);
                        self.put_into_combat(card, from.controller, entering, &source_name);
                    }
                    Some(_) => {
                        let text = format!("{} puts no card into play", self.name(from.controller));
                        self.log("308.4", EventKind::Note { text });
                    }
                    None => {}
                }
            }
            Effect::RemoveFromCombat { what, untap } => {
                if let Some(id) = subject_object(self, what) {
                    if let Some(mut c) = self.game.combat.clone() {
                        c.remove(id);
                        self.game.set_combat(Some(c));
                        let label = self.label(id);
                        self.log("306.4", EventKind::RemovedFromCombat { label });
                        if *untap {
                            self.set_tapped(id, false);
                        }
                    }
                }
            }
            Effect::Tap { what } => {
                if let Some(id) = subject_object(self, what) {
                    self.set_tapped(id, true);
                }
            }
            Effect::Draw { who, count } => {
                for p in self.players(who, from, target) {
                    self.draw(p, *count, "423.1");
                }
            }
            Effect::Discard { who, count, random } => {
                for p in self.players(who, from, target) {
                    if *random {
                        let text = format!(
                            "{} discards {count} card(s) at random: a run is deterministic, so the cards that come up are the script's answer, else those most recently put into the hand",
                            self.name(p)
                        );
                        self.log("217.4", EventKind::Note { text });
                    }
                    self.discard_from_hand(p, *count);
                }
            }
            Effect::DiscardHand { who } => {
                let mut total = 0u32;
                for p in self.players(who, from, target) {
                    let hand = self
                        .game
                        .player(p)
                        .map(|pl| pl.hand.clone())
                        .unwrap_or_default();
                    let text = format!(
                        "{} discards his or her hand ({} card(s))",
                        self.name(p),
                        hand.len()
                    );
                    self.log("217.4", EventKind::Note { text });
                    total += hand.len() as u32;
                    self.discard_chosen(p, hand);
                }
                self.game.discarded_this_way = total;
            }
            Effect::DiscardAmount { who, amount } => {
                let discard = Effect::Discard {
                    who: who.clone(),
                    count: self.count_of(amount, from, u32::MAX),
                    random: false,
                };
                self.apply(&discard, from, target);
            }
            Effect::DrawAmount { who, amount } => {
                let draw = Effect::Draw {
                    who: who.clone(),
                    count: self.count_of(amount, from, u32::MAX),
                };
                self.apply(&draw, from, target);
            }
            Effect::Poison { who, count } => {
                for p in self.players(who, from, target) {
                    let _ = self
                        .game
                        .update_player(p, |pl| pl.poison = pl.poison.saturating_add(*count));
                    let total = self.game.player(p).map_or(0, |x| x.poison);
                    let text = format!(
                        "{} gets {count} poison counter(s) ({total} in all; ten or more and the player loses, 102.3d)",
                        self.name(p)
                    );
                    self.log("200.10", EventKind::Note { text });
                }
            }
            // Shown to all players (glossary "Reveal"): the log lists the cards.
            Effect::RevealHand { who } => {
                for p in self.players(who, from, target) {
                    let cards = self.hand_words(p);
                    let text = format!("{} reveals his or her hand: {cards}", self.name(p));
                    self.log("217.3", EventKind::Note { text });
                }
            }
            Effect::LookAtHand { who } => {
                let looker = self.name(from.controller);
                for p in self.players(who, from, target) {
                    let cards = self.hand_words(p);
                    let text = format!("{looker} looks at {}'s hand: {cards}", self.name(p));
                    self.log("217.3c", EventKind::Note { text });
                }
            }
            Effect::Mill { who, count } => {
                let count = self.count_of(count, from, u32::MAX);
                for p in self.players(who, from, target) {
                    self.mill(p, count);
                }
            }
            Effect::Attach { .. } => {
                // 502.33a, 212.2i: an Equipment in play attaches to the target, which is a
                // creature its controller controls; an Equipment that is also a creature
                // can't equip, and none equips itself.
                let equipment = self.this(from).and_then(|id| self.game.object(id).cloned());
                if let (Some(eq), Some(TargetRef::Object(t))) = (equipment, target) {
                    if eq.type_line().has_subtype("Equipment")
                        && !eq.is(crate::typeline::CardType::Creature)
                        && t != eq.id
                    {
                        let _ = self.game.attach(eq.id, t);
                        let text = format!("{} is attached to {}", eq.label, self.label(t));
                        self.log("502.33a", EventKind::Note { text });
                    }
                }
            }
            Effect::RampagePump { per_blocker } => {
                if let Some(id) = self.this(from) {
                    let blockers = self
                        .game
                        .combat
                        .as_ref()
                        .map_or(0, |c| c.blockers_of(id).count());
                    let n = crate::model::signed(*per_blocker).saturating_mul(
                        i32::try_from(blockers.saturating_sub(1)).unwrap_or(i32::MAX),
                    );
                    if n > 0 {
                        let pump = Effect::Pump {
                            what: Subject::This,
                            power: n,
                            toughness: n,
                            duration: Duration::UntilEndOfTurn,
                        };
                        self.add_effect(
                            source_name,
                            id,
                            pump,
                            format!("gets +{n}/+{n} until end of turn (rampage)"),
                            "502.12a",
                        );
                    }
                }
            }
            Effect::BecomeMonarch { .. } => self.become_monarch(from.controller),
            Effect::ExtraTurn => self.add_extra_turn(from.controller),
            Effect::AdditionalCombat {
                then_main,
                after_main,
            } => {
                use crate::model::Step;
                let step = self.game.turn.step;
                let main = matches!(step, Step::PrecombatMain | Step::PostcombatMain);
                if *after_main && !main {
                    let text = format!(
                        "it is the {step}, not a main phase: \"after this main phase\" adds no phase"
                    );
                    self.log("300.7", EventKind::Note { text });
                } else {
                    let mut phase = vec![
                        Step::BeginningOfCombat,
                        Step::DeclareAttackers,
                        Step::DeclareBlockers,
                        Step::CombatDamage,
                        Step::EndOfCombat,
                    ];
                    if *then_main {
                        phase.push(Step::PostcombatMain);
                    }
                    self.game.added_phases.push(phase);
                    let text = format!(
                        "after this phase there will be an additional combat phase{}",
                        if *then_main {
                            " followed by an additional main phase"
                        } else {
                            ""
                        }
                    );
                    self.log("300.7", EventKind::Note { text });
                }
            }
            Effect::FlipCoin => self.flip_coin(from),
            Effect::UnblockSoleBlocked => {
                if let Some(this) = self.this(from) {
                    self.unblock_sole_blocked(this);
                }
            }
            Effect::OpponentGainsControl { what } => {
                if let Some(id) = subject_object(self, what) {
                    self.opponent_gains_control(id, from);
                }
            }
            Effect::GainLife { amount } => {
                self.change_life(from.controller, crate::model::signed(*amount), "215.3");
            }
            Effect::GainLifeAmount { who, amount } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let n = amount.value(&self.game, &ctx).clamp(0, i64::from(i32::MAX)) as i32;
                if n > 0 {
                    for p in self.players(who, from, target) {
                        self.change_life(p, n, "215.3");
                    }
                }
            }
            Effect::PutCountersAmount {
                what,
                counter,
                amount,
            } => {
                let count = self.count_of(amount, from, u32::MAX);
                if count > 0 {
                    let put = Effect::PutCounters {
                        what: what.clone(),
                        counter: counter.clone(),
                        count,
                    };
                    self.apply(&put, from, target);
                }
            }
            Effect::PutCounters {
                what,
                counter,
                count,
            } => {
                if let Some(id) = subject_object(self, what) {
                    let _ = self.game.update_status(id, |s| {
                        s.add_counters(counter.clone(), *count);
                    });
                    let label = self.label(id);
                    let plural = if *count == 1 { "" } else { "s" };
                    self.log(
                        "200.10",
                        EventKind::Note {
                            text: format!("{count} {counter} counter{plural} put on {label}"),
                        },
                    );
                }
            }
            Effect::DoubleCounters { what, counter } => {
                if let Some(id) = subject_object(self, what) {
                    let has = self
                        .game
                        .object(id)
                        .map_or(0, |o| o.counter_count(&counter.to_string()));
                    if has > 0 {
                        let _ = self
                            .game
                            .update_status(id, |s| s.add_counters(counter.clone(), has));
                        let label = self.label(id);
                        self.log(
                            "701.10e",
                            EventKind::Note {
                                text: format!(
                                    "the number of {counter} counters on {label} is doubled: {has} more, {} in all",
                                    has.saturating_mul(2)
                                ),
                            },
                        );
                    }
                }
            }
            Effect::RemoveCountersAmount {
                what,
                counter,
                amount,
            } => {
                let count = self.count_of(amount, from, u32::MAX);
                if count > 0
                    && let Some(id) = subject_object(self, what)
                {
                    self.remove_counters(id, counter, count, "200.10");
                }
            }
            Effect::RemoveCounters {
                what,
                counter,
                count,
            } => {
                if let Some(id) = subject_object(self, what) {
                    self.remove_counters(id, counter, *count, "200.10");
                }
            }
            // Only with the creature it refers to, above.
            Effect::Evolve => {}
            Effect::Soulbond => self.soulbond(from, None),
            Effect::Champion { filter } => self.champion(from, filter),
            Effect::SacrificeUnlessExile { count } => self.sacrifice_unless_exile(from, *count),
            // Only in `carry_out`, where the players choose.
            Effect::PlayersMay { .. } => {}
            // Only with the card it refers to, above.
            Effect::ChampionReturn => {}
            Effect::Graft => {
                let me = self.this(from).filter(|id| {
                    self.game
                        .object(*id)
                        .is_some_and(|o| o.counter_count("+1/+1") > 0)
                });
                if let (Some(me), Some(TargetRef::Object(other))) = (me, target) {
                    let label = self.label(other);
                    let question = format!("graft (502.54a): move a +1/+1 counter onto {label}?");
                    let options = [
                        super::agent::Choice::Object(other),
                        super::agent::Choice::Nothing,
                    ];
                    if self.ask_choice(
                        from.controller,
                        &source_name,
                        &question,
                        &options,
                        "502.54a",
                    ) == Some(super::agent::Choice::Object(other))
                    {
                        let plus = crate::model::Counter::PlusOne;
                        let _ = self.game.update_status(me, |s| {
                            if let Some(n) = s.counters.get_mut(&plus) {
                                *n -= 1;
                                if *n == 0 {
                                    s.counters.remove(&plus);
                                }
                            }
                        });
                        let _ = self.game.update_status(other, |s| {
                            *s.counters.entry(plus.clone()).or_default() += 1;
                        });
                        self.log(
                            "502.54a",
                            EventKind::Note {
                                text: format!(
                                    "a +1/+1 counter is moved from {source_name} onto {label} (graft)"
                                ),
                            },
                        );
                    }
                }
            }
            Effect::Modular { what, count } => {
                if let Some(id) = subject_object(self, what) {
                    let label = self.label(id);
                    let question =
                        format!("modular (502.35a): put {count} +1/+1 counter(s) on {label}?");
                    let options = [
                        super::agent::Choice::Object(id),
                        super::agent::Choice::Nothing,
                    ];
                    if self.ask_choice(
                        from.controller,
                        &source_name,
                        &question,
                        &options,
                        "502.35a",
                    ) == Some(super::agent::Choice::Object(id))
                    {
                        let _ = self.game.update_status(id, |s| {
                            s.add_counters(crate::model::Counter::PlusOne, *count);
                        });
                        self.log(
                            "502.35a",
                            EventKind::Note {
                                text: format!("{count} +1/+1 counter(s) put on {label} (modular)"),
                            },
                        );
                    }
                }
            }
            Effect::SiegeDefeated => self.siege_exiled(from),
            Effect::Renown { count } => {
                let fresh = self.this(from).filter(|id| {
                    self.game
                        .object(*id)
                        .and_then(|o| o.status.as_ref())
                        .is_some_and(|s| !s.renowned)
                });
                if let Some(id) = fresh {
                    let _ = self.game.update_status(id, |s| {
                        s.add_counters(crate::model::Counter::PlusOne, *count);
                        s.renowned = true;
                    });
                    let label = self.label(id);
                    self.log(
                        "702.112a",
                        EventKind::Note {
                            text: format!(
                                "{count} +1/+1 counter(s) put on {label}, which becomes renowned"
                            ),
                        },
                    );
                }
            }
            Effect::ReturnToHand { what }
            | Effect::PutOnLibrary { what }
            | Effect::RemoveFromGame { what }
            | Effect::ExileUntilLeaves { what } => {
                let until_leaves = matches!(effect, Effect::ExileUntilLeaves { .. });
                // Current 610.3a-b: the object with the ability has already left play, so
                // the effect that would return the card can't begin: nothing moves.
                if until_leaves
                    && self
                        .game
                        .object(from.object.id)
                        .is_none_or(|o| o.zone != Zone::InPlay)
                {
                    let text = format!(
                        "{source_name} has already left play, so nothing is removed from the game until it leaves"
                    );
                    self.log("current 610.3", EventKind::Note { text });
                    return;
                }
                let in_play = subject_object(self, what).filter(|id| {
                    self.game
                        .object(*id)
                        .is_some_and(|o| o.zone == Zone::InPlay)
                });
                // 217.1c, exception 2: a trigger on the source's move from play finds the card
                // where it went, as long as it is still there (moving again makes a new
                // object, whose id no longer exists).
                let moved = (*what == Subject::This)
                    .then_some(from.moved_to)
                    .flatten()
                    .filter(|id| {
                        self.game.object(*id).is_some_and(|o| {
                            matches!(o.zone, Zone::Graveyard | Zone::RemovedFromGame)
                        })
                    });
                if let Some(id) = in_play.or(moved) {
                    let (zone, rule, to) = match effect {
                        Effect::ReturnToHand { .. } => {
                            (Zone::Hand, "217.3", "is returned to its owner's hand")
                        }
                        Effect::RemoveFromGame { .. } => {
                            (Zone::RemovedFromGame, "217.7", "is removed from the game")
                        }
                        Effect::ExileUntilLeaves { .. } => (
                            Zone::RemovedFromGame,
                            "current 610.3",
                            "is removed from the game until its remover leaves play",
                        ),
                        _ => (
                            Zone::Library,
                            "217.2",
                            "is put on top of its owner's library",
                        ),
                    };
                    let label = self.label(id);
                    self.log(
                        rule,
                        EventKind::Note {
                            text: format!("{label} {to}"),
                        },
                    );
                    let moved = self.game.move_object(id, zone, Position::Top);
                    // 407.2a: a permanent's ability that removes a card links it to the
                    // permanent's other abilities ("the exiled card").
                    if let Ok(card) = moved
                        && zone == Zone::RemovedFromGame
                        && from.object.zone == Zone::InPlay
                    {
                        self.game.exiled_with.push(crate::model::ExiledWith {
                            card,
                            source: from.object.id,
                            until_leaves,
                        });
                    }
                }
            }
            Effect::ReturnExiled { to_hand } => self.return_exiled(from.object.id, *to_hand),
            // Checked in `carry_out`; from elsewhere, checked here.
            Effect::If { condition, effects } | Effect::InterveningIf { condition, effects } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                if condition.holds(&self.game, &ctx) {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            Effect::MayPayEnergy { amount, effects } => {
                if self.may_pay_energy(*amount, from) {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            Effect::IfCant { action, effects } => {
                if !self.attempt(action, from) {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            Effect::GetEnergy { amount } => self.get_energy(amount, from),
            Effect::MayPay {
                cost,
                effects,
                unless,
            } => {
                if !*unless && cost.has_x() {
                    if let Some(x) = self.may_pay_x(cost, from) {
                        for e in &crate::ability::fix_x(effects, x) {
                            self.apply(e, from, target);
                        }
                    }
                } else if self.may_pay(cost, from) != *unless {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            Effect::UnlessSacrifices {
                who,
                filter,
                effects,
            } => {
                if !self.someone_sacrifices(who, filter, from) {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            // Asked for in `carry_out`; from elsewhere (a delayed trigger), asked here.
            Effect::May { effects } => {
                if self.takes_option(effect, from) {
                    for e in effects {
                        self.apply(e, from, target);
                    }
                }
            }
            Effect::Reflexive { effects } => self.reflexive_trigger(effects, from),
            // 413.2c: the player named chooses, and carries the instructions out as their
            // actor ("you" and "his or her" in them are that player).
            Effect::PlayerMay { who, effects } => {
                for p in self.players(who, from, target) {
                    let actor = From {
                        object: from.object.clone(),
                        controller: p,
                        moved_to: from.moved_to,
                    };
                    let option = Effect::May {
                        effects: effects.clone(),
                    };
                    if self.takes_option(&option, &actor) {
                        for e in effects {
                            self.apply(e, &actor, None);
                        }
                    }
                }
            }
            Effect::Delayed { when, effects } => {
                // 404.4a: created now; it triggers the next time its event happens.
                self.game.delayed.push(crate::model::DelayedTrigger {
                    when: when.clone(),
                    controller: from.controller,
                    source: from.object.id,
                    effects: effects.clone(),
                });
                let text = crate::view::describe_effect(effect);
                self.log(
                    "404.4",
                    EventKind::Note {
                        text: format!(
                            "{source_name} creates a delayed triggered ability: \"{text}\""
                        ),
                    },
                );
            }
            Effect::UpkeepCounter { by } => {
                if let Some(id) = self.this(from) {
                    self.upkeep_counter(id, by, from);
                }
            }
            Effect::Unearth => self.unearth_returns(from),
            Effect::PlayFromExile { by } => self.play_from_exile(from, by),
            Effect::SuspendCounter => self.suspend_counter(from),
            Effect::SearchLibrary {
                filter,
                count,
                reveal,
                to,
                shuffle,
                typecycling,
            } => self.search_library(
                &super::library_search::Search {
                    filter,
                    count: *count,
                    reveal: *reveal,
                    to: *to,
                    shuffle: *shuffle,
                    typecycling: *typecycling,
                },
                from,
            ),
            Effect::ShuffleLibrary { who } => {
                for p in self.players(who, from, target) {
                    self.shuffle(p, "217.2");
                }
            }
            Effect::UpkeepCost { by } => {
                if let Some(id) = self.this(from) {
                    self.upkeep_cost(id, by, from.controller);
                }
            }
            // 300.9, 419.6e: kept on the player until a combat phase of his or her turn (or
            // his or her next turn) would begin.
            Effect::SkipCombat { who, whole_turn } => {
                for p in self.players(who, from, target) {
                    let name = self.name(p);
                    if let Some(player) = self.game.players.iter_mut().find(|x| x.id == p) {
                        let text = if *whole_turn {
                            player.skip_combat_turns = player.skip_combat_turns.saturating_add(1);
                            format!("{name} will skip all combat phases of his or her next turn")
                        } else {
                            player.skip_combat_phases = player.skip_combat_phases.saturating_add(1);
                            format!("{name} will skip his or her next combat phase")
                        };
                        self.log("300.9", EventKind::Note { text });
                    }
                }
            }
            Effect::LoseLife { who, amount } => {
                for p in self.players(who, from, target) {
                    let change = -i32::try_from(*amount).unwrap_or(i32::MAX);
                    self.change_life(p, change, "215.3");
                }
            }
            // 215.5: the life gained or lost to make the total that number.
            Effect::SetLife { who, amount } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let n = amount
                    .value(&self.game, &ctx)
                    .clamp(-i64::from(i32::MAX), i64::from(i32::MAX));
                for p in self.players(who, from, target) {
                    let life = self.game.player(p).map_or(0, |x| i64::from(x.life));
                    let change = (n - life).clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32;
                    let text = format!("{}'s life total becomes {n}", self.name(p));
                    self.log("215.5", EventKind::Note { text });
                    if change != 0 {
                        self.change_life(p, change, "215.5");
                    }
                }
            }
            Effect::LoseLifeAmount { who, amount } => {
                let ctx = self.filter_context(from.object.id, from.controller);
                let n = amount.value(&self.game, &ctx).clamp(0, i64::from(i32::MAX));
                for p in self.players(who, from, target) {
                    if n == 0 {
                        let text = format!("{} loses no life (the amount is 0)", self.name(p));
                        self.log("215.3", EventKind::Note { text });
                        continue;
                    }
                    self.change_life(p, -(n as i32), "215.3");
                }
            }
            // The target was checked as it began to resolve (413.2a).
            Effect::ReturnCardToPlay { under_you, .. } => {
                if let Some(TargetRef::Object(card)) = target
                    && self
                        .game
                        .object(card)
                        .is_some_and(|o| o.zone == Zone::Graveyard)
                {
                    let label = self.label(card);
                    if let Ok(id) = self.game.move_object(card, Zone::InPlay, Position::Top) {
                        // "under your control": the ability's controller, as it comes into
                        // play (its owner otherwise, 217.1c).
                        let whose = if *under_you {
                            let _ = self.game.set_controller(id, from.controller);
                            format!("{}'s", self.name(from.controller))
                        } else {
                            "its owner's".to_string()
                        };
                        let text = format!(
                            "{label} returns from the graveyard to play under {whose} control"
                        );
                        self.log("217.1c", EventKind::Note { text });
                        self.comes_into_play(id);
                    }
                }
            }
            // 217.7: the target was checked as the ability began to resolve (413.2a).
            Effect::ExileCard { .. } => {
                if let Some(TargetRef::Object(card)) = target
                    && self
                        .game
                        .object(card)
                        .is_some_and(|o| o.zone == Zone::Graveyard)
                {
                    let label = self.label(card);
                    let text = format!("{label} is removed from the game from a graveyard");
                    self.log("217.7", EventKind::Note { text });
                    let _ = self
                        .game
                        .move_object(card, Zone::RemovedFromGame, Position::Top);
                }
            }
            Effect::ReturnCardToHand { may, .. } => {
                // Soulshift (502.39a) says "you may"; the target was checked as the ability
                // began to resolve (413.2a).
                if let Some(TargetRef::Object(card)) = target {
                    let label = self.label(card);
                    let question = format!("return {label} to your hand?");
                    let options = [Choice::Object(card), Choice::Nothing];
                    let rule = if *may { "502.39a" } else { "217.3" };
                    if !*may
                        || self.ask_choice(from.controller, &source_name, &question, &options, rule)
                            == Some(Choice::Object(card))
                    {
                        let who = self.name(from.controller);
                        let text =
                            format!("{who} returns {label} from the graveyard to his or her hand");
                        self.log(rule, EventKind::Note { text });
                        let _ = self.game.move_object(card, Zone::Hand, Position::Top);
                    }
                }
            }
            Effect::Fabricate { count } => self.fabricate(*count, from),
            Effect::Extort => self.extort(from.controller, &source_name),
            Effect::Exploit => self.exploit(from),
            Effect::LivingWeapon => self.living_weapon(from),
            Effect::Transmute { mana_value } => self.transmute_search(*mana_value, from),
            Effect::TokenCopy { by } => self.token_copy(by, from),
            Effect::Miracle { cost } => self.miracle_cast(cost, from),
            Effect::Recover { cost } => self.recover(cost, from),
            Effect::Hideaway => self.hideaway(from),
            Effect::Monstrosity { count } => self.monstrosity(*count, from),
            Effect::Scry { count } => self.scry(*count, from),
            Effect::Surveil { count } => self.surveil(*count, from),
            Effect::Bolster { amount } => {
                let count = self.count_of(amount, from, 1_000);
                self.bolster(count, from);
            }
            // Made a requirement on its creature as it is carried out (`carry_out`).
            Effect::RequirementToward { .. } => {}
            Effect::ChooseCreature { who, filter } => {
                for p in self.players(who, from, target) {
                    self.choose_creature(p, filter, from);
                }
            }
            Effect::ExileSelfWithTimeCounters { count } => {
                let id = from.object.id;
                if self.game.object(id).map(|o| o.zone) == Some(Zone::Stack) {
                    let label = from.object.label.clone();
                    if let Ok(new) = self
                        .game
                        .move_object(id, Zone::RemovedFromGame, Position::Top)
                    {
                        self.game.time_counters.insert(new, *count);
                        let text = format!(
                            "{label} is removed from the game with {count} time counter(s) on it instead of going to the graveyard"
                        );
                        self.log("502.59b", EventKind::Note { text });
                    }
                }
            }
            // Glossary "Reveal": shown to all, it stays on top; the next instructions read it.
            Effect::RevealTop { who } => {
                self.game.milled = None;
                for p in self.players(who, from, target) {
                    let name = self.name(p);
                    let top = self.game.player(p).and_then(|x| x.library.first().copied());
                    let text = match top {
                        Some(card) => {
                            self.game.milled = Some(card);
                            format!(
                                "{name} reveals {} from the top of his or her library",
                                self.label(card)
                            )
                        }
                        None => format!("{name}'s library is empty: nothing is revealed"),
                    };
                    self.log("217.2", EventKind::Note { text });
                }
            }
            // Glossary "Look At": the card stays where it is; what follows reads it.
            Effect::LookAtTop => {
                let p = from.controller;
                let name = self.name(p);
                self.game.milled = self.game.player(p).and_then(|x| x.library.first().copied());
                let text = match self.game.milled {
                    Some(card) => format!(
                        "{name} looks at {}, the top card of his or her library",
                        self.label(card)
                    ),
                    None => format!("{name}'s library is empty: there is nothing to look at"),
                };
                self.log("217.2", EventKind::Note { text });
            }
            // Glossary "Reveal": the card looked at, if it is still on top of the library.
            Effect::RevealLooked => {
                let top = self.game.milled.filter(|id| {
                    self.game.object(*id).is_some_and(|o| {
                        o.zone == Zone::Library
                            && self
                                .game
                                .player(o.owner)
                                .is_some_and(|p| p.library.first() == Some(id))
                    })
                });
                if let Some(card) = top {
                    let text = format!(
                        "{} reveals {}",
                        self.name(from.controller),
                        self.label(card)
                    );
                    self.log("217.2", EventKind::Note { text });
                }
            }
            // 217.3: the revealed card, if it is still on top of its owner's library.
            Effect::RevealedToHand => {
                let top = self.game.milled.filter(|id| {
                    self.game.object(*id).is_some_and(|o| {
                        o.zone == Zone::Library
                            && self
                                .game
                                .player(o.owner)
                                .is_some_and(|p| p.library.first() == Some(id))
                    })
                });
                if let Some(card) = top {
                    let owner = self.game.object(card).map(|o| o.owner);
                    let label = self.label(card);
                    // A new object in the hand (217.1c), still "that card" for what follows.
                    self.game.milled = self.game.move_object(card, Zone::Hand, Position::Top).ok();
                    let who = owner.map(|p| self.name(p)).unwrap_or_default();
                    let text = format!("{who} puts {label} into his or her hand");
                    self.log("217.3", EventKind::Note { text });
                }
            }
            Effect::ExileTop { who, count } => {
                self.game.milled = None;
                let count = self.count_of(count, from, u32::MAX);
                for p in self.players(who, from, target) {
                    for _ in 0..count {
                        let Some(card) =
                            self.game.player(p).and_then(|x| x.library.first().copied())
                        else {
                            break;
                        };
                        let label = self.label(card);
                        self.game.milled = self
                            .game
                            .move_object(card, Zone::RemovedFromGame, Position::Top)
                            .ok();
                        let text = format!(
                            "{} removes {label} from the top of his or her library from the game",
                            self.name(p)
                        );
                        self.log("217.7", EventKind::Note { text });
                    }
                }
            }
            Effect::ExileTopOfLibrary { player } => {
                let who = self.name(*player);
                let top = self
                    .game
                    .player(*player)
                    .and_then(|p| p.library.first().copied());
                let text = match top {
                    Some(card) => {
                        let label = self.label(card);
                        let _ = self
                            .game
                            .move_object(card, Zone::RemovedFromGame, Position::Top);
                        format!(
                            "{who} removes the top card of his or her library, {label}, from the game"
                        )
                    }
                    None => format!("{who}'s library is empty"),
                };
                self.log("702.115a", EventKind::Note { text });
            }
            Effect::SacrificePermanents { player, count } => {
                self.sacrifice_permanents(*player, *count, &source_name);
            }
            Effect::SacrificeChosen { who, filter, count } => {
                for p in self.players(who, from, target) {
                    self.sacrifice_fitting(p, filter, *count, from);
                }
            }
            Effect::ReturnToPlay { counter, by } => {
                if let Some(TargetRef::Object(card)) = target {
                    self.return_to_play(card, counter, by);
                }
            }
            Effect::Sacrifice { what } => {
                if let Some(id) = subject_object(self, what) {
                    // 501.6: sacrificing isn't destroying; regeneration can't replace it.
                    if self
                        .game
                        .object(id)
                        .is_some_and(|o| o.controller == from.controller)
                    {
                        self.sacrifice(id);
                    }
                }
            }
        }
    }

    pub(super) fn add_effect(
        &mut self,
        source: String,
        id: ObjectId,
        effect: Effect,
        text: String,
        rule: &str,
    ) {
        // Logged first: the effect may remove the permanent from combat (306.4), and the log
        // tells cause before consequence.
        if self.game.permanent(id).is_some() {
            let affected = self.label(id);
            self.log(
                rule,
                EventKind::EffectBegins {
                    source: source.clone(),
                    affected,
                    text,
                },
            );
            let _ = self.game.add_effect(source, id, effect);
        }
    }

    /// Taps or untaps a permanent as an effect says (501.7), and logs it.
    /// Adds mana to the pool of the player controlling the source (406.1; a spell's
    /// instruction adds it the same way, 406.2); of a color the player chooses when there is a
    /// choice, the first offered if unanswered.
    fn add_mana(&mut self, from: &From, made: crate::mana::ManaYield) {
        use crate::mana::ManaYield;
        let player = from.controller;
        let mana: Vec<Option<crate::mana::Color>> = match made {
            ManaYield::Fixed(m) => m,
            ManaYield::OneOf(colors) => {
                let options: Vec<Choice> = colors.iter().copied().map(Choice::Color).collect();
                let answer = self.ask_choice(
                    player,
                    &from.object.label,
                    "the color of the mana to add",
                    &options,
                    "406.1",
                );
                match answer {
                    Some(Choice::Color(c)) => vec![Some(c)],
                    _ => return,
                }
            }
        };
        // A spell's mana (406.2) or a mana ability's (406.1).
        let rule = if from.object.zone == crate::model::Zone::Stack {
            "406.2"
        } else {
            "406.1"
        };
        // 104.3i: read from the object as the ability was activated (it may have been
        // sacrificed to pay the cost).
        let snow = super::play::is_snow_permanent(&from.object);
        self.put_in_pool(player, &from.object.label, &mana, snow, rule);
    }

    /// Puts mana in a player's pool, each mana logged with its source (`None`: colorless);
    /// `snow` if a snow permanent made it (104.3i).
    pub(super) fn put_in_pool(
        &mut self,
        player: PlayerId,
        source: &str,
        mana: &[Option<crate::mana::Color>],
        snow: bool,
        rule: &str,
    ) {
        let who = self.name(player);
        for m in mana {
            let _ = self.game.update_player(player, |p| {
                match m {
                    Some(c) => p.mana_pool[c.index()] += 1,
                    None => p.colorless_mana += 1,
                }
                if snow {
                    p.snow_mana[m.map_or(5, |c| c.index())] += 1;
                }
            });
            self.log(
                rule,
                EventKind::ManaAdded {
                    player: who.clone(),
                    source: source.to_string(),
                    mana: crate::mana::mana_text(*m),
                },
            );
        }
    }

    fn set_tapped(&mut self, id: ObjectId, tapped: bool) {
        let _ = self.game.update_status(id, |s| s.tapped = tapped);
        let label = self.label(id);
        let kind = if tapped {
            EventKind::Tapped { label }
        } else {
            EventKind::Untapped { label }
        };
        self.log("501.7", kind);
    }

    /// Deals damage from a source (its current state or last known information, 413.2f) to a
    /// creature or player, as [`Engine::deal_damage_each`] does. Returns the damage dealt,
    /// wherever it was dealt.
    pub(super) fn deal_damage(
        &mut self,
        source: &Object,
        controller: PlayerId,
        to: TargetRef,
        amount: u32,
        rule: &str,
    ) -> u32 {
        self.deal_damage_each(source, controller, to, amount, rule)
            .iter()
            .map(|(_, n)| *n)
            .sum()
    }

    /// Deals damage from a source to a creature or player: redirection effects first (212.9g,
    /// 419.6c; the affected player's order of 419.9a is not asked: the planeswalker rule, then
    /// resolved effects in the order they began, then static abilities), each part dealt
    /// where it goes as an event of its own that the same effect doesn't meet again (419.6a).
    /// Returns each recipient and the damage dealt to it.
    pub(super) fn deal_damage_each(
        &mut self,
        source: &Object,
        controller: PlayerId,
        to: TargetRef,
        amount: u32,
        rule: &str,
    ) -> Vec<(TargetRef, u32)> {
        if amount == 0 {
            return Vec::new();
        }
        if let Some(walker) = self.redirect_to_planeswalker(source, controller, to, amount, rule) {
            return self.deal_damage_each(source, controller, walker, amount, rule);
        }
        let (left, parts) = self.redirected(source, to, rule == "310.4", amount);
        let mut out = Vec::new();
        for (onto, part, key) in parts {
            self.redirecting.push(key);
            out.extend(self.deal_damage_each(source, controller, onto, part, rule));
            self.redirecting.pop();
        }
        let dealt = self.deal_damage_here(source, controller, to, left, rule);
        if dealt > 0 {
            out.push((to, dealt));
        }
        out
    }

    /// Damage dealt where it is going: protection (502.7e) and prevention shields (419.7)
    /// first, then damage marked on a creature (212.3g; -1/-1 counters with wither, 502.80) or
    /// life lost (215.2). Deathtouch and lifelink trigger (502.63a, 502.68a). Returns the
    /// damage dealt.
    fn deal_damage_here(
        &mut self,
        source: &Object,
        controller: PlayerId,
        to: TargetRef,
        amount: u32,
        rule: &str,
    ) -> u32 {
        if amount == 0 {
            return 0;
        }
        let (src, to_name) = (source.label.clone(), self.target_name(to));
        // 310.4c: damage to something no longer in play, or no longer a creature or
        // planeswalker, isn't dealt.
        if matches!(to, TargetRef::Object(_)) && !self.can_be_dealt_damage(to) {
            return 0;
        }
        // Damage that can't be prevented passes protection, prevention effects and shields,
        // using none of them up (2009 103.2: "can't" wins; current 615.12).
        let combat = rule == "310.4";
        if let Some(by) = self.unpreventable(source, to, combat) {
            self.log(
                "103.2|615.12",
                EventKind::Note {
                    text: format!(
                        "{amount} damage from {src} to {to_name} can't be prevented ({by})"
                    ),
                },
            );
            let left = self.increased(source, to, combat, amount);
            return self.mark_damage(source, controller, to, left, rule);
        }
        if let TargetRef::Object(id) = to {
            if self.game.protected_from(id, source) {
                self.log(
                    "502.7e",
                    EventKind::Prevented {
                        source: src,
                        to: to_name,
                        amount,
                        by: "protection".into(),
                    },
                );
                return 0;
            }
        }
        // 419.7: "prevent all combat damage that would be dealt this turn", "prevent all
        // damage that would be dealt to ~", and the like.
        let mut left = self.prevent(source, to, combat, amount);
        if left == 0 {
            return 0;
        }
        // 419.8a: "the next time a source of your choice would deal damage to you this turn,
        // prevent that damage": all of it, once.
        if let Some(i) = self.game.shields.iter().position(|s| {
            s.protects == to
                && matches!(s.kind, ShieldKind::PreventNextFrom { source: from } if from == source.id)
        }) {
            let shield = self.game.shields.remove(i);
            self.log(
                "419.8a",
                EventKind::Prevented {
                    source: src,
                    to: to_name,
                    amount: left,
                    by: shield.source,
                },
            );
            return 0;
        }
        let mut prevented = Vec::new();
        for shield in self.game.shields.iter_mut().filter(|s| s.protects == to) {
            if let ShieldKind::Prevent { remaining } = &mut shield.kind {
                let stop = (*remaining).min(left);
                if stop > 0 {
                    *remaining -= stop;
                    left -= stop;
                    prevented.push((stop, shield.source.clone()));
                }
            }
        }
        for (stop, by) in prevented {
            self.log(
                "419.7",
                EventKind::Prevented {
                    source: src.clone(),
                    to: to_name.clone(),
                    amount: stop,
                    by,
                },
            );
        }
        self.game
            .shields
            .retain(|s| !matches!(s.kind, ShieldKind::Prevent { remaining: 0 }));
        if left == 0 {
            return 0;
        }
        // 419.6: increases after prevention (the least damage of 419.9a's orders; damage all
        // prevented is no event to increase, 419.5a).
        let left = self.increased(source, to, combat, left);
        self.mark_damage(source, controller, to, left, rule)
    }

    /// Damage past prevention dealt: marked on a creature (212.3g; -1/-1 counters with
    /// wither, 502.80), counters removed from a planeswalker or battle, or life lost (215.2),
    /// and what it triggers. Returns the damage dealt.
    fn mark_damage(
        &mut self,
        source: &Object,
        controller: PlayerId,
        to: TargetRef,
        left: u32,
        rule: &str,
    ) -> u32 {
        if left == 0 {
            return 0;
        }
        let (src, to_name) = (source.label.clone(), self.target_name(to));
        match to {
            TargetRef::Object(id)
                if !self
                    .game
                    .object(id)
                    .is_some_and(|o| o.is(CardType::Creature)) =>
            {
                // 212.9d: damage to a planeswalker removes that many loyalty counters.
                self.log(
                    rule,
                    EventKind::Damage {
                        source: src.clone(),
                        to: to_name.clone(),
                        amount: left,
                    },
                );
                // Current 310.6: damage to a battle removes that many defense counters (a
                // battle that is also a planeswalker loses both kinds).
                let battle = self.game.object(id).is_some_and(|o| o.is(CardType::Battle));
                let walker = self
                    .game
                    .object(id)
                    .is_some_and(|o| o.is(CardType::Planeswalker));
                for (on, counter, rule, kind) in [
                    (
                        walker,
                        crate::model::Counter::Loyalty,
                        "212.9d|306.8",
                        "loyalty",
                    ),
                    (
                        battle,
                        crate::model::Counter::Defense,
                        "current 310.6",
                        "defense",
                    ),
                ] {
                    if !on {
                        continue;
                    }
                    // Only the counters it has can be removed.
                    let mut removed = 0;
                    let _ = self.game.update_status(id, |s| {
                        let c = s.counters.entry(counter.clone()).or_default();
                        removed = left.min(*c);
                        *c -= removed;
                        if *c == 0 {
                            s.counters.remove(&counter);
                        }
                    });
                    self.log(
                        rule,
                        EventKind::Note {
                            text: format!("{removed} {kind} counter(s) are removed from {to_name}"),
                        },
                    );
                    self.siege_defeated(id, counter, removed);
                }
                self.dealt_damage(id, left);
            }
            TargetRef::Object(id) => {
                let has =
                    |k: &Keyword| source.has_keyword(k) || self.game.has_keyword(source.id, k);
                let static_deathtouch =
                    !self.game.rules.deathtouch_triggers() && has(&Keyword::Deathtouch);
                // 502.80 (wither) and current 702.90c (infect): -1/-1 counters instead.
                let counters_rule = if has(&Keyword::Infect) {
                    Some("702.90c")
                } else if has(&Keyword::Wither) {
                    Some("502.80")
                } else {
                    None
                };
                if let Some(counters_rule) = counters_rule {
                    let _ = self.game.update_status(id, |s| {
                        let c = s
                            .counters
                            .entry(crate::model::Counter::MinusOne)
                            .or_default();
                        *c = c.saturating_add(left);
                    });
                    self.log(
                        counters_rule,
                        EventKind::Damage {
                            source: src.clone(),
                            to: to_name,
                            amount: left,
                        },
                    );
                } else {
                    let _ = self.game.update_status(id, |s| s.damage += left);
                    self.log(
                        rule,
                        EventKind::Damage {
                            source: src.clone(),
                            to: to_name,
                            amount: left,
                        },
                    );
                }
                self.dealt_damage(id, left);
                // "Whenever ~ deals damage to a creature" (410.2): "that creature" is this one;
                // a source that left play triggers nothing (402.8).
                if self.abilities_function(source)
                    && let Some(hit) = self.game.object(id).filter(|o| o.is_creature()).cloned()
                {
                    self.queue(Pending::written_with(
                        source,
                        |t| t.fires_on(&crate::ability::Trigger::DealsDamageToACreature),
                        |e| super::bound(e, id),
                    ));
                    // "Whenever ~ deals [combat] damage to a Dinosaur": the creature as it is
                    // now, read with the source's controller as "you".
                    let ctx = self.filter_context(source.id, source.controller);
                    let combat = rule == "310.4";
                    let fits = |t: &crate::ability::Trigger| {
                        t.any(|e| {
                            matches!(e, crate::ability::Trigger::DealsDamageToCreatureThat { combat: only_combat, filter }
                                if (combat || !*only_combat) && filter.matches(&self.game, &hit, &ctx))
                        })
                    };
                    let found = Pending::written_with(source, fits, |e| super::bound(e, id));
                    self.queue(found);
                    // The same events in another permanent's trigger about the source ("Whenever
                    // a creature you control deals damage to a creature"), the description read
                    // with that permanent's controller as "you"; "that creature" is the one
                    // dealt damage.
                    let fires = |t: &crate::ability::Trigger, ctx: &crate::filter::Context| match t
                    {
                        crate::ability::Trigger::DealsDamageToACreature => true,
                        crate::ability::Trigger::DealsDamageToCreatureThat {
                            combat: only_combat,
                            filter,
                        } => (combat || !*only_combat) && filter.matches(&self.game, &hit, ctx),
                        _ => false,
                    };
                    let mut found =
                        Pending::creature_event_with(&self.game, source.id, fires, |_| true, id);
                    found.extend(Pending::attached_with(&self.game, source.id, fires, id));
                    self.queue(found);
                }
                // Current 702.2b, 704.5h: static deathtouch marks the creature for the next
                // check of state-based actions, from a source in any zone (702.2d), as it last
                // existed (702.2e).
                if static_deathtouch {
                    let _ = self.game.update_status(id, |s| s.deathtouched = true);
                }
                // 502.63b: each instance triggers separately.
                for _ in 0..self.triggering(source, &Keyword::Deathtouch) {
                    let destroy = Effect::Destroy {
                        what: Subject::TargetCreature,
                        no_regeneration: false,
                    };
                    let text = format!("deathtouch: destroy {}", self.label(id));
                    self.pending.push(Pending {
                        refers: Some(id),
                        ..Pending::new(controller, source, destroy, text)
                    });
                }
            }
            TargetRef::Player(p) => {
                self.log(
                    rule,
                    EventKind::Damage {
                        source: src.clone(),
                        to: to_name,
                        amount: left,
                    },
                );
                let _ = self.game.update_player(p, |p| p.damage_this_turn += left);
                // Current 702.90b: damage from a source with infect gives poison counters
                // instead of causing life loss.
                if source.has_keyword(&Keyword::Infect)
                    || self.game.has_keyword(source.id, &Keyword::Infect)
                {
                    let _ = self
                        .game
                        .update_player(p, |pl| pl.poison = pl.poison.saturating_add(left));
                    let (player, total) =
                        (self.name(p), self.game.player(p).map_or(0, |x| x.poison));
                    self.log(
                        "702.90b",
                        EventKind::Note {
                            text: format!(
                                "{player} gets {left} poison counter(s) ({total} in all)"
                            ),
                        },
                    );
                } else {
                    self.change_life(p, -crate::model::signed(left), "215.2");
                }
                // "Whenever ~ deals damage to a player" (410.2): "that player" is this one; a
                // source that left play triggers nothing (402.8).
                // "Whenever a creature you control deals damage to an opponent" of other
                // permanents too, "an opponent" being one of the source's controller.
                if self.abilities_function(source) {
                    let when = crate::ability::Trigger::DealsDamageToPlayer {
                        opponent: p != source.controller,
                    };
                    let mut found = self.event_triggers(source, when);
                    for f in &mut found {
                        f.effects = crate::ability::bind_triggering_player(&f.effects, p);
                    }
                    self.queue(found);
                }
                // "Whenever a Human deals damage to you" of the permanents of the player dealt
                // the damage (416.1, 310.4): "it" is the source, "that much" the damage.
                let when = crate::ability::Trigger::DealsDamageToYou {
                    combat: rule == "310.4",
                };
                let mut found = Pending::creature_event_to(&self.game, source.id, &when, p);
                for f in &mut found {
                    f.effects = crate::ability::bind_that_much(&f.effects, left);
                }
                self.queue(found);
            }
        }
        // "Whenever ~ deals damage", "... deals combat damage" (416.1, 310.4): "that much" is
        // what this recipient was dealt; nothing from a source whose abilities don't function
        // (402.8).
        if self.abilities_function(source) {
            let when = crate::ability::Trigger::DealsDamage {
                combat: rule == "310.4",
            };
            let mut found = self.event_triggers(source, when);
            for p in &mut found {
                p.effects = crate::ability::bind_that_much(&p.effects, left);
            }
            self.queue(found);
        }
        // Current 702.15b: static lifelink: its controller gains that much life as part of
        // the damage, once however many instances (702.15f), from any zone (702.15d).
        if !self.game.rules.lifelink_triggers()
            && (source.has_keyword(&Keyword::Lifelink)
                || self.game.has_keyword(source.id, &Keyword::Lifelink))
        {
            self.change_life(controller, crate::model::signed(left), "current 702.15b");
        }
        // 502.68b: each instance triggers separately.
        for _ in 0..self.triggering(source, &Keyword::Lifelink) {
            let text = format!("lifelink: gain {left} life");
            self.pending.push(Pending::new(
                controller,
                source,
                Effect::GainLife { amount: left },
                text,
            ));
        }
        left
    }

    /// 212.9g: noncombat damage a source would deal to a player, from a source an opponent of
    /// that player controls: the source's controller may have it dealt to a planeswalker the
    /// player controls instead (a redirection effect, 419.6c), choosing as the damage would be
    /// dealt. Asked through the agent (`choose = "<source>: <planeswalker>"` in a script); the
    /// default keeps the damage on the player. The redirection is applied before any other
    /// replacement or prevention effect (the chooser's order, 419.9, is not asked).
    fn redirect_to_planeswalker(
        &mut self,
        source: &Object,
        controller: PlayerId,
        to: TargetRef,
        amount: u32,
        rule: &str,
    ) -> Option<TargetRef> {
        let TargetRef::Player(player) = to else {
            return None;
        };
        // Current 306.7: the redirection rule has been removed.
        if rule == "310.4" || player == controller || !self.game.rules.planeswalker_redirection() {
            return None;
        }
        let walkers: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| o.controller == player && o.is(CardType::Planeswalker))
            .map(|o| o.id)
            .collect();
        if walkers.is_empty() {
            return None;
        }
        let mut options = vec![Choice::Player(player)];
        options.extend(walkers.iter().map(|w| Choice::Object(*w)));
        let name = self.name(player);
        let question = format!(
            "whether {}'s {amount} damage to {name} is dealt to a planeswalker {name} controls instead (212.9g)",
            source.label
        );
        let Some(Choice::Object(walker)) =
            self.ask_choice(controller, &source.label, &question, &options, "212.9g")
        else {
            return None;
        };
        let text = format!(
            "{}'s {amount} damage to {name} is redirected to {} (212.9g)",
            source.label,
            self.label(walker)
        );
        self.log("212.9g", EventKind::Note { text });
        Some(TargetRef::Object(walker))
    }

    /// How many instances of a keyword a source has: in play now, or as it last existed.
    fn instances(&self, source: &Object, k: &Keyword) -> usize {
        self.game
            .keywords(source.id)
            .iter()
            .filter(|x| *x == k)
            .count()
    }

    /// How many instances of a triggered keyword (deathtouch 502.63a, lifelink 502.68a,
    /// ingest) trigger from an event of this source: none once the source has left the zone
    /// where its abilities function (402.8: in play, or on the stack for an instant or
    /// sorcery). Damage from a source that left play is dealt as it last existed (310.4b), but
    /// it has no abilities left to trigger; only leave-play abilities look back in time
    /// (410.10d).
    /// Under the current rules deathtouch and lifelink are static (702.2a, 702.15a): they
    /// trigger no more.
    pub(super) fn triggering(&self, source: &Object, k: &Keyword) -> usize {
        let triggers = match k {
            Keyword::Deathtouch => self.game.rules.deathtouch_triggers(),
            Keyword::Lifelink => self.game.rules.lifelink_triggers(),
            _ => true,
        };
        if triggers && self.abilities_function(source) {
            self.instances(source, k)
        } else {
            0
        }
    }

    /// Changes a player's life total and logs it with `rule` (215.2 damage, 215.3 life gained
    /// or lost), which is what "whenever you gain life" watches.
    pub(super) fn change_life(&mut self, player: PlayerId, change: i32, rule: &str) {
        let _ = self.game.change_life(player, change);
        let (name, life) = (
            self.name(player),
            self.game.player(player).map_or(0, |p| p.life),
        );
        self.log(
            rule,
            EventKind::Life {
                player: name,
                change,
                life,
            },
        );
    }

    /// Current 310.11b: the Siege is exiled, then its controller may cast it transformed (its
    /// back face) without paying its mana cost: asked through `choose` (its label for yes,
    /// `nothing` for no; yes if unanswered). If it can't be cast, it stays in exile, front face
    /// up (712.8).
    fn siege_exiled(&mut self, from: &From) {
        let Some(id) = self.this(from) else {
            return;
        };
        let player = from.controller;
        let label = self.label(id);
        let Ok(exiled) =
            self.game
                .move_object(id, Zone::RemovedFromGame, crate::model::Position::Top)
        else {
            return;
        };
        self.log(
            "current 310.11b",
            EventKind::Note {
                text: format!("{label} is exiled"),
            },
        );
        let has_back = self
            .game
            .object(exiled)
            .is_some_and(|o| o.card.back.is_some());
        if !has_back {
            return;
        }
        let question = format!("310.11b: cast {label} transformed without paying its mana cost?");
        let options = [Choice::Object(exiled), Choice::Nothing];
        if self.ask_choice(player, &label, &question, &options, "current 310.11b")
            != Some(Choice::Object(exiled))
        {
            return;
        }
        let _ = self.game.transform(exiled);
        let how = super::play::EffectCast {
            cost: None,
            option: crate::model::CastOption::Transformed,
            rule: "current 310.11b",
        };
        if !self.cast_by_effect(player, exiled, how) {
            let _ = self.game.untransform(exiled);
        }
    }

    /// Current 310.11b: a Siege whose last defense counter was just removed triggers its
    /// intrinsic ability.
    fn siege_defeated(&mut self, id: ObjectId, counter: crate::model::Counter, removed: u32) {
        let Some(battle) = self.game.permanent(id).cloned() else {
            return;
        };
        let last = counter == crate::model::Counter::Defense
            && removed > 0
            && battle.status.as_ref().is_some_and(|s| {
                s.counters
                    .get(&crate::model::Counter::Defense)
                    .is_none_or(|n| *n == 0)
            });
        if last && battle.type_line().has_subtype("Siege") {
            let text = "when the last defense counter is removed from this permanent, exile it, then you may cast it transformed without paying its mana cost (310.11b)".to_string();
            let p = Pending::new(battle.controller, &battle, Effect::SiegeDefeated, text);
            self.queue(vec![p]);
        }
    }

    /// Whether the source still exists where its abilities function (402.8).
    pub(super) fn abilities_function(&self, source: &Object) -> bool {
        self.game
            .object(source.id)
            .is_some_and(|o| matches!(o.zone, Zone::InPlay | Zone::Stack))
    }

    /// The permanents a player controls, each once per instance of a triggered keyword it has
    /// (exalted, prowess: each instance triggers separately).
    pub(super) fn each_instance(&self, player: PlayerId, k: &Keyword) -> Vec<Object> {
        let mut out = Vec::new();
        for o in self.game.in_play().filter(|o| o.controller == player) {
            for _ in 0..self.instances(o, k) {
                out.push(o.clone());
            }
        }
        out
    }

    /// Current 702.89a: if the permanent would be destroyed and an Aura with umbra armor (totem
    /// armor) enchants it, instead all damage is removed from it and that Aura is destroyed.
    /// An indestructible permanent wouldn't be destroyed, so nothing is replaced. With a
    /// regeneration shield or several such Auras, its controller chooses which replacement
    /// applies (419.9); answering nothing picks the regeneration shield. Returns whether an
    /// umbra armor applied.
    fn umbra_armor(&mut self, obj: &Object, can_regenerate: bool) -> bool {
        if self.game.has_keyword(obj.id, &Keyword::Indestructible) {
            return false;
        }
        let auras: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|a| {
                a.attached_to() == Some(obj.id)
                    && a.type_line().has_subtype("Aura")
                    && self.game.has_keyword(a.id, &Keyword::UmbraArmor)
            })
            .map(|a| a.id)
            .collect();
        let Some(&first) = auras.first() else {
            return false;
        };
        let regenerates = can_regenerate
            && self.game.shields.iter().any(|s| {
                s.protects == TargetRef::Object(obj.id) && s.kind == ShieldKind::Regenerate
            });
        let aura = if auras.len() > 1 || regenerates {
            let mut options: Vec<Choice> = auras.iter().map(|a| Choice::Object(*a)).collect();
            if regenerates {
                options.push(Choice::Nothing);
            }
            let question = format!(
                "{} would be destroyed: which umbra armor applies (or nothing, its regeneration shield)",
                obj.label
            );
            match self.ask_choice(obj.controller, &obj.label, &question, &options, "419.9") {
                Some(Choice::Object(a)) => a,
                _ => return false,
            }
        } else {
            first
        };
        let _ = self.game.update_status(obj.id, |s| s.damage = 0);
        let text = format!(
            "{} isn't destroyed: all damage is removed from it and {} is destroyed instead (umbra armor)",
            obj.label,
            self.label(aura)
        );
        self.log("702.89a", EventKind::Note { text });
        self.destroy(aura, true, "702.89a");
        true
    }

    /// Destroys a permanent (501.4), unless umbra armor (current 702.89a) or a regeneration
    /// shield replaces it (419.6b, 501.5): then it is tapped, its damage removed, and it is
    /// removed from combat.
    pub(super) fn destroy(&mut self, id: ObjectId, can_regenerate: bool, rule: &str) {
        let Some(obj) = self.game.permanent(id).cloned() else {
            return;
        };
        // "can't be regenerated this turn" (419.6b).
        let can_regenerate = can_regenerate
            && !self.game.shields.iter().any(|s| {
                s.protects == TargetRef::Object(id) && s.kind == ShieldKind::NoRegeneration
            });
        if self.umbra_armor(&obj, can_regenerate) {
            return;
        }
        if can_regenerate {
            if let Some(i) = self.game.shields.iter().position(|s| {
                s.protects == TargetRef::Object(id) && s.kind == ShieldKind::Regenerate
            }) {
                self.game.shields.remove(i);
                let _ = self.game.update_status(id, |s| {
                    s.tapped = true;
                    s.damage = 0;
                });
                if let Some(mut c) = self.game.combat.clone() {
                    c.remove(id);
                    self.game.set_combat(Some(c));
                }
                self.log("419.6b", EventKind::Regenerated { label: obj.label });
                return;
            }
        }
        // Glossary "Indestructible" (current 702.12b): rules and effects can't destroy it.
        if self.game.has_keyword(id, &Keyword::Indestructible) {
            self.log(
                "702.12b",
                EventKind::Note {
                    text: format!("{} is indestructible and isn't destroyed", obj.label),
                },
            );
            return;
        }
        self.log(rule, EventKind::Destroyed { label: obj.label });
        let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
    }
}

/// What a continuous effect on one creature does, for its `EffectBegins` event, and the rule
/// that makes it: a power/toughness change (418.5a), a keyword gained or lost (402.9), an
/// attack and block restriction (500.1). `None` for effects that aren't one of these.
/// Combat rules an effect gives as it begins, "~" in them fixed to its source ("can't block
/// ~" keeps meaning that permanent), with their text for the log.
fn rules_begin(
    rules: &[crate::ability::CombatRule],
    duration: Duration,
    from: &From,
) -> (Vec<crate::ability::CombatRule>, String) {
    let text = format!("{} {duration}", crate::view::rules_text(rules))
        .replace("this object", &from.object.label);
    let fixed = rules
        .iter()
        .map(|r| r.fix_this(from.object.id).fix_you(from.controller))
        .collect();
    (fixed, text)
}

fn effect_begins(effect: &Effect) -> Option<(String, &'static str)> {
    let begins = match effect {
        Effect::Pump {
            power,
            toughness,
            duration,
            ..
        } => {
            let until = if *duration == Duration::UntilEndOfCombat {
                "combat"
            } else {
                "turn"
            };
            let text = format!(
                "gets {} until end of {until}",
                crate::view::pt_change(*power, *toughness)
            );
            (text, "418.5a")
        }
        Effect::GainKeyword { keyword, .. } => {
            (format!("gains {keyword} until end of turn"), "402.9")
        }
        Effect::LoseKeyword { keyword, .. } => {
            (format!("loses {keyword} until end of turn"), "402.9")
        }
        Effect::LoseAllAbilities { duration, .. } => {
            (format!("loses all abilities {duration}"), "402.9")
        }
        Effect::Animate { .. } | Effect::BecomeOnly { .. } => {
            (effect.becomes_text().unwrap_or_default(), "418.5a")
        }
        Effect::SwitchPt { duration, .. } => (
            format!("has its power and toughness switched {duration}"),
            "418.5a",
        ),
        Effect::AddTypes { .. } => (effect.becomes_text().unwrap_or_default(), "702.122a"),
        Effect::CantActivate { duration, .. } => (
            format!("its activated abilities can't be played {duration}"),
            "103.2",
        ),
        Effect::GainAbilities {
            abilities,
            duration,
            ..
        } => (
            format!("gains {} {duration}", crate::view::granted_text(abilities)),
            "402.9",
        ),
        _ => return None,
    };
    Some(begins)
}
