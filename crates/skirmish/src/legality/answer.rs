//! Answers to a problem document (`skirmish solve`): the maximum number of requirements (500.4),
//! an optimal declaration with the fewest creatures, the number of legal declarations, and the
//! verdict on a declaration with its reasons and a witness, each in the problem's labels and
//! by index (for the engine that wrote the document).
//!
//! The questions are the same ones `skirmish attacks`, `blocks` and `check` ask of a board
//! ([`super::judge`]), asked the same way, so a board's problem written out and solved answers
//! exactly as the board does.

use super::document::{Declaration, Document, Problem};
use super::judge::{self, Judgement};
use super::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem};
use super::{Budget, Exhausted, Legality, Verdict};
use crate::declaration::{self, DeclarationError};
use crate::model::AttackTarget;
use serde::Serialize;

/// The value of an answer's `format` key.
pub const FORMAT: &str = "skirmish-legality-answer";

impl Serialize for Declaration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Declaration::Attack(c) => c.serialize(s),
            Declaration::Block(c) => c.serialize(s),
        }
    }
}

/// Everything `skirmish solve` answers about a document.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub format: &'static str,
    pub version: u32,
    /// "attack" or "block".
    pub kind: &'static str,
    /// Requirement instances in the problem.
    pub requirements: usize,
    /// The most requirements a declaration obeying every restriction obeys (with no cost paid);
    /// absent when undecided within the budget.
    pub maximum: Option<u32>,
    /// A legal declaration with the fewest creatures, in labels and by index.
    pub optimum: Option<String>,
    pub optimum_choice: Option<Declaration>,
    /// The number of legal declarations, in decimal; absent if not counted within the budget.
    pub count: Option<String>,
    /// Every legal declaration, when asked for.
    pub all: Option<Vec<String>>,
    pub all_choices: Option<Vec<Declaration>>,
    /// Set when the budget ran out before the maximum was known.
    pub undecided: Option<Exhausted>,
    /// The verdict on the declaration asked about, if one was.
    pub check: Option<Checked>,
}

/// A verdict: the same fields as `skirmish check --json`, and the declarations by index.
#[derive(Debug, Clone, Serialize)]
pub struct Checked {
    #[serde(flatten)]
    pub judgement: Judgement,
    /// The declaration judged, by index.
    pub choice: Declaration,
    /// Indices into `problem.requirements` of the requirements the witness obeys and the
    /// declaration doesn't.
    pub unobeyed_requirements: Vec<usize>,
    /// The witness by index, when the declaration obeys too few requirements.
    pub witness_choice: Option<Declaration>,
}

/// Answers a document's questions. `budget` bounds the summary (maximum, optimum, count, the
/// list) and, separately, the check, as `skirmish attacks` and `skirmish check` each have their
/// own. `check` is the declaration to judge; `None` takes the document's own.
pub fn solve(doc: &Document, check: Option<&Declaration>, all: bool, budget: u64) -> Answer {
    let check = check.or(doc.check.as_ref());
    match &doc.problem {
        Problem::Attack(p) => {
            let check = match check {
                Some(Declaration::Attack(c)) => Some(c),
                _ => None,
            };
            answer(
                "attack",
                p,
                p.requirements.len(),
                all,
                budget,
                check,
                &|c| judge::attack_text(p, c),
                &Declaration::Attack,
                &|text, v| judge::attack_judgement(p, text, v),
            )
        }
        Problem::Block(p) => {
            let check = match check {
                Some(Declaration::Block(c)) => Some(c),
                _ => None,
            };
            answer(
                "block",
                p,
                p.requirements.len(),
                all,
                budget,
                check,
                &|c| judge::block_text(p, c),
                &Declaration::Block,
                &|text, v| judge::block_judgement(p, text, v),
            )
        }
    }
}

type Judge<'a, C> = dyn Fn(String, Verdict<C>) -> Judgement + 'a;

#[allow(clippy::too_many_arguments)]
fn answer<P: Legality>(
    kind: &'static str,
    p: &P,
    requirements: usize,
    all: bool,
    limit: u64,
    check: Option<&P::Choice>,
    show: &dyn Fn(&P::Choice) -> String,
    wrap: &dyn Fn(P::Choice) -> Declaration,
    judge: &Judge<'_, P::Choice>,
) -> Answer {
    let mut out = Answer {
        format: FORMAT,
        version: super::document::VERSION,
        kind,
        requirements,
        maximum: None,
        optimum: None,
        optimum_choice: None,
        count: None,
        all: None,
        all_choices: None,
        undecided: None,
        check: None,
    };
    // In the order and with the budget `skirmish attacks|blocks` uses (judge::summarize): an
    // uncounted total is no reason to withhold the maximum.
    let mut budget = Budget::new(limit);
    let summary = (|| -> Result<(), Exhausted> {
        let maximum = p.maximum(&mut budget)?;
        let optimum = p.optimum(&mut budget)?;
        let count = p.count(&mut budget).ok().map(|c| c.to_string());
        let mut listed = None;
        if all {
            let mut list = Vec::new();
            p.enumerate(&mut budget, &mut |c| {
                list.push(c.clone());
                true
            })?;
            listed = Some(list);
        }
        out.maximum = Some(maximum);
        out.optimum = Some(show(&optimum));
        out.optimum_choice = Some(wrap(optimum));
        out.count = count;
        if let Some(list) = listed {
            out.all = Some(list.iter().map(show).collect());
            out.all_choices = Some(list.into_iter().map(wrap).collect());
        }
        Ok(())
    })();
    out.undecided = summary.err();
    if let Some(choice) = check {
        let verdict = p.check(choice, &mut Budget::new(limit));
        let (unobeyed, witness) = match &verdict {
            Verdict::TooFewRequirements {
                unobeyed, witness, ..
            } => (unobeyed.clone(), Some(wrap(witness.clone()))),
            _ => (Vec::new(), None),
        };
        out.check = Some(Checked {
            judgement: judge(show(choice), verdict),
            choice: wrap(choice.clone()),
            unobeyed_requirements: unobeyed,
            witness_choice: witness,
        });
    }
    out
}

/// Reads an attack in the declaration syntax (`"A, B->Garruk"`) over a problem's labels: each
/// attacker by its label, `->` the label of what it attacks; without `->`, the one player
/// among the targets (306.3, as `skirmish check` does with the defending player).
pub fn attack_declaration(p: &AttackProblem, text: &str) -> Result<AttackChoice, DeclarationError> {
    let items = declaration::parse_attack(text)?;
    let mut choice = p.none();
    for item in &items {
        let i = find(
            p.creatures.iter().map(|c| c.label.as_str()),
            &item.name,
            item.at,
            "creature of the attacking player",
        )?;
        if choice.0[i].is_some() {
            return Err(DeclarationError {
                at: item.at,
                len: item.name.len(),
                message: format!("\"{}\" is declared as an attacker twice", item.name),
                help: "a creature attacks one player or planeswalker (308.2a); name it once".into(),
            });
        }
        let t = match &item.target {
            Some((name, at)) => find(
                p.targets.iter().map(|t| t.label.as_str()),
                name,
                *at,
                "target (player or planeswalker)",
            )?,
            None => {
                let players: Vec<usize> = (0..p.targets.len())
                    .filter(|t| matches!(p.targets[*t].target, AttackTarget::Player(_)))
                    .collect();
                match players.as_slice() {
                    [one] => *one,
                    _ => {
                        return Err(DeclarationError {
                            at: item.at,
                            len: item.name.len(),
                            message: format!(
                                "\"{}\" attacks no named target, and the problem has {} players to attack",
                                item.name,
                                players.len()
                            ),
                            help: format!(
                                "say what it attacks: `{}->Label`, a label of `problem.targets`",
                                item.name
                            ),
                        });
                    }
                }
            }
        };
        choice.0[i] = Some(t);
    }
    Ok(choice)
}

/// Reads a block in the declaration syntax (`"X=A, X=B, Y=A"`) over a problem's labels.
pub fn block_declaration(p: &BlockProblem, text: &str) -> Result<BlockChoice, DeclarationError> {
    let items = declaration::parse_block(text)?;
    let mut choice = p.none();
    for item in &items {
        let b = find(
            p.blockers.iter().map(|c| c.label.as_str()),
            &item.name,
            item.at,
            "creature of the defending player",
        )?;
        // parse_block gives every item a target.
        let Some((name, at)) = &item.target else {
            continue;
        };
        let a = find(
            p.attackers.iter().map(|a| a.label.as_str()),
            name,
            *at,
            "attacking creature",
        )?;
        if choice.0[b].contains(&a) {
            return Err(DeclarationError {
                at: item.at,
                len: item.name.len() + 1 + name.len(),
                message: format!("\"{}\" blocks \"{name}\" twice", item.name),
                help: "name each pair once".into(),
            });
        }
        choice.0[b].push(a);
        choice.0[b].sort_unstable();
    }
    Ok(choice)
}

fn find<'a>(
    mut labels: impl Iterator<Item = &'a str>,
    name: &str,
    at: usize,
    what: &str,
) -> Result<usize, DeclarationError> {
    labels
        .position(|l| l == name)
        .ok_or_else(|| DeclarationError {
            at,
            len: name.len(),
            message: format!("no {what} in the problem is labelled \"{name}\""),
            help: "name creatures and targets by their `label` in the problem document".into(),
        })
}
