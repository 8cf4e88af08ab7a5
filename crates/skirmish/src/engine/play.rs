//! Playing spells and activated abilities (409), mana abilities (406, 411) and paying costs.
//! Every check happens before anything changes, so a refused action leaves the game as it was
//! (422).

use super::mana_plan::Short;
use super::{Engine, Refusal, refuse};
use crate::ability::{Ability, Effect, Keyword, StaticEffect, TargetKind, targets_of};
use crate::events::EventKind;
use crate::legality::build::activation_forbidden;
use crate::mana::{Color, ManaCost, ManaSymbol, ManaYield};
use crate::model::{
    CastOption, Object, ObjectId, PlayerId, Position, StackKind, Step, TargetRef, Zone,
};
use crate::typeline::CardType;

/// What a player taps or removes to help pay for a spell, besides mana: creatures for convoke
/// (502.46a), graveyard cards for delve (502.64a), artifacts for improvise (current 702.126a).
#[derive(Debug, Default)]
pub(super) struct CostHelpers {
    pub convoke: Vec<ObjectId>,
    pub delve: Vec<ObjectId>,
    pub improvise: Vec<ObjectId>,
    /// The modes chosen for a modal spell (409.1b), 0-based; `None`: the first ones it must
    /// choose.
    pub modes: Option<Vec<usize>>,
    /// The X announced for an {X} in the spell's mana cost (409.1b).
    pub x: u32,
}

/// A spell played as an effect tells it to, while another spell or ability resolves (madness
/// 502.24a, suspend 502.59a, rebound current 702.88a): from the zone the card is in, with no
/// timing permission needed (the effect gives it), for `cost` rather than its mana cost
/// (`None`: without paying its mana cost), as an alternative cost (409.1b, 502.24b, 502.59c).
#[derive(Debug, Clone)]
pub(super) struct EffectCast {
    pub cost: Option<ManaCost>,
    pub option: CastOption,
    pub rule: &'static str,
}

/// How a cost will be paid (411): sources to tap and the mana each adds, then the mana the
/// cost takes from the pool.
#[derive(Debug, Default)]
pub(super) struct Payment {
    taps: Vec<(ObjectId, Vec<Option<Color>>)>,
    spend: [u32; 5],
    spend_colorless: u32,
    /// Of the mana spent, the snow mana by kind (104.3i).
    spend_snow: [u32; 6],
    /// The mana paying each `{S}`.
    snow_symbols: Vec<Option<Color>>,
    /// Life paid for Phyrexian symbols (current 107.4f).
    life: u32,
}

/// 205.4e: a permanent with the supertype snow (the object as it is, or as it last existed).
pub(super) fn is_snow_permanent(o: &Object) -> bool {
    o.zone == crate::model::Zone::InPlay
        && o.type_line()
            .supertypes
            .contains(&crate::typeline::Supertype::Snow)
}

impl Engine<'_> {
    /// 104.3i: whether the mana this object's mana abilities make is snow mana: it is a snow
    /// permanent (205.4e). The current rules say "a snow source" (107.4h), which also takes in
    /// a snow spell that adds mana as it resolves; the engine reads such mana as 2009 does
    /// (not snow) under both editions.
    pub(super) fn makes_snow_mana(&self, id: ObjectId) -> bool {
        self.game.object(id).is_some_and(is_snow_permanent)
    }

    /// Why the card's own limit on playing its ability doesn't hold now, if it doesn't (the
    /// card's text overrides the rules' permission, 103.1).
    fn limit_broken(
        &self,
        obj: &Object,
        index: usize,
        limit: &crate::ability::ActivationLimit,
    ) -> Option<String> {
        use crate::ability::ActivationLimit as L;
        let turn = &self.game.turn;
        let mine = turn.active == obj.controller;
        match limit {
            // A permission (403.2), checked as the player is.
            L::AnyPlayer => None,
            L::TimesEachTurn { times } => {
                let n = self
                    .game
                    .activations
                    .iter()
                    .filter(|a| **a == (obj.id, index))
                    .count() as u64;
                (n >= u64::from(*times)).then(|| format!("it was played {n} time(s) this turn"))
            }
            L::YourTurn => (!mine).then(|| "it isn't its controller's turn".to_string()),
            L::BeforeAttackers => {
                (turn.step >= Step::DeclareAttackers).then(|| format!("it is the {}", turn.step))
            }
            L::Sorcery => (!mine
                || !matches!(turn.step, Step::PrecombatMain | Step::PostcombatMain)
                || !self.game.stack_ids().is_empty())
            .then(|| "it is not its controller's main phase with the stack empty".to_string()),
            L::During { steps } => {
                (!steps.contains(&turn.step)).then(|| format!("it is the {}", turn.step))
            }
            L::If { condition } => {
                let ctx = self.filter_context(obj.id, obj.controller);
                (!condition.holds(&self.game, &ctx))
                    .then(|| "the condition doesn't hold".to_string())
            }
            L::BeforeBlockers => {
                (turn.step >= Step::DeclareBlockers).then(|| format!("it is the {}", turn.step))
            }
            L::BeforeCombatDamage => {
                (turn.step >= Step::CombatDamage).then(|| format!("it is the {}", turn.step))
            }
            L::OpponentsTurn => mine.then(|| "it is its controller's turn".to_string()),
            L::BeforeCombat => {
                (turn.step >= Step::BeginningOfCombat).then(|| format!("it is the {}", turn.step))
            }
            L::AfterBlockers => {
                (turn.step < Step::DeclareBlockers).then(|| format!("it is the {}", turn.step))
            }
            L::Loyalty => {
                if !mine
                    || !matches!(turn.step, Step::PrecombatMain | Step::PostcombatMain)
                    || !self.game.stack_ids().is_empty()
                {
                    Some("a loyalty ability is played only in a main phase of its controller's turn with the stack empty".to_string())
                } else if self.game.activations.iter().any(|(id, _)| *id == obj.id) {
                    Some(format!(
                        "an activated ability of {} was already played this turn",
                        obj.label
                    ))
                } else {
                    None
                }
            }
        }
    }

    /// Untapped permanents whose `{T}` mana ability the player may play now (212.3f: a creature
    /// needs to have been controlled since the turn began, or haste), with the mana each
    /// makes, lands first so creatures stay free to fight. `source` is the permanent whose
    /// ability is being paid for, and whether its cost taps it (then it can't also tap for
    /// mana); otherwise it comes last: tapping Treetop Village for mana to animate it would
    /// leave it unable to attack. `without`: permanents already spoken for (creatures tapped
    /// for convoke). Only abilities whose one instruction adds mana are tapped this way: a
    /// mana ability that also does something else (a painland's damage) is the player's to
    /// play (411.2).
    fn mana_sources(
        &self,
        player: PlayerId,
        source: Option<(ObjectId, bool)>,
        without: &[ObjectId],
    ) -> Vec<(ObjectId, ManaYield)> {
        let paying_for = source.map(|(id, _)| id);
        let exclude = source.filter(|(_, taps)| *taps).map(|(id, _)| id);
        let mut out: Vec<(bool, bool, ObjectId, ManaYield)> = Vec::new();
        for o in self.game.in_play() {
            if o.controller != player
                || o.tapped()
                || Some(o.id) == exclude
                || without.contains(&o.id)
            {
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
                if let Ability::Activated { cost, effects, .. } = a
                    && let [e] = effects.as_slice()
                    && let Some(mana) =
                        e.mana_made(&self.game, &crate::filter::Context::of(o, None))
                    && mana.amount() > 0
                    && cost.is_just_tap()
                    && activation_forbidden(&self.game, o, cost).is_none()
                {
                    out.push((Some(o.id) == paying_for, creature, o.id, mana));
                    break;
                }
            }
        }
        out.sort_by_key(|(own, creature, id, _)| (*own, *creature, *id));
        out.into_iter().map(|(_, _, id, m)| (id, m)).collect()
    }

    /// The permanents a spell's "As an additional cost to play ~, sacrifice ..." takes
    /// (409.1f): asked of the player one by one (`choose = "<spell>: <permanent>"`), the rest
    /// the first that fit; refused with 409.1h if there aren't enough.
    fn additional_sacrifices(
        &mut self,
        player: PlayerId,
        spell: &Object,
    ) -> Result<Option<(crate::ability::Cost, super::costs::Chosen)>, Refusal> {
        use crate::ability::{Cost, CostPart};
        let parts: Vec<CostPart> = spell
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::AdditionalSacrifice { filter, count } => Some(CostPart::Sacrifice {
                    filter: filter.clone(),
                    count: *count,
                }),
                _ => None,
            })
            .collect();
        if parts.is_empty() {
            return Ok(None);
        }
        let ctx = crate::filter::Context::of(spell, None);
        let mut named: Vec<ObjectId> = Vec::new();
        for part in &parts {
            let CostPart::Sacrifice { filter, count } = part else {
                continue;
            };
            for _ in 0..*count {
                let mut fits: Vec<&Object> = self
                    .game
                    .in_play()
                    .filter(|o| o.controller == player && !named.contains(&o.id))
                    .filter(|o| filter.matches(&self.game, o, &ctx))
                    .collect();
                fits.sort_by_key(|o| super::costs::makes_mana(o));
                let options: Vec<super::agent::Choice> = fits
                    .iter()
                    .map(|o| super::agent::Choice::Object(o.id))
                    .collect();
                if options.is_empty() {
                    break;
                }
                let question = format!(
                    "which permanent to sacrifice as an additional cost to play {} ({part})?",
                    spell.label
                );
                if let Some(super::agent::Choice::Object(id)) =
                    self.ask_choice(player, &spell.label, &question, &options, "409.1f")
                {
                    named.push(id);
                }
            }
        }
        let cost = Cost {
            parts,
            ..Default::default()
        };
        let chosen = self.choose_cost(player, spell, &cost, &named)?;
        Ok(Some((cost, chosen)))
    }

    /// Plans paying a mana cost from the pool and untapped sources, or says why it can't be
    /// paid (409.1h: partial payments are not allowed).
    pub(super) fn plan(
        &self,
        player: PlayerId,
        cost: &ManaCost,
        source: Option<(ObjectId, bool)>,
    ) -> Result<Payment, Refusal> {
        self.plan_without(player, cost, source, &[])
    }

    /// [`Self::plan`] without tapping the permanents `without` for mana.
    ///
    /// Mana in the pool is used first, then sources in [`Self::mana_sources`]' order. A
    /// source making one mana (of a fixed kind, or of a color chosen from several) is tapped
    /// only if its mana is used; a source making several at once is tapped whole, and the
    /// plan taps as few of those as it can (the rest of their mana would stay in the pool and
    /// burn). Whether a payment exists is exact: symbols and mana are matched, not taken
    /// first come first served.
    pub(super) fn plan_without(
        &self,
        player: PlayerId,
        cost: &ManaCost,
        source: Option<(ObjectId, bool)>,
        without: &[ObjectId],
    ) -> Result<Payment, Refusal> {
        let pool = self.game.player(player).map_or([0; 5], |p| p.mana_pool);
        let pool_colorless = self.game.player(player).map_or(0, |p| p.colorless_mana);
        let sources = self.mana_sources(player, source, without);
        let yields: Vec<ManaYield> = sources.iter().map(|(_, m)| m.clone()).collect();
        let snow = super::mana_plan::Snow {
            pool: self.game.player(player).map_or([0; 6], |p| p.snow_mana),
            sources: sources
                .iter()
                .map(|(id, _)| self.makes_snow_mana(*id))
                .collect(),
        };
        let life = self.game.player(player).map_or(0, |p| i64::from(p.life));
        match super::mana_plan::plan_choosing(pool, pool_colorless, &yields, &snow, cost, life) {
            Ok((plan, life)) => Ok(Payment {
                taps: plan
                    .taps
                    .into_iter()
                    .map(|(k, mana)| (sources[k].0, mana))
                    .collect(),
                spend: plan.spend,
                spend_colorless: plan.spend_colorless,
                spend_snow: plan.spend_snow,
                snow_symbols: plan.snow_symbols,
                life,
            }),
            Err(Short::Mana) => refuse(
                "409.1h",
                format!("{cost} can't be paid: there isn't enough mana"),
            ),
            Err(Short::Colors) => {
                // Short of snow mana rather than of colors: with every mana snow, it pays.
                let all_snow = super::mana_plan::Snow {
                    pool: [u32::MAX; 6],
                    sources: vec![true; sources.len()],
                };
                let snow_short = cost.0.contains(&crate::mana::ManaSymbol::Snow)
                    && super::mana_plan::plan_choosing(
                        pool,
                        pool_colorless,
                        &yields,
                        &all_snow,
                        cost,
                        life,
                    )
                    .is_ok();
                if snow_short {
                    refuse(
                        "104.3i",
                        format!(
                            "{cost} can't be paid: {{S}} takes mana a snow permanent made, and there isn't enough of it"
                        ),
                    )
                } else {
                    refuse(
                        "409.1h",
                        format!("{cost} can't be paid: there isn't enough mana of the right color"),
                    )
                }
            }
        }
    }

    /// Carries out a payment: mana abilities add mana (406.1, 411), then the cost is paid.
    /// Returns the mana paid, by color (in `Color::ALL` order).
    pub(super) fn pay(&mut self, player: PlayerId, pay: Payment, for_what: &str) -> [u32; 5] {
        let who = self.name(player);
        for (id, made) in &pay.taps {
            let _ = self.game.update_status(*id, |s| s.tapped = true);
            let source = self.label(*id);
            let snow = self.makes_snow_mana(*id);
            self.put_in_pool(player, &source, made, snow, "411.1");
        }
        let _ = self.game.update_player(player, |p| {
            for (i, n) in pay.spend.iter().enumerate() {
                p.mana_pool[i] -= n;
            }
            p.colorless_mana -= pay.spend_colorless;
            for (i, n) in pay.spend_snow.iter().enumerate() {
                p.snow_mana[i] -= n;
            }
        });
        let mut mana: String = Color::ALL
            .iter()
            .enumerate()
            .flat_map(|(i, c)| {
                std::iter::repeat_n(format!("{{{}}}", c.symbol()), pay.spend[i] as usize)
            })
            .collect();
        mana.extend(std::iter::repeat_n("{C}", pay.spend_colorless as usize));
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
        if !pay.snow_symbols.is_empty() {
            let paid: Vec<String> = pay
                .snow_symbols
                .iter()
                .map(|m| crate::mana::mana_text(*m))
                .collect();
            self.log(
                "104.3i",
                EventKind::Note {
                    text: format!(
                        "{{S}} is paid with {} made by a snow permanent",
                        paid.join(" and ")
                    ),
                },
            );
        }
        // Current 107.4f: 2 life for each Phyrexian symbol paid so (a cost paid in life,
        // 215.4).
        if pay.life > 0 {
            self.change_life(
                player,
                -i32::try_from(pay.life).unwrap_or(i32::MAX),
                "215.4",
            );
        }
        pay.spend
    }

    /// Pays generic mana (costs to attack or block, 308.2f, 309.2d): plans and pays, or
    /// refuses with `rule`.
    pub(super) fn pay_generic(
        &mut self,
        player: PlayerId,
        amount: u32,
        for_what: &str,
        rule: &'static str,
    ) -> Result<(), Refusal> {
        if amount == 0 {
            return Ok(());
        }
        let plan = self
            .plan(player, &ManaCost(vec![ManaSymbol::Generic(amount)]), None)
            .map_err(|r| Refusal { rule, why: r.why })?;
        self.pay(player, plan, for_what);
        Ok(())
    }

    /// 409.1e: the player announces how the instruction of `effects` that divides something
    /// divides it among its targets (those of its kind among `targets`), asked through the
    /// agent; the parts in the order those targets were chosen. Empty if nothing is divided.
    pub(super) fn announce_division(
        &mut self,
        player: PlayerId,
        source: ObjectId,
        effects: &[crate::ability::Effect],
        kinds: &[TargetKind],
        targets: &[TargetRef],
    ) -> Result<Option<Division>, Refusal> {
        let Some((amount, among)) = crate::ability::divided(effects) else {
            return Ok(None);
        };
        let among = divided_targets(among, kinds, targets);
        let prevent = effects
            .iter()
            .any(|e| matches!(e, Effect::DividePrevention { .. }));
        let division = |parts| {
            Ok(Some(Division {
                amount,
                prevent,
                among: among.clone(),
                parts,
            }))
        };
        let answer = match self
            .agent
            .divide(&self.game, player, source, amount, &among)
        {
            Ok(a) => a,
            Err(e) => {
                let why = e.message.clone();
                self.agent_failure = Some(e);
                return refuse("409.1e", why);
            }
        };
        let Some(answer) = answer else {
            return division(crate::ability::default_division(amount, among.len()));
        };
        let mut parts = vec![0u32; among.len()];
        for (t, n) in &answer {
            let Some(i) = among.iter().position(|x| x == t) else {
                return refuse(
                    "409.1e",
                    format!(
                        "{} is not one of the targets the damage is divided among",
                        self.target_name(*t)
                    ),
                );
            };
            if parts[i] > 0 {
                return refuse(
                    "409.1e",
                    format!("{} is given a part twice", self.target_name(*t)),
                );
            }
            parts[i] = *n;
        }
        match crate::ability::division_error(amount, &parts, |i| self.target_name(among[i])) {
            Some(why) => refuse("409.1e", why),
            None => division(parts),
        }
    }

    /// Remembers the division announced for the spell or ability `id` (409.1e) and logs it.
    pub(super) fn record_division(
        &mut self,
        id: ObjectId,
        player: PlayerId,
        label: &str,
        division: Option<Division>,
    ) {
        let Some(d) = division else {
            return;
        };
        let what = if d.prevent {
            "damage to prevent"
        } else {
            "damage"
        };
        let parts: Vec<String> = d
            .among
            .iter()
            .zip(&d.parts)
            .map(|(t, n)| format!("{n} to {}", self.target_name(*t)))
            .collect();
        let text = format!(
            "{} divides {label}'s {} {what}: {}",
            self.name(player),
            d.amount,
            parts.join(", ")
        );
        self.log("409.1e", EventKind::Note { text });
        self.game.set_division(id, d.parts);
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
            (
                TargetKind::Permanent(filter) | TargetKind::Many { filter, .. },
                TargetRef::Object(id),
            ) => {
                let ctx = self.filter_context(source.id, controller);
                permanent_ok(id)
                    && self
                        .game
                        .object(id)
                        .is_some_and(|o| filter.matches(&self.game, o, &ctx))
            }
            (
                TargetKind::CardInYourGraveyard {
                    filter,
                    max_mana_value,
                    from,
                },
                TargetRef::Object(id),
            ) => {
                let ctx = self.filter_context(source.id, controller);
                self.game.object(id).is_some_and(|o| {
                    o.zone == Zone::Graveyard
                        && from.holds(&self.game, &ctx, o.owner)
                        && filter.matches(&self.game, o, &ctx)
                        && max_mana_value.is_none_or(|max| {
                            o.card.mana_cost.as_ref().map_or(0, |c| c.converted()) <= max
                        })
                })
            }
            (TargetKind::Creature | TargetKind::CreatureOrPlayer, TargetRef::Object(id)) => {
                creature_ok(id)
            }
            (
                TargetKind::CreatureOrPlayer | TargetKind::Many { players: true, .. },
                TargetRef::Player(p),
            ) => self.game.player(p).is_some_and(|p| !p.lost),
            (TargetKind::Player { opponent }, TargetRef::Player(p)) => {
                self.game.player(p).is_some_and(|p| !p.lost) && !(*opponent && p == controller)
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

    pub(super) fn check_targets(
        &self,
        kinds: &[TargetKind],
        targets: &[TargetRef],
        source: &Object,
        controller: PlayerId,
    ) -> Result<(), Refusal> {
        let Some(shares) = crate::ability::share_targets(kinds, targets.len()) else {
            let wanted: Vec<String> = kinds
                .iter()
                .map(|k| {
                    let c = k.count();
                    let what = target_kind_text(k);
                    match (*c.start(), *c.end()) {
                        (1, 1) => what,
                        (0, u32::MAX) => format!("any number of: {what}"),
                        (a, b) if a == b => format!("{a} of: {what}"),
                        (a, b) => format!("{a} to {b} of: {what}"),
                    }
                })
                .collect();
            return refuse(
                "409.1c",
                format!(
                    "it needs its targets ({}), but {} were chosen",
                    wanted.join("; "),
                    targets.len()
                ),
            );
        };
        for (k, share) in kinds.iter().zip(shares) {
            let mine = &targets[share];
            // 409.1c: one instance of the word "target" can't choose the same target twice.
            if let Some(twice) = (1..mine.len()).find(|i| mine[..*i].contains(&mine[*i])) {
                return refuse(
                    "409.1c",
                    format!(
                        "{} is chosen twice for the same word \"target\"",
                        self.target_name(mine[twice])
                    ),
                );
            }
            for t in mine {
                if !self.legal_target(k, *t, source, controller) {
                    let name = self.target_name(*t);
                    return refuse(
                        "409.1c",
                        format!(
                            "{name} is not a legal target (it must be {})",
                            target_kind_text(k)
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// 409.1c: "another target creature blocks it" can't choose the creature "it" names.
    pub(super) fn check_distinct(
        &self,
        effects: &[crate::ability::Effect],
        kinds: &[TargetKind],
        targets: &[TargetRef],
    ) -> Result<(), Refusal> {
        let Some(shares) = crate::ability::share_targets(kinds, targets.len()) else {
            return Ok(());
        };
        let chosen = |s: &crate::ability::Subject| -> Vec<TargetRef> {
            s.target()
                .and_then(|k| kinds.iter().position(|x| *x == k))
                .and_then(|i| shares.get(i).cloned())
                .map(|r| targets.get(r).unwrap_or_default().to_vec())
                .unwrap_or_default()
        };
        for e in effects {
            if let crate::ability::Effect::RequirementToward {
                what,
                toward,
                distinct: true,
                ..
            } = e
            {
                let named = chosen(toward);
                if let Some(t) = chosen(what).into_iter().find(|t| named.contains(t)) {
                    return refuse(
                        "409.1c",
                        format!(
                            "{} is chosen for both targets, but \"another target creature\" must be a different one",
                            self.target_name(t)
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// 502.58a: while a spell with split second is on the stack, no other spell or ability
    /// that isn't a mana ability can be played.
    pub(super) fn split_second(&self) -> Result<(), Refusal> {
        let locking = self.game.stack_ids().iter().find_map(|id| {
            let item = self.game.stack_item(*id)?;
            let o = self.game.object(*id)?;
            (item.kind == StackKind::Spell && self.game.has_keyword(o.id, &Keyword::SplitSecond))
                .then(|| o.label.clone())
        });
        match locking {
            Some(label) => refuse(
                "502.58a",
                format!(
                    "{label} has split second: while it is on the stack, players can't play other spells or abilities that aren't mana abilities"
                ),
            ),
            None => Ok(()),
        }
    }

    /// 103.2: "Players can't cast spells during combat", "As long as ~ is attacking, defending
    /// player can't cast spells": a static ability in force now that forbids `player` to play
    /// `card` as a spell wins over the permission to play it (409.1).
    fn cant_cast(&self, player: PlayerId, card: &Object) -> Result<(), Refusal> {
        let forbidding = self.statics_in_force(|e| matches!(e, StaticEffect::CantCast { .. }));
        for s in forbidding {
            let StaticEffect::CantCast { who, spells } = s.effect else {
                continue;
            };
            if s.ctx.player(&self.game, *who).contains(&player)
                && spells.matches(&self.game, card, &s.ctx)
            {
                let text = crate::view::describe(&s.holder.abilities()[s.index]);
                return refuse(
                    "103.2",
                    format!(
                        "{} can't be played: {} says \"{text}\"",
                        card.label, s.holder.label
                    ),
                );
            }
        }
        Ok(())
    }

    /// 409.1: plays a spell from hand, or from the graveyard with flashback (502.22a), with
    /// the optional and alternative costs announced (409.1b).
    pub(super) fn cast(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        targets: Vec<TargetRef>,
        with: Vec<CastOption>,
        helpers: CostHelpers,
    ) -> Result<(), Refusal> {
        self.cast_as(player, card, targets, with, helpers, None)
    }

    /// [`Self::cast`], or, with `effect`, a spell an effect plays (see [`EffectCast`]).
    pub(super) fn cast_as(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        targets: Vec<TargetRef>,
        mut with: Vec<CastOption>,
        helpers: CostHelpers,
        effect: Option<EffectCast>,
    ) -> Result<(), Refusal> {
        if let Some(e) = &effect {
            // The effect's own way of playing it is the spell's alternative cost.
            with.retain(|o| {
                !matches!(
                    o,
                    CastOption::Flashback | CastOption::Evoke | CastOption::Dash
                )
            });
            with.push(e.option);
        }
        let CostHelpers {
            convoke,
            delve,
            improvise,
            modes,
            x,
        } = helpers;
        self.split_second()?;
        let Some(mut obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        self.cant_cast(player, &obj)?;
        // 402.8d: "Cast this spell only during combat ..." restricts how the card is played.
        let cast_only: Vec<crate::ability::ActivationLimit> = obj
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::CastOnly { only } => Some(only.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        for limit in &cast_only {
            if let Some(why) = self.limit_broken(&obj, usize::MAX, limit) {
                return refuse(
                    "402.8d",
                    format!("{} can be played {limit}: {why}", obj.label),
                );
            }
        }
        let morph = with.contains(&CastOption::Morph);
        if morph {
            self.morph_spell(&mut obj, &with)?;
        }
        let bestow = with.contains(&CastOption::Bestow);
        let bestow_cost = if bestow {
            Some(self.bestow_spell(&mut obj, &with)?)
        } else {
            None
        };
        let keyword_cost = |option: CastOption| {
            obj.abilities().iter().find_map(|a| match (a, option) {
                (
                    Ability::Keyword {
                        keyword: Keyword::Flashback(c),
                    },
                    CastOption::Flashback,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Buyback(c),
                    },
                    CastOption::Buyback,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Kicker(c),
                    },
                    CastOption::Kicker,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Evoke(c),
                    },
                    CastOption::Evoke,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Dash(c),
                    },
                    CastOption::Dash,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Surge(c),
                    },
                    CastOption::Surge,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Emerge(c),
                    },
                    CastOption::Emerge,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Prowl(c),
                    },
                    CastOption::Prowl,
                )
                | (
                    Ability::Keyword {
                        keyword: Keyword::Awaken(_, c),
                    },
                    CastOption::Awaken,
                ) => Some(c.clone()),
                _ => None,
            })
        };
        // 502.21a: the second kicker cost of "Kicker [cost 1] and/or [cost 2]"; current
        // 702.33c: a multikicker cost, once for each time it is announced.
        let second_kicker = obj
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Keyword {
                    keyword: Keyword::Kicker(c),
                } => Some(c.clone()),
                _ => None,
            })
            .nth(1);
        let multikicker = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Multikicker(c),
            } => Some(c.clone()),
            _ => None,
        });
        let multikicks = with
            .iter()
            .filter(|o| **o == CastOption::Multikicker)
            .count();
        if with.contains(&CastOption::SecondKicker) && second_kicker.is_none() {
            return refuse(
                "502.21a",
                format!("{} has no second kicker cost to pay", obj.label),
            );
        }
        if multikicks > 0 && multikicker.is_none() {
            return refuse(
                "702.33c",
                format!(
                    "{} has no multikicker, so no multikicker cost can be paid",
                    obj.label
                ),
            );
        }
        // Far more payments than any mana could make: refused rather than built.
        if multikicks > 1000 {
            return refuse(
                "409.1h",
                format!("{multikicks} multikicker payments can't be made"),
            );
        }
        let flashback = with.contains(&CastOption::Flashback);
        let evoke = with.contains(&CastOption::Evoke);
        let dash = with.contains(&CastOption::Dash);
        let surge = with.contains(&CastOption::Surge);
        let emerge = with.contains(&CastOption::Emerge);
        let prowl = with.contains(&CastOption::Prowl);
        let awaken = with.contains(&CastOption::Awaken);
        let by_effect = effect.as_ref().map(|e| e.option);
        if let Some(o) = with
            .iter()
            .find(|o| CastOption::EFFECTS.contains(o) && Some(**o) != by_effect)
        {
            return refuse(
                "409.1b",
                format!(
                    "{} can be played with {} only as its {} ability says",
                    obj.label,
                    o.key(),
                    o.key()
                ),
            );
        }
        let alternatives: Vec<&str> = [
            CastOption::Flashback,
            CastOption::Evoke,
            CastOption::Dash,
            CastOption::Surge,
            CastOption::Emerge,
            CastOption::Prowl,
            CastOption::Awaken,
        ]
        .into_iter()
        .filter(|o| with.contains(o))
        .map(CastOption::key)
        .collect();
        if alternatives.len() > 1 {
            return refuse(
                "409.1b",
                format!(
                    "{} are all alternative costs, and a spell can't be played with two alternative costs",
                    alternatives.join(" and ")
                ),
            );
        }
        for (option, rule) in [
            (CastOption::Evoke, "502.74a"),
            (CastOption::Dash, "702.109a"),
            (CastOption::Surge, "702.117a"),
            (CastOption::Emerge, "702.119a"),
            (CastOption::Prowl, "502.76a"),
            (CastOption::Awaken, "702.113a"),
        ] {
            if with.contains(&option) && keyword_cost(option).is_none() {
                let name = option.key();
                return refuse(
                    rule,
                    format!("{} has no {name}, so no {name} cost can be paid", obj.label),
                );
            }
        }
        if effect.is_some() {
            // The effect says where it is played from.
        } else if let Some((option, keyword, rule)) = [
            (CastOption::Retrace, Keyword::Retrace, "502.81a"),
            (CastOption::JumpStart, Keyword::JumpStart, "702.133a"),
        ]
        .into_iter()
        .find(|(o, _, _)| with.contains(o))
        {
            let name = option.key();
            if !obj.has_keyword(&keyword) {
                return refuse(rule, format!("{} has no {name}", obj.label));
            }
            if flashback
                || (with.contains(&CastOption::Retrace) && with.contains(&CastOption::JumpStart))
            {
                return refuse(
                    "409.1b",
                    "a card is played from the graveyard by one permission only: flashback, retrace or jump-start",
                );
            }
            if obj.zone != Zone::Graveyard || obj.owner != player {
                return refuse(
                    rule,
                    format!(
                        "{} is {}, not in the player's graveyard; {name} plays a card only from its owner's graveyard",
                        obj.label,
                        zone_phrase(obj.zone)
                    ),
                );
            }
        } else if flashback {
            if keyword_cost(CastOption::Flashback).is_none() {
                return refuse("502.22a", format!("{} has no flashback", obj.label));
            }
            if obj.zone != Zone::Graveyard || obj.owner != player {
                return refuse(
                    "502.22a",
                    format!(
                        "{} is {}, not in the player's graveyard; flashback plays a card only from its owner's graveyard",
                        obj.label,
                        zone_phrase(obj.zone)
                    ),
                );
            }
        } else if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "409.1a",
                format!("{} is not in the player's hand", obj.label),
            );
        }
        for (option, rule) in [
            (CastOption::Buyback, "502.16a"),
            (CastOption::Kicker, "502.21a"),
        ] {
            if with.contains(&option) && keyword_cost(option).is_none() {
                let name = option.key();
                return refuse(
                    rule,
                    format!("{} has no {name}, so no {name} cost can be paid", obj.label),
                );
            }
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
        if effect.is_none() && !obj.is(CardType::Instant) && !obj.has_keyword(&Keyword::Flash) {
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
        // 502.22a: the flashback cost is paid rather than the mana cost.
        let base = if let Some(e) = &effect {
            Some(e.cost.clone().unwrap_or_default())
        } else if morph {
            // 502.26a: {3} rather than its mana cost.
            Some(ManaCost(vec![ManaSymbol::Generic(3)]))
        } else if let Some(c) = bestow_cost.clone() {
            // Current 702.103a: the bestow cost rather than its mana cost.
            Some(c)
        } else if flashback {
            keyword_cost(CastOption::Flashback)
        } else if evoke {
            // 502.74a: the evoke cost rather than the mana cost.
            keyword_cost(CastOption::Evoke)
        } else if dash {
            // Current 702.109a: the dash cost rather than the mana cost.
            keyword_cost(CastOption::Dash)
        } else if surge {
            self.surge_allowed(player, &obj.label)?;
            keyword_cost(CastOption::Surge)
        } else if emerge {
            keyword_cost(CastOption::Emerge)
        } else if prowl {
            self.prowl_allowed(player, &obj)?;
            keyword_cost(CastOption::Prowl)
        } else if awaken {
            keyword_cost(CastOption::Awaken)
        } else {
            obj.card.mana_cost.clone()
        };
        let Some(mut cost) = base else {
            return refuse(
                "401.1b",
                format!(
                    "{} has no mana cost, and a nonexistent mana cost can't be paid",
                    obj.label
                ),
            );
        };
        // 409.1b: X is announced before targets are chosen (409.1c) and the cost is paid
        // (409.1f): each {X} is that much generic mana, and the spell's X that number.
        let has_x = cost.has_x();
        if x > 0 && !has_x {
            return refuse(
                "409.1b",
                format!(
                    "{} has no {{X}} in the cost being paid, so no X is announced",
                    obj.label
                ),
            );
        }
        cost = cost.with_x(x);
        // 409.1f: additional costs join the total cost, which is paid as one (409.1h).
        let mut additional: Vec<(CastOption, ManaCost)> = [CastOption::Buyback, CastOption::Kicker]
            .into_iter()
            .filter(|o| with.contains(o))
            .filter_map(|o| keyword_cost(o).map(|c| (o, c)))
            .collect();
        if let Some(c) = second_kicker.filter(|_| with.contains(&CastOption::SecondKicker)) {
            additional.push((CastOption::SecondKicker, c));
        }
        if let Some(c) = multikicker {
            for _ in 0..multikicks {
                additional.push((CastOption::Multikicker, c.clone()));
            }
        }
        // Current 702.119b: the total cost, additional costs included, is reduced by the
        // sacrificed creature's mana value.
        let emerged = if emerge {
            let (id, value) = self.emerge_creature(player, &obj)?;
            Some((id, value))
        } else {
            None
        };
        for (_, extra) in &additional {
            cost.0.extend(extra.0.iter().cloned());
        }
        if let Some((_, value)) = emerged {
            reduce_generic(&mut cost, value);
            cost.0.retain(|s| *s != ManaSymbol::Generic(0));
        }
        let mut reductions = self.affinity(&obj, player, &mut cost);
        reductions.extend(self.undaunted(&obj, player, &mut cost));
        let convoked = self.convoke(&obj, player, &convoke, &mut cost)?;
        self.delve(&obj, player, &delve, &mut cost)?;
        // Current 702.126b: improvise applies once the total cost is determined.
        self.improvise(&obj, player, &improvise, &convoke, &mut cost)?;
        // 409.1f: permanents to sacrifice as an additional cost, chosen now; they can't also
        // tap for mana.
        let sacrifices = self.additional_sacrifices(player, &obj)?;
        let spoken_for: Vec<ObjectId> = convoke
            .iter()
            .chain(&improvise)
            .copied()
            .chain(sacrifices.iter().flat_map(|(_, chosen)| chosen.busy()))
            .collect();
        // 409.1b: the player announces the modes of a modal spell.
        let modes = match modes {
            Some(m) => Some(m),
            None => match self.agent.choose_modes(&self.game, player, card) {
                Ok(m) => m,
                Err(e) => {
                    let why = e.message.clone();
                    self.agent_failure = Some(e);
                    return refuse("409.1b", why);
                }
            },
        };
        let modes = choose_modes(obj.abilities(), modes)?;
        // 409.1d: the targets are those of the modes chosen, "X target creatures" X of them.
        let mut effects =
            crate::ability::fix_x(&crate::ability::spell_effects(obj.abilities(), &modes), x);
        // Current 702.113a: awakened, the spell has one more target, a land its caster controls.
        if awaken {
            effects.extend(super::card_abilities::awaken_effects(&obj));
        }
        let mut kinds = targets_of(effects.iter());
        // 212.4e, 502.45a: an Aura spell targets what its enchant abilities allow.
        if let Some(what) = obj.enchant_filter() {
            kinds = vec![TargetKind::Permanent(what)];
        }
        // "Enchant player": the Aura spell targets a player.
        if let Some(opponent) = obj.enchants_player() {
            kinds = vec![TargetKind::Player { opponent }];
        }
        self.check_targets(&kinds, &targets, &obj, player)?;
        self.check_distinct(&effects, &kinds, &targets)?;
        let division = self.announce_division(player, card, &effects, &kinds, &targets)?;
        let plan = self.plan_without(player, &cost, None, &spoken_for)?;
        let discarding = self.graveyard_discard(player, &obj, &with)?;
        for (rule, text) in reductions {
            self.log(rule, EventKind::Note { text });
        }
        for (id, text) in convoked {
            let _ = self.game.update_status(id, |s| s.tapped = true);
            self.log("502.46a", EventKind::Note { text });
        }
        for id in improvise {
            let _ = self.game.update_status(id, |s| s.tapped = true);
            let text = format!(
                "{} is tapped for improvise, paying {{1}} of {}'s cost",
                self.label(id),
                obj.label
            );
            self.log("702.126a", EventKind::Note { text });
        }
        for id in delve {
            let text = format!(
                "{} is removed from the game for delve, paying {{1}} of {}'s cost",
                self.label(id),
                obj.label
            );
            self.log("502.64a", EventKind::Note { text });
            let _ = self
                .game
                .move_object(id, Zone::RemovedFromGame, Position::Top);
        }
        let spent = self.pay(player, plan, &obj.label);
        let sacrificed = sacrifices
            .as_ref()
            .map(|(extra, chosen)| chosen.sacrificed(extra))
            .unwrap_or_default();
        if let Some((extra, chosen)) = sacrifices {
            self.pay_cost_parts(player, obj.id, &extra, chosen);
        }
        let who = self.name(player);
        if let Some((id, rule)) = discarding {
            let label = self.label(id);
            self.log(
                rule,
                EventKind::Discarded {
                    player: who.clone(),
                    label,
                },
            );
            self.discard_card(id);
            let text = format!(
                "{who} plays {} from the graveyard, discarding a card in addition to its other costs",
                obj.label
            );
            self.log(rule, EventKind::Note { text });
        }
        if flashback {
            let text = format!(
                "{who} plays {} from the graveyard, paying its flashback cost {} rather than its mana cost",
                obj.label,
                keyword_cost(CastOption::Flashback).unwrap_or_default()
            );
            self.log("502.22a", EventKind::Note { text });
        }
        if evoke {
            let text =
                alternative_cost_note(&who, &obj.label, "evoke", keyword_cost(CastOption::Evoke));
            self.log("502.74a", EventKind::Note { text });
        }
        if let Some(e) = &effect {
            // "Play" a spell in 2009's words, "cast" in today's.
            let verb = if self.game.rules.has(crate::edition::Change::Numbering) {
                "casts"
            } else {
                "plays"
            };
            let label = &obj.label;
            let text = match (&e.cost, e.option) {
                (None, CastOption::Transformed) => {
                    format!("{who} {verb} {label} transformed without paying its mana cost")
                }
                (Some(c), o) => format!(
                    "{who} {verb} {label} by its {} ability, paying {c} rather than its mana cost",
                    o.key()
                ),
                (None, o) => format!(
                    "{who} {verb} {label} by its {} ability without paying its mana cost",
                    o.key()
                ),
            };
            self.log(e.rule, EventKind::Note { text });
        }
        if let Some((id, value)) = emerged {
            let label = self.label(id);
            let text = format!(
                "{who} plays {}, sacrificing {label} and paying its emerge cost {} reduced by {value} rather than its mana cost",
                obj.label,
                keyword_cost(CastOption::Emerge).unwrap_or_default()
            );
            self.log("702.119a", EventKind::Note { text });
            self.sacrifice(id);
        }
        if awaken {
            let text =
                alternative_cost_note(&who, &obj.label, "awaken", keyword_cost(CastOption::Awaken));
            self.log("702.113a", EventKind::Note { text });
        }
        if prowl {
            let text =
                alternative_cost_note(&who, &obj.label, "prowl", keyword_cost(CastOption::Prowl));
            self.log("502.76a", EventKind::Note { text });
        }
        if surge {
            let text =
                alternative_cost_note(&who, &obj.label, "surge", keyword_cost(CastOption::Surge));
            self.log(
                "702.117a",
                EventKind::Note {
                    text: text + ", having played another spell this turn",
                },
            );
        }
        if dash {
            let text =
                alternative_cost_note(&who, &obj.label, "dash", keyword_cost(CastOption::Dash));
            self.log("702.109a", EventKind::Note { text });
        }
        for (option, extra) in &additional {
            let rule = match option {
                CastOption::Kicker | CastOption::SecondKicker => "502.21a",
                CastOption::Multikicker => "702.33c",
                _ => "502.16a",
            };
            let text = format!(
                "{who} pays the {} cost {extra} of {}",
                option.key(),
                obj.label
            );
            self.log(rule, EventKind::Note { text });
        }
        let mut paid = with;
        paid.sort();
        // Each multikicker payment is remembered: the times it was kicked (702.33d).
        paid.dedup_by(|a, b| a == b && *a != CastOption::Multikicker);
        let id = self
            .game
            .push_spell(card, player, targets.clone(), paid)
            .map_err(|e| Refusal {
                rule: "409.1a",
                why: e.to_string(),
            })?;
        if let Some(c) = &bestow_cost {
            // Current 702.103b: an Aura spell with enchant creature as it is put onto the stack.
            let _ = self.game.bestow(id);
            let text = format!(
                "{who} casts {} bestowed, paying {c} rather than its mana cost: it is an Aura spell with enchant creature",
                obj.label
            );
            self.log("702.103b", EventKind::Note { text });
        }
        if morph {
            // 504.2: turned face down as it is put onto the stack, so whatever looks at the
            // spell sees only the face-down characteristics.
            let _ = self.game.turn_face_down(id);
            let text = format!(
                "{who} plays {} face down as a 2/2 creature spell with no text, no name, no subtypes and no mana cost, paying {{3}} rather than its mana cost",
                obj.label
            );
            self.log("502.26b", EventKind::Note { text });
        }
        let colors: Vec<Color> = Color::ALL
            .iter()
            .zip(spent)
            .filter(|(_, n)| *n > 0)
            .map(|(c, _)| *c)
            .collect();
        self.game.set_colors_spent(id, colors);
        self.game.set_sacrificed(id, sacrificed);
        let who = self.name(player);
        if !modes.is_empty() {
            let chosen: Vec<String> = modes.iter().map(|m| (m + 1).to_string()).collect();
            let text = format!(
                "{who} chooses mode {} of {}: {}",
                chosen.join(" and "),
                obj.label,
                effects
                    .iter()
                    .map(crate::view::describe_effect)
                    .collect::<Vec<_>>()
                    .join(", then ")
            );
            self.log("409.1b", EventKind::Note { text });
            self.game.set_modes(id, modes);
        }
        if has_x {
            self.log(
                "409.1b",
                EventKind::Note {
                    text: format!("{} announces X = {x} for {}", self.name(player), obj.label),
                },
            );
            self.game.set_x(id, x);
        }
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
        self.record_division(id, player, &label, division);
        self.cast_triggers(player, id);
        self.extort_triggers(player);
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

    /// The card `player` discards as the additional cost of retrace (502.81a: a land card) or
    /// jump-start (current 702.133a: any card), asked like any discard (by default the fitting
    /// card most recently put into the hand); `None` for a spell played otherwise. Changes
    /// nothing.
    fn graveyard_discard(
        &mut self,
        player: PlayerId,
        spell: &Object,
        with: &[CastOption],
    ) -> Result<Option<(ObjectId, &'static str)>, Refusal> {
        let (rule, land) = if with.contains(&CastOption::Retrace) {
            ("502.81a", true)
        } else if with.contains(&CastOption::JumpStart) {
            ("702.133a", false)
        } else {
            return Ok(None);
        };
        let hand = self
            .game
            .player(player)
            .map(|p| p.hand.clone())
            .unwrap_or_default();
        let fits = |id: &ObjectId| {
            *id != spell.id
                && hand.contains(id)
                && (!land || self.game.object(*id).is_some_and(|o| o.is(CardType::Land)))
        };
        let what = if land { "a land card" } else { "a card" };
        let answer = match self.agent.discard(&self.game, player, 1) {
            Ok(a) => a,
            Err(e) => {
                self.agent_failure = Some(e);
                return refuse(rule, "the player can't say which card to discard");
            }
        };
        let chosen = match answer {
            None => hand.iter().rev().find(|id| fits(id)).copied(),
            Some(ids) => match ids.as_slice() {
                [one] if fits(one) => Some(*one),
                _ => {
                    return refuse(
                        rule,
                        format!(
                            "{} needs exactly one card to discard: {what} from the hand",
                            spell.label
                        ),
                    );
                }
            },
        };
        match chosen {
            Some(id) => Ok(Some((id, rule))),
            None => refuse(
                rule,
                format!(
                    "{} can be played from the graveyard only by discarding {what}, and the hand has none",
                    spell.label
                ),
            ),
        }
    }

    /// Plays `card` as an effect says ([`EffectCast`]): its player chooses each target among
    /// the legal ones (409.1c; the agent's `choose_target`, by default the first), then it is
    /// played like any spell, its cost paid in full or not at all (409.1h). Whether it was
    /// played: without a legal target, or if it can't be paid, it isn't, and the log says why.
    pub(super) fn cast_by_effect(
        &mut self,
        player: PlayerId,
        card: ObjectId,
        how: EffectCast,
    ) -> bool {
        let Some(obj) = self.game.object(card).cloned() else {
            return false;
        };
        // A modal spell played by an effect: its first modes, as many as it must choose.
        let modes = choose_modes(obj.abilities(), None).unwrap_or_default();
        let mut kinds = targets_of(crate::ability::spell_effects(obj.abilities(), &modes).iter());
        if let Some(what) = obj.enchant_filter() {
            kinds = vec![TargetKind::Permanent(what)];
        }
        // "Enchant player": the Aura spell targets a player.
        if let Some(opponent) = obj.enchants_player() {
            kinds = vec![TargetKind::Player { opponent }];
        }
        let text = format!("{} ({})", obj.label, how.option.key());
        let mut targets = Vec::new();
        for kind in &kinds {
            let candidates: Vec<TargetRef> = self
                .game
                .in_play()
                .map(|o| TargetRef::Object(o.id))
                .chain(
                    self.game
                        .stack_ids()
                        .iter()
                        .map(|id| TargetRef::Object(*id)),
                )
                .chain(self.game.players.iter().map(|p| TargetRef::Player(p.id)))
                .filter(|t| self.legal_target(kind, *t, &obj, player))
                .collect();
            if candidates.is_empty() {
                self.log(
                    "409.1c",
                    EventKind::Note {
                        text: format!("{} can't be played: it has no legal target", obj.label),
                    },
                );
                return false;
            }
            let chosen = loop {
                match self
                    .agent
                    .choose_target(&self.game, player, card, &text, &candidates)
                {
                    Err(e) => {
                        self.agent_failure = Some(e);
                        return false;
                    }
                    Ok(None) => break candidates[0],
                    Ok(Some(t)) if candidates.contains(&t) => break t,
                    Ok(Some(_)) => {
                        let why = "that is not a legal target for it (409.1c)";
                        if let Err(e) = self.reject(player, "409.1c", why) {
                            self.agent_failure = Some(e);
                            return false;
                        }
                    }
                }
            };
            targets.push(chosen);
        }
        let rule = how.rule;
        match self.cast_as(
            player,
            card,
            targets,
            Vec::new(),
            CostHelpers {
                modes: Some(modes),
                ..CostHelpers::default()
            },
            Some(how),
        ) {
            Ok(()) => true,
            Err(r) => {
                self.log(
                    rule,
                    EventKind::Note {
                        text: format!("{} can't be played: [{}] {}", obj.label, r.rule, r.why),
                    },
                );
                false
            }
        }
    }

    /// 502.26a-c: checks that a card may be played face down, and makes `obj` the face-down
    /// spell it would be (502.26b: effects and prohibitions apply to those characteristics),
    /// so timing, costs and targets are checked against it.
    fn morph_spell(&self, obj: &mut Object, with: &[CastOption]) -> Result<(), Refusal> {
        let has_morph = obj.real_card().abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Keyword {
                    keyword: Keyword::Morph(_) | Keyword::Megamorph(_)
                }
            )
        });
        if !has_morph {
            return refuse(
                "502.26c",
                format!(
                    "{} doesn't have morph, so it can't be played face down",
                    obj.label
                ),
            );
        }
        if let Some(other) = with.iter().find(|o| **o != CastOption::Morph) {
            return match other {
                CastOption::Flashback
                | CastOption::Evoke
                | CastOption::Bestow
                | CastOption::Surge
                | CastOption::Emerge
                | CastOption::Prowl
                | CastOption::Awaken => refuse(
                    "409.1b",
                    format!(
                        "morph and {} are both alternative costs, and a spell can't be played with two alternative costs",
                        other.key()
                    ),
                ),
                _ => refuse(
                    "502.26b",
                    format!(
                        "a face-down spell has no text, so it has no {} to pay",
                        other.key()
                    ),
                ),
            };
        }
        if obj.face_down.is_none() {
            let real = std::mem::replace(
                &mut obj.card,
                std::sync::Arc::new(crate::model::face_down_card()),
            );
            obj.face_down = Some(real);
        }
        obj.altered = None;
        Ok(())
    }

    /// Current 702.103a-b, d: checks that a card may be cast bestowed, and makes `obj` the
    /// Aura spell it would be, so timing and targets are checked against it; returns the bestow
    /// cost.
    fn bestow_spell(&self, obj: &mut Object, with: &[CastOption]) -> Result<ManaCost, Refusal> {
        let Some(cost) = obj.card.abilities.iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Bestow(c),
            } => Some(c.clone()),
            _ => None,
        }) else {
            return refuse(
                "702.103a",
                format!("{} has no bestow, so it can't be cast bestowed", obj.label),
            );
        };
        if let Some(other) = with.iter().find(|o| {
            matches!(
                o,
                CastOption::Flashback | CastOption::Evoke | CastOption::Morph
            )
        }) {
            return refuse(
                "409.1b",
                format!(
                    "bestow and {} are both alternative costs, and a spell can't be played with two alternative costs",
                    other.key()
                ),
            );
        }
        let aura = std::sync::Arc::new(crate::model::bestowed_card(&obj.card));
        obj.bestowed = Some(std::mem::replace(&mut obj.card, aura));
        obj.altered = None;
        Ok(cost)
    }

    /// 502.26d: turns a face-down permanent its player controls face up, any time he or she
    /// could play an instant, by paying its morph cost (megamorph's, current 702.37b, also
    /// putting a +1/+1 counter on it). A special action: it doesn't use the stack (408.2),
    /// and nothing about coming into play happens (504.5).
    pub(super) fn turn_face_up(
        &mut self,
        player: PlayerId,
        permanent: ObjectId,
    ) -> Result<(), Refusal> {
        let Some(obj) = self.game.object(permanent).cloned() else {
            return refuse("409.1a", "there is no such permanent");
        };
        let Some(real) = obj.face_down.clone().filter(|_| obj.zone == Zone::InPlay) else {
            return refuse(
                "502.26d",
                format!("{} is not a face-down permanent", obj.label),
            );
        };
        if obj.controller != player {
            return refuse(
                "502.26d",
                format!(
                    "{} is controlled by another player; only its controller may turn it face up",
                    obj.label
                ),
            );
        }
        let costs: Vec<(ManaCost, bool)> = real
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Keyword {
                    keyword: Keyword::Morph(c),
                } => Some((c.clone(), false)),
                Ability::Keyword {
                    keyword: Keyword::Megamorph(c),
                } => Some((c.clone(), true)),
                _ => None,
            })
            .collect();
        let Some((cost, mega)) = costs.into_iter().next() else {
            return refuse(
                "502.26d",
                format!(
                    "{} has no morph cost, so nothing can turn it face up",
                    obj.label
                ),
            );
        };
        let plan = self.plan(player, &cost, None)?;
        self.pay(player, plan, &obj.label);
        let _ = self.game.turn_face_up(permanent);
        let who = self.name(player);
        let text = format!(
            "{who} shows {}'s morph cost {cost}, pays it and turns it face up: it is {}; this doesn't use the stack",
            obj.label, real.name
        );
        self.log("502.26d", EventKind::Note { text });
        // 502.26d: "When ~ is turned face up" abilities trigger; those about coming into play
        // don't (504.5).
        if let Some(now) = self.game.object(permanent).cloned() {
            for p in self.event_triggers(&now, crate::ability::Trigger::TurnedFaceUp) {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
        }
        if mega {
            let _ = self.game.update_status(permanent, |s| {
                *s.counters
                    .entry(crate::model::Counter::PlusOne)
                    .or_default() += 1;
            });
            let text = format!(
                "{} is turned face up for its megamorph cost and gets a +1/+1 counter",
                obj.label
            );
            self.log("702.37b", EventKind::Note { text });
        }
        Ok(())
    }

    /// "When ~ comes into play" (410.10a): its abilities that trigger on coming into play wait
    /// to be put on the stack, each with its legal targets.
    pub(super) fn comes_into_play(&mut self, id: ObjectId) {
        self.choose_color_as_enters(id);
        self.choose_type_as_enters(id);
        self.choose_player_as_enters(id);
        self.choose_protector_as_enters(id);
        self.comes_into_play_with_counters(id);
        self.comes_into_play_with_abilities(id);
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        for p in super::Pending::written(&o, crate::ability::Trigger::ComesIntoPlay) {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
        // 410.10a: "whenever a creature comes into play under your control" of any permanent
        // in play, the new one included ("~ or another Ally").
        let holders: Vec<Object> = self.game.in_play().cloned().collect();
        for h in &holders {
            for p in super::Pending::watching(&self.game, h, &o, true) {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
        }
        self.evolve_triggers(&o);
        self.graft_triggers(&o);
        self.soulbond_triggers(&o);
        self.keyword_comes_into_play_triggers(&o);
        // 502.72a: champion's comes-into-play ability, each instance.
        for k in self.game.keywords(id) {
            if let Keyword::Champion(filter) = k {
                let text = format!(
                    "champion (502.72a): sacrifice this unless you remove another {} you control from the game",
                    filter.singular()
                );
                let p = super::Pending::new(
                    o.controller,
                    &o,
                    Effect::Champion {
                        filter: (*filter).clone(),
                    },
                    text,
                );
                self.pending.push(p);
            }
        }
    }

    /// Current 702.95a: a creature with soulbond that comes into play triggers if its
    /// controller controls another unpaired creature; each other unpaired creature with
    /// soulbond its controller controls triggers for it. Both are intervening "if" clauses
    /// (410.8), checked again on resolution.
    fn soulbond_triggers(&mut self, entered: &Object) {
        if !entered.is(CardType::Creature) || entered.paired_with().is_some() {
            return;
        }
        let unpaired_mine = |o: &Object| {
            o.id != entered.id
                && o.controller == entered.controller
                && o.is(CardType::Creature)
                && o.paired_with().is_none()
        };
        let mut found = Vec::new();
        if self.game.has_keyword(entered.id, &Keyword::Soulbond)
            && self.game.in_play().any(unpaired_mine)
        {
            let text =
                "soulbond (702.95a): you may pair this creature with another unpaired creature you control"
                    .to_string();
            found.push(super::Pending::new(
                entered.controller,
                entered,
                Effect::Soulbond,
                text,
            ));
        }
        for o in self.game.in_play().filter(|o| unpaired_mine(o)) {
            if self.game.has_keyword(o.id, &Keyword::Soulbond) {
                let text = format!(
                    "soulbond (702.95a): you may pair {} with this creature",
                    entered.label
                );
                found.push(super::Pending {
                    refers: Some(entered.id),
                    ..super::Pending::new(o.controller, o, Effect::Soulbond, text)
                });
            }
        }
        self.pending.extend(found);
    }

    /// Keywords that trigger as their permanent comes into play, each instance separately
    /// (as it has them now, 402.9): fabricate (current 702.123a-b), exploit (current
    /// 702.110a), living weapon (current 702.92a).
    fn keyword_comes_into_play_triggers(&mut self, o: &Object) {
        let mut found = Vec::new();
        for k in self.game.keywords(o.id) {
            let (effect, text) = match k {
                Keyword::Fabricate(n) => (
                    Effect::Fabricate { count: n },
                    format!("fabricate {n} (702.123a): you may put {n} +1/+1 counter(s) on it; if you don't, put {n} 1/1 colorless Servo artifact creature token(s) into play"),
                ),
                Keyword::Exploit => (
                    Effect::Exploit,
                    "exploit (702.110a): you may sacrifice a creature".to_string(),
                ),
                Keyword::LivingWeapon => (
                    Effect::LivingWeapon,
                    "living weapon (702.92a): put a 0/0 black Phyrexian Germ creature token into play, then attach this Equipment to it".to_string(),
                ),
                Keyword::Hideaway => (
                    Effect::Hideaway,
                    "hideaway (502.75a): look at the top four cards of your library; remove one of them from the game face down and put the rest on the bottom of your library".to_string(),
                ),
                _ => continue,
            };
            found.push(super::Pending::new(o.controller, o, effect, text));
        }
        self.pending.extend(found);
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
    /// 410.10e: "If ~ was kicked, it enters the battlefield with first strike": the abilities
    /// it comes into play with, if the condition holds as it does (502.21b: what its spell was
    /// played with), for as long as it remains in play.
    fn comes_into_play_with_abilities(&mut self, id: ObjectId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        let ctx = self.filter_context(id, o.controller);
        for a in o.card.abilities.iter() {
            let Ability::EntersWithAbilities {
                abilities,
                condition,
            } = a
            else {
                continue;
            };
            if condition
                .as_ref()
                .is_some_and(|c| !c.holds(&self.game, &ctx))
            {
                continue;
            }
            let gain = Effect::GainAbilities {
                what: crate::ability::Subject::This,
                abilities: abilities.clone(),
                duration: crate::ability::Duration::Indefinitely,
            };
            let text = format!(
                "comes into play with {}{}",
                crate::view::granted_text(abilities),
                condition
                    .as_ref()
                    .map_or(String::new(), |c| format!(" ({c})"))
            );
            // Linked to its kicker (502.21b) or not, it is part of the event (410.10e).
            let paid = o
                .status
                .as_ref()
                .map(|s| s.paid.clone())
                .unwrap_or_default();
            let rule = match condition.as_ref().and_then(|c| c.kicked(&o, &paid)) {
                Some(_) => "502.21b",
                None => "410.10e",
            };
            self.add_effect(o.label.clone(), id, gain, text, rule);
        }
    }

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
        for a in o.abilities() {
            match a {
                Ability::Keyword {
                    keyword: Keyword::Devour(n),
                } => self.devour(&o, *n),
                Ability::Keyword {
                    keyword: Keyword::Amplify(n),
                } => self.amplify(&o, *n),
                Ability::Keyword {
                    keyword: Keyword::Tribute(n),
                } => self.tribute(&o, *n),
                _ => {}
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
                s.add_counters(counter.clone(), n);
            });
            self.log(
                rule,
                EventKind::Note {
                    text: format!("{} comes into play with {n} {counter} counter(s)", o.label),
                },
            );
        }
    }

    /// 502.37a-b, d: each instance of sunburst of a permanent coming into play from the stack
    /// gives it a +1/+1 counter (as a creature) or a charge counter (otherwise) for each color
    /// of mana spent to play it; none if no colored mana was spent.
    fn sunburst(&mut self, id: ObjectId, colors: &[Color]) {
        use crate::model::Counter;
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        let instances = o
            .abilities()
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Ability::Keyword {
                        keyword: Keyword::Sunburst
                    }
                )
            })
            .count();
        let n = colors.len() as u32;
        for _ in 0..instances {
            let counter = if o.is(CardType::Creature) {
                Counter::PlusOne
            } else {
                Counter::Other("charge".into())
            };
            if n > 0 {
                let _ = self.game.update_status(id, |s| {
                    s.add_counters(counter.clone(), n);
                });
            }
            let names: Vec<&str> = colors.iter().map(|c| c.name()).collect();
            let text = format!(
                "{} comes into play with {n} {counter} counter(s), one for each color of mana spent on it ({})",
                o.label,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            );
            self.log("502.37a", EventKind::Note { text });
        }
    }

    /// 502.27a: as it comes into play, its controller reveals cards of his or her hand that
    /// share a creature type with it, chosen one at a time until choosing nothing (nothing by
    /// default), and it gets N +1/+1 counters for each.
    fn amplify(&mut self, o: &Object, n: u32) {
        use super::agent::Choice;
        let types: Vec<String> = o
            .type_line()
            .subtypes
            .iter()
            .filter(|t| crate::typeline::creature_type_named(t).is_some())
            .cloned()
            .collect();
        let hand = self
            .game
            .player(o.controller)
            .map(|p| p.hand.clone())
            .unwrap_or_default();
        let mut left: Vec<ObjectId> = hand
            .into_iter()
            .filter(|id| {
                self.game.object(*id).is_some_and(|c| {
                    types
                        .iter()
                        .any(|t| crate::filter::has_subtype(&self.game, c, t))
                        || c.type_line()
                            .subtypes
                            .iter()
                            .any(|t| crate::filter::has_subtype(&self.game, o, t))
                })
            })
            .collect();
        let mut revealed = Vec::new();
        while !left.is_empty() {
            let options: Vec<Choice> = std::iter::once(Choice::Nothing)
                .chain(left.iter().map(|id| Choice::Object(*id)))
                .collect();
            let question = format!(
                "amplify {n} (502.27a): a card to reveal that shares a creature type with {}, or nothing to stop",
                o.label
            );
            match self.ask_choice(o.controller, &o.label, &question, &options, "502.27a") {
                Some(Choice::Object(id)) => {
                    left.retain(|c| *c != id);
                    revealed.push(self.label(id));
                }
                _ => break,
            }
        }
        let count = n.saturating_mul(revealed.len() as u32);
        if count > 0 {
            let _ = self.game.update_status(o.id, |s| {
                let c = s
                    .counters
                    .entry(crate::model::Counter::PlusOne)
                    .or_default();
                *c = c.saturating_add(count);
            });
        }
        let shown = if revealed.is_empty() {
            "no card".to_string()
        } else {
            revealed.join(", ")
        };
        let text = format!(
            "{} reveals {shown} and comes into play with {count} +1/+1 counter(s)",
            o.label
        );
        self.log("502.27a", EventKind::Note { text });
    }

    /// 502.82a: as it comes into play, its controller chooses any number of other creatures he
    /// or she controls, one at a time until choosing nothing, sacrifices them at once (501.6),
    /// and it gets N +1/+1 counters for each.
    fn devour(&mut self, o: &Object, n: u32) {
        use super::agent::Choice;
        let mut left: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|c| c.controller == o.controller && c.id != o.id && c.is(CardType::Creature))
            .map(|c| c.id)
            .collect();
        let mut chosen = Vec::new();
        while !left.is_empty() {
            // Nothing first: the default answer devours nothing.
            let options: Vec<Choice> = std::iter::once(Choice::Nothing)
                .chain(left.iter().map(|id| Choice::Object(*id)))
                .collect();
            let question = format!(
                "devour {n} (502.82a): another creature for {} to devour, or nothing to stop",
                o.label
            );
            match self.ask_choice(o.controller, &o.label, &question, &options, "502.82a") {
                Some(Choice::Object(id)) => {
                    left.retain(|c| *c != id);
                    chosen.push(id);
                }
                _ => break,
            }
        }
        for &id in &chosen {
            self.sacrifice(id);
        }
        let count = n.saturating_mul(chosen.len() as u32);
        if count > 0 {
            let _ = self.game.update_status(o.id, |s| {
                let c = s
                    .counters
                    .entry(crate::model::Counter::PlusOne)
                    .or_default();
                *c = c.saturating_add(count);
            });
        }
        let text = format!(
            "{} devours {} creature(s) and comes into play with {count} +1/+1 counter(s)",
            o.label,
            chosen.len()
        );
        self.log("502.82a", EventKind::Note { text });
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
        // Cards in graveyards too, for targets such as soulshift's (502.39a).
        let objects = self
            .game
            .objects()
            .filter(|o| matches!(o.zone, Zone::InPlay | Zone::Graveyard))
            .map(|o| TargetRef::Object(o.id));
        let players = self.game.players.iter().map(|pl| TargetRef::Player(pl.id));
        p.candidates = objects
            .chain(players)
            .filter(|t| self.legal_target(&kind, *t, &source, p.controller))
            .collect();
        p
    }

    /// Current 702.108a: "whenever you cast a noncreature spell, this creature gets +1/+1 until
    /// end of turn", each instance of prowess of the caster's permanents separately (702.108b).
    /// "Whenever you cast a red spell": abilities of the caster's permanents that trigger on
    /// a spell the description fits, once it has been played (409.1i).
    fn cast_triggers(&mut self, caster: PlayerId, spell: ObjectId) {
        let Some(spell) = self.game.object(spell).cloned() else {
            return;
        };
        let mut found = Vec::new();
        // "When you cast ~": the spell's own abilities, from the stack (current 113.6k).
        for a in spell.abilities() {
            if let Ability::Triggered {
                trigger: crate::ability::Trigger::YouCastThis,
                effects,
            } = a
            {
                found.push(super::Pending::with_effects(
                    caster,
                    &spell,
                    effects.clone(),
                    crate::view::describe(a),
                ));
            }
        }
        // The spells the caster played this turn, this one included (409.1 logs each).
        let played = self.spells_this_turn(caster);
        for o in self.game.in_play().filter(|o| o.controller == caster) {
            for a in o.abilities() {
                if let Ability::Triggered {
                    trigger: crate::ability::Trigger::YouCastNthSpell { n },
                    effects,
                } = a
                    && *n as usize == played
                {
                    found.push(super::Pending::with_effects(
                        caster,
                        o,
                        effects.clone(),
                        crate::view::describe(a),
                    ));
                }
                if let Ability::Triggered {
                    trigger: crate::ability::Trigger::YouCastSpell { filter },
                    effects,
                } = a
                {
                    let ctx = crate::filter::Context::of(o, None);
                    if filter.matches(&self.game, &spell, &ctx) {
                        found.push(super::Pending::with_effects(
                            caster,
                            o,
                            crate::ability::bind_spell(effects, spell.id),
                            crate::view::describe(a),
                        ));
                    }
                }
            }
        }
        // "Whenever a player casts a red spell": any permanent's, controlled by its controller;
        // "that player" is the caster.
        found.extend(self.player_event_triggers(caster, &spell, |t| match t {
            crate::ability::Trigger::PlayerCastsSpell { who, filter } => Some((*who, filter)),
            _ => None,
        }));
        self.queue(found);
    }

    /// Current 702.101a-b: each instance of extort of the caster's permanents triggers as he
    /// or she plays any spell.
    fn extort_triggers(&mut self, caster: PlayerId) {
        for o in self.each_instance(caster, &Keyword::Extort) {
            self.pending.push(super::Pending::new(
                caster,
                &o,
                Effect::Extort,
                "extort (702.101a): you may pay {W/B}; if you do, each opponent loses 1 life and you gain life equal to the total life lost this way".into(),
            ));
        }
    }

    /// Extort resolving (current 702.101a): the payment is offered only if it can be made
    /// (409.1h: no partial payment).
    pub(super) fn extort(&mut self, controller: PlayerId, source: &str) {
        use super::agent::Choice;
        let cost = ManaCost(vec![ManaSymbol::Hybrid(Color::White, Color::Black)]);
        let who = self.name(controller);
        let Ok(plan) = self.plan(controller, &cost, None) else {
            let text = format!("{who} can't pay {{W/B}} for extort");
            self.log("702.101a", EventKind::Note { text });
            return;
        };
        let question = "extort (702.101a): pay {W/B}?".to_string();
        let options = [Choice::Player(controller), Choice::Nothing];
        if self.ask_choice(controller, source, &question, &options, "702.101a")
            != Some(Choice::Player(controller))
        {
            let text = format!("{who} doesn't pay for extort");
            self.log("702.101a", EventKind::Note { text });
            return;
        }
        self.pay(controller, plan, source);
        let opponents: Vec<PlayerId> = self
            .game
            .players
            .iter()
            .filter(|p| p.id != controller && !p.lost)
            .map(|p| p.id)
            .collect();
        let mut lost = 0i32;
        for p in opponents {
            let _ = self.game.change_life(p, -1);
            lost = lost.saturating_add(1);
            let (player, life) = (self.name(p), self.game.player(p).map_or(0, |p| p.life));
            self.log(
                "702.101a",
                EventKind::Life {
                    player,
                    change: -1,
                    life,
                },
            );
        }
        let _ = self.game.change_life(controller, lost);
        let life = self.game.player(controller).map_or(0, |p| p.life);
        self.log(
            "702.101a",
            EventKind::Life {
                player: who,
                change: lost,
                life,
            },
        );
    }

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
        pay: &[ObjectId],
        announced: Announced,
    ) -> Result<(), Refusal> {
        let Announced { x, modes } = announced;
        let Some(obj) = self.game.object(source).cloned() else {
            return refuse("409.1a", "there is no such permanent");
        };
        // Transmute, reinforce, scavenge, embalm, eternalize: played from a card.
        if self.has_card_ability(source) {
            return self.activate_card(player, source, index, targets);
        }
        // 402.8h: an ability whose cost discards the card itself ("Channel — {1}{B}, Discard
        // ~: ...") functions only in its owner's hand; every other one only in play.
        let from_hand = obj.zone == Zone::Hand;
        let from_graveyard = obj.zone == Zone::Graveyard;
        if from_hand || from_graveyard {
            if obj.owner != player {
                return refuse(
                    "402.8h",
                    format!(
                        "{} is not a card in the player's {}",
                        obj.label,
                        if from_hand { "hand" } else { "graveyard" }
                    ),
                );
            }
        } else if obj.zone != Zone::InPlay {
            return refuse(
                "409.1a",
                format!("{} is not a permanent in play", obj.label),
            );
        } else if obj.controller != player {
            // 403.2: only its controller, unless the ability says any player may.
            let any_player = obj
                .abilities()
                .iter()
                .filter(|a| matches!(a, Ability::Activated { .. }))
                .nth(index)
                .is_some_and(|a| {
                    matches!(a, Ability::Activated { only, .. }
                        if only.contains(&crate::ability::ActivationLimit::AnyPlayer))
                });
            if !any_player {
                return refuse(
                    "403.2",
                    format!(
                        "{} is controlled by another player, and only its controller can play its activated abilities",
                        obj.label
                    ),
                );
            }
        }
        type Activated<'a> = (
            &'a crate::ability::Cost,
            &'a Vec<Effect>,
            &'a [crate::ability::ActivationLimit],
            &'a Ability,
        );
        let activated: Vec<Activated> = obj
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Activated {
                    cost,
                    effects,
                    only,
                } => Some((cost, effects, only.as_slice(), a)),
                _ => None,
            })
            .collect();
        let Some((cost, effects, only, ability)) = activated.get(index).copied() else {
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
        let (mut cost, mut effects, only, text) = (
            cost.clone(),
            effects.clone(),
            only.to_vec(),
            crate::view::describe(ability),
        );
        // 409.1b: the modes are announced first; the ability then has the chosen ones'
        // instructions and targets only (409.1d).
        let chosen_modes = match crate::ability::ability_modes(&effects) {
            Some((min, max, all)) => {
                let chosen = check_modes(min, max, all.len(), modes)?;
                effects = crate::ability::with_chosen_modes(&effects, &chosen);
                chosen
            }
            None if modes.as_ref().is_some_and(|m| !m.is_empty()) => {
                return refuse(
                    "409.1b",
                    format!(
                        "{}'s ability isn't modal: it has no modes to choose",
                        obj.label
                    ),
                );
            }
            None => Vec::new(),
        };
        // 409.1b: X is announced before targets are chosen (409.1c) and costs are paid
        // (409.1f): {X} is that much generic mana, and the ability's X that number.
        let has_x = cost.has_x();
        if x > 0 && !has_x {
            return refuse(
                "409.1b",
                format!(
                    "{}'s ability has no X in its cost, so no X is announced",
                    obj.label
                ),
            );
        }
        if has_x {
            cost = cost.with_x(x);
            effects = crate::ability::fix_x(&effects, x);
        }
        let exiles_itself = cost.parts.contains(&crate::ability::CostPart::ExileThis);
        if from_graveyard != exiles_itself {
            return refuse(
                "402.8h",
                if from_graveyard {
                    format!(
                        "{} is in a graveyard, and this ability of it functions only in play",
                        obj.label
                    )
                } else {
                    format!(
                        "{}'s ability exiles it from its owner's graveyard as a cost, so it functions only there",
                        obj.label
                    )
                },
            );
        }
        let discards_itself = cost.parts.contains(&crate::ability::CostPart::DiscardThis);
        if from_hand != discards_itself {
            return refuse(
                "402.8h",
                if from_hand {
                    format!(
                        "{} is in a hand, and this ability of it functions only in play",
                        obj.label
                    )
                } else {
                    format!(
                        "{}'s ability discards it as a cost, so it functions only in its owner's hand",
                        obj.label
                    )
                },
            );
        }
        if let Some(why) = activation_forbidden(&self.game, &obj, &cost) {
            return refuse("103.2", why);
        }
        // Current 702.87a: level up's "Activate only as a sorcery" is the keyword's own.
        let level_up = matches!(
            effects.as_slice(),
            [Effect::PutCounters { counter: crate::model::Counter::Other(kind), .. }] if kind == "level"
        );
        for limit in &only {
            if let Some(why) = self.limit_broken(&obj, index, limit) {
                let rule = if level_up {
                    "702.87a"
                } else if *limit == crate::ability::ActivationLimit::Loyalty {
                    "212.9f"
                } else {
                    "103.1"
                };
                return refuse(
                    rule,
                    format!("{}'s ability can be played {limit}: {why}", obj.label),
                );
            }
        }
        if !crate::ability::is_mana_ability(&effects) {
            self.split_second()?;
        }
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
        self.check_distinct(&effects, &kinds, &targets)?;
        let division = self.announce_division(player, source, &effects, &kinds, &targets)?;
        let chosen = self.choose_cost(player, &obj, &cost, pay)?;
        let plan =
            self.plan_without(player, &cost.mana, Some((source, cost.tap)), &chosen.busy())?;
        let who = self.name(player);
        let names: Vec<String> = targets.iter().map(|t| self.target_name(*t)).collect();
        if !chosen_modes.is_empty() {
            let chosen: Vec<String> = chosen_modes.iter().map(|m| (m + 1).to_string()).collect();
            self.log(
                "409.1b",
                EventKind::Note {
                    text: format!(
                        "{who} chooses mode{} {} of {}'s ability",
                        if chosen.len() == 1 { "" } else { "s" },
                        chosen.join(" and "),
                        obj.label
                    ),
                },
            );
        }
        if has_x {
            self.log(
                "409.1b",
                EventKind::Note {
                    text: format!("{who} announces X = {x} for {}'s ability", obj.label),
                },
            );
        }
        self.log(
            "409.1|602.2",
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
        let sacrificed = chosen.sacrificed(&cost);
        let (tapped, discarded) = (chosen.tapped(&cost), chosen.discarded(&cost));
        self.pay_cost_parts(player, source, &cost, chosen);
        self.game.activations.push((source, index));
        if crate::ability::is_mana_ability(&effects) {
            // 408.2e, 411.1: a mana ability resolves at once, without the stack, its other
            // instructions with its mana.
            let from = super::resolve::From {
                object: obj.clone(),
                controller: player,
                moved_to: None,
            };
            let chosen = super::resolve::Chosen::new(&[], &[], &[], &[])
                .with_sacrificed(&sacrificed)
                .with_tapped_and_discarded(&tapped, &discarded);
            for e in &effects {
                self.carry_out(e, &from, None, &chosen);
            }
            return Ok(());
        }
        let kind = StackKind::Ability {
            source,
            source_label: obj.label.clone(),
            effects,
            triggered: false,
            text,
            refers: None,
            moved_to: None,
        };
        let id = self.game.push_ability(player, kind, targets);
        self.game.set_sacrificed(id, sacrificed);
        self.game.set_tapped_and_discarded(id, tapped, discarded);
        self.record_division(id, player, &obj.label, division);
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
        self.split_second()?;
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
            "409.1|602.2",
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
            moved_to: None,
        };
        self.game.push_ability(player, kind, Vec::new());
        Ok(())
    }

    /// 502.18a: plays a card's cycling ability from its owner's hand: "[Cost], Discard this
    /// card: Draw a card." The discard is part of the cost (409.1f), so the card is in the
    /// graveyard before the ability resolves; the draw uses the stack like any activated
    /// ability (409.1).
    pub(super) fn cycle(&mut self, player: PlayerId, card: ObjectId) -> Result<(), Refusal> {
        self.split_second()?;
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        // 502.18d: typecycling is cycling whose ability searches instead of drawing.
        let Some((cost, effect, text)) = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Cycling(c),
            } => Some((
                c.clone(),
                Effect::Draw {
                    who: crate::ability::Subject::You,
                    count: 1,
                },
                format!("cycling {c}"),
            )),
            Ability::Keyword {
                keyword: k @ Keyword::Typecycling { filter, cost, .. },
            } => Some((
                cost.clone(),
                Effect::SearchLibrary {
                    filter: (**filter).clone(),
                    count: crate::ability::SearchCount::Exactly(1),
                    reveal: true,
                    to: crate::ability::SearchTo::Hand,
                    shuffle: true,
                    typecycling: true,
                },
                k.to_string(),
            )),
            _ => None,
        }) else {
            return refuse("502.18a", format!("{} has no cycling", obj.label));
        };
        // 502.18b: the ability exists in every zone but can be played only from the hand.
        if obj.zone != Zone::Hand || obj.owner != player {
            return refuse(
                "502.18a",
                format!(
                    "{} is {} and not in the player's hand; cycling works only from the hand",
                    obj.label,
                    zone_phrase(obj.zone)
                ),
            );
        }
        let plan = self.plan(player, &cost, None)?;
        let who = self.name(player);
        self.log(
            "409.1|602.2",
            EventKind::Activated {
                player: who,
                source: obj.label.clone(),
                ability: text.clone(),
                targets: Vec::new(),
            },
        );
        self.pay(player, plan, &obj.label);
        self.log(
            "502.18a",
            EventKind::Note {
                text: format!("{} is discarded to pay its cycling cost", obj.label),
            },
        );
        let discarded = self.discard_card(card);
        let kind = StackKind::Ability {
            source: card,
            source_label: obj.label.clone(),
            effects: vec![effect],
            triggered: false,
            text,
            refers: None,
            moved_to: None,
        };
        self.game.push_ability(player, kind, Vec::new());
        // 502.18c, 502.18e: "Whenever a player cycles a card", typecycling too; "that player"
        // is the player who cycled.
        let mut found = self.player_action_triggers(player, |e| match e {
            crate::ability::Trigger::PlayerCycles { who } => Some(*who),
            _ => None,
        });
        // 502.18c: "When you cycle ~" triggers from the graveyard, the card there its source.
        if let Some(o) = discarded.and_then(|id| self.game.object(id).cloned()) {
            let mut mine = super::Pending::written(&o, crate::ability::Trigger::YouCycleThis);
            for p in &mut mine {
                p.controller = player;
            }
            found.extend(mine);
        }
        self.queue(found);
        Ok(())
    }

    /// 502.84a: plays a card's unearth ability from its owner's graveyard, any time its owner
    /// could play a sorcery; the card stays in the graveyard until the ability resolves.
    pub(super) fn unearth(&mut self, player: PlayerId, card: ObjectId) -> Result<(), Refusal> {
        self.split_second()?;
        let Some(obj) = self.game.object(card).cloned() else {
            return refuse("409.1a", "there is no such card");
        };
        let Some(cost) = obj.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Unearth(c),
            } => Some(c.clone()),
            _ => None,
        }) else {
            return refuse("502.84a", format!("{} has no unearth", obj.label));
        };
        if obj.zone != Zone::Graveyard || obj.owner != player {
            return refuse(
                "502.84a",
                format!(
                    "{} is {}, not in the player's graveyard; unearth works only from its owner's graveyard",
                    obj.label,
                    zone_phrase(obj.zone)
                ),
            );
        }
        let main = matches!(
            self.game.turn.step,
            Step::PrecombatMain | Step::PostcombatMain
        );
        if self.game.turn.active != player || !main || !self.game.stack_ids().is_empty() {
            return refuse(
                "502.84a",
                format!(
                    "{}'s unearth can be played only any time its owner could play a sorcery: in his or her main phase with the stack empty",
                    obj.label
                ),
            );
        }
        let plan = self.plan(player, &cost, None)?;
        let who = self.name(player);
        let text = format!("unearth {cost}");
        self.log(
            "409.1|602.2",
            EventKind::Activated {
                player: who,
                source: obj.label.clone(),
                ability: text.clone(),
                targets: Vec::new(),
            },
        );
        self.pay(player, plan, &obj.label);
        let kind = StackKind::Ability {
            source: card,
            source_label: obj.label.clone(),
            effects: vec![Effect::Unearth],
            triggered: false,
            text,
            refers: None,
            moved_to: None,
        };
        self.game.push_ability(player, kind, Vec::new());
        Ok(())
    }

    /// Moves a resolving spell to where it goes (413.2i): a permanent into play, an instant or
    /// sorcery to its owner's graveyard, or to the hand if its buyback cost was paid (502.16a).
    pub(super) fn finish_spell(
        &mut self,
        id: ObjectId,
        controller: PlayerId,
        targets: &[TargetRef],
        paid: &[CastOption],
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
        let colors = self
            .game
            .stack_item(id)
            .map(|i| i.colors_spent.clone())
            .unwrap_or_default();
        if permanent {
            if let Ok(new) = self.game.move_object(id, Zone::InPlay, Position::Top) {
                let _ = self.game.set_controller(new, controller);
                self.sunburst(new, &colors);
                let kicks = paid
                    .iter()
                    .filter(|o| {
                        matches!(
                            o,
                            CastOption::Kicker | CastOption::SecondKicker | CastOption::Multikicker
                        )
                    })
                    .count();
                if kicks > 0 {
                    self.counters_each_kick(new, kicks);
                }
                self.attach_aura(new, &obj, targets);
                self.comes_into_play(new);
                if paid.contains(&CastOption::Evoke) {
                    self.evoke_trigger(new, controller);
                }
                if paid.contains(&CastOption::Dash) {
                    self.dashed(new, controller);
                }
                // 502.59a: a creature spell played by its suspend ability gains haste.
                if paid.contains(&CastOption::Suspend) && obj.is(CardType::Creature) {
                    let _ = self.game.update_status(new, |s| s.suspended_haste = true);
                }
            }
        } else if paid.contains(&CastOption::Buyback) {
            let text = format!(
                "the buyback cost of {} was paid, so it is put into its owner's hand instead of the graveyard",
                obj.label
            );
            self.log("502.16a", EventKind::Note { text });
            let _ = self.game.move_object(id, Zone::Hand, Position::Top);
        } else if !self.rebound(id, controller) {
            let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
        }
    }
}

impl Engine<'_> {
    /// 502.31: each instance of affinity reduces the generic part of the total cost by one for
    /// each permanent of that kind the caster controls (409.1f: the total cost, then locked
    /// in); colored mana is never reduced (502.31b). Returns what happened, for the log.
    fn affinity(
        &self,
        spell: &Object,
        player: PlayerId,
        cost: &mut ManaCost,
    ) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for a in spell.abilities() {
            let Ability::Keyword {
                keyword: Keyword::Affinity(what),
            } = a
            else {
                continue;
            };
            let count = self
                .game
                .in_play()
                .filter(|o| o.controller == player)
                .filter(|o| match what {
                    crate::ability::AffinityFor::Artifacts => o.is(CardType::Artifact),
                    crate::ability::AffinityFor::Land(t) => {
                        crate::filter::has_subtype(&self.game, o, t.name())
                    }
                })
                .count() as u32;
            reduce_generic(cost, count);
            out.push(("502.31a", format!(
                "affinity for {what}: {} costs {{1}} less for each of the {count} its controller controls (colored mana isn't reduced, 502.31b); it costs {}",
                spell.label,
                if cost.0.is_empty() { "{0}".to_string() } else { cost.to_string() }
            )));
        }
        out
    }

    /// Current 702.125a-c: each instance of undaunted reduces the generic part of the total
    /// cost by one for each opponent still in the game. Returns the rule and what happened,
    /// for the log.
    fn undaunted(
        &self,
        spell: &Object,
        player: PlayerId,
        cost: &mut ManaCost,
    ) -> Vec<(&'static str, String)> {
        let instances = spell
            .abilities()
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Ability::Keyword {
                        keyword: Keyword::Undaunted
                    }
                )
            })
            .count();
        let opponents = self
            .game
            .players
            .iter()
            .filter(|p| p.id != player && !p.lost)
            .count() as u32;
        let mut out = Vec::new();
        for _ in 0..instances {
            reduce_generic(cost, opponents);
            out.push((
                "702.125a",
                format!(
                    "undaunted: {} costs {{1}} less for each of its caster's {opponents} opponent(s); it costs {}",
                    spell.label,
                    if cost.0.is_empty() { "{0}".to_string() } else { cost.to_string() }
                ),
            ));
        }
        out
    }

    /// 502.46a: each creature tapped for convoke pays one mana of its colors that the cost
    /// still asks for, else {1}. Checks everything and changes nothing: returns the creatures
    /// to tap, with what each paid, for the log.
    fn convoke(
        &self,
        spell: &Object,
        player: PlayerId,
        creatures: &[ObjectId],
        cost: &mut ManaCost,
    ) -> Result<Vec<(ObjectId, String)>, Refusal> {
        if creatures.is_empty() {
            return Ok(Vec::new());
        }
        if !spell.has_keyword(&Keyword::Convoke) {
            return refuse(
                "502.46a",
                format!(
                    "{} has no convoke, so no creature can be tapped to pay for it",
                    spell.label
                ),
            );
        }
        let mut out = Vec::new();
        for (i, id) in creatures.iter().enumerate() {
            let Some(c) = self.game.object(*id) else {
                return refuse("502.46a", "there is no such creature");
            };
            if c.zone != Zone::InPlay
                || !c.is(CardType::Creature)
                || c.controller != player
                || c.tapped()
                || creatures[..i].contains(id)
            {
                return refuse(
                    "502.46a",
                    format!(
                        "{} is not an untapped creature its controller controls, so it can't be tapped for convoke",
                        c.label
                    ),
                );
            }
            let colors = c.colors();
            let colored = cost.0.iter().position(|s| match s {
                ManaSymbol::Colored(x) => colors.contains(x),
                ManaSymbol::Hybrid(a, b) => colors.contains(a) || colors.contains(b),
                _ => false,
            });
            let paid = if let Some(k) = colored {
                let s = cost.0.remove(k);
                let color = match s {
                    ManaSymbol::Colored(x) => x,
                    ManaSymbol::Hybrid(a, b) => {
                        if colors.contains(&a) {
                            a
                        } else {
                            b
                        }
                    }
                    _ => unreachable!("a colored symbol was found"),
                };
                format!("{{{}}}", color.symbol())
            } else if let Some(k) = cost
                .0
                .iter()
                .position(|s| matches!(s, ManaSymbol::Generic(n) if *n > 0))
            {
                if let ManaSymbol::Generic(n) = &mut cost.0[k] {
                    *n -= 1;
                }
                cost.0.retain(|s| *s != ManaSymbol::Generic(0));
                "{1}".to_string()
            } else {
                return refuse(
                    "502.46a",
                    format!(
                        "{} can't pay anything more of {}'s cost: each creature tapped for convoke pays {{1}} or one mana of its colors",
                        c.label, spell.label
                    ),
                );
            };
            out.push((
                *id,
                format!(
                    "{} is tapped for convoke, paying {paid} of {}'s cost",
                    c.label, spell.label
                ),
            ));
        }
        Ok(out)
    }

    /// Current 702.109a, 608.3g: the permanent of a spell whose dash cost was paid has haste as
    /// long as it stays in play, and a delayed triggered ability created as it comes into play
    /// returns it to its owner's hand at the beginning of the next end step (2009's end of turn
    /// step, 313). That ability does nothing to a permanent that left play (404.4d).
    fn dashed(&mut self, id: ObjectId, controller: PlayerId) {
        let _ = self.game.update_status(id, |s| s.dashed = true);
        self.game.delayed.push(crate::model::DelayedTrigger {
            when: crate::ability::Trigger::AtStep {
                step: crate::model::Step::EndOfTurn,
                whose: crate::ability::Whose::Each,
            },
            controller,
            source: id,
            effects: vec![Effect::ReturnToHand {
                what: crate::ability::Subject::This,
            }],
        });
        let text = format!(
            "{}'s dash cost was paid: it has haste, and it returns to its owner's hand at the beginning of the next end step",
            self.label(id)
        );
        self.log("702.109a", EventKind::Note { text });
    }

    /// 502.74a: "When this permanent comes into play, if its evoke cost was paid, its
    /// controller sacrifices it."
    fn evoke_trigger(&mut self, id: ObjectId, controller: PlayerId) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        let sacrifice = Effect::Sacrifice {
            what: crate::ability::Subject::This,
        };
        self.pending.push(super::Pending::new(
            controller,
            &o,
            sacrifice,
            "evoke: its evoke cost was paid, so its controller sacrifices it".into(),
        ));
    }

    /// 502.64a: each card removed from the caster's graveyard for delve pays {1} of the cost;
    /// colored mana is never paid this way. Checks everything and changes nothing.
    fn delve(
        &self,
        spell: &Object,
        player: PlayerId,
        cards: &[ObjectId],
        cost: &mut ManaCost,
    ) -> Result<(), Refusal> {
        if cards.is_empty() {
            return Ok(());
        }
        if !spell.has_keyword(&Keyword::Delve) {
            return refuse(
                "502.64a",
                format!(
                    "{} has no delve, so no card can be removed from the graveyard to pay for it",
                    spell.label
                ),
            );
        }
        for (i, id) in cards.iter().enumerate() {
            let Some(c) = self.game.object(*id) else {
                return refuse("502.64a", "there is no such card");
            };
            if c.zone != Zone::Graveyard
                || c.owner != player
                || cards[..i].contains(id)
                || *id == spell.id
            {
                return refuse(
                    "502.64a",
                    format!(
                        "{} is {}, not in the player's graveyard, so it can't be removed for delve",
                        c.label,
                        zone_phrase(c.zone)
                    ),
                );
            }
            let Some(k) = cost
                .0
                .iter()
                .position(|s| matches!(s, ManaSymbol::Generic(n) if *n > 0))
            else {
                return refuse(
                    "502.64a",
                    format!(
                        "removing {} would pay nothing: delve pays only the generic mana of {}'s cost",
                        c.label, spell.label
                    ),
                );
            };
            if let ManaSymbol::Generic(n) = &mut cost.0[k] {
                *n -= 1;
            }
            cost.0.retain(|s| *s != ManaSymbol::Generic(0));
        }
        Ok(())
    }

    /// Current 702.126a: each untapped artifact the caster taps for improvise pays {1} of the
    /// total cost, never colored mana. Checks everything and changes nothing.
    fn improvise(
        &self,
        spell: &Object,
        player: PlayerId,
        artifacts: &[ObjectId],
        convoke: &[ObjectId],
        cost: &mut ManaCost,
    ) -> Result<(), Refusal> {
        if artifacts.is_empty() {
            return Ok(());
        }
        if !spell.has_keyword(&Keyword::Improvise) {
            return refuse(
                "702.126a",
                format!(
                    "{} has no improvise, so no artifact can be tapped to pay for it",
                    spell.label
                ),
            );
        }
        for (i, id) in artifacts.iter().enumerate() {
            let Some(a) = self.game.object(*id) else {
                return refuse("702.126a", "there is no such artifact");
            };
            if a.zone != Zone::InPlay
                || !a.is(CardType::Artifact)
                || a.controller != player
                || a.tapped()
                || artifacts[..i].contains(id)
                || convoke.contains(id)
            {
                return refuse(
                    "702.126a",
                    format!(
                        "{} is not an untapped artifact its controller controls (and not already tapped for convoke), so it can't be tapped for improvise",
                        a.label
                    ),
                );
            }
            let Some(k) = cost
                .0
                .iter()
                .position(|s| matches!(s, ManaSymbol::Generic(n) if *n > 0))
            else {
                return refuse(
                    "702.126a",
                    format!(
                        "tapping {} would pay nothing: improvise pays only the generic mana of {}'s cost",
                        a.label, spell.label
                    ),
                );
            };
            if let ManaSymbol::Generic(n) = &mut cost.0[k] {
                *n -= 1;
            }
            cost.0.retain(|s| *s != ManaSymbol::Generic(0));
        }
        Ok(())
    }

    /// Current 702.33d-e, 410.10e: a permanent kicked `kicks` times comes into play with the
    /// +1/+1 counters its abilities give it for each time it was kicked.
    fn counters_each_kick(&mut self, id: ObjectId, kicks: usize) {
        let Some(o) = self.game.object(id).cloned() else {
            return;
        };
        let kicks = u32::try_from(kicks).unwrap_or(u32::MAX);
        for a in o.abilities() {
            if let Ability::EntersWithCountersEachKick { count } = a {
                let total = count.saturating_mul(kicks);
                let _ = self.game.update_status(id, |s| {
                    let n = s
                        .counters
                        .entry(crate::model::Counter::PlusOne)
                        .or_default();
                    *n = n.saturating_add(total);
                });
                let text = format!(
                    "{} was kicked {kicks} time(s), so it comes into play with {total} +1/+1 counter(s) on it",
                    o.label
                );
                self.log("702.33e", EventKind::Note { text });
            }
        }
    }
}

/// Where a card is, for refusals: "in play", "in the graveyard".
/// Takes up to `by` from the generic part of a cost; colored mana is never reduced (502.31b,
/// current 702.125a).
fn reduce_generic(cost: &mut ManaCost, by: u32) {
    let mut left = by;
    for s in cost.0.iter_mut() {
        if let ManaSymbol::Generic(n) = s {
            let cut = (*n).min(left);
            *n -= cut;
            left -= cut;
        }
    }
    cost.0.retain(|s| *s != ManaSymbol::Generic(0));
}

fn zone_phrase(zone: Zone) -> String {
    match zone {
        Zone::InPlay => "in play".to_string(),
        Zone::RemovedFromGame => "removed from the game".to_string(),
        z => format!("in the {}", z.name()),
    }
}

/// A division announced as a spell or ability is played (409.1e): `parts[i]` of `amount` to
/// `among[i]`.
#[derive(Debug, Clone)]
pub(super) struct Division {
    amount: u32,
    prevent: bool,
    among: Vec<TargetRef>,
    parts: Vec<u32>,
}

/// The targets chosen for the instruction that divides something (409.1e): those of its kind.
pub(super) fn divided_targets(
    among: &crate::ability::Subject,
    kinds: &[TargetKind],
    targets: &[TargetRef],
) -> Vec<TargetRef> {
    let Some(k) = among
        .target()
        .and_then(|kind| kinds.iter().position(|x| *x == kind))
    else {
        return Vec::new();
    };
    crate::ability::share_targets(kinds, targets.len())
        .and_then(|shares| shares.get(k).cloned())
        .and_then(|r| targets.get(r))
        .map(<[TargetRef]>::to_vec)
        .unwrap_or_default()
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

/// What a target of this kind must be, in words.
fn target_kind_text(k: &TargetKind) -> String {
    match k {
        TargetKind::Many {
            filter: f,
            players: true,
            ..
        } => format!("{} or a player in the game", targetable(&f.singular())),
        TargetKind::Permanent(f) | TargetKind::Many { filter: f, .. } => targetable(&f.singular()),
        TargetKind::Creature => targetable("creature"),
        TargetKind::CreatureOrPlayer => "a creature in play or a player".to_string(),
        TargetKind::Spell => "a spell on the stack".to_string(),
        TargetKind::AttackingCreatureYouControl => {
            "an attacking creature its controller controls".to_string()
        }
        TargetKind::AttackingCreature => "an attacking creature".to_string(),
        TargetKind::CreatureYouControl => "a creature its controller controls".to_string(),
        TargetKind::Player { opponent: false } => "a player in the game".to_string(),
        TargetKind::Player { opponent: true } => {
            "an opponent of its controller in the game".to_string()
        }
        TargetKind::CardInYourGraveyard { filter, from, .. } => {
            let card = filter
                .card_phrase(false)
                .unwrap_or_else(|| format!("{} card", filter.singular()));
            match from {
                crate::ability::Graveyards::Yours => {
                    format!("a {card} in its controller's graveyard")
                }
                from => format!("a {card} in {}", from.words()),
            }
        }
    }
}

/// What a player announces as he or she plays an activated ability (409.1b): the X for an {X}
/// in its cost (0 without one), and the modes of a modal one (`None`: the first ones it must
/// choose).
pub(super) struct Announced {
    pub x: u32,
    pub modes: Option<Vec<usize>>,
}

/// The modes of a modal spell its player chose (409.1b), checked against how many it chooses;
/// none for a spell that isn't modal. Unsaid, the first ones it must choose.
fn choose_modes(abilities: &[Ability], chosen: Option<Vec<usize>>) -> Result<Vec<usize>, Refusal> {
    let Some((min, max, count)) = abilities.iter().find_map(|a| match a {
        Ability::Modal { min, max, modes } => Some((*min, *max, modes.len())),
        _ => None,
    }) else {
        return match chosen {
            Some(m) if !m.is_empty() => refuse(
                "409.1b",
                "this spell isn't modal: it has no modes to choose",
            ),
            _ => Ok(Vec::new()),
        };
    };
    check_modes(min, max, count, chosen)
}

/// Modes announced for something that chooses from `min` to `max` of its `count` modes
/// (409.1b): each once, each one it has. Unsaid, the first ones it must choose.
pub(super) fn check_modes(
    min: u32,
    max: u32,
    count: usize,
    chosen: Option<Vec<usize>>,
) -> Result<Vec<usize>, Refusal> {
    let (min, max) = (min as usize, max as usize);
    let Some(mut modes) = chosen else {
        return Ok((0..min.min(count)).collect());
    };
    modes.sort_unstable();
    if let Some(m) = modes.iter().find(|m| **m >= count) {
        return refuse(
            "409.1b",
            format!("it has {count} modes, so there is no mode {}", m + 1),
        );
    }
    if modes.windows(2).any(|w| w[0] == w[1]) {
        return refuse("409.1b", "a mode can be chosen only once");
    }
    if modes.len() < min || modes.len() > max {
        let how = if min == max {
            format!("{min}")
        } else {
            format!("from {min} to {max}")
        };
        return refuse(
            "409.1b",
            format!(
                "{} modes are chosen, but it says to choose {how}",
                modes.len()
            ),
        );
    }
    Ok(modes)
}

/// "Alice plays Mulldrifter, paying its evoke cost {2}{U} rather than its mana cost": the log
/// line of an alternative cost announced as a spell is played (409.1b).
fn alternative_cost_note(who: &str, label: &str, name: &str, cost: Option<ManaCost>) -> String {
    format!(
        "{who} plays {label}, paying its {name} cost {} rather than its mana cost",
        cost.unwrap_or_default()
    )
}
