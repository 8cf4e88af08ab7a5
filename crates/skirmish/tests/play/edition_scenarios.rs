//! The editions side by side: every scenario under `tests/scenarios-current/` holds under the
//! current rules; every change between 2009 and now has a pair of scenarios with the same
//! board under `tests/editions/<change>/`, each holding under its own edition and failing under
//! the other; `docs/editions.md` is what `skirmish::edition::page` generates.

use skirmish::edition::{Change, Edition, Rules};
use skirmish::legality::Budget;
use skirmish::scenario::{LoadOptions, Scenario};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

/// The failures of a scenario run as it says, or under another edition; an engine error
/// (an action the other rules refuse) counts as a failure.
fn failures(path: &Path, edition: Option<Edition>) -> Vec<String> {
    let options = LoadOptions {
        edition,
        ..LoadOptions::default()
    };
    let s = match Scenario::load_with(path, &options) {
        Ok(s) => s,
        Err(e) => return vec![format!("the file doesn't load: {e}")],
    };
    let played = if s.needs_run() {
        match skirmish::engine::play_scenario(&s) {
            Ok(p) => Some(p),
            Err(e) => return vec![format!("the run stopped: {e}")],
        }
    } else {
        None
    };
    s.failures(played.as_ref(), &mut Budget::default())
        .iter()
        .map(|f| format!("{f:?}"))
        .collect()
}

/// Words the current rules replaced; none may be printed under them.
const OLD_WORDS: &[&str] = &[
    "in play",
    "into play",
    "from play",
    "leaves play",
    "removed from the game",
    "end of turn step",
    " plays ",
    "state-based effect",
    "his or her",
    "mana burn",
];

/// Every current scenario's log and final board, printed, is in the current rules' words and
/// numbers.
fn check_words(path: &Path) {
    let s = Scenario::load(path).unwrap_or_else(|e| panic!("{e}"));
    let Ok(played) = skirmish::engine::play_scenario(&s) else {
        return;
    };
    let game = &played.game;
    let mut lines: Vec<String> = game.events.iter().map(|e| e.text(game.rules)).collect();
    lines.push(skirmish::view::BoardView::of(game).to_string());
    for line in &lines {
        for old in OLD_WORDS {
            assert!(
                !line.contains(old),
                "{}: \"{old}\" printed under the current rules: {line}",
                path.display()
            );
        }
    }
    for e in &game.events {
        assert!(
            !e.rule.starts_with("2009 ") && !e.rule.starts_with("current "),
            "{}: [{}] cited under the current rules",
            path.display(),
            e.rule
        );
        assert!(
            skirmish::edition::is_current_citation(&e.rule),
            "{}: [{}] is a 2009 number",
            path.display(),
            e.rule
        );
    }
}

#[test]
fn every_current_rule_scenario_holds_under_the_current_rules() {
    let mut files = Vec::new();
    toml_files(&root().join("tests/scenarios-current"), &mut files);
    files.sort();
    assert!(files.len() >= 8, "found only {} scenarios", files.len());
    for f in &files {
        let s = Scenario::load(f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.game.rules,
            Rules::CURRENT,
            "{}: say edition = \"current\"",
            f.display()
        );
        let failed = failures(f, None);
        assert!(failed.is_empty(), "{}: {failed:#?}", f.display());
        check_words(f);
    }
}

/// The board of a scenario file: everything but its edition, description, script and
/// expectations.
fn board(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).unwrap();
    let mut t: toml::Table = text.parse().unwrap();
    for key in ["edition", "description", "expect", "action"] {
        t.remove(key);
    }
    t
}

#[test]
fn every_change_has_a_pair_of_scenarios_that_it_decides() {
    for c in Change::ALL {
        let dir = root().join("tests/editions").join(c.key());
        let (old, now) = (dir.join("2009.toml"), dir.join("current.toml"));
        assert!(
            old.exists() && now.exists(),
            "{}: no pair of scenarios",
            c.key()
        );
        assert_eq!(board(&old), board(&now), "{}: the boards differ", c.key());
        // There are no battles or commanders in 2009: the board itself is refused, at the
        // battle or at the designation.
        let refused = match c {
            Change::Battles => Some("there are no battles"),
            Change::Commanders => Some("there are no commanders"),
            _ => None,
        };
        if let Some(why) = refused {
            let e = Scenario::load(&old).expect_err("a board the 2009 rules don't have");
            assert!(e.message.contains(why), "{e}");
            assert!(failures(&now, None).is_empty(), "{}", now.display());
            assert!(!failures(&now, Some(Edition::Feb2009)).is_empty());
            check_words(&now);
            continue;
        }
        assert_eq!(
            Scenario::load(&old).unwrap().game.rules,
            Rules::FEB_2009,
            "{}",
            old.display()
        );
        assert_eq!(
            Scenario::load(&now).unwrap().game.rules,
            Rules::CURRENT,
            "{}",
            now.display()
        );
        let held = failures(&old, None);
        assert!(held.is_empty(), "{}: {held:#?}", old.display());
        let held = failures(&now, None);
        assert!(held.is_empty(), "{}: {held:#?}", now.display());
        check_words(&now);
        // Each answer is the edition's own: the other rules give a different one.
        assert!(
            !failures(&old, Some(Edition::Current)).is_empty(),
            "{}: holds under the current rules too",
            old.display()
        );
        // Where the change takes away a choice 2009 gave, a script that doesn't make the
        // choice plays the same under both; the 2009 file (which makes it) shows the change.
        if *c != Change::NoPlaneswalkerRedirection {
            assert!(
                !failures(&now, Some(Edition::Feb2009)).is_empty(),
                "{}: holds under the 2009 rules too",
                now.display()
            );
        }
    }
    let dirs = std::fs::read_dir(root().join("tests/editions"))
        .unwrap()
        .count();
    assert_eq!(
        dirs,
        Change::ALL.len(),
        "a folder under tests/editions names no change"
    );
}

#[test]
fn the_editions_page_is_generated_from_the_changes() {
    let path = root().join("docs/editions.md");
    let expected = skirmish::edition::page::markdown();
    if std::env::var_os("SKIRMISH_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/editions.md is out of date; run SKIRMISH_BLESS=1 cargo test -p skirmish --test play edition_scenarios"
    );
}
