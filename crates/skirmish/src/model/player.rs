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
    /// Unused mana by color (white, blue, black, red, green), lost as each phase ends (300.3).
    #[serde(default)]
    pub mana_pool: [u32; 5],
    /// Unused colorless mana (current 106.1b, 107.4c), lost with the rest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub colorless_mana: u32,
    /// Of the unused mana, how much a snow permanent made (104.3i), by color and colorless
    /// last: what `{S}` can take.
    #[serde(default, skip_serializing_if = "none_snow")]
    pub snow_mana: [u32; 6],
    /// 102.3: this player has lost the game.
    #[serde(default)]
    pub lost: bool,
    /// 420.5g: tried to draw from an empty library since state-based effects were last checked.
    #[serde(default)]
    pub drew_from_empty: bool,
    /// Poison counters (102.3d; 420.5h: ten or more and the player loses).
    #[serde(default)]
    pub poison: u32,
    /// Damage dealt to this player this turn (bloodthirst, 502.50a, asks whether there was
    /// any); back to 0 as each turn begins.
    #[serde(default)]
    pub damage_this_turn: u32,
    /// The city's blessing (current 702.131c): a designation kept for the rest of the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub citys_blessing: bool,
    /// The creature types of the sources this player controlled that dealt combat damage to
    /// a player this turn, as they were then (prowl, 502.76a-b); `"*"` stands for every
    /// creature type (changeling). Emptied as each turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combat_damage_types: Vec<String>,
    /// Energy counters (current 122.1, 107.14: "{E}" is one energy counter; to pay {E}, a
    /// player removes one from himself or herself). Kept for the rest of the game.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub energy: u32,
    /// The monarch (current 724.1, 2015; no 2009 rule): a designation only one player has at a
    /// time (724.3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub monarch: bool,
    /// Lands played this turn (212.6c: normally one). Emptied as each turn begins.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lands_played: u32,
    /// How many of this player's next combat phases (of turns he or she is the active player
    /// in) are skipped (300.9, 419.6f: each "skip your next combat phase" its own).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skip_combat_phases: u32,
    /// How many of this player's next turns have all their combat phases skipped ("skips all
    /// combat phases of his or her next turn").
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skip_combat_turns: u32,
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
            mana_pool: [0; 5],
            colorless_mana: 0,
            snow_mana: [0; 6],
            lost: false,
            drew_from_empty: false,
            poison: 0,
            damage_this_turn: 0,
            citys_blessing: false,
            combat_damage_types: Vec::new(),
            energy: 0,
            monarch: false,
            lands_played: 0,
            skip_combat_phases: 0,
            skip_combat_turns: 0,
        }
    }
}

impl Player {
    /// The total mana in the pool.
    pub fn mana(&self) -> u32 {
        self.mana_pool.iter().sum::<u32>() + self.colorless_mana
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn none_snow(n: &[u32; 6]) -> bool {
    n.iter().all(|m| *m == 0)
}
