//! Modal instants and sorceries (409.1b): "Choose one —" and its bulleted modes. The player
//! announces the modes as the spell is played (scenario key `modes`, numbered from 1); the
//! spell has the instructions and targets of those modes only (409.1d).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Step};

fn life(game: &Game, name: &str) -> i32 {
    game.player_named(name).expect("player").life
}

/// Alice casts Hearth Charm (`cast` holds the extra keys of the action) before attackers are
/// declared (`first`) or after blockers are, attacks with Grizzly Bears, and Bob, with a Wall
/// of Wood, declares `block`.
fn charm(first: bool, cast: &str, block: &str) -> String {
    let spell = format!(
        "[[action]]\nplayer = \"Alice\"\nstep = \"{}\"\ncast = \"Hearth Charm\"\n{cast}\n",
        if first {
            "beginning-of-combat"
        } else {
            "declare-blockers"
        }
    );
    let fight = format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n"
    );
    let script = if first {
        spell + &fight
    } else {
        fight + &spell
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
hand = ["Hearth Charm"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
{script}"#
    )
}

#[test]
fn the_chosen_mode_and_its_target_are_the_spells() {
    // Mode 3: "Target creature with power 2 or less can't be blocked this turn." (500.3a)
    let cast = "modes = [3]\ntargets = [\"Grizzly Bears\"]";
    let e = run_scenario(&scenario(&charm(true, cast, "Wall of Wood=Grizzly Bears"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) =
        run_scenario(&scenario(&charm(true, cast, ""))).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[409.1b]") && e.contains("mode 3")),
        "{l:?}"
    );
    assert_eq!(life(&game, "Bob"), 18, "{l:?}");
}

#[test]
fn a_mode_without_targets_takes_none() {
    // Mode 2 in the declare blockers step: "Attacking creatures get +1/+0 until end of turn."
    let (game, _) =
        run_scenario(&scenario(&charm(false, "modes = [2]", ""))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(life(&game, "Bob"), 17, "{:?}", log(&game));
    // 409.1d: the targets of the other modes aren't chosen, so naming one is refused.
    let e = run_scenario(&scenario(&charm(
        false,
        "modes = [2]\ntargets = [\"Grizzly Bears\"]",
        "",
    )))
    .unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("409")),
        "{e}"
    );
}

#[test]
fn choosing_the_wrong_number_of_modes_is_refused() {
    for modes in ["modes = [1, 2]", "modes = [4]"] {
        let e = run_scenario(&scenario(&charm(false, modes, ""))).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("409.1b"), "{e}");
    }
    // A spell that isn't modal has no modes to choose.
    let text = charm(false, "modes = [1]", "")
        .replace("Hearth Charm", "Giant Growth")
        .replace("Mountain", "Forest")
        + "";
    let text = text.replace(
        "cast = \"Giant Growth\"\nmodes = [1]",
        "cast = \"Giant Growth\"\nmodes = [1]\ntargets = [\"Grizzly Bears\"]",
    );
    let e = run_scenario(&scenario(&text)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1b"), "{e}");
}

#[test]
fn unanswered_the_first_mode_is_chosen() {
    // Mode 1, "Destroy target artifact creature.": the Bears aren't an artifact, so the target
    // is refused as mode 1's (409.1c), which shows mode 1 was taken.
    let e = run_scenario(&scenario(&charm(
        false,
        "targets = [\"Grizzly Bears\"]",
        "",
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("artifact creature"), "{e}");
}

/// A "Choose two" spell: each chosen mode with its own target.
#[test]
fn two_modes_are_followed_in_the_printed_order() {
    let text = r#"
[[card]]
name = "Two Ways"
cost = "{R}"
type = "Instant"
text = """
Choose two —
• Target creature can't block this turn.
• Target player loses 2 life.
• Attacking creatures get +2/+0 until end of turn.
"""
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
hand = ["Two Ways"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Two Ways"
modes = [2, 1]
targets = ["Wall of Wood", "Bob"]
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Wall of Wood=Grizzly Bears"
"#;
    let e = run_scenario(&scenario(text)).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) = run_scenario(&scenario(
        &text.replace("block = \"Wall of Wood=Grizzly Bears\"", "block = \"\""),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    // 2 life from mode 2, 2 damage from the unblocked Bears.
    assert_eq!(life(&game, "Bob"), 16, "{:?}", log(&game));
}

#[test]
fn modes_that_may_be_chosen_together_with_the_same_kind_of_target_are_refused() {
    let spec = skirmish::cards::CardSpec {
        name: "Same Kind".into(),
        cost: Some("{R}".into()),
        type_line: "Instant".into(),
        pt: None,
        loyalty: None,
        defense: None,
        text: "Choose one or both —\n• Target creature can't block this turn.\n• Target creature gets +1/+0 until end of turn.".into(),
        ..Default::default()
    };
    assert!(skirmish::cards::compile_card(&spec).is_err());
    // Choosing one, the targets never meet.
    let one = skirmish::cards::CardSpec {
        text: spec.text.replace("one or both", "one"),
        ..spec
    };
    skirmish::cards::compile_card(&one).unwrap_or_else(|e| panic!("{e}"));
}
