//! Field names in the page's words: a JSON path of the scenario (`jobs[0].budget`) as the page
//! labels that field ("J1's budget"), for the messages shown next to invalid fields and in the
//! list of problems. Items of a list are named by their own `name` or `id` when they have one
//! (jobs, organizations, requests, resources), else by their position counted from 1 as the page
//! counts them ("request 4", "part 1"); field names lose their underscores.

use serde_json::Value;

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

/// `jobs[1].parts[0].count` → [Key(jobs), Index(1), Key(parts), Index(0), Key(count)].
fn steps(path: &str) -> Vec<Step> {
    let mut out = Vec::new();
    for segment in path.split('.') {
        let (key, rest) = segment.split_once('[').map_or((segment, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push(Step::Key(key.to_string()));
        }
        for index in rest.split('[') {
            if let Ok(i) = index.trim_end_matches(']').parse::<usize>() {
                out.push(Step::Index(i));
            }
        }
    }
    out
}

/// The JSON pointer of a JSON path (`jobs[1].budget` → `/jobs/1/budget`).
pub fn pointer_of(path: &str) -> String {
    steps(path)
        .into_iter()
        .map(|s| match s {
            Step::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => format!("/{i}"),
        })
        .collect()
}

/// A list's name for one of its items ("jobs" → "job").
fn singular(list: &str) -> String {
    let words = list.replace('_', " ");
    match words.as_str() {
        "policies" => "policy".into(),
        "switches" => "switch".into(),
        "classes" => "class".into(),
        "coalitions" => "coalition".into(),
        _ => words.strip_suffix('s').map_or(words.clone(), str::to_string),
    }
}

/// A field's name in words.
fn field(key: &str) -> String {
    match key {
        "alpha" => "α".into(),
        "sigma" => "σ".into(),
        "gamma" => "γ".into(),
        "epsilon" => "ε".into(),
        "m_threshold" => "M".into(),
        other => other.replace('_', " "),
    }
}

/// The name of the item at `value` (its `name` or `id`), if it has one.
fn own_name(value: Option<&Value>) -> Option<String> {
    let v = value?;
    v.get("name").or_else(|| v.get("id")).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string)
}

/// The field at `path` in the page's words, looked up in the scenario document `doc` (for the
/// names of list items): `jobs[0].budget` → "J1's budget", `requests[3].parts[0].deadline` →
/// "request 4, part 1: deadline" (or "daytime, part 1: deadline" for a request named so).
pub fn describe(path: &str, doc: &Value) -> String {
    let steps = steps(path);
    let mut parts: Vec<String> = Vec::new();
    let mut at = Some(doc);
    let mut list: Option<String> = None;
    for step in &steps {
        match step {
            Step::Key(k) => {
                at = at.and_then(|v| v.get(k));
                list = Some(k.clone());
            }
            Step::Index(i) => {
                at = at.and_then(|v| v.get(i));
                let name = own_name(at).unwrap_or_else(|| {
                    let noun = list.as_deref().map(singular).unwrap_or_else(|| "item".into());
                    format!("{noun} {}", i + 1)
                });
                // The list's own key is said by the item's name ("J1", "request 4").
                if list.take().is_some() {
                    parts.pop();
                }
                parts.push(name);
                continue;
            }
        }
        parts.push(field(list.as_deref().unwrap_or_default()));
    }
    match parts.len() {
        0 => "the scenario".into(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            let owner = parts.join(", ");
            if steps.len() >= 2 && matches!(steps[steps.len() - 2], Step::Index(_)) {
                format!("{owner}'s {last}")
            } else {
                format!("{owner}: {last}")
            }
        }
    }
}

/// A problem in the page's words: "J1's budget must be > 0, got -5".
pub fn sentence(path: &str, message: &str, doc: &Value) -> String {
    let subject = describe(path, doc);
    let joins = ["must", "is", "needs", "has", "cannot", "should", "at most", "at least"];
    if joins.iter().any(|w| message.starts_with(w)) {
        format!("{subject} {message}")
    } else {
        format!("{subject}: {message}")
    }
}
