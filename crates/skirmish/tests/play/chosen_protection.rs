//! "~ has protection from the chosen color" (502.7; the color chosen as it came into play,
//! 410.10e): the damage of a source of that color is prevented (502.7e); another color's
//! isn't.

use crate::common;

use common::{lands, log, play};

fn order(color: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Order of the Stars"
controller = "Alice"
chosen_color = "{color}"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Hill Giant"
[[action]]
player = "Alice"
block = "Order of the Stars=Hill Giant"
[expect]
{expect}
"#
    )
}

#[test]
fn protection_from_the_chosen_color_prevents_that_colors_damage() {
    // Hill Giant is red.
    let game = play(&order("red", "in_play = [\"Order of the Stars\"]\n"));
    assert!(
        log(&game).iter().any(|l| l.contains("[502.7e]")),
        "{:?}",
        log(&game)
    );
    play(&order(
        "black",
        "graveyard = { Alice = [\"Order of the Stars\"] }\n",
    ));
}

fn ward(second: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Shield"
cost = "{{W}}"
type = "Enchantment — Aura"
text = """
Enchant creature
Enchanted creature has protection from white."""
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "White Ward"
controller = "Alice"
attached_to = "Grizzly Bears"
{second}
[expect]
{expect}
"#
    )
}

#[test]
fn the_protection_an_aura_gives_doesnt_remove_it_when_its_text_says_so() {
    // White Ward is white and gives protection from white: "This effect doesn't remove White
    // Ward" keeps it on (103.1 over 502.7c).
    play(&ward(
        "",
        "attached_to = { \"White Ward\" = \"Grizzly Bears\" }\n",
    ));
    // A white Aura giving the same protection without those words falls off (420.5d), and
    // its protection removes White Ward too: only the Ward's own protection spares it.
    let game = play(&ward(
        "[[permanent]]\ncard = \"Sample Shield\"\ncontroller = \"Alice\"\nattached_to = \"Grizzly Bears\"\n",
        "graveyard = { Alice = [\"White Ward\", \"Sample Shield\"] }\n",
    ));
    assert!(
        log(&game).iter().any(|l| l.contains("[502.7c]")),
        "{:?}",
        log(&game)
    );
}

/// "Target creature gains protection from the color of its controller's choice" (413.2c): the
/// creature's controller names the color, not the ability's: Alice targets Bob's Bears and
/// Bob's answer is the one taken.
#[test]
fn the_color_of_its_controllers_choice_is_named_by_that_controller() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Wishmonger"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{mountains}[[action]]
player = "Alice"
activate = "Wishmonger"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
choose = "Wishmonger: red"
"#,
        mountains = lands("Mountain", "Alice", 2)
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[413.2c]") && l.contains("Bob chooses red")),
        "{:?}",
        log(&game)
    );
    let bears = game.object_labelled("Grizzly Bears").expect("in play");
    assert!(
        game.keywords(bears.id)
            .iter()
            .any(|k| k.to_string() == "protection from red"),
        "{:?}",
        game.keywords(bears.id)
    );
}
