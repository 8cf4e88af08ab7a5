//! Mana symbols counted among mana costs: devotion (current 700.5) and chroma, and the Theros
//! gods' "As long as your devotion to red is less than five, ~ isn't a creature." (418.5a
//! layer 4): a permanent that isn't a creature can't attack (306.3).

use crate::common;

use common::{log, play};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

/// Alice controls Purphoros and `more` (cards by name), Bob a Hill Giant; Alice attacks with
/// `attack` in her declare attackers step.
fn board(cards: &str, more: &[&str], attack: &str) -> Result<Game, RunError> {
    let permanents: String = more
        .iter()
        .map(|c| format!("[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\n"))
        .collect();
    run_scenario(&common::scenario(&format!(
        r#"stop_after = "declare-attackers"
{cards}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Purphoros, God of the Forge"
controller = "Alice"
label = "Purphoros"
{permanents}[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
"#
    )))
    .map(|(game, _)| game)
}

const ZEALOT: &str = r#"[[card]]
name = "Sample Zealot"
cost = "{R}{R}{R}{R}"
type = "Creature — Human Shaman"
pt = "1/1"
"#;

const MIXED: &str = r#"[[card]]
name = "Sample Envoy"
cost = "{R/W}{R/W}{2}"
type = "Creature — Human Cleric"
pt = "2/2"
"#;

/// Devotion to red 1 (Purphoros's own {R}): Purphoros isn't a creature, so it can't attack
/// (306.3); with four more red symbols (5 in all) it is a 6/5 creature and attacks.
#[test]
fn a_god_is_a_creature_only_with_enough_devotion() {
    let e = board(ZEALOT, &[], "Purphoros").unwrap_err();
    assert!(e.message.contains("not a creature"), "{e:?}");
    let game = board(ZEALOT, &["Sample Zealot"], "Purphoros").unwrap_or_else(|e| panic!("{e:?}"));
    let god = game
        .in_play()
        .find(|o| o.card.name == "Purphoros, God of the Forge")
        .unwrap_or_else(|| panic!("{:?}", log(&game)));
    assert!(god.is_creature(), "{:?}", log(&game));
    assert!(
        game.combat
            .as_ref()
            .is_some_and(|c| c.attackers.contains_key(&god.id))
    );
}

/// 700.5a: a hybrid {R/W} counts once toward devotion to red: two such symbols and
/// Purphoros's {R} make 3, less than five.
#[test]
fn hybrid_symbols_count_once_and_generic_never() {
    let e = board(MIXED, &["Sample Envoy"], "Purphoros").unwrap_err();
    assert!(e.message.contains("not a creature"), "{e:?}");
    let both = board(
        &format!(
            "{MIXED}[[card]]\nname = \"Sample Envoy B\"\ncost = \"{{R/W}}{{R/W}}\"\ntype = \"Creature — Human Cleric\"\npt = \"1/1\"\n"
        ),
        &["Sample Envoy", "Sample Envoy B"],
        "Purphoros",
    );
    assert!(both.is_ok(), "1 + 2 + 2 = 5: {both:?}");
}

/// Chroma: Primalcrux's power and toughness are the green symbols among the mana costs of
/// its controller's permanents: its own six, and two more with a second {G}{G} creature.
#[test]
fn chroma_counts_the_green_symbols_of_permanents_you_control() {
    let game = play(
        r#"stop_after = "precombat-main"
[[card]]
name = "Sample Dryad"
cost = "{1}{G}{G}"
type = "Creature — Dryad"
pt = "1/1"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Primalcrux"
controller = "Alice"
[[permanent]]
card = "Sample Dryad"
controller = "Alice"
[[permanent]]
card = "Sample Dryad"
controller = "Bob"
label = "Bob's Dryad"
"#,
    );
    let crux = game
        .in_play()
        .find(|o| o.card.name == "Primalcrux")
        .unwrap_or_else(|| panic!("{:?}", log(&game)));
    assert_eq!(
        (game.power(crux.id), game.toughness(crux.id)),
        (Some(8), Some(8)),
        "{:?}",
        log(&game)
    );
}
