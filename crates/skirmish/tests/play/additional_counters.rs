//! "Each other <description> you control enters the battlefield with an additional <N> <kind>
//! counter(s) on it" (419.1b, 410.10e): a replacement effect of a permanent in play on others
//! coming into play, its amount read from it.

use crate::common;

use common::{lands, logged, play};

/// 419.1b: with Oona's Blackguard in play, Relic Runner (a Rogue) comes into play with a +1/+1
/// counter; Grizzly Bears (not a Rogue) without.
#[test]
fn oonas_blackguard_gives_other_rogues_a_counter_as_they_come_into_play() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Relic Runner", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Oona's Blackguard"
controller = "Alice"
{islands}{forests}[[action]]
player = "Alice"
cast = "Relic Runner"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Alice"
cast = "Grizzly Bears"
[expect]
pt = {{ "Relic Runner" = "3/2", "Grizzly Bears" = "2/2" }}
counters = {{ "Relic Runner" = {{ "+1/+1" = 1 }} }}
"#,
        islands = lands("Island", "Alice", 2),
        forests = lands("Forest", "Alice", 2)
    ));
    assert!(logged(
        &game,
        "[419.1b] Relic Runner comes into play with an additional +1/+1 counter on it (Oona's Blackguard)"
    ));
}

/// 419.1b: Bloodspore Thrinax's X is the number of +1/+1 counters on it as the other creature
/// comes into play: two, so Grizzly Bears come into play as a 4/4.
#[test]
fn bloodspore_thrinax_gives_as_many_counters_as_it_has() {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Bloodspore Thrinax"
controller = "Alice"
counters = {{ "+1/+1" = 2 }}
{forests}[[action]]
player = "Alice"
cast = "Grizzly Bears"
[expect]
pt = {{ "Grizzly Bears" = "4/4", "Bloodspore Thrinax" = "4/4" }}
"#,
        forests = lands("Forest", "Alice", 2)
    ));
}
