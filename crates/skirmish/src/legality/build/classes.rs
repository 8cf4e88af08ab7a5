//! Classes of interchangeable creatures: permanents no rule the builder asks about can tell
//! apart (500.1's restrictions and requirements, 309.2a's "can block", the evasion rules of
//! 502). Building a block problem judges each attacker-class × blocker-class pair once and
//! copies the answer to the members, so 500 identical Bears against 500 cost one judgement,
//! not 250,000 (issue 11).
//!
//! Being interchangeable is decided conservatively: anything that might differ puts two
//! creatures in different classes. Two creatures share a class only when
//! - they are equal as objects except for their id, label and timestamp (same card, owner,
//!   controller, status: tapped, summoning sickness, damage, counters, attachments,
//!   designations; same characteristics after the layers of 418.5a, granted abilities
//!   included);
//! - nothing in the game mentions either of them ([`Game::ids_mentioned`]: no Aura or
//!   Equipment on it, no effect on it, no target, no block, no requirement, no event);
//! - they attack the same thing (or neither attacks), and both or neither attacked this turn
//!   and during each player's last turn;
//! - the same rules bind them in the same order, each from the same permanent, or each from
//!   the creature itself; for attackers, with the same keywords.
//!
//! The test suite checks the shortcut against the builder that judges every pair
//! (`tests/properties/build_classes.rs`).

use super::Bound;
use crate::ability::Keyword;
use crate::model::{Game, Object, ObjectId, PlayerId};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// A partition of a list of creatures: `of[i]` is creature `i`'s class, and `reps[c]` the index
/// of class `c`'s first member, the one judged for all.
pub(super) struct Classes {
    pub of: Vec<usize>,
    pub reps: Vec<usize>,
}

/// What the builder knows about one creature: the object, the rules that bind it, and (for
/// attackers) its keywords.
pub(super) struct Member<'a, 'g> {
    pub object: &'g Object,
    pub rules: &'a [Bound<'g>],
    pub keywords: Option<&'a [Keyword]>,
}

/// The creatures with their rules (and keywords), as [`partition`] takes them.
pub(super) fn members<'a, 'g>(
    objects: &[&'g Object],
    rules: &'a [Vec<Bound<'g>>],
    keywords: Option<&'a [Vec<Keyword>]>,
) -> Vec<Member<'a, 'g>> {
    objects
        .iter()
        .zip(rules)
        .enumerate()
        .map(|(i, (object, rules))| Member {
            object,
            rules,
            keywords: keywords.map(|k| &k[i][..]),
        })
        .collect()
}

/// Partitions the creatures into classes of interchangeable ones, in order of first members.
pub(super) fn partition(
    game: &Game,
    members: &[Member<'_, '_>],
    mentioned: &HashSet<ObjectId>,
) -> Classes {
    let mut of = Vec::with_capacity(members.len());
    let mut reps: Vec<usize> = Vec::new();
    // Candidates by a hash of cheap fields, so that a member is compared in full with the
    // representatives of its bucket only: linear for a board of identical creatures.
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    let history = History::of(game);
    for (i, m) in members.iter().enumerate() {
        if mentioned.contains(&m.object.id) {
            of.push(reps.len());
            reps.push(i);
            continue;
        }
        let bucket = buckets.entry(quick_hash(game, m.object)).or_default();
        let found = bucket
            .iter()
            .copied()
            .find(|&c| interchangeable(game, &history, &members[reps[c]], m));
        match found {
            Some(c) => of.push(c),
            None => {
                bucket.push(reps.len());
                of.push(reps.len());
                reps.push(i);
            }
        }
    }
    Classes { of, reps }
}

fn quick_hash(game: &Game, o: &Object) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    std::sync::Arc::as_ptr(&o.card).hash(&mut h);
    (o.controller, o.owner, o.token).hash(&mut h);
    if let Some(s) = &o.status {
        (s.tapped, s.summoning_sick, s.damage, s.attached_to).hash(&mut h);
        s.counters.hash(&mut h);
    }
    o.power().hash(&mut h);
    o.toughness().hash(&mut h);
    game.attack_target(o.id).hash(&mut h);
    h.finish()
}

/// Which creatures attacked this turn, and during whose last turn each attacked ("attacked
/// this turn", "attacked during its controller's last turn"), found once per partition.
struct History {
    this_turn: HashSet<ObjectId>,
    last_turn: HashMap<ObjectId, Vec<PlayerId>>,
}

impl History {
    fn of(game: &Game) -> History {
        let mut last_turn: HashMap<ObjectId, Vec<PlayerId>> = HashMap::new();
        for (p, ids) in &game.attacked_last_turn {
            for id in ids {
                last_turn.entry(*id).or_default().push(*p);
            }
        }
        History {
            this_turn: game.attacked_this_turn.iter().copied().collect(),
            last_turn,
        }
    }
}

/// Whether `m` is interchangeable with the representative `rep` (see the module's comment).
fn interchangeable(
    game: &Game,
    history: &History,
    rep: &Member<'_, '_>,
    m: &Member<'_, '_>,
) -> bool {
    let (a, b) = (rep.object, m.object);
    same_object(a, b)
        && game.attack_target(a.id) == game.attack_target(b.id)
        && history.this_turn.contains(&a.id) == history.this_turn.contains(&b.id)
        && history.last_turn.get(&a.id) == history.last_turn.get(&b.id)
        && rep.keywords == m.keywords
        && same_rules(a, rep.rules, b, m.rules)
}

/// Equal as objects except for what makes each itself: id, label, timestamp. Written field
/// by field so that a field added to `Object` must be considered here.
fn same_object(a: &Object, b: &Object) -> bool {
    let Object {
        id: _,
        label: _,
        timestamp: _,
        card,
        token,
        owner,
        controller,
        zone,
        status,
        altered,
        face_down,
        bestowed,
        transformed,
    } = a;
    let same_card = |x: &std::sync::Arc<crate::cards::CardDef>,
                     y: &std::sync::Arc<crate::cards::CardDef>| {
        std::sync::Arc::ptr_eq(x, y) || x == y
    };
    same_card(card, &b.card)
        && *token == b.token
        && *owner == b.owner
        && *controller == b.controller
        && *zone == b.zone
        && *status == b.status
        && *altered == b.altered
        && match (face_down, &b.face_down) {
            (Some(x), Some(y)) => same_card(x, y),
            (x, y) => x.is_none() && y.is_none(),
        }
        && [(bestowed, &b.bestowed), (transformed, &b.transformed)]
            .into_iter()
            .all(|pair| match pair {
                (Some(x), Some(y)) => same_card(x, y),
                (x, y) => x.is_none() && y.is_none(),
            })
}

/// The same rules in the same order, each from the same permanent or each from the creature
/// itself: then every judgement reads them alike, and the `i`th rule of one stands for the
/// `i`th of the other.
fn same_rules(a: &Object, ra: &[Bound<'_>], b: &Object, rb: &[Bound<'_>]) -> bool {
    ra.len() == rb.len()
        && ra.iter().zip(rb).all(|((rule_a, _, ha), (rule_b, _, hb))| {
            (std::ptr::eq(*rule_a, *rule_b) || rule_a == rule_b)
                && (ha.id == hb.id || (ha.id == a.id && hb.id == b.id))
        })
}
