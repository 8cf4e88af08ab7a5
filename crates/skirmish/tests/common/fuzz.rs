//! Mutation fuzzing of what users hand Skirmish (issue 13): scenario files, the card text inside
//! them, and declaration strings, run through the library calls the CLI makes (`Scenario::load`,
//! `judge::attacks`, `judge::blocks`, `judge::judge_attack`, `judge::with_attack` and
//! `judge::judge_block`, `Scenario::verdict_failures`, `engine::run_scenario`).
//!
//! Each case asserts what the README promises:
//! - no panic (the invariant checker is on, so a state the rules forbid is a panic too);
//! - every error about a scenario file has a kind and a line and column in the file (only
//!   errors reading the file as a whole may have none);
//! - every answer of the legality kernel stays within its work budget.
//!
//! Shared by the bounded suite in the normal tests (`tests/properties/fuzz.rs`) and the runner for long
//! runs (`cargo run --release --example fuzz -- --seconds N`). Cases are reproducible: a case is
//! its seed, a number.

#![allow(dead_code)]

use skirmish::ErrorKind;
use skirmish::FileError;
use skirmish::legality::{Budget, judge};
use skirmish::scenario::Scenario;
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// A small, fast, seedable generator (splitmix64): cases must replay from their seed on any
/// machine, which rules out the thread-seeded generators.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One of a list of fixed words.
    pub fn word(&mut self, words: &[&'static str]) -> &'static str {
        words[self.below(words.len())]
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The scenario files of the repository the mutations start from: the examples and the rule
/// scenarios (part of the project, so a fresh clone has them), sorted so that a seed means the
/// same case everywhere.
pub fn seeds() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["examples", "tests/scenarios"] {
        collect(&root.join(dir), &mut files);
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
            Some((name, text))
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

/// Numbers at the edges of every integer type a file or a card can carry, and some that no
/// integer type holds.
pub const EXTREMES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "99999999999999999999999",
    "1e309",
    "-0",
    "nan",
];

/// Card text and values a mutation may put in place of a string: sentences the compiler knows
/// (with extreme numbers), sentences it doesn't, and strings that are awkward as such.
const STRINGS: &[&str] = &[
    "Draw 4294967295 cards.",
    "Flying",
    "Defender",
    "Trample",
    "Deathtouch",
    "Lifelink",
    "First strike",
    "Double strike",
    "Vigilance",
    "Haste",
    "Bushido 4294967295",
    "Rampage 2147483647",
    "Flanking",
    "~ attacks each combat if able.",
    "~ blocks each combat if able.",
    "~ can't block.",
    "~ can't attack.",
    "All creatures able to block ~ do so.",
    "~ can't be blocked except by two or more creatures.",
    "~ can't be blocked except by 4294967295 or more creatures.",
    "No more than 4294967295 creatures can attack each combat.",
    "No more than 0 creatures can block each combat.",
    "Creatures can't attack you unless their controller pays {4294967295} for each creature.",
    "~ gets +2147483647/+2147483647 until end of turn.",
    "{T}: Add {G}.",
    "When ~ enters the battlefield, you gain 2147483647 life.",
    "Whenever ~ attacks, it deals 4294967295 damage to each creature.",
    "Prevent all combat damage that would be dealt this turn.",
    "This sentence is no card text anywhere.",
    "",
    " ",
    "Æther Vial ✓ — ∞",
    "\\u0000",
    "a, b = c -> d",
    "Grizzly Bears",
    "Alice",
    "Bob",
    "declare-attackers",
    "declare-blockers",
    "combat-damage",
    "end",
    "cleanup",
    "Creature — Bear",
    "Legendary Planeswalker — Garruk",
    "Instant",
    "2147483647/2147483647",
    "*/*",
    "{X}{X}{G}",
    "{4294967295}",
];

/// Keys of the scenario format, for mutations that rename or add keys.
const KEYS: &[&str] = &[
    "card",
    "controller",
    "owner",
    "label",
    "tapped",
    "attacking",
    "blocking",
    "damage",
    "counters",
    "life",
    "name",
    "text",
    "pt",
    "type",
    "cost",
    "loyalty",
    "hand",
    "library",
    "graveyard",
    "active",
    "step",
    "number",
    "defending",
    "declare",
    "legal",
    "rules",
    "cast",
    "attack",
    "block",
    "assign",
    "attached_to",
    "summoning_sick",
    "pool",
];

/// Byte ranges of the runs of ASCII digits in `text`.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of the bodies of the one-line double-quoted strings in `text`.
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let quotes: Vec<usize> = line
            .char_indices()
            .filter(|(_, c)| *c == '"')
            .map(|(i, _)| i)
            .collect();
        for pair in quotes.chunks_exact(2) {
            out.push((offset + pair[0] + 1, offset + pair[1]));
        }
        offset += line.len();
    }
    out
}

/// A string's body as a TOML basic string holds it.
fn escaped(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One to three mutations of a scenario file, as bytes. A mutation that breaks UTF-8 is the
/// last one: the others work on text.
pub fn mutate(rng: &mut Rng, text: &str) -> Vec<u8> {
    let mut text = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        match rng.below(11) {
            // A number at an extreme.
            0 | 1 => {
                let found = numbers(&text);
                if !found.is_empty() {
                    let (a, b) = *rng.pick(&found);
                    text.replace_range(a..b, rng.word(EXTREMES));
                }
            }
            // A string replaced: by another of the file's, a known value, or a long one.
            2 | 3 => {
                let found = strings(&text);
                if !found.is_empty() {
                    let (a, b) = *rng.pick(&found);
                    let by = match rng.below(4) {
                        0 => {
                            let (x, y) = *rng.pick(&found);
                            text[x..y].to_string()
                        }
                        1 => "x".repeat(1 + rng.below(20_000)),
                        _ => escaped(rng.word(STRINGS)),
                    };
                    text.replace_range(a..b, &by);
                }
            }
            // A line deleted, duplicated or moved.
            4 if !lines.is_empty() => {
                let k = rng.below(lines.len());
                text = lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != k)
                    .map(|(_, l)| *l)
                    .collect();
            }
            5 if !lines.is_empty() => {
                let k = rng.below(lines.len());
                let mut out: Vec<&str> = lines.clone();
                out.insert(k, lines[k]);
                text = out.concat();
            }
            6 if lines.len() > 1 => {
                let (x, y) = (rng.below(lines.len()), rng.below(lines.len()));
                let mut out: Vec<&str> = lines.clone();
                out.swap(x, y);
                text = out.concat();
            }
            // A key added, with a value of some type, after a line (often inside a table).
            7 => {
                let value = match rng.below(5) {
                    0 => rng.word(EXTREMES).to_string(),
                    1 => "true".to_string(),
                    2 => format!("[\"{}\"]", escaped(rng.word(STRINGS))),
                    3 => format!(
                        "{{ \"{}\" = {} }}",
                        rng.word(&["+1/+1", "-1/-1", "loyalty", "charge", "time"]),
                        rng.word(EXTREMES)
                    ),
                    _ => format!("\"{}\"", escaped(rng.word(STRINGS))),
                };
                // Counters go with their key, the rest with any.
                let key = if value.starts_with('{') && rng.chance(80) {
                    "counters"
                } else {
                    rng.word(KEYS)
                };
                let line = format!("{key} = {value}\n");
                let k = rng.below(lines.len() + 1);
                let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                out.insert(k, line);
                text = out.concat();
            }
            // A key renamed.
            8 => {
                let keyed: Vec<usize> = lines
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.contains(" = "))
                    .map(|(i, _)| i)
                    .collect();
                if !keyed.is_empty() {
                    let k = *rng.pick(&keyed);
                    let rest = &lines[k][lines[k].find(" = ").unwrap_or(0)..];
                    let renamed = format!("{}{rest}", rng.word(KEYS));
                    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                    out[k] = renamed;
                    text = out.concat();
                }
            }
            // Cut short anywhere, even inside a character.
            9 => {
                let mut b = text.clone().into_bytes();
                b.truncate(rng.below(b.len() + 1));
                match String::from_utf8(b) {
                    Ok(t) => text = t,
                    Err(e) => return e.into_bytes(),
                }
            }
            // A byte changed: the file may stop being UTF-8.
            _ => {
                let mut b = text.clone().into_bytes();
                if !b.is_empty() {
                    let at = rng.below(b.len());
                    b[at] = rng.next() as u8;
                }
                match String::from_utf8(b) {
                    Ok(t) => text = t,
                    Err(e) => return e.into_bytes(),
                }
            }
        }
    }
    text.into_bytes()
}

/// A declaration of attackers or blockers made of the file's names and labels, in the
/// declaration syntax or not quite.
pub fn declaration(rng: &mut Rng, text: &str, blocks: bool) -> String {
    let mut names: Vec<String> = strings(text)
        .into_iter()
        .map(|(a, b)| text[a..b].to_string())
        .filter(|s| s.len() < 60)
        .collect();
    names.extend(["Alice", "Bob", "Nobody", "", " "].map(String::from));
    let mut out = String::new();
    for k in 0..rng.below(5) {
        if k > 0 {
            out.push_str(if rng.chance(90) { ", " } else { ",," });
        }
        out.push_str(rng.pick(&names).as_str());
        if blocks || rng.chance(20) {
            out.push_str(if blocks { "=" } else { "->" });
            out.push_str(rng.pick(&names).as_str());
        }
    }
    if rng.chance(5) {
        out.push_str(rng.word(&["->", "=", ",", " -> ->", "\u{0}", "é"]));
    }
    out
}

/// What a case found wrong.
#[derive(Debug)]
pub enum Finding {
    Panic(String),
    /// An error about a scenario's text without a line and column.
    NoLocation(String),
    /// The case's file couldn't be written (the harness's own trouble, not Skirmish's).
    Unwritable(String),
    /// A question that used more work than its budget allows.
    OverBudget {
        question: &'static str,
        used: u64,
        limit: u64,
    },
}

/// What a case did, for the runner's statistics.
#[derive(Debug, Default, Clone, Copy)]
pub struct Outcome {
    pub loaded: bool,
    pub questions: u32,
}

thread_local! {
    /// Inside `guarded`: panics are findings, kept here instead of printed.
    static GUARDED: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Installs (once per process) a panic hook that keeps the message of a panic inside
/// `guarded` for its finding, and leaves every other panic (a failing assertion) to the hook
/// that was there before.
fn keep_guarded_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let guarded = GUARDED.with(|g| g.borrow().is_some());
            if !guarded {
                return before(info);
            }
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            GUARDED.with(|g| *g.borrow_mut() = Some(Some(format!("{what}{at}"))));
        }));
    });
}

/// The work budget each question gets: enough for every seed board, small enough that a case
/// stays fast.
pub const BUDGET: u64 = 200_000;

/// Runs case `seed`: a mutation of one of `seeds`, written to `dir`, loaded and questioned.
pub fn case(
    seeds: &[(String, String)],
    seed: u64,
    dir: &Path,
) -> (String, Vec<u8>, Result<Outcome, Finding>) {
    let mut rng = Rng::new(seed);
    let (name, text) = rng.pick(seeds);
    let bytes = if rng.chance(3) {
        text.clone().into_bytes()
    } else {
        mutate(&mut rng, text)
    };
    let attack = declaration(&mut rng, text, false);
    let block = declaration(&mut rng, text, true);
    let path = dir.join(format!("case-{seed}.toml"));
    let result = std::fs::write(&path, &bytes)
        .map_err(|e| Finding::Unwritable(e.to_string()))
        .and_then(|()| run(&path, &attack, &block));
    let _ = std::fs::remove_file(&path);
    (name.clone(), bytes, result)
}

/// Loads the file and asks every question the CLI can, catching panics.
pub fn run(path: &Path, attack: &str, block: &str) -> Result<Outcome, Finding> {
    guarded(|| questions(path, attack, block))
}

/// Runs `f`, turning a panic into a finding with its message and place.
pub fn guarded(f: impl FnOnce() -> Result<Outcome, Finding>) -> Result<Outcome, Finding> {
    keep_guarded_panics();
    GUARDED.with(|g| *g.borrow_mut() = Some(None));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = GUARDED.with(|g| g.borrow_mut().take()).flatten();
    match result {
        Ok(r) => r,
        Err(_) => Err(Finding::Panic(
            message.unwrap_or_else(|| "a panic".to_string()),
        )),
    }
}

/// An error about a scenario file must say where in it (only reading it may fail as a whole).
pub fn located(e: &FileError) -> Result<(), Finding> {
    if e.line == 0 && e.kind != ErrorKind::Io {
        return Err(Finding::NoLocation(format!("{:?}: {}", e.kind, e.message)));
    }
    Ok(())
}

/// Asks `ask` with a fresh budget; it says whether it decided. A question answered (not
/// "undecided") must have stayed within its budget; one that ran out must say so instead of
/// answering.
fn ask(question: &'static str, ask: impl FnOnce(&mut Budget) -> bool) -> Result<(), Finding> {
    let mut b = Budget::new(BUDGET);
    if ask(&mut b) && b.used > b.limit {
        return Err(Finding::OverBudget {
            question,
            used: b.used,
            limit: b.limit,
        });
    }
    Ok(())
}

fn questions(path: &Path, attack: &str, block: &str) -> Result<Outcome, Finding> {
    let scenario = match Scenario::load(path) {
        Ok(s) => s,
        Err(e) => {
            located(&e)?;
            return Ok(Outcome::default());
        }
    };
    let game = &scenario.game;
    let mut out = Outcome {
        loaded: true,
        questions: 0,
    };
    let judged = |j: Result<judge::Judgement, judge::JudgeError>| {
        j.map_or(true, |j| j.verdict != "undecided")
    };
    ask("attacks", |b| {
        !matches!(judge::attacks(game, false, b), Ok(Err(_)))
    })?;
    ask("blocks", |b| {
        !matches!(judge::blocks(game, None, false, b), Ok(Err(_)))
    })?;
    ask("check --attack", |b| {
        judged(judge::judge_attack(game, attack, b))
    })?;
    ask("check --block", |b| {
        judged(judge::judge_block(game, block, None, b))
    })?;
    out.questions += 4;
    if let Ok(attacked) = judge::with_attack(game, attack) {
        ask("check --attack --block", |b| {
            judged(judge::judge_block(&attacked, block, None, b))
        })?;
        ask("blocks --attack", |b| {
            !matches!(judge::blocks(&attacked, None, false, b), Ok(Err(_)))
        })?;
        out.questions += 2;
    }
    let _ = scenario.verdict_failures(&mut Budget::new(BUDGET));
    let _ = skirmish::engine::run_scenario(&scenario);
    out.questions += 2;
    Ok(out)
}
