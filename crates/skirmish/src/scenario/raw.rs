//! The scenario file as written: serde structs that keep every value's position, so the
//! validation in `build` can point at the exact key that is wrong.

use crate::cards::library::RawCard;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

pub type S<T> = Spanned<T>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawScenario {
    pub edition: Option<S<String>>,
    pub description: Option<S<String>>,
    /// 602: the active player may attack every opponent.
    pub attack_multiple_players: Option<S<bool>>,
    /// The run stops as this step ends, once every script action has been taken.
    pub stop_after: Option<S<String>>,
    /// A card file (Scryfall or MTGJSON JSON) whose cards the scenario names without defining
    /// them; relative to the scenario file's folder.
    pub card_pool: Option<S<String>>,
    pub turn: RawTurn,
    #[serde(default)]
    pub player: Vec<RawPlayer>,
    #[serde(default)]
    pub permanent: Vec<RawPermanent>,
    #[serde(default)]
    pub card: Vec<RawCard>,
    /// Instants and sorceries that resolved before the scenario starts, whose lasting effects
    /// still apply.
    #[serde(default)]
    pub resolved: Vec<RawResolved>,
    #[serde(default)]
    pub action: Vec<RawAction>,
    pub expect: Option<RawExpect>,
}

/// An instant or sorcery that resolved earlier: who played it and its targets, by name or
/// label in the order the spell's text asks for them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawResolved {
    pub spell: S<String>,
    pub controller: S<String>,
    #[serde(default)]
    pub targets: Vec<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTurn {
    pub active: S<String>,
    pub step: S<String>,
    pub number: Option<S<u32>>,
    /// 306.2: chosen as combat begins; needed in combat steps with more than one opponent.
    pub defending: Option<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    pub name: S<String>,
    pub life: Option<S<i64>>,
    #[serde(default)]
    pub hand: Vec<S<RawZoneCard>>,
    #[serde(default)]
    pub library: Vec<S<RawZoneCard>>,
    #[serde(default)]
    pub graveyard: Vec<S<RawZoneCard>>,
    #[serde(default)]
    pub removed: Vec<S<RawZoneCard>>,
    pub max_hand_size: Option<S<u32>>,
    pub poison: Option<S<u32>>,
    pub energy: Option<S<u32>>,
    /// Current 724: this player is the monarch.
    pub monarch: Option<S<bool>>,
    /// Lands the player has played this turn (212.6c).
    pub lands_played: Option<S<u32>>,
}

/// A card in a hand, library, graveyard or the removed-from-the-game zone: its name, or a table
/// with a label.
#[derive(Debug)]
pub enum RawZoneCard {
    Name(String),
    Labelled(RawLabelledCard),
}

// Written by hand because `#[serde(untagged)]` buffers its input, and positions (`Spanned`)
// don't survive the buffering.
impl<'de> Deserialize<'de> for RawZoneCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawZoneCard;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a card name, or a table { card = \"...\", label = \"...\" }")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawZoneCard, E> {
                Ok(RawZoneCard::Name(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawZoneCard, A::Error> {
                RawLabelledCard::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RawZoneCard::Labelled)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLabelledCard {
    pub card: S<String>,
    pub label: Option<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPermanent {
    pub card: S<String>,
    pub controller: S<String>,
    pub owner: Option<S<String>>,
    pub label: Option<S<String>>,
    pub token: Option<S<bool>>,
    pub tapped: Option<S<bool>>,
    pub summoning_sick: Option<S<bool>>,
    pub damage: Option<S<i64>>,
    #[serde(default)]
    pub counters: BTreeMap<String, S<i64>>,
    pub attached_to: Option<S<String>>,
    /// Starting after attackers are declared: the player or planeswalker it attacks.
    pub attacking: Option<S<String>>,
    /// Starting after blockers are declared: the attackers it blocks.
    pub blocking: Option<S<Vec<S<String>>>>,
    /// An attacker whose blockers have all left combat is still blocked (glossary).
    pub blocked: Option<S<bool>>,
    /// Instants or sorceries that resolved this turn targeting this creature, whose effects
    /// still apply ("Off Balance", "Giant Growth").
    #[serde(default)]
    pub affected_by: Vec<S<String>>,
    /// Starting after attackers are declared: an attacker this creature must block if able,
    /// as a resolved provoke ability says (502.29a).
    pub must_block: Option<S<String>>,
    /// A face-down permanent (504): a 2/2 creature with no text, name, subtypes or mana cost
    /// (502.26a), its card kept for when it is turned face up.
    pub face_down: Option<S<bool>>,
    /// The color chosen as it came into play ("As ~ comes into play, choose a color.").
    pub chosen_color: Option<S<String>>,
    /// The creature type chosen as it came into play ("As ~ enters the battlefield, choose a
    /// creature type.").
    pub chosen_type: Option<S<String>>,
    /// The player chosen as it came into play ("As ~ enters the battlefield, choose an
    /// opponent.").
    pub chosen_player: Option<S<String>>,
    /// A battle's protector (current 310.8).
    pub protector: Option<S<String>>,
    /// Its owner's commander (current 903.3).
    pub commander: Option<S<bool>>,
}

/// A list of labels as written, each with its position.
pub type Labels = Vec<S<String>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAction {
    pub player: S<String>,
    pub pass: Option<S<bool>>,
    pub attack: Option<S<String>>,
    pub block: Option<S<String>>,
    pub cast: Option<S<String>>,
    pub activate: Option<S<String>>,
    /// With `activate`: which activated ability, counting from 1 in text order.
    pub ability: Option<S<u32>>,
    #[serde(default)]
    pub targets: Vec<S<String>>,
    /// With `activate`: what pays the cost's parts besides mana and `{T}` ("Sacrifice a
    /// creature", "Discard a card"), by label, in the cost's order.
    #[serde(default)]
    pub pay: Vec<S<String>>,
    /// With `activate`: the X announced for an {X} in the ability's cost (409.1b).
    pub x: Option<S<u32>>,
    /// Cards to discard in the cleanup step (314.1).
    pub discard: Option<S<Vec<S<String>>>>,
    /// Wait for this step before taking the action.
    pub step: Option<S<String>>,
    /// A creature's combat damage assignment: "Craw Wurm: 4 to Wall of Wood, 2 to Bob" (310.2).
    pub assign: Option<S<String>>,
    /// How a spell or ability divides damage or prevention among its targets as it is played:
    /// "Arc Lightning: 2 to Grizzly Bears, 1 to Bob" (409.1e).
    pub divide: Option<S<String>>,
    /// The target of a triggered ability as it goes on the stack: "Krosan Vorine: Grizzly
    /// Bears" (410.4).
    pub choose: Option<S<String>>,
    /// Ninjutsu from hand, returning an unblocked attacker: "Ninja of the Deep Hours: Grizzly
    /// Bears" (502.43a).
    pub ninjutsu: Option<S<String>>,
    /// With `cast`: the optional and alternative costs the player pays: "buyback",
    /// "flashback" (409.1b).
    pub with: Option<S<Vec<S<String>>>>,
    /// With `cast`: the creatures tapped for convoke (502.46a).
    pub convoke: Option<S<Vec<S<String>>>>,
    /// With `cast`: the graveyard cards removed from the game for delve (502.64a).
    pub delve: Option<S<Vec<S<String>>>>,
    /// With `cast`: the artifacts tapped for improvise (current 702.126a).
    pub improvise: Option<S<Vec<S<String>>>>,
    /// With `cast`: the modes of a modal spell, numbered from 1 (409.1b).
    pub modes: Option<S<Vec<S<u32>>>>,
    /// Cycling from hand: the card's label (502.18a).
    pub cycle: Option<S<String>>,
    /// Unearth from the graveyard: the card's label (502.84a).
    pub unearth: Option<S<String>>,
    /// Suspending from the hand: the card's label (502.59a).
    pub suspend: Option<S<String>>,
    /// Turning a face-down permanent face up for its morph cost: its label (502.26d).
    pub turn_face_up: Option<S<String>>,
    /// The order of the player's simultaneous triggered abilities, by source, first on the
    /// stack first (410.3).
    pub order: Option<S<Vec<S<String>>>>,
    /// Playing a land card from the hand: its label (212.6, 408.2d).
    pub play_land: Option<S<String>>,
    /// With `attack` or `block`: the player declines to pay the costs the declaration locks in
    /// (308.2d, 309.2d), so it is reversed and made again (422.1).
    pub decline_costs: Option<S<bool>>,
    /// With `attack`: the attacking bands announced (308.2b), each a list of labels.
    pub bands: Option<S<Vec<S<Labels>>>>,
    /// The rule the action is expected to be refused with; the script goes on.
    pub refused: Option<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExpect {
    #[serde(default)]
    pub life: BTreeMap<String, S<i64>>,
    #[serde(default)]
    pub tapped: Vec<S<String>>,
    #[serde(default)]
    pub untapped: Vec<S<String>>,
    #[serde(default)]
    pub damage: BTreeMap<String, S<i64>>,
    #[serde(default)]
    pub in_play: Vec<S<String>>,
    #[serde(default)]
    pub not_in_play: Vec<S<String>>,
    #[serde(default)]
    pub hand: BTreeMap<String, S<Vec<S<String>>>>,
    #[serde(default)]
    pub graveyard: BTreeMap<String, S<Vec<S<String>>>>,
    /// A player's library, top card first, in order.
    #[serde(default)]
    pub library: BTreeMap<String, S<Vec<S<String>>>>,
    /// A player's removed-from-the-game zone, in any order.
    #[serde(default)]
    pub removed: BTreeMap<String, S<Vec<S<String>>>>,
    /// A permanent's power and toughness, "P/T".
    #[serde(default)]
    pub pt: BTreeMap<String, S<String>>,
    /// Counters on a permanent, by kind; kinds not named aren't checked.
    #[serde(default)]
    pub counters: BTreeMap<String, S<BTreeMap<String, S<i64>>>>,
    /// A planeswalker's loyalty (its loyalty counters).
    #[serde(default)]
    pub loyalty: BTreeMap<String, S<i64>>,
    /// A player's poison counters.
    #[serde(default)]
    pub poison: BTreeMap<String, S<i64>>,
    /// Who controls a permanent.
    #[serde(default)]
    pub controller: BTreeMap<String, S<String>>,
    /// What an Aura or Equipment is attached to.
    #[serde(default)]
    pub attached_to: BTreeMap<String, S<String>>,
    /// Players who have lost the game, each with the rule that made them lose.
    #[serde(default)]
    pub lost: BTreeMap<String, S<String>>,
    /// Players who haven't lost.
    #[serde(default)]
    pub not_lost: Vec<S<String>>,
    /// Texts that must appear in the event log, in this order (each a part of one event line).
    #[serde(default)]
    pub log: Vec<S<String>>,
    /// Texts that must appear in no event line.
    #[serde(default)]
    pub no_log: Vec<S<String>>,
    #[serde(default)]
    pub attack: Vec<RawVerdict>,
    #[serde(default)]
    pub block: Vec<RawVerdict>,
    /// Checkpoints: the same expectations at a moment of the run.
    #[serde(default)]
    pub at: Vec<S<RawExpect>>,
    /// In a checkpoint: taken as this step begins, before its turn-based actions.
    pub before: Option<S<String>>,
    /// In a checkpoint: taken as this step ends, before the next one begins.
    pub after: Option<S<String>>,
    /// In a checkpoint with `before` or `after`: the turn, by number (the first time the step
    /// comes, if unsaid).
    pub turn: Option<S<u32>>,
    /// In a checkpoint: taken right after the script's N-th action (from 1).
    pub after_action: Option<S<u32>>,
}

/// An expected legality verdict for one declaration.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVerdict {
    /// For blocks: the attack the block answers, when the scenario doesn't start after one.
    pub attack: Option<S<String>>,
    pub declare: S<String>,
    pub legal: S<bool>,
    /// The rules an illegal declaration must be reported as breaking, e.g. ["500.4"].
    #[serde(default)]
    pub rules: Vec<S<String>>,
}
