//! Triggers on damage to a described recipient (410.2): "Whenever ~ deals damage to a
//! Dinosaur" fires once for each creature the description fits as the damage is dealt, "that
//! creature" being it; "Whenever ~ deals combat damage to an opponent" is damage to the player
//! it attacks (306.2).

use crate::common;

use common::{log, play};

fn hunter_blocks(attacker: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Dinosaur"
cost = "{{4}}{{G}}"
type = "Creature — Dinosaur"
pt = "5/5"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "Dinosaur Hunter"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = "Dinosaur Hunter={attacker}"
[expect]
{expect}"#
    )
}

#[test]
fn damage_to_a_creature_of_the_type_destroys_it() {
    let game = play(&hunter_blocks(
        "Sample Dinosaur",
        "graveyard = { Alice = [\"Sample Dinosaur\"], Bob = [\"Dinosaur Hunter\"] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("deals damage to a Dinosaur")),
        "{:?}",
        log(&game)
    );
    // A Giant isn't a Dinosaur: it survives the Hunter's 2 damage.
    play(&hunter_blocks(
        "Hill Giant",
        "in_play = [\"Hill Giant\"]\ndamage = { \"Hill Giant\" = 2 }\n",
    ));
}

#[test]
fn combat_damage_to_an_opponent_is_to_the_player_attacked() {
    play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Raider"
cost = "{1}{B}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Whenever Sample Raider deals combat damage to an opponent, you gain 3 life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Raider"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Raider"
[expect]
life = { Alice = 23, Bob = 18 }
"#,
    );
}
