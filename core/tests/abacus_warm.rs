//! Warm-started auctions (issue 23): an auction kept between calls, jobs joining and leaving,
//! each solve starting from the previous fixed point. Property tests check that it ends at the
//! cold start's fixed point within the auction's tolerance (shares, utilities, sub-budgets) on
//! random instances and random sequences of arrivals and departures, and that a cold start
//! through it is `run_auction` bit for bit.

mod common;

use cloudecon::abacus::auction::{Start, WarmAuction, MAX_WARM_ALPHA};
use cloudecon::abacus::{run_auction, AuctionParams, AuctionResult, Bid, Utility};
use common::{close_rel, WARM_BUDGET_EPS, WARM_SHARE_EPS};
use proptest::prelude::*;

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
