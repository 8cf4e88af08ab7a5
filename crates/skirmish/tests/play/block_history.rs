//! Blocks remembered for the turn (309.2): "creatures that blocked ~ this turn" and
//! "creatures it blocked this turn" name the blocks declared this turn, read at end of combat
//! and after, whether or not the creatures are still in combat.

use crate::common;

use common::{log, play};

/// Alice's `attacker` attacks Bob, who blocks as `block` says; Bob's Hill Giant stays home.
/// `card` defines the inline card.
fn blocked(card: &str, attacker: &str, bob: &str, block: &str) -> skirmish::model::Game {
    play(&format!(
        r#"stop_after = "end-of-combat"
{card}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "{bob}"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = "{block}"
"#
    ))
}

const FERRET: &str = r#"[[card]]
name = "Sample Ferret"
cost = "{3}"
type = "Creature — Ferret"
pt = "1/4"
text = "At end of combat, tap all creatures that blocked Sample Ferret this turn."
"#;

const VANGUARD: &str = r#"[[card]]
name = "Sample Vanguard"
cost = "{3}"
type = "Creature — Human Rebel"
pt = "0/4"
text = "When Sample Vanguard blocks, at end of combat, destroy all creatures it blocked this turn."
"#;

/// 309.2, 311.1: the Bears that blocked the Ferret are tapped at end of combat; the Giant,
/// which didn't block, isn't.
#[test]
fn the_creatures_that_blocked_it_are_tapped_at_end_of_combat() {
    let game = blocked(
        FERRET,
        "Sample Ferret",
        "Grizzly Bears",
        "Grizzly Bears=Sample Ferret",
    );
    let tapped = |label: &str| {
        game.in_play()
            .find(|o| o.label == label)
            .unwrap_or_else(|| panic!("{label}: {:?}", log(&game)))
            .tapped()
    };
    assert!(tapped("Grizzly Bears"), "{:?}", log(&game));
    assert!(!tapped("Hill Giant"));
}

/// Nothing blocked the Ferret: nothing is tapped.
#[test]
fn no_block_no_tap() {
    let game = blocked(FERRET, "Sample Ferret", "Grizzly Bears", "");
    assert!(
        game.in_play()
            .all(|o| !o.tapped() || o.label == "Sample Ferret")
    );
}

/// 309.2: the Vanguard's delayed ability destroys the creature it blocked, which survived the
/// combat damage; the Giant, which it didn't block, stays.
#[test]
fn the_creatures_it_blocked_are_destroyed_at_end_of_combat() {
    let game = blocked(
        VANGUARD,
        "Grizzly Bears",
        "Sample Vanguard",
        "Sample Vanguard=Grizzly Bears",
    );
    assert!(
        game.in_play().all(|o| o.label != "Grizzly Bears"),
        "{:?}",
        log(&game)
    );
    assert!(game.in_play().any(|o| o.label == "Hill Giant"));
}

/// 309.2, 302.2: Joven's Ferrets taps the creatures that blocked it at end of combat, and they
/// ("They don't untap during their controller's next untap step") stay tapped through Bob's
/// next untap step; Bob's Giant, which didn't block, untaps as usual.
#[test]
fn the_ferrets_blockers_stay_tapped_through_their_next_untap_step() {
    let game = play(
        r#"stop_after = "draw"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Giant Growth"]
[[player]]
name = "Bob"
library = ["Raging Goblin"]
[[permanent]]
card = "Joven's Ferrets"
controller = "Alice"
label = "Ferrets"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
tapped = true
[[action]]
player = "Alice"
attack = "Ferrets"
[[action]]
player = "Bob"
block = "Grizzly Bears=Ferrets"
[[action]]
player = "Bob"
pass = true
step = "draw"
[[expect.at]]
after = "untap"
turn = 2
tapped = ["Grizzly Bears"]
untapped = ["Hill Giant"]
"#,
    );
    assert!(
        common::logged(
            &game,
            "[302.2] Grizzly Bears won't untap during Bob's next untap step"
        ),
        "{:?}",
        log(&game)
    );
}
