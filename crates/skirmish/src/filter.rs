//! Descriptions of objects and conditions, as card text writes them: "creatures with power 2
//! or less", "other Goblin creatures you control", "nonblack creatures", "defending player
//! controls an Island", "seven or more cards are in your graveyard".
//!
//! They are plain data, produced by the card-text grammar (`cards::phrase`) and evaluated
//! against a game by the code that builds legality problems and applies effects, always
//! relative to a [`Context`]: the object that has the ability and the player defending.

use crate::ability::Keyword;
use crate::mana::Color;
use crate::model::{Game, Object, ObjectId, PlayerId, Zone};
use crate::typeline::{CardType, Supertype};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A comparison of a number with an amount ("2 or less", "greater than ~'s power").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    AtMost,
    AtLeast,
    Less,
    Greater,
    Equal,
}

impl Cmp {
    pub fn holds(self, x: i64, y: i64) -> bool {
        match self {
            Cmp::AtMost => x <= y,
            Cmp::AtLeast => x >= y,
            Cmp::Less => x < y,
            Cmp::Greater => x > y,
            Cmp::Equal => x == y,
        }
    }
}

/// A number card text names: a fixed one, or one read from the game as the rule applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "amount", content = "of", rename_all = "snake_case")]
pub enum Amount {
    Number(i64),
    /// "~'s power", "its toughness", "that creature's power", "the sacrificed creature's
    /// converted mana cost": a number of one object, read when the effect is applied, from the
    /// object as it is or, gone, as it last existed (413.2f). The card compiler joins "its" and
    /// "that creature's" to the object they name ([`StatOf`]).
    Stat {
        stat: Stat,
        of: StatOf,
    },
    /// "the number of Islands you control": permanents in play matching the filter.
    Count(Box<Filter>),
    /// "the number of cards in your hand".
    CardsInHand(PlayerRef),
    /// "the number of +1/+1 counters on it": counters of a kind on the object with the
    /// ability.
    Counters(String),
    /// "for each +1/+1 counter on it" where "it" is another object ("that creature", the
    /// target): counters of a kind on one object, joined like [`Amount::Stat`] and read as it
    /// is or as it last existed in play (413.2f).
    CountersOn {
        kind: String,
        of: StatOf,
    },
    /// "{1} for each +1/+1 counter on it": a number times an amount.
    Times(i64, Box<Amount>),
    /// "X" of an activated ability whose cost has {X}: the number its controller announces as
    /// it is played (409.1b), fixed into the ability then ([`crate::ability::fix_x`]); an X
    /// never announced is 0.
    X,
    /// Domain: "the number of basic land types among lands you control" (Plains, Island,
    /// Swamp, Mountain and Forest, 212.6g in 2009; a land with two of them counts both).
    BasicLandTypes(PlayerRef),
    /// "the number of opponents you have", "for each opponent", "for each player": the
    /// players a reference names who are still in the game (a player who lost leaves it,
    /// 102.2).
    Players(PlayerRef),
    /// "the number of card types among cards in your graveyard" (205.2a: each card type
    /// counted once, whatever the cards have).
    CardTypesInGraveyard(PlayerRef),
    /// "the greatest power among creatures you control": the highest power (418.5a, after
    /// effects) of the permanents in play the description fits; 0 with none.
    GreatestPower(Box<Filter>),
    /// "the total power of creatures you control": the powers (418.5a, after effects) of the
    /// permanents in play the description fits, added up; a negative power counts as it is.
    TotalPower(Box<Filter>),
    /// "1 plus the number of lands you control", "the number of Forests you control plus the
    /// number of Treefolk you control": the sum.
    Plus(Box<Amount>, Box<Amount>),
    /// "the number of creature cards in your graveyard", "... in all graveyards", "the number
    /// of cards in your opponents' graveyards": cards in the graveyards of the players named
    /// (every player's for `None`) that the description fits (an empty description: any card).
    CardsInGraveyards {
        filter: Box<Filter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        whose: Option<PlayerRef>,
    },
    /// "the number of creatures that died this turn", "for each Zubera that died this turn",
    /// "for each creature put into your graveyard from the battlefield this turn" (`yours`):
    /// the permanents put into a graveyard from play this turn (into their owner's, the
    /// controller of the ability's, with `yours`) that the description fits as they last
    /// existed in play (410.10d).
    DiedThisTurn {
        filter: Box<Filter>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        yours: bool,
    },
    /// "then draws that many cards" after "discards all the cards in his or her hand": the
    /// cards the last such instruction of the resolving spell or ability discarded.
    DiscardedThisWay,
    /// "half your life, rounded up" (104.1a: rounded as the text says): half of the
    /// amount, rounded up or down; a negative amount counts as 0.
    Half {
        of: Box<Amount>,
        up: bool,
    },
    /// "your life total" (the life total of the players named, added up).
    LifeTotal(PlayerRef),
    /// "that much" after "Whenever ~ deals damage": the damage the event dealt, bound as the
    /// ability triggers ([`crate::ability::bind_that_much`]); 0 where nothing bound it.
    ThatMuch,
    /// "your devotion to white", "your devotion to red and white" (current 700.5; Theros,
    /// no 2009 rule), "the number of green mana symbols in the mana costs of permanents you
    /// control" (chroma, an ability word): the mana symbols of those colors among the mana
    /// costs of the permanents those players control (or, `in_graveyard`, of the cards in
    /// their graveyards). A hybrid symbol counts once if either of its colors is named
    /// (700.5a); a Phyrexian or monocolored hybrid symbol as its color; generic, colorless
    /// and {X} never.
    ManaSymbols {
        colors: Vec<crate::mana::Color>,
        whose: PlayerRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        in_graveyard: bool,
    },
    /// "3 minus the number of cards in your hand": the difference, which may be negative
    /// (104.1b: whoever uses it reads a negative result as zero where the rules say so).
    Minus(Box<Amount>, Box<Amount>),
}

/// "creature that died this turn", "creatures put into your graveyard from play this turn".
fn died_text(filter: &Filter, yours: bool, plural: bool) -> String {
    let what = if plural {
        filter.plural()
    } else {
        filter.singular()
    };
    if yours {
        format!("{what} put into your graveyard from play this turn")
    } else {
        format!("{what} that died this turn")
    }
}

/// Which number of an object an amount reads (212.3d for power and toughness, 202.3 for
/// converted mana cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Power,
    Toughness,
    ManaValue,
}

impl Stat {
    /// The number of the object `id`, or of its last known information if it has left its
    /// zone (413.2f); 0 for an object without one (a noncreature's power).
    pub fn of(self, game: &Game, id: ObjectId) -> i64 {
        match self {
            Stat::Power => game.power(id).map_or(0, i64::from),
            Stat::Toughness => game.toughness(id).map_or(0, i64::from),
            Stat::ManaValue => game.object_or_last_known(id).map_or(0, mana_value),
        }
    }
}

impl Stat {
    /// The number of a card wherever it is: in play after effects ([`Stat::of`]), elsewhere
    /// as printed (a card in a library or removed from the game has its printed power and
    /// toughness, 208.1).
    pub fn printed(self, game: &Game, id: ObjectId) -> i64 {
        let Some(o) = game.object(id) else {
            return 0;
        };
        if o.zone == crate::model::Zone::InPlay {
            return self.of(game, id);
        }
        match self {
            Stat::Power => o.card.power.map_or(0, i64::from),
            Stat::Toughness => o.card.toughness.map_or(0, i64::from),
            Stat::ManaValue => mana_value(o),
        }
    }
}

impl fmt::Display for Stat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stat::Power => "power",
            Stat::Toughness => "toughness",
            Stat::ManaValue => "converted mana cost",
        })
    }
}

/// The object an amount reads a number of ([`Amount::Stat`]). `It` and `That` are what the
/// sentence says before the card compiler joins them to the object meant; `Target`,
/// `Sacrificed` and `Triggering` become `Object` as the spell or ability is played, triggers
/// or resolves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatOf {
    /// "~'s": the object with the ability.
    This,
    /// "its", not yet joined.
    It,
    /// "that creature's", not yet joined.
    That,
    /// The first target of this kind the spell or ability chose (409.1c), as it resolves.
    Target(Box<crate::ability::TargetKind>),
    /// "the sacrificed creature's": the permanent sacrificed to pay its cost (409.1f).
    Sacrificed,
    /// "the power of the creature tapped this way", "the tapped creature's power": the
    /// permanent tapped to pay its cost ("Tap an untapped creature you control:", 409.1f).
    Tapped,
    /// "the discarded card's converted mana cost": the card discarded to pay its cost
    /// ("Discard a creature card:", 409.1f), read where it is (a card in a graveyard has its
    /// printed characteristics).
    Discarded,
    /// The object a trigger about another object is about.
    Triggering,
    /// "that spell's": the spell whose playing triggered the ability ("Whenever you cast an
    /// instant or sorcery spell"), bound as it triggers; read on the stack or as it last
    /// existed there (413.2f).
    Spell,
    /// One object, bound.
    Object(ObjectId),
    /// "that card's", "the card's", "the exiled card's", and "its" after an instruction that
    /// revealed, exiled or milled the top card of a library: that card ([`Game::milled`]),
    /// wherever it is now.
    Revealed,
}

impl StatOf {
    /// The object as the object of a verb or preposition: "on that creature".
    fn object(&self) -> &'static str {
        match self {
            StatOf::This => "this creature",
            StatOf::It | StatOf::Object(_) => "it",
            StatOf::Target(k) if !k.is_creature() => "that permanent",
            StatOf::That | StatOf::Target(_) | StatOf::Triggering => "that creature",
            StatOf::Sacrificed => "the sacrificed creature",
            StatOf::Tapped => "the creature tapped this way",
            StatOf::Discarded => "the discarded card",
            StatOf::Revealed => "that card",
            StatOf::Spell => "that spell",
        }
    }

    fn possessive(&self) -> &'static str {
        match self {
            StatOf::This => "this creature's",
            StatOf::It | StatOf::Object(_) => "its",
            StatOf::Target(k) if !k.is_creature() => "that permanent's",
            StatOf::That | StatOf::Target(_) | StatOf::Triggering => "that creature's",
            StatOf::Sacrificed => "the sacrificed creature's",
            StatOf::Tapped => "the tapped creature's",
            StatOf::Discarded => "the discarded card's",
            StatOf::Revealed => "that card's",
            StatOf::Spell => "that spell's",
        }
    }
}

/// The value with each object amount's object replaced where `f` says (on the serialized
/// form, so every amount however deep is reached).
pub fn map_stats<T>(value: &T, f: &mut dyn FnMut(&StatOf) -> Option<StatOf>) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned + Clone,
{
    fn walk(v: &mut serde_json::Value, f: &mut dyn FnMut(&StatOf) -> Option<StatOf>) {
        match v {
            serde_json::Value::Object(map) => {
                // "If that creature is a Human": the object a condition is about.
                if map.get("condition").and_then(|c| c.as_str()) == Some("object_is")
                    && let Some(of) = map.get("of").cloned()
                    && let Ok(of) = serde_json::from_value::<StatOf>(of)
                {
                    if let Some(new) = f(&of)
                        && let Ok(with) = serde_json::to_value(new)
                    {
                        map.insert("of".into(), with);
                    }
                    if let Some(filter) = map.get_mut("filter") {
                        walk(filter, f);
                    }
                    return;
                }
                let kind = map.get("amount").and_then(|a| a.as_str());
                if matches!(kind, Some("stat" | "counters_on"))
                    && let Ok(amount) =
                        serde_json::from_value::<Amount>(serde_json::Value::Object(map.clone()))
                {
                    let mapped = match amount {
                        Amount::Stat { stat, of } => f(&of).map(|of| Amount::Stat { stat, of }),
                        Amount::CountersOn { kind, of } => {
                            f(&of).map(|of| Amount::CountersOn { kind, of })
                        }
                        _ => None,
                    };
                    if let Some(new) = mapped
                        && let Ok(with) = serde_json::to_value(new)
                    {
                        *v = with;
                    }
                    return;
                }
                for (_, item) in map.iter_mut() {
                    walk(item, f);
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    walk(item, f);
                }
            }
            _ => {}
        }
    }
    let Ok(mut v) = serde_json::to_value(value) else {
        return value.clone();
    };
    walk(&mut v, f);
    serde_json::from_value(v).unwrap_or_else(|_| value.clone())
}

/// Whether any object amount in the value names an object `which` accepts.
pub fn reads_stat_of<T>(value: &T, which: impl Fn(&StatOf) -> bool) -> bool
where
    T: Serialize + serde::de::DeserializeOwned + Clone,
{
    let mut found = false;
    let _ = map_stats(value, &mut |of| {
        found |= which(of);
        None
    });
    found
}

impl Amount {
    /// Whether it counts something of "the chosen player" (410.10e), which a permanent reads
    /// only once that player is chosen.
    pub fn reads_chosen_player(&self) -> bool {
        serde_json::to_string(self).is_ok_and(|s| s.contains("\"chosen_player\""))
    }

    /// "~'s power".
    pub fn source_power() -> Amount {
        Amount::Stat {
            stat: Stat::Power,
            of: StatOf::This,
        }
    }

    /// The amount with its X the number `x` (409.1b), however deep.
    pub fn with_x(&self, x: i64) -> Amount {
        match self {
            Amount::X => Amount::Number(x),
            Amount::Times(n, a) => Amount::Times(*n, Box::new(a.with_x(x))),
            Amount::Plus(a, b) => Amount::Plus(Box::new(a.with_x(x)), Box::new(b.with_x(x))),
            Amount::Minus(a, b) => Amount::Minus(Box::new(a.with_x(x)), Box::new(b.with_x(x))),
            a => a.clone(),
        }
    }

    pub fn value(&self, game: &Game, ctx: &Context) -> i64 {
        match self {
            Amount::Number(n) => *n,
            Amount::Stat { stat, of } => match of {
                StatOf::This => stat.of(game, ctx.source),
                StatOf::Object(id) => stat.of(game, *id),
                StatOf::Revealed => game.milled.map_or(0, |id| stat.printed(game, id)),
                // Joined to an object as the ability is played, triggers or resolves; one
                // never joined names nothing.
                _ => 0,
            },
            Amount::Count(f) => game.in_play().filter(|o| f.matches(game, o, ctx)).count() as i64,
            Amount::CardsInHand(p) => ctx
                .player(game, *p)
                .iter()
                .filter_map(|p| game.player(*p))
                .map(|p| p.hand.len() as i64)
                .sum(),
            Amount::Counters(kind) => counters_on(game, ctx.source, kind),
            Amount::CountersOn { kind, of } => match of {
                StatOf::This => counters_on(game, ctx.source, kind),
                StatOf::Object(id) => counters_on(game, *id, kind),
                _ => 0,
            },
            Amount::Times(n, a) => n.saturating_mul(a.value(game, ctx)),
            Amount::X => 0,
            Amount::GreatestPower(f) => game
                .in_play()
                .filter(|o| f.matches(game, o, ctx))
                .filter_map(|o| game.power(o.id))
                .map(i64::from)
                .max()
                .unwrap_or(0)
                .max(0),
            Amount::TotalPower(f) => game
                .in_play()
                .filter(|o| f.matches(game, o, ctx))
                .filter_map(|o| game.power(o.id))
                .map(i64::from)
                .sum(),
            Amount::Plus(a, b) => a.value(game, ctx).saturating_add(b.value(game, ctx)),
            Amount::Minus(a, b) => a.value(game, ctx).saturating_sub(b.value(game, ctx)),
            Amount::ThatMuch => 0,
            Amount::CardsInGraveyards { filter, whose } => {
                let players = whose.map(|w| ctx.player(game, w));
                game.objects()
                    .filter(|o| o.zone == crate::model::Zone::Graveyard)
                    .filter(|o| players.as_ref().is_none_or(|ps| ps.contains(&o.owner)))
                    .filter(|o| filter.matches(game, o, ctx))
                    .count() as i64
            }
            Amount::DiedThisTurn { filter, yours } => game
                .put_into_graveyards_this_turn()
                .filter(|o| filter.matches(game, o, ctx) && (!yours || o.owner == ctx.controller))
                .count() as i64,
            Amount::DiscardedThisWay => i64::from(game.discarded_this_way),
            Amount::Half { of, up } => (of.value(game, ctx).max(0) + i64::from(*up)) / 2,
            Amount::LifeTotal(p) => ctx
                .player(game, *p)
                .iter()
                .filter_map(|p| game.player(*p))
                .map(|p| i64::from(p.life))
                .sum(),
            Amount::ManaSymbols {
                colors,
                whose,
                in_graveyard,
            } => {
                let players = ctx.player(game, *whose);
                let symbols = |o: &crate::model::Object| -> i64 {
                    o.card.mana_cost.as_ref().map_or(0, |cost| {
                        cost.0.iter().filter(|s| s.is_of_any(colors)).count() as i64
                    })
                };
                if *in_graveyard {
                    players
                        .iter()
                        .filter_map(|p| game.player(*p))
                        .flat_map(|p| p.graveyard.iter())
                        .filter_map(|id| game.object(*id))
                        .map(symbols)
                        .sum()
                } else {
                    game.in_play()
                        .filter(|o| players.contains(&o.controller))
                        .map(symbols)
                        .sum()
                }
            }
            Amount::Players(p) => ctx
                .player(game, *p)
                .iter()
                .filter(|p| game.player(**p).is_some_and(|p| !p.lost))
                .count() as i64,
            Amount::CardTypesInGraveyard(p) => {
                card_types_in_graveyards(game, &ctx.player(game, *p)) as i64
            }
            Amount::BasicLandTypes(p) => {
                let players = ctx.player(game, *p);
                ["Plains", "Island", "Swamp", "Mountain", "Forest"]
                    .iter()
                    .filter(|t| {
                        game.in_play().any(|o| {
                            players.contains(&o.controller)
                                && o.is(crate::typeline::CardType::Land)
                                && has_subtype(game, o, t)
                        })
                    })
                    .count() as i64
            }
        }
    }
}

/// How many counters of a kind ("+1/+1", "charge") are on an object, or were on it as it last
/// existed in play if it has left (Embalmed Brawler's life loss after it died).
fn counters_on(game: &Game, id: ObjectId, kind: &str) -> i64 {
    game.object_or_last_known(id)
        .and_then(|o| o.status.as_ref())
        .map_or(0, |s| {
            s.counters
                .iter()
                .filter(|(c, _)| c.to_string().eq_ignore_ascii_case(kind))
                .map(|(_, n)| i64::from(*n))
                .sum()
        })
}

/// A player card text names, relative to the ability's object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerRef {
    /// "you": the controller of the object with the ability.
    You,
    /// "an opponent" / "your opponents": any opponent of that controller.
    Opponent,
    /// "defending player" (306.2): known while attacks and blocks are declared.
    DefendingPlayer,
    /// "the attacking player": the active player in combat.
    AttackingPlayer,
    /// "that player" after "At the beginning of each player's upkeep": the player whose upkeep
    /// it is, the active player (303.2).
    ActivePlayer,
    /// "each player": every player still in the game.
    Each,
    /// "its controller" in a triggered ability about another creature ("Whenever enchanted
    /// creature attacks or blocks, its controller loses 3 life"): the controller of the
    /// creature the event happened to. Compiled as this; bound to [`PlayerRef::ControllerOf`]
    /// as the ability triggers, and nobody until then.
    ControllerOfTriggering,
    /// The controller of one object, as it resolves, or as it last existed if it has left
    /// play (glossary "Last Known Information").
    ControllerOf(ObjectId),
    /// "enchanted player" (glossary "Enchant Player"): the player the Aura with the ability is
    /// attached to; nobody while it is attached to no player.
    EnchantedPlayer,
    /// "that player" after "Whenever ~ deals damage to a player" (the player dealt the damage)
    /// or "Whenever an opponent casts a spell" (the player who cast it). Compiled as this;
    /// bound to [`PlayerRef::Player`] as the ability triggers, and nobody until then.
    TriggeringPlayer,
    /// One player, fixed as an ability triggered.
    Player(PlayerId),
    /// "each other opponent" after "Whenever ~ deals combat damage to an opponent": the
    /// opponents other than the one dealt the damage, who is the creature's defending player
    /// (306.2). Nobody in a two-player game.
    OtherOpponents,
    /// "the chosen player": the player chosen as the object with the ability came into play
    /// (410.10e, [`crate::ability::Ability::ChoosePlayerAsEnters`]); nobody if none was.
    ChosenPlayer,
    /// "he or she", "that player" in the amount of damage dealt to players ("~ deals damage to
    /// each opponent equal to the number of Islands that player controls"): the player being
    /// dealt the damage, each in turn; nobody elsewhere.
    Recipient,
}

/// What a description is evaluated against: the object with the ability, its controller, and
/// the defending player when there is one (a condition about "defending player" is false
/// without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub source: ObjectId,
    pub controller: PlayerId,
    pub defending: Option<PlayerId>,
    /// The player an amount of damage is being counted for ([`PlayerRef::Recipient`]).
    pub recipient: Option<PlayerId>,
}

impl Context {
    pub fn of(source: &Object, defending: Option<PlayerId>) -> Context {
        Context {
            source: source.id,
            controller: source.controller,
            defending,
            recipient: None,
        }
    }

    /// The names of the players a reference names here, as the game's record writes them.
    pub fn player_names(&self, game: &Game, p: PlayerRef) -> Vec<String> {
        self.player(game, p)
            .iter()
            .filter_map(|p| game.player(*p).map(|p| p.name.clone()))
            .collect()
    }

    /// The players a reference names here.
    pub fn player(&self, game: &Game, p: PlayerRef) -> Vec<PlayerId> {
        match p {
            PlayerRef::You => vec![self.controller],
            PlayerRef::Opponent => game
                .players
                .iter()
                .map(|p| p.id)
                .filter(|p| *p != self.controller)
                .collect(),
            PlayerRef::DefendingPlayer => self.defending.into_iter().collect(),
            PlayerRef::Recipient => self.recipient.into_iter().collect(),
            PlayerRef::AttackingPlayer | PlayerRef::ActivePlayer => vec![game.turn.active],
            PlayerRef::Each => game
                .players
                .iter()
                .filter(|p| !p.lost)
                .map(|p| p.id)
                .collect(),
            PlayerRef::ControllerOfTriggering | PlayerRef::TriggeringPlayer => Vec::new(),
            PlayerRef::Player(p) => vec![p],
            PlayerRef::OtherOpponents => game
                .players
                .iter()
                .map(|p| p.id)
                .filter(|p| *p != self.controller && Some(*p) != self.defending)
                .collect(),
            PlayerRef::EnchantedPlayer => game
                .object(self.source)
                .and_then(|o| o.status.as_ref())
                .and_then(|s| s.attached_to_player)
                .into_iter()
                .collect(),
            PlayerRef::ControllerOf(id) => game
                .object_or_last_known(id)
                .map(|o| o.controller)
                .into_iter()
                .collect(),
            PlayerRef::ChosenPlayer => game
                .object_or_last_known(self.source)
                .and_then(|o| o.status.as_ref())
                .and_then(|s| s.chosen_player)
                .into_iter()
                .collect(),
        }
    }
}

/// A description of objects: "Walls", "nonblack creatures", "creatures with power 2 or less
/// you control". `All([])` describes every object.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "is", content = "of", rename_all = "snake_case")]
pub enum Filter {
    /// Every part holds ("black Zombie creatures").
    All(Vec<Filter>),
    /// Some part holds ("black and/or red creatures", "Vampires or Zombies").
    Any(Vec<Filter>),
    /// "non-Wall", "without flying", "other".
    Not(Box<Filter>),
    Type(CardType),
    /// A subtype; a creature with changeling has every creature type (502.? / 702.73a).
    Subtype(String),
    Supertype(Supertype),
    Color(Color),
    Colorless,
    Multicolored,
    Monocolored,
    /// "with flying"
    Keyword(Keyword),
    /// "with power 2 or less", "with power less than ~'s power"
    Power(Cmp, Amount),
    Toughness(Cmp, Amount),
    /// "you control", "an opponent controls", "defending player controls"
    ControlledBy(PlayerRef),
    Token,
    Attacking,
    Blocking,
    /// "blocked": an attacking creature that has become blocked this combat (309.2f), even if
    /// its blockers have left; "unblocked" is its negation.
    Blocked,
    Tapped,
    /// "enchanted" (an Aura is attached to it)
    Enchanted,
    /// "equipped" (an Equipment is attached to it, 212.2j)
    Equipped,
    /// "with a +1/+1 counter on it" (`Some`) or "with counters on them" (`None`).
    Counter(Option<String>),
    /// "named ~" or a card name.
    Named(String),
    /// The object with the ability itself ("~"); `Not(This)` is "other" / "another".
    This,
    /// One particular object: what "~" means in an effect once it has begun ("target
    /// creature can't block ~ this turn" keeps meaning that permanent).
    Object(ObjectId),
    /// "that targets ~": a spell or ability on the stack with the object with the ability
    /// among its targets (heroic's "Whenever you cast a spell that targets ~").
    TargetsThis,
    /// "attacking alone": attacking, and the only attacking creature (Dream Prowler's "as long as
    /// it's attacking alone").
    AttackingAlone,
    /// "enchanted creature" / "equipped creature" in an instruction of an Aura or Equipment:
    /// the permanent the object with the ability is attached to (212.4, 212.2j), not any
    /// enchanted creature.
    HostOfThis,
    /// "attached to ~": an Aura, Equipment or Fortification attached to the object with the
    /// ability (Kemba's Legion's "for each Equipment attached to ~").
    AttachedToThis,
    /// "creatures target player controls" once the target is chosen: permanents that player
    /// controls.
    ControlledByPlayer(PlayerId),
    /// "named ~": with the same name as the object with the ability, so other copies of it fit
    /// too (Akron Legionnaire's "Except for creatures named ~").
    NamedLikeThis,
    /// "monstrous" (current 701.37b): a permanent with the monstrous designation.
    Monstrous,
    /// "renowned" (current 702.112b): a permanent renown made renowned.
    Renowned,
    /// "commander creatures" (current 903.3): a permanent designated its owner's commander;
    /// with `yours` ("your commander"), the one whose owner is the ability's controller.
    Commander {
        yours: bool,
    },
    /// "with toughness greater than its power" (Immobilizer Eldrazi): the object's own
    /// toughness compared with its own power (208.1), both as they are now.
    ToughnessVsPower(Cmp),
    /// "with converted mana cost 3 or less" (203.3; current "mana value", 202.3): the total
    /// mana of its mana cost, 0 with none (203.3a: a token, a face-down permanent), X as 0 off
    /// the stack (203.3b).
    ManaValue(Cmp, Amount),
    /// "with even converted mana costs", "with an odd converted mana cost" (203.3): 0 is
    /// even.
    ManaValueParity {
        even: bool,
    },
    /// "it" / "that creature" in a triggered ability about another creature ("Whenever a
    /// creature attacks or blocks, ~ deals 2 damage to it"): the creature the event happened
    /// to. Compiled as this; bound to [`Filter::Object`] as the ability triggers, and fitting
    /// nothing until then.
    Triggering,
    /// "that attacked during their controller's last turn": declared as an attacker during
    /// the most recent ended turn of the player who controls it now.
    AttackedLastTurn,
    /// "dies during combat" said of a described permanent: the turn is in its combat phase
    /// (306.1) as the event happens; a state of the game, not of the permanent.
    DuringCombat,
    /// "each opponent who cast a spell this turn" (Angelic Arbiter; 2009 "played"): in play
    /// under a player who has played a spell this turn, read from the turn's record (409.1
    /// logs each spell as it becomes played), so it holds from that spell on, for the rest of
    /// the turn.
    ControllerCastSpellThisTurn,
    /// "the active player has controlled continuously since the beginning of the turn" (Nettling
    /// Imp): controlled by the active player since his or her turn began, which the untap step
    /// records by clearing summoning sickness (212.3f) and a change of control sets again.
    /// Only the active player's permanents fit: card text asks it of no one else.
    ActiveControlledSinceTurnBegan,
    /// "that attacked this turn": declared as an attacker this turn (308.2; put into play
    /// attacking isn't "attacked"), read from the turn's record; a creature that changed zones
    /// since is a new object (217.1c).
    AttackedThisTurn,
    /// "a creature attacks you or a planeswalker you control": it is attacking the controller of
    /// the ability (306.2) or, with `planeswalkers`, a planeswalker he or she controls.
    AttackingYou {
        planeswalkers: bool,
    },
    /// "creatures banded with ~" (502.10): the other attacking creatures in the band of the
    /// object with the ability, this combat.
    BandedWithThis,
    /// "a creature dealt damage by ~ this turn" (Sengir Vampire): the object with the ability
    /// dealt it damage this turn (damage prevented isn't dealt, 419.7); read from the turn's
    /// record, so it fits a creature that has since left play too.
    DealtDamageByThisThisTurn,
    /// "target creature that was dealt damage this turn" (Opportunist): some source dealt it
    /// damage this turn since it became this object (damage prevented isn't dealt, 419.7; a
    /// permanent that left play and came back is a new object, 217.1c).
    DealtDamageThisTurn,
    /// "If it shares a creature type with ~" (kinship): the object has a creature type the
    /// object with the ability has; changeling is every creature type (502.73a).
    SharesCreatureTypeWithThis,
    /// "target creature that dealt damage to you this turn" (Giltspire Avenger): it dealt
    /// damage to the controller of the ability this turn since it became this object.
    DealtDamageToYouThisTurn,
    /// "of the chosen color" (Teferi's Moat): of the color chosen as the object with the
    /// ability came into play (410.10e); with no color chosen, nothing fits.
    ChosenColor,
    /// "of the chosen type" (Adaptive Automaton): of the creature type chosen as the object
    /// with the ability came into play (410.10e); with none chosen, nothing fits.
    ChosenType,
    /// "blocking ~", "creatures blocking it" (309.2, 309.2d): a blocking creature among the
    /// blockers of an attacker the inner description fits, this combat.
    BlockingWhat(Box<Filter>),
    /// "blocked by ~", "creatures it's blocking", "each creature it blocks" (309.2): an
    /// attacking creature one of whose blockers the inner description fits, this combat; a
    /// blocker that has left combat no longer counts (306.4).
    BlockedBy(Box<Filter>),
    /// "creatures that blocked ~ this turn" (`blocker`: it blocked a creature the inner
    /// description fits) and "creatures it blocked this turn" (not `blocker`: a creature the
    /// inner description fits blocked it): blocks declared this turn (309.2), whether or not
    /// the creatures are still in combat.
    BlockedThisTurn {
        blocker: bool,
        other: Box<Filter>,
    },
}

/// An object's converted mana cost (203.3, 203.3a-b; current 202.3).
pub fn mana_value(o: &Object) -> i64 {
    o.card
        .mana_cost
        .as_ref()
        .map_or(0, |c| i64::from(c.converted()))
}

impl Filter {
    /// The description with "it" of a trigger about another creature bound to that creature
    /// ([`Filter::Triggering`] becomes [`Filter::Object`]), as the ability triggers.
    pub fn bind_triggering(&self, id: ObjectId) -> Filter {
        match self {
            Filter::Triggering => Filter::Object(id),
            Filter::All(v) => Filter::All(v.iter().map(|f| f.bind_triggering(id)).collect()),
            Filter::Any(v) => Filter::Any(v.iter().map(|f| f.bind_triggering(id)).collect()),
            Filter::Not(f) => Filter::Not(Box::new(f.bind_triggering(id))),
            Filter::BlockingWhat(f) => Filter::BlockingWhat(Box::new(f.bind_triggering(id))),
            Filter::BlockedBy(f) => Filter::BlockedBy(Box::new(f.bind_triggering(id))),
            Filter::BlockedThisTurn { blocker, other } => Filter::BlockedThisTurn {
                blocker: *blocker,
                other: Box::new(other.bind_triggering(id)),
            },
            f => f.clone(),
        }
    }

    /// Whether the description names the creature a trigger is about.
    pub fn mentions_triggering(&self) -> bool {
        match self {
            Filter::Triggering => true,
            Filter::All(v) | Filter::Any(v) => v.iter().any(Filter::mentions_triggering),
            Filter::Not(f)
            | Filter::BlockingWhat(f)
            | Filter::BlockedBy(f)
            | Filter::BlockedThisTurn { other: f, .. } => f.mentions_triggering(),
            _ => false,
        }
    }

    /// The description with "~" read as the creature a trigger is about: "for each other
    /// creature you control" said of that creature ("Whenever equipped creature attacks alone,
    /// it gets +1/+1 ... for each other creature you control").
    pub fn this_as_triggering(&self) -> Filter {
        match self {
            Filter::This => Filter::Triggering,
            Filter::All(v) => Filter::All(v.iter().map(Filter::this_as_triggering).collect()),
            Filter::Any(v) => Filter::Any(v.iter().map(Filter::this_as_triggering).collect()),
            Filter::Not(f) => Filter::Not(Box::new(f.this_as_triggering())),
            Filter::BlockingWhat(f) => Filter::BlockingWhat(Box::new(f.this_as_triggering())),
            Filter::BlockedBy(f) => Filter::BlockedBy(Box::new(f.this_as_triggering())),
            Filter::BlockedThisTurn { blocker, other } => Filter::BlockedThisTurn {
                blocker: *blocker,
                other: Box::new(other.this_as_triggering()),
            },
            f => f.clone(),
        }
    }

    /// Whether the description names the object with the ability ("~", "other").
    pub fn mentions_this(&self) -> bool {
        match self {
            Filter::This => true,
            Filter::All(v) | Filter::Any(v) => v.iter().any(Filter::mentions_this),
            Filter::Not(f)
            | Filter::BlockingWhat(f)
            | Filter::BlockedBy(f)
            | Filter::BlockedThisTurn { other: f, .. } => f.mentions_this(),
            _ => false,
        }
    }

    /// The description with "~" fixed to one object (an effect's source as it begins).
    pub fn fix_this(&self, id: ObjectId) -> Filter {
        match self {
            Filter::This => Filter::Object(id),
            Filter::All(v) => Filter::All(v.iter().map(|f| f.fix_this(id)).collect()),
            Filter::Any(v) => Filter::Any(v.iter().map(|f| f.fix_this(id)).collect()),
            Filter::Not(f) => Filter::Not(Box::new(f.fix_this(id))),
            Filter::BlockingWhat(f) => Filter::BlockingWhat(Box::new(f.fix_this(id))),
            Filter::BlockedBy(f) => Filter::BlockedBy(Box::new(f.fix_this(id))),
            Filter::BlockedThisTurn { blocker, other } => Filter::BlockedThisTurn {
                blocker: *blocker,
                other: Box::new(other.fix_this(id)),
            },
            Filter::Power(c, Amount::Count(f)) => {
                Filter::Power(*c, Amount::Count(Box::new(f.fix_this(id))))
            }
            Filter::Toughness(c, Amount::Count(f)) => {
                Filter::Toughness(*c, Amount::Count(Box::new(f.fix_this(id))))
            }
            f => f.clone(),
        }
    }

    /// Whether only creatures fit the description ("creature an opponent controls",
    /// "attacking Wall"): what "that creature" may name afterwards.
    pub fn only_creatures(&self) -> bool {
        match self {
            Filter::Type(CardType::Creature) => true,
            Filter::All(parts) => parts.iter().any(Filter::only_creatures),
            Filter::Any(parts) => !parts.is_empty() && parts.iter().all(Filter::only_creatures),
            _ => false,
        }
    }

    /// Whether only attacking creatures fit the description ("creature attacking you",
    /// "attacking creature"): what a creature put into play blocking may block (309.5).
    pub fn only_attacking(&self) -> bool {
        match self {
            Filter::Attacking | Filter::AttackingAlone | Filter::AttackingYou { .. } => true,
            Filter::All(parts) => parts.iter().any(Filter::only_attacking),
            Filter::Any(parts) => !parts.is_empty() && parts.iter().all(Filter::only_attacking),
            _ => false,
        }
    }

    pub fn every() -> Filter {
        Filter::All(Vec::new())
    }

    /// The description without one of its parts, if it has that part ("a spell that targets
    /// ~" without "that targets ~" is "a spell"): what is said apart from the rest.
    pub fn without(&self, part: &Filter) -> Option<Filter> {
        match self {
            f if f == part => Some(Filter::every()),
            Filter::All(parts) if parts.contains(part) => {
                let mut rest: Vec<Filter> = parts.iter().filter(|p| *p != part).cloned().collect();
                Some(if rest.len() == 1 {
                    rest.remove(0)
                } else {
                    Filter::All(rest)
                })
            }
            _ => None,
        }
    }

    /// The conjunction of two descriptions, flattened.
    pub fn and(self, other: Filter) -> Filter {
        let mut parts = match self {
            Filter::All(p) => p,
            f => vec![f],
        };
        let more = match other {
            Filter::All(p) => p,
            f => vec![f],
        };
        // "A and A" is A: a description that already says "you control" isn't said twice.
        for f in more {
            if !parts.contains(&f) {
                parts.push(f);
            }
        }
        if parts.len() == 1 {
            parts.pop().expect("one part")
        } else {
            Filter::All(parts)
        }
    }

    pub fn negated(self) -> Filter {
        match self {
            Filter::Not(f) => *f,
            f => Filter::Not(Box::new(f)),
        }
    }

    /// Whether the object fits the description.
    pub fn matches(&self, game: &Game, o: &Object, ctx: &Context) -> bool {
        match self {
            Filter::All(parts) => parts.iter().all(|f| f.matches(game, o, ctx)),
            Filter::Any(parts) => parts.iter().any(|f| f.matches(game, o, ctx)),
            Filter::Not(f) => !f.matches(game, o, ctx),
            Filter::Type(t) => o.is(*t),
            Filter::Subtype(s) => has_subtype(game, o, s),
            Filter::Supertype(s) => o.type_line().supertypes.contains(s),
            Filter::Color(c) => o.colors().contains(c),
            Filter::Colorless => o.colors().is_empty(),
            Filter::Multicolored => o.colors().len() > 1,
            Filter::Monocolored => o.colors().len() == 1,
            // "with landwalk abilities": any of them (502.6c).
            Filter::Keyword(crate::ability::Keyword::Landwalk(crate::landwalk::Walk::Any)) => game
                .keywords(o.id)
                .iter()
                .any(|k| matches!(k, crate::ability::Keyword::Landwalk(_))),
            Filter::Keyword(k) => game.has_keyword(o.id, k),
            Filter::Power(cmp, amount) => o
                .power()
                .is_some_and(|p| cmp.holds(i64::from(p), amount.value(game, ctx))),
            Filter::Toughness(cmp, amount) => o
                .toughness()
                .is_some_and(|t| cmp.holds(i64::from(t), amount.value(game, ctx))),
            Filter::ControlledBy(p) => {
                o.zone == Zone::InPlay && ctx.player(game, *p).contains(&o.controller)
            }
            Filter::Token => o.token,
            Filter::Attacking => game
                .combat
                .as_ref()
                .is_some_and(|c| c.attackers.contains_key(&o.id)),
            Filter::AttackingAlone => game
                .combat
                .as_ref()
                .is_some_and(|c| c.attackers.len() == 1 && c.attackers.contains_key(&o.id)),
            Filter::Blocking => game
                .combat
                .as_ref()
                .is_some_and(|c| c.blockers.contains_key(&o.id)),
            Filter::Blocked => game
                .combat
                .as_ref()
                .is_some_and(|c| c.blocked.contains(&o.id)),
            Filter::Tapped => o.tapped(),
            Filter::Enchanted => game
                .in_play()
                .any(|a| a.attached_to() == Some(o.id) && a.type_line().has_subtype("Aura")),
            Filter::Equipped => game
                .in_play()
                .any(|a| a.attached_to() == Some(o.id) && a.type_line().has_subtype("Equipment")),
            Filter::Counter(kind) => o.status.as_ref().is_some_and(|s| {
                s.counters.iter().any(|(c, n)| {
                    *n > 0
                        && kind
                            .as_ref()
                            .is_none_or(|k| c.to_string().eq_ignore_ascii_case(k))
                })
            }),
            // "named Keeper of ~" (Kookus): the card's name stands where its text names
            // itself, so "~" is the name of the object with the ability.
            Filter::Named(n) if n.contains('~') => game
                .object_or_last_known(ctx.source)
                .is_some_and(|s| o.name().eq_ignore_ascii_case(&n.replace('~', s.name()))),
            Filter::Named(n) => o.name().eq_ignore_ascii_case(n),
            Filter::Monstrous => o.status.as_ref().is_some_and(|s| s.monstrous),
            Filter::Renowned => o.status.as_ref().is_some_and(|s| s.renowned),
            Filter::Commander { yours } => {
                o.status.as_ref().is_some_and(|s| s.commander)
                    && (!*yours || o.owner == ctx.controller)
            }
            Filter::NamedLikeThis => game
                .object(ctx.source)
                .is_some_and(|s| s.name().eq_ignore_ascii_case(o.name())),
            Filter::This => o.id == ctx.source,
            Filter::Object(id) => o.id == *id,
            Filter::Triggering => false,
            Filter::ChosenType => game
                .object(ctx.source)
                .and_then(|s| s.status.as_ref())
                .and_then(|s| s.chosen_type.as_ref())
                .is_some_and(|t| has_subtype(game, o, t)),
            Filter::ChosenColor => game
                .object(ctx.source)
                .and_then(|s| s.status.as_ref())
                .and_then(|s| s.chosen_color)
                .is_some_and(|c| o.colors().contains(&c)),
            Filter::ControlledByPlayer(p) => o.zone == Zone::InPlay && o.controller == *p,
            Filter::BlockingWhat(f) => game.combat.as_ref().is_some_and(|c| {
                c.blockers.get(&o.id).is_some_and(|attacked| {
                    attacked
                        .iter()
                        .any(|a| game.object(*a).is_some_and(|a| f.matches(game, a, ctx)))
                })
            }),
            Filter::BlockedBy(f) => game.combat.as_ref().is_some_and(|c| {
                c.blockers_of(o.id)
                    .any(|b| game.object(b).is_some_and(|b| f.matches(game, b, ctx)))
            }),
            Filter::BlockedThisTurn { blocker, other } => {
                game.blocked_this_turn.iter().any(|(b, a)| {
                    let (me, them) = if *blocker { (*b, *a) } else { (*a, *b) };
                    me == o.id
                        && game
                            .object_or_last_known(them)
                            .is_some_and(|t| other.matches(game, t, ctx))
                })
            }
            Filter::AttachedToThis => o.attached_to() == Some(ctx.source),
            Filter::ToughnessVsPower(cmp) => match (o.toughness(), o.power()) {
                (Some(t), Some(p)) => cmp.holds(i64::from(t), i64::from(p)),
                _ => false,
            },
            Filter::ManaValue(cmp, amount) => cmp.holds(mana_value(o), amount.value(game, ctx)),
            Filter::ManaValueParity { even } => (mana_value(o) % 2 == 0) == *even,
            Filter::AttackedLastTurn => game.attacked_during_last_turn_of(o.controller, o.id),
            Filter::DuringCombat => game.turn.step.is_combat(),
            Filter::ActiveControlledSinceTurnBegan => {
                o.zone == Zone::InPlay
                    && o.controller == game.turn.active
                    && o.status.as_ref().is_some_and(|s| !s.summoning_sick)
            }
            Filter::AttackedThisTurn => game.attacked_this_turn.contains(&o.id),
            Filter::AttackingYou { planeswalkers } => match game.attack_target(o.id) {
                Some(crate::model::AttackTarget::Player(p)) => p == ctx.controller,
                Some(crate::model::AttackTarget::Planeswalker(w)) => {
                    *planeswalkers
                        && game
                            .object(w)
                            .is_some_and(|w| w.controller == ctx.controller)
                }
                _ => false,
            },
            Filter::BandedWithThis => {
                o.id != ctx.source
                    && game
                        .combat
                        .as_ref()
                        .is_some_and(|c| c.banded_with(ctx.source).contains(&o.id))
            }
            Filter::DealtDamageByThisThisTurn => {
                let Some(source) = game.object_or_last_known(ctx.source).map(|s| &s.label) else {
                    return false;
                };
                game.events_this_turn().iter().any(|e| {
                    matches!(&e.kind, crate::events::EventKind::Damage { source: s, to, amount }
                        if *amount > 0 && s == source && *to == o.label)
                })
            }
            Filter::SharesCreatureTypeWithThis => {
                let Some(this) = game.object_or_last_known(ctx.source) else {
                    return false;
                };
                let every = |x: &Object| {
                    game.has_keyword(x.id, &Keyword::Changeling)
                        || x.card.abilities.iter().any(|a| {
                            matches!(
                                a,
                                crate::ability::Ability::Keyword {
                                    keyword: Keyword::Changeling
                                }
                            )
                        })
                };
                let types = |x: &Object| -> Vec<String> {
                    x.type_line()
                        .subtypes
                        .iter()
                        .filter_map(|t| crate::typeline::creature_type_named(t).map(str::to_string))
                        .collect()
                };
                let (mine, theirs) = (types(this), types(o));
                (every(this) && (every(o) || !theirs.is_empty()))
                    || (every(o) && !mine.is_empty())
                    || mine.iter().any(|t| theirs.contains(t))
            }
            Filter::DealtDamageThisTurn => game.this_turn_since_it_became(o, |kind| {
                matches!(kind, crate::events::EventKind::Damage { to, amount, .. }
                    if *amount > 0 && *to == o.label)
            }),
            Filter::DealtDamageToYouThisTurn => {
                let you = game.player(ctx.controller).map(|p| p.name.clone());
                game.this_turn_since_it_became(o, |kind| {
                    matches!(kind, crate::events::EventKind::Damage { source, to, amount }
                        if *amount > 0 && *source == o.label && Some(to) == you.as_ref())
                })
            }
            Filter::ControllerCastSpellThisTurn => {
                let name = game.player(o.controller).map(|p| p.name.clone());
                o.zone == Zone::InPlay
                    && game.events_this_turn().iter().any(|e| {
                        matches!(&e.kind, crate::events::EventKind::Cast { player, .. }
                            if Some(player) == name.as_ref())
                    })
            }
            Filter::HostOfThis => game
                .object(ctx.source)
                .is_some_and(|s| s.attached_to() == Some(o.id)),
            Filter::TargetsThis => game.stack_item(o.id).is_some_and(|i| {
                i.targets
                    .contains(&crate::model::TargetRef::Object(ctx.source))
            }),
        }
    }
}

/// What the spell `id` was played with, or the spell a permanent was (502.21b): the optional
/// costs paid and the zone it was played from.
fn its_spell(game: &Game, id: ObjectId) -> (Vec<crate::model::CastOption>, Option<Zone>) {
    match game.stack_item(id) {
        Some(i) => (i.paid.clone(), i.from),
        None => game
            .object_or_last_known(id)
            .and_then(|o| o.status.as_ref())
            .map_or((Vec::new(), None), |s| (s.paid.clone(), s.cast_from)),
    }
}

/// A subtype, counting changeling's "every creature type" for creature types.
pub fn has_subtype(game: &Game, o: &Object, s: &str) -> bool {
    o.type_line().has_subtype(s)
        || (crate::typeline::creature_type_named(s).is_some()
            && game.has_keyword(o.id, &Keyword::Changeling))
}

/// The card types (205.2a) among the cards in these players' graveyards, each counted once.
fn card_types_in_graveyards(game: &Game, players: &[PlayerId]) -> usize {
    crate::typeline::CardType::ALL
        .iter()
        .filter(|t| {
            players.iter().filter_map(|p| game.player(*p)).any(|p| {
                p.graveyard
                    .iter()
                    .any(|id| game.object(*id).is_some_and(|o| o.is(**t)))
            })
        })
        .count()
}

/// What players are compared by in [`Condition::Compare`]: life total (215.1), cards in
/// hand, or permanents in play a description fits that the player controls.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    Life,
    CardsInHand,
    Controls(Filter),
}

impl Measure {
    /// The measure of one player now.
    pub fn of(&self, game: &Game, player: PlayerId, ctx: &Context) -> i64 {
        match self {
            Measure::Life => game.player(player).map_or(0, |p| i64::from(p.life)),
            Measure::CardsInHand => game.player(player).map_or(0, |p| p.hand.len() as i64),
            Measure::Controls(filter) => game
                .in_play()
                .filter(|o| o.controller == player && filter.matches(game, o, ctx))
                .count() as i64,
        }
    }
}

/// A condition an ability's effect depends on ("as long as", "unless", "if").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "condition", rename_all = "snake_case")]
pub enum Condition {
    Not {
        of: Box<Condition>,
    },
    /// "defending player controls an Island", "you control three or more artifacts", "you
    /// control another Giant": at least `count` permanents in play matching the filter (the
    /// filter includes who controls them).
    Controls {
        filter: Filter,
        count: u32,
    },
    /// "seven or more cards are in your graveyard", "you have one or fewer cards in hand".
    Cards {
        player: PlayerRef,
        zone: Zone,
        cmp: Cmp,
        count: u32,
    },
    /// "~ is untapped", "it's attacking": the object with the ability fits the description.
    SourceIs {
        filter: Filter,
    },
    /// "enchanted creature is blue", "equipped creature is a Human": the permanent the object
    /// with the ability is attached to fits the description (false when it is attached to
    /// nothing).
    AttachedIs {
        filter: Filter,
    },
    /// Two players compared by a measure: "you control more creatures than defending player",
    /// "an opponent has more life than you", "you have more cards in hand than each opponent",
    /// "defending player controls fewer lands than you". `who` and `than` each name one player
    /// or several; `every` says whether each of them must compare so ("each opponent") or
    /// some one will do ("an opponent"). A player isn't compared with himself or herself; with
    /// nobody on a side (no defending player yet) it doesn't hold.
    Compare {
        who: PlayerRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        who_every: bool,
        measure: Measure,
        /// More (else fewer) than the other player.
        more: bool,
        than: PlayerRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        than_every: bool,
    },
    /// "defending player is poisoned" (a player with one or more poison counters).
    Poisoned {
        player: PlayerRef,
    },
    /// "it has five or more +1/+1 counters on it": counters of a kind on the object with the
    /// ability.
    SourceCounters {
        kind: String,
        cmp: Cmp,
        count: u32,
    },
    /// "you've cast a creature spell this turn", "you've cast a historic spell this turn": the
    /// player has played a spell the description fits this turn (409.1), read from the game's
    /// record of this turn (a scenario that starts mid-turn has no earlier spells).
    CastThisTurn {
        player: PlayerRef,
        spell: Filter,
    },
    /// "an opponent has been dealt damage this turn": the record of this turn shows damage
    /// dealt to the player (prevented damage isn't dealt, 419.7).
    DealtDamageThisTurn {
        player: PlayerRef,
    },
    /// Current 711.2a-b: a leveler's striation "LEVEL min-max" (or "LEVEL min+"): the object
    /// with the ability has at least `min` level counters and, with a `max`, no more than it.
    Level {
        min: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
    },
    /// "if you cast it from your hand", "if ~ was cast from a graveyard": the object is a
    /// spell played from that zone, or a permanent that was one.
    CastFrom {
        zone: Zone,
    },
    /// "if it was kicked with its {1}{R} kicker" (502.21c): the kicker with this cost, the first
    /// or second of the object's kicker abilities, was paid.
    KickedWith {
        cost: crate::mana::ManaCost,
    },
    /// "~ was kicked" (2009) / "this spell was kicked": the spell with the ability is on the
    /// stack and its kicker cost was paid as it was played (502.21a).
    Kicked,
    /// "defending player controls three or more creatures that share a creature type"
    /// (Graxiplon): at least `count` permanents matching the filter have some creature type in
    /// common (changeling gives every creature type, 502.73a).
    ControlsSharingType {
        filter: Filter,
        count: u32,
    },
    /// "creatures you control have total power 8 or greater" (formidable): the powers of the
    /// permanents the filter fits, summed (a negative power counts as it is).
    TotalPower {
        filter: Filter,
        at_least: i64,
    },
    /// "you control a Desert or there is a Desert card in your graveyard": any of them holds.
    Any {
        of: Vec<Condition>,
    },
    /// "there is a Desert card in your graveyard", "an artifact card is in your graveyard",
    /// "there are two or more instant and/or sorcery cards in your graveyard": at least
    /// `count` cards in the player's graveyard fit the description.
    GraveyardHas {
        player: PlayerRef,
        filter: Filter,
        #[serde(default = "one", skip_serializing_if = "is_one")]
        count: u32,
    },
    /// Delirium (an ability word, current 207.2c): "there are four or more card types among
    /// cards in your graveyard": the card types (205.2a) of the cards in the player's graveyard,
    /// each counted once, number at least `count`.
    CardTypesInGraveyard {
        player: PlayerRef,
        count: u32,
    },
    /// "a creature died under your control this turn": the record of this turn shows a
    /// creature put from play into a graveyard (glossary "dies", current 700.4) while the
    /// player controlled it, as it last existed in play (413.2f-style last known information).
    CreatureDiedThisTurn {
        player: PlayerRef,
    },
    /// "a permanent you controlled left the battlefield this turn" (revolt, an ability word):
    /// the record of this turn shows a permanent leaving play for any zone (a token too,
    /// 217.1c) while the player controlled it, as it last existed in play.
    LeftPlayThisTurn {
        player: PlayerRef,
    },
    /// "it's paired with a creature with soulbond" (current 702.95): the object with the
    /// ability is paired, and the creature it's paired with fits the description.
    PairedWith {
        filter: Filter,
    },
    /// "you have the city's blessing" (current 702.131c, 2018; no 2009 rule): the player has
    /// the designation ascend gives, which lasts the rest of the game.
    CitysBlessing {
        player: PlayerRef,
    },
    /// "your devotion to white is less than five": an amount, read as the condition is
    /// checked with the object whose ability it is, compared with the number.
    AmountIs {
        amount: Amount,
        cmp: Cmp,
        count: i64,
    },
    /// "you have 5 or less life" (fateful hour), "you have 30 or more life": the player's
    /// life total (215.1) compared with the number.
    Life {
        player: PlayerRef,
        cmp: Cmp,
        count: i64,
    },
    /// "you've been attacked this step" (Assassin's Blade, with "during the declare attackers
    /// step"): a creature is attacking the player or a planeswalker he or she controls now
    /// (306.2, 308.2a).
    BeingAttacked {
        player: PlayerRef,
    },
    /// "you attacked with a creature this turn" (raid), "you attacked this turn": the player
    /// declared at least one attacker this turn (308.2; put into play attacking isn't
    /// attacking with it), read from the turn's record. Only the active player attacks.
    AttackedThisTurn {
        player: PlayerRef,
    },
    /// "If that card is a land card" after "Put the top card of your library into your
    /// graveyard." (Saprazzan Breaker): the card that instruction moved, now in the graveyard,
    /// fits the description; false if the library was empty and nothing moved.
    MilledCardIs {
        filter: Filter,
    },
    /// "you're the monarch", "defending player is the monarch" (current 724.1, 2015; no 2009
    /// rule): the player has the designation. With no monarch in the game it holds for no one
    /// (724.5).
    Monarch {
        player: PlayerRef,
    },
    /// "during extra turns" (2009 300.6): the current turn was added by an effect.
    ExtraTurn,
    /// "as long as it's your turn" (300.1, 102.1: the active player's turn): the controller of
    /// the ability is the active player.
    YourTurn,
    /// "during combat": the turn is in its combat phase (306.1: from the beginning of combat
    /// step to the end of combat step).
    DuringCombat,
    /// "If you lose the flip" after "flip a coin" (511.1): the flip of the instruction before
    /// was lost.
    LostFlip,
    /// "If you win the flip" after "flip a coin" (511.1): the flip of the instruction before
    /// was won.
    WonFlip,
    /// "If that land is a Mountain" (after a trigger about a land), "If that creature is a
    /// Human" (after an instruction that targets it): one object fits the description, as it
    /// is, or as it last existed if it has left play (413.2f). Compiled with the object
    /// [`StatOf::That`], joined by the card compiler to the target or the trigger's object, and
    /// bound to [`StatOf::Object`] as the ability triggers or resolves.
    ObjectIs {
        of: StatOf,
        filter: Filter,
    },
}

/// The most objects among `objects` that share one creature type.
fn most_sharing_a_creature_type(game: &Game, objects: &[&Object]) -> usize {
    let every = |o: &Object| game.has_keyword(o.id, &Keyword::Changeling);
    let changelings = objects.iter().filter(|o| every(o)).count();
    let mut counts: std::collections::HashMap<&str, usize> = Default::default();
    for o in objects.iter().filter(|o| !every(o)) {
        let mut seen: Vec<&str> = Vec::new();
        for t in &o.type_line().subtypes {
            if let Some(name) = crate::typeline::creature_type_named(t)
                && !seen.contains(&name)
            {
                seen.push(name);
                *counts.entry(name).or_default() += 1;
            }
        }
    }
    counts.values().max().copied().unwrap_or(0) + changelings
}

impl Condition {
    /// For "if you cast it from your hand": whether the spell, or the permanent's spell, was
    /// played from that zone, given where it was played from; `None` for any other condition.
    pub fn cast_from(&self, from: Option<Zone>) -> Option<bool> {
        match self {
            Condition::CastFrom { zone } => Some(from == Some(*zone)),
            Condition::Not { of } => of.cast_from(from).map(|b| !b),
            _ => None,
        }
    }

    /// For "it was kicked" (502.21b) and "it was kicked with its {cost} kicker" (502.21c):
    /// whether the object was, given the costs its spell was played with; `None` for any
    /// other condition.
    pub fn kicked(&self, o: &Object, paid: &[crate::model::CastOption]) -> Option<bool> {
        use crate::model::CastOption as O;
        match self {
            Condition::Kicked => Some(
                paid.iter()
                    .any(|p| matches!(p, O::Kicker | O::SecondKicker | O::Multikicker)),
            ),
            Condition::KickedWith { cost } => {
                let costs: Vec<&crate::mana::ManaCost> = o
                    .card
                    .abilities
                    .iter()
                    .filter_map(|a| match a {
                        crate::ability::Ability::Keyword {
                            keyword: Keyword::Kicker(c),
                        } => Some(c),
                        _ => None,
                    })
                    .collect();
                let which = match costs.iter().position(|c| *c == cost) {
                    Some(0) => O::Kicker,
                    Some(1) => O::SecondKicker,
                    _ => return Some(false),
                };
                Some(paid.contains(&which))
            }
            Condition::Not { of } => of.kicked(o, paid).map(|b| !b),
            _ => None,
        }
    }

    pub fn negated(self) -> Condition {
        match self {
            Condition::Not { of } => *of,
            c => Condition::Not { of: Box::new(c) },
        }
    }

    pub fn holds(&self, game: &Game, ctx: &Context) -> bool {
        match self {
            Condition::Not { of } => !of.holds(game, ctx),
            Condition::Controls { filter, count } => {
                game.in_play()
                    .filter(|o| filter.matches(game, o, ctx))
                    .take(*count as usize)
                    .count()
                    == *count as usize
            }
            Condition::Cards {
                player,
                zone,
                cmp,
                count,
            } => ctx.player(game, *player).iter().any(|p| {
                game.player(*p).is_some_and(|p| {
                    let n = match zone {
                        Zone::Graveyard => p.graveyard.len(),
                        Zone::Hand => p.hand.len(),
                        Zone::Library => p.library.len(),
                        _ => 0,
                    };
                    cmp.holds(n as i64, i64::from(*count))
                })
            }),
            Condition::SourceIs { filter } => game
                .object(ctx.source)
                .is_some_and(|o| filter.matches(game, o, ctx)),
            Condition::AttachedIs { filter } => game
                .object(ctx.source)
                .and_then(|s| s.attached_to())
                .and_then(|id| game.object(id))
                .is_some_and(|o| filter.matches(game, o, ctx)),
            Condition::Compare {
                who,
                who_every,
                measure,
                more,
                than,
                than_every,
            } => {
                let value = |p: PlayerId| measure.of(game, p, ctx);
                let (left, right) = (ctx.player(game, *who), ctx.player(game, *than));
                let beats = |l: PlayerId| {
                    let others: Vec<PlayerId> = right.iter().copied().filter(|r| *r != l).collect();
                    let fits = |r: &PlayerId| {
                        if *more {
                            value(l) > value(*r)
                        } else {
                            value(l) < value(*r)
                        }
                    };
                    !others.is_empty()
                        && if *than_every {
                            others.iter().all(fits)
                        } else {
                            others.iter().any(fits)
                        }
                };
                !left.is_empty()
                    && if *who_every {
                        left.iter().copied().all(beats)
                    } else {
                        left.iter().copied().any(beats)
                    }
            }
            Condition::CastThisTurn { player, spell } => {
                let names = ctx.player_names(game, *player);
                game.events_this_turn().iter().any(|e| match &e.kind {
                    crate::events::EventKind::Cast { player, card, .. } => {
                        names.contains(player)
                            && game
                                .objects()
                                .find(|o| o.label == *card)
                                .is_some_and(|o| spell.matches(game, o, ctx))
                    }
                    _ => false,
                })
            }
            Condition::PairedWith { filter } => game
                .object(ctx.source)
                .and_then(Object::paired_with)
                .and_then(|p| game.object(p))
                .is_some_and(|p| filter.matches(game, p, ctx)),
            Condition::LeftPlayThisTurn { player } => {
                let players = ctx.player(game, *player);
                game.events_this_turn().iter().any(|e| match &e.kind {
                    crate::events::EventKind::ZoneChange {
                        old,
                        from: crate::model::Zone::InPlay,
                        ..
                    } => game
                        .last_known(*old)
                        .is_some_and(|o| players.contains(&o.controller)),
                    _ => false,
                })
            }
            Condition::CreatureDiedThisTurn { player } => {
                let players = ctx.player(game, *player);
                game.put_into_graveyards_this_turn()
                    .any(|o| o.is(CardType::Creature) && players.contains(&o.controller))
            }
            Condition::DealtDamageThisTurn { player } => {
                let names = ctx.player_names(game, *player);
                game.events_this_turn().iter().any(|e| {
                    matches!(&e.kind, crate::events::EventKind::Damage { to, amount, .. }
                        if *amount > 0 && names.contains(to))
                })
            }
            Condition::Poisoned { player } => ctx
                .player(game, *player)
                .iter()
                .any(|p| game.player(*p).is_some_and(|p| p.poison > 0)),
            Condition::SourceCounters { kind, cmp, count } => {
                cmp.holds(counters_on(game, ctx.source, kind), i64::from(*count))
            }
            Condition::Level { min, max } => {
                let n = game
                    .object(ctx.source)
                    .map_or(0, |o| o.counter_count("level"));
                n >= *min && max.is_none_or(|m| n <= m)
            }
            Condition::CastFrom { .. } => {
                self.cast_from(its_spell(game, ctx.source).1) == Some(true)
            }
            Condition::Kicked | Condition::KickedWith { .. } => {
                let (paid, _) = its_spell(game, ctx.source);
                game.object_or_last_known(ctx.source)
                    .and_then(|o| self.kicked(o, &paid))
                    .unwrap_or(false)
            }
            Condition::ControlsSharingType { filter, count } => {
                let fit: Vec<&Object> = game
                    .in_play()
                    .filter(|o| o.is(CardType::Creature) && filter.matches(game, o, ctx))
                    .collect();
                most_sharing_a_creature_type(game, &fit) >= *count as usize
            }
            Condition::TotalPower { filter, at_least } => {
                game.in_play()
                    .filter(|o| o.is(CardType::Creature) && filter.matches(game, o, ctx))
                    .map(|o| game.power(o.id).map_or(0, i64::from))
                    .fold(0i64, i64::saturating_add)
                    >= *at_least
            }
            Condition::Any { of } => of.iter().any(|c| c.holds(game, ctx)),
            Condition::GraveyardHas {
                player,
                filter,
                count,
            } => ctx.player(game, *player).iter().any(|p| {
                game.player(*p).is_some_and(|p| {
                    p.graveyard
                        .iter()
                        .filter(|id| {
                            game.object(**id)
                                .is_some_and(|o| filter.matches(game, o, ctx))
                        })
                        .count()
                        >= *count as usize
                })
            }),
            Condition::ObjectIs { of, filter } => {
                let id = match of {
                    StatOf::Object(id) => *id,
                    StatOf::This => ctx.source,
                    _ => return false,
                };
                game.object_or_last_known(id)
                    .is_some_and(|o| filter.matches(game, o, ctx))
            }
            Condition::MilledCardIs { filter } => game
                .milled
                .and_then(|id| game.object(id))
                .is_some_and(|o| filter.matches(game, o, ctx)),
            Condition::Monarch { player } => ctx
                .player(game, *player)
                .iter()
                .any(|p| game.player(*p).is_some_and(|p| p.monarch)),
            Condition::ExtraTurn => game.turn.extra,
            Condition::YourTurn => game.turn.active == ctx.controller,
            Condition::DuringCombat => game.turn.step.is_combat(),
            Condition::LostFlip => game.lost_flip,
            Condition::WonFlip => !game.lost_flip,
            Condition::CitysBlessing { player } => ctx
                .player(game, *player)
                .iter()
                .any(|p| game.player(*p).is_some_and(|p| p.citys_blessing)),
            Condition::AmountIs { amount, cmp, count } => {
                cmp.holds(amount.value(game, ctx), *count)
            }
            Condition::Life { player, cmp, count } => ctx.player(game, *player).iter().any(|p| {
                game.player(*p)
                    .is_some_and(|p| cmp.holds(i64::from(p.life), *count))
            }),
            Condition::AttackedThisTurn { player } => {
                ctx.player(game, *player).contains(&game.turn.active)
                    && !game.attacked_this_turn.is_empty()
            }
            Condition::BeingAttacked { player } => {
                let players = ctx.player(game, *player);
                game.combat.as_ref().is_some_and(|c| {
                    c.attackers.values().any(|t| match t {
                        crate::model::AttackTarget::Player(p) => players.contains(p),
                        t => t.permanent().is_some_and(|w| {
                            game.object(w)
                                .is_some_and(|w| players.contains(&w.controller))
                        }),
                    })
                })
            }
            Condition::CardTypesInGraveyard { player, count } => ctx
                .player(game, *player)
                .iter()
                .any(|p| card_types_in_graveyards(game, &[*p]) >= *count as usize),
        }
    }

    /// Whether the condition asks about the defending player, so it can only be decided for a
    /// given one (each player or planeswalker a creature could attack).
    pub fn mentions_defending_player(&self) -> bool {
        match self {
            Condition::Not { of } => of.mentions_defending_player(),
            Condition::Controls { filter, .. }
            | Condition::ControlsSharingType { filter, .. }
            | Condition::TotalPower { filter, .. }
            | Condition::PairedWith { filter }
            | Condition::SourceIs { filter }
            | Condition::AttachedIs { filter } => filter.mentions(PlayerRef::DefendingPlayer),
            Condition::Cards { player, .. }
            | Condition::Poisoned { player }
            | Condition::DealtDamageThisTurn { player }
            | Condition::CreatureDiedThisTurn { player }
            | Condition::LeftPlayThisTurn { player } => *player == PlayerRef::DefendingPlayer,
            Condition::CastThisTurn { player, .. } => *player == PlayerRef::DefendingPlayer,
            Condition::Compare {
                who, measure, than, ..
            } => {
                *who == PlayerRef::DefendingPlayer
                    || *than == PlayerRef::DefendingPlayer
                    || matches!(measure, Measure::Controls(f) if f.mentions(PlayerRef::DefendingPlayer))
            }
            Condition::SourceCounters { .. }
            | Condition::Level { .. }
            | Condition::Kicked
            | Condition::KickedWith { .. }
            | Condition::CastFrom { .. }
            | Condition::MilledCardIs { .. } => false,
            Condition::ObjectIs { filter, .. } => filter.mentions(PlayerRef::DefendingPlayer),
            Condition::Any { of } => of.iter().any(Condition::mentions_defending_player),
            Condition::GraveyardHas { player, filter, .. } => {
                *player == PlayerRef::DefendingPlayer || filter.mentions(PlayerRef::DefendingPlayer)
            }
            Condition::CardTypesInGraveyard { player, .. }
            | Condition::Life { player, .. }
            | Condition::AttackedThisTurn { player }
            | Condition::BeingAttacked { player }
            | Condition::CitysBlessing { player }
            | Condition::Monarch { player } => *player == PlayerRef::DefendingPlayer,
            Condition::AmountIs { amount, .. } => amount.mentions(PlayerRef::DefendingPlayer),
            Condition::ExtraTurn
            | Condition::LostFlip
            | Condition::WonFlip
            | Condition::YourTurn
            | Condition::DuringCombat => false,
        }
    }
}

impl Amount {
    /// Whether the amount reads something of the player `p` names.
    fn mentions(&self, p: PlayerRef) -> bool {
        match self {
            Amount::CardsInHand(r)
            | Amount::BasicLandTypes(r)
            | Amount::LifeTotal(r)
            | Amount::ManaSymbols { whose: r, .. } => *r == p,
            Amount::CardsInGraveyards { filter, whose } => {
                *whose == Some(p) || whose.is_none() || filter.mentions(p)
            }
            Amount::Count(f) | Amount::GreatestPower(f) | Amount::TotalPower(f) => f.mentions(p),
            Amount::Times(_, a) | Amount::Half { of: a, .. } => a.mentions(p),
            Amount::Plus(a, b) | Amount::Minus(a, b) => a.mentions(p) || b.mentions(p),
            _ => false,
        }
    }
}

impl Filter {
    fn mentions(&self, p: PlayerRef) -> bool {
        match self {
            Filter::All(v) | Filter::Any(v) => v.iter().any(|f| f.mentions(p)),
            Filter::Not(f) => f.mentions(p),
            Filter::ControlledBy(q) => *q == p,
            _ => false,
        }
    }
}

// --- Printing: descriptions back in card-text English, for logs, sources and docs. ---

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cmp::AtMost => "or less",
            Cmp::AtLeast => "or greater",
            Cmp::Less => "less than",
            Cmp::Greater => "greater than",
            Cmp::Equal => "equal to",
        })
    }
}

impl Amount {
    /// What one of a counted amount is, as "for each" names it: "land you control", "creature
    /// card in your graveyard", "+1/+1 counter on it". `None` for an amount that isn't a count
    /// of things.
    pub fn each_text(&self) -> Option<String> {
        Some(match self {
            Amount::Count(filter) => filter.singular(),
            Amount::CardsInHand(p) => format!("card in {} hand", p.possessive()),
            Amount::Counters(kind) => format!("{kind} counter on it"),
            Amount::CountersOn { kind, of } => format!("{kind} counter on {}", of.object()),
            Amount::CardsInGraveyards { filter, whose } => {
                let card = if **filter == Filter::every() {
                    "card".to_string()
                } else {
                    format!("{} card", filter.singular())
                };
                match whose {
                    None => format!("{card} in all graveyards"),
                    Some(PlayerRef::Opponent) => format!("{card} in your opponents' graveyards"),
                    Some(p) => format!("{card} in {} graveyard", p.possessive()),
                }
            }
            Amount::DiedThisTurn { filter, yours } => died_text(filter, *yours, false),
            Amount::BasicLandTypes(p) => format!(
                "basic land type among lands {} control{}",
                p.subject(),
                if matches!(p, PlayerRef::You) { "" } else { "s" }
            ),
            Amount::Players(PlayerRef::Opponent) => "opponent".to_string(),
            Amount::Players(_) => "player".to_string(),
            _ => return None,
        })
    }

    /// "3 for each land you control" for `Times(3, lands you control)`: the factor and what
    /// it counts, when the amount is one of those.
    pub fn per_each(&self) -> Option<(i64, String)> {
        match self {
            Amount::Times(n, per) => Some((*n, per.each_text()?)),
            _ => None,
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Number(n) => write!(f, "{n}"),
            Amount::Stat { stat, of } => write!(f, "{} {stat}", of.possessive()),
            Amount::Count(filter) => write!(f, "the number of {}", filter.plural()),
            Amount::CardsInHand(p) => write!(f, "the number of cards in {} hand", p.possessive()),
            Amount::Counters(kind) => write!(f, "the number of {kind} counters on it"),
            Amount::CountersOn { kind, of } => {
                write!(f, "the number of {kind} counters on {}", of.object())
            }
            Amount::Times(n, a) => write!(f, "{n} times {a}"),
            Amount::X => f.write_str("X"),
            Amount::GreatestPower(filter) => {
                write!(f, "the greatest power among {}", filter.plural())
            }
            Amount::TotalPower(filter) => write!(f, "the total power of {}", filter.plural()),
            Amount::Plus(a, b) => write!(f, "{a} plus {b}"),
            Amount::Minus(a, b) => write!(f, "{a} minus {b}"),
            Amount::ThatMuch => f.write_str("that much"),
            Amount::CardsInGraveyards { filter, whose } => {
                let cards = if **filter == Filter::every() {
                    "cards".to_string()
                } else {
                    format!("{} cards", filter.singular())
                };
                match whose {
                    None => write!(f, "the number of {cards} in all graveyards"),
                    Some(PlayerRef::Opponent) => {
                        write!(f, "the number of {cards} in your opponents' graveyards")
                    }
                    Some(p) => write!(f, "the number of {cards} in {} graveyard", p.possessive()),
                }
            }
            Amount::DiedThisTurn { filter, yours } => {
                write!(f, "the number of {}", died_text(filter, *yours, true))
            }
            Amount::DiscardedThisWay => f.write_str("the number of cards discarded this way"),
            Amount::Half { of, up } => {
                write!(f, "half {of}, rounded {}", if *up { "up" } else { "down" })
            }
            Amount::LifeTotal(p) => write!(f, "{} life total", p.possessive()),
            Amount::ManaSymbols {
                colors,
                whose,
                in_graveyard,
            } => {
                let names: Vec<String> = colors.iter().map(|c| c.name().to_lowercase()).collect();
                if *in_graveyard {
                    write!(
                        f,
                        "the number of {} mana symbols in the mana costs of cards in {} graveyard",
                        names.join(" and "),
                        whose.possessive()
                    )
                } else {
                    write!(
                        f,
                        "{} devotion to {}",
                        whose.possessive(),
                        names.join(" and ")
                    )
                }
            }
            Amount::BasicLandTypes(p) => write!(
                f,
                "the number of basic land types among lands {} control{}",
                p.subject(),
                if matches!(p, PlayerRef::You) { "" } else { "s" }
            ),
            Amount::Players(PlayerRef::Opponent) => f.write_str("the number of opponents you have"),
            Amount::Players(_) => f.write_str("the number of players"),
            Amount::CardTypesInGraveyard(p) => write!(
                f,
                "the number of card types among cards in {} graveyard",
                p.possessive()
            ),
        }
    }
}

impl PlayerRef {
    pub fn subject(self) -> &'static str {
        match self {
            PlayerRef::You => "you",
            PlayerRef::Opponent => "an opponent",
            PlayerRef::DefendingPlayer => "defending player",
            PlayerRef::AttackingPlayer => "the attacking player",
            PlayerRef::ActivePlayer => "the active player",
            PlayerRef::Each => "each player",
            PlayerRef::ControllerOfTriggering | PlayerRef::ControllerOf(_) => "its controller",
            PlayerRef::EnchantedPlayer => "enchanted player",
            PlayerRef::TriggeringPlayer | PlayerRef::Player(_) | PlayerRef::Recipient => {
                "that player"
            }
            PlayerRef::OtherOpponents => "each other opponent",
            PlayerRef::ChosenPlayer => "the chosen player",
        }
    }

    /// "your", "that player's", "defending player's".
    pub fn possessive(self) -> &'static str {
        match self {
            PlayerRef::You => "your",
            PlayerRef::Opponent => "an opponent's",
            PlayerRef::DefendingPlayer => "defending player's",
            PlayerRef::AttackingPlayer => "the attacking player's",
            PlayerRef::ActivePlayer => "the active player's",
            PlayerRef::Each => "each player's",
            PlayerRef::ControllerOfTriggering | PlayerRef::ControllerOf(_) => "its controller's",
            PlayerRef::EnchantedPlayer => "enchanted player's",
            PlayerRef::TriggeringPlayer | PlayerRef::Player(_) | PlayerRef::Recipient => {
                "that player's"
            }
            PlayerRef::OtherOpponents => "each other opponent's",
            PlayerRef::ChosenPlayer => "the chosen player's",
        }
    }

    fn controls(self) -> &'static str {
        match self {
            PlayerRef::You => "you control",
            PlayerRef::Opponent => "an opponent controls",
            PlayerRef::DefendingPlayer => "defending player controls",
            PlayerRef::AttackingPlayer => "the attacking player controls",
            PlayerRef::ActivePlayer => "the active player controls",
            PlayerRef::Each => "a player controls",
            PlayerRef::ControllerOfTriggering | PlayerRef::ControllerOf(_) => {
                "its controller controls"
            }
            PlayerRef::EnchantedPlayer => "enchanted player controls",
            PlayerRef::TriggeringPlayer | PlayerRef::Player(_) | PlayerRef::Recipient => {
                "that player controls"
            }
            PlayerRef::OtherOpponents => "another opponent controls",
            PlayerRef::ChosenPlayer => "the chosen player controls",
        }
    }
}

/// A number of things or of life as card text says it: "seven or more cards", "ten or fewer
/// cards", "30 or more life", "5 or less life" ("or greater" is said of stats).
fn how_many(cmp: Cmp, count: i64, things: bool) -> String {
    match cmp {
        Cmp::AtLeast => format!("{count} or more"),
        Cmp::AtMost if things => format!("{count} or fewer"),
        Cmp::AtMost => format!("{count} or less"),
        c => format!("{c} {count}"),
    }
}

fn quantity(cmp: Cmp, amount: &Amount) -> String {
    match (cmp, amount) {
        (Cmp::AtMost | Cmp::AtLeast, a) => format!("{a} {cmp}"),
        (c, a) => format!("{c} {a}"),
    }
}

impl Filter {
    /// The description as the object of "blocking" or "blocked by": "~", "that creature",
    /// "it", or a noun phrase ("blocking an attacking Wall").
    fn pronoun(&self) -> String {
        match self {
            Filter::This => "~".into(),
            Filter::Object(_) => "that creature".into(),
            Filter::Triggering => "it".into(),
            f => format!("a {}", f.singular()),
        }
    }

    /// "permanent card": a card of a permanent type, that is neither an instant nor a sorcery
    /// (205.2a: a tribal instant isn't one).
    pub fn permanent_card() -> Filter {
        Filter::Any(vec![
            Filter::Type(CardType::Instant),
            Filter::Type(CardType::Sorcery),
        ])
        .negated()
    }

    /// The description of cards in a library or another hidden zone, as a search names them
    /// ("basic land card", "Plains or Island cards", "creature card with converted mana cost 1
    /// or less", "card named Avarax"); `None` if a part isn't one the card grammar reads there
    /// (`searched_cards`), so that what is said compiles back to the same description.
    pub fn card_phrase(&self, plural: bool) -> Option<String> {
        fn either(words: &[String]) -> String {
            match words {
                [a, b] => format!("{a} or {b}"),
                [rest @ .., last] => format!("{}, or {last}", rest.join(", ")),
                [] => String::new(),
            }
        }
        let parts: Vec<&Filter> = match self {
            Filter::All(p) => p.iter().collect(),
            f => vec![f],
        };
        // Said in the grammar's order: qualities, subtypes, types, "card", then "with ..." and
        // "named ...".
        let mut before: Vec<String> = Vec::new();
        let mut subtypes: Option<String> = None;
        let mut types: Option<String> = None;
        let mut after: Vec<String> = Vec::new();
        let set = |slot: &mut Option<String>, words: String| -> Option<()> {
            slot.is_none().then(|| *slot = Some(words))
        };
        for part in parts {
            match part {
                Filter::Supertype(s) => before.push(s.name().to_lowercase()),
                Filter::Color(c) => before.push(c.name().to_lowercase()),
                Filter::Colorless => before.push("colorless".into()),
                Filter::Multicolored => before.push("multicolored".into()),
                Filter::Monocolored => before.push("monocolored".into()),
                f if *f == Filter::permanent_card() => set(&mut types, "permanent".into())?,
                Filter::Not(inner) => match &**inner {
                    Filter::Type(t) => before.push(format!("non{}", t.name().to_lowercase())),
                    Filter::Color(c) => before.push(format!("non{}", c.name().to_lowercase())),
                    Filter::Supertype(s) => before.push(format!("non{}", s.name().to_lowercase())),
                    _ => return None,
                },
                Filter::Subtype(t) => set(&mut subtypes, t.clone())?,
                Filter::Type(t) => set(&mut types, t.name().to_lowercase())?,
                Filter::ManaValue(Cmp::Equal, Amount::X) => {
                    after.push("with converted mana cost X".into())
                }
                Filter::ManaValue(c, a) => {
                    after.push(format!("with converted mana cost {}", quantity(*c, a)))
                }
                Filter::Power(c, a) => after.push(format!("with power {}", quantity(*c, a))),
                Filter::Toughness(c, a) => {
                    after.push(format!("with toughness {}", quantity(*c, a)))
                }
                Filter::Named(n) => after.push(format!("named {n}")),
                Filter::NamedLikeThis => after.push("named ~".into()),
                Filter::Any(alts) => {
                    let words = |f: fn(&Filter) -> Option<String>| -> Option<Vec<String>> {
                        alts.iter().map(f).collect()
                    };
                    if let Some(w) = words(|a| match a {
                        Filter::Color(c) => Some(c.name().to_lowercase()),
                        _ => None,
                    })
                    .filter(|w| w.len() == 2)
                    {
                        before.push(w.join(" or "));
                    } else if let Some(w) = words(|a| match a {
                        Filter::Subtype(t) => Some(t.clone()),
                        _ => None,
                    }) {
                        set(&mut subtypes, either(&w))?;
                    } else if let Some(w) = words(|a| match a {
                        Filter::Type(t) => Some(t.name().to_lowercase()),
                        f if *f == Filter::permanent_card() => Some("permanent".into()),
                        _ => None,
                    }) {
                        set(&mut types, either(&w))?;
                    } else if let Some(w) = words(|a| match a {
                        Filter::Named(n) => Some(n.clone()),
                        _ => None,
                    }) {
                        after.push(format!("named {}", w.join(" or ")));
                    } else {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        let mut words = before;
        words.extend(subtypes);
        words.extend(types);
        words.push(if plural { "cards" } else { "card" }.into());
        words.extend(after);
        Some(words.join(" "))
    }

    /// The description as a plural noun phrase: "nonblack creatures with flying".
    pub fn plural(&self) -> String {
        self.phrase(true)
    }

    /// The description as a singular noun phrase: "nonblack creature with flying".
    pub fn singular(&self) -> String {
        self.phrase(false)
    }

    /// The description after "is": "untapped", "attacking", "a Human", "an artifact creature".
    pub fn predicate(&self) -> String {
        // "enchanted or equipped", "a Knight or a Soldier"
        if let Filter::Any(alts) = self {
            let each: Vec<String> = alts.iter().map(Filter::predicate).collect();
            return each.join(" or ");
        }
        let s = self.singular();
        match s.strip_suffix(" permanent") {
            Some(states) => states.to_string(),
            None => crate::view::with_article(&s),
        }
    }

    fn phrase(&self, plural: bool) -> String {
        let parts: Vec<&Filter> = match self {
            Filter::All(p) => p.iter().collect(),
            f => vec![f],
        };
        let mut adjectives: Vec<String> = Vec::new();
        let mut nouns: Vec<String> = Vec::new();
        let mut subtypes: Vec<String> = Vec::new();
        let mut after: Vec<String> = Vec::new();
        let mut other = false;
        for p in parts {
            match p {
                Filter::Type(t) => nouns.push(t.name().to_lowercase()),
                // "permanents": the noun itself (every object in play is one).
                f if *f == Filter::permanent_card() => nouns.push("permanent".into()),
                Filter::Subtype(s) => subtypes.push(s.clone()),
                // "other creatures you control" said of the creature a trigger is about
                // reads the same way.
                Filter::Not(inner) if matches!(**inner, Filter::This | Filter::Triggering) => {
                    other = true
                }
                Filter::Not(inner) => match &**inner {
                    Filter::Keyword(k) => after.push(format!("without {k}")),
                    Filter::Type(t) => adjectives.push(format!("non{}", t.name().to_lowercase())),
                    Filter::Subtype(s) => adjectives.push(format!("non-{s}")),
                    Filter::Supertype(s) => {
                        adjectives.push(format!("non{}", s.name().to_lowercase()))
                    }
                    Filter::Color(c) => adjectives.push(format!("non{}", c.name().to_lowercase())),
                    Filter::Token => adjectives.push("nontoken".into()),
                    Filter::Attacking => adjectives.push("nonattacking".into()),
                    Filter::Blocked => adjectives.push("unblocked".into()),
                    Filter::Tapped => adjectives.push("untapped".into()),
                    // "creature you don't control"
                    Filter::ControlledBy(PlayerRef::You) => after.push("you don't control".into()),
                    other => adjectives.push(format!("not {}", other.singular())),
                },
                Filter::Supertype(s) => adjectives.push(s.name().to_lowercase()),
                Filter::Color(c) => adjectives.push(c.name().to_lowercase()),
                Filter::Colorless => adjectives.push("colorless".into()),
                Filter::Multicolored => adjectives.push("multicolored".into()),
                Filter::Monocolored => adjectives.push("monocolored".into()),
                Filter::Token => adjectives.push("token".into()),
                Filter::Attacking => adjectives.push("attacking".into()),
                Filter::AttackingAlone => after.push("attacking alone".into()),
                Filter::Blocking => adjectives.push("blocking".into()),
                Filter::Blocked => adjectives.push("blocked".into()),
                Filter::Tapped => adjectives.push("tapped".into()),
                Filter::Enchanted => adjectives.push("enchanted".into()),
                Filter::Equipped => adjectives.push("equipped".into()),
                Filter::Keyword(k) => after.push(format!("with {k}")),
                Filter::Power(c, a) => after.push(format!("with power {}", quantity(*c, a))),
                Filter::Toughness(c, a) => {
                    after.push(format!("with toughness {}", quantity(*c, a)))
                }
                Filter::ControlledBy(p) => after.push(p.controls().to_string()),
                Filter::Counter(Some(k)) => after.push(format!("with a {k} counter on it")),
                Filter::Counter(None) => after.push("with counters on it".into()),
                Filter::Named(n) => after.push(format!("named {n}")),
                Filter::NamedLikeThis => after.push("named like this object".into()),
                Filter::Monstrous => adjectives.push("monstrous".into()),
                Filter::Renowned => adjectives.push("renowned".into()),
                Filter::Commander { yours: false } => adjectives.push("commander".into()),
                Filter::Commander { yours: true } => nouns.push("commander of yours".into()),
                Filter::This => nouns.push("this object".into()),
                Filter::Object(_) => nouns.push("source of the effect".into()),
                Filter::TargetsThis => after.push("that targets this object".into()),
                Filter::HostOfThis => after.push("this is attached to".into()),
                Filter::AttachedToThis => after.push("attached to this object".into()),
                Filter::ToughnessVsPower(c) => after.push(format!(
                    "with toughness {} its power",
                    match c {
                        Cmp::AtMost => "less than or equal to",
                        Cmp::AtLeast => "greater than or equal to",
                        Cmp::Less => "less than",
                        Cmp::Greater => "greater than",
                        Cmp::Equal => "equal to",
                    }
                )),
                Filter::ManaValue(c, a) => {
                    after.push(format!("with converted mana cost {}", quantity(*c, a)))
                }
                Filter::ManaValueParity { even } => after.push(format!(
                    "with {} converted mana cost",
                    if *even { "an even" } else { "an odd" }
                )),
                Filter::AttackedLastTurn => {
                    after.push("that attacked during its controller's last turn".into())
                }
                Filter::DuringCombat => after.push("during combat".into()),
                Filter::ControllerCastSpellThisTurn => {
                    after.push("whose controller cast a spell this turn".into())
                }
                Filter::ActiveControlledSinceTurnBegan => after.push(
                    "the active player has controlled continuously since the beginning of the turn"
                        .into(),
                ),
                Filter::AttackedThisTurn => after.push("that attacked this turn".into()),
                Filter::BandedWithThis => after.push("banded with this creature".into()),
                Filter::DealtDamageByThisThisTurn => {
                    after.push("dealt damage by this creature this turn".into())
                }
                Filter::DealtDamageThisTurn => after.push("that was dealt damage this turn".into()),
                Filter::SharesCreatureTypeWithThis => {
                    after.push("that shares a creature type with this creature".into())
                }
                Filter::DealtDamageToYouThisTurn => {
                    after.push("that dealt damage to you this turn".into())
                }
                Filter::AttackingYou { planeswalkers } => after.push(
                    if *planeswalkers {
                        "attacking you or a planeswalker you control"
                    } else {
                        "attacking you"
                    }
                    .into(),
                ),
                Filter::ControlledByPlayer(_) => after.push("the targeted player controls".into()),
                Filter::Triggering => nouns.push("creature the event happened to".into()),
                Filter::ChosenColor => after.push("of the chosen color".into()),
                Filter::ChosenType => after.push("of the chosen type".into()),
                Filter::BlockingWhat(f) => after.push(format!("blocking {}", f.pronoun())),
                Filter::BlockedBy(f) => after.push(format!("blocked by {}", f.pronoun())),
                Filter::BlockedThisTurn {
                    blocker: true,
                    other,
                } => after.push(format!("that blocked {} this turn", other.pronoun())),
                Filter::BlockedThisTurn {
                    blocker: false,
                    other,
                } => after.push(format!("{} blocked this turn", other.pronoun())),
                // "attacking or blocking": states, before the noun.
                Filter::Any(alts)
                    if alts
                        .iter()
                        .all(|a| matches!(a, Filter::Attacking | Filter::Blocking)) =>
                {
                    let words: Vec<&str> = alts
                        .iter()
                        .map(|a| match a {
                            Filter::Attacking => "attacking",
                            _ => "blocking",
                        })
                        .collect();
                    adjectives.push(words.join(" or "));
                }
                // "green or white": colors, before the noun.
                Filter::Any(alts) if alts.iter().all(|a| matches!(a, Filter::Color(_))) => {
                    let words: Vec<String> = alts
                        .iter()
                        .filter_map(|a| match a {
                            Filter::Color(c) => Some(c.name().to_lowercase()),
                            _ => None,
                        })
                        .collect();
                    adjectives.push(words.join(" or "));
                }
                // "target artifact or enchantment" (one thing, either kind); "artifacts
                // and/or enchantments" (a group, of both kinds or either).
                Filter::Any(alts) => {
                    let words: Vec<String> = alts.iter().map(|a| a.phrase(plural)).collect();
                    nouns.push(words.join(if plural { " and/or " } else { " or " }));
                }
                Filter::All(inner) => nouns.push(Filter::All(inner.clone()).phrase(plural)),
            }
        }
        // "Walls" rather than "Wall creatures": a creature type names creatures.
        if !subtypes.is_empty() && nouns == ["creature"] {
            nouns.clear();
        }
        subtypes.append(&mut nouns);
        let mut nouns = subtypes;
        if nouns.is_empty() {
            nouns.push("permanent".into());
        }
        let mut noun = nouns.join(" ");
        if plural {
            noun = pluralize_last(&noun);
        }
        let mut words = Vec::new();
        if other {
            words.push("other".to_string());
        }
        words.extend(adjectives);
        words.push(noun);
        words.extend(after);
        words.join(" ")
    }
}

fn pluralize_last(noun: &str) -> String {
    if noun.contains(" and/or ") {
        return noun.to_string();
    }
    match noun.rsplit_once(' ') {
        Some((head, last)) => format!("{head} {}", crate::typeline::plural(last)),
        None => crate::typeline::plural(noun),
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plural())
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Not { of } => write!(f, "not ({of})"),
            Condition::Controls { filter, count: 1 }
                if *filter
                    == Filter::Commander { yours: true }
                        .and(Filter::ControlledBy(PlayerRef::You)) =>
            {
                f.write_str("you control your commander")
            }
            Condition::Controls { filter, count } => {
                let who = [
                    PlayerRef::You,
                    PlayerRef::Opponent,
                    PlayerRef::DefendingPlayer,
                    PlayerRef::AttackingPlayer,
                ]
                .into_iter()
                .find(|p| filter.mentions(*p));
                let what = match filter {
                    Filter::All(parts) => Filter::All(
                        parts
                            .iter()
                            .filter(|p| !matches!(p, Filter::ControlledBy(_)))
                            .cloned()
                            .collect(),
                    ),
                    f => f.clone(),
                };
                let subject = who.map_or("a player", PlayerRef::subject);
                let verb = if subject == "you" {
                    "control"
                } else {
                    "controls"
                };
                if *count == 1 {
                    let noun = what.singular();
                    let article =
                        if noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
                            "an"
                        } else {
                            "a"
                        };
                    write!(f, "{subject} {verb} {article} {noun}")
                } else {
                    write!(f, "{subject} {verb} {count} or more {}", what.plural())
                }
            }
            Condition::Cards {
                player,
                zone,
                cmp,
                count,
            } => {
                let zone = match zone {
                    Zone::Graveyard => "graveyard",
                    Zone::Hand => "hand",
                    Zone::Library => "library",
                    _ => "zone",
                };
                let n = how_many(*cmp, i64::from(*count), true);
                write!(f, "{n} cards are in {} {zone}", player.possessive())
            }
            Condition::SourceIs {
                filter: Filter::Counter(Some(kind)),
            } => write!(f, "this has a {kind} counter on it"),
            Condition::SourceIs { filter } => write!(f, "this object is {}", filter.predicate()),
            Condition::AttachedIs { filter } => write!(
                f,
                "the permanent it's attached to is {}",
                filter.predicate()
            ),
            Condition::Compare {
                who,
                who_every,
                measure,
                more,
                than,
                than_every,
            } => {
                let side = |p: &PlayerRef, every: bool| match (p, every) {
                    (PlayerRef::Opponent, true) => "each opponent".to_string(),
                    (PlayerRef::Each, true) => "each other player".to_string(),
                    (PlayerRef::Each, false) => "a player".to_string(),
                    (p, _) => p.subject().to_string(),
                };
                let subject = side(who, *who_every);
                let plural = subject == "you";
                let (verb, what) = match measure {
                    Measure::Life => (if plural { "have" } else { "has" }, "life".to_string()),
                    Measure::CardsInHand => (
                        if plural { "have" } else { "has" },
                        "cards in hand".to_string(),
                    ),
                    Measure::Controls(filter) => {
                        (if plural { "control" } else { "controls" }, filter.plural())
                    }
                };
                let how = match (more, measure) {
                    (true, _) => "more",
                    (false, Measure::Life) => "less",
                    (false, _) => "fewer",
                };
                write!(
                    f,
                    "{subject} {verb} {how} {what} than {}",
                    side(than, *than_every)
                )
            }
            Condition::Poisoned { player } => write!(f, "{} is poisoned", player.subject()),
            Condition::Life { player, cmp, count } => {
                let n = how_many(*cmp, *count, false);
                let verb = if *player == PlayerRef::You {
                    "have"
                } else {
                    "has"
                };
                write!(f, "{} {verb} {n} life", player.subject())
            }
            Condition::AmountIs { amount, cmp, count } => {
                write!(f, "{amount} is {}", quantity(*cmp, &Amount::Number(*count)))
            }
            Condition::AttackedThisTurn { player } => {
                write!(f, "{} attacked with a creature this turn", player.subject())
            }
            Condition::BeingAttacked {
                player: PlayerRef::You,
            } => f.write_str("you are being attacked"),
            Condition::BeingAttacked { player } => {
                write!(f, "{} is being attacked", player.subject())
            }
            // "another red spell": a spell other than the object with the ability.
            Condition::CastThisTurn { player, spell } => {
                let (rest, another) = match spell.without(&Filter::This.negated()) {
                    Some(rest) => (rest, true),
                    None => (spell.clone(), false),
                };
                let words = crate::view::spell_words(&rest);
                let words = if another {
                    let bare = words
                        .strip_prefix("an ")
                        .or_else(|| words.strip_prefix("a "))
                        .unwrap_or(&words);
                    format!("another {bare}")
                } else {
                    words
                };
                write!(f, "{} played {words} this turn", player.subject())
            }
            Condition::DealtDamageThisTurn { player } => {
                write!(f, "{} has been dealt damage this turn", player.subject())
            }
            Condition::PairedWith { filter } => {
                write!(f, "this creature is paired with {}", filter.singular())
            }
            Condition::CreatureDiedThisTurn {
                player: PlayerRef::Each,
            } => f.write_str("a creature died this turn"),
            Condition::LeftPlayThisTurn { player } => write!(
                f,
                "a permanent {} controlled left play this turn",
                player.subject()
            ),
            Condition::CreatureDiedThisTurn { player } => write!(
                f,
                "a creature died under the control of {} this turn",
                player.subject()
            ),
            Condition::SourceCounters { kind, cmp, count } => {
                let n = quantity(*cmp, &Amount::Number(i64::from(*count)));
                write!(f, "this object has {n} {kind} counters on it")
            }
            Condition::Level {
                min,
                max: Some(max),
            } => write!(
                f,
                "this creature has at least {min} and no more than {max} level counters on it"
            ),
            Condition::Level { min, max: None } => {
                write!(f, "this creature has {min} or more level counters on it")
            }
            Condition::Kicked => f.write_str("it was kicked"),
            Condition::KickedWith { cost } => write!(f, "it was kicked with its {cost} kicker"),
            Condition::CastFrom { zone: Zone::Hand } => f.write_str("you cast it from your hand"),
            Condition::CastFrom { zone } => write!(f, "it was cast from {}", zone.name()),
            Condition::TotalPower { filter, at_least } => write!(
                f,
                "{} have total power {at_least} or greater",
                filter.plural()
            ),
            Condition::ControlsSharingType { filter, count } => write!(
                f,
                "{count} or more {} share a creature type",
                filter.plural()
            ),
            Condition::Any { of } => {
                let parts: Vec<String> = of.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join(" or "))
            }
            Condition::GraveyardHas {
                player,
                filter,
                count,
            } if *count > 1 => write!(
                f,
                "there are {count} or more {} cards in {} graveyard",
                filter.singular(),
                player.possessive()
            ),
            Condition::GraveyardHas { player, filter, .. } => {
                let noun = filter.singular();
                let article =
                    if noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                write!(
                    f,
                    "there is {article} {noun} card in {} graveyard",
                    player.possessive()
                )
            }
            Condition::CardTypesInGraveyard { player, count } => write!(
                f,
                "there are {count} or more card types among cards in {} graveyard",
                player.possessive()
            ),
            Condition::ObjectIs { of, filter } => {
                write!(f, "{} is {}", of.object(), filter.predicate())
            }
            Condition::MilledCardIs {
                filter: Filter::SharesCreatureTypeWithThis,
            } => f.write_str("that card shares a creature type with this creature"),
            Condition::MilledCardIs { filter } => {
                let noun = filter.singular();
                let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "that card is {article} {noun} card")
            }
            Condition::CitysBlessing {
                player: PlayerRef::You,
            } => f.write_str("you have the city's blessing"),
            Condition::Monarch {
                player: PlayerRef::You,
            } => f.write_str("you're the monarch"),
            Condition::Monarch { player } => write!(f, "{} is the monarch", player.subject()),
            Condition::ExtraTurn => f.write_str("it's an extra turn"),
            Condition::YourTurn => f.write_str("it's your turn"),
            Condition::DuringCombat => f.write_str("it's the combat phase"),
            Condition::LostFlip => f.write_str("you lose the flip"),
            Condition::WonFlip => f.write_str("you win the flip"),
            Condition::CitysBlessing { player } => {
                write!(f, "{} has the city's blessing", player.subject())
            }
        }
    }
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}
