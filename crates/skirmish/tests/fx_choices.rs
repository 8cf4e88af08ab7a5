//! Rule-500 sentences whose rule is made by an effect for a whole declaration, or whose
//! instructions wait on a player's choice: "each opponent can't block with more than one
//! creature this combat" (Mirri, Weatherlight Duelist), choices by opponents in triggered
//! abilities, exert, energy, and abilities with several targets. Played through the engine.

mod common;

use common::{log, logged, play, scenario};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

fn run(text: &str) -> Result<Game, RunError> {
    run_scenario(&scenario(text)).map(|(g, _)| g)
}

const MIRRI: &str = r#"
[[card]]
name = "Mirri, Weatherlight Duelist"
cost = "{1}{G}{W}"
type = "Legendary Creature — Cat Warrior"
pt = "3/2"
text = """First strike
Whenever Mirri, Weatherlight Duelist attacks, each opponent can't block with more than one creature this combat.
As long as Mirri, Weatherlight Duelist is tapped, no more than one creature can attack you each combat."""
"#;

/// Alice attacks with Mirri and Hill Giant; Bob, with two Walls of Wood, blocks `block`.
fn mirri(block: &str) -> String {
    format!(
        r#"{MIRRI}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mirri, Weatherlight Duelist"
controller = "Alice"
label = "Mirri"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall 1"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall 2"
[[action]]
player = "Alice"
attack = "Mirri, Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn mirri_lets_each_opponent_block_with_one_creature_this_combat() {
    // 500.3: two blockers are refused while the effect lasts.
    let e = run(&mirri("Wall 1=Hill Giant, Wall 2=Mirri")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert!(e.message.contains("Mirri"), "{e}");
    // One blocker is fine: Mirri's 3 reach Bob.
    let game = play(&(mirri("Wall 1=Hill Giant") + "[expect]\nlife = { Bob = 17 }\n"));
    assert!(
        logged(&game, "can't block with more than 1"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn without_mirri_attacking_nothing_limits_the_blockers() {
    // Without Mirri attacking, nothing limits Bob's blockers.
    let text = mirri("Wall 1=Hill Giant, Wall 2=Hill Giant")
        .replace("attack = \"Mirri, Hill Giant\"", "attack = \"Hill Giant\"");
    play(&(text + "[expect]\nlife = { Bob = 20 }\n"));
}
