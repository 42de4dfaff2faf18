//! # What a mechanism is, to the rest of the playground
//!
//! Every mechanism — a paper's model and algorithms — implements [`Mechanism`] on a marker type
//! (one per mechanism folder) and is named once in the registration
//! list (`registry.rs`). Everything generic — reading documents (both readers), validating,
//! choosing inline vs worker, running, writing results as JSON and CSV, presets, benchmarks, the
//! runner binary — goes through this trait and the registry's visitors, and never names a
//! mechanism.
//!
//! A mechanism brings:
//! * its `mechanism` tag ([`Mechanism::TAG`]);
//! * its scenario fields ([`Mechanism::Scenario`]: serde, unknown fields rejected) with their
//!   semantic validation, every problem with its JSON path ([`Mechanism::validate`]);
//! * its result fields ([`Mechanism::Output`]: serde) and its own CSV table ([`Mechanism::csv`]);
//! * its resumable [`Job`] and work estimate (in the units of `runner::INLINE_WORK_LIMIT`);
//! * its example scenarios ([`Mechanism::presets`]) and standard benchmark workloads
//!   ([`Mechanism::workloads`]);
//! * the rules a user can rewrite as formulas ([`Mechanism::RULES`], listed by `rules.rs`).
//!
//! The trait is independent of the document format around it ([`Document`] is generic in its
//! mechanism fields), so a mechanism's module depends on nothing but the core's plumbing
//! (`error`, `sim`, `matrix`, `math`) and this file.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::data::{Data, DataFile};
use crate::error::{Problems, ScenarioError};
use crate::formula::{Type, Variable};
use crate::matrix::Matrix;
use crate::sim::Job;

/// A scenario document: the common fields (`title`, `notes`, `seed`) and the mechanism's own
/// fields `spec`. `Scenario` is `Document<MechanismSpec>`, any registered mechanism; a
/// mechanism's presets are `Document<ItsScenario>`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Document<S> {
    pub title: String,
    pub notes: String,
    /// Every random draw of a run comes from this seed.
    pub seed: u64,
    pub spec: S,
}

impl<S> Document<S> {
    /// A document with empty title and notes and seed 0.
    pub fn new(spec: S) -> Self {
        Document { title: String::new(), notes: String::new(), seed: 0, spec }
    }

    /// The same document with its fields turned into another type (e.g. wrapped in an enum).
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> Document<T> {
        Document { title: self.title, notes: self.notes, seed: self.seed, spec: f(self.spec) }
    }
}

/// A named example document of one mechanism: a preset (`cloudecon preset NAME`, the browser's
/// menus) or a standard benchmark workload (`cloudecon bench`, the `/bench` page).
pub struct Example<S> {
    pub name: &'static str,
    pub description: &'static str,
    pub build: Build<S>,
}

impl<S> Example<S> {
    /// The example's document, with the data compiled into the runner.
    #[cfg(feature = "embedded-data")]
    pub fn document(&self) -> Document<S> {
        match self.build {
            Build::Ready(build) => build(),
            Build::WithData(_, build) => build(&Data::embedded()),
        }
    }
}

/// How an [`Example`] is built.
pub enum Build<S> {
    /// From nothing.
    Ready(fn() -> Document<S>),
    /// From real data: the texts of these files (see [`crate::data`]).
    WithData(&'static [&'static DataFile], fn(&Data) -> Document<S>),
}

/// An exercise shipped with the playground (`cloudecon exercise NAME`, the home page's exercise
/// sets): an exercise document of the mechanism, embedded as JSON text from its folder.
pub struct ShippedExercise {
    pub name: &'static str,
    pub json: &'static str,
}

/// One mechanism of the playground. Implemented on a marker type, registered once in
/// the registry.
pub trait Mechanism: 'static {
    /// The `mechanism` tag of its documents (as the spec names it).
    const TAG: &'static str;
    /// A short human name, for lists and messages.
    const NAME: &'static str;

    /// The mechanism's fields of a scenario document.
    type Scenario: Serialize + DeserializeOwned + Clone + PartialEq + Debug + 'static;
    /// The result fields of a run.
    type Output: Serialize + DeserializeOwned + Clone + PartialEq + Debug + 'static;
    /// The resumable computation of a run.
    type Job: Job;

    /// Semantic validation: every problem, each with its JSON path.
    fn validate(scenario: &Self::Scenario, problems: &mut Problems);

    /// Estimated work of a run, in work units (see `runner::INLINE_WORK_LIMIT`); cheap.
    fn work(scenario: &Self::Scenario) -> u64;

    /// The run of a *validated* scenario, which it takes over; draws come from `seed`.
    fn start(scenario: Self::Scenario, seed: u64) -> Self::Job;

    /// The result of a finished job, or why the input has no result (a problem with the input
    /// that only the run could find, e.g. a singular regression).
    fn finish(output: <Self::Job as Job>::Output) -> Result<Self::Output, ScenarioError>;

    /// The result's main table: a header row, then rows, for spreadsheets.
    fn csv(output: &Self::Output, table: &mut csv::Writer<Vec<u8>>) -> csv::Result<()>;

    /// The rules of this mechanism a formula can replace (issue 22), in the order `cloudecon
    /// rules` and the pages list them.
    const RULES: &'static [Rule] = &[];

    /// Example scenarios, in menu order. Building one must be cheap (no long computation: a
    /// long one belongs in the run, with progress and Cancel).
    fn presets() -> Vec<Example<Self::Scenario>> {
        Vec::new()
    }

    /// Standard benchmark workloads, in report order.
    fn workloads() -> Vec<Example<Self::Scenario>> {
        Vec::new()
    }

    /// The mechanism's exercise set, in teaching order (see `exercise`).
    fn exercises() -> &'static [ShippedExercise] {
        &[]
    }

    /// Iterations the run needed, if the mechanism iterates (reported beside benchmark timings).
    fn iterations(_output: &Self::Output) -> Option<u32> {
        None
    }

    /// The result's large matrices, so that a writer may format them in parallel (the runner
    /// binary does, and splices them into the document it writes).
    fn matrices(_output: &mut Self::Output) -> Vec<&mut Matrix> {
        Vec::new()
    }
}

/// An extension point: a rule of a mechanism that a formula can replace.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// What the rule decides.
    pub name: &'static str,
    /// Where the formula goes (a JSON pointer into the document).
    pub pointer: &'static str,
    /// The document form that selects it.
    pub form: &'static str,
    /// What the formula computes.
    pub result: Type,
    pub variables: &'static [Variable],
    /// A formula to start from.
    pub example: &'static str,
    /// The names `example` reads when the variables are the document's own (an Abacus utility
    /// reads the resources' names); empty: `variables`.
    pub example_names: &'static [&'static str],
}
