//! The `skirmish` command as a user runs it: exit codes, text (snapshots) and JSON.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs the command from the repository root; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exited normally"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const GOBLIN: &str = "examples/faq-crazed-goblin-silent-arbiter.toml";
const SCREEN: &str = "examples/faq-razorgrass-screen-war-drums.toml";

#[test]
fn show_prints_the_board() {
    let (code, out, _) = run(&["show", GOBLIN]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("show_goblin", out);
}

#[test]
fn show_json_has_the_documented_fields() {
    let (code, out, _) = run(&["show", GOBLIN, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let board = &v["board"];
    assert_eq!(board["edition"], "2009-02-01");
    assert_eq!(board["step"], "declare-attackers");
    assert_eq!(board["players"][0]["name"], "Alice");
    let goblin = &board["players"][0]["permanents"][0];
    assert_eq!(goblin["label"], "Crazed Goblin");
    assert_eq!(goblin["power"], 1);
    assert_eq!(goblin["tapped"], false);
}

#[test]
fn attacks_answers_the_faq() {
    let (code, out, _) = run(&["attacks", GOBLIN, "--all"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("attacks_goblin", out);
    let (_, json, _) = run(&["attacks", GOBLIN, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["maximum"], 1);
    assert_eq!(v["optimum"], "Crazed Goblin");
    assert_eq!(v["count"], "1");
}

#[test]
fn check_exit_codes_say_legal_or_illegal() {
    assert_eq!(run(&["check", GOBLIN, "--attack", "Crazed Goblin"]).0, 0);
    let (code, out, _) = run(&["check", GOBLIN, "--attack", "Grizzly Bears"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_bears", out);
    let (code, out, _) = run(&[
        "check",
        SCREEN,
        "--block",
        "Grizzly Bears=Attacking Bears",
        "--json",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "breaks-restrictions");
    assert_eq!(v["violations"][0]["rule"], "500.3");
    assert_eq!(v["violations"][0]["source"]["label"], "Goblin War Drums");
}

#[test]
fn every_command_answers_under_the_current_rules_on_request() {
    // The verdict cites 508.1d (2009's 500.4 and 500.2) and today's words.
    let (code, out, _) = run(&[
        "check",
        GOBLIN,
        "--attack",
        "Grizzly Bears",
        "--edition",
        "current",
    ]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_bears_current", out);
    let (code, out, _) = run(&[
        "check",
        SCREEN,
        "--block",
        "Grizzly Bears=Attacking Bears",
        "--json",
        "--edition",
        "current",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // A broken restriction on blocks: 509.1b (2009's 500.3).
    assert_eq!(v["violations"][0]["rule"], "509.1b");
    assert_eq!(v["rules"][0], "509.1b");
    // The board and the run, in the file's edition or the one asked for.
    let (_, json, _) = run(&["show", GOBLIN, "--json", "--edition", "2026-01-16"]);
    assert_eq!(json_of(&json)["board"]["edition"], "2026-01-16");
    let (_, json, _) = run(&[
        "run",
        "tests/editions/static-lifelink/2009.toml",
        "--json",
        "--edition",
        "current",
    ]);
    let v = json_of(&json);
    let rules: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    assert!(
        rules.contains(&"510.2") && !rules.contains(&"310.4"),
        "{rules:?}"
    );
    // A file's own `edition = "current"`, and `--edition 2009` over it.
    let (_, text, _) = run(&["run", "tests/editions/static-lifelink/current.toml"]);
    assert!(text.contains("[702.15b] Alice gains 3 life"), "{text}");
    let (_, text, _) = run(&[
        "run",
        "tests/editions/static-lifelink/current.toml",
        "--edition",
        "2009",
    ]);
    assert!(text.contains("[420.5a] Alice loses the game"), "{text}");
    // An edition Skirmish doesn't know is a bad argument.
    let (code, _, err) = run(&["show", GOBLIN, "--edition", "2010"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown rules edition `2010`"), "{err}");
}

fn json_of(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn blocks_against_a_given_attack() {
    let (code, out, _) = run(&["blocks", GOBLIN, "--attack", "Crazed Goblin", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "block");
    // Silent Arbiter alone can block or not: no requirement, two legal blocks.
    assert_eq!(v["count"], "2");
}

#[test]
fn bad_input_exits_2_with_position_and_advice() {
    let (code, _, err) = run(&["show", "crates/skirmish/tests/bad_inputs/unknown_card.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown card"), "{err}");
    assert!(err.contains("did you mean"), "{err}");

    let (code, out, _) = run(&[
        "show",
        "crates/skirmish/tests/bad_inputs/unknown_card.toml",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "unknown-card");
    assert!(v["error"]["line"].as_u64().unwrap() > 0);
    assert!(v["error"]["column"].as_u64().unwrap() > 0);
    assert!(!v["error"]["help"].as_str().unwrap().is_empty());

    let (code, out, _) = run(&["check", GOBLIN, "--attack", "Grizly Bears", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["file"], "--attack");
    assert_eq!(v["error"]["kind"], "unknown-label");

    assert_eq!(run(&["show", "no/such/file.toml"]).0, 2);
    assert_eq!(run(&["cards", "Grizly Bears"]).0, 2);
    assert_eq!(run(&["check", GOBLIN]).0, 2);
}

/// Issue 13: an error past column 65,535 panicked in the text renderer (a formatting width
/// can't be that large). Such a line is not quoted; the message still gives line and column.
#[test]
fn errors_far_along_a_line_are_reported_not_panicked() {
    let far = format!("{}Nobody", " ".repeat(70_000));
    let (code, _, err) = run(&["check", GOBLIN, "--attack", &far]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Nobody"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let path = std::env::temp_dir().join(format!("skirmish-wide-{}.toml", std::process::id()));
    std::fs::write(&path, format!("{}nonsense\n", " ".repeat(70_000))).unwrap();
    let (code, _, err) = run(&["show", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(":1:700"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Issue 13: under `--json`, arguments clap refuses are an error object too, exit code 2.
#[test]
fn argument_errors_are_json_under_json() {
    let (code, out, _) = run(&["check", "--json"]);
    assert_eq!(code, 2, "{out}");
    let v = json(&out);
    assert_eq!(v["error"]["kind"], "argument");
    assert_eq!(v["error"]["file"], "(command line)");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("FILE"),
        "{out}"
    );
    let (code, out, _) = run(&["show", "--budget", "x", "--json"]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(json(&out)["error"]["kind"], "argument");
    // Without --json, clap's own message on standard error.
    let (code, out, err) = run(&["check"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("FILE"), "{err}");
}

/// A fresh folder under the system's temporary folder, for tests that need files on disk.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Issue 13: `test` said "0 passed, 0 failed" and exited 0 for a file that isn't a scenario,
/// for /dev/zero and for a folder without scenarios; followed a symbolic link loop forever;
/// and gave a malformed file exit 1 rather than the documented 2.
#[test]
fn test_refuses_what_is_not_a_scenario_and_ends_on_link_loops() {
    let (code, out, _) = run(&["test", "README.md"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("FAIL  README.md"), "{out}");
    assert!(out.contains("0 passed, 1 failed"), "{out}");

    let (code, out, _) = run(&["test", "/dev/zero", "--json"]);
    assert_eq!(code, 2, "{out}");
    let v = json(&out);
    assert_eq!(v["failed"], 1);
    assert!(
        v["results"][0]["failure"]
            .as_str()
            .unwrap()
            .contains("larger than 16 MiB"),
        "{out}"
    );

    let empty = scratch("empty");
    let (code, _, err) = run(&["test", empty.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no scenario file"), "{err}");

    // A folder holding a link to itself, one scenario that passes and one malformed.
    let dir = scratch("loop");
    std::fs::copy(root().join(GOBLIN), dir.join("goblin.toml")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("again")).unwrap();
    let (code, out, _) = run(&["test", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    std::fs::write(dir.join("broken.toml"), "[turn\n").unwrap();
    let (code, out, _) = run(&["test", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("1 passed, 1 failed"), "{out}");
    std::fs::remove_dir_all(&empty).ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 13: invalid UTF-8 is reported at the line and column of its first bad byte.
#[test]
fn invalid_utf8_is_located() {
    let dir = scratch("utf8");
    let path = dir.join("bad.toml");
    std::fs::write(&path, b"[turn]\nactive = \"Al\xffice\"\n").unwrap();
    let (code, out, _) = run(&["show", path.to_str().unwrap(), "--json"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 2, "{out}");
    let v = json(&out);
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(2), Some(13))
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not UTF-8"),
        "{out}"
    );
}

#[test]
fn cards_explains_how_text_compiles() {
    let (code, out, _) = run(&["cards", "Lure", "Two-Headed Dragon"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("cards_lure_dragon", out);
}

const POOL: &str = "crates/skirmish/tests/fixtures/pool/scryfall-sample.json";

#[test]
fn cards_pool_coverage_reports_the_documented_figures() {
    let (code, out, _) = run(&[
        "cards",
        "--pool",
        POOL,
        "--coverage",
        "--json",
        "--top",
        "3",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cards"]["total"], 15);
    assert_eq!(v["creature_cards"]["compiled"], 7);
    assert_eq!(v["rule_500_lines"]["total"], 4);
    assert_eq!(v["keyword_lines"]["compiled"], 5);
    // Two cards are refused on their text (Tarmogoyf, whose "*" is defined by a line the
    // grammar doesn't read, and Miscalculation); only Tarmogoyf's line bears on combat.
    assert_eq!(v["rejected"].as_array().unwrap().len(), 2);
    assert_eq!(v["usable"]["compiled"], 14);
    assert_eq!(v["creature_usable"]["compiled"], 7);
    assert_eq!(v["rejected_combat"][0]["example"], "Tarmogoyf");
    let (code, out, _) = run(&["cards", "--pool", POOL, "--coverage", "--top", "3"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("pool_coverage", out);
    // The two halves add up to the pool; only the half read lists sentences.
    let (code, out, _) = run(&["cards", "--pool", POOL, "--coverage", "--split", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total = |half: &str| v[half]["cards"]["total"].as_u64().unwrap();
    assert_eq!(total("read") + total("held_out"), 15);
    assert_eq!(v["held_out"]["rejected"].as_array().unwrap().len(), 0);
    // Without names, the pool's cards are listed as JSON too.
    let (code, out, _) = run(&["cards", "--pool", POOL, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 15);
    assert!(v[0]["type_line"].is_string());
}

#[test]
fn cards_pool_explains_a_card_line_by_line() {
    let (code, out, _) = run(&[
        "cards",
        "--pool",
        POOL,
        "Garruk Wildspeaker",
        "Outland Boar",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("pool_explain", out);
    let (code, _, err) = run(&["cards", "--pool", POOL, "Nonexistent Card"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown card"), "{err}");
    let (code, out, _) = run(&["--json", "cards", "--pool", "README.md", "--coverage"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "syntax", "{out}");
    assert_eq!(v["error"]["line"], 1, "{out}");
}

/// Runs the command with `input` on standard input; returns (exit code, stdout, stderr).
fn run_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("the binary reads its input");
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().expect("exited normally"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// `attacks|blocks FILE --problem` piped into `solve -` answers as `attacks`, `blocks` and
/// `check` do on the board.
#[test]
fn a_boards_problem_solves_as_the_board() {
    let (code, doc, _) = run(&["attacks", GOBLIN, "--problem"]);
    assert_eq!(code, 0);
    assert_eq!(json(&doc)["format"], "skirmish-legality-problem");
    let (code, solved, _) = run_with_input(&["solve", "-", "--json"], &doc);
    assert_eq!(code, 0);
    let (_, board, _) = run(&["attacks", GOBLIN, "--json"]);
    let (solved, board) = (json(&solved), json(&board));
    for key in ["maximum", "optimum", "count", "requirements"] {
        assert_eq!(solved[key], board[key], "{key}");
    }
    assert_eq!(solved["optimum_choice"], serde_json::json!([0, null]));

    let (code, solved, _) =
        run_with_input(&["solve", "-", "--check", "Grizzly Bears", "--json"], &doc);
    assert_eq!(code, 1);
    let (_, board, _) = run(&["check", GOBLIN, "--attack", "Grizzly Bears", "--json"]);
    let (solved, board) = (json(&solved), json(&board));
    for key in [
        "verdict",
        "obeyed",
        "maximum",
        "unobeyed",
        "witness",
        "rules",
        "explanation",
    ] {
        assert_eq!(solved["check"][key], board[key], "{key}");
    }
    assert_eq!(
        solved["check"]["unobeyed_requirements"],
        serde_json::json!([0])
    );

    let (code, doc, _) = run(&["blocks", GOBLIN, "--attack", "Crazed Goblin", "--problem"]);
    assert_eq!(code, 0);
    assert_eq!(json(&doc)["kind"], "block");
    let (code, solved, _) = run_with_input(&["solve", "-", "--json", "--all"], &doc);
    assert_eq!(code, 0);
    let (_, board, _) = run(&[
        "blocks",
        GOBLIN,
        "--attack",
        "Crazed Goblin",
        "--json",
        "--all",
    ]);
    let (solved, board) = (json(&solved), json(&board));
    for key in ["maximum", "optimum", "count", "all"] {
        assert_eq!(solved[key], board[key], "{key}");
    }
}

const LURE_DOC: &str = "crates/skirmish/tests/fixtures/problems/block-two-or-more.json";

#[test]
fn solve_answers_a_written_problem() {
    // The document asks about "Wall=Menace", which breaks a restriction: exit code 1.
    let (code, out, _) = run(&["solve", LURE_DOC, "--all"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("solve_lure", out);
    let (code, out, _) = run(&["solve", LURE_DOC, "--json"]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["format"], "skirmish-legality-answer");
    assert_eq!(v["maximum"], 2);
    assert_eq!(v["count"], "1");
    assert_eq!(v["optimum_choice"], serde_json::json!([[0], [0], []]));
    assert_eq!(v["check"]["verdict"], "breaks-restrictions");
    assert_eq!(v["check"]["choice"], serde_json::json!([[0], [], []]));
}

#[test]
fn solve_refuses_bad_documents_and_declarations() {
    let (code, out, _) = run(&["solve", GOBLIN, "--json"]);
    assert_eq!(code, 2);
    let v = json(&out);
    assert_eq!(v["error"]["kind"], "syntax");
    assert_eq!(v["error"]["line"], 1);

    let doc = std::fs::read_to_string(root().join(LURE_DOC)).unwrap();
    let bad = doc.replace("\"can_block\": [0], \"unable\": [], \"cannot_block\": [],\n       \"capacity\": {\"up\": 1}, \"alone\": null},\n      {\"id\": 22", "\"can_block\": [3], \"unable\": [], \"cannot_block\": [],\n       \"capacity\": {\"up\": 1}, \"alone\": null},\n      {\"id\": 22");
    assert_ne!(bad, doc);
    let (code, out, _) = run_with_input(&["solve", "-", "--json"], &bad);
    assert_eq!(code, 2);
    let v = json(&out);
    assert_eq!(v["error"]["file"], "(standard input)");
    assert_eq!(v["error"]["kind"], "wrong-value");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("problem.blockers[0].can_block[0]: 3 is not an index"),
        "{out}"
    );
    let line = v["error"]["line"].as_u64().unwrap() as usize;
    assert!(
        bad.lines()
            .nth(line - 1)
            .unwrap()
            .contains("\"can_block\": [3]")
    );

    // The document already has a declaration to check; another on the command line is refused.
    let (code, _, err) = run(&["solve", LURE_DOC, "--check", "Bear=Menace"]);
    assert_eq!(code, 2);
    assert!(err.contains("--check"), "{err}");
    let (code, out, _) = run(&[
        "solve",
        "crates/skirmish/tests/fixtures/problems/attack-limit-two.json",
        "--check",
        "Ape, Emu",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v = json(&out);
    assert_eq!(v["error"]["file"], "--check");
    assert_eq!(v["error"]["kind"], "unknown-label");
    assert_eq!(v["error"]["column"], 6);
    // --problem prints the problem only: asking for answers too is refused.
    assert_eq!(run(&["attacks", GOBLIN, "--problem", "--all"]).0, 2);
    assert_eq!(run(&["solve", "no/such/problem.json"]).0, 2);
}
/// A scenario file with `n` Grizzly Bears ("Grizzly Bears 1" ..) and a Wall of Wood against a
/// Goblin with Lure and an Ogre that can't be blocked except by two or more creatures, written
/// to the test's scratch folder; returns its path.
fn lured_board(n: usize) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n\n",
    );
    t += "[[card]]\nname = \"Brute\"\ncost = \"{3}\"\ntype = \"Creature — Ogre\"\npt = \"3/3\"\ntext = \"Brute can't be blocked except by two or more creatures.\"\n\n";
    t += "[[permanent]]\ncard = \"Brute\"\ncontroller = \"Alice\"\nlabel = \"Ogre\"\ntapped = true\nattacking = \"Bob\"\n\n";
    t += "[[permanent]]\ncard = \"Raging Goblin\"\ncontroller = \"Alice\"\nlabel = \"Goblin\"\ntapped = true\nattacking = \"Bob\"\n\n";
    t += "[[permanent]]\ncard = \"Lure\"\ncontroller = \"Alice\"\nattached_to = \"Goblin\"\n\n";
    for i in 1..=n {
        t += &format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Grizzly Bears {i}\"\n\n"
        );
    }
    t += "[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n\n";
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("lured-{n}.toml"));
    std::fs::write(&path, t).expect("the scratch folder is writable");
    path.display().to_string()
}

#[test]
fn big_boards_read_in_a_few_lines_and_json_lists_every_entry() {
    let file = lured_board(300);
    let (code, out, _) = run(&["check", &file, "--block", ""]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_300_lured_bears", out);
    assert_eq!(out.lines().count(), 5, "{out}");
    let (code, json, _) = run(&["--json", "check", &file, "--block", ""]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    // One entry per creature able to block the lured Goblin (500.3), whatever the size.
    assert_eq!(v["unobeyed"].as_array().unwrap().len(), 301);
    assert_eq!(v["explanation"].as_array().unwrap().len(), 302);
    assert_eq!(v["witness"].as_str().unwrap().split(", ").count(), 301);
    assert!(v.get("readable").is_none(), "{json}");

    let (code, out, _) = run(&["blocks", &file]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().nth(1),
        Some("Optimal block (fewest creatures): Grizzly Bears 1-300, Wall of Wood block Goblin")
    );
    let (_, json, _) = run(&["--json", "blocks", &file]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["optimum"].as_str().unwrap().split(", ").count(), 301);

    // Tapped bears declared as blockers: one broken restriction each in JSON, one line in text.
    let text = std::fs::read_to_string(&file).unwrap().replace(
        "controller = \"Bob\"\nlabel",
        "controller = \"Bob\"\ntapped = true\nlabel",
    );
    let tapped = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lured-tapped.toml");
    std::fs::write(&tapped, text).unwrap();
    let tapped = tapped.display().to_string();
    let all: Vec<String> = (1..=300)
        .map(|i| format!("Grizzly Bears {i}=Goblin"))
        .collect();
    let (code, out, _) = run(&["check", &tapped, "--block", &all.join(", ")]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "Block \"Grizzly Bears 1-300 block Goblin\": breaks restrictions\n  [309.2a] each of 300 Grizzly Bears (Grizzly Bears 1-300) can't block: it is tapped\n"
    );
    let (_, json, _) = run(&["--json", "check", &tapped, "--block", &all.join(", ")]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["violations"].as_array().unwrap().len(), 300);
    assert_eq!(v["declaration"].as_str().unwrap(), all.join(", "));
}

#[test]
fn small_boards_read_as_before_in_text_and_json_alike() {
    // Nothing to group: each line of the text is the JSON explanation's line.
    let (code, out, _) = run(&["check", GOBLIN, "--attack", "Grizzly Bears"]);
    assert_eq!(code, 1);
    let (_, json, _) = run(&["--json", "check", GOBLIN, "--attack", "Grizzly Bears"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    for line in v["explanation"].as_array().unwrap() {
        let line = format!("  {}\n", line.as_str().unwrap());
        assert!(out.contains(&line), "{out}\n{line}");
    }
}

/// `--all` writes each legal declaration as it is found (issue 13: 24 creatures held 1 GB).
/// The streamed JSON is the same object as without `--all`, with the list filled in; when the
/// budget runs out during the list, the object ends the list there and says `undecided`
/// (exit code 3), and when it runs out before, the answer is the usual undecided one.
#[test]
fn all_streams_every_declaration_and_says_where_the_budget_stopped_it() {
    let mut text = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n",
    );
    // A requirement, so that even the summary needs the budget; then 2^11 legal attacks.
    text.push_str("[[permanent]]\ncard = \"Crazed Goblin\"\ncontroller = \"Alice\"\n");
    for i in 0..11 {
        text.push_str(&format!(
            "[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bear {i}\"\ncontroller = \"Alice\"\n"
        ));
    }
    let path = std::env::temp_dir().join(format!("skirmish-all-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let (code, out, _) = run(&["attacks", file, "--all", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let all = v["all"].as_array().unwrap();
    assert_eq!(v["count"], "2048");
    assert_eq!(all.len(), 2048);
    let distinct: std::collections::BTreeSet<&str> =
        all.iter().map(|d| d.as_str().unwrap()).collect();
    assert_eq!(distinct.len(), 2048);
    assert!(distinct.iter().all(|d| d.contains("Crazed Goblin")));
    assert!(distinct.contains("Crazed Goblin"));
    let (code, text_out, _) = run(&["attacks", file, "--all"]);
    assert_eq!(code, 0);
    assert_eq!(
        text_out.lines().filter(|l| l.starts_with("  ")).count(),
        2048
    );
    // Budgets from too small for the summary to enough for everything.
    let mut seen = (false, false, false);
    for budget in [1u64, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000] {
        let b = budget.to_string();
        let (code, out, _) = run(&["attacks", file, "--all", "--json", "--budget", &b]);
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("budget {budget}: {e}: {out}"));
        match (code, v.get("all")) {
            (3, None) => seen.0 = true,
            (3, Some(list)) => {
                assert!(list.as_array().unwrap().len() < 2048);
                assert_eq!(v["undecided"]["limit"], budget);
                seen.1 = true;
            }
            (0, Some(list)) => {
                assert_eq!(list.as_array().unwrap().len(), 2048);
                seen.2 = true;
            }
            other => panic!("budget {budget}: {other:?}"),
        }
    }
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        seen,
        (true, true, true),
        "each of the three endings is seen"
    );
}

/// Errors about the board as a whole point at what decides them (issue 13, item 5): no
/// combat at the scenario's `step`, a player who isn't defending at `--defender`'s value.
#[test]
fn board_level_errors_point_at_the_key_or_flag_behind_them() {
    let (code, out, _) = run(&["check", GOBLIN, "--block", "", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let e = &v["error"];
    assert_eq!(e["kind"], "illegal-state");
    assert_eq!(e["file"], GOBLIN);
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(10), Some(8))
    );
    assert!(e["message"].as_str().unwrap().contains("[309.1]"));
    let lure = "examples/rule-500-4-blocks-if-able.toml";
    let (code, out, _) = run(&["blocks", lure, "--defender", "Bob", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let e = &v["error"];
    assert_eq!(e["file"], "--defender");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(1), Some(1))
    );
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("\"Bob\" is not a defending player")
    );
}

/// A scenario naming cards of a card file: with its own `card_pool`, or with `--cards`.
const FANATIC: &str = "examples/ruling-mogg-fanatic-damage-on-the-stack.toml";

#[test]
fn card_pools_from_the_file_or_the_command_line() {
    let (code, out, _) = run(&["run", FANATIC]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Expectations: all hold"), "{out}");
    assert!(!out.contains("not modelled"), "{out}");

    // The same board without `card_pool`: the cards are unknown, unless --cards names the file.
    let dir = scratch("pool");
    let text = std::fs::read_to_string(root().join(FANATIC)).unwrap();
    let bare = text.replace("card_pool = \"pool-cards.json\"\n", "");
    assert_ne!(bare, text);
    let file = dir.join("fanatic.toml");
    std::fs::write(&file, &bare).unwrap();
    let (code, _, err) = run(&["run", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let flat = err
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("unknown card \"Glory Seeker\""), "{err}");
    assert!(flat.contains("card_pool"), "{err}");
    let (code, out, _) = run(&[
        "--cards",
        "examples/pool-cards.json",
        "run",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Expectations: all hold"), "{out}");

    // A card file that can't be read is bad input, named.
    let (code, out, _) = run(&["--cards", "no-such.json", "--json", "show", FANATIC]);
    assert_eq!(code, 2, "{out}");
    assert!(
        json(&out)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("can't read the card file")
    );
}

/// `--unmodelled warn` loads a card with lines the grammar doesn't know, lists each in every
/// answer, and marks the answers; a line about combat is refused all the same.
#[test]
fn unmodelled_text_is_said_out_loud() {
    let dir = scratch("unmodelled");
    let text = std::fs::read_to_string(root().join(FANATIC))
        .unwrap()
        .replace("card_pool = \"pool-cards.json\"", "card_pool = \"POOL\"")
        .replace(
            "POOL",
            root().join("examples/pool-cards.json").to_str().unwrap(),
        )
        .replace("Glory Seeker", "Eager Construct");
    let file = dir.join("construct.toml");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();

    let (code, _, err) = run(&["show", path]);
    assert_eq!(code, 2, "{err}");
    // The diagnostic is wrapped to the terminal's width: read it as one line.
    let flat = |t: &str| -> String {
        t.replace('│', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        flat(&err).contains("each player chooses a card name"),
        "{err}"
    );
    assert!(flat(&err).contains("--unmodelled=warn"), "{err}");

    let (code, out, _) = run(&["--unmodelled", "warn", "run", path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("not modelled: Eager Construct: \"When Eager Construct enters the battlefield, each player chooses a card name.\"\n"), "{out}");
    assert!(
        out.contains("assuming the unmodelled text does not matter"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "--unmodelled",
        "warn",
        "--json",
        "check",
        path,
        "--block",
        "Mogg Fanatic=Eager Construct",
    ]);
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert_eq!(v["unmodelled"][0]["card"], "Eager Construct");
    assert_eq!(
        v["assuming"],
        "assuming the unmodelled text does not matter"
    );
    assert_eq!(v["verdict"], "legal");

    // Removing the creatures a blocker blocks bears on combat: never assumed away.
    let blocking = text.replace("Eager Construct", "Gomazoa");
    std::fs::write(&file, blocking).unwrap();
    let (code, _, err) = run(&["--unmodelled", "warn", "show", path]);
    assert_eq!(code, 2, "{err}");
    assert!(flat(&err).contains("each creature it's blocking"), "{err}");
    assert!(flat(&err).contains("bears on combat"), "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `skirmish cards | head -0`: the reader is gone before anything is written. The command
    // ends with the status a shell gives a process ended by SIGPIPE, and says nothing.
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["cards"])
        .current_dir(root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
