//! "<action>. If you can't, <instruction>." (2009 103.3: an impossible instruction is ignored,
//! and the card says what happens then): "sacrifice a creature other than ~" and "pay {E}{E}"
//! are done if able, and only if not are the instructions after "If you can't" followed.
//! Energy (current 122.1) counted "for each" and gained alongside life, and the trigger on
//! getting it.

use crate::common;

use common::{BOTH_PASS, log, logged, play};
use skirmish::model::Game;

fn energy_of(game: &Game, name: &str) -> u32 {
    game.player_named(name).map_or(0, |p| p.energy)
}

/// Alice's upkeep with Liege of the Pit and `other` (permanents of hers).
fn liege(other: &str) -> String {
    let mut t = String::from(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Island", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Liege of the Pit"
controller = "Alice"
"#,
    );
    if !other.is_empty() {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{other}\"\ncontroller = \"Alice\"\n"
        ));
    }
    t
}

#[test]
fn liege_of_the_pit_takes_a_creature_if_it_can_and_deals_7_damage_if_it_cant() {
    // Grizzly Bears is sacrificed; Alice keeps her life.
    let game = play(
        &(liege("Grizzly Bears")
            + "[expect]\nlife = { Alice = 20 }\ngraveyard = { Alice = [\"Grizzly Bears\"] }\nin_play = [\"Liege of the Pit\"]\n"),
    );
    assert!(!logged(&game, "[103.3]"), "{:?}", log(&game));
    // Only Liege itself: "a creature other than ~" can't be sacrificed, so it deals 7 damage
    // to Alice instead (103.3), and stays.
    let game =
        play(&(liege("") + "[expect]\nlife = { Alice = 13 }\nin_play = [\"Liege of the Pit\"]\n"));
    assert!(
        logged(
            &game,
            "[103.3] Alice controls no other creature and can't sacrifice one"
        ),
        "{:?}",
        log(&game)
    );
    // A land isn't a creature: the same.
    play(&(liege("Forest") + "[expect]\nlife = { Alice = 13 }\nin_play = [\"Forest\"]\n"));
}

/// Alice casts Greenbelt Rampager with `energy` energy and Territorial Gorger in play.
fn rampager(energy: u32) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
energy = {energy}
hand = ["Greenbelt Rampager"]
[[player]]
name = "Bob"
[[permanent]]
card = "Territorial Gorger"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Greenbelt Rampager"
{BOTH_PASS}{BOTH_PASS}"#
    )
}

#[test]
fn greenbelt_rampager_pays_two_energy_or_returns_to_hand_and_gives_one() {
    // Two energy: paid, and it stays; no energy gained, so the Gorger stays 2/2.
    let game = play(
        &(rampager(2)
            + "[expect]\nin_play = [\"Greenbelt Rampager\"]\npt = { \"Territorial Gorger\" = \"2/2\" }\n"),
    );
    assert_eq!(energy_of(&game, "Alice"), 0, "{:?}", log(&game));
    // One energy can't pay {E}{E}: it returns to Alice's hand and she gets {E}, which
    // triggers the Gorger ("Whenever you get one or more {E}").
    let game = play(
        &(rampager(1)
            + "[expect]\nhand = { Alice = [\"Greenbelt Rampager\"] }\npt = { \"Territorial Gorger\" = \"4/4\" }\n"),
    );
    assert_eq!(energy_of(&game, "Alice"), 2, "{:?}", log(&game));
    assert!(
        logged(&game, "[103.3] Alice can't pay {E}{E}"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn energy_for_each_creature_you_control_as_it_attacks() {
    // Aetherwind Basker attacks with two other creatures of Alice's in play: {E} for each
    // creature she controls, itself included, is three.
    let game = play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Aetherwind Basker"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Aetherwind Basker"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#,
    );
    assert_eq!(energy_of(&game, "Alice"), 3, "{:?}", log(&game));
    assert_eq!(energy_of(&game, "Bob"), 0);
}
