//! "If you do" after an optional instruction under an intervening "if" (410.8, 410.5), "If
//! you don't" after "you may pay <mana>" (410.5), "destroy ... and it can't be regenerated"
//! (419.6b), and "remove all <kind> counters" (200.10).

use crate::common;

use common::play;

/// Alice casts Knight of the Mists with `islands` Islands; Bob has White Knight.
fn knight(islands: usize, choices: &str, expect: &str) -> String {
    let mut lands = String::new();
    for i in 0..islands {
        lands.push_str(&format!(
            "[[permanent]]\ncard = \"Island\"\ncontroller = \"Alice\"\nlabel = \"Island {i}\"\n"
        ));
    }
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Knight of the Mists"]
[[player]]
name = "Bob"
[[permanent]]
card = "White Knight"
controller = "Bob"
{lands}
[[action]]
player = "Alice"
cast = "Knight of the Mists"
[[action]]
player = "Alice"
choose = "Knight of the Mists: White Knight"
{choices}
{expect}"#
    )
}

#[test]
fn unpaid_the_knight_is_destroyed() {
    // Three Islands pay for the Knight of the Mists and leave nothing for {U}.
    play(&knight(
        3,
        "",
        "[expect]\ngraveyard = { Bob = [\"White Knight\"] }\n",
    ));
    // With a fourth, Alice declines.
    play(&knight(
        4,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Knight of the Mists: nothing\"\n",
        "[expect]\ngraveyard = { Bob = [\"White Knight\"] }\n",
    ));
}

#[test]
fn paid_nothing_is_destroyed() {
    play(&knight(
        4,
        "",
        "[expect]\nin_play = [\"White Knight\"]\ntapped = [\"Island 0\", \"Island 1\", \"Island 2\", \"Island 3\"]\n",
    ));
}

#[test]
fn the_destruction_cant_be_regenerated() {
    let card = common::sample_card(
        "{2}{U}",
        "Creature — Human Knight",
        Some("2/2"),
        "When Sample enters the battlefield, you may pay {U}. If you don't, destroy target Knight and it can't be regenerated.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = format!("{:?}", card.abilities);
    assert!(text.contains("no_regeneration: true"), "{text}");
    assert!(text.contains("unless: true"), "{text}");
}

/// Alice attacks with Grizzly Bears (or not), then casts Shipwreck Looter after combat.
fn looter(attack: bool, expect: &str) -> String {
    let attack = if attack {
        "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n"
    } else {
        ""
    };
    let mut lands = String::new();
    for i in 0..4 {
        lands.push_str(&format!(
            "[[permanent]]\ncard = \"Island\"\ncontroller = \"Alice\"\nlabel = \"Island {i}\"\n"
        ));
    }
    format!(
        r#"stop_after = "postcombat-main"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Shipwreck Looter", "Forest"]
library = ["Hill Giant"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{lands}
{attack}
[[action]]
player = "Alice"
cast = "Shipwreck Looter"
step = "postcombat-main"
{expect}"#
    )
}

#[test]
fn the_raid_looter_draws_then_discards_only_after_an_attack() {
    play(&looter(
        true,
        "[expect]\nhand = { Alice = [\"Forest\"] }\ngraveyard = { Alice = [\"Hill Giant\"] }\n",
    ));
    play(&looter(
        false,
        "[expect]\nhand = { Alice = [\"Forest\"] }\nlibrary = { Alice = [\"Hill Giant\"] }\n",
    ));
}

#[test]
fn all_the_counters_of_the_kind_are_removed() {
    // Ammit Eternal with three -1/-1 counters (a 2/2) hits Bob: 2 damage, then the counters go.
    play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Ammit Eternal"
controller = "Alice"
counters = { "-1/-1" = 3 }
[[action]]
player = "Alice"
attack = "Ammit Eternal"
[expect]
counters = { "Ammit Eternal" = { "-1/-1" = 0 } }
pt = { "Ammit Eternal" = "5/5" }
life = { Bob = 18 }
"#,
    );
}

/// Alice attacks Bob with a 1/1 "Sample Clock" with `counters` +1/+1 counters; its trigger
/// targets Bob.
fn clock(counters: u32, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Clock"
cost = "{{3}}"
type = "Artifact Creature — Hydra"
pt = "1/1"
text = "Whenever Sample Clock attacks or blocks, remove a +1/+1 counter from it. If you do, Sample Clock deals 1 damage to target creature or player."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Clock"
controller = "Alice"
counters = {{ "+1/+1" = {counters} }}
[[action]]
player = "Alice"
attack = "Sample Clock"
[[action]]
player = "Alice"
choose = "Sample Clock: Bob"
{expect}"#
    )
}

#[test]
fn if_you_do_after_removing_a_counter_needs_the_counter() {
    // With a counter: it is removed (the Clock is 1/1 again), 1 damage, then 1 combat damage.
    play(&clock(
        1,
        "[expect]\nlife = { Bob = 18 }\ncounters = { \"Sample Clock\" = { \"+1/+1\" = 0 } }\n",
    ));
    // Without one, nothing is removed and no damage is dealt: 1 combat damage only.
    play(&clock(0, "[expect]\nlife = { Bob = 19 }\n"));
}
