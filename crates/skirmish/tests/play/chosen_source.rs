//! "Prevent all damage a [red] source of your choice would deal [to you] this turn" and "The
//! next time a [red] source of your choice would deal damage to you this turn, prevent that
//! damage" (419.8a): the source is chosen as the effect is created, among permanents, spells on
//! the stack and creatures whose combat damage is on the stack that the description fits; not
//! a target. "The next time" prevents one damage event, all of it.

use crate::common;

use common::{lands, log, logged, play};

/// Bob attacks Alice with a Hill Giant (red) and Grizzly Bears (green), unblocked; in the
/// declare blockers step Alice sacrifices `card` (paying with a Plains) and answers `choose`.
fn attacked(card: &str, choose: &str, expect: &str) -> String {
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
card = "{card}"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{plains}[[action]]
player = "Bob"
attack = "Hill Giant, Grizzly Bears"
[[action]]
player = "Alice"
block = ""
[[action]]
player = "Alice"
activate = "{card}"
{choose}[expect]
{expect}"#,
        plains = lands("Plains", "Alice", 1)
    )
}

#[test]
fn damage_from_the_source_chosen_is_prevented_and_no_other() {
    // Alice chooses the giant: only the bears' 2 damage reaches her.
    let game = play(&attacked(
        "Auriok Replica",
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Auriok Replica: Hill Giant\"\n",
        "life = { Alice = 18 }\ngraveyard = { Alice = [\"Auriok Replica\"] }\n",
    ));
    assert!(
        logged(&game, "[419.8a] Alice chooses Hill Giant as the source"),
        "{:?}",
        log(&game)
    );
    // The bears chosen instead: the giant's 3 get through.
    play(&attacked(
        "Auriok Replica",
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Auriok Replica: Grizzly Bears\"\n",
        "life = { Alice = 17 }\n",
    ));
}

#[test]
fn a_red_source_of_your_choice_offers_only_red_sources() {
    // Forge-Tender: the giant is the only red source, chosen without asking (a source of any
    // color would have offered the bears too); the green bears' 2 damage gets through.
    let game = play(&attacked(
        "Burrenton Forge-Tender",
        "",
        "life = { Alice = 18 }\n",
    ));
    assert!(
        logged(&game, "[419.8a] Alice chooses Hill Giant as the source"),
        "{:?}",
        log(&game)
    );
}

/// Bob attacks Alice with `attackers`, unblocked; in the declare blockers step Alice activates
/// `card` (paying with a Plains) and answers `choose`.
fn shielded(card: &str, attackers: &[&str], choose: &str, expect: &str) -> String {
    let mut bob = String::new();
    for a in attackers {
        bob.push_str(&format!(
            "[[permanent]]\ncard = \"{a}\"\ncontroller = \"Bob\"\n"
        ));
    }
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{card}"
controller = "Alice"
{bob}{plains}[[action]]
player = "Bob"
attack = "{attack}"
[[action]]
player = "Alice"
block = ""
[[action]]
player = "Alice"
activate = "{card}"
{choose}[expect]
{expect}"#,
        plains = lands("Plains", "Alice", 1),
        attack = attackers.join(", ")
    )
}

#[test]
fn the_next_time_a_red_source_of_your_choice_would_deal_damage() {
    // Circle of Protection: Red: the giant (the one red source) is chosen; its 3 damage is
    // prevented, the green bears' 2 isn't.
    let game = play(&shielded(
        "Circle of Protection: Red",
        &["Hill Giant", "Grizzly Bears"],
        "",
        "life = { Alice = 18 }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.starts_with("[419.8a]") && l.contains("Hill Giant")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_next_time_is_once() {
    // Boros Swiftblade has double strike: the shield prevents its first-strike damage only,
    // and its regular damage is dealt (310.4, twice). Unanswered, Alice picks Bob's creature
    // over her own Shield Mate.
    play(&shielded(
        "Haazda Shield Mate",
        &["Boros Swiftblade"],
        "",
        "life = { Alice = 19 }\n",
    ));
    // Choosing her own Shield Mate protects from nothing that happens here.
    play(&shielded(
        "Haazda Shield Mate",
        &["Boros Swiftblade"],
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Haazda Shield Mate: Haazda Shield Mate\"\n",
        "life = { Alice = 18 }\n",
    ));
}
