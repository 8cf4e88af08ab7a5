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

/// "Whenever a creature dies, ~ deals 1 damage to that creature's controller" and "its
/// controller loses 2 life": the controller of the creature that died, as it last existed
/// (413.2f), whoever controls the permanent with the ability.
#[test]
fn the_controller_of_the_creature_that_died_is_named() {
    play(
        r#"stop_after = "combat-damage"
[[card]]
name = "Sample Strain"
cost = "{1}{R}"
type = "Enchantment"
text = "Whenever a creature dies, Sample Strain deals 1 damage to that creature's controller."
[[card]]
name = "Sample Toll"
cost = "{1}{B}"
type = "Enchantment"
text = "Whenever a creature an opponent controls dies, its controller loses 2 life."
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
card = "Sample Strain"
controller = "Bob"
[[permanent]]
card = "Sample Toll"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Hill Giant=Grizzly Bears"
[expect]
life = { Alice = 17, Bob = 20 }
graveyard = { Alice = ["Grizzly Bears"] }
"#,
    );
}
