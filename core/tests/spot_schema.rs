//! The `spot` document: bad input refused with its JSON path, limits, round trips, the runner.

mod common;

use cloudecon::spot::model::RemainingUnit;
use cloudecon::{MechanismSpec, Scenario};
use common::{check, cloudecon, Expect};
use serde_json::{json, Value};

/// A small document of every kind of field.
fn doc() -> Value {
    json!({ "version": 1, "mechanism": "spot", "seed": 0,
        "slot_minutes": 5, "on_demand_price": 0.25,
        "spot_price": { "kind": "gaussian", "mean": 0.15, "sd": 0.05, "seed": 1 },
        "jobs": [ { "arrival": 0, "deadline": 2, "size": 10, "parallelism": 10, "value": 5 },
                  { "arrival": 3, "deadline": 1, "size": 4, "parallelism": 8, "value": 2 } ],
        "policies": [ { "family": "rate_centric", "sigma": 0.2, "bid": { "kind": "fixed", "b": 0.25 } },
                      { "family": "deadline_centric", "m_threshold": 1, "bid": { "kind": "variable", "gamma": 0.4, "epsilon": 0.02 } } ],
        "delay": "auto", "step_size": "algorithm", "payoff_scale": 1, "snapshots": [1] })
}

fn with(edit: impl FnOnce(&mut Value)) -> Value {
    let mut d = doc();
    edit(&mut d);
    d
}

#[test]
fn the_example_reads_runs_and_round_trips() {
    let s = check(&doc(), Expect::Ok).expect("valid");
    assert_eq!(Scenario::from_json(&s.to_json()), Ok(s.clone()));
    let v = cloudecon::runner::run(&s).expect("runs").to_value();
    assert_eq!(v["mechanism"], "spot");
    assert_eq!(v["policies"][0]["label"], "RC σ=.2 fixed b=.25");
    assert_eq!(v["policies"][1]["label"], "DC M=1 var γ=.4 ε=.02");
    assert_eq!(v["jobs"], 2);
    let w: f64 = v["final_weights"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).sum();
    assert!((w - 1.0).abs() < 1e-12);
}

#[test]
fn the_issues_bad_inputs_are_refused_with_their_paths() {
    let job = |field: &str, x: Value| with(|d| d["jobs"][1][field] = x);
    let policy = |k: usize, edit: fn(&mut Value)| with(|d| edit(&mut d["policies"][k]));
    check(&with(|d| d["slot_minutes"] = json!(7)), Expect::Problems(&[("slot_minutes", "must divide 60")]));
    check(&with(|d| d["slot_minutes"] = json!(0)), Expect::Problems(&[("slot_minutes", "must divide 60")]));
    check(&with(|d| d["on_demand_price"] = json!(-1)), Expect::Problems(&[("on_demand_price", "≥ 0")]));
    check(
        &with(|d| d["spot_price"] = json!({ "kind": "trace", "prices": [0.1, -0.2] })),
        Expect::Problems(&[("spot_price.prices[1]", "≥ 0")]),
    );
    let text = doc().to_string().replace("\"mean\":0.15", "\"mean\":1e999");
    assert_eq!(Scenario::from_json(&text).expect_err("1e999").problems[0].path, "spot_price.mean");
    check(&job("deadline", json!(0)), Expect::Problems(&[("jobs[1].deadline", "at least 1 hour")]));
    check(&job("deadline", json!(-1)), Expect::Problems(&[("jobs[1].deadline", "invalid value")]));
    check(&job("size", json!(0)), Expect::Problems(&[("jobs[1].size", "> 0")]));
    check(&job("parallelism", json!(-2)), Expect::Problems(&[("jobs[1].parallelism", "> 0")]));
    check(&job("value", json!(-2)), Expect::Problems(&[("jobs[1].value", "≥ 0")]));
    check(&with(|d| d["policies"] = json!([])), Expect::Problems(&[("policies", "at least one policy")]));
    check(&policy(0, |p| p["sigma"] = json!(1.5)), Expect::Problems(&[("policies[0].sigma", "[0, 1]")]));
    check(&policy(0, |p| p["sigma"] = json!(-0.1)), Expect::Problems(&[("policies[0].sigma", "[0, 1]")]));
    check(&policy(1, |p| p["bid"]["gamma"] = json!(1)), Expect::Problems(&[("policies[1].bid.gamma", "[0, 1)")]));
    check(&policy(1, |p| p["bid"]["gamma"] = json!(-0.5)), Expect::Problems(&[("policies[1].bid.gamma", "[0, 1)")]));
    check(&policy(0, |p| p["bid"]["b"] = json!(-1)), Expect::Problems(&[("policies[0].bid.b", "≥ 0")]));
    check(
        &policy(1, |p| p["m_threshold"] = json!(-1)),
        Expect::Problems(&[("policies[1].m_threshold", "invalid value")]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "generator": { "count": 1_000_001 } })),
        Expect::Problems(&[("jobs.generator.count", "between 1 and 1000000")]),
    );
    let many: Vec<Value> = (0..10_001).map(|_| doc()["policies"][0].clone()).collect();
    check(&with(|d| d["policies"] = json!(many)), Expect::Problems(&[("policies", "at most 10000 policies")]));
}

#[test]
fn other_fields_are_refused_with_their_paths() {
    check(&with(|d| d["delay"] = json!(0)), Expect::Problems(&[("delay", "at least 1 job")]));
    check(&with(|d| d["delay"] = json!("soon")), Expect::Problems(&[("delay", "\"auto\"")]));
    check(&with(|d| d["delay"] = json!(2.5)), Expect::Problems(&[("delay", "whole number")]));
    check(&with(|d| d["step_size"] = json!("fast")), Expect::Problems(&[("step_size", "unknown step size")]));
    check(&with(|d| d["step_size"] = json!({ "constant": -1 })), Expect::Problems(&[("step_size.constant", "> 0")]));
    check(&with(|d| d["payoff_scale"] = json!(-1)), Expect::Problems(&[("payoff_scale", "≥ 0")]));
    check(&with(|d| d["snapshots"] = json!([0])), Expect::Problems(&[("snapshots[0]", "at least 1 job")]));
    check(&with(|d| d["policies"] = json!("paper")), Expect::Problems(&[("policies", "unknown policy set")]));
    check(
        &with(|d| d["policies"][0]["m_threshold"] = json!(2)),
        Expect::Problems(&[("policies[0]", "rate-centric policy has `sigma`")]),
    );
    check(
        &with(|d| d["policies"][0]["bid"]["gamma"] = json!(0.2)),
        Expect::Problems(&[("policies[0].bid", "only `b`")]),
    );
    check(
        &with(|d| d["spot_price"] = json!({ "kind": "gaussian", "mean": 0.1, "sd": -1 })),
        Expect::Problems(&[("spot_price.sd", "≥ 0")]),
    );
    check(
        &with(|d| d["spot_price"] = json!({ "kind": "gaussian", "mean": 0.1, "prices": [1] })),
        Expect::Problems(&[("spot_price", "`prices` is not a field of price model kind gaussian")]),
    );
    check(
        &with(|d| d["spot_price"] = json!({ "kind": "alternating", "high": 0.3, "low": 0, "period_hours": 0 })),
        Expect::Problems(&[("spot_price.period_hours", "at least 1 hour")]),
    );
    check(
        &with(|d| {
            d["spot_price"] = json!({ "kind": "schedule", "switches": [
                { "from_job": 0, "model": { "kind": "trace", "prices": [0.1] } },
                { "from_job": 1.5, "model": { "kind": "trace", "prices": [-1] } } ] })
        }),
        Expect::Problems(&[
            ("spot_price.switches[1].from_job", "whole job index"),
            ("spot_price.switches[1].model.prices[0]", "≥ 0"),
        ]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "generator": { "value_factor": [2, 1], "parallelism": 0 } })),
        Expect::Problems(&[("jobs.generator.parallelism", "> 0"), ("jobs.generator.value_factor", "low ≤ high")]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "generator": { "count": "many" } })),
        Expect::Problems(&[("jobs.generator.count", "invalid type")]),
    );
    check(&with(|d| d["jobs"] = json!({ "generator": {}, "swf": "" })), Expect::Problems(&[("jobs", "not both")]));
    check(
        &with(|d| d["jobs"][0]["arrival"] = json!(3_000_000)),
        Expect::Problems(&[("jobs[0].arrival", "at most 3000000 slots")]),
    );
}

#[test]
fn remaining_unit_reads_hours_or_slots_defaults_to_hours_and_is_written_only_when_slots() {
    // A document without the field (every document and link from before it) reads as "hours" and
    // is written back without it, so its canonical form and fingerprint do not change.
    let old = check(&doc(), Expect::Ok).expect("valid");
    let MechanismSpec::Spot(s) = &old.spec else { panic!("a spot document") };
    assert_eq!(s.remaining_unit, RemainingUnit::Hours);
    assert!(!old.to_json().contains("remaining_unit"), "the default is not written");
    let hours = check(&with(|d| d["remaining_unit"] = json!("hours")), Expect::Ok).expect("valid");
    assert_eq!(hours, old);
    let slots = check(&with(|d| d["remaining_unit"] = json!("slots")), Expect::Ok).expect("valid");
    let MechanismSpec::Spot(s) = &slots.spec else { panic!("a spot document") };
    assert_eq!(s.remaining_unit, RemainingUnit::Slots);
    assert!(slots.to_json().contains("\"remaining_unit\":\"slots\""), "{}", slots.to_json());
    assert_eq!(Scenario::from_json(&slots.to_json()), Ok(slots.clone()));
    check(
        &with(|d| d["remaining_unit"] = json!("minutes")),
        Expect::Problems(&[("remaining_unit", "\"hours\" or \"slots\"")]),
    );
    check(
        &with(|d| d["remaining_unit"] = json!(12)),
        Expect::Problems(&[("remaining_unit", "\"hours\" or \"slots\"")]),
    );
    check(&with(|d| d["remaining_units"] = json!("slots")), Expect::Problems(&[("remaining_units", "unknown field")]));
}

#[test]
fn ec2_histories_and_logs_are_checked_with_their_paths() {
    let csv = "timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour\n\
               2016-03-01T00:00:00Z,us-east-1a,m3.medium,Linux/UNIX,0.01\n\
               2016-03-01T02:00:00Z,us-east-1a,m3.medium,Linux/UNIX,0.02\n";
    let ec2 = |csv: &str, start: &str, instance: &str| {
        with(|d| {
            d["spot_price"] = json!({ "kind": "ec2_history", "csv": csv, "instance_type": instance,
                                       "location": "us-east-1a", "product": "Linux/UNIX", "start": start })
        })
    };
    check(&ec2(csv, "2016-03-01T00:00:00Z", "m3.medium"), Expect::Ok);
    check(&ec2(csv, "2016-03-01", "m3.medium"), Expect::Problems(&[("spot_price.start", "RFC 3339")]));
    check(&ec2(csv, "2016-03-02T00:00:00Z", "m3.medium"), Expect::Problems(&[("spot_price.start", "after the last")]));
    check(&ec2(csv, "2016-03-01T00:00:00Z", "c5.large"), Expect::Problems(&[("spot_price.instance_type", "no rows")]));
    let bad = csv.replace("0.02", "cheap");
    check(&ec2(&bad, "2016-03-01T00:00:00Z", "m3.medium"), Expect::Problems(&[("spot_price.csv", "line 3")]));
    check(&ec2("a,b\n1,2\n", "2016-03-01T00:00:00Z", "m3.medium"), Expect::Problems(&[("spot_price.csv", "column")]));
    let swf = |text: &str| with(|d| d["jobs"] = json!({ "swf": text, "seed": 3 }));
    let line = "1 0 -1 1800 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1";
    check(&swf(line), Expect::Ok);
    check(&swf("1 0 -1 1800 4"), Expect::Problems(&[("jobs.swf", "line 1")]));
    check(&swf("1 0 -1 0 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1"), Expect::Problems(&[("jobs.swf", "no usable job")]));
}

#[test]
fn the_runner_runs_spot_and_writes_one_csv_row_per_policy() {
    let out = cloudecon(&["run", "-", "--csv"], Some(doc().to_string().as_bytes()));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[0].starts_with("index,label,total_payoff,final_weight"), "{text}");
    assert!(rows[1].starts_with("0,RC σ=.2 fixed b=.25,"), "{text}");
    let bad = with(|d| d["slot_minutes"] = json!(7)).to_string();
    let out = cloudecon(&["run", "-"], Some(bad.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("slot_minutes"));
}

/// A log's window (`sweep --windows` varies its start): only the usable jobs submitted in it,
/// their arrivals counted from the window's start; an empty or malformed window is refused at
/// its field.
#[test]
fn a_log_window_replays_the_jobs_submitted_in_it() {
    use cloudecon::spot::jobs::JobsSpec;
    // Four 30-minute 4-processor jobs submitted at hours 0, 10, 30 and 50.
    let log: String = [0, 10, 30, 50]
        .iter()
        .enumerate()
        .map(|(k, h)| format!("{} {} -1 1800 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1\n", k + 1, h * 3600))
        .collect();
    let jobs = |extra: Value| {
        let mut j = json!({ "swf": log, "seed": 3 });
        j.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        j
    };
    let arrivals = |extra: Value| -> Vec<u64> {
        let spec: JobsSpec = serde_json::from_value(jobs(extra)).unwrap();
        spec.build(0.25, 5, 12).unwrap().iter().map(|j| j.arrival).collect()
    };
    // The whole log, then windows: arrivals in 5-minute slots from the window's start.
    assert_eq!(arrivals(json!({})), [0, 120, 360, 600]);
    assert_eq!(arrivals(json!({ "window_start_hours": 24 })), [72]);
    assert_eq!(arrivals(json!({ "window_start_hours": 5, "window_hours": 48 })), [60, 300, 540]);
    assert_eq!(arrivals(json!({ "window_hours": 12 })), [0, 120]);
    // A window beside the seed and count keeps them.
    assert_eq!(arrivals(json!({ "window_start_hours": 0, "window_hours": 60, "count": 8 })).len(), 8);

    let with_jobs = |extra: Value| with(|d| d["jobs"] = jobs(extra));
    check(&with_jobs(json!({ "window_start_hours": 24 })), Expect::Ok);
    check(
        &with_jobs(json!({ "window_start_hours": 100 })),
        Expect::Problems(&[(
            "jobs.window_start_hours",
            "no usable job is submitted in the 24-hour window from hour 100",
        )]),
    );
    check(&with_jobs(json!({ "window_start_hours": -1 })), Expect::Problems(&[("jobs.window_start_hours", "≥ 0")]));
    check(&with_jobs(json!({ "window_hours": 0 })), Expect::Problems(&[("jobs.window_hours", "hours")]));
    let generator = with(|d| d["jobs"] = json!({ "generator": {}, "window_hours": 24 }));
    check(&generator, Expect::Problems(&[("jobs", "inside `generator`")]));
    // Documents without a window write none (their bytes are unchanged).
    let spec: JobsSpec = serde_json::from_value(jobs(json!({}))).unwrap();
    assert!(!serde_json::to_string(&spec).unwrap().contains("window"));
}
