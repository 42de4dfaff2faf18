//! Criterion benchmarks of the Abacus auction (Algorithms 1–2) at the paper's largest size and
//! at 10,000 × 16, linear and log utilities, default tolerance (1e-10).

use cloudecon::abacus::{presets, run_auction, AbacusScenario, UtilityKind};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn setting(n: usize, m: usize, kind: UtilityKind) -> AbacusScenario {
    AbacusScenario { trace: false, ..presets::convergence(n, m, kind, 1).spec }
}

fn auction(c: &mut Criterion) {
    let mut group = c.benchmark_group("abacus_auction");
    group.sample_size(20);
    for (n, m) in [(128, 4), (10_000, 16)] {
        for kind in [UtilityKind::Linear, UtilityKind::Log] {
            let s = setting(n, m, kind);
            let bids = s.bids();
            let params = s.params();
            group.bench_with_input(
                BenchmarkId::new(format!("{kind:?}").to_lowercase(), format!("{n}x{m}")),
                &bids,
                |b, bids| b.iter(|| run_auction(bids, m, params)),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, auction);
criterion_main!(benches);
