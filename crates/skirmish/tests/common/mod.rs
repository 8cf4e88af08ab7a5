//! Shared helpers of the integration tests.
#![allow(dead_code)]

pub mod boards;
pub mod sat;

/// A scenario written inline in a test. One that doesn't load is a mistake in the test, so it
/// panics with the diagnostic.
pub fn scenario(text: &str) -> skirmish::scenario::Scenario {
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", text);
    skirmish::scenario::Scenario::parse(file).unwrap_or_else(|e| panic!("{e}"))
}
