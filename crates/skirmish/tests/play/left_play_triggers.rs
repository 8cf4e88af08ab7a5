//! Issue 12, defect 1: a source that leaves play with its combat damage on the stack still
//! deals that damage, as it last existed (310.4b), but its abilities no longer exist (402.8:
//! a permanent's abilities function only while it is in play), so its triggered abilities
//! don't trigger. Only leave-play abilities look back in time (410.10d). Each case has a
//! control without the bounce, where the ability does trigger.

use crate::common;

use common::{logged, play};

/// Alice's creature attacks Bob unblocked (or blocked by `blockers`); its combat damage is on
/// the stack (310.1). With `bounce`, Alice returns it to her hand with Unsummon before the
/// damage resolves.
fn board(creature: &str, blockers: &str, bounce: bool, expect: &str) -> String {
    let action = if bounce {
        format!("[[action]]\nplayer = \"Alice\"\ncast = \"Unsummon\"\ntargets = [\"{creature}\"]\n")
    } else {
        String::new()
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "combat-damage"

[[player]]
name = "Alice"
hand = ["Unsummon"]
library = ["Craw Wurm"]

[[player]]
name = "Bob"

[[permanent]]
card = "Island"
controller = "Alice"

[[permanent]]
card = "{creature}"
controller = "Alice"
tapped = true
attacking = "Bob"
{blockers}
{action}
[expect]
{expect}
"#
    )
}

#[test]
fn lifelink_of_a_creature_bounced_with_damage_on_the_stack_does_not_trigger() {
    // 310.4b: the damage is dealt; 402.8: lifelink (502.68a, a triggered ability in 2009) no
    // longer exists.
    let game = play(&board(
        "Rhox War Monk",
        "",
        true,
        "life = { Alice = 20, Bob = 17 }\nhand = { Alice = [\"Rhox War Monk\"] }",
    ));
    assert!(logged(&game, "Rhox War Monk deals 3 damage to Bob"));
    assert!(!logged(&game, "lifelink"), "{:?}", common::log(&game));
    // The control: in play when its damage resolves, it gains Alice 3 life.
    let game = play(&board(
        "Rhox War Monk",
        "",
        false,
        "life = { Alice = 23, Bob = 17 }",
    ));
    assert!(logged(&game, "lifelink"));
}

#[test]
fn deathtouch_of_a_creature_bounced_with_damage_on_the_stack_does_not_trigger() {
    // Kederekt Creeper (deathtouch, "can't be blocked except by two or more") is blocked by two
    // walls; it assigns its 2 damage as lethal damage to the first (0/3 takes all 2). Bounced,
    // it deals the damage but deathtouch (502.63a) doesn't trigger: the wall survives.
    let walls = r#"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall A"
blocking = ["Kederekt Creeper"]

[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall B"
blocking = ["Kederekt Creeper"]
"#;
    let game = play(&board(
        "Kederekt Creeper",
        walls,
        true,
        "in_play = [\"Wall A\", \"Wall B\"]",
    ));
    assert!(logged(&game, "Kederekt Creeper deals 2 damage to Wall A"));
    assert!(!logged(&game, "deathtouch"), "{:?}", common::log(&game));
    // The control: deathtouch triggers and destroys the wall it damaged.
    let game = play(&board(
        "Kederekt Creeper",
        walls,
        false,
        "in_play = [\"Wall B\"]\nnot_in_play = [\"Wall A\"]",
    ));
    assert!(logged(&game, "deathtouch"));
}

#[test]
fn a_combat_damage_trigger_of_a_bounced_creature_does_not_trigger() {
    // "Whenever Ninja of the Deep Hours deals combat damage to a player, you may draw a card."
    // Returned to hand with its damage on the stack, it deals the damage and draws nothing.
    let game = play(&board(
        "Ninja of the Deep Hours",
        "",
        true,
        "life = { Bob = 18 }\nhand = { Alice = [\"Ninja of the Deep Hours\"] }",
    ));
    assert!(logged(
        &game,
        "Ninja of the Deep Hours deals 2 damage to Bob"
    ));
    // The control: in play, it draws a card (the hand expectation).
    play(&board(
        "Ninja of the Deep Hours",
        "",
        false,
        "life = { Bob = 18 }\nhand = { Alice = [\"Unsummon\", \"Craw Wurm\"] }",
    ));
}
