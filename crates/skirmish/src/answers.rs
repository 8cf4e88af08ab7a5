//! The answers the `skirmish` commands give about a loaded scenario, as plain values: the same
//! for the command line (which prints them) and the web API (which sends them as JSON), so the
//! two can't drift apart. Each question that fails becomes a [`FileError`] pointing into what
//! was asked (a declaration's text) or into the scenario (the key that decides it).

use crate::diagnostics::{ErrorKind, FileError, SourceFile};
use crate::engine::Ending;
use crate::events::Event;
use crate::legality::judge::{self, JudgeError, Judgement, Summary};
use crate::legality::{Budget, Exhausted};
use crate::model::Game;
use crate::scenario::{ASSUMING, ExpectationFailure, NotModelled, Scenario};
use crate::view::BoardView;
use serde::Serialize;
use std::borrow::Cow;

/// A declaration as the command line and the API give it: the attack (with a block, the
/// attack being blocked, when the scenario has none yet), the block, and whose block when
/// creatures attack several players.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asked<'a> {
    pub attack: Option<&'a str>,
    pub block: Option<&'a str>,
    pub defender: Option<&'a str>,
}

/// The names the command line gives the declaration's parts; the API uses the same words as
/// JSON fields, so an error names what the user wrote either way.
const ATTACK: &str = "--attack";
const BLOCK: &str = "--block";

/// `show`: the scenario's description and board.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    pub description: Option<String>,
    pub board: BoardView,
}

pub fn show(scenario: &Scenario) -> Shown {
    Shown {
        description: scenario.description.clone(),
        board: BoardView::of(&scenario.game),
    }
}

/// `check`: the verdict on one declaration (rule 500), with its reasons and a legal
/// declaration to compare. A question with neither an attack nor a block is an error.
pub fn check(scenario: &Scenario, asked: Asked, budget: u64) -> Result<Judgement, FileError> {
    let mut budget = Budget::new(budget);
    match (asked.attack, asked.block) {
        (Some(a), None) => judge::judge_attack(&scenario.game, a, &mut budget)
            .map_err(|e| judge_error(e, ATTACK, a, scenario)),
        (a, Some(b)) => {
            let game = with_attack(scenario, a)?;
            judge::judge_block(&game, b, asked.defender, &mut budget)
                .map_err(|e| judge_error(e, BLOCK, b, scenario))
        }
        (None, None) => Err(FileError::whole_file(
            ErrorKind::MissingField,
            "(command line)",
            "nothing to check",
            "give --attack \"...\" to check an attack, or --block \"...\" (with --attack if the scenario has no attack yet) to check a block",
        )),
    }
}

/// `attacks` and `blocks`: the maximum number of requirements, an optimal declaration and the
/// count of legal declarations; `Err(Exhausted)` inside when the budget ran out first. For
/// blocks, `asked.attack` is the attack to block when the scenario has none yet.
pub fn summary(
    scenario: &Scenario,
    blocks: bool,
    asked: Asked,
    budget: u64,
) -> Result<Result<Summary, Exhausted>, FileError> {
    let mut budget = Budget::new(budget);
    let attack = asked.attack.unwrap_or("");
    let game = with_attack(scenario, asked.attack.filter(|_| blocks))?;
    let answer = if blocks {
        judge::blocks(&game, asked.defender, false, &mut budget)
    } else {
        judge::attacks(&game, false, &mut budget)
    };
    answer.map_err(|e| judge_error(e, ATTACK, attack, scenario))
}

/// The scenario's game, or with `attack` the game as if those attackers had been declared
/// (the attack a block answers, when the scenario starts before one).
pub fn with_attack<'a>(
    scenario: &'a Scenario,
    attack: Option<&str>,
) -> Result<Cow<'a, Game>, FileError> {
    match attack {
        Some(a) => judge::with_attack(&scenario.game, a)
            .map(Cow::Owned)
            .map_err(|e| judge_error(e, ATTACK, a, scenario)),
        None => Ok(Cow::Borrowed(&scenario.game)),
    }
}

/// An answer (a JSON object) marked with the card text left out as not modelled, if any, and
/// the assumption that makes it an answer; the command line and the API mark answers alike.
pub fn mark_unmodelled(
    mut value: serde_json::Value,
    left_out: &[NotModelled],
) -> serde_json::Value {
    if !left_out.is_empty()
        && let serde_json::Value::Object(o) = &mut value
    {
        o.insert("unmodelled".into(), serde_json::json!(left_out));
        o.insert("assuming".into(), serde_json::json!(ASSUMING));
    }
    value
}

/// `run`: how the run ended, every event with its rule, the board after, and the scenario's
/// expectations that failed.
#[derive(Debug, Clone, Serialize)]
pub struct Ran {
    pub ending: Option<Ending>,
    pub events: Vec<Event>,
    /// Each event as `skirmish run` prints it, in the edition's words and rule numbers
    /// (`[310.4] combat damage resolves`), one per event.
    pub log: Vec<String>,
    pub board: BoardView,
    pub failures: Vec<ExpectationFailure>,
}

/// Runs a scenario (the rest of its turn, and more while its script goes on) and checks its
/// expectations. A scripted action the rules refuse is an error at its `[[action]]` line.
pub fn run(scenario: &Scenario) -> Result<Ran, FileError> {
    let played = crate::engine::play_scenario(scenario).map_err(|e| {
        let help = "fix the script action: the rule named says why it can't be taken";
        let file = &scenario.file;
        match e.line {
            Some(line) => {
                let start: usize = file
                    .text
                    .split_inclusive('\n')
                    .take(line.saturating_sub(1))
                    .map(str::len)
                    .sum();
                file.error(
                    ErrorKind::IllegalState,
                    start..start + 1,
                    e.to_string(),
                    help,
                )
            }
            None => FileError::whole_file(
                ErrorKind::IllegalState,
                file.name.clone(),
                e.to_string(),
                help,
            ),
        }
    })?;
    let failures = scenario.failures(Some(&played), &mut Budget::default());
    Ok(Ran {
        ending: Some(played.ending),
        events: played.game.events.clone(),
        log: played
            .game
            .events
            .iter()
            .map(|e| e.text(played.game.rules))
            .collect(),
        board: BoardView::of(&played.game),
        failures,
    })
}

/// Turns a failed question into a user error, pointing into the declaration it came from
/// (`flag` names it), or, for a question the board can't answer (no combat, no defending
/// player), at the scenario's key that decides it.
pub fn judge_error(e: JudgeError, flag: &str, text: &str, scenario: &Scenario) -> FileError {
    match e {
        JudgeError::Declaration(d) => {
            let kind =
                if d.message.contains("no permanent") || d.message.contains("neither a player") {
                    ErrorKind::UnknownLabel
                } else {
                    ErrorKind::WrongValue
                };
            SourceFile::new(flag, text).error(kind, d.at..d.at + d.len.max(1), d.message, d.help)
        }
        JudgeError::Build(b) => {
            use crate::legality::build::BuildError;
            let help = match &b {
                BuildError::WhichDefender => "name the defending player with --defender",
                BuildError::NotDefending(_) => "name a player the active player is attacking",
                BuildError::NoDefendingPlayer(_) => {
                    "set `defending = \"<player>\"` in the scenario's [turn]"
                }
                BuildError::NoCombat => {
                    "give an attack with --attack, or start the scenario after attackers are declared"
                }
            };
            let (kind, message) = (ErrorKind::IllegalState, b.to_string());
            // At the scenario's key, or (without a `[turn]` table) about the flag.
            let at_key = |key: &str| match scenario.file.key_span("turn", key) {
                Some(span) => scenario.file.error(kind, span, message.clone(), help),
                None => FileError::whole_file(kind, flag, message.clone(), help),
            };
            match &b {
                BuildError::NoCombat => at_key("step"),
                BuildError::NoDefendingPlayer(_) => at_key("defending"),
                BuildError::NotDefending(name) => SourceFile::new("--defender", name.as_str())
                    .error(kind, 0..name.len().max(1), message, help),
                BuildError::WhichDefender => {
                    FileError::whole_file(kind, "--defender", message, help)
                }
            }
        }
    }
}

/// The exit code of a verdict: 0 legal, 1 illegal, 3 undecided.
pub fn verdict_code(j: &Judgement) -> u8 {
    match j.verdict {
        "legal" => 0,
        "undecided" => 3,
        _ => 1,
    }
}
