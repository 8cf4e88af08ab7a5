//! A bounded run of the fuzz harness (issue 13; `tests/common/fuzz.rs` says what a case is and
//! what it asserts). Long runs: `cargo run --release --example fuzz -- --seconds N`.

use crate::common;

use common::fuzz;

/// Cases per run of the test suite: a few seconds in the test profile. The seeds are fixed, so a
/// failure replays with `cargo run --example fuzz -- --seed N --cases 1`.
const CASES: u64 = 2_000;

#[test]
fn mutated_scenarios_and_declarations_never_panic_lose_their_location_or_overrun_the_budget() {
    let seeds = fuzz::seeds();
    assert!(
        seeds.len() >= 50,
        "the examples and rule scenarios are the fuzz seeds; found {}",
        seeds.len()
    );
    let dir = std::env::temp_dir().join(format!("skirmish-fuzz-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut findings = Vec::new();
    let mut loaded = 0;
    let mut questions = 0;
    for seed in 0..CASES {
        let (name, _, result) = fuzz::case(&seeds, seed, &dir);
        match result {
            Ok(o) => {
                loaded += u64::from(o.loaded);
                questions += u64::from(o.questions);
            }
            Err(f) => findings.push(format!("seed {seed} (from {name}): {f:?}")),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(findings.is_empty(), "{}", findings.join("\n"));
    // The cases must reach the kernel and the engine, not only the loader's errors.
    assert!(
        loaded >= CASES / 10,
        "only {loaded} of {CASES} mutated scenarios loaded"
    );
    assert!(questions >= 4 * loaded);
}

#[test]
fn the_harness_catches_panics_and_errors_without_location() {
    let caught = fuzz::guarded(|| panic!("boom"));
    assert!(
        matches!(&caught, Err(fuzz::Finding::Panic(m)) if m.contains("boom") && m.contains("fuzz.rs")),
        "{caught:?}"
    );
    let whole = skirmish::FileError::whole_file(
        skirmish::ErrorKind::WrongValue,
        "x.toml",
        "no creatures are attacking",
        "",
    );
    assert!(matches!(
        fuzz::located(&whole),
        Err(fuzz::Finding::NoLocation(_))
    ));
    let dir = std::env::temp_dir().join(format!("skirmish-fuzz-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A path that can't be read is an I/O error, which may be about the whole file.
    assert!(fuzz::run(&dir.join("missing.toml"), "", "").is_ok());
    // A file that isn't TOML is located.
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[turn\n").unwrap();
    assert!(fuzz::run(&bad, "", "").is_ok());
    // The same seed gives the same case.
    let seeds = fuzz::seeds();
    let (a, bytes_a, _) = fuzz::case(&seeds, 7, &dir);
    let (b, bytes_b, _) = fuzz::case(&seeds, 7, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((a, bytes_a), (b, bytes_b));
}
