//! "gains your choice of vigilance, lifelink, or haste", "loses your choice of flying, first
//! strike, or trample" (413.2c): the controller names one of the keywords as the ability
//! resolves, then it is an ordinary gain or loss for the duration (402.9).

use crate::common;

use common::{log, play, scenario};

/// 413.2c, 402.9, 502.5: Butcher of the Horde, come under Alice's control this turn, can't
/// attack; sacrificing the Bears and naming haste, it can.
#[test]
fn butcher_of_the_horde_gains_the_keyword_named() {
    let text = |answer: &str| {
        format!(
            r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Butcher of the Horde"
controller = "Alice"
summoning_sick = true
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Butcher of the Horde"
pay = ["Grizzly Bears"]
[[action]]
player = "Alice"
choose = "Butcher of the Horde: {answer}"
[[action]]
player = "Alice"
attack = "Butcher of the Horde"
step = "declare-attackers"
"#
        )
    };
    let game = play(&text("haste"));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[413.2c]") && l.contains("Alice chooses haste")),
        "{:?}",
        log(&game)
    );
    // Lifelink doesn't let it attack: 212.3f (summoning sickness) refuses the attack.
    let e = skirmish::engine::run_scenario(&scenario(&text("lifelink"))).unwrap_err();
    assert!(e.rule.is_some(), "{e}");
    // Only the keywords listed can be named.
    let e = skirmish::engine::run_scenario(&scenario(&text("flying"))).unwrap_err();
    assert!(e.message.contains("flying"), "{e}");
}

/// 413.2c, 502.4: Walking Sponge takes the named keyword away: Wind Drake loses flying and
/// Grizzly Bears can block it; naming trample leaves it flying.
#[test]
fn walking_sponge_takes_away_the_keyword_named() {
    let text = |answer: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Wind Drake"
controller = "Alice"
[[permanent]]
card = "Walking Sponge"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Wind Drake"
[[action]]
player = "Bob"
activate = "Walking Sponge"
targets = ["Wind Drake"]
[[action]]
player = "Bob"
choose = "Walking Sponge: {answer}"
[[action]]
player = "Bob"
block = "Grizzly Bears=Wind Drake"
"#
        )
    };
    play(&text("flying"));
    let e = skirmish::engine::run_scenario(&scenario(&text("trample"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.4b"), "{e}");
}
