//! Qualities said as lists: "nonartifact, nonblack creature" (every quality), "a white, blue,
//! black, or red spell" (any one color), "~ is enchanted or equipped" (either), and a
//! permanent's new characteristics in one phrase ("becomes an 8/8 Golem artifact creature",
//! "becomes a 3/3 creature that's still a land", "becomes an artifact creature with power and
//! toughness each equal to its converted mana cost").

use crate::common;
use common::{lands, log, play, scenario};
use skirmish::typeline::CardType;

/// 409.1c: Terror's target must be neither an artifact nor black; a creature that is either is
/// no legal target, and Grizzly Bears is destroyed.
#[test]
fn terror_needs_a_creature_that_is_neither_artifact_nor_black() {
    let text = |target: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Terror"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Black Knight"
controller = "Bob"
[[permanent]]
card = "Ornithopter"
controller = "Bob"
{swamps}[[action]]
player = "Alice"
cast = "Terror"
targets = ["{target}"]
[expect]
graveyard = {{ Bob = ["Grizzly Bears"] }}
"#,
            swamps = lands("Swamp", "Alice", 2)
        )
    };
    play(&text("Grizzly Bears"));
    for other in ["Black Knight", "Ornithopter"] {
        let e = skirmish::engine::run_scenario(&scenario(&text(other))).unwrap_err();
        assert!(e.message.contains(other), "{other}: {e}");
    }
}

/// 409.1i: Quirion Dryad grows when its controller plays a spell of any of the four colors
/// listed (a red Lightning Bolt), not a green one (Giant Growth).
#[test]
fn quirion_dryad_counts_any_color_of_its_list() {
    let text = |spell: &str, target: &str, counters: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{spell}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Quirion Dryad"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
cast = "{spell}"
targets = ["{target}"]
[expect]
{counters}
"#
        )
    };
    let game = play(&text(
        "Lightning Bolt",
        "Bob",
        "counters = { \"Quirion Dryad\" = { \"+1/+1\" = 1 } }\nlife = { Bob = 17 }",
    ));
    assert!(log(&game).iter().any(|e| e.contains("Quirion Dryad")));
    let game = play(&text(
        "Giant Growth",
        "Quirion Dryad",
        "life = { Bob = 20 }",
    ));
    let dryad = game.object_labelled("Quirion Dryad").unwrap();
    assert!(
        dryad.status.as_ref().is_some_and(|s| s.counters.is_empty()),
        "{:?}",
        log(&game)
    );
}

/// 502.41b: Novice Knight can't attack (defender) unless it is enchanted or equipped; with
/// Bonesplitter it attacks for 4.
#[test]
fn novice_knight_attacks_while_equipped() {
    let text = |equipped: bool| {
        let sword = if equipped {
            "[[permanent]]\ncard = \"Bonesplitter\"\ncontroller = \"Alice\"\nattached_to = \"Novice Knight\"\n"
        } else {
            ""
        };
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Novice Knight"
controller = "Alice"
{sword}[[action]]
player = "Alice"
attack = "Novice Knight"
[expect]
life = {{ Bob = 16 }}
"#
        )
    };
    play(&text(true));
    let e = skirmish::engine::run_scenario(&scenario(&text(false))).unwrap_err();
    assert!(e.message.contains("defender"), "{e}");
}

/// 212.1c, layer 4 of 418.5a: Xanthic Statue becomes an 8/8 Golem artifact creature with
/// trample (still an artifact: "artifact creature") and attacks for 8.
#[test]
fn xanthic_statue_becomes_an_artifact_creature_and_attacks() {
    let game = play(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Xanthic Statue"
controller = "Alice"
{plains}[[action]]
player = "Alice"
activate = "Xanthic Statue"
[[action]]
player = "Alice"
attack = "Xanthic Statue"
[expect]
life = {{ Bob = 12 }}
"#,
        plains = lands("Plains", "Alice", 5)
    ));
    let statue = game.object_labelled("Xanthic Statue").unwrap();
    // The effect ended with the turn: an artifact again, not a creature.
    assert!(statue.is(CardType::Artifact) && !statue.is(CardType::Creature));
}

/// "becomes a 3/3 creature that's still a land" (212.1c): the Forest is a 3/3 creature and a
/// land until end of turn.
#[test]
fn lifespark_spellbomb_makes_a_land_a_creature_that_is_still_a_land() {
    let game = play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Lifespark Spellbomb"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[action]]
player = "Alice"
activate = "Lifespark Spellbomb"
ability = 1
targets = ["Forest 2"]
[expect]
pt = { "Forest 2" = "3/3" }
graveyard = { Alice = ["Lifespark Spellbomb"] }
"#,
    );
    let f = game.object_labelled("Forest 2").unwrap();
    assert!(
        f.is(CardType::Land) && f.is(CardType::Creature),
        "{:?}",
        log(&game)
    );
}

/// Layer 6b of 418.5a, the number read once (418.3b): Karn makes Xanthic Statue (converted
/// mana cost 8) an 8/8 artifact creature, which attacks for 8; Karn's own text is untouched.
#[test]
fn karn_animates_an_artifact_with_its_converted_mana_cost() {
    let game = play(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Karn, Silver Golem"
controller = "Alice"
[[permanent]]
card = "Xanthic Statue"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Karn, Silver Golem"
targets = ["Xanthic Statue"]
[[action]]
player = "Alice"
attack = "Xanthic Statue"
[expect]
life = { Bob = 12 }
"#,
    );
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Xanthic Statue") && e.contains("8/8")),
        "{:?}",
        log(&game)
    );
    let karn = game.object_labelled("Karn, Silver Golem").unwrap();
    assert_eq!(karn.power(), Some(4));
}
