//! Decisions: every choice a player makes goes through [`Agent`]. The engine never trusts an
//! answer: it checks it against the rules and, if it is illegal, tells the agent why
//! ([`Agent::rejected`]) with the state unchanged, and asks again (422).

use crate::model::{CastOption, Game, ObjectId, PlayerId, Step, TargetRef, Zone};
use crate::scenario::{Action, ActionKind, ExpectationFailure, Moment};
use std::collections::VecDeque;

/// What a player does with priority (408.1c).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriorityAction {
    Pass,
    /// Play a spell from hand (409.1), or from the graveyard with flashback (502.22a), with the
    /// optional and alternative costs the player announces (409.1b).
    Cast {
        card: ObjectId,
        targets: Vec<TargetRef>,
        with: Vec<CastOption>,
        /// Untapped creatures the player taps for convoke (502.46a).
        convoke: Vec<ObjectId>,
        /// Cards in the player's graveyard removed from the game for delve (502.64a).
        delve: Vec<ObjectId>,
        /// Untapped artifacts the player taps for improvise (current 702.126a).
        improvise: Vec<ObjectId>,
        /// The X announced for an {X} in its mana cost (409.1b); 0 without one.
        x: u32,
    },
    /// Play the `ability`-th activated ability (0-based, in text order) of a permanent (409.1).
    Activate {
        source: ObjectId,
        ability: usize,
        targets: Vec<TargetRef>,
        /// Permanents or cards that pay the cost's parts besides mana and `{T}` (sacrifice,
        /// tap, discard, return), in the cost's order; parts left unnamed take the defaults of
        /// `choose_cost`.
        pay: Vec<ObjectId>,
        /// The X announced for an {X} in its cost (409.1b); 0 without one.
        x: u32,
        /// The modes announced for a modal ability (409.1b), 0-based; `None`: the first
        /// ones it must choose.
        modes: Option<Vec<usize>>,
    },
    /// Play a card's ninjutsu from hand, returning an unblocked attacker (502.43a).
    Ninjutsu {
        card: ObjectId,
        returning: ObjectId,
    },
    /// Play a card's cycling ability from hand (502.18a).
    Cycle {
        card: ObjectId,
    },
    /// Play a card's unearth ability from its owner's graveyard (502.84a).
    Unearth {
        card: ObjectId,
    },
    /// Suspend a card from its owner's hand, a special action (502.59a).
    Suspend {
        card: ObjectId,
    },
    /// Turn a face-down permanent face up for its morph cost: a special action that doesn't
    /// use the stack (502.26d, 408.2h).
    TurnFaceUp {
        permanent: ObjectId,
    },
    /// Play a land card: a special action that doesn't use the stack (212.6a, 408.2d).
    PlayLand {
        card: ObjectId,
    },
}

/// One option of a choice an effect asks a player to make as it resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Object(ObjectId),
    Player(PlayerId),
    /// Decline an optional action ("you may ...").
    Nothing,
    /// A color ("choose a color", 410.10e).
    Color(crate::mana::Color),
    /// The result of a coin flip the player calls (511.1): won or lost.
    Flip {
        won: bool,
    },
    /// A number: the X of "you may pay {X}" (2009 glossary "X").
    Number(u32),
}

/// Why an agent can't go on: a scripted action that the rules refuse, or a broken terminal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct AgentError {
    /// The rule the refused action breaks, if a rule refused it.
    pub rule: Option<String>,
    pub message: String,
    /// The script line of the action, if it came from a script.
    pub line: Option<usize>,
}

/// Answers every decision the engine asks a player to make.
pub trait Agent {
    /// The player has priority (408.1c).
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError>;

    /// The active player declares attackers (308.1), as declaration text (`docs/cli.md`), or
    /// `None` to take the default: an optimal declaration with the fewest creatures.
    fn attackers(&mut self, _game: &Game, _player: PlayerId) -> Result<Option<String>, AgentError> {
        Ok(None)
    }

    /// A defending player declares blockers (309.1), or `None` for the default.
    fn blockers(&mut self, _game: &Game, _player: PlayerId) -> Result<Option<String>, AgentError> {
        Ok(None)
    }

    /// The player discards `count` cards from hand (314.1), or `None` for the default: the
    /// cards most recently put into the hand.
    fn discard(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _count: usize,
    ) -> Result<Option<Vec<ObjectId>>, AgentError> {
        Ok(None)
    }

    /// The player orders his or her own triggered abilities that go on the stack at once
    /// (410.3): a permutation of `0..abilities.len()`, first put on the stack first (so it
    /// resolves last), or `None` for the order they triggered in.
    fn order_triggers(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _abilities: &[String],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        Ok(None)
    }

    /// The player chooses the target of a triggered ability as it goes on the stack (410.4),
    /// among `candidates`, or `None` for the default: the first candidate.
    fn choose_target(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: ObjectId,
        _ability: &str,
        _candidates: &[TargetRef],
    ) -> Result<Option<TargetRef>, AgentError> {
        Ok(None)
    }

    /// A choice an effect asks for as it resolves, among `options`, or `None` for the default:
    /// the first option. What a creature put into play attacking attacks (308.4); which card
    /// to put into play, if any ("you may put a Soldier creature card ..."). `source` is the
    /// label of the permanent whose ability asks.
    fn choose(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: &str,
        _question: &str,
        _options: &[Choice],
    ) -> Result<Option<Choice>, AgentError> {
        Ok(None)
    }

    /// A word an effect asks the player to name as it resolves (413.2c), among `options`, or
    /// `None` for the default: the first option. "Creatures of the creature type of your
    /// choice": a creature type. `source` is the label of the object whose ability asks.
    fn choose_word(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: &str,
        _question: &str,
        _options: &[String],
    ) -> Result<Option<String>, AgentError> {
        Ok(None)
    }

    /// The player announces the modes of the modal spell `card` as it is played (409.1b),
    /// 0-based in the printed order, or `None` for the default: the first ones it must choose.
    fn choose_modes(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _card: ObjectId,
    ) -> Result<Option<Vec<usize>>, AgentError> {
        Ok(None)
    }

    /// The player announces the modes of a modal triggered ability of `source` as it goes on
    /// the stack (410.4a): from `min` to `max` of the `legal` ones (0-based in the printed
    /// order; a mode without a legal target can't be chosen), or `None` for the default: the
    /// first legal ones it must choose.
    #[allow(clippy::too_many_arguments)]
    fn choose_ability_modes(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: ObjectId,
        _ability: &str,
        _min: u32,
        _max: u32,
        _legal: &[usize],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        Ok(None)
    }

    /// The active player announces which attacking creatures (`attackers`, just declared) are
    /// banded with which (308.2b, 502.10b), or `None` for the default: no bands.
    fn bands(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _attackers: &[ObjectId],
    ) -> Result<Option<Vec<Vec<ObjectId>>>, AgentError> {
        Ok(None)
    }

    /// The player divides a creature's combat damage among the recipients it may assign it to
    /// (310.2c, 310.2d, 502.9b), or `None` for the default: lethal damage to each in turn, the
    /// rest to the player or planeswalker with trample, else to the last.
    fn assign_damage(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: ObjectId,
        _amount: u32,
        _recipients: &[TargetRef],
    ) -> Result<Option<Vec<(TargetRef, u32)>>, AgentError> {
        Ok(None)
    }

    /// The player divides `amount` (damage, or damage to prevent) among the targets `among` of
    /// a spell or ability of `source` as it is played (409.1e): each target gets at least 1 and
    /// the parts add up to `amount`. `None` for the default: as even as can be, the targets
    /// chosen first getting the odd points.
    fn divide(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _source: ObjectId,
        _amount: u32,
        _among: &[TargetRef],
    ) -> Result<Option<Vec<(TargetRef, u32)>>, AgentError> {
        Ok(None)
    }

    /// The last answer broke a rule; the state is unchanged and the question will be asked
    /// again. Agents that can't answer differently (a script) return the error to stop the run.
    fn rejected(
        &mut self,
        game: &Game,
        player: PlayerId,
        rule: &str,
        why: &str,
    ) -> Result<(), AgentError>;

    /// Whether the player pays the costs the declaration of attackers or blockers `declaration`
    /// locked in (308.2d, 309.2d); declining reverses it (422.1) and asks for it again. The
    /// default pays.
    fn pays_costs(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _declaration: &str,
    ) -> Result<bool, AgentError> {
        Ok(true)
    }

    /// Whether the agent has more to do after the current turn (a script with actions left).
    fn wants_more(&self) -> bool {
        false
    }

    /// A step begins (`ends` false: before its turn-based actions) or ends (after everything in
    /// it, before the next begins): a moment an observer may look at the game.
    fn step_boundary(&mut self, _game: &Game, _step: Step, _ends: bool) {}

    /// Whether the run stops now that `step` ended.
    fn stop_after(&mut self, _step: Step) -> bool {
        false
    }

    /// Called when the run ends: a script reports actions it never took.
    fn finish(&mut self) -> Result<(), AgentError> {
        Ok(())
    }
}

/// Passes priority and takes the documented defaults: optimal declarations with the fewest
/// creatures, discarding the most recently drawn cards.
#[derive(Debug, Default, Clone)]
pub struct Automatic;

impl Agent for Automatic {
    fn priority(&mut self, _: &Game, _: PlayerId) -> Result<PriorityAction, AgentError> {
        Ok(PriorityAction::Pass)
    }
    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        // The defaults come from the rules themselves, so a refusal is a bug; stop rather than
        // loop.
        Err(AgentError {
            rule: Some(rule.to_string()),
            message: format!("the automatic agent's default was refused: {why}"),
            line: None,
        })
    }
}

/// Follows a scenario's script. Actions are taken in order: the next action is taken the first
/// time its player is asked the matching question (in its `step`, if it names one); until then
/// that player passes and takes the defaults. Any refused action stops the run with its rule.
#[derive(Debug, Clone)]
pub struct Scripted {
    script: VecDeque<Action>,
    /// The line of the action last handed out, for errors.
    last: Option<usize>,
    /// The modes (`modes = [...]`, 0-based here) of the spell last handed out to be cast.
    modes: Option<Vec<usize>>,
    /// Turns in a row that ended without an action taken (see [`SCRIPT_PATIENCE`]); `take`
    /// resets it.
    idle: std::cell::Cell<u32>,
    /// How many actions were taken.
    taken: usize,
    /// The action last taken is expected to be refused: its line and the rule. Cleared by the
    /// refusal; still set at the next question, the action was allowed.
    refusal: Option<(usize, String)>,
    /// The moments to look at the game, and the game at each once reached.
    moments: Vec<Moment>,
    seen: Vec<Option<Game>>,
    /// The script's expected refusals that didn't happen, or came with another rule.
    failures: Vec<ExpectationFailure>,
    /// The run stops as this step ends, once the script is done.
    stop: Option<Step>,
    /// The declaration last handed out declines its costs (`decline_costs`).
    declines: bool,
    /// The bands of the attack last handed out (`bands`), by label.
    bands: Vec<Vec<String>>,
}

/// Turns in a row a script may go without any of its actions taken before the run stops and
/// reports the next one as never taken. An action can wait for a later turn (its player's
/// next turn, a trigger some turns away), but a script whose next action is never asked for
/// would otherwise play turns until a library runs out: with large libraries, thousands of
/// turns (issue 13).
pub const SCRIPT_PATIENCE: u32 = 50;

impl Scripted {
    pub fn new(script: Vec<Action>) -> Self {
        Scripted {
            script: script.into(),
            last: None,
            modes: None,
            idle: std::cell::Cell::new(0),
            taken: 0,
            refusal: None,
            moments: Vec::new(),
            seen: Vec::new(),
            failures: Vec::new(),
            stop: None,
            declines: false,
            bands: Vec::new(),
        }
    }

    /// Looks at the game at these moments (a scenario's checkpoints).
    pub fn looking_at(mut self, moments: Vec<Moment>) -> Self {
        self.seen = vec![None; moments.len()];
        self.moments = moments;
        self
    }

    /// Stops the run as `step` ends once every action was taken.
    pub fn stopping_after(mut self, step: Option<Step>) -> Self {
        self.stop = step;
        self
    }

    /// After the run: the game at each moment (`None` if never reached), and the refusals
    /// expected that didn't hold.
    pub fn observations(&mut self) -> (Vec<Option<Game>>, Vec<ExpectationFailure>) {
        (
            std::mem::take(&mut self.seen),
            std::mem::take(&mut self.failures),
        )
    }

    /// Called with the game at every question and step boundary: the action last taken has
    /// been carried out (or refused) by now.
    fn observe(&mut self, game: &Game) {
        self.allowed();
        self.look(
            game,
            |m, taken| matches!(m, Moment::AfterAction { action } if *action == taken),
        );
    }

    /// The action last taken, expected to be refused, was carried out: a failure.
    fn allowed(&mut self) {
        if let Some((line, rule)) = self.refusal.take() {
            self.failures.push(ExpectationFailure {
                line,
                message: format!(
                    "the action was expected to be refused with {rule}, but the rules allowed it"
                ),
            });
        }
    }

    /// Keeps the game for each moment not yet seen that `now` says has come.
    fn look(&mut self, game: &Game, now: impl Fn(&Moment, usize) -> bool) {
        for (m, seen) in self.moments.iter().zip(&mut self.seen) {
            if seen.is_none() && now(m, self.taken) {
                *seen = Some(game.clone());
            }
        }
    }

    fn next_for(&self, game: &Game, player: PlayerId) -> Option<&Action> {
        let a = self.script.front()?;
        let step_ok = a.step.is_none_or(|s| s == game.turn.step);
        (a.player == player && step_ok).then_some(a)
    }

    fn take(&mut self) -> Action {
        let a = self.script.pop_front().expect("checked by next_for");
        self.idle.set(0);
        self.last = Some(a.line);
        self.taken += 1;
        self.refusal = a.refused.clone().map(|r| (a.line, r));
        a
    }

    /// [`own_card`], or an error at the action's line when the player owns no such card.
    fn own_card(
        &self,
        game: &Game,
        player: PlayerId,
        label: &str,
        zone: Zone,
        line: usize,
    ) -> Result<ObjectId, AgentError> {
        own_card(game, player, label, zone)
            .ok_or_else(|| self.err(line, format!("\"{label}\" is no card of this player's")))
    }

    /// The parts of the next action if it is an `assign` (or, with `divide`, a `divide`) for
    /// `source`: how it divides damage among recipients (310.2) or targets (409.1e).
    fn amounts(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        divide: bool,
    ) -> Result<Option<Vec<(TargetRef, u32)>>, AgentError> {
        // A leaves-play trigger's source is known by its last known information (410.10d).
        let label = game
            .object_or_last_known(source)
            .map(|o| o.label.clone())
            .unwrap_or_default();
        let ours = match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Assign { source: s, .. }) => !divide && *s == label,
            Some(ActionKind::Divide { source: s, .. }) => divide && *s == label,
            _ => false,
        };
        if !ours {
            return Ok(None);
        }
        let a = self.take();
        let (ActionKind::Assign { parts, .. } | ActionKind::Divide { parts, .. }) = a.kind else {
            unreachable!("matched above")
        };
        let names: Vec<String> = parts.iter().map(|(n, _)| n.clone()).collect();
        let refs = targets(game, &names, a.line)?;
        Ok(Some(
            refs.into_iter()
                .zip(parts.iter().map(|(_, n)| *n))
                .collect(),
        ))
    }

    fn err(&self, line: usize, message: String) -> AgentError {
        AgentError {
            rule: None,
            message,
            line: Some(line),
        }
    }
}

/// A card `player` owns labelled `label`, the one in `zone` if there is one: an action names
/// the card wherever it is, and the engine refuses one in the wrong zone with the rule that
/// says where it must be (212.6b, 502.18a, 502.22a, 502.59a, 502.84a).
/// "2", "1, 3", "1 and 3": modes numbered from 1, as 0-based indices; `None` for anything
/// else.
pub(crate) fn mode_list(text: &str) -> Option<Vec<usize>> {
    let items: Vec<&str> = text
        .split([','])
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if items.is_empty() {
        return None;
    }
    items
        .into_iter()
        .map(|i| i.parse::<usize>().ok().filter(|n| *n >= 1).map(|n| n - 1))
        .collect()
}

fn own_card(game: &Game, player: PlayerId, label: &str, zone: Zone) -> Option<ObjectId> {
    game.objects()
        .filter(|o| o.owner == player && o.label == label)
        .min_by_key(|o| o.zone != zone)
        .map(|o| o.id)
}

/// Finds an object by label in a zone list.
/// A permanent in play or a card in `player`'s hand, by label: what can pay a cost's parts.
pub(crate) fn cost_payer(game: &Game, player: PlayerId, label: &str) -> Option<ObjectId> {
    game.in_play()
        .find(|o| o.label == label)
        .map(|o| o.id)
        .or_else(|| {
            let hand = game.player(player)?.hand.clone();
            labelled(game, &hand, label)
        })
        .or_else(|| {
            // "Exile a creature card from your graveyard".
            let graveyard = game.player(player)?.graveyard.clone();
            labelled(game, &graveyard, label)
        })
}

fn labelled(game: &Game, ids: &[ObjectId], label: &str) -> Option<ObjectId> {
    ids.iter()
        .copied()
        .find(|id| game.object(*id).is_some_and(|o| o.label == label))
}

/// Resolves target names: a player's name or an object's label (in play or on the stack).
fn targets(game: &Game, names: &[String], line: usize) -> Result<Vec<TargetRef>, AgentError> {
    names
        .iter()
        .map(|n| {
            if let Some(p) = game.player_named(n) {
                return Ok(TargetRef::Player(p.id));
            }
            game.objects()
                .find(|o| {
                    o.label == *n
                        && matches!(
                            o.zone,
                            crate::model::Zone::InPlay
                                | crate::model::Zone::Stack
                                | crate::model::Zone::Graveyard
                        )
                })
                .map(|o| TargetRef::Object(o.id))
                .ok_or_else(|| AgentError {
                    rule: Some("409.1c".into()),
                    message: format!(
                        "\"{n}\" is not a player, a permanent or a spell, so it can't be targeted"
                    ),
                    line: Some(line),
                })
        })
        .collect()
}

impl Agent for Scripted {
    fn choose_modes(
        &mut self,
        _game: &Game,
        _player: PlayerId,
        _card: ObjectId,
    ) -> Result<Option<Vec<usize>>, AgentError> {
        Ok(self.modes.take())
    }
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        self.observe(game);
        let Some(a) = self.next_for(game, player) else {
            return Ok(PriorityAction::Pass);
        };
        if !matches!(
            a.kind,
            ActionKind::Pass
                | ActionKind::Cast { .. }
                | ActionKind::Activate { .. }
                | ActionKind::Ninjutsu { .. }
                | ActionKind::Cycle { .. }
                | ActionKind::Unearth { .. }
                | ActionKind::Suspend { .. }
                | ActionKind::TurnFaceUp { .. }
                | ActionKind::PlayLand { .. }
        ) {
            return Ok(PriorityAction::Pass);
        }
        let a = self.take();
        match a.kind {
            ActionKind::Pass => Ok(PriorityAction::Pass),
            ActionKind::TurnFaceUp { permanent } => {
                // The engine refuses a permanent that isn't face down, or isn't the player's,
                // with the rule it breaks (502.26d).
                let id = game
                    .in_play()
                    .find(|o| o.label == permanent)
                    .map(|o| o.id)
                    .ok_or_else(|| self.err(a.line, format!("\"{permanent}\" is not in play")))?;
                Ok(PriorityAction::TurnFaceUp { permanent: id })
            }
            ActionKind::PlayLand { card } => Ok(PriorityAction::PlayLand {
                card: self.own_card(game, player, &card, Zone::Hand, a.line)?,
            }),
            ActionKind::Cycle { card } => Ok(PriorityAction::Cycle {
                card: self.own_card(game, player, &card, Zone::Hand, a.line)?,
            }),
            ActionKind::Unearth { card } => Ok(PriorityAction::Unearth {
                card: self.own_card(game, player, &card, Zone::Graveyard, a.line)?,
            }),
            ActionKind::Suspend { card } => Ok(PriorityAction::Suspend {
                card: self.own_card(game, player, &card, Zone::Hand, a.line)?,
            }),
            ActionKind::Ninjutsu { card, returning } => {
                let hand = game
                    .player(player)
                    .map(|p| p.hand.clone())
                    .unwrap_or_default();
                let card_id = labelled(game, &hand, &card).ok_or_else(|| {
                    self.err(a.line, format!("\"{card}\" is not in the player's hand (502.43a: ninjutsu works from the hand)"))
                })?;
                let back = game
                    .in_play()
                    .find(|o| o.label == returning)
                    .map(|o| o.id)
                    .ok_or_else(|| {
                        self.err(
                            a.line,
                            format!("\"{returning}\" is not a permanent in play"),
                        )
                    })?;
                Ok(PriorityAction::Ninjutsu {
                    card: card_id,
                    returning: back,
                })
            }
            ActionKind::Cast {
                card,
                targets: names,
                with,
                convoke,
                delve,
                improvise,
                modes,
                x,
            } => {
                // Asked for by the engine as the spell is played (409.1b).
                self.modes = (!modes.is_empty())
                    .then(|| modes.iter().map(|m| m.saturating_sub(1) as usize).collect());
                let hand = &game
                    .player(player)
                    .map(|p| p.hand.clone())
                    .unwrap_or_default();
                let card_id = if with.contains(&CastOption::Flashback) {
                    // The card in the graveyard if there is one; the engine refuses any other
                    // with the rule it breaks (502.22a).
                    own_card(game, player, &card, Zone::Graveyard)
                } else {
                    labelled(game, hand, &card)
                };
                let card_id = card_id.ok_or_else(|| {
                    self.err(a.line, format!("\"{card}\" is not in {}'s hand (409.1a: a spell is played from the zone it's in, usually the hand)", game.player(player).map_or("?", |p| p.name.as_str())))
                })?;
                let mut tapping = Vec::new();
                let mut artifacts = Vec::new();
                for c in &improvise {
                    let id = game
                        .in_play()
                        .find(|o| &o.label == c)
                        .map(|o| o.id)
                        .ok_or_else(|| {
                            self.err(a.line, format!("\"{c}\" is not a permanent in play"))
                        })?;
                    artifacts.push(id);
                }
                for c in &convoke {
                    let id = game
                        .in_play()
                        .find(|o| &o.label == c)
                        .map(|o| o.id)
                        .ok_or_else(|| {
                            self.err(a.line, format!("\"{c}\" is not a permanent in play"))
                        })?;
                    tapping.push(id);
                }
                let mut removing = Vec::new();
                for c in &delve {
                    removing.push(self.own_card(game, player, c, Zone::Graveyard, a.line)?);
                }
                Ok(PriorityAction::Cast {
                    card: card_id,
                    targets: targets(game, &names, a.line)?,
                    with,
                    convoke: tapping,
                    delve: removing,
                    improvise: artifacts,
                    x,
                })
            }
            ActionKind::Activate {
                source,
                ability,
                targets: names,
                pay,
                x,
                modes,
            } => {
                // A permanent, else a card of the player's own in a hand or graveyard (an
                // ability played from a card: transmute, reinforce, scavenge, embalm).
                let in_hand_or_graveyard = |o: &&crate::model::Object| {
                    o.label == source
                        && matches!(
                            o.zone,
                            crate::model::Zone::Hand | crate::model::Zone::Graveyard
                        )
                };
                // Another player's card is found too, for the engine to refuse with the rule
                // (402.8h).
                let src = game
                    .in_play()
                    .find(|o| o.label == source)
                    .or_else(|| {
                        game.objects()
                            .find(|o| o.owner == player && in_hand_or_graveyard(o))
                    })
                    .or_else(|| game.objects().find(in_hand_or_graveyard))
                    .map(|o| o.id)
                    .ok_or_else(|| {
                        self.err(a.line, format!("\"{source}\" is not a permanent in play"))
                    })?;
                let pay = pay
                    .iter()
                    .map(|l| {
                        cost_payer(game, player, l).ok_or_else(|| {
                            self.err(
                                a.line,
                                format!("\"{l}\" is neither a permanent in play nor a card in the player's hand or graveyard, so it can't pay a cost"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(PriorityAction::Activate {
                    source: src,
                    ability: ability as usize - 1,
                    targets: targets(game, &names, a.line)?,
                    pay,
                    x,
                    modes: (!modes.is_empty())
                        .then(|| modes.iter().map(|m| m.saturating_sub(1) as usize).collect()),
                })
            }
            _ => unreachable!("matched above"),
        }
    }

    fn attackers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        self.observe(game);
        self.declines = false;
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Attack { .. }) => match self.take().kind {
                ActionKind::Attack {
                    text,
                    decline_costs,
                    bands,
                    ..
                } => {
                    self.declines = decline_costs;
                    self.bands = bands;
                    Ok(Some(text))
                }
                _ => unreachable!("matched above"),
            },
            _ => Ok(None),
        }
    }

    fn blockers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        self.observe(game);
        self.declines = false;
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Block { .. }) => match self.take().kind {
                ActionKind::Block {
                    text,
                    decline_costs,
                    ..
                } => {
                    self.declines = decline_costs;
                    Ok(Some(text))
                }
                _ => unreachable!("matched above"),
            },
            _ => Ok(None),
        }
    }

    fn discard(
        &mut self,
        game: &Game,
        player: PlayerId,
        _: usize,
    ) -> Result<Option<Vec<ObjectId>>, AgentError> {
        self.observe(game);
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Discard { .. }) => {
                let a = self.take();
                let ActionKind::Discard { cards } = a.kind else {
                    unreachable!("matched above")
                };
                let hand = game
                    .player(player)
                    .map(|p| p.hand.clone())
                    .unwrap_or_default();
                let ids = cards
                    .iter()
                    .map(|c| {
                        labelled(game, &hand, c).ok_or_else(|| {
                            self.err(
                                a.line,
                                format!("\"{c}\" is not in the hand, so it can't be discarded"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Some(ids))
            }
            _ => Ok(None),
        }
    }

    fn choose_target(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        _: &str,
        _: &[TargetRef],
    ) -> Result<Option<TargetRef>, AgentError> {
        // A leaves-play trigger's source is known by its last known information (410.10d).
        let label = game
            .object_or_last_known(source)
            .map(|o| o.label.clone())
            .unwrap_or_default();
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Choose { source: s, .. }) if *s == label => {
                let a = self.take();
                let ActionKind::Choose { target, .. } = a.kind else {
                    unreachable!("matched above")
                };
                Ok(targets(game, &[target], a.line)?.first().copied())
            }
            _ => Ok(None),
        }
    }

    fn bands(
        &mut self,
        game: &Game,
        _: PlayerId,
        attackers: &[ObjectId],
    ) -> Result<Option<Vec<Vec<ObjectId>>>, AgentError> {
        let bands = std::mem::take(&mut self.bands);
        if bands.is_empty() {
            return Ok(None);
        }
        let mut out = Vec::new();
        for band in bands {
            let mut ids = Vec::new();
            for m in &band {
                match labelled(game, attackers, m) {
                    Some(id) => ids.push(id),
                    None => {
                        return Err(AgentError {
                            rule: Some("308.2b".into()),
                            message: format!(
                                "\"{m}\" is in a band but isn't one of the attacking creatures"
                            ),
                            line: None,
                        });
                    }
                }
            }
            out.push(ids);
        }
        Ok(Some(out))
    }

    fn choose_ability_modes(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        _: &str,
        _: u32,
        _: u32,
        _: &[usize],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        let label = game
            .object_or_last_known(source)
            .map(|o| o.label.clone())
            .unwrap_or_default();
        match self.next_for(game, player).map(|a| &a.kind) {
            // `choose = "Tormentor Exarch: mode 2"`; another answer (its target) is for later.
            Some(ActionKind::Choose { source: s, target })
                if *s == label && target.starts_with("mode") =>
            {
                let words = target
                    .strip_prefix("modes ")
                    .or_else(|| target.strip_prefix("mode "))
                    .map(str::to_string);
                let a = self.take();
                match words.as_deref().and_then(mode_list) {
                    Some(modes) => Ok(Some(modes)),
                    None => Err(self.err(
                        a.line,
                        format!(
                            "{label}'s ability is modal: choose its modes as \"{label}: mode 2\" or \"{label}: modes 1, 3\" (410.4a)"
                        ),
                    )),
                }
            }
            _ => Ok(None),
        }
    }

    fn choose(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: &str,
        _: &str,
        options: &[Choice],
    ) -> Result<Option<Choice>, AgentError> {
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Choose { source: s, .. }) if s == source => {
                let a = self.take();
                let ActionKind::Choose { target, .. } = a.kind else {
                    unreachable!("matched above")
                };
                if target == "nothing" {
                    return Ok(Some(Choice::Nothing));
                }
                // A coin flip (511.1): "won" or "lost".
                if let Some(won) = match target.as_str() {
                    "won" => Some(true),
                    "lost" => Some(false),
                    _ => None,
                }
                .filter(|w| options.contains(&Choice::Flip { won: *w }))
                {
                    return Ok(Some(Choice::Flip { won }));
                }
                // "you may pay {X}": the X (one that can't be paid is refused by the rule).
                if let Some(n) = target
                    .parse::<u32>()
                    .ok()
                    .filter(|_| options.iter().any(|o| matches!(o, Choice::Number(_))))
                {
                    return Ok(Some(Choice::Number(n)));
                }
                // "choose a color" (410.10e): a color word.
                if let Some(c) = crate::mana::Color::from_name(&target)
                    .filter(|c| options.contains(&Choice::Color(*c)))
                {
                    return Ok(Some(Choice::Color(c)));
                }
                if let Some(p) = game.player_named(&target) {
                    return Ok(Some(Choice::Player(p.id)));
                }
                match game.object_labelled(&target) {
                    Some(o) => Ok(Some(Choice::Object(o.id))),
                    None => Err(self.err(a.line, format!("there is no \"{target}\" to choose"))),
                }
            }
            _ => Ok(None),
        }
    }

    fn choose_word(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: &str,
        _: &str,
        _: &[String],
    ) -> Result<Option<String>, AgentError> {
        match self.next_for(game, player).map(|a| &a.kind) {
            Some(ActionKind::Choose { source: s, .. }) if s == source => {
                let a = self.take();
                let ActionKind::Choose { target, .. } = a.kind else {
                    unreachable!("matched above")
                };
                Ok(Some(target))
            }
            _ => Ok(None),
        }
    }

    fn assign_damage(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        _: u32,
        _: &[TargetRef],
    ) -> Result<Option<Vec<(TargetRef, u32)>>, AgentError> {
        self.amounts(game, player, source, false)
    }

    fn divide(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        _: u32,
        _: &[TargetRef],
    ) -> Result<Option<Vec<(TargetRef, u32)>>, AgentError> {
        self.amounts(game, player, source, true)
    }

    fn pays_costs(&mut self, _: &Game, _: PlayerId, _: &str) -> Result<bool, AgentError> {
        Ok(!std::mem::take(&mut self.declines))
    }

    fn order_triggers(
        &mut self,
        game: &Game,
        player: PlayerId,
        abilities: &[String],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        if !matches!(
            self.next_for(game, player).map(|a| &a.kind),
            Some(ActionKind::Order { .. })
        ) {
            return Ok(None);
        }
        let a = self.take();
        let ActionKind::Order { sources } = a.kind else {
            unreachable!("matched above")
        };
        // Each source names the first of its abilities not named yet (the engine writes them
        // "<source>: <text>").
        let mut order = Vec::new();
        for s in &sources {
            let prefix = format!("{s}: ");
            let found = (0..abilities.len())
                .find(|i| !order.contains(i) && abilities[*i].starts_with(&prefix));
            match found {
                Some(i) => order.push(i),
                None => {
                    return Err(AgentError {
                        rule: Some("410.3".into()),
                        message: format!(
                            "\"{s}\" is not the source of another of the triggered abilities to order: {}",
                            abilities.join("; ")
                        ),
                        line: Some(a.line),
                    });
                }
            }
        }
        // The engine refuses an order that leaves some out (410.3).
        Ok(Some(order))
    }

    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        // A refusal the script expects: the player is asked again, and the script goes on.
        if let Some((line, expected)) = self.refusal.take() {
            if expected != rule {
                self.failures.push(ExpectationFailure {
                    line,
                    message: format!(
                        "the action was refused with {rule} ({why}), but the scenario expects {expected}"
                    ),
                });
            }
            return Ok(());
        }
        Err(AgentError {
            rule: Some(rule.to_string()),
            message: why.to_string(),
            line: self.last,
        })
    }

    fn wants_more(&self) -> bool {
        // Called once as each turn ends.
        self.idle.set(self.idle.get().saturating_add(1));
        !self.script.is_empty() && self.idle.get() < SCRIPT_PATIENCE
    }

    fn step_boundary(&mut self, game: &Game, step: Step, ends: bool) {
        self.observe(game);
        let turn = game.turn.number;
        self.look(game, |m, _| match *m {
            Moment::Before { step: s, turn: t } => {
                !ends && s == step && t.is_none_or(|t| t == turn)
            }
            Moment::After { step: s, turn: t } => ends && s == step && t.is_none_or(|t| t == turn),
            Moment::AfterAction { .. } => false,
        });
    }

    fn stop_after(&mut self, step: Step) -> bool {
        self.stop == Some(step) && self.script.is_empty()
    }

    fn finish(&mut self) -> Result<(), AgentError> {
        self.allowed();
        let idle = self.idle.get();
        match self.script.front() {
            None => Ok(()),
            Some(a) => Err(AgentError {
                rule: None,
                message: format!(
                    "this action was never taken: its player was never asked {}{}",
                    match a.step {
                        Some(s) => format!("in the {s}"),
                        None => "the matching question".to_string(),
                    },
                    if idle >= SCRIPT_PATIENCE {
                        format!(
                            " in {SCRIPT_PATIENCE} turns in a row with no scripted action taken"
                        )
                    } else {
                        String::new()
                    }
                ),
                line: Some(a.line),
            }),
        }
    }
}
