//! The CloudShare page's names: organizations by name, algorithms by the paper's names
//! (ORIG_DIRECT), jobs by their organization.

use cloudecon::cloudshare::algorithm::Algorithm;
use serde_json::Value;

use super::{index, item, word};
use crate::i18n::{number, t};
use crate::t;

/// The paper's name of an algorithm's tag.
fn algorithm(tag: &str) -> String {
    Algorithm::ALL.iter().find(|a| a.tag() == tag).map_or_else(|| tag.to_string(), |a| a.label().to_string())
}

/// `name` as the owner of what follows in a message's `$owner`: "A's" in English (names ending
/// in "s" take only the apostrophe), "A 的" in Chinese.
fn owner(name: &str) -> String {
    let s = if name.ends_with('s') { "yes" } else { "no" };
    t!("cloudshare-names-owner", name = name.to_string(), s = s)
}

/// A 1-based position as a message argument.
fn nth(i: &str) -> Option<fluent_bundle::FluentValue<'static>> {
    Some(number((index(i)? + 1) as f64))
}

/// The name of formula algorithm `i` ("algorithm 6" without one).
fn formula_name(s: &Value, i: &str) -> Option<String> {
    let k = index(i)?;
    let name = s.get("algorithms")?.get(k)?.get("name").and_then(Value::as_str).filter(|n| !n.is_empty());
    Some(match name {
        Some(n) => t!("cloudshare-names-quoted", name = n.to_string()),
        None => t!("cloudshare-names-algorithm", n = nth(i)?),
    })
}

/// Job `i` of a listed workload: "job 3 (B)".
fn job(s: &Value, i: &str) -> Option<String> {
    let org = s.get("jobs")?.get(index(i)?)?.get("org").and_then(Value::as_str);
    Some(match org {
        Some(o) => t!("cloudshare-names-job-of", n = nth(i)?, org = o.to_string()),
        None => t!("cloudshare-names-job", n = nth(i)?),
    })
}

/// A job's field in words.
fn job_field(key: &str) -> String {
    match key {
        "release" => t("cloudshare-names-release"),
        "duration" => t("cloudshare-names-duration"),
        "cores" => t("cloudshare-names-job-cores"),
        other => word(other),
    }
}

pub fn field(s: &Value, path: &[&str]) -> Option<String> {
    Some(match path {
        ["organizations"] => t("cloudshare-names-organizations"),
        ["organizations", i, "processors"] => {
            t!("cloudshare-names-processors", owner = owner(&item(s, "organizations", index(i)?)))
        }
        ["organizations", i, "name"] => t!("cloudshare-names-org-name", n = nth(i)?),
        ["jobs"] => t("cloudshare-names-jobs"),
        ["jobs", i, "org"] => t!("cloudshare-names-job-org", n = nth(i)?),
        ["jobs", i, field] if index(i).is_some() => {
            t!("cloudshare-names-job-field", owner = owner(&job(s, i)?), field = job_field(field))
        }
        ["algorithms"] => t("cloudshare-names-algorithms"),
        ["algorithms", i, "priority"] => t!("cloudshare-names-priority", algorithm = formula_name(s, i)?),
        ["algorithms", i, "name"] => t!("cloudshare-names-formula-name", n = nth(i)?),
        ["algorithms", i, "psi"] => t!("cloudshare-names-psi", algorithm = formula_name(s, i)?),
        ["split_unit"] => t("cloudshare-names-split-unit"),
        ["shapley", "method"] => t("cloudshare-names-method"),
        ["shapley", "permutations"] => t("cloudshare-names-permutations"),
        ["federation"] => t("cloudshare-names-federation"),
        ["federation", "exposure_threshold"] => t("cloudshare-names-threshold"),
        ["runs"] => t("cloudshare-names-runs"),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, path: &[&str]) -> Option<String> {
    let org = |k: &str| Some(owner(&item(r, "organizations", index(k)?)));
    let alg = |j: &str| {
        let a = r.get("algorithms")?.get(index(j)?)?.get("algorithm")?.as_str()?;
        Some(algorithm(a))
    };
    let scored = |j: &str| {
        let a = r.get("scores")?.get(index(j)?)?.get("algorithm")?.as_str()?;
        Some(algorithm(a))
    };
    Some(match path {
        ["algorithms", j, "wait", k] => t!("cloudshare-names-wait", owner = org(k)?, algorithm = alg(j)?),
        ["algorithms", j, "unfairness"] => t!("cloudshare-names-unfairness", algorithm = alg(j)?),
        ["algorithms", j, "makespan"] => t!("cloudshare-names-makespan", algorithm = alg(j)?),
        ["algorithms", j, "utilization"] => t!("cloudshare-names-utilization", algorithm = alg(j)?),
        ["algorithms", j, "shapley", k] => t!("cloudshare-names-shapley-under", owner = org(k)?, algorithm = alg(j)?),
        ["organizations", k, "cores"] => t!("cloudshare-names-cores", owner = org(k)?),
        ["shapley", k] => t!("cloudshare-names-shapley", owner = org(k)?),
        ["pieces"] => t("cloudshare-names-pieces"),
        ["simulations"] => t("cloudshare-names-simulations"),
        ["scores", j, "score"] => t!("cloudshare-names-score", algorithm = scored(j)?),
        ["runs", i, "window_start_hours"] => t!("cloudshare-names-window-start", n = nth(i)?),
        ["runs", i, "pieces"] => t!("cloudshare-names-window-pieces", n = nth(i)?),
        ["runs", i, "unfairness", j] => {
            t!("cloudshare-names-window-unfairness", algorithm = alg(j)?, n = nth(i)?)
        }
        _ => return None,
    })
}
