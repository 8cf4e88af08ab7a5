//! Whole turns on random boards: the engine, with the automatic agent, never panics, never
//! leaves an inconsistent state (the invariant checker runs after every change in tests), and
//! always finishes with its defaults accepted by the rules.

use crate::common;

use common::boards::{POOL, board, game};
use proptest::prelude::*;
use skirmish::engine::{Agent, AgentError, Automatic, Engine, PriorityAction};
use skirmish::model::{Game, PlayerId};

/// The shared pool plus creatures whose abilities trigger or change combat damage.
fn rich_pool() -> Vec<&'static str> {
    let mut pool = POOL.to_vec();
    pool.extend([
        "Thornweald Archer",
        "Knight of Meadowgrain",
        "Devoted Retainer",
        "Benalish Cavalry",
        "Wolverine Pack",
        "Krosan Vorine",
        "Fencing Ace",
        "Yavimaya Wurm",
        "Juvenile Gloomwidow",
        "Mire Boa",
        "Ball Lightning",
        "Craw Giant",
        "Boros Swiftblade",
    ]);
    pool
}

/// Attacks with every creature it can; when the rules refuse that, takes the default.
#[derive(Default)]
struct AllOut {
    refused: bool,
    turns_with_refusal: u32,
}

impl Agent for AllOut {
    fn priority(&mut self, _: &Game, _: PlayerId) -> Result<PriorityAction, AgentError> {
        Ok(PriorityAction::Pass)
    }
    fn attackers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        if self.refused {
            return Ok(None);
        }
        Ok(Some(common::all_untapped_creatures(game, player)))
    }
    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        if self.refused {
            // The default itself was refused: that is a bug.
            return Err(AgentError {
                rule: Some(rule.into()),
                message: why.into(),
                line: None,
            });
        }
        self.refused = true;
        self.turns_with_refusal += 1;
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn a_turn_from_declare_attackers_runs_to_its_end(b in board(POOL.to_vec(), 0, 6, 6)) {
        let g = game(&b, false);
        let mut agent = Automatic;
        let result = Engine::new(g, &mut agent).run();
        prop_assert!(result.is_ok(), "{:?}", result.err());
        let (end, ending) = result.unwrap();
        prop_assert!(skirmish::invariants::check(&end).is_ok());
        // 311.2: nothing is left in combat after the turn, unless the game ended during it.
        if ending == skirmish::engine::Ending::TurnsDone {
            prop_assert!(end.combat.is_none());
        }
    }

    #[test]
    fn all_out_attacks_run_to_the_end(b in board(rich_pool(), 1, 6, 6)) {
        let g = game(&b, false);
        let mut agent = AllOut::default();
        let result = Engine::new(g, &mut agent).run();
        prop_assert!(result.is_ok(), "{:?}", result.err());
        let (end, ending) = result.unwrap();
        // 311.2: nothing is left in combat after the turn, unless the game ended during it.
        if ending == skirmish::engine::Ending::TurnsDone {
            prop_assert!(end.combat.is_none());
        }
        // Every life change is explained by an event.
        let lost: i32 = end.players.iter().map(|p| 20 - p.life).sum();
        let logged: i32 = end.events.iter().filter_map(|e| match &e.kind {
            skirmish::events::EventKind::Life { change, .. } => Some(-change),
            skirmish::events::EventKind::ManaBurn { amount, .. } => Some(*amount as i32),
            _ => None,
        }).sum();
        prop_assert_eq!(lost, logged);
    }

    #[test]
    fn a_turn_from_declare_blockers_runs_to_its_end(b in board(rich_pool(), 0, 6, 6)) {
        let g = game(&b, true);
        let mut agent = Automatic;
        let result = Engine::new(g, &mut agent).run();
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }
}

/// One change a type-changing or ending effect can make, applied straight to the model.
#[derive(Debug, Clone)]
enum Change {
    Pump(usize, i32),
    Animate(usize),
    BecomeOnly(usize, u8),
    EndTurnEffects,
    CreatureSpellPlayed,
    Leave(usize),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (0usize..40, -2i32..3).prop_map(|(i, n)| Change::Pump(i, n)),
        (0usize..40).prop_map(Change::Animate),
        (0usize..40, 0u8..3).prop_map(|(i, t)| Change::BecomeOnly(i, t)),
        Just(Change::EndTurnEffects),
        Just(Change::CreatureSpellPlayed),
        (0usize..40).prop_map(Change::Leave),
    ]
}

fn apply(game: &mut Game, c: &Change) {
    use skirmish::ability::{Duration, Effect, Subject};
    use skirmish::typeline::CardType;
    let ids: Vec<_> = game.in_play_ids().to_vec();
    let pick = |i: usize| ids.get(i % ids.len().max(1)).copied();
    let effect = |id, e| {
        move |g: &mut Game| {
            g.add_effect("property test", id, e).expect("a permanent");
        }
    };
    match *c {
        Change::Pump(i, n) => {
            if let Some(id) = pick(i) {
                let pump = Effect::Pump {
                    what: Subject::TargetCreature,
                    power: n,
                    toughness: n,
                    duration: Duration::UntilEndOfTurn,
                };
                effect(id, pump)(game)
            }
        }
        Change::Animate(i) => {
            if let Some(id) = pick(i) {
                // Every shape the effect can take: with or without new base numbers, colors,
                // a card type word, creature types that replace the old ones.
                let animate = Effect::Animate {
                    what: Subject::This,
                    power: (i % 2 == 0).then_some(1),
                    toughness: (i % 2 == 0).then_some(5),
                    colors: if i % 3 == 0 {
                        vec![skirmish::mana::Color::Black]
                    } else {
                        Vec::new()
                    },
                    card_types: if i % 5 == 0 {
                        Vec::new()
                    } else {
                        vec![CardType::Creature]
                    },
                    subtypes: vec!["Soldier".into()],
                    keywords: Vec::new(),
                    duration: Duration::UntilEndOfTurn,
                    replaces_types: i % 4 == 1,
                    // An effect in force has its numbers fixed as it began (418.3b).
                    pt_equal: None,
                };
                effect(id, animate)(game)
            }
        }
        Change::BecomeOnly(i, t) => {
            if let Some(id) = pick(i) {
                let card_type = [
                    CardType::Enchantment,
                    CardType::Creature,
                    CardType::Planeswalker,
                ][t as usize];
                let only = Effect::BecomeOnly {
                    what: Subject::TargetCreature,
                    card_type,
                    duration: Duration::UntilCreatureSpell,
                };
                effect(id, only)(game)
            }
        }
        Change::EndTurnEffects => {
            game.end_turn_effects();
        }
        Change::CreatureSpellPlayed => {
            game.end_creature_spell_effects();
        }
        Change::Leave(i) => {
            if let Some(id) = pick(i) {
                let _ = game.move_object(
                    id,
                    skirmish::model::Zone::Graveyard,
                    skirmish::model::Position::Top,
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// 418.5a, 306.4: whatever type-changing effects begin and end, each object's cached
    /// characteristics equal a recomputation from its effects (the invariant checker runs after
    /// every change), combat only ever loses creatures, only creatures stay attacking or
    /// blocking, only planeswalkers stay attacked; and the turn still plays to its end.
    #[test]
    fn type_changes_in_combat_keep_the_rules(
        b in board(rich_pool(), 1, 6, 6),
        changes in prop::collection::vec(change(), 1..12),
    ) {
        use skirmish::model::{AttackTarget, Zone};
        use skirmish::typeline::CardType;
        let mut g = game(&b, true);
        for c in &changes {
            let before: std::collections::BTreeSet<_> = g
                .combat
                .as_ref()
                .map(|c| c.attackers.keys().chain(c.blockers.keys()).copied().collect())
                .unwrap_or_default();
            apply(&mut g, c);
            prop_assert!(skirmish::invariants::check(&g).is_ok());
            let Some(combat) = g.combat.clone() else { continue };
            let is = |id, t| g.object(id).is_some_and(|o| o.zone == Zone::InPlay && o.is(t));
            for id in combat.attackers.keys().chain(combat.blockers.keys()) {
                prop_assert!(before.contains(id), "{c:?} put {id} into combat");
                prop_assert!(is(*id, CardType::Creature), "{c:?} left {id} in combat");
            }
            for t in combat.attackers.values() {
                if let AttackTarget::Planeswalker(w) = t {
                    prop_assert!(is(*w, CardType::Planeswalker), "{c:?} left {w} attacked");
                }
            }
        }
        let mut agent = Automatic;
        let result = Engine::new(g, &mut agent).run();
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }
}
