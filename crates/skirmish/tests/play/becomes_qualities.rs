//! "becomes black", "becomes a 0/1 Frog", "becomes a Human with base power and toughness 1/1",
//! "becomes a Zombie in addition to its other types" (418.5a): colors set in layer 5, creature
//! types that replace the old ones (212.1b) or add to them (212.1c) in layer 4, base power and
//! toughness in layer 6b; "+N/+N" effects and counters still apply after (418.5b).

use crate::common;

use common::{log, play};
use skirmish::mana::Color;
use skirmish::model::Game;

/// Alice casts "Sample Change" with `text` at Bob's Grizzly Bears; `more` goes on in the
/// Bears' table (counters) or adds permanents after it.
fn spell(text: &str, more: &str, expect: &str) -> Game {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Change"
cost = "{{U}}"
type = "Instant"
text = "{text}"
[[player]]
name = "Alice"
hand = ["Sample Change"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{more}
[[action]]
player = "Alice"
cast = "Sample Change"
targets = ["Grizzly Bears"]
[expect]
{expect}
"#
    ))
}

fn bears(game: &Game) -> &skirmish::model::Object {
    game.object_labelled("Grizzly Bears").unwrap()
}

#[test]
fn a_creature_that_becomes_a_frog_is_only_a_frog_with_the_new_base_numbers() {
    let game = spell(
        "Target creature becomes a 0/1 Frog until end of turn.",
        "",
        "pt = { \"Grizzly Bears\" = \"0/1\" }",
    );
    let b = bears(&game);
    assert!(b.type_line().has_subtype("Frog"), "{:?}", log(&game));
    assert!(
        !b.type_line().has_subtype("Bear"),
        "212.1b: Bear is replaced"
    );
    // "in addition to its other types" keeps Bear (212.1c); the numbers stay.
    let game = spell(
        "Target creature becomes a Zombie in addition to its other types until end of turn.",
        "",
        "pt = { \"Grizzly Bears\" = \"2/2\" }",
    );
    let b = bears(&game);
    assert!(b.type_line().has_subtype("Zombie") && b.type_line().has_subtype("Bear"));
}

#[test]
fn base_numbers_are_set_before_pumps_and_counters_apply() {
    // Layer 6b, then the +1/+1 counter (6c): 1/1 + 1 = 2/2; blue in layer 5.
    let game = spell(
        "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1.",
        "",
        "pt = { \"Grizzly Bears\" = \"1/1\" }",
    );
    assert_eq!(bears(&game).colors(), vec![Color::Blue]);
    // The Bears' +1/+1 counter (the text after the Bears' table continues it).
    let game = spell(
        "Target creature becomes a Human with base power and toughness 1/1 until end of turn.",
        "counters = { \"+1/+1\" = 1 }",
        "pt = { \"Grizzly Bears\" = \"2/2\" }",
    );
    assert!(bears(&game).type_line().has_subtype("Human"));
}

#[test]
fn a_creature_that_becomes_black_is_only_black() {
    let game = spell(
        "Target creature becomes black and gains flying until end of turn.",
        "",
        "pt = { \"Grizzly Bears\" = \"2/2\" }",
    );
    assert_eq!(
        bears(&game).colors(),
        vec![Color::Black],
        "{:?}",
        log(&game)
    );
    assert!(game.has_keyword(bears(&game).id, &skirmish::ability::Keyword::Flying));
}

#[test]
fn chromium_becomes_an_unblockable_human_with_hexproof_and_nothing_else() {
    // "It can't be blocked this turn." after an instruction about ~ in an activated ability:
    // "it" is Chromium itself. The Bears' block is refused with the rule it breaks.
    let game = play(
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
card = "Chromium, the Mutable"
controller = "Alice"
label = "Chromium"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Chromium"
pay = ["Forest"]
[[action]]
player = "Alice"
attack = "Chromium"
[[action]]
player = "Bob"
block = "Grizzly Bears=Chromium"
refused = "309.2b"
[expect]
pt = { "Chromium" = "1/1" }
graveyard = { Alice = ["Forest"] }
"#,
    );
    let c = game.object_labelled("Chromium").unwrap();
    assert!(c.type_line().has_subtype("Human") && !c.type_line().has_subtype("Dragon"));
    assert!(!game.has_keyword(c.id, &skirmish::ability::Keyword::Flying));
    assert!(
        game.has_keyword(c.id, &skirmish::ability::Keyword::Hexproof),
        "{:?}",
        log(&game)
    );
}

fn chosen(card: &str, ability: u32, answer: &str) -> Game {
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
card = "{card}"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
activate = "{card}"
ability = {ability}
{answer}
"#
    ))
}

#[test]
fn the_color_or_creature_type_of_your_choice_is_named_as_it_resolves() {
    let game = chosen(
        "Caldera Kavu",
        2,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Caldera Kavu: black\"\n",
    );
    let kavu = game.object_labelled("Caldera Kavu").unwrap();
    assert_eq!(kavu.colors(), vec![Color::Black], "{:?}", log(&game));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[413.2c] Alice chooses black"))
    );
    let game = chosen(
        "Mistform Dreamer",
        1,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Mistform Dreamer: Goblin\"\n",
    );
    let dreamer = game.object_labelled("Mistform Dreamer").unwrap();
    assert!(
        dreamer.type_line().has_subtype("Goblin"),
        "{:?}",
        log(&game)
    );
    assert!(!dreamer.type_line().has_subtype("Illusion"), "212.1b");
}
