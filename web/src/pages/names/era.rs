//! The ERA page's names: bids by their ids (else "bid 3"), resources by name, the metrics as the
//! page's table labels them.

use serde_json::Value;

use super::{index, item, of, word};

/// Bid `i` by its id, as the bids table shows it.
fn bid(list: Option<&Value>, i: &str) -> Option<String> {
    let i = index(i)?;
    let id = list.and_then(|l| l.get(i)).and_then(|b| b.get("id")).and_then(Value::as_str).filter(|s| !s.is_empty());
    Some(id.map_or_else(|| format!("bid {}", i + 1), |id| format!("bid {id}")))
}

pub fn field(s: &Value, t: &[&str]) -> Option<String> {
    let cloud = s.get("cloud").unwrap_or(&Value::Null);
    Some(match t {
        ["algorithm"] => "the algorithm".into(),
        ["algorithm", "min_unit_price"] => "the minimum unit price".into(),
        ["algorithm", "max_unit_price"] => "the maximum unit price".into(),
        ["algorithm", "late_penalty"] => "the late penalty".into(),
        ["algorithm", "unit_price"]
            if s.get("algorithm").and_then(|a| a.get("kind")).and_then(Value::as_str) == Some("formula") =>
        {
            "the unit price formula".into()
        }
        ["algorithm", "unit_price"] => "the unit price".into(),
        ["cloud", "horizon"] => "the horizon".into(),
        ["cloud", "slot_minutes"] => "the minutes per slot".into(),
        ["cloud", "resources"] => "the resources".into(),
        ["cloud", "resources", j, "capacity"] => format!("{} capacity", of(&item(cloud, "resources", index(j)?))),
        ["cloud", "configurations"] => "the configurations".into(),
        ["predictor"] => "the predictor".into(),
        ["actual_usage"] => "the fraction of the reservation used".into(),
        ["requests"] => "the bids".into(),
        ["requests", i] => bid(s.get("requests"), i)?,
        // A bid of one part is its part (the table shows it so); of more, the part is said.
        ["requests", i, "parts", k, field] => {
            let bid = bid(s.get("requests"), i)?;
            let parts = s.get("requests")?.get(index(i)?)?.get("parts")?.as_array()?.len();
            match parts {
                1 => format!("{} {}", of(&bid), word(field)),
                _ => format!("{} part {} {}", of(&bid), index(k)? + 1, word(field)),
            }
        }
        ["requests", i, field] => format!("{} {}", of(&bid(s.get("requests"), i)?), word(field)),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, t: &[&str]) -> Option<String> {
    let decision = |i: &str| bid(r.get("decisions"), i);
    Some(match t {
        ["metrics", "requested_value"] => "the requested value".into(),
        ["metrics", "accepted_value"] => "the accepted value".into(),
        ["metrics", "completed_on_time_value"] => "the value completed on time".into(),
        ["metrics", "efficiency"] => "the efficiency".into(),
        ["metrics", "revenue"] => "the revenue".into(),
        ["metrics", "utilization"] => "the utilisation".into(),
        ["metrics", "utilization_by_resource", name] => format!("the utilisation of {name}"),
        ["metrics", "accepted"] => "the number of bids accepted".into(),
        ["metrics", "rejected"] => "the number of bids rejected".into(),
        ["metrics", "late_jobs"] => "the number of late jobs".into(),
        ["metrics", "late_fraction"] => "the late fraction".into(),
        ["decisions", i, "parts", "0", "finish"] => format!("when {} finishes", decision(i)?),
        ["decisions", i, "start"] => format!("when {} starts", decision(i)?),
        ["decisions", i, "price"] => format!("the price of {}", decision(i)?),
        ["decisions", i, "quote"] => format!("the quote for {}", decision(i)?),
        ["decisions", i, "value"] => format!("the value of {}", decision(i)?),
        ["decisions", i, "submit"] => format!("when {} is submitted", decision(i)?),
        _ => return None,
    })
}
