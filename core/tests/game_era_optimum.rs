//! The ERA game's efficient allocation: the most true value a set of jobs that fits the capacity
//! could have. Checked against a brute force over every choice of jobs and starts on small
//! rounds, and against the two packings a round already has (Basic-Econ's, first-fit's).

mod common;

use cloudecon::game::Session;
use common::EPS;
use proptest::prelude::*;
use serde_json::{json, Value};

/// A job as the brute force sees it: cores, duration, first start, last start, value.
type Job = (u64, u64, u64, u64, u64);

fn jobs_of(report: &Value) -> Vec<Job> {
    let players = report["seats"].as_array().unwrap().iter().chain(report["robots"].as_array().unwrap());
    players
        .map(|p| {
            let t = &p["type"];
            let n = |k: &str| t[k].as_u64().unwrap();
            (n("cores"), n("duration"), n("arrival"), n("deadline") - n("duration"), n("value"))
        })
        .collect()
}

/// The best total value over every choice of "left out" or a start for each job.
fn brute_force(capacity: u64, horizon: u64, jobs: &[Job]) -> u64 {
    fn go(k: usize, jobs: &[Job], used: &mut Vec<u64>, capacity: u64, value: u64) -> u64 {
        let Some(&(cores, duration, first, last, v)) = jobs.get(k) else { return value };
        let mut best = go(k + 1, jobs, used, capacity, value);
        for s in first..=last {
            let slots = s as usize..(s + duration) as usize;
            if used[slots.clone()].iter().all(|&u| u + cores <= capacity) {
                used[slots.clone()].iter_mut().for_each(|u| *u += cores);
                best = best.max(go(k + 1, jobs, used, capacity, value + v));
                used[slots].iter_mut().for_each(|u| *u -= cores);
            }
        }
        best
    }
    go(0, jobs, &mut vec![0; horizon as usize], capacity, 0)
}

fn close_round(settings: Value, bids: &[u32]) -> Value {
    let s = Session::new(&settings).expect("valid settings");
    let text: String = bids
        .iter()
        .enumerate()
        .map(|(i, &bid)| s.code(i as u32 + 1, Some(&json!({ "bid": bid }))).unwrap().to_string() + "\n")
        .collect();
    s.close(&s.collect(&text).unwrap()).unwrap().report
}

fn number(summary: &Value, key: &str) -> f64 {
    summary[key].as_f64().unwrap_or_else(|| panic!("{key} in {summary}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On small rounds the optimum is the brute force's, it is exact, and it is at least the
    /// value of Basic-Econ's accepted jobs and of first-fit's.
    #[test]
    fn the_optimum_is_the_brute_forces_and_beats_both_packings(
        seed in 0u64..1_000_000,
        bids in proptest::collection::vec(0u32..=25, 1..=5),
        robots in 0u32..=2,
        horizon in 3u32..=6,
        capacity in 1u32..=4,
        predictor in 0usize..3,
    ) {
        let predictor = [json!({"kind": "none"}), json!({"kind": "day_night"}), json!({"kind": "flat", "units": 2, "unit_value": 1.5})][predictor].clone();
        let settings = json!({
            "game": "era", "seats": bids.len(), "seed": seed, "robots": robots,
            "horizon": horizon, "capacity": capacity, "cores": [1, capacity], "duration": [1, 2],
            "slack": [0, horizon - 2], "value": [0, 20], "max_bid": 25, "predictor": predictor,
        });
        let report = close_round(settings, &bids);
        let summary = &report["summary"];
        let jobs = jobs_of(&report);
        let optimum = brute_force(u64::from(capacity), u64::from(horizon), &jobs);
        prop_assert_eq!(number(summary, "optimal_value"), optimum as f64, "{}", summary);
        prop_assert_eq!(&summary["optimum_exact"], &json!(true));
        prop_assert_eq!(number(summary, "optimal_upper_bound"), optimum as f64);
        prop_assert!(number(summary, "welfare") <= optimum as f64);
        prop_assert!(number(summary, "first_fit_welfare") <= optimum as f64);
        let efficiency = number(summary, "efficiency");
        prop_assert!((0.0..=1.0).contains(&efficiency), "{}", summary);
        if optimum > 0 {
            prop_assert!((efficiency - number(summary, "welfare") / optimum as f64).abs() <= EPS);
        }
    }
}

/// Rounds of a small class are solved exactly; some seed shows the efficient allocation beating
/// both Basic-Econ and first-fit.
#[test]
fn a_small_class_round_is_solved_exactly_and_the_optimum_can_beat_both_packings() {
    let mut beaten = false;
    for seed in 0..6u64 {
        let bids: Vec<u32> = (0..10u32).map(|i| (i * 13 + seed as u32) % 31).collect();
        let report = close_round(json!({"game": "era", "seats": 10, "seed": seed, "robots": 2}), &bids);
        let summary = &report["summary"];
        assert_eq!(summary["optimum_exact"], json!(true), "seed {seed}: {summary}");
        let optimal = number(summary, "optimal_value");
        let (welfare, first_fit) = (number(summary, "welfare"), number(summary, "first_fit_welfare"));
        assert!(welfare <= optimal && first_fit <= optimal, "seed {seed}: {summary}");
        assert!(optimal <= number(summary, "requested_value"));
        beaten |= welfare < optimal && first_fit < optimal;
    }
    assert!(beaten, "no seed where the optimum beats both packings");
}

/// A full class (60 seats and 20 robots, 3.3 times more core-slots asked than the cloud has)
/// reports the best found, never below either packing, under an upper bound.
#[test]
fn a_full_class_round_is_bounded_on_both_sides() {
    for seed in 0..3u64 {
        let bids: Vec<u32> = (0..60u32).map(|i| (i * 13 + seed as u32) % 31).collect();
        let report = close_round(json!({"game": "era", "seats": 60, "seed": seed, "robots": 20}), &bids);
        let summary = &report["summary"];
        let optimal = number(summary, "optimal_value");
        let (welfare, first_fit) = (number(summary, "welfare"), number(summary, "first_fit_welfare"));
        assert!(welfare <= optimal && first_fit <= optimal, "seed {seed}: {summary}");
        let bound = number(summary, "optimal_upper_bound");
        assert!(optimal <= bound && bound <= number(summary, "requested_value"), "seed {seed}: {summary}");
        assert_eq!(summary["optimum_exact"] == json!(true), bound == optimal, "seed {seed}: {summary}");
    }
}

/// The largest game stops within its work budget: it reports the best found, never less than
/// either packing, with an upper bound at least as high, and says whether it is the optimum.
#[test]
fn the_largest_round_stops_within_its_budget_and_says_whether_it_is_exact() {
    let s = Session::new(&json!({"game": "era", "seats": 1023, "seed": 3, "robots": 1000})).unwrap();
    let text: String = (1..=1023).map(|seat| s.code(seat, None).unwrap().to_string() + "\n").collect();
    let round = s.close(&s.collect(&text).unwrap()).unwrap();
    let summary = &round.report["summary"];
    let optimal = number(summary, "optimal_value");
    assert!(summary["optimum_exact"].is_boolean(), "{summary}");
    assert!(number(summary, "welfare") <= optimal && number(summary, "first_fit_welfare") <= optimal, "{summary}");
    let bound = number(summary, "optimal_upper_bound");
    assert!(bound >= optimal && bound <= number(summary, "requested_value"), "{summary}");
    if summary["optimum_exact"] == json!(true) {
        assert_eq!(bound, optimal);
    }
}
