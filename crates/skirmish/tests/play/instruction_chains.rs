//! Later sentences of one spell or ability that go on naming the creature an earlier one
//! targets ("That creature attacks this turn if able."): one target, chosen once (409.1c),
//! every instruction carried out on it as the spell or ability resolves (413.1).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Step;

/// Alice whips her Hill Giant with Bullwhip in her first main phase, then declares `attack`.
fn bullwhip(target: &str, attack: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Bullwhip"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Bullwhip"
targets = ["{target}"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "{attack}"
"#
    )
}

#[test]
fn the_whipped_creature_is_dealt_damage_and_must_attack() {
    // 500.2: with the requirement, attacking with nothing obeys fewer requirements than
    // attacking with Hill Giant; the declaration is refused.
    let e = run_scenario(&scenario(&bullwhip("Hill Giant", ""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Hill Giant"), "{e}");
    let (game, _) = run_scenario(&scenario(&bullwhip("Hill Giant", "Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Bullwhip deals 1 damage to Hill Giant")),
        "{l:?}"
    );
}

#[test]
fn only_the_target_is_forced_to_attack() {
    // The Bears were not the target: they may stay home while the whipped Giant attacks.
    run_scenario(&scenario(&bullwhip("Hill Giant", "Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    // Whipping the Bears instead: the Giant may stay home, the Bears must attack.
    run_scenario(&scenario(&bullwhip("Grizzly Bears", "Grizzly Bears")))
        .unwrap_or_else(|e| panic!("{e}"));
    let e = run_scenario(&scenario(&bullwhip("Grizzly Bears", "Hill Giant"))).unwrap_err();
    assert!(e.message.contains("Grizzly Bears"), "{e}");
}

/// Provoke on Bob's tapped Wall of Wood during Alice's declare attackers step; then Bob
/// declares `block`.
fn provoke(block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Provoke"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
tapped = true
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
cast = "Provoke"
targets = ["Wall of Wood"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn provoke_untaps_its_one_target_and_that_creature_must_block() {
    // One target for both instructions: the Wall is untapped, then required to block.
    let e = run_scenario(&scenario(&provoke(""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert!(e.message.contains("Wall of Wood"), "{e}");
    let (game, _) = run_scenario(&scenario(&provoke("Wall of Wood=Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("untap") && e.contains("Wall of Wood")),
        "{l:?}"
    );
    assert!(l.iter().any(|e| e.contains("Alice draws")), "{l:?}");
}
