//! The Abacus page's names: jobs and resource types by their names, α, the sweep, the scheduler.
//! In the reader's language (`abacus-names.ftl`): an owner's name is passed to a message through
//! [`owner`], English's possessive ("J1's", "Users'") or Chinese's "J1 的".

use serde_json::Value;

use super::{index, item};
use crate::i18n::t;
use crate::t;

/// A job of the scenario (`/jobs/i`) by its name.
fn job(s: &Value, i: &str) -> Option<String> {
    Some(item(s, "jobs", index(i)?))
}

fn resource(s: &Value, j: &str) -> Option<String> {
    Some(item(s, "resources", index(j)?))
}

/// `name` as the owner of what follows: "J1's" (names ending in "s" take only the apostrophe).
pub(crate) fn owner(name: &str) -> String {
    let ends = if name.ends_with('s') { "s" } else { "other" };
    t!("abacus-names-of", name = name, ends = ends)
}

/// A 1-based position of a list as a message argument.
fn nth(token: &str) -> Option<String> {
    Some((index(token)? + 1).to_string())
}

pub fn field(s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["alpha"] => "α".into(),
        ["tolerance"] => self::t("abacus-names-tolerance"),
        ["max_iterations"] => self::t("abacus-names-max-iterations"),
        ["trace"] => self::t("abacus-names-trace"),
        ["resources"] => self::t("abacus-names-resources"),
        ["resources", j] => t!("abacus-names-resource", resource = resource(s, j)?),
        ["resources", j, "name"] => t!("abacus-names-resource-name", n = nth(j)?),
        ["resources", j, "units"] => t!("abacus-names-resource-units", owner = owner(&resource(s, j)?)),
        ["jobs"] => self::t("abacus-names-jobs"),
        ["jobs", i] => job(s, i)?,
        ["jobs", i, "name"] => t!("abacus-names-job-name", n = nth(i)?),
        ["jobs", i, "budget"] => t!("abacus-names-job-budget", owner = owner(&job(s, i)?)),
        ["jobs", i, "utility"] | ["jobs", i, "utility", "kind"] => {
            t!("abacus-names-job-utility", owner = owner(&job(s, i)?))
        }
        ["jobs", i, "utility", "weights", j] => {
            t!("abacus-names-job-weight", owner = owner(&job(s, i)?), resource = resource(s, j)?)
        }
        ["jobs", i, "utility", "exponent"] => t!("abacus-names-job-exponent", owner = owner(&job(s, i)?)),
        ["jobs", i, "utility", "formula"] => t!("abacus-names-job-formula", owner = owner(&job(s, i)?)),
        ["sweep"] => self::t("abacus-names-sweep"),
        ["sweep", "job"] => self::t("abacus-names-sweep-job"),
        ["sweep", "over"] => self::t("abacus-names-sweep-over"),
        ["sweep", "from"] => self::t("abacus-names-sweep-from"),
        ["sweep", "to"] => self::t("abacus-names-sweep-to"),
        ["sweep", "points"] => self::t("abacus-names-sweep-points"),
        ["schedule"] => self::t("abacus-names-schedule"),
        ["schedule", "policies"] => self::t("abacus-names-policies"),
        ["schedule", "phases_in_order"] => self::t("abacus-names-phases-in-order"),
        ["schedule", "horizon"] => self::t("abacus-names-horizon"),
        ["schedule", "users"] => self::t("abacus-names-users"),
        ["schedule", "users", u, which @ ("utility" | "reported_utility"), "formula"] => {
            let user = item(s.get("schedule")?, "users", index(u)?);
            if *which == "reported_utility" {
                t!("abacus-names-user-reported-formula", owner = owner(&user))
            } else {
                t!("abacus-names-user-formula", owner = owner(&user))
            }
        }
        ["schedule", "users", u, "utility", "weights", j] => {
            let user = item(s.get("schedule")?, "users", index(u)?);
            t!("abacus-names-job-weight", owner = owner(&user), resource = resource(s, j)?)
        }
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, t: &[&str]) -> Option<String> {
    let job = |i: &str| Some(item(r, "jobs", index(i)?));
    let resource = |j: &str| Some(item(r, "resources", index(j)?));
    let policy = |p: &str| {
        let p = r.get("schedule_result")?.get("policies")?.get(index(p)?)?;
        Some(match p.get("policy")?.as_str()? {
            "abacus" => "Abacus".to_string(),
            "fifo" => "FIFO".to_string(),
            "fair" => "Fair".to_string(),
            other => other.to_string(),
        })
    };
    Some(match t {
        ["shares", i, j] => t!("abacus-names-share", owner = owner(&job(i)?), resource = resource(j)?),
        ["sub_budgets", i, j] => t!("abacus-names-sub-budget", owner = owner(&job(i)?), resource = resource(j)?),
        ["utilities", i] => t!("abacus-names-job-utility", owner = owner(&job(i)?)),
        ["iterations"] => self::t("abacus-names-iterations"),
        ["round_changes", k] => t!("abacus-names-round-change", n = nth(k)?),
        ["sweep", "max_gain"] => self::t("abacus-names-max-gain"),
        ["sweep", "truthful", "true_utility"] => self::t("abacus-names-truthful-utility"),
        ["sweep", "points", k, "true_utility"] => t!("abacus-names-point-utility", n = nth(k)?),
        ["sweep", "points", k, "reported"] => t!("abacus-names-point-report", n = nth(k)?),
        ["schedule_result", "policies", p, "makespan"] => t!("abacus-names-makespan", policy = policy(p)?),
        ["schedule_result", "policies", p, "mean_response_time"] => {
            t!("abacus-names-mean-response", policy = policy(p)?)
        }
        ["schedule_result", "policies", p, "auctions"] => t!("abacus-names-auctions", policy = policy(p)?),
        ["schedule_result", "policies", p, "utilisation", j] => {
            t!("abacus-names-utilisation", resource = resource(j)?, policy = policy(p)?)
        }
        ["schedule_result", "policies", p, "users", u, field] => {
            let users = r.get("schedule_result")?.get("policies")?.get(index(p)?)?;
            let user = owner(&item(users, "users", index(u)?));
            match *field {
                "mean_response_time" => t!("abacus-names-user-mean-response", owner = user, policy = policy(p)?),
                "jobs" => t!("abacus-names-user-jobs", owner = user, policy = policy(p)?),
                _ => return None,
            }
        }
        _ => return None,
    })
}
