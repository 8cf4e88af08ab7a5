//! Issue 13: property tests with every number a scenario file or a card carries at its edges
//! (0, 1, the largest values and their neighbours), in play through a whole combat, with the
//! invariant checker on. `extreme_numbers.rs` holds one case per finding; this suite draws
//! the numbers together, so sums and products of extremes meet.
//!
//! What must hold: the file loads, or it is refused with an error at a line and column; the
//! run ends, with the game state or with an error naming a rule or a script line; nothing
//! panics (an overflow panics in the test build). And nothing wraps, checked by what only
//! moves one way: the attacking player only gains life, the defending player only loses it,
//! and a creature with +1/+1 counters on it is never weaker than its printed power.

use crate::common;

use proptest::prelude::*;
use skirmish::diagnostics::SourceFile;
use skirmish::engine::run_scenario;
use skirmish::legality::{Budget, judge};
use skirmish::scenario::Scenario;

/// Whole numbers a `u32` field holds, at its edges, and (less often) past them.
fn count() -> impl Strategy<Value = u64> {
    prop_oneof![
        19 => prop_oneof![
            Just(0u64),
            Just(1),
            Just(2),
            Just(10),
            Just(u64::from(u32::MAX) - 1),
            Just(u64::from(u32::MAX)),
        ],
        1 => prop_oneof![Just(u64::from(u32::MAX) + 1), Just(i64::MAX as u64)],
    ]
}

/// Life totals at the edges of `i32`, and (less often) one past each.
fn life() -> impl Strategy<Value = i64> {
    prop_oneof![
        19 => prop_oneof![
            Just(i64::from(i32::MIN)),
            Just(-1i64),
            Just(0),
            Just(1),
            Just(20),
            Just(i64::from(i32::MAX) - 1),
            Just(i64::from(i32::MAX)),
        ],
        1 => prop_oneof![Just(i64::from(i32::MIN) - 1), Just(i64::from(i32::MAX) + 1)],
    ]
}

/// A printed power or toughness at its edges, and (less often) past them.
fn printed() -> impl Strategy<Value = i64> {
    prop_oneof![
        19 => prop_oneof![
            Just(0i64),
            Just(1),
            Just(2),
            Just(i64::from(i32::MAX) - 1),
            Just(i64::from(i32::MAX)),
        ],
        1 => Just(i64::from(i32::MAX) + 1),
    ]
}

/// A number in card text: up to the 1,000,000 the grammar reads, and (less often) past it.
fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![
        19 => prop_oneof![Just(0u64), Just(1), Just(2), Just(999_999), Just(1_000_000)],
        1 => prop_oneof![Just(1_000_001u64), Just(u64::from(u32::MAX))],
    ]
}

/// One line of the attacker's text, each with a number in it.
fn ability(n: u64) -> Vec<String> {
    vec![
        format!("Bushido {n}"),
        format!("Rampage {n}"),
        format!("Whenever ~ attacks, you gain {n} life."),
        format!("Whenever ~ attacks, draw {n} cards."),
        format!("Whenever ~ attacks, ~ gets +{n}/+{n} until end of turn."),
        "Lifelink".to_string(),
        "Double strike".to_string(),
        "Trample".to_string(),
    ]
}

#[derive(Debug, Clone)]
struct Edges {
    turn: u64,
    alice_life: i64,
    bob_life: i64,
    poison: u64,
    energy: u64,
    hand_size: u64,
    power: i64,
    toughness: i64,
    plus: u64,
    minus: u64,
    damage: u64,
    wall_toughness: i64,
    text: Vec<(usize, u64)>,
    tax: u64,
}

fn edges() -> impl Strategy<Value = Edges> {
    (
        (
            prop_oneof![
                19 => prop_oneof![Just(1u64), Just(2), Just(1_000_000_000)],
                1 => Just(1_000_000_001u64),
            ],
            // A player at 0 life or less loses before any combat (420.5a): mostly alive.
            prop_oneof![3 => prop_oneof![Just(1i64), Just(20), Just(i64::from(i32::MAX))], 1 => life()],
            prop_oneof![3 => prop_oneof![Just(1i64), Just(20), Just(i64::from(i32::MAX))], 1 => life()],
            // Ten poison counters lose the game (420.5h) before any combat.
            prop_oneof![9 => prop_oneof![Just(0u64), Just(1), Just(9)], 1 => count()],
            count(),
            count(),
        ),
        (
            printed(),
            // Toughness 0 dies before combat (420.5c), and so does a Wall with lethal damage:
            // mostly alive.
            prop_oneof![4 => prop_oneof![Just(1i64), Just(2), Just(i64::from(i32::MAX))], 1 => printed()],
            count(),
            // -1/-1 counters past the toughness kill the Beast before combat: mostly few.
            prop_oneof![4 => prop_oneof![Just(0u64), Just(1)], 1 => count()],
            prop_oneof![4 => prop_oneof![Just(0u64), Just(1)], 1 => count()],
            prop_oneof![4 => prop_oneof![Just(2i64), Just(i64::from(i32::MAX))], 1 => printed()],
        ),
        (
            proptest::collection::vec((0usize..8, amount()), 0..=3),
            // Alice has one Forest: a tax of 1 is paid, the largest never.
            prop_oneof![4 => prop_oneof![Just(0u64), Just(1)], 1 => Just(u64::from(u32::MAX))],
        ),
    )
        .prop_map(
            |(
                (turn, alice_life, bob_life, poison, energy, hand_size),
                (power, toughness, plus, minus, damage, wall_toughness),
                (text, tax),
            )| Edges {
                turn,
                alice_life,
                bob_life,
                poison,
                energy,
                hand_size,
                power,
                toughness,
                plus,
                minus,
                damage,
                wall_toughness,
                text,
                tax,
            },
        )
}

fn scenario_text(e: &Edges) -> String {
    let lines: Vec<String> = e
        .text
        .iter()
        .map(|(k, n)| ability(*n)[*k].replace('~', "Edge Beast"))
        .collect();
    let tax = if e.tax > 0 {
        format!(
            "\n[[permanent]]\ncard = \"Edge Toll\"\ncontroller = \"Bob\"\n\n[[card]]\nname = \"Edge Toll\"\ncost = \"{{1}}\"\ntype = \"Enchantment\"\ntext = \"Creatures can't attack you unless their controller pays {{{}}} for each creature they control that's attacking you.\"\n",
            e.tax
        )
    } else {
        String::new()
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
number = {turn}

[[player]]
name = "Alice"
life = {alice_life}
library = ["Forest", "Forest", "Forest"]

[[player]]
name = "Bob"
life = {bob_life}
poison = {poison}
energy = {energy}
max_hand_size = {hand_size}
library = ["Forest", "Forest", "Forest"]

[[card]]
name = "Edge Beast"
cost = "{{G}}"
type = "Creature — Beast"
pt = "{power}/{toughness}"
text = "{text}"

[[card]]
name = "Edge Wall"
cost = "{{W}}"
type = "Creature — Wall"
pt = "0/{wall_toughness}"
text = "Defender"

[[permanent]]
card = "Edge Beast"
controller = "Alice"
counters = {{ "+1/+1" = {plus}, "-1/-1" = {minus} }}

[[permanent]]
card = "Edge Wall"
controller = "Bob"
damage = {damage}

[[permanent]]
card = "Forest"
label = "Forest A"
controller = "Alice"
{tax}
[[action]]
player = "Alice"
attack = "Edge Beast"

[[action]]
player = "Bob"
block = "Edge Wall=Edge Beast"
"#,
        turn = e.turn,
        alice_life = e.alice_life,
        bob_life = e.bob_life,
        poison = e.poison,
        energy = e.energy,
        hand_size = e.hand_size,
        power = e.power,
        toughness = e.toughness,
        text = lines.join("\\n"),
        wall_toughness = e.wall_toughness,
        plus = e.plus,
        minus = e.minus,
        damage = e.damage,
    )
}

/// A case: what it did, for the suite's check that cases reach play.
#[derive(Debug, PartialEq)]
enum Reached {
    Refused,
    Played,
    Stopped,
}

fn one_case(e: &Edges) -> Result<Reached, TestCaseError> {
    let text = scenario_text(e);
    let scenario = match Scenario::parse(SourceFile::new("edges.toml", text.as_str())) {
        Ok(s) => s,
        Err(err) => {
            prop_assert!(err.line > 0 && err.column > 0, "{err}");
            return Ok(Reached::Refused);
        }
    };
    let game = &scenario.game;
    let (alice, bob) = (game.players[0].life, game.players[1].life);
    let beast = game.object_labelled("Edge Beast").expect("loaded").id;
    for question in 0..3 {
        let mut b = Budget::new(100_000);
        let _ = match question {
            0 => judge::attacks(game, false, &mut b).map(|_| ()),
            1 => judge::judge_attack(game, "Edge Beast", &mut b).map(|_| ()),
            _ => judge::with_attack(game, "Edge Beast").map(|_| ()),
        };
        prop_assert!(b.used <= b.limit);
    }
    match run_scenario(&scenario) {
        Ok((end, _)) => {
            prop_assert!(
                end.players[0].life >= alice,
                "Alice {alice} -> {}",
                end.players[0].life
            );
            prop_assert!(
                end.players[1].life <= bob,
                "Bob {bob} -> {}",
                end.players[1].life
            );
            // Counters and pumps only add here: a wrap would show as less than printed.
            if let (Some(power), 0) = (end.power(beast), e.minus) {
                prop_assert!(
                    i64::from(power) >= e.power,
                    "power {power} below the printed {}",
                    e.power
                );
            }
            Ok(Reached::Played)
        }
        Err(err) => {
            prop_assert!(err.rule.is_some() || err.line.is_some(), "{err}");
            Ok(Reached::Stopped)
        }
    }
}

#[test]
fn numbers_at_their_edges_load_or_are_refused_where_they_stand_and_never_wrap() {
    // A fixed seed: the share of cases reaching play is then a fact about the generator, not
    // luck.
    use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        ProptestConfig::with_cases(400),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let played = std::cell::Cell::new(0u32);
    runner
        .run(&edges(), |e| {
            if one_case(&e)? == Reached::Played {
                played.set(played.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    // Most cases must reach a whole combat, or the edges are only tried on the loader.
    assert!(
        played.get() >= 100,
        "only {} of 400 cases played",
        played.get()
    );
}

/// Every number at the largest value it accepts, together, plays a whole combat: the
/// proptest's cases reach play, not only the loader.
#[test]
fn the_largest_accepted_numbers_play_a_whole_combat() {
    let max = u64::from(u32::MAX);
    let top = i64::from(i32::MAX);
    let e = Edges {
        turn: 1_000_000_000,
        alice_life: top,
        bob_life: top,
        // Ten poison counters lose the game (420.5h); nine is the most a player plays on with.
        poison: 9,
        energy: max,
        hand_size: max,
        power: top,
        toughness: top,
        plus: max,
        minus: 0,
        // One short of lethal (420.5c), compared in 64 bits.
        damage: top as u64 - 1,
        wall_toughness: top,
        text: vec![
            (0, 1_000_000),
            (2, 1_000_000),
            (4, 1_000_000),
            (5, 0),
            (6, 0),
        ],
        tax: 0,
    };
    let s = Scenario::parse(SourceFile::new("edges.toml", scenario_text(&e).as_str()))
        .unwrap_or_else(|err| panic!("{err}"));
    let (game, _) = run_scenario(&s).unwrap_or_else(|err| panic!("{err}"));
    let log = common::log(&game);
    assert!(common::logged(&game, "combat damage resolves"), "{log:?}");
    assert!(
        common::logged(&game, "Edge Beast gets +1000000/+1000000"),
        "{log:?}"
    );
    // Gains stop at the largest life total; the Beast's power stays the largest power.
    assert_eq!(game.players[0].life, i32::MAX);
    let beast = game.object_labelled("Edge Beast").unwrap().id;
    assert_eq!(game.power(beast), Some(i32::MAX));
}
