//! Issue 34: a trigger event goes with every subject. "Whenever a Cleric creature you control
//! becomes the target of a spell or ability", "Whenever a creature you control leaves the
//! battlefield", "Whenever a permanent you control is turned face up", "Whenever a creature you
//! control deals damage to an opponent": the same events as "~ ..." (410.1), of any permanent
//! the description fits, read from the permanent with the ability; "it" is the permanent the
//! event happened to, "that player" the player dealt the damage.

use crate::common;

use common::{log, logged, play};

const SPIRITUALIST: &str = r#"[[card]]
name = "Cleric Warden"
cost = "{1}{W}"
type = "Creature — Human Cleric"
pt = "1/1"
text = "Whenever a Cleric creature you control becomes the target of a spell or ability, it gets +0/+2 until end of turn."
"#;

/// Bob bolts one of Alice's creatures in her main phase.
fn bolted(target: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{SPIRITUALIST}
[[card]]
name = "Temple Acolyte"
cost = "{{1}}{{W}}"
type = "Creature — Human Cleric"
pt = "2/2"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "Cleric Warden"
controller = "Alice"
[[permanent]]
card = "Temple Acolyte"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["{target}"]
[expect]
{expect}
"#
    )
}

/// 409.1c, 410.4: another Cleric becoming a target triggers the Warden's ability, which
/// resolves first: "it" is the targeted Cleric, 2/4 when the Bolt's 3 damage arrives.
#[test]
fn a_cleric_of_yours_becoming_a_target_gets_toughness_before_the_bolt() {
    let game = play(&bolted(
        "Temple Acolyte",
        "pt = { \"Temple Acolyte\" = \"2/4\" }\ndamage = { \"Temple Acolyte\" = 3 }\nin_play = [\"Temple Acolyte\"]",
    ));
    assert!(
        logged(
            &game,
            "whenever a Cleric you control becomes the target of a spell or ability"
        ),
        "{:?}",
        log(&game)
    );
    // The Bears aren't a Cleric: no trigger, and they die.
    let game = play(&bolted(
        "Grizzly Bears",
        "graveyard = { Alice = [\"Grizzly Bears\"], Bob = [\"Lightning Bolt\"] }",
    ));
    assert!(!logged(&game, "becomes the target"), "{:?}", log(&game));
}

const WATCHER: &str = r#"[[card]]
name = "Grieving Watcher"
cost = "{2}{W}"
type = "Creature — Spirit"
pt = "1/3"
text = "Whenever a creature you control leaves the battlefield, you gain 2 life."
"#;

/// Alice (or Bob) returns `target` to its owner's hand with Unsummon.
fn bounced(caster: &str, target: &str, expect: &str) -> String {
    let other = if caster == "Alice" { "Bob" } else { "Alice" };
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "{caster}"
step = "precombat-main"
{WATCHER}
[[player]]
name = "{caster}"
hand = ["Unsummon"]
[[player]]
name = "{other}"
[[permanent]]
card = "Grieving Watcher"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Island"
controller = "{caster}"
[[action]]
player = "{caster}"
cast = "Unsummon"
targets = ["{target}"]
[expect]
{expect}
"#
    )
}

/// 410.10d: leaving play to any zone triggers it, for a creature its controller controls,
/// the Watcher itself included (it looks back in time, as the permanent last existed).
#[test]
fn a_creature_of_yours_leaving_play_gains_life_even_the_watcher_itself() {
    let game = play(&bounced(
        "Alice",
        "Grizzly Bears",
        "life = { Alice = 22 }\nhand = { Alice = [\"Grizzly Bears\"] }",
    ));
    assert!(
        logged(
            &game,
            "whenever a creature you control leaves play, you gain 2 life"
        ),
        "{:?}",
        log(&game)
    );
    play(&bounced(
        "Alice",
        "Grieving Watcher",
        "life = { Alice = 22 }\nhand = { Alice = [\"Grieving Watcher\"] }",
    ));
    // Bob's Giant isn't Alice's: nothing.
    play(&bounced(
        "Bob",
        "Hill Giant",
        "life = { Alice = 20, Bob = 20 }\nhand = { Bob = [\"Hill Giant\"] }",
    ));
}

/// 502.26d: turning a permanent face up triggers "Whenever a permanent you control is turned
/// face up" of another permanent its controller controls.
#[test]
fn turning_a_permanent_face_up_triggers_another_permanents_ability() {
    let game = play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Secret Keeper"
cost = "{1}{W}"
type = "Creature — Human Monk"
pt = "1/1"
text = "Whenever a permanent you control is turned face up, you gain 3 life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Secret Keeper"
controller = "Alice"
[[permanent]]
card = "Daru Lancer"
controller = "Alice"
face_down = true
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Land 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Land 2"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Land 3"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Land 4"
[[action]]
player = "Alice"
turn_face_up = "Daru Lancer"
[expect]
life = { Alice = 23 }
"#,
    );
    assert!(
        logged(&game, "whenever a permanent you control is turned face up"),
        "{:?}",
        log(&game)
    );
}

/// 410.2: "Whenever a creature you control deals damage to an opponent, that player loses 1
/// life": for each creature of Alice's that deals damage to Bob, Bob being "that player".
#[test]
fn each_creature_of_yours_dealing_damage_to_an_opponent_triggers_for_that_player() {
    let game = play(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Blood Herald"
cost = "{1}{B}"
type = "Creature — Vampire"
pt = "1/1"
text = "Whenever a creature you control deals damage to an opponent, that player loses 1 life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Blood Herald"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears, Hill Giant"
[expect]
life = { Alice = 20, Bob = 13 }
"#,
    );
    assert_eq!(
        log(&game)
            .iter()
            .filter(|l| l.contains("Blood Herald's ability") && l.contains("resolves"))
            .count(),
        2,
        "{:?}",
        log(&game)
    );
}

/// Current 701.37b: becoming monstrous triggers "Whenever a creature you control becomes
/// monstrous" of another permanent, as it triggers the Giant's own "When ~ becomes monstrous".
#[test]
fn a_creature_of_yours_becoming_monstrous_triggers_another_permanents_ability() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Saga Singer"
cost = "{{1}}{{G}}"
type = "Creature — Human Druid"
pt = "1/1"
text = "Whenever a creature you control becomes monstrous, you gain 4 life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Saga Singer"
controller = "Alice"
[[permanent]]
card = "Stoneshock Giant"
controller = "Alice"
{}
[[action]]
player = "Alice"
activate = "Stoneshock Giant"
[expect]
life = {{ Alice = 24 }}
pt = {{ "Stoneshock Giant" = "8/7" }}
"#,
        common::lands("Mountain", "Alice", 8)
    ));
    assert!(
        logged(&game, "whenever a creature you control becomes monstrous"),
        "{:?}",
        log(&game)
    );
}
