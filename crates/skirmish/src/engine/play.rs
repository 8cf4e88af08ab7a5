//! Playing spells and activated abilities (409), mana abilities (406, 411) and paying costs.
//! Every check happens before anything changes, so a refused action leaves the game as it was
//! (422).

use super::{Engine, Refusal, refuse};
use crate::ability::{Ability, Effect, Keyword, TargetKind, targets_of};
use crate::events::EventKind;
use crate::mana::{Color, ManaCost, ManaSymbol};
use crate::model::{Object, ObjectId, PlayerId, Position, StackKind, Step, TargetRef, Zone};
use crate::typeline::CardType;

/// How a cost will be paid: mana from the pool, and sources to tap for more (411).
#[derive(Debug, Default)]
struct Payment {
    from_pool: [u32; 5],
    taps: Vec<(ObjectId, Color)>,
}

fn color_index(c: Color) -> usize {
    Color::ALL
        .iter()
        .position(|x| *x == c)
        .expect("five colors")
}

impl Engine<'_> {
    /// Untapped permanents whose `{T}` mana ability the player may play now (212.3f: a creature
    /// needs to have been controlled since the turn began, or haste), lands first so creatures
    /// stay free to fight. `source` is the permanent whose ability is being paid for, and
    /// whether its cost taps it (then it can't also tap for mana); otherwise it comes last:
    /// tapping Treetop Village for mana to animate it would leave it unable to attack.
    fn mana_sources(
        &self,
        player: PlayerId,
        source: Option<(ObjectId, bool)>,
    ) -> Vec<(ObjectId, Color)> {
        let paying_for = source.map(|(id, _)| id);
        let exclude = source.filter(|(_, taps)| *taps).map(|(id, _)| id);
        let mut out: Vec<(bool, bool, ObjectId, Color)> = Vec::new();
        for o in self.game.in_play() {
            if o.controller != player || o.tapped() || Some(o.id) == exclude {
                continue;
            }
            let creature = o.is(CardType::Creature);
            if creature
                && o.status.as_ref().is_some_and(|s| s.summoning_sick)
                && !self.game.has_keyword(o.id, &Keyword::Haste)
            {
                continue;
            }
            for a in o.abilities() {
                if let Ability::Activated { cost, effects } = a
                    && let [Effect::AddMana { color }] = effects.as_slice()
                    && cost.tap
                    && cost.mana.0.is_empty()
                {
                    out.push((Some(o.id) == paying_for, creature, o.id, *color));
                    break;
                }
            }
        }
        out.sort_by_key(|(own, creature, id, _)| (*own, *creature, *id));
        out.into_iter().map(|(_, _, id, c)| (id, c)).collect()
    }

    /// Plans paying a mana cost from the pool and untapped sources, or says why it can't be
    /// paid (409.1h: partial payments are not allowed).
    fn plan(
        &self,
        player: PlayerId,
        cost: &ManaCost,
        source: Option<(ObjectId, bool)>,
    ) -> Result<Payment, Refusal> {
        let mut pool = self.game.player(player).map_or([0; 5], |p| p.mana_pool);
        let mut sources = self.mana_sources(player, source);
        let mut pay = Payment::default();
        let mut take = |wanted: &[Color], pool: &mut [u32; 5], pay: &mut Payment| -> bool {
            for c in wanted {
                let i = color_index(*c);
                if pool[i] > 0 {
                    pool[i] -= 1;
                    pay.from_pool[i] += 1;
                    return true;
                }
            }
            if let Some(k) = sources.iter().position(|(_, c)| wanted.contains(c)) {
                pay.taps.push(sources.remove(k));
                return true;
            }
            false
        };
        let mut generic = 0;
        for s in &cost.0 {
            let ok = match s {
                ManaSymbol::Colored(c) => take(&[*c], &mut pool, &mut pay),
                ManaSymbol::Hybrid(a, b) => take(&[*a, *b], &mut pool, &mut pay),
                ManaSymbol::Generic(n) => {
                    generic += n;
                    true
                }
                ManaSymbol::X => true,
            };
            if !ok {
                return refuse(
                    "409.1h",
                    format!("{cost} can't be paid: there isn't enough mana of the right color"),
                );
            }
        }
        for _ in 0..generic {
            if !take(&Color::ALL, &mut pool, &mut pay) {
                return refuse(
                    "409.1h",
                    format!("{cost} can't be paid: there isn't enough mana"),
                );
            }
        }
        Ok(pay)
    }

    /// Carries out a payment: mana abilities add mana (406.1, 411), then the cost is paid.
    fn pay(&mut self, player: PlayerId, pay: Payment, for_what: &str) {
        let who = self.name(player);
        let mut paid = pay.from_pool;
        for (id, color) in &pay.taps {
            let _ = self.game.update_status(*id, |s| s.tapped = true);
            let source = self.label(*id);
            self.log(
                "411.1",
                EventKind::ManaAdded {
                    player: who.clone(),
                    source,
                    mana: format!("{{{}}}", color.symbol()),
                },
            );
            paid[color_index(*color)] += 1;
        }
        let _ = self.game.update_player(player, |p| {
            for (i, n) in pay.from_pool.iter().enumerate() {
                p.mana_pool[i] -= n;
            }
        });
        let mana: String = Color::ALL
            .iter()
            .enumerate()
            .flat_map(|(i, c)| std::iter::repeat_n(format!("{{{}}}", c.symbol()), paid[i] as usize))
            .collect();
        if !mana.is_empty() {
            self.log(
                "409.1h",
                EventKind::ManaPaid {
                    player: who,
                    mana,
                    for_what: for_what.to_string(),
                },
            );
        }
    }

    /// Pays generic mana (attack costs, 308.2f): plans and pays, or refuses.
    pub(super) fn pay_generic(
        &mut self,
        player: PlayerId,
        amount: u32,
        for_what: &str,
    ) -> Result<(), Refusal> {
        if amount == 0 {
            return Ok(());
        }
        let plan = self
            .plan(player, &ManaCost(vec![ManaSymbol::Generic(amount)]), None)
            .map_err(|r| Refusal {
                rule: "308.2f",
                why: r.why,
            })?;
        self.pay(player, plan, for_what);
        Ok(())
    }

    /// Whether `t` is a legal target of kind `kind` for this source (409.1c, 502.7b:
    /// protection stops targeting by sources with its quality).
    pub(super) fn legal_target(
        &self,
        kind: &TargetKind,
        t: TargetRef,
        source: &Object,
        controller: PlayerId,
    ) -> bool {
        // 502.36 (shroud), current 702.11 (hexproof: only its controller's opponents can't).
        let permanent_ok = |id: ObjectId| {
            self.game.object(id).is_some_and(|o| {
                o.zone == Zone::InPlay
                    && !self.game.protected_from(id, source)
                    && !self.game.has_keyword(id, &Keyword::Shroud)
                    && (o.controller == controller
                        || !self.game.has_keyword(id, &Keyword::Hexproof))
            })
        };
        let creature_ok = |id: ObjectId| {
            permanent_ok(id)
                && self
                    .game
                    .object(id)
                    .is_some_and(|o| o.is(CardType::Creature))
        };
        match (kind, t) {
            (TargetKind::Permanent(filter), TargetRef::Object(id)) => {
                let ctx = self.filter_context(source.id, controller);
                permanent_ok(id)
                    && self
                        .game
                        .object(id)
                        .is_some_and(|o| filter.matches(&self.game, o, &ctx))
            }
            (TargetKind::Creature | TargetKind::CreatureOrPlayer, TargetRef::Object(id)) => {
                creature_ok(id)
            }
            (TargetKind::CreatureOrPlayer, TargetRef::Player(p)) => {
                self.game.player(p).is_some_and(|p| !p.lost)
            }
            (TargetKind::Spell, TargetRef::Object(id)) => self
                .game
                .stack_item(id)
                .is_some_and(|i| i.kind == StackKind::Spell),
            (TargetKind::AttackingCreature, TargetRef::Object(id)) => {
                creature_ok(id) && self.game.attack_target(id).is_some()
            }
            (TargetKind::CreatureYouControl, TargetRef::Object(id)) => {
                creature_ok(id)
                    && self
                        .game
                        .object(id)
                        .is_some_and(|o| o.controller == controller)
            }
            (TargetKind::AttackingCreatureYouControl, TargetRef::Object(id)) => {
                self.legal_target(&TargetKind::AttackingCreature, t, source, controller)
                    && self
                        .game
                        .object(id)
                        .is_some_and(|o| o.controller == controller)
            }
            _ => false,
        }
    }

    fn check_targets(
        &self,
        kinds: &[TargetKind],
        targets: &[TargetRef],
        source: &Object,
        controller: PlayerId,
    ) -> Result<(), Refusal> {
        if kinds.len() != targets.len() {
            let wanted: Vec<String> = kinds.iter().map(|k| format!("{k:?}")).collect();
            return refuse(
                "409.1c",
                format!(
                    "it needs {} target(s) ({}), but {} were chosen",
                    kinds.len(),
                    wanted.join(", ").to_lowercase(),
                    targets.len()
                ),
            );
        }
        for (k, t) in kinds.iter().zip(targets) {
            if !self.legal_target(k, *t, source, controller) {
                let name = self.target_name(*t);
                return refuse(
                    "409.1c",
                    format!(
                        "{name} is not a legal target (it must be {})",
                        match k {
                            TargetKind::Permanent(f) => targetable(&f.singular()),
                            TargetKind::Creature => targetable("creature"),
                            TargetKind::CreatureOrPlayer =>
                                "a creature in play or a player".to_string(),
                            TargetKind::Spell => "a spell on the stack".to_string(),
                            TargetKind::AttackingCreatureYouControl =>
                                "an attacking creature its controller controls".to_string(),
                            TargetKind::AttackingCreature => "an attacking creature".to_string(),
                            TargetKind::CreatureYouControl =>
                                "a creature its controller controls".to_string(),
                        }
                    ),
                );
            }
        }
        Ok(())
    }

    /// 409.1: plays a spell from hand.
    pub(super) fn cast(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        targets: Vec<TargetRef>,
    ) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "409.1a",
                format!("{} is not in the player's hand", obj.label),
            );
        }
        if obj.is(CardType::Land) {
            return refuse(
                "212.6a",
                format!(
                    "{} is a land: lands are played as a special action, not as spells",
                    obj.label
                ),
            );
        }
        // 408.1d: instants any time the player has priority; other spells in his or her own
        // main phase with the stack empty.
        // 502.57: flash lets a spell be played whenever an instant could be.
        if !obj.is(CardType::Instant) && !obj.has_keyword(&Keyword::Flash) {
            let main = matches!(
                self.game.turn.step,
                Step::PrecombatMain | Step::PostcombatMain
            );
            if self.game.turn.active != player || !main || !self.game.stack_ids().is_empty() {
                return refuse(
                    "408.1d",
                    format!(
                        "{} isn't an instant: it can be played only in its controller's main phase while the stack is empty",
                        obj.label
                    ),
                );
            }
        }
        let Some(cost) = obj.card.mana_cost.clone() else {
            return refuse(
                "401.1b",
                format!(
                    "{} has no mana cost, and a nonexistent mana cost can't be paid",
                    obj.label
                ),
            );
        };
        let mut kinds = targets_of(obj.abilities().iter().filter_map(|a| match a {
            Ability::Spell { effect } => Some(effect),
            _ => None,
        }));
        // 212.4e, 502.45a: an Aura spell targets what its enchant abilities allow.
        if let Some(what) = obj.enchant_filter() {
            kinds = vec![TargetKind::Permanent(what)];
        }
        self.check_targets(&kinds, &targets, &obj, player)?;
        let plan = self.plan(player, &cost, None)?;
        self.pay(player, plan, &obj.label);
        let id = self
            .game
            .push_spell(card, player, targets.clone())
            .map_err(|e| Refusal {
                rule: "409.1a",
                why: e.to_string(),
            })?;
        let who = self.name(player);
        let names = targets.iter().map(|t| self.target_name(*t)).collect();
        let label = self.label(id);
        self.log(
            "409.1",
            EventKind::Cast {
                player: who,
                card: label.clone(),
                targets: names,
            },
        );
        if self
            .game
            .object(id)
            .is_some_and(|o| o.is(CardType::Creature))
        {
            self.end_creature_spell_effects(&label);
        } else {
            self.prowess_triggers(player);
        }
        Ok(())
    }

    /// "When ~ comes into play" (410.10a): its abilities that trigger on coming into play wait
    /// to be put on the stack, each with its legal targets.
    pub(super) fn comes_into_play(&mut self, id: ObjectId) {
        self.comes_into_play_with_counters(id);
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        for p in super::Pending::written(&o, crate::ability::Trigger::ComesIntoPlay) {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
        self.evolve_triggers(&o);
        self.graft_triggers(&o);
    }

    /// 502.54a-b: each instance of graft of the other permanents in play triggers as a creature
    /// comes into play, if its permanent has a +1/+1 counter (an intervening "if", 410.8).
    fn graft_triggers(&mut self, entered: &Object) {
        if !entered.is(CardType::Creature) {
            return;
        }
        let mut found = Vec::new();
        for o in self
            .game
            .in_play()
            .filter(|o| o.id != entered.id && o.counter_count("+1/+1") > 0)
        {
            for k in self.game.keywords(o.id) {
                if let Keyword::Graft(_) = k {
                    let text = format!(
                        "graft (502.54a): you may move a +1/+1 counter from this onto {}",
                        entered.label
                    );
                    found.push(super::Pending {
                        refers: Some(entered.id),
                        ..super::Pending::new(o.controller, o, crate::ability::Effect::Graft, text)
                    });
                }
            }
        }
        self.pending.extend(found);
    }

    /// Current 702.100a, d: each instance of evolve of the other creatures its controller
    /// controls triggers if the creature that came into play has greater power or toughness
    /// (702.100c: only a creature can).
    fn evolve_triggers(&mut self, entered: &Object) {
        if !entered.is(CardType::Creature) {
            return;
        }
        let (p, t) = (
            self.game.power(entered.id).unwrap_or(0),
            self.game.toughness(entered.id).unwrap_or(0),
        );
        let mut found = Vec::new();
        for o in self.game.in_play().filter(|o| {
            o.controller == entered.controller && o.id != entered.id && o.is(CardType::Creature)
        }) {
            let bigger = p > self.game.power(o.id).unwrap_or(0)
                || t > self.game.toughness(o.id).unwrap_or(0);
            for k in self.game.keywords(o.id) {
                if k == Keyword::Evolve && bigger {
                    let text = format!(
                        "evolve (702.100a): {} is greater, put a +1/+1 counter on this creature",
                        entered.label
                    );
                    found.push(super::Pending {
                        refers: Some(entered.id),
                        ..super::Pending::new(o.controller, o, crate::ability::Effect::Evolve, text)
                    });
                }
            }
        }
        self.pending.extend(found);
    }

    /// "Comes into play with N counters": fading (502.20a), vanishing (502.60a), bloodthirst
    /// (502.50a, if an opponent of its controller was dealt damage this turn; each instance
    /// separately, 502.50c). Static abilities that apply as the permanent comes into play, so
    /// its comes-into-play triggers already see the counters.
    fn comes_into_play_with_counters(&mut self, id: ObjectId) {
        use crate::model::Counter;
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        // Current 702.98a: "you may have this permanent enter with an additional +1/+1
        // counter on it".
        for _ in o.abilities().iter().filter(|a| {
            matches!(
                a,
                Ability::Keyword {
                    keyword: Keyword::Unleash
                }
            )
        }) {
            let question = format!(
                "unleash (702.98a): have {} come into play with a +1/+1 counter on it?",
                o.label
            );
            let options = [
                super::agent::Choice::Object(id),
                super::agent::Choice::Nothing,
            ];
            if self.ask_choice(o.controller, &o.label, &question, &options, "702.98a")
                == Some(super::agent::Choice::Object(id))
            {
                let _ = self.game.update_status(id, |s| {
                    *s.counters.entry(Counter::PlusOne).or_default() += 1;
                });
                self.log(
                    "702.98a",
                    EventKind::Note {
                        text: format!("{} comes into play with a +1/+1 counter (unleash)", o.label),
                    },
                );
            }
        }
        let bloodthirsty = self
            .game
            .players
            .iter()
            .any(|p| p.id != o.controller && p.damage_this_turn > 0);
        for a in o.abilities() {
            let (counter, n, rule) = match a {
                Ability::Keyword {
                    keyword: Keyword::Fading(n),
                } => (Counter::Other("fade".into()), *n, "502.20a"),
                Ability::Keyword {
                    keyword: Keyword::Modular(n),
                } => (Counter::PlusOne, *n, "502.35a"),
                Ability::Keyword {
                    keyword: Keyword::Graft(n),
                } => (Counter::PlusOne, *n, "502.54a"),
                Ability::Keyword {
                    keyword: Keyword::Vanishing(Some(n)),
                } => (Counter::Other("time".into()), *n, "502.60a"),
                Ability::Keyword {
                    keyword: Keyword::Bloodthirst(n),
                } if bloodthirsty => (Counter::PlusOne, *n, "502.50a"),
                _ => continue,
            };
            let _ = self.game.update_status(id, |s| {
                *s.counters.entry(counter.clone()).or_default() += n;
            });
            self.log(
                rule,
                EventKind::Note {
                    text: format!("{} comes into play with {n} {counter} counter(s)", o.label),
                },
            );
        }
    }

    /// A triggered ability with the legal targets for its instructions (410.4): creatures and
    /// players in the game its source may target now. One kind of target per ability: the
    /// grammar's instructions name one target.
    pub(super) fn with_candidates(&self, mut p: super::Pending) -> super::Pending {
        let Some(kind) = crate::ability::targets_of(&p.effects).into_iter().next() else {
            return p;
        };
        let Some(source) = self.game.object_or_last_known(p.source).cloned() else {
            return p;
        };
        let objects = self.game.in_play().map(|o| TargetRef::Object(o.id));
        let players = self.game.players.iter().map(|pl| TargetRef::Player(pl.id));
        p.candidates = objects
            .chain(players)
            .filter(|t| self.legal_target(&kind, *t, &source, p.controller))
            .collect();
        p
    }

    /// Current 702.108a: "whenever you cast a noncreature spell, this creature gets +1/+1 until
    /// end of turn", each instance of prowess of the caster's permanents separately (702.108b).
    fn prowess_triggers(&mut self, caster: PlayerId) {
        for o in self.each_instance(caster, &Keyword::Prowess) {
            let pump = Effect::Pump {
                what: crate::ability::Subject::This,
                power: 1,
                toughness: 1,
                duration: crate::ability::Duration::UntilEndOfTurn,
            };
            self.pending.push(super::Pending::new(
                caster,
                &o,
                pump,
                "prowess: it gets +1/+1 until end of turn".into(),
            ));
        }
    }

    /// 418.3a: effects that last "until a player plays a creature spell" end as one is played.
    fn end_creature_spell_effects(&mut self, spell: &str) {
        // Effects apply only to permanents in play (217.1c), so each still has its object.
        for e in self.game.end_creature_spell_effects() {
            let affected = self.label(e.affected);
            self.log(
                "418.3a",
                EventKind::Note {
                    text: format!(
                        "{}'s effect on {affected} ends: {spell} is a creature spell",
                        e.source
                    ),
                },
            );
        }
    }

    /// 409.1, 411: plays an activated ability of a permanent the player controls.
    pub(super) fn activate(
        &mut self,
        player: PlayerId,
        source: ObjectId,
        index: usize,
        targets: Vec<TargetRef>,
    ) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(source).cloned() else {
            return refuse("409.1a", "there is no such permanent");
        };
        if obj.zone != Zone::InPlay || obj.controller != player {
            return refuse(
                "409.1a",
                format!("{} is not a permanent the player controls", obj.label),
            );
        }
        let activated: Vec<(&crate::ability::Cost, &Vec<Effect>, &Ability)> = obj
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Activated { cost, effects } => Some((cost, effects, a)),
                _ => None,
            })
            .collect();
        let Some((cost, effects, ability)) = activated.get(index).copied() else {
            return refuse(
                "409.1a",
                format!(
                    "{} has {} activated abilit{}, not {}",
                    obj.label,
                    activated.len(),
                    if activated.len() == 1 { "y" } else { "ies" },
                    index + 1
                ),
            );
        };
        let (cost, effects, text) = (
            cost.clone(),
            effects.clone(),
            crate::view::describe(ability),
        );
        // 502.33a: equip "only any time you could play a sorcery" (408.1d's timing).
        if effects.iter().any(|e| matches!(e, Effect::Attach { .. })) {
            let main = matches!(
                self.game.turn.step,
                Step::PrecombatMain | Step::PostcombatMain
            );
            if self.game.turn.active != player || !main || !self.game.stack_ids().is_empty() {
                return refuse(
                    "502.33a",
                    format!(
                        "{}'s equip ability can be played only any time its controller could play a sorcery: in his or her main phase with the stack empty",
                        obj.label
                    ),
                );
            }
        }
        if cost.tap {
            if obj.tapped() {
                return refuse(
                    "409.1h",
                    format!("{} is tapped, so it can't pay {{T}}", obj.label),
                );
            }
            let sick = obj.status.as_ref().is_some_and(|s| s.summoning_sick);
            if obj.is(CardType::Creature) && sick && !self.game.has_keyword(source, &Keyword::Haste)
            {
                return refuse(
                    "212.3f",
                    format!(
                        "{} hasn't been under its controller's control since the turn began, so its {{T}} abilities can't be played",
                        obj.label
                    ),
                );
            }
        }
        let kinds = targets_of(&effects);
        self.check_targets(&kinds, &targets, &obj, player)?;
        let plan = self.plan(player, &cost.mana, Some((source, cost.tap)))?;
        let who = self.name(player);
        let names: Vec<String> = targets.iter().map(|t| self.target_name(*t)).collect();
        self.log(
            "409.1",
            EventKind::Activated {
                player: who.clone(),
                source: obj.label.clone(),
                ability: text.clone(),
                targets: names,
            },
        );
        self.pay(player, plan, &obj.label);
        if cost.tap {
            let _ = self.game.update_status(source, |s| s.tapped = true);
        }
        if let [Effect::AddMana { color }] = effects.as_slice() {
            let color = *color;
            // 408.2e: a mana ability resolves at once, without the stack.
            let _ = self
                .game
                .update_player(player, |p| p.mana_pool[color_index(color)] += 1);
            self.log(
                "406.1",
                EventKind::ManaAdded {
                    player: who,
                    source: obj.label.clone(),
                    mana: format!("{{{}}}", color.symbol()),
                },
            );
            return Ok(());
        }
        let kind = StackKind::Ability {
            source,
            source_label: obj.label.clone(),
            effects,
            triggered: false,
            text,
            refers: None,
        };
        self.game.push_ability(player, kind, targets);
        Ok(())
    }

    /// 502.43a: plays a card's ninjutsu from hand: pay its cost, reveal it, and return an
    /// unblocked attacking creature its player controls to its owner's hand (also a cost); the
    /// ability then puts the card into play tapped and attacking what that creature attacked.
    pub(super) fn ninjutsu(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        returning: ObjectId,
    ) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "502.43a",
                format!(
                    "{} is not in the player's hand; ninjutsu works only from the hand",
                    obj.label
                ),
            );
        }
        let Some(cost) = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Ninjutsu(c),
            } => Some(c.clone()),
            _ => None,
        }) else {
            return refuse("502.43a", format!("{} has no ninjutsu", obj.label));
        };
        let returned = self.game.object(returning).cloned();
        let target = self.game.attack_target(returning);
        let unblocked = self
            .game
            .combat
            .as_ref()
            .is_some_and(|c| !c.blocked.contains(&returning));
        let Some((returned, target)) = returned
            .zip(target)
            .filter(|(r, _)| r.controller == player && unblocked)
        else {
            return refuse(
                "502.43c",
                "ninjutsu needs an unblocked attacking creature its player controls to return",
            );
        };
        let plan = self.plan(player, &cost, None)?;
        let who = self.name(player);
        self.log(
            "409.1",
            EventKind::Activated {
                player: who,
                source: obj.label.clone(),
                ability: format!("ninjutsu {cost}"),
                targets: Vec::new(),
            },
        );
        self.pay(player, plan, &obj.label);
        self.log(
            "502.43a",
            EventKind::Note {
                text: format!(
                    "{} is revealed and {} is returned to its owner's hand",
                    obj.label, returned.label
                ),
            },
        );
        let _ = self.game.move_object(returning, Zone::Hand, Position::Top);
        let kind = StackKind::Ability {
            source: card,
            source_label: obj.label.clone(),
            effects: vec![Effect::EnterAttacking { target }],
            triggered: false,
            text: format!("ninjutsu {cost}"),
            refers: None,
        };
        self.game.push_ability(player, kind, Vec::new());
        Ok(())
    }

    /// Moves a resolving spell to where it goes (413.2i).
    pub(super) fn finish_spell(
        &mut self,
        id: ObjectId,
        controller: PlayerId,
        targets: &[TargetRef],
    ) {
        let Some(obj) = self.game.object(id).cloned() else {
            return;
        };
        let permanent = obj
            .card
            .type_line
            .card_types
            .iter()
            .any(|t| t.is_permanent_type());
        if permanent {
            if let Ok(new) = self.game.move_object(id, Zone::InPlay, Position::Top) {
                let _ = self.game.set_controller(new, controller);
                self.attach_aura(new, &obj, targets);
                self.comes_into_play(new);
            }
        } else {
            let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
        }
    }
}

/// What a legal target described by `noun` is (409.1c, 502.7b, 502.36a, current 702.11b).
fn targetable(noun: &str) -> String {
    let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!(
        "{article} {noun} in play without protection from the source (502.7b), without shroud (502.36a), and without hexproof (702.11b) unless the player choosing controls it"
    )
}
