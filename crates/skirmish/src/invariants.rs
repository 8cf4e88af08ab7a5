//! Consistency checks on a [`Game`]: things no rule can make false, so a failure is a bug in
//! Skirmish, never a game situation. Tests turn on the `invariants` feature, which runs
//! [`check`] after every state change; anyone may call it on a state they built.

use crate::model::{AttackTarget, Game, ObjectId, StackKind, TargetRef, Zone};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the `invariants` feature's checks run (they do unless switched off).
static CHECKING: AtomicBool = AtomicBool::new(true);

/// Switches the `invariants` feature's checks after every state change on or off for the whole
/// process. Benchmarks switch them off: Cargo builds them with the test suite's features, and
/// they measure what a release build does.
pub fn set_checking(on: bool) {
    CHECKING.store(on, Ordering::Relaxed);
}

/// Whether the checks after every state change run.
pub fn checking() -> bool {
    CHECKING.load(Ordering::Relaxed)
}
use crate::typeline::CardType;
use std::collections::{BTreeMap, BTreeSet};

/// Every broken invariant, or `Ok` if there is none.
pub fn check(game: &Game) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut seen: BTreeMap<ObjectId, Vec<String>> = BTreeMap::new();

    let mut note = |id: ObjectId, zone: Zone, owner: Option<u32>| {
        seen.entry(id).or_default().push(format!(
            "{zone}{}",
            owner.map(|o| format!(" of player {o}")).unwrap_or_default()
        ));
    };
    for (i, p) in game.players.iter().enumerate() {
        if p.id.0 as usize != i {
            problems.push(format!("player {} sits at seat {i}", p.id.0));
        }
        for (zone, list) in [
            (Zone::Library, &p.library),
            (Zone::Hand, &p.hand),
            (Zone::Graveyard, &p.graveyard),
            (Zone::RemovedFromGame, &p.removed_from_game),
        ] {
            for id in list {
                note(*id, zone, Some(p.id.0));
                match game.object(*id) {
                    None => problems.push(format!(
                        "{id} is listed in {zone} of {} but doesn't exist",
                        p.name
                    )),
                    Some(o) if o.zone != zone || o.owner != p.id => problems.push(format!(
                        "{} ({id}) is listed in {}'s {zone} but says it is in {} of player {}",
                        o.label, p.name, o.zone, o.owner.0
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    for (zone, list) in [
        (Zone::InPlay, game.in_play_ids()),
        (Zone::Stack, game.stack_ids()),
    ] {
        for id in list {
            if zone == Zone::Stack {
                match game.stack_item(*id) {
                    None => {
                        problems.push(format!("{id} is on the stack with no record of what it is"))
                    }
                    // An ability on the stack is an object without a card (200.8).
                    Some(item) if item.kind != StackKind::Spell => continue,
                    Some(_) => {}
                }
            }
            note(*id, zone, None);
            match game.object(*id) {
                None => problems.push(format!("{id} is listed {zone} but doesn't exist")),
                Some(o) if o.zone != zone => problems.push(format!(
                    "{} ({id}) is listed {zone} but says it is in {}",
                    o.label, o.zone
                )),
                Some(_) => {}
            }
        }
    }
    for (id, zones) in &seen {
        if zones.len() > 1 {
            problems.push(format!(
                "{id} is in more than one zone: {}",
                zones.join(", ")
            ));
        }
    }

    let mut labels = BTreeSet::new();
    for o in game.objects() {
        if !seen.contains_key(&o.id) {
            problems.push(format!("{} ({}) is in no zone", o.label, o.id));
        }
        if !labels.insert(o.label.as_str()) {
            problems.push(format!("two objects are labelled \"{}\"", o.label));
        }
        if game.player(o.owner).is_none() || game.player(o.controller).is_none() {
            problems.push(format!(
                "{} has an owner or controller who isn't a player",
                o.label
            ));
        }
        if !matches!(o.zone, Zone::InPlay | Zone::Stack) && o.controller != o.owner {
            problems.push(format!(
                "{} is in {} but controlled by someone other than its owner (217.5d)",
                o.label, o.zone
            ));
        }
        match (&o.status, o.zone) {
            (Some(_), z) if z != Zone::InPlay => problems.push(format!(
                "{} has permanent status outside play (217.5d)",
                o.label
            )),
            (None, Zone::InPlay) => {
                problems.push(format!("{} is in play without a status", o.label))
            }
            _ => {}
        }
        if let Some(status) = &o.status {
            if let Some(target) = status.attached_to {
                match game.object(target) {
                    Some(t) if t.zone == Zone::InPlay && t.id != o.id => {}
                    Some(t) if t.id == o.id => {
                        problems.push(format!("{} is attached to itself (212.4g)", o.label))
                    }
                    _ => problems.push(format!(
                        "{} is attached to {target}, which is not a permanent in play",
                        o.label
                    )),
                }
            }
            if status.counters.values().any(|n| *n == 0) {
                problems.push(format!(
                    "{} keeps a counter kind with zero counters",
                    o.label
                ));
            }
        }
    }

    if let Some(combat) = &game.combat {
        let active = game.turn.active;
        for (attacker, target) in &combat.attackers {
            match game.object(*attacker) {
                Some(a) if a.zone == Zone::InPlay && a.is(CardType::Creature) && a.controller == active => {}
                _ => problems.push(format!(
                    "{attacker} attacks but is not a creature in play controlled by the active player (306.2, 306.3)"
                )),
            }
            match target {
                AttackTarget::Player(p) if *p == active || game.player(*p).is_none() => {
                    problems.push(format!("{attacker} attacks player {} who can't be attacked", p.0))
                }
                AttackTarget::Battle(b) => match game.object(*b) {
                    Some(w)
                        if w.zone == Zone::InPlay
                            && w.is(CardType::Battle)
                            && game.attacked_player(target).is_some_and(|p| p != active) => {}
                    _ => problems.push(format!(
                        "{attacker} attacks {b}, which is not a battle in play an opponent protects (current 310.8b)"
                    )),
                },
                AttackTarget::Planeswalker(pw) => match game.object(*pw) {
                    Some(w) if w.zone == Zone::InPlay && w.is(CardType::Planeswalker) && w.controller != active => {}
                    _ => problems.push(format!(
                        "{attacker} attacks {pw}, which is not an opponent's planeswalker in play (306.3)"
                    )),
                },
                _ => {}
            }
        }
        for (blocker, attacked) in &combat.blockers {
            match game.object(*blocker) {
                Some(b) if b.zone == Zone::InPlay && b.is(CardType::Creature) && b.controller != active => {}
                _ => problems.push(format!(
                    "{blocker} blocks but is not a creature in play controlled by a defending player (306.3)"
                )),
            }
            for a in attacked {
                if !combat.attackers.contains_key(a) {
                    problems.push(format!("{blocker} blocks {a}, which is not attacking"));
                }
                if !combat.blocked.contains(a) {
                    problems.push(format!(
                        "{a} has a blocker but is not marked blocked (309.2e)"
                    ));
                }
            }
        }
        for b in &combat.blocked {
            if !combat.attackers.contains_key(b) {
                problems.push(format!("{b} is blocked but not attacking"));
            }
        }
        // 502.10b-d: bands of two or more attacking creatures, each in one band at most.
        let mut banded = std::collections::BTreeSet::new();
        for band in &combat.bands {
            if band.len() < 2 {
                problems.push(format!("a band has {} member(s)", band.len()));
            }
            for m in band {
                if !combat.attackers.contains_key(m) {
                    problems.push(format!("{m} is in a band but not attacking"));
                }
                if !banded.insert(*m) {
                    problems.push(format!("{m} is in two bands"));
                }
            }
        }
    }

    for shield in &game.shields {
        if let TargetRef::Object(id) = shield.protects {
            if game.object(id).is_none_or(|o| o.zone != Zone::InPlay) {
                problems.push(format!(
                    "a shield from {} protects {id}, which is not in play",
                    shield.source
                ));
            }
        }
    }
    for e in &game.effects {
        if game
            .object(e.affected)
            .is_none_or(|o| o.zone != Zone::InPlay)
        {
            problems.push(format!(
                "an effect from {} applies to {}, which is not in play",
                e.source, e.affected
            ));
        }
    }
    // 402.9: asking for one keyword agrees with listing them all (the fast path of evasion).
    for o in game.in_play() {
        let all = game.keywords(o.id);
        let mut asked: Vec<crate::ability::Keyword> = all.clone();
        // Printed ones too: an object that lost all its abilities no longer lists them.
        for a in o.abilities().iter().chain(o.card.abilities.iter()) {
            if let crate::ability::Ability::Keyword { keyword } = a {
                asked.push(keyword.clone());
            }
        }
        for e in game.effects_on(o.id) {
            match &e.effect {
                crate::ability::Effect::GainKeyword { keyword, .. }
                | crate::ability::Effect::LoseKeyword { keyword, .. } => {
                    asked.push(keyword.clone())
                }
                crate::ability::Effect::Animate { keywords, .. } => asked.extend(keywords.clone()),
                _ => {}
            }
        }
        for k in asked {
            if game.has_keyword(o.id, &k) != all.contains(&k) {
                problems.push(format!(
                    "{} has_keyword({k}) disagrees with its keywords {all:?}",
                    o.label
                ));
            }
        }
    }

    // 418.5a: the characteristics each object carries are those its effects and the static
    // abilities in play give it now, recomputed from scratch on a copy.
    let fresh = game.fresh_characteristics();
    for o in game.objects() {
        let expected = fresh.get(&o.id).cloned().flatten();
        if o.altered != expected {
            problems.push(format!(
                "{}'s characteristics are stale: {:?}, but its effects and static abilities give {:?}",
                o.label, o.altered, expected
            ));
        }
    }

    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
