//! Issue 12: tokens made during the run can be named in later script actions and expectations
//! by the labels they get (216.1: their types, "Soldier", then "Soldier #2"), while names in
//! the starting state and verdicts about it must still name objects that exist as the file
//! loads.

use skirmish::diagnostics::SourceFile;
use skirmish::engine::play_scenario;
use skirmish::legality::Budget;
use skirmish::scenario::{ExpectationFailure, Scenario};

/// Alice casts Raise the Alarm (two Soldiers), then Giant Growth on the second Soldier; Legion
/// Warboss makes a Goblin as combat begins, which attacks; Bob's Bears block and kill it.
const SCRIPT: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"

[[player]]
name = "Alice"
hand = ["Raise the Alarm", "Giant Growth"]

[[player]]
name = "Bob"

[[permanent]]
card = "Legion Warboss"
controller = "Alice"

[[permanent]]
card = "Plains"
controller = "Alice"

[[permanent]]
card = "Plains"
controller = "Alice"
label = "Second Plains"

[[permanent]]
card = "Forest"
controller = "Alice"

[[permanent]]
card = "Grizzly Bears"
controller = "Bob"

[[action]]
player = "Alice"
cast = "Raise the Alarm"

[[action]]
player = "Alice"
pass = true

[[action]]
player = "Bob"
pass = true

[[action]]
player = "Alice"
cast = "Giant Growth"
targets = ["Soldier #2"]

[[action]]
player = "Alice"
attack = "Goblin"

[[action]]
player = "Bob"
block = "Grizzly Bears=Goblin"

"#;

fn load(rest: &str) -> Result<Scenario, String> {
    Scenario::parse(SourceFile::new("tokens.toml", format!("{SCRIPT}{rest}")))
        .map_err(|e| format!("{e} (help: {})", e.help))
}

fn failures(s: &Scenario) -> Vec<ExpectationFailure> {
    let played = play_scenario(s).unwrap_or_else(|e| panic!("{e}"));
    s.failures(Some(&played), &mut Budget::default())
}

#[test]
fn tokens_are_named_in_actions_checkpoints_and_the_end() {
    let s = load(
        r#"
[[expect.at]]
after = "precombat-main"
pt = { "Soldier #2" = "4/4", Soldier = "1/1" }

[[expect.at]]
before = "declare-blockers"
tapped = ["Goblin"]

[[expect.at.block]]
declare = "Grizzly Bears=Goblin"
legal = true

[expect]
not_in_play = ["Goblin"]
in_play = ["Soldier", "Soldier #2"]
pt = { "Soldier #2" = "1/1" }
"#,
    )
    .unwrap();
    assert_eq!(failures(&s), vec![]);
}

/// A token's label that no token gets in the run loads, and fails where it is expected.
#[test]
fn a_token_never_made_is_a_failure_at_its_line() {
    let s = load("\n[expect]\nin_play = [\"Elf Warrior\"]\n").unwrap();
    let f = failures(&s);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(f[0].message.contains("Elf Warrior"), "{}", f[0].message);
}

#[test]
fn other_unknown_labels_are_still_refused_as_the_file_loads() {
    for (rest, name) in [
        // Not a token's label: no type, "#1", a misspelt type.
        ("\n[expect]\nin_play = [\"Soldierr\"]\n", "Soldierr"),
        ("\n[expect]\nin_play = [\"Soldier #1\"]\n", "Soldier #1"),
        ("\n[expect]\ntapped = [\"Old Giant\"]\n", "Old Giant"),
    ] {
        let e = load(rest).unwrap_err();
        assert!(
            e.contains(&format!("no object is labelled \"{name}\"")),
            "{e}"
        );
        assert!(e.contains("a token made during the run"), "{e}");
    }
    // Verdicts in [expect] are about the starting state, where no Goblin exists yet.
    let e =
        load("\n[[expect.block]]\ndeclare = \"Grizzly Bears=Goblin\"\nlegal = true\n").unwrap_err();
    assert!(e.contains("no object is labelled \"Goblin\""), "{e}");
    assert!(!e.contains("a token made during the run"), "{e}");
}
