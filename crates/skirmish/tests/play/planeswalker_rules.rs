//! Issue 12, defects 2 and 3: a planeswalker played during a run comes into play with its
//! printed loyalty (212.9d), and planeswalkers that share a planeswalker type are all put into
//! their owners' graveyards (420.5q, February 2009).

use crate::common;

use common::{logged, play};

/// Alice casts `walker` in her precombat main phase with four Forests; `in_play` lists what
/// else she controls.
fn casting(walker: &str, cards: &str, in_play: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
{cards}
[[player]]
name = "Alice"
hand = ["{walker}"]

[[player]]
name = "Bob"

[[permanent]]
card = "Forest"
controller = "Alice"
label = "F1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "F2"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "F3"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "F4"
{in_play}
[[action]]
player = "Alice"
cast = "{walker}"

[expect]
{expect}
"#
    )
}

#[test]
fn a_planeswalker_cast_during_a_run_comes_into_play_with_its_printed_loyalty() {
    let game = play(&casting(
        "Garruk Wildspeaker",
        "",
        "",
        "in_play = [\"Garruk Wildspeaker\"]",
    ));
    let garruk = game.object_labelled("Garruk Wildspeaker").unwrap();
    assert_eq!(garruk.loyalty(), Some(3), "212.9d");
    assert!(logged(
        &game,
        "[212.9d] Garruk Wildspeaker comes into play with 3 loyalty counter(s)"
    ));
    // 420.5p would have put a planeswalker with 0 loyalty into the graveyard at once.
    assert!(!logged(&game, "its loyalty is 0"));
}

/// A second Garruk with another name (so the legend rule, 420.5e, has nothing to say).
const OTHER_GARRUK: &str = r#"
[[card]]
name = "Test Garruk"
cost = "{G}"
type = "Planeswalker — Garruk"
loyalty = 2
text = "+1: You gain 1 life."

[[card]]
name = "Test Ajani"
cost = "{G}"
type = "Planeswalker — Ajani"
loyalty = 2
text = "+1: You gain 1 life."
"#;

#[test]
fn planeswalkers_that_share_a_type_are_all_put_into_the_graveyard() {
    let garruk = "[[permanent]]\ncard = \"Garruk Wildspeaker\"\ncontroller = \"Alice\"\n";
    let game = play(&casting(
        "Test Garruk",
        OTHER_GARRUK,
        garruk,
        "not_in_play = [\"Garruk Wildspeaker\", \"Test Garruk\"]\ngraveyard = { Alice = [\"Garruk Wildspeaker\", \"Test Garruk\"] }",
    ));
    assert!(logged(
        &game,
        "[420.5q] Garruk Wildspeaker is put into its owner's graveyard: it shares a planeswalker type"
    ));
    assert!(logged(
        &game,
        "[420.5q] Test Garruk is put into its owner's graveyard"
    ));
    // The control: a planeswalker of another type stays beside Garruk.
    let game = play(&casting(
        "Test Ajani",
        OTHER_GARRUK,
        garruk,
        "in_play = [\"Garruk Wildspeaker\", \"Test Ajani\"]",
    ));
    assert!(!logged(&game, "420.5q"));
}

/// Alice bolts Bob, who controls Garruk Wildspeaker (3 loyalty); `choice` is her script line.
fn bolt(choice: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"

[[player]]
name = "Alice"
hand = ["Lightning Bolt"]

[[player]]
name = "Bob"

[[permanent]]
card = "Mountain"
controller = "Alice"

[[permanent]]
card = "Garruk Wildspeaker"
controller = "Bob"

[[action]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Bob"]
{choice}
[expect]
{expect}
"#
    )
}

#[test]
fn noncombat_damage_to_a_player_may_be_redirected_to_a_planeswalker() {
    // 212.9g: Alice has the Bolt's damage dealt to Garruk instead: it removes 3 loyalty
    // counters (212.9d) and Garruk, at 0, is put into the graveyard (420.5p).
    let game = play(&bolt(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Lightning Bolt: Garruk Wildspeaker\"\n",
        "life = { Bob = 20 }\nnot_in_play = [\"Garruk Wildspeaker\"]",
    ));
    assert!(logged(
        &game,
        "[212.9g] Lightning Bolt's 3 damage to Bob is redirected to Garruk Wildspeaker"
    ));
    assert!(logged(&game, "[420.5p] Garruk Wildspeaker"));
    // Without the choice the damage stays on Bob.
    let game = play(&bolt(
        "",
        "life = { Bob = 17 }\nin_play = [\"Garruk Wildspeaker\"]",
    ));
    assert!(!logged(&game, "212.9g"));
    // Naming something that isn't one of Bob's planeswalkers is refused with the rule.
    let s = common::scenario(&bolt(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Lightning Bolt: Mountain\"\n",
        "",
    ));
    let e = skirmish::engine::run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.9g"), "{e}");
}

#[test]
fn damage_beyond_a_planeswalker_s_loyalty_removes_only_the_counters_it_has() {
    // Craw Wurm (6/4) deals 6 combat damage to Garruk Wildspeaker with 3 loyalty: 3 counters
    // are removed (212.9d), and Garruk goes at 0 loyalty (420.5p).
    let game = play(
        r#"
[turn]
active = "Alice"
step = "combat-damage"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Garruk Wildspeaker"
controller = "Bob"

[[permanent]]
card = "Craw Wurm"
controller = "Alice"
tapped = true
attacking = "Garruk Wildspeaker"

[expect]
not_in_play = ["Garruk Wildspeaker"]
life = { Bob = 20 }
"#,
    );
    assert!(
        logged(
            &game,
            "[212.9d] 3 loyalty counter(s) are removed from Garruk Wildspeaker"
        ),
        "{:?}",
        common::log(&game)
    );
}
