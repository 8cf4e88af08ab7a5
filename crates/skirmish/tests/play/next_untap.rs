//! "doesn't untap during [its controller's|your] next untap step" (302.2) for "~", "it" and
//! "that land" after an earlier target; "target land that player controls" after a "deals
//! damage to a player" trigger (the player bound as it triggers); and "Prevent the next N
//! damage that would be dealt this turn to target creature you control" (419.7).

use crate::common;

use common::{log, logged, play};

#[test]
fn the_archer_stays_tapped_through_its_controllers_next_untap_step() {
    // Alice's Arbalest Elite shoots Bob's attacking Craw Wurm (6/4) in Bob's turn: 3 damage.
    // In Alice's next untap step the Elite stays tapped while her Plains untap.
    let game = play(
        r#"stop_after = "draw"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Giant Growth"]
[[player]]
name = "Bob"
library = ["Raging Goblin"]
[[permanent]]
card = "Arbalest Elite"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains C"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Craw Wurm"
[[action]]
player = "Alice"
activate = "Arbalest Elite"
targets = ["Craw Wurm"]
[[action]]
player = "Alice"
pass = true
step = "draw"
[[expect.at]]
after = "declare-attackers"
turn = 1
damage = { "Craw Wurm" = 3 }
[[expect.at]]
after = "untap"
turn = 2
tapped = ["Arbalest Elite"]
untapped = ["Plains", "Plains B", "Plains C"]
"#,
    );
    assert!(
        logged(
            &game,
            "[302.2] Arbalest Elite won't untap during Alice's next untap step"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_skimmer_taps_a_land_of_the_player_it_damaged_and_it_stays_tapped() {
    // Alice's Mana Skimmer hits Bob; its trigger may target only a land Bob controls
    // (Alice's own Swamp isn't one), and Bob's Forest doesn't untap in his next untap step.
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
card = "Mana Skimmer"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Mana Skimmer"
[[action]]
player = "Bob"
pass = true
step = "draw"
[[expect.at]]
after = "untap"
turn = 2
tapped = ["Forest"]
untapped = ["Swamp"]
"#,
    );
    assert!(
        logged(
            &game,
            "[302.2] Forest won't untap during Bob's next untap step"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn that_player_in_a_target_is_refused_where_no_trigger_names_a_player() {
    let e = common::sample_card(
        "{1}{B}",
        "Creature — Leech",
        Some("1/1"),
        "{T}: Tap target land that player controls.",
    )
    .unwrap_err();
    assert!(e.to_string().contains("that player"), "{e}");
}

#[test]
fn the_alchemist_shields_and_taps_its_target_which_stays_tapped() {
    // Alice's Samite Alchemist shields her Grizzly Bears from 4 of Bob's Lightning Bolt's 3
    // damage (419.7), taps them, and they stay tapped in her next untap step.
    play(
        r#"stop_after = "draw"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
library = ["Giant Growth"]
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
library = ["Raging Goblin"]
[[permanent]]
card = "Samite Alchemist"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Samite Alchemist"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
pass = true
step = "draw"
[[action]]
player = "Alice"
pass = true
step = "draw"
[[expect.at]]
after = "precombat-main"
turn = 1
damage = { "Grizzly Bears" = 0 }
tapped = ["Grizzly Bears"]
[[expect.at]]
after = "untap"
turn = 3
tapped = ["Grizzly Bears"]
"#,
    );
}

#[test]
fn a_second_mention_of_the_target_reads_it() {
    let card = common::sample_card(
        "{3}{B}",
        "Creature — Leech",
        Some("2/2"),
        "Whenever Sample deals damage to a player, tap target land that player controls. That land doesn't untap during its controller's next untap step.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = skirmish::view::describe(&card.abilities[0]);
    assert!(
        text.ends_with("then it doesn't untap during its controller's next untap step"),
        "{text}"
    );
}
