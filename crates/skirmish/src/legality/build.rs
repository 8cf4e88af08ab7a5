//! Building legality problems from a game: the rules that decide which creature may attack or
//! block what (308.2a, 309.2a, 212.3f, 500.3a and the evasion keywords of 502), which effects
//! restrict or require (500.1), and what attacking costs (308.2d).

use super::problem::*;
use crate::ability::{Ability, CombatRule, Defender, Effect, Keyword, Scope};
use crate::filter::{Condition, Context};
use crate::mana::Color;
use crate::model::{AttackTarget, Game, Object, ObjectId, PlayerId, Zone};
use crate::typeline::CardType;
use crate::view::describe;
use std::collections::HashMap;
use std::sync::Arc;

mod classes;
#[cfg(any(test, feature = "reference"))]
mod per_pair;
#[cfg(any(test, feature = "reference"))]
pub use per_pair::block_problem_per_pair;

/// A rule that binds a creature, with its source and the permanent whose ability it is.
type Bound<'g> = (&'g CombatRule, Source, &'g Object);

/// Why a problem can't be built from a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    #[error(
        "[306.2] there is no defending player: the game has {0} opponents of the active player; say which one is defending"
    )]
    NoDefendingPlayer(usize),
    #[error("[309.1] no creatures are attacking, so there are no blocks to declare")]
    NoCombat,
    #[error(
        "[602.4] creatures attack more than one defending player, who each declare blockers; say which player's blocks to judge"
    )]
    WhichDefender,
    #[error("\"{0}\" is not a defending player (306.2, 602.2)")]
    NotDefending(String),
}

/// A combat rule that applies to a creature: the rule, where it comes from, and the condition
/// it depends on (if any) with the object that has it.
struct Applied<'g> {
    rule: &'g CombatRule,
    source: Source,
    holder: &'g Object,
    condition: Option<&'g Condition>,
}

impl Applied<'_> {
    /// Whether the rule binds with this defending player ("unless defending player controls an
    /// Island" is decided for each player a creature could attack).
    fn binds(&self, game: &Game, defending: Option<PlayerId>) -> bool {
        self.condition
            .is_none_or(|c| c.holds(game, &Context::of(self.holder, defending)))
    }

    /// Whether the condition asks about the defending player.
    fn per_defender(&self) -> bool {
        self.condition
            .is_some_and(Condition::mentions_defending_player)
    }
}

/// The permanents with a static combat ability, found once per problem: every creature's
/// rules come from these, not from a scan of every permanent (which made set-up quadratic).
fn combat_holders(game: &Game) -> Vec<&Object> {
    game.in_play()
        .filter(|o| {
            o.abilities()
                .iter()
                .any(|a| matches!(a, Ability::Combat { .. }))
        })
        .collect()
}

/// The combat rules of static abilities that apply to a creature (500.1), whatever their
/// conditions; `defending` is the player a description such as "creatures defending player
/// controls" is read with.
fn rules_on<'g>(
    game: &'g Game,
    holders: &[&'g Object],
    creature: &'g Object,
    defending: Option<PlayerId>,
) -> Vec<Applied<'g>> {
    let mut out = Vec::new();
    for perm in holders.iter().copied() {
        for ability in perm.abilities() {
            let Ability::Combat {
                scope,
                rule,
                condition,
            } = ability
            else {
                continue;
            };
            let applies = match scope {
                Scope::Each(_) => creature.is(CardType::Creature),
                _ => true,
            } && scope.applies(game, perm, creature, &Context::of(perm, defending));
            if applies {
                out.push(Applied {
                    rule,
                    source: Source::new(&perm.label, describe(ability), rule_number(rule)),
                    holder: perm,
                    condition: condition.as_ref(),
                });
            }
        }
    }
    // Rules resolved effects gave every creature a description fits ("Creatures without
    // flying can't block this turn."): whatever fits now, newcomers too (418.3b).
    if creature.is(CardType::Creature) {
        for e in game.rule_effects.iter().filter(|e| e.duration.in_force()) {
            let ctx = Context {
                source: e.source_id,
                controller: e.controller,
                defending,
                recipient: None,
            };
            if !e.filter.matches(game, creature, &ctx) {
                continue;
            }
            for rule in &e.rules {
                let text = format!(
                    "{} {} {}",
                    e.filter.plural(),
                    crate::view::rules_text(std::slice::from_ref(rule)),
                    e.duration
                );
                // "Creatures can't attack you": "you" is the effect's controller (418.3a),
                // read from the object that made it, as it last existed.
                let holder = match rule {
                    CombatRule::CantAttackYou => game
                        .object_or_last_known(e.source_id)
                        .filter(|o| o.controller == e.controller)
                        .unwrap_or(creature),
                    _ => creature,
                };
                out.push(Applied {
                    rule,
                    source: Source::new(&e.source, text, rule_number(rule)),
                    holder,
                    condition: None,
                });
            }
        }
    }
    // Rules resolved effects gave it ("Target creature can't block this turn.").
    for e in game.effects_on(creature.id) {
        if let Effect::GainRules {
            rules, duration, ..
        } = &e.effect
            && duration.in_force()
        {
            for rule in rules {
                let text = format!(
                    "it {} {duration}",
                    crate::view::rules_text(std::slice::from_ref(rule))
                );
                out.push(Applied {
                    rule,
                    source: Source::new(&e.source, text, rule_number(rule)),
                    holder: creature,
                    condition: None,
                });
            }
        }
    }
    out
}

/// Whether a combat rule binds a creature now (its conditions read with no defending player):
/// for the rules that matter outside combat, such as "can't crew Vehicles".
pub(crate) fn has_rule(game: &Game, creature: &Object, rule: &CombatRule) -> Option<Source> {
    binding_on(game, &combat_holders(game), creature, None)
        .into_iter()
        .find(|(r, _, _)| *r == rule)
        .map(|(_, s, _)| s)
}

/// The rules of [`rules_on`] that bind with this defending player.
fn binding_on<'g>(
    game: &'g Game,
    holders: &[&'g Object],
    creature: &'g Object,
    defending: Option<PlayerId>,
) -> Vec<Bound<'g>> {
    rules_on(game, holders, creature, defending)
        .into_iter()
        .filter(|a| a.binds(game, defending))
        .map(|a| (a.rule, a.source, a.holder))
        .collect()
}

/// Rules on the whole declaration ("No more than one creature can attack each turn"), with
/// the permanent whose ability each is (its controller is the "you" of "can attack you").
fn global_rules(game: &Game) -> Vec<(&CombatRule, Source, &Object)> {
    let single = game.defending_players();
    let defending = (single.len() == 1).then(|| single[0]);
    let mut out = Vec::new();
    for perm in game.in_play() {
        for ability in perm.abilities() {
            if let Ability::Combat {
                scope: Scope::AllCreatures,
                rule,
                condition,
            } = ability
                && condition
                    .as_ref()
                    .is_none_or(|c| c.holds(game, &Context::of(perm, defending)))
            {
                let source = Source::new(&perm.label, describe(ability), rule_number(rule));
                out.push((rule, source, perm));
            }
        }
    }
    out
}

/// Rules on the whole declaration that resolved effects made for the creatures a description
/// fits ("each opponent can't block with more than one creature this combat", 418.3b): those
/// binding the declaration of `player`'s creatures. The card compiler makes them only with a
/// description by controller ("creatures your opponents control"), so either every creature
/// of that player fits or none does; a player with no creature fitting isn't bound.
fn effect_global_rules(game: &Game, player: PlayerId) -> Vec<(&CombatRule, Source)> {
    let mut out = Vec::new();
    for e in game.rule_effects.iter().filter(|e| e.duration.in_force()) {
        let ctx = Context {
            source: e.source_id,
            controller: e.controller,
            defending: None,
            recipient: None,
        };
        let binds = game.in_play().any(|o| {
            o.controller == player && o.is(CardType::Creature) && e.filter.matches(game, o, &ctx)
        });
        if !binds {
            continue;
        }
        for rule in &e.rules {
            let text = match rule {
                CombatRule::MaxBlockersTotal { max } => format!(
                    "{} player can't block with more than {max} creature(s) {}",
                    player_name(game, player),
                    e.duration
                ),
                CombatRule::MaxAttackers { max } => format!(
                    "{} player can't attack with more than {max} creature(s) {}",
                    player_name(game, player),
                    e.duration
                ),
                _ => continue,
            };
            out.push((rule, Source::new(&e.source, text, rule_number(rule))));
        }
    }
    out
}

fn rule_number(rule: &CombatRule) -> &'static str {
    match rule {
        CombatRule::AttacksEachTurn
        | CombatRule::AttacksDefender { .. }
        | CombatRule::AttacksIfOthersAttack { .. }
        | CombatRule::CantAttack
        | CombatRule::CantAttackYou
        | CombatRule::CantAttackOwner
        | CombatRule::OpponentsAttackYou { .. }
        | CombatRule::MaxAttackersYou { .. }
        | CombatRule::MaxAttackers { .. }
        | CombatRule::CantAttackAlone
        | CombatRule::AttacksOnlyAlone => "500.2",
        CombatRule::Unblockable | CombatRule::CantBeBlockedBy { .. } => "500.3a",
        CombatRule::BlocksAdditional { .. } | CombatRule::BlocksAnyNumber => "309.2a",
        CombatRule::AttackCost { .. } => "308.2d",
        CombatRule::BlockCost { .. } | CombatRule::BlockedCost { .. } => "309.2b",
        _ => "500.3",
    }
}

/// The source of an evasion restriction: the keyword with its blocking rule, the "b" part for
/// evasion keywords (502.4b, 502.6b, ...), but 502.7f for protection (502.7b is targeting).
fn keyword_source(o: &Object, k: &Keyword) -> Source {
    let rule = match k {
        Keyword::Protection(_) => "502.7f".to_string(),
        k => format!("{}b", k.rule()),
    };
    Source::new(&o.label, k.to_string(), rule)
}

fn is_creature_in_play(o: &Object) -> bool {
    o.zone == Zone::InPlay && o.is(CardType::Creature)
}

/// The defending players (306.2, 602.2), or an error if the game hasn't said who defends.
pub fn defending_players(game: &Game) -> Result<Vec<PlayerId>, BuildError> {
    let d = game.defending_players();
    if d.is_empty() {
        let opponents = game.players.len().saturating_sub(1);
        return Err(BuildError::NoDefendingPlayer(opponents));
    }
    Ok(d)
}

/// The single defending player, if there is exactly one (the usual two-player case).
pub fn defending_player(game: &Game) -> Result<PlayerId, BuildError> {
    match defending_players(game)?.as_slice() {
        [one] => Ok(*one),
        _ => Err(BuildError::WhichDefender),
    }
}

/// "unless at least N other creatures attack" (`others: None`: any of them) or "unless a black
/// creature also attacks": the candidates that count for candidate `me` (never itself).
fn company_of(
    game: &Game,
    ids: &[ObjectId],
    me: usize,
    others: Option<&crate::filter::Filter>,
    ctx: &Context,
    at_least: u32,
    source: Source,
) -> Company {
    let with = others.map(|f| {
        ids.iter()
            .enumerate()
            .filter(|(j, id)| {
                *j != me && game.object(**id).is_some_and(|o| f.matches(game, o, ctx))
            })
            .map(|(j, _)| j)
            .collect()
    });
    Company {
        with,
        at_least,
        source,
    }
}

/// A number of generic mana from an amount card text names; never negative, saturating.
fn mana_amount(game: &Game, amount: &crate::filter::Amount, ctx: &Context) -> u32 {
    u32::try_from(amount.value(game, ctx).max(0)).unwrap_or(u32::MAX)
}

/// The costs an "can't attack unless ... pays" rule puts on one creature (308.2d): for each
/// target it applies to ("you": only its holder's controller, and that player's planeswalkers
/// with `planeswalkers`) whose condition holds with that target's player defending.
fn attack_costs(
    game: &Game,
    applied: &Applied<'_>,
    targets: &[Target],
    (mana, you, planeswalkers, permanents): (&crate::filter::Amount, bool, bool, &[(usize, u32)]),
    out: &mut Vec<AttackCost>,
) {
    for (ti, target) in targets.iter().enumerate() {
        let player = game.attacked_player(&target.target);
        let applies = !you
            || (player == Some(applied.holder.controller)
                && (planeswalkers || matches!(target.target, AttackTarget::Player(_))));
        if !applies || !applied.binds(game, player) {
            continue;
        }
        let n = mana_amount(game, mana, &Context::of(applied.holder, player));
        if n > 0 || !permanents.is_empty() {
            out.push(AttackCost {
                target: Some(ti),
                mana: n,
                permanents: permanents.to_vec(),
                source: applied.source.clone(),
            });
        }
    }
}

/// The pools of permanents a cost's parts ask for (308.2d), each as (pool, how many), adding
/// new pools to `pools`: the creature's controller's permanents each description fits (it pays
/// the cost, so "you" in the description is that player). A pool with the same words and the
/// same permanents is shared, so that "for each black creature" costs of several creatures
/// compete for the same lands. A part other than sacrificing or returning permanents is
/// refused (`Err` with the part): the engine pays no other kind of cost to attack.
fn cost_pools(
    game: &Game,
    creature: &Object,
    parts: &[crate::ability::CostPart],
    pools: &mut Vec<Pool>,
) -> Result<Vec<(usize, u32)>, String> {
    use crate::ability::CostPart;
    let ctx = Context::of(creature, None);
    let mut out = Vec::new();
    for part in parts {
        let (CostPart::Sacrifice { filter, count } | CostPart::ReturnToHand { filter, count }) =
            part
        else {
            return Err(part.to_string());
        };
        let members: Vec<String> = game
            .in_play()
            .filter(|m| m.controller == creature.controller && filter.matches(game, m, &ctx))
            .map(|m| m.label.clone())
            .collect();
        let text = part.to_string();
        let k = match pools
            .iter()
            .position(|p| p.text == text && p.members == members)
        {
            Some(k) => k,
            None => {
                pools.push(Pool {
                    text,
                    members,
                    returns: matches!(part, CostPart::ReturnToHand { .. }),
                });
                pools.len() - 1
            }
        };
        out.push((k, *count));
    }
    Ok(out)
}

/// How much mana the permanent's `{T}` mana ability makes, 0 if it has none it may play (no
/// "can't" stops it, 103.2); the most of its abilities, since tapping plays only one.
pub(super) fn tap_mana(game: &Game, o: &Object) -> u32 {
    o.abilities()
        .iter()
        .filter_map(|a| match a {
            Ability::Activated { cost, effects, .. }
                if cost.is_just_tap() && activation_forbidden(game, o, cost).is_none() =>
            {
                match effects.as_slice() {
                    [e] => e
                        .mana_made(game, &crate::filter::Context::of(o, None))
                        .map(|m| m.amount()),
                    _ => None,
                }
            }
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Why an activated ability of `obj` with this cost can't be played: a static ability says
/// its activated abilities can't be (Arrest), and the "can't" wins (103.2).
pub(crate) fn activation_forbidden(
    game: &Game,
    obj: &Object,
    cost: &crate::ability::Cost,
) -> Option<String> {
    // "its activated abilities can't be activated" from a resolved effect (Edifice of
    // Authority), for as long as it lasts.
    if let Some(e) = game
        .effects_on(obj.id)
        .find(|e| matches!(e.effect, Effect::CantActivate { .. }))
    {
        return Some(format!(
            "{}'s activated abilities can't be played: {}'s effect \"{}\"",
            obj.label,
            e.source,
            crate::view::describe_effect(&e.effect)
        ));
    }
    let (holder, a) = static_applying(
        game,
        obj,
        |e| matches!(e, crate::ability::StaticEffect::CantActivate { only_tap } if cost.tap || !only_tap),
    )?;
    Some(format!(
        "{}'s activated abilities can't be played: {}'s \"{}\"",
        obj.label,
        holder.label,
        describe(a)
    ))
}

/// The first static ability in play with an effect `want` accepts that applies to `obj` now
/// (its scope fits it and its condition holds), with the permanent that has it: for the
/// static abilities that aren't characteristics ("can't be played", "doesn't untap").
pub(crate) fn static_applying<'g>(
    game: &'g Game,
    obj: &Object,
    want: impl Fn(&crate::ability::StaticEffect) -> bool,
) -> Option<(&'g Object, &'g Ability)> {
    let defending = game.defending_players();
    let defending = (defending.len() == 1).then(|| defending[0]);
    game.in_play().find_map(|holder| {
        holder.abilities().iter().find_map(|a| match a {
            Ability::Static {
                scope,
                effect,
                condition,
            } if want(effect) => {
                let ctx = Context::of(holder, defending);
                (scope.applies(game, holder, obj, &ctx)
                    && condition.as_ref().is_none_or(|c| c.holds(game, &ctx)))
                .then_some((holder, a))
            }
            _ => None,
        })
    })
}

fn player_name(game: &Game, p: PlayerId) -> String {
    game.player(p)
        .map_or_else(|| format!("player {}", p.0), |p| p.name.clone())
}

/// The attack problem of the active player (308.2a): against the defending player, or against
/// every opponent under the attack-multiple-players option (602.3). Restrictions about the
/// whole attack stay about the whole attack; costs to attack a player apply to creatures
/// attacking that player (602.3a).
pub fn attack_problem(game: &Game) -> Result<AttackProblem, BuildError> {
    let active = game.turn.active;
    let defending = defending_players(game)?;
    let holders = combat_holders(game);
    // Costs to attack written on cards are each creature's own (`AttackCandidate::costs`);
    // a target's `tax` is for problems written by hand.
    let mut targets = Vec::new();
    for &d in &defending {
        targets.push(Target {
            label: player_name(game, d),
            target: AttackTarget::Player(d),
            tax: 0,
            tax_sources: Vec::new(),
        });
    }
    // 306.2, 212.9e: planeswalkers the defending players control can be attacked.
    for perm in game.in_play() {
        if defending.contains(&perm.controller) && perm.is(CardType::Planeswalker) {
            targets.push(Target {
                label: perm.label.clone(),
                target: AttackTarget::Planeswalker(perm.id),
                tax: 0,
                tax_sources: Vec::new(),
            });
        }
        // Current 310.8b: a battle can be attacked by an attacking player whose defending
        // player is its protector; its protector never attacks it.
        let protector = perm.status.as_ref().and_then(|s| s.protector);
        if perm.is(CardType::Battle)
            && protector.is_some_and(|p| defending.contains(&p) && p != active)
        {
            targets.push(Target {
                label: perm.label.clone(),
                target: AttackTarget::Battle(perm.id),
                tax: 0,
                tax_sources: Vec::new(),
            });
        }
    }

    let mut creatures = Vec::new();
    let mut requirements = Vec::new();
    let mut free_mana = 0;
    let mut pools: Vec<Pool> = Vec::new();
    // "unless at least two other creatures attack": which creatures count is known once all
    // are listed.
    let mut pending_company = Vec::new();
    let mut pending_conditional = Vec::new();
    for o in game.in_play() {
        if o.controller != active {
            continue;
        }
        if !o.is(CardType::Creature) {
            if !o.tapped() {
                free_mana += tap_mana(game, o);
            }
            continue;
        }
        let haste = game.has_keyword(o.id, &Keyword::Haste);
        let sick = o.status.as_ref().is_some_and(|s| s.summoning_sick) && !haste;
        let mut unable = Vec::new();
        if o.tapped() {
            unable.push(Source::new(&o.label, "it is tapped", "308.2a"));
        }
        let single = (defending.len() == 1).then(|| defending[0]);
        let applied_rules = rules_on(game, &holders, o, single);
        // "can attack as though it had haste" lifts 212.3f for attacking only.
        if sick
            && !applied_rules.iter().any(|a| {
                matches!(a.rule, CombatRule::AttacksAsThoughHaste) && a.binds(game, single)
            })
        {
            unable.push(Source::new(&o.label, "it hasn't been under its controller's control continuously since the turn began and has no haste", "212.3f"));
        }
        // 502.41b, unless something lets it attack as though it didn't have defender.
        if game.has_keyword(o.id, &Keyword::Defender)
            && !applied_rules.iter().any(|a| {
                matches!(a.rule, CombatRule::AttacksDespiteDefender) && a.binds(game, single)
            })
        {
            unable.push(keyword_source(o, &Keyword::Defender));
        }
        let mut alone = None;
        let mut only_alone = None;
        let idx = creatures.len();
        // Restrictions that depend on the player attacked are decided per target (602.3a).
        let mut excluded: Vec<(usize, Vec<Source>)> = Vec::new();
        let mut costs = Vec::new();
        for applied in applied_rules {
            if let CombatRule::AttackCost {
                mana,
                you,
                planeswalkers,
                parts,
            } = applied.rule
            {
                let permanents = match cost_pools(game, o, parts, &mut pools) {
                    Ok(p) => p,
                    Err(part) => {
                        unable.push(Source::new(
                            &applied.source.label,
                            format!(
                                "{}: Skirmish can't pay \"{part}\" to attack",
                                applied.source.text
                            ),
                            "308.2d",
                        ));
                        continue;
                    }
                };
                attack_costs(
                    game,
                    &applied,
                    &targets,
                    (mana, *you, *planeswalkers, &permanents),
                    &mut costs,
                );
                continue;
            }
            let per_target = applied.per_defender()
                || matches!(
                    applied.rule,
                    CombatRule::CantAttackYou | CombatRule::CantAttackOwner
                );
            if per_target {
                if !matches!(
                    applied.rule,
                    CombatRule::CantAttack
                        | CombatRule::CantAttackYou
                        | CombatRule::CantAttackOwner
                ) {
                    // Requirements and "alone" with a defending-player condition are read with
                    // the one defending player, as below.
                    if !applied.binds(game, single) {
                        continue;
                    }
                } else {
                    for (ti, target) in targets.iter().enumerate() {
                        let player = game.attacked_player(&target.target);
                        let barred = applied.binds(game, player)
                            && match applied.rule {
                                CombatRule::CantAttack => true,
                                CombatRule::CantAttackOwner => player == Some(o.owner),
                                _ => player == Some(applied.holder.controller),
                            };
                        if barred {
                            match excluded.iter_mut().find(|(t, _)| *t == ti) {
                                Some((_, why)) => why.push(applied.source.clone()),
                                None => excluded.push((ti, vec![applied.source.clone()])),
                            }
                        }
                    }
                    continue;
                }
            } else if !applied.binds(game, single) {
                continue;
            }
            let (rule, source) = (applied.rule, applied.source);
            match rule {
                CombatRule::CantAttack => unable.push(source),
                CombatRule::CantAttackAlone => alone = Some(source),
                CombatRule::AttacksOnlyAlone => only_alone = Some(source),
                CombatRule::AttacksOnlyWith { others, at_least } => {
                    let ctx = Context::of(applied.holder, single);
                    pending_company.push((idx, others.clone(), ctx, *at_least, source));
                }
                // 500.2: tapped creatures are exempt from requirements to attack.
                CombatRule::AttacksEachTurn if !o.tapped() => {
                    requirements.push(AttackRequirement::attacks(idx, source))
                }
                CombatRule::AttacksDefender { defender } if !o.tapped() => {
                    let want = match *defender {
                        Defender::You => AttackTarget::Player(applied.holder.controller),
                        Defender::Player(p) => AttackTarget::Player(p),
                        Defender::This => AttackTarget::Planeswalker(applied.holder.id),
                        Defender::Planeswalker(w) => AttackTarget::Planeswalker(w),
                    };
                    // A player or planeswalker that isn't being defended can't be attacked,
                    // so nothing obeys the requirement and it changes no answer.
                    if let Some(t) = targets.iter().position(|t| t.target == want) {
                        requirements.push(AttackRequirement {
                            targets: vec![t],
                            ..AttackRequirement::attacks(idx, source)
                        });
                    }
                }
                CombatRule::AttacksIfOthersAttack { others } if !o.tapped() => {
                    let ctx = Context::of(applied.holder, single);
                    pending_conditional.push((idx, others.clone(), ctx, source));
                }
                _ => {}
            }
        }
        // A creature that may attack none of the targets can't attack at all.
        if unable.is_empty() && !targets.is_empty() && excluded.len() == targets.len() {
            for (_, why) in &excluded {
                for s in why {
                    if !unable.contains(s) {
                        unable.push(s.clone());
                    }
                }
            }
        }
        let allowed: Vec<usize> = if unable.is_empty() {
            (0..targets.len())
                .filter(|t| !excluded.iter().any(|(x, _)| x == t))
                .collect()
        } else {
            Vec::new()
        };
        excluded.sort_by_key(|(t, _)| *t);
        creatures.push(AttackCandidate {
            id: o.id,
            label: o.label.clone(),
            targets: allowed,
            unable,
            excluded,
            alone,
            only_alone,
            mana_ability: if o.tapped() || sick {
                0
            } else {
                tap_mana(game, o)
            },
            vigilance: game.has_keyword(o.id, &Keyword::Vigilance),
            costs,
            company: Vec::new(),
        });
    }
    let ids: Vec<ObjectId> = creatures.iter().map(|c: &AttackCandidate| c.id).collect();
    for (idx, others, ctx, at_least, source) in pending_company {
        let company = company_of(game, &ids, idx, others.as_ref(), &ctx, at_least, source);
        creatures[idx].company.push(company);
    }
    // "If ~ attacks, all creatures you control attack if able": "if able" exempts a creature
    // that can't attack at all; a condition no other creature can meet asks nothing.
    for (idx, others, ctx, source) in pending_conditional {
        if creatures[idx].targets.is_empty() {
            continue;
        }
        let when: Vec<usize> = ids
            .iter()
            .enumerate()
            .filter(|(j, id)| {
                *j != idx
                    && game
                        .object(**id)
                        .is_some_and(|o| others.matches(game, o, &ctx))
            })
            .map(|(j, _)| j)
            .collect();
        if !when.is_empty() {
            requirements.push(AttackRequirement {
                when: Some(when),
                ..AttackRequirement::attacks(idx, source)
            });
        }
    }
    // Rules on the whole attack. "you" is the controller of the permanent with the ability,
    // never the attacking player: "No more than one creature can attack you each combat"
    // limits the creatures attacking that player; "Each opponent must attack you ... with at
    // least one creature each combat if able" is one requirement any creature can obey.
    let mut max_attackers: Vec<_> = effect_global_rules(game, active)
        .into_iter()
        .filter_map(|(r, s)| match r {
            CombatRule::MaxAttackers { max } => Some((*max, s)),
            _ => None,
        })
        .collect();
    let mut target_limits = Vec::new();
    for (rule, source, holder) in global_rules(game) {
        let you = holder.controller;
        match rule {
            CombatRule::MaxAttackers { max } => max_attackers.push((*max, source)),
            CombatRule::MaxAttackersYou { max } if you != active => {
                let player = AttackTarget::Player(you);
                if let Some(t) = targets.iter().position(|t| t.target == player) {
                    target_limits.push(TargetLimit {
                        targets: vec![t],
                        max: *max,
                        source,
                    });
                }
            }
            CombatRule::OpponentsAttackYou { planeswalkers }
                if you != active && !creatures.is_empty() =>
            {
                let wanted: Vec<usize> = (0..targets.len())
                    .filter(|t| {
                        let target = &targets[*t].target;
                        game.attacked_player(target) == Some(you)
                            && (*planeswalkers || matches!(target, AttackTarget::Player(_)))
                    })
                    .collect();
                if !wanted.is_empty() {
                    requirements.push(AttackRequirement {
                        targets: wanted,
                        others: (1..creatures.len()).collect(),
                        ..AttackRequirement::attacks(0, source)
                    });
                }
            }
            _ => {}
        }
    }
    Ok(AttackProblem {
        attacking_player: player_name(game, active),
        targets,
        creatures,
        max_attackers,
        free_mana,
        requirements,
        target_limits,
        pools,
    })
}

/// Why `blocker` can't block `attacker`, if it can't (500.3a and the evasion rules of 502).
/// `defending` is the player whose lands landwalk looks at (502.6b).
pub fn evasion(
    game: &Game,
    attacker: &Object,
    blocker: &Object,
    defending: PlayerId,
) -> Vec<Source> {
    let holders = combat_holders(game);
    let a_rules = binding_on(game, &holders, attacker, Some(defending));
    let b_rules = binding_on(game, &holders, blocker, Some(defending));
    let a_keywords = game.keywords(attacker.id);
    let a = (attacker, &a_rules[..], &a_keywords[..]);
    let reasons = evasion_reasons(game, a, (blocker, &b_rules), defending);
    sources(&reasons, a, (blocker, &b_rules))
}

/// One reason a blocker can't block an attacker, by where it comes from rather than as text:
/// a class's judgement is read for each member with the member's own rules, keywords and
/// label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// The attacker's `i`th binding rule (500.3a: "can't be blocked", "can't be blocked by").
    AttackerRule(usize),
    /// The blocker's `i`th binding rule ("can block only creatures with flying").
    BlockerRule(usize),
    /// The attacker's `i`th keyword (the evasion abilities of 502).
    Keyword(usize),
    /// 502.8b: the blocker has shadow and the attacker doesn't.
    Shadow,
}

/// An attacker as the evasion rules read it: the object, its binding rules, its keywords.
type AttackerView<'a, 'g> = (&'g Object, &'a [Bound<'g>], &'a [Keyword]);
/// A blocker as the evasion rules read it: the object and its binding rules.
type BlockerView<'a, 'g> = (&'g Object, &'a [Bound<'g>]);

/// Why the blocker can't block the attacker (500.3a and 502), with the rules that bind each
/// creature (and the attacker's keywords) already found: the block problem finds them once
/// per creature, and judges once per pair of classes.
fn evasion_reasons(
    game: &Game,
    (attacker, a_rules, a_keywords): AttackerView<'_, '_>,
    (blocker, b_rules): BlockerView<'_, '_>,
    defending: PlayerId,
) -> Vec<Why> {
    let mut why = Vec::new();
    let b_has = |k: &Keyword| game.has_keyword(blocker.id, k);
    // Evasion that doesn't stop this block: "can be blocked as though it didn't have
    // swampwalk" on the attacker, "can block creatures with shadow as though it had shadow" on
    // the blocker.
    let mut ignoring: Vec<&Keyword> = Vec::new();
    for (i, (rule, _, holder)) in a_rules.iter().enumerate() {
        let ctx = Context::of(holder, Some(defending));
        match rule {
            CombatRule::BlockedAsThough { ignoring: ks } => ignoring.extend(ks),
            CombatRule::Unblockable => why.push(Why::AttackerRule(i)),
            CombatRule::CantBeBlockedBy { filter } if filter.matches(game, blocker, &ctx) => {
                why.push(Why::AttackerRule(i))
            }
            _ => {}
        }
    }
    // "can block creatures with shadow as though it had shadow": evasion it may ignore.
    for (i, (rule, _, holder)) in b_rules.iter().enumerate() {
        let ctx = Context::of(holder, Some(defending));
        if let CombatRule::BlocksAsThough {
            attackers,
            ignoring: ks,
        } = rule
            && attackers.matches(game, attacker, &ctx)
        {
            ignoring.extend(ks);
        }
        let barred = match rule {
            CombatRule::BlocksOnly { filter } => !filter.matches(game, attacker, &ctx),
            CombatRule::CantBlockCreatures { filter } => filter.matches(game, attacker, &ctx),
            _ => false,
        };
        if barred {
            why.push(Why::BlockerRule(i));
        }
    }
    for (i, keyword) in a_keywords.iter().enumerate() {
        if keyword.named_by(ignoring.iter().copied()) {
            continue;
        }
        let blocked_by = match keyword {
            Keyword::Flying => b_has(&Keyword::Flying) || b_has(&Keyword::Reach),
            Keyword::Fear => {
                blocker.is(CardType::Artifact) || blocker.colors().contains(&Color::Black)
            }
            Keyword::Shadow => b_has(&Keyword::Shadow),
            Keyword::Horsemanship => b_has(&Keyword::Horsemanship),
            Keyword::Landwalk(w) => !w.unblockable(game, defending),
            Keyword::Protection(quality) => {
                !quality.matches(game, blocker, &Context::of(attacker, Some(defending)))
            }
            // Current 702.13b.
            Keyword::Intimidate => {
                blocker.is(CardType::Artifact)
                    || blocker
                        .colors()
                        .iter()
                        .any(|c| attacker.colors().contains(c))
            }
            // Current 702.118b.
            Keyword::Skulk => blocker.power().unwrap_or(0) <= attacker.power().unwrap_or(0),
            _ => true,
        };
        if !blocked_by {
            why.push(Why::Keyword(i));
        }
    }
    // 502.8b: a creature with shadow can't block creatures without shadow.
    if b_has(&Keyword::Shadow) && !game.has_keyword(attacker.id, &Keyword::Shadow) {
        why.push(Why::Shadow);
    }
    why
}

/// The reasons as sources, read for this attacker and blocker: each from their own rules,
/// keywords and labels; repeated sources once.
fn sources(
    reasons: &[Why],
    (attacker, a_rules, a_keywords): AttackerView<'_, '_>,
    (blocker, b_rules): BlockerView<'_, '_>,
) -> Vec<Source> {
    let mut out: Vec<Source> = reasons
        .iter()
        .map(|w| match *w {
            Why::AttackerRule(i) => a_rules[i].1.clone(),
            Why::BlockerRule(i) => b_rules[i].1.clone(),
            Why::Keyword(i) => keyword_source(attacker, &a_keywords[i]),
            Why::Shadow => Source::new(
                &blocker.label,
                "shadow: it can block only creatures with shadow",
                "502.8b",
            ),
        })
        .collect();
    out.dedup();
    out
}

/// What one blocker class may block: judged once with its representative, read for every
/// member.
#[derive(Clone)]
struct ClassJudgement {
    /// For each attacker class, why the class's blockers can't block its attackers.
    reasons: Vec<Vec<Why>>,
    /// For each attacker: whether it may be blocked, and the lists of those that may and
    /// may not, in attacker order.
    may_block: Vec<bool>,
    can_block: Arc<[usize]>,
    barred: Vec<usize>,
}

/// The block problem of the defending player against the creatures attacking him or her or
/// planeswalkers he or she controls (309.2a). With several defending players (602.4), use
/// [`block_problem_for`].
pub fn block_problem(game: &Game) -> Result<BlockProblem, BuildError> {
    let defenders = attacked_players(game)?;
    match defenders.as_slice() {
        [one] => block_problem_for(game, *one),
        _ => Err(BuildError::WhichDefender),
    }
}

/// The defending players that creatures attack, in APNAP order (602.4).
pub fn attacked_players(game: &Game) -> Result<Vec<PlayerId>, BuildError> {
    let combat = game
        .combat
        .as_ref()
        .filter(|c| !c.attackers.is_empty())
        .ok_or(BuildError::NoCombat)?;
    let defending = defending_players(game)?;
    if defending.len() == 1 {
        return Ok(defending);
    }
    let mut out: Vec<PlayerId> = defending
        .into_iter()
        .filter(|d| {
            combat
                .attackers
                .values()
                .any(|t| game.attacked_player(t) == Some(*d))
        })
        .collect();
    // 103.4: APNAP order, starting after the active player.
    let n = game.players.len() as u32;
    let active = game.turn.active.0;
    out.sort_by_key(|p| (p.0 + n - active) % n);
    Ok(out)
}

/// The block problem of one defending player: only creatures attacking that player or that
/// player's planeswalkers, and only that player's creatures (602.4a, 602.4b).
///
/// Interchangeable creatures are judged once per class ([`classes`]): what one attacker-class
/// × blocker-class pair may do is found once and read for every pair of members, so set-up
/// is linear in the board, not quadratic (issue 11). The problem is exactly the one judging
/// every pair would build (`block_problem_per_pair`, kept for the tests).
pub fn block_problem_for(game: &Game, defending: PlayerId) -> Result<BlockProblem, BuildError> {
    let holders = combat_holders(game);
    let combat = game
        .combat
        .as_ref()
        .filter(|c| !c.attackers.is_empty())
        .ok_or(BuildError::NoCombat)?;
    if !game.defending_players().contains(&defending) {
        return Err(BuildError::NotDefending(player_name(game, defending)));
    }
    let single = game.defending_players().len() == 1;
    // Current 310.8c: only a battle's protector blocks the creatures attacking it.
    let attacked_by_defender = |t: &AttackTarget| match t {
        // 306.4c: still attacking, and it may be blocked (by the one defending player).
        AttackTarget::Nothing => single,
        t => game.attacked_player(t) == Some(defending),
    };
    let attacking: Vec<&Object> = combat
        .attackers
        .iter()
        .filter(|(_, t)| attacked_by_defender(t))
        .filter_map(|(id, _)| game.object(*id))
        .collect();
    // Each attacker's rules and keywords once, not once per blocker.
    let attacker_rules: Vec<Vec<Bound>> = attacking
        .iter()
        .map(|a| binding_on(game, &holders, a, Some(defending)))
        .collect();
    let attacker_keywords: Vec<Vec<Keyword>> =
        attacking.iter().map(|a| game.keywords(a.id)).collect();
    let mut attackers = Vec::with_capacity(attacking.len());
    for (a, rules) in attacking.iter().zip(&attacker_rules) {
        let mut min_blockers = Vec::new();
        let mut max_one_blocker = Vec::new();
        for (rule, source, _) in rules {
            match rule {
                CombatRule::MinBlockers { min } => min_blockers.push((*min, source.clone())),
                CombatRule::MaxOneBlocker => max_one_blocker.push(source.clone()),
                _ => {}
            }
        }
        // Current 702.111b: menace is "can't be blocked except by two or more creatures";
        // instances are redundant (702.111c).
        if game.has_keyword(a.id, &Keyword::Menace) {
            min_blockers.push((2, keyword_source(a, &Keyword::Menace)));
        }
        attackers.push(BlockAttacker {
            id: a.id,
            label: a.label.clone(),
            min_blockers,
            max_one_blocker,
            all_or_none: Vec::new(),
        });
    }
    let defenders: Vec<&Object> = game
        .in_play()
        .filter(|o| o.controller == defending && is_creature_in_play(o))
        .collect();
    let blocker_rules: Vec<Vec<Bound>> = defenders
        .iter()
        .map(|b| binding_on(game, &holders, b, Some(defending)))
        .collect();
    let mentioned = game.ids_mentioned();
    let a_classes = classes::partition(
        game,
        &classes::members(&attacking, &attacker_rules, Some(&attacker_keywords)),
        &mentioned,
    );
    let b_classes = classes::partition(
        game,
        &classes::members(&defenders, &blocker_rules, None),
        &mentioned,
    );
    // What each blocker class may block, judged on demand with the classes' representatives.
    let mut judged: Vec<Option<ClassJudgement>> = vec![None; b_classes.reps.len()];
    // The attackers whose rules ask something of each blocker that may block them: "All
    // creatures able to block ~ do so" and costs for blocking them (309.2b).
    let luring: Vec<usize> = (0..attacking.len())
        .filter(|&ai| {
            attacker_rules[ai].iter().any(|(r, _, _)| {
                matches!(r, CombatRule::LureRequirement | CombatRule::LureBy { .. })
            })
        })
        .collect();
    let costly: Vec<usize> = (0..attacking.len())
        .filter(|&ai| {
            attacker_rules[ai]
                .iter()
                .any(|(r, _, _)| matches!(r, CombatRule::BlockedCost { .. }))
        })
        .collect();
    let attacker_index: HashMap<ObjectId, usize> = attacking
        .iter()
        .enumerate()
        .map(|(ai, a)| (a.id, ai))
        .collect();
    let mut blockers = Vec::with_capacity(defenders.len());
    let mut requirements = Vec::new();
    let mut pending_company = Vec::new();
    // 309.2c: mana the defending player can make; blocking doesn't tap a creature.
    let free_mana = game
        .in_play()
        .filter(|o| o.controller == defending && !o.tapped())
        .filter(|o| {
            !(o.is(CardType::Creature)
                && o.status.as_ref().is_some_and(|s| s.summoning_sick)
                && !game.has_keyword(o.id, &Keyword::Haste))
        })
        .map(|o| tap_mana(game, o))
        .fold(0u32, u32::saturating_add);
    for (bi, b) in defenders.iter().copied().enumerate() {
        let idx = blockers.len();
        let mut unable = Vec::new();
        let b_rules = &blocker_rules[bi];
        let untapped_as_though = b_rules
            .iter()
            .any(|(r, _, _)| matches!(r, CombatRule::BlocksWhileTapped));
        if b.tapped() && !untapped_as_though {
            unable.push(Source::new(&b.label, "it is tapped", "309.2a"));
        }
        let mut alone = None;
        let mut extra = 0u32;
        let mut any = false;
        for (rule, source, holder) in b_rules {
            match rule {
                CombatRule::CantBlock => unable.push(source.clone()),
                CombatRule::CantBlockAlone => alone = Some(source.clone()),
                CombatRule::BlocksOnlyWith { others, at_least } => {
                    let ctx = Context::of(holder, Some(defending));
                    pending_company.push((idx, others.clone(), ctx, *at_least, source.clone()));
                }
                CombatRule::BlocksAdditional { extra: e } => extra = extra.saturating_add(*e),
                CombatRule::BlocksAdditionalFor { per } => {
                    let ctx = Context::of(holder, Some(defending));
                    let n = game
                        .in_play()
                        .filter(|o| per.matches(game, o, &ctx))
                        .count();
                    extra = extra.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
                }
                CombatRule::BlocksAnyNumber => any = true,
                _ => {}
            }
        }
        let mut can_block: Arc<[usize]> = Arc::from([]);
        let mut cannot_block = Vec::new();
        // Interchangeable blockers are all able or all unable (same status, same rules).
        let class = b_classes.of[bi];
        if unable.is_empty() {
            let j = judged[class].get_or_insert_with(|| {
                let rep = b_classes.reps[class];
                let blocker = (defenders[rep], &blocker_rules[rep][..]);
                let reasons: Vec<Vec<Why>> = a_classes
                    .reps
                    .iter()
                    .map(|&ai| {
                        let a = (
                            attacking[ai],
                            &attacker_rules[ai][..],
                            &attacker_keywords[ai][..],
                        );
                        evasion_reasons(game, a, blocker, defending)
                    })
                    .collect();
                let may_block: Vec<bool> = a_classes
                    .of
                    .iter()
                    .map(|c| reasons[*c].is_empty())
                    .collect();
                ClassJudgement {
                    can_block: (0..attacking.len()).filter(|ai| may_block[*ai]).collect(),
                    barred: (0..attacking.len()).filter(|ai| !may_block[*ai]).collect(),
                    may_block,
                    reasons,
                }
            });
            can_block = Arc::clone(&j.can_block);
            for &ai in &j.barred {
                let a = (
                    attacking[ai],
                    &attacker_rules[ai][..],
                    &attacker_keywords[ai][..],
                );
                let reasons = &j.reasons[a_classes.of[ai]];
                cannot_block.push((ai, sources(reasons, a, (b, b_rules))));
            }
        }
        let none = Vec::new();
        let may_block: &[bool] = match &judged[class] {
            Some(j) if unable.is_empty() => &j.may_block,
            _ => &none,
        };
        let may = |ai: usize| may_block.get(ai).copied().unwrap_or(false);
        // 500.3: tapped creatures are exempt from requirements to block.
        if !b.tapped() {
            for (rule, source, holder) in b_rules {
                match rule {
                    CombatRule::BlocksEachTurn => requirements.push(BlockRequirement::Blocks {
                        blocker: idx,
                        source: source.clone(),
                    }),
                    CombatRule::BlocksCreature { filter } => {
                        let ctx = Context::of(holder, Some(defending));
                        for (ai, a) in attacking.iter().enumerate() {
                            if may(ai) && filter.matches(game, a, &ctx) {
                                requirements.push(BlockRequirement::BlocksAttacker {
                                    blocker: idx,
                                    attacker: ai,
                                    source: source.clone(),
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
            // Only the attackers that ask something of a blocker, in attacker order: those
            // with a lure, and those a resolved effect says this blocker must block.
            let mut asking: Vec<usize> = luring.clone();
            asking.extend(
                combat
                    .must_block
                    .iter()
                    .filter(|(must, _, _)| *must == b.id)
                    .filter_map(|(_, a, _)| attacker_index.get(a).copied()),
            );
            asking.sort_unstable();
            asking.dedup();
            for ai in asking {
                if !may(ai) {
                    continue;
                }
                let a = attacking[ai];
                for (rule, source, holder) in attacker_rules[ai].iter().cloned() {
                    let lured = match rule {
                        CombatRule::LureRequirement => true,
                        CombatRule::LureBy { filter } => {
                            filter.matches(game, b, &Context::of(holder, Some(defending)))
                        }
                        _ => false,
                    };
                    if lured {
                        requirements.push(BlockRequirement::BlocksAttacker {
                            blocker: idx,
                            attacker: ai,
                            source,
                        });
                    }
                }
                for (must, attacker, label) in &combat.must_block {
                    if *must == b.id && *attacker == a.id {
                        requirements.push(BlockRequirement::BlocksAttacker {
                            blocker: idx,
                            attacker: ai,
                            source: Source::new(
                                label,
                                format!("{} blocks {} this combat if able", b.label, a.label),
                                "502.29a",
                            ),
                        });
                    }
                }
            }
        }
        // 309.2b: costs to block, its own and those of the attackers it can block.
        let mut costs = Vec::new();
        for (rule, source, holder) in b_rules {
            if let CombatRule::BlockCost {
                mana,
                attackers,
                life,
            } = rule
            {
                let ctx = Context::of(holder, Some(defending));
                let n = mana_amount(game, mana, &ctx);
                if n == 0 && *life == 0 {
                    continue;
                }
                let fits: Option<Vec<usize>> = attackers.as_ref().map(|f| {
                    can_block
                        .iter()
                        .copied()
                        .filter(|ai| f.matches(game, attacking[*ai], &ctx))
                        .collect()
                });
                match fits {
                    // A life cost "for each blocking creature" is paid once when every
                    // attacker it could block fits the description.
                    None => costs.push(BlockCost {
                        attacker: None,
                        mana: n,
                        life: *life,
                        source: source.clone(),
                    }),
                    Some(fits)
                        if *life > 0
                            && n == 0
                            && !fits.is_empty()
                            && fits.len() == can_block.len() =>
                    {
                        costs.push(BlockCost {
                            attacker: None,
                            mana: 0,
                            life: *life,
                            source: source.clone(),
                        })
                    }
                    Some(fits) => {
                        for ai in fits {
                            costs.push(BlockCost {
                                attacker: Some(ai),
                                mana: n,
                                life: *life,
                                source: source.clone(),
                            });
                        }
                    }
                }
            }
        }
        for &ai in &costly {
            if !may(ai) {
                continue;
            }
            for (rule, source, holder) in &attacker_rules[ai] {
                if let CombatRule::BlockedCost { mana } = rule {
                    let n = mana_amount(game, mana, &Context::of(holder, Some(defending)));
                    if n > 0 {
                        costs.push(BlockCost {
                            attacker: Some(ai),
                            mana: n,
                            life: 0,
                            source: source.clone(),
                        });
                    }
                }
            }
        }
        blockers.push(BlockCandidate {
            id: b.id,
            label: b.label.clone(),
            can_block,
            unable,
            cannot_block,
            capacity: if any {
                Capacity::Any
            } else {
                Capacity::Up(1 + extra)
            },
            alone,
            costs,
            company: Vec::new(),
        });
    }
    let ids: Vec<ObjectId> = blockers.iter().map(|c: &BlockCandidate| c.id).collect();
    for (idx, others, ctx, at_least, source) in pending_company {
        let company = company_of(game, &ids, idx, others.as_ref(), &ctx, at_least, source);
        blockers[idx].company.push(company);
    }
    for (ai, rules) in attacker_rules.iter().enumerate() {
        for (rule, source, holder) in rules {
            match rule {
                CombatRule::MustBeBlocked => requirements.push(BlockRequirement::MustBeBlocked {
                    attacker: ai,
                    source: source.clone(),
                }),
                CombatRule::MustBeBlockedByOne => {
                    requirements.push(BlockRequirement::MustBeBlockedByOne {
                        attacker: ai,
                        source: source.clone(),
                    })
                }
                CombatRule::MustBeBlockedBy { filter } => {
                    let ctx = Context::of(holder, Some(defending));
                    let by = ids
                        .iter()
                        .enumerate()
                        .filter(|(_, id)| {
                            game.object(**id)
                                .is_some_and(|o| filter.matches(game, o, &ctx))
                        })
                        .map(|(b, _)| b)
                        .collect();
                    requirements.push(BlockRequirement::MustBeBlockedBy {
                        attacker: ai,
                        by,
                        source: source.clone(),
                    });
                }
                CombatRule::BlockedOnlyByAll => {
                    attackers[ai].all_or_none.push(source.clone());
                }
                _ => {}
            }
        }
    }
    let max_blockers = global_rules(game)
        .into_iter()
        .map(|(r, s, _)| (r, s))
        .chain(effect_global_rules(game, defending))
        .filter_map(|(r, s)| match r {
            CombatRule::MaxBlockersTotal { max } => Some((*max, s)),
            _ => None,
        })
        .collect();
    Ok(BlockProblem {
        defending_player: player_name(game, defending),
        attackers,
        blockers,
        max_blockers,
        requirements,
        free_mana,
        payable_life: game
            .player(defending)
            .map_or(0, |p| u32::try_from(p.life).unwrap_or(0)),
    })
}
