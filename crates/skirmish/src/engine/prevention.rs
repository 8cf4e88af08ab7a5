//! Prevention effects at work (419.7): those resolved spells and abilities began, and the
//! static ones of permanents in play, each asked about every damage that would be dealt.

use super::Engine;
use super::resolve::From;
use crate::ability::{Ability, Duration, StaticEffect, Subject};
use crate::events::EventKind;
use crate::model::{Object, PreventionEffect, TargetRef};
use crate::prevention::{Prevention, Side};

/// A static ability of a permanent in play whose condition holds now: its holder, its place
/// among the holder's abilities, what it does, and the context its descriptions are read with.
pub(super) struct InForce<'g> {
    pub holder: &'g Object,
    pub index: usize,
    pub effect: &'g StaticEffect,
    pub ctx: crate::filter::Context,
}

impl Engine<'_> {
    /// The static abilities of permanents in play whose conditions hold now, that `wanted`
    /// picks, in the order of play.
    pub(super) fn statics_in_force(
        &self,
        wanted: impl Fn(&StaticEffect) -> bool,
    ) -> Vec<InForce<'_>> {
        let mut out = Vec::new();
        for holder in self.game.in_play() {
            for (index, a) in holder.abilities().iter().enumerate() {
                let Ability::Static {
                    effect, condition, ..
                } = a
                else {
                    continue;
                };
                if !wanted(effect) {
                    continue;
                }
                let ctx = self.filter_context(holder.id, holder.controller);
                if condition
                    .as_ref()
                    .is_some_and(|c| !c.holds(&self.game, &ctx))
                {
                    continue;
                }
                out.push(InForce {
                    holder,
                    index,
                    effect,
                    ctx,
                });
            }
        }
        out
    }

    /// A resolving "prevent all ... damage" instruction begins its effect (419.7): the one
    /// thing it names, if any, fixed now (`named`: its target still legal, or "it"); nothing
    /// if that target is gone (413.2a).
    pub(super) fn begin_prevention(
        &mut self,
        from: &From,
        what: Option<&Subject>,
        side: Side,
        prevention: &Prevention,
        duration: Duration,
        named: Option<TargetRef>,
    ) {
        let list = match (what, named) {
            (None, _) => vec![prevention.clone()],
            (Some(_), Some(t)) => side.bind(prevention, t),
            (Some(_), None) => Vec::new(),
        };
        // "until your next turn" (418.3a): until the controller's next turn begins.
        let duration = match duration {
            Duration::UntilYourNextTurn => Duration::UntilTurnOf {
                player: from.controller,
            },
            d => d,
        };
        let until = match duration {
            Duration::UntilTurnOf { .. } => "until its controller's next turn",
            Duration::UntilEndOfTurn => "until end of turn",
            _ => "this turn",
        };
        let source = from.object.label.clone();
        for prevention in list {
            let text = format!(
                "{source}: {} {until} will be prevented",
                self.prevention_reach(&prevention)
            );
            self.game.preventions.push(PreventionEffect {
                source: source.clone(),
                source_id: from.object.id,
                controller: from.controller,
                prevention,
                duration,
            });
            self.log("419.7", EventKind::Note { text });
        }
    }

    /// The words of an effect with its fixed things named as the board names them.
    fn prevention_reach(&self, p: &Prevention) -> String {
        let mut text = p.reach();
        let named: Vec<String> = [
            p.to.as_ref().and_then(|r| r.objects.as_ref()),
            p.by.as_ref(),
        ]
        .into_iter()
        .flatten()
        .filter_map(|f| match f {
            crate::filter::Filter::Object(id) => Some(self.label(*id)),
            _ => None,
        })
        .chain(p.to.as_ref().and_then(|r| match r.players {
            Some(crate::filter::PlayerRef::Player(pl)) => Some(self.name(pl)),
            _ => None,
        }))
        .collect();
        if !named.is_empty() {
            text.push_str(&format!(" ({})", named.join(", ")));
        }
        text
    }

    /// "Damage that would be dealt by ~ can't be prevented", "Damage can't be prevented this
    /// turn": the resolved effect or static ability that makes damage from `source` to `to`
    /// unpreventable, by the name of its source, if any (2009 103.2, "can't" wins; current
    /// 615.12).
    pub(super) fn unpreventable(
        &self,
        source: &Object,
        to: TargetRef,
        combat: bool,
    ) -> Option<String> {
        for e in &self.game.preventions {
            let ctx = self.filter_context(e.source_id, e.controller);
            if e.prevention.unpreventable
                && e.prevention.reaches(&self.game, &ctx, source, to, combat)
            {
                return Some(e.source.clone());
            }
        }
        let statics =
            self.statics_in_force(|e| matches!(e, StaticEffect::Prevent(p) if p.unpreventable));
        statics.into_iter().find_map(|s| match s.effect {
            StaticEffect::Prevent(p) if p.reaches(&self.game, &s.ctx, source, to, combat) => {
                Some(s.holder.label.clone())
            }
            _ => None,
        })
    }

    /// 419.7: damage from `source` to `to` passes every prevention effect that applies, the
    /// resolved ones in the order they began, then the static abilities of permanents in play
    /// (their conditions checked now); each logs what it stopped. Returns what is left.
    pub(super) fn prevent(
        &mut self,
        source: &Object,
        to: TargetRef,
        combat: bool,
        amount: u32,
    ) -> u32 {
        let mut left = amount;
        let mut stopped: Vec<(u32, String)> = Vec::new();
        // What a static ability does each time it stops damage (its holder, the damage, and
        // the prevention), carried out once every effect has been asked.
        let mut follow_ups: Vec<(Object, u32, Prevention)> = Vec::new();
        for e in &self.game.preventions {
            if left == 0 {
                break;
            }
            let ctx = self.filter_context(e.source_id, e.controller);
            let stop = e
                .prevention
                .stops(&self.game, &ctx, source, to, combat, left);
            if stop > 0 {
                left -= stop;
                stopped.push((stop, e.source.clone()));
            }
        }
        let statics = self.statics_in_force(|e| matches!(e, StaticEffect::Prevent(_)));
        for s in statics {
            if left == 0 {
                break;
            }
            let StaticEffect::Prevent(p) = s.effect else {
                continue;
            };
            let stop = p.stops(&self.game, &s.ctx, source, to, combat, left);
            if stop > 0 {
                left -= stop;
                if p.then.is_empty() {
                    stopped.push((stop, s.holder.label.clone()));
                } else {
                    follow_ups.push((s.holder.clone(), stop, p.clone()));
                }
            }
        }
        let to_name = self.target_name(to);
        for (amount, by) in stopped {
            self.log(
                "419.7",
                EventKind::Prevented {
                    source: source.label.clone(),
                    to: to_name.clone(),
                    amount,
                    by,
                },
            );
        }
        for (holder, stop, p) in follow_ups {
            self.stopped_with_more(holder, source, to, stop, p);
        }
        left
    }

    /// 419.6: the static abilities of permanents in play (their conditions checked now) that
    /// increase damage from `source` to `to` ("it deals double that damage ... instead"), each
    /// applied once (419.6a) and logged. When several apply, the affected player or the
    /// controller of the affected permanent chooses their order (419.9a): the choice is made
    /// as the one that deals the least damage, doublings before additions. Returns the damage
    /// to deal.
    pub(super) fn increased(
        &mut self,
        source: &Object,
        to: TargetRef,
        combat: bool,
        amount: u32,
    ) -> u32 {
        let mut found: Vec<(String, crate::prevention::Increase)> = Vec::new();
        for s in self.statics_in_force(|e| matches!(e, StaticEffect::IncreaseDamage(_))) {
            if let StaticEffect::IncreaseDamage(i) = s.effect
                && i.applies(&self.game, &s.ctx, source, to, combat)
            {
                found.push((s.holder.label.clone(), i.increase));
            }
        }
        if found.is_empty() {
            return amount;
        }
        found.sort_by_key(|(_, i)| matches!(i, crate::prevention::Increase::Plus(_)));
        let to_name = self.target_name(to);
        if found.len() > 1 {
            let who = match to {
                TargetRef::Player(p) => self.name(p),
                TargetRef::Object(id) => self
                    .game
                    .object(id)
                    .map_or_else(String::new, |o| self.name(o.controller)),
            };
            let order: Vec<&str> = found.iter().map(|(by, _)| by.as_str()).collect();
            self.log(
                "419.9a",
                EventKind::Note {
                    text: format!(
                        "{who} applies the replacement effects on damage to {to_name} in the order that deals the least damage: {}",
                        order.join(", then ")
                    ),
                },
            );
        }
        let mut n = amount;
        for (by, increase) in found {
            let before = n;
            n = increase.apply(n);
            self.log(
                "419.6",
                EventKind::Note {
                    text: format!(
                        "{before} damage {} would deal to {to_name} becomes {n}: {by}'s replacement effect",
                        source.label
                    ),
                },
            );
        }
        n
    }

    /// A static ability with more to do stopped `stop` damage from `source` to `to`: logged
    /// now, and the more done now, or, while combat damage is dealt, once for all of it
    /// ([`Engine::prevented_combat_damage`]).
    fn stopped_with_more(
        &mut self,
        holder: Object,
        source: &Object,
        to: TargetRef,
        stop: u32,
        prevention: Prevention,
    ) {
        let to_name = self.target_name(to);
        if prevention.replaces {
            self.log(
                "419.6",
                EventKind::Note {
                    text: format!(
                        "{stop} damage {} would deal to {to_name} isn't dealt: {}'s effect replaces it",
                        source.label, holder.label
                    ),
                },
            );
        } else {
            self.log(
                "419.7",
                EventKind::Prevented {
                    source: source.label.clone(),
                    to: to_name,
                    amount: stop,
                    by: holder.label.clone(),
                },
            );
        }
        let stopped = Stopped {
            holder,
            to,
            amount: stop,
            prevention,
        };
        match &mut self.prevented_at_once {
            Some(seen) => match seen.iter_mut().find(|s| s.same_event(&stopped)) {
                Some(s) => s.amount = s.amount.saturating_add(stop),
                None => seen.push(stopped),
            },
            None => self.do_more(stopped),
        }
    }

    /// The combat damage dealt at once is over: each static prevention that stopped some of
    /// it does its more once, "that many" being all it stopped of that event (310.4).
    pub(super) fn prevented_combat_damage(&mut self) {
        for s in self.prevented_at_once.take().unwrap_or_default() {
            self.do_more(s);
        }
    }

    /// "... prevent that damage and remove a +1/+1 counter from it" (419.7e: the rest of the
    /// effect takes place immediately after the prevention), "put that many -1/-1 counters on
    /// it instead" (419.6, 419.5: the modified event happens instead): the permanent's
    /// controller carries out the instructions at once, with "that many" the damage stopped.
    fn do_more(&mut self, s: Stopped) {
        let said: Vec<String> = s
            .prevention
            .then
            .iter()
            .map(crate::view::describe_effect)
            .collect();
        let (rule, how) = if s.prevention.replaces {
            ("419.6", "instead of that damage")
        } else {
            ("419.7e", "as it prevents that damage")
        };
        self.log(
            rule,
            EventKind::Note {
                text: format!(
                    "{how} ({} to {}), {}: {}",
                    s.amount,
                    self.target_name(s.to),
                    s.holder.label,
                    said.join(", then ")
                ),
            },
        );
        let from = From {
            object: s.holder.clone(),
            controller: s.holder.controller,
            moved_to: None,
        };
        let chosen = super::resolve::Chosen::new(&[], &[], &[], &[]);
        for e in crate::ability::bind_that_much(&s.prevention.then, s.amount) {
            self.carry_out(&e, &from, None, &chosen);
        }
    }
}

/// Damage a static prevention with more to do stopped, waiting while combat damage is dealt.
pub(super) struct Stopped {
    holder: Object,
    to: TargetRef,
    amount: u32,
    prevention: Prevention,
}

impl Stopped {
    /// The same ability stopping damage to the same thing: one event for the damage dealt at
    /// once.
    fn same_event(&self, other: &Stopped) -> bool {
        self.holder.id == other.holder.id
            && self.to == other.to
            && self.prevention == other.prevention
    }
}
