//! "<instruction> unless you pay <mana>" (410.5): as the ability resolves its controller
//! chooses whether to pay; the instruction is followed only if he or she doesn't (or can't).

use crate::common;

use common::{log, logged, play};

/// Alice's upkeep with Force of Nature and `forests` Forests; `choice` answers the trigger.
fn force(forests: usize, choice: &str, expect: &str) -> String {
    let mut lands = String::new();
    for i in 0..forests {
        lands.push_str(&format!(
            "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"Forest {i}\"\n"
        ));
    }
    format!(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Force of Nature"
controller = "Alice"
{lands}{choice}
{expect}"#
    )
}

#[test]
fn paying_the_mana_stops_the_damage() {
    let game = play(&force(
        4,
        "",
        "[expect]\nlife = { Alice = 20 }\ntapped = [\"Forest 0\", \"Forest 1\", \"Forest 2\", \"Forest 3\"]\n",
    ));
    assert!(logged(&game, "Alice pays {G}{G}{G}{G}"), "{:?}", log(&game));
}

#[test]
fn declining_or_being_unable_to_pay_takes_the_damage() {
    play(&force(
        4,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Force of Nature: nothing\"\n",
        "[expect]\nlife = { Alice = 12 }\nuntapped = [\"Forest 0\"]\n",
    ));
    let game = play(&force(3, "", "[expect]\nlife = { Alice = 12 }\n"));
    assert!(
        logged(&game, "Alice can't pay {G}{G}{G}{G}"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_explanation_says_unless_you_pay() {
    let card = common::sample_card(
        "{1}{U}",
        "Creature — Wall",
        Some("0/4"),
        "At the beginning of your upkeep, sacrifice Sample unless you pay {U}.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = skirmish::view::describe(&card.abilities[0]);
    assert!(
        text.ends_with("sacrifice this unless you pay {U}"),
        "{text}"
    );
}
