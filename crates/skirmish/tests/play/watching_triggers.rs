//! Abilities that trigger as another permanent the description fits comes into play (410.10a)
//! or is put into a graveyard from play, looking back in time (410.10d).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Game;

fn life(game: &Game, name: &str) -> i32 {
    game.player_named(name).expect("player").life
}

#[test]
fn another_creature_coming_into_play_triggers_and_a_new_one_doesnt_see_itself() {
    let text = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grizzly Bears", "Soul Warden"]
[[player]]
name = "Bob"
[[permanent]]
card = "Soul Warden"
controller = "Alice"
label = "Warden in play"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Plains"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Soul Warden"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    // The Bears: 1 life from the Warden in play. The second Warden: 1 from the first, and
    // the new one's own "another" doesn't see itself, but sees nothing else entering.
    assert_eq!(life(&game, "Alice"), 22, "{:?}", log(&game));
}

#[test]
fn creatures_that_die_together_each_trigger_the_one_that_died_with_them() {
    let text = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Zulaport Cutthroat"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Zulaport Cutthroat=Hill Giant, Grizzly Bears=Hill Giant"
[[action]]
player = "Alice"
assign = "Hill Giant: 1 to Zulaport Cutthroat, 2 to Grizzly Bears"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    // 410.10d: the Cutthroat sees itself and the Bears die (two triggers); the Giant is
    // Alice's, not a creature Bob controls.
    assert_eq!(life(&game, "Alice"), 18, "{:?}", log(&game));
    assert_eq!(life(&game, "Bob"), 22, "{:?}", log(&game));
}

/// Alice casts Giant Growth on `target`, with Akroan Skyguard in play.
fn heroic(target: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Akroan Skyguard"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Giant Growth"
targets = ["{target}"]
"#
    )
}

#[test]
fn heroic_triggers_on_a_spell_that_targets_it_and_no_other() {
    let counters = |game: &Game| {
        game.object_labelled("Akroan Skyguard")
            .expect("skyguard")
            .counter_count("+1/+1")
    };
    let (game, _) =
        run_scenario(&scenario(&heroic("Akroan Skyguard"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counters(&game), 1, "{:?}", log(&game));
    let (game, _) =
        run_scenario(&scenario(&heroic("Grizzly Bears"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counters(&game), 0, "{:?}", log(&game));
}

/// Alice attacks with `attack`; Bob blocks with `block`.
fn alone(attack: &str, block: &str) -> String {
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
card = "Yuan Shao's Infantry"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn attacking_alone_triggers_and_attacking_with_others_doesnt() {
    // 308.3: declared as the only attacker, its trigger makes it unblockable this combat.
    let e = run_scenario(&scenario(&alone(
        "Yuan Shao's Infantry",
        "Hill Giant=Yuan Shao's Infantry",
    )))
    .unwrap_err();
    assert!(e.message.contains("Yuan Shao's Infantry"), "{e}");
    run_scenario(&scenario(&alone(
        "Yuan Shao's Infantry, Grizzly Bears",
        "Hill Giant=Yuan Shao's Infantry",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn an_aura_acts_on_and_triggers_with_the_creature_it_enchants() {
    let text = r#"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Primal Cocoon"
controller = "Alice"
attached_to = "Grizzly Bears"
[[permanent]]
card = "Luminous Wake"
controller = "Alice"
attached_to = "Hill Giant"
[[action]]
player = "Alice"
attack = "Grizzly Bears, Hill Giant"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    // The upkeep counter goes on the Bears only, not on every enchanted creature.
    let counters = |label: &str| {
        game.object_labelled(label)
            .expect("creature")
            .counter_count("+1/+1")
    };
    assert_eq!(counters("Grizzly Bears"), 1, "{l:?}");
    assert_eq!(counters("Hill Giant"), 0, "{l:?}");
    // Attacking: the Cocoon is sacrificed, the Wake gains Alice 4 life.
    assert!(
        game.object_labelled("Primal Cocoon")
            .is_none_or(|o| o.zone != skirmish::model::Zone::InPlay),
        "{l:?}"
    );
    assert_eq!(life(&game, "Alice"), 24, "{l:?}");
}

#[test]
fn draw_triggers_name_the_player_who_drew() {
    // 423.1: Bob draws in his draw step; Alice's Underworld Dreams-like enchantment ("Whenever
    // an opponent draws a card, ~ deals 1 damage to him or her") deals 1 to him, and her
    // Crawler-like artifact ("Whenever you draw a card, ...") doesn't trigger.
    let board = |active: &str, expect: &str| {
        common::play(&format!(
            r#"stop_after = "draw"
[[card]]
name = "Test Dreams"
cost = "{{B}}{{B}}{{B}}"
type = "Enchantment"
text = "Whenever an opponent draws a card, Test Dreams deals 1 damage to him or her."
[[card]]
name = "Test Crawler"
cost = "{{5}}"
type = "Artifact"
text = "Whenever you draw a card, each opponent loses 1 life."
[turn]
active = "{active}"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Island", "Island"]
[[permanent]]
card = "Test Dreams"
controller = "Alice"
[[permanent]]
card = "Test Crawler"
controller = "Alice"
[expect]
life = {{ {expect} }}
"#
        ))
    };
    let game = board("Bob", "Alice = 20, Bob = 19");
    assert!(
        common::logged(&game, "Test Dreams deals 1 damage to Bob"),
        "{:?}",
        common::log(&game)
    );
    // Alice's own draw: the Crawler triggers (Bob loses 1), the Dreams don't.
    board("Alice", "Alice = 20, Bob = 19");
}
