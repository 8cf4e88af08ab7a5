//! Issue 13, item 2: numbers at the edge of what a file can hold neither wrap nor panic. The
//! test build is a debug-like build, where an overflowing `+` panics, so each of these would
//! have failed before; in release the same sums wrapped silently into wrong answers.

use crate::common;

use common::scenario;
use skirmish::engine::run_scenario;

const DIVIDE: &str = r#"
[turn]
active = "Alice"
step = "declare-blockers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
attacking = "Bob"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Wall of Stone"
controller = "Bob"
[[action]]
player = "Bob"
block = "Wall of Wood=Grizzly Bears, Wall of Stone=Grizzly Bears"
[[action]]
player = "Alice"
assign = "Grizzly Bears: 4294967295 to Wall of Wood, 3 to Wall of Stone"
"#;

/// 4,294,967,295 + 3 wrapped to 2, a 2-power creature's damage, and the division was taken.
#[test]
fn a_division_summing_past_u32_is_refused_not_wrapped() {
    let e = run_scenario(&scenario(DIVIDE)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("310.2c"), "{e}");
    assert!(e.to_string().contains("4294967298"), "{e}");
}

/// Lifelink at the largest life total: the total stays there (215.2 bounds no life total;
/// Skirmish's bound is i32's) instead of wrapping to a negative one and losing the game.
#[test]
fn lifelink_at_the_largest_life_total_stays_there() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-blockers"
[[player]]
name = "Alice"
life = 2147483647
[[player]]
name = "Bob"
[[permanent]]
card = "Rhox War Monk"
controller = "Alice"
attacking = "Bob"
"#,
    );
    let (game, _) = run_scenario(&s).expect("the turn runs");
    let alice = game.player_named("Alice").unwrap();
    assert_eq!(alice.life, i32::MAX);
    assert_eq!(game.player_named("Bob").unwrap().life, 17);
}

/// +1/+1 counters by the billion: power and toughness saturate, the creature lives and deals
/// its damage.
#[test]
fn counters_by_the_billion_saturate() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-blockers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
attacking = "Bob"
counters = { "+1/+1" = 2147483647 }
"#,
    );
    let bears = s
        .game
        .in_play()
        .find(|o| o.label == "Grizzly Bears")
        .unwrap();
    assert_eq!(bears.power(), Some(i32::MAX));
    assert_eq!(bears.toughness(), Some(i32::MAX));
    let (game, _) = run_scenario(&s).expect("the turn runs");
    assert!(game.player_named("Bob").unwrap().life < 0);
}

/// Turn numbers order turns (summoning sickness, "last turn"), so a scenario can't start at
/// the last number a turn can have: the next turn overflowed (found by the fuzz harness's kind
/// of case). Past the documented limit the file is refused where the number stands; at the
/// limit, the next turn is played.
#[test]
fn turn_numbers_past_the_limit_are_refused_and_the_limit_leaves_room_for_more_turns() {
    let text = |number: u64| {
        format!(
            r#"
[turn]
active = "Alice"
step = "postcombat-main"
number = {number}
[[player]]
name = "Alice"
[[player]]
name = "Bob"
library = ["Forest"]
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Grizzly Bears"
"#
        )
    };
    let file = skirmish::diagnostics::SourceFile::new("turns.toml", text(4294967295));
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert_eq!((e.line, e.column), (5, 10), "{e}");
    assert!(e.message.contains("4294967295 is out of range"), "{e}");
    assert!(e.help.contains("1000000000"), "{e}");
    let limit = u64::from(skirmish::scenario::MAX_TURN_NUMBER);
    let (game, _) = run_scenario(&scenario(&text(limit))).unwrap();
    assert_eq!(game.turn.active, game.players[1].id);
    assert_eq!(u64::from(game.turn.number), limit + 1);
    assert!(
        common::logged(&game, "Grizzly Bears attacks"),
        "{:?}",
        common::log(&game)
    );
}
