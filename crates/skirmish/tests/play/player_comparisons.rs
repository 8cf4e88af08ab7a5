//! Conditions that compare two players by one measure (life total 215.1, cards in hand,
//! permanents they control): "as long as an opponent has more life than you", "unless
//! defending player controls more creatures than you"; and whose turn it is: "During your
//! turn, ~ has first strike" (the turn's active player, 101.1).

use crate::common;

use common::{log, play, scenario};
use skirmish::legality::Budget;
use skirmish::legality::judge::judge_attack;

const UNDERDOG: &str = r#"[[card]]
name = "Underdog Knight"
cost = "{1}{W}"
type = "Creature — Human Knight"
pt = "2/2"
text = "Underdog Knight has first strike as long as an opponent has more life than you."
"#;

/// Alice's Knight attacks; Bob's Bears block. `alice` is Alice's life total.
fn underdog(alice: i32, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
{UNDERDOG}
[[player]]
name = "Alice"
life = {alice}
[[player]]
name = "Bob"
[[permanent]]
card = "Underdog Knight"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Underdog Knight"
[[action]]
player = "Bob"
block = "Grizzly Bears=Underdog Knight"
[expect]
{expect}
"#
    )
}

/// 502.2 (first strike) only while Bob has more life than Alice: then the Knight kills the
/// Bears before they strike back; at equal life both die.
#[test]
fn first_strike_holds_only_while_an_opponent_has_more_life() {
    let game = play(&underdog(
        15,
        "in_play = [\"Underdog Knight\"]\ngraveyard = { Bob = [\"Grizzly Bears\"] }",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("first of two combat damage steps")),
        "{:?}",
        log(&game)
    );
    play(&underdog(
        20,
        "graveyard = { Alice = [\"Underdog Knight\"], Bob = [\"Grizzly Bears\"] }",
    ));
}

const DAYBLADE: &str = r#"[[card]]
name = "Dayblade Duelist"
cost = "{1}{R}"
type = "Creature — Human Warrior"
pt = "2/2"
text = "During your turn, Dayblade Duelist has first strike."
"#;

/// `active` attacks with its creature into the other's: the Duelist has first strike on
/// Alice's turn only.
fn duel(active: &str, expect: &str) -> String {
    let (attacker, blocker, other) = if active == "Alice" {
        ("Dayblade Duelist", "Grizzly Bears", "Bob")
    } else {
        ("Grizzly Bears", "Dayblade Duelist", "Alice")
    };
    format!(
        r#"
[turn]
active = "{active}"
step = "declare-attackers"
{DAYBLADE}
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Dayblade Duelist"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "{active}"
attack = "{attacker}"
[[action]]
player = "{other}"
block = "{blocker}={attacker}"
[expect]
{expect}
"#
    )
}

#[test]
fn during_your_turn_means_the_turn_of_the_abilitys_controller() {
    play(&duel(
        "Alice",
        "in_play = [\"Dayblade Duelist\"]\ngraveyard = { Bob = [\"Grizzly Bears\"] }",
    ));
    play(&duel(
        "Bob",
        "graveyard = { Alice = [\"Dayblade Duelist\"], Bob = [\"Grizzly Bears\"] }",
    ));
}

/// 500.2: a restriction lifted by a comparison of the two players' creatures, read for the
/// defending player of the attack.
#[test]
fn an_attack_restriction_compares_the_defending_players_creatures_with_yours() {
    let board = |bob: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Outnumbered Raider"
cost = "{{1}}{{R}}"
type = "Creature — Goblin"
pt = "3/1"
text = "Outnumbered Raider can't attack unless defending player controls more creatures than you."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Outnumbered Raider"
controller = "Alice"
{bob}
"#
        )
    };
    let one = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n";
    let two = format!("{one}[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n");
    let s = scenario(&board(one));
    let j = judge_attack(&s.game, "Outnumbered Raider", &mut Budget::default()).unwrap();
    assert!(!j.legal, "one creature each: {j:?}");
    let s = scenario(&board(&two));
    let j = judge_attack(&s.game, "Outnumbered Raider", &mut Budget::default()).unwrap();
    assert!(j.legal, "two against one: {j:?}");
}
