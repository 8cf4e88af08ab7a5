//! Triggers on damage to a described recipient (410.2): "Whenever ~ deals damage to a
//! Dinosaur" fires once for each creature the description fits as the damage is dealt, "that
//! creature" being it; "Whenever ~ deals combat damage to an opponent" is damage to the player
//! it attacks (306.2).

use crate::common;

use common::{log, play};

fn hunter_blocks(attacker: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Dinosaur"
cost = "{{4}}{{G}}"
type = "Creature — Dinosaur"
pt = "5/5"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "Dinosaur Hunter"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = "Dinosaur Hunter={attacker}"
[expect]
{expect}"#
    )
}

#[test]
fn damage_to_a_creature_of_the_type_destroys_it() {
    let game = play(&hunter_blocks(
        "Sample Dinosaur",
        "graveyard = { Alice = [\"Sample Dinosaur\"], Bob = [\"Dinosaur Hunter\"] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("deals damage to a Dinosaur")),
        "{:?}",
        log(&game)
    );
    // A Giant isn't a Dinosaur: it survives the Hunter's 2 damage.
    play(&hunter_blocks(
        "Hill Giant",
        "in_play = [\"Hill Giant\"]\ndamage = { \"Hill Giant\" = 2 }\n",
    ));
}

#[test]
fn combat_damage_to_an_opponent_is_to_the_player_attacked() {
    play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Raider"
cost = "{1}{B}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Whenever Sample Raider deals combat damage to an opponent, you gain 3 life."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Raider"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Raider"
[expect]
life = { Alice = 23, Bob = 18 }
"#,
    );
}

const WARDS: &str = r#"[[card]]
name = "Human Ward"
cost = "{3}{B}"
type = "Creature — Zombie Cleric"
pt = "3/3"
text = "Whenever a Human deals damage to you, destroy it."
[[card]]
name = "Scar Drinker"
cost = "{2}{W}"
type = "Creature — Spirit"
pt = "1/1"
text = "Whenever a creature deals combat damage to you, you gain that much life."
"#;

/// Bob's turn: he attacks Alice with White Knight (a Human) and Grizzly Bears, unblocked, or
/// first pings her with Prodigal Pyromancer (`ping`); Alice has `alice`.
fn damage_to_alice(alice: &str, ping: bool) -> String {
    let ping = if ping {
        "[[action]]\nplayer = \"Bob\"\nactivate = \"Prodigal Pyromancer\"\ntargets = [\"Alice\"]\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n"
    } else {
        ""
    };
    format!(
        r#"stop_after = "end-of-combat"
{WARDS}
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{alice}"
controller = "Alice"
[[permanent]]
card = "White Knight"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Prodigal Pyromancer"
controller = "Bob"
{ping}[[action]]
player = "Bob"
attack = "White Knight, Grizzly Bears"
[[action]]
player = "Alice"
block = ""
"#
    )
}

#[test]
fn a_described_creature_dealing_damage_to_you_is_it() {
    // The Human (White Knight) that dealt Alice damage is destroyed; the Bears aren't Human.
    play(
        &(damage_to_alice("Human Ward", false)
            + "[expect]\nlife = { Alice = 16 }\ngraveyard = { Bob = [\"White Knight\"] }\nin_play = [\"Grizzly Bears\"]\n"),
    );
}

#[test]
fn combat_damage_to_you_binds_that_much_and_other_damage_doesnt_count() {
    // Two attackers: two triggers, each gaining what that creature dealt (2 and 2).
    play(&(damage_to_alice("Scar Drinker", false) + "[expect]\nlife = { Alice = 20 }\n"));
    // The Pyromancer's 1 isn't combat damage: it stays lost.
    play(&(damage_to_alice("Scar Drinker", true) + "[expect]\nlife = { Alice = 19 }\n"));
}

#[test]
fn damage_to_another_player_doesnt_trigger_yours() {
    // The Ward is Bob's: the Human dealt damage to Alice, not to its controller.
    let text = damage_to_alice("Human Ward", false).replace(
        "card = \"Human Ward\"\ncontroller = \"Alice\"",
        "card = \"Human Ward\"\ncontroller = \"Bob\"",
    );
    play(&(text + "[expect]\nlife = { Alice = 16 }\nin_play = [\"White Knight\"]\n"));
}

/// "that player discards a card and you create a tapped 2/2 black Zombie creature token"
/// (Liliana's Reaver): the player dealt the damage discards, and the ability's controller
/// creates the token; "you" before an imperative is the controller doing it.
#[test]
fn and_you_create_is_the_controllers_instruction_after_that_players() {
    let game = play(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Reaver"
cost = "{2}{B}"
type = "Creature — Zombie"
pt = "4/3"
text = "Whenever Sample Reaver deals combat damage to a player, that player discards a card and you create a tapped 2/2 black Zombie creature token."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Grizzly Bears"]
[[permanent]]
card = "Sample Reaver"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Reaver"
[expect]
life = { Bob = 16 }
graveyard = { Bob = ["Grizzly Bears"] }
"#,
    );
    let zombie = game
        .in_play()
        .find(|o| o.label != "Sample Reaver")
        .expect("a Zombie token");
    assert_eq!(
        zombie.controller,
        skirmish::model::PlayerId(0),
        "{:?}",
        log(&game)
    );
    assert!(zombie.tapped(), "{:?}", log(&game));
}

/// Brood Sliver: "Whenever a Sliver deals combat damage to a player, its controller may create
/// a 1/1 colorless Sliver creature token." Bob's Sliver deals the damage, so Bob chooses
/// (413.2c) and creates the token: it is his, though the ability is Alice's.
#[test]
fn its_controller_may_create_a_token_and_it_is_that_players() {
    let text = |extra: &str| {
        format!(
            r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Brood"
cost = "{{4}}{{G}}"
type = "Creature — Sliver"
pt = "3/3"
text = "Whenever a Sliver deals combat damage to a player, its controller may create a 1/1 colorless Sliver creature token."
[[card]]
name = "Sample Sliver"
cost = "{{1}}"
type = "Creature — Sliver"
pt = "2/2"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Brood"
controller = "Alice"
tapped = true
[[permanent]]
card = "Sample Sliver"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Sample Sliver"
{extra}[expect]
life = {{ Alice = 18 }}
"#
        )
    };
    let game = play(&text(""));
    let tokens: Vec<_> = game
        .in_play()
        .filter(|o| o.label != "Sample Brood" && o.label != "Sample Sliver")
        .collect();
    assert_eq!(tokens.len(), 1, "{:?}", log(&game));
    assert_eq!(
        tokens[0].controller,
        skirmish::model::PlayerId(1),
        "{:?}",
        log(&game)
    );
    let game = play(&text(
        "[[action]]\nplayer = \"Bob\"\nchoose = \"Sample Brood: nothing\"\n",
    ));
    assert_eq!(game.in_play().count(), 2, "{:?}", log(&game));
}
