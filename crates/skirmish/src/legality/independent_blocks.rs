//! Block problems whose blockers don't depend on each other, decided without a search.
//!
//! The blocking side of [`super::independent`]. Most real declarations of blockers have no
//! restriction tying blockers together: no attacker that "can't be blocked except by two or
//! more creatures" or "can't be blocked by more than one creature", none blocked only if all
//! creatures block it, no "can't block alone" (306.5) or "can't block unless other creatures
//! block", and only requirements on one blocker each: "blocks each combat if able", and the
//! blocker–attacker pairs of Lure and provoke (500.4). Costs to block (309.2b) tie nothing
//! once the question fixes which costed items may be paid, as every question here does
//! (`Paid::Within`): each blocker may pay its own listed items, whatever the others do.
//!
//! Then the one restriction on the whole declaration is "no more than N creatures can block"
//! (500.3), and 500.4's maximum is arithmetic. A blocker is worth the most requirement instances
//! one of its options obeys: its "blocks if able" instances plus its heaviest pairs, as many as
//! it can block (509.1 capacity), counting only attackers it may block at a cost it may pay.
//! The maximum is the sum of the N best worths (all of them without a limit).
//!
//! The witness has the fewest blockers among the optimal declarations, as branch and bound's
//! does: only blockers worth something block; under a limit, the N worth most, earlier
//! blockers among equal worths. Each blocks its heaviest pairs, earlier attackers in its
//! `can_block` order among equal weights, or, when its worth is all "blocks if able", the first
//! attacker it may block.
//!
//! Attackers that "can't be blocked except by N or more creatures" tie blockers together; when
//! they are the only tie, [`super::at_least_n`] answers without a search all the same.
//!
//! Counting and listing declarations stay with the search. The unit tests hold the maximum to
//! branch and bound's and to the brute-force reference, and the witness to rule 500's
//! definition, on generated problems of every shape this path accepts.

use super::problem::{BlockCandidate, BlockChoice, BlockProblem, BlockRequirement, Capacity};

/// An independent block problem's answer: its maximum and the witness.
pub(super) struct IndependentBlocks {
    /// The most requirement instances a declaration obeying every restriction obeys (500.4).
    pub maximum: u32,
    /// An optimal declaration with the fewest blockers.
    pub witness: BlockChoice,
}

/// Stands for "blocks each combat if able" among a blocker's (blocker, attacker) marks:
/// sorts after every attacker.
const IF_ABLE: usize = usize::MAX;

impl IndependentBlocks {
    /// The problem's answer among the declarations paying at most the costed items `paid`
    /// lists for each blocker (missing entries: nothing), or `None` when something ties
    /// blockers together: then the search decides.
    pub fn of(p: &BlockProblem, paid: &[Vec<Option<usize>>]) -> Option<Self> {
        if p.attackers.iter().any(|a| a.min() > 1) {
            return super::at_least_n::of(p, paid);
        }
        let tied = p
            .attackers
            .iter()
            .any(|a| a.max().is_some() || !a.all_or_none.is_empty())
            || p.blockers
                .iter()
                .any(|b| b.alone.is_some() || !b.company.is_empty())
            || p.requirements.iter().any(|r| {
                !matches!(
                    r,
                    BlockRequirement::Blocks { .. } | BlockRequirement::BlocksAttacker { .. }
                )
            });
        if tied {
            return None;
        }
        let nb = p.blockers.len();
        // Every requirement instance as (blocker, attacker), grouped by blocker and attacker
        // once sorted: a blocker × attacker table would be as large as the board squared.
        let mut marks: Vec<(usize, usize)> = p
            .requirements
            .iter()
            .filter_map(|r| match r {
                BlockRequirement::Blocks { blocker, .. } => Some((*blocker, IF_ABLE)),
                BlockRequirement::BlocksAttacker {
                    blocker, attacker, ..
                } => Some((*blocker, *attacker)),
                _ => None,
            })
            .filter(|(b, _)| *b < nb)
            .collect();
        marks.sort_unstable();
        let mut witness = vec![Vec::new(); nb];
        let (mut stack, mut heap) = ([0u32; super::independent::STACK_CELLS], Vec::new());
        let worth = super::independent::table(&mut stack, &mut heap, nb);
        let mut positive = 0usize;
        // (instances, position in `can_block`, attacker) of one blocker's pairs.
        let mut pairs: Vec<(u32, usize, usize)> = Vec::new();
        for mine in marks.chunk_by(|x, y| x.0 == y.0) {
            let b = mine[0].0;
            let c = &p.blockers[b];
            let most = match c.capacity {
                Capacity::Up(n) => n as usize,
                Capacity::Any => usize::MAX,
            };
            if !c.unable.is_empty() || most == 0 {
                continue;
            }
            let listed = paid.get(b).map_or(&[][..], Vec::as_slice);
            let may = |a: usize| may_block(c, listed, a);
            let sorted = c.can_block.is_sorted();
            let position = |a: usize| {
                if sorted {
                    c.can_block.binary_search(&a).ok()
                } else {
                    c.can_block.iter().position(|x| *x == a)
                }
            };
            pairs.clear();
            let mut if_able = 0u32;
            for same in mine.chunk_by(|x, y| x.1 == y.1) {
                let (a, n) = (same[0].1, u32::try_from(same.len()).unwrap_or(u32::MAX));
                if a == IF_ABLE {
                    if_able = n;
                } else if let Some(at) = position(a).filter(|_| may(a)) {
                    pairs.push((n, at, a));
                }
            }
            // Heaviest pairs first; earlier in `can_block` among equals.
            pairs.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
            pairs.truncate(most);
            if pairs.is_empty() {
                // Its worth is all "blocks if able": any attacker it may block obeys them.
                match c.can_block.iter().find(|a| may(**a)) {
                    Some(&a) if if_able > 0 => witness[b].push(a),
                    _ => continue,
                }
            } else {
                witness[b].extend(pairs.iter().map(|x| x.2));
                witness[b].sort_unstable();
            }
            worth[b] = pairs.iter().fold(if_able, |s, x| s.saturating_add(x.0));
            positive += 1;
        }
        // "No more than N creatures can block": the N best worths block; among equal worths,
        // earlier blockers.
        if let Some(limit) = p.max_limit() {
            super::independent::keep_best(worth, limit as usize, positive, |b| {
                witness[b].clear();
            });
        }
        let maximum = witness
            .iter()
            .zip(worth.iter())
            .filter(|(o, _)| !o.is_empty())
            .fold(0u32, |s, (_, w)| s.saturating_add(*w));
        Some(IndependentBlocks {
            maximum,
            witness: BlockChoice(witness),
        })
    }
}

/// Whether blocker `c` may block attacker `a` paying only the costed items `listed`. 500.3: a
/// blocker is exempt from what it could obey only by paying a cost the question doesn't let it
/// pay; a cost of nothing is no cost (309.2b).
pub(super) fn may_block(c: &BlockCandidate, listed: &[Option<usize>], a: usize) -> bool {
    c.costs.iter().all(|k| {
        (k.mana == 0 && k.life == 0)
            || k.attacker.is_some_and(|x| x != a)
            || listed.contains(&k.attacker)
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::legality::problem::*;
    use crate::legality::reference::Reference;
    use crate::legality::{Backend, BlockSolver, Budget, Legality, Verdict, block};
    use crate::model::ObjectId;
    use proptest::prelude::*;

    pub(in crate::legality) fn src(s: &str) -> Source {
        Source::new(s, s, "500.1")
    }

    /// Problems of every shape the fast path accepts, with up to `most` blockers and `na`
    /// attackers: blockers able to block any subset of the attackers (listed in any order) or
    /// unable to block, of any capacity from 0 up, with costs to block (at all or one
    /// attacker; mana, life, or nothing) and some mana and life to pay them, any number of "blocks if able" instances and of
    /// pairs (repeated, or naming attackers they can't block), and any number of "no more than
    /// N" limits, N from 0 up. Beside each problem, the costed items each blocker may pay.
    pub(in crate::legality) fn independent(
        na: std::ops::RangeInclusive<usize>,
        most: usize,
    ) -> impl Strategy<Value = (BlockProblem, Vec<Vec<Option<usize>>>)> {
        (na, 0..=most).prop_flat_map(|(na, nb)| {
            let blocker = (
                prop::collection::vec(any::<bool>(), na),
                any::<u64>(),
                prop::bool::weighted(0.1),
                prop_oneof![
                    3 => Just(Capacity::Up(1)),
                    1 => Just(Capacity::Up(0)),
                    1 => (2u32..=3).prop_map(Capacity::Up),
                    1 => Just(Capacity::Any),
                ],
                prop::collection::vec((prop::option::of(0..na), 0u32..=2, 0u32..=1), 0..=2),
                0u32..=2,
                prop::collection::vec(0..na, 0..=3),
                any::<u64>(),
            );
            (
                prop::collection::vec(blocker, nb),
                prop::collection::vec(0u32..=5, 0..=2),
                0u32..=4,
                0u32..=2,
            )
                .prop_map(move |(blockers, limits, free_mana, payable_life)| {
                    let mut requirements = Vec::new();
                    let mut paid = Vec::new();
                    let blockers = blockers
                        .into_iter()
                        .enumerate()
                        .map(
                            |(b, (may, order, unable, capacity, costs, blocks, pairs, pay))| {
                                for _ in 0..blocks {
                                    requirements.push(BlockRequirement::Blocks {
                                        blocker: b,
                                        source: src("blocks if able"),
                                    });
                                }
                                for a in pairs {
                                    requirements.push(BlockRequirement::BlocksAttacker {
                                        blocker: b,
                                        attacker: a,
                                        source: src("lure"),
                                    });
                                }
                                let mut can: Vec<usize> = if unable {
                                    vec![]
                                } else {
                                    (0..na).filter(|a| may[*a]).collect()
                                };
                                // Any order: the answer must not depend on it.
                                let mut seed = order;
                                for k in (1..can.len()).rev() {
                                    can.swap(k, (seed % (k as u64 + 1)) as usize);
                                    seed /= k as u64 + 1;
                                }
                                let c = BlockCandidate {
                                    id: ObjectId(200 + b as u32),
                                    label: format!("B{b}"),
                                    can_block: can.into(),
                                    unable: if unable {
                                        vec![src("can't block")]
                                    } else {
                                        vec![]
                                    },
                                    cannot_block: vec![],
                                    capacity,
                                    alone: None,
                                    costs: costs
                                        .into_iter()
                                        .map(|(attacker, mana, life)| BlockCost {
                                            attacker,
                                            mana,
                                            life,
                                            source: src("cost"),
                                        })
                                        .collect(),
                                    company: vec![],
                                };
                                // Some of the items it could pay.
                                let mut items: Vec<Option<usize>> =
                                    c.costs.iter().map(|k| k.attacker).collect();
                                items.sort_unstable();
                                items.dedup();
                                paid.push(
                                    items
                                        .into_iter()
                                        .enumerate()
                                        .filter(|(k, _)| pay & (1 << k) != 0)
                                        .map(|(_, x)| x)
                                        .collect(),
                                );
                                c
                            },
                        )
                        .collect();
                    let problem = BlockProblem {
                        defending_player: "D".into(),
                        attackers: (0..na)
                            .map(|a| BlockAttacker {
                                id: ObjectId(100 + a as u32),
                                label: format!("A{a}"),
                                min_blockers: vec![],
                                max_one_blocker: vec![],
                                all_or_none: vec![],
                            })
                            .collect(),
                        blockers,
                        max_blockers: limits.into_iter().map(|n| (n, src("limit"))).collect(),
                        requirements,
                        free_mana,
                        payable_life,
                    };
                    (problem, paid)
                })
        })
    }

    pub(in crate::legality) fn blockers_of(c: &BlockChoice) -> usize {
        c.0.iter().filter(|b| !b.is_empty()).count()
    }

    /// The witness obeys every restriction, pays only what it may, and obeys the maximum.
    pub(in crate::legality) fn sound(
        p: &BlockProblem,
        paid: &[Vec<Option<usize>>],
        fast: &IndependentBlocks,
    ) -> Result<(), TestCaseError> {
        let w = &fast.witness;
        prop_assert!(p.violations(w).is_empty(), "{:?}", p.violations(w));
        for (b, o) in w.0.iter().enumerate() {
            let may = paid.get(b).map_or(&[][..], Vec::as_slice);
            prop_assert!(p.costed(b, o).iter().all(|x| may.contains(x)));
            prop_assert!(o.is_sorted());
        }
        prop_assert_eq!(p.obeyed(w).len() as u32, fast.maximum);
        Ok(())
    }

    /// `check` of a declaration `pick` spells out judges it as the brute-force reference does
    /// (a witness it gives is legal for the reference), and `maximum` and `optimum` (its
    /// number of blockers) agree with the reference's.
    pub(in crate::legality) fn judged_as_the_reference(
        p: &BlockProblem,
        pick: u64,
    ) -> Result<(), TestCaseError> {
        let reference = Reference(p);
        let mut bits = pick;
        let choice = BlockChoice(
            p.blockers
                .iter()
                .map(|c| {
                    let m = bits % (1 << c.can_block.len());
                    bits = bits.rotate_right(c.can_block.len() as u32 + 1);
                    let mut o: Vec<usize> = c
                        .can_block
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| m & (1 << k) != 0)
                        .map(|(_, a)| *a)
                        .collect();
                    o.sort_unstable();
                    o
                })
                .collect(),
        );
        let mine = p.check(&choice, &mut Budget::default());
        let theirs = reference.check(&choice, &mut Budget::default());
        prop_assert_eq!(
            mine.is_legal(),
            theirs.is_legal(),
            "{:?} vs {:?}",
            mine,
            theirs
        );
        if let (
            Verdict::TooFewRequirements {
                maximum: m,
                witness,
                ..
            },
            Verdict::TooFewRequirements { maximum: r, .. },
        ) = (&mine, &theirs)
        {
            prop_assert_eq!(m, r);
            prop_assert!(reference.check(witness, &mut Budget::default()).is_legal());
        }
        prop_assert_eq!(
            p.maximum(&mut Budget::default()).unwrap(),
            reference.maximum(&mut Budget::default()).unwrap()
        );
        let best = p.optimum(&mut Budget::default()).unwrap();
        prop_assert!(reference.check(&best, &mut Budget::default()).is_legal());
        prop_assert_eq!(
            blockers_of(&best),
            blockers_of(&reference.optimum(&mut Budget::default()).unwrap())
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path's maximum is branch and bound's, paying what each blocker may, and its
        /// witness is sound with as few blockers as branch and bound's.
        #[test]
        fn the_fast_path_answers_as_the_search((mut p, paid) in independent(1..=5, 9)) {
            // The items listed are paid: a question lists those of a declaration it has found
            // affordable.
            (p.free_mana, p.payable_life) = (u32::MAX, u32::MAX);
            let fast = IndependentBlocks::of(&p, &paid).expect("independent");
            let solver = BlockSolver::new(&p, Backend::Search);
            let (maximum, witness) =
                solver.solve(block::Paid::Within(&paid), &mut Budget::default()).unwrap();
            prop_assert_eq!(fast.maximum, maximum);
            sound(&p, &paid, &fast)?;
            prop_assert_eq!(blockers_of(&fast.witness), blockers_of(&witness));
        }

        /// On boards small enough to list every declaration, `check` (which takes the fast
        /// path) judges each one as the brute-force reference does, and `optimum` has the
        /// reference's fewest blockers.
        #[test]
        fn check_takes_the_fast_path_as_the_reference_judges(
            (p, _) in independent(1..=3, 4),
            pick in any::<u64>(),
        ) {
            judged_as_the_reference(&p, pick)?;
        }
    }

    /// Three blockers able to block one attacker, each of which blocks if able, under "no more
    /// than two creatures can block"; the last is lured too.
    fn three_blockers_two_may_block() -> BlockProblem {
        let mut p = BlockProblem {
            defending_player: "D".into(),
            attackers: vec![BlockAttacker {
                id: ObjectId(1),
                label: "A0".into(),
                min_blockers: vec![],
                max_one_blocker: vec![],
                all_or_none: vec![],
            }],
            blockers: (0..3)
                .map(|b| BlockCandidate {
                    id: ObjectId(10 + b),
                    label: format!("B{b}"),
                    can_block: vec![0].into(),
                    unable: vec![],
                    cannot_block: vec![],
                    capacity: Capacity::Up(1),
                    alone: None,
                    costs: vec![],
                    company: vec![],
                })
                .collect(),
            max_blockers: vec![(2, src("no more than two creatures can block"))],
            requirements: (0..3)
                .map(|b| BlockRequirement::Blocks {
                    blocker: b,
                    source: src("blocks if able"),
                })
                .collect(),
            free_mana: 0,
            payable_life: 0,
        };
        p.requirements.push(BlockRequirement::BlocksAttacker {
            blocker: 2,
            attacker: 0,
            source: src("lure"),
        });
        p
    }

    /// "No more than two creatures can block": two block, the lured one (worth two) and the
    /// first of the others (the N >= 2 form issue 11 found unseen on the attack side).
    #[test]
    fn a_limit_of_two_keeps_the_two_best_blockers() {
        let p = three_blockers_two_may_block();
        let fast = IndependentBlocks::of(&p, &[]).expect("independent");
        assert_eq!(fast.maximum, 3);
        assert_eq!(fast.witness, BlockChoice(vec![vec![0], vec![], vec![0]]));
        assert!(!p.check(&p.none(), &mut Budget::default()).is_legal());
        assert!(p.check(&fast.witness, &mut Budget::default()).is_legal());
        let all_three = BlockChoice(vec![vec![0]; 3]);
        assert!(matches!(
            p.check(&all_three, &mut Budget::default()),
            Verdict::BreaksRestrictions { .. }
        ));
    }

    /// Anything tying blockers together leaves the question to the search.
    #[test]
    fn ties_between_blockers_go_to_the_search() {
        let mut p = three_blockers_two_may_block();
        assert!(IndependentBlocks::of(&p, &[]).is_some());
        p.attackers[0].min_blockers.push((2, src("menace")));
        assert!(IndependentBlocks::of(&p, &[]).is_none());
        p.attackers[0].min_blockers.clear();
        p.attackers[0].max_one_blocker.push(src("max one"));
        assert!(IndependentBlocks::of(&p, &[]).is_none());
        p.attackers[0].max_one_blocker.clear();
        p.blockers[1].alone = Some(src("can't block alone"));
        assert!(IndependentBlocks::of(&p, &[]).is_none());
        p.blockers[1].alone = None;
        p.requirements.push(BlockRequirement::MustBeBlocked {
            attacker: 0,
            source: src("must be blocked"),
        });
        assert!(IndependentBlocks::of(&p, &[]).is_none());
    }
}
