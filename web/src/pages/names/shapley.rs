//! The Shapley page's names: players by name, coalitions by their members (`v({A, B})`).

use serde_json::Value;

use super::{index, item, of};

/// `v({A, B})`: the value of coalition `k` of the scenario's table, by its members.
fn coalition_value(s: &Value, k: &str) -> Option<String> {
    let members = s.get("coalitions")?.get(index(k)?)?.get("members")?.as_array()?;
    let names: Vec<&str> = members.iter().filter_map(Value::as_str).collect();
    Some(format!("v({{{}}})", names.join(", ")))
}

pub fn field(s: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["players"] => "the players".into(),
        ["players", i] => format!("player {}", item(s, "players", index(i)?)),
        ["coalitions"] => "the coalition values".into(),
        ["coalitions", k] | ["coalitions", k, "value"] => coalition_value(s, k)?,
        ["coalitions", k, "members"] => format!("the members of {}", coalition_value(s, k)?),
        ["game"] => "the game".into(),
        ["game", "quota"] => "the quota".into(),
        ["game", "weights", i] => format!("{} weight", of(&item(s, "players", index(i)?))),
        _ => return None,
    })
}

pub fn result(_s: &Value, r: &Value, t: &[&str]) -> Option<String> {
    Some(match t {
        ["shapley", i] => format!("{} Shapley value", of(&item(r, "players", index(i)?))),
        ["grand_value"] => "v(N), the grand coalition's value".into(),
        ["efficiency_gap"] => "the efficiency gap".into(),
        ["core_violation", "value"] => "the value of the coalition that blocks the core".into(),
        ["core_violation", "allocated"] => "what that coalition is allocated".into(),
        _ => return None,
    })
}
