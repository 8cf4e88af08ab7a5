//! Abilities as values: what the card-text compiler produces and the rules consult.
//!
//! Each variant names the rule that gives it meaning. The compiler (`cards::grammar`) is the only
//! place that turns English into these values; everything else reads them.

use crate::filter::{Amount, Condition, Filter};
use crate::mana::{Color, ManaCost};
use crate::model::Step;
use crate::typeline::BasicLandType;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One ability of an object (400.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ability {
    /// A keyword ability (502).
    Keyword { keyword: Keyword },
    /// A static ability that restricts or requires attacks or blocks (500.1), or changes how
    /// blocking works; with a condition, only while it holds ("as long as ...", "unless ...").
    Combat {
        scope: Scope,
        rule: CombatRule,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<Condition>,
    },
    /// A static ability that changes the characteristics of the creatures it applies to
    /// (418.5a): "Enchanted creature gets +2/+2", "Other Goblin creatures you control get
    /// +1/+1", "Creatures you control have haste"; with a condition, only while it holds.
    Static {
        scope: Scope,
        effect: StaticEffect,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<Condition>,
    },
    /// An activated ability: `[cost]: [effect]` (402.1, 406 for mana abilities); its
    /// instructions are followed in order as it resolves. `only` holds the card's own limits
    /// on when it may be played ("Activate this ability only once each turn.").
    Activated {
        cost: Cost,
        effects: Vec<Effect>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        only: Vec<ActivationLimit>,
    },
    /// An instruction of an instant or sorcery, followed as it resolves (401.3).
    Spell { effect: Effect },
    /// A triggered ability: "[When/Whenever/At] [trigger], [effect]." (404, 410); its
    /// instructions are followed in order as it resolves.
    Triggered {
        trigger: Trigger,
        effects: Vec<Effect>,
    },
    /// "~ comes into play tapped." A static ability applied as part of the event that puts the
    /// permanent into play (410.10e).
    EntersTapped,
    /// "This effect doesn't remove ~." after "Enchanted creature has protection from green." on
    /// an Aura: the protection this Aura gives doesn't make it fall off (the text overriding
    /// 502.7c and 420.5d, 103.1); protection from it that anything else gives still does.
    ProtectionKeepsThis,
    /// "If ~ was kicked, it enters the battlefield with first strike.", "... with \"Pay 3 life:
    /// Regenerate ~.\"": abilities the permanent has from the moment it comes into play, as
    /// part of that event (410.10e), for as long as it remains in play; with a condition, only
    /// if it holds then ("if it was kicked", 502.21b).
    EntersWithAbilities {
        abilities: Vec<Ability>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<crate::filter::Condition>,
    },
    /// "This spell can't be countered." (2009: "~ can't be countered."): an effect that would
    /// counter it does nothing to it; the "can't" wins (103.2).
    CantBeCountered,
    /// "As an additional cost to play ~, sacrifice a creature." (409.1f): permanents the
    /// description fits, sacrificed as the spell's total cost is paid (409.1h).
    AdditionalSacrifice {
        filter: crate::filter::Filter,
        count: u32,
    },
    /// Current 711.2a-b (2010; no 2009 rule): the power/toughness box of a leveler card's
    /// striation: "As long as this creature has at least `min` level counters on it, but no
    /// more than `max`, it has base power and toughness `power`/`toughness`" (layer 6b, with
    /// its object's timestamp, so before every effect on it). The striation's other abilities
    /// are ordinary abilities with the condition `Condition::Level`.
    LevelPt {
        min: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
        power: i32,
        toughness: i32,
    },
    /// 208.2, 405.2: a characteristic-defining ability printed with a `*` in the power/
    /// toughness box ("~'s power and toughness are each equal to the number of creatures you
    /// control."): the power (or toughness) it names is the amount, read in every zone as
    /// characteristics are (418.5a layer 6a, before every other effect); an amount that
    /// can't be determined is 0. `None` leaves that number as printed.
    DefinesPt {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<crate::filter::Amount>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        toughness: Option<crate::filter::Amount>,
    },
    /// "~ enters the battlefield with a +1/+1 counter on it for each time it was kicked."
    /// Linked to its kicker and multikicker abilities (current 702.33d-e): `count` +1/+1
    /// counters for each kicker cost paid as its spell was played (each multikicker payment
    /// counts), as part of the event that puts it into play (410.10e).
    EntersWithCountersEachKick { count: u32 },
    /// "~ comes into play with two +1/+1 counters on it." (current "enters the battlefield"):
    /// a replacement effect (419.1b) that is part of the event putting it into play however it
    /// gets there (410.10e), so its comes-into-play abilities see the counters.
    EntersWithCounters {
        counter: crate::model::Counter,
        /// Read as it comes into play: "X" is the X announced for its spell (409.1b; 0 if it
        /// comes into play any other way, 203.3b), "for each ..." counts then.
        count: crate::filter::Amount,
        /// "... if a creature died this turn" (morbid): only if this holds as it comes into
        /// play, read about the permanent and its controller.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<crate::filter::Condition>,
    },
    /// "Each other Rogue creature you control enters the battlefield with an additional +1/+1
    /// counter on it.", "... an additional X +1/+1 counters on it, where X is the number of
    /// +1/+1 counters on ~." (419.1b, 410.10e): a replacement effect of this permanent, in
    /// play, on each other permanent `filter` fits (read from this one) coming into play,
    /// `count` read from this one as it does.
    OthersEnterWithCounters {
        filter: Filter,
        counter: crate::model::Counter,
        count: crate::filter::Amount,
    },
    /// "Choose one —", "Choose two —", "Choose one or both —", "Choose one or more —" and its
    /// bulleted modes, on an instant or sorcery (409.1b): as the spell is played its controller
    /// chooses between `min` and `max` different modes; the spell has the instructions (and
    /// the targets, 409.1d) of the chosen modes only, in the printed order.
    Modal {
        min: u32,
        max: u32,
        modes: Vec<Vec<Effect>>,
    },
    /// One bulleted mode ("• Creatures without flying can't block this turn.") as its line
    /// compiles on its own; `cards::compile_text` folds each into the [`Ability::Modal`] before
    /// it, so a compiled card never has one.
    Mode { effects: Vec<Effect> },
    /// "Cast this spell only during combat before blockers are declared." (Blaze of Glory):
    /// when the card may be played as a spell. It restricts how the card is played, so it
    /// functions wherever the card could be played from (402.8d); every limit must hold.
    CastOnly { only: Vec<ActivationLimit> },
    /// "You may exert ~ as it attacks." (current 701.43d): an optional cost to attack; as it
    /// is declared as an attacker its controller chooses whether to exert it (701.43a: it
    /// won't untap during his or her next untap step), which triggers its linked "When you
    /// do" ability ([`Trigger::Exerted`]).
    MayExert,
    /// "As ~ comes into play, choose a color." (410.10e, 419.1b): a static ability whose
    /// choice is made by its controller as part of the event that puts it into play; "the
    /// chosen color" of its other abilities reads it.
    ChooseColorAsEnters,
    /// "As ~ enters the battlefield, choose a creature type." (410.10e, 419.1b): as
    /// [`Ability::ChooseColorAsEnters`], a creature type; "of the chosen type" reads it.
    ChooseCreatureTypeAsEnters,
    /// "As ~ enters the battlefield, choose an opponent." / "... choose a player." (410.10e):
    /// as [`Ability::ChooseColorAsEnters`], a player (with `opponent`, an opponent of its
    /// controller); "the chosen player" in its other abilities reads it.
    ChoosePlayerAsEnters { opponent: bool },
    /// "You may choose not to untap ~ during your untap step." (302.2): as its controller's
    /// untap step untaps his or her permanents, he or she chooses whether this one, if
    /// tapped, stays tapped.
    MayNotUntap,
}

/// The instructions a spell follows (401.3), in order: those of its [`Ability::Spell`]s and of
/// the chosen `modes` (0-based, in the printed order) of its [`Ability::Modal`] (409.1b).
pub fn spell_effects<'a>(
    abilities: impl IntoIterator<Item = &'a Ability>,
    modes: &[usize],
) -> Vec<Effect> {
    let mut out = Vec::new();
    for a in abilities {
        match a {
            Ability::Spell { effect } => out.push(effect.clone()),
            Ability::Modal { modes: all, .. } => {
                for (i, m) in all.iter().enumerate() {
                    if modes.contains(&i) {
                        out.extend(m.iter().cloned());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The modes of an activated or triggered ability whose instruction is [`Effect::Modal`]: how
/// many are chosen, at least and at most, and each mode's instructions.
pub fn ability_modes(effects: &[Effect]) -> Option<(u32, u32, &[Vec<Effect>])> {
    match effects {
        [Effect::Modal { min, max, modes }] => Some((*min, *max, modes)),
        _ => None,
    }
}

/// The instructions of a modal ability with the `chosen` modes (0-based) announced (409.1b,
/// 410.4a): theirs only, in the printed order; an ability that isn't modal keeps its own.
pub fn with_chosen_modes(effects: &[Effect], chosen: &[usize]) -> Vec<Effect> {
    match ability_modes(effects) {
        Some((_, _, modes)) => modes
            .iter()
            .enumerate()
            .filter(|(i, _)| chosen.contains(i))
            .flat_map(|(_, m)| m.iter().cloned())
            .collect(),
        None => effects.to_vec(),
    }
}

/// What a static ability does to the characteristics of the objects it applies to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum StaticEffect {
    /// "gets +N/+N": layer 6d in 2009 (418.5a: static abilities that modify power and
    /// toughness without setting them, applied after counters).
    Pump { power: i32, toughness: i32 },
    /// "gets +1/+0 for each artifact you control", "... for each creature card in your
    /// graveyard": layer 6d like [`StaticEffect::Pump`], that much for each thing `per` counts,
    /// counted from the ability's object as characteristics are computed.
    PumpFor {
        power: i32,
        toughness: i32,
        per: crate::filter::Amount,
    },
    /// "has flying", "have haste": layer 5, in timestamp order with effects that add and
    /// remove abilities (402.9); the ability's timestamp is its object's (418.5f).
    Keywords { keywords: Vec<Keyword> },
    /// "lose flying", "lose first strike and can't have or gain first strike": layer 5 like
    /// [`StaticEffect::Keywords`], taking the keywords away in timestamp order (402.9); with
    /// `barred`, the permanent can't have them whatever gives them and whenever (the text's
    /// own "can't", which no timestamp undoes).
    LoseKeywords {
        keywords: Vec<Keyword>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        barred: bool,
    },
    /// "is black" (418.5a layer 5: an effect that changes an object's color): the object is
    /// those colors and no other, in timestamp order with resolved effects that set colors
    /// (418.5b); its timestamp is its object's (418.5f).
    Colors { colors: Vec<Color> },
    /// "its activated abilities can't be played" (current "can't be activated"), or only those
    /// "with {T} in their costs": the "can't" wins over the permission to play them (103.2).
    /// Not a characteristic: the layers leave it alone, and playing an ability checks it.
    CantActivate { only_tap: bool },
    /// "doesn't untap during its controller's untap step" (302.2: effects can keep permanents
    /// from untapping). Not a characteristic either: the untap step asks about it.
    DoesntUntap,
    /// "Enchanted land has \"{T}: Target creature can't block this turn.\"" (402.9): the
    /// quoted abilities (and keywords listed with them) are abilities of each permanent the
    /// ability applies to, in layer 5 (418.5a), "this creature" in them meaning that permanent.
    Abilities { abilities: Vec<Ability> },
    /// "Prevent all damage that would be dealt to ~.", "If a source would deal damage to you,
    /// prevent 1 of that damage." (419.7): a prevention effect for as long as the ability's
    /// object is in play (and its condition holds), its descriptions read from that object;
    /// the ability's scope is [`Scope::This`] and says nothing more.
    Prevent(crate::prevention::Prevention),
    /// "Players can't cast spells during combat.", "Your opponents can't cast instant spells.",
    /// "As long as ~ is attacking, defending player can't cast spells.": the players `who`
    /// names (read from the ability's object, "you" its controller) can't play spells the
    /// description fits while the ability is in force (2009 103.2: "can't" wins over the
    /// permission to play a spell, 409.1). The ability's scope is [`Scope::This`].
    CantCast {
        who: crate::filter::PlayerRef,
        spells: crate::filter::Filter,
    },
    /// "As long as your devotion to white is less than five, ~ isn't a creature." (418.5a
    /// layer 4): the permanent loses the card type creature, and with it its creature types
    /// and its power and toughness (205.3d, 208.3), while its condition holds.
    NotCreature,
    /// "All damage that would be dealt to you is dealt to ~ instead.", "As long as ~ is
    /// untapped, all combat damage that would be dealt to you by unblocked creatures is dealt
    /// to ~ instead." (419.6c): a redirection effect for as long as the ability's object is in
    /// play (and its condition holds), "~" being that object.
    Redirect(crate::redirection::Redirection),
    /// "You control enchanted creature." (418.5a layer 2: a control-changing effect): the
    /// ability's controller controls the permanent the object with the ability is attached
    /// to, for as long as it is attached (`Game::apply_static_control`).
    Control,
    /// "If a source you control would deal damage to a permanent or player, it deals double
    /// that damage to that permanent or player instead." (419.6): a replacement effect that
    /// increases damage, for as long as the ability's object is in play (and its condition
    /// holds); the ability's scope is [`Scope::This`] and says nothing more.
    IncreaseDamage(crate::prevention::DamageIncrease),
    /// "Enchanted creature is an Angel in addition to its other types.", "Equipped creature is
    /// a white Angel in addition to its other colors and types.": the card types and subtypes
    /// are added to the permanent's own (212.1c; layer 4 of 418.5a) and the colors to its
    /// colors (layer 5), each in its layer (418.5b) and in timestamp order there.
    AddTypes {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        colors: Vec<Color>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        card_types: Vec<crate::typeline::CardType>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        subtypes: Vec<String>,
    },
}

/// When a triggered ability triggers (404.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A moment: "At the beginning of your upkeep", "At the beginning of each player's
    /// precombat main phase", "At the beginning of combat on each opponent's turn", "At end of
    /// turn" (current "At the beginning of the end step"), "At end of combat": as that step
    /// or phase begins (upkeep 303.1, draw 304.1 after the draw, main 305.3, beginning of
    /// combat 307.1, end of combat 311.1, end of turn 313.1) in the turns `whose` names.
    /// With `Each` or `Opponents`, "that player" in its instructions is the player whose turn
    /// it is; a delayed triggered ability waiting "at the beginning of the next turn's
    /// upkeep" (404.4) is `Each` upkeep, triggering at the first.
    AtStep { step: Step, whose: Whose },
    /// "Whenever you cast a red spell" (2009: "play"): as its controller plays a spell the
    /// description fits, once the spell is played (409.1i).
    YouCastSpell { filter: Filter },
    /// "When ~ leaves play" (current "leaves the battlefield"): it moved from play to any
    /// zone; a leaves-play ability, looking back (410.10d).
    LeavesPlay,
    /// "Whenever you gain life" (215.1): once for each life gain event of its controller.
    YouGainLife,
    /// "Whenever ~ is dealt damage" (416.1): once for each time damage is dealt to it
    /// (simultaneous combat damage from several sources is one event, 310.4); "that much" in
    /// its instructions is all the damage of that event.
    IsDealtDamage,
    /// "Whenever ~ is dealt combat damage" (310.4): once for the combat damage of a step,
    /// "that much" being all of it.
    IsDealtCombatDamage,
    /// "Whenever ~ deals combat damage to a player" (410.2).
    DealsCombatDamageToPlayer,
    /// "Whenever ~ deals damage to a player" (410.2): as any damage it deals to a player is
    /// dealt, combat damage (310.4) or not (416.1), once each time; "that player" is the player
    /// dealt the damage, bound as it triggers. With `opponent` ("to an opponent"), only damage
    /// to an opponent of its controller. A source that left play triggers nothing (402.8).
    DealsDamageToPlayer {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        opponent: bool,
    },
    /// "Whenever ~ attacks": as it is declared as an attacker (308.3); a creature put into play
    /// attacking never "attacked" (308.4).
    Attacks,
    /// "When ~ comes into play" (current "enters the battlefield"): as it is put into play
    /// (410.10a: it looks at the permanent as it exists in play).
    ComesIntoPlay,
    /// "When ~ is turned face up" (502.26d): as its controller turns it face up, the ability
    /// it has face up triggers; its comes-into-play abilities don't (504.5).
    TurnedFaceUp,
    /// "Whenever ~ blocks": as it is declared as a blocker (309.3); a creature put into play
    /// blocking never "blocked" (309.5).
    Blocks,
    /// "Whenever ~ attacks or blocks": both events, each as the creature is declared (308.3,
    /// 309.3).
    AttacksOrBlocks,
    /// "Whenever ~ attacks alone": as it is declared as the only attacker (308.3; the event
    /// exalted looks for, 502.83a).
    AttacksAlone,
    /// "Whenever enchanted creature attacks or blocks", "Whenever equipped creature deals
    /// combat damage to a player": an ability of an Aura or Equipment that triggers on the
    /// event happening to the creature it is attached to (212.4, 212.2j).
    Attached(Box<Trigger>),
    /// "Whenever ~ becomes blocked": the first time it becomes blocked in a combat (309.4).
    BecomesBlocked,
    /// "When ~ is put into a graveyard from play" (current "dies"): a leaves-play ability, so
    /// it looks back at the permanent as it last existed in play (410.10d).
    Dies,
    /// "Whenever ~ attacks for the first time each turn": as it is declared as an attacker
    /// (308.3) if it hadn't been declared as one earlier in the turn (an additional combat
    /// phase, 300.7, is the same turn).
    AttacksFirstTimeEachTurn,
    /// "When ~ dies during combat": [`Trigger::Dies`] while the turn is in its combat phase
    /// (306.1: beginning of combat through end of combat).
    DiesDuringCombat,
    /// "When ~ exploits a creature": as its controller sacrifices a creature to its exploit
    /// ability (current 702.110b).
    Exploits,
    /// "Whenever another creature comes into play under your control", "Whenever ~ or another
    /// Ally enters the battlefield under your control": as a permanent the description fits
    /// (read from the ability's own permanent) comes into play (410.10a).
    PermanentEnters { filter: Filter },
    /// "Whenever another creature is put into a graveyard from play" (current "dies"): a
    /// leaves-play ability, so it looks back in time (410.10d): the permanent as it last
    /// existed, and abilities of permanents that left play at the same time trigger too.
    PermanentDies { filter: Filter },
    /// Battalion (an ability word, current 207.2c): "Whenever ~ and at least two other
    /// creatures attack": as attackers are declared (308.3), if it is one of them and at least
    /// `others` other creatures are too. As an event: it and `others` other creatures attack.
    AttacksWithOthers { others: u32 },
    /// "Whenever ~ becomes the target of a spell or ability [an opponent controls|you
    /// control]", "... of a spell": as a spell or ability that targets it is played or put on
    /// the stack (409.1c, 410.4; it becomes the target then), once per spell or ability
    /// however many of its targets it is. `by` is whose spell or ability, relative to the
    /// permanent's controller (`None`: anyone's); as an event, `by` says which it was.
    BecomesTarget {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        spells_only: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<crate::filter::PlayerRef>,
    },
    /// "Whenever ~ becomes tapped": as it changes from untapped to tapped, for any reason (a
    /// cost, attacking, an effect, regeneration; 501.7); a permanent that comes into play
    /// tapped never became tapped.
    BecomesTapped,
    /// "Whenever ~ becomes untapped" (inspired, current 207.2c ability word): as the permanent
    /// changes from tapped to untapped, for any reason (its controller's untap step, 302.2, or
    /// an effect).
    BecomesUntapped,
    /// "Whenever you discard a card", "Whenever you cycle or discard a card": as its
    /// controller discards a card (glossary "Discard"), for any reason: a cost, cycling
    /// (which discards, 502.18a, so it triggers once), an instruction, cleanup (314.1).
    YouDiscard,
    /// "When you cast ~" (2009: "When you play ~"): as the card itself becomes cast (409.1i),
    /// from the stack, where the trigger condition can only be met (current 113.6k; 2009 has no
    /// card with it and no rule beyond 402.8b); the spell's controller controls it.
    YouCastThis,
    /// "When you cycle ~" (502.18c): "When you discard this card to pay a cycling cost"; it
    /// triggers from the graveyard, the card in it being the ability's source. Typecycling
    /// is cycling too (502.18d-e).
    YouCycleThis,
    /// "Whenever you cast your second spell each turn" (2009: "play"): as its controller plays
    /// his or her `n`th spell of the turn, once the spell is played (409.1i); spells played
    /// before the scenario's first event aren't known, so they don't count.
    YouCastNthSpell { n: u32 },
    /// "Whenever a creature attacks or blocks", "Whenever a creature you control attacks": as
    /// the `event` ([`Trigger::Attacks`], [`Trigger::Blocks`] or [`Trigger::AttacksOrBlocks`])
    /// happens to a creature the description fits (read from the ability's own permanent; the
    /// permanent itself included if it fits), once for each such creature (410.1, 308.3,
    /// 309.3). Its instructions' "it" is that creature ([`crate::filter::Filter::Triggering`]).
    CreatureEvent { filter: Filter, event: Box<Trigger> },
    /// "Whenever a player casts a red spell", "Whenever an opponent casts a creature spell"
    /// (2009: "plays"): as a player the reference names (read from the ability's controller)
    /// plays a spell the description fits, once the spell is played (409.1i). The ability's
    /// controller controls the triggered ability, whoever cast the spell (410.2).
    /// "Whenever you draw a card", "Whenever an opponent draws a card", "Whenever a player
    /// draws a card": as a player the reference names (read from the ability's controller)
    /// draws a card, once for each card (423.1); "that player" is the player who drew.
    PlayerDraws { who: crate::filter::PlayerRef },
    /// "Whenever a player cycles a card", "Whenever you cycle a card", "Whenever an opponent
    /// cycles a card": as a player the reference names discards a card to pay a cycling or
    /// typecycling cost (502.18c, 502.18e); "that player" is that player.
    PlayerCycles { who: crate::filter::PlayerRef },
    /// "Whenever you surveil": as a player the reference names finishes surveilling one or
    /// more cards (current 701.25c-d); "that player" is that player.
    PlayerSurveils { who: crate::filter::PlayerRef },
    /// "Whenever an opponent plays a land", "Whenever a player plays a land", "Whenever you
    /// play a land": as a player the reference names plays a land, the special action of
    /// 212.6a (not a land put into play by an effect); "that player" is that player.
    PlayerPlaysLand { who: crate::filter::PlayerRef },
    /// "Whenever you get one or more {E}" (current 122.1, 2016; no 2009 counterpart): as a
    /// player the reference names gets energy counters, once for each instruction that gives
    /// them, however many; "that player" is that player.
    PlayerGetsEnergy { who: crate::filter::PlayerRef },
    /// "Whenever a +1/+1 counter is put on ~" (once for each counter) and "Whenever one or more
    /// +1/+1 counters are put on ~" (once for each time counters are put on it): counters of
    /// the kind put on the permanent while it is in play, or given to it as it comes into play
    /// (current 122.6; counters are 2009 200.10). Said of any permanent as well ("... are put
    /// on another creature you control").
    CountersPut {
        counter: crate::model::Counter,
        one_or_more: bool,
    },
    PlayerCastsSpell {
        who: crate::filter::PlayerRef,
        filter: Filter,
    },
    /// "Whenever a player sacrifices a creature", "Whenever you sacrifice a permanent",
    /// "Whenever an opponent sacrifices a nontoken permanent" (501.6): as a player the
    /// reference names sacrifices a permanent the description fits, for any reason (a cost,
    /// an instruction, a keyword), read as it last existed in play; "that player" is that
    /// player.
    PlayerSacrifices {
        who: crate::filter::PlayerRef,
        filter: Filter,
    },
    /// "When ~ becomes monstrous" (current 701.37): as its monstrosity ability makes it
    /// monstrous.
    BecomesMonstrous,
    /// "Whenever ~ blocks a creature" (Wall of Dust), "... blocks a creature with flying": as
    /// it is declared as a blocker (309.3), once for each attacker it blocks that the
    /// description fits (read from the ability's permanent); "that creature" is that attacker,
    /// bound as it triggers.
    BlocksACreature { filter: Filter },
    /// "Whenever ~ becomes blocked by a creature" (Cave Tiger), "... by a creature with power
    /// 2 or less": as blockers are declared (309.3), once for each creature declared as its
    /// blocker that the description fits (read from the ability's permanent); "that creature"
    /// is that blocker, bound as it triggers.
    BecomesBlockedBy { filter: Filter },
    /// "Whenever ~ blocks one or more black creatures" (Rashka the Slayer): as it is declared
    /// as a blocker (309.3), once however many of the attackers it blocks the description fits
    /// (at least one); it names none of them.
    BlocksOneOrMore { filter: Filter },
    /// "Whenever one or more creatures you control attack", "Whenever you attack with one or
    /// more Zombies", "Whenever an opponent attacks you with one or more creatures": once as
    /// attackers are declared (308.3: one event however many are declared), if at least one
    /// attacker fits the description (read from the ability's permanent: "you control", "you"
    /// attacked); "that many" in its instructions is how many do.
    GroupAttacks { filter: Filter },
    /// "Whenever one or more creatures block", "... creatures you control block": the same, as
    /// blockers are declared (309.3).
    GroupBlocks { filter: Filter },
    /// "Whenever ~ becomes blocked by one or more Orcs" (Dwarven Soldier): as blockers are
    /// declared (309.3), once however many of its blockers the description fits (at least
    /// one); it names none of them.
    BecomesBlockedByOneOrMore { filter: Filter },
    /// "Whenever ~ attacks and isn't blocked": as blockers are declared and it is an unblocked
    /// creature (309.2f), once a combat.
    AttacksAndIsntBlocked,
    /// "Whenever ~ attacks a player and isn't blocked" (Master of Cruelties): the same, of a
    /// creature attacking a player rather than a planeswalker (308.1); "that player" is the
    /// player it attacks.
    AttacksPlayerAndIsntBlocked,
    /// "Whenever ~ deals combat damage to a creature" (410.2): as its combat damage to a
    /// creature is dealt (310.4), once for each creature dealt damage; "that creature" is that
    /// creature, bound as it triggers. Like every ability of a source that left play with its
    /// damage on the stack, it doesn't trigger then (402.8).
    DealsCombatDamageToACreature,
    /// "Whenever ~ deals damage to a creature" (410.2): as any damage it deals to a creature is
    /// dealt, combat damage or not, once for each creature; "that creature" is that creature,
    /// bound as it triggers. A source that left play triggers nothing (402.8).
    DealsDamageToACreature,
    /// "Whenever ~ deals damage to a Dinosaur", "Whenever ~ deals combat damage to a creature
    /// with flying" (410.2): as its damage (`combat`: its combat damage, 310.4) to a creature
    /// the description fits is dealt, the creature read as it is then; once for each such
    /// creature, "that creature" being it. Nothing from a source that left play (402.8).
    DealsDamageToCreatureThat {
        combat: bool,
        filter: crate::filter::Filter,
    },
    /// "Whenever ~ deals damage" (any damage to anything; 416.1, 310.4), "Whenever ~ deals
    /// combat damage" (`combat`: only combat damage): once for each recipient dealt damage,
    /// "that much" being what it was dealt. Only while the source's abilities function
    /// (402.8).
    DealsDamage { combat: bool },
    /// "Whenever a Human deals damage to you", "Whenever a creature deals combat damage to
    /// you" (`combat`: only combat damage), "Whenever enchanted creature deals damage to you":
    /// as a source the description fits deals damage to the controller of the permanent with
    /// the ability, once for each such event (416.1, 310.4); "it" and "that creature" are the
    /// source, "its controller" its controller, "that much" the damage dealt.
    DealsDamageToYou { combat: bool },
    /// "at the beginning of the next cleanup step" (only a delayed triggered ability's moment,
    /// 404.4): as a cleanup step begins (314); the ability then gives players priority and
    /// another cleanup step follows (314.3).
    AtBeginningOfCleanup,
    /// "When the last time counter is removed from ~ while it's exiled" (Veiling Oddity;
    /// 2009: "removed from the game"): as suspend's upkeep ability removes its card's last time
    /// counter (502.59a). The trigger condition can trigger only while the card is in that
    /// zone, so it triggers from there (402.8g).
    LastTimeCounterRemoved,
    /// "When you do, ..." after "You may exert ~ as it attacks." (current 701.43d, 607.2h):
    /// the linked ability that triggers when its controller exerts it.
    Exerted,
    /// "Whenever ~ and another creature attack different players" (Canal Courier; 602.3):
    /// as attackers are declared, ~ attacks a player and another attacking creature attacks
    /// another player (creatures attacking planeswalkers don't attack a player).
    AttacksWithAnotherDifferentPlayers,
    /// "Whenever ~ blocks or becomes blocked by a creature", "When ~ enters the battlefield or
    /// attacks": trigger events joined by "or" (410.1): it triggers on each of them, once per
    /// event. The grammar joins only events that name the same things ("that creature" is the
    /// other creature of the block in both halves above).
    Either(Vec<Trigger>),
}

impl Trigger {
    /// The events this trigger condition names: itself, or each event of an `Either`.
    /// Whether the event happens to a creature other than the object with the ability, which
    /// the engine binds as the ability triggers ("Whenever enchanted creature attacks",
    /// "Whenever a creature blocks"); with `permanents`, also to a permanent coming into play
    /// or going to a graveyard ("Whenever a creature you control dies").
    pub fn about_another(&self, permanents: bool) -> bool {
        match self {
            Trigger::Attached(_)
            | Trigger::CreatureEvent { .. }
            | Trigger::BlocksACreature { .. }
            | Trigger::BecomesBlockedBy { .. }
            | Trigger::DealsDamageToACreature
            | Trigger::DealsDamageToCreatureThat { .. }
            | Trigger::DealsCombatDamageToACreature => true,
            Trigger::PermanentEnters { .. } | Trigger::PermanentDies { .. } => permanents,
            _ => false,
        }
    }

    pub fn events(&self) -> Vec<&Trigger> {
        match self {
            Trigger::Either(ts) => ts.iter().flat_map(Trigger::events).collect(),
            t => vec![t],
        }
    }

    /// Whether some event this trigger condition names fits `f` (an engine's test for one
    /// event, applied to each event of an `Either`).
    pub fn any(&self, f: impl Fn(&Trigger) -> bool) -> bool {
        self.events().into_iter().any(f)
    }

    /// Whether each of its events binds "that much" / "that many": damage being dealt
    /// ("Whenever ~ deals damage", "Whenever enchanted creature deals combat damage"), or how
    /// many of a group did something ("Whenever you attack with one or more Zombies").
    pub fn binds_that_much(&self) -> bool {
        self.events().iter().all(|t| match t {
            Trigger::DealsDamage { .. }
            | Trigger::DealsDamageToYou { .. }
            | Trigger::DealsCombatDamageToPlayer
            | Trigger::IsDealtDamage
            | Trigger::IsDealtCombatDamage
            // "that many": how many of the group did it.
            | Trigger::GroupAttacks { .. }
            | Trigger::GroupBlocks { .. } => true,
            Trigger::Attached(inner) | Trigger::CreatureEvent { event: inner, .. } => matches!(
                **inner,
                Trigger::DealsDamage { .. }
                    | Trigger::DealsCombatDamageToPlayer
                    | Trigger::DealsDamageToYou { .. }
                    | Trigger::IsDealtDamage
                    | Trigger::IsDealtCombatDamage
            ),
            _ => false,
        })
    }

    /// Whether an ability with this trigger condition triggers on the event `event` (an
    /// ability that names two events triggers on each).
    pub fn fires_on(&self, event: &Trigger) -> bool {
        match (self, event) {
            (Trigger::Either(ts), _) => ts.iter().any(|t| t.fires_on(event)),
            (
                Trigger::AttacksWithOthers { others: at_least },
                Trigger::AttacksWithOthers { others },
            ) => others >= at_least,
            // "deals damage" is said of combat damage too.
            (Trigger::DealsDamage { combat: false }, Trigger::DealsDamage { .. }) => true,
            (Trigger::DealsDamageToYou { combat: false }, Trigger::DealsDamageToYou { .. }) => true,
            // "a player" is an opponent too.
            (
                Trigger::DealsDamageToPlayer { opponent: false },
                Trigger::DealsDamageToPlayer { .. },
            ) => true,
            (
                Trigger::BecomesTarget { spells_only, by },
                Trigger::BecomesTarget {
                    spells_only: spell,
                    by: whose,
                },
            ) => (!spells_only || *spell) && (by.is_none() || by == whose),
            _ => {
                self == event
                    || (*self == Trigger::AttacksOrBlocks
                        && matches!(event, Trigger::Attacks | Trigger::Blocks))
            }
        }
    }
}

/// Whose turns a moment names: "your upkeep", "each upkeep" / "each player's upkeep" / "the
/// end step", "each opponent's upkeep".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    Yours,
    Each,
    Opponents,
}

/// Keyword abilities of rule 502 that combat needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "name", content = "value", rename_all = "snake_case")]
pub enum Keyword {
    /// 502.2
    FirstStrike,
    /// 502.3
    Flanking,
    /// 502.4
    Flying,
    /// 502.5
    Haste,
    /// 502.6: unblockable while the defending player controls a land it names.
    Landwalk(crate::landwalk::Walk),
    /// 502.7: protection from a quality (502.7a: any characteristic value, usually a color),
    /// held as the description of the objects it protects from: "red" is red objects,
    /// "artifacts" artifacts wherever they are (502.7a's exception to 200.9), "everything"
    /// every object (502.7g), "all colors" every colored object.
    Protection(Box<Filter>),
    /// 502.8
    Shadow,
    /// 502.10: it may attack in a band (308.2b), a blocker of a band member blocks the whole
    /// band (502.10e), and its controller divides the combat damage of the creatures it
    /// blocks or is blocked by (502.10h).
    Banding,
    /// 502.11: "bands with other legendary creatures": banding with the creatures the
    /// description names (502.11b; the quality as a description of creatures).
    BandsWithOther(Box<Filter>),
    /// 502.9
    Trample,
    /// 502.12
    Rampage(u32),
    /// 502.14
    Vigilance,
    /// 502.17
    Horsemanship,
    /// 502.25
    Fear,
    /// 502.28
    DoubleStrike,
    /// 502.29
    Provoke,
    /// 502.38
    Bushido(u32),
    /// 502.41
    Defender,
    /// 502.45: "Enchant [object]": what an Aura spell can target and what the Aura can
    /// enchant, as a description of permanents ("creature", "land you control", "artifact or
    /// creature").
    Enchant(Box<Filter>),
    /// 502.63 (triggered in February 2009)
    Deathtouch,
    /// 502.68 (triggered in February 2009)
    Lifelink,
    /// 502.57: may be played any time its controller could play an instant.
    Flash,
    /// 502.43: "[Cost], reveal this card from your hand, return an unblocked creature you
    /// control to its owner's hand: put this card into play from your hand tapped and attacking."
    Ninjutsu(ManaCost),
    /// 502.70
    Reach,
    /// 502.80
    Wither,
    /// 502.73: a characteristic-defining ability, "this object is every creature type".
    Changeling,
    /// Current 702.111 (2015; no 2009 rule): can't be blocked except by two or more creatures.
    Menace,
    /// Current 702.13 (M10, July 2009; no February 2009 rule): can't be blocked except by
    /// artifact creatures and/or creatures that share a color with it.
    Intimidate,
    /// Current 702.118 (2016; no 2009 rule): can't be blocked by creatures with greater power.
    Skulk,
    /// 502.36: can't be the target of spells or abilities.
    Shroud,
    /// Current 702.11 (no 2009 rule): can't be the target of spells or abilities its
    /// controller's opponents control.
    Hexproof,
    /// Rules and effects can't destroy it, lethal damage included (2009 glossary,
    /// "Indestructible", where it is written "~ is indestructible."; a keyword in current
    /// 702.12).
    Indestructible,
    /// 502.83: whenever a creature its controller controls attacks alone, that creature gets
    /// +1/+1 until end of turn (each instance triggers).
    Exalted,
    /// Current 702.114 (no 2009 rule): a characteristic-defining ability, "this object is
    /// colorless".
    Devoid,
    /// Current 702.90 (no 2009 rule): damage it deals to creatures is -1/-1 counters and to
    /// players poison counters (the 2009 rules already count poison, 420.5h).
    Infect,
    /// Current 702.108 (no 2009 rule): whenever its controller plays a noncreature spell, it
    /// gets +1/+1 until end of turn (each instance triggers).
    Prowess,
    /// 502.79a: "When this permanent is put into a graveyard from play, if it had no -1/-1
    /// counters on it, return it to play under its owner's control with a -1/-1 counter on it."
    Persist,
    /// Current 702.93a (2011; no 2009 rule): persist with +1/+1 counters.
    Undying,
    /// Current 702.91a (2010; no 2009 rule): "Whenever this creature attacks, each other
    /// attacking creature gets +1/+0 until end of turn."
    BattleCry,
    /// Current 702.105a (2013; no 2009 rule): "Whenever this creature attacks the player with
    /// the most life or tied for most life, put a +1/+1 counter on this creature."
    Dethrone,
    /// Current 702.121a (2016; no 2009 rule): "Whenever this creature attacks, it gets +1/+1
    /// until end of turn for each opponent you attacked with a creature this combat."
    Melee,
    /// Current 702.130a (2017; no 2009 rule): "Whenever this creature becomes blocked,
    /// defending player loses N life."
    Afflict(u32),
    /// Current 702.112a (2015; no 2009 rule): "When this creature deals combat damage to a
    /// player, if it isn't renowned, put N +1/+1 counters on it and it becomes renowned."
    Renown(u32),
    /// Current 702.134a (2018; no 2009 rule): "Whenever this creature attacks, put a +1/+1
    /// counter on target attacking creature with lesser power."
    Mentor,
    /// Current 702.98a (2012; no 2009 rule): "You may have this permanent enter with an
    /// additional +1/+1 counter on it" and "This permanent can't block as long as it has a
    /// +1/+1 counter on it"; the compiler adds the second as a combat ability beside it.
    Unleash,
    /// Current 702.100a (2013; no 2009 rule): "Whenever a creature you control enters, if that
    /// creature's power is greater than this creature's power and/or that creature's toughness
    /// is greater than this creature's toughness, put a +1/+1 counter on this creature."
    Evolve,
    /// 502.35a: "This permanent comes into play with N +1/+1 counters on it" and "When this
    /// permanent is put into a graveyard from play, you may put a +1/+1 counter on target
    /// artifact creature for each +1/+1 counter on this permanent."
    Modular(u32),
    /// 502.54a: "This permanent comes into play with N +1/+1 counters on it" and "Whenever
    /// another creature comes into play, if this permanent has a +1/+1 counter on it, you may
    /// move a +1/+1 counter from this permanent onto that creature."
    Graft(u32),
    /// 502.20a: "This permanent comes into play with N fade counters on it" and "At the
    /// beginning of your upkeep, remove a fade counter from this permanent. If you can't,
    /// sacrifice the permanent."
    Fading(u32),
    /// 502.60a: "This permanent comes into play with N time counters on it", "At the beginning
    /// of your upkeep, if this permanent has a time counter on it, remove a time counter from
    /// it" and "When the last time counter is removed from this permanent, sacrifice it";
    /// without a number (502.60b), only the last two.
    Vanishing(Option<u32>),
    /// 502.50a: "If an opponent was dealt damage this turn, this permanent comes into play with
    /// N +1/+1 counters on it."
    Bloodthirst(u32),
    /// 502.13a: "At the beginning of your upkeep, put an age counter on this permanent. Then
    /// you may pay [cost] for each age counter on it. If you don't, sacrifice it." The cost is
    /// paid as one whole for all counters, or not at all (no partial payments); "{R} or {G}"
    /// is held as the hybrid symbol, one choice per counter. Each instance triggers separately
    /// and counts all age counters as it resolves (502.13b).
    CumulativeUpkeep(Cost),
    /// 502.19a: "At the beginning of your upkeep, if this permanent came under your control
    /// since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
    Echo(Cost),
    /// Current 702.109a (2014; no 2009 rule): "You may cast this card by paying [cost] rather
    /// than its mana cost," "If this spell's dash cost was paid, return the permanent this
    /// spell becomes to its owner's hand at the beginning of the next end step," and "As long
    /// as this permanent's dash cost was paid, it has haste."
    Dash(ManaCost),
    /// 502.84a: "[Cost]: Return this card from your graveyard to play. It gains haste. Remove
    /// it from the game at end of turn. If it would leave play, remove it from the game instead
    /// of putting it anywhere else. Play this ability only any time you could play a sorcery."
    Unearth(ManaCost),
    /// 502.24a: "If a player would discard this card, that player discards it, but may remove
    /// it from the game instead of putting it into his or her graveyard" and "When this card is
    /// removed from the game this way, its owner may play it by paying [cost] rather than
    /// paying its mana cost. If that player doesn't, he or she puts this card into his or her
    /// graveyard."
    Madness(ManaCost),
    /// 502.59a: "Suspend N—[cost]": from the hand, pay [cost] and remove it from the game with
    /// N time counters (a special action); at the beginning of its owner's upkeep, if it is
    /// suspended, remove a time counter; when the last is removed, if it's removed from the
    /// game, play it without paying its mana cost if able; a creature spell played so gains
    /// haste until its player loses control of it.
    Suspend(u32, ManaCost),
    /// Current 702.88a (2010; no 2009 rule): "If this spell was cast from your hand, instead
    /// of putting it into your graveyard as it resolves, exile it and, at the beginning of your
    /// next upkeep, you may cast this card from exile without paying its mana cost."
    Rebound,
    /// 502.18d: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
    /// for a [type] card, reveal it, and put it into your hand. Then shuffle your library."
    /// `kind` is the type as the card writes it ("Forest", "basic land"); `filter` what it
    /// describes.
    Typecycling {
        kind: String,
        filter: Box<Filter>,
        cost: ManaCost,
    },
    /// 502.81a: "You may play this card from your graveyard by discarding a land card as an
    /// additional cost to play it."
    Retrace,
    /// Current 702.133a (2018; no 2009 rule): "You may cast this card from your graveyard if
    /// the resulting spell is an instant or sorcery spell by discarding a card as an additional
    /// cost to cast it" and "If this spell was cast using its jump-start ability, exile this
    /// card instead of putting it anywhere else any time it would leave the stack."
    JumpStart,
    /// 502.33a: "[Cost]: Attach this Equipment to target creature you control. Play this
    /// ability only any time you could play a sorcery." The compiler adds that activated
    /// ability beside the keyword.
    Equip(ManaCost),
    /// 502.18a: "[Cost], Discard this card: Draw a card.", played only while the card is in
    /// its owner's hand.
    Cycling(ManaCost),
    /// 502.22a: "You may play this card from your graveyard by paying [cost] rather than
    /// paying its mana cost" and "If the flashback cost was paid, remove this card from the
    /// game instead of putting it anywhere else any time it would leave the stack."
    Flashback(ManaCost),
    /// 502.16a: "You may pay an additional [cost] as you play this spell" and "If the buyback
    /// cost was paid, put this spell into its owner's hand instead of into that player's
    /// graveyard as it resolves."
    Buyback(ManaCost),
    /// 502.21a: "You may pay an additional [cost] as you play this spell."
    Kicker(ManaCost),
    /// 502.58a: "As long as this spell is on the stack, players can't play other spells or
    /// abilities that aren't mana abilities."
    SplitSecond,
    /// 502.31a: "This spell costs you {1} less to play for each [artifact / Plains ...] you
    /// control." Only generic mana is reduced (502.31b); each instance applies (502.31c).
    Affinity(AffinityFor),
    /// 502.46a: "As an additional cost to play this spell, you may tap any number of untapped
    /// creatures you control. Each creature tapped this way reduces the cost to play this
    /// spell by {1} or by one mana of any of that creature's colors."
    Convoke,
    /// 502.74a: "You may play this card by paying [cost] rather than paying its mana cost" and
    /// "When this permanent comes into play, if its evoke cost was paid, its controller
    /// sacrifices it."
    Evoke(ManaCost),
    /// 502.64a: "As an additional cost to play this spell, you may remove any number of cards
    /// in your graveyard from the game. Each card removed this way reduces the cost to play
    /// this spell by {1}."
    Delve,
    /// Current 702.126a (2016; no 2009 rule): "For each generic mana in this spell's total
    /// cost, you may tap an untapped artifact you control rather than pay that mana."
    Improvise,
    /// 502.26a: "You may play this card as a 2/2 face-down creature, with no text, no name, no
    /// subtypes, no expansion symbol, and no mana cost by paying {3} rather than its mana
    /// cost"; any time its controller could play an instant, the face-down permanent may be
    /// turned face up by paying this cost, a special action that doesn't use the stack
    /// (502.26d, 504).
    Morph(ManaCost),
    /// Current 702.37b (2015; no 2009 rule): a morph ability (502.26a) with "As this
    /// permanent is turned face up, put a +1/+1 counter on it if its megamorph cost was paid
    /// to turn it face up."
    Megamorph(ManaCost),
    /// Current 702.87a (2010; no 2009 rule): "[Cost]: Put a level counter on this permanent.
    /// Activate only as a sorcery." The compiler adds that activated ability beside the
    /// keyword.
    LevelUp(ManaCost),
    /// Current 702.122a (2016; no 2009 rule): "Tap any number of other untapped creatures you
    /// control with total power N or greater: This permanent becomes an artifact creature
    /// until end of turn." The compiler adds that activated ability beside the keyword.
    Crew(u32),
    /// Current 702.95a (2012; no 2009 rule): "When this creature enters, if you control both
    /// this creature and another creature and both are unpaired, you may pair this creature
    /// with another unpaired creature you control for as long as both remain creatures on the
    /// battlefield under your control" and "Whenever another creature you control enters, if
    /// you control both that creature and this one and both are unpaired, you may pair that
    /// creature with this creature ...".
    Soulbond,
    /// 502.72a: "When this permanent comes into play, sacrifice it unless you remove another
    /// [object] you control from the game" and "When this permanent leaves play, return the
    /// removed card to play under its owner's control", linked (502.72b, 407).
    Champion(Box<Filter>),
    /// Current 702.103a (2013; no 2009 rule): "As you cast this spell, you may choose to cast
    /// it bestowed. If you do, you pay [cost] rather than its mana cost"; bestowed, it is an
    /// Aura enchantment with enchant creature (702.103b-f).
    Bestow(ManaCost),
    /// Current 702.86a (2010; no 2009 rule): "Whenever this creature attacks, defending player
    /// sacrifices N permanents." Each instance triggers separately (702.86b).
    Annihilator(u32),
    /// Current 702.107a (2014; no 2009 rule): "[Cost], {T}: Put a +1/+1 counter on this
    /// creature. Activate only as a sorcery." The compiler adds that activated ability beside
    /// the keyword.
    Outlast(ManaCost),
    /// Current 702.125a (2016; no 2009 rule): "This spell costs {1} less to cast for each
    /// opponent you have"; players who have left the game don't count (702.125b), and each
    /// instance applies (702.125c).
    Undaunted,
    /// Current 702.115a (2015; no 2009 rule): "Whenever this creature deals combat damage to a
    /// player, that player exiles the top card of their library." Each instance triggers
    /// separately (702.115b).
    Ingest,
    /// Current 702.124h (2016; no 2009 rule): "You may designate two legendary cards as your
    /// commander rather than one if each of them has partner." A rule of deck construction for
    /// the Commander variant that functions before the game begins (702.124a): in a game it
    /// does nothing, and the engine, which plays no Commander, gives it no effect.
    Partner,
    /// Current 702.123a (2016; no 2009 rule): "When this permanent enters, you may put N +1/+1
    /// counters on it. If you don't, create N 1/1 colorless Servo artifact creature tokens."
    /// Each instance triggers separately (702.123b).
    Fabricate(u32),
    /// Current 702.110a (2015; no 2009 rule): "When this creature enters, you may sacrifice a
    /// creature." It "exploits a creature" when its controller sacrifices one as it resolves
    /// (702.110b), which triggers "When ~ exploits a creature" abilities.
    Exploit,
    /// Current 702.92a (2011; no 2009 rule): "When this Equipment enters, create a 0/0 black
    /// Phyrexian Germ creature token, then attach this Equipment to it."
    LivingWeapon,
    /// 502.82a: "As this object comes into play, you may sacrifice any number of creatures.
    /// This permanent comes into play with N +1/+1 counters on it for each creature sacrificed
    /// this way."
    Devour(u32),
    /// 502.39a: "When this permanent is put into a graveyard from play, you may return target
    /// Spirit card with converted mana cost N or less from your graveyard to your hand." Each
    /// instance triggers separately (502.39b).
    Soulshift(u32),
    /// Current 702.89a, umbra armor (2010, printed as "totem armor" until 2023; no 2009 rule):
    /// "If enchanted permanent would be destroyed, instead remove all damage marked on it and
    /// destroy this Aura." A replacement effect (419.6, 419.9 for choosing among several).
    UmbraArmor,
    /// 502.37a: "If this object is coming into play from the stack as a creature, it comes into
    /// play with a +1/+1 counter on it for each color of mana used to pay its cost. If this
    /// object is coming into play from the stack and isn't coming into play as a creature, it
    /// comes into play with a charge counter on it for each color of mana used to pay its
    /// cost." Each instance works separately (502.37d).
    Sunburst,
    /// Current 702.101a (2013; no 2009 rule): "Whenever you cast a spell, you may pay {W/B}. If
    /// you do, each opponent loses 1 life and you gain life equal to the total life lost this
    /// way." Each instance triggers separately (702.101b).
    Extort,
    /// 502.27a: "As this object comes into play, reveal any number of cards from your hand that
    /// share a creature type with it. This permanent comes into play with N +1/+1 counters on
    /// it for each card revealed this way." Each instance works separately (502.27b).
    Amplify(u32),
    /// Current 702.131a-b (2018; no 2009 rule): on a permanent, "Any time you control ten or
    /// more permanents and you don't have the city's blessing, you get the city's blessing for
    /// the rest of the game"; on an instant or sorcery, the same as it resolves.
    Ascend,
    /// 502.48a: "[Cost], Discard this card: Search your library for a card with the same
    /// converted mana cost as the discarded card, reveal that card, and put it into your hand.
    /// Then shuffle your library. Play this ability only any time you could play a sorcery."
    /// Played only from its owner's hand (502.48b).
    Transmute(ManaCost),
    /// 502.77a: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters on
    /// target creature." Played only from its owner's hand (502.77b), any time he or she has
    /// priority.
    Reinforce(u32, ManaCost),
    /// Current 702.97a (2012; no 2009 rule): "[Cost], Exile this card from your graveyard: Put
    /// a number of +1/+1 counters equal to the power of the card you exiled on target
    /// creature. Activate only as a sorcery."
    Scavenge(ManaCost),
    /// Current 702.128a (2017; no 2009 rule): "[Cost], Exile this card from your graveyard:
    /// Create a token that's a copy of this card, except it's white, it has no mana cost, and
    /// it's a Zombie in addition to its other types. Activate only as a sorcery."
    Embalm(ManaCost),
    /// Current 702.129a (2017; no 2009 rule): embalm's token, except it's black and 4/4 instead
    /// of white.
    Eternalize(ManaCost),
    /// 502.47a: "As long as you have at least N cards in your library, if you would draw a
    /// card, you may instead put N cards from the top of your library into your graveyard and
    /// return this card from your graveyard to your hand." Functions only in the graveyard.
    Dredge(u32),
    /// Current 702.117a (2016; no 2009 rule): "You may pay [cost] rather than pay this spell's
    /// mana cost as you cast this spell if you or one of your teammates has cast another spell
    /// this turn."
    Surge(ManaCost),
    /// Current 702.94a (2012; no 2009 rule): "You may reveal this card from your hand as you
    /// draw it if it's the first card you've drawn this turn. When you reveal this card this
    /// way, you may cast it by paying [cost] rather than its mana cost."
    Miracle(ManaCost),
    /// 502.55a: "When a creature is put into your graveyard from play, you may pay [cost]. If
    /// you do, return this card from your graveyard to your hand. Otherwise, remove this card
    /// from the game." Functions only while the card is in a graveyard.
    Recover(ManaCost),
    /// Current 702.33c (2009's Zendikar, after the February 2009 rules): "You may pay an
    /// additional [cost] any number of times as you cast this spell." A multikicker cost is a
    /// kicker cost.
    Multikicker(ManaCost),
    /// Current 702.104a (2014; no 2009 rule): "As this creature enters, choose an opponent.
    /// That player may put an additional N +1/+1 counters on it as it enters."
    Tribute(u32),
    /// 502.75a: "This permanent comes into play tapped" (the compiler adds it beside the
    /// keyword) and "When this permanent comes into play, look at the top four cards of your
    /// library. Remove one of them from the game face down and put the rest on the bottom of
    /// your library in any order."
    Hideaway,
    /// Current 702.119a-b (2016; no 2009 rule): "You may cast this spell by paying [cost] and
    /// sacrificing a creature rather than paying its mana cost"; the total cost is reduced by
    /// the sacrificed creature's mana value (generic mana only).
    Emerge(ManaCost),
    /// 502.76a: "You may pay [cost] rather than pay this spell's mana cost if a player was
    /// dealt combat damage this turn by a source that, at the time it dealt that damage, was
    /// under your control and had any of this spell's creature types."
    Prowl(ManaCost),
    /// Current 702.113a (2015; no 2009 rule): "Awaken N—[cost]" means "You may cast this
    /// spell for [cost]. If you do, you also put N +1/+1 counters on target land you control
    /// and it becomes a 0/0 Elemental creature with haste. That land is still a land."
    Awaken(u32, ManaCost),
    /// "Enchant player", "Enchant opponent" (502.45a; glossary "Enchant Player"): the Aura
    /// spell targets a player (an opponent of its controller), and the Aura is attached to
    /// that player; it can't target or be attached to an object.
    EnchantPlayer { opponent: bool },
}

/// What affinity counts (502.31a): "affinity for artifacts", "affinity for Plains".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AffinityFor {
    Artifacts,
    Land(BasicLandType),
}

impl fmt::Display for AffinityFor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AffinityFor::Artifacts => f.write_str("artifacts"),
            AffinityFor::Land(BasicLandType::Plains) => f.write_str("Plains"),
            AffinityFor::Land(t) => write!(f, "{}s", t.name()),
        }
    }
}

impl Keyword {
    /// Whether keywords a rule names ("as though it didn't have ...") take in this one: the
    /// same keyword, or any landwalk for "landwalk abilities" (502.6c).
    pub fn named_by<'a>(&self, named: impl IntoIterator<Item = &'a Keyword>) -> bool {
        named.into_iter().any(|n| match (n, self) {
            (Keyword::Landwalk(n), Keyword::Landwalk(k)) => n.covers(*k),
            _ => n == self,
        })
    }

    /// The 2009 rule that defines the keyword.
    pub fn rule(&self) -> &'static str {
        match self {
            Keyword::FirstStrike => "502.2",
            Keyword::Flanking => "502.3",
            Keyword::Flying => "502.4",
            Keyword::Haste => "502.5",
            Keyword::Landwalk(_) => "502.6",
            Keyword::Protection(_) => "502.7",
            Keyword::Shadow => "502.8",
            Keyword::Banding => "502.10",
            Keyword::BandsWithOther(_) => "502.11",
            Keyword::Trample => "502.9",
            Keyword::Rampage(_) => "502.12",
            Keyword::Vigilance => "502.14",
            Keyword::Horsemanship => "502.17",
            Keyword::Fear => "502.25",
            Keyword::DoubleStrike => "502.28",
            Keyword::Provoke => "502.29",
            Keyword::Bushido(_) => "502.38",
            Keyword::Defender => "502.41",
            Keyword::Enchant(_) | Keyword::EnchantPlayer { .. } => "502.45",
            Keyword::Deathtouch => "502.63",
            Keyword::Lifelink => "502.68",
            Keyword::Flash => "502.57",
            Keyword::Ninjutsu(_) => "502.43",
            Keyword::Reach => "502.70",
            Keyword::Wither => "502.80",
            Keyword::Changeling => "502.73",
            Keyword::Menace => "702.111",
            Keyword::Intimidate => "702.13",
            Keyword::Skulk => "702.118",
            Keyword::Shroud => "502.36",
            Keyword::Hexproof => "702.11",
            Keyword::Indestructible => "702.12",
            Keyword::Exalted => "502.83",
            Keyword::Devoid => "702.114",
            Keyword::Infect => "702.90",
            Keyword::Prowess => "702.108",
            Keyword::Persist => "502.79",
            Keyword::Undying => "702.93",
            Keyword::BattleCry => "702.91",
            Keyword::Dethrone => "702.105",
            Keyword::Melee => "702.121",
            Keyword::Afflict(_) => "702.130",
            Keyword::Renown(_) => "702.112",
            Keyword::Mentor => "702.134",
            Keyword::Unleash => "702.98",
            Keyword::Evolve => "702.100",
            Keyword::Modular(_) => "502.35",
            Keyword::Graft(_) => "502.54",
            Keyword::Fading(_) => "502.20",
            Keyword::Vanishing(_) => "502.60",
            Keyword::Bloodthirst(_) => "502.50",
            Keyword::CumulativeUpkeep(_) => "502.13",
            Keyword::Echo(_) => "502.19",
            Keyword::Dash(_) => "702.109",
            Keyword::Unearth(_) => "502.84",
            Keyword::Madness(_) => "502.24",
            Keyword::Suspend(..) => "502.59",
            Keyword::Rebound => "702.88",
            Keyword::Typecycling { .. } => "502.18",
            Keyword::Retrace => "502.81",
            Keyword::JumpStart => "702.133",
            Keyword::Equip(_) => "502.33",
            Keyword::Cycling(_) => "502.18",
            Keyword::Flashback(_) => "502.22",
            Keyword::Buyback(_) => "502.16",
            Keyword::Kicker(_) => "502.21",
            Keyword::SplitSecond => "502.58",
            Keyword::Affinity(_) => "502.31",
            Keyword::Convoke => "502.46",
            Keyword::Evoke(_) => "502.74",
            Keyword::Delve => "502.64",
            Keyword::Improvise => "702.126",
            Keyword::Morph(_) => "502.26",
            Keyword::Megamorph(_) => "702.37",
            Keyword::LevelUp(_) => "702.87",
            Keyword::Crew(_) => "702.122",
            Keyword::Soulbond => "702.95",
            Keyword::Champion(_) => "502.72",
            Keyword::Bestow(_) => "702.103",
            Keyword::Annihilator(_) => "702.86",
            Keyword::Outlast(_) => "702.107",
            Keyword::Undaunted => "702.125",
            Keyword::Ingest => "702.115",
            Keyword::Partner => "702.124",
            Keyword::Fabricate(_) => "702.123",
            Keyword::Exploit => "702.110",
            Keyword::LivingWeapon => "702.92",
            Keyword::Devour(_) => "502.82",
            Keyword::Soulshift(_) => "502.39",
            Keyword::UmbraArmor => "702.89",
            Keyword::Sunburst => "502.37",
            Keyword::Extort => "702.101",
            Keyword::Amplify(_) => "502.27",
            Keyword::Ascend => "702.131",
            Keyword::Transmute(_) => "502.48",
            Keyword::Reinforce(..) => "502.77",
            Keyword::Scavenge(_) => "702.97",
            Keyword::Embalm(_) => "702.128",
            Keyword::Eternalize(_) => "702.129",
            Keyword::Dredge(_) => "502.47",
            Keyword::Surge(_) => "702.117",
            Keyword::Miracle(_) => "702.94",
            Keyword::Recover(_) => "502.55",
            Keyword::Multikicker(_) => "702.33",
            Keyword::Tribute(_) => "702.104",
            Keyword::Hideaway => "502.75",
            Keyword::Emerge(_) => "702.119",
            Keyword::Prowl(_) => "502.76",
            Keyword::Awaken(..) => "702.113",
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keyword::FirstStrike => f.write_str("first strike"),
            Keyword::Flanking => f.write_str("flanking"),
            Keyword::Flying => f.write_str("flying"),
            Keyword::Haste => f.write_str("haste"),
            Keyword::Landwalk(w) => write!(f, "{w}"),
            Keyword::Protection(q) => write!(f, "protection from {}", protection_quality(q)),
            Keyword::Shadow => f.write_str("shadow"),
            Keyword::Banding => f.write_str("banding"),
            Keyword::BandsWithOther(q) => write!(f, "bands with other {}", q.plural()),
            Keyword::Trample => f.write_str("trample"),
            Keyword::Rampage(n) => write!(f, "rampage {n}"),
            Keyword::Vigilance => f.write_str("vigilance"),
            Keyword::Horsemanship => f.write_str("horsemanship"),
            Keyword::Fear => f.write_str("fear"),
            Keyword::DoubleStrike => f.write_str("double strike"),
            Keyword::Provoke => f.write_str("provoke"),
            Keyword::Bushido(n) => write!(f, "bushido {n}"),
            Keyword::Defender => f.write_str("defender"),
            Keyword::Enchant(what) => write!(f, "enchant {}", what.singular()),
            Keyword::EnchantPlayer { opponent: false } => f.write_str("enchant player"),
            Keyword::EnchantPlayer { opponent: true } => f.write_str("enchant opponent"),
            Keyword::Deathtouch => f.write_str("deathtouch"),
            Keyword::Lifelink => f.write_str("lifelink"),
            Keyword::Flash => f.write_str("flash"),
            Keyword::Ninjutsu(c) => write!(f, "ninjutsu {c}"),
            Keyword::Reach => f.write_str("reach"),
            Keyword::Wither => f.write_str("wither"),
            Keyword::Changeling => f.write_str("changeling"),
            Keyword::Menace => f.write_str("menace"),
            Keyword::Intimidate => f.write_str("intimidate"),
            Keyword::Skulk => f.write_str("skulk"),
            Keyword::Shroud => f.write_str("shroud"),
            Keyword::Hexproof => f.write_str("hexproof"),
            Keyword::Indestructible => f.write_str("indestructible"),
            Keyword::Exalted => f.write_str("exalted"),
            Keyword::Devoid => f.write_str("devoid"),
            Keyword::Infect => f.write_str("infect"),
            Keyword::Prowess => f.write_str("prowess"),
            Keyword::Persist => f.write_str("persist"),
            Keyword::Undying => f.write_str("undying"),
            Keyword::BattleCry => f.write_str("battle cry"),
            Keyword::Dethrone => f.write_str("dethrone"),
            Keyword::Melee => f.write_str("melee"),
            Keyword::Afflict(n) => write!(f, "afflict {n}"),
            Keyword::Renown(n) => write!(f, "renown {n}"),
            Keyword::Mentor => f.write_str("mentor"),
            Keyword::Unleash => f.write_str("unleash"),
            Keyword::Evolve => f.write_str("evolve"),
            Keyword::Modular(n) => write!(f, "modular {n}"),
            Keyword::Graft(n) => write!(f, "graft {n}"),
            Keyword::Fading(n) => write!(f, "fading {n}"),
            Keyword::Vanishing(Some(n)) => write!(f, "vanishing {n}"),
            Keyword::Vanishing(None) => f.write_str("vanishing"),
            Keyword::Bloodthirst(n) => write!(f, "bloodthirst {n}"),
            Keyword::CumulativeUpkeep(c) => write!(f, "cumulative upkeep{}", keyword_cost(c)),
            Keyword::Echo(c) => write!(f, "echo{}", keyword_cost(c)),
            Keyword::Dash(c) => write!(f, "dash {c}"),
            Keyword::Unearth(c) => write!(f, "unearth {c}"),
            Keyword::Madness(c) => write!(f, "madness {c}"),
            Keyword::Suspend(n, c) => write!(f, "suspend {n}—{c}"),
            Keyword::Rebound => f.write_str("rebound"),
            Keyword::Typecycling { kind, cost, .. } => {
                write!(f, "{}cycling {cost}", kind.to_lowercase())
            }
            Keyword::Retrace => f.write_str("retrace"),
            Keyword::JumpStart => f.write_str("jump-start"),
            Keyword::Equip(c) => write!(f, "equip {c}"),
            Keyword::Cycling(c) => write!(f, "cycling {c}"),
            Keyword::Flashback(c) => write!(f, "flashback {c}"),
            Keyword::Buyback(c) => write!(f, "buyback {c}"),
            Keyword::Kicker(c) => write!(f, "kicker {c}"),
            Keyword::SplitSecond => f.write_str("split second"),
            Keyword::Affinity(a) => write!(f, "affinity for {a}"),
            Keyword::Convoke => f.write_str("convoke"),
            Keyword::Evoke(c) => write!(f, "evoke {c}"),
            Keyword::Delve => f.write_str("delve"),
            Keyword::Improvise => f.write_str("improvise"),
            Keyword::Morph(c) => write!(f, "morph {c}"),
            Keyword::Megamorph(c) => write!(f, "megamorph {c}"),
            Keyword::LevelUp(c) => write!(f, "level up {c}"),
            Keyword::Crew(n) => write!(f, "crew {n}"),
            Keyword::Soulbond => f.write_str("soulbond"),
            Keyword::Bestow(c) => write!(f, "bestow {c}"),
            Keyword::Champion(what) => {
                let s = what.singular();
                let article = if s.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "champion {article} {s}")
            }
            Keyword::Annihilator(n) => write!(f, "annihilator {n}"),
            Keyword::Outlast(c) => write!(f, "outlast {c}"),
            Keyword::Undaunted => f.write_str("undaunted"),
            Keyword::Ingest => f.write_str("ingest"),
            Keyword::Partner => f.write_str("partner"),
            Keyword::Fabricate(n) => write!(f, "fabricate {n}"),
            Keyword::Exploit => f.write_str("exploit"),
            Keyword::LivingWeapon => f.write_str("living weapon"),
            Keyword::Devour(n) => write!(f, "devour {n}"),
            Keyword::Soulshift(n) => write!(f, "soulshift {n}"),
            Keyword::UmbraArmor => f.write_str("umbra armor"),
            Keyword::Sunburst => f.write_str("sunburst"),
            Keyword::Extort => f.write_str("extort"),
            Keyword::Amplify(n) => write!(f, "amplify {n}"),
            Keyword::Ascend => f.write_str("ascend"),
            Keyword::Transmute(c) => write!(f, "transmute {c}"),
            Keyword::Reinforce(n, c) => write!(f, "reinforce {n}—{c}"),
            Keyword::Scavenge(c) => write!(f, "scavenge {c}"),
            Keyword::Embalm(c) => write!(f, "embalm {c}"),
            Keyword::Eternalize(c) => write!(f, "eternalize {c}"),
            Keyword::Dredge(n) => write!(f, "dredge {n}"),
            Keyword::Surge(c) => write!(f, "surge {c}"),
            Keyword::Miracle(c) => write!(f, "miracle {c}"),
            Keyword::Recover(c) => write!(f, "recover {c}"),
            Keyword::Multikicker(c) => write!(f, "multikicker {c}"),
            Keyword::Tribute(n) => write!(f, "tribute {n}"),
            Keyword::Hideaway => f.write_str("hideaway"),
            Keyword::Emerge(c) => write!(f, "emerge {c}"),
            Keyword::Prowl(c) => write!(f, "prowl {c}"),
            Keyword::Awaken(n, c) => write!(f, "awaken {n}—{c}"),
        }
    }
}

/// A keyword's cost as card text writes it after the keyword: a space and mana symbols
/// (" {1}{U}"), one hybrid symbol as a choice (" {R} or {G}"), otherwise an em dash and the
/// sentence ("—pay 1 life").
fn keyword_cost(c: &Cost) -> String {
    match (c.mana.0.as_slice(), c.parts.is_empty()) {
        ([crate::mana::ManaSymbol::Hybrid(a, b)], true) => {
            format!(" {{{}}} or {{{}}}", a.symbol(), b.symbol())
        }
        (_, true) => format!(" {}", c.mana),
        _ => format!("—{c}"),
    }
}

/// A protection quality as card text writes it: "red", "everything", "all colors",
/// "multicolored", otherwise the plural noun ("artifacts", "Goblins").
fn protection_quality(q: &Filter) -> String {
    match q {
        Filter::Color(c) => c.name().to_lowercase(),
        Filter::All(parts) if parts.is_empty() => "everything".into(),
        Filter::Not(inner) if **inner == Filter::Colorless => "all colors".into(),
        Filter::Multicolored => "multicolored".into(),
        Filter::Monocolored => "monocolored".into(),
        Filter::Colorless => "colorless".into(),
        Filter::ChosenColor => "the chosen color".into(),
        q => q.plural(),
    }
}

/// Which creatures a static combat ability applies to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "scope", content = "filter", rename_all = "snake_case")]
pub enum Scope {
    /// The object that has the ability ("~ ...").
    This,
    /// The creature the Aura with the ability enchants ("Enchanted creature ...").
    EnchantedCreature,
    /// The creature the Equipment with the ability is attached to ("Equipped creature ...",
    /// 212.2j).
    EquippedCreature,
    /// Every creature in play the description fits, relative to the object with the ability
    /// ("Each creature you control ...", "Other Goblin creatures you control ...",
    /// "Creatures with flying ...").
    Each(Filter),
    /// The whole declaration, not one creature ("No more than one creature can attack ...").
    AllCreatures,
    /// "As long as ~ is paired with another creature, both creatures ..." / "each of those
    /// creatures ..." (current 702.95b): the object with the ability and the creature it is
    /// paired with, while it is paired.
    PairedCreatures,
    /// The permanent the Aura with the ability enchants, whatever it is ("Enchanted land
    /// ...", "Enchanted permanent ..."); only for abilities it grants (402.9).
    EnchantedPermanent,
}

impl Scope {
    /// Whether a static ability of `holder` with this scope applies to `o`, its description
    /// read with `ctx` (callers that only mean creatures check that themselves).
    pub fn applies(
        &self,
        game: &crate::model::Game,
        holder: &crate::model::Object,
        o: &crate::model::Object,
        ctx: &crate::filter::Context,
    ) -> bool {
        match self {
            Scope::This => o.id == holder.id,
            Scope::EnchantedCreature | Scope::EquippedCreature | Scope::EnchantedPermanent => {
                holder.attached_to() == Some(o.id)
            }
            Scope::Each(filter) => filter.matches(game, o, ctx),
            Scope::AllCreatures => false,
            Scope::PairedCreatures => holder
                .paired_with()
                .is_some_and(|p| p == o.id || o.id == holder.id),
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::This => f.write_str("this creature"),
            Scope::EnchantedCreature => f.write_str("enchanted creature"),
            Scope::EnchantedPermanent => f.write_str("enchanted permanent"),
            Scope::EquippedCreature => f.write_str("equipped creature"),
            Scope::Each(filter) => write!(f, "each {}", filter.singular()),
            Scope::AllCreatures => f.write_str("all creatures"),
            Scope::PairedCreatures => {
                f.write_str("this creature and the creature it's paired with, while paired")
            }
        }
    }
}

/// What a static combat ability says about attacking or blocking (500.1: restrictions and
/// requirements), or about how many creatures a creature may block (309.2a).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum CombatRule {
    /// Requirement: "attacks each turn if able" (500.1, 500.2).
    AttacksEachTurn,
    /// Requirement: "blocks each turn if able" (500.1, 500.3).
    BlocksEachTurn,
    /// Restriction: "can't attack".
    CantAttack,
    /// Restriction: "can't block".
    CantBlock,
    /// Restriction: "can't attack alone" (306.5).
    CantAttackAlone,
    /// Restriction: "can only attack alone" (306.5): it attacks only as the one creature
    /// declared as an attacker.
    AttacksOnlyAlone,
    /// Restriction: "can't block alone" (306.5).
    CantBlockAlone,
    /// Restriction on blockers: "can't be blocked except by N or more creatures".
    MinBlockers { min: u32 },
    /// Restriction: "can't be blocked" / "is unblockable" (500.3a).
    Unblockable,
    /// Restriction: "can't attack you": it can't attack the controller of the object with the
    /// ability or a planeswalker that player controls.
    CantAttackYou,
    /// Restriction: "can't be blocked by more than one creature".
    MaxOneBlocker,
    /// Restriction: "can block only creatures with flying": it can't block attackers the
    /// description doesn't fit.
    BlocksOnly { filter: Filter },
    /// Restriction: "can't block creatures with power 2 or greater", "can't block Warriors".
    CantBlockCreatures { filter: Filter },
    /// "can block an additional creature" (309.2a allows more than one attacker).
    BlocksAdditional { extra: u32 },
    /// "can block any number of creatures".
    BlocksAnyNumber,
    /// Restriction outside combat (Revoke Privileges): "can't crew Vehicles": it can't be tapped
    /// to pay a crew cost (current 702.122a).
    CantCrew,
    /// "can block an additional creature for each Equipment attached to ~" (Kemba's Legion):
    /// one more for each permanent the description fits, counted as blockers are declared.
    BlocksAdditionalFor { per: Filter },
    /// "can block creatures with shadow as though it had shadow" (or "as though they didn't
    /// have shadow"), "can block Dragons as though it had reach": against attackers the
    /// description fits, these evasion keywords don't stop it from blocking.
    BlocksAsThough {
        attackers: Filter,
        ignoring: Vec<Keyword>,
    },
    /// "Creatures with swampwalk can be blocked as though they didn't have swampwalk"
    /// (Quagmire): the attacker's side of the same permission, for every blocker (500.3): these
    /// evasion keywords of the creature don't stop any creature from blocking it.
    BlockedAsThough { ignoring: Vec<Keyword> },
    /// "can attack as though it had haste" (Instill Energy): permission to attack although it
    /// came under its controller's control this turn (212.3f). It doesn't get haste: its
    /// {T} abilities still wait.
    AttacksAsThoughHaste,
    /// Restriction (evasion, 500.3a): "can't be blocked by Walls", "... by creatures with power
    /// 2 or less"; "can't be blocked except by black creatures" is "by nonblack creatures".
    CantBeBlockedBy { filter: Filter },
    /// Requirement: "All creatures able to block [it] do so." (Lure; one requirement per
    /// creature able to block, per instance: 500.4 and the two-Lures ruling).
    LureRequirement,
    /// Requirement: "All Walls able to block ~ do so.": Lure for the blockers the description
    /// fits only.
    LureBy { filter: Filter },
    /// Requirement: "Target creature blocks ~ this turn if able": one requirement for each
    /// attacker the description fits that the creature could block, obeyed when it blocks
    /// that attacker (500.3).
    BlocksCreature { filter: Filter },
    /// "You may have ~ assign its combat damage as though it weren't blocked." (310.2e)
    DamageAsThoughUnblocked,
    /// Requirement: "[It] must be blocked if able": one requirement, obeyed when at least one
    /// creature blocks it.
    MustBeBlocked,
    /// Restriction on the declaration: "No more than one creature can attack each turn."
    MaxAttackers { max: u32 },
    /// Restriction on the declaration: "No more than one creature can block each turn."
    MaxBlockersTotal { max: u32 },
    /// Restriction with a cost (308.2d): "~ can't attack unless you pay {2}", "Enchanted
    /// creature can't attack unless its controller pays {3}", "Nonblack creatures can't attack
    /// you unless their controller pays {2} for each creature he or she controls that's
    /// attacking you". Generic mana, per creature; with `you`, only to attack the controller
    /// of the object with the ability (and with `planeswalkers`, that player's planeswalkers).
    AttackCost {
        mana: Amount,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        you: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        planeswalkers: bool,
        /// Costs besides mana (308.2d), per creature: "~ can't attack unless you sacrifice
        /// two Islands", "... unless you return an enchantment you control to its owner's
        /// hand", "Black creatures can't attack unless their controller sacrifices a land for
        /// each black creature he or she controls that's attacking". Only sacrificing and
        /// returning permanents of the creature's controller are read.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        parts: Vec<CostPart>,
    },
    /// Restriction with a cost (309.2b): "~ can't block unless you pay {2}"; with `attackers`,
    /// only to block the attackers the description fits ("can't block creatures with power 3
    /// or greater unless you pay {1}").
    BlockCost {
        mana: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attackers: Option<Filter>,
        /// Life to pay as well, per blocking creature (215.4: only with at least that much
        /// life): "Nonblue creatures can't block creatures you control unless their
        /// controller pays 1 life for each blocking creature he or she controls." With
        /// `attackers`, it is paid once when every attacker the blocker could block fits the
        /// description (Heat Wave's "creatures you control" in a two-player game); otherwise
        /// once for each of them it blocks, as the mana is.
        #[serde(default, skip_serializing_if = "is_zero")]
        life: u32,
    },
    /// Restriction: "can't attack unless at least two other creatures attack" (`others: None`,
    /// any creatures), "can't attack unless a black or green creature also attacks" (those the
    /// description fits): it attacks only with at least `at_least` of them.
    AttacksOnlyWith {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        others: Option<Filter>,
        at_least: u32,
    },
    /// Restriction: the same for blocking ("can't block unless a creature with greater power
    /// also blocks").
    BlocksOnlyWith {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        others: Option<Filter>,
        at_least: u32,
    },
    /// Restriction on blockers (Tromokratis): "can't be blocked unless all creatures defending
    /// player controls block it".
    BlockedOnlyByAll,
    /// Requirement: "must be blocked by an Eldrazi if able": one requirement, obeyed when a
    /// creature the description fits blocks it.
    MustBeBlockedBy { filter: Filter },
    /// Permission: "can block as though it were untapped" (Masako the Humorless): being tapped
    /// doesn't keep it from blocking (309.2a). It stays exempt from requirements to block
    /// while tapped (500.3).
    BlocksWhileTapped,
    /// Permission: "can attack as though it didn't have defender" (Wakestone Gargoyle's,
    /// Tree of Redemption's kin): defender (502.41b) doesn't keep it from attacking; nothing
    /// else changes (it still has defender).
    AttacksDespiteDefender,
    /// On an attacker (309.2b): "can't be blocked unless defending player pays {3} for each
    /// creature he or she controls that's blocking it": each creature blocking it costs that.
    BlockedCost { mana: Amount },
    /// Requirement: "attacks you each combat if able", "attacks ~ if able", "attacks target
    /// opponent this turn if able": obeyed only by attacking that player or planeswalker
    /// (500.1). If it isn't being attacked this combat, nothing can obey it.
    AttacksDefender { defender: Defender },
    /// Conditional requirement (500.1): "If ~ attacks, all creatures you control attack if
    /// able", "If a creature you control attacks, ~ also attacks if able": it asks the creature
    /// to attack only when one of the other creatures the description fits attacks.
    AttacksIfOthersAttack { others: Filter },
    /// Restriction: "can't attack its owner or planeswalkers its owner controls" (Xantcha): the
    /// creature can't attack the player who owns it, nor that player's planeswalkers.
    CantAttackOwner,
    /// Requirement on each opponent of the controller as the attacking player (Trove of
    /// Temptation): "must attack you or a planeswalker you control with at least one creature
    /// each combat if able": one requirement, obeyed when any creature attacks that player (or,
    /// with `planeswalkers`, a planeswalker that player controls).
    OpponentsAttackYou { planeswalkers: bool },
    /// Restriction on the whole declaration (Mirri, Weatherlight Duelist): "No more than one
    /// creature can attack you each combat": at most `max` creatures attack the controller (not
    /// that player's planeswalkers).
    MaxAttackersYou { max: u32 },
    /// Requirement (Nacatl War-Pride): "~ must be blocked by exactly one creature if able":
    /// one instance, obeyed when exactly one creature blocks it.
    MustBeBlockedByOne,
    /// "~ assigns no combat damage this turn" (Carrion Rats): it assigns no combat damage at
    /// all (310.2a), so none is dealt and none is prevented; it is still an attacking or
    /// blocking creature.
    AssignsNoCombatDamage,
}

/// The player or planeswalker a requirement to attack names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defender {
    /// "you": the controller of the object with the ability.
    You,
    /// "~": the planeswalker with the ability.
    This,
    /// A player an effect named as it began ("target opponent").
    Player(crate::model::PlayerId),
    /// A planeswalker an effect named as it began ("attacks ~ during its controller's next
    /// turn").
    Planeswalker(crate::model::ObjectId),
}

impl CombatRule {
    /// The rule with "~" fixed to one object, as an effect granting it begins.
    pub fn fix_this(&self, id: crate::model::ObjectId) -> CombatRule {
        match self {
            CombatRule::AttacksDefender {
                defender: Defender::This,
            } => CombatRule::AttacksDefender {
                defender: Defender::Planeswalker(id),
            },
            r => r.map_filters(&|f| f.fix_this(id)),
        }
    }

    /// The rule with "you" fixed to one player, as an effect granting it begins: "attacks you
    /// this turn if able" keeps naming the effect's controller, whoever controls the creature.
    pub fn fix_you(self, you: crate::model::PlayerId) -> CombatRule {
        match self {
            CombatRule::AttacksDefender {
                defender: Defender::You,
            } => CombatRule::AttacksDefender {
                defender: Defender::Player(you),
            },
            r => r,
        }
    }

    /// The rule with "it" of a trigger about another creature bound to that creature.
    pub fn bind_triggering(&self, id: crate::model::ObjectId) -> CombatRule {
        self.map_filters(&|f| f.bind_triggering(id))
    }

    /// Whether the rule names the creature a trigger is about.
    pub fn mentions_triggering(&self) -> bool {
        let found = std::cell::Cell::new(false);
        self.map_filters(&|f| {
            if f.mentions_triggering() {
                found.set(true);
            }
            f.clone()
        });
        found.get()
    }

    /// The rule with each description it holds changed by `fix`.
    fn map_filters(&self, fix: &dyn Fn(&Filter) -> Filter) -> CombatRule {
        match self {
            CombatRule::BlocksOnly { filter } => CombatRule::BlocksOnly {
                filter: fix(filter),
            },
            CombatRule::CantBlockCreatures { filter } => CombatRule::CantBlockCreatures {
                filter: fix(filter),
            },
            CombatRule::CantBeBlockedBy { filter } => CombatRule::CantBeBlockedBy {
                filter: fix(filter),
            },
            CombatRule::BlocksCreature { filter } => CombatRule::BlocksCreature {
                filter: fix(filter),
            },
            CombatRule::BlocksAsThough {
                attackers,
                ignoring,
            } => CombatRule::BlocksAsThough {
                attackers: fix(attackers),
                ignoring: ignoring.clone(),
            },
            CombatRule::LureBy { filter } => CombatRule::LureBy {
                filter: fix(filter),
            },
            CombatRule::AttacksOnlyWith {
                others: Some(f),
                at_least,
            } => CombatRule::AttacksOnlyWith {
                others: Some(fix(f)),
                at_least: *at_least,
            },
            CombatRule::BlocksOnlyWith {
                others: Some(f),
                at_least,
            } => CombatRule::BlocksOnlyWith {
                others: Some(fix(f)),
                at_least: *at_least,
            },
            CombatRule::MustBeBlockedBy { filter } => CombatRule::MustBeBlockedBy {
                filter: fix(filter),
            },
            CombatRule::BlockCost {
                mana,
                attackers: Some(f),
                life,
            } => CombatRule::BlockCost {
                mana: mana.clone(),
                attackers: Some(fix(f)),
                life: *life,
            },
            CombatRule::AttacksIfOthersAttack { others } => CombatRule::AttacksIfOthersAttack {
                others: fix(others),
            },
            r => r.clone(),
        }
    }

    /// 500.1: a restriction says a creature can't attack or block (unless ...); a requirement
    /// says it must. Neither for rules that only widen what a creature may block.
    pub fn class(&self) -> RuleClass {
        match self {
            CombatRule::AttacksEachTurn
            | CombatRule::BlocksEachTurn
            | CombatRule::BlocksCreature { .. }
            | CombatRule::LureRequirement
            | CombatRule::LureBy { .. }
            | CombatRule::MustBeBlocked
            | CombatRule::MustBeBlockedBy { .. }
            | CombatRule::AttacksDefender { .. }
            | CombatRule::AttacksIfOthersAttack { .. }
            | CombatRule::OpponentsAttackYou { .. } => RuleClass::Requirement,
            CombatRule::BlocksAdditional { .. }
            | CombatRule::BlocksAnyNumber
            | CombatRule::BlocksAdditionalFor { .. }
            | CombatRule::BlocksAsThough { .. }
            | CombatRule::BlockedAsThough { .. }
            | CombatRule::AttacksAsThoughHaste
            | CombatRule::BlocksWhileTapped
            | CombatRule::AttacksDespiteDefender
            | CombatRule::DamageAsThoughUnblocked => RuleClass::Permission,
            _ => RuleClass::Restriction,
        }
    }
}

/// 500.1's two kinds of effect, plus the permissions of 309.2a.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleClass {
    Restriction,
    Requirement,
    Permission,
}

/// A card's limit on when its activated ability may be played: "Activate this ability only
/// once each turn", "only during your turn, before attackers are declared", "only any time
/// you could cast a sorcery", "only if seven or more cards are in your graveyard" (2009: "Play
/// this ability only ..."). Every limit of an ability must hold.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "only", rename_all = "snake_case")]
pub enum ActivationLimit {
    /// "no more than N times each turn" ("once each turn" is 1): counted per object, which a
    /// zone change makes new (217.1c).
    TimesEachTurn { times: u32 },
    /// "during your turn"
    YourTurn,
    /// "before attackers are declared": before the declare attackers step of the turn.
    BeforeAttackers,
    /// "any time you could cast a sorcery" (408.1d's timing: the controller's main phase,
    /// stack empty).
    Sorcery,
    /// "during your upkeep", "during combat", "during the declare blockers step": the
    /// current step is one of these.
    During { steps: Vec<crate::model::Step> },
    /// "only if <condition>", read with the object with the ability.
    If { condition: Condition },
    /// "before blockers are declared": before the declare blockers step of the turn, whose
    /// blockers are declared before any player has priority in it (309.1).
    BeforeBlockers,
    /// A planeswalker's loyalty ability (212.9f): only during a main phase of its controller's
    /// turn, with the stack empty, and only if none of the planeswalker's activated abilities
    /// has been played this turn. Not printed: every ability with a loyalty cost has it.
    Loyalty,
    /// "during an opponent's turn": the active player is an opponent of its controller.
    OpponentsTurn,
    /// "before combat": before the combat phase of the turn begins (the beginning and
    /// precombat main phases, 300.1).
    BeforeCombat,
    /// "after blockers are declared" (with "during combat": Maze of Ith's kin): from the
    /// declare blockers step on, whose blockers are declared before any player has priority
    /// in it (309.1).
    AfterBlockers,
    /// "before the combat damage step": before the combat damage step of the turn begins
    /// (2009: while combat damage can still be prevented before it is put on the stack, 310.1).
    BeforeCombatDamage,
    /// "Any player may activate this ability." (2009: "play"): not a limit but the permission
    /// 403.2 asks for ("Only an object's controller ... can play its activated ability unless
    /// the object specifically says otherwise"); the player who plays it controls it and pays
    /// its costs with what he or she has.
    AnyPlayer,
}

impl fmt::Display for ActivationLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActivationLimit::TimesEachTurn { times: 1 } => f.write_str("only once each turn"),
            ActivationLimit::TimesEachTurn { times } => {
                write!(f, "no more than {times} times each turn")
            }
            ActivationLimit::YourTurn => f.write_str("only during your turn"),
            ActivationLimit::BeforeAttackers => f.write_str("only before attackers are declared"),
            ActivationLimit::Sorcery => f.write_str("only any time you could play a sorcery"),
            ActivationLimit::During { steps } => {
                let s: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
                write!(f, "only during the {}", s.join(" or "))
            }
            ActivationLimit::If { condition } => write!(f, "only if {condition}"),
            ActivationLimit::BeforeBlockers => f.write_str("only before blockers are declared"),
            ActivationLimit::BeforeCombatDamage => {
                f.write_str("only before the combat damage step")
            }
            ActivationLimit::Loyalty => f.write_str(
                "only in a main phase of your turn with the stack empty, once each turn for this planeswalker",
            ),
            ActivationLimit::OpponentsTurn => f.write_str("only during an opponent's turn"),
            ActivationLimit::BeforeCombat => f.write_str("only before combat"),
            ActivationLimit::AfterBlockers => f.write_str("only after blockers are declared"),
            ActivationLimit::AnyPlayer => f.write_str("by any player"),
        }
    }
}

/// The cost of an activated ability (402.1): mana, whether `{T}` is part of it, and the other
/// actions it asks for, paid in any order with the rest (409.1h).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Cost {
    pub mana: ManaCost,
    pub tap: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<CostPart>,
}

/// A part of a cost that isn't mana or `{T}` (409.1f: "Some cards list additional costs";
/// 501.6 sacrifice, 501.7 tap). Objects it names are the paying player's own.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum CostPart {
    /// "Sacrifice ~" (501.6).
    SacrificeThis,
    /// `{Q}`, the untap symbol (104.5): "Untap this permanent"; an untapped permanent can't
    /// pay it, nor a creature under its controller's control only since this turn began
    /// (212.3f).
    UntapThis,
    /// "Sacrifice a creature", "Sacrifice two Islands": permanents the player controls that
    /// the description fits (501.6).
    Sacrifice { filter: Filter, count: u32 },
    /// "Tap an untapped Merfolk you control", "Tap two untapped artifacts you control" (501.7).
    /// Only the `{T}` symbol asks about summoning sickness (212.3f), so a creature that came
    /// under its controller's control this turn can pay this.
    TapUntapped { filter: Filter, count: u32 },
    /// "Discard a card", "Discard two cards": cards of the player's hand. "Discard a card at
    /// random" (`random`, glossary "Random"): the player doesn't choose; a run is
    /// deterministic, so the card that comes up is the one `pay` names, else the card most
    /// recently put into the hand.
    Discard {
        count: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        random: bool,
    },
    /// "Discard a creature card", "Discard two land cards": cards of the player's hand that
    /// the description fits.
    DiscardCards { filter: Filter, count: u32 },
    /// "Exile a creature card from your graveyard", "Exile two cards from your graveyard"
    /// (2009: "Remove ... in your graveyard from the game", 217.7): cards of the player's
    /// graveyard that the description fits. With `top`, "Exile the top creature card of your
    /// graveyard": the one nearest the top that fits, no other (217.4b: a graveyard's order
    /// can't change).
    ExileFromGraveyard {
        filter: Filter,
        count: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        top: bool,
    },
    /// "Put a -1/-1 counter on ~" (200.10): counters put on the object with the ability.
    PutCounters {
        counter: crate::model::Counter,
        count: u32,
    },
    /// "Put a -1/-1 counter on a creature you control": one permanent the player controls
    /// that the description fits (the object with the ability too) gets the counter.
    PutCounterOn {
        filter: Filter,
        counter: crate::model::Counter,
    },
    /// "Remove a +1/+1 counter from ~", "Remove two gem counters from ~".
    RemoveCounters {
        counter: crate::model::Counter,
        count: u32,
    },
    /// "Pay 2 life" (215.4 in 2009: a player can pay life only if his or her life total is at
    /// least that much).
    PayLife { amount: u32 },
    /// "Return a land you control to its owner's hand": permanents the player controls that
    /// the description fits.
    ReturnToHand { filter: Filter, count: u32 },
    /// Crew's cost (current 702.122a): "Tap any number of other untapped creatures you
    /// control with total power N or greater"; summoning sickness doesn't matter (no {T}).
    Crew { power: u32 },
    /// "Discard ~" (channel's costs, "Channel — {1}{B}, Discard ~: ..."): the card itself, from
    /// its owner's hand. A cost that moves the object out of a zone makes the ability function
    /// only in that zone (402.8h), so the ability is played from the hand, never from play.
    DiscardThis,
    /// "Remove X +1/+1 counters from ~", "Exile X cards from your graveyard": a counted part
    /// whose count is the X its controller announces as the ability is played (409.1b), fixed
    /// then ([`Cost::with_x`]); the part inside holds a count of 1.
    X { counted: Box<CostPart> },
    /// "Exile ~ from your graveyard" (2009: "Remove ~ in your graveyard from the game"): the
    /// card itself, from its owner's graveyard; the cost moves it out of that zone, so the
    /// ability functions only there (402.8h).
    ExileThis,
    /// A loyalty cost, "+2", "−1", "0" (212.9f): put `delta` loyalty counters on the
    /// planeswalker, or remove `-delta`; a negative cost can't be paid without that many.
    Loyalty { delta: i32 },
    /// "Pay {E}{E}{E}", "{E}" in a cost (current 107.14): the player removes that many energy
    /// counters from himself or herself; it can't be paid with fewer.
    PayEnergy { amount: u32 },
}

impl CostPart {
    /// How many objects (or life, or energy) the part counts, for the parts that count.
    fn count_mut(&mut self) -> Option<&mut u32> {
        match self {
            CostPart::Sacrifice { count, .. }
            | CostPart::TapUntapped { count, .. }
            | CostPart::Discard { count, .. }
            | CostPart::DiscardCards { count, .. }
            | CostPart::ExileFromGraveyard { count, .. }
            | CostPart::PutCounters { count, .. }
            | CostPart::RemoveCounters { count, .. }
            | CostPart::ReturnToHand { count, .. } => Some(count),
            CostPart::PayLife { amount } | CostPart::PayEnergy { amount } => Some(amount),
            _ => None,
        }
    }
}

impl Cost {
    /// Whether an X is announced as it is paid (409.1b): `{X}` in its mana, or a part counted
    /// by X.
    pub fn has_x(&self) -> bool {
        self.mana.0.contains(&crate::mana::ManaSymbol::X)
            || self.parts.iter().any(|p| matches!(p, CostPart::X { .. }))
    }

    /// The cost with X announced as `x` (409.1b): `{X}` is `x` generic mana, and each part
    /// counted by X counts `x` objects (none at all for 0).
    pub fn with_x(&self, x: u32) -> Cost {
        let mana = self.mana.with_x(x);
        let parts = self
            .parts
            .iter()
            .filter_map(|p| match p {
                CostPart::X { counted: inner } => {
                    if x == 0 {
                        return None;
                    }
                    let mut inner = (**inner).clone();
                    if let Some(count) = inner.count_mut() {
                        *count = x;
                    }
                    Some(inner)
                }
                p => Some(p.clone()),
            })
            .collect();
        Cost {
            mana,
            tap: self.tap,
            parts,
        }
    }

    /// `{T}` and nothing else: what a mana source that pays other costs asks (406, 411).
    pub fn is_just_tap(&self) -> bool {
        self.tap && self.mana.0.is_empty() && self.parts.is_empty()
    }

    /// The cost paid `n` times over as one cost (cumulative upkeep, 502.13a: "[cost] for each
    /// age counter"): every mana symbol `n` times, every count of objects or life `n` times, so
    /// no object pays twice (502.13a's example). `None` if it can't be multiplied: `{T}` or
    /// "sacrifice ~" can be paid only once, and a count that overflows (or more than 100,000
    /// mana symbols) can't be paid at all.
    pub fn times(&self, n: u32) -> Option<Cost> {
        if n == 0 {
            return Some(Cost::default());
        }
        if n > 1
            && (self.tap
                || self.parts.contains(&CostPart::SacrificeThis)
                || self.parts.contains(&CostPart::DiscardThis))
        {
            return None;
        }
        // Far more symbols than any mana could pay: refused rather than built.
        if u64::from(n).saturating_mul(self.mana.0.len() as u64) > 100_000 {
            return None;
        }
        let mut mana = Vec::new();
        for _ in 0..n {
            mana.extend(self.mana.0.iter().cloned());
        }
        let parts = self
            .parts
            .iter()
            .map(|p| {
                let mut p = p.clone();
                match &mut p {
                    CostPart::SacrificeThis
                    | CostPart::DiscardThis
                    | CostPart::ExileThis
                    | CostPart::UntapThis => {}
                    // No upkeep cost crews, costs loyalty or announces an X; refused rather
                    // than given a meaning.
                    CostPart::X { .. }
                    | CostPart::Crew { .. }
                    | CostPart::Loyalty { .. }
                    | CostPart::PutCounterOn { .. } => return None,
                    p => {
                        let count = p.count_mut()?;
                        *count = count.checked_mul(n)?;
                    }
                }
                Some(p)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Cost {
            mana: crate::mana::ManaCost(mana),
            tap: self.tap,
            parts,
        })
    }
}

/// "a creature card", "two cards": a count and a description of cards, for costs.
fn counted_cards(count: u32, filter: &Filter) -> String {
    let every = *filter == Filter::every();
    match (count, every) {
        (1, true) => "a card".into(),
        (1, false) => format!("{} card", counted(1, filter)),
        (n, true) => format!("{n} cards"),
        (n, false) => format!("{n} {} cards", filter.singular()),
    }
}

/// "a creature", "two Islands": a count and a description, for costs.
fn counted(count: u32, filter: &Filter) -> String {
    if count == 1 {
        let s = filter.singular();
        if s.starts_with("other ") {
            return format!("an{s}");
        }
        let article = if s.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {s}")
    } else {
        format!("{count} {}", filter.plural())
    }
}

impl fmt::Display for CostPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostPart::SacrificeThis => f.write_str("sacrifice ~"),
            CostPart::UntapThis => f.write_str("{Q}"),
            CostPart::Sacrifice { filter, count } => {
                write!(f, "sacrifice {}", counted(*count, filter))
            }
            CostPart::TapUntapped { filter, count } => {
                write!(f, "tap {}", counted(*count, filter))
            }
            CostPart::Discard { count: 1, random } => {
                write!(
                    f,
                    "discard a card{}",
                    if *random { " at random" } else { "" }
                )
            }
            CostPart::Discard { count, random } => write!(
                f,
                "discard {count} cards{}",
                if *random { " at random" } else { "" }
            ),
            CostPart::DiscardCards { filter, count } => {
                write!(f, "discard {}", counted_cards(*count, filter))
            }
            CostPart::ExileFromGraveyard {
                filter,
                count: 1,
                top: true,
            } => write!(
                f,
                "remove the top {} of your graveyard from the game",
                counted_cards(1, filter)
                    .trim_start_matches("a ")
                    .trim_start_matches("an ")
            ),
            CostPart::ExileFromGraveyard { filter, count, .. } => write!(
                f,
                "remove {} in your graveyard from the game",
                counted_cards(*count, filter)
            ),
            CostPart::PutCounters { counter, count: 1 } => {
                write!(f, "put a {counter} counter on ~")
            }
            CostPart::PutCounters { counter, count } => {
                write!(f, "put {count} {counter} counters on ~")
            }
            CostPart::PutCounterOn { filter, counter } => {
                write!(f, "put a {counter} counter on {}", counted(1, filter))
            }
            CostPart::RemoveCounters { counter, count: 1 } => {
                write!(f, "remove a {counter} counter from ~")
            }
            CostPart::RemoveCounters { counter, count } => {
                write!(f, "remove {count} {counter} counters from ~")
            }
            CostPart::PayLife { amount } => write!(f, "pay {amount} life"),
            CostPart::PayEnergy { amount } => write!(f, "pay {}", "{E}".repeat(*amount as usize)),
            CostPart::ReturnToHand { filter, count } => {
                write!(f, "return {} to its owner's hand", counted(*count, filter))
            }
            CostPart::Crew { power } => write!(
                f,
                "tap any number of other untapped creatures you control with total power {power} or greater"
            ),
            CostPart::DiscardThis => f.write_str("discard ~"),
            CostPart::ExileThis => f.write_str("exile ~ from your graveyard"),
            CostPart::X { counted: inner } => match &**inner {
                CostPart::RemoveCounters { counter, .. } => {
                    write!(f, "remove X {counter} counters from ~")
                }
                CostPart::ExileFromGraveyard { filter, .. } => write!(
                    f,
                    "exile X {} from your graveyard",
                    if *filter == Filter::every() {
                        "cards".to_string()
                    } else {
                        format!("{} cards", filter.singular())
                    }
                ),
                other => write!(f, "{other} (X times)"),
            },
            CostPart::Loyalty { delta } if *delta > 0 => write!(f, "+{delta}"),
            CostPart::Loyalty { delta } if *delta < 0 => {
                write!(f, "\u{2212}{}", delta.unsigned_abs())
            }
            CostPart::Loyalty { .. } => f.write_str("0"),
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mana.0.is_empty() && !self.tap && self.parts.is_empty() {
            return f.write_str("{0}");
        }
        // As Oracle text writes it: "{2}{B}, {T}, Sacrifice a creature".
        let mut pieces: Vec<String> = Vec::new();
        if !self.mana.0.is_empty() {
            pieces.push(self.mana.to_string());
        }
        if self.tap {
            pieces.push("{T}".to_string());
        }
        pieces.extend(self.parts.iter().map(ToString::to_string));
        f.write_str(&pieces.join(", "))
    }
}

/// What an object an effect names is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// The object with the ability ("~").
    This,
    /// "target creature", chosen as the spell or ability is played (409.1c). Later mentions in
    /// the same text ("it", "that creature") are the same target.
    TargetCreature,
    /// "target creature or player".
    TargetCreatureOrPlayer,
    /// "target spell".
    TargetSpell,
    /// "target attacking creature you control".
    TargetAttackingCreatureYouControl,
    /// "target attacking creature".
    TargetAttackingCreature,
    /// "target creature you control" (equip's target, 502.33a).
    TargetCreatureYouControl,
    /// "you": the controller of the spell or ability.
    You,
    /// "target artifact", "target creature with power 2 or less", "target creature an opponent
    /// controls": a permanent the description fits, chosen as the spell or ability is played
    /// and checked again as it resolves (409.1c, 413.2a). The common kinds above stay named.
    Target(Filter),
    /// "target player" or "target opponent" (409.1c): a player still in the game, an opponent
    /// of the controller for "target opponent".
    TargetPlayer { opponent: bool },
    /// "up to two target creatures", "two target creatures", "any number of target
    /// creatures": between `min` and `max` different permanents the description fits, the
    /// number announced as it is played (409.1c); the instruction acts on each. With
    /// `players` ("target creatures and/or players"), players in the game may be chosen too.
    Targets {
        filter: Filter,
        min: u32,
        max: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        players: bool,
    },
    /// "you", "each opponent", "each player", "defending player": the players a reference
    /// names as the instruction is carried out; not targeted.
    Players(crate::filter::PlayerRef),
    /// "target Spirit card with converted mana cost 3 or less from your graveyard": a card in
    /// the graveyard of the controller of the spell or ability that the description fits,
    /// with at most that converted mana cost if one is given.
    TargetCardInYourGraveyard {
        filter: Filter,
        max_mana_value: Option<u32>,
        /// Whose graveyard: the controller's unless the text says "a graveyard" or "an
        /// opponent's graveyard".
        #[serde(default, skip_serializing_if = "Graveyards::is_yours")]
        from: Graveyards,
    },
    /// "creatures without flying", "each creature you control": every permanent the
    /// description fits. An effect that changes characteristics affects those it fits as it
    /// begins, and the set doesn't change; one that changes the rules ("can't block this
    /// turn") applies to whatever fits at any moment, newcomers too (418.3b).
    Each(Filter),
    /// "creatures target player controls", "creatures target opponent controls": the player is
    /// a target (409.1c); the instruction acts, like [`Subject::Each`], on every permanent the
    /// description fits that this player controls (418.3b).
    EachOfTargetPlayer { filter: Filter, opponent: bool },
    /// "X target creatures" of an activated ability whose cost has {X}: as many targets as
    /// the X announced (409.1b comes before 409.1c), [`fix_x`] making it
    /// [`Subject::Targets`] with that number.
    XTargets { filter: Filter },
    /// "Creatures your opponents control get -1/-1 until end of turn. Those creatures attack
    /// this turn if able." (Suicidal Charge): the creatures an earlier instruction of the same
    /// spell or ability acted on, every one the description fits as this instruction is
    /// carried out, and only those: unlike [`Subject::Each`], a rule it gives doesn't reach
    /// creatures that fit later. The grammar allows it only after an instruction that can't
    /// change whether a creature fits, so the set is the one the earlier instruction affected.
    Those(Filter),
    /// "creatures that player controls", "other creatures that player controls" as a sentence
    /// reads them, before the card compiler joins "that player" to the earlier target it
    /// names ([`Subject::EachOfTargetPlayer`] or [`Subject::OfTargetsController`]); a card that
    /// leaves one unjoined doesn't compile.
    ThatPlayers { filter: Filter, other: bool },
    /// "Target creature an opponent controls blocks this turn if able. ... Other creatures
    /// that player controls can't block this turn." (Mark for Death): every permanent the
    /// description fits that the controller of the earlier target `target` controls as the
    /// instruction is carried out (with `other`, not that creature); nothing if that target
    /// is illegal (413.2a). Like [`Subject::Each`], a rule it gives reaches newcomers (418.3b).
    OfTargetsController {
        filter: Filter,
        target: Box<TargetKind>,
        other: bool,
    },
    /// "Other creatures he or she controls can't block this turn." after "<player> chooses a
    /// creature he or she controls": every permanent the description fits that the player who
    /// chose controls (with `other`, except the one chosen). The card compiler allows it only
    /// after such an instruction of the same spell or ability.
    ChoosersCreatures { filter: Filter, other: bool },
    /// "That token gains haste until end of turn and attacks this combat if able." (Legion
    /// Warboss): the tokens an earlier "create ..." instruction of the same spell or ability
    /// created as it resolved, those still in play. The card compiler allows it only after
    /// such an instruction.
    CreatedTokens,
    /// "a red source of your choice" (419.8a): an object its controller chooses as the effect
    /// is created, not a target: a permanent, a spell on the stack, or a creature whose combat
    /// damage is on the stack (2009), that the description fits. ("Any card or permanent
    /// referred to by an object on the stack", which 419.8a also allows, isn't offered.)
    ChosenSource(Filter),
    /// "Aggravate deals 1 damage to each creature target player controls. Each creature dealt
    /// damage this way attacks this turn if able.": the creatures an earlier "deals damage"
    /// instruction of the same spell or ability dealt damage to as it resolved (damage
    /// prevented isn't dealt, 419.7), those still creatures in play. The card compiler allows
    /// it only after such an instruction.
    DamagedThisWay,
    /// "If it doesn't, destroy it at the beginning of the next end step." (Nettling Imp), "destroy
    /// each of those creatures that didn't attack this turn" (Maddening Imp), in a delayed
    /// instruction: the objects `earlier` named as the instruction that created the delayed
    /// ability was carried out (its legal target, or those an earlier instruction acted on),
    /// fixed then; of those, the ones still in play that `filter` fits as the delayed
    /// instruction is carried out. A creature that left play is a new object (217.1c).
    ThoseThat {
        earlier: Box<Subject>,
        filter: Filter,
    },
    /// "Creatures of the creature type of your choice attack this turn if able." (Walking
    /// Desecration): as the instruction is carried out its controller names a creature type
    /// (413.2c); the instruction then acts, like [`Subject::Each`], on every permanent the
    /// description fits that has that type (changeling has all, 502.73a).
    ChosenTypeCreatures { filter: Filter },
    /// "~ deals 4 damage to target creature and 2 damage to that creature's controller"
    /// (Chandra's Outrage): the player who controls the earlier target as the instruction is
    /// carried out, or controlled it when it was last in play (glossary "Last Known
    /// Information"); not a target.
    ControllerOfTarget { target: Box<TargetKind> },
}

impl Subject {
    /// "you" (a default for instructions about players that name none).
    pub fn you() -> Subject {
        Subject::You
    }

    pub fn is_you(&self) -> bool {
        *self == Subject::You
    }

    /// The kind of target this subject asks for, if it is a target (409.1c).
    pub fn target(&self) -> Option<TargetKind> {
        match self {
            Subject::Target(f) => Some(TargetKind::Permanent(f.clone())),
            Subject::TargetCreature => Some(TargetKind::Creature),
            Subject::TargetCreatureOrPlayer => Some(TargetKind::CreatureOrPlayer),
            Subject::TargetSpell => Some(TargetKind::Spell),
            Subject::TargetAttackingCreatureYouControl => {
                Some(TargetKind::AttackingCreatureYouControl)
            }
            Subject::TargetAttackingCreature => Some(TargetKind::AttackingCreature),
            Subject::TargetCreatureYouControl => Some(TargetKind::CreatureYouControl),
            Subject::TargetPlayer { opponent } | Subject::EachOfTargetPlayer { opponent, .. } => {
                Some(TargetKind::Player {
                    opponent: *opponent,
                })
            }
            Subject::Targets {
                filter,
                min,
                max,
                players,
            } => Some(TargetKind::Many {
                filter: filter.clone(),
                min: *min,
                max: *max,
                players: *players,
            }),
            Subject::TargetCardInYourGraveyard {
                filter,
                max_mana_value,
                from,
            } => Some(TargetKind::CardInYourGraveyard {
                filter: filter.clone(),
                max_mana_value: *max_mana_value,
                from: *from,
            }),
            // Announced before targets are chosen, and fixed then ([`fix_x`]); none before.
            Subject::This
            | Subject::You
            | Subject::Each(_)
            | Subject::ChosenSource(_)
            | Subject::Players(_)
            | Subject::XTargets { .. }
            | Subject::Those(_)
            | Subject::ThatPlayers { .. }
            | Subject::OfTargetsController { .. }
            | Subject::ChoosersCreatures { .. }
            | Subject::CreatedTokens
            | Subject::DamagedThisWay
            | Subject::ThoseThat { .. }
            | Subject::ControllerOfTarget { .. }
            | Subject::ChosenTypeCreatures { .. } => None,
        }
    }
}

/// What a target must be (409.1c, 413.2a).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetKind {
    Creature,
    CreatureOrPlayer,
    Spell,
    AttackingCreatureYouControl,
    AttackingCreature,
    CreatureYouControl,
    /// A permanent in play the description fits ("target artifact", "target creature with
    /// power 2 or less").
    Permanent(Filter),
    /// "target player", "target opponent".
    Player {
        opponent: bool,
    },
    /// "up to two target creatures": between `min` and `max` different permanents the
    /// description fits (409.1c); with `players`, players in the game too ("target creatures
    /// and/or players").
    Many {
        filter: Filter,
        min: u32,
        max: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        players: bool,
    },
    /// A card in its controller's graveyard the description fits, with at most that converted
    /// mana cost (soulshift, 502.39a).
    CardInYourGraveyard {
        filter: Filter,
        max_mana_value: Option<u32>,
        #[serde(default, skip_serializing_if = "Graveyards::is_yours")]
        from: Graveyards,
    },
}

impl TargetKind {
    /// Whether a target of this kind is always a creature: what a later "that creature" of
    /// the same text may name (409.1c).
    pub fn is_creature(&self) -> bool {
        match self {
            TargetKind::Creature
            | TargetKind::AttackingCreatureYouControl
            | TargetKind::AttackingCreature
            | TargetKind::CreatureYouControl => true,
            TargetKind::Permanent(f) => f.only_creatures(),
            TargetKind::CreatureOrPlayer
            | TargetKind::Spell
            | TargetKind::Player { .. }
            | TargetKind::Many { .. }
            | TargetKind::CardInYourGraveyard { .. } => false,
        }
    }

    /// The subject that asks for a target of this kind; an instruction naming the same target
    /// again carries the same subject, so both resolve with one chosen target.
    pub fn subject(&self) -> Subject {
        match self {
            TargetKind::Creature => Subject::TargetCreature,
            TargetKind::CreatureOrPlayer => Subject::TargetCreatureOrPlayer,
            TargetKind::Spell => Subject::TargetSpell,
            TargetKind::AttackingCreatureYouControl => Subject::TargetAttackingCreatureYouControl,
            TargetKind::AttackingCreature => Subject::TargetAttackingCreature,
            TargetKind::CreatureYouControl => Subject::TargetCreatureYouControl,
            TargetKind::Permanent(f) => Subject::Target(f.clone()),
            TargetKind::Player { opponent } => Subject::TargetPlayer {
                opponent: *opponent,
            },
            TargetKind::Many {
                filter,
                min,
                max,
                players,
            } => Subject::Targets {
                filter: filter.clone(),
                min: *min,
                max: *max,
                players: *players,
            },
            TargetKind::CardInYourGraveyard {
                filter,
                max_mana_value,
                from,
            } => Subject::TargetCardInYourGraveyard {
                filter: filter.clone(),
                max_mana_value: *max_mana_value,
                from: *from,
            },
        }
    }

    /// How many targets of this kind an instruction takes (409.1c).
    pub fn count(&self) -> std::ops::RangeInclusive<u32> {
        match self {
            TargetKind::Many { min, max, .. } => *min..=*max,
            _ => 1..=1,
        }
    }
}

/// Which of the chosen targets, in order, belong to each kind of target (409.1c): one each,
/// and the rest to the one kind that takes a variable number. `None` if `chosen` targets
/// can't be shared out that way.
pub fn share_targets(kinds: &[TargetKind], chosen: usize) -> Option<Vec<std::ops::Range<usize>>> {
    let fixed_count = |k: &TargetKind| {
        let c = k.count();
        (c.start() == c.end()).then(|| *c.start() as usize)
    };
    let variable: Vec<&TargetKind> = kinds.iter().filter(|k| fixed_count(k).is_none()).collect();
    let fixed: usize = kinds.iter().filter_map(fixed_count).sum();
    let rest = chosen.checked_sub(fixed)?;
    match variable.as_slice() {
        [] if rest == 0 => {}
        [v] if v.count().contains(&u32::try_from(rest).ok()?) => {}
        _ => return None,
    }
    let mut out = Vec::with_capacity(kinds.len());
    let mut at = 0;
    for k in kinds {
        let n = fixed_count(k).unwrap_or(rest);
        out.push(at..at + n);
        at += n;
    }
    Some(out)
}

/// The instructions of a triggered ability as it triggers, "that player" bound to `player`
/// (the player the event names: dealt damage, or who cast the spell).
pub fn bind_triggering_player(effects: &[Effect], player: crate::model::PlayerId) -> Vec<Effect> {
    replace_player_ref(
        effects,
        crate::filter::PlayerRef::TriggeringPlayer,
        crate::filter::PlayerRef::Player(player),
    )
}

/// The instructions with "that spell's" ([`crate::filter::StatOf::Spell`]) bound to the spell
/// whose playing triggered them.
pub fn bind_spell(effects: &[Effect], spell: crate::model::ObjectId) -> Vec<Effect> {
    effects
        .iter()
        .map(|e| {
            crate::filter::map_stats(e, &mut |of| {
                (*of == crate::filter::StatOf::Spell)
                    .then_some(crate::filter::StatOf::Object(spell))
            })
        })
        .collect()
}

/// The instructions with every mention of the player `from` names (as the subject, in a
/// description such as "target land that player controls", in an amount) made `to`.
pub fn replace_player_ref(
    effects: &[Effect],
    from: crate::filter::PlayerRef,
    to: crate::filter::PlayerRef,
) -> Vec<Effect> {
    fn walk(v: &mut serde_json::Value, from: &serde_json::Value, to: &serde_json::Value) {
        if v == from {
            *v = to.clone();
            return;
        }
        match v {
            serde_json::Value::Object(map) => map.values_mut().for_each(|x| walk(x, from, to)),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|x| walk(x, from, to)),
            _ => {}
        }
    }
    let (Ok(from), Ok(to)) = (serde_json::to_value(from), serde_json::to_value(to)) else {
        return effects.to_vec();
    };
    effects
        .iter()
        .map(|e| {
            let Ok(mut v) = serde_json::to_value(e) else {
                return e.clone();
            };
            walk(&mut v, &from, &to);
            serde_json::from_value(v).unwrap_or_else(|_| e.clone())
        })
        .collect()
}

/// Whether instructions (or any value: an ability, a condition) name the player `which`
/// anywhere, "that player" of a trigger for one.
pub fn mentions_player_ref<T: Serialize + ?Sized>(
    value: &T,
    which: crate::filter::PlayerRef,
) -> bool {
    let Ok(which) = serde_json::to_value(which) else {
        return false;
    };
    fn find(v: &serde_json::Value, which: &serde_json::Value) -> bool {
        v == which
            || match v {
                serde_json::Value::Object(map) => map.values().any(|x| find(x, which)),
                serde_json::Value::Array(items) => items.iter().any(|x| find(x, which)),
                _ => false,
            }
    }
    serde_json::to_value(value).is_ok_and(|v| find(&v, &which))
}

/// What an instruction divides among its targets as it is played (409.1e): damage dealt or
/// damage prevented, and how much.
pub fn divided(effects: &[Effect]) -> Option<(u32, &Subject)> {
    effects.iter().find_map(|e| match e {
        Effect::DivideDamage { amount, among } | Effect::DividePrevention { amount, among } => {
            Some((*amount, among))
        }
        _ => None,
    })
}

/// The division a player who doesn't say otherwise makes (409.1e): as even as it can be, the
/// targets chosen first getting the odd points. Empty if there is nothing to divide among.
pub fn default_division(amount: u32, among: usize) -> Vec<u32> {
    let Ok(n) = u32::try_from(among) else {
        return Vec::new();
    };
    if n == 0 {
        return Vec::new();
    }
    (0..n)
        .map(|i| amount / n + u32::from(i < amount % n))
        .collect()
}

/// Why `parts` is not a division of `amount` among that many targets (409.1e): each target
/// (`name`d by its place) must get at least 1, and the parts must add up to the whole.
pub fn division_error(
    amount: u32,
    parts: &[u32],
    name: impl Fn(usize) -> String,
) -> Option<String> {
    if let Some(n) = parts.iter().position(|p| *p == 0) {
        return Some(format!(
            "{} gets nothing, but each target must get at least 1",
            name(n)
        ));
    }
    let sum: u64 = parts.iter().map(|p| u64::from(*p)).sum();
    (sum != u64::from(amount))
        .then(|| format!("the parts add up to {sum}, but {amount} must be divided, all of it",))
}

/// A creature token an effect defines (216.1): its name is its creature type (216.1a), and it
/// has only the characteristics the effect gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TokenSpec {
    pub power: i32,
    pub toughness: i32,
    pub colors: Vec<Color>,
    pub creature_type: String,
    /// Further creature types ("Cat Warrior": Cat, then Warrior).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_types: Vec<String>,
    /// "artifact creature token"
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub artifact: bool,
    /// "with flying": the token's keyword abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// "named Cloud Sprite": its name, when the effect gives one (216.1a: otherwise its
    /// creature types).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// "with \"...\"": the token's other abilities (216.1), "this creature" in them the token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
    /// "a tapped 2/2 ... token", "... token that's tapped and attacking": how the instruction
    /// puts it into play. Not a characteristic of the token: it is the same object either way.
    #[serde(default, skip_serializing_if = "TokenEntry::is_untapped")]
    pub enters: TokenEntry,
}

/// How an instruction puts the tokens it creates into play (216.1): untapped, tapped, or into
/// combat, never having been declared (308.4, 309.5, 306.3a-c).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenEntry {
    #[default]
    Untapped,
    /// "create a tapped 2/2 black Zombie creature token": it never was untapped, so it doesn't
    /// become tapped.
    Tapped,
    /// "that's attacking" (Brimaz), "that's tapped and attacking", 2009 "into play tapped and
    /// attacking": attacking what its controller chooses (308.4), only for the attacking
    /// player (306.3b).
    Attacking { tapped: bool },
    /// "that's blocking that creature" (Brimaz), "blocking target attacking creature": blocking
    /// the creature the subject names (309.5), only an attacker that attacks its controller or
    /// his or her planeswalker (306.3c).
    Blocking(Subject),
}

impl TokenEntry {
    fn is_untapped(&self) -> bool {
        *self == TokenEntry::Untapped
    }
}

impl TokenSpec {
    /// Its creature types, in order: its name (216.1a).
    pub fn types(&self) -> Vec<String> {
        std::iter::once(self.creature_type.clone())
            .chain(self.more_types.iter().cloned())
            .collect()
    }
}

impl fmt::Display for TokenSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colors: Vec<String> = self
            .colors
            .iter()
            .map(|c| c.to_string().to_lowercase())
            .collect();
        let colors = if colors.is_empty() {
            "colorless".to_string()
        } else {
            colors.join(" and ")
        };
        write!(
            f,
            "{}/{} {colors} {} {}creature token",
            self.power,
            self.toughness,
            self.types().join(" "),
            if self.artifact { "artifact " } else { "" }
        )?;
        if let Some(name) = &self.name {
            write!(f, " named {name}")?;
        }
        let mut with: Vec<String> = self.keywords.iter().map(ToString::to_string).collect();
        if !self.abilities.is_empty() {
            with.push(crate::view::granted_text(&self.abilities));
        }
        if !with.is_empty() {
            write!(f, " with {}", with.join(" and "))?;
        }
        Ok(())
    }
}

impl fmt::Display for TokenEntry {
    /// How it comes into play, after "put ... into play" ("" when untapped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenEntry::Untapped => Ok(()),
            TokenEntry::Tapped => write!(f, " tapped"),
            TokenEntry::Attacking { tapped: true } => write!(f, " tapped and attacking"),
            TokenEntry::Attacking { tapped: false } => write!(f, " attacking"),
            TokenEntry::Blocking(what) => write!(f, " blocking {}", crate::view::subject(what)),
        }
    }
}

/// What an [`Effect::IfCant`] asks its controller to do, if able.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attempt {
    /// Sacrifice one permanent he or she controls that the description fits (501.6); he or
    /// she can't with none.
    Sacrifice { filter: Filter },
    /// Pay `amount` energy (current 107.14): remove that many energy counters, which he or
    /// she can't with fewer.
    PayEnergy { amount: u32 },
}

/// How long a continuous effect from a resolved spell or ability lasts (300.4, 314.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// "until end of turn", ends in the cleanup step (314.2).
    UntilEndOfTurn,
    /// "until end of combat": ends as the combat phase ends (300.4).
    UntilEndOfCombat,
    /// "this turn", ends in the cleanup step (314.2).
    ThisTurn,
    /// "until a player plays a creature spell" (Soul Sculptor): ends as any player plays one
    /// (409.1), whatever the turn; cleanup doesn't end it (418.3a).
    UntilCreatureSpell,
    /// No end (awaken's "it becomes a 0/0 Elemental creature", current 702.113a): it lasts as
    /// long as its object does; the object a zone change makes is new (217.1c) and unaffected.
    Indefinitely,
    /// "until your next turn" as printed (418.3a: it lasts as long as stated): as the effect
    /// begins it becomes [`Duration::UntilTurnOf`] its controller, so it never stays in this
    /// form in the game.
    UntilYourNextTurn,
    /// "until your next turn", bound to the player who controlled the spell or ability: it
    /// lasts through cleanup steps (314.2 ends only "until end of turn" effects) and ends as
    /// that player's next turn begins, before its untap step.
    UntilTurnOf { player: crate::model::PlayerId },
    /// "during its controller's next turn", "during target opponent's next turn" as printed
    /// (418.3a: it lasts as long as stated): as the effect begins it becomes
    /// [`Duration::DuringTurnOf`] the controller of the creature it affects (for "creatures that
    /// player controls", the targeted player), so it never stays in this form in the game.
    DuringNextTurn,
    /// "during <player>'s next turn", bound: the effect does nothing until that player's next
    /// turn begins (`begun` false; the current turn, even if it is that player's, isn't the
    /// next), then applies for that whole turn and ends in its cleanup step (314.2). A change
    /// of control later doesn't move it to another player's turn.
    DuringTurnOf {
        player: crate::model::PlayerId,
        begun: bool,
    },
    /// "for as long as you control ~", "for as long as ~ remains tapped" as printed (418.3d):
    /// as the effect begins it becomes [`Duration::While`] bound to the object with the
    /// ability and its controller, so it never stays in this form in the game.
    AsLongAs(Hold),
    /// "for as long as ...", bound: the effect lasts until `hold`, about the object `source`
    /// (the ability's) and the player `controller`, stops being true; it is checked at every
    /// change of the game, and cleanup doesn't end it. If it is already false as the effect
    /// would begin, the effect does nothing (418.3d).
    While {
        hold: Hold,
        source: crate::model::ObjectId,
        controller: crate::model::PlayerId,
    },
}

/// What a "for as long as" duration waits on (418.3d), about the object with the ability ("~")
/// and its controller ("you").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// "for as long as you control ~"
    YouControl,
    /// "for as long as ~ remains on the battlefield" (2009: "remains in play")
    InPlay,
    /// "for as long as ~ remains tapped"
    Tapped,
    /// "for as long as you control ~ and ~ remains tapped"
    YouControlAndTapped,
}

impl Hold {
    /// The condition in words, "~" being the object with the ability (the log names it).
    pub fn as_str(self) -> &'static str {
        match self {
            Hold::YouControl => "for as long as you control ~",
            Hold::InPlay => "for as long as ~ remains in play",
            Hold::Tapped => "for as long as ~ remains tapped",
            Hold::YouControlAndTapped => "for as long as you control ~ and ~ remains tapped",
        }
    }
}

/// Whose graveyard a target card is in: the controller's, anyone's, an opponent's, or one
/// player's the ability names ("that player's graveyard" after "Whenever ~ deals combat damage
/// to a player", "defending player's graveyard").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Graveyards {
    #[default]
    Yours,
    Any,
    Opponents,
    Of(crate::filter::PlayerRef),
}

impl Graveyards {
    fn is_yours(&self) -> bool {
        *self == Graveyards::Yours
    }

    /// "your graveyard", "a graveyard", "an opponent's graveyard", "that player's graveyard".
    pub fn words(self) -> String {
        match self {
            Graveyards::Yours => "your graveyard".into(),
            Graveyards::Any => "a graveyard".into(),
            Graveyards::Opponents => "an opponent's graveyard".into(),
            Graveyards::Of(p) => format!("{} graveyard", p.possessive()),
        }
    }

    /// Whether a card owned by `owner` is in one of these graveyards, for an ability whose
    /// controller and context `ctx` names.
    pub fn holds(
        self,
        game: &crate::model::Game,
        ctx: &crate::filter::Context,
        owner: crate::model::PlayerId,
    ) -> bool {
        match self {
            Graveyards::Yours => owner == ctx.controller,
            Graveyards::Any => true,
            Graveyards::Opponents => owner != ctx.controller,
            Graveyards::Of(p) => ctx.player(game, p).contains(&owner),
        }
    }
}

/// How many cards a library search finds ([`Effect::SearchLibrary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchCount {
    /// "a basic land card", "two cards": that many, fewer only if the library doesn't hold
    /// them or (for a stated quality) the player chooses not to find them.
    Exactly(u32),
    /// "up to two basic land cards": any number from none to that many.
    UpTo(u32),
    /// "any number of Elf creature cards".
    AnyNumber,
}

impl SearchCount {
    /// The most cards the search can find.
    pub fn most(self) -> u32 {
        match self {
            SearchCount::Exactly(n) | SearchCount::UpTo(n) => n,
            SearchCount::AnyNumber => u32::MAX,
        }
    }
}

/// Where the cards a library search found go ([`Effect::SearchLibrary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchTo {
    /// "put it into your hand" (217.3).
    Hand,
    /// "put it onto the battlefield [tapped]" (2009 "into play"): under its owner's control,
    /// a new permanent (217.1c), tapped if the instruction says so.
    Play { tapped: bool },
    /// "put it into your graveyard" (217.4).
    Graveyard,
    /// "exile it" (2009 "remove it from the game", 217.7).
    RemovedFromGame,
    /// "then shuffle your library and put that card on top of it": on top, after the
    /// shuffle (217.2).
    Top,
}

/// The effect of a spell or activated ability.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// "Add {G} to your mana pool." A mana ability (406.1).
    AddMana { color: Color },
    /// "Add {G} for each +1/+1 counter on ~", "Add an amount of {G} equal to ~'s power": that
    /// much mana of one kind (`None`: colorless), the amount read as the ability resolves,
    /// and as a payment is planned (406.1; a thousand at most, docs/limits.md).
    AddManaAmount {
        mana: Option<Color>,
        amount: crate::filter::Amount,
    },
    /// "Regenerate ~." (501.5, 419.6b)
    Regenerate { what: Subject },
    /// "Target creature can't be regenerated this turn." (419.6b): until the cleanup step no
    /// regeneration shield replaces its destruction.
    CantBeRegenerated { what: Subject },
    /// "... gets +N/+N until end of turn." (418.5a, layer 6b)
    Pump {
        what: Subject,
        power: i32,
        toughness: i32,
        duration: Duration,
    },
    /// "Target creature can't attack or block this turn.", "~ can't be blocked this turn.",
    /// "Target creature attacks this turn if able.": the creature has these combat rules
    /// (restrictions, requirements, 500.1) for the duration. "~" inside a rule ("can't block
    /// ~") is the effect's source, fixed as the effect begins.
    GainRules {
        what: Subject,
        rules: Vec<CombatRule>,
        duration: Duration,
    },
    /// "~ deals N damage to target creature or player." The source is the object with the
    /// ability (the spell, or the permanent for an activated ability).
    DealDamage {
        amount: crate::filter::Amount,
        to: Subject,
    },
    /// "Target creature deals damage to itself equal to its power", "That creature deals damage
    /// equal to its power to ~": damage whose source is the object the text says deals it,
    /// as it is or as it last existed (413.2f), not the object with the ability. A target that
    /// is illegal as the instruction is carried out deals nothing (413.2a).
    DealDamageBy {
        by: Subject,
        amount: crate::filter::Amount,
        to: Subject,
    },
    /// "Destroy target creature." (501.4; regeneration can replace it, 419.6b, unless the
    /// next sentence says "It can't be regenerated.")
    Destroy {
        what: Subject,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_regeneration: bool,
    },
    /// "Counter target spell." (414)
    Counter { what: Subject },
    /// "Prevent the next N damage that would be dealt to target creature or player this turn."
    /// A prevention shield (419.7).
    PreventDamage {
        amount: crate::filter::Amount,
        to: Subject,
    },
    /// "~ deals 3 damage divided as you choose among one, two, or three target creatures
    /// and/or players." (409.1e): the division is announced as the spell or ability is played,
    /// each target getting at least 1, and fixed then (413.2f); as it resolves each target
    /// still legal is dealt its part, and the part of an illegal one is dealt to no one
    /// (413.2a).
    DivideDamage { amount: u32, among: Subject },
    /// "Prevent the next 5 damage that would be dealt this turn to any number of target
    /// creatures and/or players, divided as you choose." (409.1e, 419.7): a shield on each
    /// legal target for its part of the division announced as it was played.
    DividePrevention { amount: u32, among: Subject },
    /// "All damage that would be dealt to you this turn by target attacking creature is dealt
    /// to ~ instead.", "The next 1 damage that would be dealt to target white creature this
    /// turn is dealt to ~ instead.", "All damage that would be dealt to it this turn is dealt
    /// to target creature instead." (419.6c): a redirection effect for the duration, its one
    /// named thing (`what`, standing where `named` says) and "~" fixed as it begins; with
    /// `next`, a shield redirecting that much damage in all.
    Redirect {
        what: Option<Subject>,
        named: crate::redirection::Named,
        redirection: crate::redirection::Redirection,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<crate::filter::Amount>,
        duration: Duration,
    },
    /// "If that creature would die this turn, exile it instead." (419.6; 2009 wording "would
    /// be put into a graveyard this turn, remove it from the game instead"): a replacement
    /// effect on the permanent until the cleanup step (a shield, 314.2): if it would be put
    /// into a graveyard from play, it is removed from the game instead.
    ExileIfDies { what: Subject },
    /// "... gain control of target creature until end of turn." (418.5a, layer 2)
    GainControl { what: Subject, duration: Duration },
    /// "Untap target creature." (501.7)
    Untap { what: Subject },
    /// "Tap target creature." (501.7; a tapped attacker stays in combat, 306.4b)
    Tap { what: Subject },
    /// Ninjutsu's effect (502.43a, 308.4): the card it refers to is put into play tapped and
    /// attacking what the returned creature attacked, unblocked (502.43c).
    EnterAttacking { target: crate::model::AttackTarget },
    /// "You may put a Soldier creature card from your hand into play tapped and attacking."
    /// Its controller chooses the card, or none, as it resolves; what it attacks is chosen as
    /// it comes into play (308.4).
    PutFromHandAttacking { creature_type: String },
    /// "Create two 1/1 white Soldier creature tokens with flying." (2009: "Put ... into
    /// play."): tokens under the controller's control, new to play (216.1, 212.3f).
    CreateTokens { token: TokenSpec, count: u32 },
    /// "create that many 1/1 green Insect creature tokens" (Saber Ants): [`Effect::CreateTokens`]
    /// of the amount as it resolves, a hundred at most (docs/limits.md).
    CreateTokensAmount {
        token: TokenSpec,
        amount: crate::filter::Amount,
    },
    /// "The next time a [red] source of your choice would deal damage to you [target creature]
    /// this turn, prevent that damage." (419.8a, 419.7): the source chosen as it resolves among
    /// those `source` fits (not a target), then a shield on `to` that prevents all of the next
    /// damage that source would deal to it this turn.
    PreventNextFromChosen { source: Filter, to: Subject },
    /// "Remove target attacking creature you control from combat" (306.4), "and untap it".
    RemoveFromCombat { what: Subject, untap: bool },
    /// "Target creature you control gains protection from the color of your choice until end
    /// of turn." (502.7, 413.2c): as it resolves its controller names a color, and the creature
    /// gains protection from that color for the duration (402.9). With `its_controller` ("the
    /// color of its controller's choice"), the controller of the creature names it.
    GainChosenProtection {
        what: Subject,
        duration: Duration,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        its_controller: bool,
    },
    /// "~ gains your choice of vigilance, lifelink, or haste until end of turn", "Target
    /// creature loses your choice of flying, first strike, or trample until end of turn."
    /// (413.2c, 402.9): as it resolves its controller names one of `options`, which `what`
    /// then gains (or, with `lose`, loses) for the duration.
    ChosenKeyword {
        what: Subject,
        options: Vec<Keyword>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        lose: bool,
        duration: Duration,
    },
    /// "Target opponent skips his or her next combat phase", "Target player skips all combat
    /// phases of his or her next turn" (300.9, 419.6e-f): a replacement of that player's next
    /// combat phase (of a turn he or she is the active player in) not yet begun, or of every
    /// combat phase of his or her next turn, by nothing. Each such effect skips one more.
    SkipCombat {
        who: Subject,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        whole_turn: bool,
    },
    /// "That creature gains haste until end of turn." (402.9)
    GainKeyword {
        what: Subject,
        keyword: Keyword,
        duration: Duration,
    },
    /// "Target creature loses flying until end of turn." (402.9: removes all instances)
    LoseKeyword {
        what: Subject,
        keyword: Keyword,
        duration: Duration,
    },
    /// "Target creature loses all abilities until end of turn." (402.9; layer 5 of 418.5a): the
    /// permanent loses its printed abilities and every ability and keyword given it with an
    /// earlier timestamp (by effects, or by static abilities whose timestamp is earlier,
    /// 418.5f); those given later apply.
    LoseAllAbilities { what: Subject, duration: Duration },
    /// "~ becomes a 1/5 white Soldier creature until end of turn. It's still a land." The
    /// permanent gains the card types and subtypes (418.5a layer 4), becomes the colors if any
    /// are named (layer 5), gains the keywords (layer 5, 402.9) and has the power and toughness
    /// (layer 6b, in timestamp order with "gets +N/+N" effects: the Svogthos example of 418.5b).
    /// "Target creature becomes a Human with base power and toughness 1/1 until end of turn",
    /// "becomes a 0/1 Frog", "becomes black": without a card type word, the named creature
    /// types replace the ones it had (212.1b) unless it says "in addition to its other types"
    /// (212.1c), and the power and toughness (if any) are its new base ones (layer 6b).
    Animate {
        what: Subject,
        power: Option<i32>,
        toughness: Option<i32>,
        colors: Vec<Color>,
        card_types: Vec<crate::typeline::CardType>,
        subtypes: Vec<String>,
        keywords: Vec<Keyword>,
        duration: Duration,
        /// The named creature types replace the permanent's own (212.1b).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        replaces_types: bool,
        /// "with power and toughness each equal to its converted mana cost" (Karn, Silver
        /// Golem): both read once, as the effect begins (418.3b: the number is fixed then),
        /// in place of `power` and `toughness`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pt_equal: Option<crate::filter::Amount>,
    },
    /// "Target creature becomes an enchantment and loses all other card types" (418.5a layer
    /// 4). Subtypes that no longer match a card type it has go with them (205.3d); a permanent
    /// that stops being a creature has no power or toughness (208.3) and leaves combat (306.4).
    BecomeOnly {
        what: Subject,
        card_type: crate::typeline::CardType,
        duration: Duration,
    },
    /// "Draw a card.", "each player draws a card", "target player draws two cards" (423.1):
    /// each of those players draws that many, one at a time.
    Draw { who: Subject, count: u32 },
    /// "you may draw that many cards" (after "Whenever ~ deals combat damage to a player",
    /// 413.2f), "draw X cards": [`Effect::Draw`] of the amount as it resolves (423.1).
    DrawAmount {
        who: Subject,
        amount: crate::filter::Amount,
    },
    /// "defending player gets a poison counter", "target player gets two poison counters"
    /// (200.10: a counter on a player; ten or more and the player loses, 102.3d, 420.5h).
    Poison { who: Subject, count: u32 },
    /// Crew's effect (current 702.122a): "This permanent becomes an artifact creature until
    /// end of turn": it gains the card types (418.5a layer 4) and, a creature now, has its
    /// printed power and toughness (current 301.7b).
    AddTypes {
        what: Subject,
        card_types: Vec<crate::typeline::CardType>,
        duration: Duration,
    },
    /// "Sacrifice ~." (501.6)
    Sacrifice { what: Subject },
    /// "You gain N life." (215.3; lifelink's trigger in 2009, 502.68a)
    GainLife { amount: u32 },
    /// "You gain life equal to <amount>", "you gain that much life", "Its controller gains
    /// life equal to its power" (215.1): read as it resolves (0 or less: no life gained), by
    /// the players `who` names.
    GainLifeAmount {
        #[serde(default = "Subject::you", skip_serializing_if = "Subject::is_you")]
        who: Subject,
        amount: crate::filter::Amount,
    },
    /// Provoke's effect (502.29a): "you may choose to have target creature defending player
    /// controls block this creature this combat if able. If you do, untap that creature."
    Provoke { what: Subject },
    /// Rampage's effect (502.12a): "it gets +N/+N until end of turn for each creature blocking
    /// it beyond the first", counted as the ability resolves (502.12b).
    RampagePump { per_blocker: u32 },
    /// Equip's effect (502.33a): "attach this Equipment to target creature you control".
    Attach { what: Subject },
    /// "Put a +1/+1 counter on target creature." (200.10; +1/+1 and -1/-1 counters change
    /// power and toughness in layer 6c, 418.5a)
    PutCounters {
        what: Subject,
        counter: crate::model::Counter,
        count: u32,
    },
    /// "Put X +1/+1 counters on ~, where X is its power", "put a number of +1/+1 counters on it
    /// equal to <amount>", "put a +1/+1 counter on it for each <thing>" (200.10): as many as the
    /// amount is as the instruction is carried out (none if it is 0 or less).
    PutCountersAmount {
        what: Subject,
        counter: crate::model::Counter,
        amount: crate::filter::Amount,
    },
    /// "double the number of +1/+1 counters on each creature you control" (current 701.10e,
    /// no 2009 rule; the same under both editions): the permanent gets as many of those
    /// counters as it already has.
    DoubleCounters {
        what: Subject,
        counter: crate::model::Counter,
    },
    /// "remove that many +1/+1 counters from it" (200.10): as many as the amount is as the
    /// instruction is carried out, at most as many as it has.
    RemoveCountersAmount {
        what: Subject,
        counter: crate::model::Counter,
        amount: crate::filter::Amount,
    },
    /// "Remove a +1/+1 counter from it.", "remove all -1/-1 counters from it" (`count`
    /// `u32::MAX`) (200.10; as many as it has, at most)
    RemoveCounters {
        what: Subject,
        counter: crate::model::Counter,
        count: u32,
    },
    /// "Return target creature to its owner's hand." (217.3: a permanent that leaves play
    /// goes to its owner's hand; it is a new object there, 217.1c)
    ReturnToHand { what: Subject },
    /// "Put it on top of its owner's library." (217.2)
    PutOnLibrary { what: Subject },
    /// "{1}: Choose one — • ... • ...", "When ~ enters the battlefield, choose one — ...": the
    /// modes of an activated or triggered ability of a permanent, its only instruction. Its
    /// controller announces between `min` and `max` different modes as it plays the ability
    /// (409.1b) or puts it on the stack (410.4a; a mode without a legal target can't be
    /// chosen, and with none left the ability is removed); from then on the ability has the
    /// instructions and targets of the chosen modes only (409.1d), in the printed order.
    Modal {
        min: u32,
        max: u32,
        modes: Vec<Vec<Effect>>,
    },
    /// "You may draw a card.", "you may tap target creature": optional instructions. The
    /// controller chooses as the ability or spell resolves, not as it is played; a triggered
    /// one goes on the stack either way (410.5). All of them or none are carried out; they
    /// act on at most one target, chosen as it is played.
    May { effects: Vec<Effect> },
    /// "... at end of combat": resolving creates a delayed triggered ability that follows
    /// `effects` the next time `when` happens, once (404.4, 404.4b); one that refers to a
    /// permanent does nothing if the permanent left play meanwhile (404.4d).
    Delayed { when: Trigger, effects: Vec<Effect> },
    /// "When you do, <instruction>" after an optional instruction ("you may sacrifice another
    /// creature. When you do, ...", "you may pay {1}{R}. When you do, ..."): a reflexive
    /// triggered ability (current 603.12), created if the option is taken and triggered at
    /// once; it goes on the stack the next time a player would receive priority, its targets
    /// chosen then (410.3, 410.4), so they may be what the first ability's resolution changed.
    /// February 2009 has no such rule: "When you do" was printed from 2017; the engine reads
    /// it in both editions as current 603.12 says, a delayed triggered ability (404.4) whose
    /// event happened as it was created.
    Reflexive { effects: Vec<Effect> },
    /// The effect of persist (502.79a) and undying (current 702.93a), named by `by`: the card
    /// that went to the graveyard returns to play under its owner's control with a counter
    /// on it; a card no longer in the graveyard is a new object (217.1c) and stays where it is.
    ReturnToPlay {
        counter: crate::model::Counter,
        by: Keyword,
    },
    /// The upkeep ability of fading (502.20a) or vanishing (502.60a), named by `by`: remove a
    /// counter of its kind from the permanent; fading sacrifices it if it can't, vanishing
    /// triggers its sacrifice when the last one goes.
    UpkeepCounter { by: Keyword },
    /// The upkeep ability of cumulative upkeep (502.13a: an age counter, then pay the cost for
    /// each age counter or sacrifice the permanent) or echo (502.19a: sacrifice it unless its
    /// controller pays the cost), named by `by`.
    UpkeepCost { by: Keyword },
    /// Unearth's ability resolving (502.84a): the card returns from its owner's graveyard to
    /// play with haste, to be removed from the game at end of turn.
    Unearth,
    /// "Remove it from the game." (217.7)
    RemoveFromGame { what: Subject },
    /// The card removed from the game that is this ability's source is played as its keyword
    /// says: madness's trigger (502.24a: its owner may play it for its madness cost, else it
    /// goes to the graveyard), suspend's last-counter trigger (502.59a: played without paying
    /// its mana cost if able), rebound's delayed trigger (current 702.88a: may be cast without
    /// paying its mana cost).
    PlayFromExile { by: Keyword },
    /// Suspend's upkeep trigger (502.59a): if the card is suspended, remove a time counter from
    /// it.
    SuspendCounter,
    /// "Search your library for <count> <card description>[, reveal it][,] [and] put it
    /// <where>[, then shuffle your library]" (2009 has no numbered rule for searching: the
    /// glossary's "Search", current 701.23; the library is 217.2). Typecycling's ability is one
    /// (502.18d). The cards found are chosen by the ability's controller; a search for cards of
    /// a stated quality may find fewer than asked, a search for a quantity of cards ("a card",
    /// "two cards") finds that many if the library holds them (glossary "Search").
    SearchLibrary {
        filter: Filter,
        count: SearchCount,
        /// "reveal it": the cards found are shown to all players (glossary "Reveal").
        reveal: bool,
        to: SearchTo,
        /// "then shuffle your library" (before the cards are put on top for [`SearchTo::Top`]).
        shuffle: bool,
        /// Typecycling's own search, whose log cites 502.18d.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        typecycling: bool,
    },
    /// "After this phase, there is an additional combat phase [followed by an additional main
    /// phase]." (300.7): the phases come directly after the phase the instruction resolves in;
    /// with `after_main`, "After this main phase", only if it resolves in a main phase.
    AdditionalCombat { then_main: bool, after_main: bool },
    /// "~ becomes the color of your choice until end of turn", "... the creature type of your
    /// choice ...": named as it resolves (413.2c), then an [`Effect::Animate`] of that color
    /// (layer 5) or that creature type, replacing its own (212.1b; layer 4).
    BecomeChosen {
        what: Subject,
        creature_type: bool,
        duration: Duration,
    },
    /// "Switch target creature's power and toughness until end of turn." (418.5a layer 6e,
    /// after counters and static abilities): an odd number of switches in effect swaps them.
    SwitchPt { what: Subject, duration: Duration },
    /// "You may tap or untap target creature." without "you may": "tap or untap target
    /// permanent": its controller chooses as it resolves (413.2c) whether to tap or untap it.
    TapOrUntap { what: Subject },
    /// "Shuffle your library." as an instruction of its own ("Then shuffle your library." after
    /// a search written in two sentences).
    ShuffleLibrary { who: Subject },
    /// Renown's effect (current 702.112a): if ~ isn't renowned, N +1/+1 counters on it and it
    /// becomes renowned (the intervening "if" rechecked on resolution, 410.8).
    Renown { count: u32 },
    /// A Siege's intrinsic ability (current 310.11b): "When the last defense counter is removed
    /// from this permanent, exile it, then you may cast it transformed without paying its mana
    /// cost."
    SiegeDefeated,
    /// Modular's triggered ability (502.35a): its controller may put `count` +1/+1 counters
    /// (as many as the permanent had as it last existed in play) on the target.
    Modular { what: Subject, count: u32 },
    /// Graft's triggered ability (502.54a): if ~ still has a +1/+1 counter, its controller may
    /// move one onto the creature that came into play (the one the ability refers to).
    Graft,
    /// Evolve's effect (current 702.100a): a +1/+1 counter on ~ if the creature that came into
    /// play (the one the ability refers to, as it last existed if it left, 702.100c) has
    /// greater power or toughness; rechecked on resolution (410.8).
    Evolve,
    /// "Defending player loses N life.", "each opponent loses 1 life", "target player loses 2
    /// life" (215.3; afflict, current 702.130a)
    LoseLife { who: Subject, amount: u32 },
    /// "That player discards a card.", "each player discards two cards": each player chooses
    /// that many cards from his or her hand, all of them if fewer, and puts them into the
    /// graveyard (glossary "Discard", 217.4).
    /// With `random` ("discards a card at random", glossary "Random"): the player doesn't
    /// choose; a run is deterministic, so the cards that come up are the script's answer
    /// (`discard`), else those most recently put into the hand.
    Discard {
        who: Subject,
        count: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        random: bool,
    },
    /// "Discard your hand.", "that player discards all the cards in his or her hand": each
    /// player named discards every card in his or her hand (glossary "Discard", 217.4), one
    /// discard each ("whenever you discard a card" triggers for each; madness applies).
    DiscardHand { who: Subject },
    /// "that player discards that many cards" (Dreamstealer): [`Effect::Discard`] of the
    /// amount as it resolves.
    DiscardAmount {
        who: Subject,
        amount: crate::filter::Amount,
    },
    /// "Put the top two cards of your library into your graveyard." (2009; current "mill
    /// two cards", 701.17): from the top, as many as the library holds (217.2, 217.4).
    Mill {
        who: Subject,
        count: crate::filter::Amount,
    },
    /// "reveal the top card of your library", "defending player reveals the top card of his or
    /// her library" (glossary "Reveal"): the card is shown to all players and stays where it
    /// is; "If it's a land card, ..." and "put that card into your hand" after it read it.
    RevealTop { who: Subject },
    /// "look at the top card of your library" (kinship): its controller looks at the card,
    /// which stays where it is; "If it shares a creature type with ~" and "reveal it" after it
    /// read it (glossary "Look At").
    LookAtTop,
    /// "you may reveal it" after [`Effect::LookAtTop`]: the card looked at is shown to all
    /// players (glossary "Reveal"), if it is still on top of the library.
    RevealLooked,
    /// "put that card into your hand", "that player puts it into his or her hand" after
    /// [`Effect::RevealTop`]: the revealed card goes from the library to its owner's hand
    /// (217.3), if it is still on top of that library.
    RevealedToHand,
    /// "defending player exiles the top twenty cards of his or her library", "exile the top
    /// card of your library" (2009: "removes ... from the game", 217.7): from the top, as many
    /// as the library holds, one at a time. The number may be read as it resolves ("that many
    /// cards from the top of your library").
    ExileTop {
        who: Subject,
        count: crate::filter::Amount,
    },
    /// Soulbond's effect (current 702.95a, c): pair this creature with the creature that came
    /// into play (the ability's "that creature"), or, for its own coming into play, with
    /// another unpaired creature its controller chooses; nothing if either is no longer an
    /// unpaired creature in play under the ability's controller.
    Soulbond,
    /// Champion's first ability (502.72a): its controller removes another permanent he or she
    /// controls that the description fits from the game, or sacrifices the champion.
    Champion { filter: Filter },
    /// Champion's linked second ability (502.72a-b): the card the first removed returns to
    /// play under its owner's control, if it is still removed from the game.
    ChampionReturn,
    /// Annihilator's effect (current 702.86a): `player`, the defending player fixed as the
    /// ability triggers (the player the creature attacks, or the controller of the
    /// planeswalker it attacks), chooses `count` permanents he or she controls (all of them if
    /// fewer) and sacrifices them at once (501.6).
    SacrificePermanents {
        player: crate::model::PlayerId,
        count: u32,
    },
    /// Fabricate's effect (current 702.123a): its controller may put `count` +1/+1 counters on
    /// the permanent; if he or she doesn't (or it has left play), `count` 1/1 colorless Servo
    /// artifact creature tokens.
    Fabricate { count: u32 },
    /// Exploit's effect (current 702.110a-b): its controller may sacrifice a creature he or
    /// she controls (the exploiting one included); if so, its "When ~ exploits a creature"
    /// abilities trigger.
    Exploit,
    /// Living weapon's effect (current 702.92a): a 0/0 black Phyrexian Germ creature token,
    /// then the Equipment attached to it (if it is still in play).
    LivingWeapon,
    /// "Return target creature card from your graveyard to your hand." (217.3), and
    /// soulshift's effect (502.39a), where its controller `may` do it: the target card goes
    /// from his or her graveyard to his or her hand.
    ReturnCardToHand { what: Subject, may: bool },
    /// "Exile target card from a graveyard." (2009: "Remove target card in a graveyard from
    /// the game.", 217.7): the target card goes from the graveyard it is in to the removed-
    /// from-the-game zone.
    ExileCard { what: Subject },
    /// "Return target creature card from your graveyard to play." (current "to the
    /// battlefield"): the target card comes into play under its owner's control, a new object
    /// (217.1c) whose comes-into-play abilities trigger (410.10a).
    ReturnCardToPlay {
        what: Subject,
        /// "onto the battlefield under your control": the ability's controller controls it
        /// (otherwise its owner, 217.1c).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        under_you: bool,
    },
    /// Extort's effect (current 702.101a): its controller may pay {W/B}; if he or she does,
    /// each opponent loses 1 life and he or she gains the total lost.
    Extort,
    /// Ingest's effect (current 702.115a): `player`, the player the creature dealt combat
    /// damage to, removes the top card of his or her library from the game (current "exiles").
    ExileTopOfLibrary { player: crate::model::PlayerId },
    /// Transmute's effect (502.48a): search the library for a card with converted mana cost
    /// `mana_value` (the discarded card's, read as it was paid for), reveal it, put it into the
    /// hand, then shuffle.
    Transmute { mana_value: u32 },
    /// Embalm's and eternalize's effect (current 702.128a, 702.129a), named by `by`: a token
    /// that's a copy of the card the ability's source is (removed from the game as the cost),
    /// with the keyword's exceptions.
    TokenCopy { by: Keyword },
    /// Miracle's trigger (current 702.94a): its owner may cast the revealed card, still in the
    /// hand, by paying the miracle cost rather than its mana cost.
    Miracle { cost: ManaCost },
    /// Recover's trigger (502.55a): its owner may pay `cost`; if he or she does, the card
    /// returns from the graveyard to the hand, otherwise it is removed from the game.
    Recover { cost: ManaCost },
    /// Hideaway's trigger (502.75a): look at the top four cards of the library, remove one
    /// from the game face down, put the rest on the bottom.
    Hideaway,
    /// "Add {C}." A mana ability (406.1) adding one colorless mana (current 106.1b; the
    /// symbol {C} is current 107.4c).
    AddColorless,
    /// "Add {C}{C}.", "Add {B}{B}{B}.": several mana at once (406.1; `None`: colorless). A
    /// spell that adds mana isn't a mana ability (406.2) but adds it the same way.
    AddManaList { mana: Vec<Option<Color>> },
    /// "Add {B} or {R}.", "Add one mana of any color.": one mana of a color its controller
    /// chooses as it resolves (406.1).
    AddOneOf { colors: Vec<Color> },
    /// "Target creature you control fights target creature you don't control." (current
    /// 701.14): each deals damage equal to its power to the other, not combat damage; if
    /// either has left play, stopped being a creature or is an illegal target, neither does.
    Fight { what: Subject, other: Subject },
    /// "Target attacking creature becomes blocked." (309.2f: "Some effects can change whether
    /// a creature is blocked"): an attacking creature not yet blocked this combat becomes a
    /// blocked creature with no blockers; its "becomes blocked" abilities trigger (410.9c).
    BecomesBlocked { what: Subject },
    /// "If you control a creature with power 4 or greater, creatures can't block this turn."
    /// (a spell's instruction, often after an ability word such as ferocious or threshold):
    /// the condition is checked as the instruction is carried out, read with the spell, and
    /// the instructions are followed only if it holds. They have no targets.
    If {
        condition: crate::filter::Condition,
        effects: Vec<Effect>,
    },
    /// "When/Whenever/At <trigger>, if <condition>, <instruction>": the intervening "if"
    /// clause of a triggered ability (2009 404.3, 410.8). The ability triggers only if the
    /// condition holds as the trigger event happens, and on resolution it is checked again: if
    /// it doesn't hold then, the ability does nothing. Unlike [`Effect::If`], the instructions
    /// may have targets, chosen as the ability goes on the stack (410.4).
    InterveningIf {
        condition: crate::filter::Condition,
        effects: Vec<Effect>,
    },
    /// "You may pay {R}. If you do, target creature can't block this turn.": as it resolves,
    /// its controller chooses whether to pay the mana (only if he or she can, 410.5); if he or
    /// she does, the instructions of the "If you do" sentence are followed. Their targets are
    /// chosen as the ability is played or put on the stack, paid for or not (409.1c, 410.4).
    /// With `unless` ("~ deals 8 damage to you unless you pay {G}{G}{G}{G}", "Sacrifice ~
    /// unless you pay {U}"): the instructions are followed only if he or she doesn't pay.
    MayPay {
        cost: ManaCost,
        effects: Vec<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unless: bool,
    },
    /// "Sacrifice another creature or land.", "each opponent sacrifices a creature",
    /// "defending player sacrifices two creatures" (501.6): each of those players chooses
    /// `count` permanents he or she controls that the description fits (all of them if fewer)
    /// and sacrifices them at once; regeneration can't replace it.
    SacrificeChosen {
        who: Subject,
        filter: Filter,
        count: u32,
    },
    /// "Exile ~ with three time counters on it." (Chronomantic Escape; 2009: "Remove ~ from
    /// the game with ..."): the resolving spell itself is removed from the game with `count`
    /// time counters instead of going to the graveyard; with suspend it is then suspended
    /// (502.59b) and its upkeep trigger counts them down.
    ExileSelfWithTimeCounters { count: u32 },
    /// "Monstrosity 3." (current 701.37a): if the permanent isn't monstrous, put that many
    /// +1/+1 counters on it and it becomes monstrous; "When ~ becomes monstrous" triggers then.
    Monstrosity { count: u32 },
    /// "Scry 2." (501.8a): its controller looks at the top N cards of his or her library and
    /// puts any number of them on the bottom in any order, the rest on top in any order.
    Scry { count: u32 },
    /// "Surveil 2." (current 701.25a; no 2009 rule, the same under both editions): its
    /// controller looks at the top N cards of his or her library and puts any number of them
    /// into his or her graveyard, the rest on top in any order; "whenever you surveil"
    /// triggers once it is done (701.25d), never for surveil 0 (701.25c).
    Surveil { count: u32 },
    /// "Bolster 2.", "bolster X, where X is ..." (current 701.39a; no 2009 rule): its
    /// controller chooses a creature he or she controls with the least toughness (tied: his or
    /// her choice) and puts that many +1/+1 counters on it; with no creature, nothing happens.
    Bolster { amount: crate::filter::Amount },
    /// "Target creature blocks target creature this turn if able" (Hunt Down), "Another target
    /// creature blocks it this turn if able" (Feral Contest), "Target creature attacks target
    /// opponent this turn if able" (Dulcet Sirens): a requirement (500.1) on `what` that names
    /// another target, `toward` (409.1c: each instance of the word "target" is chosen on its
    /// own). As it resolves it becomes a requirement to block that creature (500.3, obeyed by
    /// blocking it if it attacks) or to attack that player (500.2); with `toward` no longer a
    /// legal target (413.2a) it names nothing and imposes nothing. `distinct` ("another target
    /// creature") forbids choosing one creature for both.
    RequirementToward {
        what: Subject,
        toward: Subject,
        blocks: bool,
        duration: Duration,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        distinct: bool,
    },
    /// "Target opponent chooses a creature he or she controls." (Eunuchs' Intrigues): as the
    /// instruction is carried out, each of those players chooses one permanent he or she
    /// controls that the description fits, if any (413.2c); later instructions of the same
    /// spell or ability name the player and the choice ([`Subject::ChoosersCreatures`]).
    ChooseCreature { who: Subject, filter: Filter },
    /// "Until your next turn, target creature ... and its activated abilities can't be
    /// activated." (Edifice of Authority; 2009: "can't be played"): for the duration no
    /// activated ability of the permanent can be played; the "can't" wins (103.2). Mana
    /// abilities are activated abilities too (406.1).
    CantActivate { what: Subject, duration: Duration },
    /// "you lose 1 life for each +1/+1 counter on it" (Embalmed Brawler; 215.3): the amount is
    /// read as the ability resolves, from the object as it is then or as it last existed in
    /// play.
    /// "that player's life total becomes 1" (215.5): the player gains or loses the life that
    /// makes the total that number, which may be below 0 (104.1b).
    SetLife {
        who: Subject,
        amount: crate::filter::Amount,
    },
    LoseLifeAmount {
        who: Subject,
        amount: crate::filter::Amount,
    },
    /// "Sacrifice it unless you exile a card from your graveyard." (Rotting Giant; 2009:
    /// "remove ... from the game"): as it resolves, its controller chooses whether to remove
    /// `count` cards of his or her graveyard from the game (only with that many there); if he
    /// or she doesn't, the permanent is sacrificed (501.6). All the cards or none.
    SacrificeUnlessExile { count: u32 },
    /// "Prevent all combat damage that would be dealt this turn.", "Prevent all combat damage
    /// ~ would deal this turn.", "Prevent all damage that would be dealt to and dealt by target
    /// creature this turn.", "Until your next turn, prevent all damage that would be dealt to
    /// you and creatures you control." (419.7): a prevention effect for the duration. `what`,
    /// if the text names one thing ("target creature", "it", "~"), is fixed as the effect
    /// begins and stands on `side` of it; the descriptions in `prevention` are read whenever
    /// damage would be dealt (418.3b fixes sets only for characteristics and control).
    Prevent {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        what: Option<Subject>,
        side: crate::prevention::Side,
        prevention: crate::prevention::Prevention,
        duration: Duration,
    },
    /// "Target player reveals his or her hand." (glossary "Reveal"): the cards are shown to
    /// all players, in the log, and stay where they are.
    RevealHand { who: Subject },
    /// "look at that player's hand", "look at target opponent's hand": the ability's
    /// controller sees the cards of those players' hands, which 217.3c otherwise forbids; they
    /// stay where they are.
    LookAtHand { who: Subject },
    /// "Target creature gains \"This creature can't attack or block unless ...\" until end of
    /// turn." (402.9): the permanent has the quoted abilities for the duration, as abilities of
    /// its own ("this creature" in them is that permanent); layer 5 (418.5a).
    GainAbilities {
        what: Subject,
        abilities: Vec<Ability>,
        duration: Duration,
    },
    /// "It gets +1/+1 until end of turn for each attacking creature." (Veteran's Armaments'
    /// quoted ability): the count is read once, as the instruction is carried out, and the
    /// change is then that many times the bonus for the duration (418.5a layer 6b; 418.3b: a
    /// continuous effect from a resolving ability fixes what it affects and its values then).
    PumpFor {
        what: Subject,
        power: i32,
        toughness: i32,
        times: crate::filter::Amount,
        duration: Duration,
    },
    /// "... unless defending player sacrifices a creature." (Ogre Marauder): as it resolves,
    /// the player chooses whether to sacrifice a permanent of his or hers the description
    /// fits (501.6); only if he or she doesn't are the instructions carried out. A player with
    /// several chooses in turn order; one sacrifice is enough.
    UnlessSacrifices {
        who: Subject,
        filter: Filter,
        effects: Vec<Effect>,
    },
    /// "any player may exile a card from his or her graveyard. If a player does, ~ assigns no
    /// combat damage this turn." (Carrion Rats), "that player may exile a card from his or her
    /// graveyard. If the player doesn't, creatures he or she controls can't attack you this
    /// turn." (Web of Inertia), "each player may put two +1/+1 counters on a creature he or
    /// she controls. If a player does, creatures that player controls can't attack you ..."
    /// (Orzhov Advokist): as it resolves the players `who` names choose, in turn order from
    /// the active player (103.4), whether to carry out `option` (410.5); `effects` follow once
    /// if one did (with `if_not`, if the player didn't), "he or she" and "that player" being
    /// the players who did (didn't). A player can't choose what he or she can't do.
    PlayersMay {
        who: Chooser,
        option: PlayerOption,
        effects: Vec<Effect>,
        if_not: bool,
    },
    /// "Its controller may search his or her library for a basic land card, put that card
    /// onto the battlefield tapped, then shuffle his or her library." (Path to Exile), "its
    /// controller may create a 1/1 colorless Sliver creature token": as it resolves the one
    /// player `who` names chooses whether to carry out the instructions (410.5, 413.2c) and
    /// carries them out as their actor: "you", "your" and "his or her" in them are that player.
    /// Nothing in them is a target.
    PlayerMay { who: Subject, effects: Vec<Effect> },
    /// "exile target creature an opponent controls until ~ leaves the battlefield" (Banisher
    /// Priest): removed from the game as [`Effect::RemoveFromGame`], and returned to play under
    /// its owner's control once the object with the ability has left play (current 610.3,
    /// 610.3c); if that object has already left play as this resolves, nothing is removed
    /// (610.3a-b). February 2009 has no such wording; its meaning is the current rules'.
    ExileUntilLeaves { what: Subject },
    /// "When ~ leaves the battlefield, return the exiled card to the battlefield under its
    /// owner's control." (Journey to Nowhere; 2009 "return the removed card to play"): the
    /// cards an ability of this object removed from the game (407.2a, linked abilities) go back
    /// to play under their owners' control, or with `to_hand` to their owners' hands.
    ReturnExiled { to_hand: bool },
    /// "you get {E}{E}", "you get an amount of {E} equal to the greatest power among creatures
    /// you control" (current 107.14, 122.1): its controller gets that many energy counters,
    /// counted as it resolves.
    GetEnergy { amount: crate::filter::Amount },
    /// "you may pay {E}. If you do, target creature can't block this turn." (Maulfist
    /// Doorbuster): like [`Effect::MayPay`] with energy (current 107.14): as it resolves, its
    /// controller chooses whether to remove that many energy counters from himself or herself
    /// (only with that many, 410.5); if he or she does, the instructions follow.
    MayPayEnergy { amount: u32, effects: Vec<Effect> },
    /// "Sacrifice a Human. If you can't, tap ~ and it deals 9 damage to you." (Archdemon of
    /// Greed), "Pay {E}{E}. If you can't, return ~ to its owner's hand.": its controller must
    /// do the action if able; if he or she can't (2009 103.3: an impossible instruction is
    /// ignored, and the card says what happens then), the instructions are followed instead.
    IfCant {
        action: Attempt,
        effects: Vec<Effect>,
    },
    /// "Choose target non-Wall creature the active player has controlled continuously since the
    /// beginning of the turn." (Nettling Imp): the target is chosen as the ability is played
    /// (409.1c) for the instructions after it ("That creature attacks this turn if able."); as
    /// it resolves this instruction itself does nothing.
    ChooseTarget { what: Subject },
    /// "During that player's next untap step, creatures he or she controls don't untap."
    /// (Imaginary Threats, 302.2): the permanents the description fits that the player `what`
    /// names controls as his or her next untap step comes (the set is read then) don't untap
    /// in it. Only "that player" of an earlier player target is read ([`Subject::ThatPlayers`]
    /// joined to [`Subject::EachOfTargetPlayer`]).
    /// For one permanent ("That creature doesn't untap during its controller's next untap
    /// step"), the next untap step of its controller as the instruction is carried out; with
    /// `yours` ("~ doesn't untap during your next untap step"), the next untap step of the
    /// ability's controller.
    SkipNextUntap {
        what: Subject,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        yours: bool,
    },
    /// "you become the monarch" (current 724.1, 2015; no 2009 rule): the ability's controller
    /// becomes the monarch and the current monarch ceases to be (724.3). `its_controller`: the
    /// monarch's inherent trigger of 724.2, "its controller becomes the monarch", where "its"
    /// is the creature that dealt combat damage (the trigger's referred object).
    BecomeMonarch { its_controller: bool },
    /// "take an extra turn after this one" (300.6): the ability's controller gets a turn added
    /// directly after the current one; the most recently added is taken first.
    ExtraTurn,
    /// "flip a coin" (511.1): the ability's controller flips a coin and calls it; whether he
    /// or she lost the flip is kept for "If you lose the flip, ..." after it.
    FlipCoin,
    /// "an opponent gains control of ~" (Fickle Efreet): an opponent of the ability's
    /// controller (chosen by that controller when there are several) gains control of it for
    /// the rest of the game (418.5a layer 2).
    OpponentGainsControl { what: Subject },
    /// "Creatures it was blocking that had become blocked by only ~ this combat become
    /// unblocked." (Ydwen Efreet): each attacker ~ blocks that no other creature has blocked
    /// this combat stops being blocked. The card's text wins over the rule that a blocked
    /// creature stays blocked (103.1; glossary "Blocked Creature").
    UnblockSoleBlocked,
}

/// Who chooses in [`Effect::PlayersMay`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chooser {
    /// "any player may": each player in turn order, from the active player, until one does.
    AnyPlayer,
    /// "each player may": every player, each choosing for himself or herself.
    EachPlayer,
    /// "that player may" after "At the beginning of combat on each opponent's turn": the
    /// player whose turn it is.
    ActivePlayer,
    /// "defending player may" (306.2): each defending player, in turn order.
    DefendingPlayer,
}

/// What a player may do in [`Effect::PlayersMay`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "option", rename_all = "snake_case")]
pub enum PlayerOption {
    /// "exile a card from his or her graveyard", "exile three cards ...": that many cards of
    /// his or her graveyard removed from the game (2009 wording), all or none.
    ExileFromGraveyard { count: u32 },
    /// "put two +1/+1 counters on a creature he or she controls": on one creature of his or
    /// hers the description fits.
    PutCounters {
        counter: crate::model::Counter,
        count: u32,
        filter: Filter,
    },
    /// "draw a card", "draw two cards" (423.1).
    Draw { count: u32 },
    /// "pay {U}": that mana, from the player's pool and lands (409.1h, 410.5).
    Pay { cost: crate::mana::ManaCost },
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A card's description calls the object with the ability "this".
        f.write_str(&self.about("this"))
    }
}

impl Duration {
    /// The duration in words ("until end of turn").
    pub fn as_str(self) -> &'static str {
        match self {
            Duration::UntilEndOfTurn => "until end of turn",
            Duration::UntilEndOfCombat => "until end of combat",
            Duration::ThisTurn => "this turn",
            Duration::UntilCreatureSpell => "until a player plays a creature spell",
            Duration::Indefinitely => "for as long as it remains in play",
            Duration::UntilYourNextTurn | Duration::UntilTurnOf { .. } => "until your next turn",
            Duration::DuringNextTurn | Duration::DuringTurnOf { .. } => {
                "during its controller's next turn"
            }
            Duration::AsLongAs(hold) | Duration::While { hold, .. } => hold.as_str(),
        }
    }

    /// The duration in words for the log, "~" being `source`, the object with the ability.
    pub fn about(self, source: &str) -> String {
        self.as_str().replace('~', source)
    }

    /// Whether the cleanup step ends an effect with this duration (314.2): "until end of
    /// turn", "this turn", "until end of combat" and a "during <player>'s next turn" that has
    /// begun; not one waiting for a later turn or event, nor a "for as long as".
    pub fn ends_in_cleanup(self) -> bool {
        !matches!(
            self,
            Duration::UntilCreatureSpell
                | Duration::Indefinitely
                | Duration::UntilTurnOf { .. }
                | Duration::DuringTurnOf { begun: false, .. }
                | Duration::AsLongAs(_)
                | Duration::While { .. }
        )
    }

    /// Whether an effect with this duration applies now: one waiting for a player's next turn
    /// doesn't yet.
    pub fn in_force(self) -> bool {
        !matches!(self, Duration::DuringTurnOf { begun: false, .. })
    }

    /// "during its controller's next turn" bound to `player`, as the effect begins; any other
    /// duration unchanged.
    pub fn bind_during(self, player: crate::model::PlayerId) -> Duration {
        match self {
            Duration::DuringNextTurn => Duration::DuringTurnOf {
                player,
                begun: false,
            },
            d => d,
        }
    }
}

impl Effect {
    /// What a type-changing effect does to its permanent, in words ("becomes a 1/5 white
    /// Soldier creature until end of turn"), for the log and the views.
    pub fn becomes_text(&self) -> Option<String> {
        match self {
            Effect::Animate {
                power,
                toughness,
                colors,
                card_types,
                subtypes,
                keywords,
                duration,
                ..
            } if card_types.is_empty() && colors.is_empty() && subtypes.is_empty() => {
                // Layer 6b alone (Riverfall Mimic).
                let with = if keywords.is_empty() {
                    String::new()
                } else {
                    let k: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
                    format!(" and gains {}", k.join(" and "))
                };
                let (power, toughness) = (power.unwrap_or(0), toughness.unwrap_or(0));
                Some(format!(
                    "has base power and toughness {power}/{toughness}{with} {duration}"
                ))
            }
            // "becomes black", "becomes a blue Frog with base power and toughness 1/1",
            // "becomes a Zombie in addition to its other types".
            Effect::Animate {
                power,
                toughness,
                colors,
                card_types,
                subtypes,
                duration,
                replaces_types,
                ..
            } if card_types.is_empty() => {
                let colors: Vec<String> = colors
                    .iter()
                    .map(|c| c.to_string().to_lowercase())
                    .collect();
                if subtypes.is_empty() {
                    return Some(format!("becomes {} {duration}", colors.join(" and ")));
                }
                let mut words = colors;
                words.extend(subtypes.iter().cloned());
                let mut out = format!("becomes {}", crate::view::with_article(&words.join(" ")));
                if !replaces_types {
                    out.push_str(" in addition to its other types");
                }
                if let (Some(p), Some(t)) = (power, toughness) {
                    out.push_str(&format!(" with base power and toughness {p}/{t}"));
                }
                Some(format!("{out} {duration}"))
            }
            // "becomes an artifact in addition to its other types" (212.1c): types added, no
            // creature made.
            Effect::Animate {
                power: None,
                toughness: None,
                colors,
                card_types,
                subtypes,
                keywords,
                duration,
                pt_equal: None,
                ..
            } if !card_types.contains(&crate::typeline::CardType::Creature)
                && keywords.is_empty() =>
            {
                Some(format!(
                    "becomes {} {duration}",
                    crate::cards::added_types::words(colors, card_types, subtypes)
                ))
            }
            Effect::Animate {
                power,
                toughness,
                colors,
                card_types,
                subtypes,
                keywords,
                duration,
                pt_equal,
                ..
            } => {
                let mut words = match pt_equal {
                    Some(_) => Vec::new(),
                    None => vec![format!("{}/{}", power.unwrap_or(0), toughness.unwrap_or(0))],
                };
                words.extend(colors.iter().map(|c| c.to_string().to_lowercase()));
                words.extend(subtypes.iter().cloned());
                words.extend(card_types.iter().map(|t| t.name().to_lowercase()));
                let with = if keywords.is_empty() {
                    String::new()
                } else {
                    let k: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
                    format!(" with {}", k.join(" and "))
                };
                let each = match pt_equal {
                    Some(a) => format!(" with power and toughness each equal to {a}"),
                    None => String::new(),
                };
                let words = words.join(" ");
                Some(format!(
                    "becomes {}{each}{with} {duration}",
                    crate::view::with_article(&words)
                ))
            }
            Effect::BecomeOnly {
                card_type,
                duration,
                ..
            } => {
                let name = card_type.name().to_lowercase();
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                Some(format!(
                    "becomes {article} {name} and loses all other card types {duration}"
                ))
            }
            Effect::AddTypes {
                card_types,
                duration,
                ..
            } => {
                let names: Vec<String> =
                    card_types.iter().map(|t| t.name().to_lowercase()).collect();
                let article = if names
                    .first()
                    .is_some_and(|n| n.starts_with(['a', 'e', 'i', 'o', 'u']))
                {
                    "an"
                } else {
                    "a"
                };
                Some(format!("becomes {article} {} {duration}", names.join(" ")))
            }
            _ => None,
        }
    }

    /// Whether the instruction adds mana.
    pub fn adds_mana(&self) -> bool {
        self.mana_added().is_some() || matches!(self, Effect::AddManaAmount { .. })
    }

    /// The mana the effect adds in `game`, for the object and controller of `ctx`: an amount
    /// read now ([`Effect::AddManaAmount`]) or the fixed mana of [`Effect::mana_added`].
    pub fn mana_made(
        &self,
        game: &crate::model::Game,
        ctx: &crate::filter::Context,
    ) -> Option<crate::mana::ManaYield> {
        match self {
            Effect::AddManaAmount { mana, amount } => {
                let n = amount.value(game, ctx).clamp(0, 1_000) as usize;
                Some(crate::mana::ManaYield::Fixed(vec![*mana; n]))
            }
            e => e.mana_added(),
        }
    }

    /// The mana the effect adds, if it adds mana.
    pub fn mana_added(&self) -> Option<crate::mana::ManaYield> {
        use crate::mana::ManaYield;
        match self {
            Effect::AddMana { color } => Some(ManaYield::Fixed(vec![Some(*color)])),
            Effect::AddColorless => Some(ManaYield::Fixed(vec![None])),
            Effect::AddManaList { mana } => Some(ManaYield::Fixed(mana.clone())),
            Effect::AddOneOf { colors } => Some(ManaYield::OneOf(colors.clone())),
            _ => None,
        }
    }

    /// Whether carrying the instruction out leaves something that lasts beyond the moment: a
    /// continuous effect (418.3a), a shield (419.6b, 419.7), or a delayed triggered ability
    /// (404.4); not a one-shot change such as untapping, damage or drawing, whose result is
    /// simply part of the state afterwards.
    pub fn lasts(&self) -> bool {
        self.duration().is_some()
            || matches!(
                self,
                Effect::PreventDamage { .. }
                    | Effect::DividePrevention { .. }
                    | Effect::Regenerate { .. }
                    | Effect::CantBeRegenerated { .. }
                    | Effect::ExileIfDies { .. }
                    | Effect::Delayed { .. }
                    | Effect::SkipNextUntap { .. }
            )
    }

    /// The instructions an instruction carries out only as a choice or a condition made or
    /// checked while it resolves allows ("if ...", "you may ..."), if it is one of those.
    pub fn conditional(&self) -> Option<&[Effect]> {
        match self {
            Effect::If { effects, .. }
            | Effect::InterveningIf { effects, .. }
            | Effect::May { effects }
            | Effect::MayPay { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::PlayersMay { effects, .. }
            | Effect::PlayerMay { effects, .. } => Some(effects),
            _ => None,
        }
    }

    /// How long the effect lasts once it begins, for effects that last.
    pub fn duration(&self) -> Option<Duration> {
        match self {
            Effect::Pump { duration, .. }
            | Effect::GainRules { duration, .. }
            | Effect::GainControl { duration, .. }
            | Effect::GainKeyword { duration, .. }
            | Effect::GainChosenProtection { duration, .. }
            | Effect::ChosenKeyword { duration, .. }
            | Effect::LoseKeyword { duration, .. }
            | Effect::LoseAllAbilities { duration, .. }
            | Effect::Animate { duration, .. }
            | Effect::SwitchPt { duration, .. }
            | Effect::BecomeChosen { duration, .. }
            | Effect::AddTypes { duration, .. }
            | Effect::BecomeOnly { duration, .. }
            | Effect::RequirementToward { duration, .. }
            | Effect::CantActivate { duration, .. }
            | Effect::GainAbilities { duration, .. }
            | Effect::Prevent { duration, .. }
            | Effect::Redirect { duration, .. }
            | Effect::PumpFor { duration, .. } => Some(*duration),
            _ => None,
        }
    }

    /// Changes how long the effect lasts, for effects that last.
    pub fn set_duration(&mut self, to: Duration) {
        match self {
            Effect::Pump { duration, .. }
            | Effect::GainRules { duration, .. }
            | Effect::GainControl { duration, .. }
            | Effect::GainKeyword { duration, .. }
            | Effect::GainChosenProtection { duration, .. }
            | Effect::ChosenKeyword { duration, .. }
            | Effect::LoseKeyword { duration, .. }
            | Effect::LoseAllAbilities { duration, .. }
            | Effect::Animate { duration, .. }
            | Effect::SwitchPt { duration, .. }
            | Effect::BecomeChosen { duration, .. }
            | Effect::AddTypes { duration, .. }
            | Effect::BecomeOnly { duration, .. }
            | Effect::CantActivate { duration, .. }
            | Effect::GainAbilities { duration, .. }
            | Effect::Prevent { duration, .. }
            | Effect::Redirect { duration, .. }
            | Effect::PumpFor { duration, .. } => *duration = to,
            _ => {}
        }
    }

    /// Binds "until your next turn" to `player`, who controls the resolving spell or ability
    /// (418.3a), in this instruction and those inside it.
    pub fn bind_next_turn(&mut self, player: crate::model::PlayerId) {
        self.durations_mut(&mut |d| {
            if *d == Duration::UntilYourNextTurn {
                *d = Duration::UntilTurnOf { player };
            }
        });
    }

    /// "for as long as ..." bound, as the effect begins, to the object with the ability and
    /// its controller (418.3d).
    pub fn bind_while(
        &mut self,
        source: crate::model::ObjectId,
        controller: crate::model::PlayerId,
    ) {
        self.durations_mut(&mut |d| {
            if let Duration::AsLongAs(hold) = *d {
                *d = Duration::While {
                    hold,
                    source,
                    controller,
                };
            }
        });
    }

    /// Calls `f` on the duration of every continuous effect the instruction creates, those
    /// under "if", "you may" and delayed instructions included.
    fn durations_mut(&mut self, f: &mut impl FnMut(&mut Duration)) {
        match self {
            Effect::If { effects, .. }
            | Effect::May { effects }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::Delayed { effects, .. }
            | Effect::Reflexive { effects }
            | Effect::PlayersMay { effects, .. }
            | Effect::PlayerMay { effects, .. } => {
                for e in effects {
                    e.durations_mut(f);
                }
            }
            Effect::Pump { duration, .. }
            | Effect::GainRules { duration, .. }
            | Effect::GainControl { duration, .. }
            | Effect::GainKeyword { duration, .. }
            | Effect::GainChosenProtection { duration, .. }
            | Effect::ChosenKeyword { duration, .. }
            | Effect::LoseKeyword { duration, .. }
            | Effect::LoseAllAbilities { duration, .. }
            | Effect::Animate { duration, .. }
            | Effect::SwitchPt { duration, .. }
            | Effect::BecomeChosen { duration, .. }
            | Effect::AddTypes { duration, .. }
            | Effect::BecomeOnly { duration, .. }
            | Effect::RequirementToward { duration, .. }
            | Effect::CantActivate { duration, .. }
            | Effect::GainAbilities { duration, .. }
            | Effect::Prevent { duration, .. }
            | Effect::Redirect { duration, .. }
            | Effect::PumpFor { duration, .. } => f(duration),
            _ => {}
        }
    }

    /// Changes what the effect acts on, for effects that act on one subject.
    pub fn set_subject(&mut self, to: Subject) {
        match self {
            Effect::Regenerate { what }
            | Effect::CantBeRegenerated { what }
            | Effect::ExileIfDies { what }
            | Effect::OpponentGainsControl { what }
            | Effect::Prevent {
                what: Some(what), ..
            }
            | Effect::Redirect {
                what: Some(what), ..
            }
            | Effect::Pump { what, .. }
            | Effect::GainRules { what, .. }
            | Effect::Destroy { what, .. }
            | Effect::Counter { what }
            | Effect::GainControl { what, .. }
            | Effect::Untap { what }
            | Effect::TapOrUntap { what }
            | Effect::SwitchPt { what, .. }
            | Effect::BecomeChosen { what, .. }
            | Effect::Tap { what }
            | Effect::RemoveFromCombat { what, .. }
            | Effect::Provoke { what }
            | Effect::GainKeyword { what, .. }
            | Effect::GainChosenProtection { what, .. }
            | Effect::ChosenKeyword { what, .. }
            | Effect::LoseKeyword { what, .. }
            | Effect::LoseAllAbilities { what, .. }
            | Effect::Animate { what, .. }
            | Effect::AddTypes { what, .. }
            | Effect::BecomeOnly { what, .. }
            | Effect::Sacrifice { what }
            | Effect::Attach { what }
            | Effect::PutCounters { what, .. }
            | Effect::PutCountersAmount { what, .. }
            | Effect::DoubleCounters { what, .. }
            | Effect::RemoveCountersAmount { what, .. }
            | Effect::RemoveCounters { what, .. }
            | Effect::ReturnToHand { what }
            | Effect::ReturnCardToHand { what, .. }
            | Effect::ExileCard { what }
            | Effect::ReturnCardToPlay { what, .. }
            | Effect::PutOnLibrary { what }
            | Effect::RemoveFromGame { what }
            | Effect::ExileUntilLeaves { what }
            | Effect::Modular { what, .. }
            | Effect::RequirementToward { what, .. }
            | Effect::Fight { what, .. }
            | Effect::BecomesBlocked { what }
            | Effect::CantActivate { what, .. }
            | Effect::GainAbilities { what, .. }
            | Effect::PumpFor { what, .. }
            | Effect::ChooseTarget { what }
            | Effect::SkipNextUntap { what, .. } => *what = to,
            Effect::CreateTokens { token, .. } | Effect::CreateTokensAmount { token, .. } => {
                if let TokenEntry::Blocking(what) = &mut token.enters {
                    *what = to;
                }
            }
            Effect::DealDamage { to: t, .. }
            | Effect::DealDamageBy { to: t, .. }
            | Effect::PreventNextFromChosen { to: t, .. }
            | Effect::PreventDamage { to: t, .. }
            | Effect::DivideDamage { among: t, .. }
            | Effect::DividePrevention { among: t, .. } => *t = to,
            Effect::LoseLife { who, .. }
            | Effect::SkipCombat { who, .. }
            | Effect::GainLifeAmount { who, .. }
            | Effect::LoseLifeAmount { who, .. }
            | Effect::SetLife { who, .. }
            | Effect::Discard { who, .. }
            | Effect::DiscardAmount { who, .. }
            | Effect::DiscardHand { who }
            | Effect::DrawAmount { who, .. }
            | Effect::RevealHand { who }
            | Effect::LookAtHand { who }
            | Effect::Mill { who, .. }
            | Effect::ExileTop { who, .. }
            | Effect::RevealTop { who }
            | Effect::ShuffleLibrary { who }
            | Effect::SacrificeChosen { who, .. }
            | Effect::ChooseCreature { who, .. }
            | Effect::Poison { who, .. }
            | Effect::PlayerMay { who, .. }
            | Effect::Draw { who, .. } => *who = to,
            Effect::Delayed { effects, .. }
            | Effect::May { effects }
            | Effect::MayPay { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::InterveningIf { effects, .. }
            | Effect::PlayersMay { effects, .. } => {
                for e in effects {
                    e.set_subject(to.clone());
                }
            }
            _ => {}
        }
    }

    /// Gives the subject `to` to the effect, and to the effects inside it (a delayed or
    /// optional instruction), wherever its subject is `from`: what "it" or "that creature"
    /// turns out to name.
    pub fn replace_subject(&mut self, from: &Subject, to: &Subject) {
        match self {
            Effect::Modal { modes, .. } => {
                for e in modes.iter_mut().flatten() {
                    e.replace_subject(from, to);
                }
            }
            Effect::Delayed { effects, .. }
            | Effect::Reflexive { effects }
            | Effect::May { effects }
            | Effect::MayPay { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::InterveningIf { effects, .. }
            | Effect::If { effects, .. }
            | Effect::PlayersMay { effects, .. } => {
                for e in effects {
                    e.replace_subject(from, to);
                }
            }
            Effect::PlayerMay { who, effects } => {
                if who == from {
                    *who = to.clone();
                }
                for e in effects {
                    e.replace_subject(from, to);
                }
            }
            // "That creature deals damage equal to its power to ~": "that creature" is the
            // source; "to itself" names the same subject twice.
            Effect::DealDamageBy { by, to: t, .. } => {
                if by == from {
                    *by = to.clone();
                }
                if t == from {
                    *t = to.clone();
                }
            }
            // "Another target creature blocks it": "it" is the creature it names.
            Effect::RequirementToward { what, toward, .. } => {
                if toward == from {
                    *toward = to.clone();
                } else if what == from {
                    *what = to.clone();
                }
            }
            e => {
                if e.subject() == Some(from) {
                    e.set_subject(to.clone());
                } else if let Some(Subject::ThoseThat { earlier, filter }) = e.subject()
                    && **earlier == *from
                {
                    // "destroy it if it didn't attack": "it" inside names the same object.
                    let bound = Subject::ThoseThat {
                        earlier: Box::new(to.clone()),
                        filter: filter.clone(),
                    };
                    e.set_subject(bound);
                }
            }
        }
    }

    /// The effect with "it" and "its controller" of a trigger about another creature bound to
    /// that creature (`id`), as the ability triggers, in nested instructions too.
    pub fn bind_triggering(&mut self, id: crate::model::ObjectId) {
        use crate::filter::PlayerRef as P;
        // "If that land is a Mountain": the land the trigger is about.
        if let Effect::If { condition, .. } | Effect::InterveningIf { condition, .. } = self {
            *condition = crate::filter::map_stats(condition, &mut |of| {
                (*of == crate::filter::StatOf::Triggering)
                    .then_some(crate::filter::StatOf::Object(id))
            });
        }
        match self {
            Effect::Modal { modes, .. } => {
                for e in modes.iter_mut().flatten() {
                    e.bind_triggering(id);
                }
                return;
            }
            Effect::Delayed { effects, .. }
            | Effect::Reflexive { effects }
            | Effect::May { effects }
            | Effect::If { effects, .. }
            | Effect::MayPay { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::InterveningIf { effects, .. }
            | Effect::PlayersMay { effects, .. } => {
                for e in effects {
                    e.bind_triggering(id);
                }
                return;
            }
            // The player and the instructions both (the player is the subject, below).
            Effect::PlayerMay { effects, .. } => {
                for e in effects {
                    e.bind_triggering(id);
                }
            }
            Effect::GainRules { rules, .. } => {
                for r in rules.iter_mut() {
                    *r = r.bind_triggering(id);
                }
            }
            _ => {}
        }
        // "that creature's toughness" of the creature the trigger is about (413.2f).
        *self = crate::filter::map_stats(self, &mut |of| {
            (*of == crate::filter::StatOf::Triggering).then_some(crate::filter::StatOf::Object(id))
        });
        if let Effect::DealDamageBy { by, .. } = self
            && let Subject::Each(f) = by
            && f.mentions_triggering()
        {
            *by = Subject::Each(f.bind_triggering(id));
        }
        // "for each other creature you control" said of that creature.
        if let Effect::PumpFor {
            times: crate::filter::Amount::Count(f),
            ..
        } = self
            && f.mentions_triggering()
        {
            **f = f.bind_triggering(id);
        }
        match self.subject().cloned() {
            Some(Subject::Each(f)) if f.mentions_triggering() => {
                self.set_subject(Subject::Each(f.bind_triggering(id)))
            }
            Some(Subject::Players(P::ControllerOfTriggering)) => {
                self.set_subject(Subject::Players(P::ControllerOf(id)))
            }
            _ => {}
        }
    }

    /// Whether the effect names the creature a trigger is about ("it", "its controller"), in
    /// nested instructions too.
    pub fn mentions_triggering(&self) -> bool {
        match self {
            Effect::Modal { modes, .. } => modes.iter().flatten().any(Effect::mentions_triggering),
            Effect::Delayed { effects, .. }
            | Effect::Reflexive { effects }
            | Effect::May { effects }
            | Effect::If { effects, .. }
            | Effect::MayPay { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::InterveningIf { effects, .. }
            | Effect::PlayersMay { effects, .. } => effects.iter().any(Effect::mentions_triggering),
            Effect::PlayerMay { who, effects } => {
                *who == Subject::Players(crate::filter::PlayerRef::ControllerOfTriggering)
                    || effects.iter().any(Effect::mentions_triggering)
            }
            e => {
                let rules = matches!(e, Effect::GainRules { rules, .. } if rules.iter().any(CombatRule::mentions_triggering));
                let by = matches!(e, Effect::DealDamageBy { by: Subject::Each(f), .. } if f.mentions_triggering())
                    || matches!(e, Effect::PumpFor { times: crate::filter::Amount::Count(f), .. } if f.mentions_triggering());
                let stat =
                    crate::filter::reads_stat_of(e, |of| *of == crate::filter::StatOf::Triggering);
                rules
                    || by
                    || stat
                    || match e.subject() {
                        Some(Subject::Each(f)) => f.mentions_triggering(),
                        Some(Subject::Players(p)) => {
                            *p == crate::filter::PlayerRef::ControllerOfTriggering
                        }
                        _ => false,
                    }
            }
        }
    }

    /// The subject the effect acts on, if any.
    pub fn subject(&self) -> Option<&Subject> {
        match self {
            Effect::AddMana { .. }
            | Effect::AddManaAmount { .. }
            | Effect::AddColorless
            | Effect::AddManaList { .. }
            | Effect::AddOneOf { .. }
            | Effect::GetEnergy { .. }
            | Effect::If { .. }
            | Effect::ExileSelfWithTimeCounters { .. }
            | Effect::SacrificeUnlessExile { .. }
            | Effect::Monstrosity { .. }
            | Effect::Scry { .. }
            | Effect::Surveil { .. }
            | Effect::Bolster { .. }
            | Effect::ReturnToPlay { .. }
            | Effect::Transmute { .. }
            | Effect::TokenCopy { .. }
            | Effect::Miracle { .. }
            | Effect::Recover { .. }
            | Effect::Hideaway
            | Effect::SacrificePermanents { .. }
            | Effect::ExileTopOfLibrary { .. }
            | Effect::RevealedToHand
            | Effect::LookAtTop
            | Effect::RevealLooked
            | Effect::Fabricate { .. }
            | Effect::Extort
            | Effect::Prevent { what: None, .. }
            | Effect::Redirect { what: None, .. }
            | Effect::Exploit
            | Effect::LivingWeapon
            | Effect::UpkeepCounter { .. }
            | Effect::UpkeepCost { .. }
            | Effect::Unearth
            | Effect::PlayFromExile { .. }
            | Effect::SuspendCounter
            | Effect::SearchLibrary { .. }
            | Effect::Renown { .. }
            | Effect::SiegeDefeated
            | Effect::Evolve
            | Effect::Soulbond
            | Effect::Champion { .. }
            | Effect::ChampionReturn
            | Effect::Graft
            | Effect::GainLife { .. }
            | Effect::BecomeMonarch { .. }
            | Effect::ExtraTurn
            | Effect::AdditionalCombat { .. }
            | Effect::FlipCoin
            | Effect::ReturnExiled { .. }
            | Effect::UnblockSoleBlocked
            | Effect::EnterAttacking { .. }
            | Effect::PutFromHandAttacking { .. } => None,
            // "that's blocking target attacking creature": what it blocks.
            Effect::CreateTokens { token, .. } | Effect::CreateTokensAmount { token, .. } => {
                match &token.enters {
                    TokenEntry::Blocking(what) => Some(what),
                    _ => None,
                }
            }
            // What a delayed ability will act on is chosen as it triggers, never as the
            // ability that creates it is played.
            Effect::Delayed { .. } | Effect::Reflexive { .. } => None,
            // The players choose as it resolves; nothing inside it is a target.
            Effect::PlayersMay { .. } => None,
            Effect::PlayerMay { who, .. } => Some(who),
            // Each mode has its own, known once the modes are chosen (409.1d).
            Effect::Modal { .. } => None,
            Effect::May { effects }
            | Effect::MayPay { effects, .. }
            | Effect::UnlessSacrifices { effects, .. }
            | Effect::MayPayEnergy { effects, .. }
            | Effect::IfCant { effects, .. }
            | Effect::InterveningIf { effects, .. } => effects.iter().find_map(Effect::subject),
            Effect::RampagePump { .. } => Some(&Subject::This),
            Effect::Regenerate { what }
            | Effect::CantBeRegenerated { what }
            | Effect::ExileIfDies { what }
            | Effect::Prevent {
                what: Some(what), ..
            }
            | Effect::Redirect {
                what: Some(what), ..
            }
            | Effect::OpponentGainsControl { what }
            | Effect::Pump { what, .. }
            | Effect::GainRules { what, .. }
            | Effect::Destroy { what, .. }
            | Effect::Counter { what }
            | Effect::GainControl { what, .. }
            | Effect::Untap { what }
            | Effect::TapOrUntap { what }
            | Effect::SwitchPt { what, .. }
            | Effect::BecomeChosen { what, .. }
            | Effect::Tap { what }
            | Effect::RemoveFromCombat { what, .. }
            | Effect::Provoke { what }
            | Effect::GainKeyword { what, .. }
            | Effect::GainChosenProtection { what, .. }
            | Effect::ChosenKeyword { what, .. }
            | Effect::LoseKeyword { what, .. }
            | Effect::LoseAllAbilities { what, .. }
            | Effect::Animate { what, .. }
            | Effect::AddTypes { what, .. }
            | Effect::BecomeOnly { what, .. }
            | Effect::Sacrifice { what }
            | Effect::Modular { what, .. }
            | Effect::Attach { what }
            | Effect::PutCounters { what, .. }
            | Effect::PutCountersAmount { what, .. }
            | Effect::DoubleCounters { what, .. }
            | Effect::RemoveCountersAmount { what, .. }
            | Effect::RemoveCounters { what, .. }
            | Effect::ReturnToHand { what }
            | Effect::ReturnCardToHand { what, .. }
            | Effect::ExileCard { what }
            | Effect::ReturnCardToPlay { what, .. }
            | Effect::PutOnLibrary { what }
            | Effect::RequirementToward { what, .. }
            | Effect::Fight { what, .. }
            | Effect::BecomesBlocked { what }
            | Effect::CantActivate { what, .. }
            | Effect::GainAbilities { what, .. }
            | Effect::PumpFor { what, .. }
            | Effect::ChooseTarget { what }
            | Effect::SkipNextUntap { what, .. }
            | Effect::RemoveFromGame { what }
            | Effect::ExileUntilLeaves { what } => Some(what),
            Effect::DealDamage { to, .. }
            | Effect::DealDamageBy { to, .. }
            | Effect::PreventNextFromChosen { to, .. }
            | Effect::PreventDamage { to, .. }
            | Effect::DivideDamage { among: to, .. }
            | Effect::DividePrevention { among: to, .. } => Some(to),
            Effect::LoseLife { who, .. }
            | Effect::SkipCombat { who, .. }
            | Effect::GainLifeAmount { who, .. }
            | Effect::LoseLifeAmount { who, .. }
            | Effect::SetLife { who, .. }
            | Effect::Discard { who, .. }
            | Effect::DiscardAmount { who, .. }
            | Effect::DiscardHand { who }
            | Effect::DrawAmount { who, .. }
            | Effect::RevealHand { who }
            | Effect::LookAtHand { who }
            | Effect::Mill { who, .. }
            | Effect::ExileTop { who, .. }
            | Effect::RevealTop { who }
            | Effect::ShuffleLibrary { who }
            | Effect::SacrificeChosen { who, .. }
            | Effect::ChooseCreature { who, .. }
            | Effect::Poison { who, .. }
            | Effect::Draw { who, .. } => Some(who),
        }
    }
}

/// 406.1: an activated ability whose instructions add mana and which has no target is a
/// mana ability; it may do other things too ("~ deals 1 damage to you").
pub fn is_mana_ability(effects: &[Effect]) -> bool {
    effects.iter().any(Effect::adds_mana) && targets_of(effects).is_empty()
}

/// The targets a spell or ability asks for, one per distinct target subject in its effects, in
/// order of first mention (409.1c).
pub fn targets_of<'a>(effects: impl IntoIterator<Item = &'a Effect>) -> Vec<TargetKind> {
    let mut out = Vec::new();
    // An intervening "if" holds whole instructions, each with its own target; so does "If you
    // do" after removing a counter (the only "if" of the grammar whose instructions target).
    let flat = effects.into_iter().flat_map(|e| match e {
        Effect::InterveningIf { effects, .. }
        | Effect::If { effects, .. }
        | Effect::MayPay { effects, .. }
        | Effect::MayPayEnergy { effects, .. }
        | Effect::IfCant { effects, .. } => effects.iter().collect::<Vec<_>>(),
        e => vec![e],
    });
    for e in flat {
        let toward = match e {
            Effect::RequirementToward { toward, .. } => toward.target(),
            _ => None,
        };
        let fought = match e {
            Effect::Fight { other, .. } => other.target(),
            _ => None,
        };
        // "Target creature you control deals damage ... to target creature you don't
        // control": the dealer is named, and chosen, first.
        let dealer = match e {
            Effect::DealDamageBy { by, .. } => by.target(),
            _ => None,
        };
        for t in dealer
            .into_iter()
            .chain(e.subject().and_then(Subject::target))
            .chain(toward)
            .chain(fought)
        {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// The effects with X fixed to the number `x` announced as the ability is played (409.1b,
/// before targets are chosen, 409.1c): every "X" amount becomes that number and "X target
/// creatures" that many targets. Done on the serialized form so no effect, however nested
/// (conditions, delayed and optional instructions), keeps an X.
pub fn fix_x(effects: &[Effect], x: u32) -> Vec<Effect> {
    substitute_amount(
        effects,
        "x",
        &serde_json::json!({ "amount": "number", "of": x }),
        Some(x),
    )
}

/// The instructions with every X amount replaced by `amount` (", where X is <amount>"); the
/// X of targets ("X target creatures") stays the announced one.
pub fn replace_x(effects: &[Effect], amount: &crate::filter::Amount) -> Vec<Effect> {
    match serde_json::to_value(amount) {
        Ok(with) => substitute_amount(effects, "x", &with, None),
        Err(_) => effects.to_vec(),
    }
}

/// Every `{"amount": <key>}` in the instructions' data becomes `with` (an X, "that much");
/// with `targets`, "X target creatures" becomes that many targets too.
fn substitute_amount(
    effects: &[Effect],
    key: &str,
    with: &serde_json::Value,
    targets: Option<u32>,
) -> Vec<Effect> {
    fn walk(v: &mut serde_json::Value, key: &str, with: &serde_json::Value, targets: Option<u32>) {
        match v {
            serde_json::Value::Object(map) => {
                if map.get("amount").and_then(|a| a.as_str()) == Some(key) && map.len() == 1 {
                    *v = with.clone();
                    return;
                }
                if let Some(x) = targets
                    && let Some(inner) = map.remove("x_targets")
                {
                    let mut inner = inner;
                    if let serde_json::Value::Object(m) = &mut inner {
                        m.insert("min".into(), x.into());
                        m.insert("max".into(), x.into());
                    }
                    map.insert("targets".into(), inner);
                }
                for (_, item) in map.iter_mut() {
                    walk(item, key, with, targets);
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    walk(item, key, with, targets);
                }
            }
            _ => {}
        }
    }
    effects
        .iter()
        .map(|e| {
            let Ok(mut v) = serde_json::to_value(e) else {
                return e.clone();
            };
            walk(&mut v, key, with, targets);
            serde_json::from_value(v).unwrap_or_else(|_| e.clone())
        })
        .collect()
}

/// The instructions of a "deals damage" trigger with "that much" bound to the damage dealt.
pub fn bind_that_much(effects: &[Effect], amount: u32) -> Vec<Effect> {
    let with = serde_json::json!({ "amount": "number", "of": amount });
    substitute_amount(effects, "that_much", &with, None)
}

/// Whether anything in the ability reads an X ("X target creatures", "power X or less") that
/// it doesn't define itself: the instructions after "you may pay {X}" read the X paid.
pub fn mentions_x(ability: &Ability) -> bool {
    fn walk(v: &serde_json::Value, x: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Object(map) => {
                if map.get("effect").and_then(|e| e.as_str()) == Some("may_pay")
                    && map
                        .get("cost")
                        .and_then(|c| c.as_array())
                        .is_some_and(|c| c.contains(x))
                {
                    return false;
                }
                (map.get("amount").and_then(|a| a.as_str()) == Some("x") && map.len() == 1)
                    || map.contains_key("x_targets")
                    || map.values().any(|v| walk(v, x))
            }
            serde_json::Value::Array(items) => items.iter().any(|v| walk(v, x)),
            _ => false,
        }
    }
    let Ok(x) = serde_json::to_value(crate::mana::ManaSymbol::X) else {
        return false;
    };
    serde_json::to_value(ability).is_ok_and(|v| walk(&v, &x))
}

/// For serde: a zero is left out of files.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod division_tests {
    use super::{default_division, division_error};

    fn nth(i: usize) -> String {
        format!("target {}", i + 1)
    }

    #[test]
    fn the_default_division_is_as_even_as_can_be_first_targets_first() {
        assert_eq!(default_division(4, 3), vec![2, 1, 1]);
        assert_eq!(default_division(3, 3), vec![1, 1, 1]);
        assert_eq!(default_division(5, 2), vec![3, 2]);
        assert_eq!(default_division(5, 0), Vec::<u32>::new());
        for amount in 0..12 {
            for n in 1..=amount as usize {
                let d = default_division(amount, n);
                assert_eq!(d.len(), n);
                assert_eq!(d.iter().sum::<u32>(), amount, "{amount} among {n}");
                assert!(d.iter().all(|p| *p >= 1), "{amount} among {n}: {d:?}");
                assert!(d.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1));
                assert_eq!(division_error(amount, &d, nth), None);
            }
        }
    }

    #[test]
    fn a_division_gives_each_target_at_least_one_and_all_of_it() {
        assert_eq!(division_error(3, &[2, 1], nth), None);
        assert!(
            division_error(3, &[3, 0], nth)
                .is_some_and(|w| w.contains("target 2 gets nothing") && w.contains("at least 1"))
        );
        assert!(division_error(3, &[1, 1], nth).is_some_and(|w| w.contains("add up to 2")));
        assert!(division_error(3, &[2, 2], nth).is_some_and(|w| w.contains("add up to 4")));
        assert!(division_error(u32::MAX, &[u32::MAX, u32::MAX], nth).is_some());
    }
}
