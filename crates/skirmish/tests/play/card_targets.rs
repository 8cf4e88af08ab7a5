//! Target cards in graveyards described like any card (409.1c, 410.4): "target creature card with
//! converted mana cost 2 or less from your graveyard", "target creature card from that
//! player's graveyard"; returned to a hand (217.3) or put into play (217.1c).

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice's `name` (a 2/2 with `text`) attacks Bob, unblocked, and its trigger targets `target`
/// (`choose`). Her graveyard holds Grizzly Bears ({1}{G}, 2/2) and Hill Giant ({3}{R}, 3/3);
/// Bob's a Craw Wurm ({4}{G}{G}, 6/4) and a Savannah Lions ({W}, 2/1).
fn attack_with(text: &str, target: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Grave Caller"
cost = "{{2}}{{B}}"
type = "Creature — Zombie"
pt = "2/2"
text = "{text}"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
graveyard = ["Grizzly Bears", "Hill Giant"]
[[player]]
name = "Bob"
graveyard = ["Craw Wurm", "Savannah Lions"]
[[permanent]]
card = "Grave Caller"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grave Caller"
[[action]]
player = "Alice"
choose = "Grave Caller: {target}"
[expect]
{expect}
"#
    )
}

#[test]
fn a_cards_converted_mana_cost_limits_the_target() {
    let text = "Whenever Grave Caller attacks, return target creature card with converted mana cost 2 or less from your graveyard to the battlefield.";
    let game = play(&attack_with(
        text,
        "Grizzly Bears",
        "in_play = [\"Grizzly Bears\"]\ngraveyard = { Alice = [\"Hill Giant\"] }",
    ));
    assert!(
        logged(
            &game,
            "[217.1c] Grizzly Bears returns from the graveyard to play"
        ),
        "{:?}",
        log(&game)
    );
    // 410.4: Hill Giant's converted mana cost is 4.
    let e = run_scenario(&scenario(&attack_with(text, "Hill Giant", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.4"), "{e}");
    // The current wording, to the hand, and a power limit read alike.
    play(&attack_with(
        "Whenever Grave Caller attacks, return target creature card with mana value 2 or less from your graveyard to your hand.",
        "Grizzly Bears",
        "hand = { Alice = [\"Grizzly Bears\"] }",
    ));
    let power = "Whenever Grave Caller attacks, return target creature card with power 3 or greater from your graveyard to your hand.";
    play(&attack_with(
        power,
        "Hill Giant",
        "hand = { Alice = [\"Hill Giant\"] }",
    ));
    let e = run_scenario(&scenario(&attack_with(power, "Grizzly Bears", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.4"), "{e}");
}

#[test]
fn that_players_graveyard_is_the_graveyard_of_the_player_dealt_damage() {
    let text = "Whenever Grave Caller deals combat damage to a player, you may put target creature card from that player's graveyard onto the battlefield under your control.";
    let game = play(&attack_with(
        text,
        "Craw Wurm",
        "in_play = [\"Craw Wurm\"]\ncontroller = { \"Craw Wurm\" = \"Alice\" }\ngraveyard = { Bob = [\"Savannah Lions\"], Alice = [\"Grizzly Bears\", \"Hill Giant\"] }\nlife = { Bob = 18 }",
    ));
    assert!(
        logged(
            &game,
            "Craw Wurm returns from the graveyard to play under Alice's control"
        ),
        "{:?}",
        log(&game)
    );
    // Alice's own graveyard isn't that player's.
    let e = run_scenario(&scenario(&attack_with(text, "Grizzly Bears", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.4"), "{e}");
}
