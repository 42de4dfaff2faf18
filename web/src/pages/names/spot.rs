//! The spot page's names: policies by the result's labels ("RC σ=1 fixed b=.25"), the headline
//! numbers as the page's table labels them.

use serde_json::Value;

use super::{index, item};
use crate::i18n::t;
use crate::t;

pub fn field(_s: &Value, t: &[&str]) -> Option<String> {
    Some(crate::i18n::t(match t {
        ["slot_minutes"] => "spot-names-slot-minutes",
        ["on_demand_price"] => "spot-names-on-demand-price",
        ["spot_price"] => "spot-names-spot-price",
        ["spot_price", "mean"] => "spot-names-spot-price-mean",
        ["spot_price", "sd"] => "spot-names-spot-price-sd",
        ["spot_price", "seed"] => "spot-names-spot-price-seed",
        ["jobs"] => "spot-names-jobs",
        ["jobs", "generator", "count"] => "spot-names-job-count",
        ["jobs", "generator", "mean_gap_minutes"] => "spot-names-mean-gap",
        ["jobs", "generator", "seed"] => "spot-names-jobs-seed",
        ["policies"] => "spot-names-policies",
        ["delay"] => "spot-names-delay",
        ["step_size"] => "spot-names-step-size",
        ["payoff_scale"] => "spot-names-payoff-scale",
        ["remaining_unit"] => "spot-names-remaining-unit",
        _ => return None,
    }))
}

pub fn result(_s: &Value, r: &Value, tokens: &[&str]) -> Option<String> {
    let policy = |k: &str| Some(t!("spot-names-policy", name = item(r, "policies", index(k)?)));
    Some(match tokens {
        ["policy_payoffs", k] => t!("spot-names-policy-payoff", policy = policy(k)?),
        ["final_weights", k] => t!("spot-names-final-weight", policy = policy(k)?),
        ["completed", k] => t!("spot-names-completed", policy = policy(k)?),
        ["drawn", k] => t!("spot-names-drawn", policy = policy(k)?),
        ["jobs"] => t("spot-names-job-count"),
        ["delay"] => t("spot-names-delay"),
        ["expected_payoff"] => t("spot-names-expected-payoff"),
        ["realized_payoff"] => t("spot-names-realized-payoff"),
        ["regret"] => t("spot-names-regret"),
        ["average_regret"] => t("spot-names-average-regret"),
        ["average_policy_regret"] => t("spot-names-average-policy-regret"),
        ["regret_bound"] => t("spot-names-regret-bound"),
        ["best_policy"] => t("spot-names-best-policy"),
        ["prices", "slots"] => t("spot-names-price-slots"),
        ["prices", "mean"] => t("spot-names-spot-price-mean"),
        ["prices", "min"] => t("spot-names-lowest-price"),
        ["prices", "max"] => t("spot-names-highest-price"),
        _ => return None,
    })
}
