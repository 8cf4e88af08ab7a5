//! Attack problems whose creatures don't depend on each other, decided without the DP.
//!
//! Most real declarations of attackers have no restriction tying creatures together: no "can't
//! attack alone" (306.5) or "unless another creature attacks", no limit on the creatures
//! attacking one target, no cost to attack that the declaration pays (308.2d; costs nobody pays
//! only take targets away, 500.2), and only requirements on one creature each ("attacks each
//! combat if able", perhaps naming the players or planeswalkers it must attack).
//! Then the one restriction on the whole declaration is "no more than N creatures can attack"
//! (500.2), and rule 500.4's maximum is plain arithmetic: each creature is worth the most
//! requirement instances one of its targets obeys, and the maximum is the sum of the N best
//! worths (all of them without a limit).
//!
//! The declaration offered as a witness is the one the DP offers (`AttackDp::witness`): the
//! fewest attackers among the optimal declarations, creatures earlier in the problem's order
//! attacking first, each at the first target that obeys its most requirements. With the worths
//! known, that is every creature worth more than the N-th best worth, then the first creatures
//! worth exactly that much until N attack.
//!
//! Counting and listing declarations stay with the DP. The unit tests hold the answers and the
//! witness to the DP's on generated problems of every shape this path accepts.

use super::problem::{AttackChoice, AttackProblem};
use super::{Budget, Exhausted};

/// An independent attack problem's answer: its maximum and the witness.
pub(super) struct Independent {
    /// The most requirement instances a declaration obeying every restriction obeys (500.4).
    pub maximum: u32,
    /// An optimal declaration with the fewest attackers, the DP's choice among them.
    pub witness: AttackChoice,
}

/// Boards up to this many creatures × targets count on the stack: a question on a real board
/// then allocates only its answer.
pub(super) const STACK_CELLS: usize = 32;

/// A zeroed table of `len` counts: on the stack when it fits `stack`, else on the heap.
pub(super) fn table<'a>(
    stack: &'a mut [u32; STACK_CELLS],
    heap: &'a mut Vec<u32>,
    len: usize,
) -> &'a mut [u32] {
    if len <= STACK_CELLS {
        &mut stack[..len]
    } else {
        heap.resize(len, 0);
        heap
    }
}

/// Under "no more than `limit`" (500.2, 500.3), keeps the `limit` best of `positive` creatures
/// worth something, earlier ones among equal worths, and calls `drop` with each other creature
/// worth something: the arithmetic both sides' independent paths share.
pub(super) fn keep_best(worth: &[u32], limit: usize, positive: usize, mut drop: impl FnMut(usize)) {
    if limit >= positive {
        return;
    }
    let (mut stack, mut heap) = ([0u32; STACK_CELLS], Vec::new());
    let sorted = table(&mut stack, &mut heap, positive);
    for (k, &w) in worth.iter().filter(|w| **w > 0).enumerate() {
        sorted[k] = w;
    }
    sorted.sort_unstable_by(|x, y| y.cmp(x));
    // The worth of the last one in (none when the limit is 0).
    let threshold = limit.checked_sub(1).map_or(u32::MAX, |k| sorted[k]);
    // Places left for those worth exactly the threshold, earliest first.
    let mut room = limit - worth.iter().filter(|w| **w > threshold).count();
    for (i, &w) in worth.iter().enumerate() {
        let keep = w > threshold || (w == threshold && room > 0);
        if w == threshold && keep {
            room -= 1;
        }
        if !keep && w > 0 {
            drop(i);
        }
    }
}

impl Independent {
    /// The problem's answer, or `None` when something ties creatures together: then the DP
    /// decides. `paying`: whether the declaration judged pays a cost to attack (308.2d), which
    /// ties the attackers together through the mana they share.
    ///
    /// Costs to attack tie nothing while nobody pays one: 500.2 exempts a creature from a
    /// requirement it could obey only by paying, so the declarations compared are those paying
    /// nothing, and the creatures with costs are worth only their free targets.
    pub fn of(
        p: &AttackProblem,
        paying: bool,
        budget: &mut Budget,
    ) -> Result<Option<Self>, Exhausted> {
        // Every attack question starts here, so here it pays its set-up: the problem's size,
        // whichever path then decides (issue 13: the budget counts set-up).
        budget.spend(p.size())?;
        let n = p.creatures.len();
        let tied = !p.target_limits.is_empty()
            || paying
            || p.creatures
                .iter()
                .any(|c| c.alone.is_some() || c.only_alone.is_some() || !c.company.is_empty())
            || p.requirements
                .iter()
                .any(|r| !r.others.is_empty() || r.when.is_some() || r.creature >= n);
        if tied {
            return Ok(None);
        }
        let mut witness = vec![None; n];
        // How many requirement instances attacking each target obeys, creature by creature
        // (one flat table: most boards have one or two targets).
        let nt = p.targets.len();
        let (mut stack, mut heap) = ([0u32; STACK_CELLS], Vec::new());
        // At least one cell per creature: the first cells hold the worths afterwards.
        let obeys = table(&mut stack, &mut heap, n.saturating_mul(nt.max(1)));
        for r in &p.requirements {
            let row = &mut obeys[r.creature * nt..(r.creature + 1) * nt];
            if r.targets.is_empty() {
                row.iter_mut().for_each(|x| *x = x.saturating_add(1));
            } else {
                // A target listed twice is still one instance obeyed there.
                for (k, &t) in r.targets.iter().enumerate() {
                    if t < nt && !r.targets[..k].contains(&t) {
                        row[t] = row[t].saturating_add(1);
                    }
                }
            }
        }
        // Each creature's worth, the most instances one of its attacks obeys, and the first
        // target reaching it. Worth `i` is written to cell `i`, in row `i / nt` (or before
        // it), which has been read by then.
        let mut positive = 0usize;
        for (i, c) in p.creatures.iter().enumerate() {
            // Most creatures have no requirement: nothing to weigh.
            if obeys[i * nt..(i + 1) * nt].iter().all(|x| *x == 0) {
                obeys[i] = 0;
                continue;
            }
            let mut best: (u32, Option<usize>) = (0, None);
            for &t in c.targets.iter().filter(|t| **t < nt) {
                let obeyed = obeys[i * nt + t];
                // The lowest target index wins ties, as the DP's witness prefers it.
                if obeyed > best.0 || (obeyed == best.0 && obeyed > 0 && Some(t) < best.1) {
                    // A cost nobody pays takes the target away.
                    if !p.has_cost(i, t) {
                        best = (obeyed, Some(t));
                    }
                }
            }
            obeys[i] = best.0;
            if best.0 > 0 {
                witness[i] = best.1;
                positive += 1;
            }
        }
        let worth = &obeys[..n];
        // "No more than N creatures can attack": the N best worths attack; among equal worths,
        // earlier creatures (the DP's witness).
        if let Some(limit) = p.max_limit() {
            keep_best(worth, limit as usize, positive, |i| witness[i] = None);
        }
        let maximum = witness
            .iter()
            .zip(worth)
            .filter(|(t, _)| t.is_some())
            .fold(0u32, |s, (_, w)| s.saturating_add(*w));
        Ok(Some(Independent {
            maximum,
            witness: AttackChoice(witness),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legality::attack::{AttackDp, options_given_paid};
    use crate::legality::problem::*;
    use crate::legality::{Legality, Verdict};
    use crate::model::{AttackTarget, ObjectId, PlayerId};
    use proptest::prelude::*;

    fn src(s: &str) -> Source {
        Source::new(s, s, "500.1")
    }

    /// Problems of every shape the fast path accepts: up to three targets, some taxed (308.2d),
    /// creatures able to attack some of them (listed in any order) or none, some with costs of
    /// their own for one target or all, requirements naming any subset of targets (or none), and
    /// any number of "no more than N" limits, N from 0 up. Small boards, for the brute-force
    /// reference.
    fn independent() -> impl Strategy<Value = AttackProblem> {
        sized(0..=7, 8, 4)
    }

    /// The same shapes with up to `creatures` creatures, `requirements` requirements and limits
    /// up to `limit`.
    fn sized(
        creatures: std::ops::RangeInclusive<usize>,
        requirements: usize,
        limit: u32,
    ) -> impl Strategy<Value = AttackProblem> {
        (1usize..=3, creatures).prop_flat_map(move |(nt, nc)| {
            (
                proptest::collection::vec(
                    (
                        proptest::collection::vec(any::<bool>(), nt),
                        any::<u64>(),
                        proptest::option::weighted(0.3, (proptest::option::of(0..nt), 1u32..=2)),
                    ),
                    nc,
                ),
                proptest::collection::vec(
                    (0..nc.max(1), proptest::collection::vec(any::<bool>(), nt)),
                    0..=requirements,
                ),
                proptest::collection::vec(0u32..=limit, 0..=2),
                proptest::collection::vec(prop_oneof![3 => Just(0u32), 1 => 1u32..=2], nt),
                0u32..=3,
            )
                .prop_map(move |(creatures, reqs, limits, taxes, free_mana)| {
                    AttackProblem {
                        attacking_player: "A".into(),
                        targets: (0..nt)
                            .map(|t| Target {
                                label: format!("T{t}"),
                                target: AttackTarget::Player(PlayerId(t as u32 + 1)),
                                tax: taxes[t],
                                tax_sources: if taxes[t] > 0 {
                                    vec![src("tax")]
                                } else {
                                    vec![]
                                },
                            })
                            .collect(),
                        creatures: creatures
                            .iter()
                            .enumerate()
                            .map(|(i, (m, order, cost))| {
                                let mut targets: Vec<usize> = (0..nt).filter(|t| m[*t]).collect();
                                // Any order: the witness must not depend on it.
                                let mut seed = *order;
                                for k in (1..targets.len()).rev() {
                                    targets.swap(k, (seed % (k as u64 + 1)) as usize);
                                    seed /= k as u64 + 1;
                                }
                                AttackCandidate {
                                    id: ObjectId(100 + i as u32),
                                    label: format!("C{i}"),
                                    unable: if targets.is_empty() {
                                        vec![src("can't attack")]
                                    } else {
                                        vec![]
                                    },
                                    targets,
                                    excluded: vec![],
                                    alone: None,
                                    only_alone: None,
                                    mana_ability: 0,
                                    vigilance: false,
                                    costs: cost
                                        .iter()
                                        .map(|(target, mana)| AttackCost {
                                            target: *target,
                                            mana: *mana,
                                            permanents: vec![],
                                            source: src("cost"),
                                        })
                                        .collect(),
                                    company: vec![],
                                }
                            })
                            .collect(),
                        max_attackers: limits
                            .iter()
                            .map(|n| (*n, src(&format!("no more than {n}"))))
                            .collect(),
                        free_mana,
                        requirements: reqs
                            .iter()
                            .filter(|(c, _)| *c < nc)
                            .map(|(c, ts)| AttackRequirement {
                                targets: (0..nt)
                                    .filter(|t| ts[*t] && ts.iter().any(|x| !x))
                                    .collect(),
                                ..AttackRequirement::attacks(*c, src("attacks if able"))
                            })
                            .collect(),
                        target_limits: vec![],
                        pools: vec![],
                    }
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path's maximum and witness are the DP's, and `check` (which takes the fast
        /// path) judges every declaration as the brute-force reference does.
        #[test]
        fn the_fast_path_answers_as_the_dp(p in independent(), pick in any::<u64>()) {
            let fast = Independent::of(&p, false, &mut Budget::default()).unwrap().expect("independent");
            let dp = AttackDp::run(&p, options_given_paid(&p, &[]), &mut Budget::default()).unwrap();
            let best = dp.best.unwrap_or(0);
            prop_assert_eq!(fast.maximum, best);
            prop_assert_eq!(Some(fast.witness.clone()), dp.witness(best));
            // Some declaration, drawn from the creatures' own targets (or staying home).
            let mut bits = pick;
            let choice = AttackChoice(p.creatures.iter().map(|c| {
                let k = (bits % (c.targets.len() as u64 + 1)) as usize;
                bits /= c.targets.len() as u64 + 1;
                c.targets.get(k).copied()
            }).collect());
            let fast_verdict = p.check(&choice, &mut Budget::default());
            if p.violations(&choice).is_empty() {
                prop_assert_eq!(
                    &fast_verdict,
                    &p.check_by_dp(&choice, p.obeyed(&choice), &mut Budget::default())
                );
            }
            let reference = crate::legality::reference::Reference(&p);
            let slow = reference.check(&choice, &mut Budget::default());
            prop_assert_eq!(fast_verdict.is_legal(), slow.is_legal());
            if let (
                Verdict::TooFewRequirements { maximum: m1, witness, .. },
                Verdict::TooFewRequirements { maximum: m2, .. },
            ) = (&fast_verdict, &slow)
            {
                prop_assert_eq!(m1, m2);
                prop_assert!(reference.check(witness, &mut Budget::default()).is_legal());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Boards too large for the counting tables on the stack (more than `STACK_CELLS`
        /// creatures × targets, or creatures worth something) answer as the DP does too.
        #[test]
        fn large_boards_answer_as_the_dp(p in sized(11..=40, 60, 40)) {
            let fast = Independent::of(&p, false, &mut Budget::default()).unwrap().expect("independent");
            let dp = AttackDp::run(&p, options_given_paid(&p, &[]), &mut Budget::default()).unwrap();
            let best = dp.best.unwrap_or(0);
            prop_assert_eq!(fast.maximum, best);
            prop_assert_eq!(Some(fast.witness), dp.witness(best));
        }
    }

    #[test]
    fn ties_go_to_earlier_creatures_and_first_targets() {
        // Three creatures worth one each under "no more than two": the first two attack, each
        // at the first target its requirement accepts.
        let mut p = AttackProblem {
            attacking_player: "A".into(),
            targets: (0..2)
                .map(|t| Target {
                    label: format!("T{t}"),
                    target: AttackTarget::Player(PlayerId(t + 1)),
                    tax: 0,
                    tax_sources: vec![],
                })
                .collect(),
            creatures: (0..3)
                .map(|i| AttackCandidate {
                    id: ObjectId(100 + i),
                    label: format!("C{i}"),
                    targets: vec![0, 1],
                    unable: vec![],
                    excluded: vec![],
                    alone: None,
                    only_alone: None,
                    mana_ability: 0,
                    vigilance: false,
                    costs: vec![],
                    company: vec![],
                })
                .collect(),
            max_attackers: vec![(2, src("no more than two"))],
            free_mana: 0,
            requirements: (0..3)
                .map(|i| AttackRequirement::attacks(i, src("attacks if able")))
                .collect(),
            target_limits: vec![],
            pools: vec![],
        };
        p.requirements[1].targets = vec![1];
        let fast = Independent::of(&p, false, &mut Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!(fast.maximum, 2);
        assert_eq!(fast.witness, AttackChoice(vec![Some(0), Some(1), None]));
        // A creature that needs company ties the creatures together: the DP decides.
        p.creatures[2].alone = Some(src("can't attack alone"));
        assert!(
            Independent::of(&p, false, &mut Budget::default())
                .unwrap()
                .is_none()
        );
        // A cost nobody pays takes a target away (500.2); a declaration paying one goes to the
        // DP, which weighs the mana.
        p.creatures[2].alone = None;
        p.targets[0].tax = 1;
        let fast = Independent::of(&p, false, &mut Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!(fast.witness, AttackChoice(vec![Some(1), Some(1), None]));
        assert!(
            Independent::of(&p, true, &mut Budget::default())
                .unwrap()
                .is_none()
        );
    }
}
