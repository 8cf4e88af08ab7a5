//! One conformance suite, every implementation: the legality kernel with each of its block
//! backends (branch and bound, clause learning, and the hybrid handing over at any point) and
//! the brute-force reference (every declaration judged by rule 500's definition) must agree on
//! random small boards drawn from the card vocabulary and on generated problems: `check`,
//! `maximum`, `optimum`, `count`, `enumerate`.

use crate::common;

use common::boards::{POOL, board, game};
use num_bigint::BigUint;
use proptest::prelude::*;
use skirmish::legality::build::{attack_problem, block_problem};
use skirmish::legality::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
use skirmish::legality::reference::Reference;
use skirmish::legality::{Backend, BlockSolver, Budget, Legality, Verdict};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

fn budget() -> Budget {
    Budget::new(50_000_000)
}

fn attackers_of(c: &AttackChoice) -> usize {
    c.0.iter().flatten().count()
}

fn blockers_of(c: &BlockChoice) -> usize {
    c.0.iter().filter(|b| !b.is_empty()).count()
}

/// Every declaration over a problem, including ones that break restrictions.
fn all_attacks(p: &AttackProblem) -> Vec<AttackChoice> {
    let mut out = vec![vec![]];
    for _ in &p.creatures {
        out = out
            .into_iter()
            .flat_map(|v: Vec<Option<usize>>| {
                std::iter::once(None)
                    .chain((0..p.targets.len()).map(Some))
                    .map(move |o| {
                        let mut w = v.clone();
                        w.push(o);
                        w
                    })
            })
            .collect();
    }
    out.into_iter().map(AttackChoice).collect()
}

fn all_blocks(p: &BlockProblem) -> Vec<BlockChoice> {
    let na = p.attackers.len();
    let mut out = vec![vec![]];
    for _ in &p.blockers {
        out = out
            .into_iter()
            .flat_map(|v: Vec<Vec<usize>>| {
                (0u32..(1 << na)).map(move |m| {
                    let mut w = v.clone();
                    w.push((0..na).filter(|a| m & (1 << a) != 0).collect());
                    w
                })
            })
            .collect();
    }
    out.into_iter().map(BlockChoice).collect()
}

/// Every block backend, the hybrid handing over to clause learning at once, after a few steps
/// of branch and bound, or after many.
const BACKENDS: [Backend; 6] = [
    Backend::Auto,
    Backend::Search,
    Backend::Sat,
    Backend::Handover { search_steps: 0 },
    Backend::Handover { search_steps: 3 },
    Backend::Handover { search_steps: 12 },
];

/// The suite for a block problem, once per backend of `backends`.
fn conform_blocks(p: &BlockProblem, backends: &[Backend]) -> Result<(), TestCaseError> {
    let all = all_blocks(p);
    let reference = Memo::new(Reference(p));
    for &backend in backends {
        conform(
            &BlockSolver::new(p, backend),
            &reference,
            all.clone(),
            blockers_of,
        )
        .map_err(|e| TestCaseError::fail(format!("backend {backend:?}: {e}")))?;
    }
    Ok(())
}

/// The reference's answers, computed once for all the backends compared with it.
struct Memo<L: Legality> {
    inner: L,
    checks: RefCell<BTreeMap<L::Choice, Verdict<L::Choice>>>,
    listed: RefCell<Option<Vec<L::Choice>>>,
    counted: RefCell<Option<BigUint>>,
}

impl<L: Legality> Memo<L>
where
    L::Choice: Ord,
{
    fn new(inner: L) -> Self {
        Memo {
            inner,
            checks: RefCell::default(),
            listed: RefCell::default(),
            counted: RefCell::default(),
        }
    }
}

impl<L: Legality> Legality for Memo<L>
where
    L::Choice: Ord,
{
    type Choice = L::Choice;

    fn check(&self, choice: &L::Choice, budget: &mut Budget) -> Verdict<L::Choice> {
        if let Some(v) = self.checks.borrow().get(choice) {
            return v.clone();
        }
        let v = self.inner.check(choice, budget);
        self.checks.borrow_mut().insert(choice.clone(), v.clone());
        v
    }

    fn maximum(&self, budget: &mut Budget) -> Result<u32, skirmish::legality::Exhausted> {
        self.inner.maximum(budget)
    }

    fn optimum(&self, budget: &mut Budget) -> Result<L::Choice, skirmish::legality::Exhausted> {
        self.inner.optimum(budget)
    }

    fn count(&self, budget: &mut Budget) -> Result<BigUint, skirmish::legality::Exhausted> {
        if let Some(n) = self.counted.borrow().as_ref() {
            return Ok(n.clone());
        }
        let n = self.inner.count(budget)?;
        *self.counted.borrow_mut() = Some(n.clone());
        Ok(n)
    }

    fn enumerate(
        &self,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&L::Choice) -> bool,
    ) -> Result<(), skirmish::legality::Exhausted> {
        if self.listed.borrow().is_none() {
            let mut all = Vec::new();
            self.inner.enumerate(budget, &mut |c| {
                all.push(c.clone());
                true
            })?;
            *self.listed.borrow_mut() = Some(all);
        }
        for c in self.listed.borrow().iter().flatten() {
            if !visit(c) {
                break;
            }
        }
        Ok(())
    }
}

/// The conformance suite, for any problem type whose declarations can be listed.
fn conform<P>(
    fast: &P,
    slow: &dyn Legality<Choice = P::Choice>,
    all: Vec<P::Choice>,
    size: fn(&P::Choice) -> usize,
) -> Result<(), TestCaseError>
where
    P: Legality,
    P::Choice: Ord,
{
    let m = fast.maximum(&mut budget()).unwrap();
    prop_assert_eq!(m, slow.maximum(&mut budget()).unwrap(), "maximum");
    let count = fast.count(&mut budget()).unwrap();
    prop_assert_eq!(&count, &slow.count(&mut budget()).unwrap(), "count");

    let mut listed = BTreeSet::new();
    fast.enumerate(&mut budget(), &mut |c| {
        listed.insert(c.clone());
        true
    })
    .unwrap();
    let mut reference = BTreeSet::new();
    slow.enumerate(&mut budget(), &mut |c| {
        reference.insert(c.clone());
        true
    })
    .unwrap();
    prop_assert_eq!(
        BigUint::from(listed.len()),
        count.clone(),
        "enumerate yields count declarations"
    );
    prop_assert_eq!(
        &listed,
        &reference,
        "enumerate lists exactly the legal declarations"
    );

    let opt = fast.optimum(&mut budget()).unwrap();
    let ref_opt = slow.optimum(&mut budget()).unwrap();
    prop_assert!(
        slow.check(&opt, &mut budget()).is_legal(),
        "optimum {:?} is legal",
        opt
    );
    prop_assert_eq!(
        size(&opt),
        size(&ref_opt),
        "optimum has the fewest creatures"
    );

    for d in &all {
        let a = fast.check(d, &mut budget());
        let b = slow.check(d, &mut budget());
        // Listed as legal exactly when checked legal (the shakmaty perft property).
        prop_assert_eq!(
            a.is_legal(),
            listed.contains(d),
            "check vs enumerate on {:?}",
            d
        );
        match (&a, &b) {
            (
                Verdict::Legal {
                    obeyed: o1,
                    maximum: m1,
                },
                Verdict::Legal {
                    obeyed: o2,
                    maximum: m2,
                },
            ) => {
                prop_assert_eq!((o1, m1), (o2, m2));
            }
            (
                Verdict::BreaksRestrictions { violations: v1 },
                Verdict::BreaksRestrictions { violations: v2 },
            ) => {
                prop_assert_eq!(v1, v2);
                prop_assert!(!v1.is_empty());
            }
            (
                Verdict::TooFewRequirements {
                    obeyed: o1,
                    maximum: m1,
                    unobeyed,
                    witness,
                },
                Verdict::TooFewRequirements {
                    obeyed: o2,
                    maximum: m2,
                    ..
                },
            ) => {
                prop_assert_eq!((o1, m1), (o2, m2));
                prop_assert!(
                    !unobeyed.is_empty(),
                    "a better declaration obeys something this one doesn't"
                );
                prop_assert!(
                    slow.check(witness, &mut budget()).is_legal(),
                    "witness {:?} is legal",
                    witness
                );
            }
            _ => prop_assert!(
                false,
                "verdicts differ on {:?}: kernel {:?}, reference {:?}",
                d,
                a,
                b
            ),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn attacks_agree_with_brute_force(b in board(POOL.to_vec(), 0, 6, 3)) {
        let g = game(&b, false);
        let p = attack_problem(&g).unwrap();
        let all = all_attacks(&p);
        conform(&p, &Reference(&p), all, attackers_of)?;
    }

    #[test]
    fn blocks_agree_with_brute_force(b in board(POOL.to_vec(), 0, 3, 4)) {
        let g = game(&b, true);
        let Ok(p) = block_problem(&g) else { return Ok(()) };
        // Every declaration is checked by each backend: the three that differ most here, all
        // six on the generated problems below.
        conform_blocks(&p, &[BACKENDS[0], BACKENDS[2], BACKENDS[4]])?;
    }
}

/// Issue 11's wrong answer: "No more than two creatures can attack each combat." with three
/// creatures that attack each combat if able allows any two of them (maximum 2, three
/// declarations), and with three plain creatures seven declarations (every set of at most
/// two). A limit of N was counted as saturating at N, so the third attacker went unseen.
#[test]
fn a_limit_of_two_attackers_is_kept_exactly() {
    let arbiter = "[[card]]\nname = \"Test Arbiter Two\"\ncost = \"{4}\"\ntype = \"Artifact\"\ntext = \"No more than two creatures can attack each combat.\"\n";
    for (creature, maximum, count) in [("Crazed Goblin", 2u32, 3u32), ("Grizzly Bears", 0, 7)] {
        let mut t = format!(
            "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n{arbiter}\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Test Arbiter Two\"\ncontroller = \"Bob\"\n"
        );
        for i in 1..=3 {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{creature}\"\ncontroller = \"Alice\"\nlabel = \"C{i}\"\n"
            ));
        }
        let s = skirmish::scenario::Scenario::parse(skirmish::diagnostics::SourceFile::new(
            "arbiter.toml",
            t,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        let p = attack_problem(&s.game).unwrap();
        assert_eq!(p.maximum(&mut budget()).unwrap(), maximum, "{creature}");
        assert_eq!(
            p.count(&mut budget()).unwrap(),
            BigUint::from(count),
            "{creature}"
        );
        let opt = p.optimum(&mut budget()).unwrap();
        assert!(
            p.check(&opt, &mut budget()).is_legal(),
            "{creature}: {opt:?}"
        );
        assert!(attackers_of(&opt) <= 2, "{creature}: {opt:?}");
    }
}

/// Problems drawn directly, not from cards: every form an attack or block problem can hold
/// (taxes, costs per creature and per target, limits of any N, "alone", mana creatures,
/// capacities, minimum and maximum blockers, costs to block, every kind of requirement), with
/// values no bundled card has. A kernel that only knows today's cards fails here.
mod generated {
    use super::*;
    use skirmish::legality::problem::*;
    use skirmish::model::{AttackTarget, ObjectId, PlayerId};

    fn src(tag: &str) -> Source {
        Source::new(tag, format!("generated {tag}"), "500.1")
    }

    /// "Unless at least N other creatures ..." (any, or some of `n` candidates), now and then.
    fn company(n: usize) -> impl Strategy<Value = Vec<Company>> {
        prop::collection::vec(
            (
                prop::option::of(prop::collection::vec(0..n.max(1), 0..=2)),
                1u32..=2,
            )
                .prop_map(|(with, at_least)| Company {
                    with,
                    at_least,
                    source: src("company"),
                }),
            0..=1,
        )
    }

    fn attack_problem() -> impl Strategy<Value = AttackProblem> {
        (1usize..=2, 0usize..=4).prop_flat_map(|(nt, nc)| {
            let targets = prop::collection::vec(0u32..=2, nt);
            let creature = (
                prop::collection::vec(any::<bool>(), nt),
                prop::bool::weighted(0.15),
                prop::bool::weighted(0.2),
                // Mana its `{T}` ability makes: none, one, or two at once ("Add {C}{C}").
                0u32..=2,
                any::<bool>(),
                prop::collection::vec(
                    (
                        prop::option::of(0..nt),
                        0u32..=2,
                        prop::collection::vec((0usize..2, 1u32..=2), 0..=1),
                    ),
                    0..=2,
                ),
                // Requirements: each to any target or one, and now and then conditional on
                // some creatures attacking.
                prop::collection::vec(
                    (
                        prop::collection::vec(0..nt, 0..=2),
                        prop::option::weighted(0.2, prop::collection::vec(0..nc.max(1), 1..=2)),
                        prop::option::weighted(0.3, prop::collection::vec(0..nc.max(1), 0..=2)),
                    ),
                    0..=2,
                ),
                company(nc),
                // "can only attack alone" (306.5), now and then beside "can't attack alone".
                prop::bool::weighted(0.1),
            );
            (
                targets,
                prop::collection::vec(creature, nc),
                prop::collection::vec(0u32..=4, 0..=2),
                0u32..=3,
                prop::collection::vec((prop::collection::vec(0..nt, 1..=2), 0u32..=2), 0..=1),
                // Two pools of permanents to give up, over three permanents: overlapping
                // ("lands" and "Islands"), disjoint or empty.
                prop::collection::vec(prop::collection::btree_set(0usize..3, 0..=3), 2),
            )
                .prop_map(
                    move |(taxes, creatures, limits, free_mana, target_limits, pools)| {
                        let targets = taxes
                            .iter()
                            .enumerate()
                            .map(|(i, tax)| Target {
                                label: format!("P{i}"),
                                target: AttackTarget::Player(PlayerId(i as u32 + 1)),
                                tax: *tax,
                                tax_sources: if *tax > 0 { vec![src("tax")] } else { vec![] },
                            })
                            .collect();
                        let mut requirements = Vec::new();
                        let creatures = creatures
                            .into_iter()
                            .enumerate()
                            .map(
                                |(
                                    i,
                                    (
                                        may,
                                        unable,
                                        alone,
                                        mana,
                                        vig,
                                        costs,
                                        reqs,
                                        company,
                                        only_alone,
                                    ),
                                )| {
                                    for (targets, others, when) in reqs {
                                        requirements.push(AttackRequirement {
                                            creature: i,
                                            source: src("must attack"),
                                            targets,
                                            others: others.unwrap_or_default(),
                                            when,
                                        });
                                    }
                                    AttackCandidate {
                                        id: ObjectId(100 + i as u32),
                                        label: format!("C{i}"),
                                        targets: if unable {
                                            vec![]
                                        } else {
                                            (0..may.len()).filter(|t| may[*t]).collect()
                                        },
                                        unable: if unable { vec![src("can't")] } else { vec![] },
                                        excluded: vec![],
                                        alone: alone.then(|| src("alone")),
                                        only_alone: only_alone.then(|| src("only alone")),
                                        mana_ability: mana,
                                        vigilance: vig,
                                        costs: costs
                                            .into_iter()
                                            .map(|(target, mana, permanents)| AttackCost {
                                                target,
                                                mana,
                                                permanents,
                                                source: src("cost"),
                                            })
                                            .collect(),
                                        company,
                                    }
                                },
                            )
                            .collect();
                        AttackProblem {
                            attacking_player: "A".into(),
                            targets,
                            creatures,
                            max_attackers: limits.into_iter().map(|n| (n, src("limit"))).collect(),
                            target_limits: target_limits
                                .into_iter()
                                .map(|(targets, max)| TargetLimit {
                                    targets,
                                    max,
                                    source: src("limit on targets"),
                                })
                                .collect(),
                            free_mana,
                            requirements,
                            pools: pools
                                .into_iter()
                                .enumerate()
                                .map(|(k, m)| Pool {
                                    text: format!("give up pool {k}"),
                                    members: m.into_iter().map(|j| format!("L{j}")).collect(),
                                    returns: k == 1,
                                })
                                .collect(),
                        }
                    },
                )
        })
    }

    fn block_problem() -> impl Strategy<Value = BlockProblem> {
        (1usize..=3, 0usize..=3).prop_flat_map(|(na, nb)| {
            let attacker = (
                prop::option::of(2u32..=3),
                prop::bool::weighted(0.2),
                0u32..=1,
                prop::bool::weighted(0.1),
                prop::option::weighted(0.25, prop::collection::vec(0..nb.max(1), 0..=2)),
                prop::bool::weighted(0.25),
            );
            let blocker = (
                prop::collection::vec(any::<bool>(), na),
                prop::bool::weighted(0.1),
                prop::bool::weighted(0.15),
                prop_oneof![
                    Just(Capacity::Up(1)),
                    Just(Capacity::Up(2)),
                    Just(Capacity::Any)
                ],
                prop::collection::vec(
                    (
                        prop::option::of(0..na),
                        0u32..=2,
                        prop::option::weighted(0.3, 1u32..=2),
                    ),
                    0..=2,
                ),
                0u32..=1,
                prop::collection::vec(0..na, 0..=2),
                company(nb),
            );
            (
                prop::collection::vec(attacker, na),
                prop::collection::vec(blocker, nb),
                prop::collection::vec(0u32..=3, 0..=1),
                0u32..=3,
                0u32..=3,
            )
                .prop_map(
                    move |(attackers, blockers, limits, free_mana, payable_life)| {
                        let mut requirements = Vec::new();
                        let attackers = attackers
                            .into_iter()
                            .enumerate()
                            .map(|(a, (min, max_one, must, all_or_none, by, one))| {
                                if one {
                                    requirements.push(BlockRequirement::MustBeBlockedByOne {
                                        attacker: a,
                                        source: src("must be blocked by exactly one"),
                                    });
                                }
                                for _ in 0..must {
                                    requirements.push(BlockRequirement::MustBeBlocked {
                                        attacker: a,
                                        source: src("must be blocked"),
                                    });
                                }
                                if let Some(by) = by.filter(|_| nb > 0) {
                                    requirements.push(BlockRequirement::MustBeBlockedBy {
                                        attacker: a,
                                        by,
                                        source: src("must be blocked by"),
                                    });
                                }
                                BlockAttacker {
                                    id: ObjectId(100 + a as u32),
                                    label: format!("A{a}"),
                                    min_blockers: min
                                        .map(|n| (n, src("min")))
                                        .into_iter()
                                        .collect(),
                                    max_one_blocker: if max_one {
                                        vec![src("max one")]
                                    } else {
                                        vec![]
                                    },
                                    all_or_none: if all_or_none {
                                        vec![src("all")]
                                    } else {
                                        vec![]
                                    },
                                }
                            })
                            .collect();
                        let blockers = blockers
                            .into_iter()
                            .enumerate()
                            .map(
                                |(
                                    b,
                                    (may, unable, alone, capacity, costs, blocks, pairs, company),
                                )| {
                                    for _ in 0..blocks {
                                        requirements.push(BlockRequirement::Blocks {
                                            blocker: b,
                                            source: src("must block"),
                                        });
                                    }
                                    for a in pairs {
                                        requirements.push(BlockRequirement::BlocksAttacker {
                                            blocker: b,
                                            attacker: a,
                                            source: src("lure"),
                                        });
                                    }
                                    BlockCandidate {
                                        id: ObjectId(200 + b as u32),
                                        label: format!("B{b}"),
                                        can_block: if unable {
                                            [].into()
                                        } else {
                                            (0..may.len()).filter(|a| may[*a]).collect()
                                        },
                                        unable: if unable { vec![src("can't")] } else { vec![] },
                                        cannot_block: vec![],
                                        capacity,
                                        alone: alone.then(|| src("alone")),
                                        costs: costs
                                            .into_iter()
                                            .map(|(attacker, mana, life)| BlockCost {
                                                attacker,
                                                mana,
                                                life: life.unwrap_or(0),
                                                source: src("cost"),
                                            })
                                            .collect(),
                                        company,
                                    }
                                },
                            )
                            .collect();
                        BlockProblem {
                            defending_player: "D".into(),
                            attackers,
                            blockers,
                            max_blockers: limits.into_iter().map(|n| (n, src("limit"))).collect(),
                            requirements,
                            free_mana,
                            payable_life,
                        }
                    },
                )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn generated_attacks_agree_with_brute_force(p in attack_problem()) {
            let all = all_attacks(&p);
            conform(&p, &Reference(&p), all, attackers_of)?;
        }

        #[test]
        fn generated_blocks_agree_with_brute_force(p in block_problem()) {
            conform_blocks(&p, &BACKENDS)?;
        }
    }
}

/// Issue 13: among optimal attacks with the fewest creatures, the one offered is the same in
/// every run: the earliest creatures in the problem's order attack. Two Crazed Goblins (each
/// "attacks each combat if able") under "No more than one creature can attack each combat.":
/// either alone is optimal; the first one is offered, whatever order the DP's hash maps take.
#[test]
fn the_optimal_attack_offered_is_stable() {
    let s = common::scenario(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Silent Arbiter\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Crazed Goblin\"\ncontroller = \"Alice\"\nlabel = \"G1\"\n[[permanent]]\ncard = \"Crazed Goblin\"\ncontroller = \"Alice\"\nlabel = \"G2\"\n[[permanent]]\ncard = \"Crazed Goblin\"\ncontroller = \"Alice\"\nlabel = \"G3\"\n",
    );
    let p = attack_problem(&s.game).unwrap();
    let first = p.creatures.iter().position(|c| c.label == "G1").unwrap();
    for _ in 0..40 {
        // Each run builds fresh hash maps, each with its own random order.
        let opt = p.optimum(&mut budget()).unwrap();
        let attacking: Vec<usize> = (0..opt.0.len()).filter(|i| opt.0[*i].is_some()).collect();
        assert_eq!(attacking, vec![first], "{opt:?}");
        match p.check(&p.none(), &mut budget()) {
            Verdict::TooFewRequirements { witness, .. } => assert_eq!(witness, opt),
            v => panic!("{v:?}"),
        }
    }
}

/// Without requirements or restrictions over several blockers, every declaration within each
/// blocker's options is legal, counted as a product: 100 Bears blocking 100 Bears have 101
/// choices each (issue 13: `blocks` searched for minutes). Small free boards are held to the
/// brute-force count by the generated conformance tests.
#[test]
fn free_boards_are_counted_as_a_product() {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    for side in ["Alice", "Bob"] {
        for i in 0..100 {
            t += &format!(
                "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"{side}\"\nlabel = \"{side}{i}\"\n"
            );
            if side == "Alice" {
                t += "tapped = true\nattacking = \"Bob\"\n";
            }
        }
    }
    let p = block_problem(&common::scenario(&t).game).unwrap();
    let n = p.count(&mut Budget::default()).unwrap();
    assert_eq!(n, BigUint::from(101u32).pow(100));
    // One blocker that can block an additional creature: 1 + 100 + C(100, 2) choices.
    let mut q = p.clone();
    q.blockers[0].capacity = skirmish::legality::problem::Capacity::Up(2);
    let n = q.count(&mut Budget::default()).unwrap();
    assert_eq!(
        n,
        BigUint::from(101u32).pow(99) * BigUint::from(1u32 + 100 + 4950)
    );
}
