//! The block-problem builder judges classes of interchangeable creatures once (issue 11); the
//! problem it builds must be exactly the one judging every attacker-blocker pair builds: same
//! vectors, same order, same sources (309.2a, 500.1, 500.3a, 502).

use crate::common;

use common::boards::{POOL, board, game, twins, twins_game};
use proptest::prelude::*;
use skirmish::legality::build::{attacked_players, block_problem_for, block_problem_per_pair};
use skirmish::model::Game;

/// Both builders, for every attacked player; `false` when no creature attacks.
fn same_problems(g: &Game) -> Result<bool, TestCaseError> {
    let Ok(players) = attacked_players(g) else {
        return Ok(false);
    };
    for d in players {
        let fast = block_problem_for(g, d);
        let slow = block_problem_per_pair(g, d);
        prop_assert_eq!(fast, slow);
    }
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Boards of near-identical creatures, some set apart by one variation each: tapped, a
    /// counter, damage, an Aura (Lure, Pacifism, one granting flying, one saying "can't
    /// block"), a resolved spell on it, a requirement to block, attacking something else, or
    /// another card. Protection from enchantments, fear, shadow, landwalk and the rest come
    /// with the cards.
    #[test]
    fn classes_build_the_per_pair_problem_on_twins(b in twins(6)) {
        let g = twins_game(&b);
        same_problems(&g)?;
    }

    /// Random boards from the whole combat vocabulary.
    #[test]
    fn classes_build_the_per_pair_problem_on_random_boards(b in board(POOL.to_vec(), 0, 8, 8)) {
        let g = game(&b, true);
        same_problems(&g)?;
    }
}

/// A big army of identical tokens with one Lure and one "can't be blocked except by two or
/// more": the board the classes are for.
#[test]
fn classes_build_the_per_pair_problem_on_a_big_army() {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n\n\
         [[card]]\nname = \"Brute\"\ncost = \"{3}\"\ntype = \"Creature — Ogre\"\npt = \"3/3\"\ntext = \"Brute can't be blocked except by two or more creatures.\"\n\n\
         [[permanent]]\ncard = \"Brute\"\ncontroller = \"Alice\"\ntapped = true\nattacking = \"Bob\"\n\n",
    );
    for i in 0..60 {
        t.push_str(&format!("[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"A{i}\"\ntoken = true\ntapped = true\nattacking = \"Bob\"\n\n"));
    }
    t.push_str("[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"A0\"\n\n");
    for i in 0..60 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Cloud Sprite\"\ncontroller = \"Bob\"\nlabel = \"B{i}\"\ntoken = true\n\n"
        ));
    }
    let g = common::scenario(&t).game;
    assert!(same_problems(&g).unwrap());
    let p = block_problem_for(&g, attacked_players(&g).unwrap()[0]).unwrap();
    // Cloud Sprite "can block only creatures with flying": every pair is barred, each with
    // the blocker's own source.
    assert!(p.blockers.iter().all(|b| b.can_block.is_empty()));
    assert_eq!(p.blockers[7].cannot_block.len(), 61);
    assert_eq!(p.blockers[7].cannot_block[3].1[0].label, "B7");
}
