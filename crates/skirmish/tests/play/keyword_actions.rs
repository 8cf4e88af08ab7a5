//! Keyword actions printed after 2009, the same under both editions: surveil (current
//! 701.25: look at the top N cards, any of them into the graveyard, the rest back on top;
//! "whenever you surveil" once it is done, never for surveil 0 or an empty library) and
//! bolster (current 701.39: N +1/+1 counters on a creature its controller controls with the
//! least toughness, chosen among those tied; not a target).

use crate::common;

use common::{lands, log, logged, play};

fn sprite(library: &str, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = [{library}]
[[player]]
name = "Bob"
[[permanent]]
card = "Nightveil Sprite"
controller = "Alice"
[[permanent]]
card = "Dimir Spybug"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Nightveil Sprite"
{answer}[expect]
{expect}"#
    )
}

#[test]
fn surveil_puts_the_cards_chosen_into_the_graveyard_and_triggers() {
    let game = play(&sprite(
        "\"Island\", \"Forest\"",
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Nightveil Sprite: Island\"\n",
        "graveyard = { Alice = [\"Island\"] }\ncounters = { \"Dimir Spybug\" = { \"+1/+1\" = 1 } }\n",
    ));
    assert!(
        logged(
            &game,
            "[701.25a] Alice surveils 1: 1 into the graveyard, 0 on top"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_card_kept_on_top_is_still_a_surveil() {
    // Unanswered, the card stays on top; the spybug triggers all the same (701.25d).
    play(&sprite(
        "\"Island\", \"Forest\"",
        "",
        "graveyard = { Alice = [] }\ncounters = { \"Dimir Spybug\" = { \"+1/+1\" = 1 } }\n",
    ));
}

#[test]
fn surveilling_an_empty_library_is_no_surveil() {
    // 701.25c: no card looked at, no surveil event: the spybug has no counter.
    let game = play(&sprite("", "", "pt = { \"Dimir Spybug\" = \"1/1\" }\n"));
    assert!(
        !log(&game)
            .iter()
            .any(|l| l.contains("whenever you surveil") && l.contains("triggers")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn surveil_on_a_spell() {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Unexplained Disappearance"]
library = ["Swamp"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{islands}[[action]]
player = "Alice"
cast = "Unexplained Disappearance"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
choose = "Unexplained Disappearance: Swamp"
[expect]
hand = {{ Bob = ["Grizzly Bears"] }}
graveyard = {{ Alice = ["Unexplained Disappearance", "Swamp"] }}
"#,
        islands = lands("Island", "Alice", 2)
    ));
}

#[test]
fn bolster_counters_go_on_the_creature_with_the_least_toughness() {
    // Dromoka Captain (1/1) is Alice's creature with the least toughness: its own counter.
    play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Dromoka Captain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Dromoka Captain"
[expect]
pt = { "Dromoka Captain" = "2/2", "Grizzly Bears" = "2/2" }
"#,
    );
}

#[test]
fn bolster_among_tied_creatures_is_its_controllers_choice() {
    let text = |answer: &str, expect: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Cached Defenses"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Eager Cadet"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{forests}[[action]]
player = "Alice"
cast = "Cached Defenses"
{answer}[expect]
{expect}"#,
            forests = lands("Forest", "Alice", 3)
        )
    };
    play(&text(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Cached Defenses: Eager Cadet\"\n",
        "pt = { \"Eager Cadet\" = \"4/4\", \"Llanowar Elves\" = \"1/1\", \"Grizzly Bears\" = \"2/2\" }\n",
    ));
    // A creature that isn't tied for the least toughness is no answer.
    let s = common::scenario(&text(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Cached Defenses: Grizzly Bears\"\n",
        "",
    ));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("the bears aren't tied for the least toughness");
    };
    assert_eq!(e.rule.as_deref(), Some("701.39a"), "{e}");
}

#[test]
fn bolster_x_counts_as_it_resolves_and_nothing_without_a_creature() {
    // Dragonscale General at Alice's end step: two tapped creatures, bolster 2 on the bears
    // (toughness 2 against the general's 3).
    play(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "postcombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Dragonscale General"
controller = "Alice"
tapped = true
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
tapped = true
[expect]
pt = { "Grizzly Bears" = "4/4", "Dragonscale General" = "2/3" }
"#,
    );
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Cached Defenses"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
{forests}[[action]]
player = "Alice"
cast = "Cached Defenses"
[expect]
pt = {{ "Llanowar Elves" = "1/1" }}
"#,
        forests = lands("Forest", "Alice", 3)
    ));
    assert!(
        logged(&game, "[701.39a] Alice controls no creature"),
        "{:?}",
        log(&game)
    );
}
