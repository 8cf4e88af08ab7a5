//! State-based effects (420): checked whenever a player would receive priority (408.1b); all
//! that apply happen at once, as a single event, and the check repeats until none apply.

use super::Engine;
use crate::events::EventKind;
use crate::model::{Counter, ObjectId, PlayerId, Position, Zone};
use crate::typeline::{CardType, Supertype};
use std::collections::BTreeMap;

/// One state-based effect that applies now.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sbe {
    Loses {
        player: PlayerId,
        rule: &'static str,
        why: String,
    },
    ToGraveyard {
        id: ObjectId,
        rule: &'static str,
    },
    Destroy {
        id: ObjectId,
        rule: &'static str,
    },
    /// Current 704.5w: a battle gets a new protector.
    Protector {
        id: ObjectId,
        player: PlayerId,
    },
    /// Current 704.5j: a player controls two or more legendary permanents with the same name,
    /// and keeps one of their choice.
    Legends {
        controller: PlayerId,
        ids: Vec<ObjectId>,
    },
    CeaseToExist {
        id: ObjectId,
    },
    CancelCounters {
        id: ObjectId,
        n: u32,
    },
    Unattach {
        id: ObjectId,
        rule: &'static str,
    },
    /// Current 702.103f: a bestowed Aura attached illegally or to nothing becomes unattached
    /// and ceases to be bestowed, an exception to 420.5d.
    Unbestow {
        id: ObjectId,
    },
}

impl Engine<'_> {
    fn sbe_list(&self) -> Vec<Sbe> {
        let g = &self.game;
        let mut out = Vec::new();
        for p in g.players.iter().filter(|p| !p.lost) {
            if p.life <= 0 {
                out.push(Sbe::Loses {
                    player: p.id,
                    rule: "420.5a",
                    why: format!("{} life", p.life),
                });
            } else if p.poison >= 10 {
                out.push(Sbe::Loses {
                    player: p.id,
                    rule: "420.5h",
                    why: format!("{} poison counters", p.poison),
                });
            } else if p.drew_from_empty {
                out.push(Sbe::Loses {
                    player: p.id,
                    rule: "420.5g",
                    why: "drew from an empty library".into(),
                });
            }
        }
        // 420.5e: in 2009 every legendary permanent sharing a name goes; now (704.5j) only
        // those one player controls, who keeps one.
        let per_controller = g.rules.has(crate::edition::Change::LegendRulePerController);
        let mut legends: BTreeMap<(Option<PlayerId>, String), Vec<ObjectId>> = BTreeMap::new();
        let mut walkers: BTreeMap<String, Vec<ObjectId>> = BTreeMap::new();
        for o in g.in_play() {
            if o.is(CardType::Creature) {
                let toughness = g.toughness(o.id).unwrap_or(0);
                if toughness <= 0 {
                    out.push(Sbe::ToGraveyard {
                        id: o.id,
                        rule: "420.5b",
                    });
                } else if i64::from(o.damage()) >= i64::from(toughness)
                    // Glossary "Indestructible": it ignores the lethal-damage state-based effect.
                    && !g.has_keyword(o.id, &crate::ability::Keyword::Indestructible)
                {
                    out.push(Sbe::Destroy {
                        id: o.id,
                        rule: "420.5c",
                    });
                } else if o.status.as_ref().is_some_and(|s| s.deathtouched)
                    && !g.has_keyword(o.id, &crate::ability::Keyword::Indestructible)
                {
                    // Current 704.5h: dealt damage by a source with deathtouch since the last
                    // check (static deathtouch only marks it).
                    out.push(Sbe::Destroy {
                        id: o.id,
                        rule: "current 704.5h",
                    });
                }
            }
            if o.is(CardType::Enchantment) && o.type_line().has_subtype("Aura") {
                // 420.5d: attached to nothing, or to what its enchant abilities don't allow
                // (502.45c), or to what has protection from it (502.7c).
                let legal = match o.enchants_player() {
                    // An Aura that enchants a player: attached to one still in the game (an
                    // opponent of its controller for "Enchant opponent").
                    Some(opponent) => o
                        .status
                        .as_ref()
                        .and_then(|s| s.attached_to_player)
                        .and_then(|p| g.player(p))
                        .is_some_and(|p| !(p.lost || (opponent && p.id == o.controller))),
                    None => o
                        .attached_to()
                        .and_then(|t| g.object(t))
                        .is_some_and(|t| g.can_enchant(o, t)),
                };
                if !legal && o.bestowed.is_some() {
                    out.push(Sbe::Unbestow { id: o.id });
                } else if !legal {
                    let protected = o.attached_to().is_some_and(|t| g.protected_from(t, o));
                    out.push(Sbe::ToGraveyard {
                        id: o.id,
                        rule: if protected { "502.7c" } else { "420.5d" },
                    });
                }
            }
            // 420.5k, 212.2i: an Equipment attached to anything but a creature in play, or that
            // is a creature itself, becomes unattached and stays in play; so does one attached
            // to a creature with protection from it (502.7d).
            if o.type_line().has_subtype("Equipment") && o.attached_to().is_some() {
                let legal = !o.is(CardType::Creature)
                    && o.attached_to().and_then(|t| g.object(t)).is_some_and(|t| {
                        t.zone == Zone::InPlay
                            && t.is(CardType::Creature)
                            && t.id != o.id
                            && !g.protected_from(t.id, o)
                    });
                if !legal {
                    let protected = o.attached_to().is_some_and(|t| g.protected_from(t, o));
                    out.push(Sbe::Unattach {
                        id: o.id,
                        rule: if protected { "502.7d" } else { "420.5k" },
                    });
                }
            }
            // Every planeswalker card has been legendary in the Oracle text since 2017 (the
            // change that removed the uniqueness rule); a 2009 type line doesn't say so.
            let legendary = o.type_line().supertypes.contains(&Supertype::Legendary)
                || (per_controller && o.is(CardType::Planeswalker));
            if legendary {
                legends
                    .entry((per_controller.then_some(o.controller), o.name().to_string()))
                    .or_default()
                    .push(o.id);
            }
            if o.is(CardType::Planeswalker) {
                for t in &o.type_line().subtypes {
                    walkers.entry(t.clone()).or_default().push(o.id);
                }
            }
            if let Some(s) = &o.status {
                let plus = s.counters.get(&Counter::PlusOne).copied().unwrap_or(0);
                let minus = s.counters.get(&Counter::MinusOne).copied().unwrap_or(0);
                if plus > 0 && minus > 0 {
                    out.push(Sbe::CancelCounters {
                        id: o.id,
                        n: plus.min(minus),
                    });
                }
            }
            // Current 704.5v (310.7): a battle with defense 0, unless an ability it is the
            // source of has triggered and not yet left the stack.
            if o.is(CardType::Battle)
                && o.status
                    .as_ref()
                    .is_none_or(|s| s.counters.get(&Counter::Defense).copied().unwrap_or(0) == 0)
                && !g.stack_has_ability_of(o.id)
                && !self.pending.iter().any(|p| p.source == o.id)
            {
                out.push(Sbe::ToGraveyard {
                    id: o.id,
                    rule: "current 704.5v",
                });
            }
            // Current 704.5w (310.10): a battle with no protector, or one who left the game,
            // gets a new one; with none to be had, it goes.
            if o.is(CardType::Battle) {
                let protector = o.status.as_ref().and_then(|s| s.protector);
                let gone = protector.is_none_or(|p| g.player(p).is_none_or(|p| p.lost));
                let attacked = g.combat.as_ref().is_some_and(|c| c.is_attacked(o.id));
                if gone && !attacked {
                    match g.default_protector(o) {
                        Some(p) => out.push(Sbe::Protector {
                            id: o.id,
                            player: p,
                        }),
                        None => out.push(Sbe::ToGraveyard {
                            id: o.id,
                            rule: "current 704.5w",
                        }),
                    }
                }
            }
            if o.is(CardType::Planeswalker) && o.loyalty() == Some(0) {
                out.push(Sbe::ToGraveyard {
                    id: o.id,
                    rule: "420.5p",
                });
            }
        }
        for ((controller, _), ids) in legends.into_iter().filter(|(_, v)| v.len() > 1) {
            match controller {
                Some(controller) => out.push(Sbe::Legends { controller, ids }),
                None => out.extend(ids.iter().map(|id| Sbe::ToGraveyard {
                    id: *id,
                    rule: "420.5e",
                })),
            }
        }
        if per_controller {
            // The planeswalker uniqueness rule is gone (planeswalkers are legendary now).
            walkers.clear();
        }
        // 420.5q: planeswalkers that share a planeswalker type all go, each once however many
        // types it shares.
        let mut shared: Vec<ObjectId> = walkers
            .into_values()
            .filter(|v| v.len() > 1)
            .flatten()
            .collect();
        shared.sort_unstable();
        shared.dedup();
        out.extend(
            shared
                .into_iter()
                .map(|id| Sbe::ToGraveyard { id, rule: "420.5q" }),
        );
        for o in g.objects().filter(|o| o.token && o.zone != Zone::InPlay) {
            out.push(Sbe::CeaseToExist { id: o.id });
        }
        out
    }

    /// Whether any state-based effect applies (314.3).
    pub(super) fn sbe_pending(&self) -> bool {
        !self.sbe_list().is_empty()
    }

    /// Performs every state-based effect that applies, simultaneously (420.3). Returns whether
    /// any did.
    pub(super) fn state_based(&mut self) -> bool {
        let list = self.sbe_list();
        // Current 704.5h counts deathtouch damage since the last check: this one.
        self.forget_deathtouch();
        if list.is_empty() {
            return false;
        }
        for sbe in list {
            match sbe {
                Sbe::Loses { player, rule, why } => {
                    let _ = self.game.update_player(player, |p| {
                        p.lost = true;
                        p.drew_from_empty = false;
                    });
                    let name = self.name(player);
                    self.log(rule, EventKind::Loses { player: name, why });
                }
                Sbe::ToGraveyard { id, rule } => {
                    if self.game.object(id).is_some_and(|o| o.zone == Zone::InPlay) {
                        let label = self.label(id);
                        let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
                        let why = match rule {
                            "420.5b" => "its toughness is 0 or less",
                            "420.5d" => "the Aura is attached to nothing it can enchant",
                            "502.7c" => "what the Aura enchants has protection from it",
                            "420.5e" => "the legend rule",
                            "420.5q" => {
                                "it shares a planeswalker type with another planeswalker in play"
                            }
                            "current 704.5v" => "its defense is 0",
                            "current 704.5w" => "no player can be its protector",
                            _ => "its loyalty is 0",
                        };
                        self.log(
                            rule,
                            EventKind::Note {
                                text: format!("{label} is put into its owner's graveyard: {why}"),
                            },
                        );
                    }
                }
                Sbe::Destroy { id, rule } => self.destroy(id, true, rule),
                Sbe::Legends { controller, ids } => self.legend_rule(controller, &ids),
                Sbe::Protector { id, player } => {
                    let _ = self.game.update_status(id, |s| s.protector = Some(player));
                    let text = format!(
                        "{} becomes the protector of {}",
                        self.name(player),
                        self.label(id)
                    );
                    self.log("current 704.5w", EventKind::Note { text });
                }
                Sbe::Unbestow { id } => {
                    let _ = self.game.unbestow(id);
                    let label = self.label(id);
                    let text = format!(
                        "{label} is unattached and ceases to be bestowed: it is an enchantment creature again, still in play"
                    );
                    self.log("702.103f", EventKind::Note { text });
                }
                Sbe::CeaseToExist { id } => {
                    let label = self.label(id);
                    let _ = self.game.cease_to_exist(id);
                    self.log(
                        "420.5f",
                        EventKind::Note {
                            text: format!("the token {label} ceases to exist"),
                        },
                    );
                }
                Sbe::Unattach { id, rule } => {
                    let _ = self.game.update_status(id, |s| s.attached_to = None);
                    let label = self.label(id);
                    let why = if rule == "502.7d" {
                        " (the creature has protection from it)"
                    } else {
                        ""
                    };
                    self.log(
                        rule,
                        EventKind::Note {
                            text: format!("{label} becomes unattached and stays in play{why}"),
                        },
                    );
                }
                Sbe::CancelCounters { id, n } => {
                    let _ = self.game.update_status(id, |s| {
                        for c in [Counter::PlusOne, Counter::MinusOne] {
                            let left = s.counters.get(&c).copied().unwrap_or(0) - n;
                            if left == 0 {
                                s.counters.remove(&c);
                            } else {
                                s.counters.insert(c, left);
                            }
                        }
                    });
                    let label = self.label(id);
                    self.log(
                        "420.5n",
                        EventKind::Note {
                            text: format!(
                                "{n} +1/+1 and {n} -1/-1 counters are removed from {label}"
                            ),
                        },
                    );
                }
            }
        }
        true
    }

    /// Current 704.5j: the player keeps one of the legendary permanents with the same name
    /// (asked through `choose`; the default keeps the one named first) and puts the rest into
    /// their owners' graveyards.
    fn legend_rule(&mut self, controller: PlayerId, ids: &[ObjectId]) {
        let options: Vec<crate::engine::Choice> = ids
            .iter()
            .map(|id| crate::engine::Choice::Object(*id))
            .collect();
        let name = self
            .game
            .object(ids[0])
            .map(|o| o.name().to_string())
            .unwrap_or_default();
        let question = format!("which {name} to keep (the legend rule)");
        // Asked about the first of them, by label: a script answers "<its label>: <keep>".
        let first = self.label(ids[0]);
        let keep = match self.ask_choice(controller, &first, &question, &options, "current 704.5j")
        {
            Some(crate::engine::Choice::Object(id)) => id,
            _ => ids[0],
        };
        for id in ids.iter().copied().filter(|id| *id != keep) {
            if self.game.object(id).is_some_and(|o| o.zone == Zone::InPlay) {
                let label = self.label(id);
                let _ = self.game.move_object(id, Zone::Graveyard, Position::Top);
                let kept = self.label(keep);
                self.log(
                    "current 704.5j",
                    EventKind::Note {
                        text: format!(
                            "{label} is put into its owner's graveyard: the legend rule ({} keeps {kept})",
                            self.name(controller)
                        ),
                    },
                );
            }
        }
    }

    /// Forgets which creatures were dealt deathtouch damage (current 704.5h), as state-based
    /// actions are checked.
    fn forget_deathtouch(&mut self) {
        let marked: Vec<ObjectId> = self
            .game
            .in_play()
            .filter(|o| o.status.as_ref().is_some_and(|s| s.deathtouched))
            .map(|o| o.id)
            .collect();
        for id in marked {
            let _ = self.game.update_status(id, |s| s.deathtouched = false);
        }
    }
}
