//! Hooks shared by every page.

mod use_errors;
mod use_run;

pub use use_errors::{use_errors, Errors, ErrorsHandle, ErrorsProvider};
pub use use_run::{use_run, RunHandle, RunState, WorkerContext, WorkerLink, WorkerProvider};
