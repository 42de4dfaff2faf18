//! The `cloudshare` document: bad input refused with its JSON path, round trips, the runner.

mod common;

use cloudecon::Scenario;
use common::{check, cloudecon, Expect};
use serde_json::{json, Value};

fn doc() -> Value {
    json!({ "version": 1, "mechanism": "cloudshare", "seed": 0,
        "organizations": [ { "name": "A", "processors": 1 }, { "name": "B", "machines": [2] } ],
        "jobs": [ { "org": "A", "release": 0, "duration": 2 }, { "org": "B", "release": 1, "duration": 1, "cores": 2 } ],
        "algorithms": ["simpl_direct", "fair_share"], "split_unit": false })
}

fn with(edit: impl FnOnce(&mut Value)) -> Value {
    let mut d = doc();
    edit(&mut d);
    d
}

const LINE: &str = "1 0 -1 1800 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1";

#[test]
fn the_example_reads_runs_and_round_trips() {
    let s = check(&doc(), Expect::Ok).expect("valid");
    assert_eq!(Scenario::from_json(&s.to_json()), Ok(s.clone()));
    let v = cloudecon::runner::run(&s).expect("runs").to_value();
    assert_eq!(v["mechanism"], "cloudshare");
    assert_eq!(v["algorithms"][0]["algorithm"], "simpl_direct");
    assert_eq!(v["coalition_values"].as_array().unwrap().len(), 3);
    assert_eq!(v["algorithms"][0]["schedule"][0]["processor_org"], "A");
}

#[test]
fn the_issues_bad_inputs_are_refused_with_their_paths() {
    let job = |field: &str, x: Value| with(|d| d["jobs"][1][field] = x);
    check(&job("org", json!("C")), Expect::Problems(&[("jobs[1].org", "unknown organization \"C\"")]));
    check(&job("release", json!(-1)), Expect::Problems(&[("jobs[1].release", "invalid value")]));
    check(&job("duration", json!(0)), Expect::Problems(&[("jobs[1].duration", "at least 1")]));
    check(&job("duration", json!(-2)), Expect::Problems(&[("jobs[1].duration", "invalid value")]));
    check(&job("cores", json!(3)), Expect::Problems(&[("jobs[1].cores", "larger than any machine (2 cores)")]));
    let many: Vec<Value> = (0..21).map(|i| json!({ "name": format!("O{i}"), "processors": 1 })).collect();
    check(
        &with(|d| {
            d["organizations"] = json!(many);
            d["jobs"] = json!([{ "org": "O3", "release": 0, "duration": 1 }]);
            d["shapley"] = json!({ "method": "exact" });
        }),
        Expect::Problems(&[("shapley.method", "at most 20 organizations")]),
    );
    let short = format!("{LINE}\n1 0 -1 1800 4");
    check(&with(|d| d["jobs"] = json!({ "swf": short })), Expect::Problems(&[("jobs.swf", "line 2")]));
    check(
        &with(|d| d["jobs"] = json!({ "swf": LINE, "window_start_hours": 5 })),
        Expect::Problems(&[("jobs.window_start_hours", "no usable job")]),
    );
}

#[test]
fn other_fields_are_refused_with_their_paths() {
    check(&with(|d| d["organizations"] = json!([])), Expect::Problems(&[("organizations", "between 1 and 64")]));
    check(
        &with(|d| d["organizations"][1] = json!({ "name": "A", "processors": 1 })),
        Expect::Problems(&[("organizations[1].name", "listed twice")]),
    );
    check(
        &with(|d| d["organizations"][0]["machines"] = json!([1])),
        Expect::Problems(&[("organizations[0]", "not both")]),
    );
    check(
        &with(|d| d["organizations"] = json!({ "count": 3, "processors": { "zipf": { "total": 2 } } })),
        Expect::Problems(&[("organizations.processors.zipf.total", "at least 3")]),
    );
    check(
        &with(|d| d["organizations"][0]["processors"] = json!(-1)),
        Expect::Problems(&[("organizations[0].processors", "invalid value")]),
    );
    check(
        &with(|d| d["algorithms"] = json!(["fair_share", "fair_share"])),
        Expect::Problems(&[("algorithms[1]", "twice")]),
    );
    check(&with(|d| d["algorithms"] = json!(["fairshare"])), Expect::Problems(&[("algorithms[0]", "unknown variant")]));
    check(
        &with(|d| d["shapley"] = json!({ "method": "sample", "permutations": 0 })),
        Expect::Problems(&[("shapley.permutations", "between 1")]),
    );
    check(
        &with(|d| d["federation"] = json!({ "exposure_threshold": -1, "leave_events": [{ "org": "Z", "time": 3 }] })),
        Expect::Problems(&[
            ("federation.exposure_threshold", "≥ 0"),
            ("federation.leave_events[0].org", "unknown organization"),
        ]),
    );
    check(
        &with(|d| d["runs"] = json!({ "windows": 3 })),
        Expect::Problems(&[("runs", "needs jobs from an `swf` log")]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "generator": { "count": 5, "horizon": 0, "duration": [2, 1] } })),
        Expect::Problems(&[("jobs.generator.horizon", "at least 1"), ("jobs.generator.duration", "low ≤ high")]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "generator": { "count": 5, "horizon": 4, "duration": [1, "x"] } })),
        Expect::Problems(&[("jobs.generator.duration[1]", "invalid type")]),
    );
    check(
        &with(|d| d["jobs"] = json!({ "swf": LINE, "local_users": 2 })),
        Expect::Problems(&[("jobs.local_users", "[0, 1]")]),
    );
}

#[test]
fn the_runner_writes_one_csv_row_per_algorithm_and_organization() {
    let out = cloudecon(&["run", "-", "--csv"], Some(doc().to_string().as_bytes()));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 1 + 2 * 2, "{text}");
    assert!(rows[0].starts_with("algorithm,organization,cores,wait,shapley"), "{text}");
    assert!(rows[1].starts_with("simpl_direct,A,1,"), "{text}");
    let bad = with(|d| d["jobs"][0]["org"] = json!("Q")).to_string();
    let out = cloudecon(&["run", "-"], Some(bad.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("jobs[0].org"));
}

#[test]
fn sampling_is_bounded_by_what_it_needs() {
    // Each limit alone allows 64 organizations and 30,000 permutations; together they would ask
    // for 1.9 million coalition simulations (and gigabytes): refused at validation.
    let many = with(|d| {
        d["organizations"] = json!({ "count": 64, "processors": 1 });
        d["jobs"] = json!([{ "org": "O1", "release": 0, "duration": 1 }]);
        d["shapley"] = json!({ "method": "sample", "permutations": 30_000 });
    });
    let problems = Scenario::from_json(&many.to_string()).expect_err("refused").problems;
    assert!(
        problems.iter().any(|p| p.path == "shapley.permutations" && p.message.contains("coalition simulations")),
        "{problems:?}"
    );
    // Within the bound it is accepted.
    let fine = with(|d| {
        d["organizations"] = json!({ "count": 64, "processors": 1 });
        d["jobs"] = json!([{ "org": "O1", "release": 0, "duration": 1 }]);
        d["shapley"] = json!({ "method": "sample", "permutations": 3_000 });
    });
    if let Err(e) = Scenario::from_json(&fine.to_string()) {
        assert!(!e.problems.iter().any(|p| p.path == "shapley.permutations"), "{e:?}");
    }
}

#[test]
fn a_log_window_too_large_for_its_time_unit_is_refused_at_validation() {
    // One-second units on the NASA log's windows (the runs' windows too): refused by `validate`
    // in milliseconds, not by `run` after many seconds of simulation.
    let preset = cloudecon::presets::find("cloudshare-scenario1").expect("preset").scenario();
    let mut d: Value = serde_json::from_str(&preset.to_json()).unwrap();
    d["jobs"]["time_unit_seconds"] = json!(1);
    let started = std::time::Instant::now();
    let e = Scenario::from_json(&d.to_string()).expect_err("too large");
    assert!(e.problems.iter().any(|p| p.path == "jobs" && p.message.contains("pieces")), "{e:?}");
    assert!(started.elapsed().as_secs_f64() < 5.0, "validation took {:?}", started.elapsed());
}
