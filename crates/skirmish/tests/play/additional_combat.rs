//! "After this main phase, there is an additional combat phase followed by an additional main
//! phase." (300.7): the phases come directly after the phase the spell resolves in; creatures
//! attack again in the added combat (306.1), and "attacks each combat if able" applies there
//! too.

use crate::common;

use common::{lands, log, logged, play};

fn assault(step: &str, expect: &str) -> String {
    let mountains = lands("Mountain", "Alice", 4);
    format!(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Relentless Assault"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{mountains}[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
step = "{step}"
cast = "Relentless Assault"
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "Grizzly Bears"
[expect]
{expect}
"#
    )
}

#[test]
fn the_bears_attack_again_in_the_added_combat() {
    let game = play(&assault("postcombat-main", "life = { Bob = 16 }\n"));
    assert!(
        logged(
            &game,
            "[300.7] after this phase there will be an additional combat phase followed by an additional main phase"
        ),
        "{:?}",
        log(&game)
    );
    // Two combats, each with its declare attackers step.
    let declared = log(&game)
        .iter()
        .filter(|l| l.contains("declare attackers step begins"))
        .count();
    assert_eq!(declared, 2, "{:?}", log(&game));
}

#[test]
fn after_this_main_phase_adds_nothing_outside_a_main_phase() {
    let game = play(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Assault"
cost = "{R}"
type = "Instant"
text = "After this main phase, there is an additional combat phase followed by an additional main phase."
[[player]]
name = "Alice"
hand = ["Sample Assault"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
cast = "Sample Assault"
[expect]
life = { Bob = 18 }
"#,
    );
    assert!(
        logged(
            &game,
            "[300.7] it is the declare attackers step, not a main phase: \"after this main phase\" adds no phase"
        ),
        "{:?}",
        log(&game)
    );
    let declared = log(&game)
        .iter()
        .filter(|l| l.contains("declare attackers step begins"))
        .count();
    assert_eq!(declared, 1);
}
