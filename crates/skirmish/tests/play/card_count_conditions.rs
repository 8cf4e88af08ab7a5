//! Conditions that count cards: "as long as there are two or more instant and/or sorcery cards
//! in your graveyard", "as long as a Warrior card is in your graveyard", "as long as you have
//! more cards in hand than each opponent" — read whenever characteristics are computed
//! (418.5a: a static ability's effect applies while its condition holds).

use crate::common;

use common::play;

fn board(creature: &str, graveyard: &str, alice_hand: &str, bob_hand: &str, rest: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
hand = [{alice_hand}]
[[player]]
name = "Bob"
hand = [{bob_hand}]
[[permanent]]
card = "{creature}"
controller = "Alice"
summoning_sick = true
{rest}"#
    )
}

#[test]
fn two_instant_or_sorcery_cards_and_not_one() {
    // An instant and a sorcery: +1/+0 and haste, so the creature attacks the turn it came.
    play(&board(
        "Ghitu Lavarunner",
        "\"Shock\", \"Threaten\"",
        "",
        "",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Ghitu Lavarunner\"\n[expect]\npt = { \"Ghitu Lavarunner\" = \"2/2\" }\nlife = { Bob = 18 }\n",
    ));
    // One instant and a land: neither; a summoning-sick creature can't attack (212.3f).
    play(&board(
        "Ghitu Lavarunner",
        "\"Shock\", \"Forest\"",
        "",
        "",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Ghitu Lavarunner\"\nrefused = \"212.3f\"\n[expect]\npt = { \"Ghitu Lavarunner\" = \"1/2\" }\nlife = { Bob = 20 }\n",
    ));
}

#[test]
fn a_card_of_a_subtype_in_the_graveyard() {
    play(&board(
        "Vengeful Firebrand",
        "\"Crazed Goblin\"",
        "",
        "",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Vengeful Firebrand\"\n[expect]\nlife = { Bob = 15 }\n",
    ));
    // A creature card that isn't a Warrior doesn't count.
    play(&board(
        "Vengeful Firebrand",
        "\"Grizzly Bears\"",
        "",
        "",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Vengeful Firebrand\"\nrefused = \"212.3f\"\n[expect]\nlife = { Bob = 20 }\n",
    ));
}

#[test]
fn more_cards_in_hand_than_each_opponent() {
    play(&board(
        "Okina Nightwatch",
        "",
        "\"Shock\", \"Forest\", \"Forest\"",
        "\"Shock\", \"Forest\"",
        "[expect]\npt = { \"Okina Nightwatch\" = \"7/6\" }\n",
    ));
    // As many as the opponent isn't more.
    play(&board(
        "Okina Nightwatch",
        "",
        "\"Shock\", \"Forest\"",
        "\"Shock\", \"Forest\"",
        "[expect]\npt = { \"Okina Nightwatch\" = \"4/3\" }\n",
    ));
}
