//! "Whenever ~ becomes the target of a spell or ability [you control|an opponent controls]"
//! (409.1c, 410.4: an object becomes a target as the spell or ability is played or put on the
//! stack): the trigger goes on the stack above the spell and resolves first.

use crate::common;

use common::{log, logged, play};

/// Alice's precombat main phase with `permanent` in play; Bob answers with Lightning Bolt on
/// it (Alice passes first).
fn bolted(permanent: &str, extra: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{extra}
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "{permanent}"
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
targets = ["{permanent}"]
{expect}"#
    )
}

#[test]
fn the_ghost_is_sacrificed_before_the_bolt_resolves() {
    let game = play(&bolted(
        "Skulking Ghost",
        "",
        "[expect]\ngraveyard = { Alice = [\"Skulking Ghost\"], Bob = [\"Lightning Bolt\"] }\n",
    ));
    assert!(
        logged(
            &game,
            "whenever this becomes the target of a spell or ability"
        ),
        "{:?}",
        log(&game)
    );
    // 413.2a: its only target gone, the Bolt is countered on resolution.
    assert!(logged(&game, "[413.2a]"), "{:?}", log(&game));
}

#[test]
fn the_protector_grows_before_the_damage() {
    play(&bolted(
        "Angelic Protector",
        "",
        "[expect]\nin_play = [\"Angelic Protector\"]\npt = { \"Angelic Protector\" = \"2/5\" }\ndamage = { \"Angelic Protector\" = 3 }\n",
    ));
}

#[test]
fn only_an_opponents_spell_triggers_an_opponent_controls() {
    let card = r#"[[card]]
name = "Wary Knight"
cost = "{1}{W}"
type = "Creature — Human Knight"
pt = "2/2"
text = "Whenever Wary Knight becomes the target of a spell or ability an opponent controls, Wary Knight gets +0/+3 until end of turn."
"#;
    // Bob's Bolt is an opponent's: the Knight is 2/5 and survives.
    play(&bolted(
        "Wary Knight",
        card,
        "[expect]\npt = { \"Wary Knight\" = \"2/5\" }\n",
    ));
    // Alice's own Giant Growth is not: +3/+3 only.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{card}
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Wary Knight"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Giant Growth"
targets = ["Wary Knight"]
[expect]
pt = {{ "Wary Knight" = "5/5" }}
"#
    ));
}

#[test]
fn an_activated_ability_targets_too_once_per_ability() {
    // Hatchet Bully's ability targets the Protector (its counter goes on the Goblin): one
    // trigger, +0/+3, and the 2 damage leaves it alive.
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
card = "Hatchet Bully"
controller = "Bob"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain B"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain C"
[[permanent]]
card = "Angelic Protector"
controller = "Alice"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
activate = "Hatchet Bully"
targets = ["Angelic Protector"]
pay = ["Raging Goblin"]
[expect]
pt = { "Angelic Protector" = "2/5" }
damage = { "Angelic Protector" = 2 }
"#,
    );
}
