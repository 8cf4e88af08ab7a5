use super::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The steps and main phases of a turn, in order (300.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    PrecombatMain,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    CombatDamage,
    EndOfCombat,
    PostcombatMain,
    EndOfTurn,
    Cleanup,
}

impl Step {
    pub const ALL: [Step; 12] = [
        Step::Untap,
        Step::Upkeep,
        Step::Draw,
        Step::PrecombatMain,
        Step::BeginningOfCombat,
        Step::DeclareAttackers,
        Step::DeclareBlockers,
        Step::CombatDamage,
        Step::EndOfCombat,
        Step::PostcombatMain,
        Step::EndOfTurn,
        Step::Cleanup,
    ];

    /// The name used in scenario files.
    pub fn key(self) -> &'static str {
        match self {
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::PrecombatMain => "precombat-main",
            Step::BeginningOfCombat => "beginning-of-combat",
            Step::DeclareAttackers => "declare-attackers",
            Step::DeclareBlockers => "declare-blockers",
            Step::CombatDamage => "combat-damage",
            Step::EndOfCombat => "end-of-combat",
            Step::PostcombatMain => "postcombat-main",
            Step::EndOfTurn => "end-of-turn",
            Step::Cleanup => "cleanup",
        }
    }

    /// The 2009 rule that describes the step.
    pub fn rule(self) -> &'static str {
        match self {
            Step::Untap => "302",
            Step::Upkeep => "303",
            Step::Draw => "304",
            Step::PrecombatMain | Step::PostcombatMain => "305",
            Step::BeginningOfCombat => "307",
            Step::DeclareAttackers => "308",
            Step::DeclareBlockers => "309",
            Step::CombatDamage => "310",
            Step::EndOfCombat => "311",
            Step::EndOfTurn => "313",
            Step::Cleanup => "314",
        }
    }

    /// Whether the step is the last of its phase (300.1): the draw step, a main phase, the end
    /// of combat step, the cleanup step.
    pub fn ends_phase(self) -> bool {
        matches!(
            self,
            Step::Draw
                | Step::PrecombatMain
                | Step::EndOfCombat
                | Step::PostcombatMain
                | Step::Cleanup
        )
    }

    /// 306.1: the steps of the combat phase.
    pub fn is_combat(self) -> bool {
        matches!(
            self,
            Step::BeginningOfCombat
                | Step::DeclareAttackers
                | Step::DeclareBlockers
                | Step::CombatDamage
                | Step::EndOfCombat
        )
    }

    /// Whether attackers have been declared by the time this step's turn-based actions are
    /// done: declare attackers onward, up to the end of combat (311.2 removes them after).
    pub fn has_attackers(self) -> bool {
        matches!(
            self,
            Step::DeclareAttackers | Step::DeclareBlockers | Step::CombatDamage | Step::EndOfCombat
        )
    }

    pub fn from_key(s: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|k| k.key() == s)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Untap => "untap step",
            Step::Upkeep => "upkeep step",
            Step::Draw => "draw step",
            Step::PrecombatMain => "precombat main phase",
            Step::BeginningOfCombat => "beginning of combat step",
            Step::DeclareAttackers => "declare attackers step",
            Step::DeclareBlockers => "declare blockers step",
            Step::CombatDamage => "combat damage step",
            Step::EndOfCombat => "end of combat step",
            Step::PostcombatMain => "postcombat main phase",
            Step::EndOfTurn => "end of turn step",
            Step::Cleanup => "cleanup step",
        })
    }
}

/// Whose turn it is and where in it the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub number: u32,
    /// 200.3: the player whose turn it is.
    pub active: PlayerId,
    pub step: Step,
    /// 300.6: this turn was added by an effect ("take an extra turn after this one").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra: bool,
    /// Every combat phase of this turn is skipped ("skips all combat phases of his or her next
    /// turn", 300.9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skips_combat: bool,
}
