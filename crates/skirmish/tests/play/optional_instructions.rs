//! "You may ...": an optional instruction is chosen as its ability resolves, and a triggered
//! one goes on the stack either way, its target chosen as it does (410.5, 410.4).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Game;

fn tapped(game: &Game, label: &str) -> bool {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("no {label}"))
        .tapped()
}

/// Alice plays Leonin Snarecaster; its trigger targets Bob's Grizzly Bears; `answer` (if any)
/// answers "you may tap target creature" as it resolves.
fn snarecaster(answer: Option<&str>) -> String {
    let answer = answer
        .map(|a| {
            format!(
                r#"
[[action]]
player = "Alice"
choose = "Leonin Snarecaster: {a}"
"#
            )
        })
        .unwrap_or_default();
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Leonin Snarecaster"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Leonin Snarecaster"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
choose = "Leonin Snarecaster: Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{answer}
[[action]]
player = "Alice"
attack = ""
"#
    )
}

#[test]
fn yes_carries_the_instruction_out_on_the_target() {
    let (game, _) = run_scenario(&scenario(&snarecaster(Some("Leonin Snarecaster"))))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(tapped(&game, "Grizzly Bears"), "{:?}", log(&game));
}

#[test]
fn no_leaves_the_target_alone_though_the_ability_resolved() {
    let (game, _) =
        run_scenario(&scenario(&snarecaster(Some("nothing")))).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(!tapped(&game, "Grizzly Bears"), "{l:?}");
    // 410.5: it went on the stack and resolved; only its option was declined.
    assert!(
        l.iter()
            .any(|e| e.contains("[410.3]") && e.contains("Leonin Snarecaster")),
        "{l:?}"
    );
    assert!(
        l.iter()
            .any(|e| e.contains("[410.5]") && e.contains("chooses not to")),
        "{l:?}"
    );
}

#[test]
fn without_an_answer_the_option_is_taken() {
    let (game, _) = run_scenario(&scenario(&snarecaster(None))).unwrap_or_else(|e| panic!("{e}"));
    assert!(tapped(&game, "Grizzly Bears"), "{:?}", log(&game));
}

#[test]
fn a_dies_trigger_may_draw() {
    // Aven Fisher blocks a bigger attacker and dies; "you may draw a card" on its trigger.
    let text = |answer: &str| {
        format!(
            r#"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Forest", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Aven Fisher"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Hill Giant"
[[action]]
player = "Alice"
block = "Aven Fisher=Hill Giant"
[[action]]
player = "Alice"
choose = "Aven Fisher: {answer}"
"#
        )
    };
    let hand = |game: &Game| {
        game.objects()
            .filter(|o| o.zone == skirmish::model::Zone::Hand)
            .count()
    };
    let (yes, _) = run_scenario(&scenario(&text("Aven Fisher"))).unwrap_or_else(|e| panic!("{e}"));
    let (no, _) = run_scenario(&scenario(&text("nothing"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(hand(&yes), hand(&no) + 1, "{:?}", log(&yes));
}
