//! Amounts that read what paid a cost (409.1f, 413.2f): "the power of the creature tapped this
//! way" (the permanent as it is when the ability resolves), "the discarded card's converted
//! mana cost" (the card in the graveyard), "the sacrificed creature's toughness" (as it last
//! existed in play), and "create X tokens, where X is ..." counted as the ability resolves.

use crate::common;

use common::{lands, log, play};

#[test]
fn the_power_of_the_creature_tapped_this_way() {
    let game = play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Impelled Giant"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Impelled Giant"
pay = ["Hill Giant"]
[expect]
pt = { "Impelled Giant" = "6/3" }
tapped = ["Hill Giant"]
"#,
    );
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[413.2f]") && l.contains("Hill Giant")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_discarded_cards_converted_mana_cost() {
    // Craw Wurm costs {4}{G}{G}: +6/+6.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Craw Wurm", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Volrath the Fallen"
controller = "Alice"
{swamps}[[action]]
player = "Alice"
activate = "Volrath the Fallen"
pay = ["Craw Wurm"]
[expect]
pt = {{ "Volrath the Fallen" = "12/10" }}
graveyard = {{ Alice = ["Craw Wurm"] }}
hand = {{ Alice = ["Grizzly Bears"] }}
"#,
        swamps = lands("Swamp", "Alice", 2)
    ));
}

#[test]
fn x_tokens_for_the_sacrificed_creatures_toughness() {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Korozda Guildmage"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
{swamps}{forests}[[action]]
player = "Alice"
activate = "Korozda Guildmage"
ability = 2
pay = ["Hill Giant"]
[expect]
in_play = ["Saproling", "Saproling #2", "Saproling #3"]
not_in_play = ["Saproling #4", "Hill Giant"]
"#,
        swamps = lands("Swamp", "Alice", 2),
        forests = lands("Forest", "Alice", 2)
    ));
}

fn sadist(x: u32, extra: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Cruel Sadist"
controller = "Alice"
counters = {{ "+1/+1" = 3 }}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{swamps}[[action]]
player = "Alice"
activate = "Cruel Sadist"
ability = 2
x = {x}
targets = ["Grizzly Bears"]
{extra}"#,
        swamps = lands("Swamp", "Alice", 3)
    )
}

#[test]
fn a_cost_counted_by_the_announced_x() {
    // X = 2: two counters removed as the cost is paid (409.1b, 409.1f), 2 damage.
    play(&sadist(
        2,
        "[expect]\ncounters = { \"Cruel Sadist\" = { \"+1/+1\" = 1 } }\ngraveyard = { Bob = [\"Grizzly Bears\"] }\n",
    ));
    // X = 4 with three counters can't be paid (409.1h: no partial payment).
    play(&sadist(
        4,
        "refused = \"409.1h\"\n[expect]\ncounters = { \"Cruel Sadist\" = { \"+1/+1\" = 3 } }\nin_play = [\"Grizzly Bears\"]\n",
    ));
}
