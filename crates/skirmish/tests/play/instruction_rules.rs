//! Instructions read by the compositional grammar, in play: targets described by a filter
//! (409.1c), instructions about every creature a description fits (418.3b), and one-shot
//! actions (damage, destroying, drawing, life, counters).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Step};

/// Runs a scenario that must play out, and checks its `[expect]` table on the final state.
fn play(s: &skirmish::scenario::Scenario) -> Game {
    let (game, _) = run_scenario(s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    game
}

/// Alice attacks with Hill Giant and then casts Falter ("Creatures without flying can't block
/// this turn."); Bob answers with Ambush Viper (flash) after it resolved, then blocks with
/// `blocker`.
fn falter_then(blocker: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Falter"]
[[player]]
name = "Bob"
hand = ["Ambush Viper"]
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Forest"
controller = "Bob"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Bob"
label = "Forest 2"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Serra Angel"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
cast = "Falter"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Ambush Viper"
[[action]]
player = "Bob"
block = "{blocker}=Hill Giant"
"#
    )
}

#[test]
fn a_rule_changing_instruction_binds_creatures_that_arrive_later() {
    // 418.3b: "can't block" changes the rules, not characteristics, so Ambush Viper, which
    // came into play after Falter resolved, is bound too.
    let e = run_scenario(&scenario(&falter_then("Ambush Viper"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert!(e.message.contains("Falter"), "{e}");
}

#[test]
fn a_creature_the_description_does_not_fit_is_free() {
    let game = play(&scenario(&falter_then("Serra Angel")));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[418.3b]") && e.contains("creatures without flying")),
        "{l:?}"
    );
    assert!(
        l.iter()
            .any(|e| e.contains("Serra Angel deals 4 damage to Hill Giant")),
        "{l:?}"
    );
}

#[test]
fn a_characteristic_changing_instruction_locks_in_what_it_affects() {
    // 418.3b: Morale pumps the attacking creatures there as it resolves; Grizzly Bears, not
    // attacking, is unchanged.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Morale"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 3"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
cast = "Morale"
[[action]]
player = "Bob"
block = ""
"#,
    );
    let game = play(&s);
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Hill Giant gets +1/+1 until end of turn")),
        "{l:?}"
    );
    assert!(!l.iter().any(|e| e.contains("Grizzly Bears gets")), "{l:?}");
    assert!(
        l.iter()
            .any(|e| e.contains("Hill Giant deals 4 damage to Bob")),
        "{l:?}"
    );
}

#[test]
fn damage_to_each_creature_a_description_fits() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Seismic Shudder"]
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
card = "Raging Goblin"
controller = "Bob"
[[permanent]]
card = "Ornithopter"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Seismic Shudder"
[[action]]
player = "Alice"
attack = ""
[expect]
"#,
    );
    let game = play(&s);
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Seismic Shudder deals 1 damage to Raging Goblin")),
        "{l:?}"
    );
    assert!(
        !l.iter().any(|e| e.contains("damage to Ornithopter")),
        "{l:?}"
    );
    assert!(
        game.objects()
            .all(|o| !(o.name() == "Raging Goblin" && o.zone == skirmish::model::Zone::InPlay)),
        "Raging Goblin should have died"
    );
}

const PATHMAGE: &str = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Crafty Pathmage"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
"#;

#[test]
fn a_described_target_must_fit_its_description() {
    // 409.1c: Hill Giant (power 3) isn't a "creature with power 2 or less".
    let s = scenario(&format!(
        "{PATHMAGE}\n[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Crafty Pathmage\"\ntargets = [\"Hill Giant\"]\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("power 2 or less"), "{e}");
}

#[test]
fn a_described_target_that_fits_gets_the_rule() {
    let s = scenario(&format!(
        "{PATHMAGE}\n[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Crafty Pathmage\"\ntargets = [\"Grizzly Bears\"]\n[[action]]\nplayer = \"Bob\"\nblock = \"Wall of Wood=Grizzly Bears\"\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
}

/// Alice casts Smelt ("Destroy target artifact.") at `target`, with Ornithopter and Grizzly
/// Bears on Bob's side.
fn smelt(target: &str, rest: &str) -> skirmish::scenario::Scenario {
    scenario(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Smelt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Ornithopter"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Smelt"
targets = ["{target}"]
{rest}"#
    ))
}

#[test]
fn destroy_a_described_target() {
    let game = play(&smelt(
        "Ornithopter",
        "[[action]]\nplayer = \"Alice\"\nattack = \"\"\n[expect]\ngraveyard = { Bob = [\"Ornithopter\"] }\nin_play = [\"Grizzly Bears\"]\n",
    ));
    assert!(log(&game).iter().any(|e| e.contains("Ornithopter")));
    // Grizzly Bears is no artifact: not a legal target.
    let e = run_scenario(&smelt("Grizzly Bears", "")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("artifact"), "{e}");
}

#[test]
fn comes_into_play_triggers_draw_gain_life_and_put_counters() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Elvish Visionary", "Lone Missionary", "Ironshell Beetle"]
library = ["Grizzly Bears", "Hill Giant"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 3"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 4"
[[permanent]]
card = "Raging Goblin"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Elvish Visionary"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Lone Missionary"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Ironshell Beetle"
[[action]]
player = "Alice"
choose = "Ironshell Beetle: Raging Goblin"
[[action]]
player = "Alice"
attack = "Raging Goblin"
[[action]]
player = "Bob"
block = ""
[expect]
life = { Alice = 24, Bob = 18 }
"#,
    );
    let game = play(&s);
    let l = log(&game);
    assert!(l.iter().any(|e| e.contains("Alice draws")), "{l:?}");
    assert!(
        l.iter()
            .any(|e| e.contains("[200.10] 1 +1/+1 counter put on Raging Goblin")),
        "{l:?}"
    );
}

#[test]
fn triggered_damage_to_you_hits_the_controller() {
    // Juzam Djinn: "At the beginning of your upkeep, Juzam Djinn deals 1 damage to you." (303.1)
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Juzam Djinn"
controller = "Alice"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
life = { Alice = 19, Bob = 20 }
"#,
    );
    let game = play(&s);
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Juzam Djinn deals 1 damage to Alice")),
        "{l:?}"
    );
}

/// Alice attacks with `attacker`; Bob blocks with `block` (a declaration).
fn combat(
    attacker: &str,
    blockers: &[&str],
    block: &str,
    expect: &str,
) -> skirmish::scenario::Scenario {
    let mut s = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"{attacker}\"\ncontroller = \"Alice\"\n"
    );
    for b in blockers {
        s.push_str(&format!(
            "[[permanent]]\ncard = \"{b}\"\ncontroller = \"Bob\"\n"
        ));
    }
    s.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{attacker}\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n{expect}"
    ));
    scenario(&s)
}

#[test]
fn a_blocks_trigger_fires_as_the_blocker_is_declared() {
    // 309.3: Giant Badger blocks Hill Giant and gets +2/+2: it survives and kills the Giant.
    let game = play(&combat(
        "Hill Giant",
        &["Giant Badger"],
        "Giant Badger=Hill Giant",
        "[expect]\ngraveyard = { Alice = [\"Hill Giant\"], Bob = [] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Giant Badger gets +2/+2"))
    );
    // Not blocking, it doesn't trigger.
    let game = play(&combat(
        "Hill Giant",
        &["Giant Badger"],
        "",
        "[expect]\nlife = { Bob = 17 }\n",
    ));
    assert!(!log(&game).iter().any(|e| e.contains("Giant Badger gets")));
}

#[test]
fn a_becomes_blocked_trigger_fires_once_blocked() {
    // 309.4: Slashing Tiger becomes blocked by two creatures and triggers once.
    let game = play(&combat(
        "Slashing Tiger",
        &["Grizzly Bears", "Giant Badger"],
        "Grizzly Bears=Slashing Tiger, Giant Badger=Slashing Tiger",
        "",
    ));
    let l = log(&game);
    assert_eq!(
        l.iter()
            .filter(|e| e.contains("Slashing Tiger gets +2/+2"))
            .count(),
        1,
        "{l:?}"
    );
    let game = play(&combat(
        "Slashing Tiger",
        &["Grizzly Bears"],
        "",
        "[expect]\nlife = { Bob = 17 }\n",
    ));
    assert!(!log(&game).iter().any(|e| e.contains("Slashing Tiger gets")));
}

#[test]
fn an_attacks_or_blocks_trigger_fires_on_attacking() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hamlet Captain"
controller = "Alice"
[[permanent]]
card = "Crafty Pathmage"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Hamlet Captain"
[[action]]
player = "Bob"
block = ""
[expect]
life = { Bob = 18 }
"#,
    );
    let game = play(&s);
    let l = log(&game);
    assert!(
        l.iter().any(|e| e.contains("Crafty Pathmage gets +1/+1")),
        "{l:?}"
    );
    // "Other Humans": not the Captain itself.
    assert!(
        !l.iter().any(|e| e.contains("Hamlet Captain gets")),
        "{l:?}"
    );
}

#[test]
fn a_dies_trigger_looks_back_and_targets() {
    // 410.10d: Festering Goblin dies in combat; its trigger gives the Bears (the only legal
    // target left, so no choice is asked) -1/-1, and with the Goblin's 1 damage they die too.
    let game = play(&combat(
        "Festering Goblin",
        &["Grizzly Bears"],
        "Grizzly Bears=Festering Goblin",
        "[expect]\ngraveyard = { Alice = [\"Festering Goblin\"], Bob = [\"Grizzly Bears\"] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Grizzly Bears gets -1/-1"))
    );
}

#[test]
fn a_beginning_of_combat_trigger_on_its_controllers_turn() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Weldfast Engineer"
controller = "Alice"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
[[action]]
player = "Alice"
choose = "Weldfast Engineer: Ornithopter"
[[action]]
player = "Alice"
attack = "Ornithopter"
[[action]]
player = "Bob"
block = ""
[expect]
life = { Bob = 18 }
"#,
    );
    let game = play(&s);
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Ornithopter gets +2/+0"))
    );
}

fn alluring_scent_then(block: &str) -> skirmish::scenario::Scenario {
    scenario(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Alluring Scent"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 3"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Alluring Scent"
targets = ["Hill Giant"]
[[action]]
player = "Alice"
attack = "Hill Giant, Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
    ))
}

#[test]
fn a_lure_instruction_is_a_requirement_for_the_turn() {
    // 500.3, 500.4: Wall of Wood must block Hill Giant: blocking the Bears obeys no
    // requirement while blocking the Giant obeys one.
    let e = run_scenario(&alluring_scent_then("Wall of Wood=Grizzly Bears")).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(e.message.contains("Alluring Scent"), "{e}");
    play(&alluring_scent_then("Wall of Wood=Hill Giant"));
}

#[test]
fn x_is_announced_only_for_a_spell_with_x_in_its_cost() {
    // 409.1b: Lightning Bolt has no {X} to announce.
    let s = common::scenario(
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
[[action]]
player = "Alice"
cast = "Lightning Bolt"
x = 2
targets = ["Bob"]
"#,
    );
    let e = skirmish::engine::run_scenario(&s).unwrap_err();
    assert!(e.to_string().contains("409.1b"), "{e}");
    // A spell's text that reads X needs the {X} to announce it with; a permanent's X (as it
    // enters) isn't read.
    let spell = |cost: &str, type_line: &str| {
        let pt = type_line.contains("Creature").then_some("1/1");
        common::sample_card(
            cost,
            type_line,
            pt,
            "Sample deals X damage to target creature.",
        )
    };
    assert!(spell("{X}{R}", "Sorcery").is_ok());
    assert!(
        spell("{2}{R}", "Sorcery")
            .unwrap_err()
            .message
            .contains("409.1b")
    );
    assert!(spell("{X}{R}", "Creature — Goblin").is_err());
}
