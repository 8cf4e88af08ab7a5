//! A variable number of targets (409.1c): "up to three target creatures" takes any number
//! from none to three, different ones; the instruction acts on each target still legal as it
//! resolves (413.2a); a triggered ability chooses them one answer at a time (410.4).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Step;

/// Alice casts `spell` at `targets` in her first main phase, then attacks with her Hill Giant
/// and Grizzly Bears; Bob blocks with `block`.
fn board(spell: &str, targets: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{spell}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Alice's Bears"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
label = "Bob's Bears"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[permanent]]
card = "Wall of Stone"
controller = "Bob"
[[action]]
player = "Alice"
cast = "{spell}"
targets = [{targets}]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "Hill Giant, Alice's Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn each_of_up_to_three_targets_cant_block_and_others_still_can() {
    let targets = r#""Wall of Wood", "Bob's Bears", "Llanowar Elves""#;
    for blocker in ["Wall of Wood", "Bob's Bears", "Llanowar Elves"] {
        let e = run_scenario(&scenario(&board(
            "Panic Attack",
            targets,
            &format!("{blocker}=Hill Giant"),
        )))
        .unwrap_err();
        assert_eq!(e.step, Step::DeclareBlockers, "{e}");
        assert!(e.message.contains(blocker), "{e}");
    }
    // Wall of Stone wasn't a target.
    run_scenario(&scenario(&board(
        "Panic Attack",
        targets,
        "Wall of Stone=Hill Giant",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn fewer_targets_are_allowed_more_or_the_same_twice_are_refused() {
    // "Up to": none at all is a legal choice.
    run_scenario(&scenario(&board(
        "Panic Attack",
        "",
        "Wall of Wood=Hill Giant",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    run_scenario(&scenario(&board(
        "Panic Attack",
        r#""Wall of Stone""#,
        "Wall of Wood=Hill Giant",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    let four = r#""Wall of Wood", "Bob's Bears", "Llanowar Elves", "Wall of Stone""#;
    let e = run_scenario(&scenario(&board("Panic Attack", four, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    let twice = r#""Wall of Wood", "Wall of Wood""#;
    let e = run_scenario(&scenario(&board("Panic Attack", twice, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("twice"), "{e}");
}

#[test]
fn damage_to_each_target_then_those_creatures_cant_block() {
    let targets = r#""Llanowar Elves", "Wall of Wood""#;
    let (game, _) = run_scenario(&scenario(&board(
        "Sparkmage's Gambit",
        targets,
        "Wall of Stone=Hill Giant",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("deals 1 damage to Llanowar Elves")),
        "{l:?}"
    );
    assert!(
        l.iter()
            .any(|e| e.contains("deals 1 damage to Wall of Wood")),
        "{l:?}"
    );
    // The Elves died of it; the Wall survived and still can't block.
    let e = run_scenario(&scenario(&board(
        "Sparkmage's Gambit",
        targets,
        "Wall of Wood=Hill Giant",
    )))
    .unwrap_err();
    assert!(e.message.contains("Wall of Wood"), "{e}");
}

#[test]
fn a_trigger_takes_up_to_two_targets_one_answer_each() {
    let text = |answers: &[&str]| {
        let mut s = String::from(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Glarewielder"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 4"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 5"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Wall of Stone"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Glarewielder"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#,
        );
        for a in answers {
            s.push_str(&format!(
                "[[action]]\nplayer = \"Alice\"\nchoose = \"Glarewielder: {a}\"\n"
            ));
        }
        s.push_str(
            "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\nattack = \"Glarewielder\"\n[[action]]\nplayer = \"Bob\"\nblock = \"BLOCK\"\n",
        );
        s
    };
    let walls = text(&["Wall of Wood", "Wall of Stone"]);
    for wall in ["Wall of Wood", "Wall of Stone"] {
        let e = run_scenario(&scenario(
            &walls.replace("BLOCK", &format!("{wall}=Glarewielder")),
        ))
        .unwrap_err();
        assert!(e.message.contains(wall), "{e}");
    }
    run_scenario(&scenario(
        &walls.replace("BLOCK", "Grizzly Bears=Glarewielder"),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    // One answer: one target, and the Wall of Stone may block.
    let one = text(&["Wall of Wood"]);
    run_scenario(&scenario(
        &one.replace("BLOCK", "Wall of Stone=Glarewielder"),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Alice casts Sample Fumarole ("Destroy target creature and target land.", {3}{B}{R}) in her
/// main phase with `targets`.
fn fumarole(targets: &str) -> String {
    format!(
        r#"[[card]]
name = "Sample Fumarole"
cost = "{{1}}{{R}}"
type = "Sorcery"
text = "Destroy target creature and target land."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Fumarole"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Fumarole"
targets = [{targets}]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#
    )
}

#[test]
fn one_verb_for_two_objects_acts_on_each_its_own_target() {
    let (game, _) = run_scenario(&scenario(&fumarole(r#""Grizzly Bears", "Forest""#)))
        .unwrap_or_else(|e| panic!("{e}"));
    for gone in ["Grizzly Bears", "Forest"] {
        assert_eq!(
            game.object_labelled(gone).map(|o| o.zone),
            Some(skirmish::model::Zone::Graveyard),
            "{gone}: {:?}",
            log(&game)
        );
    }
    // Each object is a target of its own kind (409.1c): a land for "target creature" is
    // refused, and so is one target for the two words.
    let e = run_scenario(&scenario(&fumarole(r#""Forest", "Grizzly Bears""#))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    let e = run_scenario(&scenario(&fumarole(r#""Grizzly Bears""#))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
}
