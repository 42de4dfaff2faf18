//! The estimation page's names: observed jobs and resource types by position, as its tables
//! number them (from 1).

use serde_json::Value;

use super::index;

pub fn field(_s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["kind"] => "the utility form".into(),
        ["non_negative"] => "non-negative weights".into(),
        ["observations"] => "the observations".into(),
        ["observations", l, "utility"] => format!("the utility of observed job {}", index(l)? + 1),
        ["observations", l, "shares", j] => {
            format!("observed job {}'s share of resource {}", index(l)? + 1, index(j)? + 1)
        }
        ["true_weights"] => "the true weights".into(),
        ["true_weights", j] => format!("the true weight on resource {}", index(j)? + 1),
        _ => return None,
    })
}

pub fn result(_s: &Value, _r: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["weights", j] => format!("the fitted weight on resource {}", index(j)? + 1),
        ["fitted", l] => format!("the fitted utility of observed job {}", index(l)? + 1),
        ["residual_sum_of_squares"] => "the residual sum of squares".into(),
        ["observations_used"] => "the number of observed jobs used".into(),
        ["observations", "0", "utility"] => "the utility of observed job 1".into(),
        _ => return None,
    })
}
