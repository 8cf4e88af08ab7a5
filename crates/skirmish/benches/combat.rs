//! Whole combats per second: declare attackers and blockers (the automatic agent's optimal
//! declarations), combat damage on the stack, resolution, end of combat and the rest of the turn
//! through cleanup, under the 2009 rules and the current ones. `cargo bench -p skirmish --bench
//! combat`.

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
        // The same boards under the current rules (damage without the stack, static deathtouch
        // and lifelink, every event cited in the current numbers): the ratio to the 2009 run is
        // the cost of the second edition.
        let current: Vec<_> = games
            .iter()
            .cloned()
            .map(|mut g| {
                g.rules = skirmish::edition::Rules::CURRENT;
                g
            })
            .collect();
        for (name, games) in [
            ("turn-from-declare-attackers", &games),
            ("turn-from-declare-attackers-current-rules", &current),
        ] {
            g.bench_with_input(BenchmarkId::new(name, n), games, |b, games| {
                let mut i = 0;
                b.iter(|| {
                    let mut agent = Automatic;
                    let game = games[i % games.len()].clone();
                    i += 1;
                    black_box(Engine::new(game, &mut agent).run().ok())
                })
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
    targets = combats
}
criterion_main!(benches);
