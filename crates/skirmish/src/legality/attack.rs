//! Exact attack legality by dynamic programming.
//!
//! Every attack restriction is either about one creature (it may attack these targets, or not
//! at all) or about the whole declaration through a count: how many attack ("no more than N",
//! "can't attack alone", 306.5) and how much mana the attack costs against how much can be paid
//! (308.2d-f). So processing creatures one at a time with the state (attackers so far, capped;
//! whether a "can't attack alone" creature attacks; mana still owed; requirements obeyed) decides
//! the maximum and counts the declarations exactly, in time linear in the number of creatures
//! times the number of states.

use super::problem::{AttackChoice, AttackProblem};
use super::{Budget, Exhausted};
use num_bigint::BigUint;
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct St {
    count: u32,
    alone: bool,
    /// Mana owed minus mana that creatures not tapped by attacking can still make.
    owed: i64,
    score: u32,
}

#[derive(Debug, Clone)]
struct Node {
    ways: BigUint,
    /// Fewest attackers reaching this state, and how (previous state, option).
    fewest: u32,
    back: Option<(St, Option<usize>)>,
}

/// The DP over one set of allowed options per creature.
pub(super) struct AttackDp<'p> {
    p: &'p AttackProblem,
    options: Vec<Vec<Option<usize>>>,
    weight: Vec<u32>,
    cap: u32,
    max: Option<u32>,
    suffix_tax: Vec<i64>,
    suffix_supply: Vec<i64>,
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
        let mut weight = vec![0u32; n];
        for r in &p.requirements {
            weight[r.creature] += 1;
        }
        let max = p.max_limit();
        let tracks_count = max.is_some() || p.creatures.iter().any(|c| c.alone.is_some());
        // The count saturates at `cap`: high enough to tell "alone" (fewer than 2) and to see
        // a limit of N broken (N + 1 attackers); a cap of N would hide the (N + 1)th attacker.
        let cap = if tracks_count {
            max.map_or(2, |m| m.saturating_add(1).max(2))
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
            weight,
            cap,
            max,
            suffix_tax,
            suffix_supply,
            layers: Vec::with_capacity(n + 1),
            best: None,
        };
        let start = St {
            count: 0,
            alone: false,
            owed: -(p.free_mana as i64),
            score: 0,
        };
        let start = St {
            owed: start.owed.max(-dp.suffix_tax[0]),
            ..start
        };
        let mut first = HashMap::new();
        first.insert(
            start,
            Node {
                ways: BigUint::from(1u32),
                fewest: 0,
                back: None,
            },
        );
        dp.layers.push(first);
        for i in 0..n {
            let mut next: HashMap<St, Node> = HashMap::new();
            let current = &dp.layers[i];
            budget.spend((current.len() * dp.options[i].len()) as u64)?;
            for (st, node) in current {
                for &opt in &dp.options[i] {
                    let Some(ns) = dp.step(i, *st, opt) else {
                        continue;
                    };
                    let fewest = node.fewest + u32::from(opt.is_some());
                    match next.get_mut(&ns) {
                        Some(e) => {
                            e.ways += &node.ways;
                            if fewest < e.fewest {
                                e.fewest = fewest;
                                e.back = Some((*st, opt));
                            }
                        }
                        None => {
                            next.insert(
                                ns,
                                Node {
                                    ways: node.ways.clone(),
                                    fewest,
                                    back: Some((*st, opt)),
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

    fn step(&self, i: usize, st: St, opt: Option<usize>) -> Option<St> {
        let cand = &self.p.creatures[i];
        let mut s = st;
        if let Some(t) = opt {
            s.count = (s.count + 1).min(self.cap);
            if self.max.is_some_and(|m| s.count > m) {
                return None;
            }
            s.alone |= cand.alone.is_some();
            s.owed += i64::from(self.p.cost(i, t));
            s.score += self.weight[i];
        }
        if cand.mana_ability && (opt.is_none() || cand.vigilance) {
            s.owed -= 1;
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
        (!s.alone || s.count >= 2) && s.owed <= 0
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
        let mut st: St = *self.layers[n]
            .iter()
            .filter(|(s, _)| self.accept(s) && s.score == score)
            .min_by_key(|(_, node)| node.fewest)?
            .0;
        let mut choice = vec![None; n];
        for i in (0..n).rev() {
            let (prev, opt) = self.layers[i + 1].get(&st)?.back?;
            choice[i] = opt;
            st = prev;
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
            .copied()
            .collect();
        for i in (0..n).rev() {
            budget.spend(self.layers[i].len() as u64)?;
            let set: std::collections::HashSet<St> = self.layers[i]
                .keys()
                .filter(|s| {
                    self.options[i].iter().any(|o| {
                        self.step(i, **s, *o)
                            .is_some_and(|ns| useful[i + 1].contains(&ns))
                    })
                })
                .copied()
                .collect();
            useful[i] = set;
        }
        let mut choice = vec![None; n];
        let start = match self.layers[0].keys().next() {
            Some(s) if useful[0].contains(s) => *s,
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
                .step(i, st, opt)
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
                    .filter(|t| p.cost(i, **t) == 0)
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
