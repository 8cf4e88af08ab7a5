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
