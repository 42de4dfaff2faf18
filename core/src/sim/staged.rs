//! Runs in two stages — build the state from the document (one fallible step: drawing jobs,
//! solving an LP), then advance it step by step — as one resumable [`Job`].

use super::{Job, Progress, Step};
use crate::error::ScenarioError;

/// A run's state after preparation.
pub trait Staged: Sized {
    /// What the state is built from (a validated document's mechanism fields).
    type Input;
    /// The result.
    type Output;
    /// Builds the state; a problem only the run can find is an error.
    fn prepare(input: &Self::Input, seed: u64) -> Result<Self, ScenarioError>;
    /// Nothing is left to do.
    fn finished(&self) -> bool;
    /// Does one step; returns the work units it took.
    fn advance(&mut self) -> u64;
    /// The result, once finished.
    fn result(self) -> Self::Output;
    /// A problem the last step found that ends the run (a user's rule that gave no number).
    fn failure(&mut self) -> Option<ScenarioError> {
        None
    }
    /// The remaining work, when preparation makes it exactly known.
    fn remaining(&self) -> Option<u64> {
        None
    }
}

enum Phase<S: Staged> {
    Prepare(Box<S::Input>, u64),
    Run(Box<S>),
    Spent,
}

/// The resumable job of a [`Staged`] run.
pub struct StagedJob<S: Staged> {
    phase: Phase<S>,
    total: u64,
    done: u64,
    prepare: u64,
}

impl<S: Staged> StagedJob<S> {
    /// `work`: the estimated units after preparation; `prepare`: those of preparation itself.
    pub fn new(input: S::Input, seed: u64, work: u64, prepare: u64) -> Self {
        StagedJob {
            phase: Phase::Prepare(Box::new(input), seed),
            total: work.saturating_add(prepare).max(1),
            done: 0,
            prepare,
        }
    }
}

impl<S: Staged> Job for StagedJob<S> {
    type Output = Result<S::Output, ScenarioError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                Phase::Prepare(input, seed) => match S::prepare(input, *seed) {
                    Ok(state) => {
                        self.done = self.done.saturating_add(self.prepare);
                        left = left.saturating_sub(self.prepare);
                        if let Some(rest) = state.remaining() {
                            self.total = self.done.saturating_add(rest).max(1);
                        }
                        self.phase = Phase::Run(Box::new(state));
                    }
                    Err(e) => {
                        self.phase = Phase::Spent;
                        return Step::Done(Err(e));
                    }
                },
                Phase::Run(state) => {
                    if state.finished() {
                        if let Phase::Run(state) = std::mem::replace(&mut self.phase, Phase::Spent) {
                            return Step::Done(Ok(state.result()));
                        }
                        continue;
                    }
                    let w = state.advance();
                    if let Some(e) = state.failure() {
                        self.phase = Phase::Spent;
                        return Step::Done(Err(e));
                    }
                    self.done = self.done.saturating_add(w);
                    left = left.saturating_sub(w);
                }
                Phase::Spent => {
                    return Step::Done(Err(ScenarioError::keyed(
                        "document",
                        "err-this-run-has-already-finished",
                        vec![],
                    )));
                }
            }
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        match self.phase {
            Phase::Spent => Progress { done: self.total, total: self.total },
            _ => Progress { done: self.done.min(self.total.saturating_sub(1)), total: self.total },
        }
    }
}
