//! The estimation page's names: observed jobs and resource types by position, as its tables
//! number them (from 1).

use serde_json::Value;

use super::index;
use crate::i18n::t;
use crate::t;

/// A 1-based position of a list as a message argument.
fn nth(token: &str) -> Option<String> {
    Some((index(token)? + 1).to_string())
}

pub fn field(_s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["kind"] => self::t("abacus-names-estimate-kind"),
        ["non_negative"] => self::t("abacus-names-estimate-non-negative"),
        ["observations"] => self::t("abacus-names-estimate-observations"),
        ["observations", l, "utility"] => t!("abacus-names-estimate-utility", job = nth(l)?),
        ["observations", l, "shares", j] => t!("abacus-names-estimate-share", job = nth(l)?, n = nth(j)?),
        ["true_weights"] => self::t("abacus-names-estimate-true-weights"),
        ["true_weights", j] => t!("abacus-names-estimate-true-weight", n = nth(j)?),
        _ => return None,
    })
}

pub fn result(_s: &Value, _r: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["weights", j] => t!("abacus-names-estimate-weight", n = nth(j)?),
        ["fitted", l] => t!("abacus-names-estimate-fitted", job = nth(l)?),
        ["residual_sum_of_squares"] => self::t("abacus-names-estimate-rss"),
        ["observations_used"] => self::t("abacus-names-estimate-used"),
        ["observations", "0", "utility"] => t!("abacus-names-estimate-utility", job = "1"),
        _ => return None,
    })
}
