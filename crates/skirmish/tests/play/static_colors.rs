//! A static ability that sets colors (418.5a layer 5): "is black" while its condition holds,
//! and only then; the colors it sets are the only ones the permanent has.

use crate::common;

use common::{BOTH_PASS, lands, play, scenario};
use skirmish::engine::run_scenario;

/// Alice's Possessed Aven, Terror in her hand and two Swamps, with `graveyard` in her
/// graveyard; then `actions`.
fn aven_board(graveyard: &str, actions: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
hand = ["Terror"]
[[player]]
name = "Bob"
[[permanent]]
card = "Possessed Aven"
controller = "Alice"
{swamps}{actions}"#,
        swamps = lands("Swamp", "Alice", 2)
    )
}

const TERROR: &str =
    "[[action]]\nplayer = \"Alice\"\ncast = \"Terror\"\ntargets = [\"Possessed Aven\"]\n";

/// 418.5a: with seven cards in Alice's graveyard (threshold) the blue Aven is black, so
/// Terror can't target it; it is 4/4 and still flies.
#[test]
fn with_threshold_the_aven_is_black_and_only_black() {
    let seven = ["\"Shock\""; 7].join(", ");
    let e = run_scenario(&scenario(&aven_board(&seven, TERROR))).expect_err("black");
    assert!(e.message.contains("nonblack"), "{e}");
    let game = play(&aven_board(
        &seven,
        "[expect]\npt = { \"Possessed Aven\" = \"4/4\" }\n",
    ));
    let aven = game
        .in_play()
        .find(|o| o.label == "Possessed Aven")
        .expect("the Aven");
    assert_eq!(aven.colors(), vec![skirmish::mana::Color::Black]);
}

/// Six cards: no threshold, the Aven is blue, and Terror destroys it.
#[test]
fn without_threshold_the_aven_is_blue() {
    let six = ["\"Shock\""; 6].join(", ");
    let game = play(&aven_board(&six, &format!("{TERROR}{BOTH_PASS}")));
    assert!(game.in_play().all(|o| o.label != "Possessed Aven"));
    assert!(common::logged(&game, "[501.4] Possessed Aven is destroyed"));
}

/// 418.5a: under Darkest Hour every creature is black, so Terror has no legal target among
/// them; the Hill Giant (red) is black and only black.
#[test]
fn darkest_hour_makes_every_creature_black() {
    let text = |darkest: bool| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Terror"]
[[player]]
name = "Bob"
{}[[permanent]]
card = "Hill Giant"
controller = "Bob"
{}[[action]]
player = "Alice"
cast = "Terror"
targets = ["Hill Giant"]
{BOTH_PASS}"#,
            if darkest {
                "[[permanent]]\ncard = \"Darkest Hour\"\ncontroller = \"Bob\"\n"
            } else {
                ""
            },
            lands("Swamp", "Alice", 2)
        )
    };
    let e = run_scenario(&scenario(&text(true))).expect_err("every creature is black");
    assert!(e.message.contains("nonblack"), "{e}");
    let game = play(&text(false));
    assert!(game.in_play().all(|o| o.label != "Hill Giant"));
}
