//! The ERA page's names: bids by their ids (else "bid 3"), resources by name, the metrics as the
//! page's table labels them. In the reader's language (`era-names.ftl`); the scenario's own names
//! (bid ids, resources) stay as they are.

use serde_json::Value;

use super::{index, word};
use crate::i18n::t;
use crate::t;

/// Bid `i` by its id, as the bids table shows it.
fn bid(list: Option<&Value>, i: &str) -> Option<String> {
    let i = index(i)?;
    let id = list.and_then(|l| l.get(i)).and_then(|b| b.get("id")).and_then(Value::as_str).filter(|s| !s.is_empty());
    Some(id.map_or_else(|| t!("era-name-bid", bid = (i + 1).to_string()), |id| t!("era-name-bid", bid = id)))
}

/// Resource `j` by its name, else by its position.
fn resource(cloud: &Value, j: usize) -> String {
    let name = cloud.get("resources").and_then(|l| l.get(j)).and_then(|r| r.get("name")).and_then(Value::as_str);
    match name.filter(|n| !n.trim().is_empty()) {
        Some(name) => name.to_string(),
        None => t!("era-name-resource", n = (j + 1).to_string()),
    }
}

/// `J1's`: the owner of what follows (English drops the "s" after a final "s").
fn of(owner: &str) -> String {
    if owner.ends_with('s') {
        t!("era-name-of-s", owner = owner)
    } else {
        t!("era-name-of", owner = owner)
    }
}

/// A field of a bid or of its part, in words: the page's words for the fields it shows.
fn field_word(key: &str) -> String {
    match key {
        "id" => t("era-name-word-id"),
        "class" => t("era-name-word-class"),
        "submit" => t("era-name-word-submit"),
        "value" => t("era-name-word-value"),
        "parts" => t("era-name-word-parts"),
        "config" => t("era-name-word-config"),
        "count" => t("era-name-word-count"),
        "duration" => t("era-name-word-duration"),
        "arrival" => t("era-name-word-arrival"),
        "deadline" => t("era-name-word-deadline"),
        other => word(other),
    }
}

pub fn field(s: &Value, path: &[&str]) -> Option<String> {
    let cloud = s.get("cloud").unwrap_or(&Value::Null);
    Some(match path {
        ["algorithm"] => t("era-name-algorithm"),
        ["algorithm", "min_unit_price"] => t("era-name-min-unit-price"),
        ["algorithm", "max_unit_price"] => t("era-name-max-unit-price"),
        ["algorithm", "late_penalty"] => t("era-name-late-penalty"),
        ["algorithm", "unit_price"]
            if s.get("algorithm").and_then(|a| a.get("kind")).and_then(Value::as_str) == Some("formula") =>
        {
            t("era-name-unit-price-formula")
        }
        ["algorithm", "unit_price"] => t("era-name-unit-price"),
        ["cloud", "horizon"] => t("era-name-horizon"),
        ["cloud", "slot_minutes"] => t("era-name-slot-minutes"),
        ["cloud", "resources"] => t("era-name-resources"),
        ["cloud", "resources", j, "capacity"] => t!("era-name-capacity", of = of(&resource(cloud, index(j)?))),
        ["cloud", "configurations"] => t("era-name-configurations"),
        ["predictor"] => t("era-name-predictor"),
        ["actual_usage"] => t("era-name-actual-usage"),
        ["requests"] => t("era-name-bids"),
        ["requests", i] => bid(s.get("requests"), i)?,
        // A bid of one part is its part (the table shows it so); of more, the part is said.
        ["requests", i, "parts", k, key] => {
            let bid = bid(s.get("requests"), i)?;
            let parts = s.get("requests")?.get(index(i)?)?.get("parts")?.as_array()?.len();
            match parts {
                1 => t!("era-name-bid-field", of = of(&bid), field = field_word(key)),
                _ => t!(
                    "era-name-bid-part-field",
                    of = of(&bid),
                    part = (index(k)? + 1).to_string(),
                    field = field_word(key)
                ),
            }
        }
        ["requests", i, key] => t!("era-name-bid-field", of = of(&bid(s.get("requests"), i)?), field = field_word(key)),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, path: &[&str]) -> Option<String> {
    let decision = |i: &str| bid(r.get("decisions"), i);
    Some(match path {
        ["metrics", "requested_value"] => t("era-name-requested-value"),
        ["metrics", "accepted_value"] => t("era-name-accepted-value"),
        ["metrics", "completed_on_time_value"] => t("era-name-completed-on-time-value"),
        ["metrics", "efficiency"] => t("era-name-efficiency"),
        ["metrics", "revenue"] => t("era-name-revenue"),
        ["metrics", "utilization"] => t("era-name-utilization"),
        ["metrics", "utilization_by_resource", name] => t!("era-name-utilization-of", resource = *name),
        ["metrics", "accepted"] => t("era-name-accepted"),
        ["metrics", "rejected"] => t("era-name-rejected"),
        ["metrics", "late_jobs"] => t("era-name-late-jobs"),
        ["metrics", "late_fraction"] => t("era-name-late-fraction"),
        ["decisions", i, "parts", "0", "finish"] => t!("era-name-finish", bid = decision(i)?),
        ["decisions", i, "start"] => t!("era-name-start", bid = decision(i)?),
        ["decisions", i, "price"] => t!("era-name-price", bid = decision(i)?),
        ["decisions", i, "quote"] => t!("era-name-quote", bid = decision(i)?),
        ["decisions", i, "value"] => t!("era-name-value", bid = decision(i)?),
        ["decisions", i, "submit"] => t!("era-name-submit", bid = decision(i)?),
        _ => return None,
    })
}
