//! Issue 13, items 1 and 8: a declaration of attackers judged "as if declared" (`blocks
//! --attack`, `check --attack ... --block ...`, scenario verdicts) is refused with its rule when
//! the rules don't let it attack at all, and never becomes a game state the rules forbid. The
//! test build checks the game's invariants after every change, so building such a state would
//! panic here.

use crate::common;

use common::scenario;
use skirmish::legality::judge::{JudgeError, with_attack};

const BOARD: &str = r#"
[turn]
active = "Alice"
step = "declare-attackers"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"

[[permanent]]
card = "Plains"
controller = "Alice"

[[permanent]]
card = "Hill Giant"
controller = "Bob"
"#;

fn refused(text: &str) -> String {
    let game = scenario(BOARD).game;
    match with_attack(&game, text) {
        Err(JudgeError::Declaration(d)) => d.message,
        Err(other) => panic!("{text}: refused for the wrong reason: {other}"),
        Ok(_) => panic!("{text}: accepted"),
    }
}

#[test]
fn a_land_is_refused_with_308_2a() {
    let m = refused("Plains");
    assert!(m.starts_with("[308.2a]"), "{m}");
    assert!(m.contains("Plains"), "{m}");
}

#[test]
fn another_players_creature_is_refused() {
    let m = refused("Grizzly Bears, Hill Giant");
    assert!(m.starts_with("[308.2a]"), "{m}");
    assert!(m.contains("Hill Giant"), "{m}");
}

#[test]
fn a_creature_attacking_its_own_controller_is_refused() {
    let m = refused("Grizzly Bears->Alice");
    assert!(m.starts_with("[308.2a]"), "{m}");
    assert!(m.contains("Grizzly Bears can't attack Alice"), "{m}");
    assert!(m.contains("only the defending player"), "{m}");
}

#[test]
fn a_possible_attack_is_put_into_combat() {
    let game = scenario(BOARD).game;
    let g = with_attack(&game, "Grizzly Bears").expect("the Bears may attack");
    let combat = g.combat.as_ref().expect("combat");
    assert_eq!(combat.attackers.len(), 1);
}
