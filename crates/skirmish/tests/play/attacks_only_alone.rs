//! "can only attack alone" (306.5: a creature attacks alone if it's the only creature declared
//! as an attacker; a restriction, 500.2) and a life total set to a number (215.5): Master of
//! Cruelties and Errantry.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::judge_attack;

/// Alice attacks Bob with `attack`; Bob may block with his Hill Giant (`block`).
fn board(extra: &str, attack: &str, block: &str, expect: &str) -> String {
    let block = if block.is_empty() {
        String::new()
    } else {
        format!("[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n")
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Master of Cruelties"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{extra}
[[action]]
player = "Alice"
attack = "{attack}"
{block}
[expect]
{expect}
"#
    )
}

/// 215.5: unblocked and attacking a player, the Master sets Bob's life total to 1 (he loses 19
/// life) and assigns no combat damage (310.2a), so Bob ends at 1, not 0.
#[test]
fn unblocked_the_master_sets_the_life_total_to_one_and_deals_no_damage() {
    let game = play(&board(
        "",
        "Master of Cruelties",
        "",
        "life = { Alice = 20, Bob = 1 }",
    ));
    assert!(
        logged(&game, "[215.5] Bob's life total becomes 1"),
        "{:?}",
        log(&game)
    );
    assert!(
        !logged(&game, "Master of Cruelties deals"),
        "{:?}",
        log(&game)
    );
}

/// Blocked, it doesn't trigger; its first strike and deathtouch kill the Giant before it
/// strikes back.
#[test]
fn blocked_the_master_fights_as_a_first_striker_with_deathtouch() {
    let game = play(&board(
        "",
        "Master of Cruelties",
        "Hill Giant=Master of Cruelties",
        "life = { Alice = 20, Bob = 20 }\ngraveyard = { Bob = [\"Hill Giant\"] }\nin_play = [\"Master of Cruelties\"]",
    ));
    assert!(!logged(&game, "[215.5]"), "{:?}", log(&game));
}

/// 306.5, 500.2: with another attacker the declaration breaks the restriction, and the judge
/// says which; alone, it is legal. The Bears may attack without it.
#[test]
fn the_master_can_attack_only_as_the_one_attacker() {
    let both = scenario(&board("", "Master of Cruelties, Grizzly Bears", "", ""));
    let j = judge_attack(
        &both.game,
        "Master of Cruelties, Grizzly Bears",
        &mut Budget::default(),
    )
    .unwrap();
    assert!(!j.legal, "{j:?}");
    assert!(
        j.violations
            .iter()
            .any(|v| v.rule == "500.2" && v.message.contains("can only attack alone")),
        "{j:?}"
    );
    let e = run_scenario(&both).unwrap_err();
    assert!(e.message.contains("can only attack alone"), "{e}");
    for alone in ["Master of Cruelties", "Grizzly Bears"] {
        let j = judge_attack(&both.game, alone, &mut Budget::default()).unwrap();
        assert!(j.legal, "{alone}: {j:?}");
    }
}

/// 308.1: attacking a planeswalker, it isn't attacking a player: no trigger, and it deals its
/// 1 damage to the planeswalker as usual (212.9d: one loyalty counter removed).
#[test]
fn attacking_a_planeswalker_the_master_doesnt_trigger() {
    let game = play(&board(
        "[[permanent]]\ncard = \"Garruk Wildspeaker\"\ncontroller = \"Bob\"\n",
        "Master of Cruelties->Garruk Wildspeaker",
        "",
        "life = { Bob = 20 }\nin_play = [\"Garruk Wildspeaker\"]",
    ));
    assert!(!logged(&game, "[215.5]"), "{:?}", log(&game));
    let garruk = game.object_labelled("Garruk Wildspeaker").unwrap();
    assert_eq!(garruk.loyalty(), Some(2), "{:?}", log(&game));
}

/// Errantry: the enchanted creature gets +3/+0 and can only attack alone; another creature
/// may attack without it.
#[test]
fn errantry_lets_its_creature_attack_only_alone() {
    let aura = "[[permanent]]\ncard = \"Errantry\"\ncontroller = \"Alice\"\nattached_to = \"Grizzly Bears\"\n";
    play(&board(aura, "Grizzly Bears", "", "life = { Bob = 15 }"));
    let both = scenario(&board(aura, "Grizzly Bears, Master of Cruelties", "", ""));
    let e = run_scenario(&both).unwrap_err();
    assert!(e.message.contains("can only attack alone"), "{e}");
}
