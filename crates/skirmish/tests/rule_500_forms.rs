//! More of rule 500 as cards write it: a permission to block while tapped (309.2a), evasion
//! that holds only while attacking alone, "can't be blocked this turn except by Walls" as an
//! effect, conditions about any player's hand, and "the active player" in descriptions.

mod common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::{judge_attack, judge_block};

/// Alice attacks Bob with `attackers` (already declared); Bob has `bob`.
fn blocks(attackers: &[&str], bob: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    for a in attackers {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n"
        ));
    }
    t.push_str(bob);
    t
}

#[test]
fn masako_lets_tapped_creatures_block() {
    let tapped_bears =
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\ntapped = true\n";
    let without = scenario(&blocks(&["Hill Giant"], tapped_bears));
    let j = judge_block(
        &without.game,
        "Grizzly Bears=Hill Giant",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.violations.iter().any(|v| v.rule == "309.2a"), "{j:?}");
    let with = format!(
        "{tapped_bears}[[permanent]]\ncard = \"Masako the Humorless\"\ncontroller = \"Bob\"\n"
    );
    let s = scenario(&blocks(&["Hill Giant"], &with));
    let j = judge_block(
        &s.game,
        "Grizzly Bears=Hill Giant",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

#[test]
fn dream_prowler_is_unblockable_only_while_attacking_alone() {
    let bob = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n";
    let alone = scenario(&blocks(&["Dream Prowler"], bob));
    let j = judge_block(
        &alone.game,
        "Grizzly Bears=Dream Prowler",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(!j.legal, "{j:?}");
    let two = scenario(&blocks(&["Dream Prowler", "Hill Giant"], bob));
    let j = judge_block(
        &two.game,
        "Grizzly Bears=Dream Prowler",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

/// Alice's Tools make Hill Giant blockable only by Walls; Bob then blocks with `blocker`.
fn tools(blocker: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Joven's Tools\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n",
    );
    for i in 1..=4 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Alice\"\nlabel = \"Mountain {i}\"\n"
        ));
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Joven's Tools\"\ntargets = [\"Hill Giant\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nblock = \"{blocker}=Hill Giant\"\n"
    ));
    t
}

#[test]
fn joven_s_tools_leaves_only_walls_able_to_block() {
    let e = run_scenario(&scenario(&tools("Grizzly Bears"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
    let (game, _) =
        run_scenario(&scenario(&tools("Wall of Wood"))).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game.events.iter().map(|e| e.to_string()).collect();
    assert!(
        log.iter()
            .any(|e| e.contains("Wall of Wood blocks Hill Giant")),
        "{log:?}"
    );
}

#[test]
fn lupine_prototype_needs_an_empty_hand_somewhere() {
    let board = |alice_hand: &str| {
        format!(
            "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\nhand = [{alice_hand}]\n[[player]]\nname = \"Bob\"\nhand = [\"Giant Growth\"]\n[[permanent]]\ncard = \"Lupine Prototype\"\ncontroller = \"Alice\"\n"
        )
    };
    let full = scenario(&board("\"Giant Growth\""));
    assert!(
        !judge_attack(&full.game, "Lupine Prototype", &mut Budget::default())
            .unwrap()
            .legal
    );
    let empty = scenario(&board(""));
    assert!(
        judge_attack(&empty.game, "Lupine Prototype", &mut Budget::default())
            .unwrap()
            .legal
    );
}

#[test]
fn the_active_player_names_the_attacking_player() {
    // Bob's enchantment makes the creatures of whoever's turn it is attack.
    let t = "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[card]]\nname = \"Test Call\"\ncost = \"{U}\"\ntype = \"Enchantment\"\ntext = \"Creatures the active player controls attack each combat if able.\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Test Call\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n";
    let s = scenario(t);
    let none = judge_attack(&s.game, "", &mut Budget::default()).unwrap();
    assert!(!none.legal, "{none:?}");
    assert_eq!(none.maximum, Some(1), "{none:?}");
    assert!(
        judge_attack(&s.game, "Grizzly Bears", &mut Budget::default())
            .unwrap()
            .legal
    );
}
