//! # On-demand, spot, or both
//!
//! Ishai Menache, Ohad Shamir, Navendu Jain. "On-demand, Spot, or Both: Dynamic Resource
//! Allocation for Executing Batch Jobs in the Cloud". 11th International Conference on Autonomic
//! Computing (ICAC '14), pages 177–187, 2014.
//!
//! A user runs a stream of batch jobs on on-demand instances (price `p` per instance-hour) and/or
//! spot instances (a bid `b`; they run while the spot price stays at or below it — a price within
//! `1e-12·max(1, |b|)` of the bid ties and does not interrupt). Parameterised
//! policies — rate-centric (a share `σ` on demand) and deadline-centric (spot until `M` hours
//! are left), with fixed or variable bids — say how to run each job, hour by hour; an online
//! learner (Hedge with feedback delayed by `d` jobs, Algorithm 2) learns which policy is best. The
//! time left `m` in the policies' tests counts hours or, as Algorithm 1 writes it, slots
//! (`remaining_unit`, [`model::RemainingUnit`]):
//!
//! ```text
//! w_{j+1,π} ∝ w_{j,π} · exp(η_j · scale · f_{j−d}(π)),   η_j = sqrt(2·ln n / (d·(j − d)))
//! average regret = (max_π Σ_j f_j(π) − Σ_j Σ_π w_{j,π} f_j(π)) / J
//! ```
//!
//! Layers, each using only those before it: [`model`] (jobs, the `Family` and `BidRule` traits,
//! policies) → [`ec2`] (recorded EC2 histories) → [`prices`] (the price models) → [`history`]
//! (the bid averages) → [`grid`] (a formula family's parameter grid) → [`formula`] (policies
//! as a formula family: the variables, the compiled formulas, the clamping) → [`execute`] (a job
//! under every expert, sharing the price work) → [`learner`] (the weights; the step sizes; the
//! auto delay) → [`policies`] / [`jobs`] (the document's policies, formula families and jobs) →
//! [`as_formula`] (the paper's families written as formula families) → [`scenario`] → [`result`] → [`run`] (setup and the streaming
//! evaluation) → [`job`] → `presets` → `mechanism` (the registered [`Spot`]).
//!
//! Cost: one job under all `n` policies is O(d·H + n·d·log H) for a `d`-hour deadline and `H`
//! slots per hour; a run is O(J·(d·H + n·d·log H) + slots·γs), memory O(n·d + J + slots·γs).
//!
//! Invariants (tested): the weights sum to 1 after every update and never overflow or turn NaN;
//! `final_weights` and `expected_payoff` depend on the payoffs only, not on the seed.

pub mod as_formula;
pub mod ec2;
pub mod execute;
pub mod formula;
pub mod grid;
pub mod history;
pub mod job;
pub mod jobs;
pub mod learner;
mod mechanism;
pub mod model;
pub mod policies;
pub mod presets;
pub mod prices;
pub mod result;
pub mod run;
pub mod scenario;

pub use mechanism::Spot;
pub use result::SpotResult;
pub use run::{Evaluation, Setup};
pub use scenario::SpotScenario;
