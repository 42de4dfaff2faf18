//! The checks of an `exercise` block, every problem with its JSON path (`exercise.tasks[2].answer`):
//! [`check`] needs only the document; [`check_result`] needs the result of the exercise's own
//! scenario, because answers and goals point into results, which only a run computes.

use std::collections::HashSet;

use serde_json::Value;

use super::check::expected;
use super::model::{Exercise, Task, TaskKind};
use super::pointer::{self, syntax_problem};
use crate::error::Problems;

/// Most tasks in one exercise.
pub const MAX_TASKS: usize = 100;
/// Most hints of one task, and most options of a choice.
pub const MAX_HINTS: usize = 20;
pub const MAX_OPTIONS: usize = 26;
/// Longest exercise text; longest title, prompt, hint, option or explanation.
pub const MAX_TEXT_CHARS: usize = 20_000;
pub const MAX_LINE_CHARS: usize = 2_000;
/// Longest task id (ids are CSV columns and keys of answer files).
pub const MAX_ID_CHARS: usize = 40;

/// Checks the block against the scenario it comes with (`scenario` as a JSON document).
pub fn check(exercise: &Exercise, scenario: &Value, problems: &mut Problems) {
    text(problems, "exercise.title", &exercise.title, MAX_LINE_CHARS);
    text(problems, "exercise.text", &exercise.text, MAX_TEXT_CHARS);
    for (i, lock) in exercise.locked.iter().enumerate() {
        let path = format!("exercise.locked[{i}]");
        if let Some(p) = syntax_problem(lock) {
            problems.push(path, p);
        } else if lock.is_empty() || lock == "/version" || lock == "/mechanism" {
            problems
                .push(path, "lock single fields (e.g. \"/alpha\"), not the whole document, its version or mechanism");
        } else if scenario.pointer(lock).is_none() {
            problems.push(path, format!("{lock:?} is not a field of the exercise's scenario"));
        }
    }
    if exercise.tasks.is_empty() {
        problems.push("exercise.tasks", "an exercise needs at least one task");
    }
    if exercise.tasks.len() > MAX_TASKS {
        problems.push("exercise.tasks", format!("at most {MAX_TASKS} tasks, got {}", exercise.tasks.len()));
    }
    let mut ids = HashSet::new();
    for (i, task) in exercise.tasks.iter().enumerate() {
        let at = format!("exercise.tasks[{i}]");
        if !ids.insert(task.id.as_str()) {
            problems
                .push(format!("{at}.id"), format!("{:?} is the id of an earlier task; ids must be unique", task.id));
        }
        check_task(task, &at, problems);
    }
}

fn text(problems: &mut Problems, path: &str, s: &str, max: usize) {
    if s.chars().count() > max {
        problems.push(path, format!("is limited to {max} characters"));
    }
}

fn check_task(task: &Task, at: &str, problems: &mut Problems) {
    let id_ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if task.id.is_empty() || task.id.chars().count() > MAX_ID_CHARS || !task.id.chars().all(id_ok) {
        problems.push(
            format!("{at}.id"),
            format!("{:?}: ids are 1 to {MAX_ID_CHARS} letters, digits, \"_\", \"-\" or \".\"", task.id),
        );
    }
    if task.prompt.trim().is_empty() {
        problems.push(format!("{at}.prompt"), "a task needs a prompt");
    }
    text(problems, &format!("{at}.prompt"), &task.prompt, MAX_LINE_CHARS);
    text(problems, &format!("{at}.explanation"), &task.explanation, MAX_TEXT_CHARS);
    if task.hints.len() > MAX_HINTS {
        problems.push(format!("{at}.hints"), format!("at most {MAX_HINTS} hints"));
    }
    for (h, hint) in task.hints.iter().enumerate() {
        text(problems, &format!("{at}.hints[{h}]"), hint, MAX_LINE_CHARS);
    }
    let forbid = |problems: &mut Problems, present: bool, field: &str, why: &str| {
        if present {
            problems.push(format!("{at}.{field}"), why.to_string());
        }
    };
    match task.kind {
        TaskKind::Number | TaskKind::Choice => {
            forbid(problems, task.goal.is_some(), "goal", "only goal tasks have a goal");
            match &task.answer {
                None => problems.push(format!("{at}.answer"), "required: { \"result\": pointer } or { \"value\": … }"),
                Some(answer) => match (&answer.result, &answer.value) {
                    (Some(p), None) => {
                        if let Some(why) = syntax_problem(p) {
                            problems.push(format!("{at}.answer.result"), why);
                        }
                    }
                    (None, Some(v)) => {
                        if let Err(why) = expected(task, v) {
                            problems.push(format!("{at}.answer.value"), why);
                        }
                    }
                    _ => problems
                        .push(format!("{at}.answer"), "give exactly one of \"result\" (a pointer) and \"value\""),
                },
            }
        }
        TaskKind::Goal => {
            forbid(problems, task.answer.is_some(), "answer", "a goal task's answer is the student's scenario");
            forbid(
                problems,
                task.predict,
                "predict",
                "a goal task is checked on the student's own run: nothing to predict",
            );
            match &task.goal {
                None => {
                    problems.push(format!("{at}.goal"), "required: { \"result\": pointer, \"min\"/\"max\": bounds }")
                }
                Some(goal) => {
                    if let Some(why) = syntax_problem(&goal.result) {
                        problems.push(format!("{at}.goal.result"), why);
                    }
                    for (field, x) in [("min", goal.min), ("max", goal.max)] {
                        if x.is_some_and(|x| !x.is_finite()) {
                            problems.push(format!("{at}.goal.{field}"), "must be a finite number");
                        }
                    }
                    match (goal.min, goal.max) {
                        (None, None) => problems.push(format!("{at}.goal"), "give \"min\", \"max\" or both"),
                        (Some(lo), Some(hi)) if lo > hi => {
                            problems.push(format!("{at}.goal.max"), format!("is below min ({hi} < {lo})"))
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    match task.kind {
        TaskKind::Choice => {
            forbid(problems, task.tolerance.is_some(), "tolerance", "only number tasks have a tolerance");
            if task.options.len() < 2 || task.options.len() > MAX_OPTIONS {
                problems.push(format!("{at}.options"), format!("a choice needs 2 to {MAX_OPTIONS} options"));
            }
            for (o, option) in task.options.iter().enumerate() {
                if option.trim().is_empty() {
                    problems.push(format!("{at}.options[{o}]"), "an option needs text");
                }
                text(problems, &format!("{at}.options[{o}]"), option, MAX_LINE_CHARS);
            }
        }
        TaskKind::Number | TaskKind::Goal => {
            forbid(problems, !task.options.is_empty(), "options", "only choice tasks have options");
            if task.kind == TaskKind::Goal {
                forbid(problems, task.tolerance.is_some(), "tolerance", "a goal's bounds are its tolerance");
            }
            if let Some(t) = &task.tolerance {
                for (field, x) in [("abs", t.abs), ("rel", t.rel)] {
                    if x.is_some_and(|x| !x.is_finite() || x < 0.0) {
                        problems.push(format!("{at}.tolerance.{field}"), "must be a finite number ≥ 0");
                    }
                }
            }
        }
    }
}

/// Checks the pointers into results against the result of the exercise's own scenario: every
/// answer must resolve to what its task expects, every goal to a number.
pub fn check_result(exercise: &Exercise, result: &Value, problems: &mut Problems) {
    for (i, task) in exercise.tasks.iter().enumerate() {
        let at = format!("exercise.tasks[{i}]");
        if let Some(p) = task.answer.as_ref().and_then(|a| a.result.as_ref()) {
            let found = result.pointer(p).ok_or_else(|| format!("{p:?} points to nothing in the result"));
            if let Err(why) = found.and_then(|v| expected(task, v)) {
                problems.push(format!("{at}.answer.result"), why);
            }
        }
        if let Some(goal) = &task.goal {
            if let Err(why) = pointer::number_at(result, &goal.result) {
                problems.push(format!("{at}.goal.result"), why);
            }
        }
    }
}
