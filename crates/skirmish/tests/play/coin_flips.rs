//! Coin flips (511.1): "Flip a coin. If you win the flip, <instruction>. If you lose the flip,
//! <instruction>." The player flips and calls; each outcome's instruction is read like any
//! other sentence of the spell or ability (its targets chosen with the others, "that creature"
//! the one a trigger is about) and followed only if the flip came out so. Runs are
//! deterministic: the flip is the script's answer, won if unanswered.

use crate::common;

use common::{lands, log, logged, play};

/// Bob's Grizzly Bears attack Alice; her Doll (1/5, with `text`) blocks them; `answer` answers
/// the flip.
fn doll(text: &str, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Doll"
cost = "{{3}}"
type = "Artifact Creature — Construct"
pt = "1/5"
text = "{text}"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Doll"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
block = "Doll=Grizzly Bears"
{answer}[expect]
{expect}
"#
    )
}

const CREEPY: &str = "Whenever Doll deals combat damage to a creature, flip a coin. If you win the flip, destroy that creature.";

#[test]
fn a_won_flip_destroys_the_creature_the_trigger_is_about() {
    let game = play(&doll(
        CREEPY,
        "",
        "in_play = [\"Doll\"]\ngraveyard = { Bob = [\"Grizzly Bears\"] }",
    ));
    assert!(
        logged(
            &game,
            "[511.1] Alice flips a coin for Doll and wins the flip"
        ),
        "{:?}",
        log(&game)
    );
    // "that creature" is the Bears the Doll dealt damage to, not the Doll.
    assert!(game.object_labelled("Doll").is_some(), "{:?}", log(&game));
}

#[test]
fn a_lost_flip_leaves_the_creature_alone() {
    let lost = "[[action]]\nplayer = \"Alice\"\nchoose = \"Doll: lost\"\n";
    let game = play(&doll(
        CREEPY,
        lost,
        "in_play = [\"Doll\", \"Grizzly Bears\"]",
    ));
    assert!(
        logged(
            &game,
            "[511.1] Alice flips a coin for Doll and loses the flip"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn each_outcome_has_its_own_instruction() {
    let text = "Whenever Doll blocks, flip a coin. If you win the flip, you gain 3 life. If you lose the flip, you lose 2 life.";
    play(&doll(text, "", "life = { Alice = 23 }"));
    let lost = "[[action]]\nplayer = \"Alice\"\nchoose = \"Doll: lost\"\n";
    play(&doll(text, lost, "life = { Alice = 18 }"));
}

#[test]
fn an_optional_flip_decides_its_outcomes_only_if_taken() {
    let text = "Whenever Doll blocks, you may flip a coin. If you win the flip, you gain 3 life. If you lose the flip, you lose 2 life.";
    play(&doll(text, "", "life = { Alice = 23 }"));
    let declined = "[[action]]\nplayer = \"Alice\"\nchoose = \"Doll: nothing\"\n";
    let game = play(&doll(text, declined, "life = { Alice = 20 }"));
    assert!(!logged(&game, "flips a coin"), "{:?}", log(&game));
}

/// Alice casts `text` (an instant) targeting Bob's attacking Grizzly Bears; `answer` answers
/// the flip.
fn strike(text: &str, answer: &str, expect: &str) -> String {
    let mountains = lands("Mountain", "Alice", 1);
    format!(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Chancy Strike"
cost = "{{R}}"
type = "Instant"
text = "{text}"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Chancy Strike"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{mountains}[[action]]
player = "Bob"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
cast = "Chancy Strike"
targets = ["Grizzly Bears"]
{answer}[expect]
{expect}
"#
    )
}

#[test]
fn a_spells_outcome_may_have_the_target_chosen_as_it_was_cast() {
    let text = "Flip a coin. If you win the flip, target creature gets -2/-2 until end of turn.";
    let game = play(&strike(
        text,
        "",
        "graveyard = { Bob = [\"Grizzly Bears\"] }\nlife = { Alice = 20 }",
    ));
    assert!(
        logged(
            &game,
            "[511.1] Alice flips a coin for Chancy Strike and wins the flip"
        ),
        "{:?}",
        log(&game)
    );
    let lost = "[[action]]\nplayer = \"Alice\"\nchoose = \"Chancy Strike: lost\"\n";
    play(&strike(text, lost, "life = { Alice = 18 }"));
}

#[test]
fn an_outcome_without_a_flip_before_it_is_refused() {
    let text = "Target creature gets -2/-2 until end of turn. If you win the flip, draw a card.";
    let file = skirmish::diagnostics::SourceFile::new("flip.toml", strike(text, "", ""));
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    let message = e.to_string();
    assert!(
        message.contains("\"If you win the flip, draw a card.\" follows no \"flip a coin\""),
        "{message}"
    );
}

/// "that creature" in a later sentence of a trigger about another creature is that creature.
#[test]
fn that_creature_in_a_later_sentence_is_the_one_the_trigger_is_about() {
    let text = "Whenever Doll blocks a creature, you gain 1 life. That creature gets -2/-2 until end of turn.";
    play(&doll(
        text,
        "",
        "in_play = [\"Doll\"]\ngraveyard = { Bob = [\"Grizzly Bears\"] }\nlife = { Alice = 21 }",
    ));
}
