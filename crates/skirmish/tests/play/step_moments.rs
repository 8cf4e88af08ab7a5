//! Moments as two phrases, whose turn and which step: "At the beginning of each player's draw
//! step" (304.1: after the turn's draw), "... of each player's end step" (313.1), "... of your
//! precombat main phase" (305.3), "... of your draw step".

use crate::common;
use common::{log, play};

/// 304.1: Bob draws for his turn first; then Alice's Howling Mine triggers for "that player",
/// the player whose draw step it is, and Bob draws one more. Tapped, it does nothing (410.8).
#[test]
fn howling_mine_draws_for_the_player_whose_draw_step_it_is() {
    let text = |tapped: bool, hand: &str| {
        format!(
            r#"stop_after = "draw"
[turn]
active = "Bob"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Plains"]
[[player]]
name = "Bob"
library = ["Forest", "Island", "Swamp"]
[[permanent]]
card = "Howling Mine"
controller = "Alice"
tapped = {tapped}
[expect]
hand = {{ Alice = [], Bob = [{hand}] }}
"#
        )
    };
    let game = play(&text(false, r#""Forest", "Island""#));
    let l = log(&game);
    let drew = l
        .iter()
        .position(|e| e.contains("[304.1]"))
        .expect("the turn's draw");
    let mine = l
        .iter()
        .position(|e| e.contains("Howling Mine") && e.contains("[410"))
        .unwrap_or_else(|| panic!("the Mine's trigger: {l:?}"));
    assert!(drew < mine, "{l:?}");
    play(&text(true, r#""Forest""#));
}

/// 313.1: at the beginning of Bob's end step, Alice's Stoneshaker Shaman makes Bob, the player
/// whose end step it is, sacrifice an untapped land; Alice's land stays.
#[test]
fn stoneshaker_shaman_makes_the_active_player_sacrifice() {
    play(
        r#"
[turn]
active = "Bob"
step = "postcombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Stoneshaker Shaman"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
tapped = true
[expect]
graveyard = { Alice = [], Bob = ["Forest"] }
in_play = ["Stoneshaker Shaman", "Plains", "Mountain"]
"#,
    );
}

/// "your draw step" and "your end step": Alice draws two in her draw step, then discards her
/// whole hand as her end step begins (313.1).
#[test]
fn avaricious_dragon_draws_then_empties_the_hand() {
    let game = play(
        r#"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
hand = ["Mountain"]
library = ["Forest", "Island", "Swamp"]
[[player]]
name = "Bob"
[[permanent]]
card = "Avaricious Dragon"
controller = "Alice"
[expect]
hand = { Alice = [] }
library = { Alice = ["Swamp"] }
"#,
    );
    let grave = &game.player_named("Alice").unwrap().graveyard;
    assert_eq!(grave.len(), 3, "{:?}", log(&game));
}

/// 305.3: "At the beginning of your precombat main phase" triggers as Alice's first main phase
/// begins, not her second, and not in Bob's turn ("your").
#[test]
fn a_main_phase_moment_triggers_once_in_its_controllers_turn() {
    let card = r#"[[card]]
name = "Morning Chant"
cost = "{W}"
type = "Enchantment"
text = "At the beginning of your precombat main phase, you gain 1 life."
"#;
    let text = |active: &str, life: u32| {
        format!(
            r#"{card}
[turn]
active = "{active}"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Plains"]
[[player]]
name = "Bob"
library = ["Plains"]
[[permanent]]
card = "Morning Chant"
controller = "Alice"
[expect]
life = {{ Alice = {life} }}
"#
        )
    };
    let game = play(&text("Alice", 21));
    // It triggers as the first main phase begins, before combat.
    let l = log(&game);
    let main = l
        .iter()
        .position(|e| e.contains("precombat main phase begins"));
    let chant = l
        .iter()
        .position(|e| e.contains("Morning Chant") && e.contains("triggers"));
    let combat = l
        .iter()
        .position(|e| e.contains("beginning of combat step begins"));
    assert!(main < chant && chant < combat && chant.is_some(), "{l:?}");
    play(&text("Bob", 20));
    // The same moment said the other way round is refused, not misread.
    let bad = format!(
        "{}\n[turn]\nactive = \"Alice\"\nstep = \"upkeep\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
        card.replace("your precombat main phase", "your combat")
    );
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", bad);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("your combat"), "{e}");
}
