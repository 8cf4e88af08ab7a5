//! Prevention effects at work (419.7): those resolved spells and abilities began, and the
//! static ones of permanents in play, each asked about every damage that would be dealt.

use super::Engine;
use super::resolve::From;
use crate::ability::{Ability, Duration, StaticEffect, Subject};
use crate::events::EventKind;
use crate::model::{Object, PreventionEffect, TargetRef};
use crate::prevention::{Prevention, Side};

impl Engine<'_> {
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
        for holder in self.game.in_play() {
            for a in holder.abilities().iter() {
                if left == 0 {
                    break;
                }
                let Ability::Static {
                    effect: StaticEffect::Prevent(p),
                    condition,
                    ..
                } = a
                else {
                    continue;
                };
                let ctx = self.filter_context(holder.id, holder.controller);
                if condition
                    .as_ref()
                    .is_some_and(|c| !c.holds(&self.game, &ctx))
                {
                    continue;
                }
                let stop = p.stops(&self.game, &ctx, source, to, combat, left);
                if stop > 0 {
                    left -= stop;
                    stopped.push((stop, holder.label.clone()));
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
        left
    }
}
