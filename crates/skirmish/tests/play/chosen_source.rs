//! "Prevent all damage a [red] source of your choice would deal [to you] this turn" (419.8a):
//! the source is chosen as the effect is created, among permanents, spells on the stack and
//! creatures whose combat damage is on the stack that the description fits; not a target.

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
    // color would have offered the Plains first); the green bears' 2 damage gets through.
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
