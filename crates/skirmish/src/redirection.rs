//! Redirection effects (2009 419.6c; current 614.9): damage that would be dealt to one
//! creature, planeswalker or player is dealt to another instead, as a plain value.
//!
//! Which damage a redirection reaches is said with the same three phrases as a prevention
//! effect's (its kind, what it would be dealt to, what would deal it), so the reach is a
//! [`Prevention`] of which only those parts are read; where the damage goes is [`Onto`]. A
//! shield ("the next 3 damage that would be dealt to target creature this turn is dealt to ~
//! instead") is the same value with an amount, kept by the game as it is used up.

use crate::model::{Game, ObjectId, PlayerId, TargetRef};
use crate::prevention::{Prevention, Side};
use serde::{Deserialize, Serialize};

/// Where redirected damage is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Onto {
    /// "is dealt to ~ instead": the object whose effect it is.
    This,
    /// "is dealt to enchanted creature instead": the permanent the object whose effect it is
    /// enchants or equips, while it does.
    Enchanted,
    /// "is dealt to you instead": the controller of the effect.
    You,
    /// A creature or planeswalker fixed as the effect began (a target, or "~" of a resolved
    /// ability).
    Object(ObjectId),
    /// A player fixed as the effect began.
    Player(PlayerId),
}

impl Onto {
    /// The object or player, "~" being `this` and "you" `controller`; none for "enchanted
    /// creature" while `this` is attached to nothing.
    pub fn resolve(self, game: &Game, this: ObjectId, controller: PlayerId) -> Option<TargetRef> {
        Some(match self {
            Onto::This => TargetRef::Object(this),
            Onto::Enchanted => TargetRef::Object(game.object(this)?.status.as_ref()?.attached_to?),
            Onto::You => TargetRef::Player(controller),
            Onto::Object(id) => TargetRef::Object(id),
            Onto::Player(p) => TargetRef::Player(p),
        })
    }

    pub fn fixed(to: TargetRef) -> Onto {
        match to {
            TargetRef::Object(id) => Onto::Object(id),
            TargetRef::Player(p) => Onto::Player(p),
        }
    }
}

/// One redirection effect: the damage it reaches and where that damage goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Redirection {
    /// Which damage: the kind, recipients and sources of a prevention effect's reach (its
    /// other fields are not read).
    pub reach: Prevention,
    pub onto: Onto,
}

impl Redirection {
    /// The effect in card text's words: "all combat damage that would be dealt to you by
    /// unblocked creatures is dealt to ~ instead".
    pub fn words(&self) -> String {
        format!(
            "{} is dealt to {} instead",
            self.reach.reach(),
            self.onto_words()
        )
    }

    fn onto_words(&self) -> &'static str {
        match self.onto {
            Onto::This => "~",
            Onto::Enchanted => "enchanted creature",
            Onto::You => "you",
            Onto::Object(_) => "that creature",
            Onto::Player(_) => "that player",
        }
    }
}

/// Where the one thing an instruction names stands: in the reach (the damage dealt to it or by
/// it) or as where the damage goes ("is dealt to target creature instead").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Named {
    Reach(Side),
    Onto,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{Filter, PlayerRef};
    use crate::prevention::{DamageKind, Recipients};

    #[test]
    fn words_read_as_card_text() {
        let r = Redirection {
            reach: Prevention {
                kind: DamageKind::Combat,
                to: Some(Recipients::players(PlayerRef::You)),
                by: Some(Filter::Type(crate::typeline::CardType::Artifact)),
                ..Prevention::default()
            },
            onto: Onto::This,
        };
        assert_eq!(
            r.words(),
            "all combat damage that would be dealt to you by artifacts is dealt to ~ instead"
        );
        assert_eq!(
            Onto::fixed(TargetRef::Player(PlayerId(1))),
            Onto::Player(PlayerId(1))
        );
        assert_eq!(
            Onto::fixed(TargetRef::Object(ObjectId(4))),
            Onto::Object(ObjectId(4))
        );
    }
}
