//! # CloudEcon core
//!
//! The pure-Rust heart of CloudEcon Playground: the scenario schema, the economic mechanisms of
//! four cloud-computing papers, their simulators, and the run pipeline shared by the browser
//! (compiled to wasm) and the native `cloudecon` runner.
//!
//! * [`abacus`] — budget-splitting auction (Zhang et al., IC2E 2013), with utility estimation
//! * [`era`] — economic resource allocation for reservations (Babaioff et al., WWW 2017)
//! * [`spot`] — on-demand, spot, or both: policies learned online (Menache et al., ICAC 2014)
//! * [`formula`] — the language of user-written rules: parsed once, evaluated without allocating,
//!   with exact derivatives
//! * [`exercise`] — classroom exercises on any mechanism's scenario: tasks, checks, grading
//! * [`cloudshare`] — fair, money-free sharing between federated clouds, judged against the exact
//!   Shapley value of the [`shapley`] calculator (Pacholczyk et al., CrossCloud 2018)
//!
//! Each mechanism implements [`Mechanism`] in its own folder and is named once in the
//! [`registry`]; the scenario readers, the [`runner`], [`presets`] and [`bench`] are generic.
//!
//! ## Invariants
//! * No browser dependencies, no clock, no I/O: everything is a function of the scenario.
//! * Every random draw comes from [`sim::seeded_rng`] (ChaCha8 seeded by the scenario's `seed`).
//! * Serde derives only on boundary types (scenario documents and results).
//! * Long computations are [`sim::Job`]s: resumable in steps, so the browser can show progress and
//!   cancel between steps, and the runner can run them to completion.

pub mod abacus;
pub mod bench;
pub mod cloudshare;
pub mod data;
pub mod de;
pub mod era;
pub mod error;
pub mod exercise;
pub mod formula;
#[doc(hidden)]
pub mod fuzz;
pub mod game;
pub mod math;
pub mod matrix;
pub mod mechanism;
pub mod messages;
pub mod presets;
pub mod registry;
pub mod rules;
pub mod runner;
pub mod scenario;
pub mod shapley;
pub mod share;
pub mod sim;
pub mod spot;
pub mod study;
pub mod swf;

pub use error::{Problem, ScenarioError};
pub use formula::{Formula, FormulaError};
pub use matrix::Matrix;
pub use mechanism::{Build, Document, Example, Mechanism, ShippedExercise};
pub use runner::{RunOutput, ScenarioJob};
pub use scenario::{MechanismKind, MechanismSpec, Scenario};
