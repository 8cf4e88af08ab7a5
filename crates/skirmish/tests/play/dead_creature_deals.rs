//! "Whenever another creature you control dies, it deals damage equal to its power to target
//! player": the creature that died is the damage's source, as it last existed in play (413.2f),
//! and its power is read from that last existence too.

use crate::common;

use common::{log, play};

#[test]
fn the_creature_that_died_deals_its_last_power() {
    let game = play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Vengeance"
cost = "{3}{B}{B}"
type = "Creature — Zombie"
pt = "5/2"
text = "Whenever another creature you control dies, it deals damage equal to its power to target player."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Vengeance"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
counters = { "+1/+1" = 1 }
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Craw Wurm=Hill Giant"
[[action]]
player = "Alice"
choose = "Sample Vengeance: Bob"
[expect]
life = { Bob = 16 }
graveyard = { Alice = ["Hill Giant"] }
"#,
    );
    // The Giant, not the Vengeance, is the source: 4 power with its counter.
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("Hill Giant deals 4 damage to Bob")),
        "{:?}",
        log(&game)
    );
}
