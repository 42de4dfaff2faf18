//! The Shapley page's names: players by name, coalitions by their members (`v({A, B})`).

use serde_json::Value;

use super::{index, item};
use crate::i18n::t;
use crate::t;

/// `v({A, B})`: the value of coalition `k` of the scenario's table, by its members.
fn coalition_value(s: &Value, k: &str) -> Option<String> {
    let members = s.get("coalitions")?.get(index(k)?)?.get("members")?.as_array()?;
    let names: Vec<&str> = members.iter().filter_map(Value::as_str).collect();
    Some(format!("v({{{}}})", names.join(", ")))
}

/// Player `i`'s name in a message's `$owner`: "A's" in English (names ending in "s" take only the
/// apostrophe), "A的" in Chinese.
fn owner(doc: &Value, i: &str) -> Option<String> {
    let name = item(doc, "players", index(i)?);
    let s = if name.ends_with('s') { "yes" } else { "no" };
    Some(t!("shapley-names-owner", name = name, s = s))
}

pub fn field(s: &Value, path: &[&str]) -> Option<String> {
    Some(match path {
        ["players"] => t("shapley-names-players"),
        ["players", i] => t!("shapley-names-player", name = item(s, "players", index(i)?)),
        ["coalitions"] => t("shapley-names-coalitions"),
        ["coalitions", k] | ["coalitions", k, "value"] => coalition_value(s, k)?,
        ["coalitions", k, "members"] => t!("shapley-names-members", coalition = coalition_value(s, k)?),
        ["game"] => t("shapley-names-game"),
        ["game", "quota"] => t("shapley-names-quota"),
        ["game", "weights", i] => t!("shapley-names-weight", owner = owner(s, i)?),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, path: &[&str]) -> Option<String> {
    Some(match path {
        ["shapley", i] => t!("shapley-names-value", owner = owner(r, i)?),
        ["grand_value"] => t("shapley-names-grand-value"),
        ["efficiency_gap"] => t("shapley-names-efficiency-gap"),
        ["core_violation", "value"] => t("shapley-names-blocking-value"),
        ["core_violation", "allocated"] => t("shapley-names-blocking-allocated"),
        _ => return None,
    })
}
