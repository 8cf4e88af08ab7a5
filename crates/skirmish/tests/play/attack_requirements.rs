//! Requirements to attack that name more than "this creature attacks": conditional ones ("If ~
//! attacks, all creatures you control attack if able", 500.1) and ones that name the player or
//! planeswalker to attack.

use crate::common;

use common::scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::{judge_attack, judge_block};

/// Alice's creatures `alice` (labels as card names) in her declare attackers step, and `extra`.
fn attackers(alice: &[&str], extra: &str) -> skirmish::scenario::Scenario {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    for a in alice {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\n"
        ));
    }
    t.push_str(extra);
    scenario(&t)
}

fn verdict(s: &skirmish::scenario::Scenario, d: &str) -> skirmish::legality::judge::Judgement {
    judge_attack(&s.game, d, &mut Budget::default()).unwrap()
}

#[test]
fn viashino_bey_brings_everyone_or_stays_home() {
    let s = attackers(&["Viashino Bey", "Grizzly Bears", "Hill Giant"], "");
    let j = verdict(&s, "Viashino Bey");
    assert!(!j.legal, "{j:?}");
    assert_eq!(j.verdict, "too-few-requirements", "{j:?}");
    // The witness obeys both conditional requirements: everyone attacks.
    let shown = serde_json::to_string(&j).unwrap();
    assert!(
        shown.contains("if Viashino Bey attacks, Grizzly Bears attacks if able"),
        "{shown}"
    );
    assert!(!verdict(&s, "Viashino Bey, Grizzly Bears").legal);
    assert!(verdict(&s, "Viashino Bey, Grizzly Bears, Hill Giant").legal);
    // Nothing asks anyone to attack unless the Bey does (500.4 counts obeyed requirements).
    assert!(verdict(&s, "").legal);
    assert!(verdict(&s, "Grizzly Bears").legal);
    assert!(verdict(&s, "Hill Giant, Grizzly Bears").legal);
}

#[test]
fn if_able_exempts_a_creature_that_cannot_attack() {
    // A tapped Hill Giant can't attack (and 500.2 exempts it), a pacified Bears can't either.
    let extra = "[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\ntapped = true\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Pacifism\"\ncontroller = \"Bob\"\nattached_to = \"Bears\"\n[[permanent]]\ncard = \"Raging Goblin\"\ncontroller = \"Alice\"\n";
    let s = attackers(&["Viashino Bey"], extra);
    assert!(verdict(&s, "Viashino Bey, Raging Goblin").legal);
    assert!(!verdict(&s, "Viashino Bey").legal);
}

#[test]
fn ekundu_cyclops_joins_any_attack() {
    let s = attackers(&["Ekundu Cyclops", "Grizzly Bears"], "");
    let j = verdict(&s, "Grizzly Bears");
    assert_eq!(j.verdict, "too-few-requirements", "{j:?}");
    assert!(verdict(&s, "Grizzly Bears, Ekundu Cyclops").legal);
    assert!(verdict(&s, "Ekundu Cyclops").legal);
    assert!(verdict(&s, "").legal);
    // A tapped Cyclops is exempt.
    let tapped =
        "[[permanent]]\ncard = \"Ekundu Cyclops\"\ncontroller = \"Alice\"\ntapped = true\n";
    let s = attackers(&["Grizzly Bears"], tapped);
    assert!(verdict(&s, "Grizzly Bears").legal);
}

#[test]
fn a_restriction_can_leave_the_condition_unmeetable() {
    // With Silent Arbiter only one creature can attack: the Bey alone disobeys two
    // requirements that another single attacker doesn't trigger, so the Bey stays home
    // (500.4 counts obeyed requirements among declarations obeying every restriction).
    let s = attackers(
        &[
            "Viashino Bey",
            "Grizzly Bears",
            "Hill Giant",
            "Silent Arbiter",
        ],
        "",
    );
    assert!(!verdict(&s, "Viashino Bey").legal);
    assert!(verdict(&s, "Grizzly Bears").legal);
}

#[test]
fn akron_legionnaire_lets_only_its_namesakes_and_artifacts_attack() {
    let extra = "[[permanent]]\ncard = \"Akron Legionnaire\"\nlabel = \"Second Legionnaire\"\ncontroller = \"Alice\"\n";
    let s = attackers(
        &["Akron Legionnaire", "Grizzly Bears", "Ornithopter"],
        extra,
    );
    let j = verdict(&s, "Grizzly Bears");
    assert!(!j.legal, "{j:?}");
    assert!(j.violations.iter().any(|v| v.rule == "500.2"), "{j:?}");
    // Another creature named Akron Legionnaire is excepted too, and so is an artifact creature.
    assert!(verdict(&s, "Akron Legionnaire, Second Legionnaire, Ornithopter").legal);
    // Bob's creatures aren't Alice's to restrict.
    let bob = "[[permanent]]\ncard = \"Akron Legionnaire\"\ncontroller = \"Bob\"\n";
    let s = attackers(&["Grizzly Bears"], bob);
    assert!(verdict(&s, "Grizzly Bears").legal);
}

#[test]
fn xantcha_attacks_each_combat_but_never_its_owner() {
    let card = "[[card]]\nname = \"Xantcha, Sleeper Agent\"\ncost = \"{1}{B}{R}\"\ntype = \"Legendary Creature — Minion\"\npt = \"5/5\"\ntext = \"Xantcha attacks each combat if able and can't attack its owner or planeswalkers its owner controls.\"\n";
    let three = "attack_multiple_players = true\n[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[player]]\nname = \"Carol\"\n";
    let s = scenario(&format!(
        "{three}{card}[[permanent]]\ncard = \"Xantcha, Sleeper Agent\"\nlabel = \"Xantcha\"\ncontroller = \"Alice\"\nowner = \"Bob\"\n"
    ));
    let j = verdict(&s, "Xantcha->Bob");
    assert!(!j.legal, "{j:?}");
    assert!(j.violations.iter().any(|v| v.rule == "500.2"), "{j:?}");
    assert!(verdict(&s, "Xantcha->Carol").legal);
    // It must attack: staying home disobeys its requirement.
    assert_eq!(verdict(&s, "").verdict, "too-few-requirements");
}

#[test]
fn street_savvy_blocks_landwalkers_as_though_they_had_no_landwalk() {
    let board = |savvy: bool| {
        let mut t = String::from(
            "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Bog Wraith\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears\"\ncontroller = \"Bob\"\n",
        );
        if savvy {
            t.push_str("[[permanent]]\ncard = \"Street Savvy\"\ncontroller = \"Bob\"\nattached_to = \"Bears\"\n");
        }
        scenario(&t)
    };
    let j = judge_block(
        &board(false).game,
        "Bears=Bog Wraith",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.violations.iter().any(|v| v.rule == "502.6b"), "{j:?}");
    let j = judge_block(
        &board(true).game,
        "Bears=Bog Wraith",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

#[test]
fn trove_of_temptation_asks_for_one_attacker_at_its_controller() {
    let trove = "[[card]]\nname = \"Trove of Temptation\"\ncost = \"{3}{R}\"\ntype = \"Enchantment\"\ntext = \"Each opponent must attack you or a planeswalker you control with at least one creature each combat if able.\"\n[[permanent]]\ncard = \"Trove of Temptation\"\ncontroller = \"Bob\"\n";
    let s = attackers(&["Grizzly Bears", "Hill Giant"], trove);
    let j = verdict(&s, "");
    assert_eq!(j.verdict, "too-few-requirements", "{j:?}");
    assert!(verdict(&s, "Grizzly Bears").legal);
    assert!(verdict(&s, "Hill Giant").legal);
    assert!(verdict(&s, "Hill Giant, Grizzly Bears").legal);
    // With several opponents, attacking another one doesn't obey it.
    let three = format!(
        "attack_multiple_players = true\n[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[player]]\nname = \"Carol\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n{trove}"
    );
    let s = scenario(&three);
    let j = verdict(&s, "Grizzly Bears->Carol, Hill Giant->Carol");
    assert_eq!(j.verdict, "too-few-requirements", "{j:?}");
    assert!(verdict(&s, "Grizzly Bears->Carol, Hill Giant->Bob").legal);
    // Tapped creatures are exempt: nothing is able, nothing is asked (500.2).
    let tapped = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\ntapped = true\n";
    let s = attackers(&[], &format!("{tapped}{trove}"));
    assert!(verdict(&s, "").legal);
}

#[test]
fn bonds_of_faith_pumps_a_human_and_otherwise_holds_it_back() {
    let on = |creature: &str| {
        attackers(
            &[],
            &format!(
                "[[permanent]]\ncard = \"{creature}\"\nlabel = \"Held\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Bonds of Faith\"\ncontroller = \"Bob\"\nattached_to = \"Held\"\n"
            ),
        )
    };
    // "Otherwise" is the negation of the sentence before's condition, about the same creature.
    let bears = on("Grizzly Bears");
    let j = verdict(&bears, "Held");
    assert!(!j.legal, "{j:?}");
    assert!(j.violations.iter().any(|v| v.rule == "500.2"), "{j:?}");
    let human = on("Eager Cadet");
    assert!(verdict(&human, "Held").legal);
    let id = human.game.object_labelled("Held").unwrap().id;
    assert_eq!(human.game.power(id), Some(3));
}

#[test]
fn mirri_lets_only_one_creature_attack_its_controller_while_tapped() {
    let card = "[[card]]\nname = \"Mirri, Weatherlight Duelist\"\ncost = \"{1}{G}{W}\"\ntype = \"Legendary Creature — Cat Warrior\"\npt = \"3/2\"\ntext = \"As long as Mirri, Weatherlight Duelist is tapped, no more than one creature can attack you each combat.\"\n";
    let mirri = |tapped: bool| {
        format!(
            "{card}[[permanent]]\ncard = \"Mirri, Weatherlight Duelist\"\nlabel = \"Mirri\"\ncontroller = \"Bob\"\ntapped = {tapped}\n"
        )
    };
    let s = attackers(&["Grizzly Bears", "Hill Giant"], &mirri(true));
    let j = verdict(&s, "Grizzly Bears, Hill Giant");
    assert!(!j.legal, "{j:?}");
    assert!(j.violations.iter().any(|v| v.rule == "500.2"), "{j:?}");
    assert!(verdict(&s, "Hill Giant").legal);
    // Untapped, the condition doesn't hold.
    let s = attackers(&["Grizzly Bears", "Hill Giant"], &mirri(false));
    assert!(verdict(&s, "Grizzly Bears, Hill Giant").legal);
    // With several opponents, only attacks on Mirri's controller count.
    let three = format!(
        "attack_multiple_players = true\n[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[player]]\nname = \"Carol\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n{}",
        mirri(true)
    );
    let s = scenario(&three);
    assert!(verdict(&s, "Grizzly Bears->Carol, Hill Giant->Bob").legal);
    assert!(!verdict(&s, "Grizzly Bears->Bob, Hill Giant->Bob").legal);
}

/// Bob's turn with three players; Alice's Alluring Siren targets Bob's Bears before attackers
/// are declared, then Bob attacks with `attack`.
fn siren(attack: &str) -> Result<(), skirmish::engine::RunError> {
    let s = scenario(&format!(
        "attack_multiple_players = true\n[turn]\nactive = \"Bob\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[player]]\nname = \"Carol\"\n[[permanent]]\ncard = \"Alluring Siren\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Alluring Siren\"\ntargets = [\"Bears\"]\n[[action]]\nplayer = \"Bob\"\nattack = \"{attack}\"\n"
    ));
    skirmish::engine::run_scenario(&s).map(|_| ())
}

#[test]
fn alluring_siren_makes_the_creature_attack_its_controller() {
    siren("Bears->Alice").unwrap_or_else(|e| panic!("{e}"));
    let e = siren("Bears->Carol").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(e.message.contains("Bears attacks Alice if able"), "{e}");
    let e = siren("").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
}
