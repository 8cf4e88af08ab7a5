//! Issue 12: expectations for everything a judge question ends on, each checked after a run:
//! power and toughness, counters of any kind, loyalty, poison, who controls a permanent, what
//! an Aura is attached to, a library in order, the removed-from-the-game zone, and who lost
//! the game by which rule.

use crate::common;

use skirmish::diagnostics::SourceFile;
use skirmish::engine::run_scenario;
use skirmish::scenario::Scenario;

/// Alice attacks with a 3/3 Bears (a +1/+1 counter) wearing Flight into Bob at 2 life: Bob
/// loses by 420.5a. The rest of the board is there to be expected.
fn scenario(expect: &str) -> Scenario {
    let text = format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"

[[player]]
name = "Alice"
library = ["Forest", {{ card = "Island", label = "Second Island" }}]
removed = ["Lure"]

[[player]]
name = "Bob"
life = 2
poison = 3

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
counters = {{ "+1/+1" = 1 }}

[[permanent]]
card = "Flight"
controller = "Alice"
attached_to = "Grizzly Bears"

[[permanent]]
card = "Garruk Wildspeaker"
controller = "Alice"
counters = {{ loyalty = 3 }}

[[action]]
player = "Alice"
attack = "Grizzly Bears"

{expect}
"#
    );
    Scenario::parse(SourceFile::new("expect.toml", text)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_new_expectations_hold_after_a_run() {
    let s = scenario(
        r#"[expect]
pt = { "Grizzly Bears" = "3/3" }
counters = { "Grizzly Bears" = { "+1/+1" = 1, "-1/-1" = 0 } }
loyalty = { "Garruk Wildspeaker" = 3 }
poison = { Bob = 3, Alice = 0 }
controller = { "Grizzly Bears" = "Alice", "Garruk Wildspeaker" = "Alice" }
attached_to = { Flight = "Grizzly Bears" }
library = { Alice = ["Forest", "Second Island"] }
removed = { Alice = ["Lure"], Bob = [] }
lost = { Bob = "420.5a" }
not_lost = ["Alice"]
"#,
    );
    assert_eq!(s.expect.checks.len(), 14);
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        common::logged(&game, "Bob loses the game"),
        "{:?}",
        common::log(&game)
    );
    assert_eq!(s.expect.check(&game), vec![]);
}

#[test]
fn each_new_expectation_that_fails_says_what_it_found() {
    let s = scenario(
        r#"[expect]
pt = { "Grizzly Bears" = "2/2" }
counters = { "Grizzly Bears" = { "+1/+1" = 2 } }
loyalty = { "Garruk Wildspeaker" = 4 }
poison = { Bob = 0 }
controller = { "Grizzly Bears" = "Bob" }
attached_to = { Flight = "Garruk Wildspeaker" }
library = { Alice = ["Second Island", "Forest"] }
removed = { Alice = [] }
lost = { Bob = "420.5h", Alice = "420.5a" }
not_lost = ["Bob"]
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let failures = s.expect.check(&game);
    let messages: Vec<&str> = failures.iter().map(|f| f.message.as_str()).collect();
    for expected in [
        "Grizzly Bears is 3/3, expected 2/2",
        "Grizzly Bears has 1 +1/+1 counter(s), expected 2",
        "Garruk Wildspeaker has 3 loyalty counter(s), expected 4",
        "Bob has 3 poison counter(s), expected 0",
        "Grizzly Bears is controlled by Alice, expected Bob",
        "Flight is attached to Grizzly Bears, expected Garruk Wildspeaker",
        "Alice's library holds [Forest, Second Island], expected [Second Island, Forest] (top first)",
        "Alice's removed-from-the-game zone holds [Lure], expected []",
        "Bob lost the game, but not by 420.5h",
        "Alice hasn't lost the game",
        "Bob has lost the game, expected still playing",
    ] {
        assert!(
            messages.iter().any(|m| m.contains(expected)),
            "{expected:?} not in {messages:#?}"
        );
    }
    assert_eq!(failures.len(), 11, "{messages:#?}");
}

#[test]
fn new_expectations_are_checked_as_the_file_loads() {
    let bad = |expect: &str| {
        let text = scenario("").file.text.to_string() + expect;
        Scenario::parse(SourceFile::new("expect.toml", text)).unwrap_err()
    };
    let e = bad("[expect]\npt = { \"Grizzly Bears\" = \"big\" }\n");
    assert!(
        e.message.contains("\"big\" is not a power and toughness"),
        "{e}"
    );
    let e = bad("[expect]\nlost = { Bob = \"because\" }\n");
    assert!(e.message.contains("not a rule number"), "{e}");
    let e = bad("[expect]\ncontroller = { \"Grizzly Bears\" = \"Carol\" }\n");
    assert!(e.line > 0 && e.message.contains("Carol"), "{e}");
    let e = bad("[expect]\npoison = { Bob = -1 }\n");
    assert!(e.message.contains("out of range"), "{e}");
    let e = bad("[expect]\nattached_to = { Flight = \"Nothing Here\" }\n");
    assert!(e.message.contains("Nothing Here"), "{e}");
}
