use super::{ObjectId, PlayerId};
use serde::{Deserialize, Serialize};

/// A player (200.3) and the zones each player has (217.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// 215.1; may be 0 or less until state-based effects are checked (420.5a).
    pub life: i32,
    /// Top card first (217.2).
    pub library: Vec<ObjectId>,
    pub hand: Vec<ObjectId>,
    /// Bottom card first; the last is on top (217.4a).
    pub graveyard: Vec<ObjectId>,
    pub removed_from_game: Vec<ObjectId>,
    /// 217.3b: normally seven.
    pub max_hand_size: u32,
}

impl Player {
    pub fn new(id: PlayerId, name: impl Into<String>, life: i32) -> Self {
        Player {
            id,
            name: name.into(),
            life,
            library: Vec::new(),
            hand: Vec::new(),
            graveyard: Vec::new(),
            removed_from_game: Vec::new(),
            max_hand_size: 7,
        }
    }
}
