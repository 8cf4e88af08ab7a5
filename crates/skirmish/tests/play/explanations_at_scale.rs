//! Explanations on big boards (issue 11, item 5): text for reading says copies of a card doing
//! the same thing once, with their labels as ranges, so it doesn't grow with the board; the
//! full lists (JSON) keep one entry per requirement instance (500.4 counts instances) and per
//! broken restriction.

use crate::common;

use common::scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::{self, Judgement, judge_attack, judge_block};

const HEADER: &str = "[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n\n";

/// `n` untapped Grizzly Bears ("Grizzly Bears 1" ..) and a Wall of Wood against a Goblin with
/// Lure and an Ogre that can't be blocked except by two or more creatures; `tapped` says which
/// bears are tapped.
fn lured(n: usize, tapped: &dyn Fn(usize) -> bool) -> skirmish::scenario::Scenario {
    let mut t = format!("[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n{HEADER}");
    t += "[[card]]\nname = \"Brute\"\ncost = \"{3}\"\ntype = \"Creature — Ogre\"\npt = \"3/3\"\ntext = \"Brute can't be blocked except by two or more creatures.\"\n\n";
    t += "[[permanent]]\ncard = \"Brute\"\ncontroller = \"Alice\"\nlabel = \"Ogre\"\ntapped = true\nattacking = \"Bob\"\n\n";
    t += "[[permanent]]\ncard = \"Raging Goblin\"\ncontroller = \"Alice\"\nlabel = \"Goblin\"\ntapped = true\nattacking = \"Bob\"\n\n";
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"Goblin\"\n\n";
    for i in 1..=n {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Grizzly Bears {i}\"\n"
        );
        if tapped(i) {
            t += "tapped = true\n";
        }
        t += "\n";
    }
    t += "[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n\n";
    scenario(&t)
}

/// `n` Crazed Goblins ("Goblin 1" ..), which attack each turn if able, and a Grizzly Bears.
fn goblins(n: usize) -> skirmish::scenario::Scenario {
    let mut t = format!("[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n\n{HEADER}");
    for i in 1..=n {
        t += &format!(
            "[[permanent]]\ncard = \"Crazed Goblin\"\ncontroller = \"Alice\"\nlabel = \"Goblin {i}\"\n\n"
        );
    }
    t += "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n\n";
    scenario(&t)
}

fn block(s: &skirmish::scenario::Scenario, d: &str) -> Judgement {
    judge_block(&s.game, d, None, &mut Budget::default()).unwrap()
}

/// How many entries a readable line stands for: "each of N ..." stands for N.
fn stands_for(line: &str) -> usize {
    line.split_once("each of ")
        .and_then(|(_, rest)| rest.split(' ').next()?.parse().ok())
        .unwrap_or(1)
}

#[test]
fn three_hundred_lured_bears_read_in_three_lines_and_json_keeps_all() {
    let j = block(&lured(300, &|_| false), "");
    assert_eq!(j.verdict, "too-few-requirements", "{:?}", j.explanation);
    // Every instance is listed in full: one per creature able to block Goblin (Lure, 500.3).
    assert_eq!(j.unobeyed.len(), 301);
    assert_eq!(j.explanation.len(), 302);
    assert_eq!(
        j.witness.as_deref().map(|w| w.split(", ").count()),
        Some(301)
    );
    // For reading: the verdict, the bears once, the wall.
    let r = &j.readable;
    assert_eq!(
        r.explanation,
        vec![
            "[500.4] illegal: no creatures obeys 0 requirement(s), but \"Grizzly Bears 1-300, Wall of Wood block Goblin\" obeys 301 without breaking a restriction".to_string(),
            "[500.3] unobeyed requirement: each of 300 Grizzly Bears (Grizzly Bears 1-300) blocks Goblin if able (from Lure)".to_string(),
            "[500.3] unobeyed requirement: Wall of Wood blocks Goblin if able (from Lure)".to_string(),
        ]
    );
    assert_eq!(
        r.witness.as_deref(),
        Some("Grizzly Bears 1-300, Wall of Wood block Goblin")
    );
    // Nothing is lost: the grouped lines stand for every instance.
    let counted: usize = r.explanation[1..].iter().map(|l| stands_for(l)).sum();
    assert_eq!(counted, j.unobeyed.len());
}

#[test]
fn readable_text_does_not_grow_with_the_board() {
    let sizes: Vec<(usize, usize)> = [10, 50, 200]
        .iter()
        .map(|&n| {
            let j = block(&lured(n, &|_| false), "");
            let chars = j
                .readable
                .explanation
                .iter()
                .map(String::len)
                .sum::<usize>();
            assert_eq!(j.unobeyed.len(), n + 1);
            (j.readable.explanation.len(), chars)
        })
        .collect();
    assert!(sizes.iter().all(|(lines, _)| *lines == 3), "{sizes:?}");
    // Only the numbers' digits differ.
    assert!(sizes[2].1 - sizes[0].1 < 20, "{sizes:?}");
}

#[test]
fn broken_restrictions_of_copies_are_said_once() {
    // Every even bear is tapped (309.2a): declaring all of them breaks one restriction per
    // tapped bear.
    let s = lured(40, &|i| i % 2 == 0);
    let all: Vec<String> = (1..=40)
        .map(|i| format!("Grizzly Bears {i}=Goblin"))
        .collect();
    let j = block(&s, &all.join(", "));
    assert_eq!(j.verdict, "breaks-restrictions", "{:?}", j.explanation);
    assert_eq!(j.violations.len(), 20);
    assert_eq!(j.explanation.len(), 20);
    let tapped: Vec<String> = (1..=20).map(|i| (2 * i).to_string()).collect();
    assert_eq!(
        j.readable.explanation,
        vec![format!(
            "[309.2a] each of 20 Grizzly Bears (Grizzly Bears {}) can't block: it is tapped",
            tapped.join(", ")
        )]
    );
    // The declaration judged is said grouped too.
    assert_eq!(j.readable.declaration, "Grizzly Bears 1-40 block Goblin");
}

#[test]
fn different_attackers_cards_and_sources_stay_apart() {
    // A second Lure on the Ogre: each bear now has a requirement from each Lure; and a Hill
    // Giant among the bears is another card.
    let mut t = format!("[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n{HEADER}");
    for (label, card) in [("Goblin", "Raging Goblin"), ("Ogre", "Hill Giant")] {
        t += &format!(
            "[[permanent]]\ncard = \"{card}\"\ncontroller = \"Alice\"\nlabel = \"{label}\"\ntapped = true\nattacking = \"Bob\"\n\n"
        );
    }
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nlabel = \"Lure A\"\nattached_to = \"Goblin\"\n\n";
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nlabel = \"Lure B\"\nattached_to = \"Ogre\"\n\n";
    for i in 1..=6 {
        let card = if i == 4 {
            "Hill Giant"
        } else {
            "Grizzly Bears"
        };
        t += &format!(
            "[[permanent]]\ncard = \"{card}\"\ncontroller = \"Bob\"\nlabel = \"B{i}\"\n\n"
        );
    }
    let j = block(&scenario(&t), "");
    assert_eq!(j.verdict, "too-few-requirements");
    let lines = &j.readable.explanation[1..];
    let counted: usize = lines.iter().map(|l| stands_for(l)).sum();
    assert_eq!(counted, j.unobeyed.len(), "{lines:#?}");
    for line in lines {
        // A line never mixes attackers, sources or cards.
        assert_eq!(
            line.contains("Goblin") as u8 + line.contains("Ogre if able") as u8,
            1,
            "{line}"
        );
        assert!(
            line.contains("(from Lure A)") != line.contains("(from Lure B)"),
            "{line}"
        );
        assert!(
            !(line.contains("Grizzly Bears") && line.contains("B4 ")),
            "{line}"
        );
    }
    // Whatever the witness blocks, the copies of Grizzly Bears obeying one Lure are one line,
    // and the Hill Giant is on its own.
    for line in lines {
        if line.contains("Grizzly Bears") {
            assert!(line.contains("Grizzly Bears (B"), "{line}");
            assert!(!line.contains("B4") && !line.contains("3-5"), "{line}");
        } else {
            assert!(line.contains("requirement: B4 blocks"), "{line}");
        }
    }
    assert_eq!(
        lines.iter().filter(|l| l.contains("Grizzly Bears")).count(),
        1,
        "{lines:#?}"
    );
}

#[test]
fn three_hundred_goblins_that_must_attack_read_in_one_line() {
    let s = goblins(300);
    let j = judge_attack(&s.game, "Grizzly Bears", &mut Budget::default()).unwrap();
    assert_eq!(j.unobeyed.len(), 300);
    assert_eq!(
        j.readable.explanation[1..],
        ["[500.2] unobeyed requirement: each of 300 Crazed Goblin (Goblin 1-300) attacks each turn if able".to_string()]
    );
    assert_eq!(
        j.readable.witness.as_deref(),
        Some("Goblin 1-300 attack Bob")
    );
    let summary = judge::attacks(&s.game, false, &mut Budget::default())
        .unwrap()
        .unwrap();
    assert_eq!(summary.readable_optimum, "Goblin 1-300 attack Bob");
    assert_eq!(summary.optimum.split(", ").count(), 300);
}

#[test]
fn a_conditional_requirement_groups_the_creatures_it_asks() {
    // Viashino Bey: "If ~ attacks, all creatures you control attack if able" (500.1): one
    // requirement per other creature, each naming the Bey first.
    let mut t = format!("[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n\n{HEADER}");
    t += "[[permanent]]\ncard = \"Viashino Bey\"\ncontroller = \"Alice\"\n\n";
    for i in 1..=30 {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears {i}\"\n\n"
        );
    }
    let s = scenario(&t);
    let j = judge_attack(&s.game, "Viashino Bey", &mut Budget::default()).unwrap();
    assert_eq!(j.verdict, "too-few-requirements", "{:?}", j.explanation);
    assert!(
        j.readable.explanation.iter().any(|l| l
            == "[500.2] unobeyed requirement: if Viashino Bey attacks, each of 30 Grizzly Bears (Bears 1-30) attacks if able (from Viashino Bey)"),
        "{:#?}",
        j.readable.explanation
    );
    let counted: usize = j.readable.explanation[1..]
        .iter()
        .map(|l| stands_for(l))
        .sum();
    assert_eq!(counted, j.unobeyed.len());
}

#[test]
fn small_boards_read_as_before() {
    // No two copies of a card: the text for reading is the full text.
    let mut t = format!("[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n{HEADER}");
    t += "[[permanent]]\ncard = \"Raging Goblin\"\ncontroller = \"Alice\"\nlabel = \"Goblin\"\ntapped = true\nattacking = \"Bob\"\n\n";
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"Goblin\"\n\n";
    for card in ["Grizzly Bears", "Wall of Wood", "Hill Giant"] {
        t += &format!("[[permanent]]\ncard = \"{card}\"\ncontroller = \"Bob\"\n\n");
    }
    let s = scenario(&t);
    for d in [
        "",
        "Grizzly Bears=Goblin",
        "Grizzly Bears=Goblin, Wall of Wood=Goblin, Hill Giant=Goblin",
    ] {
        let j = block(&s, d);
        assert_eq!(j.readable.explanation, j.explanation, "{d}");
        assert_eq!(j.readable.witness, j.witness, "{d}");
        assert_eq!(j.readable.declaration, j.declaration, "{d}");
    }
}

#[test]
fn json_has_no_readable_text_and_lists_every_entry() {
    let j = block(&lured(300, &|_| false), "");
    let v = serde_json::to_value(&j).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "declaration",
            "explanation",
            "kind",
            "legal",
            "maximum",
            "obeyed",
            "rules",
            "unobeyed",
            "verdict",
            "violations",
            "witness"
        ]
    );
    assert_eq!(v["unobeyed"].as_array().unwrap().len(), 301);
    assert_eq!(v["explanation"].as_array().unwrap().len(), 302);
    let summary = judge::blocks(
        &lured(300, &|_| false).game,
        None,
        false,
        &mut Budget::default(),
    )
    .unwrap()
    .unwrap();
    let v = serde_json::to_value(&summary).unwrap();
    assert!(v.get("readable_optimum").is_none(), "{v}");
    assert_eq!(v["optimum"].as_str().unwrap().split(", ").count(), 301);
}
