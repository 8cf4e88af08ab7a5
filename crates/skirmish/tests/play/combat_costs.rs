//! Costs to attack and to block written on cards (308.2d-f, 309.2b-d): each creature's own
//! cost ("~ can't attack unless you pay {2}"), costs for one defending player ("Nonblack
//! creatures can't attack you unless ..."), costs to block some attackers or any, costs for
//! each creature blocking an attacker; amounts read from the game ("{X}, where X is ...",
//! "{1} for each +1/+1 counter on it"); and 500.2/500.3: a requirement never forces a payment.

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::{judge_attack, judge_block};

/// Alice (active) with `forests` Forests and her creatures; Bob with his permanents; then
/// `tail` (actions or more permanents).
fn board(alice: &str, forests: usize, bob: &str, tail: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    for i in 1..=forests {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"Forest {i}\"\n"
        ));
    }
    t.push_str(alice);
    t.push_str(bob);
    t.push_str(tail);
    t
}

const BRAINWASHED_BEARS: &str = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\n[[permanent]]\ncard = \"Brainwash\"\ncontroller = \"Bob\"\nattached_to = \"Bears\"\n";

#[test]
fn brainwash_costs_three_to_attack_and_the_cost_is_paid() {
    // 308.2f: two Forests can't pay {3}, and partial payments are not allowed.
    let short = scenario(&board(BRAINWASHED_BEARS, 2, "", ""));
    let j = judge_attack(&short.game, "Bears", &mut Budget::default()).unwrap();
    assert!(!j.legal, "{j:?}");
    assert!(
        j.violations
            .iter()
            .any(|v| v.rule == "308.2f" && v.message.contains("costs 3")),
        "{j:?}"
    );
    // Three Forests pay it: the attack is legal, and in play the Forests are tapped for it.
    let text = board(
        BRAINWASHED_BEARS,
        3,
        "",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Bears\"\n",
    );
    let s = scenario(&text);
    assert!(
        judge_attack(&s.game, "Bears", &mut Budget::default())
            .unwrap()
            .legal
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let tapped = (1..=3)
        .filter(|i| {
            game.in_play()
                .any(|o| o.label == format!("Forest {i}") && o.tapped())
        })
        .count();
    assert_eq!(tapped, 3, "{:?}", log(&game));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Bears deals 2 damage to Bob")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_requirement_never_forces_a_cost_to_attack() {
    // 500.2: a creature with an unpaid cost to attack is exempt from "attacks each combat if
    // able", even with the mana there; paying is still allowed.
    let card = "[[card]]\nname = \"Test Behemoth\"\ncost = \"{2}{R}\"\ntype = \"Creature — Ogre\"\npt = \"5/5\"\ntext = \"\"\"\nTest Behemoth attacks each combat if able.\nTest Behemoth can't attack or block unless you pay {2}.\"\"\"\n[[permanent]]\ncard = \"Test Behemoth\"\ncontroller = \"Alice\"\n";
    let s = scenario(&board(card, 2, "", ""));
    for (decl, legal) in [("", true), ("Test Behemoth", true)] {
        let j = judge_attack(&s.game, decl, &mut Budget::default()).unwrap();
        assert_eq!(j.legal, legal, "{decl:?}: {j:?}");
    }
    // Without the mana it can't attack at all.
    let s = scenario(&board(card, 1, "", ""));
    assert!(
        !judge_attack(&s.game, "Test Behemoth", &mut Budget::default())
            .unwrap()
            .legal
    );
}

#[test]
fn elephant_grass_taxes_nonblack_attackers_and_bars_black_ones() {
    let alice = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Drudge Skeletons\"\ncontroller = \"Alice\"\n";
    let bob = "[[permanent]]\ncard = \"Elephant Grass\"\ncontroller = \"Bob\"\n";
    let s = scenario(&board(alice, 2, bob, ""));
    let j = |d: &str| judge_attack(&s.game, d, &mut Budget::default()).unwrap();
    assert!(
        j("Grizzly Bears").legal,
        "two Forests pay {{2}} for the Bears"
    );
    assert!(
        !j("Drudge Skeletons").legal,
        "black creatures can't attack Bob"
    );
    let s1 = scenario(&board(alice, 1, bob, ""));
    let v = judge_attack(&s1.game, "Grizzly Bears", &mut Budget::default()).unwrap();
    assert!(v.violations.iter().any(|v| v.rule == "308.2f"), "{v:?}");
}

#[test]
fn sphere_of_safety_reads_x_and_myr_prototype_counts_its_counters() {
    // X is the number of enchantments Bob controls: Sphere and one more make {2} per creature.
    let bob = "[[permanent]]\ncard = \"Sphere of Safety\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Elephant Grass\"\ncontroller = \"Bob\"\n";
    let alice_bears = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n";
    // Bears pay {2} to Sphere (X = 2) and {2} to Elephant Grass: 4 in all.
    for (forests, legal) in [(3, false), (4, true)] {
        let s = scenario(&board(alice_bears, forests, bob, ""));
        let j = judge_attack(&s.game, "Grizzly Bears", &mut Budget::default()).unwrap();
        assert_eq!(j.legal, legal, "{forests} Forests: {j:?}");
    }
    // Myr Prototype with two +1/+1 counters costs {2} to attack.
    let myr = "[[permanent]]\ncard = \"Myr Prototype\"\ncontroller = \"Alice\"\ncounters = { \"+1/+1\" = 2 }\n";
    for (forests, legal) in [(1, false), (2, true)] {
        let s = scenario(&board(myr, forests, "", ""));
        let j = judge_attack(&s.game, "Myr Prototype", &mut Budget::default()).unwrap();
        assert_eq!(j.legal, legal, "{forests} Forests: {j:?}");
    }
}

/// Alice attacks with Hill Giant and Grizzly Bears; Bob has Hipparion and `plains` Plains.
fn hipparion(plains: usize, block: &str) -> String {
    let mut bob = String::from("[[permanent]]\ncard = \"Hipparion\"\ncontroller = \"Bob\"\n");
    for i in 1..=plains {
        bob.push_str(&format!(
            "[[permanent]]\ncard = \"Plains\"\ncontroller = \"Bob\"\nlabel = \"Plains {i}\"\n"
        ));
    }
    board(
        "[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n",
        0,
        &bob,
        &format!(
            "[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant, Grizzly Bears\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n"
        ),
    )
}

#[test]
fn hipparion_pays_to_block_only_the_big_attacker() {
    // Blocking the 2-power Bears is free.
    let (game, _) = run_scenario(&scenario(&hipparion(0, "Hipparion=Grizzly Bears")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Hipparion blocks Grizzly Bears")),
        "{:?}",
        log(&game)
    );
    // Blocking the 3-power Giant costs {1}: refused without mana (309.2d) ...
    let e = run_scenario(&scenario(&hipparion(0, "Hipparion=Hill Giant"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("309.2d"), "{e}");
    // ... and paid with a Plains.
    let (game, _) = run_scenario(&scenario(&hipparion(1, "Hipparion=Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        game.in_play().any(|o| o.label == "Plains 1" && o.tapped()),
        "{:?}",
        log(&game)
    );
}

#[test]
fn awesome_presence_charges_for_each_blocker() {
    let alice = "[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\nlabel = \"Giant\"\nattacking = \"Bob\"\n[[permanent]]\ncard = \"Awesome Presence\"\ncontroller = \"Alice\"\nattached_to = \"Giant\"\n";
    let mut bob = String::from(
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 1\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 2\"\n",
    );
    for i in 1..=4 {
        bob.push_str(&format!(
            "[[permanent]]\ncard = \"Plains\"\ncontroller = \"Bob\"\nlabel = \"Plains {i}\"\n"
        ));
    }
    let text = board(alice, 0, &bob, "").replace("declare-attackers", "declare-blockers");
    let s = scenario(&text);
    let j = |d: &str| judge_block(&s.game, d, None, &mut Budget::default()).unwrap();
    assert!(j("").legal);
    assert!(
        j("Bears 1=Giant").legal,
        "one blocker costs {{3}} of Bob's four"
    );
    let two = j("Bears 1=Giant, Bears 2=Giant");
    assert!(
        two.violations
            .iter()
            .any(|v| v.rule == "309.2d" && v.message.contains("costs 6")),
        "{two:?}"
    );
}

#[test]
fn domain_counts_basic_land_types_for_collective_restraint() {
    // "where X is the number of basic land types among lands you control": Bob's Island,
    // second Island and Swamp make X = 2 (212.6g: the types count, not the lands); his
    // Plains makes it 3.
    let restraint = "[[card]]\nname = \"Collective Restraint\"\ncost = \"{3}{U}\"\ntype = \"Enchantment\"\ntext = \"Domain — Creatures can't attack you unless their controller pays {X} for each creature he or she controls that's attacking you, where X is the number of basic land types among lands you control.\"\n";
    let bob = |lands: &[&str]| {
        let mut t =
            String::from("[[permanent]]\ncard = \"Collective Restraint\"\ncontroller = \"Bob\"\n");
        for (i, l) in lands.iter().enumerate() {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{l}\"\ncontroller = \"Bob\"\nlabel = \"Bob's land {i}\"\n"
            ));
        }
        t
    };
    let bears =
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\n";
    let judge = |forests: usize, lands: &[&str]| {
        let s = scenario(&format!(
            "{restraint}{}",
            board(bears, forests, &bob(lands), "")
        ));
        judge_attack(&s.game, "Bears", &mut Budget::default()).unwrap()
    };
    assert!(judge(2, &["Island", "Island", "Swamp"]).legal);
    let j = judge(2, &["Island", "Island", "Swamp", "Plains"]);
    assert!(!j.legal, "{j:?}");
    assert!(
        j.violations
            .iter()
            .any(|v| v.rule == "308.2f" && v.message.contains("costs 3")),
        "{j:?}"
    );
    assert!(judge(3, &["Island", "Island", "Swamp", "Plains"]).legal);
}

#[test]
fn war_tax_sets_a_cost_to_attack_for_this_turn_with_the_announced_x() {
    // Bob activates War Tax with X = 2 at the beginning of Alice's combat (409.1b): this
    // turn each creature costs {2} to attack. Alice's one Forest can't pay for the Bears
    // (308.2f); two Forests can.
    let war_tax = "[[card]]\nname = \"War Tax\"\ncost = \"{2}{U}\"\ntype = \"Enchantment\"\ntext = \"{X}{U}: This turn, creatures can't attack unless their controller pays {X} for each attacking creature he or she controls.\"\n";
    let run = |forests: usize| {
        let mut t = String::from(war_tax);
        t.push_str("[turn]\nactive = \"Alice\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n");
        t.push_str(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\n",
        );
        for i in 1..=forests {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"Forest {i}\"\n"
            ));
        }
        t.push_str("[[permanent]]\ncard = \"War Tax\"\ncontroller = \"Bob\"\n");
        for i in 1..=3 {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"Island\"\ncontroller = \"Bob\"\nlabel = \"Island {i}\"\n"
            ));
        }
        t.push_str("[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\nactivate = \"War Tax\"\nx = 2\n");
        t.push_str("[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n");
        t.push_str("[[action]]\nplayer = \"Alice\"\nattack = \"Bears\"\n");
        run_scenario(&scenario(&t))
    };
    let e = run(1).map(|_| ()).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("308.2f"), "{e}");
    let (game, _) = run(2).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter().any(|e| e.contains("Bears deals 2 damage to Bob")),
        "{l:?}"
    );
    let tapped = (1..=2)
        .filter(|i| {
            game.in_play()
                .any(|o| o.label == format!("Forest {i}") && o.tapped())
        })
        .count();
    assert_eq!(tapped, 2, "{l:?}");
}

#[test]
fn heat_wave_makes_nonblue_blockers_cost_life() {
    // Alice's Heat Wave: each nonblue creature blocking her creatures costs Bob 1 life
    // (309.2b), paid as blockers are declared (309.2d); with 1 life Bob can pay for one
    // blocker, not two (215.4). Blue creatures can't block her creatures at all.
    let heat_wave = "[[card]]\nname = \"Heat Wave Test\"\ncost = \"{2}{R}\"\ntype = \"Enchantment\"\ntext = \"Blue creatures can't block creatures you control.\\nNonblue creatures can't block creatures you control unless their controller pays 1 life for each blocking creature he or she controls.\"\n";
    let text = |life: i32, tail: &str| {
        format!(
            "{heat_wave}[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\nlife = {life}\n[[permanent]]\ncard = \"Heat Wave Test\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\nlabel = \"Giant\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 1\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 2\"\n{tail}"
        )
    };
    let s = scenario(&text(1, ""));
    let judge = |d: &str| judge_block(&s.game, d, None, &mut Budget::default()).unwrap();
    assert!(judge("Bears 1=Giant").legal);
    let both = judge("Bears 1=Giant, Bears 2=Giant");
    assert!(!both.legal, "{both:?}");
    assert!(
        both.violations
            .iter()
            .any(|v| v.rule == "215.4" && v.message.contains("costs 2 life")),
        "{both:?}"
    );
    // With 5 life both block; in play Bob pays 2 life.
    let (game, _) = run_scenario(&scenario(&text(
        5,
        "[[action]]\nplayer = \"Bob\"\nblock = \"Bears 1=Giant, Bears 2=Giant\"\n",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[309.2d]") && e.contains("Bob") && e.contains("3")),
        "{l:?}"
    );
    assert_eq!(game.players[1].life, 3, "{l:?}");
}

/// 308.2, 422.1: a player who won't pay the costs a declaration locks in can't comply; the
/// declaration is reversed and made again. Alice proposes the Bears into Propaganda ({2}),
/// declines, and attacks with nothing: her Forests stay untapped and Bob takes no damage.
#[test]
fn declining_the_costs_to_attack_reverses_the_declaration() {
    let text = |decline: &str| {
        board(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n",
            2,
            "[[permanent]]\ncard = \"Propaganda\"\ncontroller = \"Bob\"\n",
            &format!(
                "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n{decline}[[action]]\nplayer = \"Alice\"\nattack = \"\"\n"
            ),
        )
    };
    let (game, _) =
        run_scenario(&scenario(&text("decline_costs = true\n"))).unwrap_or_else(|e| panic!("{e}"));
    let events = log(&game);
    assert!(
        events.iter().any(|e| e.starts_with("[308.2d] Alice declines to pay the costs of \"Grizzly Bears\" ({2} and any others): the declaration is reversed")),
        "{events:?}"
    );
    assert!(
        !events.iter().any(|e| e.contains("attacks Bob")),
        "{events:?}"
    );
    assert!(game.in_play().all(|o| !o.tapped()), "{events:?}");
    assert_eq!(game.player_named("Bob").unwrap().life, 20);
    // Paying (the default), the Bears attack and the second action is never asked for.
    let e = run_scenario(&scenario(&text(""))).unwrap_err();
    assert!(e.message.contains("never taken"), "{e}");
}

/// 309.2, 422.1: the same for blockers. Bob proposes Hipparion on the Giant ({1}), declines,
/// and blocks the Bears for free: his Plains stays untapped.
#[test]
fn declining_the_costs_to_block_reverses_the_declaration() {
    let text = hipparion(1, "Hipparion=Hill Giant").replace(
        "block = \"Hipparion=Hill Giant\"\n",
        "block = \"Hipparion=Hill Giant\"\ndecline_costs = true\n[[action]]\nplayer = \"Bob\"\nblock = \"Hipparion=Grizzly Bears\"\n",
    );
    let (game, _) = run_scenario(&scenario(&text)).unwrap_or_else(|e| panic!("{e}"));
    let events = log(&game);
    assert!(
        events
            .iter()
            .any(|e| e
                .starts_with("[309.2d] Bob declines to pay the costs of \"Hipparion=Hill Giant\"")),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| e.contains("Hipparion blocks Grizzly Bears")),
        "{events:?}"
    );
    assert!(
        game.in_play().any(|o| o.label == "Plains 1" && !o.tapped()),
        "{events:?}"
    );
}

#[test]
fn decline_costs_goes_with_a_declaration() {
    let text = board(
        "",
        0,
        "",
        "[[action]]\nplayer = \"Alice\"\npass = true\ndecline_costs = true\n",
    );
    let e =
        skirmish::scenario::Scenario::parse(skirmish::diagnostics::SourceFile::new("t.toml", text))
            .unwrap_err();
    assert!(
        e.to_string().contains("goes with `attack` or `block`"),
        "{e}"
    );
}
