//! The engine never trusts an answer: a scripted action the rules refuse stops the run with
//! the rule it breaks, the step and the script line; a refused answer from an agent that can
//! answer again changes nothing (422).

use crate::common;

use common::scenario;
use skirmish::engine::{Agent, AgentError, Engine, PriorityAction, run_scenario};
use skirmish::model::{Game, ObjectId, PlayerId, Step, TargetRef};

const BOARD: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"

[[player]]
name = "Alice"
hand = ["Giant Growth", "Grizzly Bears"]

[[player]]
name = "Bob"

[[permanent]]
card = "Forest"
controller = "Alice"

[[permanent]]
card = "Prodigal Pyromancer"
controller = "Alice"
summoning_sick = true
"#;

#[test]
fn a_tap_ability_of_a_new_creature_is_refused_with_212_3f() {
    let s = scenario(&format!(
        "{BOARD}\n[[action]]\nplayer = \"Alice\"\nactivate = \"Prodigal Pyromancer\"\ntargets = [\"Bob\"]\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.3f"));
    assert_eq!(e.step, Step::PrecombatMain);
    assert_eq!(e.turn, 1);
    assert_eq!(e.line, Some(s.script[0].line));
    assert!(e.to_string().contains("[212.3f]"), "{e}");
}

#[test]
fn a_sorcery_speed_spell_in_combat_is_refused_with_408_1d() {
    let s = scenario(&format!(
        "{BOARD}\n[[action]]\nplayer = \"Alice\"\ncast = \"Grizzly Bears\"\nstep = \"beginning-of-combat\"\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("408.1d"));
    assert_eq!(e.step, Step::BeginningOfCombat);
}

#[test]
fn an_action_never_taken_is_reported() {
    // Bob never gets to block: nobody attacks.
    let s = scenario(&format!(
        "{BOARD}\n[[action]]\nplayer = \"Bob\"\nblock = \"\"\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert!(e.message.contains("never taken"), "{e}");
}

/// Tries an illegal cast first (a player as Giant Growth's target), then the same spell legally,
/// then passes; records the state at the moment of the second attempt.
struct TwoTries {
    tries: u32,
    refused: Vec<String>,
    forest_tapped_after_refusal: Option<bool>,
}

impl Agent for TwoTries {
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        if player != PlayerId(0) || self.tries >= 2 {
            return Ok(PriorityAction::Pass);
        }
        let growth = game.players[0]
            .hand
            .iter()
            .copied()
            .find(|id| game.object(*id).is_some_and(|o| o.label == "Giant Growth"));
        let Some(card) = growth else {
            return Ok(PriorityAction::Pass);
        };
        self.tries += 1;
        if self.tries == 1 {
            return Ok(PriorityAction::Cast {
                card,
                targets: vec![TargetRef::Player(PlayerId(1))],
                with: Vec::new(),
                convoke: Vec::new(),
                delve: Vec::new(),
                improvise: Vec::new(),
                x: 0,
            });
        }
        self.forest_tapped_after_refusal = game.object_labelled("Forest").map(|o| o.tapped());
        let pyro: ObjectId = game.object_labelled("Prodigal Pyromancer").unwrap().id;
        Ok(PriorityAction::Cast {
            card,
            targets: vec![TargetRef::Object(pyro)],
            with: Vec::new(),
            convoke: Vec::new(),
            delve: Vec::new(),
            improvise: Vec::new(),
            x: 0,
        })
    }
    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        self.refused.push(format!("[{rule}] {why}"));
        Ok(())
    }
}

#[test]
fn a_refused_action_changes_nothing_and_the_player_is_asked_again() {
    let s = scenario(BOARD);
    let mut agent = TwoTries {
        tries: 0,
        refused: Vec::new(),
        forest_tapped_after_refusal: None,
    };
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(agent.refused.len(), 1, "{:?}", agent.refused);
    assert!(
        agent.refused[0].starts_with("[409.1c]"),
        "{:?}",
        agent.refused
    );
    assert_eq!(
        agent.forest_tapped_after_refusal,
        Some(false),
        "the refused cast paid nothing"
    );
    assert_eq!(
        game.object_labelled("Giant Growth").unwrap().zone,
        skirmish::model::Zone::Graveyard
    );
}

#[test]
fn an_illegal_attack_is_refused_with_the_kernels_reason() {
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
card = "Crazed Goblin"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Silent Arbiter"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert_eq!(e.step, Step::DeclareAttackers);
    assert!(
        e.message
            .contains("Crazed Goblin attacks each turn if able"),
        "{e}"
    );
}

#[test]
fn trample_must_assign_lethal_damage_first() {
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
card = "Yavimaya Wurm"
controller = "Alice"
attacking = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Bob"
block = "Hill Giant=Yavimaya Wurm"
[[action]]
player = "Alice"
assign = "Yavimaya Wurm: 1 to Hill Giant, 5 to Bob"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.9b"), "{e}");
    assert_eq!(e.step, Step::CombatDamage);
}

#[test]
fn a_division_must_assign_all_the_damage() {
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
card = "Craw Wurm"
controller = "Alice"
attacking = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Bob"
block = "Grizzly Bears=Craw Wurm, Wall of Wood=Craw Wurm"
[[action]]
player = "Alice"
assign = "Craw Wurm: 2 to Grizzly Bears, 1 to Wall of Wood"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("310.2c"), "{e}");
}

#[test]
fn ninjutsu_needs_an_unblocked_attacker() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-blockers"
[[player]]
name = "Alice"
hand = ["Ninja of the Deep Hours"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
attacking = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island A"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island B"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Bob"
block = "Wall of Wood=Grizzly Bears"
[[action]]
player = "Alice"
ninjutsu = "Ninja of the Deep Hours: Grizzly Bears"
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.43c"), "{e}");
}

/// The same with libraries that last hundreds of turns: the run stops after
/// `SCRIPT_PATIENCE` turns in a row without a scripted action taken, instead of playing until
/// a library runs out (issue 13: a script of 3,000 such actions ran for 16 s).
#[test]
fn an_action_never_taken_stops_the_run_after_the_script_s_patience() {
    let forests = vec!["\"Forest\""; 400].join(", ");
    let s = scenario(&format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n\
         [[player]]\nname = \"Alice\"\nlibrary = [{forests}]\n\
         [[player]]\nname = \"Bob\"\nlibrary = [{forests}]\n\
         [[action]]\nplayer = \"Bob\"\nblock = \"\"\n"
    ));
    let e = run_scenario(&s).unwrap_err();
    assert!(e.message.contains("never taken"), "{e}");
    assert!(e.message.contains("50 turns in a row"), "{e}");
    assert_eq!(skirmish::engine::agent::SCRIPT_PATIENCE, 50);
    assert!(e.turn <= 51, "played until turn {}", e.turn);
    assert_eq!(e.line, Some(s.script[0].line));
}
