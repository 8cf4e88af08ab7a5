//! Which Comprehensive Rules edition is in force, and every question whose answer changed.
//!
//! Skirmish implements the rules of February 1, 2009 and the current rules (effective January
//! 16, 2026). They differ in a handful of places that reach combat; each is one [`Change`], and
//! the engine never asks which edition is in force, only whether a change is ([`Rules::has`]):
//! one question in one place per difference, never a forked engine. A [`Rules`] value is a set
//! of changes, so the differential test can switch one change at a time and name the change
//! that explains a different outcome (`tests/play/edition_differences.rs`).
//!
//! `docs/editions.md` is generated from [`Change::ALL`] and checked by a test.

mod numbers;
pub mod page;
mod words;

pub use numbers::{Declaring, current_number, is_current_citation};

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
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
    /// The Comprehensive Rules effective January 16, 2026: every [`Change`].
    #[serde(rename = "2026-01-16")]
    Current,
}

impl Edition {
    /// Every edition Skirmish knows, oldest first.
    pub const ALL: &'static [Edition] = &[Edition::Feb2009, Edition::Current];

    /// The date that names the edition, as written in scenario files.
    pub fn date(self) -> &'static str {
        match self {
            Edition::Feb2009 => "2009-02-01",
            Edition::Current => "2026-01-16",
        }
    }

    /// The short name a file or the command line may use instead of the date.
    pub fn alias(self) -> &'static str {
        match self {
            Edition::Feb2009 => "2009",
            Edition::Current => "current",
        }
    }

    /// The rules this edition puts in force.
    pub fn rules(self) -> Rules {
        match self {
            Edition::Feb2009 => Rules::FEB_2009,
            Edition::Current => Rules::CURRENT,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edition::Feb2009 => f.write_str("Comprehensive Rules of February 1, 2009"),
            Edition::Current => f.write_str("Comprehensive Rules of January 16, 2026 (current)"),
        }
    }
}

/// The error for an edition name Skirmish doesn't implement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules edition `{0}`")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    /// By date ("2009-02-01", "2026-01-16") or by alias ("2009", "current").
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .iter()
            .copied()
            .find(|e| e.date() == s || e.alias() == s)
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}

/// One difference between the rules of February 2009 and the current rules that reaches
/// combat or the turn around it. Each is asked in one place of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    /// The renumbering and the words of Magic 2010: the log cites current rule numbers and
    /// says "battlefield", "exile", "dies", "cast", "activate", "end step".
    Numbering,
    /// 310.1-310.4 -> 510.1-510.3: combat damage is dealt as it is assigned, a turn-based
    /// action; no object on the stack, no priority in between.
    DamageWithoutStack,
    /// 502.63 -> 702.2b-c, 704.5h: deathtouch is static; a creature dealt damage by it is
    /// destroyed as a state-based action, and any nonzero damage is lethal for trample.
    StaticDeathtouch,
    /// 502.68 -> 702.15b: lifelink is static; the life is gained as part of the damage.
    StaticLifelink,
    /// 300.3 -> 500.5, 106.4: mana empties at the end of every step and phase; no mana burn.
    NoManaBurn,
    /// 310.5 -> 510.4, 702.7b-c: who deals damage in the second combat damage step is decided by
    /// first strike and double strike as the first step began, not by who assigned damage.
    StrikeAsStepBegan,
    /// 212.9g -> removed (306.7): noncombat damage to a player can't be redirected to a
    /// planeswalker that player controls.
    NoPlaneswalkerRedirection,
    /// 420.5e, 420.5q -> 704.5j: the legend rule applies per controller, who keeps one; the
    /// planeswalker uniqueness rule is gone.
    LegendRulePerController,
    /// 306.2 -> 506.2: in a two-player game the nonactive player is the defending player,
    /// chosen by no one; in multiplayer the choice is a turn-based action of the beginning of
    /// combat step.
    DefendingPlayerAsTurnBasedAction,
    /// Current 205.2a, 310, 506.2, 508.1b: battles exist; one can be attacked, its protector
    /// defends it, damage removes its defense counters.
    Battles,
    /// 502.11b -> 702.22c: a band made by "bands with other [quality]" is of creatures with
    /// the quality, not of creatures with the same ability (or banding).
    BandsByQuality,
    /// Current 903: the Commander variant; a permanent may be its owner's commander, and
    /// "your commander" reads the designation. The 2009 rules have no commanders.
    Commanders,
}

impl Change {
    /// Every change, in the order `docs/editions.md` lists them.
    pub const ALL: &'static [Change] = &[
        Change::Numbering,
        Change::DamageWithoutStack,
        Change::StaticDeathtouch,
        Change::StaticLifelink,
        Change::NoManaBurn,
        Change::StrikeAsStepBegan,
        Change::NoPlaneswalkerRedirection,
        Change::LegendRulePerController,
        Change::DefendingPlayerAsTurnBasedAction,
        Change::Battles,
        Change::BandsByQuality,
        Change::Commanders,
    ];

    fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// The name used in files, tests and the docs.
    pub fn key(self) -> &'static str {
        match self {
            Change::Numbering => "numbering",
            Change::DamageWithoutStack => "damage-without-stack",
            Change::StaticDeathtouch => "static-deathtouch",
            Change::StaticLifelink => "static-lifelink",
            Change::NoManaBurn => "no-mana-burn",
            Change::StrikeAsStepBegan => "strike-as-step-began",
            Change::NoPlaneswalkerRedirection => "no-planeswalker-redirection",
            Change::LegendRulePerController => "legend-rule-per-controller",
            Change::DefendingPlayerAsTurnBasedAction => "defending-player-as-turn-based-action",
            Change::Battles => "battles",
            Change::BandsByQuality => "bands-by-quality",
            Change::Commanders => "commanders",
        }
    }

    /// What the change is about, in a few words.
    pub fn title(self) -> &'static str {
        match self {
            Change::Numbering => "Rule numbers and words",
            Change::DamageWithoutStack => "Combat damage doesn't use the stack",
            Change::StaticDeathtouch => "Deathtouch is static",
            Change::StaticLifelink => "Lifelink is static",
            Change::NoManaBurn => "Mana empties every step; no mana burn",
            Change::StrikeAsStepBegan => "The second combat damage step",
            Change::NoPlaneswalkerRedirection => "No redirection of damage to planeswalkers",
            Change::LegendRulePerController => "The legend rule",
            Change::DefendingPlayerAsTurnBasedAction => "Choosing the defending player",
            Change::Battles => "Battles",
            Change::BandsByQuality => "Bands with other",
            Change::Commanders => "Commanders",
        }
    }

    /// The 2009 rules the change replaces ("-" where 2009 has none).
    pub fn rules_2009(self) -> &'static str {
        match self {
            Change::Numbering => "every section (300-314, 400-424, 500-502, 600-609)",
            Change::DamageWithoutStack => "310.1-310.4, 217.6f, 408.1g",
            Change::StaticDeathtouch => "502.63a-b",
            Change::StaticLifelink => "502.68a-b",
            Change::NoManaBurn => "300.3",
            Change::StrikeAsStepBegan => "310.5, 502.2b, 502.28b",
            Change::NoPlaneswalkerRedirection => "212.9g",
            Change::LegendRulePerController => "420.5e, 420.5q",
            Change::DefendingPlayerAsTurnBasedAction => "306.2",
            Change::Battles => "-",
            Change::BandsByQuality => "502.11b-c",
            Change::Commanders => "-",
        }
    }

    /// The current rules that say it now.
    pub fn rules_current(self) -> &'static str {
        match self {
            Change::Numbering => "500-514, 600-616, 700-732, 800-811",
            Change::DamageWithoutStack => "510.1-510.3",
            Change::StaticDeathtouch => "702.2b-c, 704.5h, 702.19b",
            Change::StaticLifelink => "702.15b, 120.3",
            Change::NoManaBurn => "500.5, 106.4",
            Change::StrikeAsStepBegan => "510.4, 702.4b-d, 702.7b-c",
            Change::NoPlaneswalkerRedirection => "306.7 (removed)",
            Change::LegendRulePerController => "704.5j",
            Change::DefendingPlayerAsTurnBasedAction => "506.2, 506.2a, 507.1",
            Change::Battles => "310, 506.2, 508.1b, 509.1a, 510.1b, 704.5v-w",
            Change::BandsByQuality => "702.22c, 702.22j-k",
            Change::Commanders => "903.3",
        }
    }

    /// What was so in 2009 and what is so now, for `docs/editions.md`.
    pub fn explanation(self) -> &'static str {
        match self {
            Change::Numbering => {
                "Magic 2010 renumbered the rules and renamed their words. Under the current rules the log cites the current numbers ([510.2] where 2009 says [310.4]) and prints \"battlefield\" for \"play\", \"exile\" for \"remove from the game\", \"dies\" for a creature or planeswalker put into a graveyard from play, \"cast\" and \"activate\" for playing spells and abilities, \"end step\", \"ending phase\" and \"state-based actions\". Outcomes never change."
            }
            Change::DamageWithoutStack => {
                "In 2009 the combat damage assignments went on the stack as one object, players could respond, and it resolved with each source as it then was or as it last existed. Now combat damage is dealt as soon as it is assigned: a sacrificed or bounced creature's damage is not dealt, and a pump after assignment is too late."
            }
            Change::StaticDeathtouch => {
                "In 2009 deathtouch was a triggered ability: \"Whenever this deals damage to a creature, destroy that creature\", one trigger per instance, which could be responded to. Now a creature dealt damage by a source with deathtouch is destroyed as a state-based action, and one point of deathtouch damage counts as lethal, so a trampler with deathtouch may assign 1 to each blocker and the rest to the player."
            }
            Change::StaticLifelink => {
                "In 2009 lifelink triggered (\"Whenever this deals damage, you gain that much life\"), each instance separately, after state-based effects were checked. Now the life is gained as the damage is dealt, once however many instances there are: a player at 1 life whose lifelinked blocker takes damage from the attacker it kills survives only now."
            }
            Change::NoManaBurn => {
                "In 2009 the mana pool emptied only as a phase ended, and its owner lost 1 life per unused mana (mana burn). Now it empties at the end of every step and phase, and no life is lost."
            }
            Change::StrikeAsStepBegan => {
                "In 2009 the second combat damage step was for creatures that didn't assign combat damage in the first, plus those with double strike. Now it is for creatures that had neither first strike nor double strike as the first step began, plus those with double strike: a first striker that assigned no damage in the first step (power 0 then) deals none in the second."
            }
            Change::NoPlaneswalkerRedirection => {
                "In 2009 the controller of a source dealing noncombat damage to an opponent could have it dealt to a planeswalker that opponent controls instead. The rule was removed in 2018; such damage can only target the planeswalker."
            }
            Change::LegendRulePerController => {
                "In 2009 two legendary permanents with the same name in play were all put into their owners' graveyards, whoever controlled them, and so were two planeswalkers sharing a planeswalker type. Now only a player controlling two or more with the same name keeps one of them of their choice; the planeswalker uniqueness rule is gone."
            }
            Change::DefendingPlayerAsTurnBasedAction => {
                "In 2009 the active player chose one opponent as the defending player as the combat phase started. Now in a two-player game the nonactive player simply is the defending player, and in multiplayer the choice is a turn-based action of the beginning of combat step. Two-player outcomes are the same; the log cites 506.2."
            }
            Change::Battles => {
                "Battles did not exist in 2009: a scenario with one is refused under the 2009 rules. Now a battle enters with defense counters equal to its printed defense and a protector (its controller if it has no battle type). A creature may attack a battle whose protector is a defending player, never its own protector; only the protector's creatures block the creatures attacking it; combat damage to it removes defense counters; with defense 0 it is put into its owner's graveyard (704.5v). A Siege is protected by an opponent of its controller, who may attack it; when its last defense counter is removed it is exiled and may be cast transformed, its back face, without paying its mana cost (310.11b)."
            }
            Change::BandsByQuality => {
                "In 2009 a creature with \"bands with other legendary creatures\" could form an attacking band with creatures that had the same ability, legendary or not, and with creatures with banding; a legendary creature without the ability couldn't join. Now the band is of legendary creatures: one or more with the ability and any number of other legendary creatures, and a creature without the quality can't join, whatever its abilities. Damage division follows the same words: in 2009 two blockers (or blocked attackers) with the same ability, now one with the ability and another creature with the quality."
            }
            Change::Commanders => {
                "The Commander variant (current 903) is not in the 2009 rules: a scenario that designates a commander is refused under them. Now a permanent may be its owner's commander (`commander = true`), and \"if you control your commander\" (Lieutenant) and \"commander creatures\" read the designation."
            }
        }
    }
}

/// The rules in force: a set of [`Change`]s from February 2009. The two editions are the empty
/// set and every change; the tests also build the sets in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Change>", from = "Vec<Change>")]
pub struct Rules(u32);

impl Rules {
    /// February 2009: no change.
    pub const FEB_2009: Rules = Rules(0);
    /// The current rules: every change.
    pub const CURRENT: Rules = Rules((1 << Change::ALL.len()) - 1);

    /// Whether a change is in force: the one question the engine asks.
    pub fn has(self, change: Change) -> bool {
        self.0 & change.bit() != 0
    }

    /// These rules with a change switched on or off.
    pub fn with(self, change: Change, on: bool) -> Rules {
        if on {
            Rules(self.0 | change.bit())
        } else {
            Rules(self.0 & !change.bit())
        }
    }

    /// The changes in force.
    pub fn changes(self) -> Vec<Change> {
        Change::ALL
            .iter()
            .copied()
            .filter(|c| self.has(*c))
            .collect()
    }

    /// The edition these rules are, if they are exactly one.
    pub fn edition(self) -> Option<Edition> {
        Edition::ALL.iter().copied().find(|e| e.rules() == self)
    }

    /// The name of these rules: an edition's date, or 2009's with the changes in force.
    pub fn name(self) -> String {
        match self.edition() {
            Some(e) => e.date().to_string(),
            None => {
                let keys: Vec<&str> = self.changes().iter().map(|c| c.key()).collect();
                format!("{}+{}", Edition::Feb2009.date(), keys.join("+"))
            }
        }
    }

    /// A 2009 rule number as these rules cite it.
    pub fn cite(self, rule: &str) -> Cow<'_, str> {
        self.cite_in(rule, None)
    }

    /// A 2009 rule number as these rules cite it, where the current number depends on whether
    /// attacks or blocks are meant (rule 500 became parts of 508.1 and 509.1).
    ///
    /// Where one 2009 rule became several, the engine names both: "212.9d|306.8" is 212.9d
    /// under 2009's numbering and 306.8 under the current one.
    pub fn cite_in(self, rule: &str, declaring: Option<Declaring>) -> Cow<'_, str> {
        if let Some((old, now)) = rule.split_once('|') {
            return Cow::Borrowed(if self.has(Change::Numbering) {
                now
            } else {
                old
            });
        }
        if !self.has(Change::Numbering) {
            return Cow::Borrowed(rule);
        }
        match numbers::cite_current(rule, declaring) {
            now if now == rule => Cow::Borrowed(rule),
            now => Cow::Owned(now),
        }
    }

    /// A line of text Skirmish wrote with 2009 rule numbers in it ("[500.4] illegal: ..."), in
    /// these rules' numbers and words: every rule number in it cited as [`Rules::cite_in`]
    /// cites it.
    pub fn cite_text(self, text: &str, declaring: Option<Declaring>) -> String {
        if !self.has(Change::Numbering) {
            return text.to_string();
        }
        let cited = numbers::cite_numbers_in(text, declaring);
        self.words(&cited).into_owned()
    }

    /// Printed text in these rules' words (2009 words are translated under `Numbering`).
    pub fn words<'a>(self, text: &'a str) -> Cow<'a, str> {
        if self.has(Change::Numbering) {
            words::current(text)
        } else {
            Cow::Borrowed(text)
        }
    }

    // The questions, one per change, named for what the engine needs to know.

    /// 217.6f, 310.1: combat damage goes on the stack as one object.
    pub fn combat_damage_uses_stack(self) -> bool {
        !self.has(Change::DamageWithoutStack)
    }

    /// 300.3: unused mana empties only as a phase ends, and burns its owner.
    pub fn mana_burn(self) -> bool {
        !self.has(Change::NoManaBurn)
    }

    /// 502.63a: deathtouch is a triggered ability.
    pub fn deathtouch_triggers(self) -> bool {
        !self.has(Change::StaticDeathtouch)
    }

    /// 502.68a: lifelink is a triggered ability.
    pub fn lifelink_triggers(self) -> bool {
        !self.has(Change::StaticLifelink)
    }

    /// 212.9g: noncombat damage to a player may be redirected to a planeswalker.
    pub fn planeswalker_redirection(self) -> bool {
        !self.has(Change::NoPlaneswalkerRedirection)
    }
}

impl From<Edition> for Rules {
    fn from(e: Edition) -> Rules {
        e.rules()
    }
}

impl From<Rules> for Vec<Change> {
    fn from(r: Rules) -> Vec<Change> {
        r.changes()
    }
}

impl From<Vec<Change>> for Rules {
    fn from(v: Vec<Change>) -> Rules {
        v.into_iter().fold(Rules::FEB_2009, |r, c| r.with(c, true))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.edition() {
            Some(e) => e.fmt(f),
            None => write!(f, "rules of {}", self.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn february_2009_is_the_default_and_editions_round_trip_by_date_and_alias() {
        assert_eq!(Edition::default(), Edition::Feb2009);
        for e in Edition::ALL {
            assert_eq!(e.date().parse::<Edition>(), Ok(*e));
            assert_eq!(e.alias().parse::<Edition>(), Ok(*e));
            assert_eq!(e.rules().edition(), Some(*e));
        }
        assert!("2010-07-16".parse::<Edition>().is_err());
    }

    #[test]
    fn february_2009_has_no_change_and_the_current_rules_every_one() {
        let old = Edition::Feb2009.rules();
        assert!(old.combat_damage_uses_stack());
        assert!(old.mana_burn());
        assert!(old.deathtouch_triggers() && old.lifelink_triggers());
        assert!(old.planeswalker_redirection());
        let now = Edition::Current.rules();
        for c in Change::ALL {
            assert!(!old.has(*c) && now.has(*c), "{c:?}");
        }
        assert!(!now.combat_damage_uses_stack() && !now.mana_burn());
    }

    #[test]
    fn a_set_of_changes_between_the_editions_is_named_by_its_changes() {
        let r = Rules::FEB_2009.with(Change::NoManaBurn, true);
        assert_eq!(r.edition(), None);
        assert_eq!(r.name(), "2009-02-01+no-mana-burn");
        assert!(!r.mana_burn() && r.combat_damage_uses_stack());
        assert_eq!(r.with(Change::NoManaBurn, false), Rules::FEB_2009);
        let all: Rules = Change::ALL.to_vec().into();
        assert_eq!(all, Rules::CURRENT);
    }

    #[test]
    fn every_change_has_its_key_and_documentation() {
        let mut keys: Vec<&str> = Change::ALL.iter().map(|c| c.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Change::ALL.len());
        for c in Change::ALL {
            assert!(!c.title().is_empty() && !c.explanation().is_empty());
            assert!(!c.rules_current().is_empty() && !c.rules_2009().is_empty());
        }
    }
}
