//! More of rule 500 as cards write it: a permission to block while tapped (309.2a), evasion
//! that holds only while attacking alone, "can't be blocked this turn except by Walls" as an
//! effect, conditions about any player's hand, and "the active player" in descriptions.

use crate::common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::{judge_attack, judge_block};

/// Alice attacks Bob with `attackers` (already declared); Bob has `bob`.
fn blocks(attackers: &[&str], bob: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    for a in attackers {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n"
        ));
    }
    t.push_str(bob);
    t
}

#[test]
fn masako_lets_tapped_creatures_block() {
    let tapped_bears =
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\ntapped = true\n";
    let without = scenario(&blocks(&["Hill Giant"], tapped_bears));
    let j = judge_block(
        &without.game,
        "Grizzly Bears=Hill Giant",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.violations.iter().any(|v| v.rule == "309.2a"), "{j:?}");
    let with = format!(
        "{tapped_bears}[[permanent]]\ncard = \"Masako the Humorless\"\ncontroller = \"Bob\"\n"
    );
    let s = scenario(&blocks(&["Hill Giant"], &with));
    let j = judge_block(
        &s.game,
        "Grizzly Bears=Hill Giant",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

#[test]
fn dream_prowler_is_unblockable_only_while_attacking_alone() {
    let bob = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n";
    let alone = scenario(&blocks(&["Dream Prowler"], bob));
    let j = judge_block(
        &alone.game,
        "Grizzly Bears=Dream Prowler",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(!j.legal, "{j:?}");
    let two = scenario(&blocks(&["Dream Prowler", "Hill Giant"], bob));
    let j = judge_block(
        &two.game,
        "Grizzly Bears=Dream Prowler",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

/// Alice's Tools make Hill Giant blockable only by Walls; Bob then blocks with `blocker`.
fn tools(blocker: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Joven's Tools\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n",
    );
    for i in 1..=4 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Alice\"\nlabel = \"Mountain {i}\"\n"
        ));
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Joven's Tools\"\ntargets = [\"Hill Giant\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nblock = \"{blocker}=Hill Giant\"\n"
    ));
    t
}

#[test]
fn joven_s_tools_leaves_only_walls_able_to_block() {
    let e = run_scenario(&scenario(&tools("Grizzly Bears"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
    let (game, _) =
        run_scenario(&scenario(&tools("Wall of Wood"))).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|e| e.contains("Wall of Wood blocks Hill Giant")),
        "{log:?}"
    );
}

#[test]
fn lupine_prototype_needs_an_empty_hand_somewhere() {
    let board = |alice_hand: &str| {
        format!(
            "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\nhand = [{alice_hand}]\n[[player]]\nname = \"Bob\"\nhand = [\"Giant Growth\"]\n[[permanent]]\ncard = \"Lupine Prototype\"\ncontroller = \"Alice\"\n"
        )
    };
    let full = scenario(&board("\"Giant Growth\""));
    assert!(
        !judge_attack(&full.game, "Lupine Prototype", &mut Budget::default())
            .unwrap()
            .legal
    );
    let empty = scenario(&board(""));
    assert!(
        judge_attack(&empty.game, "Lupine Prototype", &mut Budget::default())
            .unwrap()
            .legal
    );
}

#[test]
fn the_active_player_names_the_attacking_player() {
    // Bob's enchantment makes the creatures of whoever's turn it is attack.
    let t = "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[card]]\nname = \"Test Call\"\ncost = \"{U}\"\ntype = \"Enchantment\"\ntext = \"Creatures the active player controls attack each combat if able.\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Test Call\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n";
    let s = scenario(t);
    let none = judge_attack(&s.game, "", &mut Budget::default()).unwrap();
    assert!(!none.legal, "{none:?}");
    assert_eq!(none.maximum, Some(1), "{none:?}");
    assert!(
        judge_attack(&s.game, "Grizzly Bears", &mut Budget::default())
            .unwrap()
            .legal
    );
}

/// Alice's creatures `alice` (labels as card names) in her declare attackers step.
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

fn attack_legal(s: &skirmish::scenario::Scenario, d: &str) -> bool {
    judge_attack(&s.game, d, &mut Budget::default())
        .unwrap()
        .legal
}

fn block_legal(s: &skirmish::scenario::Scenario, d: &str) -> bool {
    judge_block(&s.game, d, None, &mut Budget::default())
        .unwrap()
        .legal
}

#[test]
fn orcish_conscripts_needs_two_other_attackers_or_blockers() {
    let s = attackers(
        &[
            "Orcish Conscripts",
            "Grizzly Bears",
            "Hill Giant",
            "Raging Goblin",
        ],
        "",
    );
    assert!(!attack_legal(&s, "Orcish Conscripts"));
    assert!(!attack_legal(&s, "Orcish Conscripts, Grizzly Bears"));
    assert!(attack_legal(
        &s,
        "Orcish Conscripts, Grizzly Bears, Hill Giant"
    ));
    assert!(attack_legal(&s, "Grizzly Bears"), "the others are free");
    let bob = "[[permanent]]\ncard = \"Orcish Conscripts\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n";
    let s = scenario(&blocks(&["Hill Giant"], bob));
    assert!(!block_legal(
        &s,
        "Orcish Conscripts=Hill Giant, Grizzly Bears=Hill Giant"
    ));
    assert!(block_legal(
        &s,
        "Orcish Conscripts=Hill Giant, Grizzly Bears=Hill Giant, Wall of Wood=Hill Giant"
    ));
}

#[test]
fn okk_and_scarred_puma_need_the_right_company() {
    let big = "[[card]]\nname = \"Test Wurm\"\ncost = \"{5}{G}{G}\"\ntype = \"Creature — Wurm\"\npt = \"6/4\"\ntext = \"\"\n[[permanent]]\ncard = \"Test Wurm\"\ncontroller = \"Alice\"\n";
    let s = attackers(&["Okk", "Hill Giant", "Scarred Puma", "Grizzly Bears"], big);
    // Okk (4 power) needs a creature with greater power: the Giant (3) isn't, the Wurm (6) is.
    assert!(!attack_legal(&s, "Okk, Hill Giant"));
    assert!(attack_legal(&s, "Okk, Test Wurm"));
    // The Puma needs a black or green creature: the Giant is red, the Bears are green.
    assert!(!attack_legal(&s, "Scarred Puma, Hill Giant"));
    assert!(attack_legal(&s, "Scarred Puma, Grizzly Bears"));
}

#[test]
fn tromokratis_is_blocked_by_everyone_or_no_one() {
    let bob = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n";
    let s = scenario(&blocks(&["Tromokratis"], bob));
    assert!(!block_legal(&s, "Grizzly Bears=Tromokratis"));
    assert!(block_legal(
        &s,
        "Grizzly Bears=Tromokratis, Wall of Wood=Tromokratis"
    ));
    // A tapped creature of Bob's can't block, so Tromokratis can't be blocked at all.
    let tapped =
        format!("{bob}[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\ntapped = true\n");
    let s = scenario(&blocks(&["Tromokratis"], &tapped));
    assert!(!block_legal(
        &s,
        "Grizzly Bears=Tromokratis, Wall of Wood=Tromokratis"
    ));
}

#[test]
fn slayer_s_cleaver_must_be_blocked_by_an_eldrazi() {
    let t = "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[card]]\nname = \"Test Eldrazi\"\ncost = \"{3}\"\ntype = \"Creature — Eldrazi Drone\"\npt = \"2/2\"\ntext = \"\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\nlabel = \"Giant\"\nattacking = \"Bob\"\n[[permanent]]\ncard = \"Slayer's Cleaver\"\ncontroller = \"Alice\"\nattached_to = \"Giant\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Test Eldrazi\"\ncontroller = \"Bob\"\n";
    let s = scenario(t);
    let none = judge_block(&s.game, "", None, &mut Budget::default()).unwrap();
    assert_eq!((none.legal, none.maximum), (false, Some(1)), "{none:?}");
    assert!(
        !block_legal(&s, "Grizzly Bears=Giant"),
        "a Bear isn't an Eldrazi"
    );
    assert!(block_legal(&s, "Test Eldrazi=Giant"));
    assert!(block_legal(&s, "Test Eldrazi=Giant, Grizzly Bears=Giant"));
}

/// Alice plays Instigator's ability on `whom` in her beginning of combat step, then declares
/// `attack`.
fn instigator(whom: &str, attack: &str) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\nhand = [\"Giant Growth\"]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Instigator\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n",
    );
    for i in 1..=3 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp {i}\"\n"
        ));
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Instigator\"\ntargets = [\"{whom}\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\nattack = \"{attack}\"\n"
    ));
    t
}

#[test]
fn creatures_target_player_controls_must_attack() {
    // Targeting Alice: her untapped Bears must attack (Instigator is tapped, so exempt).
    let e = run_scenario(&scenario(&instigator("Alice", ""))).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(run_scenario(&scenario(&instigator("Alice", "Grizzly Bears"))).is_ok());
    // Targeting Bob: Alice's creatures are free.
    assert!(run_scenario(&scenario(&instigator("Bob", ""))).is_ok());
}

#[test]
fn creatures_named_in_a_description_are_those_with_that_name() {
    let extra = "[[card]]\nname = \"Lightning Rager\"\ncost = \"{2}{R}\"\ntype = \"Creature — Elemental\"\npt = \"5/1\"\ntext = \"\"\n[[card]]\nname = \"Test Rite\"\ncost = \"{4}{R}{R}\"\ntype = \"Enchantment\"\ntext = \"Creatures named Lightning Rager can't attack you or planeswalkers you control.\"\n[[permanent]]\ncard = \"Test Rite\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Lightning Rager\"\ncontroller = \"Alice\"\n";
    let s = attackers(&["Grizzly Bears"], extra);
    assert!(!attack_legal(&s, "Lightning Rager"));
    assert!(attack_legal(&s, "Grizzly Bears"));
}

#[test]
fn seton_s_desire_lures_only_with_threshold() {
    let board = |cards: usize| {
        let graveyard = vec!["\"Forest\""; cards].join(", ");
        format!(
            "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n[[player]]\nname = \"Alice\"\ngraveyard = [{graveyard}]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\nattacking = \"Bob\"\n[[permanent]]\ncard = \"Seton's Desire\"\ncontroller = \"Alice\"\nattached_to = \"Bears\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n"
        )
    };
    let without = scenario(&board(6));
    assert!(block_legal(&without, ""), "no threshold: no requirement");
    let with = scenario(&board(7));
    let j = judge_block(&with.game, "", None, &mut Budget::default()).unwrap();
    assert_eq!((j.legal, j.maximum), (false, Some(1)), "{j:?}");
    assert!(block_legal(&with, "Wall of Wood=Bears"));
}

#[test]
fn kemba_s_legion_blocks_one_more_for_each_equipment() {
    let board = |equipment: &[&str]| {
        let mut bob = String::from(
            "[[permanent]]\ncard = \"Kemba's Legion\"\ncontroller = \"Bob\"\nlabel = \"Legion\"\n",
        );
        for e in equipment {
            bob.push_str(&format!(
                "[[permanent]]\ncard = \"{e}\"\ncontroller = \"Bob\"\nattached_to = \"Legion\"\n"
            ));
        }
        scenario(&blocks(
            &["Grizzly Bears", "Hill Giant", "Raging Goblin"],
            &bob,
        ))
    };
    // A blocker named twice blocks two attackers.
    let all = "Legion=Grizzly Bears, Legion=Hill Giant, Legion=Raging Goblin";
    let two = "Legion=Grizzly Bears, Legion=Hill Giant";
    let one = board(&["Bonesplitter"]);
    assert!(block_legal(&one, two));
    assert!(!block_legal(&one, all));
    let both = board(&["Bonesplitter", "Sickleslicer"]);
    assert!(block_legal(&both, all));
}

/// Alice, in her precombat main phase with `hand` and three Mountains and two Forests, plays
/// `cast` (if any; `targets` for it), then declares `attack`.
fn this_turn(hand: &str, cast: Option<(&str, &str)>, attack: &str) -> String {
    let mut t = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nhand = [{hand}]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Goblin Cohort\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Bloodcrazed Goblin\"\ncontroller = \"Alice\"\n"
    );
    for (i, land) in ["Mountain", "Mountain", "Mountain", "Forest", "Forest"]
        .iter()
        .enumerate()
    {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{land}\"\ncontroller = \"Alice\"\nlabel = \"Land {i}\"\n"
        ));
    }
    if let Some((card, targets)) = cast {
        t.push_str(&format!(
            "[[action]]\nplayer = \"Alice\"\ncast = \"{card}\"\ntargets = [{targets}]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
        ));
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\nattack = \"{attack}\"\n"
    ));
    t
}

#[test]
fn conditions_read_what_happened_this_turn() {
    let hand = "\"Grizzly Bears\", \"Lava Spike\"";
    // Nothing played yet: neither Goblin may attack.
    for attack in ["Goblin Cohort", "Bloodcrazed Goblin"] {
        let e = run_scenario(&scenario(&this_turn(hand, None, attack))).unwrap_err();
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{attack}: {e}"
        );
    }
    // A creature spell lets the Cohort attack, not the Bloodcrazed Goblin.
    let bears = Some(("Grizzly Bears", ""));
    assert!(run_scenario(&scenario(&this_turn(hand, bears, "Goblin Cohort"))).is_ok());
    let refused = |t: String| {
        run_scenario(&scenario(&t))
            .err()
            .and_then(|e| e.rule)
            .is_some_and(|r| r.starts_with("500"))
    };
    assert!(refused(this_turn(hand, bears, "Bloodcrazed Goblin")));
    // Damage to Bob lets the Bloodcrazed Goblin attack; a sorcery isn't a creature spell.
    let spike = Some(("Lava Spike", "\"Bob\""));
    assert!(run_scenario(&scenario(&this_turn(hand, spike, "Bloodcrazed Goblin"))).is_ok());
    assert!(refused(this_turn(hand, spike, "Goblin Cohort")));
}

#[test]
fn relic_runner_is_unblockable_after_a_historic_spell() {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nhand = [\"Bonesplitter\"]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Relic Runner\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\ncast = \"Bonesplitter\"\n",
    );
    for _ in 0..3 {
        t.push_str("[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n");
    }
    t.push_str("[[action]]\nplayer = \"Alice\"\nattack = \"Relic Runner\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Relic Runner\"\n");
    let e = run_scenario(&scenario(&t)).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // Without the artifact spell the block is fine.
    let plain = t
        .replace("[[action]]\nplayer = \"Alice\"\ncast = \"Bonesplitter\"\n", "")
        .replacen("[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n", "", 1);
    assert!(run_scenario(&scenario(&plain)).is_ok());
}

#[test]
fn revoke_privileges_keeps_a_creature_from_crewing() {
    let board = |others: &str, pay: &str| {
        format!(
            "[turn]\nactive = \"Alice\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Sky Skiff\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\n[[permanent]]\ncard = \"Revoke Privileges\"\ncontroller = \"Bob\"\nattached_to = \"Bears\"\n{others}[[action]]\nplayer = \"Alice\"\nactivate = \"Sky Skiff\"\n{pay}"
        )
    };
    // Named to pay, the Bears are refused; with no one else, crew can't be paid.
    let named = board("", "pay = [\"Bears\"]\n");
    let e = run_scenario(&scenario(&named)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("702.122a"), "{e}");
    assert!(e.message.contains("can't crew"), "{e}");
    let alone = board("", "");
    assert_eq!(
        run_scenario(&scenario(&alone)).unwrap_err().rule.as_deref(),
        Some("702.122a")
    );
    // Another creature crews instead, and the Bears stay untapped.
    let giant = board(
        "[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n",
        "[[action]]\nplayer = \"Alice\"\npass = true\n",
    );
    let (game, _) = run_scenario(&scenario(&giant)).unwrap_or_else(|e| panic!("{e}"));
    let tapped = |l: &str| game.in_play().any(|o| o.label == l && o.tapped());
    assert!(tapped("Hill Giant") && !tapped("Bears"));
}

#[test]
fn claustrophobia_keeps_its_creature_tapped_through_the_untap_step() {
    let t = "[turn]\nactive = \"Alice\"\nstep = \"untap\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\ntapped = true\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\ntapped = true\n[[permanent]]\ncard = \"Claustrophobia\"\ncontroller = \"Bob\"\nattached_to = \"Bears\"\n";
    let (game, _) = run_scenario(&scenario(t)).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|e| e.contains("[302.2]") && e.contains("Bears doesn't untap")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|e| e.contains("[302.2]") && e.contains("Hill Giant")),
        "{log:?}"
    );
    assert!(game.in_play().any(|o| o.label == "Bears" && o.tapped()));
}

#[test]
fn graxiplon_is_blocked_only_by_players_with_three_of_a_kind() {
    let bob = |creatures: &[&str]| {
        let mut t = String::new();
        for (i, c) in creatures.iter().enumerate() {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{c}\"\nlabel = \"B{i}\"\ncontroller = \"Bob\"\n"
            ));
        }
        scenario(&blocks(&["Graxiplon"], &t))
    };
    // Two Bears and a Giant share no type three ways.
    let s = bob(&["Grizzly Bears", "Grizzly Bears", "Hill Giant"]);
    assert!(!block_legal(&s, "B0=Graxiplon"));
    // Three Bears do.
    let s = bob(&["Grizzly Bears", "Grizzly Bears", "Grizzly Bears"]);
    assert!(block_legal(&s, "B0=Graxiplon"));
    // A changeling is a Bear too (502.73a).
    let s = bob(&["Grizzly Bears", "Grizzly Bears", "Woodland Changeling"]);
    assert!(block_legal(&s, "B2=Graxiplon"));
}

#[test]
fn formidable_counts_the_total_power_of_your_creatures() {
    let board = |friend: &str| {
        scenario(&format!(
            "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Lurking Arynx\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"{friend}\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\nlabel = \"F1\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\nlabel = \"F2\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\nlabel = \"F3\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bob's Bears\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Lurking Arynx\"\ntargets = [\"Bob's Bears\"]\n"
        ))
    };
    // 3 + 2 is short of 8: refused with the rule that makes the limit binding.
    let e = run_scenario(&board("Grizzly Bears")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    assert!(e.message.contains("total power 8 or greater"), "{e}");
    // 3 + 5 (Craw Wurm is 6/4) reaches it.
    let (game, _) = run_scenario(&board("Craw Wurm")).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<String> = game
        .events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("[500.1] Lurking Arynx: Bob's Bears blocks this creature")),
        "{log:?}"
    );
}

/// Bob casts `spell` on his turn; Alice has Intimidator Initiate and a Mountain to pay with.
fn initiate(spell: &str) -> Vec<String> {
    let choose = if spell == "Raging Goblin" {
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Intimidator Initiate: Alice's Bears\"\n"
    } else {
        ""
    };
    let s = scenario(&format!(
        "[turn]\nactive = \"Bob\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\nhand = [\"{spell}\"]\n[[permanent]]\ncard = \"Intimidator Initiate\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Mountain\"\nlabel = \"Alice's Mountain\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Alice's Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Forest\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Bob\"\ncast = \"{spell}\"\n{choose}"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    game.events
        .iter()
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect()
}

#[test]
fn a_trigger_on_any_players_spell_belongs_to_its_permanents_controller() {
    // Bob's red spell triggers Alice's Initiate; Alice pays and her own Bears can't block.
    let log = initiate("Raging Goblin");
    assert!(log.iter().any(|l| l.contains("Alice pays {1}")), "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains("Alice's Bears") && l.contains("can't block")),
        "{log:?}"
    );
    // A green spell doesn't.
    let log = initiate("Grizzly Bears");
    assert!(!log.iter().any(|l| l.contains("can't block")), "{log:?}");
}

/// Alice's Flowering Lumberknot attacks, after she casts `cast` (if any) in her main phase.
fn lumberknot(cast: Option<&str>) -> Result<(), skirmish::engine::RunError> {
    let cast = cast
        .map(|c| format!("[[action]]\nplayer = \"Alice\"\ncast = \"{c}\"\n[[action]]\nplayer = \"Alice\"\npass = true\n"))
        .unwrap_or_default();
    let s = scenario(&format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nhand = [\"Hanweir Lancer\", \"Grizzly Bears\"]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Flowering Lumberknot\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Mountain\"\nlabel = \"M1\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Mountain\"\nlabel = \"M2\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\n{cast}[[action]]\nplayer = \"Alice\"\nattack = \"Flowering Lumberknot\"\n"
    ));
    run_scenario(&s).map(|_| ())
}

#[test]
fn flowering_lumberknot_attacks_only_while_paired_with_a_soulbond_creature() {
    let e = lumberknot(None).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    // Paired with Hanweir Lancer (soulbond, current 702.95a) it may attack.
    lumberknot(Some("Hanweir Lancer")).unwrap_or_else(|e| panic!("{e}"));
    // A creature without soulbond doesn't pair with it.
    let e = lumberknot(Some("Grizzly Bears")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
}

/// Alice's Stoneshock Giant with eight Mountains; `times` activations of its monstrosity in her
/// main phase, then it attacks Bob's Grizzly Bears' controller and Bob blocks with `block`.
fn stoneshock(
    times: usize,
    block: &str,
) -> Result<skirmish::model::Game, skirmish::engine::RunError> {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Stoneshock Giant\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n",
    );
    for i in 0..16 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Mountain\"\nlabel = \"M{i}\"\ncontroller = \"Alice\"\n"
        ));
    }
    for _ in 0..times {
        t.push_str("[[action]]\nplayer = \"Alice\"\nactivate = \"Stoneshock Giant\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n");
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Stoneshock Giant\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n"
    ));
    run_scenario(&scenario(&t)).map(|(g, _)| g)
}

#[test]
fn monstrosity_counts_once_and_becoming_monstrous_triggers() {
    // Not monstrous: the Bears may block.
    stoneshock(0, "Grizzly Bears=Stoneshock Giant").unwrap_or_else(|e| panic!("{e}"));
    // Monstrous: three counters, and its trigger keeps creatures without flying from blocking.
    let e = stoneshock(1, "Grizzly Bears=Stoneshock Giant").unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    let game = stoneshock(1, "").unwrap_or_else(|e| panic!("{e}"));
    let giant = game.object_labelled("Stoneshock Giant").unwrap();
    assert_eq!(giant.power(), Some(8));
    // A second activation finds it monstrous already: no more counters (701.37a).
    let game = stoneshock(2, "").unwrap_or_else(|e| panic!("{e}"));
    let giant = game.object_labelled("Stoneshock Giant").unwrap();
    assert_eq!(giant.power(), Some(8));
}

#[test]
fn as_long_as_it_is_monstrous_reads_the_designation() {
    let run = |monstrous: bool| {
        let mut t = String::from(
            "[turn]\nactive = \"Bob\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Hundred-Handed One\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n",
        );
        for i in 0..6 {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"Plains\"\nlabel = \"P{i}\"\ncontroller = \"Alice\"\n"
            ));
        }
        if monstrous {
            t.push_str("[[action]]\nplayer = \"Alice\"\nactivate = \"Hundred-Handed One\"\n");
        }
        t.push_str("[[action]]\nplayer = \"Bob\"\nattack = \"Grizzly Bears, Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nblock = \"Hundred-Handed One=Grizzly Bears, Hundred-Handed One=Hill Giant\"\n");
        run_scenario(&scenario(&t)).map(|_| ())
    };
    let e = run(false).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("309.2a"), "{e}");
    run(true).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_war_pride_must_be_blocked_by_exactly_one_creature() {
    // 500.3: one requirement, obeyed by exactly one blocker. No block disobeys it, two
    // blockers disobey it too (they are legal only when nothing better exists).
    let pride = "[[card]]\nname = \"Pride Test\"\ncost = \"{3}{G}{G}{G}\"\ntype = \"Creature — Cat Warrior\"\npt = \"3/3\"\ntext = \"Pride Test must be blocked by exactly one creature if able.\"\n";
    let bob = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 1\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bears 2\"\n";
    let s = scenario(&format!("{pride}{}", blocks(&["Pride Test"], bob)));
    let judge = |d: &str| judge_block(&s.game, d, None, &mut Budget::default()).unwrap();
    let one = judge("Bears 1=Pride Test");
    assert!(one.legal, "{one:?}");
    for bad in ["", "Bears 1=Pride Test, Bears 2=Pride Test"] {
        let j = judge(bad);
        assert!(!j.legal, "{bad}: {j:?}");
        assert_eq!((j.obeyed, j.maximum), (Some(0), Some(1)), "{bad}: {j:?}");
        assert!(
            j.unobeyed
                .iter()
                .any(|u| u.text.contains("must be blocked by exactly one creature")),
            "{j:?}"
        );
    }
    // Blockers that "block each combat if able" (only the Pride to block): both blocking
    // obey two requirements of three (their own), one alone obeys two as well (its own and
    // the Pride's): both declarations are legal, no block is not.
    let eager = "[[card]]\nname = \"Eager Bears\"\ncost = \"{1}{G}\"\ntype = \"Creature — Bear\"\npt = \"2/2\"\ntext = \"Eager Bears blocks each combat if able.\"\n";
    let bob = "[[permanent]]\ncard = \"Eager Bears\"\ncontroller = \"Bob\"\nlabel = \"Eager 1\"\n[[permanent]]\ncard = \"Eager Bears\"\ncontroller = \"Bob\"\nlabel = \"Eager 2\"\n";
    let s = scenario(&format!("{pride}{eager}{}", blocks(&["Pride Test"], bob)));
    let judge = |d: &str| judge_block(&s.game, d, None, &mut Budget::default()).unwrap();
    let both = judge("Eager 1=Pride Test, Eager 2=Pride Test");
    assert!(both.legal, "{both:?}");
    assert_eq!(both.maximum, Some(2), "{both:?}");
    let one = judge("Eager 1=Pride Test");
    assert!(one.legal, "{one:?}");
    assert!(!judge("").legal);
}

/// "Target creature attacks or blocks this turn if able": both requirements (500.1), each
/// where it can apply: on its controller's turn it must attack, on another's it must block.
fn provoked(active: &str, action: &str) -> String {
    format!(
        r#"[turn]
active = "{active}"
step = "precombat-main"
[[card]]
name = "Sample Goad"
cost = "{{R}}"
type = "Instant"
text = "Target creature attacks or blocks this turn if able."
[[player]]
name = "Alice"
hand = ["Sample Goad"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Goad"
targets = ["Grizzly Bears"]
{action}"#
    )
}

#[test]
fn attacks_or_blocks_this_turn_if_able_is_both_requirements() {
    // Alice's turn: the Bears must attack.
    let s = scenario(&provoked(
        "Alice",
        "[[action]]\nplayer = \"Alice\"\nstep = \"declare-attackers\"\nattack = \"\"\n",
    ));
    let e = run_scenario(&s).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    // Bob's turn: Hill Giant attacks and the Bears must block it.
    let s = scenario(&provoked(
        "Bob",
        "[[action]]\nplayer = \"Bob\"\nstep = \"declare-attackers\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nblock = \"\"\n",
    ));
    let e = run_scenario(&s).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    let s = scenario(&provoked(
        "Bob",
        "[[action]]\nplayer = \"Bob\"\nstep = \"declare-attackers\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nblock = \"Grizzly Bears=Hill Giant\"\n",
    ));
    run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
}
