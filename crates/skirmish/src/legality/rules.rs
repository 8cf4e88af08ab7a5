//! What rule 500 says about one declaration over a problem: which restrictions it breaks
//! (500.2, 500.3, 500.3a, 306.5, 308.2a, 308.2f, 309.2a) and how many requirement instances it
//! obeys (500.1, 500.4). This is the definition every solver and the brute-force reference
//! judge by.

use super::problem::{
    AttackChoice, AttackProblem, BlockChoice, BlockProblem, BlockRequirement, Source,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A restriction a declaration breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    pub rule: String,
    /// The creature the restriction is about, if it is about one.
    pub creature: Option<String>,
    pub message: String,
    /// The effect that imposes it and its source, if an effect does.
    pub source: Option<Source>,
}

impl Violation {
    pub(crate) fn new(
        rule: &str,
        creature: Option<&str>,
        message: String,
        source: Option<&Source>,
    ) -> Self {
        Violation {
            rule: rule.to_string(),
            creature: creature.map(str::to_string),
            message,
            source: source.cloned(),
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.rule, self.message)?;
        match &self.source {
            // A restriction from the creature's own ability or state needs no "from".
            Some(s) if Some(&s.label) != self.creature.as_ref() => {
                write!(f, " (from {}: {})", s.label, s.text)
            }
            _ => Ok(()),
        }
    }
}

/// "X can't attack: it is tapped" when the reason is the creature's own; otherwise the source
/// is shown after the message (see `Display`), so the message stays short.
fn reason(head: &str, creature: &str, s: &Source) -> String {
    if s.label == creature {
        format!("{head}: {}", s.text)
    } else {
        head.to_string()
    }
}

impl AttackProblem {
    /// Mana the declaration must pay (308.2d).
    fn mana_needed(&self, c: &AttackChoice) -> u32 {
        c.0.iter()
            .enumerate()
            .filter_map(|(i, t)| t.map(|t| self.cost(i, t)))
            .fold(0u32, u32::saturating_add)
    }

    /// Mana available to pay it (308.2e): the free mana, and creatures with mana abilities
    /// that don't tap to attack.
    fn mana_available(&self, c: &AttackChoice) -> u32 {
        c.0.iter()
            .zip(&self.creatures)
            .filter(|(t, cand)| t.is_none() || cand.vigilance)
            .fold(self.free_mana, |have, (_, cand)| {
                have.saturating_add(cand.mana_ability)
            })
    }

    /// Every restriction the declaration breaks.
    pub fn violations(&self, c: &AttackChoice) -> Vec<Violation> {
        let mut out = Vec::new();
        let attacking = c.0.iter().filter(|t| t.is_some()).count();
        // Declaring no attackers breaks nothing: every restriction limits or conditions
        // attacks, and there is nothing to pay (checking "no attack" is a frequent question).
        if attacking == 0 {
            return out;
        }
        for (i, t) in c.0.iter().enumerate() {
            let Some(t) = *t else { continue };
            let cand = &self.creatures[i];
            for s in &cand.unable {
                out.push(Violation::new(
                    &s.rule,
                    Some(&cand.label),
                    reason(&format!("{} can't attack", cand.label), &cand.label, s),
                    Some(s),
                ));
            }
            let why_not = cand
                .excluded
                .iter()
                .find(|(x, _)| *x == t)
                .map(|(_, why)| why.as_slice())
                .unwrap_or_default();
            if cand.unable.is_empty() && !cand.targets.contains(&t) && !why_not.is_empty() {
                let label = self.targets.get(t).map_or("?", |x| x.label.as_str());
                for s in why_not {
                    out.push(Violation::new(
                        &s.rule,
                        Some(&cand.label),
                        reason(
                            &format!("{} can't attack {label}", cand.label),
                            &cand.label,
                            s,
                        ),
                        Some(s),
                    ));
                }
            } else if cand.unable.is_empty() && !cand.targets.contains(&t) {
                let label = self.targets.get(t).map_or("?", |x| x.label.as_str());
                out.push(Violation::new(
                    "308.2a",
                    Some(&cand.label),
                    format!("{} can't attack {label}: it may attack only the defending player or a planeswalker that player controls", cand.label),
                    None,
                ));
            }
            if let Some(s) = &cand.alone {
                if attacking == 1 {
                    out.push(Violation::new(&s.rule, Some(&cand.label), format!("{} can't attack alone, and it would be the only creature declared as an attacker (306.5)", cand.label), Some(s)));
                }
            }
            if let Some(s) = &cand.only_alone {
                if attacking > 1 {
                    out.push(Violation::new(&s.rule, Some(&cand.label), format!("{} can only attack alone, and {} other creature(s) would be declared as attackers (306.5)", cand.label, attacking - 1), Some(s)));
                }
            }
            for k in &cand.company {
                let n = k.count(i, &|j| c.0.get(j).is_some_and(Option::is_some), c.0.len());
                if n < k.at_least {
                    out.push(Violation::new(
                        &k.source.rule,
                        Some(&cand.label),
                        reason(
                            &format!("{} can't attack unless {} other creature(s) it names attack too, and {n} do", cand.label, k.at_least),
                            &cand.label,
                            &k.source,
                        ),
                        Some(&k.source),
                    ));
                }
            }
        }
        for (max, s) in &self.max_attackers {
            if attacking > *max as usize {
                out.push(Violation::new(
                    &s.rule,
                    None,
                    format!("{attacking} creatures attack, but no more than {max} can"),
                    Some(s),
                ));
            }
        }
        for l in &self.target_limits {
            let n =
                c.0.iter()
                    .filter(|t| t.is_some_and(|t| l.targets.contains(&t)))
                    .count();
            if n > l.max as usize {
                let whom: Vec<&str> = l
                    .targets
                    .iter()
                    .filter_map(|t| self.targets.get(*t))
                    .map(|t| t.label.as_str())
                    .collect();
                out.push(Violation::new(
                    &l.source.rule,
                    None,
                    format!(
                        "{n} creatures attack {}, but no more than {} can",
                        whom.join(" or "),
                        l.max
                    ),
                    Some(&l.source),
                ));
            }
        }
        let need = self.mana_needed(c);
        let have = if need > 0 { self.mana_available(c) } else { 0 };
        if need > have {
            out.push(Violation::new(
                "308.2f",
                None,
                format!("the attack costs {need} mana to declare but only {have} can be paid, and partial payments are not allowed"),
                self.targets
                    .iter()
                    .flat_map(|t| t.tax_sources.first())
                    .chain(self.creatures.iter().flat_map(|c| c.costs.first().map(|c| &c.source)))
                    .next(),
            ));
        }
        // Without pools no cost asks for permanents, and their members (a list built on
        // demand) aren't needed.
        let demand = self.demand(c);
        if !self.pools.is_empty() && !super::pools::hall(&self.pool_members(), &demand) {
            let asked: Vec<String> = demand
                .iter()
                .zip(&self.pools)
                .filter(|(d, _)| **d > 0)
                .map(|(d, p)| format!("{} ({d} needed, {} fit)", p.text, p.members.len()))
                .collect();
            out.push(Violation::new(
                "308.2f",
                None,
                format!(
                    "the attack's costs can't all be paid: {}; a permanent pays one cost once, and partial payments are not allowed",
                    asked.join("; ")
                ),
                self.creatures
                    .iter()
                    .flat_map(|c| c.costs.iter())
                    .find(|c| !c.permanents.is_empty())
                    .map(|c| &c.source),
            ));
        }
        out
    }

    /// For each pool, how many of its permanents the declaration's costs ask for (308.2d).
    pub fn demand(&self, c: &AttackChoice) -> Vec<u32> {
        let mut demand = vec![0; self.pools.len()];
        for (i, t) in c.0.iter().enumerate() {
            if let Some(t) = t {
                self.add_demand(i, *t, &mut demand);
            }
        }
        demand
    }

    /// The requirement instances the declaration obeys.
    pub fn obeyed(&self, c: &AttackChoice) -> BTreeSet<usize> {
        ascending(
            self.requirements
                .iter()
                .enumerate()
                .filter(|(_, r)| r.obeyed_by(c))
                .map(|(i, _)| i),
        )
    }

    /// The requirement instances `better` obeys that the declaration obeying `mine` doesn't,
    /// in order (what a verdict shows next to its witness).
    pub fn unobeyed(&self, better: &AttackChoice, mine: &BTreeSet<usize>) -> Vec<usize> {
        (0..self.requirements.len())
            .filter(|i| !mine.contains(i) && self.requirements[*i].obeyed_by(better))
            .collect()
    }

    /// Whether the declaration pays any cost to attack (the question `paid` answers per
    /// creature, without a list).
    pub fn pays(&self, c: &AttackChoice) -> bool {
        c.0.iter()
            .enumerate()
            .any(|(i, t)| t.is_some_and(|t| self.has_cost(i, t)))
    }

    /// Creatures whose attack has a cost the player pays in this declaration (500.2's exemption
    /// turns on it).
    pub fn paid(&self, c: &AttackChoice) -> Vec<Option<usize>> {
        c.0.iter()
            .enumerate()
            .map(|(i, t)| t.filter(|t| self.has_cost(i, *t)))
            .collect()
    }
}

impl BlockProblem {
    /// Mana the declaration must pay to block (309.2b).
    pub fn mana(&self, c: &BlockChoice) -> u32 {
        c.0.iter()
            .enumerate()
            .fold(0u32, |s, (b, o)| s.saturating_add(self.cost(b, o)))
    }

    /// Life the declaration must pay to block (309.2b, 215.4).
    pub fn life(&self, c: &BlockChoice) -> u32 {
        c.0.iter()
            .enumerate()
            .fold(0u32, |s, (b, o)| s.saturating_add(self.life_cost(b, o)))
    }

    /// For each blocker, the costed items it pays in this declaration (500.3's exemption turns
    /// on them).
    pub fn paid(&self, c: &BlockChoice) -> Vec<Vec<Option<usize>>> {
        c.0.iter()
            .enumerate()
            .map(|(b, o)| self.costed(b, o))
            .collect()
    }

    /// Every restriction the declaration breaks.
    pub fn violations(&self, c: &BlockChoice) -> Vec<Violation> {
        let mut out = Vec::new();
        let blocking: Vec<usize> = (0..c.0.len()).filter(|i| !c.0[*i].is_empty()).collect();
        // Declaring no blockers breaks nothing: every restriction limits or conditions blocks
        // ("can't be blocked except by two or more" too: an unblocked attacker obeys it), and
        // there is nothing to pay.
        if blocking.is_empty() {
            return out;
        }
        let mut count = vec![0u32; self.attackers.len()];
        for &i in &blocking {
            let cand = &self.blockers[i];
            for s in &cand.unable {
                out.push(Violation::new(
                    &s.rule,
                    Some(&cand.label),
                    reason(&format!("{} can't block", cand.label), &cand.label, s),
                    Some(s),
                ));
            }
            for &a in &c.0[i] {
                count[a] += 1;
                if cand.unable.is_empty() && !cand.can_block.contains(&a) {
                    let why = cand
                        .cannot_block
                        .iter()
                        .find(|(x, _)| *x == a)
                        .map(|(_, w)| w.as_slice())
                        .unwrap_or(&[]);
                    if why.is_empty() {
                        out.push(Violation::new(
                            "309.2a",
                            Some(&cand.label),
                            format!("{} can't block {}", cand.label, self.attackers[a].label),
                            None,
                        ));
                    }
                    for s in why {
                        out.push(Violation::new(
                            &s.rule,
                            Some(&cand.label),
                            reason(
                                &format!("{} can't block {}", cand.label, self.attackers[a].label),
                                &cand.label,
                                s,
                            ),
                            Some(s),
                        ));
                    }
                }
            }
            let limit = cand.capacity.limit(usize::MAX);
            if c.0[i].len() > limit {
                out.push(Violation::new(
                    "309.2a",
                    Some(&cand.label),
                    format!(
                        "{} blocks {} creatures but can block only {limit}",
                        cand.label,
                        c.0[i].len()
                    ),
                    None,
                ));
            }
            if let Some(s) = &cand.alone {
                if blocking.len() == 1 {
                    out.push(Violation::new(&s.rule, Some(&cand.label), format!("{} can't block alone, and it would be the only creature declared as a blocker (306.5)", cand.label), Some(s)));
                }
            }
            for k in &cand.company {
                let n = k.count(i, &|j| c.0.get(j).is_some_and(|x| !x.is_empty()), c.0.len());
                if n < k.at_least {
                    out.push(Violation::new(
                        &k.source.rule,
                        Some(&cand.label),
                        reason(
                            &format!("{} can't block unless {} other creature(s) it names block too, and {n} do", cand.label, k.at_least),
                            &cand.label,
                            &k.source,
                        ),
                        Some(&k.source),
                    ));
                }
            }
        }
        for (a, att) in self.attackers.iter().enumerate() {
            let n = count[a];
            for (min, s) in &att.min_blockers {
                if n > 0 && n < *min {
                    out.push(Violation::new(
                        &s.rule,
                        Some(&att.label),
                        format!("{} is blocked by {n} creature(s) but can't be blocked except by {min} or more", att.label),
                        Some(s),
                    ));
                }
            }
            for s in &att.all_or_none {
                let missing = (0..c.0.len()).filter(|b| !c.0[*b].contains(&a)).count();
                if n > 0 && missing > 0 {
                    out.push(Violation::new(
                        &s.rule,
                        Some(&att.label),
                        format!("{} is blocked, but not by all {} creatures the defending player controls ({missing} don't block it)", att.label, c.0.len()),
                        Some(s),
                    ));
                }
            }
            for s in &att.max_one_blocker {
                if n > 1 {
                    out.push(Violation::new(
                        &s.rule,
                        Some(&att.label),
                        format!(
                            "{} is blocked by {n} creatures but can't be blocked by more than one",
                            att.label
                        ),
                        Some(s),
                    ));
                }
            }
        }
        let need = self.mana(c);
        if need > self.free_mana {
            let source = blocking
                .iter()
                .flat_map(|b| self.blockers[*b].costs.first())
                .map(|c| &c.source)
                .next();
            out.push(Violation::new(
                "309.2d",
                None,
                format!("the block costs {need} mana to declare but only {} can be paid, and partial payments are not allowed", self.free_mana),
                source,
            ));
        }
        let life = self.life(c);
        if life > self.payable_life {
            let source = blocking
                .iter()
                .flat_map(|b| self.blockers[*b].costs.iter().find(|c| c.life > 0))
                .map(|c| &c.source)
                .next();
            out.push(Violation::new(
                "215.4",
                None,
                format!("the block costs {life} life but the defending player has only {}: a player may pay life only with at least that much", self.payable_life),
                source,
            ));
        }
        for (max, s) in &self.max_blockers {
            if blocking.len() > *max as usize {
                out.push(Violation::new(
                    &s.rule,
                    None,
                    format!(
                        "{} creatures block, but no more than {max} can",
                        blocking.len()
                    ),
                    Some(s),
                ));
            }
        }
        out
    }

    /// The requirement instances the declaration obeys.
    pub fn obeyed(&self, c: &BlockChoice) -> BTreeSet<usize> {
        ascending(
            self.requirements
                .iter()
                .enumerate()
                .filter(|(_, r)| Self::obeys(r, c))
                .map(|(i, _)| i),
        )
    }

    /// The requirement instances `better` obeys that the declaration obeying `mine` doesn't,
    /// in order (what a verdict shows next to its witness).
    pub fn unobeyed(&self, better: &BlockChoice, mine: &BTreeSet<usize>) -> Vec<usize> {
        (0..self.requirements.len())
            .filter(|i| !mine.contains(i) && Self::obeys(&self.requirements[*i], better))
            .collect()
    }

    /// Whether the declaration obeys the requirement instance.
    fn obeys(r: &BlockRequirement, c: &BlockChoice) -> bool {
        match r {
            BlockRequirement::Blocks { blocker, .. } => !c.0[*blocker].is_empty(),
            BlockRequirement::BlocksAttacker {
                blocker, attacker, ..
            } => c.0[*blocker].contains(attacker),
            BlockRequirement::MustBeBlocked { attacker, .. } => {
                c.0.iter().any(|b| b.contains(attacker))
            }
            BlockRequirement::MustBeBlockedBy { attacker, by, .. } => by
                .iter()
                .any(|b| c.0.get(*b).is_some_and(|x| x.contains(attacker))),
            BlockRequirement::MustBeBlockedByOne { attacker, .. } => {
                c.0.iter().filter(|b| b.contains(attacker)).count() == 1
            }
        }
    }
}

/// A set of indices given in ascending order, built by insertion: a small set is then one
/// allocation, where collecting goes through a vector and a sort first.
fn ascending(indices: impl Iterator<Item = usize>) -> BTreeSet<usize> {
    let mut set = BTreeSet::new();
    for i in indices {
        set.insert(i);
    }
    set
}
