//! The checks of an `exercise` block, every problem with its JSON path (`exercise.tasks[2].answer`):
//! [`check`] needs only the document; [`check_result`] needs the result of the exercise's own
//! scenario, because answers and goals point into results, which only a run computes.

use std::collections::HashSet;

use serde_json::Value;

use super::check::{expected_keyed, Key};
use super::model::{Exercise, Task, TaskKind};
use super::pointer::{self, syntax_key};
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
    let tag_ok = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let lang = &exercise.lang;
    if lang.is_empty()
        || lang.len() > MAX_LANG_CHARS
        || !lang.chars().all(tag_ok)
        || !lang.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
    {
        problems.push_keyed("exercise.lang", "exercise-err-lang", vec![("lang", format!("{lang:?}"))]);
    }
    text(problems, "exercise.title", &exercise.title, MAX_LINE_CHARS);
    text(problems, "exercise.text", &exercise.text, MAX_TEXT_CHARS);
    for (i, lock) in exercise.locked.iter().enumerate() {
        let path = format!("exercise.locked[{i}]");
        if let Some(k) = syntax_key(lock) {
            push(problems, path, k);
        } else if lock.is_empty() || lock == "/version" || lock == "/mechanism" {
            problems.push_keyed(path, "exercise-err-lock-whole", vec![]);
        } else if scenario.pointer(lock).is_none() {
            problems.push_keyed(path, "exercise-err-lock-not-a-field", vec![("pointer", format!("{lock:?}"))]);
        }
    }
    if exercise.tasks.is_empty() {
        problems.push_keyed("exercise.tasks", "exercise-err-no-tasks", vec![]);
    }
    if exercise.tasks.len() > MAX_TASKS {
        let args = vec![("max", MAX_TASKS.to_string()), ("count", exercise.tasks.len().to_string())];
        problems.push_keyed("exercise.tasks", "exercise-err-too-many-tasks", args);
    }
    let mut ids = HashSet::new();
    for (i, task) in exercise.tasks.iter().enumerate() {
        let at = format!("exercise.tasks[{i}]");
        if !ids.insert(task.id.as_str()) {
            problems.push_keyed(
                format!("{at}.id"),
                "exercise-err-duplicate-id",
                vec![("id", format!("{:?}", task.id))],
            );
        }
        check_task(task, &at, problems);
    }
}

/// Longest language tag of an exercise.
pub const MAX_LANG_CHARS: usize = 35;

fn text(problems: &mut Problems, path: &str, s: &str, max: usize) {
    if s.chars().count() > max {
        problems.push_keyed(path, "exercise-err-too-long", vec![("max", max.to_string())]);
    }
}

/// Records a problem given as a [`Key`].
fn push(problems: &mut Problems, path: impl Into<String>, key: Key) {
    problems.push_keyed(path, key.id, key.args);
}

fn check_task(task: &Task, at: &str, problems: &mut Problems) {
    let id_ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if task.id.is_empty() || task.id.chars().count() > MAX_ID_CHARS || !task.id.chars().all(id_ok) {
        let args = vec![("id", format!("{:?}", task.id)), ("max", MAX_ID_CHARS.to_string())];
        problems.push_keyed(format!("{at}.id"), "exercise-err-bad-id", args);
    }
    if task.prompt.trim().is_empty() {
        problems.push_keyed(format!("{at}.prompt"), "exercise-err-no-prompt", vec![]);
    }
    text(problems, &format!("{at}.prompt"), &task.prompt, MAX_LINE_CHARS);
    text(problems, &format!("{at}.explanation"), &task.explanation, MAX_TEXT_CHARS);
    if task.hints.len() > MAX_HINTS {
        problems.push_keyed(format!("{at}.hints"), "exercise-err-too-many-hints", vec![("max", MAX_HINTS.to_string())]);
    }
    for (h, hint) in task.hints.iter().enumerate() {
        text(problems, &format!("{at}.hints[{h}]"), hint, MAX_LINE_CHARS);
    }
    let forbid = |problems: &mut Problems, present: bool, field: &str, why: &'static str| {
        if present {
            problems.push_keyed(format!("{at}.{field}"), why, vec![]);
        }
    };
    match task.kind {
        TaskKind::Number | TaskKind::Choice => {
            forbid(problems, task.goal.is_some(), "goal", "exercise-err-goal-only-goals");
            match &task.answer {
                None => problems.push_keyed(format!("{at}.answer"), "exercise-err-answer-required", vec![]),
                Some(answer) => match (&answer.result, &answer.value) {
                    (Some(p), None) => {
                        if let Some(why) = syntax_key(p) {
                            push(problems, format!("{at}.answer.result"), why);
                        }
                    }
                    (None, Some(v)) => {
                        if let Err(why) = expected_keyed(task, v) {
                            push(problems, format!("{at}.answer.value"), why);
                        }
                    }
                    _ => problems.push_keyed(format!("{at}.answer"), "exercise-err-answer-one-of", vec![]),
                },
            }
        }
        TaskKind::Goal => {
            forbid(problems, task.answer.is_some(), "answer", "exercise-err-goal-answer");
            forbid(problems, task.predict, "predict", "exercise-err-goal-predict");
            match &task.goal {
                None => problems.push_keyed(format!("{at}.goal"), "exercise-err-goal-required", vec![]),
                Some(goal) => {
                    if let Some(why) = syntax_key(&goal.result) {
                        push(problems, format!("{at}.goal.result"), why);
                    }
                    for (field, x) in [("min", goal.min), ("max", goal.max)] {
                        if x.is_some_and(|x| !x.is_finite()) {
                            problems.push_keyed(format!("{at}.goal.{field}"), "exercise-err-not-finite-number", vec![]);
                        }
                    }
                    match (goal.min, goal.max) {
                        (None, None) => problems.push_keyed(format!("{at}.goal"), "exercise-err-goal-bounds", vec![]),
                        (Some(lo), Some(hi)) if lo > hi => problems.push_keyed(
                            format!("{at}.goal.max"),
                            "exercise-err-goal-max-below-min",
                            vec![("max", hi.to_string()), ("min", lo.to_string())],
                        ),
                        _ => {}
                    }
                }
            }
        }
    }
    match task.kind {
        TaskKind::Choice => {
            forbid(problems, task.tolerance.is_some(), "tolerance", "exercise-err-tolerance-only-numbers");
            if task.options.len() < 2 || task.options.len() > MAX_OPTIONS {
                let args = vec![("max", MAX_OPTIONS.to_string())];
                problems.push_keyed(format!("{at}.options"), "exercise-err-option-count", args);
            }
            for (o, option) in task.options.iter().enumerate() {
                if option.trim().is_empty() {
                    problems.push_keyed(format!("{at}.options[{o}]"), "exercise-err-option-empty", vec![]);
                }
                text(problems, &format!("{at}.options[{o}]"), option, MAX_LINE_CHARS);
            }
        }
        TaskKind::Number | TaskKind::Goal => {
            forbid(problems, !task.options.is_empty(), "options", "exercise-err-options-only-choices");
            if task.kind == TaskKind::Goal {
                forbid(problems, task.tolerance.is_some(), "tolerance", "exercise-err-goal-tolerance");
            }
            if let Some(t) = &task.tolerance {
                for (field, x) in [("abs", t.abs), ("rel", t.rel)] {
                    if x.is_some_and(|x| !x.is_finite() || x < 0.0) {
                        problems.push_keyed(
                            format!("{at}.tolerance.{field}"),
                            "exercise-err-tolerance-negative",
                            vec![],
                        );
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
            let found = (result.pointer(p))
                .ok_or_else(|| Key::new("exercise-err-points-to-nothing", vec![("pointer", format!("{p:?}"))]));
            if let Err(why) = found.and_then(|v| expected_keyed(task, v)) {
                push(problems, format!("{at}.answer.result"), why);
            }
        }
        if let Some(goal) = &task.goal {
            if let Err(why) = pointer::number_at_keyed(result, &goal.result) {
                push(problems, format!("{at}.goal.result"), why);
            }
        }
    }
}
