//! Questions about a game in the words of its players: declarations as text, answers with
//! labels and rule numbers. Used by scenario expectations and the CLI.

pub mod grouping;

use super::build::{self, BuildError, attack_problem, block_problem};
use super::problem::{AttackChoice, AttackProblem, BlockChoice, BlockProblem, Source};
use super::{Budget, Exhausted, Legality, Verdict, Violation, attack_choice, block_choice};
use crate::declaration::{self, DeclarationError};
use crate::edition::{Change, Declaring, Rules};
use crate::model::{AttackTarget, Combat, Game, ObjectId};
use grouping::{Line, Pair, Subject};
use serde::Serialize;
use std::collections::HashMap;

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
    /// When undecided: what was proven about the maximum before the budget ran out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<super::Bounds>,
    /// Every rule the verdict rests on.
    pub rules: Vec<String>,
    /// One sentence per reason, with rule numbers.
    pub explanation: Vec<String>,
    /// The same for reading: copies of a card doing or suffering the same thing said once.
    /// Not serialized: programs read the full lists above.
    #[serde(skip)]
    pub readable: Readable,
}

/// A judgement in text meant to be read (`skirmish check` without `--json`): lines that differ
/// only in which copy of a card they are about are grouped ([`grouping`]), numbered labels are
/// written as ranges. With nothing to group, each reads exactly as its full counterpart.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Readable {
    /// The declaration judged.
    pub declaration: String,
    /// The reasons, as [`Judgement::explanation`].
    pub explanation: Vec<String>,
    /// The legal declaration offered instead, as [`Judgement::witness`].
    pub witness: Option<String>,
}

/// Card names by label, so that lines can say which creatures are copies of one card.
fn cards_by_label(game: &Game) -> HashMap<&str, &str> {
    game.objects()
        .map(|o| (o.label.as_str(), o.name()))
        .collect()
}

/// A creature named in a line, with its card name (its label when it isn't in the game).
fn subject(cards: &HashMap<&str, &str>, label: &str) -> Subject {
    Subject::new(label, cards.get(label).copied().unwrap_or(label))
}

/// A requirement instance's source, and where its text names the one creature it is about.
type RequirementWords<'a> = Box<dyn Fn(usize) -> (Source, Option<(usize, String)>) + 'a>;

/// A declaration's attacker-blocker (or attacker-target) pairs, for grouping copies.
type PairsOf<'a, C> = Box<dyn Fn(&C) -> Vec<Pair> + 'a>;

/// What a judgement needs to say things in words: how to name requirements, and how to write
/// a declaration both in full and grouped.
struct Words<'a, C> {
    kind: &'static str,
    /// The verb for one creature and for several ("blocks", "block").
    verbs: (&'static str, &'static str),
    requirement: RequirementWords<'a>,
    show: Box<dyn Fn(&C) -> String + 'a>,
    pairs: PairsOf<'a, C>,
    cards: &'a HashMap<&'a str, &'a str>,
}

/// The words for attacks over problem `p`, with the card name behind each label.
fn attack_words<'a>(
    p: &'a AttackProblem,
    cards: &'a HashMap<&'a str, &'a str>,
) -> Words<'a, AttackChoice> {
    Words {
        kind: "attack",
        verbs: ("attacks", "attack"),
        requirement: Box::new(move |i| attack_requirement_source(p, i)),
        show: Box::new(move |c| attack_text(p, c)),
        pairs: Box::new(move |c| attack_pairs(p, c, cards)),
        cards,
    }
}

/// The words for blocks over problem `p`.
fn block_words<'a>(
    p: &'a BlockProblem,
    cards: &'a HashMap<&'a str, &'a str>,
) -> Words<'a, BlockChoice> {
    Words {
        kind: "block",
        verbs: ("blocks", "block"),
        requirement: Box::new(move |i| block_requirement_source(p, i)),
        show: Box::new(move |c| block_text(p, c)),
        pairs: Box::new(move |c| block_pairs(p, c, cards)),
        cards,
    }
}

impl<C> Words<'_, C> {
    /// A declaration for reading: grouped when copies of a card do the same thing.
    fn readable(&self, full: &str, pairs: &[Pair]) -> String {
        grouping::grouped_declaration(pairs, self.verbs.0, self.verbs.1)
            .unwrap_or_else(|| full.to_string())
    }
}

/// A broken restriction as a line about its creature, when its message starts with the
/// creature's label; it reads exactly as the violation's own text.
fn violation_line(v: &Violation, cards: &HashMap<&str, &str>) -> Line {
    match &v.creature {
        Some(c) if v.message.starts_with(c.as_str()) => {
            let from = match &v.source {
                // As in the violation's own text: its creature's own ability goes without saying.
                Some(s) if &s.label != c => format!(" (from {}: {})", s.label, s.text),
                _ => String::new(),
            };
            Line::about(
                format!("[{}] ", v.rule),
                subject(cards, c),
                format!("{}{from}", &v.message[c.len()..]),
            )
        }
        _ => Line::plain(v.to_string()),
    }
}

/// An unobeyed requirement as a line about the creature it names at `about` (position and
/// label), if any. The source goes without saying when the text already names it first: for
/// a line about a creature, only when the source is that creature itself.
fn unobeyed_line(s: &Source, about: Option<&(usize, String)>, cards: &HashMap<&str, &str>) -> Line {
    let head = format!("[{}] unobeyed requirement: ", s.rule);
    match about {
        Some((at, c)) if s.text.get(*at..).is_some_and(|t| t.starts_with(c.as_str())) => {
            let from = if *at == 0 && &s.label == c {
                String::new()
            } else {
                format!(" (from {})", s.label)
            };
            Line::about(
                format!("{head}{}", &s.text[..*at]),
                subject(cards, c),
                format!("{}{from}", &s.text[at + c.len()..]),
            )
        }
        _ => {
            let from = if s.text.starts_with(&s.label) {
                String::new()
            } else {
                format!(" (from {})", s.label)
            };
            Line::plain(format!("{head}{}{from}", s.text))
        }
    }
}

fn label(game: &Game, id: ObjectId) -> String {
    game.object_or_last_known(id)
        .map_or_else(|| id.to_string(), |o| o.label.clone())
}

fn player_name(game: &Game, id: crate::model::PlayerId) -> String {
    game.player(id)
        .map_or_else(|| "that player".to_string(), |p| p.name.clone())
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
    words: &Words<'_, C>,
    declaration: String,
    declared: &[Pair],
    verdict: Verdict<C>,
) -> Judgement {
    let kind = words.kind;
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
        bounds: None,
        rules: Vec::new(),
        explanation: Vec::new(),
        readable: Readable::default(),
    };
    let no_creatures = |d: &str| {
        if d.is_empty() {
            "no creatures".to_string()
        } else {
            d.to_string()
        }
    };
    j.readable.declaration = words.readable(&j.declaration, declared);
    let shown = no_creatures(&j.declaration);
    let shown_readable = no_creatures(&j.readable.declaration);
    // Lines about single creatures, grouped for reading once all are known.
    let mut lines: Vec<Line> = Vec::new();
    match verdict {
        Verdict::Legal { obeyed, maximum } => {
            j.legal = true;
            j.obeyed = Some(obeyed);
            j.maximum = Some(maximum);
            j.rules = vec!["500.4".into()];
            let legal = |shown: &str| {
                format!(
                    "[500.4] legal: {shown} obeys every restriction and {obeyed} of the {maximum} requirement(s) that can be obeyed at once, the maximum"
                )
            };
            j.explanation.push(legal(&shown));
            j.readable.explanation.push(legal(&shown_readable));
        }
        Verdict::BreaksRestrictions { violations } => {
            j.verdict = "breaks-restrictions";
            for v in &violations {
                if !j.rules.contains(&v.rule) {
                    j.rules.push(v.rule.clone());
                }
                j.explanation.push(v.to_string());
                lines.push(violation_line(v, words.cards));
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
            let w = (words.show)(&witness);
            let w_readable = words.readable(&w, &(words.pairs)(&witness));
            let illegal = |shown: &str, w: &str| {
                format!(
                    "[500.4] illegal: {shown} obeys {obeyed} requirement(s), but {} obeys {maximum} without breaking a restriction",
                    if w.is_empty() {
                        "declaring no creatures".to_string()
                    } else {
                        format!("\"{w}\"")
                    }
                )
            };
            j.explanation.push(illegal(&shown, &w));
            j.readable
                .explanation
                .push(illegal(&shown_readable, &w_readable));
            for r in unobeyed {
                let (s, about) = (words.requirement)(r);
                if !j.rules.contains(&s.rule) {
                    j.rules.push(s.rule.clone());
                }
                let line = unobeyed_line(&s, about.as_ref(), words.cards);
                j.explanation.push(line.text());
                lines.push(line);
                j.unobeyed.push(s);
            }
            j.witness = Some(w);
            j.readable.witness = Some(w_readable);
        }
        Verdict::Undecided {
            obeyed,
            limit,
            bounds,
        } => {
            j.verdict = "undecided";
            j.obeyed = Some(obeyed);
            j.bounds = bounds;
            // What was proven before the budget ran out.
            let proven = bounds.map_or_else(String::new, |b| {
                format!(
                    " (proven so far: the maximum is between {} and {})",
                    b.at_least, b.at_most
                )
            });
            let undecided = |shown: &str| {
                format!(
                    "undecided: {shown} obeys every restriction and {obeyed} requirement(s), but whether more can be obeyed wasn't settled within the work budget of {limit} steps{proven}"
                )
            };
            j.explanation.push(undecided(&shown));
            j.readable.explanation.push(undecided(&shown_readable));
        }
    }
    j.readable
        .explanation
        .extend(grouping::grouped_text(&lines));
    j
}

/// An attack requirement in words, and where in them the one creature it asks to attack is
/// named (its position and label), when it asks one creature.
fn attack_requirement_source(p: &AttackProblem, i: usize) -> (Source, Option<(usize, String)>) {
    let r = &p.requirements[i];
    let who: Vec<&str> = r
        .subjects()
        .filter_map(|c| p.creatures.get(c))
        .map(|c| c.label.as_str())
        .collect();
    let mut about = match (r.others.is_empty(), who.as_slice()) {
        (true, [one]) => Some((0, (*one).to_string())),
        _ => None,
    };
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
        let condition = format!("if {}, ", attacks_phrase(&names));
        about = about.map(|(at, label)| (at + condition.len(), label));
        text = format!("{condition}{text}");
    }
    (
        Source {
            text,
            ..r.source.clone()
        },
        about,
    )
}

/// "A attacks", "A or B attacks".
fn attacks_phrase(names: &[&str]) -> String {
    format!("{} attacks", or_list(names))
}

/// "A", "A or B", "A, B or C".
fn or_list(names: &[&str]) -> String {
    match names {
        [] => "no creature".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A block requirement in words, and the creature it is about (named first).
fn block_requirement_source(p: &BlockProblem, i: usize) -> (Source, Option<(usize, String)>) {
    use super::problem::BlockRequirement as R;
    let r = &p.requirements[i];
    let mut s = r.source().clone();
    let about = match r {
        R::Blocks { blocker, .. } | R::BlocksAttacker { blocker, .. } => {
            &p.blockers[*blocker].label
        }
        R::MustBeBlocked { attacker, .. }
        | R::MustBeBlockedByOne { attacker, .. }
        | R::MustBeBlockedBy { attacker, .. } => &p.attackers[*attacker].label,
    };
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
    let about = Some((0, about.clone()));
    (s, about)
}

impl Judgement {
    /// The judgement in the rule numbers and words of the rules in force: the kernel and the
    /// builder name 2009 rules, which the current rules split between attacks (508.1) and
    /// blocks (509.1).
    pub fn cited(mut self, rules: Rules) -> Judgement {
        if !rules.has(Change::Numbering) {
            return self;
        }
        let d = Some(if self.kind == "attack" {
            Declaring::Attackers
        } else {
            Declaring::Blockers
        });
        let attack = self.kind == "attack";
        // 2009's 500.2 and 500.3 hold both the restrictions and the requirements of attacks
        // and blocks; the current rules put restrictions in 508.1c and 509.1b.
        let restriction = |rule: &str| match rule {
            "500.1" | "500.2" | "500.3" => Some(
                rules
                    .cite(if attack {
                        "500.2|508.1c"
                    } else {
                        "500.3|509.1b"
                    })
                    .into_owned(),
            ),
            _ => None,
        };
        let cite = |rule: &str| rules.cite_in(rule, d).into_owned();
        let source = |s: &mut Source| {
            s.rule = cite(&s.rule);
            s.text = rules.cite_text(&s.text, d);
        };
        let mut cited = Vec::new();
        for v in &mut self.violations {
            v.rule = restriction(&v.rule).unwrap_or_else(|| cite(&v.rule));
            v.message = rules.cite_text(&v.message, d);
            if let Some(s) = &mut v.source {
                source(s);
            }
            cited.push(v.rule.clone());
        }
        self.unobeyed.iter_mut().for_each(source);
        cited.extend(self.unobeyed.iter().map(|s| s.rule.clone()));
        if self.rules.iter().any(|r| r == "500.4") {
            cited.insert(0, cite("500.4"));
        }
        cited.dedup();
        self.rules = cited;
        for line in self
            .explanation
            .iter_mut()
            .chain(self.readable.explanation.iter_mut())
        {
            // A line about a broken restriction starts with its rule; one about a requirement
            // says so after it.
            let head = line
                .strip_prefix('[')
                .and_then(|l| l.split_once(']'))
                .filter(|(_, rest)| !rest.starts_with(" unobeyed requirement"))
                .and_then(|(rule, rest)| restriction(rule).map(|r| format!("[{r}]{rest}")));
            *line = rules.cite_text(head.as_deref().unwrap_or(line), d);
        }
        self
    }
}

/// Judges a declaration over an attack problem with no game behind it (`skirmish solve`):
/// the problem's labels name everything; `declaration` is the text shown for it.
pub fn attack_judgement(
    p: &AttackProblem,
    declaration: String,
    verdict: Verdict<AttackChoice>,
) -> Judgement {
    // No game: no card names, so nothing is grouped as copies of a card.
    let cards = HashMap::new();
    let words = attack_words(p, &cards);
    judgement(&words, declaration, &[], verdict)
}

/// Judges a declaration over a block problem with no game behind it (`skirmish solve`).
pub fn block_judgement(
    p: &BlockProblem,
    declaration: String,
    verdict: Verdict<BlockChoice>,
) -> Judgement {
    let cards = HashMap::new();
    let words = block_words(p, &cards);
    judgement(&words, declaration, &[], verdict)
}

/// The player an attacker attacks when the declaration doesn't say: the defending player, if
/// there is only one.
fn default_target(game: &Game) -> Option<crate::model::PlayerId> {
    build::defending_player(game).ok()
}

/// An attack's creatures and what each attacks, for saying it in words.
fn attack_pairs(p: &AttackProblem, c: &AttackChoice, cards: &HashMap<&str, &str>) -> Vec<Pair> {
    c.0.iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let t = p.targets.get((*t)?)?;
            Some(Pair {
                subject: subject(cards, &p.creatures.get(i)?.label),
                object: t.label.clone(),
            })
        })
        .collect()
}

/// A block's blockers and what each blocks, for saying it in words.
fn block_pairs(p: &BlockProblem, c: &BlockChoice, cards: &HashMap<&str, &str>) -> Vec<Pair> {
    let mut out = Vec::new();
    for (b, attacked) in c.0.iter().enumerate() {
        for a in attacked {
            if let (Some(b), Some(a)) = (p.blockers.get(b), p.attackers.get(*a)) {
                out.push(Pair {
                    subject: subject(cards, &b.label),
                    object: a.label.clone(),
                });
            }
        }
    }
    out
}

/// A declaration as written, for saying it in words; an attacker without `->` attacks
/// `default` (the defending player).
fn declared_pairs(
    items: &[declaration::NamedItem],
    default: &str,
    cards: &HashMap<&str, &str>,
) -> Vec<Pair> {
    items
        .iter()
        .map(|i| Pair {
            subject: subject(cards, &i.name),
            object: i
                .target
                .as_ref()
                .map_or_else(|| default.to_string(), |(t, _)| t.clone()),
        })
        .collect()
}

/// Judges an attack written as text (`"A, B->Garruk"`).
pub fn judge_attack(game: &Game, text: &str, budget: &mut Budget) -> Result<Judgement, JudgeError> {
    let p = attack_problem(game)?;
    let items = declaration::parse_attack(text)?;
    let attack = declaration::resolve_attack(game, &items, default_target(game))?;
    let (choice, extra) = attack_choice(&p, &attack, &|id| label(game, id), &|who| {
        player_name(game, who)
    });
    let verdict = if extra.is_empty() {
        p.check(&choice, budget)
    } else {
        Verdict::BreaksRestrictions { violations: extra }
    };
    let shown = normalized(&items, "->");
    let cards = cards_by_label(game);
    let defending = default_target(game)
        .and_then(|d| game.player(d))
        .map_or_else(|| "the defending player".to_string(), |d| d.name.clone());
    let declared = declared_pairs(&items, &defending, &cards);
    let words = attack_words(&p, &cards);
    Ok(judgement(&words, shown, &declared, verdict).cited(game.rules))
}

/// The game as it would be with this attack declared: the question blocks are asked in.
pub fn with_attack(game: &Game, text: &str) -> Result<Game, JudgeError> {
    build::defending_players(game)?;
    let items = declaration::parse_attack(text)?;
    let attack = declaration::resolve_attack(game, &items, default_target(game))?;
    // Only what the rules let attack is put into combat (issue 13): a land, another player's
    // creature or a creature attacking its own controller is refused with its rule, never
    // made into a state the rules forbid.
    let p = build::attack_problem(game)?;
    let (_, impossible) = super::attack_choice(&p, &attack, &|id| label(game, id), &|who| {
        player_name(game, who)
    });
    if let Some(v) = impossible.first() {
        let item = items
            .iter()
            .find(|i| v.creature.as_deref() == Some(i.name.as_str()))
            .or(items.first());
        return Err(declaration::DeclarationError {
            at: item.map_or(0, |i| i.at),
            len: item.map_or(text.len(), |i| i.name.len()),
            message: format!("[{}] {}", v.rule, v.message),
            help: "declare only creatures the attacking player controls, attacking the defending player or a planeswalker he or she controls (308.2a)".into(),
        }
        .into());
    }
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
    let cards = cards_by_label(game);
    let declared = declared_pairs(&items, "", &cards);
    let words = block_words(&p, &cards);
    Ok(judgement(&words, shown, &declared, verdict).cited(game.rules))
}

/// The answer to "what may be declared here?": the maximum, an optimal declaration, the count.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub kind: &'static str,
    pub requirements: usize,
    pub maximum: u32,
    /// The simplest optimal declaration (fewest creatures).
    pub optimum: String,
    /// The same for reading: copies of a card doing the same thing said once. Not serialized:
    /// programs read `optimum`.
    #[serde(skip)]
    pub readable_optimum: String,
    /// The number of legal declarations, in decimal; absent if undecided within the budget.
    pub count: Option<String>,
    /// Every legal declaration, when asked for.
    pub all: Option<Vec<String>>,
}

fn summarize<P: Legality>(
    words: &Words<'_, P::Choice>,
    p: &P,
    requirements: usize,
    all: bool,
    budget: &mut Budget,
) -> Result<Summary, Exhausted> {
    let mut summary = head(words, p, requirements, budget)?;
    if all {
        let mut list = Vec::new();
        p.enumerate(budget, &mut |c| {
            list.push((words.show)(c));
            true
        })?;
        summary.all = Some(list);
    }
    Ok(summary)
}

/// Everything a summary says but the list of declarations.
fn head<P: Legality>(
    words: &Words<'_, P::Choice>,
    p: &P,
    requirements: usize,
    budget: &mut Budget,
) -> Result<Summary, Exhausted> {
    let maximum = p.maximum(budget)?;
    let best = p.optimum(budget)?;
    let optimum = (words.show)(&best);
    let readable_optimum = words.readable(&optimum, &(words.pairs)(&best));
    let count = p.count(budget).ok().map(|c| c.to_string());
    Ok(Summary {
        kind: words.kind,
        requirements,
        maximum,
        optimum,
        readable_optimum,
        count,
        all: None,
    })
}

/// The summary's head, handed to `on_head` once it is known, then every legal declaration
/// handed to `each` as it is found (`each` returns false to stop): nothing is held, so a
/// board with millions of legal declarations lists them in constant memory. An `Err` after
/// the head means the list stopped where the budget ran out.
fn listing<P: Legality>(
    words: &Words<'_, P::Choice>,
    p: &P,
    requirements: usize,
    budget: &mut Budget,
    on_head: &mut dyn FnMut(&Summary),
    each: &mut dyn FnMut(&str) -> bool,
) -> Result<(), Exhausted> {
    on_head(&head(words, p, requirements, budget)?);
    p.enumerate(budget, &mut |c| each(&(words.show)(c)))
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
    let cards = cards_by_label(game);
    let words = attack_words(&p, &cards);
    Ok(summarize(&words, &p, p.requirements.len(), all, budget))
}

/// The legal attacks as a stream: the summary (without its list) to `on_head`, then each
/// legal declaration to `each` as it is found, holding none of them (`each` returns false to
/// stop). An `Err` after the head means the list stopped where the budget ran out.
pub fn attacks_listed(
    game: &Game,
    budget: &mut Budget,
    on_head: &mut dyn FnMut(&Summary),
    each: &mut dyn FnMut(&str) -> bool,
) -> Result<Result<(), Exhausted>, JudgeError> {
    let p = attack_problem(game)?;
    let cards = cards_by_label(game);
    let words = attack_words(&p, &cards);
    Ok(listing(
        &words,
        &p,
        p.requirements.len(),
        budget,
        on_head,
        each,
    ))
}

/// Summarizes the legal blocks of one defending player (the only one, unless named).
pub fn blocks(
    game: &Game,
    defender: Option<&str>,
    all: bool,
    budget: &mut Budget,
) -> Result<Result<Summary, Exhausted>, JudgeError> {
    let p = defenders_problem(game, defender)?;
    let cards = cards_by_label(game);
    let words = block_words(&p, &cards);
    Ok(summarize(&words, &p, p.requirements.len(), all, budget))
}

/// The legal blocks as a stream, as [`attacks_listed`] gives the attacks.
pub fn blocks_listed(
    game: &Game,
    defender: Option<&str>,
    budget: &mut Budget,
    on_head: &mut dyn FnMut(&Summary),
    each: &mut dyn FnMut(&str) -> bool,
) -> Result<Result<(), Exhausted>, JudgeError> {
    let p = defenders_problem(game, defender)?;
    let cards = cards_by_label(game);
    let words = block_words(&p, &cards);
    Ok(listing(
        &words,
        &p,
        p.requirements.len(),
        budget,
        on_head,
        each,
    ))
}

/// The block problem of one defending player (the only one, unless named).
fn defenders_problem(game: &Game, defender: Option<&str>) -> Result<BlockProblem, JudgeError> {
    Ok(match defender {
        Some(_) => build::block_problem_for(
            game,
            block_defender(game, &declaration::Block::default(), defender)?,
        )?,
        None => block_problem(game)?,
    })
}
