//! "for each <counted>" after an instruction (413.1: an instruction is carried out as written,
//! its number read as it is): tokens for each land, damage for each creature card in a
//! graveyard, counters for each counter on a creature that has died (as it last existed,
//! 413.2f), and domain (212.6g) in a static ability.

use crate::common;

use common::{log, logged, play};

const PLAYERS: &str = r#"[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#;

#[test]
fn a_token_for_each_land_you_control_counts_the_lands_as_the_trigger_resolves() {
    let game = play(&format!(
        r#"[turn]
active = "Alice"
step = "declare-attackers"
{PLAYERS}
[[permanent]]
card = "Dune-Brood Nephilim"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest B"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Bob"
label = "Bob's Forest"
[[action]]
player = "Alice"
attack = "Dune-Brood Nephilim"
[expect]
life = {{ Bob = 17 }}
in_play = ["Sand", "Sand #2", "Sand #3"]
not_in_play = ["Sand #4"]
"#
    ));
    assert!(
        logged(&game, "Sand"),
        "the tokens are logged: {:?}",
        log(&game)
    );
}

#[test]
fn damage_for_each_creature_card_in_your_graveyard_counts_only_creature_cards() {
    let mut lands = String::new();
    for i in 0..7 {
        lands.push_str(&format!(
            "[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp {i}\"\n"
        ));
    }
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Lotleth Giant"]
graveyard = ["Grizzly Bears", "Hill Giant", "Lightning Bolt"]
[[player]]
name = "Bob"
{lands}
[[action]]
player = "Alice"
cast = "Lotleth Giant"
[expect]
life = {{ Bob = 18 }}
in_play = ["Lotleth Giant"]
"#
    ));
}

#[test]
fn counters_for_each_counter_on_a_dead_creature_read_it_as_it_last_existed() {
    // Grief Tyrant with seven -1/-1 counters is a 1/1; blocked by the Bears it dies, and its
    // trigger puts seven -1/-1 counters on Bob's Craw Wurm (6/4), which dies (420.5c).
    play(&format!(
        r#"[turn]
active = "Alice"
step = "declare-attackers"
{PLAYERS}
[[permanent]]
card = "Grief Tyrant"
controller = "Alice"
counters = {{ "-1/-1" = 7 }}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grief Tyrant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Grief Tyrant"
[[action]]
player = "Alice"
choose = "Grief Tyrant: Craw Wurm"
[expect]
graveyard = {{ Alice = ["Grief Tyrant"], Bob = ["Craw Wurm"] }}
in_play = ["Grizzly Bears"]
"#
    ));
}

#[test]
fn a_token_for_each_counter_on_it_after_it_dies_reads_its_last_counters() {
    // "it" in "for each +1/+1 counter on it" is the creature with the ability: it has died,
    // and the count is of its counters as it last existed in play (413.2f).
    play(&format!(
        r#"[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Counted Hydra"
cost = "{{2}}{{G}}"
type = "Creature — Hydra"
pt = "0/0"
text = "When Counted Hydra dies, create a 1/1 green Snake creature token for each +1/+1 counter on it."
{PLAYERS}
[[permanent]]
card = "Counted Hydra"
controller = "Alice"
counters = {{ "+1/+1" = 2 }}
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Counted Hydra"
[[action]]
player = "Bob"
block = "Hill Giant=Counted Hydra"
[expect]
in_play = ["Snake", "Snake #2"]
not_in_play = ["Snake #3", "Counted Hydra"]
"#
    ));
}

#[test]
fn domain_counts_basic_land_types_among_your_lands() {
    // Forest, Forest and Mountain: two basic land types, so +2/+0; Bob's Island doesn't count.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{PLAYERS}
[[permanent]]
card = "Kavu Scout"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest B"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Bob"
[expect]
pt = {{ "Kavu Scout" = "2/2" }}
"#
    ));
}

#[test]
fn for_each_after_an_instruction_without_a_number_is_refused() {
    let e = common::sample_card(
        "{2}{R}",
        "Creature — Ogre",
        Some("2/2"),
        "When Sample enters the battlefield, destroy target artifact for each land you control.",
    )
    .unwrap_err();
    assert!(e.to_string().contains("for each"), "{e}");
}

#[test]
fn the_explanation_says_for_each() {
    let card = common::sample_card(
        "{B}{R}{G}{W}",
        "Creature — Nephilim",
        Some("3/3"),
        "Whenever Sample deals combat damage to a player, create a 1/1 colorless Sand creature token for each land you control.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text: Vec<String> = card
        .abilities
        .iter()
        .map(skirmish::view::describe)
        .collect();
    assert!(
        text.iter()
            .any(|t| t.ends_with("into play for each land you control")),
        "{text:?}"
    );
}

/// "double the number of +1/+1 counters on each creature you control" (current 701.10e): each
/// gets as many as it has; one with none gets none.
#[test]
fn doubling_counters_gives_as_many_as_each_has() {
    let game = common::play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Kalonian Hydra"
controller = "Alice"
counters = { "+1/+1" = 4 }
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
counters = { "+1/+1" = 1 }
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wind Drake"
controller = "Bob"
counters = { "+1/+1" = 2 }
[[action]]
player = "Alice"
attack = "Kalonian Hydra"
[expect]
counters = { "Kalonian Hydra" = { "+1/+1" = 8 }, "Grizzly Bears" = { "+1/+1" = 2 }, "Wind Drake" = { "+1/+1" = 2 } }
pt = { "Kalonian Hydra" = "8/8", "Hill Giant" = "3/3" }
"#,
    );
    assert!(
        common::logged(&game, "[701.10e]"),
        "{:?}",
        common::log(&game)
    );
}

/// Amounts counted for each player dealt the damage (416.1; 413.1): "~ deals damage to each
/// opponent equal to the number of Islands that player controls" counts Bob's Islands for Bob,
/// not Alice's; "... to target player equal to the number of cards in that player's hand"
/// counts the target's hand.
#[test]
fn damage_is_counted_for_each_player_dealt_it() {
    let run = |text: &str, target: &str| {
        let targets = if target.is_empty() {
            String::new()
        } else {
            format!("targets = [\"{target}\"]\n")
        };
        play(&format!(
            r#"stop_after = "precombat-main"
[[card]]
name = "Sample Surge"
cost = "{{R}}"
type = "Sorcery"
text = "{text}"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Surge", "Forest"]
[[player]]
name = "Bob"
hand = ["Forest", "Forest", "Forest"]
{}{}[[permanent]]
card = "Mountain"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Sample Surge"
{targets}[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#,
            common::lands("Island", "Alice", 3),
            common::lands("Island", "Bob", 2).replace("Island ", "Bob's Island "),
        ))
    };
    let game = run(
        "Sample Surge deals damage to each opponent equal to the number of Islands that player controls.",
        "",
    );
    assert_eq!(game.players[1].life, 18, "{:?}", log(&game));
    assert_eq!(game.players[0].life, 20);
    assert!(logged(&game, "[416.1]"), "{:?}", log(&game));
    let game = run(
        "Sample Surge deals damage to target player equal to the number of cards in that player's hand.",
        "Bob",
    );
    assert_eq!(game.players[1].life, 17, "{:?}", log(&game));
}

/// A static "gets +X/+X, where X is <amount>" (layer 6d in 2009, 418.5a), counted as
/// characteristics are computed; "for each opponent" counts the players still in the game
/// (102.2); "half ..., rounded down" (104.1a); card types among a graveyard's cards (205.2a).
#[test]
fn static_amounts_where_x_is_opponents_halves_and_card_types() {
    let board = |text: &str, graveyard: &str, pt: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Beast"
cost = "{{2}}{{G}}"
type = "Creature — Beast"
pt = "1/1"
text = "{text}"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Beast"
controller = "Alice"
[expect]
pt = {{ "Sample Beast" = "{pt}" }}
"#
        )
    };
    let three = "\"Grizzly Bears\", \"Forest\", \"Lightning Bolt\"";
    for (text, graveyard, pt) in [
        (
            "Sample Beast gets +X/+X, where X is the number of creature cards in your graveyard.",
            three,
            "2/2",
        ),
        (
            "Sample Beast gets +X/+0, where X is the number of cards in your graveyard.",
            three,
            "4/1",
        ),
        ("Sample Beast gets +2/+2 for each opponent.", "", "3/3"),
        (
            "Sample Beast gets +X/+X, where X is half the number of cards in your graveyard, rounded down.",
            three,
            "2/2",
        ),
        (
            "Sample Beast gets +X/+X, where X is half the number of cards in your graveyard, rounded up.",
            three,
            "3/3",
        ),
        (
            "Sample Beast gets +X/+X, where X is the number of card types among cards in your graveyard.",
            "\"Grizzly Bears\", \"Llanowar Elves\", \"Forest\"",
            "3/3",
        ),
    ] {
        // `play` checks the expected power and toughness.
        play(&board(text, graveyard, pt));
    }
}

#[test]
fn for_each_one_thing_and_each_another_adds_both_counts() {
    // One other Zombie in play and two Zombie cards in the graveyard (a Human card there and
    // Bob's Zombie don't count): +3/+0, so the 2/2 Horde deals 5.
    let game = play(
        r#"[[card]]
name = "Sample Horde"
cost = "{2}{B}"
type = "Creature — Zombie"
pt = "2/2"
text = "Whenever Sample Horde attacks, it gets +1/+0 until end of turn for each other Zombie you control and each Zombie card in your graveyard."
[[card]]
name = "Sample Zombie"
cost = "{B}"
type = "Creature — Zombie"
pt = "1/1"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
graveyard = ["Sample Zombie", "Sample Zombie", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Horde"
controller = "Alice"
[[permanent]]
card = "Sample Zombie"
controller = "Alice"
label = "Alice's Zombie"
[[permanent]]
card = "Sample Zombie"
controller = "Bob"
label = "Bob's Zombie"
[[action]]
player = "Alice"
attack = "Sample Horde"
[expect]
life = { Bob = 15 }
"#,
    );
    assert!(
        logged(&game, "Sample Horde gets +3/+0"),
        "the sum is logged: {:?}",
        log(&game)
    );
}

/// "~ gets +1/+1 for each other creature on the battlefield named ~": "on the battlefield"
/// (2009: "in play") says where permanents are, nothing more (418.3b: counted as the
/// characteristics are computed); another card's creature with the same name counts.
#[test]
fn each_other_creature_on_the_battlefield_named_like_it_counts() {
    let rats = |n: usize| {
        let mut text = String::from(
            "stop_after = \"precombat-main\"\n[[card]]\nname = \"Sample Rats\"\ncost = \"{1}{B}\"\ntype = \"Creature — Rat\"\npt = \"2/2\"\ntext = \"Sample Rats gets +1/+1 for each other creature on the battlefield named Sample Rats.\"\n[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
        );
        for i in 0..n {
            let who = if i == 2 { "Bob" } else { "Alice" };
            text.push_str(&format!(
                "[[permanent]]\ncard = \"Sample Rats\"\ncontroller = \"{who}\"\nlabel = \"Rats {i}\"\n"
            ));
        }
        text
    };
    play(&(rats(1) + "[expect]\npt = { \"Rats 0\" = \"2/2\" }\n"));
    play(&(rats(3) + "[expect]\npt = { \"Rats 0\" = \"4/4\", \"Rats 2\" = \"4/4\" }\n"));
}
