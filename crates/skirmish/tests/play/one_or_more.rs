//! "Whenever ~ blocks one or more <description>" and "... becomes blocked by one or more
//! <description>" (309.3: once however many fit), "Whenever ~ or enchanted creature <event>"
//! (each its own event), and a legendary card's short name ("Rashka" for Rashka the Slayer).

use crate::common;

use common::{log, play};

fn count(game: &skirmish::model::Game, part: &str) -> usize {
    log(game).iter().filter(|l| l.contains(part)).count()
}

#[test]
fn blocked_by_two_black_creatures_the_inquisitors_trigger_once() {
    // Two Scathe Zombies block the Inquisitors: one trigger, +2/+0 once.
    let game = play(
        r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Serra Inquisitors"
controller = "Alice"
[[permanent]]
card = "Scathe Zombies"
controller = "Bob"
[[permanent]]
card = "Scathe Zombies"
controller = "Bob"
label = "Second Zombies"
[[action]]
player = "Alice"
attack = "Serra Inquisitors"
[[action]]
player = "Bob"
block = "Scathe Zombies=Serra Inquisitors, Second Zombies=Serra Inquisitors"
[expect]
pt = { "Serra Inquisitors" = "5/3" }
"#,
    );
    assert_eq!(
        count(&game, "[410.3] Serra Inquisitors's ability"),
        1,
        "{:?}",
        log(&game)
    );
}

#[test]
fn blocked_by_a_green_creature_they_dont_trigger() {
    play(
        r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Serra Inquisitors"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Serra Inquisitors"
[[action]]
player = "Bob"
block = "Grizzly Bears=Serra Inquisitors"
[expect]
pt = { "Serra Inquisitors" = "3/3" }
"#,
    );
}

#[test]
fn blocking_a_black_attacker_triggers_rashka_by_its_short_name() {
    // "Rashka gets +1/+2": the short name is the card itself.
    play(
        r#"stop_after = "declare-blockers"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Rashka the Slayer"
controller = "Alice"
[[permanent]]
card = "Scathe Zombies"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Scathe Zombies"
[[action]]
player = "Alice"
block = "Rashka the Slayer=Scathe Zombies"
[expect]
pt = { "Rashka the Slayer" = "4/5" }
"#,
    );
}

#[test]
fn the_bestowed_returned_triggers_for_the_creature_it_enchants() {
    // Alice bestows Spiteful Returned on her Grizzly Bears (current 702.103): the Bears attack,
    // Bob loses 2, and the 3/3 Bears deal 3.
    let mut swamps = String::new();
    for i in 0..4 {
        swamps.push_str(&format!(
            "[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp {i}\"\n"
        ));
    }
    play(&format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Spiteful Returned"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{swamps}
[[action]]
player = "Alice"
cast = "Spiteful Returned"
with = ["bestow"]
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[expect]
life = {{ Bob = 15 }}
"#
    ));
}

#[test]
fn one_or_more_names_no_creature() {
    let e = common::sample_card(
        "{3}{W}",
        "Creature — Human",
        Some("2/2"),
        "Whenever Sample becomes blocked by one or more Orcs, destroy that creature.",
    )
    .unwrap_err();
    assert!(e.to_string().contains("that creature"), "{e}");
}

#[test]
fn the_returned_attacking_itself_triggers_once() {
    // As a creature it attacks: 2 life from its trigger, 1 from its combat damage.
    let game = play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Spiteful Returned"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Spiteful Returned"
[expect]
life = { Bob = 17 }
"#,
    );
    assert_eq!(
        count(&game, "[410.3] Spiteful Returned's ability"),
        1,
        "{:?}",
        log(&game)
    );
}
