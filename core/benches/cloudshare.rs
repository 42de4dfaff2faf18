//! Criterion benchmark of a CloudShare run: exact Shapley values over 10 organizations on the
//! first day of the LCG log (1,023 coalition simulations of ~34,000 unit pieces; the standard
//! workload of `cloudecon bench`). Built with the default features, so the coalition
//! simulations run on every core (rayon) as in the runner.

use cloudecon::cloudshare::{presets, CloudShare};
use cloudecon::sim::run_to_end;
use cloudecon::Mechanism;
use criterion::{criterion_group, criterion_main, Criterion};

fn cloudshare(c: &mut Criterion) {
    let mut group = c.benchmark_group("cloudshare");
    group.sample_size(10);
    for w in presets::workloads() {
        let doc = w.document();
        group.bench_function(w.name, |b| {
            b.iter(|| CloudShare::finish(run_to_end(CloudShare::start(doc.spec.clone(), doc.seed))).expect("runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, cloudshare);
criterion_main!(benches);
