//! The CloudShare page's names: organizations by name, algorithms by the paper's names
//! (ORIG_DIRECT), jobs by their organization.

use cloudecon::cloudshare::algorithm::Algorithm;
use serde_json::Value;

use super::{index, item, of, word};

/// The paper's name of an algorithm's tag.
fn algorithm(tag: &str) -> String {
    Algorithm::ALL.iter().find(|a| a.tag() == tag).map_or_else(|| tag.to_string(), |a| a.label().to_string())
}

/// The name of formula algorithm `i` ("algorithm 6" without one).
fn formula_name(s: &Value, i: &str) -> Option<String> {
    let i = index(i)?;
    let name = s.get("algorithms")?.get(i)?.get("name").and_then(Value::as_str).filter(|n| !n.is_empty());
    Some(name.map_or_else(|| format!("algorithm {}", i + 1), |n| format!("\"{n}\"")))
}

/// Job `i` of a listed workload: "job 3 (B)".
fn job(s: &Value, i: &str) -> Option<String> {
    let i = index(i)?;
    let org = s.get("jobs")?.get(i)?.get("org").and_then(Value::as_str);
    Some(org.map_or_else(|| format!("job {}", i + 1), |o| format!("job {} ({o})", i + 1)))
}

pub fn field(s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["organizations"] => "the organizations".into(),
        ["organizations", i, "processors"] => format!("{} processors", of(&item(s, "organizations", index(i)?))),
        ["organizations", i, "name"] => format!("the name of organization {}", index(i)? + 1),
        ["jobs"] => "the jobs".into(),
        ["jobs", i, "org"] => format!("the organization of job {}", index(i)? + 1),
        ["jobs", i, field] if index(i).is_some() => format!("{} {}", of(&job(s, i)?), word(field)),
        ["algorithms"] => "the algorithms".into(),
        ["algorithms", i, "priority"] => format!("the priority formula of {}", formula_name(s, i)?),
        ["algorithms", i, "name"] => format!("the name of formula algorithm {}", index(i)? + 1),
        ["algorithms", i, "psi"] => format!("the ψ of {}", formula_name(s, i)?),
        ["split_unit"] => "unit pieces".into(),
        ["shapley", "method"] => "how the Shapley values are computed".into(),
        ["shapley", "permutations"] => "the number of permutations".into(),
        ["federation"] => "the federation".into(),
        ["federation", "exposure_threshold"] => "the reserved fraction below which a site lends machines".into(),
        ["runs"] => "the scored windows".into(),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, t: &[&str]) -> Option<String> {
    let org = |k: &str| Some(item(r, "organizations", index(k)?));
    let alg = |j: &str| {
        let a = r.get("algorithms")?.get(index(j)?)?.get("algorithm")?.as_str()?;
        Some(algorithm(a))
    };
    let scored = |j: &str| {
        let a = r.get("scores")?.get(index(j)?)?.get("algorithm")?.as_str()?;
        Some(algorithm(a))
    };
    Some(match t {
        ["algorithms", j, "wait", k] => format!("{} wait under {}", of(&org(k)?), alg(j)?),
        ["algorithms", j, "unfairness"] => format!("the unfairness of {}", alg(j)?),
        ["algorithms", j, "makespan"] => format!("the makespan under {}", alg(j)?),
        ["algorithms", j, "utilization"] => format!("the utilisation under {}", alg(j)?),
        ["algorithms", j, "shapley", k] => format!("{} Shapley value under {}", of(&org(k)?), alg(j)?),
        ["organizations", k, "cores"] => format!("{} cores", of(&org(k)?)),
        ["shapley", k] => format!("{} Shapley value", of(&org(k)?)),
        ["pieces"] => "the number of pieces".into(),
        ["simulations"] => "the number of simulations".into(),
        ["scores", j, "score"] => format!("the score of {}", scored(j)?),
        ["runs", i, "window_start_hours"] => format!("the start of window {} (hours)", index(i)? + 1),
        ["runs", i, "pieces"] => format!("the pieces in window {}", index(i)? + 1),
        ["runs", i, "unfairness", j] => format!("the unfairness of {} in window {}", alg(j)?, index(i)? + 1),
        _ => return None,
    })
}
