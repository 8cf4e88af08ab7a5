//! "When you cast ~" (2009: "When you play ~"): the card's own ability triggers from the stack
//! as it becomes cast (current 113.6k), under the caster's control, and resolves before the
//! spell.

use crate::common;

use common::{log, logged, play};

#[test]
fn the_spells_own_trigger_resolves_before_the_spell() {
    let game = play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Herald"
cost = "{1}{G}"
type = "Creature — Elf"
pt = "1/1"
text = "When you cast Sample Herald, creatures you control get +2/+2 until end of turn."
[[player]]
name = "Alice"
hand = ["Sample Herald"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Sample Herald"
[expect]
pt = { "Grizzly Bears" = "4/4", "Sample Herald" = "1/1" }
"#,
    );
    let events = log(&game);
    let trigger = events
        .iter()
        .position(|l| l.contains("[413.1] Sample Herald's ability \"when you cast this"))
        .unwrap_or_else(|| panic!("{events:?}"));
    let spell = events
        .iter()
        .rposition(|l| {
            l.contains("[413.1]") && l.contains("Sample Herald") && !l.contains("ability")
        })
        .unwrap_or_else(|| panic!("{events:?}"));
    assert!(trigger < spell, "{events:?}");
    assert!(logged(
        &game,
        "[410.3] Sample Herald's ability \"when you cast this"
    ));
}
