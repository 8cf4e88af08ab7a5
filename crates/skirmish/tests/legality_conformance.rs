//! One conformance suite, two implementations: the legality kernel and the brute-force
//! reference (every declaration judged by rule 500's definition) must agree on random small
//! boards drawn from the card vocabulary: `check`, `maximum`, `optimum`, `count`, `enumerate`.

use num_bigint::BigUint;
use proptest::prelude::*;
use skirmish::diagnostics::SourceFile;
use skirmish::legality::build::{attack_problem, block_problem};
use skirmish::legality::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
use skirmish::legality::reference::Reference;
use skirmish::legality::{Budget, Legality, Verdict};
use skirmish::model::Game;
use skirmish::scenario::Scenario;
use std::collections::BTreeSet;

/// Creatures with something to say about attacking or blocking.
const POOL: &[&str] = &[
    "Grizzly Bears", "Crazed Goblin", "Dauthi Slayer", "Juggernaut", "Razorgrass Screen", "Wall of Wood",
    "Mogg Flunkies", "Bonded Construct", "Cloud Sprite", "Serra Angel", "Giant Spider", "Phantom Warrior",
    "Bog Wraith", "White Knight", "Severed Legion", "Shu Cavalry", "Soltari Foot Soldier", "Spineless Thug",
    "Charging Rhino", "Gorilla Berserkers", "Two-Headed Dragon", "Palace Guard", "Taunting Elf", "Llanowar Elves",
    "Raging Goblin", "Test Bait", "Drudge Skeletons",
];

/// One creature on the board: (pool index, tapped roll, sick roll, attacks roll).
type Spec = (usize, u8, u8, u8);

#[derive(Debug, Clone)]
struct Board {
    alice: Vec<Spec>,
    bob: Vec<Spec>,
    /// Extras: Silent Arbiter, War Drums, Propaganda, Lures, Pacifism, lands, a planeswalker,
    /// a provoke-style requirement.
    extras: Vec<u8>,
}

fn board(max_alice: usize, max_bob: usize) -> impl Strategy<Value = Board> {
    let spec = (0..POOL.len(), 0u8..10, 0u8..10, 0u8..10);
    (
        prop::collection::vec(spec.clone(), 0..=max_alice),
        prop::collection::vec(spec, 0..=max_bob),
        prop::collection::vec(0u8..16, 0..4),
    )
        .prop_map(|(alice, bob, extras)| Board { alice, bob, extras })
}

/// The board as a scenario file (which also exercises the loader), and the game it loads.
fn game(b: &Board, with_attackers: bool) -> Game {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"STEP\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n\n\
         [[card]]\nname = \"Test Bait\"\ncost = \"{1}{G}\"\ntype = \"Creature — Beast\"\npt = \"2/2\"\ntext = \"Test Bait must be blocked if able.\"\n\n\
         [[card]]\nname = \"Test Walker\"\ncost = \"{2}{W}\"\ntype = \"Planeswalker — Ajani\"\nloyalty = 3\ntext = \"\"\n\n",
    );
    let mut labels: Vec<String> = Vec::new();
    let mut attackers = 0;
    let walker = b.extras.contains(&9);
    for (side, list) in [("Alice", &b.alice), ("Bob", &b.bob)] {
        for (i, (card, tapped, sick, attacks)) in list.iter().enumerate() {
            let label = format!("{}{}", &side[..1], i + 1);
            t.push_str(&format!("[[permanent]]\ncard = \"{}\"\ncontroller = \"{side}\"\nlabel = \"{label}\"\n", POOL[*card]));
            if *tapped == 0 {
                t.push_str("tapped = true\n");
            }
            if *sick == 0 && side == "Alice" {
                t.push_str("summoning_sick = true\n");
            }
            if with_attackers && side == "Alice" && *attacks < 6 {
                let target = if walker && *attacks == 0 { "Walker" } else { "Bob" };
                t.push_str(&format!("attacking = \"{target}\"\n"));
                attackers += 1;
            }
            t.push('\n');
            labels.push(label);
        }
    }
    let creature = |k: usize| labels.get(k % labels.len().max(1)).cloned();
    let mut placed = BTreeSet::new();
    for (n, e) in b.extras.iter().enumerate() {
        // Auras may repeat (two Lures on one creature); other extras appear once.
        if !matches!(e, 3..=6) && !placed.insert(*e) {
            continue;
        }
        let (card, controller, attach) = match e {
            0 => ("Silent Arbiter", "Bob", None),
            1 => ("Goblin War Drums", "Alice", None),
            2 => ("Propaganda", "Bob", None),
            3 | 4 | 5 => ("Lure", "Alice", creature(n * 3 + *e as usize)),
            6 => ("Pacifism", "Bob", creature(n * 5 + 1)),
            7 => ("Swamp", "Bob", None),
            8 => ("Forest", "Alice", None),
            9 => ("Test Walker", "Bob", None),
            10 => ("Plains", "Alice", None),
            _ => continue,
        };
        if matches!(card, "Lure" | "Pacifism") && attach.is_none() {
            continue;
        }
        t.push_str(&format!("[[permanent]]\ncard = \"{card}\"\ncontroller = \"{controller}\"\nlabel = \"X{n}\"\n"));
        if card == "Test Walker" {
            t = t.replace(&format!("label = \"X{n}\"\n"), "label = \"Walker\"\n");
        }
        if let Some(a) = attach {
            t.push_str(&format!("attached_to = \"{a}\"\n"));
        }
        t.push('\n');
    }
    let step = if with_attackers && attackers > 0 { "declare-blockers" } else { "declare-attackers" };
    let t = t.replace("STEP", step);
    let scenario = Scenario::parse(SourceFile::new("random.toml", t.as_str())).unwrap_or_else(|e| panic!("{e}\n{t}"));
    let mut g = scenario.game;
    // A provoke-style requirement (502.29a) between a random defender and attacker.
    if b.extras.contains(&11) {
        if let Some(c) = g.combat.clone() {
            let attacker = c.attackers.keys().next().copied();
            let blocker = g.in_play().find(|o| o.label.starts_with('B') && o.is_creature()).map(|o| o.id);
            if let (Some(a), Some(bl)) = (attacker, blocker) {
                let mut c2 = c;
                c2.must_block.push((bl, a, "Provoker".into()));
                g.set_combat(Some(c2));
            }
        }
    }
    g
}

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
                std::iter::once(None).chain((0..p.targets.len()).map(Some)).map(move |o| {
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

/// The conformance suite, for any problem type whose declarations can be listed.
fn conform<P>(fast: &P, slow: &dyn Legality<Choice = P::Choice>, all: Vec<P::Choice>, size: fn(&P::Choice) -> usize) -> Result<(), TestCaseError>
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
    prop_assert_eq!(BigUint::from(listed.len()), count.clone(), "enumerate yields count declarations");
    prop_assert_eq!(&listed, &reference, "enumerate lists exactly the legal declarations");

    let opt = fast.optimum(&mut budget()).unwrap();
    let ref_opt = slow.optimum(&mut budget()).unwrap();
    prop_assert!(slow.check(&opt, &mut budget()).is_legal(), "optimum {:?} is legal", opt);
    prop_assert_eq!(size(&opt), size(&ref_opt), "optimum has the fewest creatures");

    for d in &all {
        let a = fast.check(d, &mut budget());
        let b = slow.check(d, &mut budget());
        // Listed as legal exactly when checked legal (the shakmaty perft property).
        prop_assert_eq!(a.is_legal(), listed.contains(d), "check vs enumerate on {:?}", d);
        match (&a, &b) {
            (Verdict::Legal { obeyed: o1, maximum: m1 }, Verdict::Legal { obeyed: o2, maximum: m2 }) => {
                prop_assert_eq!((o1, m1), (o2, m2));
            }
            (Verdict::BreaksRestrictions { violations: v1 }, Verdict::BreaksRestrictions { violations: v2 }) => {
                prop_assert_eq!(v1, v2);
                prop_assert!(!v1.is_empty());
            }
            (
                Verdict::TooFewRequirements { obeyed: o1, maximum: m1, unobeyed, witness },
                Verdict::TooFewRequirements { obeyed: o2, maximum: m2, .. },
            ) => {
                prop_assert_eq!((o1, m1), (o2, m2));
                prop_assert!(!unobeyed.is_empty(), "a better declaration obeys something this one doesn't");
                prop_assert!(slow.check(witness, &mut budget()).is_legal(), "witness {:?} is legal", witness);
            }
            _ => prop_assert!(false, "verdicts differ on {:?}: kernel {:?}, reference {:?}", d, a, b),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn attacks_agree_with_brute_force(b in board(6, 3)) {
        let g = game(&b, false);
        let p = attack_problem(&g).unwrap();
        let all = all_attacks(&p);
        conform(&p, &Reference(&p), all, attackers_of)?;
    }

    #[test]
    fn blocks_agree_with_brute_force(b in board(3, 4)) {
        let g = game(&b, true);
        let Ok(p) = block_problem(&g) else { return Ok(()) };
        let all = all_blocks(&p);
        conform(&p, &Reference(&p), all, blockers_of)?;
    }
}
