//! "{4}{U}{U}, Exile ~ from your graveyard: ...": a cost that moves the card out of its
//! owner's graveyard makes the ability function only there (402.8h); the card is removed from
//! the game as the cost is paid (217.7), and the ability resolves without it.

use crate::common;

use common::{lands, log, play};

fn moondrakes(zone: &str, player: &str, block: &str, expect: &str) -> String {
    let (graveyard, permanent) = if zone == "graveyard" {
        ("graveyard = [\"Nephalia Moondrakes\"]\n", String::new())
    } else {
        (
            "",
            "[[permanent]]\ncard = \"Nephalia Moondrakes\"\ncontroller = \"Alice\"\n".to_string(),
        )
    };
    format!(
        r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
{graveyard}[[player]]
name = "Bob"
{permanent}[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{islands}[[action]]
player = "{player}"
activate = "Nephalia Moondrakes"
{block}[expect]
{expect}"#,
        islands = lands("Island", player, 6)
    )
}

#[test]
fn the_ability_is_played_from_the_graveyard_and_exiles_the_card() {
    // Grizzly Bears gains flying: Bob's Hill Giant can't block it (502.4b).
    let game = play(&moondrakes(
        "graveyard",
        "Alice",
        "[[action]]\nplayer = \"Alice\"\nstep = \"declare-attackers\"\nattack = \"Grizzly Bears\"\n[[action]]\nplayer = \"Bob\"\nblock = \"Hill Giant=Grizzly Bears\"\nrefused = \"502.4b\"\n",
        "removed = { Alice = [\"Nephalia Moondrakes\"] }\ngraveyard = { Alice = [] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("[402.8h]") && l.contains("removed from the game")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn not_from_play_and_not_from_another_players_graveyard() {
    play(&moondrakes(
        "play",
        "Alice",
        "refused = \"402.8h\"\n",
        "in_play = [\"Nephalia Moondrakes\"]\n",
    ));
    play(&moondrakes(
        "graveyard",
        "Bob",
        "refused = \"402.8h\"\n",
        "graveyard = { Alice = [\"Nephalia Moondrakes\"] }\n",
    ));
}
