//! Which Comprehensive Rules edition is in force.
//!
//! Skirmish implements the rules of February 1, 2009. Later editions changed combat in a handful
//! of places; each place asks the [`Edition`] rather than hard-coding one answer, so adding an
//! edition is one change per difference (see `shared/rules/README.md`, part (b)).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A Comprehensive Rules edition, named by its effective date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Edition {
    /// The Comprehensive Rules of February 1, 2009 (Conflux): combat damage uses the stack
    /// (217.6f), mana burn (300.3), triggered deathtouch and lifelink (502.63, 502.68).
    #[default]
    #[serde(rename = "2009-02-01")]
    Feb2009,
}

impl Edition {
    /// Every edition Skirmish knows, oldest first.
    pub const ALL: &'static [Edition] = &[Edition::Feb2009];

    /// The date that names the edition, as written in scenario files.
    pub fn date(self) -> &'static str {
        match self {
            Edition::Feb2009 => "2009-02-01",
        }
    }

    /// 217.6f: combat damage uses the stack (removed by Magic 2010).
    pub fn combat_damage_uses_stack(self) -> bool {
        matches!(self, Edition::Feb2009)
    }

    /// 300.3: unused mana empties at the end of each phase and burns its owner.
    pub fn mana_burn(self) -> bool {
        matches!(self, Edition::Feb2009)
    }

    /// 502.63a, 502.68a: deathtouch and lifelink are triggered abilities.
    pub fn deathtouch_and_lifelink_trigger(self) -> bool {
        matches!(self, Edition::Feb2009)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edition::Feb2009 => f.write_str("Comprehensive Rules of February 1, 2009"),
        }
    }
}

/// The error for an edition name Skirmish doesn't implement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules edition `{0}`")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .iter()
            .copied()
            .find(|e| e.date() == s)
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn february_2009_is_the_default_and_round_trips_by_date() {
        assert_eq!(Edition::default(), Edition::Feb2009);
        for e in Edition::ALL {
            assert_eq!(e.date().parse::<Edition>(), Ok(*e));
        }
        assert!("2010-07-16".parse::<Edition>().is_err());
    }

    #[test]
    fn february_2009_has_damage_on_the_stack_and_mana_burn() {
        let e = Edition::Feb2009;
        assert!(e.combat_damage_uses_stack());
        assert!(e.mana_burn());
        assert!(e.deathtouch_and_lifelink_trigger());
    }
}
