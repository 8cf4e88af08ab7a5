//! Costs to attack paid with permanents (308.2d, 308.2f): "~ can't attack unless you
//! sacrifice a land", "... two Islands", "... unless you return an enchantment you control to
//! its owner's hand", "Black creatures can't attack unless their controller sacrifices a land
//! for each black creature he or she controls that's attacking". A declaration is legal only
//! if all its costs can be paid at once, one permanent paying one cost; the engine then gives
//! the permanents up; and nobody must pay such a cost to obey a requirement (500.2).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::judge_attack;
use skirmish::model::{Game, Zone};

const LEVIATHAN: &str = r#"
[[card]]
name = "Leviathan"
cost = "{5}{U}{U}{U}{U}"
type = "Creature — Leviathan"
pt = "10/10"
text = """
Trample
Leviathan can't attack unless you sacrifice two Islands."""
"#;

/// Alice (active, declare attackers) with `alice`, Bob with nothing; `tail` adds actions.
fn board(cards: &str, alice: &[(&str, &str)], tail: &str) -> String {
    let mut t = String::from(cards);
    t.push_str("[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n");
    for (card, label) in alice {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{card}\"\ncontroller = \"Alice\"\nlabel = \"{label}\"\n"
        ));
    }
    t.push_str(tail);
    t
}

fn zone(game: &Game, label: &str) -> Zone {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("{label} is gone"))
        .zone
}

#[test]
fn a_land_is_sacrificed_for_the_dragon_and_without_one_it_cant_attack() {
    // 308.2f: no land, no attack.
    let bare = scenario(&board("", &[("Exalted Dragon", "Dragon")], ""));
    let j = judge_attack(&bare.game, "Dragon", &mut Budget::default()).unwrap();
    assert!(!j.legal, "{j:?}");
    assert!(
        j.violations.iter().any(|v| v.rule == "308.2f"
            && v.message
                .contains("sacrifice a land you control (1 needed, 0 fit)")),
        "{j:?}"
    );
    // With a Plains the attack is legal; in play the Plains is sacrificed and the Dragon deals
    // its damage.
    let s = scenario(&board(
        "",
        &[("Exalted Dragon", "Dragon"), ("Plains", "Plains")],
        "[[action]]\nplayer = \"Alice\"\nattack = \"Dragon\"\n",
    ));
    assert!(
        judge_attack(&s.game, "Dragon", &mut Budget::default())
            .unwrap()
            .legal
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let events = log(&game);
    assert_eq!(zone(&game, "Plains"), Zone::Graveyard, "{events:?}");
    assert!(
        events
            .iter()
            .any(|e| e.contains("[308.2f]") && e.contains("Plains is sacrificed")),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| e.contains("Dragon deals 5 damage to Bob")),
        "{events:?}"
    );
}

#[test]
fn one_land_pays_one_cost_and_the_islands_go_where_only_islands_fit() {
    // Leviathan needs two Islands, the Dragon one land: two Islands alone can't pay both
    // (Hall's condition: three permanents asked of two), two Islands and a Plains can.
    let cards = LEVIATHAN;
    let two = scenario(&board(
        cards,
        &[
            ("Leviathan", "Leviathan"),
            ("Exalted Dragon", "Dragon"),
            ("Island", "Island 1"),
            ("Island", "Island 2"),
        ],
        "",
    ));
    let both = judge_attack(&two.game, "Leviathan, Dragon", &mut Budget::default()).unwrap();
    assert!(!both.legal, "{both:?}");
    assert!(
        both.violations.iter().any(|v| v.rule == "308.2f"),
        "{both:?}"
    );
    for one in ["Leviathan", "Dragon"] {
        let j = judge_attack(&two.game, one, &mut Budget::default()).unwrap();
        assert!(j.legal, "{one}: {j:?}");
    }
    let s = scenario(&board(
        cards,
        &[
            ("Plains", "Plains"),
            ("Leviathan", "Leviathan"),
            ("Exalted Dragon", "Dragon"),
            ("Island", "Island 1"),
            ("Island", "Island 2"),
        ],
        "[[action]]\nplayer = \"Alice\"\nattack = \"Leviathan, Dragon\"\n",
    ));
    assert!(
        judge_attack(&s.game, "Leviathan, Dragon", &mut Budget::default())
            .unwrap()
            .legal
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    for land in ["Plains", "Island 1", "Island 2"] {
        assert_eq!(
            zone(&game, land),
            Zone::Graveyard,
            "{land}: {:?}",
            log(&game)
        );
    }
    for hit in [
        "Leviathan deals 10 damage to Bob",
        "Dragon deals 5 damage to Bob",
    ] {
        assert!(
            log(&game).iter().any(|e| e.contains(hit)),
            "{hit}: {:?}",
            log(&game)
        );
    }
}

#[test]
fn reclamation_asks_a_land_for_each_black_attacker() {
    // Two black creatures and one land: either attacks alone, not both; a green creature
    // attacks for free.
    let cards = r#"
[[card]]
name = "Black Knight Test"
cost = "{B}{B}"
type = "Creature — Human Knight"
pt = "2/2"
text = ""
"#;
    let s = scenario(&board(
        cards,
        &[
            ("Black Knight Test", "Knight 1"),
            ("Black Knight Test", "Knight 2"),
            ("Grizzly Bears", "Bears"),
            ("Swamp", "Swamp"),
        ],
        "[[permanent]]\ncard = \"Reclamation\"\ncontroller = \"Bob\"\n",
    ));
    let mut budget = Budget::default();
    assert!(
        !judge_attack(&s.game, "Knight 1, Knight 2", &mut budget)
            .unwrap()
            .legal
    );
    assert!(
        judge_attack(&s.game, "Knight 1, Bears", &mut budget)
            .unwrap()
            .legal
    );
    assert!(
        judge_attack(&s.game, "Knight 2", &mut budget)
            .unwrap()
            .legal
    );
}

#[test]
fn a_requirement_never_forces_the_sacrifice() {
    // 500.2: the Knight "attacks each turn if able", but attacking would cost a land, so
    // not attacking obeys as many requirements as possible.
    let cards = r#"
[[card]]
name = "Eager Black Knight"
cost = "{B}{B}"
type = "Creature — Human Knight"
pt = "2/2"
text = "Eager Black Knight attacks each turn if able."
"#;
    let s = scenario(&board(
        cards,
        &[("Eager Black Knight", "Knight"), ("Swamp", "Swamp")],
        "[[permanent]]\ncard = \"Reclamation\"\ncontroller = \"Bob\"\n",
    ));
    let mut budget = Budget::default();
    let none = judge_attack(&s.game, "", &mut budget).unwrap();
    assert!(none.legal, "{none:?}");
    assert!(judge_attack(&s.game, "Knight", &mut budget).unwrap().legal);
}

#[test]
fn the_serpent_returns_an_enchantment_to_its_owners_hand() {
    let s = scenario(&board(
        "",
        &[("Floodtide Serpent", "Serpent")],
        "[[permanent]]\ncard = \"Reclamation\"\ncontroller = \"Alice\"\nlabel = \"Reclamation\"\n[[action]]\nplayer = \"Alice\"\nattack = \"Serpent\"\n",
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(zone(&game, "Reclamation"), Zone::Hand, "{:?}", log(&game));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Serpent deals 4 damage to Bob")),
        "{:?}",
        log(&game)
    );
    // Without an enchantment of its controller's (Bob's doesn't count) it can't attack.
    let s = scenario(&board(
        "",
        &[("Floodtide Serpent", "Serpent")],
        "[[permanent]]\ncard = \"Reclamation\"\ncontroller = \"Bob\"\n",
    ));
    let j = judge_attack(&s.game, "Serpent", &mut Budget::default()).unwrap();
    assert!(!j.legal, "{j:?}");
}
