//! Exact block legality by branch and bound.
//!
//! Deciding whether a declaration of blockers obeys the maximum number of requirements is
//! coNP-complete (Chatterjee and Ibsen-Jensen, 2016), so no polynomial method is known for every
//! board. This search is exact: it splits the board into parts no restriction ties together,
//! tries each blocker's options best-first, and prunes with an upper bound (requirements obeyed
//! so far plus the most each remaining blocker could add plus "must be blocked" requirements
//! still reachable) and with restrictions that can no longer be met. Every node it visits is
//! paid from a [`Budget`]; when the budget runs out the caller gets [`Exhausted`], never a guess.
//!
//! Identical blockers (tokens, copies: same options, same requirements, same restrictions) form
//! a class. The search gives the members of a class non-decreasing option indices, so each
//! multiset of choices is explored once instead of once per permutation; counting multiplies by
//! the multinomial coefficient and enumeration expands the distinct permutations.

use super::problem::{BlockChoice, BlockProblem, BlockRequirement};
use super::{Backend, Budget, Exhausted};
use num_bigint::BigUint;
use std::cell::Cell;
use std::collections::HashMap;

/// The work branch and bound may spend on one part under [`Backend::Auto`] before clause
/// learning takes over: a few milliseconds, far more than any real board needs.
pub(super) const SEARCH_SHARE: u64 = 10_000;

/// One part of a block problem that no restriction ties to the others.
#[derive(Debug, Clone)]
pub(super) struct Part {
    /// Blockers (indices into the problem) in search order.
    pub blockers: Vec<usize>,
    /// Attackers that some blocker of the part can block.
    pub attackers: Vec<usize>,
    /// `suffix_best[d]`: the most the blockers from depth `d` on can add.
    suffix_best: Vec<u32>,
    /// Attackers with "must be blocked" requirements: (attacker, instances, depth after the last
    /// blocker able to block it, whether it asks for exactly one blocker).
    pub(super) bonus: Vec<(usize, u32, usize, bool)>,
    /// Attackers with "can't be blocked except by N or more": (attacker, N, blockers able to
    /// block it from each depth on).
    mins: Vec<(usize, u32, Vec<u32>)>,
    /// Whether the blocker at each depth is of the same class as the one before it.
    pub(super) same_as_prev: Vec<bool>,
    /// "Must be blocked by ..." requirements about the part's attackers (indices into
    /// `BlockSearch::by`), and how many instances they hold in all.
    pub(super) by: Vec<usize>,
    by_bonus: u32,
    /// Branch and bound ran out of its share of the budget on this part (`Backend::Auto`), so
    /// its declarations are enumerated by clause learning too.
    hard: Cell<bool>,
    /// The most requirements a declaration of the part found so far obeys (for the bounds of
    /// an undecided answer).
    pub(super) found: Cell<Option<u32>>,
}

impl Part {
    /// The most requirements a declaration of the part found so far obeys, if any was found.
    pub fn found(&self) -> Option<u32> {
        self.found.get()
    }
}

/// Precomputed data for searching a problem.
pub(super) struct BlockSearch<'p> {
    pub(super) p: &'p BlockProblem,
    /// Each blocker's class.
    class_of: Vec<usize>,
    /// For each class, its options: the sets of attackers it may block, best first.
    options: Vec<Vec<Vec<usize>>>,
    /// For each class and option, the additive requirements obeyed.
    value: Vec<Vec<u32>>,
    /// For each class, its best option's value.
    best_value: Vec<u32>,
    must_be_blocked: Vec<u32>,
    /// "must be blocked by exactly one creature if able" instances per attacker.
    by_one: Vec<u32>,
    pub(super) min: Vec<u32>,
    pub(super) max: Vec<Option<u32>>,
    pub(super) max_total: Option<u32>,
    /// "Must be blocked by ..." requirements: (attacker, whether each blocker counts, instances).
    pub(super) by: Vec<(usize, Vec<bool>, u32)>,
    /// Whether a restriction ties every blocker together ("can't block unless at least two
    /// other creatures block", "can't be blocked unless all creatures ... block it").
    pub(super) tied: bool,
    backend: Backend,
    pub parts: Vec<Part>,
}

/// A part's best declaration: (requirements obeyed, blockers, the option index picked at each
/// depth). Spelled out as blocks only once, for the whole problem ([`BlockSearch::choice`]).
pub(super) type PartBest = (u32, u32, Vec<usize>);

/// What makes blockers interchangeable: the attackers they can block, the requirements that
/// pair them with one attacker, "blocks if able" instances, "can't block alone", capacity, and
/// the costed items of its blocks with the ones it may pay. Borrowed from the problem, so
/// finding the classes of 500 tokens copies no 500-long lists.
#[derive(PartialEq, Eq, Hash)]
struct ClassKey<'a> {
    can: &'a [usize],
    pairs: &'a [(usize, u32)],
    blocks_if_able: u32,
    alone: bool,
    capacity: super::problem::Capacity,
    costs: Vec<(Option<usize>, u32, u32)>,
    paid: &'a [Option<usize>],
    named: Option<usize>,
}

/// A multiply-rotate hasher for class keys: the keys are lists of small indices the process
/// made itself, so SipHash's protection against chosen collisions buys nothing, and hashing
/// long lists with it was most of the set-up of a 500-blocker search.
#[derive(Default)]
struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type QuickMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<QuickHasher>>;

/// The requirement instances pairing each blocker with one attacker (Lure, provoke), as sorted
/// `(attacker, instances)` lists: sparse, since most blockers have none or one, where a
/// blocker × attacker matrix would be as large as the board squared.
fn pair_weights(p: &BlockProblem) -> Vec<Vec<(usize, u32)>> {
    let mut all: Vec<(usize, usize)> = p
        .requirements
        .iter()
        .filter_map(|r| match r {
            BlockRequirement::BlocksAttacker {
                blocker, attacker, ..
            } => Some((*blocker, *attacker)),
            _ => None,
        })
        .collect();
    all.sort_unstable();
    let mut out = vec![Vec::new(); p.blockers.len()];
    for (b, a) in all {
        let row: &mut Vec<(usize, u32)> = &mut out[b];
        match row.last_mut() {
            Some((x, n)) if *x == a => *n += 1,
            _ => row.push((a, 1)),
        }
    }
    out
}

/// The instances in a sorted `(attacker, instances)` list for attacker `a`.
fn weight(row: &[(usize, u32)], a: usize) -> u32 {
    row.binary_search_by_key(&a, |(x, _)| *x)
        .map_or(0, |i| row[i].1)
}

/// Which costs to block a search lets blockers pay (309.2b; 500.3: creatures with unpaid costs
/// to block are exempt from requirements, and nobody must pay to obey one).
#[derive(Debug, Clone, Copy)]
pub(super) enum Paid<'a> {
    /// Each blocker pays at most the costed items listed for it (`&[]`: none at all).
    Within(&'a [Vec<Option<usize>>]),
    /// Each blocker pays exactly the costed items listed for it.
    Exactly(&'a [Vec<Option<usize>>]),
}

/// The state of a search in one part.
pub(super) struct State {
    count: Vec<u32>,
    pub(super) blocking: u32,
    alone: bool,
    pub(super) score: u32,
    /// The option index each blocker (by index in the problem) took, [`NO_OPTION`] before it
    /// chose: one flat list, where lists of blocks would allocate per blocker.
    option: Vec<usize>,
    /// The option index chosen at each depth.
    picked: Vec<usize>,
}

/// A blocker that has not chosen yet, in [`State::option`].
const NO_OPTION: usize = usize::MAX;

fn subsets(items: &[usize], max: usize, out: &mut Vec<Vec<usize>>) {
    fn go(
        items: &[usize],
        start: usize,
        max: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if !cur.is_empty() {
            out.push(cur.clone());
        }
        if cur.len() == max {
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            go(items, i + 1, max, cur, out);
            cur.pop();
        }
    }
    go(items, 0, max, &mut Vec::new(), out);
}

impl<'p> BlockSearch<'p> {
    /// The search over declarations whose costs to block are as `paid` says.
    pub fn paying(
        p: &'p BlockProblem,
        paid: Paid<'_>,
        backend: Backend,
        budget: &mut Budget,
    ) -> Result<Self, Exhausted> {
        let nb = p.blockers.len();
        let na = p.attackers.len();
        let mut blocks_if_able = vec![0u32; nb];
        let mut must_be_blocked = vec![0u32; na];
        let mut by_one = vec![0u32; na];
        let mut by: Vec<(usize, Vec<bool>, u32)> = Vec::new();
        // Blockers a restriction or requirement names one by one are not interchangeable.
        let mut named = vec![false; nb];
        for r in &p.requirements {
            match r {
                BlockRequirement::Blocks { blocker, .. } => blocks_if_able[*blocker] += 1,
                BlockRequirement::BlocksAttacker { .. } => {}
                BlockRequirement::MustBeBlocked { attacker, .. } => must_be_blocked[*attacker] += 1,
                BlockRequirement::MustBeBlockedByOne { attacker, .. } => by_one[*attacker] += 1,
                BlockRequirement::MustBeBlockedBy {
                    attacker, by: who, ..
                } => {
                    let mut member = vec![false; nb];
                    for b in who.iter().filter(|b| **b < nb) {
                        member[*b] = true;
                        named[*b] = true;
                    }
                    match by
                        .iter_mut()
                        .find(|(a, m, _)| a == attacker && *m == member)
                    {
                        Some(e) => e.2 += 1,
                        None => by.push((*attacker, member, 1)),
                    }
                }
            }
        }
        for (b, cand) in p.blockers.iter().enumerate() {
            for k in &cand.company {
                named[b] = true;
                for j in k.with.iter().flatten().filter(|j| **j < nb) {
                    named[*j] = true;
                }
            }
        }
        let tied = p.blockers.iter().any(|c| !c.company.is_empty())
            || p.attackers.iter().any(|a| !a.all_or_none.is_empty());
        let pair = pair_weights(p);
        let paid_list = match paid {
            Paid::Within(l) | Paid::Exactly(l) => l,
        };
        // Blockers with the same options, values and restrictions are interchangeable. Copies
        // usually sit side by side, so each key is compared with the previous blocker's before
        // it is looked up.
        let mut classes: QuickMap<ClassKey<'_>, usize> = QuickMap::default();
        let mut keys: Vec<ClassKey<'_>> = Vec::new();
        let mut class_of = Vec::with_capacity(nb);
        let mut options = Vec::new();
        let mut value = Vec::new();
        for (b, cand) in p.blockers.iter().enumerate() {
            let mut costs: Vec<(Option<usize>, u32, u32)> = cand
                .costs
                .iter()
                .map(|c| (c.attacker, c.mana, c.life))
                .collect();
            costs.sort_unstable();
            let key = ClassKey {
                can: if cand.unable.is_empty() {
                    &cand.can_block
                } else {
                    &[]
                },
                pairs: &pair[b],
                blocks_if_able: blocks_if_able[b],
                alone: cand.alone.is_some(),
                capacity: cand.capacity,
                costs,
                paid: paid_list.get(b).map_or(&[], Vec::as_slice),
                named: named[b].then_some(b),
            };
            if let Some(&c) = class_of.last().filter(|c| keys[**c] == key) {
                class_of.push(c);
                continue;
            }
            if let Some(c) = classes.get(&key) {
                class_of.push(*c);
                continue;
            }
            let mut opts = vec![Vec::new()];
            let max = cand.capacity.limit(key.can.len());
            subsets(key.can, max, &mut opts);
            budget.spend(opts.len() as u64)?;
            if !key.costs.is_empty() {
                opts.retain(|o| {
                    let costed = p.costed(b, o);
                    match paid {
                        Paid::Within(_) => costed.iter().all(|x| key.paid.contains(x)),
                        Paid::Exactly(_) => costed == key.paid,
                    }
                });
            }
            let val = |o: &[usize]| {
                if o.is_empty() {
                    0
                } else {
                    o.iter()
                        .fold(blocks_if_able[b], |s, a| s + weight(&pair[b], *a))
                }
            };
            // Best options first, so good declarations are found early; the empty option first
            // among equals, so fewer blockers are preferred. (A value is a few additions, so
            // it is recomputed rather than sorted alongside.)
            opts.sort_by(|x, y| val(y).cmp(&val(x)).then(x.len().cmp(&y.len())));
            let vals: Vec<u32> = opts.iter().map(|o| val(o)).collect();
            let c = options.len();
            options.push(opts);
            value.push(vals);
            classes.insert(
                ClassKey {
                    costs: key.costs.clone(),
                    ..key
                },
                c,
            );
            keys.push(key);
            class_of.push(c);
        }
        let best_value = value
            .iter()
            .map(|v: &Vec<u32>| v.iter().copied().max().unwrap_or(0))
            .collect();
        let mut s = BlockSearch {
            p,
            class_of,
            options,
            value,
            best_value,
            must_be_blocked,
            by_one,
            min: p.attackers.iter().map(|a| a.min()).collect(),
            max: p.attackers.iter().map(|a| a.max()).collect(),
            max_total: p.max_limit(),
            by,
            tied,
            backend,
            parts: Vec::new(),
        };
        s.parts = s.split();
        Ok(s)
    }

    /// Splits the board into parts: blockers and attackers joined when the blocker can block
    /// the attacker. A limit on the number of blockers or a "can't block alone" ties every
    /// blocker together (both look at the whole declaration).
    fn split(&self) -> Vec<Part> {
        let nb = self.p.blockers.len();
        let na = self.p.attackers.len();
        let mut parent: Vec<usize> = (0..nb + na).collect();
        fn find(parent: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while parent[r] != r {
                r = parent[r];
            }
            let mut y = x;
            while parent[y] != r {
                let next = parent[y];
                parent[y] = r;
                y = next;
            }
            r
        }
        let global = self.max_total.is_some()
            || self.tied
            || self.p.blockers.iter().any(|b| b.alone.is_some());
        // A class's members can all block the same attackers: the first member is joined to
        // them, the others to the first (linear in the board, not blockers × attackers).
        let mut first_of_class: Vec<Option<usize>> = vec![None; self.options.len()];
        let able: Vec<bool> = self
            .options
            .iter()
            .map(|opts| opts.iter().any(|o| !o.is_empty()))
            .collect();
        for b in 0..nb {
            let class = self.class_of[b];
            match first_of_class[class] {
                Some(first) if able[class] => {
                    let (x, y) = (find(&mut parent, b), find(&mut parent, first));
                    parent[x] = y;
                }
                Some(_) => {}
                None => {
                    first_of_class[class] = Some(b);
                    for opt in self.opts(b) {
                        for a in opt {
                            let (x, y) = (find(&mut parent, b), find(&mut parent, nb + a));
                            parent[x] = y;
                        }
                    }
                }
            }
            if global && b > 0 {
                let (x, y) = (find(&mut parent, b), find(&mut parent, 0));
                parent[x] = y;
            }
        }
        let mut parts: std::collections::BTreeMap<usize, Part> = Default::default();
        // A blocker whose one option is blocking nothing is in no part (every restriction over
        // all blockers counts it as not blocking). One with no option at all (its costs paid
        // exactly as asked are no declaration of it) stays: its part has no declaration.
        let idle = |b: usize| !able[self.class_of[b]] && !self.opts(b).is_empty();
        for b in (0..nb).filter(|b| !idle(*b)) {
            let r = find(&mut parent, b);
            parts
                .entry(r)
                .or_insert_with(|| Part {
                    blockers: Vec::new(),
                    attackers: Vec::new(),
                    suffix_best: Vec::new(),
                    bonus: Vec::new(),
                    mins: Vec::new(),
                    same_as_prev: Vec::new(),
                    by: Vec::new(),
                    by_bonus: 0,
                    hard: Cell::new(false),
                    found: Cell::new(None),
                })
                .blockers
                .push(b);
        }
        for a in 0..na {
            let r = find(&mut parent, nb + a);
            if let Some(part) = parts.get_mut(&r) {
                part.attackers.push(a);
            }
        }
        let mut out: Vec<Part> = parts.into_values().collect();
        for part in &mut out {
            // Blockers with most to gain first; then those with fewest options.
            part.blockers.sort_by(|x, y| {
                self.top(*y)
                    .cmp(&self.top(*x))
                    .then(self.opts(*x).len().cmp(&self.opts(*y).len()))
                    // Members of a class side by side, for symmetry breaking.
                    .then(self.class_of[*x].cmp(&self.class_of[*y]))
            });
            let n = part.blockers.len();
            part.suffix_best = vec![0; n + 1];
            for d in (0..n).rev() {
                part.suffix_best[d] = part.suffix_best[d + 1] + self.top(part.blockers[d]);
            }
            part.same_as_prev = (0..n)
                .map(|d| {
                    d > 0 && self.class_of[part.blockers[d]] == self.class_of[part.blockers[d - 1]]
                })
                .collect();
            for (k, (a, _, n)) in self.by.iter().enumerate() {
                if part.attackers.contains(a) {
                    part.by.push(k);
                    part.by_bonus += n;
                }
            }
            for &a in &part.attackers {
                if self.must_be_blocked[a] == 0 && self.by_one[a] == 0 && self.min[a] < 2 {
                    continue;
                }
                // Whether each class has an option blocking `a`: once per class, not per
                // blocker.
                let class_blocks: Vec<bool> = self
                    .options
                    .iter()
                    .map(|opts| opts.iter().any(|o| o.contains(&a)))
                    .collect();
                let able = |d: usize| class_blocks[self.class_of[part.blockers[d]]];
                let end = (0..n).rev().find(|d| able(*d)).map_or(0, |d| d + 1);
                if self.must_be_blocked[a] > 0 {
                    part.bonus.push((a, self.must_be_blocked[a], end, false));
                }
                if self.by_one[a] > 0 {
                    part.bonus.push((a, self.by_one[a], end, true));
                }
                if self.min[a] >= 2 {
                    let mut reach = vec![0u32; n + 1];
                    for d in (0..n).rev() {
                        reach[d] = reach[d + 1] + u32::from(able(d));
                    }
                    part.mins.push((a, self.min[a], reach));
                }
            }
        }
        out
    }

    pub(super) fn fresh(&self) -> State {
        State {
            count: vec![0; self.p.attackers.len()],
            blocking: 0,
            alone: false,
            score: 0,
            option: vec![NO_OPTION; self.p.blockers.len()],
            picked: vec![0; self.p.blockers.len()],
        }
    }

    pub(super) fn opts(&self, b: usize) -> &[Vec<usize>] {
        &self.options[self.class_of[b]]
    }

    /// The attackers blocker `b` blocks in the search's state.
    fn blocks(&self, st: &State, b: usize) -> &[usize] {
        match st.option[b] {
            NO_OPTION => &[],
            o => &self.opts(b)[o],
        }
    }

    pub(super) fn val(&self, b: usize, o: usize) -> u32 {
        self.value[self.class_of[b]][o]
    }

    fn top(&self, b: usize) -> u32 {
        self.best_value[self.class_of[b]]
    }

    /// "Must be blocked" requirements a part can still obey from depth `depth` (those naming
    /// their blockers counted as if they could all still be).
    fn bonus_bound(&self, part: &Part, depth: usize, st: &State) -> u32 {
        // Counts only grow as the search goes deeper: two blockers already on an attacker
        // that asks for exactly one can't obey it any more.
        part.bonus
            .iter()
            .filter(|(a, _, end, one)| {
                (st.count[*a] > 0 || depth < *end) && !(*one && st.count[*a] > 1)
            })
            .map(|(_, m, _, _)| *m)
            .sum::<u32>()
            + part.by_bonus
    }

    /// The most requirements any declaration of the part could obey, by the search's bound.
    pub fn ceiling(&self, part: &Part) -> u32 {
        self.bound(part, 0, &self.fresh())
    }

    /// Upper bound on the requirements a part can still reach from depth `depth`.
    fn bound(&self, part: &Part, depth: usize, st: &State) -> u32 {
        st.score + part.suffix_best[depth] + self.bonus_bound(part, depth, st)
    }

    /// The fewest blockers from depth `depth` on that must block for their options to add
    /// `need` requirements: each adds at most its best option's value, and the blockers come
    /// sorted by it, best first (`split`), so the first ones add most. Callers leave "must be
    /// blocked" requirements out of `need` as if blocking for them came free, so this never
    /// overcounts.
    fn fewest_more(&self, part: &Part, depth: usize, need: u32) -> u32 {
        let (mut added, mut more) = (0u32, 0u32);
        for &b in &part.blockers[depth..] {
            if added >= need {
                break;
            }
            added += self.top(b);
            more += 1;
        }
        more
    }

    /// Whether a branch at depth `depth` that has obeyed `score` additive requirements with
    /// `blocking` blockers, with `bonus` "must be blocked" instances still reachable, can't
    /// beat the best found, `(bs, bn)`: it reaches fewer requirements, or only as many with no
    /// fewer blockers.
    fn beaten(
        &self,
        part: &Part,
        depth: usize,
        (score, blocking): (u32, u32),
        bonus: u32,
        (bs, bn): (u32, u32),
    ) -> bool {
        let ub = score + part.suffix_best[depth] + bonus;
        ub < bs
            || (ub == bs
                && blocking + self.fewest_more(part, depth, bs.saturating_sub(score + bonus)) >= bn)
    }

    /// Whether the restrictions can still be met after blockers `part.blockers[..depth]` chose,
    /// the last of them choosing `touched`.
    fn viable(&self, part: &Part, depth: usize, st: &State, touched: &[usize]) -> bool {
        if self.max_total.is_some_and(|m| st.blocking > m) {
            return false;
        }
        if touched
            .iter()
            .any(|a| self.max[*a].is_some_and(|m| st.count[*a] > m))
        {
            return false;
        }
        part.mins.iter().all(|(a, min, reach)| {
            let c = st.count[*a];
            c == 0 || c >= *min || c + reach[depth] >= *min
        })
    }

    pub(super) fn complete(&self, part: &Part, st: &State) -> bool {
        if st.alone && st.blocking < 2 {
            return false;
        }
        if self.tied {
            let nb = self.p.blockers.len();
            let blocks = |j: usize| !self.blocks(st, j).is_empty();
            for &b in &part.blockers {
                if blocks(b)
                    && self.p.blockers[b]
                        .company
                        .iter()
                        .any(|k| k.count(b, &blocks, nb) < k.at_least)
                {
                    return false;
                }
            }
            for &a in &part.attackers {
                if !self.p.attackers[a].all_or_none.is_empty()
                    && st.count[a] > 0
                    && (st.count[a] as usize) < nb
                {
                    return false;
                }
            }
        }
        part.mins
            .iter()
            .all(|(a, min, _)| st.count[*a] == 0 || st.count[*a] >= *min)
    }

    pub(super) fn score_of_must(&self, part: &Part, st: &State) -> u32 {
        let by: u32 = part
            .by
            .iter()
            .map(|k| &self.by[*k])
            .filter(|(a, member, _)| {
                member
                    .iter()
                    .enumerate()
                    .any(|(b, m)| *m && self.blocks(st, b).contains(a))
            })
            .map(|(_, _, n)| *n)
            .sum();
        part.bonus
            .iter()
            .filter(|(a, _, _, one)| st.count[*a] > 0 && !(*one && st.count[*a] > 1))
            .map(|(_, m, _, _)| *m)
            .sum::<u32>()
            + by
    }

    pub(super) fn apply(&self, st: &mut State, b: usize, o: usize) {
        let opt = &self.opts(b)[o];
        if opt.is_empty() {
            return;
        }
        st.blocking += 1;
        st.alone |= self.p.blockers[b].alone.is_some();
        st.score += self.val(b, o);
        for a in opt {
            st.count[*a] += 1;
        }
        st.option[b] = o;
    }

    fn undo(&self, st: &mut State, b: usize, o: usize, alone_before: bool) {
        let opt = &self.opts(b)[o];
        if opt.is_empty() {
            return;
        }
        st.blocking -= 1;
        st.alone = alone_before;
        st.score -= self.val(b, o);
        for a in opt {
            st.count[*a] -= 1;
        }
        st.option[b] = NO_OPTION;
    }

    /// The steps branch and bound may spend on a part before clause learning takes over;
    /// `None` when it has the whole budget (or clause learning does).
    fn search_share(&self) -> Option<u64> {
        match self.backend {
            Backend::Auto => Some(SEARCH_SHARE),
            Backend::Handover { search_steps } => Some(search_steps),
            Backend::Search | Backend::Sat => None,
        }
    }

    /// The best (most requirements, then fewest blockers) declaration of a part, as
    /// (requirements, blockers, choice); `None` if no declaration of the part obeys every
    /// restriction.
    pub fn best(&self, part: &Part, budget: &mut Budget) -> Result<Option<PartBest>, Exhausted> {
        if self.backend == Backend::Sat {
            return super::sat::best(self, part, None, budget);
        }
        // Parts with no restriction tying creatures together are a flow problem, polynomial.
        // Boards of many identical creatures go to the search instead, whose symmetry breaking
        // makes them cheap while the flow graph would be as large as the board.
        // A class's members sit side by side in a part (`split`), so its classes are counted
        // where a run starts.
        let classes = part.same_as_prev.iter().filter(|same| !**same).count();
        if classes * 2 > part.blockers.len()
            && super::flow::eligible(self.p, &part.blockers, &part.attackers)
        {
            let mut choice = self.p.none();
            for (b, a) in super::flow::solve(self.p, &part.blockers, &part.attackers, budget)? {
                choice.0[b].extend(a);
            }
            // The flow's answer is checked against the rules' own definition before use.
            let picked: Option<Vec<usize>> = part
                .blockers
                .iter()
                .map(|&b| self.opts(b).iter().position(|o| *o == choice.0[b]))
                .collect();
            if let Some(picked) = picked.filter(|_| self.p.violations(&choice).is_empty()) {
                let score = self.p.obeyed(&choice).len() as u32;
                let blocking = choice.0.iter().filter(|c| !c.is_empty()).count() as u32;
                return Ok(Some((score, blocking, picked)));
            }
        }
        let mut st = self.fresh();
        let mut best: Option<PartBest> = None;
        let Some(share) = self.search_share() else {
            let searched = self.best_rec(part, 0, &mut st, &mut best, budget);
            part.found.set(best.as_ref().map(|b| b.0));
            searched?;
            return Ok(best);
        };
        // Branch and bound first: on real boards it finishes in microseconds. Where its bound
        // is weak (exact-cover-like parts, where proving that nothing better exists is the
        // hard part), clause learning takes over, starting from the best declaration found.
        let mut share = Budget::new(share.min(budget.limit.saturating_sub(budget.used)));
        let searched = self.best_rec(part, 0, &mut st, &mut best, &mut share);
        part.found.set(best.as_ref().map(|b| b.0));
        budget.spend(share.used)?;
        match searched {
            Ok(()) => Ok(best),
            Err(_) => {
                part.hard.set(true);
                super::sat::best(self, part, best, budget)
            }
        }
    }

    /// The declaration the parts' picks (the option index at each depth, one list per part)
    /// spell out, each blocker's attackers in order.
    pub fn choice(&self, picks: &[Vec<usize>]) -> BlockChoice {
        let mut c = self.p.none();
        for (part, picked) in self.parts.iter().zip(picks) {
            for (&b, &o) in part.blockers.iter().zip(picked) {
                c.0[b].extend_from_slice(&self.opts(b)[o]);
                c.0[b].sort_unstable();
            }
        }
        c
    }

    fn best_rec(
        &self,
        part: &Part,
        depth: usize,
        st: &mut State,
        best: &mut Option<PartBest>,
        budget: &mut Budget,
    ) -> Result<(), Exhausted> {
        budget.spend(1)?;
        if let Some((bs, bn, _)) = best {
            let bonus = self.bonus_bound(part, depth, st);
            if self.beaten(part, depth, (st.score, st.blocking), bonus, (*bs, *bn)) {
                return Ok(());
            }
        }
        if depth == part.blockers.len() {
            if self.complete(part, st) {
                let total = st.score + self.score_of_must(part, st);
                let better = match best {
                    None => true,
                    Some((bs, bn, _)) => total > *bs || (total == *bs && st.blocking < *bn),
                };
                if better {
                    // The picks, not the blocks: one flat list, its buffer reused.
                    match best {
                        Some(b) => {
                            b.0 = total;
                            b.1 = st.blocking;
                            b.2.clone_from(&st.picked);
                        }
                        None => *best = Some((total, st.blocking, st.picked.clone())),
                    }
                }
            }
            return Ok(());
        }
        let b = part.blockers[depth];
        // The "must be blocked" requirements still reachable: blocking more only loses some.
        let bonus = self.bonus_bound(part, depth, st);
        let rest = part.suffix_best[depth + 1] + bonus;
        let start = if part.same_as_prev[depth] {
            st.picked[depth - 1]
        } else {
            0
        };
        for o in start..self.opts(b).len() {
            if let Some((bs, bn, _)) = best.as_ref() {
                let with = st.score + self.val(b, o);
                // Options come best first: once one can't reach the best found, none after can.
                if with + rest < *bs {
                    break;
                }
                // The next node's own test, before paying for the node. (The bonus can only
                // shrink by blocking, so today's is an upper bound on the next node's.)
                if !self.opts(b)[o].is_empty()
                    && self.beaten(part, depth + 1, (with, st.blocking + 1), bonus, (*bs, *bn))
                {
                    continue;
                }
            }
            st.picked[depth] = o;
            let alone_before = st.alone;
            self.apply(st, b, o);
            if self.viable(part, depth + 1, st, &self.opts(b)[o]) {
                self.best_rec(part, depth + 1, st, best, budget)?;
            }
            self.undo(st, b, o, alone_before);
        }
        Ok(())
    }

    /// Visits every declaration of a part that obeys every restriction and exactly `target`
    /// requirements, once per multiset of choices within each class, as the option index chosen
    /// at each depth (see [`Self::multiplicity`] and [`Self::expand`]); `visit` returns false to
    /// stop. `target` is the part's maximum (clause learning relies on it: it asks for at least
    /// `target`).
    pub fn each(
        &self,
        part: &Part,
        target: u32,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> Result<bool, Exhausted> {
        if self.backend == Backend::Sat || part.hard.get() {
            return super::sat::each(self, part, target, budget, visit);
        }
        // Where branch and bound found the part's best within its share, it lists the part's
        // declarations too: its cost follows the number it lists, while clause learning pays a
        // solver call for each.
        let mut st = self.fresh();
        self.each_rec(part, 0, target, &mut st, budget, visit)
    }

    fn each_rec(
        &self,
        part: &Part,
        depth: usize,
        target: u32,
        st: &mut State,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> Result<bool, Exhausted> {
        budget.spend(1)?;
        if self.bound(part, depth, st) < target {
            return Ok(true);
        }
        if depth == part.blockers.len() {
            if self.complete(part, st) && st.score + self.score_of_must(part, st) == target {
                return Ok(visit(&st.picked[..depth]));
            }
            return Ok(true);
        }
        let b = part.blockers[depth];
        let rest = part.suffix_best[depth + 1] + self.bonus_bound(part, depth, st);
        let start = if part.same_as_prev[depth] {
            st.picked[depth - 1]
        } else {
            0
        };
        for o in start..self.opts(b).len() {
            if st.score + self.val(b, o) + rest < target {
                break;
            }
            st.picked[depth] = o;
            let alone_before = st.alone;
            self.apply(st, b, o);
            let go_on = if self.viable(part, depth + 1, st, &self.opts(b)[o]) {
                self.each_rec(part, depth + 1, target, st, budget, visit)?
            } else {
                true
            };
            self.undo(st, b, o, alone_before);
            if !go_on {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Runs of same-class depths: (start, end) pairs.
    fn runs(part: &Part) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = 0;
        for d in 1..=part.blockers.len() {
            if d == part.blockers.len() || !part.same_as_prev[d] {
                out.push((start, d));
                start = d;
            }
        }
        out
    }

    /// How many declarations a canonical choice stands for: for each class, the multinomial
    /// coefficient of its members over the options they took.
    pub fn multiplicity(&self, part: &Part, picked: &[usize]) -> BigUint {
        let mut total = BigUint::from(1u32);
        for (start, end) in Self::runs(part) {
            let mut run = picked[start..end].to_vec();
            run.sort_unstable();
            // k! / (m1! m2! ...), built as a product of binomials to stay exact and small.
            let mut placed = 0u64;
            let mut i = 0;
            while i < run.len() {
                let j = run[i..]
                    .iter()
                    .position(|x| *x != run[i])
                    .map_or(run.len(), |p| i + p);
                let m = (j - i) as u64;
                for t in 1..=m {
                    total *= placed + t;
                    total /= t;
                }
                placed += m;
                i = j;
            }
        }
        total
    }

    /// Calls `visit` with every declaration a canonical choice stands for: each distinct way of
    /// handing the class's options to its members.
    pub fn expand(
        &self,
        part: &Part,
        picked: &[usize],
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[Vec<usize>]) -> bool,
    ) -> Result<bool, Exhausted> {
        let runs = Self::runs(part);
        let mut order = picked.to_vec();
        for (start, end) in &runs {
            order[*start..*end].sort_unstable();
        }
        loop {
            budget.spend(1)?;
            let mut choice = vec![Vec::new(); self.p.blockers.len()];
            for (d, &b) in part.blockers.iter().enumerate() {
                choice[b] = self.opts(b)[order[d]].clone();
            }
            if !visit(&choice) {
                return Ok(false);
            }
            // Next distinct permutation, runs treated as digits (last run fastest).
            let mut advanced = false;
            for (start, end) in runs.iter().rev() {
                if next_permutation(&mut order[*start..*end]) {
                    advanced = true;
                    break;
                }
                // Wrapped: the run is sorted again; carry into the run before.
            }
            if !advanced {
                return Ok(true);
            }
        }
    }

    /// Merges per-part choices into one declaration.
    pub fn merge(&self, parts: &[Vec<Vec<usize>>]) -> BlockChoice {
        let mut c = self.p.none();
        for (part, choice) in self.parts.iter().zip(parts) {
            for &b in &part.blockers {
                c.0[b] = choice[b].clone();
            }
        }
        for v in &mut c.0 {
            v.sort_unstable();
        }
        c
    }
}

/// Rearranges `v` into its next permutation in lexicographic order; false (and `v` sorted) after
/// the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        v.reverse();
        return false;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}
