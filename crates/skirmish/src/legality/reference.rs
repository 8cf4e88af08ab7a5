//! The brute-force reference: every declaration, judged directly by rule 500's definition.
//! Obviously correct and exponential; tests compare the kernel with it on small boards.

use super::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
use super::{Budget, Exhausted, Legality, Verdict};
use num_bigint::BigUint;

/// A problem judged by brute force.
pub struct Reference<'p, P>(pub &'p P);

fn all_attacks(p: &AttackProblem) -> Vec<AttackChoice> {
    let mut out = vec![Vec::new()];
    for _ in &p.creatures {
        let mut next = Vec::new();
        for prefix in &out {
            for opt in std::iter::once(None).chain((0..p.targets.len()).map(Some)) {
                let mut v: Vec<Option<usize>> = prefix.clone();
                v.push(opt);
                next.push(v);
            }
        }
        out = next;
    }
    out.into_iter().map(AttackChoice).collect()
}

fn all_blocks(p: &BlockProblem) -> Vec<BlockChoice> {
    let na = p.attackers.len();
    let mut out = vec![Vec::new()];
    for _ in &p.blockers {
        let mut next = Vec::new();
        for prefix in &out {
            for mask in 0u32..(1 << na) {
                let set: Vec<usize> = (0..na).filter(|a| mask & (1 << a) != 0).collect();
                let mut v: Vec<Vec<usize>> = prefix.clone();
                v.push(set);
                next.push(v);
            }
        }
        out = next;
    }
    out.into_iter().map(BlockChoice).collect()
}

/// Whether `other` pays no attack cost that `d` doesn't (500.2: nobody must pay to obey).
fn within_paid(p: &AttackProblem, d: &AttackChoice, other: &AttackChoice) -> bool {
    other.0.iter().enumerate().all(|(i, t)| match t {
        Some(t) if p.has_cost(i, *t) => d.0[i] == Some(*t),
        _ => true,
    })
}

impl Reference<'_, AttackProblem> {
    fn max_for(&self, d: &AttackChoice) -> u32 {
        let p = self.0;
        all_attacks(p)
            .iter()
            .filter(|o| within_paid(p, d, o) && p.violations(o).is_empty())
            .map(|o| p.obeyed(o).len() as u32)
            .max()
            .unwrap_or(0)
    }

    fn legal(&self, d: &AttackChoice) -> bool {
        self.0.violations(d).is_empty() && self.0.obeyed(d).len() as u32 == self.max_for(d)
    }
}

impl Legality for Reference<'_, AttackProblem> {
    type Choice = AttackChoice;

    fn check(&self, choice: &AttackChoice, _: &mut Budget) -> Verdict<AttackChoice> {
        let p = self.0;
        let violations = p.violations(choice);
        if !violations.is_empty() {
            return Verdict::BreaksRestrictions { violations };
        }
        let obeyed = p.obeyed(choice).len() as u32;
        let maximum = self.max_for(choice);
        if obeyed == maximum {
            return Verdict::Legal { obeyed, maximum };
        }
        let witness = all_attacks(p)
            .into_iter()
            .find(|o| {
                within_paid(p, choice, o)
                    && p.violations(o).is_empty()
                    && p.obeyed(o).len() as u32 == maximum
            })
            .expect("the maximum is reached");
        Verdict::TooFewRequirements {
            obeyed,
            maximum,
            unobeyed: Vec::new(),
            witness,
        }
    }

    fn maximum(&self, _: &mut Budget) -> Result<u32, Exhausted> {
        Ok(self.max_for(&self.0.none()))
    }

    fn optimum(&self, _: &mut Budget) -> Result<AttackChoice, Exhausted> {
        let none = self.0.none();
        Ok(all_attacks(self.0)
            .into_iter()
            .filter(|d| within_paid(self.0, &none, d) && self.legal(d))
            .min_by_key(|d| d.0.iter().flatten().count())
            .expect("declaring no attackers is legal when no requirement can be obeyed, and otherwise something is"))
    }

    fn count(&self, _: &mut Budget) -> Result<BigUint, Exhausted> {
        Ok(BigUint::from(
            all_attacks(self.0).iter().filter(|d| self.legal(d)).count(),
        ))
    }

    fn enumerate(
        &self,
        _: &mut Budget,
        visit: &mut dyn FnMut(&AttackChoice) -> bool,
    ) -> Result<(), Exhausted> {
        for d in all_attacks(self.0).iter().filter(|d| self.legal(d)) {
            if !visit(d) {
                break;
            }
        }
        Ok(())
    }
}

/// Whether `other` pays no cost to block that `d` doesn't (500.3: nobody must pay to obey).
fn within_paid_blocks(p: &BlockProblem, d: &BlockChoice, other: &BlockChoice) -> bool {
    (0..other.0.len()).all(|b| {
        let mine = p.costed(b, &d.0[b]);
        p.costed(b, &other.0[b]).iter().all(|x| mine.contains(x))
    })
}

impl Reference<'_, BlockProblem> {
    fn max_for(&self, d: &BlockChoice) -> u32 {
        let p = self.0;
        all_blocks(p)
            .iter()
            .filter(|o| within_paid_blocks(p, d, o) && p.violations(o).is_empty())
            .map(|o| p.obeyed(o).len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// The legal declarations, the maximum computed once per set of paid costs (it depends
    /// on nothing else).
    fn all_legal(&self) -> Vec<BlockChoice> {
        let p = self.0;
        let mut memo: std::collections::HashMap<Vec<Vec<Option<usize>>>, u32> = Default::default();
        all_blocks(p)
            .into_iter()
            .filter(|d| {
                p.violations(d).is_empty() && {
                    let m = *memo.entry(p.paid(d)).or_insert_with(|| self.max_for(d));
                    p.obeyed(d).len() as u32 == m
                }
            })
            .collect()
    }
}

impl Legality for Reference<'_, BlockProblem> {
    type Choice = BlockChoice;

    fn check(&self, choice: &BlockChoice, _: &mut Budget) -> Verdict<BlockChoice> {
        let p = self.0;
        let violations = p.violations(choice);
        if !violations.is_empty() {
            return Verdict::BreaksRestrictions { violations };
        }
        let obeyed = p.obeyed(choice).len() as u32;
        let maximum = self.max_for(choice);
        if obeyed == maximum {
            return Verdict::Legal { obeyed, maximum };
        }
        let witness = all_blocks(p)
            .into_iter()
            .find(|o| {
                within_paid_blocks(p, choice, o)
                    && p.violations(o).is_empty()
                    && p.obeyed(o).len() as u32 == maximum
            })
            .expect("the maximum is reached");
        Verdict::TooFewRequirements {
            obeyed,
            maximum,
            unobeyed: Vec::new(),
            witness,
        }
    }

    fn maximum(&self, _: &mut Budget) -> Result<u32, Exhausted> {
        Ok(self.max_for(&self.0.none()))
    }

    fn optimum(&self, _: &mut Budget) -> Result<BlockChoice, Exhausted> {
        let none = self.0.none();
        Ok(self
            .all_legal()
            .into_iter()
            .filter(|d| within_paid_blocks(self.0, &none, d))
            .min_by_key(|d| d.0.iter().filter(|b| !b.is_empty()).count())
            .expect("some declaration reaches the maximum"))
    }

    fn count(&self, _: &mut Budget) -> Result<BigUint, Exhausted> {
        Ok(BigUint::from(self.all_legal().len()))
    }

    fn enumerate(
        &self,
        _: &mut Budget,
        visit: &mut dyn FnMut(&BlockChoice) -> bool,
    ) -> Result<(), Exhausted> {
        for d in &self.all_legal() {
            if !visit(d) {
                break;
            }
        }
        Ok(())
    }
}
