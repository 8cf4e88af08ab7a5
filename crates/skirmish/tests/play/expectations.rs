//! State expectations: a scenario's `[expect]` table is checked against a game, and every
//! mismatch is reported with its line.

use skirmish::diagnostics::SourceFile;
use skirmish::scenario::Scenario;

fn scenario(expect: &str) -> Scenario {
    let text = format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"

[[player]]
name = "Alice"
life = 17
hand = ["Giant Growth"]
graveyard = ["Lure"]

[[player]]
name = "Bob"

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
tapped = true
damage = 1

[[permanent]]
card = "Hill Giant"
controller = "Bob"

{expect}
"#
    );
    Scenario::parse(SourceFile::new("expect.toml", text)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn expectations_that_hold_report_nothing() {
    let s = scenario(
        r#"[expect]
life = { Alice = 17, Bob = 20 }
tapped = ["Grizzly Bears"]
untapped = ["Hill Giant"]
damage = { "Grizzly Bears" = 1, "Hill Giant" = 0 }
in_play = ["Grizzly Bears", "Hill Giant"]
not_in_play = ["Giant Growth"]
hand = { Alice = ["Giant Growth"], Bob = [] }
graveyard = { Alice = ["Lure"] }
"#,
    );
    assert_eq!(s.expect.checks.len(), 12);
    assert_eq!(s.expect.check(&s.game), vec![]);
}

#[test]
fn every_broken_expectation_is_reported_at_its_line() {
    let s = scenario(
        r#"[expect]
life = { Alice = 20 }
tapped = ["Hill Giant"]
damage = { "Grizzly Bears" = 2 }
in_play = ["Giant Growth"]
graveyard = { Bob = ["Lure"] }
"#,
    );
    let failures = s.expect.check(&s.game);
    let messages: Vec<&str> = failures.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(failures.len(), 5, "{messages:#?}");
    assert!(
        messages[0].contains("Alice's life is 17, expected 20"),
        "{messages:#?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Hill Giant is untapped, expected tapped"))
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Grizzly Bears has 1 damage, expected 2"))
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Giant Growth is not in play"))
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Bob's graveyard holds []"))
    );
    // Lines point into the [expect] table, after the board.
    assert!(failures.iter().all(|f| f.line > 25), "{failures:#?}");
}
