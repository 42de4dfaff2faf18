//! Checking one answer: the same functions decide ✓ or ✗ in the student's browser and in
//! `cloudecon grade`.

use serde_json::Value;

use super::model::{Feedback, Goal, Task, TaskKind, Tolerance};
use super::pointer;

/// The expected answer of a number or choice task.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Expected {
    Number(f64),
    /// The index of the right option.
    Choice(usize),
}

/// The verdict on one answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Verdict {
    pub correct: bool,
    /// The answer as given (for a goal: the student's result value at the goal's pointer); empty
    /// when there is none.
    pub given: String,
    /// What was expected (for a goal: its bounds).
    pub expected: String,
    /// Why, in words, when it is wrong (how far off, which bound, which locked field): everything
    /// the checks know, for the teacher; [`Verdict::told`] is what the student is told.
    pub message: String,
    /// A wrong number answer's signed distance from the expected one (given − expected).
    pub off: Option<f64>,
    /// `message` as data, for a page in another language: its id in
    /// `core/locales/{lang}/exercise.ftl` and its arguments (`None`: `message` is plain text).
    pub key: Option<Key>,
    /// The answer could not be checked at all — the exercise names nothing to check it against
    /// (an answer or goal pointer to nothing), or its own scenario has no result: the exercise's
    /// fault, not the student's, so it is neither right nor wrong and counts no attempt.
    pub unchecked: bool,
}

pub use super::key::Key;

/// What a student is told: the English text, and the same as data when it has a message of its
/// own (a page in another language formats `key` instead).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Said {
    pub text: String,
    pub key: Option<Key>,
}

impl Said {
    fn keyed(id: &'static str) -> Self {
        let key = Key::new(id, vec![]);
        Said { text: key.english(), key: Some(key) }
    }
}

impl Verdict {
    fn right(given: String, expected: String) -> Self {
        let key = Key::new("exercise-verdict-correct", vec![]);
        Verdict { correct: true, given, expected, message: key.english(), key: Some(key), off: None, unchecked: false }
    }

    fn wrong(given: String, expected: String, key: Key) -> Self {
        Verdict { correct: false, given, expected, message: key.english(), key: Some(key), off: None, unchecked: false }
    }

    /// A wrong answer with a message given as data.
    pub fn wrong_keyed(given: String, expected: String, id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        Verdict::wrong(given, expected, Key::new(id, args))
    }

    /// A wrong answer with a message of the page's own (plain text, in the page's language).
    pub fn wrong_text(message: impl Into<String>) -> Self {
        Verdict { message: message.into(), ..Verdict::default() }
    }

    /// An answer that could not be checked, and why, given as data.
    pub fn cannot_check_keyed(id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        let key = Key::new(id, args);
        Verdict { message: key.english(), key: Some(key), unchecked: true, ..Verdict::default() }
    }

    /// An answer that could not be checked, and why.
    pub fn cannot_check(message: impl Into<String>) -> Self {
        Verdict { message: message.into(), key: None, unchecked: true, ..Verdict::default() }
    }

    /// What the student is told at the exercise's feedback level: nothing of the answer with
    /// `None`; of a wrong number, "Not quite." (`RightWrong`), whether it is too high or too low
    /// (`Direction`), or the whole message with the distance (`Distance`). Other verdicts (a
    /// choice, a goal against its bounds, a scenario that cannot be checked) say what they say
    /// at every level but `None`.
    pub fn told(&self, level: Feedback) -> String {
        self.told_as(level).text
    }

    /// [`Verdict::told`], with its message as data when it has one.
    pub fn told_as(&self, level: Feedback) -> Said {
        let own = || Said { text: self.message.clone(), key: self.key.clone() };
        match (level, self.off) {
            _ if self.unchecked => own(),
            (Feedback::None, _) => Said::keyed("exercise-verdict-saved"),
            (_, _) if self.correct => own(),
            (Feedback::RightWrong, Some(_)) => Said::keyed("exercise-verdict-not-quite"),
            (Feedback::Direction, Some(d)) if d > 0.0 => Said::keyed("exercise-verdict-too-high"),
            (Feedback::Direction, Some(_)) => Said::keyed("exercise-verdict-too-low"),
            _ => own(),
        }
    }
}

/// What `value` (an `answer.value`, or the result value at `answer.result`) expects of `task`.
pub fn expected(task: &Task, value: &Value) -> Result<Expected, String> {
    expected_keyed(task, value).map_err(|k| k.english())
}

/// [`expected`], with why not as data.
pub fn expected_keyed(task: &Task, value: &Value) -> Result<Expected, Key> {
    match task.kind {
        TaskKind::Number => match value.as_f64() {
            Some(x) if x.is_finite() => Ok(Expected::Number(x)),
            _ => Err(Key::new(pointer::kind_id("exercise-err-answer-not-number", value), vec![])),
        },
        TaskKind::Choice => {
            let n = task.options.len();
            if let Some(i) = value.as_u64() {
                return usize::try_from(i).ok().filter(|&i| i < n).map(Expected::Choice).ok_or_else(|| {
                    Key::new(
                        "exercise-err-no-such-option",
                        vec![("index", i.to_string()), ("last", (n.max(1) - 1).to_string())],
                    )
                });
            }
            if let Some(s) = value.as_str() {
                return (task.options.iter().position(|o| o == s))
                    .map(Expected::Choice)
                    .ok_or_else(|| Key::new("exercise-err-none-of-the-options", vec![("text", format!("{s:?}"))]));
            }
            Err(Key::new(pointer::kind_id("exercise-err-choice-not-index", value), vec![]))
        }
        TaskKind::Goal => Err(Key::new("exercise-err-goal-no-fixed-answer", vec![])),
    }
}

/// A number for messages: at most six decimals, or in scientific notation when very small or large.
pub fn short(x: f64) -> String {
    if x == 0.0 || (1e-4..1e7).contains(&x.abs()) {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{x:.4e}")
    }
}

/// A wrong answer's distance written to the allowance's first digit (off by 0.109274 within
/// ±0.005 is "0.109"): finer digits would give the answer away, coarser ones would not say how far.
pub fn distance(off: f64, allow: f64) -> String {
    if !(1e-6..1e7).contains(&allow) || off.abs() >= 1e7 {
        return short(off);
    }
    let decimals = (-allow.log10().floor()).max(0.0) as usize;
    let s = format!("{off:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The allowed distance from `expected`: the looser of `abs` and `rel` × |expected|; without a
/// tolerance, a relative 1e-9 (the answer typed in full).
pub fn allowance(tolerance: Option<Tolerance>, expected: f64) -> f64 {
    let t = tolerance.unwrap_or(Tolerance { abs: None, rel: Some(1e-9) });
    let abs = t.abs.unwrap_or(0.0);
    let rel = t.rel.unwrap_or(0.0) * expected.abs();
    abs.max(rel)
}

/// Whether `given` is within `allowance` of `expected`, edges included (with a margin of a
/// billionth of the allowance for decimal numbers: 0.305 is within 0.005 of 0.3).
pub fn within(given: f64, expected: f64, allowance: f64) -> bool {
    (given - expected).abs() <= allowance * (1.0 + 1e-9) + f64::EPSILON * expected.abs().max(given.abs())
}

/// The answer to a number task as a number, if it is one (JSON numbers, or text such as "0.31").
pub fn as_number(given: &Value) -> Option<f64> {
    match given {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }
    .filter(|x| x.is_finite())
}

/// Checks a number answer against `expected`.
pub fn check_number(task: &Task, expected: f64, given: Option<&Value>) -> Verdict {
    let allow = allowance(task.tolerance, expected);
    let shown = if allow > 0.0 { format!("{expected} ± {}", short(allow)) } else { expected.to_string() };
    let Some(given) = given else {
        return Verdict::wrong_keyed(String::new(), shown, "exercise-verdict-no-answer", vec![]);
    };
    let Some(x) = as_number(given) else {
        return Verdict::wrong_keyed(given.to_string(), shown, "exercise-verdict-not-a-number", vec![]);
    };
    if within(x, expected, allow) {
        Verdict::right(x.to_string(), shown)
    } else {
        let off = (x - expected).abs();
        let key = if allow > 0.0 {
            Key::new("exercise-verdict-off-within", vec![("off", distance(off, allow)), ("allow", short(allow))])
        } else {
            Key::new("exercise-verdict-off", vec![("off", short(off))])
        };
        Verdict { off: Some(x - expected), ..Verdict::wrong(x.to_string(), shown, key) }
    }
}

/// Checks a choice answer (an option's index) against `expected`.
pub fn check_choice(task: &Task, expected: usize, given: Option<&Value>) -> Verdict {
    let shown = expected.to_string();
    let Some(given) = given else {
        return Verdict::wrong_keyed(String::new(), shown, "exercise-verdict-no-answer", vec![]);
    };
    match given.as_u64().and_then(|i| usize::try_from(i).ok()).filter(|&i| i < task.options.len()) {
        Some(i) if i == expected => Verdict::right(i.to_string(), shown),
        Some(i) => Verdict::wrong_keyed(i.to_string(), shown, "exercise-verdict-not-this-one", vec![]),
        None => Verdict::wrong_keyed(given.to_string(), shown, "exercise-verdict-not-an-option", vec![]),
    }
}

/// The goal's bounds in words (`≥ 0.5`, `≤ 3`, `in [1, 2]`).
pub fn bounds(goal: &Goal) -> String {
    match (goal.min, goal.max) {
        (Some(lo), Some(hi)) => format!("in [{lo}, {hi}]"),
        (Some(lo), None) => format!("≥ {lo}"),
        (None, Some(hi)) => format!("≤ {hi}"),
        (None, None) => "any".into(),
    }
}

/// The locked fields (pointers) whose value in `student` differs from the exercise's scenario.
pub fn changed_locks<'a>(locked: &'a [String], exercise: &Value, student: &Value) -> Vec<&'a str> {
    locked.iter().filter(|p| exercise.pointer(p) != student.pointer(p)).map(String::as_str).collect()
}

/// Checks a goal on the student's scenario (a JSON document, as the core writes it) and the number
/// at the goal's pointer in the result of its run (`Err`: why there is none — the scenario is
/// invalid, the run failed, or the result has no number there).
pub fn check_goal(
    task: &Task,
    locked: &[String],
    exercise_scenario: &Value,
    student_scenario: &Value,
    student_value: Result<f64, String>,
) -> Verdict {
    let value = student_value.map_err(|why| Key::new("exercise-why-text", vec![("why", why)]));
    check_goal_keyed(task, locked, exercise_scenario, student_scenario, value)
}

/// [`check_goal`] with why there is no number given as data.
pub fn check_goal_keyed(
    task: &Task,
    locked: &[String],
    exercise_scenario: &Value,
    student_scenario: &Value,
    student_value: Result<f64, Key>,
) -> Verdict {
    let Some(goal) = &task.goal else {
        return Verdict::wrong_keyed(String::new(), String::new(), "exercise-verdict-no-goal", vec![]);
    };
    let shown = bounds(goal);
    if let Some(why) = locks_key(locked, exercise_scenario, student_scenario, pointer::to_path) {
        return Verdict::wrong(String::new(), shown, why);
    }
    let x = match student_value {
        Ok(x) => x,
        Err(why) => {
            return Verdict::wrong(
                String::new(),
                shown,
                Key::new("exercise-verdict-no-result", vec![]).with("why", why),
            )
        }
    };
    if goal.min.is_some_and(|lo| x < lo && !at_bound(x, lo)) {
        let lo = goal.min.unwrap_or_default();
        let args = vec![("value", short(x)), ("bound", short(lo))];
        Verdict::wrong_keyed(x.to_string(), shown, "exercise-verdict-below", args)
    } else if goal.max.is_some_and(|hi| x > hi && !at_bound(x, hi)) {
        let hi = goal.max.unwrap_or_default();
        let args = vec![("value", short(x)), ("bound", short(hi))];
        Verdict::wrong_keyed(x.to_string(), shown, "exercise-verdict-above", args)
    } else {
        Verdict::right(x.to_string(), shown)
    }
}

/// Why a student's scenario is refused for its locked fields, if it is: the fields it changed.
pub fn locks_problem(locked: &[String], exercise_scenario: &Value, student_scenario: &Value) -> Option<String> {
    locks_problem_named(locked, exercise_scenario, student_scenario, pointer::to_path)
}

/// [`locks_problem`] with the fields named by `name` (a page names them as it labels them:
/// "J2's budget").
pub fn locks_problem_named(
    locked: &[String],
    exercise_scenario: &Value,
    student_scenario: &Value,
    name: impl Fn(&str) -> String,
) -> Option<String> {
    locks_key(locked, exercise_scenario, student_scenario, name).map(|k| k.english())
}

/// [`locks_problem_named`] as data (message `exercise-verdict-locks-changed`, its `list` the
/// fields named by `name` and joined by ", "; a page in another language may join them its own
/// way and give its own `list`).
pub fn locks_key(
    locked: &[String],
    exercise_scenario: &Value,
    student_scenario: &Value,
    name: impl Fn(&str) -> String,
) -> Option<Key> {
    let changed = changed_locks(locked, exercise_scenario, student_scenario);
    if changed.is_empty() {
        return None;
    }
    let list = changed.iter().map(|p| name(p)).collect::<Vec<_>>().join(", ");
    Some(Key::new("exercise-verdict-locks-changed", vec![("list", list)]))
}

/// Whether `x` equals the bound `b` up to rounding (bounds include their edge).
fn at_bound(x: f64, b: f64) -> bool {
    (x - b).abs() <= 4.0 * f64::EPSILON * x.abs().max(b.abs())
}
