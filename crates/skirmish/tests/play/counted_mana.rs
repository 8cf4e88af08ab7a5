//! Mana abilities that make an amount of mana (406.1): "Add {G} for each Elf on the
//! battlefield", "Add {G} for each +1/+1 counter on ~", "Add an amount of {G} equal to ~'s
//! power". The amount is read as the ability is played to pay a cost, so automatic payment
//! counts it too; none made, the source pays nothing.

use crate::common;

use common::{lands, log, play, scenario};

#[test]
fn add_g_for_each_elf_on_the_battlefield() {
    // Priest of Titania and two (summoning sick) elves: {G}{G}{G}, with three forests enough
    // for Craw Wurm's {4}{G}{G}.
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Craw Wurm"]
[[player]]
name = "Bob"
[[permanent]]
card = "Priest of Titania"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
label = "Elf A"
controller = "Alice"
summoning_sick = true
[[permanent]]
card = "Llanowar Elves"
label = "Elf B"
controller = "Bob"
{forests}[[action]]
player = "Alice"
cast = "Craw Wurm"
[expect]
in_play = ["Craw Wurm"]
tapped = ["Priest of Titania"]
untapped = ["Elf A"]
"#,
        forests = lands("Forest", "Alice", 3)
    ));
    let made = log(&game)
        .iter()
        .filter(|l| l.starts_with("[411.1] Priest of Titania adds {G}"))
        .count();
    assert_eq!(made, 3, "{:?}", log(&game));
}

fn gyre_sage(counters: u32) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Gyre Sage"
controller = "Alice"
counters = {{ "+1/+1" = {counters} }}
[[action]]
player = "Alice"
cast = "Grizzly Bears"
"#
    )
}

#[test]
fn add_g_for_each_counter_and_none_without_counters() {
    play(&format!(
        "{}[expect]\nin_play = [\"Grizzly Bears\"]\n",
        gyre_sage(2)
    ));
    // No counter: the sage makes no mana, and the bears can't be paid for (409.1h).
    let s = scenario(&gyre_sage(0));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("a sage without counters makes no mana");
    };
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
}

#[test]
fn add_an_amount_equal_to_its_power() {
    // Viridian Joiner with two +1/+1 counters is 3/4: {G}{G}{G} pays for Hill Giant's
    // {3}{R}, with a mountain for the {R}.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Hill Giant"]
[[player]]
name = "Bob"
[[permanent]]
card = "Viridian Joiner"
controller = "Alice"
counters = {{ "+1/+1" = 2 }}
{mountain}[[action]]
player = "Alice"
cast = "Hill Giant"
[expect]
in_play = ["Hill Giant"]
"#,
        mountain = lands("Mountain", "Alice", 1)
    ));
}
