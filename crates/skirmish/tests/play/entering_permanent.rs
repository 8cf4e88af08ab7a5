//! "That creature", "it" and "that creature's controller" after a trigger about another
//! permanent coming into play (410.10a): the permanent that came into play, bound as the
//! ability triggers, acted on if it is still in play as the ability resolves (413.2); with
//! "~ or another ...", ~ itself when it is the one.

use crate::common;

use common::{lands, log, play};

fn cast_then_attack(watcher: &str, creature: &str, lands_: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{creature}"]
[[player]]
name = "Bob"
[[permanent]]
card = "{watcher}"
controller = "Alice"
summoning_sick = true
{lands_}[[action]]
player = "Alice"
cast = "{creature}"
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "{creature}"
[expect]
{expect}"#
    )
}

#[test]
fn that_creature_is_the_creature_that_came_into_play() {
    // Ogre Battledriver: the bears get +2/+0 and haste, so they attack the turn they are cast
    // for 4; the Battledriver itself gets nothing.
    let game = play(&cast_then_attack(
        "Ogre Battledriver",
        "Grizzly Bears",
        &lands("Forest", "Alice", 2),
        "life = { Bob = 16 }\npt = { \"Ogre Battledriver\" = \"3/3\" }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("Grizzly Bears attacks Bob")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn or_another_is_the_permanent_itself_when_it_comes_into_play() {
    // Ambuscade Shaman cast with dash (haste): it is the creature that came into play, 4/4.
    play(&format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Ambuscade Shaman"]
[[player]]
name = "Bob"
{swamps}[[action]]
player = "Alice"
cast = "Ambuscade Shaman"
with = ["dash"]
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "Ambuscade Shaman"
[expect]
life = {{ Bob = 16 }}
"#,
        swamps = lands("Swamp", "Alice", 4)
    ));
}

#[test]
fn that_creatures_controller_is_the_controller_of_the_creature_that_came_into_play() {
    // Bob casts a creature during his turn: Alice's watcher deals 1 damage to Bob, not Alice.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Bob"
step = "precombat-main"
[[card]]
name = "Sample Tollkeeper"
cost = "{{2}}{{R}}"
type = "Creature — Dinosaur"
pt = "3/3"
text = "Whenever another creature enters the battlefield, Sample Tollkeeper deals 1 damage to that creature's controller."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Grizzly Bears"]
[[permanent]]
card = "Sample Tollkeeper"
controller = "Alice"
{forests}[[action]]
player = "Bob"
cast = "Grizzly Bears"
[expect]
life = {{ Alice = 20, Bob = 19 }}
in_play = ["Grizzly Bears"]
"#,
        forests = lands("Forest", "Bob", 2)
    ));
}

#[test]
fn it_left_play_before_the_ability_resolved() {
    // The creature that came into play is gone when the ability resolves (here: sacrificed in
    // response): nothing gets +2/+0, and nothing else does either (413.2).
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Fodder"
cost = "{{G}}"
type = "Creature — Goblin"
pt = "1/1"
text = "Sacrifice Sample Fodder: You gain 1 life."
[[player]]
name = "Alice"
hand = ["Sample Fodder"]
[[player]]
name = "Bob"
[[permanent]]
card = "Ogre Battledriver"
controller = "Alice"
{forest}[[action]]
player = "Alice"
cast = "Sample Fodder"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
activate = "Sample Fodder"
[expect]
pt = {{ "Ogre Battledriver" = "3/3" }}
life = {{ Alice = 21 }}
graveyard = {{ Alice = ["Sample Fodder"] }}
"#,
        forest = lands("Forest", "Alice", 1)
    ));
}
