//! A player chosen as a permanent comes into play ("As ~ enters the battlefield, choose an
//! opponent.", 410.10e) and "the chosen player" in its other abilities: a count of that
//! player's cards or permanents, read as it changes.

use crate::common;
use common::{lands, log, play};

/// 410.10e: Alice casts Nyxathid and chooses Bob as it comes into play; it gets -1/-1 for each
/// card in Bob's hand (three), and more as his hand grows.
#[test]
fn nyxathid_shrinks_with_the_chosen_players_hand() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Nyxathid", "Forest"]
[[player]]
name = "Bob"
hand = ["Plains", "Island", "Swamp"]
{swamps}[[action]]
player = "Alice"
cast = "Nyxathid"
[[action]]
player = "Alice"
choose = "Nyxathid: Bob"
[expect]
pt = {{ "Nyxathid" = "4/4" }}
"#,
        swamps = lands("Swamp", "Alice", 3)
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("[410.10e] Alice chooses Bob as Nyxathid comes into play")),
        "{:?}",
        log(&game)
    );
}

/// A Skyshroud War Beast already in play says whom it chose; its power and toughness count the
/// nonbasic lands that player controls (Bob's one Forbidding Watchtower), not its
/// controller's two. A permanent that asks must say, and only an opponent fits.
#[test]
fn skyshroud_war_beast_counts_the_chosen_players_nonbasic_lands() {
    let text = |chosen: &str| {
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
card = "Skyshroud War Beast"
controller = "Alice"
{chosen}
[[permanent]]
card = "Forbidding Watchtower"
controller = "Bob"
[[permanent]]
card = "Forbidding Watchtower"
controller = "Alice"
label = "Alice's Watchtower"
[[permanent]]
card = "Forbidding Watchtower"
controller = "Alice"
label = "Alice's second Watchtower"
[expect]
pt = {{ "Skyshroud War Beast" = "1/1" }}
"#
        )
    };
    play(&text("chosen_player = \"Bob\""));
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", text(""));
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("410.10e"), "{e}");
    let file =
        skirmish::diagnostics::SourceFile::new("inline.toml", text("chosen_player = \"Alice\""));
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("opponent"), "{e}");
    // A card that chooses no player can't have one.
    let file = skirmish::diagnostics::SourceFile::new(
        "inline.toml",
        text("chosen_player = \"Bob\"").replacen(
            "card = \"Forbidding Watchtower\"\ncontroller = \"Bob\"",
            "card = \"Forbidding Watchtower\"\ncontroller = \"Bob\"\nchosen_player = \"Alice\"",
            1,
        ),
    );
    assert!(skirmish::scenario::Scenario::parse(file).is_err());
}

/// The choice comes first (410.10e), then the counters it comes into play with count the
/// creatures "that player" (the one chosen) controls: two, so a 4/4.
#[test]
fn canker_abomination_counts_the_chosen_opponents_creatures() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Canker Abomination"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
{swamps}[[action]]
player = "Alice"
cast = "Canker Abomination"
[expect]
pt = {{ "Canker Abomination" = "4/4" }}
counters = {{ "Canker Abomination" = {{ "-1/-1" = 2 }} }}
"#,
        swamps = lands("Swamp", "Alice", 4)
    ));
    assert!(
        log(&game).iter().any(|e| e.contains("[410.10e]")),
        "{:?}",
        log(&game)
    );
}

/// "choose a player": its controller may choose himself or herself; unanswered, the next
/// opponent in turn order.
#[test]
fn a_player_chosen_may_be_its_controller() {
    let text = |answer: &str, pt: &str| {
        format!(
            r#"stop_after = "precombat-main"
[[card]]
name = "Counting Golem"
cost = "{{2}}"
type = "Artifact Creature — Golem"
pt = "0/1"
text = """
As Counting Golem enters the battlefield, choose a player.
Counting Golem gets +1/+0 for each card in the chosen player's hand."""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Counting Golem", "Plains", "Island"]
[[player]]
name = "Bob"
hand = ["Swamp"]
{forests}[[action]]
player = "Alice"
cast = "Counting Golem"
{answer}
[expect]
pt = {{ "Counting Golem" = "{pt}" }}
"#,
            forests = lands("Forest", "Alice", 2)
        )
    };
    play(&text(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Counting Golem: Alice\"",
        "2/1",
    ));
    play(&text("", "1/1"));
}
