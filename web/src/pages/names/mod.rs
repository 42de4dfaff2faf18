//! How the pages name the places of their scenarios and results, for the words written about
//! them: the prompts teacher mode drafts ("What is J1's share of map?"), lock notes ("J2's budget
//! is locked"), the teacher's lists of numbers and fields. One module per mechanism names what
//! its page shows, with the page's labels and the scenario's own names (jobs, resources,
//! organizations, policies); any other place is named from its pointer, with 1-based positions
//! and the names of listed things ([`generic`]) — never as a JSON path.

mod abacus;
mod cloudshare;
mod era;
mod estimate;
mod shapley;
mod spot;

use cloudecon::MechanismKind;
use serde_json::Value;

use crate::i18n::t;

/// The tokens of a JSON pointer, unescaped (`/a~1b/0` → `["a/b", "0"]`).
fn tokens(pointer: &str) -> Vec<String> {
    pointer.split('/').skip(1).map(|t| t.replace("~1", "/").replace("~0", "~")).collect()
}

/// A token as a position in a list.
pub(crate) fn index(token: &str) -> Option<usize> {
    (!token.is_empty() && token.bytes().all(|b| b.is_ascii_digit())).then(|| token.parse().ok()).flatten()
}

/// How an element of a list is called: its `name`, `id` or `label`, itself if it is text, else
/// `None`.
fn own_name(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Object(o) => ["name", "id", "label"].iter().find_map(|k| o.get(*k)?.as_str().map(str::to_string)),
        _ => None,
    }
    .filter(|s| !s.trim().is_empty())
}

/// A field's name in words: the symbols the pages write (`alpha` → α, `m_threshold` → M), else
/// the key without underscores.
pub(crate) fn word(key: &str) -> String {
    match key {
        "alpha" => "α".into(),
        "sigma" => "σ".into(),
        "gamma" => "γ".into(),
        "epsilon" => "ε".into(),
        "m_threshold" => "M".into(),
        other => other.replace('_', " "),
    }
}

/// A list's name for one of its elements: `jobs` → `job`, `policies` → `policy`, `switches` →
/// `switch`.
fn singular(list: &str) -> String {
    let words = list.replace('_', " ");
    if let Some(stem) = words.strip_suffix("ies") {
        format!("{stem}y")
    } else if let Some(stem) = ["ches", "shes", "sses", "xes"]
        .iter()
        .find_map(|s| words.strip_suffix(s).map(|stem| format!("{stem}{}", &s[..s.len() - 2])))
    {
        stem
    } else if let Some(stem) = words.strip_suffix('s') {
        stem.to_string()
    } else {
        words
    }
}

/// Element `i` of the list at `doc[list]`, by its own name or as "job 2".
pub(crate) fn item(doc: &Value, list: &str, i: usize) -> String {
    doc.get(list).and_then(|l| l.get(i)).and_then(own_name).unwrap_or_else(|| unnamed(&singular(list), i))
}

/// Element `i` of a list whose element is called `what`, without a name of its own: "job 2".
fn unnamed(what: &str, i: usize) -> String {
    crate::t!("components-names-item", item = what.to_string(), n = (i + 1).to_string())
}

/// `J1's` — a possessive (names ending in "s" take only the apostrophe; in Chinese "J1 的").
pub(crate) fn of(owner: &str) -> String {
    if owner.ends_with('s') {
        crate::t!("components-names-of-s", owner = owner.to_string())
    } else {
        crate::t!("components-names-of", owner = owner.to_string())
    }
}

/// `owner` (a possessive, [`of`]) and a field of it: "J1's budget".
fn owned(owner: &str, field: String) -> String {
    crate::t!("components-names-owned", owner = of(owner), field = field)
}

/// A place named from its pointer alone: the last named element on the way (a list element's
/// own name, or "job 2"), then the fields after it in words (`/jobs/1/utility/exponent` →
/// "J2's utility exponent"; `/metrics/revenue` → "the metrics revenue").
pub fn generic(doc: &Value, pointer: &str) -> String {
    let mut at = Some(doc);
    let mut owner: Option<String> = None;
    let mut words: Vec<String> = Vec::new();
    for token in tokens(pointer) {
        let here = at.and_then(|v| match v {
            Value::Array(items) => index(&token).and_then(|i| items.get(i)),
            Value::Object(fields) => fields.get(&token),
            _ => None,
        });
        match index(&token) {
            Some(i) => {
                let what = words.last().map_or_else(|| t("components-names-element"), |list| singular(list));
                let unnamed = unnamed(&what, i);
                owner = Some(match (here.and_then(own_name), &owner) {
                    (Some(name), _) => name,
                    // A list inside a named element keeps its owner: "User 1's task 2".
                    (None, Some(o)) => {
                        let lead = words[..words.len().saturating_sub(1)].join(" ");
                        if lead.is_empty() {
                            owned(o, unnamed)
                        } else {
                            owned(o, crate::t!("components-names-nested", list = lead, item = unnamed))
                        }
                    }
                    (None, None) => unnamed,
                });
                words.clear();
            }
            None => words.push(word(&token)),
        }
        at = here;
    }
    let rest = words.join(" ");
    match (owner, rest.is_empty()) {
        (Some(o), true) => o,
        (Some(o), false) => owned(&o, rest),
        (None, false) => crate::t!("components-names-the", field = rest),
        (None, true) => t("components-names-whole-scenario"),
    }
}

/// A field of a scenario (a JSON pointer into it), as the mechanism's page names it.
pub fn field(kind: MechanismKind, scenario: &Value, pointer: &str) -> String {
    let t = tokens(pointer);
    let t: Vec<&str> = t.iter().map(String::as_str).collect();
    let known = match t.as_slice() {
        ["title"] => Some(crate::i18n::t("components-names-title")),
        ["notes"] => Some(crate::i18n::t("components-names-notes")),
        ["seed"] => Some(crate::i18n::t("components-names-seed")),
        _ => match kind {
            MechanismKind::Abacus => abacus::field(scenario, &t),
            MechanismKind::AbacusEstimate => estimate::field(scenario, &t),
            MechanismKind::Shapley => shapley::field(scenario, &t),
            MechanismKind::Era => era::field(scenario, &t),
            MechanismKind::Spot => spot::field(scenario, &t),
            MechanismKind::CloudShare => cloudshare::field(scenario, &t),
        },
    };
    known.unwrap_or_else(|| generic(scenario, pointer))
}

/// A number of a result (a JSON pointer into it), as the mechanism's page names it.
pub fn result(kind: MechanismKind, scenario: &Value, result: &Value, pointer: &str) -> String {
    let t = tokens(pointer);
    let t: Vec<&str> = t.iter().map(String::as_str).collect();
    let known = match kind {
        MechanismKind::Abacus => abacus::result(scenario, result, &t),
        MechanismKind::AbacusEstimate => estimate::result(scenario, result, &t),
        MechanismKind::Shapley => shapley::result(scenario, result, &t),
        MechanismKind::Era => era::result(scenario, result, &t),
        MechanismKind::Spot => spot::result(scenario, result, &t),
        MechanismKind::CloudShare => cloudshare::result(scenario, result, &t),
    };
    known.unwrap_or_else(|| generic(result, pointer))
}

/// A list of names in words: "a", "a and b", "a, b and c".
pub fn listing(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => crate::t!(
            "components-names-and",
            first = rest.join(&t("components-names-list-separator")),
            last = last.clone()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn places_are_named_without_paths_or_zero_based_positions() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        let doc = json!({ "jobs": [{ "name": "J1", "budget": 1 }, { "budget": 2, "tasks": [3, 4] }],
                          "metrics": { "late_jobs": 2 }, "runs": [{ "pieces": 3 }] });
        assert_eq!(generic(&doc, "/jobs/0/budget"), "J1's budget");
        assert_eq!(generic(&doc, "/jobs/1/budget"), "job 2's budget");
        assert_eq!(generic(&doc, "/jobs/1/tasks/1"), "job 2's task 2");
        assert_eq!(generic(&doc, "/metrics/late_jobs"), "the metrics late jobs");
        assert_eq!(generic(&doc, "/runs/0/pieces"), "run 1's pieces");
        assert_eq!(generic(&doc, "/jobs"), "the jobs");
        assert_eq!(generic(&doc, "/jobs/0"), "J1");
        assert_eq!(of("Jobs"), "Jobs'");
        assert_eq!(listing(&["a".into(), "b".into(), "c".into()]), "a, b and c");
        assert_eq!(singular("policies"), "policy");
        assert_eq!(
            (singular("switches"), singular("classes"), singular("coalitions")),
            ("switch".into(), "class".into(), "coalition".into())
        );
        assert_eq!(generic(&json!({ "policies": [{ "sigma": 2 }] }), "/policies/0/sigma"), "policy 1's σ");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_preset_names_every_field_and_result_number_in_words() {
        // Results are not run here (that is the e2e test's part): the fields of every preset.
        for preset in cloudecon::presets::all() {
            let scenario: Value = serde_json::from_str(&preset.scenario().to_json()).unwrap_or_default();
            for (pointer, _) in cloudecon::exercise::pointer::numbers(&scenario, 2_000) {
                let name = field(preset.mechanism, &scenario, &pointer);
                assert!(
                    !name.starts_with('/') && !name.contains('[') && !name.is_empty(),
                    "{}: {pointer} → {name}",
                    preset.name
                );
            }
        }
    }
}
