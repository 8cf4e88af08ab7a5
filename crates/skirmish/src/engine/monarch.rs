//! The monarch (current 724, 2015; no 2009 rule, so the current meaning) and extra turns
//! (300.6).
//!
//! 724.2 gives the monarch two inherent triggered abilities with no source, controlled by the
//! monarch as they trigger: they go on the stack like any triggered ability (410), from a
//! placeholder source that no description or target can fit.

use super::{Engine, Pending};
use crate::ability::{Effect, Subject};
use crate::events::EventKind;
use crate::model::{Object, ObjectId, PlayerId, Zone};

/// The id the monarch's sourceless abilities carry as their source: never issued to an object
/// (ids count up from 1).
pub(super) const MONARCH: ObjectId = ObjectId(u32::MAX);

/// What resolves the monarch's abilities: an object with no characteristics, named "the
/// monarch", controlled by the ability's controller, in no zone an object could be found in.
pub(super) fn sourceless(id: ObjectId, controller: PlayerId) -> Option<Object> {
    (id == MONARCH).then(|| Object {
        id: MONARCH,
        label: "the monarch".into(),
        card: std::sync::Arc::new(crate::cards::CardDef {
            name: "the monarch".into(),
            mana_cost: None,
            type_line: crate::typeline::TypeLine {
                supertypes: Vec::new(),
                card_types: Vec::new(),
                subtypes: Vec::new(),
            },
            power: None,
            toughness: None,
            loyalty: None,
            defense: None,
            text: String::new(),
            abilities: Vec::new(),
            token_colors: None,
            back: None,
            unmodelled: Vec::new(),
        }),
        token: false,
        owner: controller,
        controller,
        zone: Zone::Stack,
        status: None,
        timestamp: crate::model::Timestamp(0),
        altered: None,
        face_down: None,
        bestowed: None,
        transformed: None,
    })
}

impl Engine<'_> {
    /// The player who is the monarch, if any.
    fn monarch(&self) -> Option<PlayerId> {
        self.game.players.iter().find(|p| p.monarch).map(|p| p.id)
    }

    /// 724.3: `who` becomes the monarch; whoever was stops being it.
    pub(super) fn become_monarch(&mut self, who: PlayerId) {
        if self.monarch() == Some(who) {
            return;
        }
        for p in 0..self.game.players.len() {
            let id = PlayerId(p as u32);
            let _ = self.game.update_player(id, |p| p.monarch = id == who);
        }
        let text = format!("{} becomes the monarch", self.name(who));
        self.log("724.3", EventKind::Note { text });
    }

    fn monarch_trigger(&mut self, controller: PlayerId, effect: Effect, text: &str) -> Pending {
        let source = sourceless(MONARCH, controller).expect("the monarch's id");
        Pending::new(controller, &source, effect, text.to_string())
    }

    /// 724.2: "At the beginning of the monarch's end step, that player draws a card."
    pub(super) fn monarch_end_step(&mut self, active: PlayerId) {
        if self.monarch() != Some(active) {
            return;
        }
        let p = self.monarch_trigger(
            active,
            Effect::Draw {
                who: Subject::You,
                count: 1,
            },
            "at the beginning of the monarch's end step, that player draws a card (724.2)",
        );
        self.pending.push(p);
    }

    /// 724.2: "Whenever a creature deals combat damage to the monarch, its controller becomes
    /// the monarch." `source` dealt combat damage to `hit`.
    pub(super) fn monarch_hit(&mut self, source: &Object, hit: PlayerId) {
        if self.monarch() != Some(hit) || !source.is_creature() {
            return;
        }
        let mut p = self.monarch_trigger(
            hit,
            Effect::BecomeMonarch {
                its_controller: true,
            },
            "whenever a creature deals combat damage to the monarch, its controller becomes the monarch (724.2)",
        );
        p.refers = Some(source.id);
        self.pending.push(p);
    }

    /// 602.3: `attacker` attacks a player and another attacking creature attacks a different
    /// player (Canal Courier).
    pub(super) fn attacks_different_players(
        &self,
        attacker: ObjectId,
        target: crate::model::AttackTarget,
        combat: &crate::model::Combat,
    ) -> bool {
        use crate::model::AttackTarget;
        let AttackTarget::Player(mine) = target else {
            return false;
        };
        combat.attackers.iter().any(|(other, t)| {
            *other != attacker && matches!(t, AttackTarget::Player(p) if *p != mine)
        })
    }

    /// 300.6: `who` gets a turn directly after this one, taken before any added earlier.
    pub(super) fn add_extra_turn(&mut self, who: PlayerId) {
        self.game.extra_turns.push(who);
        let text = format!("{} will take an extra turn after this one", self.name(who));
        self.log("300.6", EventKind::Note { text });
    }
}
