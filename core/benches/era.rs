//! Criterion benchmarks of ERA runs: Basic-Econ on ~10,000 bids × 1,440 slots with an explicit
//! predictor of 4 demand points a slot, and the LP predictor over ~1,000 historical requests on a
//! 168-slot horizon followed by ~1,000 bids (the standard workloads of `cloudecon bench`).

use cloudecon::era::{presets, Era};
use cloudecon::sim::run_to_end;
use cloudecon::Mechanism;
use criterion::{criterion_group, criterion_main, Criterion};

fn era(c: &mut Criterion) {
    let mut group = c.benchmark_group("era");
    group.sample_size(10);
    for (name, doc) in
        [("basic_econ_10k_1440", presets::workload_10k()), ("lp_history_1000_168", presets::workload_lp())]
    {
        group.bench_function(name, |b| {
            b.iter(|| run_to_end(Era::start(doc.spec.clone(), doc.seed)).expect("the workload runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, era);
criterion_main!(benches);
