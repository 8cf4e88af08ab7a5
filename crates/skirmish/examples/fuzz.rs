//! The fuzz harness for long runs (issue 13): mutated scenario files, card text and declaration
//! strings through the library calls the CLI makes, with the invariant checker on. What a case
//! asserts is in `tests/common/fuzz.rs`; the test suite runs a bounded number of cases.
//!
//! ```sh
//! cargo run --profile fuzz --example fuzz -- --seconds 600          # from seed 0 on
//! cargo run --profile fuzz --example fuzz -- --seed 123456 --cases 1 # replay one case
//! ```
//!
//! The `fuzz` profile is the release profile with overflow checks, so that arithmetic wrapping
//! around is a finding; `--release` runs too, faster, but can't see wraparound (it says so).
//!
//! Each finding is printed with its seed, and the case's file is kept in the output folder
//! (`--keep DIR`, by default a folder in the system's temporary directory). Cases slower than
//! a second are reported too, as possible hangs. Exit code 1 when anything was found.

#[path = "../tests/common/fuzz.rs"]
mod fuzz;

use std::time::{Duration, Instant};

fn main() {
    let mut seconds: Option<u64> = None;
    let mut cases: Option<u64> = None;
    let mut seed = 0u64;
    let mut keep = std::env::temp_dir().join("skirmish-fuzz");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .unwrap_or_else(|_| usage(&format!("{name} takes a whole number, not {v:?}")))
        };
        match a.as_str() {
            "--seconds" => seconds = Some(number("--seconds", value("--seconds"))),
            "--cases" => cases = Some(number("--cases", value("--cases"))),
            "--seed" => seed = number("--seed", value("--seed")),
            "--keep" => keep = value("--keep").into(),
            other => usage(&format!("unknown argument {other:?}")),
        }
    }
    let seconds = match (seconds, cases) {
        (None, None) => Some(60),
        (s, _) => s,
    };
    skirmish::invariants::set_checking(true);
    if !overflow_checked() {
        eprintln!(
            "fuzz: arithmetic overflow isn't checked in this build, so wraparound goes unseen; \
             run with --profile fuzz to see it"
        );
    }
    let seeds = fuzz::seeds();
    if seeds.is_empty() {
        usage("no seed scenarios found (run from a checkout of the project)");
    }
    std::fs::create_dir_all(&keep).unwrap_or_else(|e| usage(&format!("{}: {e}", keep.display())));
    let start = Instant::now();
    let (mut run, mut loaded, mut questions, mut found) = (0u64, 0u64, 0u64, 0u64);
    let mut slowest = (Duration::ZERO, 0u64);
    let mut next_report = 10u64;
    loop {
        if cases.is_some_and(|c| run >= c)
            || seconds.is_some_and(|s| start.elapsed() >= Duration::from_secs(s))
        {
            break;
        }
        let case_seed = seed + run;
        let t = Instant::now();
        let (name, bytes, result) = fuzz::case(&seeds, case_seed, &keep);
        let took = t.elapsed();
        run += 1;
        if took > slowest.0 {
            slowest = (took, case_seed);
        }
        let problem = match result {
            Ok(o) => {
                loaded += u64::from(o.loaded);
                questions += u64::from(o.questions);
                (took > Duration::from_secs(1)).then(|| format!("slow: {took:?}"))
            }
            Err(f) => Some(format!("{f:?}")),
        };
        if let Some(p) = problem {
            found += 1;
            let file = keep.join(format!("finding-{case_seed}.toml"));
            let _ = std::fs::write(&file, &bytes);
            println!(
                "seed {case_seed} (from {name}; case kept in {}): {p}",
                file.display()
            );
        }
        if start.elapsed() >= Duration::from_secs(next_report) {
            eprintln!("{run} cases, {found} findings, {:?}", start.elapsed());
            next_report *= 2;
        }
    }
    println!(
        "{run} cases (seeds {seed}..{}) in {:.1?}: {loaded} loaded, {questions} questions asked, {found} findings; slowest case {:?} (seed {})",
        seed + run,
        start.elapsed(),
        slowest.0,
        slowest.1
    );
    std::process::exit(i32::from(found > 0));
}

/// Whether this build panics on arithmetic overflow.
fn overflow_checked() -> bool {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let max = std::hint::black_box(u8::MAX);
    let checked = std::panic::catch_unwind(move || max + std::hint::black_box(1)).is_err();
    std::panic::set_hook(before);
    checked
}

fn usage(why: &str) -> ! {
    eprintln!(
        "fuzz: {why}\nusage: cargo run --release --example fuzz -- [--seconds N] [--cases N] [--seed N] [--keep DIR]"
    );
    std::process::exit(2)
}
