//! Modal activated and triggered abilities of permanents: "<cost>: Choose one —" and
//! "<trigger>, choose one —" with bulleted modes. The modes are announced as the ability is
//! played (409.1b; scenario key `modes` with `activate`) or put on the stack (410.4a;
//! `choose = "<permanent>: mode 2"`); a mode without a legal target can't be chosen, and an
//! ability with too few left is removed. The ability has the chosen modes' instructions and
//! targets only (409.1d).

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice casts Tormentor Exarch in her precombat main phase; `choices` answers its trigger
/// (modes, then target); Bob controls Grizzly Bears.
fn exarch(choices: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Tormentor Exarch"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain A"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain B"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain C"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain D"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Tormentor Exarch"
{choices}
{expect}"#
    )
}

#[test]
fn a_modal_trigger_has_the_chosen_modes_instructions_and_target() {
    // 410.4a: mode 2 is announced as the trigger goes on the stack, then its target (410.4):
    // the Bears get -0/-2 and die (420.5c).
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Tormentor Exarch: mode 2\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Tormentor Exarch: Grizzly Bears\"\n";
    let game = play(&exarch(
        choose,
        "[expect]\ngraveyard = { Bob = [\"Grizzly Bears\"] }\n",
    ));
    assert!(
        logged(
            &game,
            "[410.4a] Alice chooses mode 2 of Tormentor Exarch's ability"
        ),
        "{:?}",
        log(&game)
    );
    // Unanswered, the first mode: the Bears get +2/+0.
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Tormentor Exarch: Grizzly Bears\"\n";
    play(&exarch(
        choose,
        "[expect]\npt = { \"Grizzly Bears\" = \"4/2\" }\n",
    ));
}

#[test]
fn modes_a_trigger_doesnt_have_are_refused() {
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Tormentor Exarch: mode 3\"\n";
    let e = run_scenario(&scenario(&exarch(choose, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1b"), "{e}");
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Tormentor Exarch: modes 1, 2\"\n";
    let e = run_scenario(&scenario(&exarch(choose, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1b"), "{e}");
}

/// Alice plays a Mountain with Retreat to Valakut in play; `more` adds permanents and actions.
fn retreat(more: &str) -> String {
    format!(
        r#"[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mountain"]
[[player]]
name = "Bob"
[[permanent]]
card = "Retreat to Valakut"
controller = "Alice"
[[action]]
player = "Alice"
play_land = "Mountain"
{more}"#
    )
}

#[test]
fn a_trigger_with_no_mode_it_can_choose_is_removed_from_the_stack() {
    // 410.4a: no creature in play, so neither mode has a legal target.
    let game = play(&format!("stop_after = \"precombat-main\"\n{}", retreat("")));
    assert!(
        logged(&game, "[410.4a] Retreat to Valakut's ability"),
        "{:?}",
        log(&game)
    );
    assert!(logged(&game, "removed from the stack"), "{:?}", log(&game));
}

#[test]
fn a_modal_trigger_can_give_a_restriction_on_blocking() {
    // Mode 2, "Target creature can't block this turn." (500.1): Bob's Bears can't block.
    let text = retreat(
        r#"[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
choose = "Retreat to Valakut: mode 2"
[[action]]
player = "Alice"
choose = "Retreat to Valakut: Grizzly Bears"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
"#,
    );
    let e = run_scenario(&scenario(&text)).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
}

/// Alice activates Breya's ability with `keys` (modes, targets), sacrificing two Ornithopters;
/// Bob controls Grizzly Bears.
fn breya(keys: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Breya, Etherium Shaper"
controller = "Alice"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Thopter A"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Thopter B"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains A"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Breya, Etherium Shaper"
pay = ["Thopter A", "Thopter B"]
{keys}
"#
    )
}

#[test]
fn an_activated_abilitys_modes_are_announced_as_it_is_played() {
    // 409.1b, 409.1d: mode 2 and its target.
    let game = play(
        &(breya("modes = [2]\ntargets = [\"Grizzly Bears\"]")
            + "[expect]\ngraveyard = { Bob = [\"Grizzly Bears\"], Alice = [\"Thopter A\", \"Thopter B\"] }\nlife = { Alice = 20 }\n"),
    );
    assert!(
        logged(
            &game,
            "[409.1b] Alice chooses mode 2 of Breya, Etherium Shaper's ability"
        ),
        "{:?}",
        log(&game)
    );
    // Mode 3 has no target: Alice gains 5 life.
    play(
        &(breya("modes = [3]")
            + "[expect]\nlife = { Alice = 25 }\nin_play = [\"Grizzly Bears\"]\n"),
    );
    // Unsaid, the first mode: 3 damage to the target player.
    play(&(breya("targets = [\"Bob\"]") + "[expect]\nlife = { Bob = 17 }\n"));
}

#[test]
fn wrong_modes_of_an_activated_ability_are_refused_with_nothing_paid() {
    for keys in ["modes = [4]", "modes = [1, 3]\ntargets = [\"Bob\"]"] {
        let text = breya(keys)
            + "refused = \"409.1b\"\n[expect]\nin_play = [\"Thopter A\", \"Thopter B\"]\nuntapped = [\"Plains A\", \"Plains B\"]\n";
        play(&text);
    }
    // `modes` on an ability that isn't modal.
    let text = breya("modes = [1]").replace(
        "activate = \"Breya, Etherium Shaper\"\npay = [\"Thopter A\", \"Thopter B\"]",
        "activate = \"Plains A\"",
    ) + "refused = \"409.1b\"\n";
    play(&text);
}

/// Alice casts Test Sentry ("choose one — • counter on itself • destroy target artifact"),
/// answering its trigger with `choices`.
fn sentry(choices: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[[card]]
name = "Test Sentry"
cost = "{{W}}"
type = "Creature — Soldier"
pt = "1/1"
text = """
When Test Sentry enters the battlefield, choose one —
• Put a +1/+1 counter on Test Sentry.
• Destroy target artifact."""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Test Sentry"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Test Sentry"
{choices}"#
    )
}

#[test]
fn a_mode_without_a_legal_target_cant_be_chosen() {
    // 410.4a: no artifact in play, so mode 2 can't be chosen; mode 1 can.
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Test Sentry: mode 2\"\n";
    let e = run_scenario(&scenario(&sentry(choose))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.4a"), "{e}");
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Test Sentry: mode 1\"\n[expect]\npt = { \"Test Sentry\" = \"2/2\" }\n";
    play(&sentry(choose));
}

#[test]
fn it_in_a_mode_of_a_trigger_about_another_creature_is_that_creature() {
    // 410.10 (bound as it triggers) in the chosen mode: the attacking Bears get +1/+0.
    let game = play(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Test Banner"
cost = "{2}"
type = "Artifact"
text = """
Whenever a creature you control attacks, choose one —
• It gets +1/+0 until end of turn.
• You gain 1 life."""
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Test Banner"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[expect]
pt = { "Grizzly Bears" = "3/2" }
life = { Alice = 20 }
"#,
    );
    assert!(logged(&game, "chooses mode 1"), "{:?}", log(&game));
}
