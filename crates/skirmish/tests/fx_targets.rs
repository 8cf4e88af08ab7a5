//! Spells and activated abilities with targets, numbers and choices that make rule 500's
//! restrictions and requirements: an ability played from the hand by discarding its card
//! (402.8h, channel), descriptions that compare a creature's own power and toughness or read
//! its converted mana cost's parity, and requirements against every attacker. Played through
//! the engine: what they do, and how a use the rules forbid is refused with the rule it breaks.

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

/// A scenario that must stop on a refused action: the rule it names and its message.
fn refused(text: &str) -> (Option<String>, String) {
    let e = run_scenario(&scenario(text)).unwrap_err();
    (e.rule.clone(), e.to_string())
}

const PASS: &str = r#"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#;

/// Alice's turn at `step`; `alice` and `bob` are `[[permanent]]` tables or other TOML, and
/// Alice's hand is `hand`.
fn board(step: &str, hand: &[&str], alice: &[&str], bob: &[&str], rest: &str) -> String {
    let list = |cards: &[&str]| {
        cards
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut t = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"{step}\"\n[[player]]\nname = \"Alice\"\nhand = [{}]\n[[player]]\nname = \"Bob\"\n",
        list(hand)
    );
    for (who, cards) in [("Alice", alice), ("Bob", bob)] {
        for (i, c) in cards.iter().enumerate() {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{c}\"\ncontroller = \"{who}\"\nlabel = \"{c} {who} {}\"\n",
                i + 1
            ));
        }
    }
    t + rest
}

#[test]
fn channel_is_played_from_the_hand_by_discarding_the_card() {
    // 402.8h: "Discard ~" moves the card out of the hand, so the ability works only there.
    let text = board(
        "beginning-of-combat",
        &["Shinen of Fear's Chill"],
        &["Swamp", "Swamp", "Grizzly Bears"],
        &["Hill Giant"],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Shinen of Fear's Chill"
targets = ["Hill Giant Bob 1"]
{PASS}
[expect]
graveyard = {{ Alice = ["Shinen of Fear's Chill"] }}
log = ["[402.8h] Shinen of Fear's Chill is discarded from its owner's hand to pay the cost of its own ability"]
"#
        ),
    );
    let game = play(&text);
    assert!(game.players[0].hand.is_empty());
    // The target can't block this turn: Bears attack, Hill Giant's block is refused.
    let attack = format!(
        "{}[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears Alice 3\"\n{PASS}[[action]]\nplayer = \"Bob\"\nblock = \"Hill Giant Bob 1=Grizzly Bears Alice 3\"\n",
        text.split("[expect]").next().unwrap_or_default()
    );
    let (rule, e) = refused(&attack);
    assert!(rule.as_deref().is_some_and(|r| r.starts_with("500")), "{rule:?} {e}");
    assert!(e.contains("Shinen of Fear's Chill"), "{e}");
    // From play, the ability doesn't function (402.8h).
    let (rule, e) = refused(&board(
        "beginning-of-combat",
        &[],
        &["Swamp", "Swamp", "Shinen of Fear's Chill"],
        &["Hill Giant"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Shinen of Fear's Chill Alice 3\"\ntargets = [\"Hill Giant Bob 1\"]\n",
    ));
    assert_eq!(rule.as_deref(), Some("402.8h"), "{e}");
    // Its mana must still be paid (409.1h): the card stays in the hand.
    let (rule, e) = refused(&board(
        "beginning-of-combat",
        &["Shinen of Fear's Chill"],
        &["Swamp"],
        &["Hill Giant"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Shinen of Fear's Chill\"\ntargets = [\"Hill Giant Bob 1\"]\n",
    ));
    assert_eq!(rule.as_deref(), Some("409.1h"), "{e}");
}
