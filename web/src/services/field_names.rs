//! Field names in the page's words for the core's problems, which name fields by JSON path
//! (`jobs[0].budget`): the path as a pointer, the field named as its page labels it ("J1's
//! budget"), and the problem as a sentence. The naming itself is `pages::names` (one module per
//! mechanism, the same words as the exercises' prompts and lock notes); this module only reads
//! paths and builds sentences.

use cloudecon::MechanismKind;
use serde_json::Value;

use crate::pages::names;

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

/// The field at `path` in the page's words, looked up in the scenario document `doc` (its
/// `mechanism` says whose page; list items by their names): `jobs[0].budget` → "J1's budget",
/// `cloud.horizon` → "the horizon".
pub fn describe(path: &str, doc: &Value) -> String {
    let pointer = pointer_of(path);
    match doc.get("mechanism").and_then(Value::as_str).and_then(MechanismKind::from_tag) {
        Some(kind) => names::field(kind, doc, &pointer),
        None => names::generic(doc, &pointer),
    }
}

/// A problem in the page's words: "J1's budget must be > 0, got -5". An English problem that
/// goes on from its subject ("must …", "is …") follows it; any other comes after a colon (in
/// Chinese, always after a full-width colon).
pub fn sentence(path: &str, message: &str, doc: &Value) -> String {
    let field = describe(path, doc);
    let problem = message.to_string();
    let joins = ["must", "is", "needs", "has", "cannot", "should", "at most", "at least"];
    if joins.iter().any(|w| message.starts_with(w)) {
        crate::t!("components-field-sentence", field = field, problem = problem)
    } else {
        crate::t!("components-field-sentence-colon", field = field, problem = problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn problems_are_said_in_the_pages_words() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        assert_eq!(pointer_of("requests[2].parts[0].count"), "/requests/2/parts/0/count");
        assert_eq!(pointer_of("a/b.c~d"), "/a~1b/c~0d");
        let abacus = json!({ "mechanism": "abacus", "alpha": 2, "jobs": [{ "name": "J1", "budget": -5 }] });
        assert_eq!(sentence("jobs[0].budget", "must be > 0, got -5", &abacus), "J1's budget must be > 0, got -5");
        assert_eq!(sentence("alpha", "must be in [0, 1], got 2", &abacus), "α must be in [0, 1], got 2");
        let era = json!({ "mechanism": "era", "requests": [{ "id": "too-dear", "parts": [{ "count": 0 }] }] });
        assert_eq!(describe("requests[0].parts[0].count", &era), "bid too-dear's count");
        assert_eq!(describe("cloud.horizon", &era), "the horizon");
        let spot = json!({ "mechanism": "spot", "policies": [{}, { "sigma": 1.5 }] });
        assert_eq!(
            sentence("policies[1].sigma", "the on-demand rate σ is in [0, 1]", &spot),
            "policy 2's σ: the on-demand rate σ is in [0, 1]"
        );
        // Without a mechanism, named from the path alone.
        assert_eq!(describe("jobs[0].size", &json!({ "jobs": [{ "size": 0 }] })), "job 1's size");
    }
}
