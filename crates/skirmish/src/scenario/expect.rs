//! Expectations on a scenario's result, so a scenario file is also a test.

use super::build::{Ctx, Names, check_item_labels};
use super::raw::{RawExpect, S};
use crate::declaration;
use crate::diagnostics::{ErrorKind, FileError};
use crate::model::{Game, PlayerId, Step, Zone};
use serde::Serialize;

/// Everything a scenario expects of the final state.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Expectations {
    pub checks: Vec<Check>,
    /// Legality verdicts, decided by the legality kernel (rule 500): on the starting state, or
    /// in a checkpoint on the state at its moment.
    pub verdicts: Vec<VerdictExpectation>,
    /// Expectations at moments of the run (`[[expect.at]]`); never nested.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Checkpoint>,
}

/// Expectations on the state at one moment of the run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Checkpoint {
    /// The line of the `[[expect.at]]` table's moment key.
    pub line: usize,
    pub moment: Moment,
    pub expect: Expectations,
}

/// A moment of a run at which a checkpoint looks at the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum Moment {
    /// As the step begins, before its turn-based actions: the moment attackers (308.1) or
    /// blockers (309.1) are declared in the declaration steps. `turn`: the turn's number; the
    /// first time the step comes if `None`.
    Before { step: Step, turn: Option<u32> },
    /// As the step ends, before the next begins (damage still marked until the cleanup step
    /// removes it, 314.2).
    After { step: Step, turn: Option<u32> },
    /// Right after the script's N-th action (from 1) was taken, or refused.
    AfterAction { action: usize },
}

impl std::fmt::Display for Moment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let turn = |t: &Option<u32>| t.map(|t| format!(" of turn {t}")).unwrap_or_default();
        match self {
            Moment::Before { step, turn: t } => write!(f, "the beginning of the {step}{}", turn(t)),
            Moment::After { step, turn: t } => write!(f, "the end of the {step}{}", turn(t)),
            Moment::AfterAction { action } => write!(f, "script action {action}"),
        }
    }
}

/// One expectation on the game state, with the line it was written on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub line: usize,
    #[serde(flatten)]
    pub what: Expected,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "expect", rename_all = "kebab-case")]
pub enum Expected {
    Life {
        player: String,
        life: i32,
    },
    Tapped {
        label: String,
        tapped: bool,
    },
    Damage {
        label: String,
        damage: u32,
    },
    InPlay {
        label: String,
        in_play: bool,
    },
    Zone {
        player: String,
        zone: Zone,
        labels: Vec<String>,
        /// Whether the order counts (a library, top first).
        ordered: bool,
    },
    PowerToughness {
        label: String,
        power: i32,
        toughness: i32,
    },
    /// Counters of one kind on a permanent ("+1/+1", "loyalty", "time").
    Counters {
        label: String,
        kind: String,
        count: u32,
    },
    Poison {
        player: String,
        poison: u32,
    },
    Controller {
        label: String,
        player: String,
    },
    AttachedTo {
        label: String,
        to: String,
    },
    /// The player has lost the game (`rule`: by the rule the log cites), or hasn't.
    Lost {
        player: String,
        rule: Option<String>,
    },
    /// A text that must appear in an event line after the previous `Log` expectation's line.
    Log {
        text: String,
    },
    /// A text that must appear in no event line.
    NoLog {
        text: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictKind {
    Attack,
    Block,
}

/// "This declaration is (il)legal", optionally "for breaking these rules".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerdictExpectation {
    pub line: usize,
    pub kind: VerdictKind,
    /// For blocks: the attack they answer, if the scenario doesn't start after one.
    pub attack: Option<String>,
    pub declare: String,
    pub legal: bool,
    pub rules: Vec<String>,
}

/// An expectation the final state doesn't meet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExpectationFailure {
    pub line: usize,
    pub message: String,
}

impl Expectations {
    /// Checks the state expectations against a game. (Verdicts need the legality kernel and are
    /// checked by it.)
    pub fn check(&self, game: &Game) -> Vec<ExpectationFailure> {
        let mut out = Vec::new();
        let mut fail = |line, message: String| out.push(ExpectationFailure { line, message });
        let by_label = |label: &str| game.objects().find(|o| o.label == label);
        let lines: Vec<String> = game.events.iter().map(|e| e.text(game.rules)).collect();
        let mut log_at = 0;
        for c in &self.checks {
            match &c.what {
                Expected::Life { player, life } => {
                    let actual = game.player_named(player).map(|p| p.life);
                    if actual != Some(*life) {
                        fail(
                            c.line,
                            format!("{player}'s life is {}, expected {life}", show(actual)),
                        );
                    }
                }
                Expected::Tapped { label, tapped } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        if o.tapped() != *tapped {
                            fail(
                                c.line,
                                format!(
                                    "{label} is {}, expected {}",
                                    tap_word(o.tapped()),
                                    tap_word(*tapped)
                                ),
                            );
                        }
                    }
                    _ => fail(
                        c.line,
                        format!(
                            "{label} is not in play, so it is neither tapped nor untapped (217.5d)"
                        ),
                    ),
                },
                Expected::Damage { label, damage } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        if o.damage() != *damage {
                            fail(
                                c.line,
                                format!("{label} has {} damage, expected {damage}", o.damage()),
                            );
                        }
                    }
                    _ => fail(c.line, format!("{label} is not in play")),
                },
                Expected::InPlay { label, in_play } => {
                    let actual = by_label(label).is_some_and(|o| o.is_permanent());
                    if actual != *in_play {
                        fail(
                            c.line,
                            format!(
                                "{label} is {}in play, expected it {}in play",
                                if actual { "" } else { "not " },
                                if *in_play { "" } else { "not " }
                            ),
                        );
                    }
                }
                Expected::Log { text } => {
                    match lines[log_at.min(lines.len())..]
                        .iter()
                        .position(|l| l.contains(text.as_str()))
                    {
                        Some(k) => log_at += k + 1,
                        None => {
                            let seen = lines.iter().any(|l| l.contains(text.as_str()));
                            fail(
                                c.line,
                                if seen {
                                    format!(
                                        "the log has \"{text}\", but not after the previous expected entry"
                                    )
                                } else {
                                    format!("the log has no event containing \"{text}\"")
                                },
                            );
                        }
                    }
                }
                Expected::NoLog { text } => {
                    if let Some(l) = lines.iter().find(|l| l.contains(text.as_str())) {
                        fail(
                            c.line,
                            format!("the log has \"{l}\", which the scenario rules out"),
                        );
                    }
                }
                Expected::Zone {
                    player,
                    zone,
                    labels,
                    ordered,
                } => {
                    let Some(p) = game.player_named(player) else {
                        fail(c.line, format!("{player} is not in the game"));
                        continue;
                    };
                    let list = match zone {
                        Zone::Hand => &p.hand,
                        Zone::Graveyard => &p.graveyard,
                        Zone::Library => &p.library,
                        _ => &p.removed_from_game,
                    };
                    let mut actual: Vec<String> = list
                        .iter()
                        .filter_map(|id| game.object(*id))
                        .map(|o| o.label.clone())
                        .collect();
                    let mut expected = labels.clone();
                    if !ordered {
                        actual.sort();
                        expected.sort();
                    }
                    if actual != expected {
                        fail(
                            c.line,
                            format!(
                                "{player}'s {} holds [{}], expected [{}]{}",
                                match zone {
                                    Zone::RemovedFromGame => "removed-from-the-game zone".into(),
                                    z => z.to_string(),
                                },
                                actual.join(", "),
                                expected.join(", "),
                                if *ordered { " (top first)" } else { "" }
                            ),
                        );
                    }
                }
                Expected::PowerToughness {
                    label,
                    power,
                    toughness,
                } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        let actual = (game.power(o.id), game.toughness(o.id));
                        if actual != (Some(*power), Some(*toughness)) {
                            fail(
                                c.line,
                                format!(
                                    "{label} is {}/{}, expected {power}/{toughness}",
                                    show(actual.0),
                                    show(actual.1)
                                ),
                            );
                        }
                    }
                    _ => fail(c.line, format!("{label} is not in play")),
                },
                Expected::Counters { label, kind, count } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        let actual = o.counter_count(kind);
                        if actual != *count {
                            fail(
                                c.line,
                                format!("{label} has {actual} {kind} counter(s), expected {count}"),
                            );
                        }
                    }
                    _ => fail(c.line, format!("{label} is not in play")),
                },
                Expected::Poison { player, poison } => {
                    let actual = game.player_named(player).map(|p| p.poison);
                    if actual != Some(*poison) {
                        fail(
                            c.line,
                            format!(
                                "{player} has {} poison counter(s), expected {poison}",
                                actual.map_or("unknown".into(), |n| n.to_string())
                            ),
                        );
                    }
                }
                Expected::Controller { label, player } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        let actual = game.player(o.controller).map(|p| p.name.as_str());
                        if actual != Some(player.as_str()) {
                            fail(
                                c.line,
                                format!(
                                    "{label} is controlled by {}, expected {player}",
                                    actual.unwrap_or("nobody")
                                ),
                            );
                        }
                    }
                    _ => fail(
                        c.line,
                        format!("{label} is not in play, so it has no controller (217.5d)"),
                    ),
                },
                Expected::AttachedTo { label, to } => match by_label(label) {
                    Some(o) if o.is_permanent() => {
                        let actual = o
                            .attached_to()
                            .and_then(|id| game.object(id))
                            .map(|t| t.label.as_str());
                        if actual != Some(to.as_str()) {
                            fail(
                                c.line,
                                format!(
                                    "{label} is attached to {}, expected {to}",
                                    actual.unwrap_or("nothing")
                                ),
                            );
                        }
                    }
                    _ => fail(c.line, format!("{label} is not in play")),
                },
                Expected::Lost { player, rule } => {
                    let lost = game.player_named(player).is_some_and(|p| p.lost);
                    match rule {
                        None if lost => fail(
                            c.line,
                            format!("{player} has lost the game, expected still playing"),
                        ),
                        None => {}
                        Some(_) if !lost => fail(c.line, format!("{player} hasn't lost the game")),
                        Some(rule) => {
                            let says = format!("{player} loses the game");
                            let cited = format!("[{rule}]");
                            let why: Vec<&String> =
                                lines.iter().filter(|l| l.contains(&says)).collect();
                            if !why.iter().any(|l| l.starts_with(&cited)) {
                                fail(
                                    c.line,
                                    format!(
                                        "{player} lost the game, but not by {rule}: {}",
                                        why.iter()
                                            .map(|l| l.as_str())
                                            .collect::<Vec<_>>()
                                            .join("; ")
                                    ),
                                );
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.checks.is_empty() && self.verdicts.is_empty() && self.checkpoints.is_empty()
    }
}

fn show(v: Option<i32>) -> String {
    v.map_or("unknown".into(), |v| v.to_string())
}

fn tap_word(t: bool) -> &'static str {
    if t { "tapped" } else { "untapped" }
}

/// The scenario's expectations; `actions`: the script's length, which `after_action` may
/// not pass.
pub(super) fn build(
    cx: &Ctx,
    raw: Option<&RawExpect>,
    names: &Names,
    actions: usize,
) -> Result<Expectations, FileError> {
    let Some(raw) = raw else {
        return Ok(Expectations::default());
    };
    let moment_keys = [
        raw.before.as_ref().map(|k| ("before", k.span())),
        raw.after.as_ref().map(|k| ("after", k.span())),
        raw.turn.as_ref().map(|k| ("turn", k.span())),
        raw.after_action
            .as_ref()
            .map(|k| ("after_action", k.span())),
    ];
    if let Some((key, span)) = moment_keys.into_iter().flatten().next() {
        return Err(cx.err(
            ErrorKind::UnknownField,
            span,
            format!("`{key}` says when a checkpoint looks at the game, so it belongs in an [[expect.at]] table"),
            "move it and the expectations it applies to into [[expect.at]]; [expect] itself is checked when the run ends",
        ));
    }
    let mut ex = build_one(cx, raw, names, false)?;
    for at in &raw.at {
        ex.checkpoints.push(checkpoint(cx, at, names, actions)?);
    }
    Ok(ex)
}

/// One `[[expect.at]]` table: its moment and its expectations.
fn checkpoint(
    cx: &Ctx,
    raw: &S<RawExpect>,
    names: &Names,
    actions: usize,
) -> Result<Checkpoint, FileError> {
    let table = raw.span();
    let raw = raw.get_ref();
    if let Some(nested) = raw.at.first() {
        return Err(cx.err(
            ErrorKind::UnknownField,
            nested.span(),
            "checkpoints don't nest",
            "write each [[expect.at]] table at the top level of the file",
        ));
    }
    let line = |span: std::ops::Range<usize>| cx.file.line_col(span.start).0;
    let step = |st: &S<String>| super::build::step_named(cx, st);
    let turn = raw.turn.as_ref().map(|t| *t.get_ref());
    let (moment, at) = match (&raw.before, &raw.after, &raw.after_action) {
        (Some(st), None, None) => (
            Moment::Before {
                step: step(st)?,
                turn,
            },
            st.span(),
        ),
        (None, Some(st), None) => (
            Moment::After {
                step: step(st)?,
                turn,
            },
            st.span(),
        ),
        (None, None, Some(n)) => {
            if let Some(t) = &raw.turn {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    t.span(),
                    "`turn` goes with `before` or `after`: a script action already says when it is taken",
                    "remove `turn`",
                ));
            }
            let k = *n.get_ref() as usize;
            if k == 0 || k > actions {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    n.span(),
                    format!("there is no script action {k}: the script has {actions}"),
                    "count the [[action]] tables from 1",
                ));
            }
            (Moment::AfterAction { action: k }, n.span())
        }
        _ => {
            return Err(cx.err(
                ErrorKind::WrongValue,
                table,
                "an [[expect.at]] table says its moment once",
                "use exactly one of `before = \"<step>\"`, `after = \"<step>\"` (each with an optional `turn`) or `after_action = N`",
            ));
        }
    };
    Ok(Checkpoint {
        line: line(at),
        moment,
        expect: build_one(cx, raw, names, true)?,
    })
}

/// The expectations of one table, `[expect]` or `[[expect.at]]`; `verdicts_later`: its verdicts
/// are judged during the run (a checkpoint's), not on the starting state.
fn build_one(
    cx: &Ctx,
    raw: &RawExpect,
    names: &Names,
    verdicts_later: bool,
) -> Result<Expectations, FileError> {
    let mut ex = Expectations::default();
    let line = |span: std::ops::Range<usize>| cx.file.line_col(span.start).0;
    let player = |name: &str, span: std::ops::Range<usize>| -> Result<PlayerId, FileError> {
        names.player(cx, &S::new(span, name.to_string()))
    };
    // State expectations are about a later state: they may name tokens made by then.
    let label_of = |l: &S<String>| -> Result<String, FileError> {
        names.later_label(cx, l).map(|_| l.get_ref().clone())
    };

    for (p, v) in &raw.life {
        player(p, v.span())?;
        let life = i32::try_from(*v.get_ref()).map_err(|_| {
            cx.err(
                ErrorKind::WrongValue,
                v.span(),
                "life is out of range",
                "use a smaller number",
            )
        })?;
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Life {
                player: p.clone(),
                life,
            },
        });
    }
    for (list, tapped) in [(&raw.tapped, true), (&raw.untapped, false)] {
        for l in list {
            ex.checks.push(Check {
                line: line(l.span()),
                what: Expected::Tapped {
                    label: label_of(l)?,
                    tapped,
                },
            });
        }
    }
    let label_key = |l: &str, span: std::ops::Range<usize>| -> Result<String, FileError> {
        names.later_label(cx, &S::new(span, l.to_string()))?;
        Ok(l.to_string())
    };
    let count = |v: &S<i64>, what: &str| -> Result<u32, FileError> {
        u32::try_from(*v.get_ref()).map_err(|_| {
            cx.err(
                ErrorKind::WrongValue,
                v.span(),
                format!("{} {what} is out of range", v.get_ref()),
                "write a whole number from 0 to 4294967295",
            )
        })
    };
    for (l, v) in &raw.damage {
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Damage {
                label: label_key(l, v.span())?,
                damage: count(v, "damage")?,
            },
        });
    }
    for (list, in_play) in [(&raw.in_play, true), (&raw.not_in_play, false)] {
        for l in list {
            ex.checks.push(Check {
                line: line(l.span()),
                what: Expected::InPlay {
                    label: label_of(l)?,
                    in_play,
                },
            });
        }
    }
    for (zone, map) in [
        (Zone::Hand, &raw.hand),
        (Zone::Graveyard, &raw.graveyard),
        (Zone::Library, &raw.library),
        (Zone::RemovedFromGame, &raw.removed),
    ] {
        for (p, labels) in map {
            player(p, labels.span())?;
            let labels = labels
                .get_ref()
                .iter()
                .map(label_of)
                .collect::<Result<Vec<_>, _>>()?;
            ex.checks.push(Check {
                line: line(map[p].span()),
                what: Expected::Zone {
                    player: p.clone(),
                    zone,
                    labels,
                    ordered: zone == Zone::Library,
                },
            });
        }
    }
    for (l, v) in &raw.pt {
        let label = label_key(l, v.span())?;
        let parsed = v.get_ref().split_once('/').and_then(|(p, t)| {
            Some((p.trim().parse::<i32>().ok()?, t.trim().parse::<i32>().ok()?))
        });
        let Some((power, toughness)) = parsed else {
            return Err(cx.err(
                ErrorKind::WrongValue,
                v.span(),
                format!("\"{}\" is not a power and toughness", v.get_ref()),
                "write two whole numbers like \"3/3\"",
            ));
        };
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::PowerToughness {
                label,
                power,
                toughness,
            },
        });
    }
    for (l, kinds) in &raw.counters {
        let label = label_key(l, kinds.span())?;
        for (kind, v) in kinds.get_ref() {
            ex.checks.push(Check {
                line: line(v.span()),
                what: Expected::Counters {
                    label: label.clone(),
                    kind: kind.clone(),
                    count: count(v, &format!("{kind} counters"))?,
                },
            });
        }
    }
    for (l, v) in &raw.loyalty {
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Counters {
                label: label_key(l, v.span())?,
                kind: "loyalty".into(),
                count: count(v, "loyalty")?,
            },
        });
    }
    for (p, v) in &raw.poison {
        player(p, v.span())?;
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Poison {
                player: p.clone(),
                poison: count(v, "poison counters")?,
            },
        });
    }
    for (l, v) in &raw.controller {
        player(v.get_ref(), v.span())?;
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Controller {
                label: label_key(l, v.span())?,
                player: v.get_ref().clone(),
            },
        });
    }
    for (l, v) in &raw.attached_to {
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::AttachedTo {
                label: label_key(l, v.span())?,
                to: label_of(v)?,
            },
        });
    }
    for (p, v) in &raw.lost {
        player(p, v.span())?;
        if !is_rule_number(v.get_ref()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                v.span(),
                format!("\"{}\" is not a rule number", v.get_ref()),
                "write the rule the player loses by, such as \"420.5a\" (0 or less life)",
            ));
        }
        ex.checks.push(Check {
            line: line(v.span()),
            what: Expected::Lost {
                player: p.clone(),
                rule: Some(v.get_ref().clone()),
            },
        });
    }
    for p in &raw.not_lost {
        player(p.get_ref(), p.span())?;
        ex.checks.push(Check {
            line: line(p.span()),
            what: Expected::Lost {
                player: p.get_ref().clone(),
                rule: None,
            },
        });
    }
    for text in &raw.no_log {
        ex.checks.push(Check {
            line: line(text.span()),
            what: Expected::NoLog {
                text: text.get_ref().clone(),
            },
        });
    }
    for text in &raw.log {
        ex.checks.push(Check {
            line: line(text.span()),
            what: Expected::Log {
                text: text.get_ref().clone(),
            },
        });
    }
    for (kind, list) in [
        (VerdictKind::Attack, &raw.attack),
        (VerdictKind::Block, &raw.block),
    ] {
        for v in list {
            if let (VerdictKind::Attack, Some(attack)) = (kind, &v.attack) {
                return Err(cx.err(
                    ErrorKind::UnknownField,
                    attack.span(),
                    "`attack` belongs in [[expect.block]] entries",
                    "remove it: an [[expect.attack]] entry's `declare` is the attack",
                ));
            }
            let attack_items = match &v.attack {
                Some(a) => declaration::parse_attack(a.get_ref()).map_err(|e| cx.decl_err(a, e))?,
                None => Vec::new(),
            };
            for item in &attack_items {
                check_item_labels(
                    cx,
                    names,
                    v.attack.as_ref().expect("items come from it"),
                    item,
                    true,
                    verdicts_later,
                )?;
            }
            let items = match kind {
                VerdictKind::Attack => declaration::parse_attack(v.declare.get_ref()),
                VerdictKind::Block => declaration::parse_block(v.declare.get_ref()),
            }
            .map_err(|e| cx.decl_err(&v.declare, e))?;
            for item in &items {
                check_item_labels(
                    cx,
                    names,
                    &v.declare,
                    item,
                    kind == VerdictKind::Attack,
                    verdicts_later,
                )?;
            }
            for r in &v.rules {
                if !is_rule_number(r.get_ref()) {
                    return Err(cx.err(
                        ErrorKind::WrongValue,
                        r.span(),
                        format!("\"{}\" is not a rule number", r.get_ref()),
                        "write a 2009 rule number such as \"500.4\" or \"502.4\"",
                    ));
                }
            }
            ex.verdicts.push(VerdictExpectation {
                line: line(v.declare.span()),
                kind,
                attack: v.attack.as_ref().map(|a| a.get_ref().clone()),
                declare: v.declare.get_ref().clone(),
                legal: *v.legal.get_ref(),
                rules: v.rules.iter().map(|r| r.get_ref().clone()).collect(),
            });
        }
    }
    Ok(ex)
}

/// "500", "500.4", "502.7f", "306.4c".
pub(super) fn is_rule_number(s: &str) -> bool {
    let (main, rest) = s.split_once('.').unwrap_or((s, ""));
    let digits = rest.trim_end_matches(|c: char| c.is_ascii_lowercase());
    main.len() == 3
        && main.bytes().all(|b| b.is_ascii_digit())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (rest.is_empty() || !digits.is_empty())
}
