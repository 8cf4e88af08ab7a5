//! Cards removed from the game with a permanent: "exile target creature an opponent controls
//! until ~ leaves the battlefield" (current 610.3: the card comes back under its owner's
//! control as soon as the permanent has left play, and nothing is removed if it left first)
//! and the linked "When ~ leaves the battlefield, return the exiled card to the battlefield
//! under its owner's control." (2009 407.2a).

use crate::common;

use common::{lands, log, logged, play};
use skirmish::model::{Game, PlayerId, Zone};

const PRIEST: &str = "When Sample Warden enters the battlefield, exile target creature an opponent controls until Sample Warden leaves the battlefield.";
const JOURNEY: &str = "When Sample Warden enters the battlefield, exile target creature.\nWhen Sample Warden leaves the battlefield, return the exiled card to the battlefield under its owner's control.";
const JOURNEY_2009: &str = "When Sample Warden comes into play, remove target creature from the game.\nWhen Sample Warden leaves play, return the removed card to play under its owner's control.";

/// Alice casts Sample Warden (a 2/2 with haste and `text`) and aims its trigger at Bob's Craw Wurm;
/// then `then` (script lines).
fn warden(text: &str, then: &str) -> Game {
    play(&format!(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Warden"
cost = "{{1}}{{W}}"
type = "Creature — Human Cleric"
pt = "2/2"
text = """Haste
{text}"""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Warden"]
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{plains}{mountain}[[action]]
player = "Alice"
cast = "Sample Warden"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Alice"
choose = "Sample Warden: Craw Wurm"
{then}"#,
        plains = lands("Plains", "Alice", 2),
        mountain = lands("Mountain", "Bob", 1),
    ))
}

fn wurm(game: &Game) -> &skirmish::model::Object {
    game.object_labelled("Craw Wurm")
        .unwrap_or_else(|| panic!("no Craw Wurm: {:?}", log(game)))
}

/// The Warden attacks and Bob's Hill Giant blocks and kills it.
const WARDEN_DIES: &str = r#"[[action]]
player = "Alice"
step = "declare-attackers"
attack = "Sample Warden"
[[action]]
player = "Bob"
block = "Hill Giant=Sample Warden"
"#;

#[test]
fn the_card_comes_back_under_its_owners_control_when_the_remover_leaves_play() {
    let game = warden(PRIEST, "");
    assert_eq!(wurm(&game).zone, Zone::RemovedFromGame, "{:?}", log(&game));
    assert!(
        logged(
            &game,
            "[current 610.3] Craw Wurm is removed from the game until its remover leaves play"
        ),
        "{:?}",
        log(&game)
    );
    let game = warden(PRIEST, WARDEN_DIES);
    assert_eq!(wurm(&game).zone, Zone::InPlay, "{:?}", log(&game));
    assert_eq!(wurm(&game).controller, PlayerId(1));
    assert!(
        logged(&game, "[current 610.3] Sample Warden has left play"),
        "{:?}",
        log(&game)
    );
    assert!(logged(
        &game,
        "[current 610.3] Craw Wurm returns to play under its owner's control"
    ));
}

/// 610.3b: the Warden is gone before its ability resolves, so the Wurm is never removed.
#[test]
fn nothing_is_removed_if_the_remover_has_already_left_play() {
    let bolt = r#"[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["Sample Warden"]
"#;
    let game = warden(PRIEST, bolt);
    assert_eq!(wurm(&game).zone, Zone::InPlay, "{:?}", log(&game));
    assert!(
        logged(
            &game,
            "[current 610.3] Sample Warden has already left play, so nothing is removed from the game until it leaves"
        ),
        "{:?}",
        log(&game)
    );
}

/// 407.2a: the leaves-play ability returns the card the other ability removed, in either
/// edition's wording.
#[test]
fn the_linked_ability_returns_the_exiled_card() {
    for text in [JOURNEY, JOURNEY_2009] {
        let game = warden(text, "");
        assert_eq!(wurm(&game).zone, Zone::RemovedFromGame, "{:?}", log(&game));
        let game = warden(text, WARDEN_DIES);
        assert_eq!(wurm(&game).zone, Zone::InPlay, "{:?}", log(&game));
        assert_eq!(wurm(&game).controller, PlayerId(1));
        assert!(
            logged(
                &game,
                "[407.2a] Craw Wurm returns to play under its owner's control"
            ),
            "{:?}",
            log(&game)
        );
    }
}
