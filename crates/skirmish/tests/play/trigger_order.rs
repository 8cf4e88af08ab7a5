//! Issue 12: a script orders one player's triggered abilities that go on the stack at once
//! (410.3) with `order`, by their sources' labels, the first put on the stack first (so it
//! resolves last); unanswered, they go on in the order they triggered.

use skirmish::diagnostics::SourceFile;
use skirmish::engine::play_scenario;
use skirmish::model::Game;
use skirmish::scenario::Scenario;

/// Alice attacks with Brazen Wolves and Infectious Horror: both attack triggers wait at once.
fn scenario(order: &str) -> Result<Scenario, String> {
    let text = format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Brazen Wolves"
controller = "Alice"

[[permanent]]
card = "Infectious Horror"
controller = "Alice"

[[action]]
player = "Alice"
attack = "Brazen Wolves, Infectious Horror"
{order}
"#
    );
    Scenario::parse(SourceFile::new("order.toml", text)).map_err(|e| e.to_string())
}

/// The sources of the abilities that resolved, in the order they resolved.
fn resolved(game: &Game) -> Vec<String> {
    game.events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .filter(|e| e.starts_with("[413.1]") && e.contains("'s ability"))
        .map(|e| e["[413.1] ".len()..e.find("'s ability").unwrap()].to_string())
        .collect()
}

fn order(sources: &str) -> String {
    format!("\n[[action]]\nplayer = \"Alice\"\norder = [{sources}]\n")
}

#[test]
fn the_script_orders_simultaneous_triggers() {
    let s = scenario(&order("\"Infectious Horror\", \"Brazen Wolves\"")).unwrap();
    let game = play_scenario(&s).unwrap().game;
    // The Horror's ability went on the stack first: it resolves last.
    assert_eq!(resolved(&game), ["Brazen Wolves", "Infectious Horror"]);
    let s = scenario(&order("\"Brazen Wolves\", \"Infectious Horror\"")).unwrap();
    let game = play_scenario(&s).unwrap().game;
    assert_eq!(resolved(&game), ["Infectious Horror", "Brazen Wolves"]);
}

#[test]
fn unanswered_they_go_on_in_the_order_they_triggered() {
    let game = play_scenario(&scenario("").unwrap()).unwrap().game;
    assert_eq!(resolved(&game), ["Infectious Horror", "Brazen Wolves"]);
}

#[test]
fn an_order_that_names_no_waiting_ability_stops_the_run() {
    // The Wolves have one ability waiting, not two.
    let s = scenario(&order("\"Brazen Wolves\", \"Brazen Wolves\"")).unwrap();
    let e = play_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.3"));
    assert!(
        e.message
            .contains("\"Brazen Wolves\" is not the source of another"),
        "{e}"
    );
    assert_eq!(e.line, Some(s.script[1].line));
    let e = scenario(&order("\"Brazen Wolves\"")).unwrap_err();
    assert!(e.contains("two or more triggered abilities"), "{e}");
    let e = scenario(&order("\"Brazen Wolf\", \"Infectious Horror\"")).unwrap_err();
    assert!(e.contains("no object is labelled \"Brazen Wolf\""), "{e}");
}
