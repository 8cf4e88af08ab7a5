//! How fast the legality kernel decides, against the SAT oracle and the brute-force reference
//! measured in the same run. `cargo bench -p skirmish --bench legality`; figures in
//! docs/performance.md.

#[path = "common/boards.rs"]
mod boards;
#[path = "../tests/common/sat.rs"]
#[allow(dead_code)]
mod sat;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use skirmish::legality::build::{attack_problem, block_problem};
use skirmish::legality::reference::Reference;
use skirmish::legality::{Backend, BlockSolver, Budget, Legality};
use std::hint::black_box;
use std::time::Duration;

fn realistic(c: &mut Criterion) {
    let mut g = c.benchmark_group("realistic-blocks");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for &n in &[3usize, 8, 14, 20] {
        // The first seed whose board has attackers.
        let p = (0..)
            .find_map(|seed| {
                block_problem(&boards::realistic(seed * 7 + n as u64, n, true))
                    .ok()
                    .filter(|p| !p.attackers.is_empty() && !p.blockers.is_empty())
            })
            .expect("some board has a combat");
        let decl = p.none();
        g.bench_with_input(BenchmarkId::new("check/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.check(&decl, &mut Budget::default())))
        });
        g.bench_with_input(BenchmarkId::new("check/sat", n), &p, |b, p| {
            b.iter(|| black_box(sat::block_maximum(p).0))
        });
        g.bench_with_input(BenchmarkId::new("optimum/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.optimum(&mut Budget::default()).ok()))
        });
        g.bench_with_input(BenchmarkId::new("count/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.count(&mut Budget::new(2_000_000)).ok()))
        });
        if p.blockers.len() <= 3 && p.attackers.len() <= 3 {
            g.bench_with_input(BenchmarkId::new("check/brute", n), &p, |b, p| {
                b.iter(|| black_box(Reference(p).check(&decl, &mut Budget::default())))
            });
        }
    }
    g.finish();

    let mut g = c.benchmark_group("realistic-attacks");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for &n in &[3usize, 8, 14, 20] {
        let p = attack_problem(&boards::realistic(n as u64, n, false)).unwrap();
        let decl = p.none();
        g.bench_with_input(BenchmarkId::new("check/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.check(&decl, &mut Budget::default())))
        });
        g.bench_with_input(BenchmarkId::new("check/sat", n), &p, |b, p| {
            b.iter(|| black_box(sat::attack_maximum_unpaid(p)))
        });
        g.bench_with_input(BenchmarkId::new("count/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.count(&mut Budget::default()).ok()))
        });
        if n <= 8 {
            g.bench_with_input(BenchmarkId::new("check/brute", n), &p, |b, p| {
                b.iter(|| black_box(Reference(p).check(&decl, &mut Budget::default())))
            });
        }
    }
    g.finish();
}

fn armies(c: &mut Criterion) {
    let mut g = c.benchmark_group("token-armies");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    let army = block_problem(&boards::token_army()).unwrap();
    let none = army.none();
    g.bench_function("70-tokens/check/kernel", |b| {
        b.iter(|| black_box(army.check(&none, &mut Budget::default())))
    });
    g.bench_function("70-tokens/optimum/kernel", |b| {
        b.iter(|| black_box(army.optimum(&mut Budget::default()).ok()))
    });
    g.bench_function("70-tokens/count/kernel", |b| {
        b.iter(|| black_box(army.count(&mut Budget::default()).ok()))
    });
    g.bench_function("70-tokens/check/sat", |b| {
        b.iter(|| black_box(sat::block_maximum(&army).0))
    });
    for &n in &[100usize, 500] {
        let p = block_problem(&boards::big_army(n)).unwrap();
        let none = p.none();
        g.bench_with_input(BenchmarkId::new("army/check/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.check(&none, &mut Budget::default())))
        });
        g.bench_with_input(BenchmarkId::new("army/optimum/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.optimum(&mut Budget::default()).ok()))
        });
        g.bench_with_input(BenchmarkId::new("army/count/kernel", n), &p, |b, p| {
            b.iter(|| black_box(p.count(&mut Budget::default()).ok()))
        });
        if n <= 100 {
            g.bench_with_input(BenchmarkId::new("army/check/sat", n), &p, |b, p| {
                b.iter(|| black_box(sat::block_maximum(p).0))
            });
        }
    }
    g.finish();
}

fn adversarial(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact-cover");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    // The default budget: what a user's question gets.
    let budget = Budget::default;
    for planted in [true, false] {
        let family = if planted { "planted" } else { "no-cover" };
        for &m in &[4usize, 6, 8, 10, 12, 15, 18] {
            let p = block_problem(&boards::exact_cover(m as u64, m, 3 * m, planted)).unwrap();
            let none = p.none();
            let verdict = p.check(&none, &mut budget());
            let sat_max = sat::block_maximum(&p).0;
            eprintln!(
                "exact-cover {family} m={m}: {} blockers, {} attackers; kernel on no blocks: {}; SAT maximum {sat_max}",
                p.blockers.len(),
                p.attackers.len(),
                match &verdict {
                    skirmish::legality::Verdict::TooFewRequirements { maximum, .. } =>
                        format!("illegal, maximum {maximum}"),
                    skirmish::legality::Verdict::Legal { maximum, .. } =>
                        format!("legal, maximum {maximum}"),
                    skirmish::legality::Verdict::Undecided { .. } =>
                        "undecided within the budget".into(),
                    other => format!("{other:?}"),
                }
            );
            g.bench_with_input(
                BenchmarkId::new(format!("{family}/check/kernel"), m),
                &p,
                |b, p| b.iter(|| black_box(p.check(&none, &mut budget()))),
            );
            // Clause learning alone, without branch and bound's first try.
            let sat_only = BlockSolver::new(&p, Backend::Sat);
            g.bench_with_input(
                BenchmarkId::new(format!("{family}/check/kernel-sat-only"), m),
                &p,
                |b, _| b.iter(|| black_box(sat_only.check(&none, &mut budget()))),
            );
            g.bench_with_input(
                BenchmarkId::new(format!("{family}/check/sat"), m),
                &p,
                |b, p| b.iter(|| black_box(sat::block_maximum(p).0)),
            );
        }
    }
    g.finish();
}

/// The whole path a user takes on a big board: from the scenario text (parse, validate, build
/// the problem, decide), from a loaded game (build and decide), and the decision alone, side by
/// side in one run so their ratios mean something on a noisy machine; the SAT oracle on the
/// same problem where it finishes in seconds.
fn whole_path(c: &mut Criterion) {
    let mut g = c.benchmark_group("whole-path");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    for &n in &[100usize, 300, 500] {
        let text = boards::big_army_text(n);
        g.bench_with_input(BenchmarkId::new("from-text/check", n), &text, |b, text| {
            b.iter(|| {
                let game = boards::load(text);
                let p = block_problem(&game).unwrap();
                black_box(p.check(&p.none(), &mut Budget::default()))
            })
        });
        let game = boards::big_army(n);
        g.bench_with_input(BenchmarkId::new("from-game/check", n), &game, |b, game| {
            b.iter(|| {
                let p = block_problem(game).unwrap();
                black_box(p.check(&p.none(), &mut Budget::default()))
            })
        });
        let p = block_problem(&game).unwrap();
        let none = p.none();
        g.bench_with_input(BenchmarkId::new("solve-only/check", n), &p, |b, p| {
            b.iter(|| black_box(p.check(&none, &mut Budget::default())))
        });
        // The SAT oracle on the same built problem, in the same run (seconds from 300 on).
        if n <= 100 {
            g.bench_with_input(BenchmarkId::new("solve-only/check-sat", n), &p, |b, p| {
                b.iter(|| black_box(sat::block_maximum(p).0))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    // Cargo builds benchmarks with the test suite's features: measure a release build's work,
    // without the invariant checks after every state change.
    config = {
        skirmish::invariants::set_checking(false);
        Criterion::default().without_plots()
    };
    targets = realistic, armies, adversarial, whole_path
}
criterion_main!(benches);
