//! Shared simulation plumbing: resumable jobs with progress, and the one seeded generator.
//!
//! A [`Job`] is the argmin-style "solver state": [`Job::step`] advances by a bounded amount of
//! work and reports [`Progress`], so the same computation runs to completion in the runner, inline
//! in the browser for small scenarios, or in a Web Worker that posts progress and obeys a cancel
//! signal between steps.

mod staged;

pub use staged::{Staged, StagedJob};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator behind every random draw: ChaCha8 (portable, identical on wasm32 and x86_64).
pub type Rng = ChaCha8Rng;

/// The generator for a scenario seed. Never seed from the clock.
pub fn seeded_rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform draw in [0, 1) with 53 random bits.
pub fn unit_interval(rng: &mut Rng) -> f64 {
    use rand_chacha::rand_core::Rng as _;
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// How far a job has come, in the job's own work units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

impl Progress {
    /// Fraction done in [0, 1].
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            (self.done as f64 / self.total as f64).min(1.0)
        }
    }
}

/// The outcome of one step.
#[derive(Debug, Clone, PartialEq)]
pub enum Step<T> {
    /// More work remains.
    Working(Progress),
    /// The job has finished with its output.
    Done(T),
}

/// A resumable computation.
pub trait Job {
    type Output;
    /// Do at most about `budget` units of work. The pipeline never steps a job after `Done`;
    /// a job stepped again anyway answers `Done` again (an error, or the same result), never panics.
    fn step(&mut self, budget: u64) -> Step<Self::Output>;
    /// Units done and total, for progress bars.
    fn progress(&self) -> Progress;
}

impl<J: Job + ?Sized> Job for Box<J> {
    type Output = J::Output;
    fn step(&mut self, budget: u64) -> Step<J::Output> {
        (**self).step(budget)
    }
    fn progress(&self) -> Progress {
        (**self).progress()
    }
}

/// Runs a job to completion in one go.
pub fn run_to_end<J: Job>(mut job: J) -> J::Output {
    loop {
        if let Step::Done(out) = job.step(u64::MAX) {
            return out;
        }
    }
}
