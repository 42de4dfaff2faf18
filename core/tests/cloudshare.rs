//! CloudShare's mathematics as properties: the total wait of unit pieces does not depend on the
//! algorithm, the Shapley axioms on coalition values, work conservation, the federation block,
//! Monte-Carlo coverage; and the paper's example worked by hand.

mod common;

use cloudecon::cloudshare::algorithm::Algorithm;
use cloudecon::cloudshare::model::{Federation, Leave, Org, Piece, Workload};
use cloudecon::cloudshare::utility::{Psi, Quad};
use cloudecon::cloudshare::workload::{pieces, zipf_counts};
use cloudecon::cloudshare::{presets, CloudShare, CloudShareResult, CloudShareScenario};
use cloudecon::sim::run_to_end;
use cloudecon::Mechanism;
use common::close;
use proptest::prelude::*;
use serde_json::json;

fn run(spec: &CloudShareScenario, seed: u64) -> CloudShareResult {
    let mut problems = cloudecon::error::Problems::new();
    spec.validate(&mut problems);
    problems.into_result().expect("valid");
    CloudShare::finish(run_to_end(CloudShare::start(spec.clone(), seed))).expect("runs")
}

fn scenario(v: serde_json::Value) -> CloudShareScenario {
    serde_json::from_value(v).expect("parses")
}

/// A random federation: `procs` processors per organization, jobs (org, release, duration, cores).
fn workload(procs: &[u32], jobs: &[(usize, u64, u64, u32)], split: bool) -> Workload {
    let orgs =
        procs.iter().enumerate().map(|(i, &k)| Org { name: format!("O{i}"), machines: vec![1; k as usize] }).collect();
    let raw: Vec<_> = jobs.iter().map(|&(o, r, d, c)| (o, r, d, c, false)).collect();
    Workload { orgs, pieces: pieces(&raw, split).unwrap(), split }
}

/// Processors per organization, and jobs (org, release, duration, cores).
type Federated = (Vec<u32>, Vec<(usize, u64, u64, u32)>);

fn federation_strategy() -> impl Strategy<Value = Federated> {
    (2usize..5).prop_flat_map(|n| {
        (prop::collection::vec(1u32..4, n), prop::collection::vec((0..n, 0u64..12, 1u64..4, 1u32..3), 1..25))
    })
}

#[test]
fn the_papers_example_worked_by_hand() {
    // DirectContr: at 4 the priorities tie (every job ran at home), A3 keeps A's machine, B1 takes
    // B's, B2 waits for B1 (3 units). FairShare gives both machines to B: A3 waits 3, A4 1, A5 1.
    let r = run(&presets::toy().spec, 0);
    let wait = |alg: &str| r.algorithms.iter().find(|a| a.algorithm == alg).unwrap().wait.clone();
    for alg in ["orig_direct", "rel_direct", "simpl_direct"] {
        assert_eq!(wait(alg), vec![0.0, 3.0], "{alg}");
    }
    assert_eq!(wait("fair_share"), vec![5.0, 0.0]);
    let fs = r.algorithms.iter().find(|a| a.algorithm == "fair_share").unwrap();
    let b_on_a = fs.schedule.as_ref().unwrap().iter().find(|e| e.org == "B" && e.processor_org == "A").unwrap();
    assert_eq!(b_on_a.start, 4, "FairShare starts a job of B on A's machine at 4");
    // Alone, A waits 0 and B waits 3: DirectContr's waits are exactly the Shapley values.
    assert_eq!(r.shapley, vec![0.0, 3.0]);
    assert_eq!(r.algorithms[0].unfairness, 0.0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn with_unit_pieces_the_total_wait_is_the_same_under_every_algorithm((procs, jobs) in federation_strategy()) {
        let w = workload(&procs, &jobs, true);
        let all = (1u64 << procs.len()) - 1;
        for mask in 1..=all {
            let totals: Vec<u64> = Algorithm::ALL.iter().map(|a| a.simulate(&w, mask, None, 0, false).total_wait()).collect();
            prop_assert!(totals.iter().all(|&t| t == totals[0]), "mask {mask}: {totals:?}");
        }
    }

    #[test]
    fn no_machine_idles_while_a_piece_waits((procs, jobs) in federation_strategy(), alg in 0usize..5) {
        let w = workload(&procs, &jobs, true);
        let all = (1u64 << procs.len()) - 1;
        let o = Algorithm::ALL[alg].simulate(&w, all, None, 0, true);
        let machines: u64 = procs.iter().map(|&p| u64::from(p)).sum();
        for t in 0..=o.makespan {
            let running = o.placements.iter().filter(|p| p.start <= t && t < p.end).count() as u64;
            let waiting = o.placements.iter().filter(|p| w.pieces[p.piece as usize].release <= t && p.start > t).count() as u64;
            prop_assert!(waiting == 0 || running == machines, "t = {t}: {waiting} wait, {running} of {machines} busy");
        }
    }

    #[test]
    fn without_a_binding_threshold_or_departures_the_federation_is_the_centralised_scheduler(
        (procs, jobs) in federation_strategy(), alg in 0usize..5, split in any::<bool>(),
    ) {
        let w = workload(&procs, &jobs, split);
        let all = (1u64 << procs.len()) - 1;
        let fed = Federation { exposure_threshold: 1.0, leaves: Vec::new() };
        let a = Algorithm::ALL[alg];
        prop_assert_eq!(a.simulate(&w, all, Some(&fed), 0, true), a.simulate(&w, all, None, 0, true));
    }

    #[test]
    fn the_utility_polynomials_equal_the_definitions(c in 1u32..5, s in 0u64..50, p in 1u64..20, wait in 0u64..10, dt in 1u64..40) {
        let r = s.saturating_sub(wait);
        let t = s + dt;
        for psi in [Psi::Sp, Psi::Rel, Psi::Surface] {
            let q = if t >= s + p { psi.ended(c, s, p, r) } else { psi.running(c, s, r) };
            prop_assert!(close(q.at(t) as f64 / 2.0, psi.value(c, s, p, r, t), 1e-12), "{psi:?}");
        }
        prop_assert_eq!(Quad::default().at(t), 0);
    }
}

fn doc(orgs: serde_json::Value, jobs: serde_json::Value) -> CloudShareScenario {
    scenario(json!({ "organizations": orgs, "jobs": jobs }))
}

#[test]
fn shapley_axioms_on_the_coalition_values() {
    // Efficiency: Σφ = v(grand) = the common total wait.
    let spec = doc(
        json!({ "count": 4, "processors": 2 }),
        json!({ "generator": { "count": 60, "horizon": 20, "duration": [1, 4], "cores": [1, 2] } }),
    );
    let r = run(&spec, 3);
    let grand = r.coalition_values.last().unwrap().value;
    assert!(close(r.shapley.iter().sum::<f64>(), grand, 1e-9));
    assert!(r.algorithms.iter().all(|a| a.wait.iter().sum::<f64>() == grand));
    // Symmetry: two identical organizations get equal φ; a null one (no jobs, no processors) 0.
    let spec = doc(
        json!([{ "name": "A", "processors": 2 }, { "name": "B", "processors": 2 }, { "name": "N", "processors": 0 }]),
        json!([{ "org": "A", "release": 0, "duration": 3 }, { "org": "A", "release": 1, "duration": 2 },
               { "org": "A", "release": 1, "duration": 2 }, { "org": "B", "release": 0, "duration": 3 },
               { "org": "B", "release": 1, "duration": 2 }, { "org": "B", "release": 1, "duration": 2 }]),
    );
    let r = run(&spec, 0);
    assert!(close(r.shapley[0], r.shapley[1], 1e-12), "{:?}", r.shapley);
    assert!(r.shapley[2].abs() < 1e-9, "{:?}", r.shapley);
}

#[test]
fn shapley_values_add_over_independent_workloads() {
    let first = json!([{ "org": "A", "release": 0, "duration": 3, "cores": 2 }, { "org": "B", "release": 0, "duration": 2 },
                       { "org": "B", "release": 1, "duration": 4 }, { "org": "C", "release": 2, "duration": 1 }]);
    let second = json!([{ "org": "C", "release": 1000, "duration": 2 }, { "org": "C", "release": 1000, "duration": 2 },
                        { "org": "A", "release": 1001, "duration": 5 }]);
    let orgs =
        json!([{ "name": "A", "processors": 1 }, { "name": "B", "processors": 2 }, { "name": "C", "processors": 1 }]);
    let phi = |jobs: serde_json::Value| run(&doc(orgs.clone(), jobs), 0).shapley;
    let mut both = first.as_array().unwrap().clone();
    both.extend(second.as_array().unwrap().iter().cloned());
    let (a, b, ab) = (phi(first), phi(second), phi(json!(both)));
    for k in 0..3 {
        assert!(close(ab[k], a[k] + b[k], 1e-9), "{ab:?} vs {a:?} + {b:?}");
    }
}

#[test]
fn sampled_shapley_values_cover_the_exact_ones_at_the_stated_rate() {
    let (mut inside, mut total) = (0, 0);
    for seed in 0..40u64 {
        let base = json!({ "organizations": { "count": 4, "processors": 1 },
            "jobs": { "generator": { "count": 30, "horizon": 12, "duration": [1, 3] } } });
        let exact = run(&scenario(base.clone()), seed);
        let mut sampled = base;
        sampled["shapley"] = json!({ "method": "sample", "permutations": 60 });
        let s = run(&scenario(sampled), seed);
        let hw = s.shapley_half_widths.as_ref().unwrap();
        for ((est, phi), h) in s.shapley.iter().zip(&exact.shapley).zip(hw) {
            total += 1;
            inside += usize::from((est - phi).abs() <= h + 1e-9);
        }
    }
    let rate = inside as f64 / total as f64;
    assert!(rate >= 0.85, "95 % intervals covered the exact value {inside} of {total} times");
}

#[test]
fn a_leaving_site_withdraws_its_queue_and_requeues_foreign_work() {
    // A (1 machine) runs B's first job from 0; A leaves at 1: B's job goes back as if submitted
    // at 1 and restarts on B's machine at 2 (wait 2 − 1); A's job released at 3 is withdrawn.
    let w = workload(&[1, 1], &[(1, 0, 2, 1), (1, 0, 2, 1), (0, 3, 1, 1)], false);
    let fed = Federation { exposure_threshold: 1.0, leaves: vec![Leave { org: 0, time: 1 }] };
    let o = Algorithm::SimplDirect.simulate(&w, 0b11, Some(&fed), 0, true);
    assert_eq!(o.withdrawn, 1);
    assert_eq!(o.wait, vec![0, 1]);
    assert!(o.placements.iter().all(|p| p.machine_org == 1));
    // A threshold of 0 lends nothing: B's second job waits for B's machine.
    let fed = Federation { exposure_threshold: 0.0, leaves: Vec::new() };
    let o = Algorithm::SimplDirect.simulate(&w, 0b11, Some(&fed), 0, false);
    assert_eq!(o.wait, vec![0, 2]);
}

#[test]
fn zipf_processors_sum_to_the_total_with_at_least_one_each() {
    assert_eq!(zipf_counts(5, 130, 1.0), vec![57, 29, 19, 14, 11]);
    assert_eq!(zipf_counts(4, 4, 2.0), vec![1, 1, 1, 1]);
    let k = zipf_counts(10, 37, 1.3);
    assert_eq!(k.iter().sum::<u32>(), 37);
    assert!(k.windows(2).all(|w| w[0] >= w[1]) && k.iter().all(|&x| x >= 1));
}

#[test]
fn log_windows_map_users_and_split_jobs() {
    // Three jobs in the first hour: user 1 → org 1, user 2 → org 0 (modulo 2); the 2-processor
    // job of 90 minutes becomes 2 × 2 unit pieces; a cancelled job (status 5) is skipped.
    let log = "1 0 -1 5400 2 -1 -1 2 -1 -1 1 1 1 -1 1 -1 -1 -1\n\
               2 600 -1 60 1 -1 -1 1 -1 -1 1 2 1 -1 1 -1 -1 -1\n\
               3 700 -1 60 1 -1 -1 1 -1 -1 5 2 1 -1 1 -1 -1 -1\n\
               4 7200 -1 60 1 -1 -1 1 -1 -1 1 2 1 -1 1 -1 -1 -1\n";
    let spec = doc(json!({ "count": 2, "processors": 1 }), json!({ "swf": log, "window_hours": 2 }));
    let w = spec.jobs.workload(spec.organizations.build(), true, 0, None).unwrap();
    let summary: Vec<(usize, u64, u32)> = w.pieces.iter().map(|p: &Piece| (p.org, p.release, p.job)).collect();
    assert_eq!(summary, vec![(1, 0, 0), (1, 0, 0), (1, 0, 0), (1, 0, 0), (0, 0, 1)]);
}

#[test]
fn every_preset_validates_and_the_scores_follow_the_tables_rule() {
    for p in CloudShare::presets() {
        let d = p.document();
        let mut problems = cloudecon::error::Problems::new();
        d.spec.validate(&mut problems);
        assert!(problems.is_empty(), "{}: {:?}", p.name, problems.into_result());
    }
    assert_eq!(cloudecon::cloudshare::fairness::points(&[60.0, 80.0, 60.0]), vec![1, 0, 1]);
}

#[test]
fn the_public_helpers_accept_empty_and_huge_inputs() {
    assert!(zipf_counts(0, 10, 1.0).is_empty());
    let log = cloudecon::swf::parse("1 0 -1 60 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1").unwrap();
    let s = match doc(json!({ "count": 1, "processors": 1 }), json!({ "swf": "x" })).jobs {
        cloudecon::cloudshare::workload::JobsSpec::Swf(s) => s,
        _ => unreachable!(),
    };
    assert!(cloudecon::cloudshare::workload::window_jobs(&log, &s, 0.0, 0, 0).is_empty());
    let huge = doc(json!({ "count": 2, "processors": u32::MAX }), json!([]));
    assert!(huge.organizations.build().iter().all(|o| o.machines.len() <= 1_000_000));
}
