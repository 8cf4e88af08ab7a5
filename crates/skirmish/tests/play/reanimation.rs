//! "Put target creature card from a graveyard onto the battlefield under your control."
//! (2009: "into play"): the card, a target in any graveyard (409.1c), comes into play as a new
//! object (217.1c) under the controller of the spell; an opponent's card stays its owner's.

use crate::common;

use common::{lands, log, logged, play, scenario};

fn hymn(target: &str, expect: &str) -> String {
    let (forests, plains) = (lands("Forest", "Alice", 2), lands("Plains", "Alice", 3));
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Hymn of Rebirth"]
graveyard = ["Grizzly Bears"]
[[player]]
name = "Bob"
graveyard = ["Hill Giant"]
{forests}{plains}[[action]]
player = "Alice"
cast = "Hymn of Rebirth"
targets = ["{target}"]
[expect]
{expect}
"#
    )
}

#[test]
fn a_card_from_an_opponents_graveyard_comes_into_play_under_the_casters_control() {
    let game = play(&hymn("Hill Giant", "in_play = [\"Hill Giant\"]\n"));
    let giant = game.object_labelled("Hill Giant").unwrap();
    assert_eq!(
        giant.controller,
        skirmish::model::PlayerId(0),
        "{:?}",
        log(&game)
    );
    assert_eq!(giant.owner, skirmish::model::PlayerId(1));
    assert!(logged(
        &game,
        "[217.1c] Hill Giant returns from the graveyard to play under Alice's control"
    ));
    // Her own graveyard is "a graveyard" too.
    play(&hymn("Grizzly Bears", "in_play = [\"Grizzly Bears\"]\n"));
}

#[test]
fn a_card_in_play_is_not_a_card_in_a_graveyard() {
    let text = hymn("Forest 1", "").replace(
        "targets = [\"Forest 1\"]",
        "targets = [\"Forest 1\"]\nrefused = \"409.1c\"",
    );
    let s = scenario(&text);
    let (game, _) = skirmish::engine::run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Hymn of Rebirth").unwrap().zone,
        skirmish::model::Zone::Hand
    );
}
