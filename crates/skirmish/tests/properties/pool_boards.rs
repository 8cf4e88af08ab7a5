//! Whole turns on random boards of real cards: a sample of a real card pool (Scryfall's
//! Oracle text, `tests/fixtures/pool-sample.json`, 540 cards of every kind) is compiled, and
//! boards are drawn from the cards that compile, with their instants, sorceries and creature
//! cards in hand. Players attack with everything, block by default, and play spells and
//! activated abilities at random with random targets. Whatever happens, the engine never
//! panics, keeps the game consistent (the invariant checker also runs after every change in
//! tests), accounts for every life change with an event, and takes every creature out of
//! combat by the turn's end (311.2).

use crate::common;

use proptest::prelude::*;
use skirmish::ability::{Ability, TargetKind, is_mana_ability, targets_of};
use skirmish::cards::Unmodelled;
use skirmish::cards::pool::CardPool;
use skirmish::diagnostics::SourceFile;
use skirmish::engine::{Agent, AgentError, Ending, Engine, PriorityAction};
use skirmish::events::EventKind;
use skirmish::model::{Game, ObjectId, PlayerId, TargetRef, Zone};
use skirmish::scenario::{LoadOptions, Scenario};
use skirmish::typeline::CardType;
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

/// The sample pool, and the names of its cards that compile: permanents to put in play,
/// and cards to hold in hand.
struct Sample {
    pool: Arc<CardPool>,
    permanents: Vec<String>,
    in_hand: Vec<String>,
}

fn sample() -> &'static Sample {
    static SAMPLE: OnceLock<Sample> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/pool-sample.json");
        let pool = CardPool::load(&path).expect("the sample pool reads");
        let mut permanents = Vec::new();
        let mut in_hand = Vec::new();
        let names: Vec<String> = pool.names().map(str::to_string).collect();
        for name in names {
            let Some(Ok(def)) = pool.compile(&name, Unmodelled::Strict) else {
                continue;
            };
            let spell = def.is(CardType::Instant) || def.is(CardType::Sorcery);
            let aura = def.type_line.has_subtype("Aura");
            if def.is(CardType::Creature) {
                permanents.push(name.clone());
                in_hand.push(name);
            } else if spell {
                in_hand.push(name);
            } else if !aura && !def.is(CardType::Planeswalker) {
                permanents.push(name);
            }
        }
        Sample {
            pool: Arc::new(pool),
            permanents,
            in_hand,
        }
    })
}

#[test]
fn the_sample_has_enough_cards_of_each_kind() {
    let s = sample();
    assert!(s.permanents.len() >= 150, "{}", s.permanents.len());
    assert!(s.in_hand.len() >= 150, "{}", s.in_hand.len());
}

/// A board: cards in play and in hand for each player (indices into the sample's lists),
/// basic lands, and the seed of the players' random choices.
#[derive(Debug, Clone)]
struct Board {
    alice: Vec<(usize, bool)>,
    bob: Vec<(usize, bool)>,
    alice_hand: Vec<usize>,
    bob_hand: Vec<usize>,
    lands: Vec<(u8, bool)>,
    seed: u64,
}

fn board() -> impl Strategy<Value = Board> {
    let card = (any::<prop::sample::Index>(), prop::bool::weighted(0.2));
    (
        prop::collection::vec(card.clone(), 0..=5),
        prop::collection::vec(card, 0..=5),
        prop::collection::vec(any::<prop::sample::Index>(), 0..=3),
        prop::collection::vec(any::<prop::sample::Index>(), 0..=3),
        prop::collection::vec((0u8..5, any::<bool>()), 2..=10),
        any::<u64>(),
    )
        .prop_map(|(alice, bob, ah, bh, lands, seed)| {
            let s = sample();
            let at = |v: Vec<(prop::sample::Index, bool)>| {
                v.into_iter()
                    .map(|(i, sick)| (i.index(s.permanents.len()), sick))
                    .collect()
            };
            let hand = |v: Vec<prop::sample::Index>| {
                v.into_iter().map(|i| i.index(s.in_hand.len())).collect()
            };
            Board {
                alice: at(alice),
                bob: at(bob),
                alice_hand: hand(ah),
                bob_hand: hand(bh),
                lands,
                seed,
            }
        })
}

/// The board as a scenario file naming pool cards, loaded with the pool.
fn game(b: &Board) -> Game {
    game_in(b, false)
}

/// The board under the current rules or those of 2009; under 2009's, without battles (they
/// don't exist then, and a scenario with one is refused).
fn game_in(b: &Board, current: bool) -> Game {
    let s = sample();
    let battle = |name: &str| {
        !current
            && s.pool
                .compile(name, Unmodelled::Strict)
                .is_some_and(|d| d.is_ok_and(|d| d.is(skirmish::typeline::CardType::Battle)))
    };
    let quote = |n: &str| n.replace('\\', "\\\\").replace('"', "\\\"");
    let mut t = String::from("[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n\n");
    for (who, hand) in [("Alice", &b.alice_hand), ("Bob", &b.bob_hand)] {
        let cards: Vec<String> = hand
            .iter()
            .enumerate()
            .filter(|(_, i)| !battle(&s.in_hand[**i]))
            .map(|(k, i)| {
                format!(
                    "{{ card = \"{}\", label = \"{}H{k}\" }}",
                    quote(&s.in_hand[*i]),
                    &who[..1]
                )
            })
            .collect();
        t.push_str(&format!(
            "[[player]]\nname = \"{who}\"\nhand = [{}]\nlibrary = [\"Forest\", \"Island\", \"Swamp\"]\n\n",
            cards.join(", ")
        ));
    }
    for (who, list) in [("Alice", &b.alice), ("Bob", &b.bob)] {
        for (k, (i, sick)) in list.iter().enumerate() {
            if battle(&s.permanents[*i]) {
                continue;
            }
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{}\"\ncontroller = \"{who}\"\nlabel = \"{}{k}\"\n",
                quote(&s.permanents[*i]),
                &who[..1]
            ));
            if *sick && who == "Alice" {
                t.push_str("summoning_sick = true\n");
            }
            // "As ~ comes into play, choose a color." (410.10e): the file says which.
            let chooses = s
                .pool
                .compile(&s.permanents[*i], Unmodelled::Strict)
                .is_some_and(|d| {
                    d.is_ok_and(|d| d.abilities.contains(&Ability::ChooseColorAsEnters))
                });
            if chooses {
                t.push_str("chosen_color = \"white\"\n");
            }
            t.push('\n');
        }
    }
    const BASICS: [&str; 5] = ["Plains", "Island", "Swamp", "Mountain", "Forest"];
    for (k, (land, alice)) in b.lands.iter().enumerate() {
        let who = if *alice { "Alice" } else { "Bob" };
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{}\"\ncontroller = \"{who}\"\nlabel = \"L{k}\"\n\n",
            BASICS[*land as usize]
        ));
    }
    let options = LoadOptions {
        pools: vec![s.pool.clone()],
        unmodelled: Unmodelled::Strict,
        edition: Some(if current {
            skirmish::Edition::Current
        } else {
            skirmish::Edition::Feb2009
        }),
        sandboxed: false,
    };
    Scenario::parse_with(SourceFile::new("pool-board.toml", t.as_str()), &options)
        .unwrap_or_else(|e| panic!("{e}\n{t}"))
        .game
}

/// What the agent last answered, to tell a refused default (a bug) from a refused try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Try,
    AllOut,
    Default,
}

/// Plays at random: spells and activated abilities with random targets (each tried once, a
/// score of tries a game), attacks with everything, then the defaults.
struct Busy {
    rng: u64,
    tries: u32,
    tried: BTreeSet<(ObjectId, usize)>,
    all_out_refused: bool,
    last: Last,
}

impl Busy {
    fn new(seed: u64) -> Busy {
        Busy {
            rng: seed | 1,
            tries: 20,
            tried: BTreeSet::new(),
            all_out_refused: false,
            last: Last::Default,
        }
    }

    fn next(&mut self, n: usize) -> usize {
        // xorshift64: deterministic per board, so a failure replays.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % n.max(1) as u64) as usize
    }

    fn target(&mut self, game: &Game, player: PlayerId, kind: &TargetKind) -> Option<TargetRef> {
        let players: Vec<TargetRef> = game
            .players
            .iter()
            .map(|p| TargetRef::Player(p.id))
            .collect();
        let in_play: Vec<TargetRef> = game.in_play().map(|o| TargetRef::Object(o.id)).collect();
        let options: Vec<TargetRef> = match kind {
            TargetKind::Player { .. } => players,
            TargetKind::CreatureOrPlayer | TargetKind::Many { players: true, .. } => {
                in_play.into_iter().chain(players).collect()
            }
            TargetKind::CardInYourGraveyard { .. } => game
                .objects()
                .filter(|o| o.zone == Zone::Graveyard && o.owner == player)
                .map(|o| TargetRef::Object(o.id))
                .collect(),
            TargetKind::Spell => game
                .stack_ids()
                .iter()
                .map(|id| TargetRef::Object(*id))
                .collect(),
            _ => in_play,
        };
        if options.is_empty() {
            return None;
        }
        let k = self.next(options.len());
        Some(options[k])
    }
}

impl Agent for Busy {
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        self.last = Last::Default;
        if self.tries == 0 {
            return Ok(PriorityAction::Pass);
        }
        // (object, ability index or usize::MAX for casting it, its instructions)
        let mut options = Vec::new();
        for o in game.objects() {
            if o.controller != player {
                continue;
            }
            if o.zone == Zone::Hand && !self.tried.contains(&(o.id, usize::MAX)) {
                let effects: Vec<_> = o
                    .abilities()
                    .iter()
                    .filter_map(|a| match a {
                        Ability::Spell { effect } => Some(effect.clone()),
                        _ => None,
                    })
                    .collect();
                options.push((o.id, usize::MAX, effects));
            }
            if o.zone == Zone::InPlay {
                let activated = o.abilities().iter().filter_map(|a| match a {
                    Ability::Activated { effects, .. } => Some(effects.clone()),
                    _ => None,
                });
                for (k, effects) in activated.enumerate() {
                    // Mana abilities are played as costs are paid.
                    if !self.tried.contains(&(o.id, k)) && !is_mana_ability(&effects) {
                        options.push((o.id, k, effects));
                    }
                }
            }
        }
        if options.is_empty() {
            return Ok(PriorityAction::Pass);
        }
        let (id, ability, effects) = options.swap_remove(self.next(options.len()));
        self.tried.insert((id, ability));
        self.tries -= 1;
        self.last = Last::Try;
        let targets: Vec<TargetRef> = targets_of(&effects)
            .iter()
            .filter_map(|k| self.target(game, player, k))
            .collect();
        Ok(if ability == usize::MAX {
            PriorityAction::Cast {
                card: id,
                targets,
                with: Vec::new(),
                convoke: Vec::new(),
                delve: Vec::new(),
                improvise: Vec::new(),
                x: 0,
            }
        } else {
            PriorityAction::Activate {
                source: id,
                ability,
                targets,
                pay: Vec::new(),
                x: self.next(3) as u32,
                modes: None,
            }
        })
    }

    fn attackers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        if self.all_out_refused {
            self.last = Last::Default;
            return Ok(None);
        }
        self.last = Last::AllOut;
        Ok(Some(common::all_untapped_creatures(game, player)))
    }

    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        match self.last {
            Last::Try => Ok(()),
            Last::AllOut => {
                self.all_out_refused = true;
                Ok(())
            }
            // The engine's own default was refused: that is a bug.
            Last::Default => Err(AgentError {
                rule: Some(rule.into()),
                message: why.into(),
                line: None,
            }),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn turns_of_real_cards_keep_the_rules(b in board(), current in any::<bool>()) {
        // Half the boards under the current rules (combat damage without the stack, static
        // deathtouch and lifelink, the legend rule per controller, mana emptying every step,
        // battles).
        let g = game_in(&b, current);
        let mut agent = Busy::new(b.seed);
        let result = Engine::new(g, &mut agent).run();
        prop_assert!(result.is_ok(), "{:?}", result.err());
        let (end, ending) = result.unwrap();
        prop_assert!(skirmish::invariants::check(&end).is_ok());
        // 311.2: nothing is left in combat after the turn, unless the game ended during it.
        if ending == Ending::TurnsDone {
            prop_assert!(end.combat.is_none());
        }
        // Every life change is explained by an event.
        let lost: i64 = end.players.iter().map(|p| 20 - i64::from(p.life)).sum();
        let logged: i64 = end
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Life { change, .. } => Some(-i64::from(*change)),
                EventKind::ManaBurn { amount, .. } => Some(i64::from(*amount)),
                _ => None,
            })
            .sum();
        prop_assert_eq!(lost, logged);
    }
}

/// The boards above are not idle: over a fixed run of them, spells are cast, abilities
/// played and triggered, and creatures deal damage, many times each.
#[test]
fn the_random_boards_play_real_cards() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut counts = [0usize; 5];
    for _ in 0..150 {
        let b = board().new_tree(&mut runner).expect("a board").current();
        let mut agent = Busy::new(b.seed);
        let (end, _) = Engine::new(game(&b), &mut agent)
            .run()
            .unwrap_or_else(|e| panic!("{e:?}\n{b:?}"));
        for e in &end.events {
            let k = match &e.kind {
                EventKind::Cast { .. } => 0,
                EventKind::Activated { .. } => 1,
                EventKind::Triggered { .. } => 2,
                EventKind::Resolves { .. } => 3,
                EventKind::Damage { .. } => 4,
                _ => continue,
            };
            counts[k] += 1;
        }
    }
    let [cast, activated, triggered, resolved, damage] = counts;
    assert!(cast >= 20, "{counts:?}");
    assert!(activated >= 15, "{counts:?}");
    assert!(triggered >= 5, "{counts:?}");
    assert!(resolved >= 60, "{counts:?}");
    assert!(damage >= 50, "{counts:?}");
}
