//! Spells, activated and triggered abilities whose instructions restrict or require attacks and
//! blocks (500.1) or otherwise change how creatures fight: optional block requirements (410.5),
//! permanents that become creatures (418.5a), and the events that trigger them.

mod common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Step};

fn log(game: &Game) -> Vec<String> {
    game.events.iter().map(|e| e.to_string()).collect()
}

/// Alice casts Giant Ambush Beetle targeting Bob's Grizzly Bears (`choices` answers its "you
/// may"), attacks with it and Hill Giant, and Bob declares `block`.
fn ambush(choices: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Ambush Beetle"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 4"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Giant Ambush Beetle"
[[action]]
player = "Alice"
choose = "Giant Ambush Beetle: Grizzly Bears"
{choices}
[[action]]
player = "Alice"
attack = "Giant Ambush Beetle, Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn you_may_have_target_creature_block_it_imposes_the_requirement() {
    // 500.3: the Bears could block the Beetle, so blocking Hill Giant instead (or nothing)
    // obeys fewer requirements than possible.
    for block in ["Grizzly Bears=Hill Giant", ""] {
        let e = run_scenario(&scenario(&ambush("", block))).unwrap_err();
        assert_eq!(e.step, Step::DeclareBlockers, "{e}");
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{e}"
        );
        assert!(e.message.contains("Giant Ambush Beetle"), "{e}");
    }
    let (game, _) = run_scenario(&scenario(&ambush("", "Grizzly Bears=Giant Ambush Beetle")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Giant Ambush Beetle deals 4 damage to Grizzly Bears")),
        "{l:?}"
    );
}

#[test]
fn declining_leaves_the_target_free_to_block() {
    // 410.5: its controller chooses as it resolves; "no" imposes nothing.
    let no = "[[action]]\nplayer = \"Alice\"\nchoose = \"Giant Ambush Beetle: nothing\"";
    run_scenario(&scenario(&ambush(no, "Grizzly Bears=Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    run_scenario(&scenario(&ambush(no, ""))).unwrap_or_else(|e| panic!("{e}"));
}
