//! "~ deals 4 damage to target player and 1 damage to each creature that player controls":
//! "that player" in a later clause of the same sentence is the player the earlier clause
//! targets (409.1c: one target, named twice), so the damage goes to that player's creatures and
//! not to the caster's.

use crate::common;

use common::{log, play};

fn fury(target: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Fury"
cost = "{{R}}"
type = "Instant"
text = "Sample Fury deals 4 damage to target player and 1 damage to each creature that player controls."
[[player]]
name = "Alice"
hand = ["Sample Fury"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
label = "Alice's Elves"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
label = "Bob's Elves"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Fury"
targets = ["{target}"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
{expect}
"#
    )
}

#[test]
fn the_creatures_damaged_are_the_target_players() {
    let game = play(&fury(
        "Bob",
        "life = { Alice = 20, Bob = 16 }\ngraveyard = { Bob = [\"Bob's Elves\"], Alice = [\"Sample Fury\"] }\nin_play = [\"Alice's Elves\", \"Grizzly Bears\"]",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[416.1]") && l.contains("1 damage to Grizzly Bears")),
        "{:?}",
        log(&game)
    );
    // Aimed at its caster, the same words hurt the caster's own creatures.
    play(&fury(
        "Alice",
        "life = { Alice = 16, Bob = 20 }\ngraveyard = { Alice = [\"Alice's Elves\", \"Sample Fury\"] }\nin_play = [\"Bob's Elves\", \"Grizzly Bears\"]",
    ));
}
