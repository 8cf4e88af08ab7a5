//! A second, independent exact oracle for rule 500: legality problems encoded as SAT with a
//! totalizer for every count, solved by BatSat (pure Rust, through rustsat). The maximum number
//! of requirements is found by asking "can at least k be obeyed?" for growing k.

use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal};
use rustsat_batsat::BasicSolver;
use skirmish::legality::problem::{
    AttackChoice, AttackProblem, BlockChoice, BlockProblem, BlockRequirement,
};

pub struct Sat {
    solver: BasicSolver,
    next: u32,
    t: Lit,
}

impl Sat {
    pub fn new() -> Self {
        let mut s = Sat {
            solver: BasicSolver::default(),
            next: 0,
            t: Lit::positive(0),
        };
        s.t = s.var();
        let t = s.t;
        s.clause(&[t]);
        s
    }

    pub fn var(&mut self) -> Lit {
        let l = Lit::positive(self.next);
        self.next += 1;
        l
    }

    pub fn clause(&mut self, lits: &[Lit]) {
        self.solver
            .add_clause(lits.iter().copied().collect::<Clause>())
            .unwrap();
    }

    /// `out ↔ OR(lits)`.
    pub fn or(&mut self, lits: &[Lit]) -> Lit {
        let out = self.var();
        let mut big = vec![!out];
        for l in lits {
            self.clause(&[!*l, out]);
            big.push(*l);
        }
        self.clause(&big);
        out
    }

    /// Unary outputs `o[j] ↔ (at least j+1 of lits)` (a totalizer, both directions).
    pub fn count(&mut self, lits: &[Lit]) -> Vec<Lit> {
        match lits.len() {
            0 => Vec::new(),
            1 => vec![lits[0]],
            n => {
                let a = self.count(&lits[..n / 2]);
                let b = self.count(&lits[n / 2..]);
                let c: Vec<Lit> = (0..n).map(|_| self.var()).collect();
                let (p, q) = (a.len(), b.len());
                for i in 0..=p {
                    for j in 0..=q {
                        if i + j > 0 {
                            // A ≥ i and B ≥ j → C ≥ i+j
                            let mut cl = vec![c[i + j - 1]];
                            if i > 0 {
                                cl.push(!a[i - 1]);
                            }
                            if j > 0 {
                                cl.push(!b[j - 1]);
                            }
                            self.clause(&cl);
                        }
                        if i + j < n {
                            // A < i+1 and B < j+1 → C < i+j+1
                            let mut cl = vec![!c[i + j]];
                            if i < p {
                                cl.push(a[i]);
                            }
                            if j < q {
                                cl.push(b[j]);
                            }
                            self.clause(&cl);
                        }
                    }
                }
                c
            }
        }
    }

    pub fn at_most(&mut self, lits: &[Lit], k: usize) {
        let o = self.count(lits);
        if k < o.len() {
            self.clause(&[!o[k]]);
        }
    }

    /// `when → at least k of lits`.
    pub fn at_least_if(&mut self, when: Lit, lits: &[Lit], k: usize) {
        if k == 0 {
            return;
        }
        let o = self.count(lits);
        if k > o.len() {
            self.clause(&[!when]);
        } else {
            self.clause(&[!when, o[k - 1]]);
        }
    }

    /// The largest k such that at least k of `goals` can hold, with a model reaching it.
    pub fn maximize(&mut self, goals: &[Lit]) -> usize {
        let o = self.count(goals);
        assert_eq!(
            self.solver.solve().unwrap(),
            SolverResult::Sat,
            "declaring nothing is always possible"
        );
        let mut best = 0;
        while best < o.len() && self.solver.solve_assumps(&[o[best]]).unwrap() == SolverResult::Sat
        {
            best += 1;
        }
        best
    }

    pub fn value(&self, l: Lit) -> bool {
        self.solver.lit_val(l).unwrap() == TernaryVal::True
    }
}

/// The most requirements any declaration obeying every restriction obeys, where creature `i`
/// may attack a target that costs mana only if `paid[i]` names it (500.2).
pub fn attack_maximum(p: &AttackProblem, paid: &[Option<usize>]) -> usize {
    let mut s = Sat::new();
    let n = p.creatures.len();
    let mut z = vec![Vec::new(); n];
    let mut u = Vec::new();
    for (c, cand) in p.creatures.iter().enumerate() {
        for t in 0..p.targets.len() {
            let v = s.var();
            let allowed = cand.unable.is_empty()
                && cand.targets.contains(&t)
                && (!p.has_cost(c, t) || paid.get(c).copied().flatten() == Some(t));
            if !allowed {
                s.clause(&[!v]);
            }
            z[c].push(v);
        }
        s.at_most(&z[c].clone(), 1);
        let zc = z[c].clone();
        u.push(s.or(&zc));
    }
    for (c, cand) in p.creatures.iter().enumerate() {
        if cand.alone.is_some() {
            s.at_least_if(u[c], &u.clone(), 2);
        }
        for k in &cand.company {
            let others: Vec<Lit> = match &k.with {
                None => (0..n).filter(|j| *j != c).map(|j| u[j]).collect(),
                Some(w) => {
                    let set: std::collections::BTreeSet<usize> =
                        w.iter().copied().filter(|j| *j != c).collect();
                    set.into_iter().map(|j| u[j]).collect()
                }
            };
            s.at_least_if(u[c], &others, k.at_least as usize);
        }
    }
    if let Some(m) = p.max_limit() {
        s.at_most(&u.clone(), m as usize);
    }
    for l in &p.target_limits {
        let lits: Vec<Lit> = (0..n)
            .flat_map(|c| {
                let mut t = l.targets.clone();
                t.sort_unstable();
                t.dedup();
                t.into_iter()
                    .filter_map(|t| z[c].get(t).copied())
                    .collect::<Vec<_>>()
            })
            .collect();
        s.at_most(&lits, l.max as usize);
    }
    // 308.2d-f: costs paid ≤ free mana + mana creatures not tapped by attacking.
    let mut spend = Vec::new();
    let mut supply = p.free_mana as usize;
    for (c, cand) in p.creatures.iter().enumerate() {
        for (t, v) in z[c].iter().enumerate() {
            for _ in 0..p.cost(c, t) {
                spend.push(*v);
            }
        }
        for _ in 0..cand.mana_ability {
            supply += 1;
            if !cand.vigilance {
                spend.push(u[c]);
            }
        }
    }
    s.at_most(&spend, supply);
    // 308.2d, 308.2f: permanents given up, by Hall's condition: every set of pools asks for no
    // more permanents than they hold together.
    let members = p.pool_members();
    for mask in 1u32..(1u32 << members.len().min(8)) {
        let chosen: Vec<usize> = (0..members.len())
            .filter(|k| mask & (1 << k) != 0)
            .collect();
        let mut union: Vec<usize> = chosen.iter().flat_map(|k| members[*k].clone()).collect();
        union.sort_unstable();
        union.dedup();
        let mut asked = Vec::new();
        for (c, row) in z.iter().enumerate() {
            for (t, v) in row.iter().enumerate() {
                let mut demand = vec![0u32; members.len()];
                p.add_demand(c, t, &mut demand);
                let d: u32 = chosen.iter().map(|k| demand[*k]).sum();
                asked.extend(std::iter::repeat_n(*v, d as usize));
            }
        }
        s.at_most(&asked, union.len());
    }
    // A requirement is obeyed when its creature attacks as asked, or (a conditional one) when
    // none of the creatures it waits for attacks.
    let goals: Vec<Lit> = p
        .requirements
        .iter()
        .map(|r| {
            let mut hits = Vec::new();
            for c in r.subjects().filter(|c| *c < n) {
                if r.targets.is_empty() {
                    hits.push(u[c]);
                } else {
                    hits.extend(r.targets.iter().filter_map(|t| z[c].get(*t).copied()));
                }
            }
            let asked = s.or(&hits);
            match &r.when {
                None => asked,
                Some(w) => {
                    let triggers: Vec<Lit> = w.iter().filter(|j| **j < n).map(|j| u[*j]).collect();
                    let any = s.or(&triggers);
                    s.or(&[asked, !any])
                }
            }
        })
        .collect();
    s.maximize(&goals)
}

/// The same for attack declarations with no cost paid.
pub fn attack_maximum_unpaid(p: &AttackProblem) -> usize {
    attack_maximum(p, &vec![None; p.creatures.len()])
}

/// Which costs a declaration pays.
pub fn paid(p: &AttackProblem, c: &AttackChoice) -> Vec<Option<usize>> {
    c.0.iter()
        .enumerate()
        .map(|(i, t)| t.filter(|t| p.has_cost(i, *t)))
        .collect()
}

/// The most requirements any declaration of blockers obeying every restriction obeys.
pub fn block_maximum(p: &BlockProblem) -> (usize, BlockChoice) {
    // Costs to block are not encoded; a board with them would be judged wrongly here.
    assert!(
        p.blockers.iter().all(|b| b.costs.is_empty()),
        "the SAT encoding of blocks has no costs to block"
    );
    let mut s = Sat::new();
    let (nb, na) = (p.blockers.len(), p.attackers.len());
    let mut x: Vec<Vec<Lit>> = Vec::new();
    let mut y = Vec::new();
    for cand in &p.blockers {
        let row: Vec<Lit> = (0..na)
            .map(|a| {
                let v = s.var();
                if !(cand.unable.is_empty() && cand.can_block.contains(&a)) {
                    s.clause(&[!v]);
                }
                v
            })
            .collect();
        x.push(row.clone());
        s.at_most(&row, cand.capacity.limit(na));
        y.push(s.or(&row));
    }
    let mut col_any = Vec::new();
    for (a, att) in p.attackers.iter().enumerate() {
        let col: Vec<Lit> = (0..nb).map(|b| x[b][a]).collect();
        let any = s.or(&col);
        s.at_least_if(any, &col, att.min() as usize);
        if att.max().is_some() {
            s.at_most(&col, 1);
        }
        col_any.push(any);
    }
    for (b, cand) in p.blockers.iter().enumerate() {
        if cand.alone.is_some() {
            s.at_least_if(y[b], &y.clone(), 2);
        }
        for k in &cand.company {
            let others: Vec<Lit> = match &k.with {
                None => (0..nb).filter(|j| *j != b).map(|j| y[j]).collect(),
                Some(w) => {
                    let set: std::collections::BTreeSet<usize> =
                        w.iter().copied().filter(|j| *j != b).collect();
                    set.into_iter().map(|j| y[j]).collect()
                }
            };
            s.at_least_if(y[b], &others, k.at_least as usize);
        }
    }
    // "Blocked by all or by none": blocked, every blocker blocks it.
    for (a, att) in p.attackers.iter().enumerate() {
        if !att.all_or_none.is_empty() {
            for row in &x {
                s.clause(&[!col_any[a], row[a]]);
            }
        }
    }
    if let Some(m) = p.max_limit() {
        s.at_most(&y.clone(), m as usize);
    }
    let goals: Vec<Lit> = p
        .requirements
        .iter()
        .map(|r| match r {
            BlockRequirement::Blocks { blocker, .. } => y[*blocker],
            BlockRequirement::BlocksAttacker {
                blocker, attacker, ..
            } => x[*blocker][*attacker],
            BlockRequirement::MustBeBlocked { attacker, .. } => col_any[*attacker],
            BlockRequirement::MustBeBlockedByOne { attacker, .. } => {
                // g ↔ (at least one) ∧ ¬(at least two).
                let col: Vec<Lit> = (0..nb).map(|b| x[b][*attacker]).collect();
                let c = s.count(&col);
                let g = s.var();
                match c.as_slice() {
                    [] => s.clause(&[!g]),
                    [one] => {
                        s.clause(&[!g, *one]);
                        s.clause(&[g, !*one]);
                    }
                    [one, two, ..] => {
                        s.clause(&[!g, *one]);
                        s.clause(&[!g, !*two]);
                        s.clause(&[g, !*one, *two]);
                    }
                }
                g
            }
            BlockRequirement::MustBeBlockedBy { attacker, by, .. } => {
                let by: Vec<Lit> = by.iter().map(|b| x[*b][*attacker]).collect();
                s.or(&by)
            }
        })
        .collect();
    let best = s.maximize(&goals);
    // Re-solve at the maximum to read a witness.
    let o = s.count(&goals);
    let assumps: Vec<Lit> = if best > 0 {
        vec![o[best - 1]]
    } else {
        Vec::new()
    };
    assert_eq!(s.solver.solve_assumps(&assumps).unwrap(), SolverResult::Sat);
    let choice = BlockChoice(
        (0..nb)
            .map(|b| (0..na).filter(|a| s.value(x[b][*a])).collect())
            .collect(),
    );
    (best, choice)
}
