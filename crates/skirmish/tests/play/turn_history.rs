//! Descriptions and amounts read from what happened this turn: "target creature that was dealt
//! damage this turn", "target creature that dealt damage to you this turn" (damage prevented
//! isn't dealt, 419.7; what happened to an object before it changed zones happened to another
//! object, 217.1c), "for each creature that died this turn", "for each creature put into your
//! graveyard from the battlefield this turn" (as they last existed in play, 410.10d).

use crate::common;

use common::{lands, log, play, scenario};

/// Alice's bears attack into Bob's Hill Giant (3/3): it is dealt 2 and survives; after
/// combat Alice's Opportunist pings `target`.
fn opportunist(target: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "postcombat-main"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Opportunist"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Hill Giant=Grizzly Bears"
[[action]]
player = "Alice"
step = "postcombat-main"
activate = "Opportunist"
targets = ["{target}"]
{expect}"#
    )
}

#[test]
fn a_creature_that_was_dealt_damage_this_turn() {
    // The giant was dealt 2 in combat: 1 more kills it.
    play(&opportunist(
        "Hill Giant",
        "[expect]\ngraveyard = { Alice = [\"Grizzly Bears\"], Bob = [\"Hill Giant\"] }\n",
    ));
    // The elves were dealt nothing: not a legal target (409.1c).
    let s = scenario(&opportunist("Llanowar Elves", ""));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("the elves weren't dealt damage this turn");
    };
    assert!(e.to_string().contains("Llanowar Elves"), "{e}");
}

#[test]
fn damage_to_the_object_it_was_before_a_zone_change_doesnt_count() {
    // Alice's Prodigal Sorcerer pings her own bears; with `bounce` she returns them to her
    // hand and casts them again: a new object (217.1c), never dealt damage, which the
    // Opportunist can't target. Without it the pinged bears are a legal target and die.
    let text = |bounce: bool| {
        let again = if bounce {
            r#"[[action]]
player = "Alice"
cast = "Unexplained Disappearance"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#
        } else {
            ""
        };
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Unexplained Disappearance"]
[[player]]
name = "Bob"
[[permanent]]
card = "Prodigal Sorcerer"
controller = "Alice"
[[permanent]]
card = "Opportunist"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{lands}[[action]]
player = "Alice"
activate = "Prodigal Sorcerer"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{again}[[action]]
player = "Alice"
activate = "Opportunist"
targets = ["Grizzly Bears"]
"#,
            lands = lands("Island", "Alice", 2) + &lands("Forest", "Alice", 2)
        )
    };
    play(&format!(
        "{}[expect]
graveyard = {{ Alice = [\"Grizzly Bears\"] }}
",
        text(false)
    ));
    let s = scenario(&text(true));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("the bears cast again are a new object, never dealt damage");
    };
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.to_string().contains("Grizzly Bears"), "{e}");
}

fn avenger(target: &str) -> String {
    // Bob's bears hit Alice; his elves stay home. Then Alice's Giltspire Avenger.
    format!(
        r#"stop_after = "postcombat-main"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Giltspire Avenger"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
block = ""
[[action]]
player = "Alice"
step = "postcombat-main"
activate = "Giltspire Avenger"
targets = ["{target}"]
"#
    )
}

#[test]
fn a_creature_that_dealt_damage_to_you_this_turn() {
    play(&format!(
        "{}[expect]\nlife = {{ Alice = 18 }}\ngraveyard = {{ Bob = [\"Grizzly Bears\"] }}\n",
        avenger("Grizzly Bears")
    ));
    let s = scenario(&avenger("Llanowar Elves"));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("the elves dealt no damage");
    };
    assert!(e.to_string().contains("Llanowar Elves"), "{e}");
}

/// Bob's two bears block Alice's two hill giants and die; Bob's hill giant blocks Alice's
/// elves, which die. At the end step the watchers count.
fn deaths(watcher: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{watcher}"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
label = "Giant A"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
label = "Giant B"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
label = "Bears A"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
label = "Bears B"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
label = "Bob's Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Giant A, Giant B, Llanowar Elves"
[[action]]
player = "Bob"
block = "Bears A=Giant A, Bears B=Giant B, Bob's Giant=Llanowar Elves"
[expect]
{expect}"#
    )
}

#[test]
fn for_each_creature_that_died_this_turn() {
    // Three creatures died: three counters on the 1/1 ghoul at the end step.
    play(&deaths(
        "Khabál Ghoul",
        "pt = { \"Khabál Ghoul\" = \"4/4\" }\n",
    ));
}

#[test]
fn for_each_creature_put_into_your_graveyard_counts_only_yours() {
    // Bob's bears went to Bob's graveyard; only Alice's elves went to hers: one counter.
    play(&deaths(
        "Asmira, Holy Avenger",
        "pt = { \"Asmira, Holy Avenger\" = \"3/4\" }\n",
    ));
}

#[test]
fn the_number_of_zubera_that_died_this_turn_counts_the_one_that_just_died() {
    // The zubera blocks a hill giant and dies: one Zubera died, 1 damage to Alice's target.
    let game = play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Ember-Fist Zubera"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Ember-Fist Zubera=Hill Giant"
[[action]]
player = "Bob"
choose = "Ember-Fist Zubera: Alice"
[expect]
life = { Alice = 19 }
"#,
    );
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("deals 1 damage to Alice")),
        "{:?}",
        log(&game)
    );
}
