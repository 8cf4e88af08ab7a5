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

/// Alice attacks Bob (and, with three players, not Carol) with `attacker`; Bob has Grizzly
/// Bears, Carol Hill Giant; Alice keeps Llanowar Elves home.
fn damage_echo(card: &str, attacker: &str, carol: bool) -> String {
    let carol = if carol {
        "[[player]]\nname = \"Carol\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Carol\"\n"
    } else {
        ""
    };
    format!(
        r#"stop_after = "end-of-combat"
{card}
[turn]
active = "Alice"
step = "declare-attackers"
defending = "Bob"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
{carol}[[permanent]]
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}->Bob"
[[action]]
player = "Bob"
block = ""
"#
    )
}

#[test]
fn that_much_damage_to_each_creature_that_player_controls() {
    // Balefire Dragon deals 6 combat damage to Bob, then 6 to each creature Bob controls:
    // his Bears die, Alice's Elves don't.
    play(
        &(damage_echo("", "Balefire Dragon", false)
            + "[expect]\nlife = { Bob = 14 }\ngraveyard = { Bob = [\"Grizzly Bears\"] }\nin_play = [\"Llanowar Elves\"]\n"),
    );
}

#[test]
fn that_much_damage_to_each_other_opponent() {
    let omnivore = r#"[[card]]
name = "Hydra Omnivore"
cost = "{4}{G}{G}"
type = "Creature — Hydra"
pt = "8/8"
text = "Whenever Hydra Omnivore deals combat damage to an opponent, it deals that much damage to each other opponent."
"#;
    // Three players: Carol, the other opponent, loses 8 too; Bob isn't dealt it twice.
    play(
        &(damage_echo(omnivore, "Hydra Omnivore", true)
            + "[expect]\nlife = { Alice = 20, Bob = 12, Carol = 12 }\n"),
    );
    // Two players: there is no other opponent.
    play(
        &(damage_echo(omnivore, "Hydra Omnivore", false)
            + "[expect]\nlife = { Alice = 20, Bob = 12 }\n"),
    );
}

#[test]
fn it_after_an_instruction_about_this_creature_in_an_activated_ability() {
    // Grimgrin (tapped) sacrifices the Elves: it untaps and "it" gets the counter.
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grimgrin, Corpse-Born"
label = "Grimgrin"
controller = "Alice"
tapped = true
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Grimgrin"
pay = ["Llanowar Elves"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
untapped = ["Grimgrin"]
counters = { "Grimgrin" = { "+1/+1" = 1 } }
pt = { "Grimgrin" = "6/6", "Grizzly Bears" = "2/2" }
graveyard = { Alice = ["Llanowar Elves"] }
"#,
    );
}

#[test]
fn an_ability_gained_with_no_duration_lasts_past_the_turn() {
    // 418.3a: Brass-Talon Chimera's "It gains first strike." states no duration, so the
    // Chimera it targets keeps first strike after cleanup ends "until end of turn" effects.
    let game = play(
        r#"[[card]]
name = "Chimera Token Maker"
cost = "{3}"
type = "Artifact Creature — Chimera"
pt = "1/1"
text = ""
[turn]
active = "Alice"
step = "postcombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Brass-Talon Chimera"
controller = "Alice"
[[permanent]]
card = "Chimera Token Maker"
label = "Other Chimera"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Brass-Talon Chimera"
targets = ["Other Chimera"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
graveyard = { Alice = ["Brass-Talon Chimera"] }
pt = { "Other Chimera" = "3/3" }
"#,
    );
    let id = game.object_labelled("Other Chimera").unwrap().id;
    assert!(
        game.has_keyword(id, &skirmish::ability::Keyword::FirstStrike),
        "{:?}",
        log(&game)
    );
}

#[test]
fn protection_from_snow_is_from_snow_objects() {
    // Ronom Hulk can't be blocked by a snow creature (502.7f); a creature that isn't snow may.
    let text = |blocker: &str, refused: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[[card]]
name = "Ronom Hulk"
cost = "{{4}}{{G}}"
type = "Creature — Beast"
pt = "5/6"
text = """
Cumulative upkeep {{1}}
Protection from snow"""
[[card]]
name = "Snow Bear"
cost = "{{1}}{{G}}"
type = "Snow Creature — Bear"
pt = "2/2"
text = ""
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Ronom Hulk"
controller = "Alice"
[[permanent]]
card = "{blocker}"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Ronom Hulk"
[[action]]
player = "Bob"
block = "{blocker}=Ronom Hulk"
{refused}"#
        )
    };
    play(&text("Snow Bear", "refused = \"502.7f\"\n"));
    play(&text("Grizzly Bears", ""));
}

#[test]
fn enters_tapped_and_doesnt_untap_are_two_predicates_of_the_card() {
    // Grimgrin comes into play tapped.
    play(
        r#"[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grimgrin, Corpse-Born"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
label = "Island 1"
controller = "Alice"
[[permanent]]
card = "Island"
label = "Island 2"
controller = "Alice"
[[permanent]]
card = "Swamp"
label = "Swamp 1"
controller = "Alice"
[[permanent]]
card = "Swamp"
label = "Swamp 2"
controller = "Alice"
[[permanent]]
card = "Swamp"
label = "Swamp 3"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Grimgrin, Corpse-Born"
[expect]
tapped = ["Grimgrin, Corpse-Born"]
"#,
    );
    // And Alice's next untap step leaves it tapped (302.2), but untaps her Bears.
    play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Bob"
step = "postcombat-main"
[[player]]
name = "Alice"
library = ["Island", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grimgrin, Corpse-Born"
controller = "Alice"
tapped = true
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
tapped = true
[[action]]
player = "Alice"
attack = ""
[expect]
tapped = ["Grimgrin, Corpse-Born"]
untapped = ["Grizzly Bears"]
"#,
    );
}
