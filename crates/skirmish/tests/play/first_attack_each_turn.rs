//! "Whenever ~ attacks for the first time each turn" (308.3): it triggers as the creature is
//! declared as an attacker the first time in a turn, not again in an additional combat phase
//! of the same turn (300.7).

use crate::common;

use common::{log, play};

#[test]
fn the_warleader_adds_one_combat_not_one_per_combat() {
    let game = play(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Warleader"
cost = "{2}{R}{R}{W}{W}"
type = "Creature — Angel"
pt = "3/4"
text = "Whenever Sample Warleader attacks for the first time each turn, untap all creatures you control. After this phase, there is an additional combat phase."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Warleader"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Warleader, Grizzly Bears"
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "Sample Warleader, Grizzly Bears"
[expect]
life = { Bob = 10 }
"#,
    );
    let declared = log(&game)
        .iter()
        .filter(|l| l.contains("declare attackers step begins"))
        .count();
    assert_eq!(declared, 2, "{:?}", log(&game));
    // Untapped by the first trigger, they could attack again; the second attack triggers
    // nothing more.
    let triggered = log(&game)
        .iter()
        .filter(|l| l.contains("[410.3] Sample Warleader's ability"))
        .count();
    assert_eq!(triggered, 1, "{:?}", log(&game));
}
