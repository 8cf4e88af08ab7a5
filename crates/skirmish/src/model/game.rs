use super::{
    Altered, AttackTarget, Combat, Object, ObjectId, PermanentStatus, Player, PlayerId, Timestamp,
    TurnState, Zone,
};
use crate::ability::Effect;
use crate::cards::CardDef;
use crate::edition::{Edition, Rules};
use crate::events::{Event, EventKind};
use crate::typeline::CardType;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Optional rules a game is played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GameOptions {
    /// 602: the active player may attack every opponent (and their planeswalkers) at once.
    #[serde(default)]
    pub attack_multiple_players: bool,
}

/// A continuous effect from a resolved spell or ability (418), applying to one permanent until
/// it ends (300.4, 314.2) or the permanent leaves play (217.1c).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContinuousEffect {
    /// What created it: the card's name.
    pub source: String,
    pub affected: ObjectId,
    pub effect: Effect,
    pub timestamp: Timestamp,
    /// For control-changing effects: who controlled the permanent before, to get it back when
    /// the effect ends.
    #[serde(default)]
    pub previous_controller: Option<PlayerId>,
}

/// A continuous effect from a resolved spell or ability that changes the rules for every
/// creature a description fits ("Creatures without flying can't block this turn."). It doesn't
/// modify characteristics, so it isn't locked to the creatures there as it began: it applies
/// at any moment to whatever fits, creatures that come into play later too (418.3b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleEffect {
    /// What created it: the card's name.
    pub source: String,
    /// The object that created it and its controller, what "you" and "~" mean in the
    /// description ("creatures you control").
    pub source_id: ObjectId,
    pub controller: PlayerId,
    /// Which creatures it applies to; "~" is already fixed to the source.
    pub filter: crate::filter::Filter,
    pub rules: Vec<crate::ability::CombatRule>,
    pub duration: crate::ability::Duration,
    pub timestamp: Timestamp,
}

/// Something a spell or ability targets (409.1c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "kebab-case")]
pub enum TargetRef {
    Object(ObjectId),
    Player(PlayerId),
}

/// What is on the stack under an id (217.6): a spell (a card object in the stack zone) or an
/// ability, which is an object with no card (200.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StackKind {
    Spell,
    Ability {
        /// The object the ability came from, and its label (it may leave play meanwhile).
        source: ObjectId,
        source_label: String,
        effects: Vec<Effect>,
        /// Triggered rather than activated.
        triggered: bool,
        /// An object the ability refers to without targeting it ("that creature" of
        /// deathtouch's trigger, 502.63a).
        #[serde(default)]
        refers: Option<ObjectId>,
        /// For an ability that triggered on its source moving from play to another zone
        /// ("when ~ is put into a graveyard from play"), the object the source became there,
        /// which the ability can find (217.1c, exception 2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moved_to: Option<ObjectId>,
        /// The ability in words, for the log.
        text: String,
    },
    /// Every combat damage assignment of a combat damage step, as one object that can't be
    /// countered (310.1, 310.3, 217.6f).
    CombatDamage {
        assignments: Vec<DamageAssignment>,
    },
}

/// One creature's combat damage to one recipient (310.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageAssignment {
    pub source: ObjectId,
    pub to: TargetRef,
    pub amount: u32,
}

/// A cost a spell is played with beyond or instead of its mana cost, announced as it is
/// played (409.1b) and remembered while it is on the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastOption {
    /// 502.16a: an additional cost; the spell returns to its owner's hand as it resolves.
    Buyback,
    /// 502.22a: played from the graveyard for this cost instead of its mana cost; removed
    /// from the game whenever it would leave the stack.
    Flashback,
    /// 502.21a: an additional cost; abilities linked to it apply (502.21b).
    Kicker,
    /// 502.74a: played for this cost instead of its mana cost; the permanent is sacrificed as
    /// it comes into play.
    Evoke,
    /// 502.81a: played from its owner's graveyard, discarding a land card in addition.
    Retrace,
    /// Current 702.133a: played from its owner's graveyard, discarding a card in addition;
    /// removed from the game whenever it would leave the stack.
    JumpStart,
    /// Current 702.109a: played for this cost instead of its mana cost; the permanent has haste
    /// and returns to its owner's hand at the beginning of the next end step.
    Dash,
    /// 502.24a: played as its madness trigger resolves, for its madness cost.
    Madness,
    /// 502.59a: played as the last time counter is removed, without paying its mana cost; a
    /// creature spell gains haste.
    Suspend,
    /// Current 702.88a: played from exile at the beginning of its owner's upkeep, without
    /// paying its mana cost.
    Rebound,
    /// Current 310.11b: a defeated Siege, cast transformed (its back face) without paying its
    /// mana cost.
    Transformed,
    /// 502.26a-b: played face down as a 2/2 creature spell for {3} rather than its mana cost.
    Morph,
    /// Current 702.103a-b: cast bestowed for its bestow cost rather than its mana cost, as an
    /// Aura spell with enchant creature.
    Bestow,
    /// Current 702.117a: played for its surge cost rather than its mana cost, allowed once its
    /// caster has played another spell this turn.
    Surge,
    /// Current 702.94a: played as its miracle trigger resolves, for its miracle cost.
    Miracle,
    /// 502.21a: the second of two kicker costs ("Kicker [cost 1] and/or [cost 2]"), paid in
    /// addition; abilities linked to it apply (502.21c).
    SecondKicker,
    /// Current 702.33c: a multikicker cost, paid in addition once for each time it is listed.
    Multikicker,
    /// Current 702.119a: played for its emerge cost and by sacrificing a creature, rather
    /// than its mana cost; the total cost is reduced by that creature's mana value.
    Emerge,
    /// 502.76a: played for its prowl cost rather than its mana cost, allowed once a source of
    /// its caster's sharing a creature type with it dealt combat damage to a player this turn.
    Prowl,
    /// Current 702.113a: played for its awaken cost rather than its mana cost; it also puts
    /// +1/+1 counters on a target land its caster controls, which becomes a creature.
    Awaken,
}

impl CastOption {
    pub const ALL: [CastOption; 15] = [
        CastOption::Bestow,
        CastOption::Buyback,
        CastOption::Flashback,
        CastOption::Kicker,
        CastOption::Evoke,
        CastOption::Dash,
        CastOption::Retrace,
        CastOption::JumpStart,
        CastOption::Morph,
        CastOption::Surge,
        CastOption::SecondKicker,
        CastOption::Multikicker,
        CastOption::Emerge,
        CastOption::Prowl,
        CastOption::Awaken,
    ];

    /// The word scenario files use for it.
    pub fn key(self) -> &'static str {
        match self {
            CastOption::Buyback => "buyback",
            CastOption::Flashback => "flashback",
            CastOption::Kicker => "kicker",
            CastOption::Evoke => "evoke",
            CastOption::Dash => "dash",
            CastOption::Retrace => "retrace",
            CastOption::JumpStart => "jump-start",
            CastOption::Madness => "madness",
            CastOption::Suspend => "suspend",
            CastOption::Rebound => "rebound",
            CastOption::Transformed => "transformed",
            CastOption::Morph => "morph",
            CastOption::Bestow => "bestow",
            CastOption::Surge => "surge",
            CastOption::Miracle => "miracle",
            CastOption::SecondKicker => "second-kicker",
            CastOption::Multikicker => "multikicker",
            CastOption::Emerge => "emerge",
            CastOption::Prowl => "prowl",
            CastOption::Awaken => "awaken",
        }
    }

    /// The ways of playing a spell that only an ability's effect offers, never announced by a
    /// player with priority.
    pub const EFFECTS: [CastOption; 5] = [
        CastOption::Madness,
        CastOption::Suspend,
        CastOption::Rebound,
        CastOption::Miracle,
        CastOption::Transformed,
    ];

    pub fn from_key(s: &str) -> Option<CastOption> {
        CastOption::ALL.into_iter().find(|o| o.key() == s)
    }
}

/// One object on the stack with the choices made as it was played (409.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackItem {
    pub id: ObjectId,
    pub controller: PlayerId,
    pub kind: StackKind,
    pub targets: Vec<TargetRef>,
    /// The optional and alternative costs paid for a spell (409.1b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paid: Vec<CastOption>,
    /// For a spell: the zone its card was played from (rebound asks whether it was the hand,
    /// current 702.88a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Zone>,
    /// The colors of mana spent to play a spell (sunburst counts them, 502.37a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors_spent: Vec<crate::mana::Color>,
    /// For a modal spell: the modes chosen as it was played (409.1b), 0-based, in the printed
    /// order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<usize>,
    /// What a divided instruction gives each of its targets (409.1e), in the order those
    /// targets were chosen, announced as it was played and fixed then (413.2f).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub division: Vec<u32>,
    /// The X announced for a spell with {X} in its mana cost (409.1b), its instructions'
    /// X (fixed as it resolves, [`crate::ability::fix_x`]); 0 without one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub x: u32,
    /// The permanents sacrificed to pay its cost (409.1f), as they were before they left
    /// play: "the sacrificed creature's power" reads them (413.2f).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sacrificed: Vec<ObjectId>,
    /// The permanents tapped to pay its cost ("Tap an untapped creature you control:"), read
    /// by "the power of the creature tapped this way" (413.2f).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tapped_for_cost: Vec<ObjectId>,
    /// The cards discarded to pay its cost ("Discard a creature card:"), read by "the
    /// discarded card's converted mana cost" (413.2f).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discarded_for_cost: Vec<ObjectId>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A replacement effect that waits for an event (419): a prevention shield (419.7) or a
/// regeneration shield (419.6b). All end in the cleanup step (314.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shield {
    pub protects: TargetRef,
    pub kind: ShieldKind,
    /// The card that created it.
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ShieldKind {
    /// "Prevent the next N damage ...": `remaining` damage still to prevent.
    Prevent { remaining: u32 },
    /// "The next time a source of your choice would deal damage to you this turn, prevent that
    /// damage." (419.8a): all of the next damage `source` would deal to it, once.
    PreventNextFrom { source: ObjectId },
    /// "Regenerate": replaces the next destruction this turn.
    Regenerate,
    /// "Target creature can't be regenerated this turn." (419.6b): until the cleanup step, no
    /// regeneration shield replaces its destruction.
    NoRegeneration,
    /// "If that creature would die this turn, exile it instead." (419.6): until the cleanup
    /// step, if it would be put into a graveyard from play, it is removed from the game
    /// instead.
    ExileIfDies,
}

/// A prevention effect a resolved spell or ability created (419.7), until its duration ends:
/// "Prevent all combat damage that would be dealt this turn." Its descriptions are read with
/// the object that created it and that object's controller as it resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreventionEffect {
    /// The card that created it.
    pub source: String,
    pub source_id: ObjectId,
    pub controller: PlayerId,
    pub prevention: crate::prevention::Prevention,
    pub duration: crate::ability::Duration,
}

/// A redirection effect a resolved spell or ability created (419.6c), until its duration
/// ends: "All damage that would be dealt to you this turn by target attacking creature is
/// dealt to ~ instead." Its one named thing and "~" are fixed in `redirection`; its
/// descriptions are read with the object that created it and that object's controller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedirectionEffect {
    /// The card that created it.
    pub source: String,
    pub source_id: ObjectId,
    pub controller: PlayerId,
    pub redirection: crate::redirection::Redirection,
    pub duration: crate::ability::Duration,
    /// "The next 3 damage ...": how much it still redirects; `None`: all it reaches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<u32>,
}

/// The whole game state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The rules in force: an edition's, or (in tests) a set of changes between them. The
    /// engine asks it every question whose answer changed since 2009.
    pub rules: Rules,
    #[serde(default)]
    pub options: GameOptions,
    /// In turn order.
    pub players: Vec<Player>,
    /// Every object now in a zone, by id.
    objects: BTreeMap<ObjectId, Object>,
    /// 217.1c, glossary "Last Known Information": each object as it last existed in the zone it
    /// left, by its old id.
    last_known: BTreeMap<ObjectId, Object>,
    /// 217.5, in the order permanents came into play.
    in_play: Vec<ObjectId>,
    /// 217.6; the last is on top.
    stack: Vec<ObjectId>,
    /// What each stack id is, with its targets.
    #[serde(default)]
    stack_items: BTreeMap<ObjectId, StackItem>,
    /// Prevention and regeneration shields (419).
    #[serde(default)]
    pub shields: Vec<Shield>,
    /// Prevention effects of resolved spells and abilities (419.7), in the order they began.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preventions: Vec<PreventionEffect>,
    /// Redirection effects of resolved spells and abilities (419.6c), in the order they began.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redirections: Vec<RedirectionEffect>,
    pub turn: TurnState,
    /// Extra turns added (300.6), the next one to be taken last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_turns: Vec<PlayerId>,
    /// Phases added directly after the current phase (300.7), each as its steps, in the order
    /// they were created: the most recently created is taken first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_phases: Vec<Vec<super::Step>>,
    /// Present from the start of the combat phase until it ends (306, 311.2).
    pub combat: Option<Combat>,
    /// Continuous effects from resolved spells and abilities, in timestamp order.
    #[serde(default)]
    pub effects: Vec<ContinuousEffect>,
    /// Rule-changing effects over a description of creatures (418.3b).
    #[serde(default)]
    pub rule_effects: Vec<RuleEffect>,
    /// Time counters on cards in the removed-from-the-game zone, by card (suspend, 502.59a-b);
    /// a card that changes zones leaves its counters behind (217.1c).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub time_counters: BTreeMap<ObjectId, u32>,
    /// Delayed triggered abilities waiting for their moment (404.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed: Vec<DelayedTrigger>,
    /// The activated abilities played this turn, as (object, index among its activated
    /// abilities), once per playing: what "only once each turn" counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activations: Vec<(ObjectId, usize)>,
    /// Everything that happened since the game state was set up.
    pub events: Vec<Event>,
    /// Permanents that changed from untapped to tapped since the engine last looked, in
    /// order ("Whenever ~ becomes tapped").
    #[serde(skip)]
    pub became_tapped: Vec<ObjectId>,
    /// Permanents that changed from tapped to untapped since the engine last looked, in order
    /// ("Whenever ~ becomes untapped", inspired).
    #[serde(skip)]
    pub became_untapped: Vec<ObjectId>,
    /// Objects that became the target of a spell or ability since the engine last looked
    /// ("Whenever ~ becomes the target of a spell or ability"): the object, the spell's or
    /// ability's controller, and whether it is a spell.
    #[serde(skip)]
    pub became_target: Vec<(ObjectId, PlayerId, bool)>,
    /// Counters put on permanents since the engine last looked, in order, as (permanent, kind,
    /// how many): "Whenever a +1/+1 counter is put on ~" (current 122.6: also counters a
    /// permanent comes into play with).
    #[serde(skip)]
    pub counters_put: Vec<(ObjectId, crate::model::Counter, u32)>,
    /// The creatures declared as attackers this turn (308.2; put into play attacking isn't
    /// "attacked").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacked_this_turn: Vec<ObjectId>,
    /// The blocks declared this turn, as (blocker, attacker) pairs (309.2; a band's members each
    /// count, 502.10e): what "creatures that blocked ~ this turn" and "creatures it blocked
    /// this turn" ask, after combat too. Ids, so a creature that changed zones since is a new
    /// object that blocked nothing (217.1c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked_this_turn: Vec<(ObjectId, ObjectId)>,
    /// For each player, the creatures declared as attackers during his or her most recent
    /// turn that has ended: what "attacked during its controller's last turn" asks. Ids, so a
    /// creature that changed zones since is a new object that never attacked (217.1c).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attacked_last_turn: BTreeMap<PlayerId, Vec<ObjectId>>,
    /// The card the latest "put the top card of your library into your graveyard", "reveal the
    /// top card of your library" or "exile the top card of your library" instruction moved or
    /// revealed, by its id where it is now (`None` if the library was empty): "that card", "it"
    /// in the instruction after it (Saprazzan Breaker, Goblin Guide). Set afresh by each such
    /// instruction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub milled: Option<ObjectId>,
    /// How many cards the latest "discard your hand" instruction discarded: "that many" in
    /// the instruction after it. Set afresh by each such instruction.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub discarded_this_way: u32,
    /// "During that player's next untap step, creatures he or she controls don't untap."
    /// (Imaginary Threats, 302.2): waiting for that player's next untap step, used up by it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untap_skips: Vec<UntapSkip>,
    /// Whether the last coin flip of a resolving ability was lost (511.1): "If you lose the
    /// flip" after it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lost_flip: bool,
    /// Cards removed from the game by an ability of a permanent, with that permanent: what
    /// "the exiled card" of its other ability names (407.2a), and what returns when it leaves
    /// play if it was exiled "until ~ leaves the battlefield" (current 610.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exiled_with: Vec<ExiledWith>,
    /// Permanents controlled by a static ability of what is attached to them ("You control
    /// enchanted creature.", 418.5a layer 2), each with who controlled it before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub static_control: Vec<StaticControl>,
    next_object: u32,
    next_timestamp: u64,
}

/// An effect that keeps the permanents of `player` the description fits from untapping during
/// his or her next untap step (302.2); `source` is the object that made it, with its
/// controller, for the description and the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UntapSkip {
    pub player: PlayerId,
    pub filter: crate::filter::Filter,
    pub source: ObjectId,
    pub controller: PlayerId,
    pub source_label: String,
}

/// A card removed from the game by an ability of the permanent `source` (its id in play):
/// "the exiled card" of that permanent's other abilities (407.2a); with `until_leaves`, it
/// returns to play under its owner's control once `source` has left play (current 610.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExiledWith {
    pub card: ObjectId,
    pub source: ObjectId,
    pub until_leaves: bool,
}

/// A permanent `affected` controlled through the static ability of `holder`, the Aura or
/// Equipment attached to it ("You control enchanted creature.", 418.5a layer 2);
/// `previous` controlled it before and gets it back when the ability stops applying.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaticControl {
    pub holder: ObjectId,
    /// The holder's label, for the log once it has left play.
    pub source: String,
    pub affected: ObjectId,
    pub previous: PlayerId,
}

/// A delayed triggered ability created by a resolved spell or ability (404.4): it triggers
/// the next time `when` happens, once (404.4b), from the same source (404.4e).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayedTrigger {
    pub when: crate::ability::Trigger,
    pub controller: PlayerId,
    pub source: ObjectId,
    pub effects: Vec<Effect>,
}

/// A change the rules don't allow, refused with the state unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("there is no object {0}")]
    NoSuchObject(ObjectId),
    #[error("there is no player {0:?}")]
    NoSuchPlayer(PlayerId),
    #[error("[{rule}] {message}")]
    Rule { rule: &'static str, message: String },
}

/// Where in a zone an object goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Top,
    Bottom,
}

impl Game {
    /// An empty game: players, no objects, the first step of turn 1.
    pub fn new(edition: Edition, players: Vec<Player>, turn: TurnState) -> Game {
        Game {
            rules: edition.rules(),
            players,
            objects: BTreeMap::new(),
            last_known: BTreeMap::new(),
            in_play: Vec::new(),
            stack: Vec::new(),
            stack_items: BTreeMap::new(),
            shields: Vec::new(),
            preventions: Vec::new(),
            redirections: Vec::new(),
            turn,
            extra_turns: Vec::new(),
            added_phases: Vec::new(),
            combat: None,
            options: GameOptions::default(),
            effects: Vec::new(),
            rule_effects: Vec::new(),
            activations: Vec::new(),
            time_counters: BTreeMap::new(),
            delayed: Vec::new(),
            events: Vec::new(),
            became_tapped: Vec::new(),
            became_untapped: Vec::new(),
            counters_put: Vec::new(),
            became_target: Vec::new(),
            attacked_this_turn: Vec::new(),
            blocked_this_turn: Vec::new(),
            attacked_last_turn: BTreeMap::new(),
            milled: None,
            discarded_this_way: 0,
            untap_skips: Vec::new(),
            lost_flip: false,
            exiled_with: Vec::new(),
            static_control: Vec::new(),
            next_object: 1,
            next_timestamp: 1,
        }
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get(id.0 as usize)
    }

    pub fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        self.players.get_mut(id.0 as usize)
    }

    pub fn player_named(&self, name: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.name == name)
    }

    pub fn object(&self, id: ObjectId) -> Option<&Object> {
        self.objects.get(&id)
    }

    /// The object if it is a permanent in play (217.5).
    pub fn permanent(&self, id: ObjectId) -> Option<&Object> {
        self.objects.get(&id).filter(|o| o.zone == Zone::InPlay)
    }

    /// The object, or its last known information if it has left its zone (413.2f, 310.4b).
    pub fn object_or_last_known(&self, id: ObjectId) -> Option<&Object> {
        self.objects.get(&id).or_else(|| self.last_known.get(&id))
    }

    pub fn last_known(&self, id: ObjectId) -> Option<&Object> {
        self.last_known.get(&id)
    }

    /// The record of this turn: the events since the first step of the turn began (a scenario
    /// that starts mid-turn begins its record there).
    pub fn events_this_turn(&self) -> &[Event] {
        let turn = self.turn.number;
        let start = self
            .events
            .iter()
            .rposition(|e| {
                matches!(e.kind, crate::events::EventKind::StepBegins { turn: t, .. } if t != turn)
            })
            .map_or(0, |i| i + 1);
        &self.events[start..]
    }

    /// The permanents put into a graveyard from play this turn, as they last existed there
    /// (410.10d): what "died this turn" counts.
    pub fn put_into_graveyards_this_turn(&self) -> impl Iterator<Item = &Object> {
        self.events_this_turn()
            .iter()
            .filter_map(|e| match &e.kind {
                crate::events::EventKind::ZoneChange {
                    old,
                    from: Zone::InPlay,
                    to: Zone::Graveyard,
                    ..
                } => self.last_known(*old),
                _ => None,
            })
    }

    /// Whether an event of this turn that `happened` accepts came after the object became
    /// `o` (217.1c: what happened to the object it was before a zone change doesn't count).
    pub fn this_turn_since_it_became(
        &self,
        o: &Object,
        happened: impl Fn(&crate::events::EventKind) -> bool,
    ) -> bool {
        let events = self.events_this_turn();
        let since = events
            .iter()
            .rposition(|e| {
                matches!(e.kind, crate::events::EventKind::ZoneChange { new, .. } if new == o.id)
            })
            .map_or(0, |i| i + 1);
        events[since..].iter().any(|e| happened(&e.kind))
    }

    pub fn objects(&self) -> impl Iterator<Item = &Object> {
        self.objects.values()
    }

    pub fn object_labelled(&self, label: &str) -> Option<&Object> {
        self.objects.values().find(|o| o.label == label)
    }

    /// Permanents, in the order they came into play.
    pub fn in_play(&self) -> impl Iterator<Item = &Object> {
        self.in_play.iter().filter_map(|id| self.objects.get(id))
    }

    pub fn in_play_ids(&self) -> &[ObjectId] {
        &self.in_play
    }

    pub fn stack_ids(&self) -> &[ObjectId] {
        &self.stack
    }

    pub fn stack_item(&self, id: ObjectId) -> Option<&StackItem> {
        self.stack_items.get(&id)
    }

    /// The top of the stack (217.6b).
    pub fn top_of_stack(&self) -> Option<&StackItem> {
        self.stack.last().and_then(|id| self.stack_items.get(id))
    }

    /// Shuffles a player's library: a pseudo-random order drawn from the state of the game
    /// (its events so far and the turn), so that a run can be replayed exactly.
    pub fn shuffle_library(&mut self, player: PlayerId) {
        let mut seed = (self.events.len() as u64)
            ^ (u64::from(self.turn.number) << 32)
            ^ (u64::from(player.0) << 48)
            ^ 0x9E37_79B9_7F4A_7C15;
        // splitmix64
        let mut next = move || {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let Some(p) = self.players.iter_mut().find(|p| p.id == player) else {
            return;
        };
        // Fisher-Yates.
        for i in (1..p.library.len()).rev() {
            let j = (next() % (i as u64 + 1)) as usize;
            p.library.swap(i, j);
        }
        self.after_change();
    }

    /// 409.1a: a card becomes a spell: it moves to the stack (a new object, 217.1c) under its
    /// caster's control, with its targets.
    pub fn push_spell(
        &mut self,
        card: ObjectId,
        controller: PlayerId,
        targets: Vec<TargetRef>,
        paid: Vec<CastOption>,
    ) -> Result<ObjectId, GameError> {
        let from = self.objects.get(&card).map(|o| o.zone);
        let id = self.move_unchecked(card, Zone::Stack, Position::Top)?;
        self.record_targeted(&targets, controller, true);
        if let Some(o) = self.objects.get_mut(&id) {
            o.controller = controller;
        }
        self.stack_items.insert(
            id,
            StackItem {
                id,
                controller,
                kind: StackKind::Spell,
                targets,
                paid,
                from,
                colors_spent: Vec::new(),
                modes: Vec::new(),
                division: Vec::new(),
                x: 0,
                sacrificed: Vec::new(),
                tapped_for_cost: Vec::new(),
                discarded_for_cost: Vec::new(),
            },
        );
        self.after_change();
        Ok(id)
    }

    /// Queues "becomes the target" for each object a spell or ability targets, once each.
    fn record_targeted(&mut self, targets: &[TargetRef], controller: PlayerId, spell: bool) {
        let mut seen = Vec::new();
        for t in targets {
            if let TargetRef::Object(id) = t
                && !seen.contains(id)
            {
                seen.push(*id);
                self.became_target.push((*id, controller, spell));
            }
        }
    }

    /// Records the colors of mana spent to play a spell on the stack (502.37a).
    pub fn set_colors_spent(&mut self, id: ObjectId, colors: Vec<crate::mana::Color>) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.colors_spent = colors;
        }
    }

    /// Records the X announced for a spell on the stack (409.1b).
    pub fn set_x(&mut self, id: ObjectId, x: u32) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.x = x;
        }
    }

    /// Records the modes chosen for a modal spell on the stack (409.1b).
    pub fn set_modes(&mut self, id: ObjectId, modes: Vec<usize>) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.modes = modes;
        }
    }

    /// Records the division announced for a spell or ability on the stack (409.1e).
    pub fn set_division(&mut self, id: ObjectId, division: Vec<u32>) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.division = division;
        }
    }

    /// Records the permanents sacrificed to pay the cost of the spell or ability `id`.
    pub fn set_sacrificed(&mut self, id: ObjectId, sacrificed: Vec<ObjectId>) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.sacrificed = sacrificed;
        }
    }

    /// Records the permanents tapped and the cards discarded to pay the cost of the ability
    /// `id`.
    pub fn set_tapped_and_discarded(
        &mut self,
        id: ObjectId,
        tapped: Vec<ObjectId>,
        discarded: Vec<ObjectId>,
    ) {
        if let Some(item) = self.stack_items.get_mut(&id) {
            item.tapped_for_cost = tapped;
            item.discarded_for_cost = discarded;
        }
    }

    /// 409.1a, 410.4: an activated or triggered ability goes on the stack.
    pub fn push_ability(
        &mut self,
        controller: PlayerId,
        kind: StackKind,
        targets: Vec<TargetRef>,
    ) -> ObjectId {
        let id = self.fresh_id();
        self.record_targeted(&targets, controller, false);
        self.stack.push(id);
        self.stack_items.insert(
            id,
            StackItem {
                id,
                controller,
                kind,
                targets,
                paid: Vec::new(),
                from: None,
                colors_spent: Vec::new(),
                modes: Vec::new(),
                division: Vec::new(),
                x: 0,
                sacrificed: Vec::new(),
                tapped_for_cost: Vec::new(),
                discarded_for_cost: Vec::new(),
            },
        );
        self.after_change();
        id
    }

    /// Takes an ability off the stack (it resolved or was countered, 413.2i, 414.1).
    pub fn remove_ability(&mut self, id: ObjectId) -> Option<StackItem> {
        let item = self.stack_items.get(&id)?;
        if item.kind == StackKind::Spell {
            return None;
        }
        self.stack.retain(|x| *x != id);
        let item = self.stack_items.remove(&id);
        self.after_change();
        item
    }

    /// Whether an object has a keyword, printed or granted by an effect (402.9).
    /// 402.9: effects that add and remove the same ability apply in timestamp order, so the
    /// most recent prevails; removing removes every instance.
    pub fn has_keyword(&self, id: ObjectId, k: &crate::ability::Keyword) -> bool {
        let Some(o) = self.object_or_last_known(id) else {
            return false;
        };
        // The same order as `keywords`, for one keyword without building the list: the most
        // recent change to it decides; with none, the printed abilities do. Hot: evasion asks
        // this for every attacker-blocker pair.
        let mut last: Option<(Timestamp, u8, bool)> = None;
        let mut consider = |t: Timestamp, order: u8, add: bool| {
            if last.is_none_or(|(lt, lo, _)| (t, order) >= (lt, lo)) {
                last = Some((t, order, add));
            }
        };
        if let Some(a) = o.altered.as_ref() {
            for (t, g) in &a.granted {
                if g == k {
                    consider(*t, 0, true);
                }
            }
        }
        if *k == crate::ability::Keyword::Haste && o.status.as_ref().is_some_and(|s| s.hasty()) {
            consider(o.timestamp, 0, true);
        }
        if let Some(a) = o.altered.as_ref() {
            if a.barred.contains(k) {
                return false;
            }
            for (t, l) in &a.lost {
                if l == k {
                    consider(*t, 0, false);
                }
            }
        }
        for e in self.effects_on(id) {
            match &e.effect {
                Effect::GainKeyword { keyword, .. } if keyword == k => {
                    consider(e.timestamp, 1, true)
                }
                Effect::Animate { keywords, .. } if keywords.contains(k) => {
                    consider(e.timestamp, 1, true)
                }
                Effect::LoseKeyword { keyword, .. } if keyword == k => {
                    consider(e.timestamp, 1, false)
                }
                Effect::LoseAllAbilities { .. } => consider(e.timestamp, 1, false),
                _ => {}
            }
        }
        match last {
            Some((_, _, add)) => add,
            None => o.has_keyword(k),
        }
    }

    /// An object's keywords now: printed ones, then what static abilities grant and what
    /// effects add and remove, in timestamp order (402.9, 418.5f).
    pub fn keywords(&self, id: ObjectId) -> Vec<crate::ability::Keyword> {
        self.keywords_skipping(id, None)
    }

    /// [`Self::keywords`], leaving out what the static abilities of the object with timestamp
    /// `skip` grant (418.5f: a static ability's timestamp is its object's).
    fn keywords_skipping(
        &self,
        id: ObjectId,
        skip: Option<Timestamp>,
    ) -> Vec<crate::ability::Keyword> {
        use crate::ability::{Ability, Keyword};
        let Some(o) = self.object_or_last_known(id) else {
            return Vec::new();
        };
        let mut out: Vec<Keyword> = o
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Keyword { keyword } => Some(keyword.clone()),
                _ => None,
            })
            .collect();
        let granted = o.altered.as_ref().map_or(&[][..], |a| &a.granted[..]);
        // Changes in timestamp order; at equal timestamps a static ability (whose timestamp
        // is its object's) came first.
        let mut changes: Vec<(Timestamp, u8, Vec<Keyword>, bool)> = granted
            .iter()
            .filter(|(t, _)| Some(*t) != skip)
            .map(|(t, k)| (*t, 0, vec![k.clone()], true))
            .collect();
        if o.status.as_ref().is_some_and(|s| s.hasty()) {
            changes.push((o.timestamp, 0, vec![Keyword::Haste], true));
        }
        // "Creatures your opponents control lose flying": a static ability's removal, in
        // timestamp order with the rest.
        let lost = o.altered.as_ref().map_or(&[][..], |a| &a.lost[..]);
        changes.extend(
            lost.iter()
                .filter(|(t, _)| Some(*t) != skip)
                .map(|(t, k)| (*t, 0, vec![k.clone()], false)),
        );
        for e in self.effects_on(id) {
            match &e.effect {
                Effect::GainKeyword { keyword, .. } => {
                    changes.push((e.timestamp, 1, vec![keyword.clone()], true))
                }
                Effect::Animate { keywords, .. } => {
                    changes.push((e.timestamp, 1, keywords.clone(), true))
                }
                Effect::LoseKeyword { keyword, .. } => {
                    changes.push((e.timestamp, 1, vec![keyword.clone()], false))
                }
                // Every keyword it has then: an empty removal is "all" (below).
                Effect::LoseAllAbilities { .. } => {
                    changes.push((e.timestamp, 1, Vec::new(), false))
                }
                _ => {}
            }
        }
        changes.sort_by_key(|(t, order, _, _)| (*t, *order));
        for (_, _, keywords, add) in changes {
            if add {
                out.extend(keywords);
            } else if keywords.is_empty() {
                out.clear();
            } else {
                out.retain(|k| !keywords.contains(k));
            }
        }
        // "... and can't have or gain flying": whatever gave it, and whenever.
        if let Some(a) = &o.altered {
            out.retain(|k| !a.barred.contains(k));
        }
        out
    }

    /// 502.45a, 502.45c: whether the Aura `aura` can enchant `target`: a permanent in play
    /// that every one of its enchant abilities describes (relative to the Aura: "you control"
    /// is the Aura's controller), and that has no protection from it (502.7c).
    pub fn can_enchant(&self, aura: &Object, target: &Object) -> bool {
        use crate::ability::Keyword;
        let ctx = crate::filter::Context::of(aura, None);
        let enchants: Vec<crate::filter::Filter> = self
            .keywords(aura.id)
            .into_iter()
            .filter_map(|k| match k {
                Keyword::Enchant(what) => Some(*what),
                _ => None,
            })
            .collect();
        !enchants.is_empty()
            && target.zone == super::Zone::InPlay
            && target.id != aura.id
            && enchants.iter().all(|f| f.matches(self, target, &ctx))
            && !self.protected_from_except(target.id, aura)
    }

    /// 502.7c for an Aura: protection from it, leaving out the protection the Aura itself
    /// gives if its text says "This effect doesn't remove ~" (103.1).
    fn protected_from_except(&self, id: ObjectId, aura: &Object) -> bool {
        use crate::ability::{Ability, Keyword};
        if !aura
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::ProtectionKeepsThis))
        {
            return self.protected_from(id, aura);
        }
        let Some(holder) = self.object_or_last_known(id) else {
            return false;
        };
        let ctx = crate::filter::Context::of(holder, None);
        self.keywords_skipping(id, Some(aura.timestamp))
            .iter()
            .any(|k| match k {
                Keyword::Protection(quality) => quality.matches(self, aura, &ctx),
                _ => false,
            })
    }

    /// 502.7: whether the object `id` has protection from `source`, that is, from a quality
    /// `source` has now (502.7a: a type quality counts sources outside play too, so the
    /// description is checked wherever the source is). Several instances are redundant
    /// (502.7h): one is enough.
    pub fn protected_from(&self, id: ObjectId, source: &Object) -> bool {
        use crate::ability::Keyword;
        let Some(holder) = self.object_or_last_known(id) else {
            return false;
        };
        let ctx = crate::filter::Context::of(holder, None);
        self.keywords(id).iter().any(|k| match k {
            Keyword::Protection(quality) => quality.matches(self, source, &ctx),
            _ => false,
        })
    }

    /// Ends the effects that last "until end of combat" (300.4).
    pub fn end_combat_effects(&mut self) -> usize {
        let before = self.effects.len() + self.rule_effects.len();
        self.effects
            .retain(|e| e.effect.duration() != Some(crate::ability::Duration::UntilEndOfCombat));
        self.rule_effects
            .retain(|e| e.duration != crate::ability::Duration::UntilEndOfCombat);
        self.after_change();
        before - self.effects.len() - self.rule_effects.len()
    }

    /// Whether the creature `id` was declared as an attacker during the most recent turn of
    /// `player` that has ended.
    pub fn attacked_during_last_turn_of(&self, player: PlayerId, id: ObjectId) -> bool {
        self.attacked_last_turn
            .get(&player)
            .is_some_and(|ids| ids.contains(&id))
    }

    /// Starts the effects that wait for `player`'s next turn, as that turn begins (418.3a),
    /// returning how many began.
    pub fn begin_next_turn_effects(&mut self, player: PlayerId) -> usize {
        use crate::ability::Duration::DuringTurnOf;
        let waiting = DuringTurnOf {
            player,
            begun: false,
        };
        let begun = DuringTurnOf {
            player,
            begun: true,
        };
        let mut n = 0;
        for e in &mut self.effects {
            if e.effect.duration() == Some(waiting) {
                e.effect.set_duration(begun);
                n += 1;
            }
        }
        for e in &mut self.rule_effects {
            if e.duration == waiting {
                e.duration = begun;
                n += 1;
            }
        }
        self.after_change();
        n
    }

    /// Ends the effects that last until `player`'s next turn, as that turn begins (418.3a),
    /// returning how many ended.
    pub fn end_next_turn_effects(&mut self, player: PlayerId) -> usize {
        let ends = Some(crate::ability::Duration::UntilTurnOf { player });
        let before = self.effects.len() + self.rule_effects.len();
        self.effects.retain(|e| e.effect.duration() != ends);
        self.rule_effects.retain(|e| Some(e.duration) != ends);
        let prevent = self.preventions.len() + self.redirections.len();
        self.preventions.retain(|e| Some(e.duration) != ends);
        self.redirections.retain(|e| Some(e.duration) != ends);
        self.after_change();
        before - self.effects.len() - self.rule_effects.len() + prevent
            - self.preventions.len()
            - self.redirections.len()
    }

    /// Whether what a "for as long as" duration waits on is still true (418.3d); any other
    /// duration is.
    pub fn holds(&self, duration: crate::ability::Duration) -> bool {
        use crate::ability::{Duration, Hold};
        let Duration::While {
            hold,
            source,
            controller,
        } = duration
        else {
            return true;
        };
        let Some(o) = self.objects.get(&source).filter(|o| o.zone == Zone::InPlay) else {
            return false;
        };
        let tapped = o.status.as_ref().is_some_and(|s| s.tapped);
        match hold {
            Hold::InPlay => true,
            Hold::YouControl => o.controller == controller,
            Hold::Tapped => tapped,
            Hold::YouControlAndTapped => o.controller == controller && tapped,
        }
    }

    /// 418.3d: an effect that lasts "for as long as" something is true ends the moment it no
    /// longer is; control it gave returns to the player who had it before (418.3a).
    fn end_lapsed_effects(&mut self) {
        let lapsed = |g: &Game, d: Option<crate::ability::Duration>| {
            d.is_some_and(|d| matches!(d, crate::ability::Duration::While { .. }) && !g.holds(d))
        };
        // Runs after every change: nothing to rebuild unless some effect has lapsed.
        if !self
            .effects
            .iter()
            .any(|e| lapsed(self, e.effect.duration()))
            && !self
                .rule_effects
                .iter()
                .any(|e| lapsed(self, Some(e.duration)))
        {
            return;
        }
        let (ended, kept): (Vec<ContinuousEffect>, Vec<ContinuousEffect>) =
            std::mem::take(&mut self.effects)
                .into_iter()
                .partition(|e| lapsed(self, e.effect.duration()));
        self.effects = kept;
        let (ended_rules, kept_rules): (Vec<RuleEffect>, Vec<RuleEffect>) =
            std::mem::take(&mut self.rule_effects)
                .into_iter()
                .partition(|e| lapsed(self, Some(e.duration)));
        self.rule_effects = kept_rules;
        for e in &ended_rules {
            let text = format!(
                "{}'s effect on {} ends: {}",
                e.source,
                e.filter.plural(),
                e.duration.about(&e.source)
            );
            self.record(Event::new("418.3d", EventKind::Note { text }));
        }
        for e in ended {
            let label = self
                .objects
                .get(&e.affected)
                .map_or_else(String::new, |o| o.label.clone());
            let why = e
                .effect
                .duration()
                .map(|d| d.about(&e.source))
                .unwrap_or_default();
            let text = format!("{}'s effect on {label} ends: it lasted {why}", e.source);
            self.record(Event::new("418.3d", EventKind::Note { text }));
            if let Some(p) = e.previous_controller
                && self
                    .objects
                    .get(&e.affected)
                    .is_some_and(|o| o.zone == Zone::InPlay && o.controller != p)
            {
                let _ = self.set_controller(e.affected, p);
                let controller = self.player(p).map_or_else(String::new, |p| p.name.clone());
                self.record(Event::new(
                    "418.3a",
                    EventKind::ControlChanges { label, controller },
                ));
            }
        }
    }

    /// Ends the effects that last "until a player plays a creature spell" (Soul Sculptor),
    /// returning them.
    pub fn end_creature_spell_effects(&mut self) -> Vec<ContinuousEffect> {
        let (ended, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.effects)
            .into_iter()
            .partition(|e| {
                e.effect.duration() == Some(crate::ability::Duration::UntilCreatureSpell)
            });
        self.effects = kept;
        self.after_change();
        ended
    }

    /// Changes a permanent's controller (418.5a, layer 2). It leaves combat (306.4) and, not
    /// having been under its new controller's control since that player's turn began, it has
    /// summoning sickness (212.3f).
    pub fn set_controller(&mut self, id: ObjectId, controller: PlayerId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if obj.controller == controller {
            return Ok(());
        }
        obj.controller = controller;
        if let Some(s) = obj.status.as_mut() {
            s.summoning_sick = true;
            s.arrived_since_upkeep = true;
            // 502.59a: suspend's haste lasts until its player loses control of it.
            s.suspended_haste = false;
        }
        if let Some(c) = self.combat.as_mut() {
            c.remove(id);
        }
        self.after_change();
        Ok(())
    }

    /// Layer 2 from static abilities (418.5a): the controller of an Aura or Equipment that
    /// says "You control enchanted creature." controls what it is attached to, the latest
    /// such ability prevailing (418.7), unless a control effect from a resolved spell or
    /// ability began later. When no ability applies any more (the Aura left play or was
    /// moved), control goes back to the player who had it before. Each change is logged.
    fn apply_static_control(&mut self) {
        // What each controlled permanent should be: (holder, its controller, its timestamp).
        let mut wanted: BTreeMap<ObjectId, (ObjectId, PlayerId, Timestamp)> = BTreeMap::new();
        let mut suspended: Vec<ObjectId> = Vec::new();
        for holder in self.in_play() {
            let Some(target) = holder.attached_to().filter(|_| holder.controls_attached()) else {
                continue;
            };
            if self
                .objects
                .get(&target)
                .is_none_or(|o| o.zone != Zone::InPlay)
            {
                continue;
            }
            let later = self.effects.iter().any(|e| {
                e.affected == target
                    && matches!(e.effect, Effect::GainControl { .. })
                    && e.timestamp > holder.timestamp
            });
            if later {
                // Still applies, under the later effect (418.7): kept, so that the player
                // who had the permanent before it gets it back when the Aura goes.
                suspended.push(target);
                continue;
            }
            if wanted
                .get(&target)
                .is_none_or(|(_, _, t)| holder.timestamp > *t)
            {
                wanted.insert(target, (holder.id, holder.controller, holder.timestamp));
            }
        }
        if wanted.is_empty() && self.static_control.is_empty() {
            return;
        }
        let mut changes: Vec<(ObjectId, PlayerId, String)> = Vec::new();
        let label = |g: &Game, id: ObjectId| {
            g.objects
                .get(&id)
                .map_or_else(String::new, |o| o.label.clone())
        };
        let mut kept = Vec::new();
        for mut c in std::mem::take(&mut self.static_control) {
            match wanted.get(&c.affected) {
                Some((holder, _, _)) => {
                    c.holder = *holder;
                    c.source = label(self, *holder);
                    kept.push(c);
                }
                None if suspended.contains(&c.affected) => kept.push(c),
                None => {
                    let back = self
                        .objects
                        .get(&c.affected)
                        .is_some_and(|o| o.zone == Zone::InPlay && o.controller != c.previous);
                    if back {
                        let why = format!("again: the effect of {} no longer applies", c.source);
                        changes.push((c.affected, c.previous, why));
                    }
                }
            }
        }
        for (affected, (holder, controller, _)) in &wanted {
            if !kept.iter().any(|c| c.affected == *affected) {
                let previous = self.objects.get(affected).map(|o| o.controller);
                if let Some(previous) = previous {
                    kept.push(StaticControl {
                        holder: *holder,
                        source: label(self, *holder),
                        affected: *affected,
                        previous,
                    });
                }
            }
            if self
                .objects
                .get(affected)
                .is_some_and(|o| o.controller != *controller)
            {
                let why = format!("through {}'s static ability", label(self, *holder));
                changes.push((*affected, *controller, why));
            }
        }
        // Recorded before control changes, so that the changes' own recomputation finds
        // nothing more to do.
        self.static_control = kept;
        for (id, controller, why) in changes {
            if self.set_controller(id, controller).is_ok() {
                let who = self
                    .player(controller)
                    .map_or_else(String::new, |p| p.name.clone());
                let what = label(self, id);
                self.record(Event::new(
                    "418.5a",
                    EventKind::Note {
                        text: format!("{who} controls {what} {why}"),
                    },
                ));
            }
        }
    }

    /// Starts a static control effect on a permanent set up as already controlled by it (a
    /// scenario's Aura "You control enchanted creature" on its owner's creature): `previous`
    /// gets it back when the ability stops applying.
    pub fn begin_static_control(
        &mut self,
        holder: ObjectId,
        affected: ObjectId,
        previous: PlayerId,
    ) {
        self.static_control.retain(|c| c.affected != affected);
        let source = self
            .objects
            .get(&holder)
            .map_or_else(String::new, |o| o.label.clone());
        self.static_control.push(StaticControl {
            holder,
            source,
            affected,
            previous,
        });
    }

    /// Changes a player's life total (215.2, 215.3).
    pub fn change_life(&mut self, player: PlayerId, delta: i32) -> Result<(), GameError> {
        let p = self
            .player_mut(player)
            .ok_or(GameError::NoSuchPlayer(player))?;
        // The rules bound no life total; past what an i32 holds it stays at the bound rather
        // than wrapping (lifelink at 2,147,483,647 life, issue 13).
        p.life = p.life.saturating_add(delta);
        self.after_change();
        Ok(())
    }

    /// Changes a player's mana pool, lost flags and the like.
    pub fn update_player(
        &mut self,
        player: PlayerId,
        f: impl FnOnce(&mut Player),
    ) -> Result<(), GameError> {
        f(self
            .player_mut(player)
            .ok_or(GameError::NoSuchPlayer(player))?);
        self.after_change();
        Ok(())
    }

    /// A token in a zone other than the in-play zone ceases to exist (420.5f): it is removed from
    /// every zone without becoming a new object.
    pub fn cease_to_exist(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get(&id)
            .ok_or(GameError::NoSuchObject(id))?
            .clone();
        self.zone_list(obj.zone, obj.owner)?.retain(|x| *x != id);
        self.objects.remove(&id);
        self.last_known.insert(id, obj);
        self.after_change();
        Ok(())
    }

    /// A label no object of the game has had: `base`, else `base #2`, `base #3`, ...
    pub fn fresh_label(&self, base: &str) -> String {
        let taken = |l: &str| {
            self.objects
                .values()
                .chain(self.last_known.values())
                .any(|o| o.label == l)
        };
        if !taken(base) {
            return base.to_string();
        }
        (2..)
            .map(|n| format!("{base} #{n}"))
            .find(|l| !taken(l))
            .expect("some number is free")
    }

    /// Records an event, its rule cited as the rules in force number it (the engine names
    /// 2009 numbers).
    pub fn record(&mut self, mut event: Event) {
        let cited = self.rules.cite(&event.rule);
        if cited != event.rule.as_str() {
            event.rule = cited.into_owned();
        }
        self.events.push(event);
    }

    /// Ends every "until end of turn" and "this turn" effect and shield (314.2). Effects with
    /// another end (Soul Sculptor's) stay.
    pub fn end_turn_effects(&mut self) -> usize {
        let n = self.effects.len()
            + self.shields.len()
            + self.rule_effects.len()
            + self.preventions.len()
            + self.redirections.len();
        // An effect waiting for a player's next turn isn't over before that turn.
        self.effects
            .retain(|e| e.effect.duration().is_some_and(|d| !d.ends_in_cleanup()));
        self.rule_effects.retain(|e| !e.duration.ends_in_cleanup());
        self.shields.clear();
        self.preventions.retain(|e| !e.duration.ends_in_cleanup());
        self.redirections.retain(|e| !e.duration.ends_in_cleanup());
        self.after_change();
        n - self.effects.len()
            - self.rule_effects.len()
            - self.preventions.len()
            - self.redirections.len()
    }

    fn fresh_id(&mut self) -> ObjectId {
        let id = ObjectId(self.next_object);
        self.next_object += 1;
        id
    }

    fn fresh_timestamp(&mut self) -> Timestamp {
        let t = Timestamp(self.next_timestamp);
        self.next_timestamp += 1;
        t
    }

    /// The zone list an object in `zone` owned by `owner` belongs to.
    fn zone_list(&mut self, zone: Zone, owner: PlayerId) -> Result<&mut Vec<ObjectId>, GameError> {
        Ok(match zone {
            Zone::InPlay => &mut self.in_play,
            Zone::Stack => &mut self.stack,
            Zone::Library => {
                &mut self
                    .player_mut(owner)
                    .ok_or(GameError::NoSuchPlayer(owner))?
                    .library
            }
            Zone::Hand => {
                &mut self
                    .player_mut(owner)
                    .ok_or(GameError::NoSuchPlayer(owner))?
                    .hand
            }
            Zone::Graveyard => {
                &mut self
                    .player_mut(owner)
                    .ok_or(GameError::NoSuchPlayer(owner))?
                    .graveyard
            }
            Zone::RemovedFromGame => {
                &mut self
                    .player_mut(owner)
                    .ok_or(GameError::NoSuchPlayer(owner))?
                    .removed_from_game
            }
        })
    }

    /// Creates an object in a zone, as a game setup does. Permanents get a default status
    /// (214.3: untapped) and a timestamp.
    pub fn create_object(
        &mut self,
        card: Arc<CardDef>,
        label: String,
        token: bool,
        owner: PlayerId,
        controller: PlayerId,
        zone: Zone,
    ) -> Result<ObjectId, GameError> {
        if self.player(owner).is_none() {
            return Err(GameError::NoSuchPlayer(owner));
        }
        if self.player(controller).is_none() {
            return Err(GameError::NoSuchPlayer(controller));
        }
        let id = self.fresh_id();
        let timestamp = self.fresh_timestamp();
        let status = (zone == Zone::InPlay).then(PermanentStatus::default);
        // 217.5d: outside play and the stack, nobody controls an object; keep the owner there.
        let controller = if matches!(zone, Zone::InPlay | Zone::Stack) {
            controller
        } else {
            owner
        };
        self.zone_list(zone, owner)?.push(id);
        self.objects.insert(
            id,
            Object {
                id,
                label,
                card,
                token,
                owner,
                controller,
                zone,
                status,
                timestamp,
                altered: None,
                face_down: None,
                bestowed: None,
                transformed: None,
            },
        );
        self.after_change();
        Ok(id)
    }

    /// Attaches an Aura or Equipment to a permanent; it gets a new timestamp (418.5e).
    pub fn attach(&mut self, what: ObjectId, to: ObjectId) -> Result<(), GameError> {
        let timestamp = self.fresh_timestamp();
        let obj = self
            .objects
            .get_mut(&what)
            .ok_or(GameError::NoSuchObject(what))?;
        let status = obj.status.as_mut().ok_or_else(|| GameError::Rule {
            rule: "217.5d",
            message: format!("{} is not in play, so it can't be attached", obj.label),
        })?;
        status.attached_to = Some(to);
        obj.timestamp = timestamp;
        self.after_change();
        Ok(())
    }

    /// Changes a permanent's status (tapped, damage, counters, attachment) in place.
    pub fn update_status(
        &mut self,
        id: ObjectId,
        f: impl FnOnce(&mut PermanentStatus),
    ) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        let status = obj.status.as_mut().ok_or_else(|| GameError::Rule {
            rule: "217.5d",
            message: format!(
                "{} is not in play, so it has no tapped, damage or counter status",
                obj.label
            ),
        })?;
        let was_tapped = status.tapped;
        let counters = status.counters.clone();
        f(status);
        for (kind, &n) in &status.counters {
            let before = counters.get(kind).copied().unwrap_or(0);
            if n > before {
                self.counters_put.push((id, kind.clone(), n - before));
            }
        }
        if !was_tapped && status.tapped {
            self.became_tapped.push(id);
        }
        if was_tapped && !status.tapped {
            self.became_untapped.push(id);
        }
        self.after_change();
        Ok(())
    }

    /// Replaces the combat state, as a setup that starts mid-combat does.
    pub fn set_combat(&mut self, combat: Option<Combat>) {
        self.combat = combat;
        self.after_change();
    }

    /// The counters `obj` comes into play with (410.10e, 419.1b: part of the event that puts
    /// it into play), each with the event that says so: its "comes into play with N counters"
    /// abilities whose condition holds, the amount and the condition read about the permanent
    /// and the player who will control it ("X" is `x`, what its spell announced; "if it was
    /// kicked" reads what its spell paid). With `chosen`, only those counting "the chosen
    /// player", read once that player is chosen (`Engine::choose_player_as_enters`); without,
    /// only the others.
    pub fn entering_counters(
        &self,
        obj: &Object,
        x: u32,
        chosen: bool,
    ) -> Vec<(crate::model::Counter, u32, Event)> {
        let ctx = crate::filter::Context {
            source: obj.id,
            controller: obj.controller,
            defending: None,
            recipient: None,
        };
        let (paid, cast_from) = obj
            .status
            .as_ref()
            .map_or((Vec::new(), None), |s| (s.paid.clone(), s.cast_from));
        let mut out = Vec::new();
        for a in &obj.card.abilities {
            let crate::ability::Ability::EntersWithCounters {
                counter,
                count,
                condition,
            } = a
            else {
                continue;
            };
            if count.reads_chosen_player() != chosen {
                continue;
            }
            // Not in play yet: "if it was kicked" reads what its spell paid.
            let holds = |c: &crate::filter::Condition| match c
                .kicked(obj, &paid)
                .or_else(|| c.cast_from(cast_from))
            {
                Some(holds) => holds,
                None => c.holds(self, &ctx),
            };
            if condition.as_ref().is_some_and(|c| !holds(c)) {
                continue;
            }
            let n = count.with_x(i64::from(x)).value(self, &ctx);
            let n = u32::try_from(n.max(0)).unwrap_or(u32::MAX);
            if n == 0 {
                continue;
            }
            let why = match condition {
                Some(c) => format!(" ({c})"),
                None => String::new(),
            };
            let text = format!(
                "{} comes into play with {n} {counter} counter(s) on it{why}",
                obj.label
            );
            // Linked to its kicker (502.21b) or not, it is part of the event (410.10e).
            let rule = match condition.as_ref().and_then(|c| c.kicked(obj, &paid)) {
                Some(_) => "502.21b",
                None => "410.10e",
            };
            out.push((
                counter.clone(),
                n,
                Event::new(rule, EventKind::Note { text }),
            ));
        }
        // "Each other Rogue creature you control enters the battlefield with an additional
        // +1/+1 counter on it": what permanents already in play add (419.1b), read from them.
        if !chosen {
            for holder in self.in_play().filter(|h| h.id != obj.id) {
                let hctx = crate::filter::Context::of(holder, None);
                for a in holder.abilities() {
                    let crate::ability::Ability::OthersEnterWithCounters {
                        filter,
                        counter,
                        count,
                    } = a
                    else {
                        continue;
                    };
                    if !filter.matches(self, obj, &hctx) {
                        continue;
                    }
                    let n = u32::try_from(count.value(self, &hctx).max(0)).unwrap_or(u32::MAX);
                    if n == 0 {
                        continue;
                    }
                    let more = if n == 1 {
                        format!("an additional {counter} counter")
                    } else {
                        format!("{n} additional {counter} counters")
                    };
                    let text = format!(
                        "{} comes into play with {more} on it ({})",
                        obj.label, holder.label
                    );
                    out.push((
                        counter.clone(),
                        n,
                        Event::new("419.1b", EventKind::Note { text }),
                    ));
                }
            }
        }
        out
    }

    /// 217.1c: moves an object to another zone, where it becomes a new object with a new id.
    /// The old object is kept as last known information. Objects go to their owner's library,
    /// hand or graveyard (217.1a); a permanent leaving play leaves combat (306.4) and anything
    /// attached to it becomes unattached (its fate is a state-based effect, 420.5d).
    pub fn move_object(
        &mut self,
        id: ObjectId,
        to: Zone,
        position: Position,
    ) -> Result<ObjectId, GameError> {
        let new = self.move_unchecked(id, to, position)?;
        self.after_change();
        Ok(new)
    }

    /// The zone change of [`Self::move_object`], leaving the invariant check to the caller,
    /// which may need to finish a compound change first (a spell's stack record, 409.1a).
    fn move_unchecked(
        &mut self,
        id: ObjectId,
        to: Zone,
        position: Position,
    ) -> Result<ObjectId, GameError> {
        let old = self
            .objects
            .get(&id)
            .ok_or(GameError::NoSuchObject(id))?
            .clone();
        let from = old.zone;
        // 502.22a: a spell played with flashback is removed from the game instead of going
        // anywhere else as it leaves the stack (resolving, countered, or otherwise).
        // Current 702.133a: jump-start does the same.
        let exiling = if from == Zone::Stack {
            self.stack_items.get(&id).and_then(|i| {
                i.paid.iter().find_map(|o| match o {
                    CastOption::Flashback => Some(("flashback", "502.22a")),
                    CastOption::JumpStart => Some(("jump-start", "702.133a")),
                    _ => None,
                })
            })
        } else {
            None
        };
        // 502.84a: an unearthed permanent that would leave play is removed from the game
        // instead.
        let unearthed = from == Zone::InPlay
            && old.status.as_ref().is_some_and(|s| s.unearthed)
            && to != Zone::RemovedFromGame;
        if unearthed {
            let text = format!(
                "{} was returned to play by unearth, so it is removed from the game instead of going to its owner's {}",
                old.label,
                to.name()
            );
            self.record(Event::new("502.84a", EventKind::Note { text }));
        }
        // 419.6: "If that creature would die this turn, exile it instead."
        let exiled_instead = !unearthed
            && from == Zone::InPlay
            && to == Zone::Graveyard
            && self
                .shields
                .iter()
                .any(|s| s.protects == TargetRef::Object(id) && s.kind == ShieldKind::ExileIfDies);
        if exiled_instead {
            let text = format!(
                "{} would be put into a graveyard from play, so it is removed from the game instead",
                old.label
            );
            self.record(Event::new("419.6", EventKind::Note { text }));
        }
        let to = if unearthed || exiled_instead {
            Zone::RemovedFromGame
        } else if let Some((how, rule)) = exiling.filter(|_| to != Zone::RemovedFromGame) {
            let text = format!(
                "{} was played with {how}, so it is removed from the game instead of going to {}",
                old.label,
                match to {
                    Zone::InPlay => "play".to_string(),
                    z => format!("its owner's {}", z.name()),
                }
            );
            self.record(Event::new(rule, EventKind::Note { text }));
            Zone::RemovedFromGame
        } else {
            to
        };
        // 409.1b: the X announced for a spell is its permanent's X as it comes into play.
        let x = match from {
            Zone::Stack => self.stack_items.get(&id).map_or(0, |i| i.x),
            _ => 0,
        };
        // 502.21b: a permanent remembers the costs its spell was played with.
        let paid = match from {
            Zone::Stack => self
                .stack_items
                .get(&id)
                .map(|i| i.paid.clone())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let cast_from = match from {
            Zone::Stack => self.stack_items.get(&id).and_then(|i| i.from),
            _ => None,
        };
        let list = self.zone_list(from, old.owner)?;
        list.retain(|x| *x != id);
        self.objects.remove(&id);
        self.stack_items.remove(&id);
        self.time_counters.remove(&id);
        self.shields.retain(|s| s.protects != TargetRef::Object(id));
        if from == Zone::InPlay {
            if let Some(combat) = self.combat.as_mut() {
                combat.remove(id);
            }
            // 217.1c: effects on the old object don't follow it to its new zone.
            self.effects.retain(|e| e.affected != id);
            for other in self.objects.values_mut() {
                if let Some(status) = other.status.as_mut() {
                    if status.attached_to == Some(id) {
                        status.attached_to = None;
                    }
                }
            }
        }
        let new_id = self.fresh_id();
        let timestamp = self.fresh_timestamp();
        let mut new = old.clone();
        new.id = new_id;
        new.zone = to;
        new.timestamp = timestamp;
        // A new object has its printed characteristics (217.1c).
        new.altered = None;
        new.status = (to == Zone::InPlay).then(|| PermanentStatus {
            // 214.3: permanents come into play untapped, unless a static ability says
            // otherwise as part of the same event (410.10e); 212.3f: and not yet controlled
            // since the turn began.
            tapped: old
                .card
                .abilities
                .contains(&crate::ability::Ability::EntersTapped),
            summoning_sick: true,
            arrived_since_upkeep: true,
            ..PermanentStatus::default()
        });
        new.controller = old.owner;
        // 502.26b: a face-down spell comes into play with the characteristics it had; 504.6:
        // anywhere else a face-down object goes, it is revealed and is its card again.
        // Current 702.103b, f: a bestowed Aura spell comes into play a bestowed Aura; anywhere
        // else it goes, it is its card again.
        if let Some(real) = new.bestowed.take() {
            if from == Zone::Stack && to == Zone::InPlay {
                new.bestowed = Some(real);
            } else {
                new.card = real;
            }
        }
        // Current 712.8: a double-faced card cast transformed is put on the stack and enters
        // the battlefield transformed; anywhere else it goes, its front face is up.
        if let Some(front) = new.transformed.take() {
            if to == Zone::Stack || (from == Zone::Stack && to == Zone::InPlay) {
                new.transformed = Some(front);
            } else {
                new.card = front;
            }
        }
        if let Some(real) = new.face_down.take() {
            if from == Zone::Stack && to == Zone::InPlay {
                new.face_down = Some(real);
            } else {
                new.card = real;
                let text = format!(
                    "{} is revealed as it leaves {}: it is {}",
                    old.label,
                    if from == Zone::InPlay {
                        "play"
                    } else {
                        from.name()
                    },
                    new.card.name
                );
                self.record(Event::new("504.6", EventKind::Note { text }));
            }
        }
        if to == Zone::InPlay {
            // 410.10e, 419.1b: "comes into play with N counters" is part of the event.
            if let Some(s) = new.status.as_mut() {
                s.paid = paid.clone();
                s.cast_from = cast_from;
            }
            for (counter, n, event) in self.entering_counters(&new, x, false) {
                if let Some(s) = new.status.as_mut() {
                    s.add_counters(counter.clone(), n);
                    self.counters_put.push((new.id, counter, n));
                }
                self.record(event);
            }
        }
        let dest = self.zone_list(to, old.owner)?;
        match position {
            Position::Top if to == Zone::Library => dest.insert(0, new_id),
            Position::Bottom if to != Zone::Library => dest.insert(0, new_id),
            _ => dest.push(new_id),
        }
        self.record(Event::new(
            "217.1c",
            EventKind::ZoneChange {
                old: id,
                new: new_id,
                label: old.label.clone(),
                from,
                to,
                dies: from == Zone::InPlay
                    && to == Zone::Graveyard
                    && (old.is(CardType::Creature) || old.is(CardType::Planeswalker)),
            },
        ));
        if new.tapped() {
            let text = format!("{} comes into play tapped", new.label);
            self.record(Event::new("410.10e", EventKind::Note { text }));
        }
        // 212.9d: a planeswalker is treated as if its text said "This permanent comes into
        // play with a number of loyalty counters on it equal to its printed loyalty number"
        // (a face-down one has no loyalty, 504.2).
        if let (Some(status), Some(loyalty)) = (new.status.as_mut(), new.card.loyalty)
            && new.face_down.is_none()
            && new.card.is(CardType::Planeswalker)
            && loyalty > 0
        {
            status.counters.insert(super::Counter::Loyalty, loyalty);
            let text = format!(
                "{} comes into play with {loyalty} loyalty counter(s)",
                new.label
            );
            self.record(Event::new("212.9d", EventKind::Note { text }));
        }
        // Current 310.4b: a battle enters with defense counters equal to its printed defense;
        // 310.8a, 310.11a: as it enters, its protector is chosen, an opponent of its
        // controller for a Siege (the next in turn order; with several, the engine asks its
        // controller as it comes into play), else its controller.
        let protector = self.default_protector(&new);
        if let (Some(status), Some(defense)) = (new.status.as_mut(), new.card.defense)
            && new.face_down.is_none()
            && new.card.is(CardType::Battle)
        {
            if defense > 0 {
                status.counters.insert(super::Counter::Defense, defense);
            }
            status.protector = protector;
            let text = format!(
                "{} enters with {defense} defense counter(s), protected by {}",
                new.label,
                status
                    .protector
                    .and_then(|p| self.player(p))
                    .map_or("no one", |p| p.name.as_str())
            );
            self.record(Event::new("current 310.4b", EventKind::Note { text }));
        }
        self.last_known.insert(id, old);
        self.objects.insert(new_id, new);
        Ok(new_id)
    }

    /// The player who defends what a creature attacks (306.2): the player; a planeswalker's
    /// controller; a battle's protector (current 310.8d).
    pub fn attacked_player(&self, t: &AttackTarget) -> Option<PlayerId> {
        match t {
            AttackTarget::Player(p) => Some(*p),
            AttackTarget::Planeswalker(w) => self.object(*w).map(|w| w.controller),
            AttackTarget::Battle(b) => self
                .object(*b)
                .and_then(|b| b.status.as_ref())
                .and_then(|s| s.protector),
            AttackTarget::Nothing => None,
        }
    }

    /// Whether an ability this object is the source of has triggered and not yet left the
    /// stack (current 704.5v).
    pub fn stack_has_ability_of(&self, id: ObjectId) -> bool {
        self.stack_items.values().any(|item| {
            matches!(item.kind, StackKind::Ability { source, triggered: true, .. } if source == id)
        })
    }

    /// The protector a battle gets by default as it enters (current 310.8a, 310.11a): for a
    /// Siege, the first opponent of its controller in turn order still in the game; for any
    /// other battle, its controller.
    pub fn default_protector(&self, battle: &Object) -> Option<PlayerId> {
        if !battle.type_line().has_subtype("Siege") {
            return Some(battle.controller);
        }
        let n = self.players.len() as u32;
        (1..n)
            .map(|k| PlayerId((battle.controller.0 + k) % n))
            .find(|p| self.player(*p).is_some_and(|p| !p.lost))
    }

    /// 502.26b, 502.26e: turns a spell or permanent face down: it keeps its real card aside
    /// and has only the face-down characteristics (504.2). Status, counters, effects and
    /// combat stay with the object, which is the same object (no zone change).
    pub fn turn_face_down(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if obj.face_down.is_none() {
            let real = std::mem::replace(&mut obj.card, Arc::new(super::face_down_card()));
            obj.face_down = Some(real);
        }
        self.after_change();
        Ok(())
    }

    /// Current 702.103b: a spell cast bestowed becomes an Aura enchantment with enchant
    /// creature as it is put onto the stack.
    pub fn bestow(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if obj.bestowed.is_none() {
            let aura = Arc::new(super::bestowed_card(&obj.card));
            obj.bestowed = Some(std::mem::replace(&mut obj.card, aura));
        }
        self.after_change();
        Ok(())
    }

    /// Current 310.11b, 712.8: a double-faced card about to be cast transformed turns its back
    /// face up; [`Game::untransform`] turns it back if it isn't cast after all.
    pub fn transform(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if obj.transformed.is_none()
            && let Some(back) = obj.card.back.clone()
        {
            obj.transformed = Some(std::mem::replace(&mut obj.card, back));
        }
        self.after_change();
        Ok(())
    }

    /// Its front face up again (current 712.8).
    pub fn untransform(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if let Some(front) = obj.transformed.take() {
            obj.card = front;
        }
        self.after_change();
        Ok(())
    }

    /// Current 702.103e-f: a bestowed Aura spell or permanent ceases to be bestowed: it is its
    /// card again (an enchantment creature), the same object, unattached.
    pub fn unbestow(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        if let Some(real) = obj.bestowed.take() {
            obj.card = real;
        }
        if let Some(s) = obj.status.as_mut() {
            s.attached_to = None;
        }
        self.after_change();
        Ok(())
    }

    /// 502.26d, 504.5: turns a face-down permanent face up: its copiable values revert to its
    /// card's; effects already applied to it still apply, and it is the same permanent, so
    /// nothing about coming into play happens again.
    pub fn turn_face_up(&mut self, id: ObjectId) -> Result<(), GameError> {
        let obj = self
            .objects
            .get_mut(&id)
            .ok_or(GameError::NoSuchObject(id))?;
        let Some(real) = obj.face_down.take() else {
            return Err(GameError::Rule {
                rule: "502.26d",
                message: format!("{} is not face down", obj.label),
            });
        };
        obj.card = real;
        self.after_change();
        Ok(())
    }

    /// Adds a continuous effect on a permanent (418), stamped now (418.7).
    pub fn add_effect(
        &mut self,
        source: impl Into<String>,
        affected: ObjectId,
        effect: Effect,
    ) -> Result<(), GameError> {
        let obj = self
            .objects
            .get(&affected)
            .ok_or(GameError::NoSuchObject(affected))?;
        if obj.zone != Zone::InPlay {
            return Err(GameError::Rule {
                rule: "217.5b",
                message: format!("{} is not in play", obj.label),
            });
        }
        let previous_controller =
            matches!(effect, Effect::GainControl { .. }).then_some(obj.controller);
        let timestamp = self.fresh_timestamp();
        self.effects.push(ContinuousEffect {
            source: source.into(),
            affected,
            effect,
            timestamp,
            previous_controller,
        });
        self.after_change();
        Ok(())
    }

    /// Recomputes the characteristics continuous effects change (418.5a): card types and
    /// subtypes (layer 4), colors (layer 5), then power and toughness (layer 6b) in timestamp
    /// order; counters (6c) are added as they are read. Every effect Skirmish has comes from a
    /// resolved spell or ability and names its one permanent, so none depends on another
    /// (418.5c) and timestamp order is the whole story. Then 306.4: a permanent that stopped
    /// being a creature leaves combat as a creature, one that stopped being a planeswalker stops
    /// being attacked; one that was both loses only the part it no longer is (306.4d).
    fn apply_layers(&mut self) {
        self.compute_characteristics();
        self.leave_combat_by_type();
        if self.unpair_broken() {
            // What pairing gave (soulbond's "both creatures have ...") goes with it.
            self.compute_characteristics();
            self.leave_combat_by_type();
        }
    }

    /// Current 702.95e: a paired creature becomes unpaired when either creature leaves play,
    /// stops being a creature, or comes under another player's control. Returns whether any
    /// pair broke.
    fn unpair_broken(&mut self) -> bool {
        let broken: Vec<ObjectId> = self
            .in_play
            .iter()
            .filter_map(|id| {
                let o = self.objects.get(id)?;
                let partner = o.paired_with()?;
                let holds = self.objects.get(&partner).is_some_and(|p| {
                    p.zone == Zone::InPlay
                        && p.controller == o.controller
                        && p.is(CardType::Creature)
                        && o.is(CardType::Creature)
                        && p.paired_with() == Some(o.id)
                });
                (!holds).then_some(*id)
            })
            .collect();
        for id in &broken {
            if let Some(s) = self.objects.get_mut(id).and_then(|o| o.status.as_mut()) {
                s.paired_with = None;
            }
        }
        !broken.is_empty()
    }

    /// Current 702.95a-d: pairs two creatures, each with the other.
    pub fn pair(&mut self, a: ObjectId, b: ObjectId) -> Result<(), GameError> {
        for (x, y) in [(a, b), (b, a)] {
            let obj = self.objects.get_mut(&x).ok_or(GameError::NoSuchObject(x))?;
            if let Some(s) = obj.status.as_mut() {
                s.paired_with = Some(y);
            }
        }
        self.after_change();
        Ok(())
    }

    /// Every object's characteristics recomputed from scratch on a copy, for the invariant
    /// checker: the cache must equal them.
    pub(crate) fn fresh_characteristics(&self) -> BTreeMap<ObjectId, Option<Box<Altered>>> {
        // Only what characteristics are computed from: not the whole event log, last known
        // information or the stack, which grow with the game and would make every check
        // slower than the last.
        let mut copy = Game {
            rules: self.rules,
            options: self.options,
            players: self.players.clone(),
            objects: self.objects.clone(),
            last_known: BTreeMap::new(),
            in_play: self.in_play.clone(),
            stack: Vec::new(),
            stack_items: BTreeMap::new(),
            shields: Vec::new(),
            preventions: Vec::new(),
            redirections: Vec::new(),
            turn: self.turn.clone(),
            extra_turns: Vec::new(),
            added_phases: Vec::new(),
            combat: self.combat.clone(),
            effects: self.effects.clone(),
            rule_effects: Vec::new(),
            activations: Vec::new(),
            time_counters: BTreeMap::new(),
            delayed: Vec::new(),
            // Conditions read this turn's events ("as long as you've cast an instant or sorcery
            // spell this turn"): those, and no more, so the copy stays as small as a turn.
            events: self.events_this_turn().to_vec(),
            became_tapped: Vec::new(),
            became_untapped: Vec::new(),
            counters_put: Vec::new(),
            became_target: Vec::new(),
            attacked_this_turn: Vec::new(),
            blocked_this_turn: Vec::new(),
            attacked_last_turn: BTreeMap::new(),
            milled: None,
            discarded_this_way: 0,
            untap_skips: Vec::new(),
            lost_flip: false,
            exiled_with: Vec::new(),
            static_control: self.static_control.clone(),
            next_object: self.next_object,
            next_timestamp: self.next_timestamp,
        };
        copy.compute_characteristics();
        copy.objects
            .into_iter()
            .map(|(id, o)| (id, o.altered))
            .collect()
    }

    fn compute_characteristics(&mut self) {
        let mut by_object: BTreeMap<ObjectId, Vec<Effect>> = BTreeMap::new();
        for e in &self.effects {
            if e.effect.changes_characteristics() {
                by_object
                    .entry(e.affected)
                    .or_default()
                    .push(e.effect.clone());
            }
        }
        let mut lost: BTreeMap<ObjectId, Timestamp> = BTreeMap::new();
        let mut colored: BTreeMap<ObjectId, Timestamp> = BTreeMap::new();
        for e in &self.effects {
            let latest = match &e.effect {
                Effect::LoseAllAbilities { .. } => &mut lost,
                Effect::Animate { colors, .. } if !colors.is_empty() => &mut colored,
                _ => continue,
            };
            let t = latest.entry(e.affected).or_insert(e.timestamp);
            *t = (*t).max(e.timestamp);
        }
        for (id, obj) in self.objects.iter_mut() {
            obj.altered = by_object.get(id).map(|effects| {
                let mut a = crate::layers::characteristics(obj, effects);
                a.abilities_lost = lost.get(id).copied();
                a.colors_set = colored.get(id).copied();
                Box::new(a)
            });
        }
        // Static abilities apply to the objects as resolved effects left them, layer by layer
        // (4, 5, 6d), each reading the objects as the layers before left them (418.5a).
        let mut statics = Vec::new();
        for layer in crate::layers::StaticLayer::ALL {
            let given = crate::layers::static_effects(self, layer);
            for (id, s) in &given {
                if let Some(obj) = self.objects.get_mut(id) {
                    let altered = obj.altered.take().map(|a| *a);
                    obj.altered = Some(Box::new(crate::layers::with_statics(obj, altered, s)));
                }
            }
            statics.push(given);
        }
        // Layer 6a: what characteristic-defining abilities say power and toughness are
        // (208.2), read from the game the other layers made ("the number of creatures you
        // control" counts an animated land), then every other layer applied again on top, as
        // 6a comes first. The amounts read no power or toughness (the grammar refuses those),
        // so nothing computed here changes what they read.
        let defined: Vec<(ObjectId, crate::layers::DefinedPt)> = self
            .objects
            .values()
            .filter_map(|o| crate::layers::defined_pt(self, o).map(|d| (o.id, d)))
            .collect();
        for (id, d) in defined {
            let Some(obj) = self.objects.get_mut(&id) else {
                continue;
            };
            let effects = by_object.get(&id).map_or(&[][..], Vec::as_slice);
            let mut a = crate::layers::characteristics_defined(obj, effects, Some(d));
            a.abilities_lost = lost.get(&id).copied();
            a.colors_set = colored.get(&id).copied();
            for given in &statics {
                if let Some(s) = given.get(&id) {
                    a = crate::layers::with_statics(obj, Some(a), s);
                }
            }
            obj.altered = Some(Box::new(a));
        }
    }

    /// 306.4, 306.4d: combatants that are no longer the kind of permanent their part of
    /// combat needs.
    fn leave_combat_by_type(&mut self) {
        let Some(combat) = self.combat.as_ref() else {
            return;
        };
        let is = |id: ObjectId, t: CardType| {
            self.objects
                .get(&id)
                .is_some_and(|o| o.zone == Zone::InPlay && o.is(t))
        };
        let creatures: Vec<ObjectId> = combat
            .attackers
            .keys()
            .chain(combat.blockers.keys())
            .copied()
            .filter(|id| !is(*id, CardType::Creature))
            .collect();
        // A planeswalker, or (current 506.4) a battle, being attacked that stops being one.
        let attacked: std::collections::BTreeSet<(ObjectId, CardType)> = combat
            .attackers
            .values()
            .filter_map(|t| match t {
                AttackTarget::Planeswalker(w) => Some((*w, CardType::Planeswalker)),
                AttackTarget::Battle(b) => Some((*b, CardType::Battle)),
                _ => None,
            })
            .filter(|(id, t)| !is(*id, *t))
            .collect();
        for id in creatures {
            self.remove_part(id, CardType::Creature);
        }
        for (id, t) in attacked {
            self.remove_part(id, t);
        }
    }

    /// Removes the part of combat that needs `lost`, the card type the permanent stopped
    /// having, and logs it: 306.4d when it keeps the part of the other type it still is.
    fn remove_part(&mut self, id: ObjectId, lost: CardType) {
        let obj = self.objects.get(&id);
        let label = obj.map_or_else(|| id.to_string(), |o| o.label.clone());
        let partial = match (obj, self.combat.as_ref()) {
            (Some(o), Some(c)) => match lost {
                CardType::Creature => o.is(CardType::Planeswalker) && c.is_attacked(id),
                _ => o.is(CardType::Creature) && c.has_creature(id),
            },
            _ => false,
        };
        if let Some(c) = self.combat.as_mut() {
            match lost {
                CardType::Creature => c.remove_creature(id),
                _ => c.remove_planeswalker(id),
            }
        }
        let text = match (lost, partial) {
            (CardType::Creature, true) => format!(
                "{label} stops being a creature: it stops attacking or blocking, and it is still attacked as a planeswalker"
            ),
            (CardType::Creature, false) => {
                format!("{label} stops being a creature and is removed from combat")
            }
            (_, true) => format!(
                "{label} stops being a planeswalker: it is no longer attacked, and it stays in combat as a creature"
            ),
            (_, false) => format!(
                "{label} stops being a planeswalker and is removed from combat; creatures attacking it attack nothing (306.4c)"
            ),
        };
        let rule = if partial { "306.4d" } else { "306.4" };
        self.record(Event::new(rule, EventKind::Note { text }));
    }

    /// Begins a rule-changing effect over a description of creatures (418.3b), from `source`
    /// (its name, id and controller), with a new timestamp.
    pub fn add_rule_effect(
        &mut self,
        source: (String, ObjectId, PlayerId),
        filter: crate::filter::Filter,
        rules: Vec<crate::ability::CombatRule>,
        duration: crate::ability::Duration,
    ) {
        let (source, source_id, controller) = source;
        let timestamp = self.fresh_timestamp();
        self.rule_effects.push(RuleEffect {
            source,
            source_id,
            controller,
            filter,
            rules,
            duration,
            timestamp,
        });
    }

    /// The continuous effects applying to an object.
    pub fn effects_on(&self, id: ObjectId) -> impl Iterator<Item = &ContinuousEffect> {
        self.effects.iter().filter(move |e| e.affected == id)
    }

    /// 212.3d: power after continuous effects (418.5a layer 6), of the object or, gone, as it
    /// last existed (217.1c).
    pub fn power(&self, id: ObjectId) -> Option<i32> {
        self.object_or_last_known(id)?.power()
    }

    /// 212.3d: toughness after continuous effects.
    pub fn toughness(&self, id: ObjectId) -> Option<i32> {
        self.object_or_last_known(id)?.toughness()
    }

    /// The players the active player may attack: the chosen defending player (306.2), or every
    /// opponent under the attack-multiple-players option (602.2).
    pub fn defending_players(&self) -> Vec<PlayerId> {
        let opponents = self
            .players
            .iter()
            .map(|p| p.id)
            .filter(|p| *p != self.turn.active);
        if self.options.attack_multiple_players {
            return opponents.collect();
        }
        match self.combat.as_ref().and_then(|c| c.defending_player) {
            Some(d) => vec![d],
            None => {
                let all: Vec<PlayerId> = opponents.collect();
                if all.len() == 1 { all } else { Vec::new() }
            }
        }
    }

    /// The ids of objects that something in the game mentions other than the object itself:
    /// an Aura or Equipment attached to it, a pairing, a continuous effect on it, a rule effect
    /// it made, a target, a block, a requirement, an event of this turn, an ability bound to
    /// it. The legality builder judges creatures in classes of interchangeable ones; one that
    /// something mentions may be told apart by a rule (500.1), so it gets a class of its own.
    /// Left out, and keyed on by the builder instead: which creatures attack (and what), and
    /// which attacked this turn and last turn, so that attackers stay interchangeable. Left
    /// out altogether: `became_tapped` and `became_untapped`, the engine's queues for "whenever ~
    /// becomes tapped" and "... untapped" triggers, which no rule about attacking or blocking
    /// reads.
    ///
    /// Read from the `Debug` text of everything that may hold an id, so a field added later
    /// is covered without anyone remembering this function; it errs towards mentioning.
    pub(crate) fn ids_mentioned(&self) -> std::collections::HashSet<ObjectId> {
        use std::fmt::Write;
        let mut text = String::new();
        let mut out = std::collections::HashSet::new();
        let mut cards: std::collections::HashSet<*const CardDef> = Default::default();
        for o in self.objects.values() {
            if let Some(s) = &o.status {
                out.extend(s.attached_to);
                out.extend(s.paired_with);
                out.extend(s.championed);
            }
            if let Some(a) = &o.altered {
                let _ = write!(text, "{:?}", a.abilities);
            }
            // Card definitions are shared: each is read once.
            for card in [
                Some(&o.card),
                o.face_down.as_ref(),
                o.bestowed.as_ref(),
                o.transformed.as_ref(),
            ]
            .into_iter()
            .flatten()
            {
                if cards.insert(Arc::as_ptr(card)) {
                    let _ = write!(text, "{card:?}");
                }
            }
        }
        let _ = write!(
            text,
            "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
            self.last_known,
            self.stack,
            self.stack_items,
            self.shields,
            self.preventions,
            self.redirections,
            self.effects,
            self.rule_effects,
            self.time_counters,
            self.delayed,
            self.activations,
            self.milled,
            self.untap_skips,
            self.events_this_turn(),
        );
        if let Some(c) = &self.combat {
            let targets: Vec<&AttackTarget> = c.attackers.values().collect();
            let _ = write!(
                text,
                "{targets:?}{:?}{:?}{:?}{:?}",
                c.blockers, c.blocked, c.must_block, c.assigned_first
            );
        }
        const MARK: &str = "ObjectId(";
        let mut rest = text.as_str();
        while let Some(at) = rest.find(MARK) {
            rest = &rest[at + MARK.len()..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if let Ok(n) = rest[..digits].parse::<u32>() {
                out.insert(ObjectId(n));
            }
        }
        out
    }

    /// Where an attacking creature attacks, if it does.
    pub fn attack_target(&self, id: ObjectId) -> Option<AttackTarget> {
        self.combat.as_ref()?.attackers.get(&id).copied()
    }

    /// After every change: static abilities may apply to other objects now (a creature came
    /// into play, an Aura moved, a permanent changed control), so characteristics are
    /// recomputed (418.5a). Then the invariants are re-checked when the `invariants` feature is
    /// on (tests); a violation is a bug in Skirmish, so it panics with the list.
    fn after_change(&mut self) {
        self.end_lapsed_effects();
        self.apply_static_control();
        self.apply_layers();
        #[cfg(feature = "invariants")]
        if crate::invariants::checking()
            && let Err(problems) = crate::invariants::check(self)
        {
            panic!("game-state invariant broken:\n  {}", problems.join("\n  "));
        }
    }
}
