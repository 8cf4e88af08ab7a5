//! "When ~ dies during combat", "Whenever a creature you control dies during combat": a dies
//! trigger (a leaves-play ability, 410.10d) that fires only while the turn is in its combat
//! phase (306.1); the same death in a main phase triggers nothing.

use crate::common;

use common::play;

/// Alice's Sample Pack (2/2) and her Sample Mourner; in combat, Bob's Craw Wurm blocks the Pack;
/// in her main phase, Bob's Sample Bolt kills it instead.
fn pack(in_combat: bool, expect: &str) -> String {
    let kill = if in_combat {
        "[[action]]\nplayer = \"Alice\"\nattack = \"Sample Pack\"\n[[action]]\nplayer = \"Bob\"\nblock = \"Craw Wurm=Sample Pack\"\n"
    } else {
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\ncast = \"Sample Bolt\"\ntargets = [\"Sample Pack\"]\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n"
    };
    let (step, stop) = if in_combat {
        ("declare-attackers", "combat-damage")
    } else {
        ("precombat-main", "precombat-main")
    };
    format!(
        r#"stop_after = "{stop}"
[turn]
active = "Alice"
step = "{step}"
[[card]]
name = "Sample Pack"
cost = "{{3}}{{G}}"
type = "Creature — Dog"
pt = "2/2"
text = "When Sample Pack dies during combat, create two 1/1 green Hound creature tokens."
[[card]]
name = "Sample Mourner"
cost = "{{1}}{{W}}"
type = "Creature — Human Cleric"
pt = "1/1"
text = "Whenever a creature you control dies during combat, you gain 3 life."
[[card]]
name = "Sample Bolt"
cost = "{{R}}"
type = "Instant"
text = "Sample Bolt deals 3 damage to target creature."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Sample Bolt"]
[[permanent]]
card = "Sample Pack"
controller = "Alice"
[[permanent]]
card = "Sample Mourner"
controller = "Alice"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
{kill}[expect]
{expect}
"#
    )
}

#[test]
fn a_death_in_combat_triggers_and_one_in_a_main_phase_does_not() {
    let game = play(&pack(
        true,
        "life = { Alice = 23 }\ngraveyard = { Alice = [\"Sample Pack\"] }",
    ));
    let hounds = game
        .in_play()
        .filter(|o| o.type_line().has_subtype("Hound"))
        .count();
    assert_eq!(hounds, 2);
    let game = play(&pack(
        false,
        "life = { Alice = 20 }\ngraveyard = { Alice = [\"Sample Pack\"] }",
    ));
    assert_eq!(
        game.in_play()
            .filter(|o| o.type_line().has_subtype("Hound"))
            .count(),
        0
    );
}
