//! The `abacus` scenario document: every bad input refused with its JSON path (several at once),
//! limits, round trips of scenarios and of result documents, and the `cloudecon` runner on abacus
//! documents (exit 2 naming the path; exit 0 printing the auction).

mod common;

use cloudecon::abacus::{AbacusScenario, MAX_JOBS};
use cloudecon::runner::{self, RunOutput};
use cloudecon::{MechanismSpec, Scenario};
use common::{check, cloudecon, running_example, Expect, PAPER_BUDGET_EPS, PAPER_SHARE_EPS};
use proptest::prelude::*;
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// The one data-driven check

/// The running example with `edit` applied.
fn example_with(edit: impl FnOnce(&mut Value)) -> Value {
    let mut doc = running_example();
    edit(&mut doc);
    doc
}

/// A valid schedule user on the running example's two resource types.
fn schedule_user() -> Value {
    json!({ "name": "U1", "budget": 200, "utility": { "kind": "linear", "weights": [30, 20] },
            "arrivals": { "poisson": { "rate": 0.05 } }, "tasks": [10, 4], "durations": [30, 20] })
}

/// The running example with a valid schedule whose first user is edited.
fn schedule_with(edit: impl FnOnce(&mut Value)) -> Value {
    example_with(|d| {
        d["schedule"] = json!({ "horizon": 600, "users": [schedule_user()] });
        edit(&mut d["schedule"]);
    })
}

fn abacus(s: &Scenario) -> &AbacusScenario {
    match &s.spec {
        MechanismSpec::Abacus(a) => a,
        other => panic!("not abacus: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Valid documents

#[test]
fn the_running_example_reads_with_defaults() {
    let s = check(&running_example(), Expect::Ok).expect("accepted");
    let a = abacus(&s);
    assert_eq!((a.alpha, a.tolerance, a.max_iterations, a.trace), (0.5, 1e-10, 10_000, false));
    assert_eq!(a.units(), [10, 10]);
    assert_eq!(a.jobs.len(), 3);
    assert_eq!((a.sweep.as_ref(), a.schedule.as_ref()), (None, None));
    // Defaults: units 1, alpha 0.5, a power exponent may be omitted.
    let minimal = json!({ "version": 1, "mechanism": "abacus", "resources": [{ "name": "cpu" }],
        "jobs": [{ "name": "J", "budget": 1e-9, "utility": { "kind": "power", "weights": [0] } }] });
    let s = check(&minimal, Expect::Ok).expect("accepted");
    assert_eq!((abacus(&s).units(), abacus(&s).alpha), (vec![1], 0.5));
    // A schedule alone, without auction jobs.
    let schedule_only = json!({ "version": 1, "mechanism": "abacus", "resources": [{ "name": "map" }, { "name": "reduce" }],
        "schedule": { "horizon": 60, "users": [schedule_user()] } });
    check(&schedule_only, Expect::Ok);
    // The ends of the ranges are accepted.
    for alpha in [0.0, 1.0] {
        check(&example_with(|d| d["alpha"] = json!(alpha)), Expect::Ok);
    }
    check(
        &example_with(|d| d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1, 0], "exponent": 1 })),
        Expect::Ok,
    );
}

// ---------------------------------------------------------------------------------------------
// Every bad input, with its path

#[test]
fn auction_fields_are_checked_with_their_paths() {
    type Edit = fn(&mut Value);
    let cases: &[(Edit, &[(&str, &str)])] = &[
        // Budgets: zero and negative (a non-finite one cannot be written in JSON: 1e999 is a syntax error).
        (|d| d["jobs"][2]["budget"] = json!(0), &[("jobs[2].budget", "finite number > 0, got 0")]),
        (|d| d["jobs"][2]["budget"] = json!(-5.5), &[("jobs[2].budget", "> 0, got -5.5")]),
        (|d| d["jobs"][1]["budget"] = json!("10"), &[("jobs[1].budget", "invalid type")]),
        // α outside [0, 1].
        (|d| d["alpha"] = json!(1.5), &[("alpha", "must be in [0, 1], got 1.5")]),
        (|d| d["alpha"] = json!(-0.1), &[("alpha", "[0, 1]")]),
        // Weights: the wrong number, negative ones.
        (
            |d| d["jobs"][0]["utility"]["weights"] = json!([3]),
            &[("jobs[0].utility.weights", "one weight per resource type (2), got 1")],
        ),
        (|d| d["jobs"][0]["utility"]["weights"] = json!([3, 2, 1]), &[("jobs[0].utility.weights", "got 3")]),
        (
            |d| d["jobs"][0]["utility"]["weights"] = json!([3, -2]),
            &[("jobs[0].utility.weights[1]", "must be ≥ 0, got -2")],
        ),
        (|d| d["jobs"][0]["utility"]["weights"] = json!([]), &[("jobs[0].utility.weights", "got 0")]),
        // Exponent outside (0, 1], or on a utility without one.
        (
            |d| d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1, 1], "exponent": 0 }),
            &[("jobs[0].utility.exponent", "(0, 1]")],
        ),
        (
            |d| d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1, 1], "exponent": 1.5 }),
            &[("jobs[0].utility.exponent", "got 1.5")],
        ),
        (
            |d| d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1, 1], "exponent": -1 }),
            &[("jobs[0].utility.exponent", "(0, 1]")],
        ),
        (
            |d| d["jobs"][0]["utility"]["exponent"] = json!(0.5),
            &[("jobs[0].utility.exponent", "only a `power` utility")],
        ),
        (|d| d["jobs"][0]["utility"]["kind"] = json!("cubic"), &[("jobs[0].utility.kind", "unknown variant `cubic`")]),
        // No jobs.
        (|d| d["jobs"] = json!([]), &[("jobs", "at least one job")]),
        (|d| drop(d.as_object_mut().map(|o| o.remove("jobs"))), &[("jobs", "at least one job")]),
        // No resources: the jobs' weights no longer fit either.
        (
            |d| d["resources"] = json!([]),
            &[
                ("resources", "at least one resource type"),
                ("jobs[0].utility.weights", "(0), got 2"),
                ("jobs[1].utility.weights", "(0), got 2"),
                ("jobs[2].utility.weights", "(0), got 2"),
            ],
        ),
        (|d| drop(d.as_object_mut().map(|o| o.remove("resources"))), &[("document", "missing field `resources`")]),
        (|d| d["resources"][1]["name"] = json!("  "), &[("resources[1].name", "needs a name")]),
        (|d| d["resources"][0]["units"] = json!(0), &[("resources[0].units", "at least 1")]),
        (|d| d["resources"][0]["units"] = json!(-1), &[("resources[0].units", "u32")]),
        // Auction parameters.
        (|d| d["tolerance"] = json!(0), &[("tolerance", "> 0")]),
        (|d| d["max_iterations"] = json!(0), &[("max_iterations", "from 1 to 1,000,000")]),
        (|d| d["max_iterations"] = json!(1_000_001), &[("max_iterations", "got 1000001")]),
        (|d| d["trace"] = json!("yes"), &[("trace", "invalid type")]),
        // Unknown fields anywhere.
        (|d| d["alpah"] = json!(0.5), &[("alpah", "unknown field")]),
        (|d| d["jobs"][1]["utility"]["weight"] = json!([1, 1]), &[("jobs[1].utility.weight", "unknown field")]),
    ];
    for (edit, problems) in cases {
        check(&example_with(edit), Expect::Problems(problems));
    }
}

#[test]
fn too_many_resource_types_are_refused() {
    let resources: Vec<Value> = (0..65).map(|k| json!({ "name": format!("r{k}") })).collect();
    let doc = example_with(|d| {
        d["resources"] = json!(resources);
        d["jobs"] = json!([{ "name": "J", "budget": 1, "utility": { "kind": "linear", "weights": vec![1; 65] } }]);
    });
    check(&doc, Expect::Problems(&[("resources", "at most 64 resource types, got 65")]));
}

/// `n` one-resource jobs as JSON text, built directly (a `Value` of 100,001 jobs is slow in debug).
fn many_jobs(n: usize) -> String {
    const JOB: &str = r#"{"name":"J","budget":1,"utility":{"kind":"linear","weights":[1]}}"#;
    let mut text = String::with_capacity(n * (JOB.len() + 1) + 100);
    text.push_str(r#"{"version":1,"mechanism":"abacus","resources":[{"name":"cpu"}],"jobs":["#);
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push_str(JOB);
    }
    text.push_str("]}");
    text
}

#[test]
fn at_most_100000_jobs() {
    assert_eq!(MAX_JOBS, 100_000);
    let err = Scenario::from_json(&many_jobs(MAX_JOBS + 1)).expect_err("too many jobs");
    assert_eq!(err.problems.len(), 1, "one problem, not one per job: {err}");
    assert_eq!(err.problems[0].path, "jobs");
    assert!(
        err.problems[0].message.contains("at most 100000 jobs") && err.problems[0].message.contains("got 100001"),
        "{err}"
    );
    let ok = Scenario::from_json(&many_jobs(MAX_JOBS)).expect("exactly the limit is accepted");
    assert_eq!(abacus(&ok).jobs.len(), MAX_JOBS);
}

#[test]
fn sweep_fields_are_checked_with_their_paths() {
    let sweep = |s: Value| example_with(|d| d["sweep"] = s);
    let cases: Vec<(Value, &[(&str, &str)])> = vec![
        (json!({ "job": "J1", "over": "budget", "from": 10, "to": 300 }), &[]),
        (json!({ "job": "J1", "over": "weight_ratio", "from": 0.1, "to": 10, "points": 5, "resources": [1, 0] }), &[]),
        (json!({ "job": "J9", "over": "budget", "from": 10, "to": 300 }), &[("sweep.job", "no job is named \"J9\"")]),
        (
            json!({ "job": "J1", "over": "budget", "from": -1, "to": 300 }),
            &[("sweep.to", "0 < from ≤ to, got from -1 to 300")],
        ),
        (json!({ "job": "J1", "over": "budget", "from": 0, "to": 300 }), &[("sweep.to", "0 < from ≤ to")]),
        (
            json!({ "job": "J1", "over": "weight_ratio", "from": 3, "to": 2 }),
            &[("sweep.to", "weight ratios must satisfy 0 < from ≤ to")],
        ),
        (
            json!({ "job": "J1", "over": "budget", "from": 1, "to": 2, "points": 1 }),
            &[("sweep.points", "from 2 to 1000, got 1")],
        ),
        (json!({ "job": "J1", "over": "budget", "from": 1, "to": 2, "points": 1001 }), &[("sweep.points", "got 1001")]),
        (
            json!({ "job": "J1", "over": "weight_ratio", "from": 1, "to": 2, "resources": [0, 0] }),
            &[("sweep.resources", "two different resource indices below 2, got [0, 0]")],
        ),
        (
            json!({ "job": "J1", "over": "weight_ratio", "from": 1, "to": 2, "resources": [0, 2] }),
            &[("sweep.resources", "got [0, 2]")],
        ),
        (json!({ "job": "J1", "over": "alpha", "from": 1, "to": 2 }), &[("sweep.over", "unknown variant `alpha`")]),
        (
            json!({ "job": "J1", "over": "budget", "from": 1, "to": 2, "resources": [0, 1, 2] }),
            &[("sweep.resources", "invalid length 3")],
        ),
        (
            json!({ "job": "J7", "over": "budget", "from": 5, "to": 1, "points": 0 }),
            &[("sweep.job", "no job"), ("sweep.to", "0 < from ≤ to"), ("sweep.points", "got 0")],
        ),
    ];
    for (s, problems) in cases {
        let expect = if problems.is_empty() { Expect::Ok } else { Expect::Problems(problems) };
        check(&sweep(s), expect);
    }
    // A weight-ratio sweep of a job with weight 0 on the denominator resource: its true ratio is
    // undefined (it was printed as null in the result, which then could not be read back).
    let doc = example_with(|d| {
        d["jobs"][0]["utility"]["weights"] = json!([3, 0]);
        d["sweep"] = json!({ "job": "J1", "over": "weight_ratio", "from": 1, "to": 2 });
    });
    check(&doc, Expect::Problems(&[("sweep.resources", "weight 0 on resource 1")]));
    let mut reversed = doc.clone();
    reversed["sweep"]["resources"] = json!([1, 0]);
    check(&reversed, Expect::Ok);
}

#[test]
fn schedule_fields_are_checked_with_their_paths() {
    type Edit = fn(&mut Value);
    let cases: &[(Edit, &[(&str, &str)])] = &[
        (|_| {}, &[]),
        (|s| s["policies"] = json!([]), &[("schedule.policies", "at least one of")]),
        (|s| s["policies"] = json!(["lifo"]), &[("schedule.policies[0]", "unknown variant `lifo`")]),
        (|s| s["users"] = json!([]), &[("schedule.users", "at least one user")]),
        (|s| s["horizon"] = json!(-1), &[("schedule.horizon", "from 0 to")]),
        (
            |s| {
                s["horizon"] = json!(2e7);
                s["users"][0]["arrivals"] = json!({ "times": [1, 2] });
            },
            &[("schedule.horizon", "got 20000000")],
        ),
        // Poisson arrivals need a horizon: reported once, however many Poisson users there are.
        (
            |s| {
                s["horizon"] = json!(0);
                s["users"] = json!([schedule_user(), schedule_user(), schedule_user()]);
            },
            &[("schedule.horizon", "Poisson arrivals need a horizon > 0")],
        ),
        (|s| s["users"][0]["budget"] = json!(0), &[("schedule.users[0].budget", "> 0")]),
        (|s| s["users"][0]["reported_budget"] = json!(-3), &[("schedule.users[0].reported_budget", "> 0, got -3")]),
        (|s| s["users"][0]["utility"]["weights"] = json!([1]), &[("schedule.users[0].utility.weights", "got 1")]),
        (
            |s| s["users"][0]["reported_utility"] = json!({ "kind": "log", "weights": [-1, 1] }),
            &[("schedule.users[0].reported_utility.weights[0]", "≥ 0")],
        ),
        (
            |s| s["users"][0]["arrivals"] = json!({ "poisson": { "rate": 0 } }),
            &[("schedule.users[0].arrivals.poisson.rate", "> 0, got 0")],
        ),
        (
            |s| s["users"][0]["arrivals"] = json!({ "times": [0, -1, 3] }),
            &[("schedule.users[0].arrivals.times[1]", "from 0 to")],
        ),
        (
            |s| s["users"][0]["arrivals"] = json!({ "uniform": { "rate": 1 } }),
            &[("schedule.users[0].arrivals", "unknown variant `uniform`")],
        ),
        (
            |s| s["users"][0]["tasks"] = json!([1]),
            &[("schedule.users[0].tasks", "one task count per resource type (2), got 1")],
        ),
        (|s| s["users"][0]["tasks"] = json!([1, -1]), &[("schedule.users[0].tasks[1]", "u32")]),
        (
            |s| s["users"][0]["durations"] = json!([1, 2, 3]),
            &[("schedule.users[0].durations", "one duration per resource type (2), got 3")],
        ),
        (|s| s["users"][0]["durations"] = json!([30, 0]), &[("schedule.users[0].durations[1]", "must be > 0")]),
        (|s| s["users"][0]["color"] = json!("red"), &[("schedule.users[0].color", "unknown field")]),
        // Workloads too large to simulate.
        (
            |s| {
                s["horizon"] = json!(10_000);
                s["users"][0]["arrivals"] = json!({ "poisson": { "rate": 100 } });
            },
            &[("schedule", "about 1000000 jobs"), ("schedule", "tasks would run")],
        ),
        (
            |s| {
                s["horizon"] = json!(10_000);
                s["users"][0]["arrivals"] = json!({ "poisson": { "rate": 6 } });
                s["users"][0]["tasks"] = json!([100, 100]);
            },
            &[("schedule", "about 12000000 tasks would run; at most 10000000")],
        ),
    ];
    for (edit, problems) in cases {
        let expect = if problems.is_empty() { Expect::Ok } else { Expect::Problems(problems) };
        check(&schedule_with(edit), expect);
    }
}

#[test]
fn several_problems_are_reported_at_once() {
    let doc = example_with(|d| {
        d["alpha"] = json!(2);
        d["jobs"][1]["budget"] = json!(-1);
        d["jobs"][2]["utility"]["weights"] = json!([-1, 4]);
        d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1], "exponent": 3 });
        d["sweep"] = json!({ "job": "J1", "over": "budget", "from": 1, "to": 2, "points": 1 });
        d["schedule"] = json!({ "horizon": 60, "users": [schedule_user()] });
        d["schedule"]["users"][0]["durations"] = json!([0, 20]);
    });
    check(
        &doc,
        Expect::Problems(&[
            ("alpha", "[0, 1]"),
            ("jobs[0].utility.weights", "got 1"),
            ("jobs[0].utility.exponent", "(0, 1]"),
            ("jobs[1].budget", "> 0"),
            ("jobs[2].utility.weights[0]", "≥ 0"),
            ("sweep.points", "got 1"),
            ("schedule.users[0].durations[0]", "> 0"),
        ]),
    );
}

// ---------------------------------------------------------------------------------------------
// Round trips

/// A document using every abacus feature.
fn full_document() -> Value {
    example_with(|d| {
        d["title"] = json!("Abacus, everything");
        d["seed"] = json!(12345);
        d["alpha"] = json!(0.7);
        d["tolerance"] = json!(1e-9);
        d["max_iterations"] = json!(500);
        d["trace"] = json!(true);
        d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [0.1, 2.5], "exponent": 0.3 });
        d["jobs"][1]["utility"] = json!({ "kind": "log", "weights": [1, 3] });
        d["sweep"] =
            json!({ "job": "J3", "over": "weight_ratio", "from": 0.25, "to": 4, "points": 5, "resources": [1, 0] });
        d["schedule"] = json!({ "policies": ["fair", "abacus"], "phases_in_order": false, "horizon": 120, "users": [
            schedule_user(),
            { "name": "U2", "budget": 50, "reported_budget": 75.5,
              "utility": { "kind": "linear", "weights": [15, 40] },
              "reported_utility": { "kind": "power", "weights": [1, 2], "exponent": 0.9 },
              "arrivals": { "times": [0, 12.5, 30] }, "tasks": [3, 0], "durations": [15, 40] }
        ] });
    })
}

#[test]
fn scenarios_round_trip() {
    for doc in [running_example(), full_document()] {
        let s = check(&doc, Expect::Ok).expect("accepted");
        let text = s.to_json();
        let back = Scenario::from_json(&text).expect("its own output reads back");
        assert_eq!(back, s, "{text}");
        assert_eq!(back.to_json(), text, "stable text");
        assert_eq!(Scenario::from_json(&s.to_json_pretty()).expect("pretty reads back"), s);
    }
}

#[test]
fn result_documents_round_trip() {
    // The browser's worker sends results as JSON text: every abacus result must read back, which
    // requires finite numbers everywhere (JSON prints ±∞ and NaN as null).
    let above_budget =
        example_with(|d| d["sweep"] = json!({ "job": "J1", "over": "budget", "from": 150, "to": 300, "points": 3 }));
    for doc in [running_example(), full_document(), above_budget] {
        let out = runner::run_json(&doc.to_string()).expect("valid");
        let text = out.to_json();
        assert_eq!(RunOutput::from_json(&text).unwrap_or_else(|e| panic!("{e}: {text}")), out);
    }
}

/// Random valid abacus documents.
fn documents() -> impl Strategy<Value = Value> {
    let utility = |m: usize| {
        (0usize..3, prop::collection::vec(0.0f64..10.0, m), 0.01f64..=1.0).prop_map(|(k, w, p)| match k {
            0 => json!({ "kind": "linear", "weights": w }),
            1 => json!({ "kind": "log", "weights": w }),
            _ => json!({ "kind": "power", "weights": w, "exponent": p }),
        })
    };
    (1usize..=4).prop_flat_map(move |m| {
        let job = (1e-3f64..1e4, utility(m)).prop_map(|(b, u)| (b, u));
        (
            prop::collection::vec(1u32..50, m),
            prop::collection::vec(job, 1..=6),
            0.0f64..=1.0,
            1e-14f64..1e-3,
            1u32..=1_000_000,
            any::<bool>(),
            any::<u64>(),
            prop::option::of((1e-3f64..100.0, 1.0f64..100.0, 2u32..=50)),
        )
            .prop_map(|(units, jobs, alpha, tolerance, max_iterations, trace, seed, sweep)| {
                let resources: Vec<Value> = units.iter().enumerate().map(|(k, u)| json!({ "name": format!("r{k}"), "units": u })).collect();
                let jobs: Vec<Value> =
                    jobs.into_iter().enumerate().map(|(i, (b, u))| json!({ "name": format!("J{i}"), "budget": b, "utility": u })).collect();
                let mut doc = json!({ "version": 1, "mechanism": "abacus", "seed": seed, "alpha": alpha, "tolerance": tolerance,
                                      "max_iterations": max_iterations, "trace": trace, "resources": resources, "jobs": jobs });
                if let Some((from, stretch, points)) = sweep {
                    doc["sweep"] = json!({ "job": "J0", "over": "budget", "from": from, "to": from * stretch, "points": points });
                }
                doc
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_documents_round_trip(doc in documents()) {
        let s = check(&doc, Expect::Ok).expect("accepted");
        prop_assert_eq!(Scenario::from_json(&s.to_json()).expect("reads back"), s);
    }
}

// ---------------------------------------------------------------------------------------------
// The runner

#[test]
fn runner_refuses_a_bad_abacus_document_naming_the_paths() {
    let doc = example_with(|d| {
        d["jobs"][2]["budget"] = json!(-1);
        d["jobs"][0]["utility"]["weights"] = json!([3, -2]);
    });
    for cmd in ["run", "validate"] {
        let out = cloudecon(&[cmd, "-"], Some(doc.to_string().as_bytes()));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {stderr}");
        assert!(out.stdout.is_empty(), "{cmd}: nothing on stdout");
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            ["jobs[0].utility.weights[1]: must be ≥ 0, got -2", "jobs[2].budget: must be a finite number > 0, got -1",],
            "{cmd}"
        );
    }
}

#[test]
fn runner_prints_the_running_example() {
    let doc = running_example().to_string();
    let out = cloudecon(&["run", "-"], Some(doc.as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(out.stderr.is_empty(), "{stderr}");
    let result: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!((&result["version"], &result["mechanism"]), (&json!(1), &json!("abacus")));
    assert_eq!(result["jobs"], json!(["J1", "J2", "J3"]));
    assert_eq!(result["resources"], json!(["map", "reduce"]));
    assert_eq!((&result["iterations"], &result["converged"]), (&json!(17), &json!(true)));
    assert!(result.get("trace").is_none(), "no trace unless asked for");
    let number = |v: &Value| v.as_f64().expect("a number");
    assert!((number(&result["sub_budgets"][0][0]) - 64.0).abs() <= PAPER_BUDGET_EPS, "{result}");
    assert!((number(&result["sub_budgets"][0][1]) - 36.0).abs() <= PAPER_BUDGET_EPS, "{result}");
    assert!((number(&result["shares"][0][0]) - 0.309).abs() <= PAPER_SHARE_EPS, "{result}");
    assert!((number(&result["shares"][2][1]) - 0.421).abs() <= PAPER_SHARE_EPS, "{result}");
    assert_eq!(result["utilities"].as_array().map(Vec::len), Some(3));
    // Bit for bit what the library gives.
    assert_eq!(result, runner::run_json(&doc).expect("valid").to_value());
    // With "trace": true, one entry per round.
    let traced = example_with(|d| d["trace"] = json!(true)).to_string();
    let out = cloudecon(&["run", "-"], Some(traced.as_bytes()));
    let result: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(result["trace"].as_array().map(Vec::len), Some(17));
}
