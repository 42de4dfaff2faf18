//! Criterion benchmarks of the exact Shapley calculator (the standard workloads of `cloudecon bench`).

use cloudecon::bench::standard_workloads;
use cloudecon::runner::start;
use cloudecon::sim::run_to_end;
use criterion::{criterion_group, criterion_main, Criterion};

fn shapley(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapley");
    group.sample_size(20);
    for w in standard_workloads().into_iter().filter(|w| w.name.starts_with("shapley")) {
        let scenario = w.scenario();
        group
            .bench_function(w.name, |b| b.iter(|| run_to_end(start(&scenario).expect("standard workloads are valid"))));
    }
    group.finish();
}

criterion_group!(benches, shapley);
criterion_main!(benches);
