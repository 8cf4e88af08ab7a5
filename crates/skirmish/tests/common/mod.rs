//! Shared helpers of the integration tests.
#![allow(dead_code)]

pub mod boards;
pub mod fuzz;
pub mod sat;

/// A scenario written inline in a test. One that doesn't load is a mistake in the test, so it
/// panics with the diagnostic.
pub fn scenario(text: &str) -> skirmish::scenario::Scenario {
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", text);
    skirmish::scenario::Scenario::parse(file).unwrap_or_else(|e| panic!("{e}"))
}

/// A card named "Sample" compiled from its facts and text.
pub fn sample_card(
    cost: &str,
    type_line: &str,
    pt: Option<&str>,
    text: &str,
) -> Result<skirmish::cards::CardDef, skirmish::cards::CardError> {
    skirmish::cards::compile_card(&skirmish::cards::CardSpec {
        name: "Sample".into(),
        cost: Some(cost.into()),
        type_line: type_line.into(),
        pt: pt.map(Into::into),
        text: text.into(),
        ..Default::default()
    })
}

/// Alice, then Bob, pass priority in succession (408.1c): the top of the stack resolves, or
/// the step ends. Scenario TOML.
pub const BOTH_PASS: &str = r#"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#;

/// `count` untapped `land` permanents of `who`, labelled "<land> 1", "<land> 2", ..., as
/// scenario TOML.
pub fn lands(land: &str, who: &str, count: usize) -> String {
    (1..=count)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"{land}\"\ncontroller = \"{who}\"\nlabel = \"{land} {i}\"\n"
            )
        })
        .collect()
}

/// Every untapped creature the player controls, as an attack declaration ("attack with
/// everything").
pub fn all_untapped_creatures(
    game: &skirmish::model::Game,
    player: skirmish::model::PlayerId,
) -> String {
    let all: Vec<String> = game
        .in_play()
        .filter(|o| o.controller == player && o.is_creature() && !o.tapped())
        .map(|o| o.label.clone())
        .collect();
    all.join(", ")
}

/// The event log as text, one line per event.
pub fn log(game: &skirmish::model::Game) -> Vec<String> {
    game.events.iter().map(|e| e.text(game.rules)).collect()
}

/// Whether some logged event contains `part`.
pub fn logged(game: &skirmish::model::Game, part: &str) -> bool {
    log(game).iter().any(|l| l.contains(part))
}

/// Runs a scenario that must play out, and checks its `[expect]` table on the final state.
pub fn play(text: &str) -> skirmish::model::Game {
    let s = scenario(text);
    let (game, _) = skirmish::engine::run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    game
}
