//! # Abacus: an auction that splits each job's budget over resource types
//!
//! Zhenjie Zhang, Richard T. B. Ma, Jianbing Ding, Yin Yang. "ABACUS: An Auction-Based Approach to
//! Cloud Service Differentiation". IEEE International Conference on Cloud Engineering (IC2E), 2013.
//!
//! `n` jobs bid `(b_i, u_i)` for `m` resource types: a budget and a separable concave utility
//! `u_i(s_i) = Σ_j g_ij(s_ij)`. The budget is split into sub-budgets `b_ij` (`Σ_j b_ij = b_i`) and
//! job `i` gets resource `j` with probability
//!
//! ```text
//! s_ij = b_ij^α / Σ_l b_lj^α            (α ∈ [0, 1]; α = 0 gives 1/n)          (paper eq. 1)
//! ```
//!
//! The auctioneer chooses the split for every job (Algorithms 1 and 2): starting from `b_i / m`,
//! jobs in turn set `b'_ij ∝ (∂u_i/∂s_ij) · s_ij · (1 − s_ij)` until nothing moves. At the fixed
//! point each job's split maximises its own utility given the others (Lemma 2, the KKT condition of
//! `max u_i` over the simplex of sub-budgets), utility is monotone in the budget (Lemma 4) and, with
//! one running job per user, reporting the true budget and utility is optimal (Theorem 2).
//!
//! * [`auction`] — Algorithms 1 and 2; O(n·m) per round. [`WarmAuction`] keeps one between a
//!   schedule's events, each solve starting from the previous fixed point.
//! * [`utility`] — the concave forms behind a small trait (`linear`, `log`, `power`).
//! * [`incentive`] — sweeps of one job's *reported* budget or weights against its *true* utility.
//! * [`schedule`] — the probabilistic scheduler of Section III against FIFO and Fair (its
//!   auctions warm-started).
//! * [`estimate`] — utility estimation by (non-negative) least squares, Section V.

//!
//! Layers, each using only those before it: [`utility`] → [`auction`] → [`incentive`] /
//! [`schedule`] / [`study`] (plain parameter types) → `scenario` (the `abacus` document: serde,
//! validation, conversion) → `job` (the resumable run) → `mechanism` (the registered
//! [`Abacus`]). Estimation: [`estimate`] (the regression) → [`observe`] (observations from the
//! scheduler, CSV) → [`estimation`] (the `abacus_estimate` document, its job and mechanism).

pub mod auction;
pub mod estimate;
pub mod estimation;
pub mod incentive;
mod job;
mod mechanism;
pub mod observe;
pub mod presets;
mod scenario;
pub mod schedule;
pub mod study;
pub mod utility;

pub use auction::{run_auction, AuctionParams, AuctionResult, Bid, WarmAuction};
pub use estimation::{AbacusEstimate, AbacusEstimateScenario, FromSchedule};
pub use incentive::{SweepOver, SweepSpec};
pub use job::AbacusJob;
pub use mechanism::Abacus;
pub use scenario::{AbacusResult, AbacusScenario, JobSpec, ResourceSpec, MAX_JOBS, MAX_RESOURCES};
pub use study::{StudyResult, StudySpec};
pub use utility::{Utility, UtilityKind, UtilitySpec};
