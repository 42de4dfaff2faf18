//! # CloudShare / DirectContr
//!
//! Milosz Pacholczyk et al. (University of Warsaw), "Fair non-monetary scheduling in federated
//! clouds" (CloudShare, a distributed version of DirectContr), CrossCloud workshop, 2018 — short
//! form Pacholczyk et al., CrossCloud 2018. DirectContr itself and the utility ψ_sp are Skowron
//! and Rzadca, 2013 and 2014 (as the paper cites them).
//!
//! Organizations pool machines; there is no money. A provider's fair outcome is its Shapley
//! value in the game whose value `v(C)` is the total wait of coalition `C` scheduled on its own
//! machines. DirectContr serves next the organization whose *contribution* (the utility of the
//! pieces run on its machines) most exceeds its *utility* (that of its own pieces), evaluated at
//! `t + 1`. The paper's equations (1)–(4) were lost; the utilities are the spec's reconstruction
//! (see `utility`): ψ_rel counts time from the release, so that a finished job is worth the same
//! however late it started. With a `federation` block a site lends only while its busy cores /
//! cores is below the exposure threshold (default 0.7), and a leaving site's running foreign
//! pieces are submitted again at the leave time.
//!
//! Layers, each using only those before it: [`model`] (organizations, pieces, the federation
//! block) → [`utility`] (ψ as exact integer polynomials in time) → [`priority`] (the `Priority`
//! trait: DirectContr, FairShare, round robin; the tournament tree) → [`custom`] (a priority
//! written as a formula, issue 22) → [`schedule`] (the
//! event-driven scheduler, centralised or federated) → [`algorithm`] (the five by name) →
//! [`organizations`] (list, equal, Zipf) → [`workload`] (jobs: list, generator, SWF windows) →
//! [`fairness`] (coalition values, exact or sampled Shapley through `crate::shapley`, unfairness,
//! points) → [`scenario`] → [`result`] → [`run`] (windows and batches of coalition simulations)
//! → [`job`] → `presets` → `mechanism` (the registered [`CloudShare`]).
//!
//! Cost: a simulation is O(events · N + pieces · log N); exact Shapley needs 2^N − 1 of them
//! (in parallel in the runner), sampling `k·N` at most.
//!
//! Invariants (tested): with unit pieces the total wait is the same under every algorithm;
//! Σφ = v(grand); the scheduler never leaves a machine idle while a piece waits.

pub mod algorithm;
pub mod custom;
pub mod fairness;
pub mod job;
mod mechanism;
pub mod model;
pub mod organizations;
pub mod presets;
pub mod priority;
pub mod result;
pub mod run;
pub mod scenario;
pub mod schedule;
pub mod utility;
pub mod workload;

pub use mechanism::CloudShare;
pub use result::CloudShareResult;
pub use scenario::CloudShareScenario;
