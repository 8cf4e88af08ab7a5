//! Durations across turns, the game's record of earlier turns in conditions, and planeswalkers'
//! loyalty abilities (212.9f), each played through in a scenario.

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Step, Zone};

fn loyalty(game: &Game, label: &str) -> u32 {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("{label} is gone: {:?}", log(game)))
        .counter_count("loyalty")
}

/// Alice controls a planeswalker with Venser, the Sojourner's "−1: Creatures can't be blocked
/// this turn." and Garruk Wildspeaker's abilities; `actions` follow from her precombat main
/// phase.
fn walker(step: &str, active: &str, loyalty: u32, actions: &str) -> String {
    format!(
        r#"
[[card]]
name = "Walker Test"
cost = "{{3}}{{W}}{{U}}"
type = "Legendary Planeswalker — Venser"
loyalty = 3
text = """
+1: Untap two target lands.
−1: Creatures can't be blocked this turn.
−4: Creatures you control get +3/+3 and gain trample until end of turn."""
[turn]
active = "{active}"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Walker Test"
controller = "Alice"
counters = {{ loyalty = {loyalty} }}
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
tapped = true
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
tapped = true
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{actions}
"#
    )
}

#[test]
fn a_loyalty_ability_costs_loyalty_and_its_instruction_is_followed() {
    // 212.9f: removing a loyalty counter pays "−1"; the creatures can't be blocked (500.3a).
    let actions = r#"
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 2
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
"#;
    let e = run_scenario(&scenario(&walker("precombat-main", "Alice", 3, actions))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let no_block = actions.replace("block = \"Grizzly Bears=Hill Giant\"", "block = \"\"");
    let (game, _) = run_scenario(&scenario(&walker("precombat-main", "Alice", 3, &no_block)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loyalty(&game, "Walker Test"), 2, "{:?}", log(&game));
    assert!(
        log(&game).iter().any(|l| l.starts_with("[212.9f]")),
        "{:?}",
        log(&game)
    );
    assert_eq!(game.player_named("Bob").expect("bob").life, 17);
}

#[test]
fn a_plus_cost_puts_loyalty_counters_on_it() {
    let actions = r#"
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 1
targets = ["Forest 1", "Forest 2"]
"#;
    let (game, _) = run_scenario(&scenario(&walker("precombat-main", "Alice", 3, actions)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loyalty(&game, "Walker Test"), 4, "{:?}", log(&game));
}

#[test]
fn only_one_loyalty_ability_each_turn() {
    // 212.9f: "only if none of its activated abilities have been played that turn".
    let actions = r#"
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 1
targets = ["Forest 1", "Forest 2"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 2
"#;
    let e = run_scenario(&scenario(&walker("precombat-main", "Alice", 3, actions))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.9f"), "{e}");
    assert!(e.message.contains("already played this turn"), "{e}");
}

#[test]
fn loyalty_abilities_only_in_its_controllers_main_phase() {
    // 212.9f: a main phase of his or her turn, stack empty: not in combat, not on Bob's turn.
    let actions = r#"
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 2
"#;
    for (step, active) in [("beginning-of-combat", "Alice"), ("precombat-main", "Bob")] {
        let e = run_scenario(&scenario(&walker(step, active, 3, actions))).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("212.9f"), "{step} {active}: {e}");
    }
}

#[test]
fn a_minus_cost_needs_that_many_loyalty_counters() {
    // 212.9f: "An ability with a negative loyalty cost can't be played unless the planeswalker
    // has at least that many loyalty counters on it."
    let actions = r#"
[[action]]
player = "Alice"
activate = "Walker Test"
ability = 3
"#;
    let e = run_scenario(&scenario(&walker("precombat-main", "Alice", 3, actions))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.9f"), "{e}");
    let (game, _) = run_scenario(&scenario(&walker("precombat-main", "Alice", 4, actions)))
        .unwrap_or_else(|e| panic!("{e}"));
    // Its last counters gone, it is put into its owner's graveyard (420.5p).
    let walker = game.object_labelled("Walker Test").expect("walker");
    assert_eq!(walker.zone, Zone::Graveyard, "{:?}", log(&game));
}

/// Alice plays a sorcery with Chronomantic Escape's "Until your next turn, creatures can't
/// attack you." in her turn 1; Bob declares `bob_attack` in his turn 2 and Alice declares
/// `alice_attack` in her turn 3.
fn escape(bob_attack: &str, alice_attack: &str) -> String {
    format!(
        r#"
[[card]]
name = "Escape Test"
cost = "{{W}}"
type = "Sorcery"
text = """
Until your next turn, creatures can't attack you. Exile Escape Test with three time counters on it.
Suspend 3—{{2}}{{W}}"""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Escape Test"]
library = ["Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Escape Test"
[[action]]
player = "Bob"
attack = "{bob_attack}"
[[action]]
player = "Alice"
attack = "{alice_attack}"
"#
    )
}

#[test]
fn until_your_next_turn_lasts_through_the_opponents_turn_and_ends_as_yours_begins() {
    // 418.3a: it lasts as stated: Bob's turn too (cleanup, 314.2, doesn't end it).
    let e = run_scenario(&scenario(&escape("Grizzly Bears", ""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    assert!(e.message.contains("until your next turn"), "{e}");
    let (game, _) =
        run_scenario(&scenario(&escape("", "Hill Giant"))).unwrap_or_else(|e| panic!("{e}"));
    // Alice's own creatures were never barred from attacking Bob, and in her turn 3 it is over.
    assert_eq!(game.player_named("Bob").expect("bob").life, 17);
    assert!(game.rule_effects.is_empty(), "{:?}", game.rule_effects);
    assert!(
        log(&game).iter().any(|l| l.starts_with("[418.3a]")),
        "{:?}",
        log(&game)
    );
    // 502.59b: the card was removed from the game with three time counters, so it is
    // suspended: Alice's upkeep in turn 3 removed one.
    let card = game.object_labelled("Escape Test").expect("escape");
    assert_eq!(card.zone, Zone::RemovedFromGame, "{:?}", log(&game));
    assert_eq!(
        game.time_counters.get(&card.id),
        Some(&2),
        "{:?}",
        log(&game)
    );
}

/// An activated ability: Edifice of Authority's "{1}, {T}: Until your next turn, target creature
/// can't attack or block." played in Bob's turn 2 on his Grizzly Bears, which then attacks
/// (`bob_attack`); in Bob's turn 4 it attacks again (`bob_attack_later`).
fn edifice(bob_attack: &str, bob_attack_later: &str) -> String {
    format!(
        r#"
[[card]]
name = "Edifice Test"
cost = "{{2}}"
type = "Artifact"
text = "{{1}}, {{T}}: Until your next turn, target creature can't attack or block."
[turn]
active = "Bob"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest", "Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest", "Forest"]
[[permanent]]
card = "Edifice Test"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Edifice Test"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
attack = "{bob_attack}"
[[action]]
player = "Alice"
attack = ""
[[action]]
player = "Bob"
attack = "{bob_attack_later}"
"#
    )
}

#[test]
fn an_ability_until_your_next_turn_ends_with_its_controllers_turn_not_the_targets() {
    // 418.3a: "your" is the ability's controller: Bob's turn doesn't end it, Alice's does.
    let e = run_scenario(&scenario(&edifice("Grizzly Bears", ""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    assert!(e.message.contains("until your next turn"), "{e}");
    let (game, _) =
        run_scenario(&scenario(&edifice("", "Grizzly Bears"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Alice").expect("alice").life,
        18,
        "{:?}",
        log(&game)
    );
}

/// Alice's creatures with Giant Turtle's "~ can't attack if it attacked during your last turn."
/// and Halls of Mist's "Creatures that attacked during their controller's last turn can't
/// attack."; Alice declares `turn1`, Bob `turn2`, Alice `turn3`, Bob `turn4`, Alice `turn5`.
fn history(turns: [&str; 5]) -> String {
    let [t1, t2, t3, t4, t5] = turns;
    format!(
        r#"
[[card]]
name = "Turtle Test"
cost = "{{1}}{{U}}{{U}}"
type = "Creature — Turtle"
pt = "2/4"
text = "Turtle Test can't attack if it attacked during your last turn."
[[card]]
name = "Halls Test"
type = "Land"
text = "Creatures that attacked during their controller's last turn can't attack."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
library = ["Island", "Island", "Island"]
[[player]]
name = "Bob"
library = ["Island", "Island", "Island"]
[[permanent]]
card = "Turtle Test"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{t1}"
[[action]]
player = "Bob"
attack = "{t2}"
[[action]]
player = "Alice"
attack = "{t3}"
[[action]]
player = "Bob"
attack = "{t4}"
[[action]]
player = "Alice"
attack = "{t5}"
"#
    )
}

fn with_halls(text: String) -> String {
    text.replacen(
        "[[action]]",
        "[[permanent]]\ncard = \"Halls Test\"\ncontroller = \"Bob\"\n[[action]]",
        1,
    )
}

#[test]
fn a_creature_that_attacked_during_your_last_turn_cant_attack() {
    // Turtle Test attacked in turn 1, Alice's last turn as turn 3 begins: it can't attack
    // (500.2); Hill Giant, which didn't, can.
    let e = run_scenario(&scenario(&history([
        "Turtle Test",
        "",
        "Turtle Test",
        "",
        "",
    ])))
    .unwrap_err();
    assert_eq!((e.turn, e.step), (3, Step::DeclareAttackers), "{e}");
    assert!(e.message.contains("last turn"), "{e}");
    // Resting in turn 3, it attacks again in turn 5; Bob's turn in between is no "your last
    // turn" of Alice's.
    let (game, _) = run_scenario(&scenario(&history([
        "Turtle Test",
        "",
        "Hill Giant",
        "",
        "Turtle Test",
    ])))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").expect("bob").life,
        13,
        "{:?}",
        log(&game)
    );
}

#[test]
fn creatures_that_attacked_during_their_controllers_last_turn_cant_attack() {
    // Halls of Mist's description is read for each creature with its own controller's turns.
    let e = run_scenario(&scenario(&with_halls(history([
        "Hill Giant",
        "Grizzly Bears",
        "Hill Giant",
        "",
        "",
    ]))))
    .unwrap_err();
    assert_eq!((e.turn, e.step), (3, Step::DeclareAttackers), "{e}");
    let e = run_scenario(&scenario(&with_halls(history([
        "Hill Giant",
        "Grizzly Bears",
        "Turtle Test",
        "Grizzly Bears",
        "",
    ]))))
    .unwrap_err();
    assert_eq!((e.turn, e.step), (4, Step::DeclareAttackers), "{e}");
    let (game, _) = run_scenario(&scenario(&with_halls(history([
        "Hill Giant",
        "Grizzly Bears",
        "Turtle Test",
        "",
        "Hill Giant",
    ]))))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        game.attacked_last_turn.values().any(|ids| !ids.is_empty()),
        "{:?}",
        log(&game)
    );
}

/// Alice, with Bontu the Glorified's "~ can't attack or block unless a creature died under your
/// control this turn.", Shocks `shock` in her precombat main phase and attacks with Bontu.
fn bontu(shock: &str) -> String {
    format!(
        r#"
[[card]]
name = "Bontu Test"
cost = "{{2}}{{B}}"
type = "Legendary Creature — God"
pt = "4/6"
text = "Bontu Test can't attack or block unless a creature died under your control this turn."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Shock"]
[[player]]
name = "Bob"
[[permanent]]
card = "Bontu Test"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Raging Goblin"
controller = "Alice"
label = "Alice's Goblin"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
label = "Bob's Goblin"
[[action]]
player = "Alice"
cast = "Shock"
targets = ["{shock}"]
[[action]]
player = "Alice"
attack = "Bontu Test"
[[action]]
player = "Bob"
block = ""
"#
    )
}

#[test]
fn a_condition_on_a_creature_that_died_under_your_control_this_turn() {
    // The record of this turn: Bob's Goblin dying doesn't count for Alice (its controller as
    // it last existed in play was Bob).
    let e = run_scenario(&scenario(&bontu("Bob's Goblin"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    assert!(e.message.contains("died"), "{e}");
    let (game, _) =
        run_scenario(&scenario(&bontu("Alice's Goblin"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").expect("bob").life,
        16,
        "{:?}",
        log(&game)
    );
}
