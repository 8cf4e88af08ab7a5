//! The legality kernel: rule 500 of the February 2009 rules, exactly.
//!
//! "A restriction conflicts with a proposed set of attackers or blockers if it isn't being
//! followed. A requirement conflicts with [it] if it isn't being followed and (1) the requirement
//! could be obeyed without violating a restriction and (2) doing so will allow the total number
//! of requirements that the set obeys to increase." (500.4) So a declaration is legal when it
//! obeys every restriction and obeys the maximum number of requirement instances that any
//! declaration obeying every restriction obeys.
//!
//! A game state becomes a plain-data problem ([`problem`], built by [`build`]); [`Legality`] asks
//! the questions: check one declaration, find an optimal one, count or enumerate the legal ones.
//! Answers are exact; work is paid from a [`Budget`] and an exhausted budget is reported as such.
//! See `docs/legality.md` for the algorithms and their limits.

pub mod answer;
mod at_least_n;
mod attack;
mod block;
pub mod build;
pub mod document;
mod flow;
mod independent;
mod independent_blocks;
pub mod judge;
pub mod pools;
pub mod problem;
#[cfg(any(test, feature = "reference"))]
pub mod reference;
pub mod rules;
mod sat;
pub mod validate;

use crate::declaration::{Attack, Block};
use crate::model::AttackTarget;
use num_bigint::BigUint;
use problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
pub use rules::Violation;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Work allowed for one question, in search nodes and DP transitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub limit: u64,
    pub used: u64,
}

/// The budget ran out before the answer was known. For a block problem, `bounds` says what was
/// proven by then about the maximum number of requirements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("undecided within the work budget of {limit} steps")]
pub struct Exhausted {
    pub limit: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Bounds>,
}

impl Exhausted {
    pub fn new(limit: u64) -> Self {
        Exhausted {
            limit,
            bounds: None,
        }
    }
}

/// What is proven about the maximum when the budget runs out: a declaration obeying every
/// restriction and `at_least` requirements was found, and none can obey more than `at_most`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    pub at_least: u32,
    pub at_most: u32,
}

impl Budget {
    /// The default: about a second of work on a slow machine.
    pub const DEFAULT: u64 = 20_000_000;

    pub fn new(limit: u64) -> Self {
        Budget { limit, used: 0 }
    }

    pub fn spend(&mut self, n: u64) -> Result<(), Exhausted> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit {
            Err(Exhausted::new(self.limit))
        } else {
            Ok(())
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Budget::DEFAULT)
    }
}

/// The answer to "is this declaration legal?" (500.2-500.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict<C> {
    /// Every restriction obeyed, and the maximum number of requirements.
    Legal { obeyed: u32, maximum: u32 },
    /// Some restriction is broken; each broken one is listed.
    BreaksRestrictions { violations: Vec<Violation> },
    /// Every restriction obeyed, but another declaration obeys more requirements (500.4).
    /// `unobeyed` lists requirement instances (indices into the problem) the witness obeys and
    /// this declaration doesn't.
    TooFewRequirements {
        obeyed: u32,
        maximum: u32,
        unobeyed: Vec<usize>,
        witness: C,
    },
    /// Every restriction obeyed, but the budget ran out before the maximum was known; with
    /// what was proven about it by then, when known.
    Undecided {
        obeyed: u32,
        limit: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bounds: Option<Bounds>,
    },
}

impl<C> Verdict<C> {
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal { .. })
    }
}

/// What a legality kernel answers. Implemented by the fast kernel for both problems and, in
/// tests, by the brute-force reference, so one conformance suite checks both.
pub trait Legality {
    type Choice: Clone + std::fmt::Debug + PartialEq;

    /// Judges a declaration.
    fn check(&self, choice: &Self::Choice, budget: &mut Budget) -> Verdict<Self::Choice>;

    /// The maximum number of requirements a declaration obeying every restriction obeys. (For
    /// attacks: with no attack costs paid, since nobody must pay one to obey a requirement.)
    fn maximum(&self, budget: &mut Budget) -> Result<u32, Exhausted>;

    /// A legal declaration with the fewest creatures among the optimal ones.
    fn optimum(&self, budget: &mut Budget) -> Result<Self::Choice, Exhausted>;

    /// The number of legal declarations.
    fn count(&self, budget: &mut Budget) -> Result<BigUint, Exhausted>;

    /// Calls `visit` with every legal declaration until it returns false.
    fn enumerate(
        &self,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&Self::Choice) -> bool,
    ) -> Result<(), Exhausted>;
}

/// A callback over ways of paying costs to block (for each blocker, the costed items it pays);
/// returns false to stop.
type PaidBlocksVisitor<'a> =
    dyn FnMut(&[Vec<Option<usize>>], &mut Budget) -> Result<bool, Exhausted> + 'a;

/// A callback over ways of paying attack costs; returns false to stop.
type PaidVisitor<'a> = dyn FnMut(&[Option<usize>], &mut Budget) -> Result<bool, Exhausted> + 'a;

impl AttackProblem {
    /// The creatures that have at least one taxed target, and those targets.
    fn taxed(&self) -> Vec<(usize, Vec<usize>)> {
        self.creatures
            .iter()
            .enumerate()
            .map(|(i, c)| {
                (
                    i,
                    c.targets
                        .iter()
                        .copied()
                        .filter(|t| self.has_cost(i, *t))
                        .collect::<Vec<_>>(),
                )
            })
            .filter(|(_, t)| !t.is_empty())
            .collect()
    }

    /// Calls `f` with every way of paying attack costs: for each creature, the taxed target it
    /// pays to attack, if any.
    fn each_paid_set(&self, budget: &mut Budget, f: &mut PaidVisitor) -> Result<(), Exhausted> {
        let taxed = self.taxed();
        let mut paid = vec![None; self.creatures.len()];
        fn go(
            taxed: &[(usize, Vec<usize>)],
            k: usize,
            paid: &mut Vec<Option<usize>>,
            budget: &mut Budget,
            f: &mut PaidVisitor,
        ) -> Result<bool, Exhausted> {
            if k == taxed.len() {
                return f(paid, budget);
            }
            let (i, targets) = &taxed[k];
            paid[*i] = None;
            if !go(taxed, k + 1, paid, budget, f)? {
                return Ok(false);
            }
            for t in targets {
                budget.spend(1)?;
                paid[*i] = Some(*t);
                if !go(taxed, k + 1, paid, budget, f)? {
                    return Ok(false);
                }
            }
            paid[*i] = None;
            Ok(true)
        }
        go(&taxed, 0, &mut paid, budget, f).map(|_| ())
    }

    /// The declarations with exactly these costs paid: paid creatures attack their paid target,
    /// others choose among untaxed options.
    fn exact_options(&self, paid: &[Option<usize>]) -> Vec<Vec<Option<usize>>> {
        attack::options_given_paid(self, &vec![None; self.creatures.len()])
            .into_iter()
            .zip(paid)
            .map(|(opts, p)| match p {
                Some(t) => vec![Some(*t)],
                None => opts,
            })
            .collect()
    }
}

impl AttackProblem {
    /// `check` by the DP, for the declarations the fast path (`independent`) doesn't take:
    /// `mine` are the requirement instances the declaration (obeying every restriction)
    /// obeys.
    fn check_by_dp(
        &self,
        choice: &AttackChoice,
        mine: BTreeSet<usize>,
        budget: &mut Budget,
    ) -> Verdict<AttackChoice> {
        let options = attack::options_given_paid(self, &self.paid(choice));
        let found = attack::AttackDp::run(self, options, budget).map(|dp| {
            let maximum = dp.best.unwrap_or(0);
            (maximum, move || {
                dp.witness(maximum)
                    .expect("the maximum is reached by some declaration")
            })
        });
        self.verdict(mine, found)
    }

    /// The verdict on a declaration obeying every restriction and the requirement instances
    /// `mine`, given the maximum and a way to an optimal declaration (500.4).
    fn verdict(
        &self,
        mine: BTreeSet<usize>,
        found: Result<(u32, impl FnOnce() -> AttackChoice), Exhausted>,
    ) -> Verdict<AttackChoice> {
        let obeyed = mine.len() as u32;
        let (maximum, witness) = match found {
            Ok(found) => found,
            Err(e) => {
                return Verdict::Undecided {
                    obeyed,
                    limit: e.limit,
                    bounds: e.bounds,
                };
            }
        };
        if obeyed >= maximum {
            return Verdict::Legal { obeyed, maximum };
        }
        let witness = witness();
        let unobeyed = self.unobeyed(&witness, &mine);
        Verdict::TooFewRequirements {
            obeyed,
            maximum,
            unobeyed,
            witness,
        }
    }
}

impl Legality for AttackProblem {
    type Choice = AttackChoice;

    fn check(&self, choice: &AttackChoice, budget: &mut Budget) -> Verdict<AttackChoice> {
        let violations = self.violations(choice);
        if !violations.is_empty() {
            return Verdict::BreaksRestrictions { violations };
        }
        // 500.4 with nothing to obey: every declaration obeying the restrictions is legal.
        if self.requirements.is_empty() {
            return Verdict::Legal {
                obeyed: 0,
                maximum: 0,
            };
        }
        let mine = self.obeyed(choice);
        match independent::Independent::of(self, self.pays(choice), budget) {
            Ok(None) => self.check_by_dp(choice, mine, budget),
            Ok(Some(fast)) => self.verdict(mine, Ok((fast.maximum, || fast.witness))),
            Err(e) => self.verdict(mine, Err::<(u32, fn() -> AttackChoice), _>(e)),
        }
    }

    fn maximum(&self, budget: &mut Budget) -> Result<u32, Exhausted> {
        // Nothing to obey: no search, so no set-up to pay for.
        if self.requirements.is_empty() {
            return Ok(0);
        }
        // `Independent::of` charges the set-up, for the DP too.
        if let Some(fast) = independent::Independent::of(self, false, budget)? {
            return Ok(fast.maximum);
        }
        let dp = attack::AttackDp::run(self, attack::options_given_paid(self, &[]), budget)?;
        Ok(dp.best.unwrap_or(0))
    }

    fn optimum(&self, budget: &mut Budget) -> Result<AttackChoice, Exhausted> {
        // Nothing to obey: no search, so no set-up to pay for.
        if self.requirements.is_empty() {
            return Ok(self.none());
        }
        // `Independent::of` charges the set-up, for the DP too.
        if let Some(fast) = independent::Independent::of(self, false, budget)? {
            return Ok(fast.witness);
        }
        let dp = attack::AttackDp::run(self, attack::options_given_paid(self, &[]), budget)?;
        Ok(dp
            .witness(dp.best.unwrap_or(0))
            .unwrap_or_else(|| self.none()))
    }

    fn count(&self, budget: &mut Budget) -> Result<BigUint, Exhausted> {
        budget.spend(self.size())?;
        let mut total = BigUint::default();
        self.each_paid_set(budget, &mut |paid, budget| {
            let best =
                attack::AttackDp::run(self, attack::options_given_paid(self, paid), budget)?.best;
            if let Some(m) = best {
                total += attack::AttackDp::run(self, self.exact_options(paid), budget)?.count(m);
            }
            Ok(true)
        })?;
        Ok(total)
    }

    fn enumerate(
        &self,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&AttackChoice) -> bool,
    ) -> Result<(), Exhausted> {
        budget.spend(self.size())?;
        self.each_paid_set(budget, &mut |paid, budget| {
            let best =
                attack::AttackDp::run(self, attack::options_given_paid(self, paid), budget)?.best;
            match best {
                Some(m) => attack::AttackDp::run(self, self.exact_options(paid), budget)?
                    .each(m, budget, visit),
                None => Ok(true),
            }
        })
    }
}

impl BlockSolver<'_> {
    /// The maximum and a best declaration: most requirements, then fewest blockers, among the
    /// declarations paying costs to block as `paid` allows.
    fn solve(
        &self,
        paid: block::Paid<'_>,
        budget: &mut Budget,
    ) -> Result<(u32, BlockChoice), Exhausted> {
        // Boards where nothing ties blockers together are arithmetic. Only under `Auto`: the
        // other backends are asked for by name, and the conformance suite runs each.
        if let (Backend::Auto, block::Paid::Within(list)) = (self.backend, paid) {
            if let Some(fast) = independent_blocks::IndependentBlocks::of(self.problem, list) {
                return Ok((fast.maximum, fast.witness));
            }
        }
        let search = block::BlockSearch::paying(self.problem, paid, self.backend, budget)?;
        let mut total = 0;
        let mut choices = Vec::new();
        for (k, part) in search.parts.iter().enumerate() {
            // Within any set of paid costs, declaring no blockers obeys every restriction, so
            // every part has a best declaration.
            let (score, _, choice) = match search.best(part, budget) {
                Ok(best) => best.expect("declaring no blockers obeys every restriction"),
                Err(e) => {
                    // The parts decided count exactly; the rest between the best declaration
                    // found (declaring nothing obeys none) and their bound.
                    let rest = &search.parts[k..];
                    let bounds = Bounds {
                        at_least: total + rest.iter().map(|p| p.found().unwrap_or(0)).sum::<u32>(),
                        at_most: total + rest.iter().map(|p| search.ceiling(p)).sum::<u32>(),
                    };
                    return Err(Exhausted {
                        bounds: Some(bounds),
                        ..e
                    });
                }
            };
            total += score;
            choices.push(choice);
        }
        Ok((total, search.choice(&choices)))
    }

    /// Per part: its maximum, `None` if no declaration of the part obeys every restriction.
    fn part_maxima(
        &self,
        search: &block::BlockSearch<'_>,
        budget: &mut Budget,
    ) -> Result<Vec<Option<u32>>, Exhausted> {
        search
            .parts
            .iter()
            .map(|part| Ok(search.best(part, budget)?.map(|(s, _, _)| s)))
            .collect()
    }

    /// The declarations paying exactly `paid` that are legal, as a search and each part's
    /// maximum; `None` when there are none (unaffordable, or fewer requirements than a
    /// declaration paying less could obey).
    fn exactly_paid(
        &self,
        paid: &[Vec<Option<usize>>],
        budget: &mut Budget,
    ) -> Result<Option<(block::BlockSearch<'_>, Vec<u32>)>, Exhausted> {
        let (mana, life) = self.problem.paid_mana(paid);
        if mana > self.problem.free_mana || life > self.problem.payable_life {
            return Ok(None);
        }
        let search = block::BlockSearch::paying(
            self.problem,
            block::Paid::Exactly(paid),
            self.backend,
            budget,
        )?;
        let maxima: Option<Vec<u32>> = self.part_maxima(&search, budget)?.into_iter().collect();
        let Some(maxima) = maxima else {
            return Ok(None);
        };
        // Paying nothing, the exact and the "within" declarations are the same ones.
        if paid.iter().all(Vec::is_empty) {
            return Ok(Some((search, maxima)));
        }
        let (best, _) = self.solve(block::Paid::Within(paid), budget)?;
        Ok((maxima.iter().sum::<u32>() == best).then_some((search, maxima)))
    }
}

impl BlockProblem {
    /// For each blocker, the costed items it could pay (309.2b): blocking at all, and blocking
    /// each attacker it can block.
    fn costed_items(&self) -> Vec<Vec<Option<usize>>> {
        self.blockers
            .iter()
            .enumerate()
            .map(|(b, c)| self.costed(b, &c.can_block))
            .collect()
    }

    /// Calls `f` with every affordable way of paying costs to block: for each blocker, the
    /// costed items it pays. Without costs, once with nothing paid.
    fn each_paid_set(
        &self,
        budget: &mut Budget,
        f: &mut PaidBlocksVisitor,
    ) -> Result<(), Exhausted> {
        let items = self.costed_items();
        let mut paid: Vec<Vec<Option<usize>>> = vec![Vec::new(); self.blockers.len()];
        fn go(
            items: &[Vec<Option<usize>>],
            b: usize,
            paid: &mut Vec<Vec<Option<usize>>>,
            budget: &mut Budget,
            f: &mut PaidBlocksVisitor,
        ) -> Result<bool, Exhausted> {
            if b == items.len() {
                return f(paid, budget);
            }
            let mine = &items[b];
            // Every subset of the blocker's costed items, as a bit mask; absurd numbers of
            // costed items run out of budget instead of shifting past 64 bits.
            let n = mine.len().min(63);
            for mask in 0u64..(1u64 << n) {
                budget.spend(1)?;
                paid[b] = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| mine[i])
                    .collect();
                if !go(items, b + 1, paid, budget, f)? {
                    return Ok(false);
                }
            }
            paid[b].clear();
            Ok(true)
        }
        go(&items, 0, &mut paid, budget, f).map(|_| ())
    }

    /// The number of legal declarations when nothing ties blockers together and nothing is
    /// required (500.4: the maximum is 0): each blocker chooses freely among its options, so
    /// the count is the product of their numbers, Σ C(n, k) for k up to its capacity. `None`
    /// when a requirement, a cost or a restriction over several blockers is present (the
    /// search counts then). 100 Bears against 100 was a search over 10^58 multisets.
    fn free_count(&self, budget: &mut Budget) -> Result<Option<BigUint>, Exhausted> {
        let free = self.requirements.is_empty()
            && self.max_blockers.is_empty()
            && self
                .attackers
                .iter()
                .all(|a| a.min() <= 1 && a.max().is_none() && a.all_or_none.is_empty())
            && self.blockers.iter().all(|b| {
                b.alone.is_none()
                    && b.company.is_empty()
                    && b.costs.iter().all(|c| c.mana == 0 && c.life == 0)
            });
        if !free {
            return Ok(None);
        }
        let mut total = BigUint::from(1u32);
        for b in self.blockers.iter().filter(|b| b.unable.is_empty()) {
            let n = b.can_block.iter().collect::<BTreeSet<_>>().len();
            let most = b.capacity.limit(n);
            budget.spend(most as u64 + 1)?;
            // Σ_{k ≤ most} C(n, k), each binomial from the one before.
            let (mut sum, mut binomial) = (BigUint::default(), BigUint::from(1u32));
            for k in 0..=most {
                sum += &binomial;
                binomial = binomial * (n - k) / (k + 1);
            }
            total *= sum;
        }
        Ok(Some(total))
    }

    /// What paying exactly these costed items costs: mana and life.
    fn paid_mana(&self, paid: &[Vec<Option<usize>>]) -> (u32, u32) {
        paid.iter().enumerate().fold((0u32, 0u32), |s, (b, items)| {
            self.blockers[b]
                .costs
                .iter()
                .filter(|c| items.contains(&c.attacker))
                .fold(s, |(m, l), c| {
                    (m.saturating_add(c.mana), l.saturating_add(c.life))
                })
        })
    }
}

/// How the parts of a block problem are decided. Every backend answers exactly; they differ in
/// which boards they find hard, and one conformance suite checks them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    /// Per part: a flow when no restriction ties creatures together, else branch and bound
    /// for a bounded share of the budget, then clause learning (`legality::sat`) for the parts
    /// the search couldn't finish.
    #[default]
    Auto,
    /// A flow or branch and bound only (the kernel before clause learning).
    Search,
    /// Clause learning only, for every part.
    Sat,
    /// As `Auto`, with branch and bound given this many steps per part before clause learning
    /// takes over (`Auto` gives it [`block::SEARCH_SHARE`]); tests use it to hand over at any
    /// point of a search.
    Handover { search_steps: u64 },
}

/// A block problem with the backend that decides it. `BlockProblem`'s own [`Legality`] answers
/// with [`Backend::Auto`].
#[derive(Debug, Clone, Copy)]
pub struct BlockSolver<'p> {
    pub problem: &'p BlockProblem,
    pub backend: Backend,
}

impl<'p> BlockSolver<'p> {
    pub fn new(problem: &'p BlockProblem, backend: Backend) -> Self {
        BlockSolver { problem, backend }
    }
}

impl Legality for BlockProblem {
    type Choice = BlockChoice;

    fn check(&self, choice: &BlockChoice, budget: &mut Budget) -> Verdict<BlockChoice> {
        BlockSolver::new(self, Backend::Auto).check(choice, budget)
    }

    fn maximum(&self, budget: &mut Budget) -> Result<u32, Exhausted> {
        BlockSolver::new(self, Backend::Auto).maximum(budget)
    }

    fn optimum(&self, budget: &mut Budget) -> Result<BlockChoice, Exhausted> {
        BlockSolver::new(self, Backend::Auto).optimum(budget)
    }

    fn count(&self, budget: &mut Budget) -> Result<BigUint, Exhausted> {
        BlockSolver::new(self, Backend::Auto).count(budget)
    }

    fn enumerate(
        &self,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&BlockChoice) -> bool,
    ) -> Result<(), Exhausted> {
        BlockSolver::new(self, Backend::Auto).enumerate(budget, visit)
    }
}

impl Legality for BlockSolver<'_> {
    type Choice = BlockChoice;

    fn check(&self, choice: &BlockChoice, budget: &mut Budget) -> Verdict<BlockChoice> {
        let violations = self.problem.violations(choice);
        if !violations.is_empty() {
            return Verdict::BreaksRestrictions { violations };
        }
        // 500.4 with nothing to obey: every declaration obeying the restrictions is legal.
        if self.problem.requirements.is_empty() {
            return Verdict::Legal {
                obeyed: 0,
                maximum: 0,
            };
        }
        let mine = self.problem.obeyed(choice);
        let obeyed = mine.len() as u32;
        if let Err(e) = budget.spend(self.problem.size()) {
            return Verdict::Undecided {
                obeyed,
                limit: e.limit,
                bounds: None,
            };
        }
        // Without costs to block, nothing is paid: no list to build (a missing entry is none).
        let paid = if self.problem.blockers.iter().any(|b| !b.costs.is_empty()) {
            self.problem.paid(choice)
        } else {
            Vec::new()
        };
        let (maximum, witness) = match self.solve(block::Paid::Within(&paid), budget) {
            Ok(x) => x,
            Err(e) => {
                return Verdict::Undecided {
                    obeyed,
                    limit: e.limit,
                    bounds: e.bounds,
                };
            }
        };
        if obeyed >= maximum {
            return Verdict::Legal { obeyed, maximum };
        }
        let unobeyed = self.problem.unobeyed(&witness, &mine);
        Verdict::TooFewRequirements {
            obeyed,
            maximum,
            unobeyed,
            witness,
        }
    }

    fn maximum(&self, budget: &mut Budget) -> Result<u32, Exhausted> {
        if self.problem.requirements.is_empty() {
            return Ok(0);
        }
        budget.spend(self.problem.size())?;
        Ok(self.solve(block::Paid::Within(&[]), budget)?.0)
    }

    fn optimum(&self, budget: &mut Budget) -> Result<BlockChoice, Exhausted> {
        // Declaring no blockers obeys every restriction, with the fewest blockers.
        if self.problem.requirements.is_empty() {
            return Ok(self.problem.none());
        }
        budget.spend(self.problem.size())?;
        Ok(self.solve(block::Paid::Within(&[]), budget)?.1)
    }

    fn count(&self, budget: &mut Budget) -> Result<BigUint, Exhausted> {
        budget.spend(self.problem.size())?;
        if let Some(n) = self.problem.free_count(budget)? {
            return Ok(n);
        }
        let mut total = BigUint::default();
        self.problem.each_paid_set(budget, &mut |paid, budget| {
            let Some((search, maxima)) = self.exactly_paid(paid, budget)? else {
                return Ok(true);
            };
            let mut product = BigUint::from(1u32);
            for (part, m) in search.parts.iter().zip(maxima) {
                let mut n = BigUint::default();
                search.each(part, m, budget, &mut |picked| {
                    n += search.multiplicity(part, picked);
                    true
                })?;
                product *= n;
            }
            total += product;
            Ok(true)
        })?;
        Ok(total)
    }

    fn enumerate(
        &self,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&BlockChoice) -> bool,
    ) -> Result<(), Exhausted> {
        budget.spend(self.problem.size())?;
        fn go(
            search: &block::BlockSearch<'_>,
            maxima: &[u32],
            k: usize,
            chosen: &mut Vec<Vec<Vec<usize>>>,
            budget: &mut Budget,
            visit: &mut dyn FnMut(&BlockChoice) -> bool,
        ) -> Result<bool, Exhausted> {
            if k == search.parts.len() {
                return Ok(visit(&search.merge(chosen)));
            }
            let part = &search.parts[k];
            // Parts are independent: collect this part's declarations, then combine.
            let mut mine = Vec::new();
            let mut picks = Vec::new();
            search.each(part, maxima[k], budget, &mut |picked| {
                picks.push(picked.to_vec());
                true
            })?;
            for picked in &picks {
                search.expand(part, picked, budget, &mut |c| {
                    mine.push(c.to_vec());
                    true
                })?;
            }
            for c in mine {
                chosen[k] = c;
                if !go(search, maxima, k + 1, chosen, budget, visit)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        self.problem.each_paid_set(budget, &mut |paid, budget| {
            let Some((search, maxima)) = self.exactly_paid(paid, budget)? else {
                return Ok(true);
            };
            let mut chosen: Vec<Vec<Vec<usize>>> = vec![Vec::new(); search.parts.len()];
            go(&search, &maxima, 0, &mut chosen, budget, visit)
        })
    }
}

/// Turns a declaration by object ids into a choice over the problem. Creatures or targets the
/// problem doesn't know can't be part of a legal attack; they come back as violations.
pub fn attack_choice(
    p: &AttackProblem,
    attack: &Attack,
    label_of: &dyn Fn(crate::model::ObjectId) -> String,
    player_name: &dyn Fn(crate::model::PlayerId) -> String,
) -> (AttackChoice, Vec<Violation>) {
    let mut choice = p.none();
    let mut extra = Vec::new();
    for (id, target) in &attack.attackers {
        let Some(i) = p.creatures.iter().position(|c| c.id == *id) else {
            let label = label_of(*id);
            let message = format!(
                "{label} is not a creature the attacking player controls (306.3: only a creature can attack)"
            );
            extra.push(Violation::new("308.2a", Some(&label), message, None));
            continue;
        };
        match p.targets.iter().position(|t| t.target == *target) {
            Some(t) => choice.0[i] = Some(t),
            None => {
                let label = &p.creatures[i].label;
                let whom = match target {
                    AttackTarget::Player(who) => player_name(*who),
                    AttackTarget::Nothing => "nothing".to_string(),
                    AttackTarget::Planeswalker(w) | AttackTarget::Battle(w) => label_of(*w),
                };
                let message = format!(
                    "{label} can't attack {whom}: only the defending player or a planeswalker he or she controls can be attacked"
                );
                extra.push(Violation::new("308.2a", Some(label), message, None));
            }
        }
    }
    (choice, extra)
}

/// Turns a block declaration by object ids into a choice over the problem.
pub fn block_choice(
    p: &BlockProblem,
    block: &Block,
    label_of: &dyn Fn(crate::model::ObjectId) -> String,
) -> (BlockChoice, Vec<Violation>) {
    let mut choice = p.none();
    let mut extra = Vec::new();
    for (id, attacked) in &block.blockers {
        let Some(i) = p.blockers.iter().position(|c| c.id == *id) else {
            let label = label_of(*id);
            let message = format!(
                "{label} is not a creature the defending player controls (306.3: only a creature can block)"
            );
            extra.push(Violation::new("309.2a", Some(&label), message, None));
            continue;
        };
        for a in attacked {
            match p.attackers.iter().position(|x| x.id == *a) {
                Some(ai) => choice.0[i].push(ai),
                None => {
                    let message = format!(
                        "{} is not a creature attacking {} or a planeswalker he or she controls",
                        label_of(*a),
                        p.defending_player
                    );
                    let label = &p.blockers[i].label;
                    extra.push(Violation::new("309.2a", Some(label), message, None));
                }
            }
        }
        choice.0[i].sort_unstable();
    }
    (choice, extra)
}
