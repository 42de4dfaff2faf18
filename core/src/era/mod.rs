//! # ERA: economic resource allocation for reservations
//!
//! Moshe Babaioff, Yishay Mansour, Noam Nisan, Gali Noti, Carlo Curino, Nar Ganapathy, Ishai
//! Menache, Omer Reingold, Moshe Tennenholtz, Erez Timnat. "ERA: A Framework for Economic Resource
//! Allocation for the Cloud". WWW '17 Companion (Proceedings of the 26th International Conference
//! on World Wide Web Companion), pages 635–642, 2017.
//!
//! Users reserve: "`W` units of a configuration for `T` consecutive slots somewhere in `[A, D)`, I
//! pay at most `V`". ERA answers at once — accept with a price fixed now, or reject — keeps a plan,
//! and tells the cloud what to run. The algorithm quotes without seeing `V`; ERA compares once
//! (`accept iff V ≥ price`), so the mechanism is truthful by construction. Basic-Econ (Algorithm 1)
//! prices each unit at each slot by the predicted demand it would displace:
//!
//! ```text
//! price_t(i) = max { p : demand_t(p) > capacity(t) − promised(t) − i }      (+∞ if it does not fit)
//! price      = min over starts s of  Σ_{t = s}^{s+T−1} Σ_{i = 1}^{W} price_t(i)
//! ```
//!
//! Layers, each using only those before it: [`model`] (cloud, bids: plain types) → [`lp`] (the LP
//! relaxation) → [`predict`] (demand curves, the `Predictor` trait, spreading, LP, periods) →
//! [`algorithm`] (the `Algorithm` trait: Basic-Econ, first-fit, on-demand; the plan) →
//! [`layer`] (the ERA interface: `make_reservation`, `current_allocation`, `update`) →
//! [`requests`] (bids and the generator) → [`scenario`] (the `era` document: serde, validation) → [`convert`] (document → model,
//! the predictor built) / [`result`] → [`run`] (the simulated cloud) → [`job`] (the resumable
//! run) → `presets` → `mechanism` (the registered [`Era`]).
//!
//! Invariants (tested): `promised ≤ capacity` at every slot under Basic-Econ and first-fit; every
//! accepted price ≤ its value; a quote never depends on the value.

pub mod algorithm;
pub mod convert;
pub mod job;
pub mod layer;
pub mod lp;
mod mechanism;
pub mod model;
pub mod predict;
pub mod presets;
pub mod requests;
pub mod result;
pub mod run;
pub mod scenario;

pub use mechanism::Era;
pub use result::EraResult;
pub use run::Simulation;
pub use scenario::EraScenario;
