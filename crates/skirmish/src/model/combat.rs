use super::{ObjectId, PlayerId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What an attacking creature attacks (306.3, 308.2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "kebab-case")]
pub enum AttackTarget {
    Player(PlayerId),
    Planeswalker(ObjectId),
    /// Current 310.5, 508.1b: a battle, defended by its protector (310.8).
    Battle(ObjectId),
    /// 306.4c: the planeswalker it attacked was removed from combat; it still attacks.
    Nothing,
}

impl AttackTarget {
    /// The permanent attacked: a planeswalker, or (current 310.5) a battle.
    pub fn permanent(self) -> Option<ObjectId> {
        match self {
            AttackTarget::Planeswalker(w) | AttackTarget::Battle(w) => Some(w),
            AttackTarget::Player(_) | AttackTarget::Nothing => None,
        }
    }
}

/// Who is attacking and blocking what (306, 308.2g, 309.2).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Combat {
    /// 306.2: chosen as the combat phase starts.
    pub defending_player: Option<PlayerId>,
    /// Each attacking creature and what it attacks.
    pub attackers: BTreeMap<ObjectId, AttackTarget>,
    /// Each blocking creature and the attackers it blocks, in the order declared.
    pub blockers: BTreeMap<ObjectId, Vec<ObjectId>>,
    /// 309.2e: attackers that became blocked; they stay blocked when their blockers leave
    /// (glossary, "Blocked Creature").
    pub blocked: BTreeSet<ObjectId>,
    /// Block requirements created this combat by resolved effects, such as provoke (502.29a):
    /// (creature that must block if able, attacker it must block, label of the source).
    #[serde(default)]
    pub must_block: Vec<(ObjectId, ObjectId, String)>,
    /// Whether a creature was put into play attacking this combat (308.5: then the declare
    /// blockers and combat damage steps happen even with no attackers declared).
    #[serde(default)]
    pub put_into_play_attacking: bool,
    /// Creatures that assigned combat damage in the first combat damage step (502.2b, 502.28b).
    #[serde(default)]
    pub assigned_first: BTreeSet<ObjectId>,
    /// Attacking bands announced as attackers were declared (308.2b, 502.10b): each two or
    /// more attacking creatures, each creature in one band at most. A band lasts for the rest
    /// of combat (502.10d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bands: Vec<Vec<ObjectId>>,
}

impl Combat {
    /// 306.4: removes a permanent from combat: it stops attacking, blocking, being blocked, and
    /// (a planeswalker) being attacked, in which case its attackers attack nothing (306.4c).
    pub fn remove(&mut self, id: ObjectId) {
        self.remove_creature(id);
        self.remove_planeswalker(id);
    }

    /// 306.4, 306.4d: removes the creature part of a permanent from combat: it stops attacking,
    /// blocking and being blocked.
    pub fn remove_creature(&mut self, id: ObjectId) {
        self.attackers.remove(&id);
        self.blocked.remove(&id);
        self.blockers.remove(&id);
        self.must_block.retain(|(b, a, _)| *b != id && *a != id);
        for attacked in self.blockers.values_mut() {
            attacked.retain(|a| *a != id);
        }
        // 502.10d: a creature removed from combat is removed from its band; one member alone
        // is no band.
        for band in &mut self.bands {
            band.retain(|m| *m != id);
        }
        self.bands.retain(|b| b.len() > 1);
    }

    /// 306.4, 306.4c-d (current 506.4): removes the planeswalker or battle part: it stops
    /// being attacked, and the creatures attacking it attack nothing.
    pub fn remove_planeswalker(&mut self, id: ObjectId) {
        for target in self.attackers.values_mut() {
            if target.permanent() == Some(id) {
                *target = AttackTarget::Nothing;
            }
        }
    }

    /// Whether a permanent takes part in combat as a creature (attacking or blocking).
    pub fn has_creature(&self, id: ObjectId) -> bool {
        self.attackers.contains_key(&id) || self.blockers.contains_key(&id)
    }

    /// Whether a planeswalker or battle is being attacked.
    pub fn is_attacked(&self, id: ObjectId) -> bool {
        self.attackers.values().any(|t| t.permanent() == Some(id))
    }

    /// The creatures blocking an attacker, in declaration order of the blockers' ids.
    pub fn blockers_of(&self, attacker: ObjectId) -> impl Iterator<Item = ObjectId> + '_ {
        self.blockers
            .iter()
            .filter(move |(_, attacked)| attacked.contains(&attacker))
            .map(|(b, _)| *b)
    }

    /// The other attacking creatures in the band of `attacker` (502.10e), if it is in one.
    pub fn banded_with(&self, attacker: ObjectId) -> Vec<ObjectId> {
        self.bands
            .iter()
            .find(|b| b.contains(&attacker))
            .map(|b| b.iter().copied().filter(|m| *m != attacker).collect())
            .unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.attackers.is_empty() && self.blockers.is_empty()
    }
}
