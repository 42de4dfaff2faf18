//! On-demand, spot, or both: hand-worked hours, the learner's invariants, and the streaming
//! evaluation against a direct transcription of the spec (the full payoff matrix, plain weights).

mod common;

use cloudecon::mechanism::Document;
use cloudecon::sim::run_to_end;
use cloudecon::spot::execute::{run, Expert, JobHours, Terms};
use cloudecon::spot::history::Prices;
use cloudecon::spot::learner::{auto_delay, regret_bound, Learner, StepRule};
use cloudecon::spot::model::{
    AnyBid, AnyFamily, DeadlineCentric, FixedBid, Job, Policy, RateCentric, RemainingUnit, VariableBid,
};
use cloudecon::spot::policies::{BidSpec, PaperSet, PoliciesSpec};
use cloudecon::spot::{presets, SpotResult, SpotScenario};
use cloudecon::Mechanism;
use common::{assert_all_close, close, EPS};
use proptest::prelude::*;
use serde_json::json;

const P: f64 = 0.25;
const H: u64 = 12;

fn rc(sigma: f64, b: f64) -> Policy {
    Policy { family: AnyFamily::Rate(RateCentric { sigma }), bid: AnyBid::Fixed(FixedBid { b }) }
}

fn dc(m: u32, b: f64) -> Policy {
    Policy { family: AnyFamily::Deadline(DeadlineCentric { m_threshold: m }), bid: AnyBid::Fixed(FixedBid { b }) }
}

fn job(arrival: u64, deadline: u32, size: f64, parallelism: f64, value: f64) -> Job {
    Job { arrival, deadline, size, parallelism, value }
}

/// Runs one job under one policy over `prices` (5-minute slots, variable bids with γ = `gamma`).
fn outcome(j: Job, policy: Policy, prices: Vec<f64>, gammas: &[f64]) -> (f64, bool) {
    outcome_in(RemainingUnit::Hours, j, policy, prices, gammas)
}

/// As [`outcome`], with `m` counted in `unit`.
fn outcome_in(unit: RemainingUnit, j: Job, policy: Policy, prices: Vec<f64>, gammas: &[f64]) -> (f64, bool) {
    let prices = Prices::new(prices, H, gammas);
    let mut hours = JobHours::default();
    hours.load(&j, &prices);
    let o = run(&j, &policy, &hours, &prices, Terms { on_demand_price: P, remaining_unit: unit });
    (o.payoff, o.completed)
}

fn run_doc(spec: &SpotScenario, seed: u64) -> SpotResult {
    let mut problems = cloudecon::error::Problems::new();
    spec.validate(&mut problems);
    problems.into_result().expect("valid");
    run_to_end(cloudecon::spot::Spot::start(spec.clone(), seed)).expect("runs")
}

fn scenario(v: serde_json::Value) -> SpotScenario {
    serde_json::from_value(v).expect("parses")
}

// ---------------------------------------------------------------------------------------------
// One job, hand-worked.

#[test]
fn spot_interrupted_mid_hour_then_on_demand_completes_in_the_last_hour() {
    // Hour 0: six slots at 0.1, then 0.3 > b = 0.2: y = 6/12, spot cost 10·(6·0.1)/12 = 0.5, work 5.
    // Hour 1 (m = 1): (0 + 1 − 1)·5 < 5 → on demand: 0.25·5 + 0.5 < 5, o = 5, cost 1.25; done.
    let mut prices = vec![0.1; 6];
    prices.extend(vec![0.3; 18]);
    let (payoff, done) = outcome(job(0, 2, 10.0, 10.0, 5.0), rc(0.0, 0.2), prices, &[]);
    assert!(done);
    assert!(close(payoff, 5.0 - 0.5 - 1.25, 1e-12), "{payoff}");
}

#[test]
fn an_uninterrupted_hour_pays_the_slot_prices_and_a_mixed_hour_pays_both() {
    // σ = .4, m = 2: (σ + 1)·10 ≥ 10, so o = 4, s = 6 at b = 1 (never interrupted): cost
    // 0.25·4 + 6·mean(prices), work 10: done in hour 0.
    let prices: Vec<f64> = (0..24).map(|k| 0.01 * (k % 12) as f64).collect();
    let mean = prices[..12].iter().sum::<f64>() / 12.0;
    let (payoff, done) = outcome(job(0, 2, 10.0, 10.0, 5.0), rc(0.4, 1.0), prices, &[]);
    assert!(done);
    assert!(close(payoff, 5.0 - 1.0 - 6.0 * mean, 1e-12), "{payoff}");
}

#[test]
fn the_last_hour_of_a_rate_centric_policy_is_on_demand_unless_sigma_covers_it() {
    // m = 1: (σ + 0)·a < r for σ < 1, so the hour is on demand even though spot is cheaper.
    let (payoff, done) = outcome(job(0, 1, 10.0, 10.0, 5.0), rc(0.4, 1.0), vec![0.01; 12], &[]);
    assert!(done);
    assert!(close(payoff, 5.0 - 2.5, 1e-12), "{payoff}");
}

#[test]
fn a_price_equal_to_the_bid_does_not_interrupt() {
    let (payoff, done) = outcome(job(0, 2, 2.0, 2.0, 1.0), rc(0.0, 0.2), vec![0.2; 24], &[]);
    assert!(done);
    assert!(close(payoff, 1.0 - 2.0 * 0.2, 1e-12), "{payoff}");
}

#[test]
fn the_tie_rule_lets_a_price_within_1e_12_of_the_bid_run() {
    // Spot only at b = 0.2, job of 2 instance-hours on 2 instances, 2 hours. A price 1e-13 above
    // the bid is a tie: the hour runs on spot (cost 2·price, done). Under the old rule ("price >
    // b") it interrupted at once, and hour 1 ran on demand: payoff 1 − 0.5.
    let j = job(0, 2, 2.0, 2.0, 1.0);
    let tie = 0.2 + 1e-13;
    let (payoff, done) = outcome(j, rc(0.0, 0.2), vec![tie; 24], &[]);
    assert!(done);
    assert!(close(payoff, 1.0 - 2.0 * tie, 1e-12), "{payoff}");
    assert!(payoff > 0.55, "not the old rule's 0.5: {payoff}");
    // Beyond the tolerance a price interrupts: on demand in hour 1.
    let (payoff, done) = outcome(j, rc(0.0, 0.2), vec![0.2 + 1e-11; 24], &[]);
    assert!(done);
    assert!(close(payoff, 0.5, 1e-12), "{payoff}");
    // The tolerance is relative above 1: b = 1000 ties with 1000 + 5e-10, not with 1000 + 2e-9.
    let big = job(0, 2, 2.0, 2.0, 1e4);
    assert!(close(outcome(big, rc(0.0, 1000.0), vec![1000.0 + 5e-10; 24], &[]).0, 1e4 - 2000.0, 1e-12));
    assert!(close(outcome(big, rc(0.0, 1000.0), vec![1000.0 + 2e-9; 24], &[]).0, 1e4 - 0.5, 1e-12));
}

#[test]
fn a_variable_bid_after_a_long_constant_stretch_ties_with_the_price() {
    // An hour at 0.05, then 300 hours at 0.15: the average with γ = .4 is 0.15 in exact
    // arithmetic (plus 0.4^300 of the first hour, far below an ulp), but the recurrence rounds it
    // to just below 0.15. With ε = 0 the bid then sat below every price and rounding alone
    // interrupted the instances; the tie rule runs them.
    let n = 12 * 301;
    let mut prices = vec![0.05; 12];
    prices.extend(vec![0.15; n - 12 + 24]);
    let var = Policy {
        family: AnyFamily::Rate(RateCentric { sigma: 0.0 }),
        bid: AnyBid::Variable(VariableBid { gamma: 0.4, epsilon: 0.0, gamma_index: 0 }),
    };
    use cloudecon::spot::model::PriceHistory;
    let average = Prices::new(prices.clone(), H, &[0.4]).weighted_average(0, n as u64);
    assert!(average < 0.15 && 0.15 - average < 1e-15, "rounding puts the bid just below: {average}");
    let (payoff, done) = outcome(job(n as u64, 2, 2.0, 2.0, 1.0), var, prices, &[0.4]);
    assert!(done);
    assert!(close(payoff, 1.0 - 0.3, 1e-12), "a full hour of spot at 0.15, not on demand (0.5): {payoff}");
}

// `remaining_unit`: "slots" changes m in exactly the three tests that use it.

#[test]
fn slots_let_the_last_hour_of_a_rate_centric_policy_use_spot() {
    // (σ + m − 1)·a < r with σ = .4, a = r = 10. Hours: m = 1, 4 < 10 → all on demand, 2.5.
    // Slots: m = 12, 114 ≥ 10 → o = 4, s = 6 at b = 1 over prices 0.01: 1 + 0.06.
    let (j, pol, prices) = (job(0, 1, 10.0, 10.0, 5.0), rc(0.4, 1.0), vec![0.01; 12]);
    let hours = outcome_in(RemainingUnit::Hours, j, pol, prices.clone(), &[]);
    let slots = outcome_in(RemainingUnit::Slots, j, pol, prices, &[]);
    assert!(hours.1 && close(hours.0, 5.0 - 2.5, 1e-12), "{hours:?}");
    assert!(slots.1 && close(slots.0, 5.0 - 1.06, 1e-12), "{slots:?}");
}

#[test]
fn slots_keep_a_deadline_centric_job_that_hours_drop_as_unfinishable() {
    // r > m·c: M = 0, 20 instance-hours on 10 instances in 2 hours; hour 0 interrupted at once
    // (0.3 > b = .2). Hour 1: hours m = 1, 20 > 10 → drop, nothing paid. Slots m = 12, 20 ≤ 120
    // → spot again, a whole hour at 0.1 (cost 1, work 10), and the job fails: −1.
    let mut prices = vec![0.3; 12];
    prices.extend(vec![0.1; 12]);
    let (j, pol) = (job(0, 2, 20.0, 10.0, 100.0), dc(0, 0.2));
    assert_eq!(outcome_in(RemainingUnit::Hours, j, pol, prices.clone(), &[]), (0.0, false));
    let slots = outcome_in(RemainingUnit::Slots, j, pol, prices, &[]);
    assert!(!slots.1 && close(slots.0, -1.0, 1e-12), "{slots:?}");
}

#[test]
fn slots_keep_a_deadline_centric_policy_on_spot_past_its_threshold() {
    // m > M with M = 1: hour 0 spot in both (half an hour at 0.1: cost 0.5, work 5). Hour 1: hours
    // m = 1 ≤ M → on demand, done: 5 − 0.5 − 1.25. Slots m = 12 > M → spot at b = .2 over 0.5,
    // interrupted at once: the job fails, −0.5.
    let mut prices = vec![0.1; 6];
    prices.extend(vec![0.5; 18]);
    let (j, pol) = (job(0, 2, 10.0, 10.0, 5.0), dc(1, 0.2));
    let hours = outcome_in(RemainingUnit::Hours, j, pol, prices.clone(), &[]);
    let slots = outcome_in(RemainingUnit::Slots, j, pol, prices, &[]);
    assert!(hours.1 && close(hours.0, 3.25, 1e-12), "{hours:?}");
    assert!(!slots.1 && close(slots.0, -0.5, 1e-12), "{slots:?}");
}

#[test]
fn rate_centric_drop_rules() {
    // Too large: c·d = 10 < z = 30.
    assert_eq!(outcome(job(0, 1, 30.0, 10.0, 100.0), rc(0.0, 1.0), vec![0.1; 12], &[]), (0.0, false));
    // Too expensive: p·σ·z = 2.5 > v = 2.
    assert_eq!(outcome(job(0, 1, 10.0, 10.0, 2.0), rc(1.0, 1.0), vec![0.1; 12], &[]), (0.0, false));
    // Interrupted at once in hour 0 (price 0.3 > b = 0.1, nothing paid); hour 1 needs on demand,
    // which is no longer worth it: 0.25·10 + 0 ≥ v = 2.4 → dropped, payoff −q = 0 ... with q > 0:
    // σ = .5: hour 0 o = 5 (cost 1.25), s = 5 interrupted at once; hour 1: (.5 + 1 − 1)·5 < 5 →
    // on demand: 0.25·5 + 1.25 = 2.5 ≥ 2.4 → drop, payoff −1.25.
    let (payoff, done) = outcome(job(0, 2, 10.0, 10.0, 2.4), rc(0.5, 0.1), vec![0.3; 24], &[]);
    assert!(!done);
    assert!(close(payoff, -1.25, 1e-12), "{payoff}");
}

#[test]
fn deadline_centric_drop_rules() {
    // Too large before the first hour.
    assert_eq!(outcome(job(0, 2, 30.0, 10.0, 100.0), dc(0, 1.0), vec![0.1; 24], &[]), (0.0, false));
    // M = 0: spot only. Hour 0 interrupted at once (0.3 > 0.2); hour 1: r = 20 > m·c = 10 → drop
    // having paid nothing.
    let (payoff, done) = outcome(job(0, 2, 20.0, 10.0, 100.0), dc(0, 0.2), vec![0.3; 24], &[]);
    assert_eq!((payoff, done), (-0.0_f64.abs(), false));
    // M = 1, d = 2: hour 0 spot (m = 2 > 1), half the hour: cost 10·(6·0.1)/12 = 0.5, work 5;
    // hour 1 (m = 1 ≤ M): on demand 0.25·5 + 0.5 < 5 → o = 5, done: payoff 5 − 1.75.
    let mut prices = vec![0.1; 6];
    prices.extend(vec![0.5; 18]);
    let (payoff, done) = outcome(job(0, 2, 10.0, 10.0, 5.0), dc(1, 0.2), prices.clone(), &[]);
    assert!(done);
    assert!(close(payoff, 3.25, 1e-12));
    // q ≥ v: the same job worth 0.4 is dropped in hour 1 having paid 0.5.
    let (payoff, done) = outcome(job(0, 2, 10.0, 10.0, 0.4), dc(1, 0.2), prices, &[]);
    assert!(!done);
    assert!(close(payoff, -0.5, 1e-12));
}

#[test]
fn variable_bids_with_no_history_and_with_gamma_zero() {
    let var = |gamma: f64, epsilon: f64| Policy {
        family: AnyFamily::Rate(RateCentric { sigma: 0.0 }),
        bid: AnyBid::Variable(VariableBid { gamma, epsilon, gamma_index: 0 }),
    };
    // Arrival 0: no history, bid p + ε = 0.27; prices 0.26 run, 0.28 interrupts at slot 3:
    // spot cost 12·(3·0.26)/12, work 3; hour 1 (m = 1) on demand: 0.25·9.
    let mut prices = vec![0.26, 0.26, 0.26, 0.28];
    prices.extend(vec![0.1; 20]);
    let (payoff, done) = outcome(job(0, 2, 12.0, 12.0, 100.0), var(0.0, 0.02), prices, &[0.0]);
    assert!(done);
    assert!(close(payoff, 100.0 - 0.78 - 2.25, 1e-12), "{payoff}");
    // γ = 0 at slot 12: the bid is the last price (slot 11: 0.15) + ε = 0.15; 0.15 runs, 0.16
    // stops at slot 14: spot cost 12·0.30/12, work 2; hour 1 on demand: 0.25·10.
    let mut prices = vec![0.5; 11];
    prices.push(0.15);
    prices.extend([0.15, 0.15, 0.16]);
    prices.extend(vec![0.0; 21]);
    let (payoff, done) = outcome(job(12, 2, 12.0, 12.0, 100.0), var(0.0, 0.0), prices, &[0.0]);
    assert!(done);
    assert!(close(payoff, 100.0 - 0.30 - 2.5, 1e-12), "{payoff}");
}

#[test]
fn the_variable_bid_is_the_weighted_average_of_the_spec() {
    // γ = .5, H = 12, history of 30 slots: the recurrence against the sum as the spec writes it.
    let prices: Vec<f64> = (0..36).map(|k| ((k * 7919) % 13) as f64 / 50.0).collect();
    let p = Prices::new(prices.clone(), H, &[0.5]);
    use cloudecon::spot::model::PriceHistory;
    for n in [1u64, 5, 12, 30] {
        let (mut num, mut den) = (0.0, 0.0);
        for k in 0..n {
            let w = 0.5f64.powf((n - 1 - k) as f64 / H as f64);
            num += prices[k as usize] * w;
            den += w;
        }
        assert!(close(p.weighted_average(0, n), num / den, 1e-12), "n = {n}");
    }
    // A constant history averages to exactly its price (a bid ε = 0 then never sits 1 ulp below it).
    let flat = Prices::new(vec![0.1; 40], H, &[0.2, 0.4, 0.6, 0.8]);
    for g in 0..4 {
        assert_eq!(flat.weighted_average(g, 37), 0.1);
    }
}

// ---------------------------------------------------------------------------------------------
// The learner.

#[test]
fn auto_delay_counts_the_jobs_arriving_during_a_lifetime() {
    // Lifetimes in slots: job 0 lives [0, 24): jobs at 5, 10, 23 arrive during it (3); job 1
    // [5, 17): 10 (1); job 2 [10, 22): none later before 22; job 3 [23, 35): 30 (1).
    assert_eq!(auto_delay(&[0, 5, 10, 23, 30], &[24, 12, 12, 12, 12]), 3);
    // A job arriving exactly at the deadline slot does not count; at least 1.
    assert_eq!(auto_delay(&[0, 12], &[12, 12]), 1);
    assert_eq!(auto_delay(&[0], &[12]), 1);
}

#[test]
fn step_sizes_follow_the_three_rules() {
    let n = 8usize;
    let ln_n = (n as f64).ln();
    assert!(close(StepRule::Algorithm.eta(n, 4, 10), (2.0 * ln_n / 24.0).sqrt(), 1e-12));
    assert!(close(StepRule::Theorem.eta(n, 4, 10), (ln_n / 48.0).sqrt(), 1e-12));
    assert!(close(StepRule::Constant(0.5).eta(n, 4, 10), 0.5 * (ln_n / 24.0).sqrt(), 1e-12));
    assert!(close(regret_bound(408, 66, 10_000), 9.0 * (2.0 * 66.0 * (408.0f64 / 0.05).ln() / 1e4).sqrt(), 1e-12));
}

proptest! {
    #[test]
    fn weights_sum_to_one_and_stay_finite(
        payoffs in prop::collection::vec(prop::collection::vec(-1e300f64..1e300, 5), 1..40),
        scale in prop::sample::select(vec![1e-3, 1.0, 1000.0]),
        d in 1u64..4,
    ) {
        let mut l = Learner::new(5, d, StepRule::Algorithm, scale);
        let mut w = vec![0.0; 5];
        for (j, f) in payoffs.iter().enumerate() {
            l.end_round(j as u64 + 1, f);
            l.weights(&mut w);
            prop_assert!(w.iter().all(|x| x.is_finite() && *x >= 0.0), "{w:?}");
            prop_assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{w:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A whole run against the spec transcribed directly.

/// The spec, literally: the full payoff matrix (slot-by-slot sums, the bid average as a sum of
/// powers), plain (not log-space) weights.
fn reference(spec: &SpotScenario) -> (Vec<f64>, Vec<f64>, f64, u64) {
    let setup = cloudecon::spot::Setup::new(spec).expect("setup");
    let h = setup.prices.per_hour;
    let price = &setup.prices.price;
    let n = setup.policies.len();
    let payoff = |j: &Job, pol: &Policy| -> f64 {
        let fam = pol.family;
        use cloudecon::spot::model::{Decision, Family, HourState};
        if !fam.admits(j, P) {
            return 0.0;
        }
        let (mut r, mut q) = (j.size, 0.0);
        for hour in 0..j.deadline {
            let m = match spec.remaining_unit {
                RemainingUnit::Hours => f64::from(j.deadline - hour),
                RemainingUnit::Slots => f64::from(j.deadline - hour) * h as f64,
            };
            let s = HourState { m, remaining: r, cost: q, usable: r.min(j.parallelism) };
            let (o, sp) = match fam.hour(j, &s, P) {
                Decision::Drop => return -q,
                Decision::Run { on_demand, spot } => (on_demand, spot),
            };
            let n0 = j.arrival + u64::from(hour) * h;
            let bid = match pol.bid {
                AnyBid::Fixed(b) => b.b,
                AnyBid::Variable(v) if n0 == 0 => P + v.epsilon,
                AnyBid::Variable(v) => {
                    let (mut num, mut den) = (0.0, 0.0);
                    for k in 0..n0 {
                        let w = if v.gamma == 0.0 {
                            if k == n0 - 1 {
                                1.0
                            } else {
                                0.0
                            }
                        } else {
                            v.gamma.powf((n0 - 1 - k) as f64 / h as f64)
                        };
                        num += price[k as usize] * w;
                        den += w;
                    }
                    num / den + v.epsilon
                }
            };
            let mut k = 0;
            let mut paid = 0.0;
            // The tie rule: a slot interrupts when its price exceeds b + 1e-12·max(1, |b|).
            while k < h && price[(n0 + k) as usize] <= bid + 1e-12 * bid.abs().max(1.0) {
                paid += price[(n0 + k) as usize];
                k += 1;
            }
            q += P * o + if sp > 0.0 { sp * paid / h as f64 } else { 0.0 };
            let work = o + if sp > 0.0 { sp * k as f64 / h as f64 } else { 0.0 };
            if work >= r - 1e-9 {
                return j.value - q;
            }
            r -= work;
        }
        -q
    };
    let f: Vec<Vec<f64>> = setup
        .jobs
        .iter()
        .map(|j| {
            setup
                .policies
                .iter()
                .map(|p| match p {
                    Expert::Paper(p) => payoff(j, p),
                    Expert::Formula(_) => unreachable!("the paper's policies"),
                })
                .collect()
        })
        .collect();
    let d = setup.delay;
    let mut w = vec![1.0 / n as f64; n];
    let mut expected = 0.0;
    for (idx, fj) in f.iter().enumerate() {
        let j = idx as u64 + 1;
        expected += w.iter().zip(fj).map(|(a, b)| a * b).sum::<f64>();
        if j > d {
            let eta = (2.0 * (n as f64).ln() / (d as f64 * (j - d) as f64)).sqrt() * spec.payoff_scale;
            let old = &f[(j - d - 1) as usize];
            for k in 0..n {
                w[k] *= (eta * old[k]).exp();
            }
            let s: f64 = w.iter().sum();
            w.iter_mut().for_each(|x| *x /= s);
        }
    }
    let totals = (0..n).map(|k| f.iter().map(|fj| fj[k]).sum()).collect();
    (totals, w, expected, d)
}

fn small_doc(policies: serde_json::Value, prices: serde_json::Value, count: u64, seed: u64) -> SpotScenario {
    scenario(json!({
        "on_demand_price": P,
        "spot_price": prices,
        "jobs": { "generator": { "count": count, "size_max": 40, "parallelism": 10, "seed": seed } },
        "policies": policies,
    }))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn the_streaming_run_equals_the_spec_transcribed(
        seed in 0u64..1000, mean in 0.05f64..0.3, count in 5u64..120, slots in any::<bool>(),
    ) {
        let mut spec = small_doc(
            json!("paper_synthetic"),
            json!({ "kind": "gaussian", "mean": mean, "sd": 0.05, "seed": seed }),
            count,
            seed,
        );
        if slots {
            spec.remaining_unit = RemainingUnit::Slots;
        }
        let r = run_doc(&spec, seed);
        let (totals, w, expected, d) = reference(&spec);
        prop_assert_eq!(r.delay, d);
        assert_all_close(&r.policy_payoffs, &totals, EPS, "policy payoffs");
        assert_all_close(&r.final_weights, &w, EPS, "final weights");
        prop_assert!(close(r.expected_payoff, expected, EPS));
    }
}

#[test]
fn final_weights_and_expected_payoff_do_not_depend_on_the_seed_but_realised_payoff_does() {
    let spec = presets::basic().spec;
    let a = run_doc(&spec, 1);
    let b = run_doc(&spec, 2);
    assert_eq!(a.final_weights, b.final_weights);
    assert_eq!(a.expected_payoff, b.expected_payoff);
    assert_eq!(a.policy_payoffs, b.policy_payoffs);
    assert_ne!(a.realized_payoff, b.realized_payoff);
    assert_eq!(a, run_doc(&spec, 1), "same seed, same result");
}

#[test]
fn with_stationary_prices_the_best_policy_takes_the_weight_and_regret_falls() {
    // Experiment 2's prices, four policies of which one is clearly best (spot at b = p).
    let spec = small_doc(
        json!([
            { "family": "rate_centric", "sigma": 1, "bid": { "kind": "fixed", "b": 0.25 } },
            { "family": "rate_centric", "sigma": 0, "bid": { "kind": "fixed", "b": 0.25 } },
            { "family": "rate_centric", "sigma": 0, "bid": { "kind": "fixed", "b": 0.05 } },
            { "family": "deadline_centric", "m_threshold": 0, "bid": { "kind": "fixed", "b": 0.08 } },
        ]),
        json!({ "kind": "gaussian", "mean": 0.1, "sd": 0.05, "seed": 3 }),
        3000,
        3,
    );
    let r = run_doc(&spec, 9);
    assert_eq!(r.best_policy, 1);
    let path = &r.weight_snapshots;
    assert!(path.windows(2).all(|s| s[1].weights[1] >= s[0].weights[1] - 1e-12), "weight of the best rises");
    assert!(r.final_weights[1] > 0.99, "{:?}", r.final_weights);
    let reg = &r.series.average_regret;
    assert!(reg.last().unwrap() < &(reg[reg.len() / 10] / 2.0), "average regret falls: {reg:?}");
    assert!(r.average_regret < r.average_policy_regret / 10.0);
}

#[test]
fn huge_payoffs_and_a_large_scale_leave_the_weights_finite() {
    let spec = scenario(json!({
        "on_demand_price": 1e150,
        "spot_price": { "kind": "trace", "prices": [1e150, 0.0] },
        "jobs": [
            { "arrival": 0, "deadline": 1, "size": 1e150, "parallelism": 1e150, "value": 1e300 },
            { "arrival": 1, "deadline": 1, "size": 1.0, "parallelism": 1.0, "value": 1e300 },
            { "arrival": 2, "deadline": 2, "size": 1.0, "parallelism": 1.0, "value": 0 },
        ],
        "policies": "paper_synthetic",
        "delay": 1,
        "payoff_scale": 1000,
    }));
    let r = run_doc(&spec, 0);
    assert!(r.final_weights.iter().all(|w| w.is_finite()));
    assert!((r.final_weights.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

// ---------------------------------------------------------------------------------------------
// Policy sets, prices, presets.

#[test]
fn the_paper_sets_have_the_papers_sizes_order_and_labels() {
    let syn = PoliciesSpec::Paper(PaperSet::Synthetic).list();
    let real = PoliciesSpec::Paper(PaperSet::Real).list();
    assert_eq!((syn.len(), real.len()), (408, 504));
    let spec = small_doc(json!("paper_synthetic"), json!({ "kind": "trace", "prices": [0.1] }), 3, 0);
    let r = run_doc(&spec, 0);
    let label = |k: usize| r.policies[k].label.clone();
    assert_eq!(label(0), "RC σ=0 fixed b=.1");
    assert_eq!(label(3), "RC σ=0 fixed b=.25");
    assert_eq!(label(4), "RC σ=.2 fixed b=.1");
    assert_eq!(label(24), "RC σ=0 var γ=0 ε=0");
    assert_eq!(label(25), "RC σ=0 var γ=0 ε=.02");
    assert_eq!(label(203), "RC σ=1 var γ=.8 ε=.1");
    assert_eq!(label(204), "DC M=0 fixed b=.1");
    assert_eq!(label(407), "DC M=5 var γ=.8 ε=.1");
    assert_eq!(r.policies[3].meaning, "spot only, bid .25; on demand only to save the deadline");
}

#[test]
fn a_schedule_switches_at_its_jobs_arrival() {
    // Three jobs at slots 0, 12 and 24; the second model from job 1 (index) — from slot 12.
    let spec = scenario(json!({
        "on_demand_price": P,
        "spot_price": { "kind": "schedule", "switches": [
            { "from_job": 0, "model": { "kind": "trace", "prices": [0.1] } },
            { "from_job": 1, "model": { "kind": "alternating", "high": 0.3, "low": 0.0 } },
        ] },
        "jobs": presets::small_jobs(),
        "policies": [{ "family": "rate_centric", "sigma": 0, "bid": { "kind": "fixed", "b": 1 } }],
    }));
    let (_, prices) = cloudecon::spot::run::jobs_and_prices(&spec).unwrap();
    assert!(prices[..12].iter().all(|&x| x == 0.1));
    assert!(prices[12..24].iter().all(|&x| x == 0.0), "hour 1 of the alternating model is low");
    assert!(prices[24..36].iter().all(|&x| x == 0.3));
    // A fraction: 0.34 of 3 jobs rounds to job 1, the same switch.
    let mut s2 = spec.clone();
    if let cloudecon::spot::prices::PriceModelSpec::Schedule { switches } = &mut s2.spot_price {
        switches[1].from_job = 0.34;
    }
    assert_eq!(cloudecon::spot::run::jobs_and_prices(&s2).unwrap().1, prices);
}

#[test]
fn every_preset_validates_and_the_small_one_runs() {
    for p in cloudecon::spot::Spot::presets() {
        let doc: Document<SpotScenario> = p.document();
        let mut problems = cloudecon::error::Problems::new();
        doc.spec.validate(&mut problems);
        assert!(problems.is_empty(), "{}: {:?}", p.name, problems.into_result());
    }
    let r = run_doc(&presets::basic().spec, 1);
    assert_eq!(r.jobs, 300);
    assert_eq!(r.weight_snapshots.iter().map(|s| s.jobs).collect::<Vec<_>>(), vec![50, 100, 200, 300]);
}

// ---------------------------------------------------------------------------------------------
// The paper's findings (Section 4.1), on the presets.

fn best_labels(r: &SpotResult, k: usize) -> Vec<String> {
    let mut order: Vec<usize> = (0..r.policies.len()).collect();
    order.sort_by(|&a, &b| r.policy_payoffs[b].total_cmp(&r.policy_payoffs[a]).then(a.cmp(&b)));
    order.into_iter().take(k).map(|i| r.policies[i].label.clone()).collect()
}

/// In each experiment the learner's average regret is far below the average policy's, and falls
/// as jobs are processed.
fn assert_learns(r: &SpotResult) {
    assert!(r.average_regret < r.average_policy_regret / 5.0, "{} vs {}", r.average_regret, r.average_policy_regret);
    let reg = &r.series.average_regret;
    assert!(reg[reg.len() - 1] < reg[reg.len() / 10] && reg[reg.len() / 10] < reg[0], "{reg:?}");
}

#[test]
fn experiment_2s_best_policy_bids_a_fixed_quarter() {
    let doc = presets::exp2();
    let r = run_doc(&doc.spec, doc.seed);
    assert_eq!(r.policies[r.best_policy as usize].label, "RC σ=0 fixed b=.25");
    assert!(r.final_weights[r.best_policy as usize] > 0.5, "the learner puts most weight on it");
    assert_learns(&r);
}

#[test]
fn experiment_4s_best_policies_bid_the_last_price() {
    let doc = presets::exp4();
    let r = run_doc(&doc.spec, doc.seed);
    for label in best_labels(&r, 6) {
        assert!(label.contains("var γ=0 "), "{label}");
    }
    assert_learns(&r);
}

#[test]
fn experiment_1_has_both_families_among_the_best_and_experiment_3_favours_high_bids() {
    let doc = presets::exp1();
    let r = run_doc(&doc.spec, doc.seed);
    let best = best_labels(&r, 5);
    assert!(best.iter().any(|l| l.starts_with("RC")) && best.iter().any(|l| l.starts_with("DC")), "{best:?}");
    assert_learns(&r);
    // Experiment 3 (see BENCHMARKS.md: where we differ from the paper): with the mean at 0.2 the
    // best policies are spot only with bids above the on-demand price (variable, ε = .1), and
    // all on demand (σ = 1) beats every mixed fixed-bid policy (σ = .2 … .8).
    let doc = presets::exp3();
    let r = run_doc(&doc.spec, doc.seed);
    for label in best_labels(&r, 4) {
        assert!(label.starts_with("RC σ=0 var") && label.ends_with("ε=.1"), "{label}");
    }
    let on_demand = r.policy_payoffs[20];
    assert_eq!(r.policies[20].label, "RC σ=1 fixed b=.1");
    for k in 4..20 {
        assert!(r.policy_payoffs[k] < on_demand, "{}", r.policies[k].label);
    }
    assert_learns(&r);
}

#[test]
fn with_m_in_slots_experiment_3s_best_policies_are_all_on_demand() {
    // The paper's finding for experiment 3, under Algorithm 1's literal reading (BENCHMARKS.md):
    // the on-demand-only policies (σ = 1, all 34 alike) are the best.
    let mut spec = presets::exp3().spec;
    spec.remaining_unit = RemainingUnit::Slots;
    let r = run_doc(&spec, presets::exp3().seed);
    let best = best_labels(&r, 34);
    assert!(best.iter().all(|l| l.starts_with("RC σ=1 ")), "{best:?}");
    assert!(r.average_regret < r.average_policy_regret / 5.0, "{} vs {}", r.average_regret, r.average_policy_regret);
}

// ---------------------------------------------------------------------------------------------
// The real-data experiment (Section 4.2).

#[test]
fn spot_real_draws_values_and_deadlines_as_section_4_2() {
    // v = z·p·(5 + U[0, 1]) and the deadline is the completion time on c instances, ⌈z/c⌉ hours.
    let spec = presets::real(&cloudecon::data::Data::embedded()).spec;
    let (jobs, _) = cloudecon::spot::run::jobs_and_prices(&spec).expect("the preset's jobs");
    assert_eq!(jobs.len(), 20_000);
    let p = spec.on_demand_price;
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    for j in &jobs {
        let x = j.value / (p * j.size);
        assert!((5.0 - 1e-12..=6.0 + 1e-12).contains(&x), "value factor {x}");
        (low, high) = (low.min(x), high.max(x));
        assert_eq!(j.deadline, ((j.size / j.parallelism).ceil() as u32).max(1), "{j:?}");
    }
    assert!(low < 5.01 && high > 5.99, "the factors fill [5, 6]: {low} … {high}");
}

#[test]
fn spot_reals_fixed_bids_span_the_recorded_series() {
    let bids =
        presets::real_bids(cloudecon::data::Data::embedded().get(&cloudecon::data::EC2_M3_MEDIUM).unwrap_or_default());
    let expected = [0.0093, 0.0095, 0.0096, 0.0097, 0.0098, 0.01, 0.0103, 0.0106, 0.0109, 0.0113, 0.0119, 0.7];
    assert_eq!(bids, expected, "the k/12 quantiles of the slot prices");
    let spec = presets::real(&cloudecon::data::Data::embedded()).spec;
    let (_, prices) = cloudecon::spot::run::jobs_and_prices(&spec).expect("the preset's prices");
    let max = prices.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(bids[11], max, "the top bid is never interrupted");
    // Between any two neighbouring bids lie prices of the series: no two fixed bids act alike.
    for w in bids.windows(2) {
        assert!(prices.iter().any(|&x| x > w[0] && x <= w[1]), "{w:?}");
    }
    assert!(prices.iter().any(|&x| x < bids[0]), "the lowest bid is interrupted sometimes");
    let list = spec.policies.list();
    assert_eq!(list.len(), 504);
    assert_eq!(
        list[..12].iter().map(|p| p.bid).collect::<Vec<_>>(),
        bids.iter().map(|&b| BidSpec::Fixed { b }).collect::<Vec<_>>()
    );
}

#[test]
fn quantile_bids_handle_small_and_degenerate_series() {
    use cloudecon::spot::policies::quantile_bids;
    assert_eq!(quantile_bids(&[], 12), Vec::<f64>::new());
    assert_eq!(quantile_bids(&[0.3], 12), vec![0.3]);
    assert_eq!(quantile_bids(&[0.4, 0.1, 0.3, 0.2], 4), vec![0.1, 0.2, 0.3, 0.4]);
    assert_eq!(quantile_bids(&[0.4, 0.1, 0.3, 0.2], 2), vec![0.2, 0.4]);
    assert_eq!(quantile_bids(&[0.1, f64::NAN, 0.2], 0), Vec::<f64>::new());
}

#[test]
fn spot_reals_fixed_bids_no_longer_tie_and_the_learner_beats_the_average_policy() {
    for unit in [RemainingUnit::Hours, RemainingUnit::Slots] {
        let doc = presets::real(&cloudecon::data::Data::embedded());
        let mut spec = doc.spec;
        spec.remaining_unit = unit;
        let r = run_doc(&spec, doc.seed);
        // Deadline-centric M = 0 (spot only) over the 12 bids: a higher bid is interrupted less.
        let dc = 252;
        assert_eq!(r.policies[dc].label, "DC M=0 fixed b=.0093");
        let spot_only = &r.policy_payoffs[dc..dc + 12];
        assert!(spot_only.windows(2).all(|w| w[0] < w[1]), "{unit:?}: {spot_only:?}");
        assert!(r.policies[r.best_policy as usize].label.ends_with("fixed b=.7"), "{unit:?}");
        assert!(r.average_regret < r.average_policy_regret / 10.0, "{unit:?}");
    }
}
