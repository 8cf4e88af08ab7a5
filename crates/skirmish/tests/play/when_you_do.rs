//! "When you do, <instruction>" after an optional instruction: a reflexive triggered ability
//! (current 603.12; read the same way under the February 2009 rules, which have no rule for a
//! wording printed from 2017). It triggers only if the option is taken (413.2c: an
//! impossible one can't be), and its target is chosen as it goes on the stack (410.4).

use crate::common;

use common::{log, logged, play};

const STALKER: &str = "Whenever Sample Stalker attacks, you may sacrifice another creature. When you do, target creature gets -2/-2 until end of turn.";

/// Alice attacks with Sample Stalker (a 3/3 with `text`), with `others` (creature cards) on
/// her side; Bob has Grizzly Bears. `answers` are Alice's answers for the Stalker, in order.
fn stalker(text: &str, others: &[&str], answers: &[&str], expect: &str) -> String {
    let others: String = others
        .iter()
        .map(|c| format!("[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\n"))
        .collect();
    let answers: String = answers
        .iter()
        .map(|a| format!("[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Stalker: {a}\"\n"))
        .collect();
    format!(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Sample Stalker"
cost = "{{2}}{{B}}"
type = "Creature — Horror"
pt = "3/3"
text = "{text}"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Stalker"
controller = "Alice"
{others}[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Sample Stalker"
{answers}[expect]
{expect}
"#
    )
}

#[test]
fn the_reflexive_ability_triggers_when_the_option_is_taken_and_targets_then() {
    let game = play(&stalker(
        STALKER,
        &["Llanowar Elves"],
        &["Sample Stalker", "Llanowar Elves", "Grizzly Bears"],
        "graveyard = { Alice = [\"Llanowar Elves\"], Bob = [\"Grizzly Bears\"] }",
    ));
    assert!(
        logged(&game, "[current 603.12] Sample Stalker's reflexive ability"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn declined_or_impossible_the_reflexive_ability_never_triggers() {
    let game = play(&stalker(
        STALKER,
        &["Llanowar Elves"],
        &["nothing"],
        "in_play = [\"Llanowar Elves\", \"Grizzly Bears\"]",
    ));
    assert!(!logged(&game, "[current 603.12]"), "{:?}", log(&game));
    // 413.2c: with no other creature, sacrificing one is impossible, so the option can't be
    // taken and nothing triggers.
    let game = play(&stalker(
        STALKER,
        &[],
        &[],
        "in_play = [\"Sample Stalker\", \"Grizzly Bears\"]",
    ));
    assert!(
        logged(&game, "[413.2c] Alice can't choose to"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "[current 603.12]"), "{:?}", log(&game));
}

#[test]
fn after_a_payment_the_reflexive_ability_follows_the_payment() {
    let text = "Whenever Sample Stalker attacks, you may pay {1}. When you do, target creature gets -2/-2 until end of turn.";
    play(&stalker(
        text,
        &["Wastes"],
        &["Sample Stalker", "Grizzly Bears"],
        "graveyard = { Bob = [\"Grizzly Bears\"] }",
    ));
    // Without mana nothing is paid and nothing triggers.
    let game = play(&stalker(text, &[], &[], "in_play = [\"Grizzly Bears\"]"));
    assert!(!logged(&game, "[current 603.12]"), "{:?}", log(&game));
}

/// Skyrider Patrol's reflexive ability joins two instructions with ", and": "that creature" is
/// the target of the first (one target for both, 409.1c), chosen as the reflexive ability goes
/// on the stack.
#[test]
fn instructions_joined_by_comma_and_share_the_target() {
    let text = "Whenever Sample Stalker attacks, you may pay {1}. When you do, put a +1/+1 counter on another target creature you control, and that creature gains flying until end of turn.";
    let game = play(&stalker(
        text,
        &["Wastes", "Llanowar Elves"],
        &["Sample Stalker", "Llanowar Elves"],
        "pt = { \"Llanowar Elves\" = \"2/2\" }",
    ));
    let elves = game
        .in_play()
        .find(|o| o.label == "Llanowar Elves")
        .expect("Llanowar Elves in play");
    assert!(
        game.has_keyword(elves.id, &skirmish::ability::Keyword::Flying),
        "{:?}",
        log(&game)
    );
}
