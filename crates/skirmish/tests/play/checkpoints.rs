//! Issue 12: a scenario says everything a judge question needs. Checkpoints look at the game at
//! a named moment (`[[expect.at]]`: as a step begins or ends, or right after a script action),
//! with verdicts judged at the moment the declaration would be made; `stop_after` ends a run
//! before the cleanup step removes damage (314.2); a script action can be expected to be
//! refused, with its rule, and the script goes on.

use skirmish::diagnostics::SourceFile;
use skirmish::engine::{Ending, play_scenario};
use skirmish::legality::Budget;
use skirmish::scenario::{ExpectationFailure, Scenario};

/// Alice's Hill Giant, wearing Lure, and her summoning-sick Young Bears face Bob's Grizzly
/// Bears, starting as attackers are declared.
const BOARD: &str = r#"
[turn]
active = "Alice"
step = "declare-attackers"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Hill Giant"
controller = "Alice"

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Young Bears"
summoning_sick = true

[[permanent]]
card = "Lure"
controller = "Alice"
attached_to = "Hill Giant"

[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
"#;

/// Alice tries to attack with the Young Bears (refused: 212.3f), then attacks with the Giant.
const SCRIPT: &str = r#"
[[action]]
player = "Alice"
attack = "Young Bears"
refused = "212.3f"

[[action]]
player = "Alice"
attack = "Hill Giant"
"#;

fn load(text: &str) -> Result<Scenario, String> {
    Scenario::parse(SourceFile::new("checkpoints.toml", text.to_string()))
        .map_err(|e| e.to_string())
}

fn scenario(rest: &str) -> Scenario {
    load(&format!("{BOARD}{rest}")).unwrap_or_else(|e| panic!("{e}"))
}

fn failures(s: &Scenario) -> Vec<ExpectationFailure> {
    let played = play_scenario(s).unwrap_or_else(|e| panic!("{e}"));
    s.failures(Some(&played), &mut Budget::default())
}

/// The line of `needle` in the scenario's text (1-based).
fn line_of(s: &Scenario, needle: &str) -> usize {
    s.file
        .text
        .lines()
        .position(|l| l.contains(needle))
        .expect("in the text")
        + 1
}

#[test]
fn checkpoints_see_the_game_at_their_moment() {
    let s = scenario(&format!(
        r#"{SCRIPT}
[[expect.at]]
after_action = 2
tapped = ["Hill Giant"]
log = ["Hill Giant attacks Bob"]

[[expect.at]]
before = "declare-blockers"
[[expect.at.block]]
declare = ""
legal = false
rules = ["500.4"]
[[expect.at.block]]
declare = "Grizzly Bears=Hill Giant"
legal = true

[[expect.at]]
after = "combat-damage"
turn = 1
damage = {{ "Hill Giant" = 2 }}

[expect]
damage = {{ "Hill Giant" = 0 }}
not_in_play = ["Grizzly Bears"]
"#
    ));
    assert_eq!(s.expect.checkpoints.len(), 3);
    assert_eq!(failures(&s), vec![]);
}

#[test]
fn a_checkpoint_that_doesnt_hold_says_when() {
    let s = scenario(&format!(
        r#"{SCRIPT}
[[expect.at]]
after = "combat-damage"
damage = {{ "Hill Giant" = 0 }}

[[expect.at]]
before = "declare-blockers"
[[expect.at.block]]
declare = ""
legal = true
"#
    ));
    let f = failures(&s);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert_eq!(f[0].line, line_of(&s, "after = \"combat-damage\"") + 1);
    assert!(
        f[0].message
            .starts_with("at the end of the combat damage step: "),
        "{}",
        f[0].message
    );
    assert!(f[0].message.contains("Hill Giant"), "{}", f[0].message);
    assert!(
        f[1].message
            .contains("at the beginning of the declare blockers step"),
        "{}",
        f[1].message
    );
    assert!(f[1].message.contains("illegal"), "{}", f[1].message);
}

#[test]
fn a_moment_the_run_never_reaches_is_a_failure() {
    let s = scenario(&format!(
        r#"{SCRIPT}
[[expect.at]]
before = "declare-blockers"
turn = 7
tapped = ["Hill Giant"]
"#
    ));
    let f = failures(&s);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(
        f[0].message,
        "the run never reached the beginning of the declare blockers step of turn 7"
    );
    assert_eq!(f[0].line, line_of(&s, "turn = 7") - 1);
}

/// Without the refusal expectation, the refused attack stops the run with its rule.
#[test]
fn an_unexpected_refusal_still_stops_the_run() {
    let s = scenario(&SCRIPT.replace("refused = \"212.3f\"\n", ""));
    let e = play_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.3f"));
}

#[test]
fn refusals_the_script_expects() {
    // Refused as expected: the script goes on, and the Giant attacks.
    let s = scenario(&format!("{SCRIPT}\n[expect]\ntapped = [\"Hill Giant\"]\n"));
    assert_eq!(failures(&s), vec![]);
    // Refused with another rule than the one expected.
    let s = scenario(&SCRIPT.replace("\"212.3f\"", "\"308.2a\""));
    let f = failures(&s);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].line, line_of(&s, "attack = \"Young Bears\"") - 1);
    assert!(
        f[0].message.contains("refused with 212.3f"),
        "{}",
        f[0].message
    );
    assert!(f[0].message.contains("expects 308.2a"), "{}", f[0].message);
    // Allowed, though expected to be refused: the attack happens, and it's a failure.
    let s = scenario(
        r#"
[[action]]
player = "Alice"
attack = "Hill Giant"
refused = "500.4"
"#,
    );
    let played = play_scenario(&s).unwrap();
    assert!(played.game.events.iter().any(|e| {
        e.text(skirmish::edition::Rules::FEB_2009)
            .contains("Hill Giant attacks")
    }));
    let f = s.failures(Some(&played), &mut Budget::default());
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(
        f[0].message
            .contains("expected to be refused with 500.4, but the rules allowed it")
    );
}

#[test]
fn a_run_can_stop_before_cleanup_removes_damage() {
    // A top-level key: before the first table.
    let s = load(&format!(
        "stop_after = \"end-of-combat\"\n{BOARD}{SCRIPT}\n[expect]\ndamage = {{ \"Hill Giant\" = 2 }}\n"
    ))
    .unwrap();
    let played = play_scenario(&s).unwrap();
    assert_eq!(played.ending, Ending::Stopped);
    assert!(!played.game.events.iter().any(|e| {
        e.text(skirmish::edition::Rules::FEB_2009)
            .starts_with("[314")
    }));
    assert_eq!(s.failures(Some(&played), &mut Budget::default()), vec![]);
    // Without it, the turn ends and the damage is gone.
    let s = scenario(&format!(
        "{SCRIPT}\n[expect]\ndamage = {{ \"Hill Giant\" = 2 }}\n"
    ));
    assert_eq!(failures(&s).len(), 1);
}

#[test]
fn checkpoints_and_refusals_are_checked_as_the_file_loads() {
    let cases = [
        (
            "[expect]\nafter = \"combat-damage\"\n",
            "belongs in an [[expect.at]] table",
        ),
        (
            "[[expect.at]]\ntapped = [\"Hill Giant\"]\n",
            "says its moment once",
        ),
        (
            "[[expect.at]]\nbefore = \"cleanup\"\nafter_action = 1\n",
            "says its moment once",
        ),
        (
            "[[expect.at]]\nafter = \"combat-damages\"\n",
            "unknown step \"combat-damages\"",
        ),
        (
            "[[expect.at]]\nafter_action = 3\n",
            "there is no script action 3: the script has 2",
        ),
        (
            "[[expect.at]]\nafter_action = 0\n",
            "there is no script action 0",
        ),
        (
            "[[expect.at]]\nafter_action = 1\nturn = 1\n",
            "`turn` goes with `before` or `after`",
        ),
        (
            "[[expect.at]]\nafter_action = 1\n[[expect.at.at]]\nafter_action = 2\n",
            "checkpoints don't nest",
        ),
        (
            "[[expect.at]]\nafter = \"cleanup\"\ntapped = [\"Old Giant\"]\n",
            "Old Giant",
        ),
    ];
    for (expect, message) in cases {
        let e = load(&format!("{BOARD}{SCRIPT}{expect}")).unwrap_err();
        assert!(e.contains(message), "{expect}: {e}");
    }
    let e = load(&format!(
        "{BOARD}[[action]]\nplayer = \"Alice\"\npass = true\nrefused = \"500.4\"\n"
    ))
    .unwrap_err();
    assert!(e.contains("passing priority is never refused"), "{e}");
    let e = load(&format!(
        "{BOARD}[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\nrefused = \"the rules\"\n"
    ))
    .unwrap_err();
    assert!(e.contains("\"the rules\" is not a rule number"), "{e}");
    let e = load(&format!("stop_after = \"the end\"\n{BOARD}")).unwrap_err();
    assert!(e.contains("unknown step \"the end\""), "{e}");
}
