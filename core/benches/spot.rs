//! Criterion benchmarks of spot runs: the target, 408 policies × 20,000 generated jobs
//! (experiment 1's setting), and the real-data preset (504 policies × 20,000 log jobs, EC2
//! prices) — the standard workloads of `cloudecon bench`.

use cloudecon::sim::run_to_end;
use cloudecon::spot::{presets, Spot};
use cloudecon::Mechanism;
use criterion::{criterion_group, criterion_main, Criterion};

fn spot(c: &mut Criterion) {
    let mut group = c.benchmark_group("spot");
    group.sample_size(10);
    for w in presets::workloads() {
        let doc = w.document();
        group.bench_function(w.name, |b| {
            b.iter(|| run_to_end(Spot::start(doc.spec.clone(), doc.seed)).expect("the workload runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, spot);
criterion_main!(benches);
