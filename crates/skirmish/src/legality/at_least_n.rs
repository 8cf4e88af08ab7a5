//! Blocks tied together only by "can't be blocked except by N or more creatures", decided by
//! which of those attackers are blocked.
//!
//! An attacker that "can't be blocked except by two or more creatures" (500.3, an evasion
//! ability: 500.3a makes the largest N bind) ties blockers together: one may block it only if
//! others do. When that is the only tie and the only requirements are "blocks each combat if
//! able" (500.4, obeyed by blocking anything), the search is unnecessary. Call the attackers
//! asking for two or more *demanding*. Fix the set `T` of demanding attackers that are blocked:
//!
//! - every blocker with a requirement that may block an attacker in `T` or an undemanding one
//!   blocks (nothing limits how many creatures block an attacker here), so `T` obeys the sum of
//!   their instances, and no declaration blocking exactly `T` obeys more;
//! - `T` is possible when the blockers that may block its attackers can give each of them its
//!   N: a flow from blockers (each up to its capacity, 509.1) to attackers (each needing N),
//!   every blocker blocking an attacker at most once;
//! - the fewest blockers then are those with requirements plus the creatures without any that
//!   must help: as many as the flow of the former falls short of the total N, when each helper
//!   can give only one (which this path requires of them: a helper able to block two demanding
//!   attackers at once leaves the question to the search).
//!
//! The maximum is the best `T`'s, the witness its fewest-blocker declaration. `T` ranges over
//! the subsets of the demanding attackers enough blockers could block at all, at most
//! [`MOST_DEMANDING`] of them; bigger boards go to the search. The unit tests hold the answer to
//! branch and bound's and to the brute-force reference on generated problems of every shape
//! this path takes, and of shapes it must leave to the search.

use super::independent_blocks::{IndependentBlocks, may_block};
use super::problem::{BlockChoice, BlockProblem, BlockRequirement, Capacity};

/// The most demanding attackers whose subsets this path tries (2^10 small flows).
pub(super) const MOST_DEMANDING: usize = 10;

/// What this path knows of a blocker.
#[derive(Clone, Copy, Default)]
struct Blocker {
    /// Its "blocks if able" instances.
    worth: u32,
    /// The demanding attackers (bits of `T`'s numbering) it may block.
    reach: u32,
    /// Whether it may block an undemanding attacker (then it blocks whatever `T` is).
    open: bool,
    /// How many demanding attackers it may block at once.
    capacity: u32,
}

impl Blocker {
    /// Whether it blocks when `t` are the demanding attackers blocked: it has a requirement
    /// and something to block.
    fn blocks_under(&self, t: u32) -> bool {
        self.worth > 0 && (self.open || self.reach & t != 0)
    }
}

/// An attacker's part here: the bit it has among the demanding attackers, or one of these.
const UNDEMANDING: u32 = u32::MAX;
/// A demanding attacker fewer blockers may block than it needs: never blocked.
const NEVER: u32 = u32::MAX - 1;

/// A bipartite flow from blockers to the demanding attackers, grown by augmenting paths (each
/// blocker–attacker edge carries one, as a creature blocks an attacker once).
struct Flow<'a> {
    blockers: &'a [Blocker],
    /// The N each demanding attacker needs.
    need: &'a [u32],
    /// Per blocker, the demanding attackers the flow has it block.
    uses: Vec<u32>,
    /// Per demanding attacker, how many blockers the flow has on it.
    load: [u32; MOST_DEMANDING],
}

impl Flow<'_> {
    /// Adds as much of blocker `b`'s capacity as fits into attackers of `t`; returns the
    /// units added. Blockers already in the flow keep theirs: an augmenting path only moves
    /// them between attackers.
    fn add(&mut self, b: usize, t: u32) -> u32 {
        let mut added = 0;
        while self.uses[b].count_ones() < self.blockers[b].capacity {
            let mut seen = 0u32;
            let mut free = self.blockers[b].reach & t & !self.uses[b];
            let mut found = false;
            while free != 0 {
                let k = free.trailing_zeros() as usize;
                free &= free - 1;
                seen |= 1 << k;
                if self.make_room(k, t, &mut seen) {
                    self.uses[b] |= 1 << k;
                    self.load[k] += 1;
                    found = true;
                    break;
                }
            }
            if !found {
                break;
            }
            added += 1;
        }
        added
    }

    /// Whether attacker `k` can take one more blocker, moving others along an augmenting path
    /// if it is full.
    fn make_room(&mut self, k: usize, t: u32, seen: &mut u32) -> bool {
        if self.load[k] < self.need[k] {
            return true;
        }
        for b2 in 0..self.uses.len() {
            if self.uses[b2] & (1 << k) == 0 {
                continue;
            }
            let mut free = self.blockers[b2].reach & t & !self.uses[b2] & !*seen;
            while free != 0 {
                let k2 = free.trailing_zeros() as usize;
                free &= free - 1;
                if *seen & (1 << k2) != 0 {
                    continue;
                }
                *seen |= 1 << k2;
                if self.make_room(k2, t, seen) {
                    self.uses[b2] ^= (1 << k) | (1 << k2);
                    self.load[k] -= 1;
                    self.load[k2] += 1;
                    return true;
                }
            }
        }
        false
    }

    /// How many blockers without requirements must help the ones with requirements give each
    /// attacker of `t` its N, or `None` if all of them together can't; leaves that flow.
    fn helpers_needed(&mut self, t: u32) -> Option<u32> {
        self.uses.iter_mut().for_each(|u| *u = 0);
        self.load.iter_mut().for_each(|l| *l = 0);
        let demand: u32 = (0..self.need.len())
            .filter(|k| t & (1 << k) != 0)
            .map(|k| self.need[k])
            .sum();
        // The blockers with requirements first: they block anyway. Each helper gives one.
        let theirs = self.fill(t, demand, 0, true);
        let total = self.fill(t, demand, theirs, false);
        (total == demand).then_some(demand - theirs)
    }

    /// Adds the blockers with requirements (`weighted`) or those without to the flow, from
    /// `total` until it reaches `demand`; returns the new total.
    fn fill(&mut self, t: u32, demand: u32, mut total: u32, weighted: bool) -> u32 {
        for b in 0..self.blockers.len() {
            let me = self.blockers[b];
            if total < demand && (me.worth > 0) == weighted && me.reach & t != 0 {
                total += self.add(b, t);
            }
        }
        total
    }
}

/// The answer when the only tie between blockers is "N or more" (see the module's comment), or
/// `None` when the problem has another tie, other requirements, a limit on blockers, more
/// than [`MOST_DEMANDING`] demanding attackers, or a helper able to give two.
pub(super) fn of(p: &BlockProblem, paid: &[Vec<Option<usize>>]) -> Option<IndependentBlocks> {
    let other_ties = p.max_limit().is_some()
        || p.attackers
            .iter()
            .any(|a| a.max().is_some() || !a.all_or_none.is_empty())
        || p.blockers
            .iter()
            .any(|b| b.alone.is_some() || !b.company.is_empty())
        || p.requirements
            .iter()
            .any(|r| !matches!(r, BlockRequirement::Blocks { .. }));
    if other_ties {
        return None;
    }
    let (na, nb) = (p.attackers.len(), p.blockers.len());
    let mut blockers = vec![Blocker::default(); nb];
    for r in &p.requirements {
        if let BlockRequirement::Blocks { blocker, .. } = r {
            if let Some(b) = blockers.get_mut(*blocker) {
                b.worth = b.worth.saturating_add(1);
            }
        }
    }
    let listed = |b: usize| paid.get(b).map_or(&[][..], Vec::as_slice);
    // The attackers each blocker may block, paying only what it may.
    let may = |b: usize| {
        let c = &p.blockers[b];
        let able = c.unable.is_empty() && c.capacity != Capacity::Up(0);
        c.can_block
            .iter()
            .copied()
            .filter(move |&a| able && a < na && may_block(c, listed(b), a))
    };
    // How many blockers may block each attacker: a demanding attacker fewer may block than it
    // needs is never blocked, and no subset need include it.
    let mut role = vec![0u32; na];
    for b in 0..nb {
        for a in may(b) {
            role[a] += 1;
        }
    }
    // The counts become roles: a demanding attacker's bit, UNDEMANDING or NEVER.
    let (mut need, mut demanding, mut nd) = ([0u32; MOST_DEMANDING], [0usize; MOST_DEMANDING], 0);
    for (a, (at, r)) in p.attackers.iter().zip(role.iter_mut()).enumerate() {
        *r = match at.min() {
            n if n <= 1 => UNDEMANDING,
            n if *r < n => NEVER,
            _ if nd == MOST_DEMANDING => return None,
            n => {
                (need[nd], demanding[nd]) = (n, a);
                nd += 1;
                nd as u32 - 1
            }
        };
    }
    let (need, demanding) = (&need[..nd], &demanding[..nd]);
    for (b, me) in blockers.iter_mut().enumerate() {
        for a in may(b) {
            match role[a] {
                UNDEMANDING => me.open = true,
                NEVER => {}
                k => me.reach |= 1 << k,
            }
        }
        let reach = me.reach.count_ones();
        me.capacity = match p.blockers[b].capacity {
            Capacity::Up(n) => n.min(reach),
            Capacity::Any => reach,
        };
        if me.worth == 0 && me.capacity > 1 {
            return None;
        }
    }
    let mut flow = Flow {
        blockers: &blockers,
        need,
        uses: vec![0; nb],
        load: [0; MOST_DEMANDING],
    };
    // (value, blockers, T) of the best set so far.
    let mut best: Option<(u32, u32, u32)> = None;
    for t in 0..(1u32 << demanding.len()) {
        let (mut value, mut blocking) = (0u32, 0u32);
        for me in blockers.iter().filter(|me| me.blocks_under(t)) {
            value = value.saturating_add(me.worth);
            blocking += 1;
        }
        if let Some((bv, bn, _)) = best {
            if value < bv || (value == bv && blocking >= bn) {
                continue;
            }
        }
        let Some(helpers) = flow.helpers_needed(t) else {
            continue;
        };
        let blocking = blocking + helpers;
        let better = match best {
            None => true,
            Some((bv, bn, _)) => value > bv || (value == bv && blocking < bn),
        };
        if better {
            best = Some((value, blocking, t));
        }
    }
    // Blocking nothing is always possible, so some set was best.
    let (maximum, _, t) = best?;
    flow.helpers_needed(t)?;
    let mut witness = vec![Vec::new(); nb];
    for (b, out) in witness.iter_mut().enumerate() {
        let mut uses = flow.uses[b];
        while uses != 0 {
            let k = uses.trailing_zeros() as usize;
            uses &= uses - 1;
            out.push(demanding[k]);
        }
        if out.is_empty() && blockers[b].blocks_under(t) {
            // Any attacker of `T` or undemanding one obeys its "blocks if able".
            let first = may(b).find(|&a| match role[a] {
                UNDEMANDING => true,
                NEVER => false,
                k => t & (1 << k) != 0,
            });
            out.extend(first);
        }
        out.sort_unstable();
    }
    Some(IndependentBlocks {
        maximum,
        witness: BlockChoice(witness),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legality::independent_blocks::tests::{
        blockers_of, independent, judged_as_the_reference, sound, src,
    };
    use crate::legality::problem::*;
    use crate::legality::{Backend, BlockSolver, Budget, Legality, block};
    use crate::model::ObjectId;
    use proptest::prelude::*;

    /// The independent path's problems (blockers of every capacity, costs, "blocks if able"
    /// instances, `can_block` in any order) with each attacker given up to two "N or more"
    /// instances, N from 0 to 3, and no other tie. With `helpers_give_one`, blockers without
    /// requirements may block one attacker at a time (capacity 0 or 1), as this path requires.
    fn tied_by_n(
        na: std::ops::RangeInclusive<usize>,
        most: usize,
        helpers_give_one: bool,
    ) -> impl Strategy<Value = (BlockProblem, Vec<Vec<Option<usize>>>)> {
        (
            independent(na, most),
            prop::collection::vec(prop::collection::vec(0u32..=3, 0..=2), 5),
        )
            .prop_map(move |((mut p, paid), mins)| {
                p.max_blockers.clear();
                p.requirements
                    .retain(|r| matches!(r, BlockRequirement::Blocks { .. }));
                for (a, m) in p.attackers.iter_mut().zip(mins) {
                    a.min_blockers = m.into_iter().map(|n| (n, src("N or more"))).collect();
                }
                if helpers_give_one {
                    for (b, c) in p.blockers.iter_mut().enumerate() {
                        let helper = !p.requirements.iter().any(
                            |r| matches!(r, BlockRequirement::Blocks { blocker, .. } if *blocker == b),
                        );
                        if helper && !matches!(c.capacity, Capacity::Up(0 | 1)) {
                            c.capacity = Capacity::Up(1);
                        }
                    }
                }
                (p, paid)
            })
    }

    /// Holds this path's answer to branch and bound's: the same maximum, a sound witness, as
    /// few blockers.
    fn as_the_search(
        p: &BlockProblem,
        paid: &[Vec<Option<usize>>],
        fast: &IndependentBlocks,
    ) -> Result<(), TestCaseError> {
        let solver = BlockSolver::new(p, Backend::Search);
        let (maximum, witness) = solver
            .solve(block::Paid::Within(paid), &mut Budget::default())
            .unwrap();
        prop_assert_eq!(fast.maximum, maximum);
        sound(p, paid, fast)?;
        prop_assert_eq!(blockers_of(&fast.witness), blockers_of(&witness));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Where helpers give one each, this path answers, and as branch and bound does.
        #[test]
        fn the_path_answers_as_the_search((mut p, paid) in tied_by_n(1..=4, 9, true)) {
            (p.free_mana, p.payable_life) = (u32::MAX, u32::MAX);
            let fast = of(&p, &paid).expect("only N or more ties blockers");
            as_the_search(&p, &paid, &fast)?;
        }

        /// Where a helper may give two, this path leaves the question to the search or answers
        /// as it does.
        #[test]
        fn helpers_giving_two_answer_right_or_go_to_the_search(
            (mut p, paid) in tied_by_n(1..=4, 8, false),
        ) {
            (p.free_mana, p.payable_life) = (u32::MAX, u32::MAX);
            if let Some(fast) = of(&p, &paid) {
                as_the_search(&p, &paid, &fast)?;
            }
        }

        /// On boards small enough to list every declaration, `check` (taking this path) judges
        /// each as the brute-force reference does, and `maximum` and `optimum` agree with it.
        #[test]
        fn check_judges_as_the_reference(
            (p, _) in tied_by_n(1..=3, 4, true),
            pick in any::<u64>(),
        ) {
            judged_as_the_reference(&p, pick)?;
        }
    }

    fn attacker(a: u32, n: u32) -> BlockAttacker {
        BlockAttacker {
            id: ObjectId(1 + a),
            label: format!("A{a}"),
            min_blockers: if n > 1 {
                vec![(n, src("can't be blocked except by N or more creatures"))]
            } else {
                vec![]
            },
            max_one_blocker: vec![],
            all_or_none: vec![],
        }
    }

    fn blocker(b: u32, can_block: &[usize]) -> BlockCandidate {
        BlockCandidate {
            id: ObjectId(100 + b),
            label: format!("B{b}"),
            can_block: can_block.into(),
            unable: vec![],
            cannot_block: vec![],
            capacity: Capacity::Up(1),
            alone: None,
            costs: vec![],
            company: vec![],
        }
    }

    /// Attackers needing `needs` blockers each; blockers able to block the attackers listed,
    /// the first `must` of them blocking each combat if able.
    fn board(needs: &[u32], blockers: &[&[usize]], must: usize) -> BlockProblem {
        BlockProblem {
            defending_player: "D".into(),
            attackers: (0..).zip(needs).map(|(a, n)| attacker(a, *n)).collect(),
            blockers: (0..).zip(blockers).map(|(b, c)| blocker(b, c)).collect(),
            max_blockers: vec![],
            requirements: (0..must)
                .map(|b| BlockRequirement::Blocks {
                    blocker: b,
                    source: src("blocks each combat if able"),
                })
                .collect(),
            free_mana: 0,
            payable_life: 0,
        }
    }

    /// Goblin War Drums' board: three attackers needing two blockers each, three blockers
    /// that block if able and three that needn't. The three gang up on the first attacker.
    #[test]
    fn blockers_that_must_block_gang_up_on_one_attacker() {
        let all: &[usize] = &[0, 1, 2];
        let p = board(&[2, 2, 2], &[all; 6], 3);
        let fast = of(&p, &[]).expect("only N or more ties blockers");
        assert_eq!(fast.maximum, 3);
        let three_on_the_first = vec![vec![0], vec![0], vec![0], vec![], vec![], vec![]];
        assert_eq!(fast.witness, BlockChoice(three_on_the_first));
        assert!(!p.check(&p.none(), &mut Budget::default()).is_legal());
        assert!(p.check(&fast.witness, &mut Budget::default()).is_legal());
    }

    /// One blocker that must block, an attacker needing three: two helpers join it, the
    /// fewest that make the block legal; with only one helper it can't block at all.
    #[test]
    fn helpers_join_only_as_needed() {
        let p = board(&[3], &[&[0], &[0], &[0], &[0]], 1);
        let fast = of(&p, &[]).unwrap();
        assert_eq!(fast.maximum, 1);
        assert_eq!(blockers_of(&fast.witness), 3);
        assert!(p.check(&fast.witness, &mut Budget::default()).is_legal());
        let short = board(&[3], &[&[0], &[0]], 1);
        let fast = of(&short, &[]).unwrap();
        assert_eq!((fast.maximum, blockers_of(&fast.witness)), (0, 0));
        assert!(
            short
                .check(&short.none(), &mut Budget::default())
                .is_legal()
        );
    }

    /// Two blockers that must block, one able to block only an attacker needing three, the
    /// other also an undemanding one. Blocking the demanding one with a helper obeys both; the
    /// cheaper set (the second blocker alone on the undemanding one) obeys only one.
    #[test]
    fn the_best_set_of_demanding_attackers_wins_over_the_cheapest() {
        let p = board(&[3, 1], &[&[0], &[0, 1], &[0], &[0]], 2);
        let fast = of(&p, &[]).unwrap();
        assert_eq!(fast.maximum, 2);
        assert_eq!(blockers_of(&fast.witness), 3);
        assert!(p.check(&fast.witness, &mut Budget::default()).is_legal());
    }

    /// A blocker of capacity two gives an attacker needing two blockers only one: blocking
    /// an attacker twice is no block by two creatures.
    #[test]
    fn a_blocker_counts_once_per_attacker() {
        let mut p = board(&[2], &[&[0]], 1);
        p.blockers[0].capacity = Capacity::Up(2);
        assert_eq!(of(&p, &[]).unwrap().maximum, 0);
    }

    /// Why a helper able to give two leaves the question to the search: one helper of
    /// capacity two completes both attackers' pairs, three blockers where counting a helper per
    /// missing blocker would say four.
    #[test]
    fn a_helper_giving_two_goes_to_the_search() {
        let mut p = board(&[2, 2], &[&[0], &[1], &[0, 1]], 2);
        p.blockers[2].capacity = Capacity::Up(2);
        assert!(of(&p, &[]).is_none());
        let best = p.optimum(&mut Budget::default()).unwrap();
        assert_eq!(best, BlockChoice(vec![vec![0], vec![1], vec![0, 1]]));
        assert_eq!(p.maximum(&mut Budget::default()).unwrap(), 2);
    }

    /// Anything else tying blockers together, any other requirement, a helper able to give
    /// two, or too many demanding attackers leaves the question to the search.
    #[test]
    fn other_ties_go_to_the_search() {
        let all: &[usize] = &[0, 1];
        let base = board(&[2, 2], &[all; 4], 2);
        assert!(of(&base, &[]).is_some());
        let mut p = base.clone();
        p.max_blockers
            .push((2, src("no more than two creatures can block")));
        assert!(of(&p, &[]).is_none());
        let mut p = base.clone();
        p.attackers[1]
            .max_one_blocker
            .push(src("can't be blocked by more than one"));
        assert!(of(&p, &[]).is_none());
        let mut p = base.clone();
        p.requirements.push(BlockRequirement::BlocksAttacker {
            blocker: 0,
            attacker: 0,
            source: src("lure"),
        });
        assert!(of(&p, &[]).is_none());
        let mut p = base.clone();
        p.blockers[3].capacity = Capacity::Any;
        assert!(of(&p, &[]).is_none());
        let every: Vec<usize> = (0..=MOST_DEMANDING).collect();
        let wide = board(&[2; MOST_DEMANDING + 1], &[&every[..]; 3], 3);
        assert!(of(&wide, &[]).is_none());
        let just = board(&[2; MOST_DEMANDING], &[&every[..MOST_DEMANDING]; 3], 3);
        assert!(of(&just, &[]).is_some());
    }
}
