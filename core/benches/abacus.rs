//! Criterion benchmarks of the Abacus auction (Algorithms 1–2) at the paper's largest size and
//! at 10,000 × 16, linear and log utilities, default tolerance (1e-10); and of the scheduler on
//! the overloaded workload of issue 23 (`abacus-overload.json`, one user arriving 3 times a
//! second) cut to 200 s of arrivals, its auctions warm-started and, for comparison, cold.

use cloudecon::abacus::auction::Start;
use cloudecon::abacus::{presets, run_auction, AbacusScenario, UtilityKind};
use cloudecon::{MechanismSpec, Scenario};
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
            let bids = s.bids().expect("the paper's forms build");
            let params = s.params();
            group.bench_with_input(
                BenchmarkId::new(format!("{kind:?}").to_lowercase(), format!("{n}x{m}")),
                &bids,
                |b, bids| b.iter(|| run_auction(bids, m, params)),
            );
        }
        // The linear utility written as a formula (issue 22's 3× target): the same auction.
        let mut s = setting(n, m, UtilityKind::Linear);
        let names = cloudecon::abacus::utility::share_names(&s.names());
        for j in &mut s.jobs {
            j.utility = cloudecon::abacus::UtilitySpec::formula(j.utility.as_formula(&names));
        }
        let bids = s.bids().expect("the formulas compile");
        let params = s.params();
        group.bench_with_input(BenchmarkId::new("linear_as_formula", format!("{n}x{m}")), &bids, |b, bids| {
            b.iter(|| run_auction(bids, m, params))
        });
    }
    group.finish();
}

fn schedule(c: &mut Criterion) {
    let Ok(Scenario { spec: MechanismSpec::Abacus(mut s), seed, .. }) =
        Scenario::from_json(include_str!("abacus-overload.json"))
    else {
        panic!("abacus-overload.json is an abacus scenario")
    };
    let Some(schedule) = s.schedule.as_mut() else { panic!("abacus-overload.json has a schedule") };
    schedule.horizon = 200.0;
    let (schedule, units, names, params) = (schedule.clone(), s.units(), s.names(), s.params());
    let mut group = c.benchmark_group("abacus_schedule_overload_200s");
    group.sample_size(10);
    for (name, start) in [("warm", Start::Warm), ("cold", Start::Cold)] {
        group.bench_function(name, |b| {
            b.iter(|| cloudecon::sim::run_to_end(schedule.job_starting(&units, &names, params, seed, start)))
        });
    }
    group.finish();
}

criterion_group!(benches, auction, schedule);
criterion_main!(benches);
