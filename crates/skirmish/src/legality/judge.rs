//! Questions about a game in the words of its players: declarations as text, answers with
//! labels and rule numbers. Used by scenario expectations and the CLI.

use super::build::{self, BuildError, attack_problem, block_problem};
use super::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem, Source};
use super::{Budget, Exhausted, Legality, Verdict, Violation, attack_choice, block_choice};
use crate::declaration::{self, DeclarationError};
use crate::model::{AttackTarget, Combat, Game, ObjectId};
use serde::Serialize;

/// Why a question couldn't be asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("{0}")]
    Declaration(#[from] DeclarationError),
    #[error("{0}")]
    Build(#[from] BuildError),
}

/// A verdict in labels: what `skirmish check` prints and scenario expectations compare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// "attack" or "block".
    pub kind: &'static str,
    /// The declaration judged, normalized.
    pub declaration: String,
    pub legal: bool,
    /// "legal", "breaks-restrictions", "too-few-requirements" or "undecided".
    pub verdict: &'static str,
    /// Requirements obeyed and the maximum possible (absent when restrictions are broken).
    pub obeyed: Option<u32>,
    pub maximum: Option<u32>,
    pub violations: Vec<Violation>,
    /// Requirements the declaration leaves unobeyed that the witness obeys.
    pub unobeyed: Vec<Source>,
    /// A declaration obeying the maximum, when this one doesn't.
    pub witness: Option<String>,
    /// Every rule the verdict rests on.
    pub rules: Vec<String>,
    /// One sentence per reason, with rule numbers.
    pub explanation: Vec<String>,
}

fn label(game: &Game, id: ObjectId) -> String {
    game.object_or_last_known(id)
        .map_or_else(|| id.to_string(), |o| o.label.clone())
}

/// An attack as text: attackers of the defending player by label, others `->` their target.
pub fn attack_text(p: &AttackProblem, c: &AttackChoice) -> String {
    let parts: Vec<String> =
        c.0.iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let t = (*t)?;
                let who = &p.creatures[i].label;
                Some(match p.targets[t].target {
                    // The one defending player goes without saying; under 602 it must be said.
                    AttackTarget::Player(_) if t == 0 && single_player(p) => who.clone(),
                    _ => format!("{who}->{}", p.targets[t].label),
                })
            })
            .collect();
    parts.join(", ")
}

fn single_player(p: &AttackProblem) -> bool {
    p.targets
        .iter()
        .filter(|t| matches!(t.target, AttackTarget::Player(_)))
        .count()
        == 1
}

/// The declaration as the user wrote it, with spacing normalized.
fn normalized(items: &[declaration::NamedItem], sep: &str) -> String {
    items
        .iter()
        .map(|i| match &i.target {
            Some((t, _)) => format!("{}{sep}{t}", i.name),
            None => i.name.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A block as text: `Blocker=Attacker` pairs.
pub fn block_text(p: &BlockProblem, c: &BlockChoice) -> String {
    let mut parts = Vec::new();
    for (b, attacked) in c.0.iter().enumerate() {
        for a in attacked {
            parts.push(format!("{}={}", p.blockers[b].label, p.attackers[*a].label));
        }
    }
    parts.join(", ")
}

fn judgement<C>(
    kind: &'static str,
    declaration: String,
    verdict: Verdict<C>,
    requirement: &dyn Fn(usize) -> Source,
    show: &dyn Fn(&C) -> String,
) -> Judgement {
    let mut j = Judgement {
        kind,
        declaration,
        legal: false,
        verdict: "legal",
        obeyed: None,
        maximum: None,
        violations: Vec::new(),
        unobeyed: Vec::new(),
        witness: None,
        rules: Vec::new(),
        explanation: Vec::new(),
    };
    let shown = if j.declaration.is_empty() {
        "no creatures".to_string()
    } else {
        j.declaration.clone()
    };
    match verdict {
        Verdict::Legal { obeyed, maximum } => {
            j.legal = true;
            j.obeyed = Some(obeyed);
            j.maximum = Some(maximum);
            j.rules = vec!["500.4".into()];
            j.explanation.push(format!("[500.4] legal: {shown} obeys every restriction and {obeyed} of the {maximum} requirement(s) that can be obeyed at once, the maximum"));
        }
        Verdict::BreaksRestrictions { violations } => {
            j.verdict = "breaks-restrictions";
            for v in &violations {
                if !j.rules.contains(&v.rule) {
                    j.rules.push(v.rule.clone());
                }
                j.explanation.push(v.to_string());
            }
            j.violations = violations;
        }
        Verdict::TooFewRequirements {
            obeyed,
            maximum,
            unobeyed,
            witness,
        } => {
            j.verdict = "too-few-requirements";
            j.obeyed = Some(obeyed);
            j.maximum = Some(maximum);
            j.rules = vec!["500.4".into()];
            let w = show(&witness);
            j.explanation.push(format!(
                "[500.4] illegal: {shown} obeys {obeyed} requirement(s), but {} obeys {maximum} without breaking a restriction",
                if w.is_empty() { "declaring no creatures".to_string() } else { format!("\"{w}\"") }
            ));
            for r in unobeyed {
                let s = requirement(r);
                if !j.rules.contains(&s.rule) {
                    j.rules.push(s.rule.clone());
                }
                let from = if s.text.starts_with(&s.label) {
                    String::new()
                } else {
                    format!(" (from {})", s.label)
                };
                j.explanation.push(format!(
                    "[{}] unobeyed requirement: {}{from}",
                    s.rule, s.text
                ));
                j.unobeyed.push(s);
            }
            j.witness = Some(w);
        }
        Verdict::Undecided { obeyed, limit } => {
            j.verdict = "undecided";
            j.obeyed = Some(obeyed);
            j.explanation.push(format!(
                "undecided: {shown} obeys every restriction and {obeyed} requirement(s), but whether more can be obeyed wasn't settled within the work budget of {limit} steps"
            ));
        }
    }
    j
}

fn attack_requirement_source(p: &AttackProblem, i: usize) -> Source {
    let r = &p.requirements[i];
    let who: Vec<&str> = r
        .subjects()
        .filter_map(|c| p.creatures.get(c))
        .map(|c| c.label.as_str())
        .collect();
    let mut text = if r.others.is_empty() {
        format!("{} attacks", or_list(&who))
    } else {
        format!("at least one of {} attacks", who.join(", "))
    };
    let whom: Vec<&str> = r
        .targets
        .iter()
        .filter_map(|t| p.targets.get(*t))
        .map(|t| t.label.as_str())
        .collect();
    if !whom.is_empty() {
        text.push(' ');
        text.push_str(&or_list(&whom));
    }
    if r.targets.is_empty() && r.others.is_empty() && r.when.is_none() {
        text.push_str(" each turn");
    }
    text.push_str(" if able");
    if let Some(when) = &r.when {
        let names: Vec<&str> = when
            .iter()
            .filter_map(|w| p.creatures.get(*w))
            .map(|c| c.label.as_str())
            .collect();
        text = format!("if {} attacks, {text}", or_list(&names));
    }
    Source {
        text,
        ..r.source.clone()
    }
}

/// "A", "A or B", "A, B or C".
fn or_list(names: &[&str]) -> String {
    match names {
        [] => "no creature".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn block_requirement_source(p: &BlockProblem, i: usize) -> Source {
    use super::problem::BlockRequirement as R;
    let r = &p.requirements[i];
    let mut s = r.source().clone();
    s.text = match r {
        R::Blocks { blocker, .. } => format!("{} blocks if able", p.blockers[*blocker].label),
        R::BlocksAttacker {
            blocker, attacker, ..
        } => format!(
            "{} blocks {} if able",
            p.blockers[*blocker].label, p.attackers[*attacker].label
        ),
        R::MustBeBlocked { attacker, .. } => {
            format!("{} must be blocked if able", p.attackers[*attacker].label)
        }
        R::MustBeBlockedByOne { attacker, .. } => format!(
            "{} must be blocked by exactly one creature if able",
            p.attackers[*attacker].label
        ),
        R::MustBeBlockedBy { attacker, by, .. } => {
            let by: Vec<&str> = by.iter().map(|b| p.blockers[*b].label.as_str()).collect();
            format!(
                "{} must be blocked by one of {} if able",
                p.attackers[*attacker].label,
                by.join(", ")
            )
        }
    };
    s
}

/// Judges a declaration over an attack problem with no game behind it (`skirmish solve`):
/// the problem's labels name everything; `declaration` is the text shown for it.
pub fn attack_judgement(
    p: &AttackProblem,
    declaration: String,
    verdict: Verdict<AttackChoice>,
) -> Judgement {
    judgement(
        "attack",
        declaration,
        verdict,
        &|i| attack_requirement_source(p, i),
        &|c| attack_text(p, c),
    )
}

/// Judges a declaration over a block problem with no game behind it (`skirmish solve`).
pub fn block_judgement(
    p: &BlockProblem,
    declaration: String,
    verdict: Verdict<BlockChoice>,
) -> Judgement {
    judgement(
        "block",
        declaration,
        verdict,
        &|i| block_requirement_source(p, i),
        &|c| block_text(p, c),
    )
}

/// The player an attacker attacks when the declaration doesn't say: the defending player, if
/// there is only one.
fn default_target(game: &Game) -> Option<crate::model::PlayerId> {
    build::defending_player(game).ok()
}

/// Judges an attack written as text (`"A, B->Garruk"`).
pub fn judge_attack(game: &Game, text: &str, budget: &mut Budget) -> Result<Judgement, JudgeError> {
    let p = attack_problem(game)?;
    let items = declaration::parse_attack(text)?;
    let attack = declaration::resolve_attack(game, &items, default_target(game))?;
    let (choice, extra) = attack_choice(&p, &attack, &|id| label(game, id));
    let verdict = if extra.is_empty() {
        p.check(&choice, budget)
    } else {
        Verdict::BreaksRestrictions { violations: extra }
    };
    let shown = normalized(&items, "->");
    let requirement = |i: usize| attack_requirement_source(&p, i);
    Ok(judgement("attack", shown, verdict, &requirement, &|c| {
        attack_text(&p, c)
    }))
}

/// The game as it would be with this attack declared: the question blocks are asked in.
pub fn with_attack(game: &Game, text: &str) -> Result<Game, JudgeError> {
    build::defending_players(game)?;
    let items = declaration::parse_attack(text)?;
    let attack = declaration::resolve_attack(game, &items, default_target(game))?;
    let mut g = game.clone();
    g.set_combat(Some(Combat {
        defending_player: if game.options.attack_multiple_players {
            None
        } else {
            default_target(game)
        },
        attackers: attack.attackers,
        ..Combat::default()
    }));
    Ok(g)
}

/// The defending player whose blocks a declaration is: the one named, the controller of the
/// declared blockers, or the only player being attacked (602.4).
pub fn block_defender(
    game: &Game,
    block: &declaration::Block,
    named: Option<&str>,
) -> Result<crate::model::PlayerId, JudgeError> {
    if let Some(name) = named {
        return game
            .player_named(name)
            .map(|p| p.id)
            .ok_or_else(|| BuildError::NotDefending(name.to_string()).into());
    }
    let attacked = build::attacked_players(game)?;
    if let [one] = attacked.as_slice() {
        return Ok(*one);
    }
    let controllers: std::collections::BTreeSet<_> = block
        .blockers
        .keys()
        .filter_map(|b| game.object(*b))
        .map(|o| o.controller)
        .collect();
    match controllers.into_iter().collect::<Vec<_>>().as_slice() {
        [one] => Ok(*one),
        _ => Err(BuildError::WhichDefender.into()),
    }
}

/// Judges a block written as text (`"X=A, Y=A"`) in a game where attackers are declared; with
/// several defending players, `defender` names whose blocks these are (602.4).
pub fn judge_block(
    game: &Game,
    text: &str,
    defender: Option<&str>,
    budget: &mut Budget,
) -> Result<Judgement, JudgeError> {
    let items = declaration::parse_block(text)?;
    let block = declaration::resolve_block(game, &items)?;
    let p = build::block_problem_for(game, block_defender(game, &block, defender)?)?;
    let (choice, extra) = block_choice(&p, &block, &|id| label(game, id));
    let verdict = if extra.is_empty() {
        p.check(&choice, budget)
    } else {
        Verdict::BreaksRestrictions { violations: extra }
    };
    let shown = normalized(&items, "=");
    Ok(judgement(
        "block",
        shown,
        verdict,
        &|i| block_requirement_source(&p, i),
        &|c| block_text(&p, c),
    ))
}

/// The answer to "what may be declared here?": the maximum, an optimal declaration, the count.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub kind: &'static str,
    pub requirements: usize,
    pub maximum: u32,
    /// The simplest optimal declaration (fewest creatures).
    pub optimum: String,
    /// The number of legal declarations, in decimal; absent if undecided within the budget.
    pub count: Option<String>,
    /// Every legal declaration, when asked for.
    pub all: Option<Vec<String>>,
}

fn summarize<P: Legality>(
    kind: &'static str,
    p: &P,
    requirements: usize,
    all: bool,
    budget: &mut Budget,
    show: &dyn Fn(&P::Choice) -> String,
) -> Result<Summary, Exhausted> {
    let maximum = p.maximum(budget)?;
    let optimum = show(&p.optimum(budget)?);
    let count = p.count(budget).ok().map(|c| c.to_string());
    let all = if all {
        let mut list = Vec::new();
        p.enumerate(budget, &mut |c| {
            list.push(show(c));
            true
        })?;
        Some(list)
    } else {
        None
    };
    Ok(Summary {
        kind,
        requirements,
        maximum,
        optimum,
        count,
        all,
    })
}

/// An optimal attack with the fewest creatures, as text: the engine's default declaration.
pub fn optimal_attack(
    game: &Game,
    budget: &mut Budget,
) -> Result<Result<String, Exhausted>, JudgeError> {
    let p = attack_problem(game)?;
    Ok(p.optimum(budget).map(|c| attack_text(&p, &c)))
}

/// An optimal block with the fewest creatures for one defending player, as text.
pub fn optimal_block(
    game: &Game,
    defender: &str,
    budget: &mut Budget,
) -> Result<Result<String, Exhausted>, JudgeError> {
    let p = build::block_problem_for(
        game,
        block_defender(game, &declaration::Block::default(), Some(defender))?,
    )?;
    Ok(p.optimum(budget).map(|c| block_text(&p, &c)))
}

/// Summarizes the legal attacks.
pub fn attacks(
    game: &Game,
    all: bool,
    budget: &mut Budget,
) -> Result<Result<Summary, Exhausted>, JudgeError> {
    let p = attack_problem(game)?;
    Ok(summarize(
        "attack",
        &p,
        p.requirements.len(),
        all,
        budget,
        &|c| attack_text(&p, c),
    ))
}

/// Summarizes the legal blocks of one defending player (the only one, unless named).
pub fn blocks(
    game: &Game,
    defender: Option<&str>,
    all: bool,
    budget: &mut Budget,
) -> Result<Result<Summary, Exhausted>, JudgeError> {
    let p = match defender {
        Some(_) => build::block_problem_for(
            game,
            block_defender(game, &declaration::Block::default(), defender)?,
        )?,
        None => block_problem(game)?,
    };
    Ok(summarize(
        "block",
        &p,
        p.requirements.len(),
        all,
        budget,
        &|c| block_text(&p, c),
    ))
}
