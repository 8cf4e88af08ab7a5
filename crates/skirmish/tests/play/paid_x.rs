//! "you may pay {X}. If you do, <instruction with X>": as the ability resolves its controller
//! chooses X among the values he or she can pay, or not to pay (410.5; 2009 glossary "X": a
//! value the text doesn't define is chosen by the ability's controller), and the instruction
//! reads the X paid.

use crate::common;

use common::{lands, log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice attacks with Sapper Ogre ("Whenever ~ attacks, you may pay {X}{R}. If you do, put X
/// +1/+1 counters on ~.", a 2/2) with `mountains` untapped Mountains; Bob has no creature.
/// `answer` is her answer to the payment, if any.
fn sapper(mountains: usize, answer: Option<&str>, expect: &str) -> String {
    let choose = answer
        .map(|a| format!("[[action]]\nplayer = \"Alice\"\nchoose = \"Sapper Ogre: {a}\"\n"))
        .unwrap_or_default();
    format!(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Sapper Ogre"
cost = "{{2}}{{R}}"
type = "Creature — Ogre"
pt = "2/2"
text = "Whenever Sapper Ogre attacks, you may pay {{X}}{{R}}. If you do, put X +1/+1 counters on Sapper Ogre."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sapper Ogre"
controller = "Alice"
{lands}[[action]]
player = "Alice"
attack = "Sapper Ogre"
{choose}[expect]
{expect}
"#,
        lands = lands("Mountain", "Alice", mountains),
    )
}

#[test]
fn unanswered_the_largest_x_that_can_be_paid_is_paid() {
    // Four Mountains: {R} and X = 3.
    let game = play(&sapper(4, None, "pt = { \"Sapper Ogre\" = \"5/5\" }"));
    assert!(
        logged(
            &game,
            "[410.5] Alice chooses X = 3 and pays {X}{R} ({3}{R})"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_x_chosen_is_the_x_the_instruction_reads() {
    let game = play(&sapper(4, Some("1"), "pt = { \"Sapper Ogre\" = \"3/3\" }"));
    // {1}{R} paid: two Mountains stay untapped.
    let untapped = game
        .in_play()
        .filter(|o| o.label.starts_with("Mountain") && !o.tapped())
        .count();
    assert_eq!(untapped, 2, "{:?}", log(&game));
    // X = 0 is a payment too ({R}), with no counter.
    play(&sapper(1, Some("0"), "pt = { \"Sapper Ogre\" = \"2/2\" }"));
    // Declined: nothing is paid and nothing happens.
    let game = play(&sapper(
        4,
        Some("nothing"),
        "pt = { \"Sapper Ogre\" = \"2/2\" }",
    ));
    assert!(
        logged(&game, "[410.5] Alice chooses not to pay {X}{R}"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn an_x_that_cant_be_paid_is_refused_and_no_mana_means_no_choice() {
    // Two Mountains pay at most X = 1.
    let e = run_scenario(&scenario(&sapper(2, Some("2"), ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.5"), "{e}");
    // Without a red source the cost can't be paid at all.
    let game = play(&sapper(0, None, "pt = { \"Sapper Ogre\" = \"2/2\" }"));
    assert!(
        logged(&game, "[410.5] Alice can't pay {X}{R}"),
        "{:?}",
        log(&game)
    );
}
