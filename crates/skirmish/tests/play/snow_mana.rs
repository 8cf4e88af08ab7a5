//! Snow mana (104.3i): `{S}` in a cost takes one mana of any type that a snow permanent made
//! (205.4e); every other symbol takes any mana, and leaves snow mana to `{S}` when it can.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice's board: `creature` and the lands named ("Land 0", "Land 1", ...), each untapped;
/// then `actions`.
fn board(creature: &str, lands: &[&str], actions: &str) -> String {
    let lands: String = lands
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!("[[permanent]]\ncard = \"{l}\"\ncontroller = \"Alice\"\nlabel = \"Land {i}\"\n")
        })
        .collect();
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{creature}"
controller = "Alice"
{lands}{actions}"#
    )
}

fn centaur_with(lands: &[&str], actions: &str) -> String {
    board("Boreal Centaur", lands, actions)
}

/// 104.3i: the Centaur's {S} is paid by the Snow-Covered Forest, not the Forest listed before
/// it, and the log says so.
#[test]
fn snow_symbol_is_paid_by_a_snow_land() {
    let game = play(&centaur_with(
        &["Forest", "Snow-Covered Forest"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Boreal Centaur\"\n\
         [[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n\
         [expect]\npt = { \"Boreal Centaur\" = \"3/3\" }\n",
    ));
    assert!(
        logged(
            &game,
            "[104.3i] {S} is paid with {G} made by a snow permanent"
        ),
        "{:?}",
        log(&game)
    );
    let snow = game
        .in_play()
        .find(|o| o.label == "Land 1")
        .expect("the snow land");
    let plain = game
        .in_play()
        .find(|o| o.label == "Land 0")
        .expect("the Forest");
    assert!(snow.tapped() && !plain.tapped());
}

/// 104.3i: a Forest that isn't snow can't pay {S}; the refusal names the rule.
#[test]
fn mana_that_isnt_snow_cant_pay_the_snow_symbol() {
    let text = centaur_with(
        &["Forest", "Forest"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Boreal Centaur\"\n",
    );
    let e = run_scenario(&scenario(&text)).expect_err("no snow mana");
    assert_eq!(e.rule.as_deref(), Some("104.3i"), "{e}");
    assert!(e.message.contains("snow permanent"), "{e}");
}

/// 104.3i: snow mana pays other symbols too; with one snow land and one Forest, {2}{S} can't
/// be paid (two mana), but {S} and a colored symbol can, the Forest paying the color.
#[test]
fn snow_mana_pays_any_symbol_and_is_kept_for_the_snow_one() {
    let text = |lands: &[&str]| {
        board(
            "Ohran Yeti",
            lands,
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Ohran Yeti\"\ntargets = [\"Ohran Yeti\"]\n\
             [[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n",
        )
    };
    let e = run_scenario(&scenario(&text(&["Snow-Covered Forest", "Forest"]))).expect_err("{2}{S}");
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
    // Three lands, one snow: the snow one pays {S}, whatever order they come in.
    for lands in [
        ["Snow-Covered Forest", "Forest", "Forest"],
        ["Forest", "Forest", "Snow-Covered Forest"],
    ] {
        let (game, _) = run_scenario(&scenario(&text(&lands))).unwrap_or_else(|e| panic!("{e}"));
        assert!(logged(&game, "[104.3i]"), "{:?}", log(&game));
        assert!(
            logged(&game, "Ohran Yeti gains first strike"),
            "{:?}",
            log(&game)
        );
    }
}
