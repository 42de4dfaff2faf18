//! The rules issue 20 corrected against the paper, each pinned by a case the old rule fails:
//! ψ_rel counts time from the release; the exposure threshold (default 0.7) is a reserved
//! fraction below which a site lends; a leaving site's foreign pieces are submitted again at the
//! leave time. And the toy with unit pieces, whose unfairness of 16 follows from the definitions.

use cloudecon::cloudshare::algorithm::Algorithm;
use cloudecon::cloudshare::model::{Federation, Leave, Org, Workload};
use cloudecon::cloudshare::priority::{DirectContr, Priority, View};
use cloudecon::cloudshare::scenario::DEFAULT_EXPOSURE_THRESHOLD;
use cloudecon::cloudshare::utility::{Psi, Quad};
use cloudecon::cloudshare::workload::pieces;
use cloudecon::cloudshare::{presets, CloudShare, CloudShareResult, CloudShareScenario};
use cloudecon::sim::run_to_end;
use cloudecon::Mechanism;
use serde_json::json;

fn run(spec: &CloudShareScenario) -> CloudShareResult {
    let mut problems = cloudecon::error::Problems::new();
    spec.validate(&mut problems);
    problems.into_result().expect("valid");
    CloudShare::finish(run_to_end(CloudShare::start(spec.clone(), 0))).expect("runs")
}

fn algorithm<'a>(r: &'a CloudShareResult, tag: &str) -> &'a cloudecon::cloudshare::result::AlgorithmResult {
    r.algorithms.iter().find(|a| a.algorithm == tag).expect("requested")
}

/// Organizations of `procs` single-core processors, jobs (org, release, duration).
fn workload(procs: &[u32], jobs: &[(usize, u64, u64)], split: bool) -> Workload {
    let orgs =
        procs.iter().enumerate().map(|(i, &k)| Org { name: format!("O{i}"), machines: vec![1; k as usize] }).collect();
    let raw: Vec<_> = jobs.iter().map(|&(o, r, d)| (o, r, d, 1, false)).collect();
    Workload { orgs, pieces: pieces(&raw, split).expect("small"), split }
}

#[test]
fn psi_rel_counts_time_from_the_release() {
    // One core, released at 2, started at 5, 3 units, at time 10: ψ_sp = 3·(10 − 5 − 1) = 12 and
    // ψ_rel = 3·(10 − 2 − 1) = 21 = ψ_sp + 3·(5 − 2). (The old reading, ψ_sp − 3·(5 − 2), gave 3.)
    assert_eq!(Psi::Sp.value(1, 5, 3, 2, 10), 12.0);
    assert_eq!(Psi::Rel.value(1, 5, 3, 2, 10), 21.0);
    assert_eq!(Psi::Rel.ended(1, 5, 3, 2).at(10), 42, "kept doubled");
    // Running: 2 cores, released at 2, started at 5, at time 7 (q = 2): 2·2·(7 − 2 − ½) = 18.
    assert_eq!(Psi::Rel.value(2, 5, 9, 2, 7), 18.0);
    assert_eq!(Psi::Rel.running(2, 5, 2).at(7), 36);
    // A finished piece is worth the same however late it started: c·p·(T − r − (p − 1)/2).
    for s in 2..12 {
        assert_eq!(Psi::Rel.ended(1, s, 3, 2).at(20), 2 * 3 * (20 - 2 - 1), "started at {s}");
    }
    assert_ne!(Psi::Sp.ended(1, 2, 3, 2).at(20), Psi::Sp.ended(1, 11, 3, 2).at(20), "ψ_sp does depend on the start");
    // A piece started at its release: ψ_rel = ψ_sp.
    assert_eq!(Psi::Rel.running(3, 4, 4), Psi::Sp.running(3, 4, 4));
}

#[test]
fn rel_direct_priorities_tie_where_the_old_reading_kept_b_ahead() {
    // A and B, one machine each, unit pieces: B's job of 3 units and A's of 3 at 0, B's of 1 at 2.
    // At 0 the priorities tie and both machines go to A (the lowest index). At 1 (evaluated at 2)
    // B leads by A's piece on B's machine, worth 2 (ψ = 2 − 0); A's machine goes to B's first
    // piece, which waited 1. Its ψ_rel at 2 is ψ_sp + (1 − 0) = 1 + 1 = 2: it cancels B's lead,
    // the priorities tie, and B's machine goes to A's third piece. (The old reading, 1 − 1 = 0,
    // kept B ahead by 2 and gave B that machine: waits (3, 4).)
    let w = workload(&[1, 1], &[(1, 0, 3), (0, 0, 3), (1, 2, 1)], true);
    let o = Algorithm::RelDirect.simulate(&w, 0b11, None, 0, true);
    assert_eq!(o.wait, vec![1, 6]);
    let at_1_on_b = o.placements.iter().find(|p| p.start == 1 && p.machine_org == 1).unwrap();
    assert_eq!(w.pieces[at_1_on_b.piece as usize].org, 0, "A's piece takes B's machine at 1");
    // ψ_sp books B's piece at 1 only: B keeps the lead and the machine.
    assert_eq!(Algorithm::OrigDirect.simulate(&w, 0b11, None, 0, false).wait, vec![2, 5]);

    // The same moment as keys (doubled): A's piece ran on B's machine during [0, 1); B's piece
    // runs on A's machine from 1, released at 0; pieces run at home cancel out.
    let keys = |psi: Psi| {
        let (lent, borrowed) = (psi.ended(1, 0, 1, 0), psi.running(1, 1, 0));
        let contribution = [borrowed, lent];
        let utility = [lent, borrowed];
        let cores = [1, 1];
        let view = View {
            t: 2,
            contribution: &contribution,
            utility: &utility,
            usage: &utility,
            cores: &cores,
            waiting: &[0, 0],
        };
        let rule = DirectContr { psi };
        [rule.key(0, &view), rule.key(1, &view)]
    };
    assert_eq!(keys(Psi::Rel), [0, 0]);
    assert_eq!(keys(Psi::Sp), [-2, 2]);
    assert_eq!(keys(Psi::Surface), [0, 0]);
    assert_eq!(Quad::default().at(2), 0);
}

#[test]
fn the_toy_with_unit_pieces_is_unfair_under_orig_and_rel_direct_by_the_definitions() {
    // The page's note: while B has no work, A's second unit piece runs on B's idle machine at 0
    // and at 2. DirectContr books it as A's debt: B's priority at 4 (evaluated at 5) is
    // ψ_sp = (5 − 0) + (5 − 2) = 8 — the same under ψ_rel, as both started at their release —
    // growing by 2 per unit of time. B takes both machines from 4 until its 6 pieces have started;
    // A's jobs of 4, 6 and 8 wait 6 + 4 + 2 = 12 against φ_A = 4, B waits 6 against φ_B = 14.
    let mut spec = presets::toy().spec;
    spec.split_unit = true;
    let r = run(&spec);
    let values: Vec<f64> = r.coalition_values.iter().map(|c| c.value).collect();
    assert_eq!(values, vec![5.0, 15.0, 18.0]);
    assert_eq!(r.shapley, vec![4.0, 14.0]);
    for tag in ["orig_direct", "rel_direct"] {
        assert_eq!(algorithm(&r, tag).wait, vec![12.0, 6.0], "{tag}");
        assert_eq!(algorithm(&r, tag).unfairness, 16.0, "{tag}");
    }
    let unfairness: Vec<f64> =
        ["simpl_direct", "fair_share", "round_robin"].iter().map(|t| algorithm(&r, t).unfairness).collect();
    assert_eq!(unfairness, vec![8.0, 14.0, 2.0]);
    let schedule = algorithm(&r, "orig_direct").schedule.as_ref().unwrap();
    let borrowed: Vec<u64> =
        schedule.iter().filter(|e| e.org == "A" && e.processor_org == "B" && e.start < 4).map(|e| e.start).collect();
    assert_eq!(borrowed, vec![0, 2]);
    let debt = |psi: Psi, t| (psi.ended(1, 0, 1, 0).at(t) + psi.ended(1, 2, 1, 2).at(t)) / 2;
    assert_eq!((debt(Psi::Sp, 5), debt(Psi::Rel, 5), debt(Psi::Sp, 6)), (8, 8, 10));
    assert!(schedule.iter().filter(|e| e.start >= 4 && e.start < 7).all(|e| e.org == "B"), "B has both machines");
    // Without splitting (the paper's figures) A never borrows, and DirectContr is exactly fair.
    assert_eq!(algorithm(&run(&presets::toy().spec), "rel_direct").unfairness, 0.0);
}

/// A (`procs` processors) runs `own` 5-unit jobs from 0; B (1 processor) has four 10-unit jobs
/// at 0. B's total wait under SIMPL_DIRECT with the federation block `federation`.
fn b_waits(procs: u32, own: usize, federation: serde_json::Value) -> f64 {
    let mut jobs: Vec<_> = (0..own).map(|_| json!({ "org": "A", "release": 0, "duration": 5 })).collect();
    jobs.extend((0..4).map(|_| json!({ "org": "B", "release": 0, "duration": 10 })));
    let spec: CloudShareScenario = serde_json::from_value(json!({
        "organizations": [{ "name": "A", "processors": procs }, { "name": "B", "processors": 1 }],
        "jobs": jobs, "algorithms": ["simpl_direct"], "split_unit": false, "federation": federation,
    }))
    .expect("parses");
    run(&spec).algorithms[0].wait[1]
}

#[test]
fn the_exposure_threshold_defaults_to_0_7_and_lending_stops_at_or_above_it() {
    let spec: CloudShareScenario = serde_json::from_value(json!({
        "organizations": [{ "name": "A", "processors": 1 }], "jobs": [], "federation": {},
    }))
    .expect("parses");
    assert_eq!(spec.federation().unwrap().exposure_threshold, 0.7);
    assert_eq!(DEFAULT_EXPOSURE_THRESHOLD, 0.7);
    // Default: A's 6 jobs reserve 6/10 < 0.7, so A lends one processor at 0 (then 7/10: no
    // more); B runs 2 jobs at 0 and 2 at 5 when A's end: wait 10. (The old default 0.3 lent
    // nothing at 0: 15; lending while ≤ 0.7 would lend two: 5.)
    assert_eq!(b_waits(10, 6, json!({})), 10.0);
    // Exactly at the threshold a site no longer lends: 6/10 = 0.6.
    assert_eq!(b_waits(10, 6, json!({ "exposure_threshold": 0.6 })), 15.0);
    assert_eq!(b_waits(10, 6, json!({ "exposure_threshold": 0.61 })), 10.0);
    // Compared as a quotient: 7/25 is not below 0.28 (0.28 · 25 = 7.000000000000001 would lend).
    assert_eq!(b_waits(25, 7, json!({ "exposure_threshold": 0.28 })), 15.0);
    // 0 never lends (B's jobs queue on its one processor: 0 + 10 + 20 + 30), ≥ 1 always does.
    assert_eq!(b_waits(10, 0, json!({ "exposure_threshold": 0.0 })), 60.0);
    assert_eq!(b_waits(10, 0, json!({ "exposure_threshold": 1.0 })), 0.0);
}

#[test]
fn a_leaving_sites_foreign_pieces_are_submitted_again_at_the_leave_time() {
    // A and B, one machine each. B's X (3 units) runs on A's machine from 0, B's Y (3) on B's;
    // B's Z (1) is released at 1 and waits. A leaves at 2: X loses its work and is submitted
    // again, released at 2, so it queues behind Z (released at 1). Z starts at 3 (wait 2), X at
    // 4 (wait 4 − 2 = 2). The old rule kept X's release 0: X at 3 (wait 3), Z at 6 (wait 5).
    let w = workload(&[1, 1], &[(1, 0, 3), (1, 0, 3), (1, 1, 1)], false);
    let fed = Federation { exposure_threshold: 1.0, leaves: vec![Leave { org: 0, time: 2 }] };
    let o = Algorithm::SimplDirect.simulate(&w, 0b11, Some(&fed), 0, true);
    assert_eq!(o.wait, vec![0, 4]);
    let start = |job: u32| o.placements.iter().find(|p| w.pieces[p.piece as usize].job == job).unwrap().start;
    assert_eq!((start(0), start(1), start(2)), (4, 0, 3));
    assert_eq!(o.busy, 3 + 3 + 1 + 2, "the 2 units X ran on A are busy time, lost");
    // Among pieces released at the leave time, document order: Z listed first, released at 2,
    // starts before X (re-queued at 2) although X's piece sorts first by its own release.
    let w = workload(&[1, 1], &[(1, 2, 1), (1, 0, 3), (1, 0, 3)], false);
    let o = Algorithm::SimplDirect.simulate(&w, 0b11, Some(&fed), 0, true);
    let start = |job: u32| o.placements.iter().find(|p| w.pieces[p.piece as usize].job == job).unwrap().start;
    assert_eq!((start(0), start(1), start(2)), (3, 4, 0));
    assert_eq!(o.wait, vec![0, 1 + 2]);

    // A piece of a site that has already left is withdrawn when its host leaves: it is no longer
    // running. B's first job runs on A's machine; B leaves at 1, A at 2.
    let w = workload(&[1, 1, 1], &[(1, 0, 5), (1, 0, 5)], false);
    let fed =
        Federation { exposure_threshold: 1.0, leaves: vec![Leave { org: 1, time: 1 }, Leave { org: 0, time: 2 }] };
    let o = Algorithm::SimplDirect.simulate(&w, 0b111, Some(&fed), 0, true);
    assert_eq!(o.withdrawn, 1);
    assert_eq!(o.wait, vec![0, 0, 0]);
    assert!(o.placements.iter().all(|p| p.machine_org == 1), "B's own job on B's machine finishes");
}
