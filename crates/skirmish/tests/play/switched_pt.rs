//! "Switch target creature's power and toughness until end of turn." (418.5a layer 6e): after
//! effects that set or change power and toughness (6b), counters (6c) and static abilities
//! (6d), so a later "gets +2/+0" still raises the power before the switch; a 0-toughness
//! result is put into the graveyard (420.5c).

use crate::common;

use common::{lands, log, play};

fn inversion(extra_spell: bool, expect: &str) -> String {
    let mut t = String::from(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Turtle"
cost = "{1}{U}"
type = "Creature — Turtle"
pt = "1/4"
[[card]]
name = "Sample Might"
cost = "{R}"
type = "Instant"
text = "Target creature gets +2/+0 until end of turn."
[[player]]
name = "Alice"
hand = ["About Face", "Sample Might"]
[[player]]
name = "Bob"
"#,
    );
    t += &lands("Mountain", "Alice", 4);
    t += r#"[[permanent]]
card = "Sample Turtle"
controller = "Bob"
counters = { "+1/+1" = 1 }
[[action]]
player = "Alice"
cast = "About Face"
targets = ["Sample Turtle"]
"#;
    if extra_spell {
        t += "[[action]]\nplayer = \"Alice\"\ncast = \"Sample Might\"\ntargets = [\"Sample Turtle\"]\n";
    }
    t += "[expect]\n";
    t += expect;
    t
}

#[test]
fn the_switch_comes_after_counters_and_after_later_pumps() {
    // 1/4 and a +1/+1 counter: 2/5, switched 5/2.
    play(&inversion(false, "pt = { \"Sample Turtle\" = \"5/2\" }\n"));
    // +2/+0 afterwards is applied in 6b, before the switch: 3/4, 4/5 with the counter, 5/4.
    let game = play(&inversion(true, "pt = { \"Sample Turtle\" = \"5/4\" }\n"));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[418.5a]") && l.contains("switched")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_creature_switched_to_zero_toughness_dies() {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["About Face"]
[[player]]
name = "Bob"
{}[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Alice"
cast = "About Face"
targets = ["Wall of Wood"]
[expect]
graveyard = {{ Bob = ["Wall of Wood"], Alice = ["About Face"] }}
"#,
        lands("Mountain", "Alice", 3)
    ));
}
