//! Whole turns on random boards: the engine, with the automatic agent, never panics, never
//! leaves an inconsistent state (the invariant checker runs after every change in tests), and
//! always finishes with its defaults accepted by the rules.

mod common;

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
        let all: Vec<String> = game
            .in_play()
            .filter(|o| o.controller == player && o.is_creature() && !o.tapped())
            .map(|o| o.label.clone())
            .collect();
        Ok(Some(all.join(", ")))
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
