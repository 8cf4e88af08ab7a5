//! "Whenever ~ deals combat damage to a player, ... target <permanent> that player controls":
//! "that player" is the player dealt the damage, the one the creature attacks (306.2); the
//! target is chosen among that player's permanents as the ability goes on the stack (410.4).

use crate::common;

use common::{log, play, scenario};

fn raid(answer: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Raider"
cost = "{{2}}{{B}}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Whenever Sample Raider deals combat damage to a player, destroy target creature that player controls."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Raider"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
tapped = true
[[action]]
player = "Alice"
attack = "Sample Raider"
{answer}"#
    )
}

#[test]
fn the_target_is_a_creature_of_the_player_dealt_damage() {
    let game = play(&format!(
        "{}[expect]\ngraveyard = {{ Bob = [\"Hill Giant\"] }}\nin_play = [\"Grizzly Bears\"]\nlife = {{ Bob = 18 }}\n",
        raid("")
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("Hill Giant") && l.contains("destroyed")),
        "{:?}",
        log(&game)
    );
    // Alice's own creature isn't a creature "that player" (Bob) controls.
    let s = scenario(&raid(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Raider: Grizzly Bears\"\n",
    ));
    let err = skirmish::engine::run_scenario(&s)
        .err()
        .map(|e| e.to_string());
    assert!(
        err.as_deref()
            .is_some_and(|e| e.contains("[410.4] Grizzly Bears is not a legal target")),
        "{err:?}"
    );
}

#[test]
fn creatures_that_player_controls_are_the_damaged_players() {
    play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Terror"
cost = "{2}{B}"
type = "Creature — Horror"
pt = "2/2"
text = "Whenever Sample Terror deals combat damage to a player, creatures that player controls get -1/-1 until end of turn."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Terror"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
tapped = true
[[action]]
player = "Alice"
attack = "Sample Terror"
[expect]
pt = { "Hill Giant" = "2/2", "Grizzly Bears" = "2/2", "Sample Terror" = "2/2" }
"#,
    );
}

/// "Whenever ~ attacks, defending player sacrifices a creature. Creatures that player controls
/// can't block this turn.": with no player targeted, "that player" is the one the earlier
/// instruction names, the defending player (306.2).
#[test]
fn that_player_after_an_untargeted_player_is_that_player() {
    let text = |block: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Marauder"
cost = "{{2}}{{B}}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Whenever Sample Marauder attacks, defending player sacrifices a creature. Creatures that player controls can't block this turn."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Marauder"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Sample Marauder"
[[action]]
player = "Bob"
choose = "Sample Marauder: Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let s = scenario(&text("Hill Giant=Sample Marauder"));
    let Err(e) = skirmish::engine::run_scenario(&s) else {
        panic!("Hill Giant can't block");
    };
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500"))
            && e.to_string().contains("Hill Giant can't block"),
        "{e}"
    );
    play(&format!(
        "{}[expect]\ngraveyard = {{ Bob = [\"Grizzly Bears\"] }}\n",
        text("")
    ));
}

#[test]
fn that_opponent_is_the_opponent_dealt_damage() {
    // Zhang Liao deals damage to Bob, an opponent: "that opponent" is Bob, who discards his
    // one card; Alice keeps hers.
    let game = play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Forest"]
[[player]]
name = "Bob"
hand = ["Island"]
[[permanent]]
card = "Zhang Liao, Hero of Hefei"
label = "Zhang Liao"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Zhang Liao"
[expect]
life = { Bob = 17 }
graveyard = { Bob = ["Island"] }
hand = { Alice = ["Forest"] }
"#,
    );
    assert!(
        log(&game).iter().any(|l| l.contains("Bob discards")),
        "{:?}",
        log(&game)
    );
}
