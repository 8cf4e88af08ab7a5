//! Scenario files: a game state, a script of player actions, and expectations on the result.
//! The format is documented in `docs/scenario-format.md`.
//!
//! Loading is two stages, as in shakmaty's setup/position split: `raw` is the file as written
//! (serde, with positions), and `build` validates it into a [`Game`] that the rules accept, or a
//! [`FileError`] naming the line, the column, what was expected and what to do.

mod build;
pub use build::MAX_TURN_NUMBER;
mod expect;
pub mod raw;

pub use expect::{
    Checkpoint, ExpectationFailure, Expectations, Moment, VerdictExpectation, VerdictKind,
};

use crate::cards::{CardLibrary, Unmodelled};
use crate::declaration::NamedItem;
use crate::diagnostics::{FileError, SourceFile};
use crate::model::{Game, PlayerId};
use serde::Serialize;
use std::path::Path;

/// A validated scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Scenario {
    #[serde(skip)]
    pub file: SourceFile,
    pub description: Option<String>,
    pub game: Game,
    /// Cards the file defines itself, in addition to the bundled library.
    #[serde(skip)]
    pub cards: CardLibrary,
    pub script: Vec<Action>,
    pub expect: Expectations,
    /// The run stops as this step ends, once every script action has been taken (before the
    /// cleanup step removes damage, 314.2).
    pub stop_after: Option<crate::model::Step>,
    /// Lines of its cards' text left out as not modelled ([`Unmodelled::Warn`]): every answer
    /// about the scenario assumes they do not matter.
    pub unmodelled: Vec<NotModelled>,
}

/// A line of a card's text the grammar doesn't know, left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotModelled {
    pub card: String,
    pub line: String,
}

/// What a scenario may draw on besides its own `[[card]]` tables and the bundled library.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Card files to find cards in, after the file's own `card_pool`; before the bundled
    /// library.
    pub pools: Vec<std::sync::Arc<crate::cards::pool::CardPool>>,
    /// How card text the grammar doesn't know is taken.
    pub unmodelled: Unmodelled,
    /// The rules edition to use whatever the file says (`--edition` on the command line).
    pub edition: Option<crate::edition::Edition>,
    /// The scenario came over the network (`skirmish serve`), not from the user's own files:
    /// it may not name a file to read (`card_pool`), so the server reads only the files its
    /// command line gives.
    pub sandboxed: bool,
}

/// The words every answer about a scenario with unmodelled text carries.
pub const ASSUMING: &str = "assuming the unmodelled text does not matter";

/// One scripted player action. Names are checked against the scenario's labels when it loads
/// and resolved to objects when the action is taken, since objects change as the game runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Action {
    pub player: PlayerId,
    /// The line of the `[[action]]` table, for reports.
    pub line: usize,
    /// The step the action waits for, if it names one.
    pub step: Option<crate::model::Step>,
    pub kind: ActionKind,
    /// The rule the rules are expected to refuse the action with; then the script goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum ActionKind {
    /// Pass priority (408.1c).
    Pass,
    /// Declare attackers (308.2), in the syntax of [`crate::declaration`]. `decline_costs`:
    /// the player then declines the costs it locks in (308.2d), so it is reversed (422.1).
    Attack {
        text: String,
        #[serde(skip)]
        items: Vec<NamedItem>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        decline_costs: bool,
        /// The attacking bands announced (308.2b, 502.10b), by label.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bands: Vec<Vec<String>>,
    },
    /// Declare blockers (309.2); `decline_costs` as for attacks (309.2d).
    Block {
        text: String,
        #[serde(skip)]
        items: Vec<NamedItem>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        decline_costs: bool,
    },
    /// Play a spell from hand (409.1), naming its targets (labels or players).
    /// `with`: the optional and alternative costs announced (409.1b): buyback, flashback.
    Cast {
        card: String,
        targets: Vec<String>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        with: Vec<crate::model::CastOption>,
        /// Labels of the creatures tapped for convoke (502.46a).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        convoke: Vec<String>,
        /// Labels of the graveyard cards removed from the game for delve (502.64a).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        delve: Vec<String>,
        /// Labels of the artifacts tapped for improvise (current 702.126a).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        improvise: Vec<String>,
        /// The modes chosen for a modal spell, numbered from 1 in the printed order (409.1b);
        /// empty: the first ones it must choose.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        modes: Vec<u32>,
        /// The X announced for an {X} in the spell's mana cost (409.1b); 0 without one.
        #[serde(default)]
        x: u32,
    },
    /// Play an activated ability (409.1): the `ability`-th activated ability of `source`.
    Activate {
        source: String,
        ability: u32,
        targets: Vec<String>,
        /// What pays the cost's parts besides mana and `{T}` (409.1h), by label.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pay: Vec<String>,
        /// The X announced for an {X} in its cost (409.1b).
        #[serde(default)]
        x: u32,
        /// The modes chosen for a modal ability, numbered from 1 in the printed order
        /// (409.1b); empty: the first ones it must choose.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        modes: Vec<u32>,
    },
    /// Discard these cards in the cleanup step (314.1).
    Discard { cards: Vec<String> },
    /// Play `card`'s ninjutsu, returning the unblocked attacker `returning` (502.43a).
    Ninjutsu { card: String, returning: String },
    /// Play `card`'s cycling ability from hand (502.18a).
    Cycle { card: String },
    /// Play `card`'s unearth ability from its owner's graveyard (502.84a).
    Unearth { card: String },
    /// Suspend `card` from its owner's hand (502.59a).
    Suspend { card: String },
    /// Play the land card `card` from its owner's hand, a special action (212.6, 408.2d).
    PlayLand { card: String },
    /// Order the player's triggered abilities that go on the stack at once (410.3): their
    /// sources' labels, the first put on the stack first (so it resolves last); a source with
    /// two abilities waiting is named twice.
    Order { sources: Vec<String> },
    /// Turn the face-down permanent `permanent` face up for its morph cost, a special action
    /// (502.26d, 408.2h).
    TurnFaceUp { permanent: String },
    /// Choose the target of a triggered ability of `source` (410.4), or answer a choice its
    /// ability asks for as it resolves (308.4; "nothing" declines a "you may").
    Choose { source: String, target: String },
    /// Assign a creature's combat damage: (recipient, amount) pairs (310.2).
    Assign {
        source: String,
        parts: Vec<(String, u32)>,
    },
    /// Divide what a spell or ability of `source` divides among its targets as it is played:
    /// (target, amount) pairs (409.1e).
    Divide {
        source: String,
        parts: Vec<(String, u32)>,
    },
}

impl Scenario {
    /// Reads and validates a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, FileError> {
        Scenario::load_with(path, &LoadOptions::default())
    }

    /// Reads and validates a scenario file, with card pools and a mode for unknown text.
    pub fn load_with(path: &Path, options: &LoadOptions) -> Result<Scenario, FileError> {
        let file = crate::diagnostics::read_text(
            path,
            "scenario files are TOML, see docs/scenario-format.md",
        )?;
        Scenario::parse_with(file, options)
    }

    /// Validates a scenario from text.
    pub fn parse(file: SourceFile) -> Result<Scenario, FileError> {
        Scenario::parse_with(file, &LoadOptions::default())
    }

    /// Validates a scenario from text, with card pools and a mode for unknown text.
    pub fn parse_with(file: SourceFile, options: &LoadOptions) -> Result<Scenario, FileError> {
        build::build(file, options)
    }
}

impl Scenario {
    /// Checks the legality verdicts the scenario expects against the legality kernel, on the
    /// scenario's starting state.
    pub fn verdict_failures(
        &self,
        budget: &mut crate::legality::Budget,
    ) -> Vec<ExpectationFailure> {
        verdict_failures(&self.expect.verdicts, &self.game, budget)
    }

    /// Whether the scenario's expectations need a run: a script, expectations on the final
    /// state, or checkpoints. (Verdicts alone are about the starting state.)
    pub fn needs_run(&self) -> bool {
        !self.script.is_empty()
            || !self.expect.checks.is_empty()
            || !self.expect.checkpoints.is_empty()
    }

    /// Every expectation the scenario states that doesn't hold: verdicts on the starting state,
    /// and after `played` (its run) the final state, each checkpoint's state and verdicts, and
    /// the refusals its script expects.
    pub fn failures(
        &self,
        played: Option<&crate::engine::Played>,
        budget: &mut crate::legality::Budget,
    ) -> Vec<ExpectationFailure> {
        let mut out = self.verdict_failures(budget);
        let Some(played) = played else {
            return out;
        };
        out.extend(self.expect.check(&played.game));
        out.extend(played.failures.iter().cloned());
        for (c, game) in self.expect.checkpoints.iter().zip(&played.at) {
            match game {
                None => out.push(ExpectationFailure {
                    line: c.line,
                    message: format!("the run never reached {}", c.moment),
                }),
                Some(g) => {
                    let mut mine = c.expect.check(g);
                    mine.extend(verdict_failures(&c.expect.verdicts, g, budget));
                    out.extend(mine.into_iter().map(|mut f| {
                        f.message = format!("at {}: {}", c.moment, f.message);
                        f
                    }));
                }
            }
        }
        out.sort_by_key(|f| f.line);
        out
    }
}

/// Checks legality verdicts against the legality kernel on `game`.
fn verdict_failures(
    verdicts: &[VerdictExpectation],
    game: &Game,
    budget: &mut crate::legality::Budget,
) -> Vec<ExpectationFailure> {
    use crate::legality::judge::{judge_attack, judge_block, with_attack};
    let mut out = Vec::new();
    for v in verdicts {
        let judged = match v.kind {
            VerdictKind::Attack => judge_attack(game, &v.declare, budget),
            VerdictKind::Block => match &v.attack {
                Some(a) => {
                    with_attack(game, a).and_then(|g| judge_block(&g, &v.declare, None, budget))
                }
                None => judge_block(game, &v.declare, None, budget),
            },
        };
        let fail = |message: String| ExpectationFailure {
            line: v.line,
            message,
        };
        match judged {
            Err(e) => out.push(fail(format!("can't judge \"{}\": {e}", v.declare))),
            Ok(j) => {
                if j.legal != v.legal {
                    out.push(fail(format!(
                        "\"{}\" is {} but the scenario expects it {}: {}",
                        v.declare,
                        if j.legal { "legal" } else { "illegal" },
                        if v.legal { "legal" } else { "illegal" },
                        j.explanation.join("; ")
                    )));
                }
                for r in &v.rules {
                    if !j.rules.contains(r) {
                        out.push(fail(format!(
                            "\"{}\": expected rule {r} among the reasons, got [{}]: {}",
                            v.declare,
                            j.rules.join(", "),
                            j.explanation.join("; ")
                        )));
                    }
                }
            }
        }
    }
    out
}
