//! Instructions that refer to what an earlier instruction of the same spell or ability did
//! ("each creature dealt damage this way"), to players named earlier, and to choices and
//! numbers made as a spell or ability is played or resolves, with the rule-500 requirements and
//! restrictions they give. Played through the engine: what they require or forbid, and how a
//! declaration the rules forbid is refused with the rule it breaks.

mod common;

use common::{log, scenario};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

fn run(text: &str) -> Result<Game, RunError> {
    run_scenario(&scenario(text)).map(|(g, _)| g)
}

/// `count` untapped `land` permanents of `who`.
fn lands(land: &str, who: &str, count: usize) -> String {
    (1..=count)
        .map(|i| {
            format!("[[permanent]]\ncard = \"{land}\"\ncontroller = \"{who}\"\nlabel = \"{land} {who} {i}\"\n")
        })
        .collect()
}

const AGGRAVATE: &str = r#"
[[card]]
name = "Aggravate"
cost = "{3}{R}{R}"
type = "Instant"
text = "Aggravate deals 1 damage to each creature target player controls. Each creature dealt damage this way attacks this turn if able."
[[card]]
name = "Red Ward Test"
cost = "{1}{W}"
type = "Creature — Knight"
pt = "2/2"
text = "Protection from red"
"#;

/// Bob's precombat main phase: Alice casts Aggravate at Bob, whose Grizzly Bears survive the
/// damage, Llanowar Elves die of it and Red Ward Test is protected; then Bob attacks with
/// `attack`.
fn aggravate(attack: &str) -> Result<Game, RunError> {
    let mountains = lands("Mountain", "Alice", 5);
    run(&format!(
        r#"{AGGRAVATE}
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Aggravate"]
[[player]]
name = "Bob"
{mountains}[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[permanent]]
card = "Red Ward Test"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Aggravate"
targets = ["Bob"]
[[action]]
player = "Bob"
attack = "{attack}"
"#
    ))
}

#[test]
fn each_creature_dealt_damage_this_way_attacks() {
    // The Bears were dealt damage: they must attack (500.2); the protected creature wasn't
    // (502.7e), so it may stay home, and the Elves died.
    let game = aggravate("Grizzly Bears").unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter().any(|e| e.contains("Llanowar Elves") && e.contains("graveyard")),
        "{l:?}"
    );
    aggravate("Grizzly Bears, Red Ward Test").unwrap_or_else(|e| panic!("{e}"));
    let e = aggravate("").unwrap_err();
    assert!(e.rule.as_deref().is_some_and(|r| r.starts_with("500")), "{e}");
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    let e = aggravate("Red Ward Test").unwrap_err();
    assert!(e.rule.as_deref().is_some_and(|r| r.starts_with("500")), "{e}");
}
