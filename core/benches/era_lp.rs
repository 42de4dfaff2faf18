//! Criterion benchmark of the LP behind ERA's `lp_history` predictor: 1,000 random requests on a
//! 168-slot horizon (windows of 1–48 slots, 1–20 units, duration ≤ window), capacity 100.

use cloudecon::era::lp::{solve, LpJob};
use cloudecon::sim::seeded_rng;
use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::Rng as _;

const HORIZON: u32 = 168;

fn requests(count: usize, seed: u64) -> Vec<LpJob> {
    let mut rng = seeded_rng(seed);
    let mut below = |n: u32| rng.next_u32() % n;
    (0..count)
        .map(|_| {
            let window = 1 + below(48);
            let arrival = below(HORIZON - window + 1);
            let duration = 1 + below(window);
            let units = 1 + below(20);
            let value = f64::from(units * duration) * f64::from(1 + below(100)) / 10.0;
            LpJob { units: f64::from(units), duration, value, arrival, deadline: arrival + window }
        })
        .collect()
}

fn era_lp(c: &mut Criterion) {
    let capacity = vec![100.0; HORIZON as usize];
    let mut group = c.benchmark_group("era_lp");
    group.sample_size(10);
    for count in [100, 1_000] {
        let jobs = requests(count, 2017);
        let vars: u32 = jobs.iter().map(|j| j.deadline - j.arrival).sum();
        group.bench_function(format!("{count} requests x {HORIZON} slots ({vars} variables)"), |b| {
            b.iter(|| solve(&jobs, &capacity).expect("the benchmark LP solves"))
        });
    }
    group.finish();
}

criterion_group!(benches, era_lp);
criterion_main!(benches);
