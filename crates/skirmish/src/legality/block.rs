//! Exact block legality by branch and bound.
//!
//! Deciding whether a declaration of blockers obeys the maximum number of requirements is
//! coNP-complete (Chatterjee and Ibsen-Jensen, 2016), so no polynomial method is known for every
//! board. This search is exact: it splits the board into parts no restriction ties together,
//! tries each blocker's options best-first, and prunes with an upper bound (requirements obeyed
//! so far plus the most each remaining blocker could add plus "must be blocked" requirements
//! still reachable) and with restrictions that can no longer be met. Every node it visits is
//! paid from a [`Budget`]; when the budget runs out the caller gets [`Exhausted`], never a guess.

use super::problem::{BlockChoice, BlockProblem, BlockRequirement};
use super::{Budget, Exhausted};

/// One part of a block problem that no restriction ties to the others.
#[derive(Debug, Clone)]
pub(super) struct Part {
    /// Blockers (indices into the problem) in search order.
    pub blockers: Vec<usize>,
    /// Attackers that some blocker of the part can block.
    pub attackers: Vec<usize>,
}

/// Precomputed data for searching a problem.
pub(super) struct BlockSearch<'p> {
    p: &'p BlockProblem,
    /// For each blocker, its options: the sets of attackers it may block (empty first).
    options: Vec<Vec<Vec<usize>>>,
    /// For each blocker and option, the additive requirements obeyed.
    value: Vec<Vec<u32>>,
    best_value: Vec<u32>,
    must_be_blocked: Vec<u32>,
    min: Vec<u32>,
    max: Vec<Option<u32>>,
    max_total: Option<u32>,
    pub parts: Vec<Part>,
}

/// A part's best declaration: (requirements obeyed, blockers, choice per blocker).
pub(super) type PartBest = (u32, u32, Vec<Vec<usize>>);

/// The state of a search in one part.
struct State {
    count: Vec<u32>,
    blocking: u32,
    alone: bool,
    score: u32,
    choice: Vec<Vec<usize>>,
}

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
    pub fn new(p: &'p BlockProblem, budget: &mut Budget) -> Result<Self, Exhausted> {
        let nb = p.blockers.len();
        let na = p.attackers.len();
        let mut blocks_if_able = vec![0u32; nb];
        let mut pair = vec![vec![0u32; na]; nb];
        let mut must_be_blocked = vec![0u32; na];
        for r in &p.requirements {
            match r {
                BlockRequirement::Blocks { blocker, .. } => blocks_if_able[*blocker] += 1,
                BlockRequirement::BlocksAttacker {
                    blocker, attacker, ..
                } => pair[*blocker][*attacker] += 1,
                BlockRequirement::MustBeBlocked { attacker, .. } => must_be_blocked[*attacker] += 1,
            }
        }
        let mut options = Vec::with_capacity(nb);
        let mut value = Vec::with_capacity(nb);
        for (b, cand) in p.blockers.iter().enumerate() {
            let mut opts = vec![Vec::new()];
            if cand.unable.is_empty() {
                let max = cand.capacity.limit(cand.can_block.len());
                subsets(&cand.can_block, max, &mut opts);
            }
            budget.spend(opts.len() as u64)?;
            let mut vals: Vec<u32> = opts
                .iter()
                .map(|o| {
                    if o.is_empty() {
                        0
                    } else {
                        blocks_if_able[b] + o.iter().map(|a| pair[b][*a]).sum::<u32>()
                    }
                })
                .collect();
            // Best options first, so good declarations are found early; the empty option first
            // among equals, so fewer blockers are preferred.
            let mut order: Vec<usize> = (0..opts.len()).collect();
            order.sort_by(|x, y| {
                vals[*y]
                    .cmp(&vals[*x])
                    .then(opts[*x].len().cmp(&opts[*y].len()))
            });
            opts = order.iter().map(|i| opts[*i].clone()).collect();
            vals = order.iter().map(|i| vals[*i]).collect();
            options.push(opts);
            value.push(vals);
        }
        let best_value = value
            .iter()
            .map(|v| v.iter().copied().max().unwrap_or(0))
            .collect();
        let mut s = BlockSearch {
            p,
            options,
            value,
            best_value,
            must_be_blocked,
            min: p.attackers.iter().map(|a| a.min()).collect(),
            max: p.attackers.iter().map(|a| a.max()).collect(),
            max_total: p.max_limit(),
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
        let global = self.max_total.is_some() || self.p.blockers.iter().any(|b| b.alone.is_some());
        for b in 0..nb {
            for opt in &self.options[b] {
                for a in opt {
                    let (x, y) = (find(&mut parent, b), find(&mut parent, nb + a));
                    parent[x] = y;
                }
            }
            if global && b > 0 {
                let (x, y) = (find(&mut parent, b), find(&mut parent, 0));
                parent[x] = y;
            }
        }
        let mut parts: std::collections::BTreeMap<usize, Part> = Default::default();
        for b in 0..nb {
            let r = find(&mut parent, b);
            parts
                .entry(r)
                .or_insert_with(|| Part {
                    blockers: Vec::new(),
                    attackers: Vec::new(),
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
                self.best_value[*y]
                    .cmp(&self.best_value[*x])
                    .then(self.options[*x].len().cmp(&self.options[*y].len()))
            });
        }
        out
    }

    fn fresh(&self) -> State {
        State {
            count: vec![0; self.p.attackers.len()],
            blocking: 0,
            alone: false,
            score: 0,
            choice: vec![Vec::new(); self.p.blockers.len()],
        }
    }

    /// Upper bound on the requirements a part can still reach from depth `depth`.
    fn bound(&self, part: &Part, depth: usize, st: &State) -> u32 {
        let rest = &part.blockers[depth..];
        let mut ub = st.score + rest.iter().map(|b| self.best_value[*b]).sum::<u32>();
        for &a in &part.attackers {
            let m = self.must_be_blocked[a];
            if m > 0
                && (st.count[a] > 0
                    || rest
                        .iter()
                        .any(|b| self.p.blockers[*b].can_block.contains(&a)))
            {
                ub += m;
            }
        }
        ub
    }

    /// Whether the restrictions can still be met after blockers `part.blockers[..depth]` chose.
    fn viable(&self, part: &Part, depth: usize, st: &State) -> bool {
        if self.max_total.is_some_and(|m| st.blocking > m) {
            return false;
        }
        for &a in &part.attackers {
            let c = st.count[a];
            if self.max[a].is_some_and(|m| c > m) {
                return false;
            }
            if c > 0 && c < self.min[a] {
                let reachable = part.blockers[depth..]
                    .iter()
                    .filter(|b| self.p.blockers[**b].can_block.contains(&a))
                    .count() as u32;
                if c + reachable < self.min[a] {
                    return false;
                }
            }
        }
        true
    }

    fn complete(&self, part: &Part, st: &State) -> bool {
        if st.alone && st.blocking < 2 {
            return false;
        }
        part.attackers
            .iter()
            .all(|a| st.count[*a] == 0 || st.count[*a] >= self.min[*a])
    }

    fn score_of_must(&self, part: &Part, st: &State) -> u32 {
        part.attackers
            .iter()
            .filter(|a| st.count[**a] > 0)
            .map(|a| self.must_be_blocked[*a])
            .sum()
    }

    fn apply(&self, st: &mut State, b: usize, o: usize) {
        let opt = &self.options[b][o];
        if opt.is_empty() {
            return;
        }
        st.blocking += 1;
        st.alone |= self.p.blockers[b].alone.is_some();
        st.score += self.value[b][o];
        for a in opt {
            st.count[*a] += 1;
        }
        st.choice[b] = opt.clone();
    }

    fn undo(&self, st: &mut State, b: usize, o: usize, alone_before: bool) {
        let opt = &self.options[b][o];
        if opt.is_empty() {
            return;
        }
        st.blocking -= 1;
        st.alone = alone_before;
        st.score -= self.value[b][o];
        for a in opt {
            st.count[*a] -= 1;
        }
        st.choice[b].clear();
    }

    /// The best (most requirements, then fewest blockers) declaration of a part, as
    /// (requirements, blockers, choice); `None` if no declaration of the part obeys every
    /// restriction.
    pub fn best(&self, part: &Part, budget: &mut Budget) -> Result<Option<PartBest>, Exhausted> {
        let mut st = self.fresh();
        let mut best: Option<PartBest> = None;
        self.best_rec(part, 0, &mut st, &mut best, budget)?;
        Ok(best)
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
            let ub = self.bound(part, depth, st);
            if ub < *bs || (ub == *bs && st.blocking >= *bn) {
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
                    *best = Some((total, st.blocking, st.choice.clone()));
                }
            }
            return Ok(());
        }
        let b = part.blockers[depth];
        for o in 0..self.options[b].len() {
            let alone_before = st.alone;
            self.apply(st, b, o);
            if self.viable(part, depth + 1, st) {
                self.best_rec(part, depth + 1, st, best, budget)?;
            }
            self.undo(st, b, o, alone_before);
        }
        Ok(())
    }

    /// Visits every declaration of a part that obeys every restriction and exactly `target`
    /// requirements; `visit` returns false to stop.
    pub fn each(
        &self,
        part: &Part,
        target: u32,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[Vec<usize>]) -> bool,
    ) -> Result<bool, Exhausted> {
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
        visit: &mut dyn FnMut(&[Vec<usize>]) -> bool,
    ) -> Result<bool, Exhausted> {
        budget.spend(1)?;
        if self.bound(part, depth, st) < target {
            return Ok(true);
        }
        if depth == part.blockers.len() {
            if self.complete(part, st) && st.score + self.score_of_must(part, st) == target {
                return Ok(visit(&st.choice));
            }
            return Ok(true);
        }
        let b = part.blockers[depth];
        for o in 0..self.options[b].len() {
            let alone_before = st.alone;
            self.apply(st, b, o);
            let go_on = if self.viable(part, depth + 1, st) {
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
