//! "Whenever ~ blocks or becomes blocked by a creature, ~ deals 3 damage to that creature and 3
//! damage to that creature's controller": one instruction, two recipients named by the
//! trigger, the creature of the block and the player who controls it, dealt in order as the
//! ability resolves (413.1), before combat damage.

use crate::common;

use common::{log, play};

#[test]
fn the_alphas_hurt_the_blocked_creature_and_its_controller() {
    let game = play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Alphas"
cost = "{5}{R}"
type = "Creature — Wolf"
pt = "5/5"
text = "Whenever Sample Alphas blocks or becomes blocked by a creature, Sample Alphas deals 3 damage to that creature and 3 damage to that creature's controller."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Sample Alphas"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Sample Alphas=Hill Giant"
[expect]
life = { Alice = 17, Bob = 20 }
graveyard = { Alice = ["Hill Giant"] }
"#,
    );
    // The Giant died to the trigger, before combat damage: the Alphas took none.
    assert_eq!(game.object_labelled("Sample Alphas").unwrap().damage(), 0);
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("Sample Alphas deals 3 damage to Alice")),
        "{:?}",
        log(&game)
    );
}
