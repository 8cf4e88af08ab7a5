//! Everything that happens, as data, each with the rule that made it happen. The log prints
//! `[rule] text`; `--json` prints the events themselves (field names are part of the JSON
//! interface, docs/cli.md). Objects and players are named by label and name, never by id alone.

use crate::edition::{Change, Rules};
use crate::model::{ObjectId, Step, Zone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The 2009 rule number, e.g. "217.1c".
    pub rule: String,
    #[serde(flatten)]
    pub kind: EventKind,
}

impl Event {
    pub fn new(rule: &str, kind: EventKind) -> Self {
        Event {
            rule: rule.to_string(),
            kind,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EventKind {
    /// An object changed zones and became a new object.
    ZoneChange {
        old: ObjectId,
        new: ObjectId,
        label: String,
        from: Zone,
        to: Zone,
        /// A creature or planeswalker put into a graveyard from play: it "dies", in the
        /// current rules' words (current glossary).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dies: bool,
    },
    /// A step or main phase begins.
    StepBegins {
        turn: u32,
        step: Step,
        active: String,
    },
    /// A player gets priority with something to decide (logged only when the player acts).
    Untapped {
        label: String,
    },
    Tapped {
        label: String,
    },
    Drew {
        player: String,
        label: String,
    },
    /// Tried to draw from an empty library (420.5g).
    DrewFromEmpty {
        player: String,
    },
    /// A mana ability added mana (406, 411).
    ManaAdded {
        player: String,
        source: String,
        mana: String,
    },
    /// Mana paid from a pool.
    ManaPaid {
        player: String,
        mana: String,
        for_what: String,
    },
    /// Unused mana lost as a phase ends, and the life it costs (300.3).
    ManaBurn {
        player: String,
        amount: u32,
    },
    /// A spell was played (409.1).
    Cast {
        player: String,
        card: String,
        targets: Vec<String>,
    },
    /// An activated ability was played (409.1).
    Activated {
        player: String,
        source: String,
        ability: String,
        targets: Vec<String>,
    },
    /// A triggered ability went on the stack (410.3).
    Triggered {
        player: String,
        source: String,
        ability: String,
    },
    /// All players passed in succession (408.1c).
    AllPassed {
        stack_empty: bool,
    },
    /// The top of the stack resolves (413).
    Resolves {
        what: String,
    },
    /// A spell or ability was countered (414.1, 413.2a).
    Countered {
        what: String,
        why: String,
    },
    Damage {
        source: String,
        to: String,
        amount: u32,
    },
    /// Damage prevented by a shield or protection (419.7, 502.7e).
    Prevented {
        source: String,
        to: String,
        amount: u32,
        by: String,
    },
    /// A life total changed (215.2, 215.3).
    Life {
        player: String,
        change: i32,
        life: i32,
    },
    Destroyed {
        label: String,
    },
    /// A regeneration shield replaced destruction (419.6b).
    Regenerated {
        label: String,
    },
    Sacrificed {
        label: String,
    },
    /// A continuous effect began (418).
    EffectBegins {
        source: String,
        affected: String,
        text: String,
    },
    /// A shield was set up (419.6b, 419.7).
    ShieldUp {
        source: String,
        protects: String,
        text: String,
    },
    ControlChanges {
        label: String,
        controller: String,
    },
    /// Cleanup: damage removed and "until end of turn" effects end, at once (314.2).
    CleanupEnds {
        damage_removed: u32,
        effects_ended: u32,
    },
    Discarded {
        player: String,
        label: String,
    },
    /// A player lost the game (102.3, 420.5a, 420.5g).
    Loses {
        player: String,
        why: String,
    },
    /// A creature's combat damage assignment (310.1).
    Assigned {
        source: String,
        to: String,
        amount: u32,
    },
    /// A creature was removed from combat (306.4).
    RemovedFromCombat {
        label: String,
    },
    /// Something a rule says happens, in words: used where a dedicated kind would say no more.
    Note {
        text: String,
    },
}

impl Event {
    /// The event as a line of the log, in the words of the rules in force (its rule number
    /// was cited in them as it was recorded, `Game::record`).
    pub fn text(&self, rules: Rules) -> String {
        let line = Line {
            event: self,
            current: rules.has(Change::Numbering),
        };
        let text = line.to_string();
        if !rules.has(Change::Numbering) {
            return text;
        }
        rules.words(&text).into_owned()
    }
}

/// An event with the words it is printed in: 2009's, or today's (`current`).
struct Line<'a> {
    event: &'a Event,
    current: bool,
}

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let current = self.current;
        write!(f, "[{}] ", self.event.rule)?;
        use EventKind as K;
        match &self.event.kind {
            K::ZoneChange {
                old,
                new,
                label,
                from,
                to,
                dies,
            } => {
                if !current {
                    return write!(
                        f,
                        "{label} moves from {from} to {to} and becomes a new object ({old} -> {new})"
                    );
                }
                let zone = |z: &Zone| match z {
                    Zone::InPlay => "the battlefield",
                    Zone::RemovedFromGame => "exile",
                    z => z.name(),
                };
                if *dies {
                    write!(f, "{label} dies and becomes a new object ({old} -> {new})")
                } else {
                    write!(
                        f,
                        "{label} moves from {} to {} and becomes a new object ({old} -> {new})",
                        zone(from),
                        zone(to)
                    )
                }
            }
            K::StepBegins { turn, step, active } => {
                write!(f, "turn {turn} ({active}): {step} begins")
            }
            K::Untapped { label } => write!(f, "{label} untaps"),
            K::Tapped { label } => write!(f, "{label} becomes tapped"),
            K::Drew { player, label } => write!(f, "{player} draws {label}"),
            K::DrewFromEmpty { player } => {
                write!(f, "{player} tries to draw from an empty library")
            }
            K::ManaAdded {
                player,
                source,
                mana,
            } => write!(f, "{source} adds {mana} to {player}'s mana pool"),
            K::ManaPaid {
                player,
                mana,
                for_what,
            } => write!(f, "{player} pays {mana} for {for_what}"),
            K::ManaBurn { player, amount } => write!(
                f,
                "{player} loses {amount} unused mana as the phase ends and loses {amount} life (mana burn)"
            ),
            K::Cast {
                player,
                card,
                targets,
            } => {
                let verb = if current { "casts" } else { "plays" };
                write!(f, "{player} {verb} {card}")?;
                if !targets.is_empty() {
                    write!(f, " targeting {}", targets.join(", "))?;
                }
                Ok(())
            }
            K::Activated {
                player,
                source,
                ability,
                targets,
            } => {
                let verb = if current { "activates" } else { "plays" };
                write!(f, "{player} {verb} {source}'s ability \"{ability}\"")?;
                if !targets.is_empty() {
                    write!(f, " targeting {}", targets.join(", "))?;
                }
                Ok(())
            }
            K::Triggered {
                player,
                source,
                ability,
            } => write!(
                f,
                "{source}'s ability \"{ability}\" triggers and goes on the stack under {player}'s control"
            ),
            K::AllPassed { stack_empty } => {
                if *stack_empty {
                    write!(f, "all players pass with the stack empty: the step ends")
                } else {
                    write!(
                        f,
                        "all players pass in succession: the top of the stack resolves"
                    )
                }
            }
            K::Resolves { what } => write!(f, "{what} resolves"),
            K::Countered { what, why } => write!(f, "{what} is countered: {why}"),
            K::Damage { source, to, amount } => write!(f, "{source} deals {amount} damage to {to}"),
            K::Prevented {
                source,
                to,
                amount,
                by,
            } => write!(
                f,
                "{amount} damage from {source} to {to} is prevented by {by}"
            ),
            K::Life {
                player,
                change,
                life,
            } => write!(
                f,
                "{player} {} {} life (now {life})",
                if *change < 0 { "loses" } else { "gains" },
                change.abs()
            ),
            K::Destroyed { label } => write!(f, "{label} is destroyed"),
            K::Regenerated { label } => write!(
                f,
                "{label} regenerates: it is tapped, its damage is removed and it is removed from combat"
            ),
            K::Sacrificed { label } => write!(f, "{label} is sacrificed"),
            K::EffectBegins {
                source,
                affected,
                text,
            } => write!(f, "{source}: {affected} {text}"),
            K::ShieldUp {
                source,
                protects,
                text,
            } => write!(f, "{source}: {text} ({protects})"),
            K::ControlChanges { label, controller } => {
                write!(f, "{controller} gains control of {label}")
            }
            K::CleanupEnds {
                damage_removed,
                effects_ended,
            } => write!(
                f,
                "all damage is removed ({damage_removed} in all) and {effects_ended} \"until end of turn\" effect(s) end, simultaneously"
            ),
            K::Discarded { player, label } => write!(f, "{player} discards {label}"),
            K::Loses { player, why } => write!(f, "{player} loses the game: {why}"),
            K::RemovedFromCombat { label } => write!(f, "{label} is removed from combat"),
            K::Assigned { source, to, amount } => {
                write!(f, "{source} assigns {amount} combat damage to {to}")
            }
            K::Note { text } => f.write_str(text),
        }
    }
}
