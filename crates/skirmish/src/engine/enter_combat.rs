//! Permanents put into play attacking (308.4) or blocking (309.5), rather than declared: who
//! may be, what they attack or block, and why some never are (306.3a-c).

use super::Engine;
use super::agent::Choice;
use crate::events::EventKind;
use crate::model::{AttackTarget, ObjectId, PlayerId, Position, Zone};
use crate::typeline::CardType;

/// What a permanent put into play attacking or blocking should do in combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Entering {
    /// Attacking this, or, if `None`, what its controller chooses (308.4).
    Attacking(Option<AttackTarget>),
    /// Blocking this attacking creature (309.5).
    Blocking(ObjectId),
}

impl Engine<'_> {
    /// Puts an object into play under `controller`'s control, tapped if attacking, and into
    /// combat if the rules let it be: only a creature (306.3a), attacking only for the
    /// attacking player (306.3b), blocking only an attacker that attacks its controller or
    /// his or her planeswalker (306.3c). It never "attacked" or "blocked" (308.4, 309.5):
    /// nothing here fires attack or block triggers. Returns the new object.
    pub(super) fn put_into_combat(
        &mut self,
        id: ObjectId,
        controller: PlayerId,
        entering: Entering,
        source: &str,
    ) -> Option<ObjectId> {
        let new = self
            .game
            .move_object(id, Zone::InPlay, Position::Top)
            .ok()?;
        let _ = self.game.set_controller(new, controller);
        self.join_combat(new, controller, entering, true, source);
        self.comes_into_play(new);
        Some(new)
    }

    /// A token just created comes into play as the instruction says (216.1): tapped, or into
    /// combat as `put_into_combat` does; `target` is what a blocking token blocks (the creature
    /// the trigger is about, or the instruction's target).
    pub(super) fn token_enters(
        &mut self,
        new: ObjectId,
        enters: &crate::ability::TokenEntry,
        controller: PlayerId,
        target: Option<crate::model::TargetRef>,
        source: &str,
    ) {
        use crate::ability::TokenEntry;
        match enters {
            TokenEntry::Untapped => {}
            TokenEntry::Tapped => {
                let _ = self.game.update_status(new, |s| s.tapped = true);
                // Put into play tapped, it never was untapped: it didn't become tapped.
                self.game.became_tapped.retain(|id| *id != new);
            }
            TokenEntry::Attacking { tapped } => {
                self.join_combat(new, controller, Entering::Attacking(None), *tapped, source);
            }
            TokenEntry::Blocking(_) => match target {
                Some(crate::model::TargetRef::Object(attacker))
                    if self.game.attack_target(attacker).is_some() =>
                {
                    self.join_combat(new, controller, Entering::Blocking(attacker), false, source);
                }
                _ => {
                    let text = format!(
                        "{} is put into play blocking a creature that is no longer attacking: it comes into play and is never blocking",
                        self.label(new)
                    );
                    self.log("309.5", EventKind::Note { text });
                }
            },
        }
    }

    /// Puts a creature token into play under `controller`'s control (216.1), named after its
    /// creature types with a fresh label, new to its controller's control (212.3f).
    pub(super) fn create_token(
        &mut self,
        token: &crate::ability::TokenSpec,
        controller: PlayerId,
    ) -> Option<ObjectId> {
        let card = std::sync::Arc::new(crate::cards::CardDef::token(token));
        let label = self.game.fresh_label(&card.name);
        let new = self
            .game
            .create_object(
                card,
                label.clone(),
                true,
                controller,
                controller,
                Zone::InPlay,
            )
            .ok()?;
        let _ = self.game.update_status(new, |s| s.summoning_sick = true);
        let who = self.name(controller);
        let text = format!("{who} puts a {token} into play: {label}");
        self.log("216.1", EventKind::Note { text });
        Some(new)
    }

    /// 306.3a-c, 308.4, 309.5 for a permanent just put into play; an attacker tapped unless
    /// the instruction says only "attacking" (Brimaz's token has vigilance).
    fn join_combat(
        &mut self,
        new: ObjectId,
        controller: PlayerId,
        entering: Entering,
        tapped: bool,
        source: &str,
    ) {
        let attacking = matches!(entering, Entering::Attacking(_));
        if attacking && tapped {
            let _ = self.game.update_status(new, |s| s.tapped = true);
            // Put into play tapped, it never was untapped: it didn't become tapped.
            self.game.became_tapped.retain(|id| *id != new);
        }
        let label = self.label(new);
        let how = match (attacking, tapped) {
            (true, true) => "tapped and attacking",
            (true, false) => "attacking",
            _ => "blocking",
        };
        let is_creature = self
            .game
            .object(new)
            .is_some_and(|o| o.is(CardType::Creature));
        if !is_creature {
            let role = if attacking { "attacking" } else { "blocking" };
            let text = format!(
                "{label} is put into play {how}, but it isn't a creature: it comes into play and is never {role}"
            );
            self.log("306.3a", EventKind::Note { text });
            return;
        }
        match entering {
            Entering::Attacking(target) => {
                if controller != self.game.turn.active {
                    let who = self.name(controller);
                    let text = format!(
                        "{label} is put into play {how} under {who}'s control, who isn't the attacking player: it comes into play and is never attacking"
                    );
                    self.log("306.3b", EventKind::Note { text });
                    return;
                }
                let target = match target {
                    Some(t) => t,
                    None => match self.choose_attack_target(controller, new, source) {
                        Some(t) => t,
                        None => return,
                    },
                };
                if let Some(mut c) = self.game.combat.clone() {
                    c.attackers.insert(new, target);
                    c.put_into_play_attacking = true;
                    self.game.set_combat(Some(c));
                }
                let what = self.attack_target_name(target);
                let text = format!("{label} is put into play {how} {what}; it never \"attacked\"");
                self.log("308.4", EventKind::Note { text });
            }
            Entering::Blocking(attacker) => {
                let attacked = self.game.attack_target(attacker);
                let defends = attacked
                    .and_then(|t| self.game.attacked_player(&t))
                    .is_some_and(|p| p == controller);
                let attacker_label = self.label(attacker);
                if !defends {
                    let text = format!(
                        "{label} is put into play blocking {attacker_label}, which isn't attacking its controller or a planeswalker he or she controls: it comes into play and is never blocking"
                    );
                    self.log("306.3c", EventKind::Note { text });
                    return;
                }
                // 502.10e: blocking a member of a band is blocking the band.
                let attacked = self.with_bands(new, &[attacker]);
                if let Some(mut c) = self.game.combat.clone() {
                    c.blockers.insert(new, attacked.clone());
                    c.blocked.extend(attacked.iter().copied());
                    self.game.set_combat(Some(c));
                    for a in attacked {
                        self.blocked_by.entry(a).or_default().push(new);
                    }
                }
                let text = format!(
                    "{label} is put into play blocking {attacker_label}; it never \"blocked\", and {attacker_label} is blocked (309.2e)"
                );
                self.log("309.5", EventKind::Note { text });
            }
        }
    }

    /// 308.4: the controller of a creature put into play attacking chooses which defending
    /// player, or which planeswalker a defending player controls, it attacks.
    fn choose_attack_target(
        &mut self,
        player: PlayerId,
        creature: ObjectId,
        source: &str,
    ) -> Option<AttackTarget> {
        let defenders = self.game.defending_players();
        let mut options: Vec<Choice> = defenders.iter().map(|p| Choice::Player(*p)).collect();
        options.extend(
            self.game
                .in_play()
                .filter(|o| o.is(CardType::Planeswalker) && defenders.contains(&o.controller))
                .map(|o| Choice::Object(o.id)),
        );
        let first = *options.first()?;
        let chosen = if options.len() == 1 {
            first
        } else {
            let question = format!("what {} attacks (308.4)", self.label(creature));
            self.ask_choice(player, source, &question, &options, "308.4")?
        };
        Some(match chosen {
            Choice::Player(p) => AttackTarget::Player(p),
            Choice::Object(w) => AttackTarget::Planeswalker(w),
            Choice::Nothing | Choice::Color(_) | Choice::Flip { .. } | Choice::Number(_) => {
                return None;
            }
        })
    }

    /// Asks `player` a choice until the answer is one of `options` (the default is the first);
    /// `None` if the agent can't go on, which the run reports.
    /// Asks `player` to name one of `options` (413.2c), case aside, until the answer is one;
    /// the agent's default is the first option. `None` only if the agent failed.
    pub(super) fn ask_word(
        &mut self,
        player: PlayerId,
        source: &str,
        question: &str,
        options: &[String],
        rule: &str,
    ) -> Option<String> {
        loop {
            let answer = match self
                .agent
                .choose_word(&self.game, player, source, question, options)
            {
                Ok(a) => a,
                Err(e) => {
                    self.agent_failure = Some(e);
                    return None;
                }
            };
            let Some(word) = answer else {
                return options.first().cloned();
            };
            if let Some(o) = options.iter().find(|o| o.eq_ignore_ascii_case(word.trim())) {
                return Some(o.clone());
            }
            let why = format!("\"{word}\" is not a possible answer to {question}");
            if let Err(e) = self.reject(player, rule, &why) {
                self.agent_failure = Some(e);
                return None;
            }
        }
    }

    pub(super) fn ask_choice(
        &mut self,
        player: PlayerId,
        source: &str,
        question: &str,
        options: &[Choice],
        rule: &str,
    ) -> Option<Choice> {
        loop {
            let answer = match self
                .agent
                .choose(&self.game, player, source, question, options)
            {
                Ok(a) => a,
                Err(e) => {
                    self.agent_failure = Some(e);
                    return None;
                }
            };
            match answer {
                None => return options.first().copied(),
                Some(c) if options.contains(&c) => return Some(c),
                Some(_) => {
                    let why = format!("that is not a possible answer to {question}");
                    if let Err(e) = self.reject(player, rule, &why) {
                        self.agent_failure = Some(e);
                        return None;
                    }
                }
            }
        }
    }
}
