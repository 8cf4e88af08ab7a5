//! Conditions about who controls what, said of any player ("as long as a player controls a
//! white permanent") or of no opponent ("as long as no opponent controls a white or blue
//! creature"): read whenever the static ability applies (418.5a).

use crate::common;

use common::{play, scenario};
use skirmish::engine::run_scenario;

/// A summoning-sick Kavu Runner of Alice's attacks; `bob` and `alice` are their other
/// permanents.
fn runner_attacks(alice: &str, bob: &str) -> String {
    let permanent = |card: &str, who: &str| {
        if card.is_empty() {
            String::new()
        } else {
            format!("[[permanent]]\ncard = \"{card}\"\ncontroller = \"{who}\"\n")
        }
    };
    format!(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Kavu Runner"
controller = "Alice"
summoning_sick = true
{}{}[[action]]
player = "Alice"
attack = "Kavu Runner"
"#,
        permanent(alice, "Alice"),
        permanent(bob, "Bob")
    )
}

/// 212.3f, 502.5: with no white or blue creature among Bob's, the Runner has haste and
/// attacks the turn it came; Alice's own white creature doesn't matter ("no opponent").
#[test]
fn no_opponent_controls_means_none_of_the_opponents() {
    play(&runner_attacks("", "Grizzly Bears"));
    play(&runner_attacks("Savannah Lions", "Hill Giant"));
}

/// 212.3f: Bob's blue Wind Drake (an opponent's blue creature) takes the haste away.
#[test]
fn an_opponents_blue_creature_takes_haste_away() {
    let e = run_scenario(&scenario(&runner_attacks("", "Wind Drake"))).expect_err("no haste");
    assert_eq!(e.rule.as_deref(), Some("212.3f"), "{e}");
}
