//! The attacking side named on a defender's card: "target creature ... that's attacking you"
//! (a description that holds only of creatures attacking the ability's controller, 306.2) and
//! "attacking player" (the active player, whose creatures attack).

use crate::common;

use common::{log, play, scenario};

/// Alice attacks Bob with `attackers`; Bob then activates his Sample Fortress at `target`.
fn fortress(target: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Fortress"
cost = "{{5}}"
type = "Artifact Creature — Wall"
pt = "0/8"
text = "Defender\n{{3}}: Sample Fortress deals 1 damage to target creature without flying that's attacking you."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Sample Fortress"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 2"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 3"
[[action]]
player = "Alice"
attack = "Llanowar Elves"
[[action]]
player = "Bob"
activate = "Sample Fortress"
targets = ["{target}"]
{expect}"#
    )
}

#[test]
fn only_a_creature_attacking_you_is_a_target() {
    let game = play(&fortress(
        "Llanowar Elves",
        "[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\ngraveyard = { Alice = [\"Llanowar Elves\"] }\nlife = { Bob = 20 }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("1 damage to Llanowar Elves")),
        "{:?}",
        log(&game)
    );
    // Hill Giant isn't attacking: not a legal target.
    let e = skirmish::engine::run_scenario(&scenario(&fortress("Hill Giant", ""))).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("409")),
        "{e}"
    );
}

/// "Whenever ~ is dealt combat damage, you gain that much life and attacking player loses that
/// much life." on a blocker: the attacking player is the active player (306.2).
#[test]
fn the_attacking_player_loses_what_the_blocker_was_dealt() {
    play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Souls"
cost = "{3}{W}{B}"
type = "Creature — Spirit"
pt = "0/4"
text = "Defender, flying\nWhenever Sample Souls is dealt combat damage, you gain that much life and attacking player loses that much life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Sample Souls"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Sample Souls=Hill Giant"
[expect]
life = { Alice = 17, Bob = 23 }
"#,
    );
}
