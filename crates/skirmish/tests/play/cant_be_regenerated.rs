//! "Target creature can't be regenerated this turn." (419.6b): a regeneration shield made
//! before it waits unused, and the creature is destroyed.

use crate::common;

use common::play;

/// Bob shields his River Boa; Alice, with `healer` actions, then bolts it.
fn boa(healer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Lightning Bolt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Orcish Healer"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain A"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain B"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain C"
[[permanent]]
card = "River Boa"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Bob"
[[action]]
player = "Bob"
activate = "River Boa"
{healer}
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["River Boa"]
{expect}"#
    )
}

#[test]
fn the_shielded_boa_is_destroyed_after_the_healer() {
    play(&boa(
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Orcish Healer\"\ntargets = [\"River Boa\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n",
        "[expect]\ngraveyard = { Bob = [\"River Boa\"] }\n",
    ));
}

#[test]
fn without_the_healer_the_boa_regenerates() {
    play(&boa(
        "",
        "[expect]\nin_play = [\"River Boa\"]\ntapped = [\"River Boa\"]\n",
    ));
}

#[test]
fn that_creature_cant_be_regenerated_under_a_condition_too() {
    let card = common::sample_card(
        "{2}{B}",
        "Creature — Wizard",
        Some("2/2"),
        "Kicker {2}{B}\nWhen Sample enters the battlefield, if it was kicked, destroy target nonblack creature. That creature can't be regenerated.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = format!("{:?}", card.abilities);
    assert!(text.contains("no_regeneration: true"), "{text}");
}

#[test]
fn two_target_creatures_each_get_the_bonus() {
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
card = "Twigwalker"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest A"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest B"
[[action]]
player = "Alice"
activate = "Twigwalker"
targets = ["Grizzly Bears", "Hill Giant"]
[expect]
pt = { "Grizzly Bears" = "4/4", "Hill Giant" = "5/5" }
graveyard = { Alice = ["Twigwalker"] }
"#,
    );
    let card = common::sample_card(
        "{2}{G}",
        "Creature — Insect",
        Some("2/4"),
        "{1}{G}, Sacrifice Sample: Two target creatures each get +2/+2 until end of turn.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = skirmish::view::describe(&card.abilities[0]);
    assert!(text.contains("2 target creatures each get +2/+2"), "{text}");
}
