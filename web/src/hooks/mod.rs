//! Hooks shared by every page.

mod task_worker;
mod use_errors;
mod use_run;

pub use task_worker::{TaskState, TaskWorker};
pub use use_errors::{use_errors, ErrorsHandle, ErrorsProvider};
pub use use_run::{use_run, use_run_on, RunHandle, RunState, WorkerContext, WorkerProvider};
