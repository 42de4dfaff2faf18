//! The `era` document: bad input refused with its JSON path, limits, round trips, the runner.

mod common;

use cloudecon::era::requests::{PartSpec, RequestSpec};
use cloudecon::era::scenario::RequestsSpec;
use cloudecon::{MechanismSpec, Scenario};
use common::{check, cloudecon, Expect};
use serde_json::{json, Value};

/// The spec's example document.
fn doc() -> Value {
    json!({ "version": 1, "mechanism": "era", "seed": 0,
        "algorithm": { "kind": "basic_econ" },
        "cloud": { "horizon": 48, "resources": [ { "name": "core", "capacity": 100 } ] },
        "predictor": { "kind": "explicit", "slots": [ [ { "units": 10, "unit_value": 2.0 } ], [] ] },
        "requests": [ { "id": "j1", "submit": 0, "value": 50.0,
                        "parts": [ { "config": "core", "count": 10, "duration": 5, "arrival": 0, "deadline": 24 } ] } ] })
}

fn with(edit: impl FnOnce(&mut Value)) -> Value {
    let mut d = doc();
    edit(&mut d);
    d
}

#[test]
fn the_spec_example_reads_and_runs() {
    let s = check(&doc(), Expect::Ok).expect("valid");
    let out = cloudecon::runner::run(&s).expect("runs");
    let v = out.to_value();
    assert_eq!(v["mechanism"], "era");
    assert_eq!(v["decisions"][0]["accepted"], true);
    // Empty cloud, 10 units of demand at $2 in slot 0 only: units 1..=10 see R = 99..90 ≥ 10, so
    // every price is 0 and the earliest start wins.
    assert_eq!(v["decisions"][0]["start"], 0);
    assert_eq!(v["decisions"][0]["price"], 0.0);
}

#[test]
fn bad_fields_are_refused_with_their_paths() {
    let part = |field: &str, x: Value| with(|d| d["requests"][0]["parts"][0][field] = x);
    check(&part("arrival", json!(-1)), Expect::Problems(&[("requests[0].parts[0].arrival", "invalid value")]));
    check(&part("duration", json!(2.5)), Expect::Problems(&[("requests[0].parts[0].duration", "invalid type")]));
    check(&part("duration", json!(0)), Expect::Problems(&[("requests[0].parts[0].duration", "at least 1")]));
    check(&part("count", json!(0)), Expect::Problems(&[("requests[0].parts[0].count", "> 0")]));
    check(&part("count", json!(-3)), Expect::Problems(&[("requests[0].parts[0].count", "> 0")]));
    check(&part("config", json!("gpu")), Expect::Problems(&[("requests[0].parts[0].config", "unknown configuration")]));
    check(&with(|d| d["requests"][0]["value"] = json!(-5)), Expect::Problems(&[("requests[0].value", "≥ 0")]));
    // 1e400 is not a finite number: serde refuses it where it stands.
    let text = doc().to_string().replace("50.0", "1e400");
    let e = Scenario::from_json(&text).expect_err("1e400");
    assert_eq!(e.problems[0].path, "requests[0].value", "{e}");
    check(&with(|d| d["cloud"]["horizon"] = json!(100_001)), Expect::Problems(&[("cloud.horizon", "at most 100000")]));
    check(
        &with(|d| {
            d["cloud"]["resources"][0]["capacity"] =
                json!([{ "from": 0, "capacity": 10 }, { "from": 20, "capacity": 5 }, { "from": 10, "capacity": 7 }])
        }),
        Expect::Problems(&[("cloud.resources[0].capacity[2].from", "increasing order")]),
    );
    check(
        &with(|d| d["cloud"]["resources"][0]["capacity"] = json!([{ "from": 3, "capacity": 10 }])),
        Expect::Problems(&[("cloud.resources[0].capacity[0].from", "slot 0")]),
    );
    check(
        &with(|d| {
            d["cloud"]["configurations"] = json!([{ "name": "small", "formal": { "core": 1, "gb": 2 } }]);
            d["requests"][0]["parts"][0]["config"] = json!("small");
        }),
        Expect::Problems(&[("cloud.configurations[0].formal.gb", "unknown resource")]),
    );
    check(
        &with(|d| d["predictor"] = json!({ "kind": "explicit", "resources": { "gpu": [[]] } })),
        Expect::Problems(&[("predictor.resources.gpu", "unknown resource")]),
    );
    check(
        &with(|d| d["predictor"]["slots"][0][0]["unit_value"] = json!(-1)),
        Expect::Problems(&[("predictor.slots[0][0].unit_value", "≥ 0")]),
    );
    check(&with(|d| d["algorithm"]["colour"] = json!(1)), Expect::Problems(&[("algorithm", "unknown field")]));
    check(
        &with(|d| d["algorithm"] = json!({ "kind": "basic_econ", "min_unit_price": 2, "max_unit_price": 1 })),
        Expect::Problems(&[("algorithm.max_unit_price", "at least min_unit_price")]),
    );
    check(&with(|d| d["actual_usage"] = json!(1.5)), Expect::Problems(&[("actual_usage", "(0, 1]")]));
    check(
        &with(|d| {
            d["requests"] =
                json!({ "generator": { "classes": [{ "name": "a", "rate": 1, "unit_value": { "uniform": [2, 1] } }] } })
        }),
        Expect::Problems(&[("requests.generator.classes[0].unit_value.uniform", "low must not exceed high")]),
    );
    check(
        &with(
            |d| d["predictor"] = json!({ "kind": "lp_history", "history": [ { "submit": 0, "value": 1, "parts": [ { "count": 1, "duration": -2, "arrival": 0, "deadline": 3 } ] } ] }),
        ),
        Expect::Problems(&[("predictor.history[0].parts[0].duration", "invalid value")]),
    );
}

#[test]
fn a_window_shorter_than_the_duration_is_allowed_and_the_decision_says_why() {
    let d = with(|d| d["requests"][0]["parts"][0]["deadline"] = json!(3));
    let s = check(&d, Expect::Ok).expect("allowed");
    let v = cloudecon::runner::run(&s).expect("runs").to_value();
    assert_eq!(v["decisions"][0]["accepted"], false);
    let reason = v["decisions"][0]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("shorter than its duration"), "{reason}");
}

#[test]
fn at_most_a_million_requests() {
    let s = check(&doc(), Expect::Ok).expect("valid");
    let MechanismSpec::Era(mut era) = s.spec.clone() else { panic!("an era document") };
    let one = RequestSpec {
        id: None,
        class: None,
        submit: 0,
        value: 1.0,
        parts: vec![PartSpec { config: None, count: 1.0, duration: 1, arrival: 0, deadline: 2 }],
    };
    era.requests = RequestsSpec::List(vec![one; 1_000_001]);
    let big = Scenario { spec: MechanismSpec::Era(era), ..s };
    let e = big.validate().expect_err("too many");
    assert_eq!(e.problems[0].path, "requests");
    assert!(e.problems[0].message.contains("at most 1000000"), "{e}");
}

#[test]
fn every_preset_round_trips_through_json() {
    for p in cloudecon::presets::all().into_iter().filter(|p| p.mechanism.tag() == "era") {
        let s = p.scenario();
        assert_eq!(Scenario::from_json(&s.to_json()).as_ref(), Ok(&s), "{}", p.name);
    }
}

#[test]
fn the_runner_names_the_path_and_exits_2() {
    let bad = with(|d| d["requests"][0]["parts"][0]["count"] = json!(0)).to_string();
    let out = cloudecon(&["run", "-"], Some(bad.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("requests[0].parts[0].count"), "{err}");
}

#[test]
fn the_runner_prints_the_decisions_table_as_csv() {
    let out = cloudecon(&["run", "-", "--csv"], Some(doc().to_string().as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert!(lines.next().unwrap_or_default().starts_with("id,class,submit,value,accepted,start,price"));
    assert!(lines.next().unwrap_or_default().starts_with("j1,,0,50,true,0,0"), "{text}");
}
