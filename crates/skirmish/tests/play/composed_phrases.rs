//! Phrases that compose with the rest of the grammar, each shown in play: protection from two
//! qualities given by an effect (502.7), a count that names ~ ("for each attacking creature
//! other than ~"), a token named after its keywords (216.1a), and "target player or
//! planeswalker" (current 115.4) as one target of either kind, and "gets +1/+1 until end of turn
//! and you gain 1 life": a part of a "gets" instruction ends where another instruction begins.

use crate::common;

use common::{lands, log, play};

#[test]
fn protection_from_two_colors_given_until_end_of_turn() {
    // Grotesque Hybrid gains flying and protection from green and from white: Bob's green
    // Giant Spider (reach) can't block it (502.7f); his blue Wind Drake can.
    let text = |blocker: &str, refused: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grotesque Hybrid"
controller = "Alice"
[[permanent]]
card = "{blocker}"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Grotesque Hybrid"
pay = ["Forest"]
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "Grotesque Hybrid"
[[action]]
player = "Bob"
block = "{blocker}=Grotesque Hybrid"
{refused}"#
        )
    };
    let game = play(&text("Giant Spider", "refused = \"502.7f\"\n"));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("protection from green")),
        "{:?}",
        log(&game)
    );
    // A blue creature isn't kept from blocking.
    play(&text("Wind Drake", ""));
}

#[test]
fn a_count_that_names_this_creature_is_the_same_for_every_creature_it_pumps() {
    // Márton and two Bears attack: each Bears gets +2/+2 (two attackers other than Márton);
    // Márton itself gets nothing.
    play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Márton Stromgald"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Bears 1"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Bears 2"
[[action]]
player = "Alice"
attack = "Márton Stromgald, Bears 1, Bears 2"
[expect]
pt = { "Bears 1" = "4/4", "Bears 2" = "4/4", "Márton Stromgald" = "1/1" }
"#,
    );
}

#[test]
fn a_token_named_after_its_keywords() {
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
card = "Wall of Kelp"
controller = "Alice"
{islands}[[action]]
player = "Alice"
activate = "Wall of Kelp"
[expect]
in_play = ["Kelp"]
"#,
        islands = lands("Island", "Alice", 2)
    ));
    let kelp = game
        .in_play()
        .find(|o| o.label == "Kelp")
        .expect("the token is named Kelp");
    assert!(kelp.card.type_line.to_string().contains("Plant Wall"));
}

#[test]
fn target_player_or_planeswalker() {
    let text = |target: &str, expect: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Viashino Pyromancer"]
[[player]]
name = "Bob"
[[permanent]]
card = "Garruk Wildspeaker"
controller = "Bob"
{mountains}[[action]]
player = "Alice"
cast = "Viashino Pyromancer"
[[action]]
player = "Alice"
choose = "Viashino Pyromancer: {target}"
[expect]
{expect}
"#,
            mountains = lands("Mountain", "Alice", 2)
        )
    };
    play(&text(
        "Bob",
        "life = { Bob = 18 }\nloyalty = { \"Garruk Wildspeaker\" = 3 }\n",
    ));
    play(&text(
        "Garruk Wildspeaker",
        "life = { Bob = 20 }\nloyalty = { \"Garruk Wildspeaker\" = 1 }\n",
    ));
    // A creature is neither.
    let creature = text("Grizzly Bears", "").replace(
        "[[action]]\nplayer = \"Alice\"\ncast",
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\ncast",
    );
    let s = common::scenario(&creature);
    let Err(err) = skirmish::engine::run_scenario(&s) else {
        panic!("a creature isn't a player or planeswalker");
    };
    let err = err.to_string();
    assert!(
        err.contains("[410.4]") && err.contains("Grizzly Bears is not a legal target"),
        "{err}"
    );
}

#[test]
fn gets_until_end_of_turn_and_another_instruction() {
    // "Leonin Vanguard gets +1/+1 until end of turn and you gain 1 life": two instructions;
    // with three creatures both happen, with two neither (410.8).
    let text = |others: usize, expect: &str| {
        let mut extra = String::new();
        for i in 0..others {
            extra.push_str(&format!(
                "[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears {i}\"\ncontroller = \"Alice\"\n"
            ));
        }
        format!(
            r#"stop_after = "beginning-of-combat"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Leonin Vanguard"
controller = "Alice"
{extra}[expect]
{expect}"#
        )
    };
    play(&text(
        2,
        "pt = { \"Leonin Vanguard\" = \"2/2\" }\nlife = { Alice = 21 }\n",
    ));
    let game = play(&text(
        1,
        "pt = { \"Leonin Vanguard\" = \"1/1\" }\nlife = { Alice = 20 }\n",
    ));
    assert!(
        !log(&game).iter().any(|l| l.contains("[410.3]")),
        "{:?}",
        log(&game)
    );
}
