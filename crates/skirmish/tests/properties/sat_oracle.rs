//! The legality kernel against an independent SAT encoding of rule 500, on boards of 20 to 40
//! creatures where brute force is out of reach.

use crate::common;

use common::boards::{POOL, board, game};
use common::sat;
use proptest::prelude::*;
use skirmish::legality::build::{attack_problem, block_problem};
use skirmish::legality::problem::{AttackChoice, BlockChoice};
use skirmish::legality::{Backend, BlockSolver, Budget, Legality, Verdict};

/// The vocabulary without "can block any number of creatures", whose options the kernel
/// enumerates as subsets (see docs/legality.md, limits), and without costs to block, which the
/// SAT encoding of blocks doesn't have.
fn big_pool() -> Vec<&'static str> {
    POOL.iter()
        .copied()
        .filter(|c| !["Palace Guard", "Hipparion", "Qal Sisma Behemoth"].contains(c))
        .collect()
}

fn verdict_matches<C: std::fmt::Debug>(v: &Verdict<C>, obeyed: usize, max: usize) -> bool {
    match v {
        Verdict::Legal {
            obeyed: o,
            maximum: m,
        } => *o as usize == obeyed && *m as usize == max && obeyed == max,
        Verdict::TooFewRequirements {
            obeyed: o,
            maximum: m,
            ..
        } => *o as usize == obeyed && *m as usize == max && obeyed < max,
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn attacks_agree_with_sat(b in board(big_pool(), 10, 20, 20), picks in prop::collection::vec(any::<u32>(), 8)) {
        let g = game(&b, false);
        let p = attack_problem(&g).unwrap();
        let max = p.maximum(&mut Budget::default()).unwrap() as usize;
        prop_assert_eq!(max, sat::attack_maximum_unpaid(&p));
        let opt = p.optimum(&mut Budget::default()).unwrap();
        prop_assert!(p.violations(&opt).is_empty());
        prop_assert_eq!(p.obeyed(&opt).len(), max);
        for seed in picks {
            // A random declaration: each creature attacks its first target or not, by one bit.
            let d = AttackChoice(p.creatures.iter().enumerate().map(|(i, c)| {
                (seed.rotate_left(i as u32) & 1 == 1).then(|| c.targets.first().copied()).flatten()
            }).collect());
            if !p.violations(&d).is_empty() { continue; }
            let v = p.check(&d, &mut Budget::default());
            let m = sat::attack_maximum(&p, &sat::paid(&p, &d));
            prop_assert!(verdict_matches(&v, p.obeyed(&d).len(), m), "{:?} vs SAT maximum {}", v, m);
        }
    }

    #[test]
    fn blocks_agree_with_sat(b in board(big_pool(), 10, 20, 20), picks in prop::collection::vec(any::<u64>(), 8)) {
        let g = game(&b, true);
        let Ok(p) = block_problem(&g) else { return Ok(()) };
        // Awesome Presence's cost per blocker is outside the SAT encoding of blocks; the
        // brute-force conformance suite covers it.
        if p.blockers.iter().any(|b| !b.costs.is_empty()) { return Ok(()) }
        let (sat_max, sat_witness) = sat::block_maximum(&p);
        prop_assert!(p.violations(&sat_witness).is_empty(), "the SAT witness obeys every restriction");
        prop_assert_eq!(p.obeyed(&sat_witness).len(), sat_max);
        // Branch and bound hands the parts it finds hard to clause learning, so a board this
        // size is decided well within the budget.
        let max = p.maximum(&mut Budget::new(5_000_000));
        prop_assert_eq!(max, Ok(sat_max as u32));
        // Clause learning alone agrees too (the two encodings are independent: this one uses
        // rustsat's totalizers over the kernel's options, the oracle its own over pairs).
        let by_sat = BlockSolver::new(&p, Backend::Sat).maximum(&mut Budget::new(5_000_000));
        prop_assert_eq!(by_sat, Ok(sat_max as u32));
        let opt = p.optimum(&mut Budget::default()).unwrap();
        prop_assert!(p.violations(&opt).is_empty());
        prop_assert_eq!(p.obeyed(&opt).len(), sat_max);
        for seed in picks {
            let d = BlockChoice(p.blockers.iter().enumerate().map(|(i, c)| {
                let r = seed.rotate_left(i as u32 * 3);
                if r & 3 == 0 || c.can_block.is_empty() { Vec::new() } else { vec![c.can_block[(r >> 2) as usize % c.can_block.len()]] }
            }).collect());
            if !p.violations(&d).is_empty() { continue; }
            let v = p.check(&d, &mut Budget::default());
            prop_assert!(verdict_matches(&v, p.obeyed(&d).len(), sat_max), "{:?} vs SAT maximum {}", v, sat_max);
        }
    }
}
