//! The Abacus page's names: jobs and resource types by their names, α, the sweep, the scheduler.

use serde_json::Value;

use super::{index, item, of};

/// A job of the scenario (`/jobs/i`) by its name.
fn job(s: &Value, i: &str) -> Option<String> {
    Some(item(s, "jobs", index(i)?))
}

fn resource(s: &Value, j: &str) -> Option<String> {
    Some(item(s, "resources", index(j)?))
}

pub fn field(s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["alpha"] => "α".into(),
        ["tolerance"] => "the tolerance".into(),
        ["max_iterations"] => "the maximum rounds".into(),
        ["trace"] => "the trace".into(),
        ["resources"] => "the resource types".into(),
        ["resources", j] => format!("resource {}", resource(s, j)?),
        ["resources", j, "name"] => format!("the name of resource {}", index(j)? + 1),
        ["resources", j, "units"] => format!("{} units", of(&resource(s, j)?)),
        ["jobs"] => "the jobs".into(),
        ["jobs", i] => job(s, i)?,
        ["jobs", i, "name"] => format!("the name of job {}", index(i)? + 1),
        ["jobs", i, "budget"] => format!("{} budget", of(&job(s, i)?)),
        ["jobs", i, "utility"] | ["jobs", i, "utility", "kind"] => format!("{} utility", of(&job(s, i)?)),
        ["jobs", i, "utility", "weights", j] => format!("{} weight on {}", of(&job(s, i)?), resource(s, j)?),
        ["jobs", i, "utility", "exponent"] => format!("{} exponent p", of(&job(s, i)?)),
        ["jobs", i, "utility", "formula"] => format!("{} utility formula", of(&job(s, i)?)),
        ["sweep"] => "the sweep".into(),
        ["sweep", "job"] => "the job swept".into(),
        ["sweep", "over"] => "what the sweep varies".into(),
        ["sweep", "from"] => "where the sweep starts".into(),
        ["sweep", "to"] => "where the sweep ends".into(),
        ["sweep", "points"] => "the sweep's points".into(),
        ["schedule"] => "the scheduler".into(),
        ["schedule", "policies"] => "the scheduling policies".into(),
        ["schedule", "phases_in_order"] => "reduce after map".into(),
        ["schedule", "horizon"] => "the scheduler's horizon".into(),
        ["schedule", "users"] => "the scheduler's users".into(),
        ["schedule", "users", u, which @ ("utility" | "reported_utility"), "formula"] => {
            let user = item(s.get("schedule")?, "users", index(u)?);
            let reported = if *which == "reported_utility" { "reported " } else { "" };
            format!("{} {reported}utility formula", of(&user))
        }
        ["schedule", "users", u, "utility", "weights", j] => {
            let user = item(s.get("schedule")?, "users", index(u)?);
            format!("{} weight on {}", of(&user), resource(s, j)?)
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
        ["shares", i, j] => format!("{} share of {}", of(&job(i)?), resource(j)?),
        ["sub_budgets", i, j] => format!("{} sub-budget for {}", of(&job(i)?), resource(j)?),
        ["utilities", i] => format!("{} utility", of(&job(i)?)),
        ["iterations"] => "the number of rounds".into(),
        ["round_changes", k] => format!("the largest sub-budget change in round {}", index(k)? + 1),
        ["sweep", "max_gain"] => "the largest gain from a misreport".into(),
        ["sweep", "truthful", "true_utility"] => "the true utility of the truthful report".into(),
        ["sweep", "points", k, "true_utility"] => format!("the true utility at sweep point {}", index(k)? + 1),
        ["sweep", "points", k, "reported"] => format!("the report at sweep point {}", index(k)? + 1),
        ["schedule_result", "policies", p, "makespan"] => format!("the makespan under {}", policy(p)?),
        ["schedule_result", "policies", p, "mean_response_time"] => {
            format!("the mean response time under {}", policy(p)?)
        }
        ["schedule_result", "policies", p, "auctions"] => format!("the number of auctions under {}", policy(p)?),
        ["schedule_result", "policies", p, "utilisation", j] => {
            format!("the utilisation of {} under {}", resource(j)?, policy(p)?)
        }
        ["schedule_result", "policies", p, "users", u, field] => {
            let users = r.get("schedule_result")?.get("policies")?.get(index(p)?)?;
            let user = item(users, "users", index(u)?);
            let what = match *field {
                "mean_response_time" => "mean response time",
                "jobs" => "number of jobs",
                _ => return None,
            };
            format!("{} {what} under {}", of(&user), policy(p)?)
        }
        _ => return None,
    })
}
