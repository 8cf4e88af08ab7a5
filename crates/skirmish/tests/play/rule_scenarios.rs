//! The conformance scenarios under `tests/scenarios/<rule>/`: each file is a game state with the
//! verdicts and state the 2009 rules require; every one must load and hold.

use skirmish::legality::Budget;
use skirmish::scenario::Scenario;
use std::path::{Path, PathBuf};

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_rule_scenario_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut files = Vec::new();
    scenario_files(&root, &mut files);
    files.sort();
    assert!(files.len() >= 5, "found only {} scenarios", files.len());
    let mut verdicts = 0;
    for f in &files {
        let s = Scenario::load(f).unwrap_or_else(|e| panic!("{e}"));
        // tests/scenarios is February 2009's; the current rules' are tests/scenarios-current.
        assert_eq!(
            s.game.rules,
            skirmish::edition::Rules::FEB_2009,
            "{}",
            f.display()
        );
        verdicts += s.expect.verdicts.len();
        // Verdicts are about the starting position; the rest is checked after running the
        // turn, for scenarios that have a script or expect a later state.
        let played = s.needs_run().then(|| {
            skirmish::engine::play_scenario(&s).unwrap_or_else(|e| panic!("{}: {e}", f.display()))
        });
        let failures = s.failures(played.as_ref(), &mut Budget::default());
        assert!(failures.is_empty(), "{}: {failures:#?}", f.display());
    }
    assert!(verdicts >= 15, "only {verdicts} verdicts");
}
