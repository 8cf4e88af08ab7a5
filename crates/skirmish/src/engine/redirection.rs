//! Redirection effects at work (419.6c): those resolved spells and abilities began, and the
//! static ones of permanents in play, each asked once about every damage event (419.6a).

use super::Engine;
use super::resolve::From;
use crate::ability::{Duration, StaticEffect, Subject};
use crate::events::EventKind;
use crate::filter::Amount;
use crate::model::{Object, ObjectId, RedirectionEffect, TargetRef, Zone};
use crate::redirection::{Named, Onto, Redirection};
use crate::typeline::CardType;

/// Which redirection effect met a damage event: a resolved one by its place in the game's
/// list, or a static ability by its permanent and its place among that permanent's abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RedirectKey {
    Resolved(usize),
    Static(ObjectId, usize),
}

/// One redirection effect that may meet an event, as found before any of them is applied.
struct Candidate {
    key: RedirectKey,
    redirection: Redirection,
    /// The object whose effect it is ("~") and its controller, for reading descriptions.
    holder: ObjectId,
    controller: crate::model::PlayerId,
    by: String,
    remaining: Option<u32>,
}

impl Engine<'_> {
    /// A resolving redirection instruction begins its effect (419.6c): its one named thing
    /// fixed now (its target still legal, or "it"), "~" being the object whose ability it is;
    /// nothing if that target is gone (413.2a). "The next N damage": a shield of N, counted
    /// as it begins.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn begin_redirection(
        &mut self,
        from: &From,
        what: Option<&Subject>,
        named: Named,
        redirection: &Redirection,
        next: Option<&Amount>,
        duration: Duration,
        target: Option<TargetRef>,
    ) {
        let mut r = redirection.clone();
        match (what, named, target) {
            (None, ..) => {}
            (Some(_), _, None) => return,
            (Some(_), Named::Reach(side), Some(t)) => {
                let Some(bound) = side.bind(&r.reach, t).into_iter().next() else {
                    return;
                };
                r.reach = bound;
            }
            (Some(_), Named::Onto, Some(t)) => r.onto = Onto::fixed(t),
        }
        // "~" and "you" are fixed as it begins; a resolving spell is no creature to take the
        // damage, nor is the permanent an Aura's resolved ability leaves unenchanted.
        let Some(onto) = r.onto.resolve(&self.game, from.object.id, from.controller) else {
            return;
        };
        r.onto = Onto::fixed(onto);
        let remaining = next.map(|n| self.count_of(n, from, u32::MAX));
        // "until your next turn" (418.3a): until the controller's next turn begins.
        let duration = match duration {
            Duration::UntilYourNextTurn => Duration::UntilTurnOf {
                player: from.controller,
            },
            d => d,
        };
        let source = from.object.label.clone();
        let onto = self.target_name(onto);
        let reach = r.reach.reach();
        let text = match remaining {
            Some(n) => {
                let rest = reach.strip_prefix("all ").unwrap_or(&reach);
                format!("{source}: the next {n} {rest} this turn will be dealt to {onto} instead")
            }
            None => format!("{source}: {reach} will be dealt to {onto} instead"),
        };
        self.game.redirections.push(RedirectionEffect {
            source,
            source_id: from.object.id,
            controller: from.controller,
            redirection: r,
            duration,
            remaining,
        });
        self.log("419.6c", EventKind::Note { text });
    }

    /// 419.6c: the parts of `amount` damage from `source` to `to` that redirection effects
    /// send elsewhere, each with where it goes and the effect that sent it: the resolved
    /// effects in the order they began, then the static abilities of permanents in play (their
    /// conditions checked now). An effect doesn't meet an event it already replaced (419.6a),
    /// and does nothing if where it sends the damage is no longer in play or no longer a
    /// creature or planeswalker (419.6c), or is what the damage was going to. Returns the
    /// damage left for `to` and the parts.
    pub(super) fn redirected(
        &mut self,
        source: &Object,
        to: TargetRef,
        combat: bool,
        amount: u32,
    ) -> (u32, Vec<(TargetRef, u32, RedirectKey)>) {
        let candidates = self.redirection_candidates();
        let mut left = amount;
        let mut parts = Vec::new();
        for c in candidates {
            if left == 0 {
                break;
            }
            if self.redirecting.contains(&c.key) || c.remaining == Some(0) {
                continue;
            }
            let ctx = self.filter_context(c.holder, c.controller);
            let reached = c
                .redirection
                .reach
                .stops(&self.game, &ctx, source, to, combat, left);
            let part = c.remaining.map_or(reached, |n| n.min(reached));
            let Some(onto) = c
                .redirection
                .onto
                .resolve(&self.game, c.holder, c.controller)
            else {
                continue;
            };
            if part == 0 || onto == to || !self.can_be_dealt_damage(onto) {
                continue;
            }
            if let (RedirectKey::Resolved(i), Some(n)) = (c.key, c.remaining)
                && let Some(e) = self.game.redirections.get_mut(i)
            {
                e.remaining = Some(n - part);
            }
            left -= part;
            let text = format!(
                "{part} damage {} would deal to {} is dealt to {} instead ({})",
                source.label,
                self.target_name(to),
                self.target_name(onto),
                c.by
            );
            self.log("419.6c", EventKind::Note { text });
            parts.push((onto, part, c.key));
        }
        (left, parts)
    }

    fn redirection_candidates(&self) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = self
            .game
            .redirections
            .iter()
            .enumerate()
            .map(|(i, e)| Candidate {
                key: RedirectKey::Resolved(i),
                redirection: e.redirection.clone(),
                holder: e.source_id,
                controller: e.controller,
                by: e.source.clone(),
                remaining: e.remaining,
            })
            .collect();
        for s in self.statics_in_force(|e| matches!(e, StaticEffect::Redirect(_))) {
            if let StaticEffect::Redirect(r) = s.effect {
                out.push(Candidate {
                    key: RedirectKey::Static(s.holder.id, s.index),
                    redirection: r.clone(),
                    holder: s.holder.id,
                    controller: s.holder.controller,
                    by: s.holder.label.clone(),
                    remaining: None,
                });
            }
        }
        out
    }

    /// Whether damage can be dealt or redirected to it (310.4c, 419.6c): a player in the
    /// game, or a creature or planeswalker (a battle, current 614.9) in play.
    pub(super) fn can_be_dealt_damage(&self, onto: TargetRef) -> bool {
        match onto {
            TargetRef::Player(p) => self.game.player(p).is_some_and(|pl| !pl.lost),
            TargetRef::Object(id) => self.game.object(id).is_some_and(|o| {
                o.zone == Zone::InPlay
                    && (o.is(CardType::Creature)
                        || o.is(CardType::Planeswalker)
                        || o.is(CardType::Battle))
            }),
        }
    }
}
