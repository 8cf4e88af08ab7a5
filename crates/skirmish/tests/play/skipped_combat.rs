//! Skipping combat phases (300.9, 419.6e-f): "target opponent skips his or her next combat
//! phase" waits for a combat phase of that player's turn not yet begun; "skips all combat
//! phases of his or her next turn" takes every combat phase of that turn.

use crate::common;

use common::{lands, log, logged, play};

/// 300.9: Stonehorn Dignitary's trigger makes Bob skip the combat phase of his next turn: no
/// beginning of combat step there, while Alice's own combat this turn happens.
#[test]
fn stonehorn_dignitary_takes_the_opponents_next_combat_phase() {
    let game = play(&format!(
        r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Stonehorn Dignitary"]
[[player]]
name = "Bob"
library = ["Island"]
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
{plains}[[action]]
player = "Alice"
cast = "Stonehorn Dignitary"
[[action]]
player = "Bob"
pass = true
step = "upkeep"
"#,
        plains = lands("Plains", "Alice", 4)
    ));
    let lines = log(&game);
    assert!(
        logged(&game, "[300.9] Bob will skip his or her next combat phase"),
        "{lines:?}"
    );
    assert!(
        logged(
            &game,
            "[300.9] Bob skips this combat phase (his or her next combat phase)"
        ),
        "{lines:?}"
    );
    // Alice's combat of turn 1 still begins; turn 2's doesn't.
    assert!(
        lines
            .iter()
            .any(|l| l.contains("turn 1 (Alice): beginning of combat step begins")),
        "{lines:?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("turn 2 (Bob): beginning of combat")),
        "{lines:?}"
    );
    assert_eq!(
        game.player_named("Bob").map(|p| p.skip_combat_phases),
        Some(0)
    );
}

/// 300.9: False Peace on Bob takes every combat phase of his next turn; cast by Alice on
/// herself during her turn, it waits for her next turn, so this turn's combat happens.
#[test]
fn false_peace_takes_the_combat_phases_of_the_players_next_turn() {
    let text = |target: &str| {
        format!(
            r#"stop_after = "end-of-turn"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["False Peace"]
[[player]]
name = "Bob"
library = ["Island"]
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{plains}[[action]]
player = "Alice"
cast = "False Peace"
targets = ["{target}"]
[[action]]
player = "Alice"
attack = "Grizzly Bears"
step = "declare-attackers"
[[action]]
player = "Bob"
pass = true
step = "upkeep"
"#,
            plains = lands("Plains", "Alice", 1)
        )
    };
    let game = play(&text("Bob"));
    assert!(
        logged(
            &game,
            "[300.9] Bob skips this combat phase (all combat phases of this turn)"
        ),
        "{:?}",
        log(&game)
    );
    let game = play(&text("Alice"));
    assert!(
        !logged(&game, "skips this combat phase"),
        "{:?}",
        log(&game)
    );
    assert_eq!(
        game.player_named("Alice").map(|p| p.skip_combat_turns),
        Some(1)
    );
}
