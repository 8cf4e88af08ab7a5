//! Whole combats per second: declare attackers and blockers (the automatic agent's optimal
//! declarations), combat damage on the stack, resolution, end of combat and the rest of the turn
//! through cleanup. `cargo bench -p skirmish --bench combat`.

#[path = "common/boards.rs"]
mod boards;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use skirmish::engine::{Automatic, Engine};
use std::hint::black_box;
use std::time::Duration;

fn combats(c: &mut Criterion) {
    let mut g = c.benchmark_group("combat");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for &n in &[4usize, 8, 16] {
        let games: Vec<_> = (0..16)
            .map(|seed| boards::realistic(seed + 100 * n as u64, n, false))
            .collect();
        g.bench_with_input(
            BenchmarkId::new("turn-from-declare-attackers", n),
            &games,
            |b, games| {
                let mut i = 0;
                b.iter(|| {
                    let mut agent = Automatic;
                    let game = games[i % games.len()].clone();
                    i += 1;
                    black_box(Engine::new(game, &mut agent).run().ok())
                })
            },
        );
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
    targets = combats
}
criterion_main!(benches);
