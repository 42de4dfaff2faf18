//! # Classroom exercises
//!
//! An exercise is a scenario document of any mechanism with an `exercise` block: instructions,
//! locked fields, and tasks of three kinds — a number (checked within a tolerance), a choice, and a
//! goal (bounds on the result of the student's own edited scenario). Expected answers are JSON
//! pointers into the result of the exercise's scenario, computed by the core when checking, so a
//! link stores no answer numbers. Everything here works on documents and results as JSON, so it
//! is generic over mechanisms and never names one.
//!
//! * [`model`] — the block's fields (serde);
//! * [`validate`] — its problems with their JSON paths, before and after the run;
//! * [`document`] — exercise documents: reading, the canonical form, the fingerprint;
//! * [`check`] — the verdict on one answer (the browser and `grade` use the same functions);
//! * [`answers`] — answer files;
//! * [`grade`] — grading answer files, as a resumable job;
//! * [`pointer`] — JSON pointers;
//! * [`shipped`] — the exercise sets the playground ships, each mechanism's from its folder.
//!
//! Checks run wherever the exercise is opened (in the student's browser): a determined student can
//! read the answers. Exercises are for practice and teaching, not for exams.

pub mod answers;
pub mod check;
pub mod document;
pub mod grade;
pub mod key;
pub mod model;
pub mod pointer;
pub mod shipped;
pub mod validate;

pub use answers::Answers;
pub use check::Verdict;
pub use document::ExerciseDocument;
pub use grade::{Grades, Grading, Submission};
pub use model::{Answer, Exercise, Feedback, Goal, Task, TaskKind, Tolerance};
