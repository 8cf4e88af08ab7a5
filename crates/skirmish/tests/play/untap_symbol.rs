//! The untap symbol {Q} in a cost (104.5, 212.3f); "~ gets ... and deals N damage to you" (the
//! object with the ability deals it); "if that player has N or fewer cards in hand" after a
//! trigger of each opponent's upkeep (410.8, that player being the active player, 303.2).

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice's Safehold Sentry, `state` its status keys, with three Plains; she activates it.
fn sentry(state: &str) -> String {
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
card = "Safehold Sentry"
controller = "Alice"
{state}
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains A"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains C"
[[action]]
player = "Alice"
activate = "Safehold Sentry"
"#
    )
}

#[test]
fn a_tapped_sentry_untaps_to_pay_and_grows() {
    let game = play(
        &(sentry("tapped = true")
            + "[expect]\nuntapped = [\"Safehold Sentry\"]\npt = { \"Safehold Sentry\" = \"2/4\" }\n"),
    );
    assert!(
        logged(&game, "[104.5] Safehold Sentry untaps"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn an_untapped_or_new_sentry_cant_pay_q() {
    let e = run_scenario(&scenario(&sentry(""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("104.5"), "{e}");
    let e = run_scenario(&scenario(&sentry("tapped = true\nsummoning_sick = true"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.3f"), "{e}");
}

#[test]
fn the_eel_grows_and_hurts_its_controller() {
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Electric Eel"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain A"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain B"
[[action]]
player = "Alice"
activate = "Electric Eel"
[expect]
pt = { "Electric Eel" = "3/1" }
life = { Alice = 19, Bob = 20 }
"#,
    );
}

#[test]
fn deals_damage_of_another_subject_is_refused() {
    let e = common::sample_card(
        "{R}",
        "Creature — Fish",
        Some("1/1"),
        "{R}: Target creature gets +2/+0 until end of turn and deals 1 damage to you.",
    )
    .unwrap_err();
    assert!(e.to_string().contains("deals the damage"), "{e}");
}

/// Bob's upkeep with his `hand`; Alice controls Hellfire Mongrel.
fn mongrel(hand: &str) -> String {
    format!(
        r#"stop_after = "upkeep"
[turn]
active = "Bob"
step = "upkeep"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = [{hand}]
[[permanent]]
card = "Hellfire Mongrel"
controller = "Alice"
"#
    )
}

#[test]
fn the_mongrel_burns_an_opponent_with_two_or_fewer_cards() {
    play(&(mongrel("\"Forest\", \"Island\"") + "[expect]\nlife = { Alice = 20, Bob = 18 }\n"));
    play(
        &(mongrel("\"Forest\", \"Island\", \"Swamp\"")
            + "[expect]\nlife = { Alice = 20, Bob = 20 }\n"),
    );
}

#[test]
fn that_player_with_no_trigger_naming_one_is_refused() {
    for text in [
        "Sample gets +2/+2 as long as that player has two or fewer cards in hand.",
        "Whenever Sample attacks, if that player has two or fewer cards in hand, draw a card.",
    ] {
        let e =
            common::sample_card("{2}{R}", "Creature — Hound", Some("2/2"), text).expect_err(text);
        assert!(e.to_string().contains("that player"), "{text}: {e}");
    }
}
