//! Everything that happens, as data, each with the rule that made it happen. The turn engine
//! adds the kinds it needs; the log prints `[rule] text`.

use crate::model::{ObjectId, Zone};
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
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] ", self.rule)?;
        match &self.kind {
            EventKind::ZoneChange {
                old,
                new,
                label,
                from,
                to,
            } => write!(
                f,
                "{label} moves from {from} to {to} and becomes a new object ({old} -> {new})"
            ),
        }
    }
}
