//! The spot page's names: policies by the result's labels ("RC σ=1 fixed b=.25"), the headline
//! numbers as the page's table labels them.

use serde_json::Value;

use super::{index, item};

pub fn field(_s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["slot_minutes"] => "the minutes per slot".into(),
        ["on_demand_price"] => "the on-demand price".into(),
        ["spot_price"] => "the spot price model".into(),
        ["spot_price", "mean"] => "the mean spot price".into(),
        ["spot_price", "sd"] => "the spot price's standard deviation".into(),
        ["spot_price", "seed"] => "the spot prices' seed".into(),
        ["jobs"] => "the jobs".into(),
        ["jobs", "generator", "count"] => "the number of jobs".into(),
        ["jobs", "generator", "mean_gap_minutes"] => "the mean gap between jobs".into(),
        ["jobs", "generator", "seed"] => "the jobs' seed".into(),
        ["policies"] => "the policies".into(),
        ["delay"] => "the delay d".into(),
        ["step_size"] => "the step size".into(),
        ["payoff_scale"] => "the payoff scale".into(),
        ["remaining_unit"] => "the unit of the time left".into(),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, t: &[&str]) -> Option<String> {
    let policy = |k: &str| Some(format!("policy {}", item(r, "policies", index(k)?)));
    Some(match t {
        ["policy_payoffs", k] => format!("the total payoff of {}", policy(k)?),
        ["final_weights", k] => format!("the final weight of {}", policy(k)?),
        ["completed", k] => format!("the jobs {} completes", policy(k)?),
        ["drawn", k] => format!("how often the learner drew {}", policy(k)?),
        ["jobs"] => "the number of jobs".into(),
        ["delay"] => "the delay d".into(),
        ["expected_payoff"] => "the expected payoff".into(),
        ["realized_payoff"] => "the realized payoff".into(),
        ["regret"] => "the regret".into(),
        ["average_regret"] => "the average regret".into(),
        ["average_policy_regret"] => "the average policy regret".into(),
        ["regret_bound"] => "Theorem 1's bound".into(),
        ["best_policy"] => "the best policy's position".into(),
        ["prices", "slots"] => "the number of price slots".into(),
        ["prices", "mean"] => "the mean spot price".into(),
        ["prices", "min"] => "the lowest spot price".into(),
        ["prices", "max"] => "the highest spot price".into(),
        _ => return None,
    })
}
