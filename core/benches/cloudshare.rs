//! Criterion benchmark of a CloudShare run: exact Shapley values over 10 organizations on the
//! first day of the LCG log (1,023 coalition simulations of ~34,000 unit pieces; the standard
//! workload of `cloudecon bench`). Built with the default features, so the coalition
//! simulations run on every core (rayon) as in the runner. `cloudshare_formula`: the same day
//! under DirectContr alone, built in (`orig_direct`) against written as a priority formula
//! (`contribution - utility` under ψ_sp; issue 22's target: within 3×).

use cloudecon::cloudshare::algorithm::{Algorithm, AlgorithmSpec, FormulaSpec};
use cloudecon::cloudshare::utility::Psi;
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

fn cloudshare_formula(c: &mut Criterion) {
    let mut group = c.benchmark_group("cloudshare_formula");
    group.sample_size(10);
    let doc = presets::workloads().into_iter().next().expect("the LCG day").document();
    let formula = FormulaSpec { name: "direct".into(), psi: Psi::Sp, priority: "contribution - utility".into() };
    for (name, algorithm) in
        [("orig_direct", AlgorithmSpec::Builtin(Algorithm::OrigDirect)), ("formula", AlgorithmSpec::Formula(formula))]
    {
        let mut spec = doc.spec.clone();
        spec.algorithms = Some(vec![algorithm]);
        group.bench_function(name, |b| {
            b.iter(|| CloudShare::finish(run_to_end(CloudShare::start(spec.clone(), doc.seed))).expect("runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, cloudshare, cloudshare_formula);
criterion_main!(benches);
