//! Rule-500 lines of player designations, random choices, modal triggers, extra turns, chosen
//! colors and Auras that enchant players, played through the engine.

mod common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice, in her precombat main phase with Riverfall Mimic and enough lands, casts `spell`
/// (its cost `cost`), then attacks with the Mimic; Bob tries to block it with Grizzly Bears.
fn mimic(cost: &str) -> String {
    format!(
        r#"
[[card]]
name = "Riverfall Mimic"
cost = "{{1}}{{U/R}}"
type = "Creature — Shapeshifter"
pt = "2/1"
text = "Whenever you cast a spell that's both blue and red, Riverfall Mimic has base power and toughness 3/3 until end of turn and can't be blocked this turn."

[[card]]
name = "Test Bolt"
cost = "{cost}"
type = "Instant"
text = "You gain 1 life."

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Test Bolt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Riverfall Mimic"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Test Bolt"
[[action]]
player = "Alice"
attack = "Riverfall Mimic"
[[action]]
player = "Bob"
block = "Grizzly Bears=Riverfall Mimic"
"#
    )
}

#[test]
fn riverfall_mimic_answers_a_spell_that_is_both_blue_and_red() {
    // A blue and red spell: the Mimic is a 3/3 that can't be blocked this turn.
    let e = run_scenario(&scenario(&mimic("{U}{R}"))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // A blue spell only: no trigger; the Bears block a 2/1 and it dies.
    let game = play(&mimic("{U}{1}"));
    assert!(
        logged(&game, "Grizzly Bears blocks Riverfall Mimic"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "base power and toughness"), "{:?}", log(&game));
}

#[test]
fn riverfall_mimic_has_base_power_and_toughness_three() {
    // Unblocked, the 3/3 deals 3 to Bob.
    let text = mimic("{U}{R}").replace(
        "[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Riverfall Mimic\"\n",
        "[expect]\nlife = { Bob = 17 }\n",
    );
    let game = play(&text);
    assert!(
        logged(&game, "has base power and toughness 3/3"),
        "{:?}",
        log(&game)
    );
}
