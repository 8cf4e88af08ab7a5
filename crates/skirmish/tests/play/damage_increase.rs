//! Replacement effects that increase damage (419.6): "it deals double that damage ...
//! instead", "... that much damage plus 1 ... instead", for the sources and recipients their
//! descriptions name; after prevention, doublings before additions (the affected player's
//! choice of order, 419.9a, made for the least damage).

use crate::common;

use common::{log, logged, play};

const DOUBLE: &str = "If a source you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.";
const PLUS_ONE: &str = "If a source you control would deal damage to a permanent or player, it deals that much damage plus 1 to that permanent or player instead.";
const CREATURES: &str = "If a creature you control would deal damage to a creature, it deals double that damage to that creature instead.";

/// Alice's enchantments with `texts`, her Grizzly Bears attacking Bob, who blocks with
/// `block` (or not); Bob's `extra` permanents.
fn board(texts: &[&str], block: &str, extra: &str) -> String {
    let mut cards = String::new();
    let mut permanents = String::new();
    for (i, t) in texts.iter().enumerate() {
        let name = ["Sample Fury", "Sample Rage"][i];
        cards.push_str(&format!(
            "[[card]]\nname = \"{name}\"\ncost = \"{{2}}{{R}}\"\ntype = \"Enchantment\"\ntext = \"{t}\"\n"
        ));
        permanents.push_str(&format!(
            "[[permanent]]\ncard = \"{name}\"\ncontroller = \"Alice\"\n"
        ));
    }
    let block = if block.is_empty() {
        String::new()
    } else {
        format!("[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n")
    };
    format!(
        r#"{cards}[[card]]
name = "Sample Ward"
cost = "{{1}}{{W}}"
type = "Enchantment"
text = "If a source would deal damage to you, prevent 1 of that damage."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
{permanents}[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{extra}[[action]]
player = "Alice"
attack = "Grizzly Bears"
{block}"#
    )
}

#[test]
fn damage_from_a_source_you_control_is_doubled() {
    let game = play(&format!(
        "{}[expect]\nlife = {{ Bob = 16 }}\n",
        board(&[DOUBLE], "", "")
    ));
    assert!(
        logged(
            &game,
            "[419.6] 2 damage Grizzly Bears would deal to Bob becomes 4: Sample Fury's replacement effect"
        ),
        "{:?}",
        log(&game)
    );
    // Blocked: the Bears deal 4 to the Hill Giant, which dies; the Giant's 3 to the Bears
    // isn't Alice's source, so it stays 3.
    let game = play(&board(&[DOUBLE], "Hill Giant=Grizzly Bears", ""));
    assert!(
        game.object_labelled("Hill Giant")
            .is_some_and(|o| o.zone == skirmish::model::Zone::Graveyard),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "Hill Giant deals 3 damage to Grizzly Bears"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn two_increases_apply_doubling_first_for_the_least_damage() {
    // 2 doubled is 4, plus 1 is 5 (the other order would make 6).
    let game = play(&format!(
        "{}[expect]\nlife = {{ Bob = 15 }}\n",
        board(&[PLUS_ONE, DOUBLE], "", "")
    ));
    assert!(
        logged(
            &game,
            "[419.9a] Bob applies the replacement effects on damage to Bob in the order that deals the least damage: Sample Rage, then Sample Fury"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn prevention_applies_before_the_increase() {
    // 2 damage, 1 prevented by Bob's Ward, the 1 left doubled: Bob loses 2.
    let ward = "[[permanent]]\ncard = \"Sample Ward\"\ncontroller = \"Bob\"\n";
    play(&format!(
        "{}[expect]\nlife = {{ Bob = 18 }}\n",
        board(&[DOUBLE], "", ward)
    ));
}

#[test]
fn the_descriptions_say_which_sources_and_recipients() {
    // Only damage to creatures is doubled: unblocked, the Bears deal Bob 2; blocked, 4 to
    // the Hill Giant, which dies.
    let game = play(&format!(
        "{}[expect]\nlife = {{ Bob = 18 }}\n",
        board(&[CREATURES], "", "")
    ));
    assert!(!logged(&game, "[419.6]"), "{:?}", log(&game));
    let game = play(&board(&[CREATURES], "Hill Giant=Grizzly Bears", ""));
    assert!(
        logged(
            &game,
            "[419.6] 2 damage Grizzly Bears would deal to Hill Giant becomes 4"
        ),
        "{:?}",
        log(&game)
    );
}
