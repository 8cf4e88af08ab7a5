//! More keyword abilities of permanents, played through the engine: annihilator (702.86).

mod common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::model::Game;

fn log(game: &Game) -> Vec<String> {
    game.events.iter().map(|e| e.to_string()).collect()
}

/// Runs a scenario that must play out, and checks its `[expect]` table on the final state.
fn play(text: &str) -> Game {
    let s = scenario(text);
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    game
}

/// Alice attacks Bob with `attackers`; Bob has `bobs` in play; `rest` holds further actions
/// and the `[expect]` table.
fn attack(attackers: &[&str], bobs: &[&str], rest: &str) -> String {
    let mut text = String::from(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#,
    );
    for a in attackers {
        text += &format!("[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\n");
    }
    for b in bobs {
        text += &format!("[[permanent]]\ncard = \"{b}\"\ncontroller = \"Bob\"\n");
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{}\"\n",
        attackers.join(", ")
    );
    text + rest
}

#[test]
fn annihilator_makes_the_defending_player_sacrifice_permanents_of_his_choice() {
    let game = play(&attack(
        &["Ulamog's Crusher"],
        &["Grizzly Bears", "Forest", "Mountain"],
        r#"[[action]]
player = "Bob"
choose = "Ulamog's Crusher: Forest"
[[action]]
player = "Bob"
choose = "Ulamog's Crusher: Grizzly Bears"
[expect]
in_play = ["Mountain", "Ulamog's Crusher"]
not_in_play = ["Forest", "Grizzly Bears"]
life = { Bob = 12 }
log = ["[702.86a] Bob sacrifices Forest, Grizzly Bears"]
"#,
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("annihilator 2 (702.86a)"))
    );
    // With fewer permanents than N, all of them go.
    play(&attack(
        &["Ulamog's Crusher"],
        &["Forest"],
        "[expect]\nnot_in_play = [\"Forest\"]\nlife = { Bob = 12 }\n",
    ));
}
