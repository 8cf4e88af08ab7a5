//! Counters put on a permanent as an event (current 122.6; counters are 2009 200.10):
//! "Whenever a +1/+1 counter is put on ~" triggers once for each counter, "Whenever one or
//! more +1/+1 counters are put on <permanent>" once for each time, and a permanent that comes
//! into play with counters has had them put on it.

use crate::common;

use common::{BOTH_PASS, lands, log, play};

const CARDS: &str = r#"[[card]]
name = "Double Growth"
cost = "{G}"
type = "Sorcery"
text = "Put two +1/+1 counters on target creature."
[[card]]
name = "Laden Bear"
cost = "{G}"
type = "Creature — Bear"
pt = "2/2"
text = "Laden Bear enters the battlefield with two +1/+1 counters on it."
"#;

/// Alice's main phase with Fathom Mage, Enduring Scalelord, a library of four cards, `hand`
/// and Forests; then `actions`.
fn board(hand: &str, forests: usize, actions: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
{CARDS}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{hand}]
library = ["Island", "Island", "Island", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Fathom Mage"
controller = "Alice"
[[permanent]]
card = "Enduring Scalelord"
controller = "Alice"
{lands}{actions}"#,
        lands = lands("Forest", "Alice", forests)
    )
}

#[test]
fn each_counter_triggers_once_and_one_or_more_once_for_the_event() {
    // Two counters on Fathom Mage: two draws; Enduring Scalelord gets one counter (one event
    // on another creature), and its own counter triggers neither (not "another", not the Mage).
    let actions = format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Double Growth\"\ntargets = [\"Fathom Mage\"]\n{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}"
    );
    let game = play(
        &(board("\"Double Growth\"", 1, &actions)
            + "[expect]\ncounters = { \"Fathom Mage\" = { \"+1/+1\" = 2 }, \"Enduring Scalelord\" = { \"+1/+1\" = 1 } }\n"),
    );
    let alice = game.player_named("Alice").unwrap();
    assert_eq!(alice.hand.len(), 2, "{:?}", log(&game));
    assert_eq!(alice.library.len(), 2);
}

#[test]
fn a_permanent_that_comes_into_play_with_counters_has_had_them_put_on_it() {
    // Laden Bear comes into play with two counters (122.6): the Scalelord's trigger, once.
    // As a 4/4 it also makes Fathom Mage evolve (current 702.100a), whose counter draws a
    // card and is a second event on another creature for the Scalelord.
    let actions = format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Laden Bear\"\n{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}"
    );
    let game = play(
        &(board("\"Laden Bear\"", 1, &actions)
            + "[expect]\ncounters = { \"Laden Bear\" = { \"+1/+1\" = 2 }, \"Fathom Mage\" = { \"+1/+1\" = 1 }, \"Enduring Scalelord\" = { \"+1/+1\" = 2 } }\n"),
    );
    assert_eq!(
        game.player_named("Alice").unwrap().hand.len(),
        1,
        "{:?}",
        log(&game)
    );
    let entering = log(&game)
        .iter()
        .position(|l| l.contains("Laden Bear moves from stack to in play"))
        .unwrap();
    let scalelord = log(&game)
        .iter()
        .position(|l| l.contains("Enduring Scalelord's ability") && l.contains("triggers"))
        .unwrap();
    let evolved = log(&game)
        .iter()
        .position(|l| l.contains("Fathom Mage evolves"))
        .unwrap();
    assert!(
        entering < scalelord && scalelord < evolved,
        "{:?}",
        log(&game)
    );
}

#[test]
fn evolve_puts_a_counter_that_the_mage_sees() {
    // Grizzly Bears (2/2) comes into play under Alice's control: Fathom Mage (1/1) evolves
    // (current 702.100a), the counter draws a card, and the Scalelord sees a counter put on another
    // creature.
    let actions = format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Grizzly Bears\"\n{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}{BOTH_PASS}"
    );
    let game = play(
        &(board("\"Grizzly Bears\"", 2, &actions)
            + "[expect]\ncounters = { \"Fathom Mage\" = { \"+1/+1\" = 1 }, \"Enduring Scalelord\" = { \"+1/+1\" = 1 } }\n"),
    );
    assert_eq!(
        game.player_named("Alice").unwrap().hand.len(),
        1,
        "{:?}",
        log(&game)
    );
}
