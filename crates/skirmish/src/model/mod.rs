//! The game state of rules 200-217: players, objects, zones, permanents and their status.
//!
//! A [`Game`] is built only by validating a setup (see `scenario`), and every change to it goes
//! through a method that keeps it consistent; with the `invariants` feature (on in tests) each
//! such method re-checks [`crate::invariants`].

mod combat;
mod game;
mod object;
mod player;
mod turn;

pub use combat::{AttackTarget, Combat};
pub use game::{
    CastOption, ContinuousEffect, DamageAssignment, DelayedTrigger, ExiledWith, Game, GameError,
    GameOptions, Position, PreventionEffect, RedirectionEffect, RuleEffect, Shield, ShieldKind,
    StackItem, StackKind, StaticControl, TargetRef, UntapSkip,
};
pub use object::{Altered, Counter, Object, PermanentStatus, bestowed_card, face_down_card};
pub use player::Player;
pub use turn::{Step, TurnState};

use serde::{Deserialize, Serialize};
use std::fmt;

/// An amount (damage, life, counters) as the signed number life totals and characteristics
/// hold: one beyond 2,147,483,647 counts as that much, never wrapping into a negative number
/// (issue 13: a cast wrapped 4,294,967,295 damage to -1).
pub fn signed(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// A player, by seat in turn order (0 is the first player listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

/// An object (200.8). A new id is issued whenever an object changes zones (217.1c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ObjectId(pub u32);

/// When a permanent came into play or an effect began (418.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The zones of 217.1 (ante and phased-out are not modelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    /// 217.2, the owner's.
    Library,
    /// 217.3, the owner's.
    Hand,
    /// 217.4, the owner's.
    Graveyard,
    /// 217.5, shared.
    InPlay,
    /// 217.6, shared.
    Stack,
    /// 217.7, shared.
    RemovedFromGame,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Library => "library",
            Zone::Hand => "hand",
            Zone::Graveyard => "graveyard",
            Zone::InPlay => "in play",
            Zone::Stack => "stack",
            Zone::RemovedFromGame => "removed from the game",
        }
    }

    /// Zones each player has one of (217.1).
    pub fn is_per_player(self) -> bool {
        matches!(self, Zone::Library | Zone::Hand | Zone::Graveyard)
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
