//! "You control enchanted creature." (418.5a layer 2): the Aura's controller controls the
//! creature for as long as the Aura is attached; a creature newly under its control can't
//! attack that turn (212.3f); when the Aura leaves play, control goes back.

use crate::common;

use common::{lands, log, logged, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Game;

fn controller(game: &Game, label: &str) -> String {
    let o = game
        .object_labelled(label)
        .unwrap_or_else(|| panic!("no {label}: {:?}", log(game)));
    game.player(o.controller)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// Alice, in her first main phase, with Control Magic in hand and four Islands; Bob has a
/// Craw Wurm. Then `then`.
fn cast(then: &str) -> String {
    format!(
        r#"[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Control Magic"]
[[player]]
name = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
{islands}[[action]]
player = "Alice"
cast = "Control Magic"
targets = ["Craw Wurm"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{then}"#,
        islands = lands("Island", "Alice", 4),
    )
}

#[test]
fn the_auras_controller_controls_the_creature_it_enchants() {
    let game = play(&cast(""));
    assert_eq!(controller(&game, "Craw Wurm"), "Alice", "{:?}", log(&game));
    assert!(
        logged(
            &game,
            "[418.5a] Alice controls Craw Wurm through Control Magic's static ability"
        ),
        "{:?}",
        log(&game)
    );
    // New to Alice's control this turn, it can't attack (212.3f).
    let e = run_scenario(&scenario(&cast(
        "[[action]]\nplayer = \"Alice\"\nstep = \"declare-attackers\"\nattack = \"Craw Wurm\"\n",
    )))
    .unwrap_err();
    assert!(e.message.contains("Craw Wurm"), "{e}");
    assert!(e.to_string().contains("212.3f"), "{e}");
}

/// A board set up with Control Magic already on Bob's Craw Wurm, under Alice's control since
/// before the turn; Bob holds Nature's Claim and a Forest. Then `then`.
fn stolen(wurm_controller: &str, then: &str) -> String {
    format!(
        r#"[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Nature's Claim"]
[[permanent]]
card = "Craw Wurm"
controller = "{wurm_controller}"
owner = "Bob"
[[permanent]]
card = "Control Magic"
controller = "Alice"
attached_to = "Craw Wurm"
{forest}{then}"#,
        forest = lands("Forest", "Bob", 1),
    )
}

#[test]
fn a_creature_stolen_before_the_turn_attacks_for_the_auras_controller() {
    let game = play(&stolen(
        "Alice",
        "[[action]]\nplayer = \"Alice\"\nstep = \"declare-attackers\"\nattack = \"Craw Wurm\"\n[expect]\nlife = { Bob = 14 }\n",
    ));
    assert_eq!(controller(&game, "Craw Wurm"), "Alice", "{:?}", log(&game));
}

#[test]
fn control_goes_back_when_the_aura_leaves_play() {
    // Bob destroys Control Magic at the beginning of combat: the Wurm is his again, so Alice
    // can't attack with it.
    let claim = "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\ncast = \"Nature's Claim\"\ntargets = [\"Control Magic\"]\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n";
    let game = play(&stolen("Alice", claim));
    assert_eq!(controller(&game, "Craw Wurm"), "Bob", "{:?}", log(&game));
    assert!(
        logged(
            &game,
            "[418.5a] Bob controls Craw Wurm again: the effect of Control Magic no longer applies"
        ),
        "{:?}",
        log(&game)
    );
    let e = run_scenario(&scenario(&stolen(
        "Alice",
        &format!("{claim}[[action]]\nplayer = \"Alice\"\nstep = \"declare-attackers\"\nattack = \"Craw Wurm\"\n"),
    )))
    .unwrap_err();
    assert!(e.message.contains("Craw Wurm"), "{e}");
}

#[test]
fn a_scenario_must_give_the_stolen_creature_to_the_auras_controller() {
    let e = skirmish::scenario::Scenario::parse(skirmish::diagnostics::SourceFile::new(
        "stolen.toml",
        stolen("Bob", ""),
    ))
    .unwrap_err();
    let text = e.to_string();
    assert!(text.contains("418.5a"), "{text}");
    assert!(
        format!("{e:?}").contains("write controller = \\\"Alice\\\" and owner = \\\"Bob\\\""),
        "{e:?}"
    );
}

#[test]
fn a_later_control_effect_prevails_while_it_lasts() {
    // Bob Threatens his own Craw Wurm back from Alice's Control Magic: his until end of turn
    // (418.7: the later effect prevails), it attacks Alice, then it is Alice's again, and Bob
    // still gets it back should Control Magic leave.
    let game = play(&format!(
        r#"[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Threaten"]
[[permanent]]
card = "Craw Wurm"
controller = "Alice"
owner = "Bob"
[[permanent]]
card = "Control Magic"
controller = "Alice"
attached_to = "Craw Wurm"
{mountains}[[action]]
player = "Bob"
cast = "Threaten"
targets = ["Craw Wurm"]
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
step = "declare-attackers"
attack = "Craw Wurm"
[expect]
life = {{ Alice = 14 }}
"#,
        mountains = lands("Mountain", "Bob", 3),
    ));
    assert_eq!(controller(&game, "Craw Wurm"), "Alice", "{:?}", log(&game));
    let bob = game.player_named("Bob").map(|p| p.id);
    assert_eq!(
        game.static_control.first().map(|c| c.previous),
        bob,
        "{:?}",
        game.static_control
    );
}

/// Alice casts `text` as a sorcery with six Mountains in her first main phase; Bob has a
/// tapped Craw Wurm and an untapped Grizzly Bears. Then Alice attacks with `attack`.
fn mass_theft(text: &str, attack: &str) -> String {
    format!(
        r#"[[card]]
name = "Sample Uprising"
cost = "{{6}}"
type = "Sorcery"
text = "{text}"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Uprising"]
[[player]]
name = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
tapped = true
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{mountains}[[action]]
player = "Alice"
cast = "Sample Uprising"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
step = "declare-attackers"
attack = "{attack}"
"#,
        mountains = lands("Mountain", "Alice", 6),
    )
}

#[test]
fn gaining_control_of_every_creature_a_description_fits() {
    // Insurrection's words: "them" and "they" are the creatures "all creatures" fits, still
    // the same ones after untapping them.
    let insurrection = "Untap all creatures and gain control of them until end of turn. They gain haste until end of turn.";
    let game = play(&format!(
        "{}[expect]\nlife = {{ Bob = 12 }}\n",
        mass_theft(insurrection, "Craw Wurm, Grizzly Bears")
    ));
    // Control ends with the turn (314.2).
    for c in ["Craw Wurm", "Grizzly Bears"] {
        assert_eq!(controller(&game, c), "Bob", "{:?}", log(&game));
    }
    assert!(
        logged(&game, "[418.5a] Alice gains control of Craw Wurm")
            || log(&game)
                .iter()
                .any(|l| l.contains("418.5a") && l.contains("Craw Wurm")),
        "{:?}",
        log(&game)
    );
    // Without haste they couldn't attack (212.3f): the later sentence is about them too.
    let e = run_scenario(&scenario(&mass_theft(
        "Untap all creatures and gain control of them until end of turn.",
        "Craw Wurm",
    )))
    .unwrap_err();
    assert!(e.message.contains("Craw Wurm"), "{e}");
}

#[test]
fn they_after_a_change_of_control_is_refused_when_the_description_reads_control() {
    // After "gain control of all creatures target player controls", the description no
    // longer fits them: "they" can't be read again from it.
    let e = common::sample_card(
        "{5}{R}",
        "Sorcery",
        None,
        "Gain control of all creatures target opponent controls until end of turn. They gain haste until end of turn.",
    );
    assert!(e.is_err(), "{e:?}");
}
