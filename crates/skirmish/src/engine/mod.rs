//! The turn engine: runs a game from a scenario's starting step under the February 2009 rules.
//!
//! Steps and phases (300-305, 312-314), priority and the stack (408, 217.6, 413), playing spells
//! and abilities (409, 411), triggered abilities (410), continuous effects with durations (418,
//! 300.4, 314.2), prevention and regeneration shields (419), state-based effects (420) and mana
//! burn (300.3). Every decision comes from an [`Agent`]; every change is an event with its rule.

pub mod agent;
mod banding;
mod card_abilities;
mod choices;
mod chosen;
mod combat;
mod costs;
mod damage;
mod earlier;
mod enter_combat;
mod exile;
mod exiled_with;
mod flip;
pub mod interactive;
mod land;
mod library_search;
mod mana_plan;
mod monarch;
mod play;
mod prevention;
mod redirection;
mod resolve;
mod sbe;

pub use agent::{Agent, AgentError, Automatic, Choice, PriorityAction, Scripted};
pub use interactive::Interactive;

use crate::ability::{Ability, Effect, Trigger};
use crate::events::{Event, EventKind};
use crate::model::{Game, Object, ObjectId, PlayerId, Step, TargetRef, Zone};
use serde::Serialize;

/// Why a run stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", self.describe())]
pub struct RunError {
    /// The rule an action broke, if one did.
    pub rule: Option<String>,
    pub turn: u32,
    pub step: Step,
    /// The script line of the action that failed, if a script action did.
    pub line: Option<usize>,
    pub message: String,
}

impl RunError {
    fn describe(&self) -> String {
        let rule = self
            .rule
            .as_ref()
            .map(|r| format!("[{r}] "))
            .unwrap_or_default();
        let line = self
            .line
            .map(|l| format!(" (script line {l})"))
            .unwrap_or_default();
        format!(
            "{rule}{} in the {} of turn {}{line}",
            self.message, self.step, self.turn
        )
    }
}

/// A triggered ability waiting to be put on the stack (410.3, 408.1f).
#[derive(Debug, Clone)]
struct Pending {
    controller: PlayerId,
    source: ObjectId,
    source_label: String,
    effects: Vec<Effect>,
    text: String,
    /// The object "that creature" means, for abilities that refer without targeting.
    refers: Option<ObjectId>,
    /// The object the source became, for a trigger on its move from play (217.1c).
    moved_to: Option<ObjectId>,
    /// For a targeted trigger, the legal targets to choose from as it goes on the stack.
    candidates: Vec<TargetRef>,
    /// Whether its intervening "if" (410.8) has been checked since it triggered.
    checked: bool,
}

impl Pending {
    /// A triggered ability of `source` controlled by `controller`, referring to nothing and
    /// with no targets to choose yet.
    fn new(controller: PlayerId, source: &Object, effect: Effect, text: String) -> Pending {
        Pending::with_effects(controller, source, vec![effect], text)
    }

    /// The same, with several instructions followed in order.
    fn with_effects(
        controller: PlayerId,
        source: &Object,
        effects: Vec<Effect>,
        text: String,
    ) -> Pending {
        Pending {
            controller,
            source: source.id,
            source_label: source.label.clone(),
            effects,
            text,
            refers: None,
            moved_to: None,
            candidates: Vec::new(),
            checked: false,
        }
    }

    /// The abilities of `holder` that trigger as another permanent, `other`, comes into play
    /// (`enters`) or is put into a graveyard from play: those whose description fits it, read
    /// from the holder (410.10a, 410.10d).
    fn watching(game: &Game, holder: &Object, other: &Object, enters: bool) -> Vec<Pending> {
        let ctx = crate::filter::Context::of(holder, None);
        holder
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Triggered {
                    trigger: Trigger::PermanentEnters { filter },
                    effects,
                } if enters && filter.matches(game, other, &ctx) => Some((a, effects)),
                Ability::Triggered {
                    trigger: Trigger::PermanentDies { filter },
                    effects,
                } if !enters && filter.matches(game, other, &ctx) => Some((a, effects)),
                _ => None,
            })
            .map(|(a, effects)| {
                // "you gain life equal to that creature's toughness": the permanent that came
                // or went, as it is or as it last existed (413.2f).
                Pending::with_effects(
                    holder.controller,
                    holder,
                    bound(effects, other.id),
                    crate::view::describe(a),
                )
            })
            .collect()
    }

    /// The abilities of `holder` that trigger as another permanent, `other`, leaves play, one
    /// their description fits ("Whenever a creature you control leaves the battlefield"), both
    /// read as they last existed (410.10d); "it" is the permanent that left.
    fn creature_left(game: &Game, holder: &Object, other: &Object) -> Vec<Pending> {
        let ctx = crate::filter::Context::of(holder, None);
        holder
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Triggered {
                    trigger: Trigger::CreatureEvent { filter, event },
                    effects,
                } if **event == Trigger::LeavesPlay && filter.matches(game, other, &ctx) => {
                    Some(Pending::with_effects(
                        holder.controller,
                        holder,
                        bound(effects, other.id),
                        crate::view::describe(a),
                    ))
                }
                _ => None,
            })
            .collect()
    }

    /// The triggered abilities of the Auras and Equipment attached to `creature` that trigger
    /// on `when` happening to it ("Whenever enchanted creature attacks"), each under its own
    /// controller.
    fn attached(game: &Game, creature: ObjectId, when: &Trigger) -> Vec<Pending> {
        Pending::attached_with(game, creature, |t, _| t.fires_on(when), creature)
    }

    /// The same for the events `fires` accepts (given the event and the attached permanent's
    /// context, "you" its controller), with "that creature" bound to `about`: the creature
    /// itself, or for an event with an object of its own (the creature dealt damage), that.
    fn attached_with(
        game: &Game,
        creature: ObjectId,
        fires: impl Fn(&Trigger, &crate::filter::Context) -> bool,
        about: ObjectId,
    ) -> Vec<Pending> {
        let mut found = Vec::new();
        for a in game.in_play().filter(|a| a.attached_to() == Some(creature)) {
            let ctx = crate::filter::Context::of(a, None);
            for ab in a.abilities() {
                // "Whenever enchanted creature attacks", and the same event of "Whenever ~ or
                // enchanted creature attacks" (bestow).
                if let Ability::Triggered { trigger, effects } = ab
                    && trigger
                        .events()
                        .into_iter()
                        .any(|t| matches!(t, Trigger::Attached(inner) if fires(inner, &ctx)))
                {
                    found.push(Pending::with_effects(
                        a.controller,
                        a,
                        bound(effects, about),
                        crate::view::describe(ab),
                    ));
                }
            }
        }
        found
    }

    /// The abilities of every permanent in play that trigger on `when` happening to
    /// `creature`, one of the creatures their description fits ("Whenever a creature attacks
    /// or blocks"), each under its permanent's controller, "it" bound to that creature.
    fn creature_event(game: &Game, creature: ObjectId, when: &Trigger) -> Vec<Pending> {
        Pending::creature_event_of(game, creature, when, |_| true)
    }

    /// The same, of the permanents `player` controls only: "Whenever a Human deals damage to
    /// you".
    fn creature_event_to(
        game: &Game,
        creature: ObjectId,
        when: &Trigger,
        player: crate::model::PlayerId,
    ) -> Vec<Pending> {
        Pending::creature_event_of(game, creature, when, |holder| holder.controller == player)
    }

    fn creature_event_of(
        game: &Game,
        creature: ObjectId,
        when: &Trigger,
        listens: impl Fn(&Object) -> bool,
    ) -> Vec<Pending> {
        Pending::creature_event_with(
            game,
            creature,
            |event, _| event.fires_on(when),
            listens,
            creature,
        )
    }

    /// Every permanent's "Whenever a Sliver deals combat damage to a creature" about
    /// `creature` whose event `fires` accepts (given the event and the ability's own
    /// context, "you" its controller), with "that creature" bound to `about`: the creature
    /// itself, or for an event with an object of its own (the creature dealt damage), that.
    fn creature_event_with(
        game: &Game,
        creature: ObjectId,
        fires: impl Fn(&Trigger, &crate::filter::Context) -> bool,
        listens: impl Fn(&Object) -> bool,
        about: ObjectId,
    ) -> Vec<Pending> {
        let Some(c) = game.object(creature) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for holder in game.in_play().filter(|holder| listens(holder)) {
            let ctx = crate::filter::Context::of(holder, None);
            for ab in holder.abilities() {
                if let Ability::Triggered {
                    trigger: Trigger::CreatureEvent { filter, event },
                    effects,
                } = ab
                    && fires(event, &ctx)
                    && filter.matches(game, c, &ctx)
                {
                    found.push(Pending::with_effects(
                        holder.controller,
                        holder,
                        bound(effects, about),
                        crate::view::describe(ab),
                    ));
                }
            }
        }
        found
    }

    /// The triggered abilities written on `source` that trigger on `when` (404.1), under its
    /// controller.
    fn written(source: &Object, when: Trigger) -> Vec<Pending> {
        Pending::written_with(source, |t| t.fires_on(&when), <[Effect]>::to_vec)
    }

    /// The triggered abilities written on `source` whose trigger `fires` accepts, under its
    /// controller, each with its instructions as `bind` makes them: what the event names
    /// ("that creature", "that player") bound as it triggers.
    fn written_with(
        source: &Object,
        fires: impl Fn(&Trigger) -> bool,
        bind: impl Fn(&[Effect]) -> Vec<Effect>,
    ) -> Vec<Pending> {
        source
            .abilities()
            .iter()
            .filter_map(|a| match a {
                Ability::Triggered { trigger, effects } if fires(trigger) => {
                    Some(Pending::with_effects(
                        source.controller,
                        source,
                        bind(effects),
                        crate::view::describe(a),
                    ))
                }
                _ => None,
            })
            .collect()
    }
}

/// The instructions of a trigger about another creature, with "it" and "its controller" bound
/// to that creature as the ability triggers.
fn bound(effects: &[Effect], creature: ObjectId) -> Vec<Effect> {
    effects
        .iter()
        .cloned()
        .map(|mut e| {
            e.bind_triggering(creature);
            e
        })
        .collect()
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The last turn asked for ended with its cleanup step.
    TurnsDone,
    /// A player lost and the game is over (102.3).
    GameOver,
    /// The step the scenario stops after ended, with every script action taken.
    Stopped,
}

/// Runs a game.
pub struct Engine<'a> {
    pub game: Game,
    agent: &'a mut dyn Agent,
    pending: Vec<Pending>,
    /// Work budget for each legality question (docs/legality.md).
    pub budget: u64,
    /// An agent that failed while a spell or ability resolved (resolution can't stop halfway
    /// with an error); the run reports it as soon as the resolution ends.
    agent_failure: Option<AgentError>,
    /// How many events of the log have been looked at for leaves-play triggers (410.10d).
    events_seen: usize,
    /// The choices of "<player> chooses a creature he or she controls" in the resolving spell
    /// or ability (413.2c): each choosing player and the creature chosen, if any. Cleared as
    /// each spell or ability begins to resolve.
    chosen: Vec<(PlayerId, Option<ObjectId>)>,
    /// The tokens the resolving spell or ability has created so far ("that token"), cleared as
    /// each begins to resolve.
    created: Vec<ObjectId>,
    /// The creatures the resolving spell or ability has dealt damage to so far ("each creature
    /// dealt damage this way"), cleared as each begins to resolve.
    damaged: Vec<ObjectId>,
    /// Every creature that has blocked each attacker this combat, declared or put into play
    /// blocking, even if it has left combat since ("had become blocked by only ~ this combat",
    /// Ydwen Efreet). Emptied as combat ends.
    blocked_by: std::collections::BTreeMap<ObjectId, Vec<ObjectId>>,
    /// While combat damage resolves: the creatures and planeswalkers dealt damage so far, so
    /// that "whenever ~ is dealt damage" triggers once for damage dealt at once (310.4).
    damaged_at_once: Option<Vec<(ObjectId, u32)>>,
    /// While combat damage resolves: what static preventions with more to do stopped so far,
    /// by permanent, prevention and recipient, so that the more is done once for the damage
    /// dealt at once (310.4; Phantom Nantuko loses one counter to two blockers).
    prevented_at_once: Option<Vec<prevention::Stopped>>,
    /// The redirection effects that have met the damage event being dealt and the events
    /// that replaced it (419.6a: each gets one opportunity).
    redirecting: Vec<redirection::RedirectKey>,
}

/// A refused action: the rule it breaks and why; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub rule: &'static str,
    pub why: String,
}

pub(crate) use earlier::resolve_earlier;

pub(crate) fn refuse<T>(rule: &'static str, why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        rule,
        why: why.into(),
    })
}

/// Whether play goes on after a step.
enum Flow {
    Continue,
    /// 308.5: no attackers; skip the declare blockers and combat damage steps.
    SkipToEndOfCombat,
    GameOver,
}

impl<'a> Engine<'a> {
    pub fn new(mut game: Game, agent: &'a mut dyn Agent) -> Self {
        // Zone changes and tapping of the set-up state happened before the game: they trigger
        // nothing.
        let game_events = game.events.len();
        game.became_tapped.clear();
        game.became_untapped.clear();
        game.became_target.clear();
        game.counters_put.clear();
        Engine {
            game,
            agent,
            pending: Vec::new(),
            budget: crate::legality::Budget::DEFAULT,
            agent_failure: None,
            events_seen: game_events,
            chosen: Vec::new(),
            created: Vec::new(),
            damaged: Vec::new(),
            blocked_by: Default::default(),
            damaged_at_once: None,
            redirecting: Vec::new(),
            prevented_at_once: None,
        }
    }

    /// What a description in an effect is evaluated against ("you control", "other", "defending
    /// player controls"): its source, its controller, and the defending player when there is
    /// exactly one.
    fn filter_context(&self, source: ObjectId, controller: PlayerId) -> crate::filter::Context {
        crate::filter::Context {
            source,
            controller,
            defending: match self.game.defending_players().as_slice() {
                [one] => Some(*one),
                _ => None,
            },
            recipient: None,
        }
    }

    fn log(&mut self, rule: &str, kind: EventKind) {
        // "Whenever you gain life" (215.1): every life gain is logged, so it triggers here.
        let gained = match &kind {
            EventKind::Life { player, change, .. } if *change > 0 => {
                self.game.player_named(player).map(|p| p.id)
            }
            _ => None,
        };
        self.game.record(Event::new(rule, kind));
        if let Some(player) = gained {
            let watching: Vec<Pending> = self
                .game
                .in_play()
                .filter(|o| o.controller == player)
                .flat_map(|o| Pending::written(o, Trigger::YouGainLife))
                .collect();
            self.queue(watching);
        }
    }

    /// Abilities that just triggered wait to be put on the stack (410.3), their legal targets
    /// noted now.
    fn queue(&mut self, found: Vec<Pending>) {
        for p in found {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// "Whenever ~ is dealt damage" of a creature or planeswalker just dealt `amount` damage
    /// (416.1): once for all the combat damage dealt at once (310.4), which is added up and
    /// triggers as it ends ([`Engine::dealt_combat_damage`]).
    fn dealt_damage(&mut self, id: ObjectId, amount: u32) {
        if let Some(seen) = &mut self.damaged_at_once {
            match seen.iter_mut().find(|(x, _)| *x == id) {
                Some((_, total)) => *total = total.saturating_add(amount),
                None => seen.push((id, amount)),
            }
            return;
        }
        self.is_dealt_damage(id, amount, false);
    }

    /// The combat damage dealt at once is over: each permanent dealt some triggers its "is
    /// dealt [combat] damage" abilities once, "that much" being the total (310.4).
    fn dealt_combat_damage(&mut self) {
        for (id, total) in self.damaged_at_once.take().unwrap_or_default() {
            self.is_dealt_damage(id, total, true);
        }
    }

    /// "Whenever a player casts a red spell", "Whenever an opponent sacrifices a creature": the
    /// abilities of every permanent in play whose trigger (`event` picks its player reference
    /// and description) names `player`, read from that permanent ("you", "an opponent"), and
    /// fits `object`; "that player" in them is `player`.
    fn player_event_triggers(
        &self,
        player: PlayerId,
        object: &Object,
        event: impl Fn(&Trigger) -> Option<(crate::filter::PlayerRef, &crate::filter::Filter)>,
    ) -> Vec<Pending> {
        let mut found = Vec::new();
        for o in self.game.in_play() {
            let ctx = crate::filter::Context::of(o, None);
            let fires = |t: &Trigger| {
                event(t).is_some_and(|(who, filter)| {
                    ctx.player(&self.game, who).contains(&player)
                        && filter.matches(&self.game, object, &ctx)
                })
            };
            // "that spell's" is the object of the event, when it is a spell.
            found.extend(Pending::written_with(o, fires, |e| {
                crate::ability::bind_spell(
                    &crate::ability::bind_triggering_player(e, player),
                    object.id,
                )
            }));
        }
        found
    }

    /// The abilities in play that trigger as `player` does something ("Whenever you cycle a
    /// card", "Whenever an opponent surveils"): `who` gives the event's player reference, read
    /// from each ability's permanent; "that player" is bound to the player.
    fn player_action_triggers(
        &self,
        player: PlayerId,
        who: impl Fn(&Trigger) -> Option<crate::filter::PlayerRef>,
    ) -> Vec<Pending> {
        let mut found = Vec::new();
        for o in self.game.in_play() {
            let ctx = crate::filter::Context::of(o, None);
            let fires = |t: &Trigger| {
                t.any(|e| who(e).is_some_and(|w| ctx.player(&self.game, w).contains(&player)))
            };
            found.extend(Pending::written_with(o, fires, |e| {
                crate::ability::bind_triggering_player(e, player)
            }));
        }
        found
    }

    fn is_dealt_damage(&mut self, id: ObjectId, amount: u32, combat: bool) {
        let Some(o) = self.game.object(id) else {
            return;
        };
        // Its own abilities, its Auras' and Equipment's ("Whenever enchanted creature is
        // dealt damage") and every permanent's "Whenever a creature you control is dealt
        // combat damage"; "that much" is the damage of this one event.
        let mut found = self.event_triggers(o, Trigger::IsDealtDamage);
        if combat {
            found.extend(self.event_triggers(o, Trigger::IsDealtCombatDamage));
        }
        for p in &mut found {
            p.effects = crate::ability::bind_that_much(&p.effects, amount);
        }
        self.queue(found);
    }

    fn name(&self, p: PlayerId) -> String {
        self.game
            .player(p)
            .map_or_else(|| format!("player {}", p.0), |p| p.name.clone())
    }

    fn label(&self, id: ObjectId) -> String {
        self.game
            .object_or_last_known(id)
            .map_or_else(|| id.to_string(), |o| o.label.clone())
    }

    fn target_name(&self, t: TargetRef) -> String {
        match t {
            TargetRef::Object(id) => self.label(id),
            TargetRef::Player(p) => self.name(p),
        }
    }

    /// What an attacking creature attacks, in words.
    fn attack_target_name(&self, t: crate::model::AttackTarget) -> String {
        use crate::model::AttackTarget as A;
        match t {
            A::Player(p) => self.name(p),
            A::Planeswalker(w) | A::Battle(w) => self.label(w),
            A::Nothing => "nothing".into(),
        }
    }

    /// Tells the agent its answer broke a rule, cited in the numbers and words of the rules
    /// in force; the question will be asked again.
    pub(super) fn reject(
        &mut self,
        player: PlayerId,
        rule: &str,
        why: &str,
    ) -> Result<(), AgentError> {
        let rules = self.game.rules;
        let (rule, why) = (rules.cite(rule).into_owned(), rules.cite_text(why, None));
        self.agent.rejected(&self.game, player, &rule, &why)
    }

    fn error(&self, e: AgentError) -> RunError {
        RunError {
            rule: e.rule,
            turn: self.game.turn.number,
            step: self.game.turn.step,
            line: e.line,
            message: e.message,
        }
    }

    /// Runs from the current step to the end of the turn, then further turns while the agent
    /// has actions left (a script that goes on). The starting step begins afresh: its
    /// turn-based actions happen first.
    pub fn run(mut self) -> Result<(Game, Ending), RunError> {
        loop {
            let start = self.game.turn.step;
            let mut skip_combat = false;
            let mut steps: std::collections::VecDeque<Step> =
                Step::ALL.into_iter().filter(|s| *s >= start).collect();
            while let Some(step) = steps.pop_front() {
                if step == Step::BeginningOfCombat {
                    skip_combat = false;
                    // 300.9, 419.6e: a skipped combat phase proceeds as though it didn't exist;
                    // phases it would have added aren't added.
                    if self.skips_this_combat_phase() {
                        while steps.front().is_some_and(|s| s.is_combat()) {
                            steps.pop_front();
                        }
                        continue;
                    }
                }
                if skip_combat && matches!(step, Step::DeclareBlockers | Step::CombatDamage) {
                    continue;
                }
                self.game.turn.step = step;
                self.agent.step_boundary(&self.game, step, false);
                match self.step(step)? {
                    Flow::Continue => {}
                    Flow::SkipToEndOfCombat => skip_combat = true,
                    Flow::GameOver => {
                        self.agent.finish().map_err(|e| self.error(e))?;
                        return Ok((self.game, Ending::GameOver));
                    }
                }
                self.end_of_phase(step);
                self.agent.step_boundary(&self.game, step, true);
                if self.agent.stop_after(step) {
                    self.agent.finish().map_err(|e| self.error(e))?;
                    return Ok((self.game, Ending::Stopped));
                }
                // 300.7: phases added after this one come directly after it, the most
                // recently created first.
                if step.ends_phase() {
                    for phase in std::mem::take(&mut self.game.added_phases) {
                        for s in phase.into_iter().rev() {
                            steps.push_front(s);
                        }
                    }
                }
            }
            if !self.agent.wants_more() {
                self.agent.finish().map_err(|e| self.error(e))?;
                return Ok((self.game, Ending::TurnsDone));
            }
            self.next_turn();
        }
    }

    /// Whether the combat phase about to begin is skipped (300.9): every one of a turn whose
    /// player was to skip all of them, or the next one of its active player's (419.6f: one
    /// effect used up for each phase skipped).
    fn skips_this_combat_phase(&mut self) -> bool {
        let active = self.game.turn.active;
        let name = self.name(active);
        let reason = if self.game.turn.skips_combat {
            "all combat phases of this turn"
        } else {
            match self.game.players.iter_mut().find(|p| p.id == active) {
                Some(p) if p.skip_combat_phases > 0 => {
                    p.skip_combat_phases -= 1;
                    "his or her next combat phase"
                }
                _ => return false,
            }
        };
        let text = format!("{name} skips this combat phase ({reason})");
        self.log("300.9", EventKind::Note { text });
        true
    }

    /// The next player in turn order becomes active, or the player of the extra turn added
    /// last (300.6).
    fn next_turn(&mut self) {
        // The turn ending becomes its player's "last turn".
        let attacked = std::mem::take(&mut self.game.attacked_this_turn);
        self.game.blocked_this_turn.clear();
        let ending = self.game.turn.active;
        self.game.attacked_last_turn.insert(ending, attacked);
        let n = self.game.players.len() as u32;
        let mut next = self.game.turn.active.0;
        // 300.6: an extra turn comes directly after the current one, the most recently added
        // first; the turn after it follows the turn order from its player.
        let extra = loop {
            match self.game.extra_turns.pop() {
                Some(p) if self.game.player(p).is_some_and(|p| !p.lost) => break Some(p),
                Some(_) => continue,
                None => break None,
            }
        };
        if let Some(p) = extra {
            next = p.0;
        } else {
            for _ in 0..n {
                next = (next + 1) % n;
                if !self.game.players[next as usize].lost {
                    break;
                }
            }
        }
        self.game.turn.extra = extra.is_some();
        self.game.turn.active = PlayerId(next);
        // "skips all combat phases of his or her next turn": this one (300.9).
        self.game.turn.skips_combat = match self.game.players.get_mut(next as usize) {
            Some(p) if p.skip_combat_turns > 0 => {
                p.skip_combat_turns -= 1;
                true
            }
            _ => false,
        };
        self.game.turn.number = self.game.turn.number.saturating_add(1);
        self.game.activations.clear();
        // 418.3a: "until your next turn" ends as that turn begins; control taken until then
        // returns.
        let ends = Some(crate::ability::Duration::UntilTurnOf {
            player: PlayerId(next),
        });
        let reverts: Vec<(ObjectId, PlayerId)> = self
            .game
            .effects
            .iter()
            .filter(|e| e.effect.duration() == ends)
            .filter_map(|e| e.previous_controller.map(|p| (e.affected, p)))
            .collect();
        let ended = self.game.end_next_turn_effects(PlayerId(next));
        let begun = self.game.begin_next_turn_effects(PlayerId(next));
        if begun > 0 {
            let who = self.name(PlayerId(next));
            let text = format!("{begun} effect(s) waiting for {who}'s next turn begin to apply");
            self.log("418.3a", EventKind::Note { text });
        }
        if ended > 0 {
            let who = self.name(PlayerId(next));
            let text =
                format!("{ended} effect(s) lasting until {who}'s next turn end as it begins");
            self.log("418.3a", EventKind::Note { text });
        }
        for (id, p) in reverts.into_iter().rev() {
            if self.game.object(id).is_some() {
                let _ = self.game.set_controller(id, p);
                let (label, controller) = (self.label(id), self.name(p));
                self.log("418.3a", EventKind::ControlChanges { label, controller });
            }
        }
        for p in 0..n {
            let _ = self.game.update_player(PlayerId(p), |p| {
                p.damage_this_turn = 0;
                p.lands_played = 0;
                p.combat_damage_types.clear();
            });
        }
        self.game.turn.step = Step::Untap;
    }

    fn begin(&mut self, step: Step) {
        let turn = self.game.turn.number;
        let active = self.name(self.game.turn.active);
        self.log(step.rule(), EventKind::StepBegins { turn, step, active });
    }

    /// Why a permanent stays tapped in its controller's untap step, if a static ability says
    /// it doesn't untap (302.2): the ability's object and text.
    fn kept_tapped(&self, id: ObjectId) -> Option<String> {
        let o = self.game.object(id)?;
        // "During that player's next untap step, creatures he or she controls don't untap."
        if let Some(skip) = self.game.untap_skips.iter().find(|k| {
            let ctx = self.filter_context(k.source, k.controller);
            k.player == o.controller && k.filter.matches(&self.game, o, &ctx)
        }) {
            return Some(match skip.filter {
                crate::filter::Filter::Object(_) => format!(
                    "{}: it doesn't untap during this untap step",
                    skip.source_label
                ),
                _ => format!(
                    "{}: {} he or she controls don't untap during this untap step",
                    skip.source_label,
                    skip.filter.plural()
                ),
            });
        }
        let (holder, a) = crate::legality::build::static_applying(&self.game, o, |e| {
            *e == crate::ability::StaticEffect::DoesntUntap
        })?;
        Some(format!("{}: {}", holder.label, crate::view::describe(a)))
    }

    /// Every player but `player`: the opponents whose abilities trigger "on each opponent's"
    /// turn or upkeep.
    fn others_than(&self, player: PlayerId) -> Vec<PlayerId> {
        self.game
            .players
            .iter()
            .map(|p| p.id)
            .filter(|p| *p != player)
            .collect()
    }

    /// "You may choose not to untap ~ during your untap step." (302.2): the active player's
    /// answer, asked with the permanent's own label for "keep it tapped"; untapped unless so
    /// answered.
    fn chooses_not_to_untap(&mut self, active: PlayerId, id: ObjectId) -> Option<String> {
        let o = self.game.object(id)?;
        if !o.abilities().contains(&Ability::MayNotUntap) {
            return None;
        }
        let label = o.label.clone();
        let options = [agent::Choice::Nothing, agent::Choice::Object(id)];
        let question = format!("keep {label} tapped (choose not to untap it)?");
        let keep =
            self.ask_choice(active, &label, &question, &options, "302.2") == Some(options[1]);
        keep.then(|| format!("{} chooses not to untap it", self.name(active)))
    }

    fn step(&mut self, step: Step) -> Result<Flow, RunError> {
        self.begin(step);
        let active = self.game.turn.active;
        match step {
            Step::Untap => {
                // 302.2: the active player's permanents untap; 212.3f: they have now been
                // under his or her control since the turn began.
                let ids: Vec<ObjectId> = self
                    .game
                    .in_play()
                    .filter(|o| o.controller == active)
                    .map(|o| o.id)
                    .collect();
                // Current 701.43a-b: what the active player exerted doesn't untap now, and the
                // effect ends with this untap step, whoever controls it.
                let exerted: Vec<ObjectId> = self
                    .game
                    .in_play()
                    .filter(|o| {
                        o.status
                            .as_ref()
                            .is_some_and(|s| s.exerted_by == Some(active))
                    })
                    .map(|o| o.id)
                    .collect();
                for id in &exerted {
                    let _ = self.game.update_status(*id, |s| s.exerted_by = None);
                }
                for id in ids {
                    let was_tapped = self.game.object(id).is_some_and(|o| o.tapped());
                    let kept = if !was_tapped {
                        None
                    } else if exerted.contains(&id) {
                        Some(
                            "exerted during its controller's last turn (current 701.43a)"
                                .to_string(),
                        )
                    } else {
                        self.kept_tapped(id)
                            .or_else(|| self.chooses_not_to_untap(active, id))
                    };
                    let _ = self.game.update_status(id, |s| {
                        s.tapped &= kept.is_some();
                        s.summoning_sick = false;
                    });
                    let label = self.label(id);
                    match kept {
                        Some(why) => self.log(
                            "302.2",
                            EventKind::Note {
                                text: format!("{label} doesn't untap ({why})"),
                            },
                        ),
                        None if was_tapped => self.log("302.2", EventKind::Untapped { label }),
                        None => {}
                    }
                }
                // The next untap step of the player an effect waited for is this one: used up.
                self.game.untap_skips.retain(|k| k.player != active);
                // 302.3: no player receives priority.
                Ok(Flow::Continue)
            }
            Step::Upkeep => {
                self.step_triggers(step, active);
                self.upkeep_counter_triggers(active);
                self.suspend_triggers(active);
                self.priority("303.1")
            }
            Step::Draw => {
                self.draw(active, 1, "304.1");
                self.step_triggers(step, active);
                self.priority("304.1")
            }
            Step::PrecombatMain | Step::PostcombatMain => {
                self.step_triggers(step, active);
                self.priority("305.3")
            }
            Step::BeginningOfCombat => {
                self.choose_defending_player();
                self.step_triggers(step, active);
                self.priority("307.1")
            }
            Step::DeclareAttackers => self.declare_attackers(),
            Step::DeclareBlockers => self.declare_blockers(),
            Step::CombatDamage => self.combat_damage(),
            Step::EndOfCombat => {
                // 311.1: "at end of combat" abilities trigger as the step begins.
                self.step_triggers(step, active);
                let flow = self.priority("311.1")?;
                self.leave_combat();
                Ok(flow)
            }
            Step::EndOfTurn => {
                // 313.1: "at end of turn" abilities trigger as the step begins, and only then
                // (313.2: the step doesn't back up).
                self.step_triggers(step, active);
                self.monarch_end_step(active);
                self.priority("313.1")
            }
            Step::Cleanup => self.cleanup(),
        }
    }

    /// 300.3: as a phase ends, unused mana is lost and burns its owner.
    fn end_of_phase(&mut self, step: Step) {
        if step == Step::EndOfCombat {
            // 300.4: "until end of combat" effects expire as the combat phase ends.
            let n = self.game.end_combat_effects();
            if n > 0 {
                self.log(
                    "300.4",
                    EventKind::Note {
                        text: format!(
                            "{n} \"until end of combat\" effect(s) end with the combat phase"
                        ),
                    },
                );
            }
        }
        let ends_phase = step.ends_phase();
        // 300.3: in 2009 mana empties as a phase ends; now as every step and phase ends
        // (current 500.5).
        if !ends_phase && self.game.rules.mana_burn() {
            return;
        }
        for p in 0..self.game.players.len() {
            let id = PlayerId(p as u32);
            let unused = self.game.players[p].mana();
            if unused == 0 {
                continue;
            }
            let _ = self.game.update_player(id, |pl| {
                pl.mana_pool = [0; 5];
                pl.colorless_mana = 0;
                pl.snow_mana = [0; 6];
            });
            let player = self.name(id);
            if self.game.rules.mana_burn() {
                let _ = self.game.change_life(id, -crate::model::signed(unused));
                self.log(
                    "300.3",
                    EventKind::ManaBurn {
                        player,
                        amount: unused,
                    },
                );
            } else {
                // Current 500.5, 106.4: it empties, and no life is lost.
                self.log(
                    "current 500.5",
                    EventKind::Note {
                        text: format!("{player}'s unused mana empties"),
                    },
                );
            }
        }
    }

    /// Puts abilities that trigger at the beginning of a step into the waiting list (410.2).
    /// `owner_only`: only the permanents this player controls ("your upkeep").
    /// The moments of a step or phase beginning (303.1, 304.1, 305.3, 307.1, 311.1, 313.1):
    /// abilities of every controller for "each", of the active player for "your", of the
    /// others for "each opponent's".
    fn step_triggers(&mut self, step: Step, active: PlayerId) {
        use crate::ability::Whose;
        self.trigger_at(
            Trigger::AtStep {
                step,
                whose: Whose::Yours,
            },
            Some(active),
        );
        self.trigger_at(
            Trigger::AtStep {
                step,
                whose: Whose::Each,
            },
            None,
        );
        for p in self.others_than(active) {
            self.trigger_at(
                Trigger::AtStep {
                    step,
                    whose: Whose::Opponents,
                },
                Some(p),
            );
        }
    }

    fn trigger_at(&mut self, when: Trigger, owner_only: Option<PlayerId>) {
        let mut found: Vec<Pending> = self
            .game
            .in_play()
            .filter(|o| owner_only.is_none_or(|p| p == o.controller))
            .flat_map(|o| Pending::written(o, when.clone()))
            .collect();
        // 404.4b: delayed triggered abilities waiting for this moment trigger, once.
        let (due, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.game.delayed)
            .into_iter()
            .partition(|d| d.when == when && owner_only.is_none_or(|p| p == d.controller));
        self.game.delayed = waiting;
        for d in due {
            let Some(source) = self.game.object_or_last_known(d.source).cloned() else {
                continue;
            };
            let text: Vec<String> = d.effects.iter().map(crate::view::describe_effect).collect();
            found.push(Pending::with_effects(
                d.controller,
                &source,
                d.effects,
                text.join(", then "),
            ));
        }
        for p in found {
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// The upkeep abilities of fading (502.20a), vanishing (502.60a), cumulative upkeep
    /// (502.13a) and echo (502.19a) of the active player's permanents, each instance
    /// separately (502.13b). Vanishing's and echo's have an intervening "if" (410.8): vanishing
    /// triggers only if there is a time counter to remove, echo only if the permanent came
    /// under its controller's control since the beginning of that player's last upkeep. That
    /// upkeep is now over for every permanent of the active player.
    fn upkeep_counter_triggers(&mut self, active: PlayerId) {
        use crate::ability::{Effect, Keyword};
        let mut found = Vec::new();
        let mine: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| o.controller == active)
            .map(|o| o.id)
            .collect();
        for o in self.game.in_play().filter(|o| o.controller == active) {
            let arrived = o.status.as_ref().is_some_and(|s| s.arrived_since_upkeep);
            for k in self.game.keywords(o.id) {
                let (effect, text) = match &k {
                    Keyword::Fading(_) => (
                        Effect::UpkeepCounter { by: k.clone() },
                        "fading (502.20a): remove a fade counter from this permanent; if you can't, sacrifice it".to_string(),
                    ),
                    Keyword::Vanishing(_) if o.counter_count("time") > 0 => (
                        Effect::UpkeepCounter { by: k.clone() },
                        "vanishing (502.60a): if this permanent has a time counter on it, remove a time counter from it".to_string(),
                    ),
                    Keyword::CumulativeUpkeep(_) => (
                        Effect::UpkeepCost { by: k.clone() },
                        format!("{k} (502.13a): put an age counter on this permanent, then you may pay the cost for each age counter on it; if you don't, sacrifice it"),
                    ),
                    Keyword::Echo(_) if arrived => (
                        Effect::UpkeepCost { by: k.clone() },
                        format!("{k} (502.19a): it came under your control since the beginning of your last upkeep, so sacrifice it unless you pay its echo cost"),
                    ),
                    _ => continue,
                };
                found.push(Pending::new(active, o, effect, text));
            }
        }
        for id in mine {
            let _ = self
                .game
                .update_status(id, |s| s.arrived_since_upkeep = false);
        }
        self.pending.extend(found);
    }

    /// 410.10d: "when ~ is put into a graveyard from play" looks back in time: each permanent
    /// that went from play to a graveyard since the last look triggers as it last existed in
    /// play, under the control it had there.
    fn leaves_play_triggers(&mut self) {
        let start = self.events_seen.min(self.game.events.len());
        // 502.72a: champion's "when this permanent leaves play", whatever zone it goes to.
        let left: Vec<(ObjectId, ObjectId)> = self.game.events[start..]
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::ZoneChange {
                    old,
                    new,
                    from: Zone::InPlay,
                    ..
                } => Some((old, new)),
                _ => None,
            })
            .collect();
        // 410.10d: leaves-play abilities look back: the permanents in play, and those that
        // left at the same time, as they last existed.
        let mut left_holders: Vec<Object> = self.game.in_play().cloned().collect();
        left_holders.extend(
            left.iter()
                .filter_map(|(old, _)| self.game.object_or_last_known(*old).cloned()),
        );
        for (old, new) in left {
            let Some(o) = self.game.object_or_last_known(old).cloned() else {
                continue;
            };
            // "When ~ leaves play", whatever zone it went to, as it last existed (410.10d);
            // it can find the object it became there (217.1c, exception 2).
            let mut written = Pending::written(&o, Trigger::LeavesPlay);
            // "Whenever a creature you control leaves the battlefield" of the permanents in
            // play and of those that left with it, each as it last existed (410.10d).
            for h in &left_holders {
                written.extend(Pending::creature_left(&self.game, h, &o));
            }
            for p in &mut written {
                p.moved_to = Some(new);
            }
            self.queue(written);
            let Some(card) = o.status.as_ref().and_then(|s| s.championed) else {
                continue;
            };
            let champions = self
                .game
                .keywords(old)
                .iter()
                .filter(|k| matches!(k, crate::ability::Keyword::Champion(_)))
                .count();
            // The abilities are linked in pairs (502.72b): the one that removed the card
            // returns it; the removal is recorded once.
            if champions > 0 {
                let text =
                    "champion (502.72a): return the removed card to play under its owner's control"
                        .to_string();
                let mut p = Pending::new(
                    o.controller,
                    &o,
                    crate::ability::Effect::ChampionReturn,
                    text,
                );
                p.refers = Some(card);
                self.pending.push(p);
            }
        }
        let died: Vec<(ObjectId, ObjectId)> = self.game.events[start..]
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::ZoneChange {
                    old,
                    new,
                    from: Zone::InPlay,
                    to: Zone::Graveyard,
                    ..
                } => Some((old, new)),
                _ => None,
            })
            .collect();
        self.events_seen = self.game.events.len();
        // 410.10d: leaves-play abilities look back: the permanents in play, and those that
        // left at the same time, as they last existed.
        let mut holders: Vec<Object> = self.game.in_play().cloned().collect();
        holders.extend(
            died.iter()
                .filter_map(|(old, _)| self.game.object_or_last_known(*old).cloned()),
        );
        for (old, _) in &died {
            let Some(o) = self.game.object_or_last_known(*old).cloned() else {
                continue;
            };
            for h in &holders {
                for p in Pending::watching(&self.game, h, &o, false) {
                    let p = self.with_candidates(p);
                    self.pending.push(p);
                }
            }
        }
        for &(old, card) in &died {
            let Some(o) = self.game.object_or_last_known(old).cloned() else {
                continue;
            };
            // "When ~ dies during combat" (306.1) too while the turn is in its combat phase.
            let combat = self.game.turn.step.is_combat();
            let fires = |t: &Trigger| {
                t.fires_on(&Trigger::Dies) || combat && t.fires_on(&Trigger::DiesDuringCombat)
            };
            for mut p in Pending::written_with(&o, fires, <[Effect]>::to_vec) {
                // 217.1c, exception 2: "exile it", "return ~ to its owner's hand" find the
                // card in the graveyard.
                p.moved_to = Some(card);
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
            self.persist_triggers(&o, card);
            self.modular_triggers(&o);
            self.soulshift_triggers(&o);
        }
        self.recover_triggers(&died);
    }

    /// "Whenever ~ becomes tapped" (and "whenever enchanted creature becomes tapped") of each
    /// permanent that changed from untapped to tapped since the last look, in that order, then
    /// "Whenever ~ becomes untapped" of each that changed back (an untap step untaps them all
    /// at once, 302.2); one that has left play since triggers as it last existed.
    fn tapped_triggers(&mut self) {
        let tapped = std::mem::take(&mut self.game.became_tapped);
        let untapped = std::mem::take(&mut self.game.became_untapped);
        for (ids, trigger) in [
            (tapped, Trigger::BecomesTapped),
            (untapped, Trigger::BecomesUntapped),
        ] {
            for id in ids {
                let Some(o) = self.game.object_or_last_known(id).cloned() else {
                    continue;
                };
                for p in self.event_triggers(&o, trigger.clone()) {
                    let p = self.with_candidates(p);
                    self.pending.push(p);
                }
            }
        }
    }

    /// "Whenever one or more +1/+1 counters are put on ~" once for each time counters of a kind
    /// were put on a permanent since the last look, and "Whenever a +1/+1 counter is put on
    /// ~" once for each counter (current 122.6), in that order.
    fn counters_triggers(&mut self) {
        for (id, counter, n) in std::mem::take(&mut self.game.counters_put) {
            let Some(o) = self.game.permanent(id).cloned() else {
                continue;
            };
            let each = (0..n).map(|_| false);
            for one_or_more in std::iter::once(true).chain(each) {
                let event = Trigger::CountersPut {
                    counter: counter.clone(),
                    one_or_more,
                };
                for p in self.event_triggers(&o, event) {
                    let p = self.with_candidates(p);
                    self.pending.push(p);
                }
            }
        }
    }

    /// "Whenever ~ becomes the target of a spell or ability" of each permanent a spell or
    /// ability has targeted since the last look, in that order: `by` relative to the
    /// permanent's controller.
    fn targeted_triggers(&mut self) {
        for (id, by, spell) in std::mem::take(&mut self.game.became_target) {
            let Some(o) = self.game.permanent(id).cloned() else {
                continue;
            };
            let whose = if by == o.controller {
                crate::filter::PlayerRef::You
            } else {
                crate::filter::PlayerRef::Opponent
            };
            let event = Trigger::BecomesTarget {
                spells_only: spell,
                by: Some(whose),
            };
            // "Whenever a Cleric creature you control becomes the target of a spell or
            // ability" of other permanents too; "an opponent controls" is said relative to the
            // targeted permanent's controller.
            for p in self.event_triggers(&o, event) {
                let p = self.with_candidates(p);
                self.pending.push(p);
            }
        }
    }

    /// 502.35a-b: each instance of modular triggers, with the +1/+1 counters the permanent had
    /// as it last existed in play, targeting an artifact creature.
    fn modular_triggers(&mut self, last: &Object) {
        use crate::ability::{Effect, Keyword, Subject};
        use crate::filter::Filter;
        use crate::typeline::CardType;
        let count = last.counter_count("+1/+1");
        let instances = self
            .game
            .keywords(last.id)
            .iter()
            .filter(|k| matches!(k, Keyword::Modular(_)))
            .count();
        for _ in 0..instances {
            let what = Subject::Target(
                Filter::Type(CardType::Artifact).and(Filter::Type(CardType::Creature)),
            );
            let text = format!(
                "modular (502.35a): you may put {count} +1/+1 counter(s) on target artifact creature"
            );
            let p = Pending::new(last.controller, last, Effect::Modular { what, count }, text);
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// 502.39a-b: each instance of soulshift triggers (as the permanent last existed in play,
    /// 410.10d), targeting a Spirit card with converted mana cost N or less in its
    /// controller's graveyard; with none, it is removed as it would go on the stack (410.4).
    fn soulshift_triggers(&mut self, last: &Object) {
        use crate::ability::{Effect, Keyword, Subject};
        for k in self.game.keywords(last.id) {
            let Keyword::Soulshift(n) = k else { continue };
            let what = Subject::TargetCardInYourGraveyard {
                filter: crate::filter::Filter::Subtype("Spirit".into()),
                max_mana_value: Some(n),
                from: crate::ability::Graveyards::Yours,
            };
            let text = format!(
                "soulshift {n} (502.39a): you may return target Spirit card with converted mana cost {n} or less from your graveyard to your hand"
            );
            let p = Pending::new(
                last.controller,
                last,
                Effect::ReturnCardToHand { what, may: true },
                text,
            );
            let p = self.with_candidates(p);
            self.pending.push(p);
        }
    }

    /// 502.79a persist, current 702.93a undying: each instance triggers (410.10d: as the
    /// permanent last existed in play, its keywords and counters included) if it had no
    /// counter of the kind it returns with. That intervening "if" (410.8) is about the past, so
    /// it still holds on resolution; the ability refers to the card in the graveyard.
    fn persist_triggers(&mut self, last: &Object, card: ObjectId) {
        use crate::ability::{Effect, Keyword};
        use crate::model::Counter;
        for (by, counter) in [
            (Keyword::Persist, Counter::MinusOne),
            (Keyword::Undying, Counter::PlusOne),
        ] {
            let had = last
                .status
                .as_ref()
                .is_some_and(|s| s.counters.get(&counter).copied().unwrap_or(0) > 0);
            if had {
                continue;
            }
            let instances = self
                .game
                .keywords(last.id)
                .iter()
                .filter(|k| **k == by)
                .count();
            for _ in 0..instances {
                let text = format!(
                    "{by}: when this is put into a graveyard from play, if it had no {counter} counters on it, return it to play under its owner's control with a {counter} counter on it"
                );
                let mut p = Pending::new(
                    last.controller,
                    last,
                    Effect::ReturnToPlay {
                        counter: counter.clone(),
                        by: by.clone(),
                    },
                    text,
                );
                p.refers = Some(card);
                self.pending.push(p);
            }
        }
    }

    /// Current 702.131a-b: a player without the city's blessing who controls ten or more
    /// permanents gets it if one of them has ascend, or if `spell` (an instant or sorcery with
    /// ascend of his or hers) is resolving.
    pub(super) fn ascend(&mut self, spell: Option<PlayerId>) {
        use crate::ability::Keyword;
        for i in 0..self.game.players.len() {
            let p = &self.game.players[i];
            if p.citys_blessing || p.lost {
                continue;
            }
            let id = p.id;
            let mine: Vec<ObjectId> = self
                .game
                .in_play()
                .filter(|o| o.controller == id)
                .map(|o| o.id)
                .collect();
            let ascends = spell == Some(id)
                || mine
                    .iter()
                    .any(|o| self.game.has_keyword(*o, &Keyword::Ascend));
            if mine.len() >= 10 && ascends {
                let _ = self.game.update_player(id, |p| p.citys_blessing = true);
                let text = format!(
                    "{} controls {} permanents and gets the city's blessing for the rest of the game",
                    self.name(id),
                    mine.len()
                );
                self.log("702.131b", EventKind::Note { text });
            }
        }
    }

    /// 408.1b: before a player receives priority, state-based effects, then triggered
    /// abilities, repeatedly. Returns whether anything happened.
    fn before_priority(&mut self) -> Result<bool, RunError> {
        let mut any = false;
        loop {
            let mut acted = false;
            self.intervening_if();
            while self.state_based() {
                acted = true;
            }
            if self.game_over() {
                return Ok(true);
            }
            // Current 610.3: cards removed until a permanent left play come back now.
            if self.return_until_left() {
                acted = true;
            }
            self.ascend(None);
            self.leaves_play_triggers();
            self.tapped_triggers();
            self.targeted_triggers();
            self.counters_triggers();
            self.intervening_if();
            if self.put_triggers()? {
                acted = true;
            }
            if !acted {
                return Ok(any);
            }
            any = true;
        }
    }

    /// 410.8, 404.3: a triggered ability with an intervening "if" triggers only if its
    /// condition holds as the trigger event happens. Abilities that triggered since the last
    /// look are checked before anything else happens (state-based effects, other triggers).
    /// Simplified: an event in the middle of a resolving spell or ability is checked once the
    /// whole of it has been carried out, not at the event itself.
    fn intervening_if(&mut self) {
        let mut kept = Vec::with_capacity(self.pending.len());
        for mut p in std::mem::take(&mut self.pending) {
            if !p.checked {
                p.checked = true;
                if let [Effect::InterveningIf { condition, .. }] = p.effects.as_slice() {
                    let ctx = self.filter_context(p.source, p.controller);
                    if !condition.holds(&self.game, &ctx) {
                        let text = format!(
                            "{}'s ability \"{}\" doesn't trigger: \"{condition}\" is false",
                            p.source_label, p.text
                        );
                        self.log("410.8", EventKind::Note { text });
                        continue;
                    }
                }
            }
            kept.push(p);
        }
        self.pending = kept;
    }

    /// 410.3, 217.6c: waiting triggered abilities go on the stack, the active player's first
    /// (lowest), then each other player's in turn order; each player orders his or her own.
    fn put_triggers(&mut self) -> Result<bool, RunError> {
        if self.pending.is_empty() {
            return Ok(false);
        }
        let pending = std::mem::take(&mut self.pending);
        let n = self.game.players.len() as u32;
        let active = self.game.turn.active.0;
        for k in 0..n {
            let player = PlayerId((active + k) % n);
            let mut mine: Vec<Pending> = pending
                .iter()
                .filter(|p| p.controller == player)
                .cloned()
                .collect();
            if mine.is_empty() {
                continue;
            }
            if mine.len() > 1 {
                let texts: Vec<String> = mine
                    .iter()
                    .map(|p| format!("{}: {}", p.source_label, p.text))
                    .collect();
                loop {
                    match self
                        .agent
                        .order_triggers(&self.game, player, &texts)
                        .map_err(|e| self.error(e))?
                    {
                        None => break,
                        Some(order) => {
                            let mut sorted = order.clone();
                            sorted.sort_unstable();
                            if sorted == (0..mine.len()).collect::<Vec<_>>() {
                                mine = order.into_iter().map(|i| mine[i].clone()).collect();
                                break;
                            }
                            let why = format!("give each of the {} abilities once", mine.len());
                            self.reject(player, "410.3", &why)
                                .map_err(|e| self.error(e))?;
                        }
                    }
                }
            }
            for p in mine {
                // 410.4a: a modal trigger's modes are announced first, among those with legal
                // targets; with too few of them it is removed.
                let Some(p) = self.announce_trigger_modes(player, p)? else {
                    continue;
                };
                // 410.4: a targeted trigger's controller chooses its target as it goes on the
                // stack; with no legal target it is removed.
                let mut targets = Vec::new();
                let count = crate::ability::targets_of(&p.effects)
                    .first()
                    .map_or(1..=1, crate::ability::TargetKind::count);
                if !crate::ability::targets_of(&p.effects).is_empty() && p.refers.is_none() {
                    if p.candidates.len() < *count.start() as usize
                        || (p.candidates.is_empty() && *count.start() > 0)
                    {
                        let text = format!(
                            "{}'s ability \"{}\" has no legal target and is removed from the stack",
                            p.source_label, p.text
                        );
                        self.log("410.4", EventKind::Note { text });
                        continue;
                    }
                    // "Up to two target creatures": one answer per target, different ones
                    // (409.1c); without an answer, no more than the fewest it needs.
                    while targets.len() < *count.end() as usize {
                        let left: Vec<TargetRef> = p
                            .candidates
                            .iter()
                            .filter(|t| !targets.contains(*t))
                            .copied()
                            .collect();
                        if left.is_empty() {
                            break;
                        }
                        let c = self
                            .agent
                            .choose_target(&self.game, player, p.source, &p.text, &left)
                            .map_err(|e| self.error(e))?;
                        match c {
                            None if targets.len() < *count.start() as usize => {
                                targets.push(left[0])
                            }
                            None => break,
                            Some(t) if left.contains(&t) => targets.push(t),
                            Some(t) => {
                                let why = format!("{} is not a legal target", self.target_name(t));
                                self.reject(player, "410.4", &why)
                                    .map_err(|e| self.error(e))?;
                            }
                        }
                    }
                }
                // 409.1e (410.4 follows 409.1): the division of a divided instruction is
                // announced with its targets; a broken one is asked again.
                let kinds = crate::ability::targets_of(&p.effects);
                let division = loop {
                    match self.announce_division(player, p.source, &p.effects, &kinds, &targets) {
                        Ok(d) => break d,
                        Err(r) => {
                            if let Some(e) = self.agent_failure.take() {
                                return Err(self.error(e));
                            }
                            self.reject(player, r.rule, &r.why)
                                .map_err(|e| self.error(e))?;
                        }
                    }
                };
                let kind = crate::model::StackKind::Ability {
                    source: p.source,
                    source_label: p.source_label.clone(),
                    effects: p.effects.clone(),
                    triggered: true,
                    text: p.text.clone(),
                    refers: p.refers,
                    moved_to: p.moved_to,
                };
                let id = self.game.push_ability(player, kind, targets);
                self.record_division(id, player, &p.source_label, division);
                let name = self.name(player);
                self.log(
                    "410.3",
                    EventKind::Triggered {
                        player: name,
                        source: p.source_label,
                        ability: p.text,
                    },
                );
            }
        }
        Ok(true)
    }

    /// 410.4a: the modes of a modal triggered ability, announced by its controller as it goes
    /// on the stack; a mode that would be illegal for want of a legal target can't be chosen.
    /// `None` when too few modes can be: the ability is removed from the stack. Anything not
    /// modal goes on unchanged.
    fn announce_trigger_modes(
        &mut self,
        player: PlayerId,
        p: Pending,
    ) -> Result<Option<Pending>, RunError> {
        let Some((min, max, all)) = crate::ability::ability_modes(&p.effects) else {
            return Ok(Some(p));
        };
        let count = all.len();
        let legal: Vec<usize> = (0..count)
            .filter(|m| {
                let effects = crate::ability::with_chosen_modes(&p.effects, &[*m]);
                let kinds = crate::ability::targets_of(&effects);
                let Some(first) = kinds.first() else {
                    return true;
                };
                let q = self.with_candidates(Pending {
                    effects: effects.clone(),
                    ..p.clone()
                });
                q.candidates.len() >= *first.count().start() as usize
            })
            .collect();
        if legal.len() < min as usize {
            let text = format!(
                "{}'s ability \"{}\" has too few modes with legal targets to choose and is removed from the stack",
                p.source_label, p.text
            );
            self.log("410.4a", EventKind::Note { text });
            return Ok(None);
        }
        let chosen = loop {
            let answer = self
                .agent
                .choose_ability_modes(&self.game, player, p.source, &p.text, min, max, &legal)
                .map_err(|e| self.error(e))?;
            let Some(answer) = answer else {
                break legal[..min as usize].to_vec();
            };
            let checked = play::check_modes(min, max, count, Some(answer)).and_then(|m| {
                match m.iter().find(|m| !legal.contains(m)) {
                    Some(bad) => Err(Refusal {
                        rule: "410.4a",
                        why: format!(
                            "mode {} has no legal target, so it can't be chosen",
                            bad + 1
                        ),
                    }),
                    None => Ok(m),
                }
            });
            match checked {
                Ok(m) => break m,
                Err(r) => self
                    .reject(player, r.rule, &r.why)
                    .map_err(|e| self.error(e))?,
            }
        };
        let names: Vec<String> = chosen.iter().map(|m| (m + 1).to_string()).collect();
        let text = format!(
            "{} chooses mode{} {} of {}'s ability \"{}\"",
            self.name(player),
            if names.len() == 1 { "" } else { "s" },
            names.join(" and "),
            p.source_label,
            p.text
        );
        self.log("410.4a", EventKind::Note { text });
        let effects = crate::ability::with_chosen_modes(&p.effects, &chosen);
        Ok(Some(self.with_candidates(Pending { effects, ..p })))
    }

    fn game_over(&self) -> bool {
        let alive = self.game.players.iter().filter(|p| !p.lost).count();
        alive <= 1 && self.game.players.iter().any(|p| p.lost)
    }

    /// A round of priority in the current step (408.1c): it ends when all players pass in
    /// succession with the stack empty. `rule` is the step's rule giving players priority.
    fn priority(&mut self, _rule: &str) -> Result<Flow, RunError> {
        let n = self.game.players.len();
        let mut holder = self.game.turn.active;
        let mut passes = 0;
        loop {
            self.before_priority()?;
            if self.game_over() {
                return Ok(Flow::GameOver);
            }
            if self.game.players[holder.0 as usize].lost {
                holder = self.next_player(holder);
                continue;
            }
            let action = self
                .agent
                .priority(&self.game, holder)
                .map_err(|e| self.error(e))?;
            match action {
                PriorityAction::Pass => {
                    passes += 1;
                    let alive = self.game.players.iter().filter(|p| !p.lost).count();
                    if passes >= alive.min(n) {
                        let stack_empty = self.game.stack_ids().is_empty();
                        self.log("408.1c", EventKind::AllPassed { stack_empty });
                        if stack_empty {
                            return Ok(Flow::Continue);
                        }
                        self.resolve_top();
                        if let Some(e) = self.agent_failure.take() {
                            return Err(self.error(e));
                        }
                        passes = 0;
                        holder = self.game.turn.active;
                    } else {
                        holder = self.next_player(holder);
                    }
                }
                other => {
                    let done = self.take_action(holder, other);
                    // A question asked while acting (a discard for retrace, madness) may have
                    // found the agent unable to answer.
                    if let Some(e) = self.agent_failure.take() {
                        return Err(self.error(e));
                    }
                    match done {
                        // 408.1c: after playing a spell or ability the same player gets
                        // priority.
                        Ok(()) => passes = 0,
                        Err(r) => self
                            .reject(holder, r.rule, &r.why)
                            .map_err(|e| self.error(e))?,
                    }
                }
            }
        }
    }

    fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.game.players.len() as u32;
        PlayerId((p.0 + 1) % n)
    }

    fn take_action(&mut self, player: PlayerId, action: PriorityAction) -> Result<(), Refusal> {
        match action {
            PriorityAction::Pass => Ok(()),
            PriorityAction::Cast {
                card,
                targets,
                with,
                convoke,
                delve,
                improvise,
                x,
            } => self.cast(
                player,
                card,
                targets,
                with,
                play::CostHelpers {
                    convoke,
                    delve,
                    improvise,
                    modes: None,
                    x,
                },
            ),
            PriorityAction::Activate {
                source,
                ability,
                targets,
                pay,
                x,
                modes,
            } => self.activate(
                player,
                source,
                ability,
                targets,
                &pay,
                play::Announced { x, modes },
            ),
            PriorityAction::Ninjutsu { card, returning } => self.ninjutsu(player, card, returning),
            PriorityAction::Cycle { card } => self.cycle(player, card),
            PriorityAction::Unearth { card } => self.unearth(player, card),
            PriorityAction::Suspend { card } => self.suspend(player, card),
            PriorityAction::TurnFaceUp { permanent } => self.turn_face_up(player, permanent),
            PriorityAction::PlayLand { card } => self.play_land(player, card),
        }
    }

    /// A player draws cards one at a time (423.1-423.2): in the draw step (304.1, `rule`) or
    /// by an effect (423.1). An attempt to draw from an empty library is remembered for the
    /// next check of state-based effects (423.4, 420.5g) and recorded once: the draws after
    /// it find the library as empty, so a huge count costs nothing more.
    fn draw(&mut self, player: PlayerId, count: u32, rule: &str) {
        for _ in 0..count {
            // 502.47a: dredge replaces the draw.
            if self.dredge_instead(player) {
                continue;
            }
            let top = self
                .game
                .player(player)
                .and_then(|p| p.library.first().copied());
            let who = self.name(player);
            match top {
                Some(card) => {
                    let label = self.label(card);
                    let first = self.draws_this_turn(player) == 0;
                    let drawn = self.game.move_object(
                        card,
                        crate::model::Zone::Hand,
                        crate::model::Position::Top,
                    );
                    self.log(rule, EventKind::Drew { player: who, label });
                    if let (true, Ok(drawn)) = (first, drawn) {
                        self.miracle_reveal(player, drawn);
                    }
                    self.draw_triggers(player);
                }
                None => {
                    let _ = self
                        .game
                        .update_player(player, |p| p.drew_from_empty = true);
                    self.log("420.5g", EventKind::DrewFromEmpty { player: who });
                    // Nothing refills the library between these draws, and dredge needs at
                    // least N cards in it (502.47b), so the rest would find it empty too.
                    break;
                }
            }
        }
    }

    /// "Whenever you draw a card" and its kin (423.1): any permanent's whose reference names
    /// the player who drew, once per card; "that player" is that player.
    fn draw_triggers(&mut self, player: PlayerId) {
        let mut found = Vec::new();
        for o in self.game.in_play() {
            let ctx = crate::filter::Context::of(o, None);
            let fires = |t: &crate::ability::Trigger| {
                t.any(|e| matches!(e, crate::ability::Trigger::PlayerDraws { who } if ctx.player(&self.game, *who).contains(&player)))
            };
            found.extend(Pending::written_with(o, fires, |e| {
                crate::ability::bind_triggering_player(e, player)
            }));
        }
        self.queue(found);
    }

    /// 314: the cleanup step.
    fn cleanup(&mut self) -> Result<Flow, RunError> {
        loop {
            // 404.4: "at the beginning of the next cleanup step" triggers as each cleanup step
            // begins; 314.3 below then gives players priority.
            self.trigger_at(Trigger::AtBeginningOfCleanup, None);
            // 314.1: discard down to the maximum hand size.
            let active = self.game.turn.active;
            let (size, max) = self
                .game
                .player(active)
                .map_or((0, 7), |p| (p.hand.len(), p.max_hand_size as usize));
            if size > max {
                let count = size - max;
                let chosen = loop {
                    let choice = self
                        .agent
                        .discard(&self.game, active, count)
                        .map_err(|e| self.error(e))?;
                    let hand = self
                        .game
                        .player(active)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    if let Some(ids) = discard_answer(&hand, count, choice) {
                        break ids;
                    }
                    let why = format!(
                        "discard exactly {count} different card(s) from the hand, down to {max}"
                    );
                    self.reject(active, "314.1", &why)
                        .map_err(|e| self.error(e))?;
                };
                for id in chosen {
                    let label = self.label(id);
                    let player = self.name(active);
                    self.log("314.1", EventKind::Discarded { player, label });
                    self.discard_card(id);
                }
            }
            // 314.2: at once, damage is removed and "until end of turn" effects end.
            let damaged: Vec<ObjectId> = self
                .game
                .in_play()
                .filter(|o| o.damage() > 0)
                .map(|o| o.id)
                .collect();
            let mut removed = 0;
            for id in damaged {
                removed += self.game.object(id).map_or(0, |o| o.damage());
                let _ = self.game.update_status(id, |s| s.damage = 0);
            }
            let ended = self.end_effects();
            self.log(
                "314.2",
                EventKind::CleanupEnds {
                    damage_removed: removed,
                    effects_ended: ended as u32,
                },
            );
            // 314.3: state-based effects or waiting triggers give players priority, then
            // another cleanup step.
            if self.sbe_pending() || !self.pending.is_empty() {
                let flow = self.priority("314.3")?;
                if let Flow::GameOver = flow {
                    return Ok(flow);
                }
                self.begin(Step::Cleanup);
                continue;
            }
            return Ok(Flow::Continue);
        }
    }

    /// Ends "until end of turn" and "this turn" effects and shields (314.2), returning control
    /// of creatures taken "until end of turn" to the player who controlled them before.
    fn end_effects(&mut self) -> usize {
        let reverts: Vec<(ObjectId, PlayerId)> = self
            .game
            .effects
            .iter()
            .filter(|e| e.effect.duration().is_some_and(|d| d.ends_in_cleanup()))
            .filter_map(|e| e.previous_controller.map(|p| (e.affected, p)))
            .collect();
        let n = self.game.end_turn_effects();
        for (id, p) in reverts.into_iter().rev() {
            if self.game.object(id).is_some() {
                let _ = self.game.set_controller(id, p);
                let (label, controller) = (self.label(id), self.name(p));
                self.log("314.2", EventKind::ControlChanges { label, controller });
            }
        }
        n
    }
}

/// Runs a scenario's game with its script, from its starting step.
pub fn run_scenario(scenario: &crate::scenario::Scenario) -> Result<(Game, Ending), RunError> {
    play_scenario(scenario).map(|p| (p.game, p.ending))
}

/// A scenario's run: the final game, how it ended, the game at each checkpoint (`None` for a
/// moment the run never reached), and the script's refusal expectations that didn't hold.
#[derive(Debug, Clone)]
pub struct Played {
    pub game: Game,
    pub ending: Ending,
    /// One per `Expectations::checkpoints`, in order.
    pub at: Vec<Option<Game>>,
    pub failures: Vec<crate::scenario::ExpectationFailure>,
}

/// Runs a scenario's game with its script, from its starting step, looking at the game at
/// each of its checkpoints.
pub fn play_scenario(scenario: &crate::scenario::Scenario) -> Result<Played, RunError> {
    let moments = scenario.expect.checkpoints.iter().map(|c| c.moment);
    let mut agent = Scripted::new(scenario.script.clone())
        .looking_at(moments.collect())
        .stopping_after(scenario.stop_after);
    let (game, ending) = Engine::new(scenario.game.clone(), &mut agent).run()?;
    let (at, failures) = agent.observations();
    Ok(Played {
        game,
        ending,
        at,
        failures,
    })
}

/// The cards a player discards from `hand`: the answer, or by default the `count` cards most
/// recently put into the hand; `None` if the answer isn't exactly `count` different cards of
/// the hand (217.4, 314.1), so the player is asked again.
pub(crate) fn discard_answer(
    hand: &[ObjectId],
    count: usize,
    answer: Option<Vec<ObjectId>>,
) -> Option<Vec<ObjectId>> {
    let ids = answer.unwrap_or_else(|| hand.iter().rev().take(count).copied().collect());
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    (ids.len() == count && distinct.len() == count && ids.iter().all(|i| hand.contains(i)))
        .then_some(ids)
}
