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
    check(&with(|d| d["algorithm"]["colour"] = json!(1)), Expect::Problems(&[("algorithm.colour", "unknown field")]));
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
    check(
        &with(|d| d["predictor"] = json!({ "kind": "none", "period": 24 })),
        Expect::Problems(&[("predictor", "`period` is not a field of predictor kind")]),
    );
    check(
        &with(|d| d["predictor"] = json!({ "kind": "lp_history" })),
        Expect::Problems(&[("predictor", "needs `history`")]),
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

#[test]
fn configurations_use_their_actual_bundles_and_virtual_resources_bind() {
    // A "small" VM sells 1 core + 2 GB but really uses 2.5 GB and a tenth of a rack slot; the
    // rack (virtual: never sold) holds 3 VMs at once, the cores would hold 8.
    let d = json!({ "version": 1, "mechanism": "era",
        "algorithm": { "kind": "first_fit", "unit_price": 1.0 },
        "cloud": { "horizon": 10, "resources": [
            { "name": "core", "capacity": 8 }, { "name": "gb", "capacity": 64 },
            { "name": "rack", "virtual": true, "capacity": 0.3 } ],
          "configurations": [ { "name": "small", "formal": { "core": 1, "gb": 2 }, "actual": { "core": 1, "gb": 2.5, "rack": 0.1 } } ] },
        "requests": [
          { "id": "a", "submit": 0, "value": 100, "parts": [ { "count": 2, "duration": 4, "arrival": 0, "deadline": 4 } ] },
          { "id": "b", "submit": 0, "value": 100, "parts": [ { "count": 1, "duration": 4, "arrival": 0, "deadline": 4 } ] },
          { "id": "c", "submit": 0, "value": 100, "parts": [ { "count": 1, "duration": 2, "arrival": 0, "deadline": 6 } ] } ] });
    let s = check(&d, Expect::Ok).expect("valid");
    let v = cloudecon::runner::run(&s).expect("runs").to_value();
    let dec = &v["decisions"];
    // a: 2 VMs × 4 slots × (1 + 2) formal units × $1 = 24.
    assert_eq!((dec[0]["accepted"].as_bool(), dec[0]["price"].as_f64()), (Some(true), Some(24.0)));
    assert_eq!((dec[1]["accepted"].as_bool(), dec[1]["start"].as_u64()), (Some(true), Some(0)));
    // The rack is full (0.3) until slot 4: c waits although 5 cores are free.
    assert_eq!((dec[2]["accepted"].as_bool(), dec[2]["start"].as_u64()), (Some(true), Some(4)));
    let series = v["series"].as_array().expect("series");
    assert_eq!(series.len(), 3);
    assert_eq!(series[1]["promised"][0].as_f64(), Some(7.5)); // 3 VMs × 2.5 GB actual
    assert!(v["metrics"]["utilization_by_resource"]["rack"].as_f64().unwrap_or(0.0) > 0.0);
    // The default configuration names only sold resources.
    let names = match &s.spec {
        MechanismSpec::Era(e) => e.cloud.configuration_names(),
        _ => Vec::new(),
    };
    assert_eq!(names, vec!["small".to_string()]);
}

/// Issue 35: one rule for what is valid. A history too large for the predictor (a hang before
/// issue 23, then an error of the run that `validate` accepted) is refused by validation, at
/// `predictor.history`, with the run's words — so `validate`, `run` and the page agree.
#[test]
fn a_history_too_large_for_the_predictor_is_refused_by_validation() {
    // 2,000 generated historical requests × windows of ~1,000 slots = ~2,000,000 LP variables.
    let d = with(|d| {
        d["cloud"]["horizon"] = json!(2000);
        d["predictor"] = json!({ "kind": "lp_history", "history": { "seed": 1, "generator": { "classes": [
            { "name": "h", "rate": 1, "duration": 10, "slack": 1000, "unit_value": 1 } ] } } });
    });
    check(&d, Expect::Problems(&[("predictor.history", "LP variables")]));
    // Spreading the same history counts its request-slots, far below its own limit.
    let mut spread = d.clone();
    spread["predictor"]["kind"] = json!("spread_history");
    assert!(Scenario::from_json(&spread.to_string()).is_ok());
}

#[test]
fn a_quote_is_asked_without_a_value_and_a_bad_request_is_an_error() {
    let s = cloudecon::era::presets::basic().spec;
    let ask = |count: f64, duration: u32, arrival: u32, deadline: u32, submit: u32| RequestSpec {
        id: None,
        class: None,
        submit,
        value: 0.0,
        parts: vec![PartSpec { config: None, count, duration, arrival, deadline }],
    };
    // era-basic's "too-dear" bid, asked at slot 1 after the bids of slot 0: quote 20 at slot 2.
    let q = cloudecon::era::run::quote_after(&s, 0, &ask(6.0, 2, 1, 4, 1)).expect("valid").expect("a quote");
    assert_eq!((q.price, q.starts), (20.0, vec![2]));
    let e = cloudecon::era::run::quote_after(&s, 0, &ask(0.0, 2, 1, 4, 1)).expect_err("count 0");
    assert_eq!(e.problems[0].path, "quote[0].parts[0].count");
}
