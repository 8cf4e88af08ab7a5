//! "Whenever ~ blocks one or more <description>" and "... becomes blocked by one or more
//! <description>" (309.3: once however many fit), "Whenever ~ or enchanted creature <event>"
//! (each its own event), and a legendary card's short name ("Rashka" for Rashka the Slayer).
//! Also a group's event: "Whenever one or more creatures you control attack" (308.3: once for
//! the declaration), "... block" (309.3).

use crate::common;

use common::{log, play};

/// How many times an ability of the card triggered.
fn triggered(game: &skirmish::model::Game, card: &str) -> usize {
    log(game)
        .iter()
        .filter(|l| l.contains(&format!("{card}'s ability")) && l.contains("triggers"))
        .count()
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
        triggered(&game, "[410.3] Serra Inquisitors"),
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
        triggered(&game, "[410.3] Spiteful Returned"),
        1,
        "{:?}",
        log(&game)
    );
}

/// 308.3: declaring attackers is one event. Varina triggers once for Alice's two attacking
/// Zombies ("you attack with one or more Zombies"), and "that many" is two: she draws two,
/// discards two and gains 2 life. Grizzly Bears attacking alone triggers nothing.
#[test]
fn varina_triggers_once_and_counts_the_zombies_that_attacked() {
    let text = |attack: &str, life: u32, library: &str| {
        format!(
            r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Forest", "Island", "Swamp"]
[[player]]
name = "Bob"
[[permanent]]
card = "Varina, Lich Queen"
controller = "Alice"
[[permanent]]
card = "Scathe Zombies"
controller = "Alice"
[[permanent]]
card = "Scathe Zombies"
controller = "Alice"
label = "Second Zombies"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "{attack}"
[expect]
life = {{ Alice = {life} }}
hand = {{ Alice = [] }}
library = {{ Alice = [{library}] }}
"#
        )
    };
    let game = play(&text(
        "Scathe Zombies, Second Zombies, Grizzly Bears",
        22,
        r#""Swamp""#,
    ));
    assert_eq!(
        triggered(&game, "Varina, Lich Queen"),
        1,
        "{:?}",
        log(&game)
    );
    let game = play(&text("Grizzly Bears", 20, r#""Forest", "Island", "Swamp""#));
    assert_eq!(
        triggered(&game, "Varina, Lich Queen"),
        0,
        "{:?}",
        log(&game)
    );
}

/// Path of Bravery's trigger (its static line aside): one trigger for the declaration, and
/// its life equals the number of attacking creatures; Ever-Watching Threshold, of the player
/// attacked, draws one card however many creatures attack him.
#[test]
fn a_group_attack_triggers_each_ability_once() {
    let game = play(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Bravery Path"
cost = "{2}{W}"
type = "Enchantment"
text = "Whenever one or more creatures you control attack, you gain life equal to the number of attacking creatures."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
library = ["Forest", "Island"]
[[permanent]]
card = "Bravery Path"
controller = "Alice"
[[permanent]]
card = "Ever-Watching Threshold"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears, Hill Giant"
[expect]
life = { Alice = 22 }
hand = { Bob = ["Forest"] }
"#,
    );
    assert_eq!(triggered(&game, "Bravery Path"), 1, "{:?}", log(&game));
    assert_eq!(
        triggered(&game, "Ever-Watching Threshold"),
        1,
        "{:?}",
        log(&game)
    );
}

/// 309.3: declaring blockers is one event too: two blockers, one trigger.
#[test]
fn a_group_block_triggers_once() {
    let game = play(
        r#"stop_after = "declare-blockers"
[[card]]
name = "Watchful Crowd"
cost = "{1}{W}"
type = "Enchantment"
text = "Whenever one or more creatures block, you gain 1 life."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Watchful Crowd"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Scathe Zombies"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant, Scathe Zombies=Hill Giant"
[expect]
life = { Alice = 21 }
"#,
    );
    assert_eq!(triggered(&game, "Watchful Crowd"), 1, "{:?}", log(&game));
}
