//! Instructions that give a creature combat rules for a while (500.1): played during a turn,
//! their restrictions and requirements bind the declarations that follow, and a declaration
//! that breaks them is refused with the rule.

use crate::common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::model::Step;

const RUNNER: &str = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Blockade Runner"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Blockade Runner"
"#;

#[test]
fn an_activated_cant_be_blocked_this_turn_binds_the_blocks() {
    let s = scenario(&format!(
        "{RUNNER}\n[[action]]\nplayer = \"Alice\"\nactivate = \"Blockade Runner\"\n\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Blockade Runner\"\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
    assert_eq!(e.step, Step::DeclareBlockers);
    assert!(e.message.contains("can't be blocked this turn"), "{e}");
}

#[test]
fn without_the_activation_the_block_is_legal() {
    let s = scenario(&format!(
        "{RUNNER}\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Blockade Runner\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|e| e.contains("Blockade Runner deals 2 damage to Grizzly Bears")),
        "{log:?}"
    );
}

#[test]
fn a_targeted_cant_block_this_turn_binds_the_target() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Jamuraan Lion"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
activate = "Jamuraan Lion"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert!(e.message.contains("Jamuraan Lion"), "{e}");
}

#[test]
fn a_targeted_attacks_this_turn_if_able_is_a_requirement() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 3"
[[permanent]]
card = "Heckling Fiends"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Bob"
activate = "Heckling Fiends"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
attack = ""
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers);
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("attacks"), "{e}");
}

const TARGETS: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
hand = ["Giant Growth"]
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Bob"
label = "Bob's Forest"
[[permanent]]
card = "Elvish Lookout"
controller = "Alice"
[[permanent]]
card = "Gladecover Scout"
controller = "Alice"
"#;

fn cast(player: &str, card: &str, target: &str) -> String {
    format!(
        "{TARGETS}\n[[action]]\nplayer = \"{player}\"\ncast = \"{card}\"\ntargets = [\"{target}\"]\n"
    )
}

#[test]
fn shroud_keeps_even_its_controller_from_targeting_it() {
    let e = run_scenario(&scenario(&cast("Alice", "Giant Growth", "Elvish Lookout"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("shroud"), "{e}");
}

#[test]
fn hexproof_keeps_only_opponents_from_targeting_it() {
    let (game, _) = run_scenario(&scenario(&cast(
        "Alice",
        "Giant Growth",
        "Gladecover Scout",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("Gladecover Scout gets +3/+3")),
        "{log:?}"
    );
    let e = run_scenario(&scenario(&cast(
        "Bob",
        "Giant Growth #2",
        "Gladecover Scout",
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
}

#[test]
fn a_comes_into_play_trigger_targets_and_restricts_the_blocks() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Fervent Cathar"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Fervent Cathar"
[[action]]
player = "Alice"
choose = "Fervent Cathar: Grizzly Bears"
[[action]]
player = "Alice"
attack = "Fervent Cathar"
[[action]]
player = "Bob"
block = "Grizzly Bears=Fervent Cathar"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert_eq!(e.step, Step::DeclareBlockers);
}

#[test]
fn an_attack_trigger_of_the_creature_itself() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Brazen Wolves"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Brazen Wolves"
[[action]]
player = "Bob"
block = ""
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("Brazen Wolves deals 4 damage to Bob")),
        "{log:?}"
    );
}

#[test]
fn a_targeted_trigger_chooses_among_legal_targets_only() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grotag Thrasher"
controller = "Alice"
[[permanent]]
card = "Elvish Lookout"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grotag Thrasher"
[[action]]
player = "Bob"
block = "Elvish Lookout=Grotag Thrasher"
"#,
    );
    // Elvish Lookout has shroud, so the trigger targets Grotag Thrasher itself (the first legal
    // candidate by default) and the Lookout may block.
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("Grotag Thrasher deals 3 damage to Elvish Lookout")),
        "{log:?}"
    );
}

#[test]
fn equip_is_played_only_as_a_sorcery() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Bonesplitter"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
activate = "Bonesplitter"
targets = ["Grizzly Bears"]
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.33a"), "{e}");
}
