//! The problem as JSON (`legality::document`, `legality::answer`): a board's problem written
//! out and read back answers exactly as the board does; documents mutated at random are refused
//! clearly or answered, never a panic; the documented examples give the documented answers.

use crate::common;

use common::boards::{POOL, board, game};
use proptest::prelude::*;
use serde_json::Value;
use skirmish::diagnostics::{ErrorKind, FileError, SourceFile};
use skirmish::legality::answer::{self, Answer};
use skirmish::legality::document::{self, Declaration, Document, Problem};
use skirmish::legality::judge::{self, Judgement};
use skirmish::legality::problem::{AttackChoice, BlockChoice};
use std::path::PathBuf;

const BUDGET: u64 = 50_000_000;

fn read(text: &str) -> Result<Document, FileError> {
    Document::read(&SourceFile::new("doc.json", text))
}

/// The verdict's content, without the declaration's spelling (the board's check shows the
/// text as the user wrote it, the document's as its labels).
fn verdict(j: &Judgement) -> impl PartialEq + std::fmt::Debug {
    (
        j.verdict,
        j.obeyed,
        j.maximum,
        j.violations.clone(),
        j.unobeyed.clone(),
        j.witness.clone(),
        j.rules.clone(),
    )
}

/// The same without the witness and what follows from it: among optimal attacks with the
/// fewest creatures, which one the attack kernel picks isn't fixed (it follows a hash map's
/// order), so two runs may show different witnesses.
fn attack_verdict(j: &Judgement) -> impl PartialEq + std::fmt::Debug {
    (
        j.verdict,
        j.obeyed,
        j.maximum,
        j.violations.clone(),
        j.witness.is_some(),
    )
}

fn attackers(c: &AttackChoice) -> usize {
    c.0.iter().flatten().count()
}

/// A declaration drawn from seeds: for each creature, nothing or one of the targets (any,
/// allowed or not); for each blocker, a set of attackers.
fn attack_from(seeds: &[u8], nc: usize, nt: usize) -> AttackChoice {
    AttackChoice(
        (0..nc)
            .map(|i| {
                let s = seeds.get(i).copied().unwrap_or(0) as usize;
                (s % (nt + 1) != 0).then(|| s % (nt + 1) - 1)
            })
            .collect(),
    )
}

fn block_from(seeds: &[u8], nb: usize, na: usize) -> BlockChoice {
    BlockChoice(
        (0..nb)
            .map(|b| {
                let s = seeds.get(b).copied().unwrap_or(0);
                (0..na.min(8)).filter(|a| s & (1 << a) != 0).collect()
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `attacks FILE --problem` then `solve`: the same problem, maximum, optimum, count, and
    /// the same verdict as `check` on the board for any declaration.
    #[test]
    fn attack_documents_answer_as_the_board_does(
        b in board(POOL.to_vec(), 0, 6, 3),
        seeds in prop::collection::vec(any::<u8>(), 6),
    ) {
        let g = game(&b, false);
        let doc = document::attack_document(&g).unwrap();
        let back = read(&doc.to_json()).unwrap_or_else(|e| panic!("{e}\n{}", doc.to_json()));
        prop_assert_eq!(&back, &doc);
        let Problem::Attack(p) = &back.problem else { unreachable!() };
        let choice = attack_from(&seeds, p.creatures.len(), p.targets.len());
        let text = judge::attack_text(p, &choice);
        let a = answer::solve(&back, Some(&Declaration::Attack(choice.clone())), false, BUDGET);
        let s = judge::attacks(&g, false, &mut skirmish::legality::Budget::new(BUDGET))
            .unwrap()
            .unwrap();
        prop_assert_eq!(a.maximum, Some(s.maximum));
        prop_assert_eq!(&a.count, &s.count);
        prop_assert_eq!(a.requirements, s.requirements);
        // The optimum: legal on the board too, with as few creatures as the board's.
        let Some(Declaration::Attack(opt)) = &a.optimum_choice else { panic!("an optimum") };
        let opt_text = judge::attack_text(p, opt);
        prop_assert_eq!(a.optimum.as_deref(), Some(opt_text.as_str()));
        let budget = || skirmish::legality::Budget::new(BUDGET);
        prop_assert!(judge::judge_attack(&g, &judge::attack_text(p, opt), &mut budget()).unwrap().legal);
        let board_opt = answer::attack_declaration(p, &s.optimum).unwrap();
        prop_assert_eq!(attackers(opt), attackers(&board_opt));
        let on_board = judge::judge_attack(&g, &text, &mut budget()).unwrap();
        let c = a.check.as_ref().unwrap();
        prop_assert_eq!(attack_verdict(&c.judgement), attack_verdict(&on_board), "{}", text);
        if let Some(Declaration::Attack(w)) = &c.witness_choice {
            let w = judge::judge_attack(&g, &judge::attack_text(p, w), &mut budget()).unwrap();
            prop_assert!(w.legal);
            prop_assert_eq!(w.obeyed, c.judgement.maximum);
        }
        // The labels form of the declaration reads back as the same choice.
        prop_assert_eq!(answer::attack_declaration(p, &text).unwrap(), choice);
    }

    /// `blocks FILE --problem` then `solve`, likewise.
    #[test]
    fn block_documents_answer_as_the_board_does(
        b in board(POOL.to_vec(), 0, 3, 4),
        seeds in prop::collection::vec(any::<u8>(), 4),
    ) {
        let g = game(&b, true);
        let Ok(doc) = document::block_document(&g, None) else { return Ok(()) };
        let back = read(&doc.to_json()).unwrap_or_else(|e| panic!("{e}\n{}", doc.to_json()));
        prop_assert_eq!(&back, &doc);
        let Problem::Block(p) = &back.problem else { unreachable!() };
        let choice = block_from(&seeds, p.blockers.len(), p.attackers.len());
        let text = judge::block_text(p, &choice);
        let a = answer::solve(&back, Some(&Declaration::Block(choice.clone())), true, BUDGET);
        let s = judge::blocks(&g, None, true, &mut skirmish::legality::Budget::new(BUDGET))
            .unwrap()
            .unwrap();
        prop_assert_eq!(a.maximum, Some(s.maximum));
        prop_assert_eq!(a.optimum.as_deref(), Some(s.optimum.as_str()));
        prop_assert_eq!(&a.count, &s.count);
        prop_assert_eq!(&a.all, &s.all);
        let on_board = judge::judge_block(&g, &text, None, &mut skirmish::legality::Budget::new(BUDGET))
            .unwrap();
        let c = a.check.as_ref().unwrap();
        prop_assert_eq!(verdict(&c.judgement), verdict(&on_board), "{}", text);
        prop_assert_eq!(answer::block_declaration(p, &text).unwrap(), choice);
        // The listed declarations by index are the listed ones in labels.
        let by_index: Vec<String> = a.all_choices.iter().flatten().map(|d| match d {
            Declaration::Block(c) => judge::block_text(p, c),
            Declaration::Attack(_) => unreachable!(),
        }).collect();
        prop_assert_eq!(Some(by_index), a.all.clone());
    }
}

/// Every place in a JSON value, as a path of keys and indices.
fn places(v: &Value, at: Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let mut p = at.clone();
                p.push(Value::String(k.clone()));
                places(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let mut p = at.clone();
                p.push(Value::from(i));
                places(x, p, out);
            }
        }
        _ => {}
    }
}

fn at_mut<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, seg| match seg {
        Value::String(k) => &mut v[k.as_str()],
        _ => &mut v[seg.as_u64().unwrap() as usize],
    })
}

/// What a mutation puts in place of a value.
fn replacement(kind: u8, n: u64) -> Value {
    match kind % 12 {
        0 => Value::from(n % 64),
        1 => Value::from(u64::MAX),
        2 => Value::from(1u64 << 40),
        3 => Value::from(-1),
        4 => serde_json::json!(1e300),
        5 => Value::from("x"),
        6 => Value::Bool(true),
        7 => Value::Null,
        8 => serde_json::json!({}),
        9 => serde_json::json!([]),
        10 => serde_json::json!([n % 8, n % 3]),
        _ => Value::from(u64::from(u32::MAX)),
    }
}

/// Reads a mutated document; it must either be refused with a located, explained error or
/// answered (with a small budget: the point is that nothing panics or hangs).
fn refused_or_answered(text: &str) -> Result<(), TestCaseError> {
    match read(text) {
        Err(e) => {
            prop_assert!(e.line >= 1 && e.column >= 1, "unlocated: {e:?}");
            prop_assert!(!e.message.is_empty() && !e.help.is_empty(), "{e:?}");
        }
        Ok(doc) => {
            let a = answer::solve(&doc, None, true, 200_000);
            prop_assert!(a.maximum.is_some() || a.undecided.is_some());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Values replaced anywhere (indices out of range, huge or negative numbers, wrong types),
    /// keys removed or added, the text cut short.
    #[test]
    fn mutated_documents_are_refused_clearly_or_answered(
        b in board(POOL.to_vec(), 1, 4, 4),
        blocks in any::<bool>(),
        what in 0u8..4,
        pick in any::<u64>(),
        kind in any::<u8>(),
    ) {
        let g = game(&b, blocks);
        let doc = if blocks {
            match document::block_document(&g, None) {
                Ok(d) => d,
                Err(_) => return Ok(()),
            }
        } else {
            document::attack_document(&g).unwrap()
        };
        let text = doc.to_json();
        if what == 0 {
            // Cut anywhere (on a character boundary: the text is ASCII).
            let cut = (pick % text.len() as u64) as usize;
            return refused_or_answered(&text[..cut]);
        }
        let mut v: Value = serde_json::from_str(&text).unwrap();
        let mut all = Vec::new();
        places(&v, Vec::new(), &mut all);
        let path = all[(pick % all.len() as u64) as usize].clone();
        match what {
            1 => *at_mut(&mut v, &path) = replacement(kind, pick),
            2 => {
                // Remove the key (or array element) at the place, if it has a parent.
                if let Some((last, parent)) = path.split_last() {
                    match (at_mut(&mut v, parent), last) {
                        (Value::Object(m), Value::String(k)) => { m.remove(k); }
                        (Value::Array(a), i) => { a.remove(i.as_u64().unwrap() as usize); }
                        _ => {}
                    }
                }
            }
            _ => {
                if let Value::Object(m) = at_mut(&mut v, &path) {
                    m.insert("surprise".into(), replacement(kind, pick));
                } else {
                    *at_mut(&mut v, &path) = replacement(kind, pick);
                }
            }
        }
        refused_or_answered(&serde_json::to_string_pretty(&v).unwrap())?;
    }
}

fn fixture(name: &str) -> (PathBuf, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/problems")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    (path, text)
}

fn solved(name: &str, all: bool) -> Answer {
    let (path, _) = fixture(name);
    let doc = Document::load(&path).unwrap_or_else(|e| panic!("{e}"));
    answer::solve(&doc, None, all, BUDGET)
}

/// The examples in docs/legality.md are the fixtures, verbatim, and give the answers the docs
/// state.
#[test]
fn the_documented_examples_are_the_fixtures() {
    let docs = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/legality.md"),
    )
    .unwrap();
    for name in ["attack-limit-two.json", "block-two-or-more.json"] {
        let (_, text) = fixture(name);
        assert!(
            docs.contains(text.trim()),
            "docs/legality.md doesn't show {name} verbatim"
        );
    }
}

/// "No more than two creatures can attack" with three creatures that each attack if able: no
/// card in the library says it, and the first kernel got it wrong (issue 11). Any two attack.
#[test]
fn a_limit_of_two_with_three_required_attackers() {
    let a = solved("attack-limit-two.json", true);
    assert_eq!(a.maximum, Some(2));
    assert_eq!(a.count.as_deref(), Some("3"));
    let optimum = a.optimum.clone().unwrap();
    assert!(a.all.iter().flatten().any(|d| *d == optimum), "{optimum}");
    assert_eq!(
        a.all,
        Some(vec![
            "Bear, Cat".to_string(),
            "Ape, Cat".to_string(),
            "Ape, Bear".to_string()
        ])
    );
    let (_, text) = fixture("attack-limit-two.json");
    let doc = read(&text).unwrap();
    let Problem::Attack(p) = &doc.problem else {
        panic!("an attack problem")
    };
    let all_three = answer::attack_declaration(p, "Ape, Bear, Cat").unwrap();
    let a = answer::solve(&doc, Some(&Declaration::Attack(all_three)), false, BUDGET);
    let c = a.check.unwrap();
    assert_eq!(c.judgement.verdict, "breaks-restrictions");
    assert_eq!(c.judgement.rules, vec!["500.2"]);
    let one = answer::attack_declaration(p, "Cat").unwrap();
    let a = answer::solve(&doc, Some(&Declaration::Attack(one)), false, BUDGET);
    let c = a.check.unwrap();
    assert_eq!(c.judgement.verdict, "too-few-requirements");
    assert_eq!(c.judgement.obeyed, Some(1));
    assert_eq!(c.judgement.maximum, Some(2));
    // The witness is "Ape, Cat" or "Ape, Bear" or "Bear, Cat"; what it obeys that "Cat"
    // doesn't is the requirement of its other creature.
    let Some(Declaration::Attack(w)) = &c.witness_choice else {
        panic!("a witness")
    };
    assert_eq!(attackers(w), 2);
    let other: Vec<usize> = (0..2).filter(|i| w.0[*i].is_some()).collect();
    assert_eq!(c.unobeyed_requirements, other);
}

/// Lure on an attacker that "can't be blocked except by two or more creatures" (500.3a,
/// 500.4): both creatures able to block must block it, and the document's own `check` (one
/// blocker) breaks the restriction.
#[test]
fn lure_and_two_or_more() {
    let a = solved("block-two-or-more.json", true);
    assert_eq!(a.maximum, Some(2));
    assert_eq!(a.count.as_deref(), Some("1"));
    assert_eq!(a.optimum.as_deref(), Some("Wall=Menace, Bear=Menace"));
    let c = a.check.unwrap();
    assert_eq!(c.judgement.verdict, "breaks-restrictions");
    assert_eq!(c.judgement.rules, vec!["500.3a"]);
    assert_eq!(
        c.choice,
        Declaration::Block(BlockChoice(vec![vec![0], vec![], vec![]]))
    );
}

/// Forms no card produces: "no more than one creature can attack Bob" (a limit on some
/// targets), a creature that can't attack unless two named others do, and a cost paid by
/// sacrificing one of two lands (308.2d), with requirements to attack a planeswalker.
#[test]
fn target_limits_company_and_permanent_costs() {
    // Ape attacks Garruk; Bear and Cat attack, at most one of them Bob; Dog stays home or
    // attacks paying with a land, and may attack Bob only if neither Bear nor Cat does.
    let a = solved("attack-target-limit.json", true);
    assert_eq!(a.maximum, Some(3));
    assert_eq!(a.count.as_deref(), Some("7"));
    let mut all = a.all.clone().unwrap();
    all.sort();
    assert_eq!(
        all,
        vec![
            "Ape->Garruk, Bear, Cat->Garruk",
            "Ape->Garruk, Bear, Cat->Garruk, Dog->Garruk",
            "Ape->Garruk, Bear->Garruk, Cat",
            "Ape->Garruk, Bear->Garruk, Cat, Dog->Garruk",
            "Ape->Garruk, Bear->Garruk, Cat->Garruk",
            "Ape->Garruk, Bear->Garruk, Cat->Garruk, Dog",
            "Ape->Garruk, Bear->Garruk, Cat->Garruk, Dog->Garruk",
        ]
    );
    assert_eq!(a.optimum.map(|o| o.matches(", ").count() + 1), Some(3));
    // Two creatures attacking Bob break the limit; Cat without Bear breaks its own.
    let (_, text) = fixture("attack-target-limit.json");
    let doc = read(&text).unwrap();
    let Problem::Attack(p) = &doc.problem else {
        panic!("an attack problem")
    };
    for (decl, rule) in [
        ("Ape->Garruk, Bear, Cat", "500.2"),
        ("Ape->Garruk, Cat->Garruk", "500.2"),
    ] {
        let c = answer::attack_declaration(p, decl).unwrap();
        let a = answer::solve(&doc, Some(&Declaration::Attack(c)), false, BUDGET);
        let j = a.check.unwrap().judgement;
        assert_eq!(j.verdict, "breaks-restrictions", "{decl}");
        assert_eq!(j.rules, vec![rule], "{decl}");
    }
}

fn refused(text: &str) -> FileError {
    match read(text) {
        Ok(d) => panic!("read: {d:?}"),
        Err(e) => e,
    }
}

fn with(v: Value, edit: impl FnOnce(&mut Value)) -> String {
    let mut v = v;
    edit(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn refusals_say_where_and_what_was_expected() {
    let (_, text) = fixture("block-two-or-more.json");
    let v: Value = serde_json::from_str(&text).unwrap();

    let seven = with(v.clone(), |v| v["version"] = 7.into());
    let e = refused(&seven);
    assert_eq!(e.kind, ErrorKind::WrongValue);
    assert!(e.message.contains("unknown version 7"), "{e}");
    assert!(e.message.contains("version 1"), "{e}");
    assert!(text_line(&seven, e.line).contains("\"version\": 7"), "{e}");

    let e = refused(&with(v.clone(), |v| v["kind"] = "defend".into()));
    assert!(
        e.message.contains("\"attack\"") && e.message.contains("\"block\""),
        "{e}"
    );

    let e = refused(&with(v.clone(), |v| {
        v.as_object_mut().unwrap().remove("format");
    }));
    assert_eq!(e.kind, ErrorKind::MissingField);
    assert!(e.message.contains(document::FORMAT), "{e}");

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["blockers"][1]["can_block"][0] = 9.into()
    }));
    assert!(
        e.message.starts_with(
            "problem.blockers[1].can_block[0]: 9 is not an index into `problem.attackers`"
        ),
        "{e}"
    );
    let line = text_line(
        &with(v.clone(), |v| {
            v["problem"]["blockers"][1]["can_block"][0] = 9.into()
        }),
        e.line,
    );
    assert!(line.trim_start().starts_with('9'), "{line}");

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["blockers"][0]["cannot_block"] = serde_json::json!([[0, []]])
    }));
    assert!(
        e.message
            .starts_with("problem.blockers[0].cannot_block[0][0]"),
        "{e}"
    );
    assert!(e.message.contains("both"), "{e}");

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["blockers"][1]["label"] = "Wall".into()
    }));
    assert!(e.message.contains("labelled \"Wall\""), "{e}");

    let e = refused(&with(v.clone(), |v| v["check"] = serde_json::json!([[0]])));
    assert!(
        e.message
            .starts_with("check: 1 entries, but the problem has 3 blockers"),
        "{e}"
    );

    let e = refused(&with(v.clone(), |v| {
        v["check"] = serde_json::json!([[0, 0], [], []])
    }));
    assert!(e.message.contains("listed twice"), "{e}");

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["requirements"][0]["blocker"] = 3.into()
    }));
    assert!(
        e.message.starts_with("problem.requirements[0].blocker: 3"),
        "{e}"
    );

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["blockers"][0]["capacity"] = "any".into();
        v["problem"]["blockers"][0]["can_block"] = (0..25).collect::<Vec<u32>>().into();
        let attacker = v["problem"]["attackers"][0].clone();
        let list: Vec<Value> = (0..25)
            .map(|i| {
                let mut a = attacker.clone();
                a["label"] = format!("A{i}").into();
                a
            })
            .collect();
        v["problem"]["attackers"] = list.into();
    }));
    assert!(e.message.starts_with("problem.blockers[0].capacity"), "{e}");

    let e = refused(&with(v.clone(), |v| {
        v["problem"]["free_mana"] = (-1).into()
    }));
    assert_eq!(e.kind, ErrorKind::WrongValue);
    let e = refused(&with(v.clone(), |v| v["problem"]["surprise"] = 1.into()));
    assert_eq!(e.kind, ErrorKind::UnknownField);
    assert!(e.message.contains("surprise"), "{e}");
    let e = refused(&text[..text.len() / 2]);
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert!(e.line > 1, "{e}");
    let e = refused("[1, 2]");
    assert!(e.message.contains("expected a problem document"), "{e}");

    let (_, text) = fixture("attack-limit-two.json");
    let v: Value = serde_json::from_str(&text).unwrap();
    let e = refused(&with(
        v.clone(),
        |v| {
            v["problem"]["creatures"][0]["unable"] =
                serde_json::json!([{"label": "Ape", "text": "it is tapped", "rule": "308.2a"}])
        },
    ));
    assert!(e.message.starts_with("problem.creatures[0].targets"), "{e}");
    let e = refused(&with(v.clone(), |v| {
        let limit = serde_json::json!({"targets": [0], "max": 1,
            "source": {"label": "Hedge", "text": "No more than one creature can attack Bob.", "rule": "500.2"}});
        v["problem"]["target_limits"] = vec![limit; 300].into();
    }));
    assert!(
        e.message
            .starts_with("problem.target_limits: 300 limits on targets"),
        "{e}"
    );
    assert!(e.message.contains("at most 256"), "{e}");
    let e = refused(&with(v, |v| v["check"] = serde_json::json!([0, null, 1])));
    assert!(
        e.message
            .starts_with("check[2]: 1 is not an index into `problem.targets`"),
        "{e}"
    );
}

fn text_line(text: &str, line: usize) -> String {
    text.lines().nth(line - 1).unwrap_or_default().to_string()
}

#[test]
fn declarations_in_labels_are_read_strictly() {
    let (_, text) = fixture("attack-target-limit.json");
    let doc = read(&text).unwrap();
    let Problem::Attack(p) = &doc.problem else {
        panic!("an attack problem")
    };
    assert_eq!(
        answer::attack_declaration(p, "Ape->Garruk, Bear->Bob").unwrap(),
        AttackChoice(vec![Some(1), Some(0), None, None])
    );
    // Bob is the one player: naming no target attacks him (306.3).
    assert_eq!(
        answer::attack_declaration(p, "Bear").unwrap(),
        AttackChoice(vec![None, Some(0), None, None])
    );
    let e = answer::attack_declaration(p, "Bear, Emu").unwrap_err();
    assert_eq!(e.at, 6);
    assert!(e.message.contains("\"Emu\""), "{}", e.message);
    assert!(answer::attack_declaration(p, "Bear, Bear->Garruk").is_err());
    assert!(answer::attack_declaration(p, "Bear->Nobody").is_err());

    let (_, text) = fixture("block-two-or-more.json");
    let doc = read(&text).unwrap();
    let Problem::Block(p) = &doc.problem else {
        panic!("a block problem")
    };
    assert_eq!(
        answer::block_declaration(p, "Bear=Menace, Wall=Menace").unwrap(),
        BlockChoice(vec![vec![0], vec![0], vec![]])
    );
    assert!(answer::block_declaration(p, "Wall=Menace, Wall=Menace").is_err());
    assert!(answer::block_declaration(p, "Wall").is_err());
}

/// A document written and read back is the same document, `check` included.
#[test]
fn documents_round_trip_with_their_declaration() {
    for name in [
        "attack-limit-two.json",
        "block-two-or-more.json",
        "attack-target-limit.json",
    ] {
        let (_, text) = fixture(name);
        let doc = read(&text).unwrap();
        assert_eq!(read(&doc.to_json()).unwrap(), doc, "{name}");
    }
}
