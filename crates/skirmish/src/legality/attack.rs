//! Exact attack legality by dynamic programming.
//!
//! Every attack restriction is either about one creature (it may attack these targets, or not
//! at all) or about the whole declaration through a count: how many attack ("no more than N",
//! "can't attack alone", 306.5, "can't attack unless at least two other creatures attack"), how
//! many of some creatures attack ("unless a black or green creature also attacks") and how much
//! mana the attack costs against how much can be paid (308.2d-f). So processing creatures one at
//! a time with the state (attackers so far, capped; the most attackers an attacking creature
//! needs; for each restriction about some creatures, whether its creature attacks and how many
//! of them do, capped; mana still owed; requirements obeyed) decides the maximum and counts the
//! declarations exactly, in time linear in the number of creatures times the number of states.

use super::problem::{AttackChoice, AttackProblem};
use super::{Budget, Exhausted};
use num_bigint::BigUint;
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct St {
    count: u32,
    alone: bool,
    /// A creature that can only attack alone attacks.
    only_alone: bool,
    /// The most attackers in all that an attacking creature needs ("at least two other
    /// creatures attack": 3).
    need: u32,
    /// For each restriction about some creatures: how many of them attack (capped at what it
    /// asks), with the top bit set once its own creature attacks.
    comp: Vec<u32>,
    /// Mana owed minus mana that creatures not tapped by attacking can still make.
    owed: i64,
    /// For each group of conditional requirements still open: how many of its creatures so far
    /// didn't attack as asked, with the top bit set once one of its triggering creatures
    /// attacked.
    cond: Vec<u32>,
    /// For each requirement several creatures can obey, still open: `ANY_HIT` once one of them
    /// attacked as asked, `ANY_TRIGGERED` once its condition was met.
    any: Vec<u8>,
    /// For each limit on the creatures attacking some targets, how many do so far.
    lim: Vec<u32>,
    /// For each pool of permanents that pays costs to attack, how many of them the attackers
    /// so far need (308.2d); states only exist while all can be paid at once.
    res: Vec<u32>,
    score: u32,
}

const ANY_HIT: u8 = 1;
const ANY_TRIGGERED: u8 = 2;

/// A requirement any of several creatures obeys ("with at least one creature"), perhaps
/// conditional.
#[derive(Debug, Clone)]
struct AnyOf {
    subjects: Vec<bool>,
    targets: Vec<usize>,
    when: Option<Vec<bool>>,
    last: usize,
}

/// Conditional requirements ("If ~ attacks, all creatures you control attack if able") that
/// the same creatures trigger: each is obeyed unless a triggering creature attacks and its
/// creature doesn't attack as asked.
#[derive(Debug, Clone)]
struct Group {
    member: Vec<bool>,
    /// Each requirement's creature and the targets it asks for (empty: any).
    subjects: Vec<(usize, Vec<usize>)>,
    /// The last creature (in the DP's order) that decides the group's outcome.
    last: usize,
}

/// The top bit of a `St::comp` entry: the restriction's own creature attacks.
const OWNER: u32 = 1 << 31;
/// Counts of some creatures are kept below the owner bit.
const COMP_CAP: u32 = OWNER - 1;

/// What the DP keeps for a state: the number of ways to reach it. (An optimal declaration is
/// rebuilt from the states alone, see `witness`.)
#[derive(Debug, Clone)]
struct Node {
    ways: BigUint,
}

/// The DP over one set of allowed options per creature.
pub(super) struct AttackDp<'p> {
    p: &'p AttackProblem,
    options: Vec<Vec<Option<usize>>>,
    /// For each creature, the targets each of its unconditional requirements asks for (empty:
    /// any).
    asks: Vec<Vec<Vec<usize>>>,
    /// Conditional requirements, grouped by the creatures whose attack triggers them.
    groups: Vec<Group>,
    /// Requirements any of several creatures can obey.
    anys: Vec<AnyOf>,
    cap: u32,
    max: Option<u32>,
    suffix_tax: Vec<i64>,
    suffix_supply: Vec<i64>,
    /// For each creature, the attackers in all its "at least N other creatures" asks (N + 1).
    need: Vec<u32>,
    /// Restrictions about some creatures: (its creature, the creatures that count, how many).
    comp: Vec<(usize, Vec<bool>, u32)>,
    /// Each pool's permanents (`AttackProblem::pool_members`).
    members: Vec<Vec<usize>>,
    layers: Vec<HashMap<St, Node>>,
    /// The maximum number of requirements obeyed, if any declaration obeys every restriction.
    pub best: Option<u32>,
}

impl<'p> AttackDp<'p> {
    /// Runs the DP where creature `i` may choose among `options[i]` (which must include `None`).
    pub fn run(
        p: &'p AttackProblem,
        options: Vec<Vec<Option<usize>>>,
        budget: &mut Budget,
    ) -> Result<Self, Exhausted> {
        let n = p.creatures.len();
        let mut asks = vec![Vec::new(); n];
        let mut groups: Vec<Group> = Vec::new();
        let mut anys: Vec<AnyOf> = Vec::new();
        let members = |list: &[usize]| {
            let mut m = vec![false; n];
            for j in list.iter().filter(|j| **j < n) {
                m[*j] = true;
            }
            m
        };
        for r in p.requirements.iter().filter(|r| r.creature < n) {
            if !r.others.is_empty() {
                let subjects: Vec<usize> = r.subjects().collect();
                let when = r.when.as_deref().map(members);
                let last = subjects
                    .iter()
                    .chain(r.when.iter().flatten())
                    .copied()
                    .filter(|j| *j < n)
                    .max()
                    .unwrap_or(0);
                anys.push(AnyOf {
                    subjects: members(&subjects),
                    targets: r.targets.clone(),
                    when,
                    last,
                });
                continue;
            }
            let Some(when) = &r.when else {
                asks[r.creature].push(r.targets.clone());
                continue;
            };
            let member = members(when);
            let g = match groups.iter().position(|g| g.member == member) {
                Some(g) => g,
                None => {
                    groups.push(Group {
                        last: member.iter().rposition(|m| *m).unwrap_or(0),
                        member,
                        subjects: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let g = &mut groups[g];
            g.last = g.last.max(r.creature);
            g.subjects.push((r.creature, r.targets.clone()));
        }
        let max = p.max_limit();
        let mut need = vec![0u32; n];
        let mut comp = Vec::new();
        for (i, c) in p.creatures.iter().enumerate() {
            for k in &c.company {
                let at_least = k.at_least.min(COMP_CAP);
                match &k.with {
                    None => need[i] = need[i].max(at_least.saturating_add(1)),
                    Some(w) => {
                        let mut member = vec![false; n];
                        for j in w.iter().filter(|j| **j != i && **j < n) {
                            member[*j] = true;
                        }
                        comp.push((i, member, at_least));
                    }
                }
            }
        }
        let most_needed = need.iter().copied().max().unwrap_or(0);
        let tracks_count = max.is_some()
            || most_needed > 0
            || p.creatures
                .iter()
                .any(|c| c.alone.is_some() || c.only_alone.is_some());
        // The count saturates at `cap`: high enough to tell "alone" (fewer than 2), to see a
        // limit of N broken (N + 1 attackers; a cap of N would hide the (N + 1)th attacker), and
        // to see the most attackers any creature needs.
        let cap = if tracks_count {
            max.map_or(2, |m| m.saturating_add(1).max(2))
                .max(most_needed)
        } else {
            0
        };
        let mut suffix_tax = vec![0i64; n + 1];
        let mut suffix_supply = vec![0i64; n + 1];
        for i in (0..n).rev() {
            let max_tax = options[i]
                .iter()
                .flatten()
                .map(|t| i64::from(p.cost(i, *t)))
                .max()
                .unwrap_or(0);
            suffix_tax[i] = suffix_tax[i + 1] + max_tax;
            suffix_supply[i] = suffix_supply[i + 1] + i64::from(p.creatures[i].mana_ability);
        }
        let mut dp = AttackDp {
            p,
            options,
            asks,
            groups,
            anys,
            cap,
            max,
            suffix_tax,
            suffix_supply,
            need,
            comp,
            members: p.pool_members(),
            layers: Vec::with_capacity(n + 1),
            best: None,
        };
        let start = St {
            count: 0,
            alone: false,
            only_alone: false,
            need: 0,
            comp: vec![0; dp.comp.len()],
            owed: (-(p.free_mana as i64)).max(-dp.suffix_tax[0]),
            cond: vec![0; dp.groups.len()],
            any: vec![0; dp.anys.len()],
            lim: vec![0; p.target_limits.len()],
            res: vec![0; p.pools.len()],
            score: 0,
        };
        let mut first = HashMap::new();
        first.insert(
            start,
            Node {
                ways: BigUint::from(1u32),
            },
        );
        dp.layers.push(first);
        for i in 0..n {
            let mut next: HashMap<St, Node> = HashMap::new();
            let current = &dp.layers[i];
            budget.spend((current.len() * dp.options[i].len()) as u64)?;
            for (st, node) in current {
                for &opt in &dp.options[i] {
                    let Some(ns) = dp.step(i, st, opt) else {
                        continue;
                    };
                    match next.get_mut(&ns) {
                        Some(e) => e.ways += &node.ways,
                        None => {
                            next.insert(
                                ns,
                                Node {
                                    ways: node.ways.clone(),
                                },
                            );
                        }
                    }
                }
            }
            dp.layers.push(next);
        }
        dp.best = dp.layers[n]
            .keys()
            .filter(|s| dp.accept(s))
            .map(|s| s.score)
            .max();
        Ok(dp)
    }

    fn step(&self, i: usize, st: &St, opt: Option<usize>) -> Option<St> {
        let cand = &self.p.creatures[i];
        let mut s = st.clone();
        if let Some(t) = opt {
            s.count = (s.count + 1).min(self.cap);
            if self.max.is_some_and(|m| s.count > m) {
                return None;
            }
            s.alone |= cand.alone.is_some();
            s.only_alone |= cand.only_alone.is_some();
            // 306.5: once a creature that attacks only alone has company, nothing mends it.
            if s.only_alone && s.count >= 2 {
                return None;
            }
            s.need = s.need.max(self.need[i]);
            for (k, (owner, member, at_least)) in self.comp.iter().enumerate() {
                let (on, n) = (s.comp[k] & OWNER, s.comp[k] & !OWNER);
                let n = if member[i] { (n + 1).min(*at_least) } else { n };
                s.comp[k] = n | if *owner == i { OWNER } else { on };
            }
            s.owed += i64::from(self.p.cost(i, t));
            if !cand.costs.is_empty() {
                self.p.add_demand(i, t, &mut s.res);
                if s.res != st.res && super::pools::assign(&self.members, &s.res).is_none() {
                    return None;
                }
            }
            for (k, l) in self.p.target_limits.iter().enumerate() {
                if l.targets.contains(&t) {
                    s.lim[k] += 1;
                    if s.lim[k] > l.max {
                        return None;
                    }
                }
            }
        }
        let asked =
            |targets: &Vec<usize>| opt.is_some_and(|t| targets.is_empty() || targets.contains(&t));
        s.score += self.asks[i].iter().filter(|t| asked(t)).count() as u32;
        for (g, group) in self.groups.iter().enumerate() {
            let mut v = s.cond[g];
            if opt.is_some() && group.member[i] {
                v |= OWNER;
            }
            for (c, target) in &group.subjects {
                if *c == i && !asked(target) {
                    v += 1;
                }
            }
            // Once its last creature is decided, the group's outcome is known: fold it into
            // the score so that states differing only in settled groups merge.
            if i == group.last {
                let missed = if v & OWNER != 0 { v & !OWNER } else { 0 };
                s.score += group.subjects.len() as u32 - missed;
                v = 0;
            }
            s.cond[g] = v;
        }
        for (k, a) in self.anys.iter().enumerate() {
            let mut v = s.any[k];
            if a.subjects[i] && asked(&a.targets) {
                v |= ANY_HIT;
            }
            if opt.is_some() && a.when.as_ref().is_some_and(|w| w[i]) {
                v |= ANY_TRIGGERED;
            }
            if i == a.last {
                let vacuous = a.when.is_some() && v & ANY_TRIGGERED == 0;
                s.score += u32::from(v & ANY_HIT != 0 || vacuous);
                v = 0;
            }
            s.any[k] = v;
        }
        if opt.is_none() || cand.vigilance {
            s.owed -= i64::from(cand.mana_ability);
        }
        // Owing more than all later mana creatures can make can't be paid (308.2f); owing less
        // than minus every later tax is as good as owing nothing, so those states merge.
        if s.owed - self.suffix_supply[i + 1] > 0 {
            return None;
        }
        s.owed = s.owed.max(-self.suffix_tax[i + 1]);
        Some(s)
    }

    fn accept(&self, s: &St) -> bool {
        (!s.alone || s.count >= 2)
            && (!s.only_alone || s.count <= 1)
            && s.count >= s.need
            && self
                .comp
                .iter()
                .zip(&s.comp)
                .all(|((_, _, at_least), v)| v & OWNER == 0 || v & !OWNER >= *at_least)
            && s.owed <= 0
    }

    /// How many declarations obey every restriction and exactly `score` requirements.
    pub fn count(&self, score: u32) -> BigUint {
        let n = self.p.creatures.len();
        self.layers[n]
            .iter()
            .filter(|(s, _)| self.accept(s) && s.score == score)
            .map(|(_, node)| node.ways.clone())
            .sum()
    }

    /// A declaration obeying every restriction and `score` requirements, with the fewest
    /// attackers.
    pub fn witness(&self, score: u32) -> Option<AttackChoice> {
        let n = self.p.creatures.len();
        // From each state, the fewest attackers still to add to end in a declaration obeying
        // every restriction and `score` requirements, from the last layer back.
        let mut rest: Vec<HashMap<&St, u32>> = vec![HashMap::new(); n + 1];
        rest[n] = self.layers[n]
            .keys()
            .filter(|s| self.accept(s) && s.score == score)
            .map(|s| (s, 0))
            .collect();
        for i in (0..n).rev() {
            let (now, later) = rest.split_at_mut(i + 1);
            for (st, _) in self.layers[i].iter() {
                let best = self.options[i]
                    .iter()
                    .filter_map(|o| {
                        let ns = self.step(i, st, *o)?;
                        let (key, _) = self.layers[i + 1].get_key_value(&ns)?;
                        Some(later[0].get(key)? + u32::from(o.is_some()))
                    })
                    .min();
                if let Some(b) = best {
                    now[i].insert(st, b);
                }
            }
        }
        // Then forward, each creature in order taking the first option that keeps the fewest
        // attackers: attacking (the first target first) before staying home. Among the
        // declarations with the fewest creatures, the earliest creatures in the problem's
        // order attack: a stable choice, the same in every run (the layers are hash maps,
        // whose order is not).
        let mut st: &St = self.layers[0].keys().next()?;
        let mut left = *rest[0].get(st)?;
        let mut choice = vec![None; n];
        for (i, slot) in choice.iter_mut().enumerate() {
            let mut order: Vec<Option<usize>> = self.options[i].clone();
            order.sort_by_key(|o| (o.is_none(), *o));
            let (opt, next, more) = order.into_iter().find_map(|o| {
                let ns = self.step(i, st, o)?;
                let (key, _) = self.layers[i + 1].get_key_value(&ns)?;
                let more = *rest[i + 1].get(key)?;
                (more + u32::from(o.is_some()) == left).then_some((o, key, more))
            })?;
            *slot = opt;
            st = next;
            left = more;
        }
        Some(AttackChoice(choice))
    }

    /// Calls `visit` with every declaration obeying every restriction and exactly `score`
    /// requirements; stops early when `visit` returns false.
    pub fn each(
        &self,
        score: u32,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&AttackChoice) -> bool,
    ) -> Result<bool, Exhausted> {
        let n = self.p.creatures.len();
        // Which states can still end in a wanted declaration, from the last layer back.
        let mut useful: Vec<std::collections::HashSet<St>> = vec![Default::default(); n + 1];
        useful[n] = self.layers[n]
            .keys()
            .filter(|s| self.accept(s) && s.score == score)
            .cloned()
            .collect();
        for i in (0..n).rev() {
            budget.spend(self.layers[i].len() as u64)?;
            let set: std::collections::HashSet<St> = self.layers[i]
                .keys()
                .filter(|s| {
                    self.options[i].iter().any(|o| {
                        self.step(i, s, *o)
                            .is_some_and(|ns| useful[i + 1].contains(&ns))
                    })
                })
                .cloned()
                .collect();
            useful[i] = set;
        }
        let mut choice = vec![None; n];
        let start = match self.layers[0].keys().next() {
            Some(s) if useful[0].contains(s) => s.clone(),
            _ => return Ok(true),
        };
        self.walk(0, start, &useful, &mut choice, budget, visit)
    }

    fn walk(
        &self,
        i: usize,
        st: St,
        useful: &[std::collections::HashSet<St>],
        choice: &mut Vec<Option<usize>>,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&AttackChoice) -> bool,
    ) -> Result<bool, Exhausted> {
        budget.spend(1)?;
        if i == choice.len() {
            return Ok(visit(&AttackChoice(choice.clone())));
        }
        for &opt in &self.options[i] {
            if let Some(ns) = self
                .step(i, &st, opt)
                .filter(|ns| useful[i + 1].contains(ns))
            {
                choice[i] = opt;
                if !self.walk(i + 1, ns, useful, choice, budget, visit)? {
                    return Ok(false);
                }
            }
        }
        choice[i] = None;
        Ok(true)
    }
}

/// The options each creature has when the player pays attack costs exactly for `paid` (500.2:
/// creatures with unpaid costs to attack are exempt from requirements, and nobody must pay a cost
/// to obey one): untaxed targets, plus the paid target if any.
pub(super) fn options_given_paid(
    p: &AttackProblem,
    paid: &[Option<usize>],
) -> Vec<Vec<Option<usize>>> {
    p.creatures
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut opts = vec![None];
            opts.extend(
                c.targets
                    .iter()
                    .filter(|t| !p.has_cost(i, **t))
                    .map(|t| Some(*t)),
            );
            if let Some(t) = paid.get(i).copied().flatten() {
                if c.targets.contains(&t) && !opts.contains(&Some(t)) {
                    opts.push(Some(t));
                }
            }
            opts
        })
        .collect()
}
