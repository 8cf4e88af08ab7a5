use super::{ObjectId, PlayerId, Timestamp, Zone};
use crate::ability::{Ability, Keyword};
use crate::cards::CardDef;
use crate::mana::Color;
use crate::typeline::{CardType, TypeLine};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A kind of counter (200.10).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counter {
    /// +1/+1 (418.5a, layer 6c).
    PlusOne,
    /// -1/-1 (418.5a, layer 6c; wither, 502.80).
    MinusOne,
    /// Loyalty (212.9).
    Loyalty,
    /// Defense (current 310.4): a battle's.
    Defense,
    /// Any other named counter; no rule in Skirmish reads it yet.
    Other(String),
}

impl Counter {
    /// What a counter of this kind adds to power and toughness (200.10a: "+X/+Y", "-X/-Y",
    /// and mixed ones such as "+1/+0" and "-0/-1"); `None` for a counter that doesn't.
    pub fn pt_change(&self) -> Option<(i32, i32)> {
        match self {
            Counter::PlusOne => Some((1, 1)),
            Counter::MinusOne => Some((-1, -1)),
            Counter::Other(s) => {
                let (p, t) = s.split_once('/')?;
                let signed = |x: &str| -> Option<i32> {
                    let (sign, digits) = match x.as_bytes().first()? {
                        b'+' => (1, &x[1..]),
                        b'-' => (-1, &x[1..]),
                        _ => return None,
                    };
                    if digits.is_empty()
                        || digits.len() > 3
                        || !digits.bytes().all(|b| b.is_ascii_digit())
                    {
                        return None;
                    }
                    digits.parse::<i32>().ok().map(|n| sign * n)
                };
                Some((signed(p)?, signed(t)?))
            }
            Counter::Loyalty | Counter::Defense => None,
        }
    }

    pub fn parse(s: &str) -> Counter {
        match s {
            "+1/+1" => Counter::PlusOne,
            "-1/-1" => Counter::MinusOne,
            "loyalty" => Counter::Loyalty,
            "defense" => Counter::Defense,
            other => Counter::Other(other.to_string()),
        }
    }
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Counter::PlusOne => f.write_str("+1/+1"),
            Counter::MinusOne => f.write_str("-1/-1"),
            Counter::Loyalty => f.write_str("loyalty"),
            Counter::Defense => f.write_str("defense"),
            Counter::Other(s) => f.write_str(s),
        }
    }
}

impl Serialize for Counter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Counter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(|s| Counter::parse(&s))
    }
}

/// The status of a permanent (214.5, 212.3f, 212.3g, 200.10, 212.4h).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PermanentStatus {
    /// The color chosen as it came into play ("As ~ comes into play, choose a color.",
    /// 410.10e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_color: Option<crate::mana::Color>,
    /// The creature type chosen as it came into play ("As ~ enters the battlefield, choose a
    /// creature type.", 410.10e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_type: Option<String>,
    /// The player chosen as it came into play ("As ~ enters the battlefield, choose an
    /// opponent.", 410.10e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_player: Option<PlayerId>,
    /// An Aura with "Enchant player": the player it is attached to (glossary "Enchant Player").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to_player: Option<PlayerId>,
    pub tapped: bool,
    /// 212.3f: not continuously controlled since its controller's most recent turn began.
    pub summoning_sick: bool,
    /// 212.3g: damage marked on it; removed in cleanup (314.2) or by regeneration (501.5).
    pub damage: u32,
    pub counters: BTreeMap<Counter, u32>,
    /// 212.4h: the permanent this Aura (or Equipment) is attached to.
    pub attached_to: Option<ObjectId>,
    /// The optional and alternative costs paid for the spell it was (409.1b), kept while it is
    /// in play: its abilities linked to kicker ask whether it was kicked (502.21b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paid: Vec<super::CastOption>,
    /// The zone its card was played from as a spell ("if you cast it from your hand"), kept
    /// while it is in play; `None` if it wasn't played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast_from: Option<super::Zone>,
    /// Current 702.112b: the renowned designation, kept until the permanent leaves play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub renowned: bool,
    /// Current 701.37b: the monstrous designation, kept until the permanent leaves play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub monstrous: bool,
    /// Current 903.3: its owner's commander (the Commander variant; scenario key `commander`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub commander: bool,
    /// Current 702.95b: the creature this one is paired with by a soulbond ability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_with: Option<ObjectId>,
    /// 502.72a-b: the card its champion ability removed from the game, which its linked
    /// leaves-play ability returns (407).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub championed: Option<ObjectId>,
    /// Came under its controller's control since the beginning of that player's last upkeep
    /// (echo, 502.19a): set as it comes into play or changes control, cleared as its
    /// controller's upkeep begins. Permanents a scenario sets up were there before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub arrived_since_upkeep: bool,
    /// Current 702.109a: the spell it was had its dash cost paid; "as long as this permanent's
    /// dash cost was paid, it has haste".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dashed: bool,
    /// 502.84a: returned to play by its unearth ability: it has haste, and if it would leave
    /// play it is removed from the game instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unearthed: bool,
    /// 502.59a: the creature spell it was, played by its suspend ability, gave it haste until
    /// its player loses control of it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suspended_haste: bool,
    /// Current 701.43a: exerted by this player, so it doesn't untap during that player's next
    /// untap step; that untap step ends the effect (701.43b: exerted again or not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exerted_by: Option<crate::model::PlayerId>,
    /// Current 704.5h: dealt damage by a source with deathtouch since state-based actions were
    /// last checked (static deathtouch, `Change::StaticDeathtouch`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deathtouched: bool,
    /// Current 310.8: a battle's protector, who defends it and can never attack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protector: Option<crate::model::PlayerId>,
}

impl PermanentStatus {
    /// Puts `n` counters of a kind on the permanent; none at all leaves no empty entry (a
    /// modular creature that had no counters moves none, 502.35a).
    pub fn add_counters(&mut self, counter: Counter, n: u32) {
        if n > 0 {
            let c = self.counters.entry(counter).or_default();
            *c = c.saturating_add(n);
        }
    }

    /// Haste that comes with how it came into play: dash (current 702.109a), unearth (502.84a)
    /// or suspend (502.59a, until control changes), for as long as it stays in play (a new
    /// object if it comes back, 217.1c).
    pub fn hasty(&self) -> bool {
        self.dashed || self.unearthed || self.suspended_haste
    }
}

/// Characteristics as continuous effects leave them (418.5a layers 4 to 6b), before counters
/// (6c). `Game` recomputes them whenever an effect or an object changes; an object keeps them
/// as last known information when it leaves its zone (217.1c).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Altered {
    pub type_line: TypeLine,
    pub colors: Vec<Color>,
    /// `None` for a noncreature (208.3).
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    /// Keywords static abilities of permanents give it (layer 5), each with the timestamp of
    /// its ability (418.5f), to be ordered with effects that add and remove abilities (402.9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub granted: Vec<(Timestamp, Keyword)>,
    /// Keywords static abilities take away ("Creatures your opponents control lose flying"),
    /// each with its ability's timestamp, ordered with the rest (402.9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<(Timestamp, Keyword)>,
    /// Keywords it can't have ("... and can't have or gain flying"), whatever gives them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barred: Vec<Keyword>,
    /// Its abilities when effects or static abilities gave it quoted ones (402.9, layer 5):
    /// the printed abilities, then the granted ones in timestamp order; `None` when it has
    /// only its printed abilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<Ability>>,
    /// The timestamp of the latest effect that made it lose all its abilities (402.9): what
    /// static abilities gave it before then is lost too (418.5f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities_lost: Option<Timestamp>,
    /// The timestamp of the latest resolved effect that set its colors (layer 5), which a
    /// static ability setting them with an earlier timestamp doesn't override (418.5b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors_set: Option<Timestamp>,
    /// Its power and toughness are switched (418.5a layer 6e), after counters are added.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub switched: bool,
}

/// An object in a zone (200.8): a card or token, with who owns and controls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Object {
    pub id: ObjectId,
    /// What the scenario and the log call it; unique among objects of a game.
    pub label: String,
    /// The printed card, or the token's definition (216).
    pub card: Arc<CardDef>,
    pub token: bool,
    pub owner: PlayerId,
    /// 217.5d: only objects in play or on the stack have a controller; elsewhere it's the owner.
    pub controller: PlayerId,
    pub zone: Zone,
    /// Present exactly when the object is in play (217.5d).
    pub status: Option<PermanentStatus>,
    /// 418.7: when it came into the zone it is in.
    pub timestamp: Timestamp,
    /// Set while continuous effects change its characteristics; `None` means as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub altered: Option<Box<Altered>>,
    /// 504.2: while it is face down, its real card is kept here and `card` holds the
    /// characteristics the morph rules list (502.26a: a 2/2 creature with no text, no name,
    /// no subtypes and no mana cost), so every rule that reads the object sees only those.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face_down: Option<Arc<CardDef>>,
    /// Current 702.103b: while it is a bestowed Aura spell or permanent, its real card is kept
    /// here and `card` is that card as an Aura enchantment with enchant creature
    /// ([`bestowed_card`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bestowed: Option<Arc<CardDef>>,
    /// Current 712.8, 310.11b: while a double-faced card is a spell or permanent with its back
    /// face up, its front face is kept here and `card` is the back face.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformed: Option<Arc<CardDef>>,
}

/// Current 702.103b: a card cast bestowed "becomes an Aura enchantment and gains enchant
/// creature": its other card types go, with their subtypes (205.3d), and so do its power and
/// toughness (208.3).
pub fn bestowed_card(real: &CardDef) -> CardDef {
    let mut abilities = real.abilities.clone();
    abilities.push(Ability::Keyword {
        keyword: Keyword::Enchant(Box::new(crate::filter::Filter::Type(CardType::Creature))),
    });
    CardDef {
        type_line: TypeLine {
            supertypes: real.type_line.supertypes.clone(),
            card_types: vec![CardType::Enchantment],
            subtypes: vec!["Aura".into()],
        },
        power: None,
        toughness: None,
        abilities,
        ..real.clone()
    }
}

/// 502.26a, 502.26e: the characteristics of a face-down spell or permanent: a 2/2 creature
/// with no text, no name, no subtypes, no expansion symbol and no mana cost (so colorless,
/// 203.2).
pub fn face_down_card() -> CardDef {
    CardDef {
        name: String::new(),
        mana_cost: None,
        type_line: TypeLine {
            supertypes: Vec::new(),
            card_types: vec![CardType::Creature],
            subtypes: Vec::new(),
        },
        power: Some(2),
        toughness: Some(2),
        loyalty: None,
        defense: None,
        text: String::new(),
        abilities: Vec::new(),
        token_colors: None,
        back: None,
        unmodelled: Vec::new(),
    }
}

impl Object {
    pub fn name(&self) -> &str {
        &self.card.name
    }

    /// 504.2: whether it is a face-down spell or permanent.
    pub fn is_face_down(&self) -> bool {
        self.face_down.is_some()
    }

    /// The card it really is, face down or bestowed or not (504.3: its controller may look at
    /// a face-down one).
    pub fn real_card(&self) -> &Arc<CardDef> {
        self.face_down
            .as_ref()
            .or(self.bestowed.as_ref())
            .unwrap_or(&self.card)
    }

    pub fn is_permanent(&self) -> bool {
        self.zone == Zone::InPlay
    }

    /// Its type line as it is now: printed, then type-changing effects (418.5a layer 4).
    pub fn type_line(&self) -> &TypeLine {
        self.altered
            .as_ref()
            .map_or(&self.card.type_line, |a| &a.type_line)
    }

    /// Whether it has a card type now (418.5a layer 4).
    pub fn is(&self, t: CardType) -> bool {
        self.type_line().has(t)
    }

    /// 306.3: only a creature permanent can attack or block.
    pub fn is_creature(&self) -> bool {
        self.is(CardType::Creature)
    }

    /// 203.2: the colors of its mana cost, or those an effect gave it (418.5a layer 5).
    pub fn colors(&self) -> Vec<Color> {
        match &self.altered {
            Some(a) => a.colors.clone(),
            None => self.printed_colors(),
        }
    }

    /// 203.2: the colors of its mana cost; a token's, as its effect defined them (216.1).
    pub fn printed_colors(&self) -> Vec<Color> {
        if let Some(c) = &self.card.token_colors {
            return c.clone();
        }
        // Current 702.114a: devoid makes it colorless whatever its mana cost. It is a
        // characteristic-defining ability, applied first in its layer (418.5a), so losing all
        // abilities later doesn't give the card its colors back: the printed one decides.
        if self.card.abilities.contains(&Ability::Keyword {
            keyword: Keyword::Devoid,
        }) {
            return Vec::new();
        }
        self.card
            .mana_cost
            .as_ref()
            .map(|m| m.colors())
            .unwrap_or_default()
    }

    /// Its abilities now: printed, and those effects and static abilities gave it (402.9).
    pub fn abilities(&self) -> &[Ability] {
        match self.altered.as_ref().and_then(|a| a.abilities.as_ref()) {
            Some(all) => all,
            None => &self.card.abilities,
        }
    }

    /// Whether it says "You control enchanted creature." (418.5a layer 2): its controller
    /// controls what it is attached to (`Game::apply_static_control`).
    pub fn controls_attached(&self) -> bool {
        self.abilities().iter().any(|a| {
            matches!(
                a,
                crate::ability::Ability::Static {
                    effect: crate::ability::StaticEffect::Control,
                    ..
                }
            )
        })
    }

    /// What an Aura can enchant (502.45a): the description every one of its printed enchant
    /// abilities gives, all of them at once (502.45c); `None` for an object without one.
    /// An Aura that enchants a player: `Some(true)` for "Enchant opponent".
    pub fn enchants_player(&self) -> Option<bool> {
        self.abilities().iter().find_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::EnchantPlayer { opponent },
            } => Some(*opponent),
            _ => None,
        })
    }

    pub fn enchant_filter(&self) -> Option<crate::filter::Filter> {
        self.abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Keyword {
                    keyword: Keyword::Enchant(what),
                } => Some((**what).clone()),
                _ => None,
            })
            .reduce(crate::filter::Filter::and)
    }

    /// How many counters of a kind named by a word ("fade", "time") are on it.
    pub fn counter_count(&self, kind: &str) -> u32 {
        self.status
            .as_ref()
            .and_then(|s| s.counters.get(&Counter::parse(kind)))
            .copied()
            .unwrap_or(0)
    }

    pub fn has_keyword(&self, k: &Keyword) -> bool {
        self.abilities()
            .iter()
            .any(|a| matches!(a, Ability::Keyword { keyword } if keyword == k))
    }

    fn counter(&self, c: &Counter) -> i32 {
        self.status
            .as_ref()
            .and_then(|s| s.counters.get(c))
            .map_or(0, |n| super::signed(*n))
    }

    /// Its power and toughness before effects: printed, or in play those of a leveler's
    /// striation for its number of level counters (current 711.2; 711.5-6: the printed box
    /// otherwise and in every other zone).
    pub fn base_pt(&self) -> (Option<i32>, Option<i32>) {
        if self.status.is_some() {
            let n = self.counter_count("level");
            for a in self.abilities() {
                if let Ability::LevelPt {
                    min,
                    max,
                    power,
                    toughness,
                } = a
                    && n >= *min
                    && max.is_none_or(|m| n <= m)
                {
                    return (Some(*power), Some(*toughness));
                }
            }
        }
        (self.card.power, self.card.toughness)
    }

    /// Its power and toughness when no effect changes its characteristics: a noncreature
    /// permanent has none, even a Vehicle with a printed power and toughness (208.3; current
    /// 301.7a).
    pub fn unaltered_pt(&self) -> (Option<i32>, Option<i32>) {
        if self.status.is_some() && !self.card.type_line.has(CardType::Creature) {
            return (None, None);
        }
        self.base_pt()
    }

    /// 212.3d: printed power, then continuous effects (418.5a layer 6b), then +1/+1 and -1/-1
    /// counters (layer 6c).
    pub fn power(&self) -> Option<i32> {
        if self.altered.as_ref().is_some_and(|a| a.switched) {
            return self.unswitched_toughness();
        }
        self.unswitched_power()
    }

    /// 212.3d: printed toughness, then continuous effects (layer 6b), then counters (6c); then
    /// switched with its power if an effect says so (6e).
    pub fn toughness(&self) -> Option<i32> {
        if self.altered.as_ref().is_some_and(|a| a.switched) {
            return self.unswitched_power();
        }
        self.unswitched_toughness()
    }

    fn unswitched_power(&self) -> Option<i32> {
        let base = match &self.altered {
            Some(a) => a.power,
            None => self.unaltered_pt().0,
        };
        base.map(|p| p.saturating_add(self.counters_pt().0))
    }

    fn unswitched_toughness(&self) -> Option<i32> {
        let base = match &self.altered {
            Some(a) => a.toughness,
            None => self.unaltered_pt().1,
        };
        base.map(|t| t.saturating_add(self.counters_pt().1))
    }

    /// What its counters add to power and toughness (200.10a; layer 6c, 418.5a).
    fn counters_pt(&self) -> (i32, i32) {
        let Some(s) = &self.status else {
            return (0, 0);
        };
        s.counters.iter().fold((0i32, 0i32), |(p, t), (c, n)| {
            let Some((dp, dt)) = c.pt_change() else {
                return (p, t);
            };
            let n = super::signed(*n);
            (
                p.saturating_add(dp.saturating_mul(n)),
                t.saturating_add(dt.saturating_mul(n)),
            )
        })
    }

    /// 212.9: a planeswalker's loyalty is the number of loyalty counters on it in play, its
    /// printed loyalty elsewhere.
    pub fn loyalty(&self) -> Option<i32> {
        if !self.is(CardType::Planeswalker) {
            return None;
        }
        match self.status {
            Some(_) => Some(self.counter(&Counter::Loyalty)),
            None => self.card.loyalty.map(super::signed),
        }
    }

    pub fn tapped(&self) -> bool {
        self.status.as_ref().is_some_and(|s| s.tapped)
    }

    pub fn damage(&self) -> u32 {
        self.status.as_ref().map_or(0, |s| s.damage)
    }

    /// Current 702.95b: the creature it is paired with, if it is paired.
    pub fn paired_with(&self) -> Option<ObjectId> {
        self.status.as_ref().and_then(|s| s.paired_with)
    }

    pub fn attached_to(&self) -> Option<ObjectId> {
        self.status.as_ref().and_then(|s| s.attached_to)
    }
}
