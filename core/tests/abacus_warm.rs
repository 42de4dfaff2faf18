//! Warm-started auctions (issue 23): the auction the scheduler keeps between events, jobs joining
//! and leaving, each solve starting from the previous fixed point. Property tests check that it
//! ends at the cold start's fixed point within the auction's tolerance (shares, utilities,
//! sub-budgets) on random instances and random sequences of arrivals and departures, that a cold
//! start through it is `run_auction` bit for bit, and that a schedule's outcome (finish times,
//! response times, average shares) under warm starts matches the cold start's.

mod common;

use cloudecon::abacus::auction::{Start, WarmAuction, MAX_WARM_ALPHA};
use cloudecon::abacus::schedule::{Policy, ScheduleResult, ScheduleSpec};
use cloudecon::abacus::{run_auction, AuctionParams, AuctionResult, Bid, Utility};
use cloudecon::{MechanismSpec, Scenario};
use common::{close_rel, TIME_EPS, WARM_BUDGET_EPS, WARM_SHARE_EPS};
use proptest::prelude::*;
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Instances

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// One bid on `m` resources: budget, form (0 linear, 1 log, 2 power 0.3), weights (a fifth 0).
fn bids(m: usize, n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Bid>> {
    let weight = prop_oneof![1 => Just(0.0), 4 => 0.1f64..3.0];
    let bid = (10f64..1000.0, 0u8..3, prop::collection::vec(weight, m)).prop_map(|(budget, kind, w)| Bid {
        budget,
        utility: match kind {
            0 => Utility::linear(w),
            1 => Utility::log(w),
            _ => Utility::power(w, 0.3),
        },
    });
    prop::collection::vec(bid, n)
}

/// What happens between two solves: a job joins (the next unused bid) or the job at this
/// position (modulo the jobs present) leaves.
#[derive(Debug, Clone, Copy)]
enum Change {
    Join,
    Leave(usize),
}

fn changes() -> impl Strategy<Value = Vec<Vec<Change>>> {
    let change = prop_oneof![3 => Just(Change::Join), 2 => any::<usize>().prop_map(Change::Leave)];
    prop::collection::vec(prop::collection::vec(change, 1..=3), 1..=12)
}

/// A warm auction and, beside it, the bids it holds (in its row order).
struct Replay {
    auction: WarmAuction,
    held: Vec<Bid>,
    next: usize,
}

impl Replay {
    fn new(m: usize, params: AuctionParams) -> Self {
        Replay { auction: WarmAuction::new(m, params), held: Vec::new(), next: 0 }
    }

    fn apply(&mut self, change: Change, pool: &[Bid]) {
        match change {
            Change::Join => {
                let bid = &pool[self.next % pool.len()];
                self.next += 1;
                self.auction.join(bid);
                self.held.push(bid.clone());
            }
            Change::Leave(k) if !self.held.is_empty() => {
                let row = k % self.held.len();
                assert!(self.auction.leave(row));
                self.held.remove(row);
            }
            Change::Leave(_) => assert!(!self.auction.leave(0), "nothing to remove"),
        }
        assert_eq!(self.auction.len(), self.held.len());
    }
}

/// Warm and cold results agree: shares and utilities within [`WARM_SHARE_EPS`], and
/// sub-budgets within [`WARM_BUDGET_EPS`] of the stopping threshold `tolerance · max b` for every
/// job whose split is determined (one with `h > 0` somewhere; a job alone on all it values keeps
/// any split and gets the same shares whatever it is).
fn assert_same_fixed_point(warm: &AuctionResult, cold: &AuctionResult, bids: &[Bid], params: AuctionParams) {
    assert_eq!((warm.shares.len(), warm.shares.cols()), (cold.shares.len(), cold.shares.cols()));
    let scale = bids.iter().fold(0.0f64, |s, b| s.max(b.budget));
    for (i, bid) in bids.iter().enumerate() {
        for j in 0..warm.shares.cols() {
            let (sw, sc) = (warm.shares[i][j], cold.shares[i][j]);
            assert!((sw - sc).abs() <= WARM_SHARE_EPS, "job {i}, resource {j}: share {sw} warm, {sc} cold");
        }
        let (uw, uc) = (warm.utilities[i], cold.utilities[i]);
        assert!(close_rel(uw, uc, WARM_SHARE_EPS), "job {i}: utility {uw} warm, {uc} cold");
        let contested = (0..warm.shares.cols()).any(|j| bid.utility.weights[j] > 0.0 && cold.shares[i][j] < 1.0);
        if contested {
            for j in 0..warm.shares.cols() {
                let (bw, bc) = (warm.sub_budgets[i][j], cold.sub_budgets[i][j]);
                assert!(
                    (bw - bc).abs() <= WARM_BUDGET_EPS * params.tolerance * scale,
                    "job {i}, resource {j}: sub-budget {bw} warm, {bc} cold"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// After every change, a warm solve ends where `run_auction` on the bids held ends, within the
    /// tolerance, at the default tolerance and α over [0, 1] (above 0.5 it starts cold).
    #[test]
    fn warm_starts_reach_the_cold_start_fixed_point(
        (m, pool) in (1usize..=4).prop_flat_map(|m| (Just(m), bids(m, 1..=10))),
        steps in changes(),
        alpha in prop_oneof![Just(0.5), Just(1.0), Just(0.0), 0.0f64..=1.0],
    ) {
        let params = AuctionParams { alpha, ..AuctionParams::default() };
        let mut replay = Replay::new(m, params);
        for step in steps {
            for change in step {
                replay.apply(change, &pool);
            }
            let solve = replay.auction.solve(Start::Warm);
            if alpha > MAX_WARM_ALPHA {
                prop_assert_eq!(solve.start, Start::Cold);
            }
            let cold = run_auction(&replay.held, m, params);
            prop_assert_eq!(solve.converged, cold.converged);
            if cold.converged {
                assert_same_fixed_point(&replay.auction.result(), &cold, &replay.held, params);
            }
        }
    }

    /// A cold start through the warm auction is the cold auction, to the last bit, whatever
    /// joined and left before.
    #[test]
    fn a_cold_start_is_run_auction_bit_for_bit(
        (m, pool) in (1usize..=5).prop_flat_map(|m| (Just(m), bids(m, 1..=8))),
        steps in changes(),
        alpha in prop_oneof![Just(0.5), 0.0f64..=1.0],
    ) {
        let params = AuctionParams { alpha, ..AuctionParams::default() };
        let mut replay = Replay::new(m, params);
        for (k, step) in steps.into_iter().enumerate() {
            for change in step {
                replay.apply(change, &pool);
            }
            // Warm solves in between, so the state a cold start discards is not the even split.
            let start = if k % 2 == 0 { Start::Warm } else { Start::Cold };
            let solve = replay.auction.solve(start);
            if start == Start::Cold {
                let cold = run_auction(&replay.held, m, params);
                let mine = replay.auction.result();
                prop_assert_eq!(solve.rounds, cold.iterations);
                prop_assert_eq!(&mine.shares, &cold.shares);
                prop_assert_eq!(&mine.sub_budgets, &cold.sub_budgets);
                prop_assert_eq!(&mine.utilities, &cold.utilities);
                prop_assert_eq!(mine.converged, cold.converged);
            }
        }
    }
}

#[test]
fn an_empty_auction_solves_to_nothing() {
    let mut a = WarmAuction::new(2, AuctionParams::default());
    let solve = a.solve(Start::Warm);
    assert!(solve.converged && a.is_empty());
    assert_eq!((solve.rounds, solve.work), (1, 0), "one round finds nothing to move, as run_auction's");
    assert!(!a.leave(0));
    let mut shares = vec![1.0];
    a.shares_into(&mut shares);
    assert!(shares.is_empty());
}

/// Identical bids (one user's jobs, as in the overloaded schedule of issue 23): a newcomer
/// settles to the others' split on its own row, and one round then finds nothing to move; a
/// departure moves nothing either. From cold the same auctions take 10 rounds or more each.
#[test]
fn identical_jobs_need_one_round_after_a_change() {
    let bid = Bid { budget: 200.0, utility: Utility::linear(vec![3.0, 2.0]) };
    let params = AuctionParams::default();
    let mut warm = WarmAuction::new(2, params);
    let mut cold = WarmAuction::new(2, params);
    for k in 0..300 {
        warm.join(&bid);
        cold.join(&bid);
        let (w, c) = (warm.solve(Start::Warm), cold.solve(Start::Cold));
        assert!(w.converged && c.converged);
        assert_eq!((w.start, c.start), (Start::Warm, Start::Cold));
        if k >= 2 {
            assert_eq!(w.rounds, 1, "{} jobs: {w:?}", k + 1);
            assert!(c.rounds >= 10, "{} jobs, cold: {c:?}", k + 1);
        }
    }
    for row in [0, 150, 297] {
        assert!(warm.leave(row));
        assert_eq!(warm.solve(Start::Warm).rounds, 1);
    }
    let r = warm.result();
    assert!(r.shares.iter().all(|s| close_rel(s[0], 1.0 / 297.0, 1e-12)));
}

/// A job that is the only one valuing what it values keeps whatever it holds elsewhere (every
/// `h` is 0): J0 alone keeps its even split, and when J1, valuing only what J0 does not, joins,
/// J0 would keep half its budget on J1's resource, where from cold it moves all of it away first.
/// The warm solve sees the case and starts cold.
#[test]
fn a_job_alone_on_what_it_values_makes_the_solve_start_cold() {
    let j0 = Bid { budget: 649.0, utility: Utility::linear(vec![0.0, 0.93]) };
    let j1 = Bid { budget: 65.0, utility: Utility::log(vec![2.3, 0.0]) };
    let params = AuctionParams::default();
    let mut a = WarmAuction::new(2, params);
    a.join(&j0);
    assert_eq!(a.solve(Start::Warm).start, Start::Warm, "one job: nothing to be ambiguous about");
    a.join(&j1);
    assert_eq!(a.solve(Start::Warm).start, Start::Cold);
    let bids = [j0.clone(), j1.clone()];
    let cold = run_auction(&bids, 2, params);
    assert_eq!(a.result().shares, cold.shares);
    assert_eq!(cold.shares[0][0], 0.0, "from cold J0 leaves J1's resource to J1");
    // A third job valuing both resources: nobody is alone on what it values, warm again.
    a.join(&Bid { budget: 100.0, utility: Utility::linear(vec![1.0, 1.0]) });
    assert_eq!(a.solve(Start::Warm).start, Start::Warm);
}

// ---------------------------------------------------------------------------------------------
// The scheduler

/// Runs a schedule document with each auction started from `start`.
fn schedule(doc: &Value, start: Start) -> ScheduleResult {
    let scenario = Scenario::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("invalid document {doc}:\n{e}"));
    let MechanismSpec::Abacus(a) = &scenario.spec else { panic!("abacus scenario") };
    let spec: &ScheduleSpec = a.schedule.as_ref().expect("schedule");
    cloudecon::sim::run_to_end(spec.job_starting(&a.units(), &a.names(), a.params(), scenario.seed, start))
}

/// Random Abacus schedules: 1–3 resource types with 1–4 slots, 1–3 users with budgets over three
/// orders of magnitude, linear or log utilities, 0–4 tasks per type, explicit or Poisson arrivals.
fn workloads() -> impl Strategy<Value = Value> {
    (1usize..=3, 1usize..=3, any::<bool>(), any::<u64>()).prop_flat_map(|(m, users, in_order, seed)| {
        let arrivals = prop_oneof![
            prop::collection::vec(0.0f64..100.0, 0..=6).prop_map(|t| json!({ "times": t })),
            (0.02f64..0.3).prop_map(|rate| json!({ "poisson": { "rate": rate } })),
        ];
        let one_user = (
            0.0f64..3.0,
            arrivals,
            prop::collection::vec(0u32..=4, m),
            prop::collection::vec(0.5f64..20.0, m),
            prop::collection::vec(0.1f64..3.0, m),
            any::<bool>(),
        );
        (prop::collection::vec(1u32..=4, m), prop::collection::vec(one_user, users)).prop_map(move |(units, users)| {
            let resources: Vec<Value> =
                units.iter().enumerate().map(|(j, u)| json!({ "name": format!("r{j}"), "units": u })).collect();
            let users: Vec<Value> = users
                .into_iter()
                .enumerate()
                .map(|(k, (budget, arrivals, tasks, durations, weights, log))| {
                    json!({ "name": format!("U{k}"), "budget": 10f64.powf(budget),
                            "utility": { "kind": if log { "log" } else { "linear" }, "weights": weights },
                            "arrivals": arrivals, "tasks": tasks, "durations": durations })
                })
                .collect();
            json!({ "version": 1, "mechanism": "abacus", "seed": seed, "resources": resources,
                    "schedule": { "policies": ["abacus"], "phases_in_order": in_order, "horizon": 100,
                                  "users": users } })
        })
    })
}

/// The outcome under warm starts matches the cold start's: the same auctions, the same jobs
/// finishing at the same times (within rounding), the same mean response times, and average
/// shares within [`WARM_SHARE_EPS`]. (A slot's draw could in principle pick another job when the
/// uniform number falls within ~1e-10 of a boundary between two jobs' shares; with a few hundred
/// draws per schedule that has a probability of about 1e-7 per case.)
fn assert_same_outcome(warm: &ScheduleResult, cold: &ScheduleResult, context: &str) {
    let (w, c) = (&warm.policies[0], &cold.policies[0]);
    assert_eq!(w.policy, Policy::Abacus);
    assert_eq!((w.auctions, w.jobs.len()), (c.auctions, c.jobs.len()), "{context}");
    for (k, (jw, jc)) in w.jobs.iter().zip(&c.jobs).enumerate() {
        assert_eq!((jw.user, jw.arrival), (jc.user, jc.arrival), "{context}: job {k}");
        for (a, b) in [(jw.start, jc.start), (jw.finish, jc.finish), (jw.response_time, jc.response_time)] {
            assert!(close_rel(a, b, TIME_EPS), "{context}: job {k}: {a} warm, {b} cold");
        }
        let (sw, sc) = (jw.average_shares.as_deref().unwrap_or(&[]), jc.average_shares.as_deref().unwrap_or(&[]));
        assert_eq!(sw.len(), sc.len(), "{context}: job {k}");
        for (a, b) in sw.iter().zip(sc) {
            assert!((a - b).abs() <= WARM_SHARE_EPS, "{context}: job {k}: average share {a} warm, {b} cold");
        }
    }
    for (a, b) in [(w.makespan, c.makespan), (w.mean_response_time, c.mean_response_time)] {
        assert!(close_rel(a, b, TIME_EPS), "{context}: {a} warm, {b} cold");
    }
    for (uw, uc) in w.users.iter().zip(&c.users) {
        assert!(close_rel(uw.mean_response_time, uc.mean_response_time, TIME_EPS), "{context}: {}", uw.name);
    }
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn warm_started_schedules_match_the_cold_start(doc in workloads()) {
        let (warm, cold) = (schedule(&doc, Start::Warm), schedule(&doc, Start::Cold));
        assert_same_outcome(&warm, &cold, &doc.to_string());
    }
}

/// The paper's Table I setting (three users of different utilities, the `abacus-table-one`
/// preset's schedule, 600 s of arrivals): the same outcome warm and cold.
#[test]
fn table_one_warm_matches_cold() {
    let preset = cloudecon::presets::find("abacus-table-one").expect("preset").scenario();
    let mut doc: Value = serde_json::from_str(&preset.to_json()).expect("json");
    doc["schedule"]["policies"] = json!(["abacus"]);
    doc["schedule"]["horizon"] = json!(600.0);
    assert_same_outcome(&schedule(&doc, Start::Warm), &schedule(&doc, Start::Cold), "Table I, 600 s");
}

/// The overloaded workload of issue 23 (timed in BENCHMARKS.md) stays a valid document.
#[test]
fn the_overload_benchmark_document_is_valid() {
    let text = include_str!("../benches/abacus-overload.json");
    let scenario = Scenario::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    let MechanismSpec::Abacus(a) = &scenario.spec else { panic!("abacus scenario") };
    let schedule = a.schedule.as_ref().expect("schedule");
    assert_eq!(a.units(), [30, 6]);
    assert_eq!((schedule.users.len(), schedule.horizon, &schedule.policies[..]), (1, 1800.0, &[Policy::Abacus][..]));
}
