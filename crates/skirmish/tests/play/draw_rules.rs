//! Drawing (423): the draw step's draw is logged with 304.1, an effect's with 423.1 (issue 12,
//! log accuracy); cards are drawn one at a time (423.2) and an attempt to draw from an empty
//! library is recorded once (423.4, 420.5g), so an absurd count costs nothing (issue 13).

use crate::common;

use common::{log, logged, play};

fn casting(card_text: &str, library: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"

[[card]]
name = "Test Draw"
cost = "{{U}}"
type = "Sorcery"
text = "{card_text}"

[[player]]
name = "Alice"
hand = ["Test Draw"]
library = [{library}]

[[player]]
name = "Bob"

[[permanent]]
card = "Island"
controller = "Alice"

[[action]]
player = "Alice"
cast = "Test Draw"

[expect]
{expect}
"#
    )
}

#[test]
fn an_effect_s_draw_is_logged_with_the_rule_for_drawing() {
    let game = play(&casting(
        "Draw two cards.",
        "\"Craw Wurm\", \"Forest\"",
        "hand = { Alice = [\"Craw Wurm\", \"Forest\"] }",
    ));
    assert!(
        logged(&game, "[423.1] Alice draws Craw Wurm"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "[304.1]"), "{:?}", log(&game));
}

#[test]
fn drawing_from_an_empty_library_is_recorded_once_however_many_cards() {
    let game = play(&casting(
        "Draw 1000000 cards.",
        "\"Craw Wurm\"",
        "hand = { Alice = [\"Craw Wurm\"] }",
    ));
    let empty = log(&game)
        .iter()
        .filter(|l| l.starts_with("[420.5g]") && l.contains("tries to draw"))
        .count();
    assert_eq!(empty, 1, "{:?}", log(&game));
    // 420.5g: the attempt makes Alice lose at the next check of state-based effects.
    assert!(logged(&game, "Alice loses"), "{:?}", log(&game));
}

#[test]
fn the_draw_step_s_draw_is_logged_with_304_1() {
    let game = play(
        r#"
[turn]
active = "Alice"
step = "upkeep"

[[player]]
name = "Alice"
library = ["Craw Wurm"]

[[player]]
name = "Bob"

[expect]
hand = { Alice = ["Craw Wurm"] }
"#,
    );
    assert!(
        logged(&game, "[304.1] Alice draws Craw Wurm"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn cards_equal_to_an_amount_are_counted_as_the_instruction_is_carried_out() {
    // One Island: one card, the top one.
    let game = play(&casting(
        "Draw cards equal to the number of Islands you control.",
        "\"Craw Wurm\", \"Forest\"",
        "hand = { Alice = [\"Craw Wurm\"] }",
    ));
    assert!(
        logged(&game, "[423.1] Alice draws Craw Wurm"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn you_may_gain_life_equal_to_its_toughness() {
    // "its" is the creature the trigger is about: the 2/3 Sample Monk gains its controller 3.
    play(
        r#"[[card]]
name = "Sample Monk"
cost = "{1}{W}"
type = "Creature — Human Monk"
pt = "2/3"
text = "Whenever Sample Monk attacks, you may gain life equal to its toughness."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Monk"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Monk"
[expect]
life = { Alice = 23, Bob = 18 }
"#,
    );
}
