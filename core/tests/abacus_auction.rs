use cloudecon::runner::{run_json, RunOutput};
use serde_json::json;

#[test]
fn explore_json() {
    let base = json!({ "version": 1, "mechanism": "abacus",
      "resources": [ { "name": "map" }, { "name": "reduce" } ],
      "jobs": [ { "name": "J1", "budget": 100, "utility": { "kind": "linear", "weights": [3, 0] } },
                { "name": "J2", "budget": 200, "utility": { "kind": "linear", "weights": [3, 2] } } ] });
    let mut a = base.clone();
    a["sweep"] = json!({ "job": "J1", "over": "weight_ratio", "from": 0.5, "to": 2, "points": 3 });
    let mut b = base.clone();
    b["sweep"] = json!({ "job": "J2", "over": "budget", "from": 500, "to": 1000, "points": 3 });
    for d in [a, b] {
        let out = run_json(&d.to_string()).unwrap();
        let text = out.to_json();
        let sw = &out.to_value()["sweep"];
        println!("{} {} {}", sw["max_gain"], sw["truthful"]["reported"], sw["monotone"]);
        println!("{:?}", RunOutput::from_json(&text).map(|_| ()));
    }
}
