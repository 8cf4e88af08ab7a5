//! "~ enters the battlefield with two -1/-1 counters on it unless you've cast another red spell
//! this turn" (410.10e, 419.1b): counters as part of the event that puts it into play, unless
//! the condition holds; "another" is a spell other than the permanent itself. "... a +1/+1
//! counter on it for each A and a +1/+1 counter on it for each B": both counts.

use crate::common;

use common::{lands, play};

fn hothead(shock_first: bool, expect: &str) -> String {
    let mountains = lands("Mountain", "Alice", 5);
    let shock = if shock_first {
        "[[action]]\nplayer = \"Alice\"\ncast = \"Sample Shock\"\ntargets = [\"Bob\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
    } else {
        ""
    };
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Hothead"
cost = "{{3}}{{R}}"
type = "Creature — Giant Warrior"
pt = "4/4"
text = "Sample Hothead enters the battlefield with two -1/-1 counters on it unless you've cast another red spell this turn."
[[card]]
name = "Sample Shock"
cost = "{{R}}"
type = "Instant"
text = "Sample Shock deals 2 damage to target creature or player."
[[player]]
name = "Alice"
hand = ["Sample Hothead", "Sample Shock"]
[[player]]
name = "Bob"
{mountains}{shock}[[action]]
player = "Alice"
cast = "Sample Hothead"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
{expect}
"#
    )
}

#[test]
fn the_counters_come_unless_another_red_spell_was_cast() {
    // Its own casting isn't "another" red spell.
    play(&hothead(false, "pt = { \"Sample Hothead\" = \"2/2\" }"));
    play(&hothead(
        true,
        "pt = { \"Sample Hothead\" = \"4/4\" }\nlife = { Bob = 18 }",
    ));
}

#[test]
fn counters_for_each_of_two_counts_are_both_put() {
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Seed"
cost = "{R}{G}"
type = "Creature — Elemental"
pt = "0/0"
text = "Sample Seed enters the battlefield with a +1/+1 counter on it for each other red creature you control and a +1/+1 counter on it for each other green creature you control."
[[player]]
name = "Alice"
hand = ["Sample Seed"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Goblin Piker"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Sample Seed"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
pt = { "Sample Seed" = "3/3" }
"#,
    );
}

/// Revolt: "... if a permanent you controlled left the battlefield this turn", read from the
/// record of this turn as the permanent comes into play; an opponent's permanent leaving
/// doesn't count.
#[test]
fn revolt_counts_a_permanent_of_yours_that_left_this_turn() {
    let board = |target: &str, expect: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Aeronaut"
cost = "{{2}}{{B}}"
type = "Creature — Aetherborn Rogue"
pt = "2/2"
text = "Revolt — Sample Aeronaut enters the battlefield with a +1/+1 counter on it if a permanent you controlled left the battlefield this turn."
[[card]]
name = "Sample Shock"
cost = "{{R}}"
type = "Instant"
text = "Sample Shock deals 2 damage to target creature or player."
[[player]]
name = "Alice"
hand = ["Sample Aeronaut", "Sample Shock"]
[[player]]
name = "Bob"
{lands}[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
label = "Alice's Elves"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
label = "Bob's Elves"
[[action]]
player = "Alice"
cast = "Sample Shock"
targets = ["{target}"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Sample Aeronaut"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
{expect}
"#,
            lands = lands("Swamp", "Alice", 3) + &lands("Mountain", "Alice", 1),
        )
    };
    play(&board(
        "Alice's Elves",
        "pt = { \"Sample Aeronaut\" = \"3/3\" }",
    ));
    play(&board(
        "Bob's Elves",
        "pt = { \"Sample Aeronaut\" = \"2/2\" }",
    ));
}
