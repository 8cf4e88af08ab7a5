//! Clause learning for the parts of a block problem that branch and bound finds hard.
//!
//! Deciding a declaration of blockers is coNP-complete (Chatterjee and Ibsen-Jensen, 2016).
//! Branch and bound ([`super::block`]) is fast on real boards, but its bound (each remaining
//! blocker's best value) can't see that an attacker "that can't be blocked except by three or
//! more creatures" needs three blockers at once, so proving that no better declaration exists
//! on exact-cover-like boards takes exponential time. A CDCL solver learns such facts as clauses.
//!
//! A part is encoded over the same options the search uses (so costs to block, capacities and
//! evasion are already in them, 309.2a-b, 500.3a): one selector per blocker and option, with
//! the options of identical blockers kept in non-decreasing order (the search's symmetry
//! breaking, which also makes [`BlockSearch::multiplicity`] and [`BlockSearch::expand`] apply
//! to the declarations found here). Restrictions (500.2) are clauses; requirements (500.1) are
//! goals, one literal per instance, and the most that can be obeyed (500.4) is found by asking
//! a totalizer over them for one more until the solver says no. Cardinalities use rustsat's
//! totalizer encoding; BatSat solves.
//!
//! Work is paid from the [`Budget`]: each conflict costs [`CONFLICT`] steps and each clause one,
//! and the solver stops when the budget is spent, so an answer is exact or `Exhausted`.

use super::block::{BlockSearch, Part, PartBest};
use super::{Budget, Exhausted};
use rustsat::encodings::card::{self, Totalizer};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal};
use std::collections::BTreeMap;

/// Budget steps one conflict costs: a conflict takes about as long as this many search nodes.
const CONFLICT: u64 = 100;

/// Counts conflicts and stops the solver when the budget allows no more.
#[derive(Default)]
struct Meter {
    conflicts: u64,
    limit: u64,
}

impl batsat::Callbacks for Meter {
    fn on_new_clause(&mut self, _c: &[batsat::Lit], _k: batsat::clause::Kind) {
        // Called once per conflict analysed (the learnt clause).
        self.conflicts += 1;
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.limit
    }
}

type Solver = rustsat_batsat::Solver<Meter>;

/// A part of a block problem as clauses.
struct Encoding<'s, 'p> {
    search: &'s BlockSearch<'p>,
    part: &'s Part,
    solver: Solver,
    vars: BasicVarManager,
    /// A literal fixed true.
    truth: Lit,
    /// `pick[d][o]`: the blocker at depth `d` takes its option `o`.
    pick: Vec<Vec<Lit>>,
    /// `le[d][o]`: the blocker at depth `d` takes an option at most `o`.
    le: Vec<Vec<Lit>>,
    /// Whether the blocker at depth `d` blocks.
    blocks: Vec<Lit>,
    /// Requirement goals, one literal per requirement instance (a literal may repeat).
    goals: Vec<Lit>,
    /// The number of goals that hold, built bound by bound.
    objective: Totalizer,
    /// The number of blockers, built when minimizing it.
    blockers: Option<Totalizer>,
    clauses: usize,
}

fn oom(_: rustsat::OutOfMemory) -> Exhausted {
    // The encodings only fail when memory runs out; report it as the work budget it is.
    Exhausted::new(0)
}

impl<'s, 'p> Encoding<'s, 'p> {
    fn new(
        search: &'s BlockSearch<'p>,
        part: &'s Part,
        budget: &mut Budget,
    ) -> Result<Self, Exhausted> {
        let mut e = Encoding {
            search,
            part,
            solver: Solver::default(),
            vars: BasicVarManager::default(),
            truth: Lit::positive(0),
            pick: Vec::new(),
            le: Vec::new(),
            blocks: Vec::new(),
            goals: Vec::new(),
            objective: Totalizer::default(),
            blockers: None,
            clauses: 0,
        };
        e.truth = e.fresh();
        e.clause(&[e.truth]);
        e.choices();
        let columns = e.columns();
        e.restrictions(&columns)?;
        e.requirements(&columns)?;
        e.objective = e.goals.iter().copied().collect();
        budget.spend(e.clauses as u64)?;
        Ok(e)
    }

    fn fresh(&mut self) -> Lit {
        self.vars.new_var().pos_lit()
    }

    fn clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        // Adding a clause to BatSat only fails when memory runs out, and then the next solve
        // reports it.
        let _ = self
            .solver
            .add_clause(lits.iter().copied().collect::<Clause>());
    }

    /// Exactly one option per blocker, in the order encoding: `le[o]` means "an option at
    /// most `o`", which also expresses the symmetry breaking between identical blockers.
    fn choices(&mut self) {
        let mut previous: Vec<Lit> = Vec::new();
        for d in 0..self.part.blockers.len() {
            let b = self.part.blockers[d];
            let k = self.search.opts(b).len();
            if k == 0 {
                // No option obeys the costs this search pays (309.2b): no declaration at all.
                self.clause(&[]);
                self.pick.push(Vec::new());
                self.le.push(Vec::new());
                self.blocks.push(self.truth);
                previous = Vec::new();
                continue;
            }
            let mut le: Vec<Lit> = (0..k - 1).map(|_| self.fresh()).collect();
            le.push(self.truth);
            for o in 1..k - 1 {
                self.clause(&[!le[o - 1], le[o]]);
            }
            let mut pick = vec![le[0]];
            for o in 1..k {
                let s = self.fresh();
                self.clause(&[!s, le[o]]);
                self.clause(&[!s, !le[o - 1]]);
                self.clause(&[!le[o], le[o - 1], s]);
                pick.push(s);
            }
            // A member of a class takes an option no better-ranked than the member before it.
            if self.part.same_as_prev[d] && previous.len() == k {
                for o in 0..k - 1 {
                    self.clause(&[!le[o], previous[o]]);
                }
            }
            let blocks = match self.search.opts(b).iter().position(Vec::is_empty) {
                Some(e) => !pick[e],
                None => self.truth,
            };
            self.pick.push(pick);
            self.blocks.push(blocks);
            self.le.push(le.clone());
            previous = le;
        }
    }

    /// For each attacker of the part, the literals "the blocker at depth d blocks it".
    fn columns(&mut self) -> BTreeMap<usize, Vec<(usize, Lit)>> {
        let mut columns: BTreeMap<usize, Vec<(usize, Lit)>> = BTreeMap::new();
        for d in 0..self.part.blockers.len() {
            let b = self.part.blockers[d];
            let mut by_attacker: BTreeMap<usize, Vec<Lit>> = BTreeMap::new();
            for (o, opt) in self.search.opts(b).iter().enumerate() {
                for a in opt {
                    by_attacker.entry(*a).or_default().push(self.pick[d][o]);
                }
            }
            for (a, picks) in by_attacker {
                let x = if picks.len() == 1 {
                    picks[0]
                } else {
                    let x = self.fresh();
                    let mut any = vec![!x];
                    for p in &picks {
                        self.clause(&[!*p, x]);
                        any.push(*p);
                    }
                    self.clause(&any);
                    x
                };
                columns.entry(a).or_default().push((d, x));
            }
        }
        columns
    }

    /// Literals whose conjunction says "at least `k` of `lits`"; `None` when that is impossible.
    fn at_least(&mut self, lits: &[Lit], k: usize) -> Result<Option<Vec<Lit>>, Exhausted> {
        if k == 0 {
            return Ok(Some(Vec::new()));
        }
        if k > lits.len() {
            return Ok(None);
        }
        let mut t: Totalizer = lits.iter().copied().collect();
        let before = self.solver.n_clauses();
        card::BoundLower::encode_lb(&mut t, k..=k, &mut self.solver, &mut self.vars)
            .map_err(oom)?;
        self.clauses += self.solver.n_clauses().saturating_sub(before);
        Ok(card::BoundLower::enforce_lb(&t, k).ok())
    }

    /// Requires at most `k` of `lits`, if `when` (every literal of it) holds.
    fn at_most_if(&mut self, when: &[Lit], lits: &[Lit], k: usize) -> Result<(), Exhausted> {
        if k >= lits.len() {
            return Ok(());
        }
        let mut t: Totalizer = lits.iter().copied().collect();
        let before = self.solver.n_clauses();
        card::BoundUpper::encode_ub(&mut t, k..=k, &mut self.solver, &mut self.vars)
            .map_err(oom)?;
        self.clauses += self.solver.n_clauses().saturating_sub(before);
        let bound = card::BoundUpper::enforce_ub(&t, k).map_err(|_| Exhausted::new(0))?;
        for l in bound {
            let mut c: Vec<Lit> = when.iter().map(|w| !*w).collect();
            c.push(l);
            self.clause(&c);
        }
        Ok(())
    }

    /// `when → at least k of lits`.
    fn at_least_if(&mut self, when: Lit, lits: &[Lit], k: usize) -> Result<(), Exhausted> {
        let bound = self.at_least(lits, k)?;
        self.implies(when, bound.as_deref());
        Ok(())
    }

    /// `when → every literal of bound`; `None` is a bound nothing meets.
    fn implies(&mut self, when: Lit, bound: Option<&[Lit]>) {
        match bound {
            None => self.clause(&[!when]),
            Some(bound) => {
                for l in bound {
                    self.clause(&[!when, *l]);
                }
            }
        }
    }

    /// The restrictions of 500.2 that tie blockers together; those about one blocker alone
    /// (evasion, capacity, costs) are already in its options.
    fn restrictions(
        &mut self,
        columns: &BTreeMap<usize, Vec<(usize, Lit)>>,
    ) -> Result<(), Exhausted> {
        let search = self.search;
        let p = search.p;
        for (&a, column) in columns {
            let lits: Vec<Lit> = column.iter().map(|(_, x)| *x).collect();
            // "can't be blocked by more than one creature".
            if let Some(m) = search.max[a] {
                self.at_most_if(&[], &lits, m as usize)?;
            }
            // "can't be blocked except by N or more creatures": blocked, then by N.
            let min = search.min[a] as usize;
            if min >= 2 {
                let bound = self.at_least(&lits, min)?;
                for x in &lits {
                    self.implies(*x, bound.as_deref());
                }
            }
            // "can't be blocked unless all creatures defending player controls block it".
            if !p.attackers[a].all_or_none.is_empty() {
                if lits.len() < p.blockers.len() {
                    for x in &lits {
                        self.clause(&[!*x]);
                    }
                } else {
                    for i in 0..lits.len() {
                        self.clause(&[!lits[i], lits[(i + 1) % lits.len()]]);
                    }
                }
            }
        }
        let blocks = self.blocks.clone();
        // "No more than N creatures can block".
        if let Some(m) = search.max_total {
            self.at_most_if(&[], &blocks, m as usize)?;
        }
        let depth_of: BTreeMap<usize, usize> = self
            .part
            .blockers
            .iter()
            .enumerate()
            .map(|(d, b)| (*b, d))
            .collect();
        let mut two: Option<Option<Vec<Lit>>> = None;
        for (d, &b) in self.part.blockers.iter().enumerate() {
            let cand = &p.blockers[b];
            // "can't block alone" (306.5).
            if cand.alone.is_some() {
                if two.is_none() {
                    two = Some(self.at_least(&blocks, 2)?);
                }
                self.implies(blocks[d], two.as_ref().and_then(|t| t.as_deref()));
            }
            // "can't block unless at least N other creatures (of a kind) block".
            for k in &cand.company {
                let others: Vec<Lit> = match &k.with {
                    None => (0..blocks.len())
                        .filter(|j| *j != d)
                        .map(|j| blocks[j])
                        .collect(),
                    Some(w) => {
                        let set: std::collections::BTreeSet<usize> =
                            w.iter().copied().filter(|j| *j != b).collect();
                        set.into_iter()
                            .filter_map(|j| depth_of.get(&j).map(|d| blocks[*d]))
                            .collect()
                    }
                };
                self.at_least_if(blocks[d], &others, k.at_least as usize)?;
            }
        }
        Ok(())
    }

    /// Requirement goals (500.1), one literal per instance: each blocker's own requirements
    /// ("blocks if able", Lure's "blocks this attacker") and those about attackers ("must be
    /// blocked", "by exactly one", "by an Eldrazi"). A blocker's options come best first, so
    /// "its option obeys at least v requirements" is the order literal of the last option that
    /// does: its value is unary with no new variable. A goal about an attacker only implies
    /// its requirement is obeyed; maximizing sets it whenever it can be.
    fn requirements(
        &mut self,
        columns: &BTreeMap<usize, Vec<(usize, Lit)>>,
    ) -> Result<(), Exhausted> {
        let search = self.search;
        for (d, &b) in self.part.blockers.iter().enumerate() {
            let k = search.opts(b).len();
            for v in 1..=(0..k).map(|o| search.val(b, o)).max().unwrap_or(0) {
                if let Some(last) = (0..k).rev().find(|o| search.val(b, *o) >= v) {
                    self.goals.push(self.le[d][last]);
                }
            }
        }
        for &(a, instances, _, one) in &self.part.bonus {
            let Some(column) = columns.get(&a) else {
                continue;
            };
            let lits: Vec<Lit> = column.iter().map(|(_, x)| *x).collect();
            let g = self.fresh();
            let mut any = vec![!g];
            any.extend(lits.iter().copied());
            self.clause(&any);
            if one {
                self.at_most_if(&[g], &lits, 1)?;
            }
            self.goals
                .extend(std::iter::repeat_n(g, instances as usize));
        }
        for &k in &self.part.by {
            let (a, member, instances) = &search.by[k];
            let Some(column) = columns.get(a) else {
                continue;
            };
            let lits: Vec<Lit> = column
                .iter()
                .filter(|(d, _)| member[self.part.blockers[*d]])
                .map(|(_, x)| *x)
                .collect();
            if lits.is_empty() {
                continue;
            }
            let g = self.fresh();
            let mut any = vec![!g];
            any.extend(lits);
            self.clause(&any);
            self.goals
                .extend(std::iter::repeat_n(g, *instances as usize));
        }
        Ok(())
    }

    /// Assumptions asking for at least `k` requirements.
    fn asking(&mut self, k: usize) -> Result<Vec<Lit>, Exhausted> {
        if k == 0 {
            return Ok(Vec::new());
        }
        if k > self.goals.len() {
            return Ok(vec![!self.truth]);
        }
        let before = self.solver.n_clauses();
        card::BoundLowerIncremental::encode_lb_change(
            &mut self.objective,
            k..=k,
            &mut self.solver,
            &mut self.vars,
        )
        .map_err(oom)?;
        self.clauses += self.solver.n_clauses().saturating_sub(before);
        card::BoundLower::enforce_lb(&self.objective, k).map_err(|_| Exhausted::new(0))
    }

    /// Assumptions asking for at most `k` blockers.
    fn at_most_blocking(&mut self, k: usize) -> Result<Vec<Lit>, Exhausted> {
        let blocks = self.blocks.clone();
        let t = self
            .blockers
            .get_or_insert_with(|| blocks.into_iter().collect());
        let before = self.solver.n_clauses();
        card::BoundUpperIncremental::encode_ub_change(t, k..=k, &mut self.solver, &mut self.vars)
            .map_err(oom)?;
        self.clauses += self.solver.n_clauses().saturating_sub(before);
        card::BoundUpper::enforce_ub(t, k).map_err(|_| Exhausted::new(0))
    }

    /// Solves under the assumptions, paying conflicts and new clauses from the budget.
    fn solve(&mut self, assumptions: &[Lit], budget: &mut Budget) -> Result<bool, Exhausted> {
        budget.spend(std::mem::take(&mut self.clauses) as u64)?;
        let left = budget.limit.saturating_sub(budget.used);
        let meter = self.solver.batsat_mut().cb_mut();
        meter.conflicts = 0;
        meter.limit = left / CONFLICT;
        let result = self.solver.solve_assumps(assumptions);
        let conflicts = self.solver.batsat_ref().cb().conflicts;
        budget.spend(conflicts.saturating_mul(CONFLICT).saturating_add(1))?;
        match result {
            Ok(SolverResult::Sat) => Ok(true),
            Ok(SolverResult::Unsat) => Ok(false),
            // Stopped by the meter: what was left of the budget is spent.
            _ => {
                budget.used = budget.used.max(budget.limit);
                Err(Exhausted::new(budget.limit))
            }
        }
    }

    /// The option each blocker takes in the solver's model.
    fn picks(&self) -> Vec<usize> {
        self.pick
            .iter()
            .map(|row| {
                row.iter()
                    .position(|l| self.solver.lit_val(*l).ok() == Some(TernaryVal::True))
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The model as the search scores it: (requirements, blockers, the picks), and whether it
    /// obeys every restriction by the search's own test.
    fn score(&self, picks: &[usize]) -> (PartBest, bool) {
        let mut st = self.search.fresh();
        for (d, &b) in self.part.blockers.iter().enumerate() {
            self.search.apply(&mut st, b, picks[d]);
        }
        let complete = self.search.complete(self.part, &st);
        let total = st.score + self.search.score_of_must(self.part, &st);
        ((total, st.blocking, picks.to_vec()), complete)
    }
}

/// The best declaration of a part (most requirements, then fewest blockers), or `None` if
/// none obeys every restriction; `start` is a declaration already found, if any.
pub(super) fn best(
    search: &BlockSearch<'_>,
    part: &Part,
    start: Option<PartBest>,
    budget: &mut Budget,
) -> Result<Option<PartBest>, Exhausted> {
    let mut e = Encoding::new(search, part, budget)?;
    let mut best = match start {
        Some(found) => found,
        None => {
            if !e.solve(&[], budget)? {
                return Ok(None);
            }
            let (found, complete) = e.score(&e.picks());
            debug_assert!(
                complete,
                "the encoding admits a declaration the rules forbid"
            );
            found
        }
    };
    // One more requirement each time, until the solver proves it impossible (500.4). What
    // was found is kept for the bounds of an undecided answer.
    loop {
        part.found.set(Some(best.0));
        let ask = e.asking(best.0 as usize + 1)?;
        if !e.solve(&ask, budget)? {
            break;
        }
        let (found, complete) = e.score(&e.picks());
        debug_assert!(complete && found.0 > best.0);
        best = found;
    }
    // Then the fewest blockers among the declarations obeying that many.
    let keep = e.asking(best.0 as usize)?;
    while best.1 > 0 {
        let mut ask = keep.clone();
        ask.extend(e.at_most_blocking(best.1 as usize - 1)?);
        if !e.solve(&ask, budget)? {
            break;
        }
        let (found, complete) = e.score(&e.picks());
        debug_assert!(complete && found.0 >= best.0 && found.1 < best.1);
        best = found;
    }
    Ok(Some(best))
}

/// Visits every declaration of a part obeying every restriction and `target` requirements,
/// `target` being the part's maximum, as [`BlockSearch::each`] does: once per multiset of
/// options within each class.
pub(super) fn each(
    search: &BlockSearch<'_>,
    part: &Part,
    target: u32,
    budget: &mut Budget,
    visit: &mut dyn FnMut(&[usize]) -> bool,
) -> Result<bool, Exhausted> {
    let mut e = Encoding::new(search, part, budget)?;
    let ask = e.asking(target as usize)?;
    while e.solve(&ask, budget)? {
        let picks = e.picks();
        let ((score, _, _), complete) = e.score(&picks);
        debug_assert!(complete && score == target, "asked for the maximum");
        if !visit(&picks) {
            return Ok(false);
        }
        // Never this declaration again.
        let other: Vec<Lit> = picks
            .iter()
            .enumerate()
            .filter(|(d, _)| !e.pick[*d].is_empty())
            .map(|(d, o)| !e.pick[d][*o])
            .collect();
        if other.is_empty() {
            return Ok(true);
        }
        e.clause(&other);
    }
    Ok(true)
}
