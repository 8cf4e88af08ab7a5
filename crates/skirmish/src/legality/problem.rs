//! Legality problems as plain values: everything rule 500 needs to judge a declaration, with no
//! game attached. A problem can be built from a game (`build`), written by hand, printed,
//! serialized and compared.
//!
//! Indices (`usize`) refer to positions in the problem's own vectors; labels and object ids say
//! which game objects they stand for.

use crate::model::{AttackTarget, ObjectId};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a restriction or requirement comes from: an object and its ability, and the rule that
/// makes it binding.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The label of the object with the ability (or the rule itself, for rules like 308.2a).
    pub label: String,
    /// The ability or rule, in words.
    pub text: String,
    /// The 2009 rule number.
    pub rule: String,
}

impl Source {
    pub fn new(label: impl Into<String>, text: impl Into<String>, rule: impl Into<String>) -> Self {
        Source {
            label: label.into(),
            text: text.into(),
            rule: rule.into(),
        }
    }
}

/// A player or planeswalker that can be attacked (306.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub label: String,
    pub target: AttackTarget,
    /// Generic mana to pay for each creature attacking it (308.2d), and the effects imposing it.
    pub tax: u32,
    pub tax_sources: Vec<Source>,
}

/// Reads an amount of mana written as a number, or as `true`/`false` (1 or 0, the shape of
/// files written before a creature could make more than one).
fn mana_amount<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Amount {
        Flag(bool),
        Count(u32),
    }
    Ok(match Amount::deserialize(d)? {
        Amount::Flag(b) => u32::from(b),
        Amount::Count(n) => n,
    })
}

/// A creature the attacking player controls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackCandidate {
    pub id: ObjectId,
    pub label: String,
    /// The targets (indices into `AttackProblem::targets`) it may attack. Empty if it can't
    /// attack at all, and then `unable` says why.
    pub targets: Vec<usize>,
    /// Restrictions that keep it from attacking at all.
    pub unable: Vec<Source>,
    /// Targets it may not attack although it can attack ("can't attack you", "can't attack
    /// unless defending player controls an Island"), each with why not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<(usize, Vec<Source>)>,
    /// "can't attack alone" (306.5).
    pub alone: Option<Source>,
    /// "can only attack alone" (306.5): if it attacks, no other creature does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_alone: Option<Source>,
    /// How much mana the untapped creature's `{T}` mana ability makes (0: it has none) to pay
    /// attack costs when it isn't tapped by attacking (308.2c taps attackers before 308.2e's
    /// mana abilities; vigilance keeps it untapped). `true` and `false` read as 1 and 0.
    #[serde(deserialize_with = "mana_amount")]
    pub mana_ability: u32,
    pub vigilance: bool,
    /// Costs to attack that are its own (308.2d): "~ can't attack unless you pay {2}",
    /// "Nonblack creatures can't attack you unless their controller pays {2} for each
    /// creature ...". They add to the targets' taxes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<AttackCost>,
    /// "can't attack unless at least two other creatures attack" and the like.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub company: Vec<Company>,
}

/// "can't attack unless at least two other creatures attack", "can't block unless a creature
/// with greater power also blocks": a restriction met when at least `at_least` of the creatures
/// `with` (a set of indices of the same problem's candidates; `None`: every other one) are
/// declared too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Company {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<Vec<usize>>,
    pub at_least: u32,
    pub source: Source,
}

impl Company {
    /// How many of the declared creatures (`declared[j]`) count for creature `me`.
    pub fn count(&self, me: usize, declared: &dyn Fn(usize) -> bool, n: usize) -> u32 {
        match &self.with {
            None => (0..n).filter(|j| *j != me && declared(*j)).count() as u32,
            Some(w) => {
                // A set: a creature listed twice counts once.
                let mut v: Vec<usize> = w
                    .iter()
                    .copied()
                    .filter(|j| *j != me && declared(*j))
                    .collect();
                v.sort_unstable();
                v.dedup();
                v.len() as u32
            }
        }
    }
}

/// What a creature's controller pays for it to attack (308.2d): to attack one target (`Some`),
/// or whatever it attacks (`None`). Generic mana, and permanents to give up ("can't attack
/// unless you sacrifice two Islands"): `count` of the permanents in pool `pool` of
/// `AttackProblem::pools` for each `(pool, count)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackCost {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<usize>,
    pub mana: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub permanents: Vec<(usize, u32)>,
    pub source: Source,
}

/// Permanents the attacking player could give up to pay costs to attack (308.2d): those one
/// cost's description fits ("a land", "two Islands", "an enchantment you control"). A
/// permanent in several pools pays for one of them only: each is sacrificed or returned once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// What is done with them, in words ("sacrifice a land").
    pub text: String,
    /// The permanents that fit, by label.
    pub members: Vec<String>,
    /// They are returned to their owners' hands rather than sacrificed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub returns: bool,
}

/// Generic mana the defending player pays for a creature to block (309.2b): once for blocking
/// at all (`attacker: None`, "~ can't block unless you pay {2}"), or for blocking one attacker
/// ("~ can't block creatures with power 3 or greater unless you pay {1}", "can't be blocked
/// unless defending player pays {3} for each creature ... blocking it").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockCost {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<usize>,
    pub mana: u32,
    /// Life paid with it (215.4).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub life: u32,
    pub source: Source,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// "[It] attacks each turn if able": obeyed when the creature attacks (500.1). With `targets`,
/// only when it attacks one of those players or planeswalkers ("attacks target opponent this
/// turn if able", "attacks ~ if able"). With `others`, a requirement on a group: obeyed when the
/// creature or any of those attacks as asked ("Each opponent must attack you or a planeswalker
/// you control with at least one creature each combat if able"). With `when`, the requirement
/// is conditional ("If ~ attacks, all creatures you control attack if able", "If a creature you
/// control attacks, ~ also attacks if able"): it asks for an attack only once one of those
/// creatures attacks, so it is obeyed when none of them attacks or the creature attacks (500.4
/// counts the requirements obeyed; a requirement whose condition isn't met isn't disobeyed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackRequirement {
    pub creature: usize,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Vec<usize>>,
}

impl AttackRequirement {
    /// "creature attacks each turn if able", unconditional and to any target.
    pub fn attacks(creature: usize, source: Source) -> Self {
        AttackRequirement {
            creature,
            source,
            targets: Vec::new(),
            others: Vec::new(),
            when: None,
        }
    }

    /// Whether attacking `opt` is what the requirement asks for.
    pub fn asks(&self, opt: Option<usize>) -> bool {
        opt.is_some_and(|t| self.targets.is_empty() || self.targets.contains(&t))
    }

    /// The creatures whose attack can obey it.
    pub fn subjects(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(self.creature).chain(self.others.iter().copied())
    }

    /// Whether the declaration obeys it.
    pub fn obeyed_by(&self, choice: &AttackChoice) -> bool {
        let get = |i: usize| choice.0.get(i).copied().flatten();
        self.subjects().any(|i| self.asks(get(i)))
            || self
                .when
                .as_ref()
                .is_some_and(|w| !w.iter().any(|i| get(*i).is_some()))
    }
}

/// Everything rule 500 needs to judge a declaration of attackers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackProblem {
    pub attacking_player: String,
    pub targets: Vec<Target>,
    pub creatures: Vec<AttackCandidate>,
    /// "No more than N creatures can attack": each is a restriction on the whole declaration.
    pub max_attackers: Vec<(u32, Source)>,
    /// Mana available to pay attack costs besides mana creatures: the pool and untapped
    /// permanents with mana abilities that are not candidates.
    pub free_mana: u32,
    pub requirements: Vec<AttackRequirement>,
    /// "No more than one creature can attack you each combat": limits on the creatures
    /// attacking some of the targets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target_limits: Vec<TargetLimit>,
    /// Permanents that pay the costs to attack that aren't mana (308.2d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pools: Vec<Pool>,
}

/// At most `max` creatures attack the targets `targets` (a restriction on the whole
/// declaration, 500.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetLimit {
    pub targets: Vec<usize>,
    pub max: u32,
    pub source: Source,
}

/// How many attackers a creature may block (309.2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capacity {
    /// Up to this many (1 normally; 2 with "can block an additional creature").
    Up(u32),
    /// "can block any number of creatures".
    Any,
}

impl Capacity {
    pub fn limit(self, options: usize) -> usize {
        match self {
            Capacity::Up(n) => (n as usize).min(options),
            Capacity::Any => options,
        }
    }
}

/// An attacking creature, as the blocking rules see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockAttacker {
    pub id: ObjectId,
    pub label: String,
    /// "can't be blocked except by N or more creatures", each instance.
    pub min_blockers: Vec<(u32, Source)>,
    /// "can't be blocked by more than one creature", each instance.
    pub max_one_blocker: Vec<Source>,
    /// "can't be blocked unless all creatures defending player controls block it": blocked,
    /// every candidate blocker blocks it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub all_or_none: Vec<Source>,
}

impl BlockAttacker {
    /// The binding minimum: evasion abilities are cumulative (500.3a), so the largest wins.
    pub fn min(&self) -> u32 {
        self.min_blockers.iter().map(|(n, _)| *n).max().unwrap_or(1)
    }
    pub fn max(&self) -> Option<u32> {
        (!self.max_one_blocker.is_empty()).then_some(1)
    }
}

/// A creature the defending player controls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockCandidate {
    pub id: ObjectId,
    pub label: String,
    /// Attackers (indices into `BlockProblem::attackers`) it may block. Shared: copies of a
    /// creature block the same attackers, and 500 tokens against 500 attackers would otherwise
    /// hold 250,000 indices.
    pub can_block: Arc<[usize]>,
    /// Restrictions that keep it from blocking at all.
    pub unable: Vec<Source>,
    /// For each attacker it can't block although able to block: why not (evasion, 500.3a).
    pub cannot_block: Vec<(usize, Vec<Source>)>,
    pub capacity: Capacity,
    /// "can't block alone" (306.5).
    pub alone: Option<Source>,
    /// Costs to block (309.2b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<BlockCost>,
    /// "can't block unless at least two other creatures block" and the like.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub company: Vec<Company>,
}

/// One requirement instance on blocks (500.1); each counts once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[serde(deny_unknown_fields)]
pub enum BlockRequirement {
    /// "[It] blocks each turn if able": obeyed when the blocker blocks.
    Blocks { blocker: usize, source: Source },
    /// Obeyed when this blocker blocks this attacker: one per Lure instance per creature able
    /// to block (500.4, two-Lures ruling), and provoke (502.29).
    BlocksAttacker {
        blocker: usize,
        attacker: usize,
        source: Source,
    },
    /// "[It] must be blocked if able": obeyed when at least one creature blocks it.
    MustBeBlocked { attacker: usize, source: Source },
    /// "must be blocked by an Eldrazi if able": obeyed when one of these blockers blocks it.
    MustBeBlockedBy {
        attacker: usize,
        by: Vec<usize>,
        source: Source,
    },
    /// "must be blocked by exactly one creature if able" (Nacatl War-Pride): obeyed when
    /// exactly one creature blocks it. Two blockers disobey it; they are no restriction.
    MustBeBlockedByOne { attacker: usize, source: Source },
}

impl BlockRequirement {
    pub fn source(&self) -> &Source {
        match self {
            BlockRequirement::Blocks { source, .. }
            | BlockRequirement::BlocksAttacker { source, .. }
            | BlockRequirement::MustBeBlocked { source, .. }
            | BlockRequirement::MustBeBlockedBy { source, .. }
            | BlockRequirement::MustBeBlockedByOne { source, .. } => source,
        }
    }
}

/// Everything rule 500 needs to judge a declaration of blockers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockProblem {
    pub defending_player: String,
    pub attackers: Vec<BlockAttacker>,
    pub blockers: Vec<BlockCandidate>,
    /// "No more than N creatures can block": each a restriction on the whole declaration.
    pub max_blockers: Vec<(u32, Source)>,
    pub requirements: Vec<BlockRequirement>,
    /// Mana the defending player can make to pay costs to block (309.2c): the pool and
    /// untapped permanents with `{T}` mana abilities (blocking doesn't tap a creature).
    #[serde(default)]
    pub free_mana: u32,
    /// The defending player's life, which pays life costs to block (215.4).
    #[serde(default)]
    pub payable_life: u32,
}

/// A declaration of attackers over a problem: for each candidate, the target it attacks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AttackChoice(pub Vec<Option<usize>>);

/// A declaration of blockers over a problem: for each candidate, the attackers it blocks
/// (sorted, no repeats).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BlockChoice(pub Vec<Vec<usize>>);

impl AttackProblem {
    pub fn none(&self) -> AttackChoice {
        AttackChoice(vec![None; self.creatures.len()])
    }

    /// The tax to pay per attacker for a target.
    pub fn tax(&self, target: usize) -> u32 {
        self.targets[target].tax
    }

    /// What creature `i` costs to attack target `t` (308.2d): the target's tax and the
    /// creature's own costs, saturating (no player has that much mana anyway).
    pub fn cost(&self, i: usize, t: usize) -> u32 {
        let own = self.creatures[i]
            .costs
            .iter()
            .filter(|c| c.target.is_none_or(|x| x == t))
            .fold(0u32, |a, c| a.saturating_add(c.mana));
        self.targets.get(t).map_or(0, |x| x.tax).saturating_add(own)
    }

    /// Whether creature `i` attacking target `t` has a cost at all, mana or not (500.2's
    /// exemption: nobody must pay a cost to obey a requirement).
    pub fn has_cost(&self, i: usize, t: usize) -> bool {
        self.cost(i, t) > 0
            || self.creatures[i].costs.iter().any(|c| {
                c.target.is_none_or(|x| x == t) && c.permanents.iter().any(|(_, n)| *n > 0)
            })
    }

    /// Adds to `demand` (one entry per pool) the permanents creature `i` gives up to attack
    /// target `t`, saturating.
    pub fn add_demand(&self, i: usize, t: usize, demand: &mut [u32]) {
        for c in self.creatures[i]
            .costs
            .iter()
            .filter(|c| c.target.is_none_or(|x| x == t))
        {
            for (pool, n) in &c.permanents {
                if let Some(d) = demand.get_mut(*pool) {
                    *d = d.saturating_add(*n);
                }
            }
        }
    }

    /// Each pool's members as indices into one list of distinct permanents.
    pub fn pool_members(&self) -> Vec<Vec<usize>> {
        self.pool_permanents().1
    }

    /// The distinct permanents of all pools (labels), and each pool's members as indices into
    /// that list.
    pub fn pool_permanents(&self) -> (Vec<String>, Vec<Vec<usize>>) {
        let mut names: Vec<String> = Vec::new();
        let members = self
            .pools
            .iter()
            .map(|p| {
                let mut m: Vec<usize> = p
                    .members
                    .iter()
                    .map(|l| match names.iter().position(|x| x == l) {
                        Some(k) => k,
                        None => {
                            names.push(l.clone());
                            names.len() - 1
                        }
                    })
                    .collect();
                // A label listed twice is one permanent; the order is kept (the engine's
                // preference among them).
                let mut seen = std::collections::HashSet::new();
                m.retain(|k| seen.insert(*k));
                m
            })
            .collect();
        (names, members)
    }

    /// The strictest "no more than N" limit.
    pub fn max_limit(&self) -> Option<u32> {
        self.max_attackers.iter().map(|(n, _)| *n).min()
    }

    /// The problem's size: creatures, targets, the pairs of a creature and a target it can
    /// attack, requirement instances. Building the problem from a game and setting a search up
    /// take work in proportion, and each question charges it to its budget before searching,
    /// so the budget counts set-up too (issue 13).
    pub fn size(&self) -> u64 {
        let pairs: u64 = self.creatures.iter().map(|c| c.targets.len() as u64).sum();
        (self.creatures.len() + self.targets.len() + self.requirements.len()) as u64 + pairs
    }
}

impl BlockProblem {
    pub fn none(&self) -> BlockChoice {
        BlockChoice(vec![Vec::new(); self.blockers.len()])
    }

    pub fn max_limit(&self) -> Option<u32> {
        self.max_blockers.iter().map(|(n, _)| *n).min()
    }

    /// The problem's size, as [`AttackProblem::size`]: creatures, the pairs of a blocker and
    /// an attacker it can block, requirement instances.
    pub fn size(&self) -> u64 {
        let pairs: u64 = self.blockers.iter().map(|b| b.can_block.len() as u64).sum();
        (self.blockers.len() + self.attackers.len() + self.requirements.len()) as u64 + pairs
    }

    /// The costed items of blocker `b` blocking the attackers `option` (309.2b): `None` for
    /// its cost to block at all, `Some(a)` for its cost to block `a`; sorted.
    pub fn costed(&self, b: usize, option: &[usize]) -> Vec<Option<usize>> {
        let mut out: Vec<Option<usize>> = Vec::new();
        if option.is_empty() {
            return out;
        }
        for c in &self.blockers[b].costs {
            if c.mana == 0 && c.life == 0 {
                continue;
            }
            let hit = match c.attacker {
                None => true,
                Some(a) => option.contains(&a),
            };
            if hit && !out.contains(&c.attacker) {
                out.push(c.attacker);
            }
        }
        out.sort_unstable();
        out
    }

    /// The life blocker `b` pays to block the attackers `option` (309.2b, 215.4), saturating.
    pub fn life_cost(&self, b: usize, option: &[usize]) -> u32 {
        if option.is_empty() {
            return 0;
        }
        self.blockers[b]
            .costs
            .iter()
            .filter(|c| c.attacker.is_none_or(|a| option.contains(&a)))
            .fold(0u32, |s, c| s.saturating_add(c.life))
    }

    /// What blocker `b` costs to block the attackers `option` (309.2b), saturating.
    pub fn cost(&self, b: usize, option: &[usize]) -> u32 {
        if option.is_empty() {
            return 0;
        }
        self.blockers[b]
            .costs
            .iter()
            .filter(|c| c.attacker.is_none_or(|a| option.contains(&a)))
            .fold(0u32, |s, c| s.saturating_add(c.mana))
    }
}
