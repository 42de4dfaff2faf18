//! Abacus with utilities written as formulas (issue 22): the paper's linear utility written as a
//! formula gives the built-in's results to the bit on every Abacus preset (auction, incentive
//! sweep, scheduler); the log and power forms agree within the auction's tolerance; a bad formula
//! is an error at its path with its position; a formula that gives no number ends the run naming
//! the job, the round and the shares; a utility the auction cannot settle ends, never hangs.

mod common;

use cloudecon::abacus::{AbacusScenario, UtilityKind, UtilitySpec};
use cloudecon::runner;
use cloudecon::scenario::MechanismSpec;
use cloudecon::{MechanismKind, RunOutput, Scenario};
use common::{check, cloudecon, running_example, Expect};
use serde_json::{json, Value};

fn abacus(s: &mut Scenario) -> &mut AbacusScenario {
    match &mut s.spec {
        MechanismSpec::Abacus(a) => a,
        _ => unreachable!("an Abacus scenario"),
    }
}

/// `s` with every utility (jobs', users' and their reports) written as its formula.
fn rewritten(s: &Scenario) -> Scenario {
    rewritten_with(s, |_| String::new())
}

/// [`rewritten`], each formula followed by `more(share names)`.
fn rewritten_with(s: &Scenario, more: impl Fn(&[String]) -> String) -> Scenario {
    let mut s = s.clone();
    let a = abacus(&mut s);
    let names = cloudecon::abacus::utility::share_names(&a.names());
    let more = more(&names);
    let rewrite = |u: &mut UtilitySpec| *u = UtilitySpec::formula(u.as_formula(&names) + &more);
    a.jobs.iter_mut().for_each(|j| rewrite(&mut j.utility));
    if let Some(schedule) = &mut a.schedule {
        for user in &mut schedule.users {
            rewrite(&mut user.utility);
            if let Some(r) = &mut user.reported_utility {
                rewrite(r);
            }
        }
    }
    s
}

fn result(s: &Scenario) -> Value {
    let out = runner::run(s).unwrap_or_else(|e| panic!("runs: {e}"));
    let RunOutput::Abacus(r) = out else { panic!("an Abacus result") };
    serde_json::to_value(&r).expect("serialises")
}

/// The Abacus presets (mechanism `abacus`) whose utilities are all linear.
fn linear_presets() -> Vec<(&'static str, Scenario)> {
    let mut out = Vec::new();
    for p in cloudecon::presets::all().into_iter().filter(|p| p.mechanism == MechanismKind::Abacus) {
        let mut s = p.scenario();
        let a = abacus(&mut s);
        let users = a.schedule.iter().flat_map(|x| &x.users);
        let mut kinds = a.jobs.iter().map(|j| j.utility.kind).chain(users.map(|u| u.utility.kind));
        // The 10,000-job workloads take seconds in a debug build; 128 × 4 stands for them.
        if kinds.all(|k| k == UtilityKind::Linear) && a.jobs.len() <= 1_000 {
            out.push((p.name, s));
        }
    }
    out
}

#[test]
fn the_linear_utility_as_a_formula_is_the_built_in_on_every_preset() {
    let presets = linear_presets();
    assert!(presets.len() >= 3, "the linear Abacus presets: {:?}", presets.iter().map(|p| p.0).collect::<Vec<_>>());
    let mut checked = 0;
    for (name, s) in presets {
        let formula = rewritten(&s);
        assert_ne!(formula, s, "{name}: rewritten");
        // Results are compared as JSON: every share, sub-budget, utility, sweep point and schedule
        // time, to the bit (serde_json writes the shortest text that reads back to the same f64).
        assert_eq!(result(&formula), result(&s), "{name}: the formula's run differs from the built-in's");
        checked += 1;
    }
    assert!(checked >= 3);
}

/// A formula affine in the shares takes its derivatives once (`Formula::slopes`); any other runs
/// the reverse-mode gradient every round. The linear utility plus `0*abs(first share)` (not
/// affine, the same derivatives) takes the second road and gives the same bits as the first.
#[test]
fn the_affine_shortcut_and_the_gradient_give_the_same_auction() {
    for (name, s) in linear_presets() {
        let affine = rewritten(&s);
        let general = rewritten_with(&s, |names| format!(" + 0*abs({})", names[0]));
        assert_ne!(general, affine);
        assert_eq!(result(&general), result(&affine), "{name}");
    }
}

#[test]
fn log_and_power_utilities_as_formulas_agree_within_the_tolerance() {
    // The auction's h for `w ln s` is w(1 − s) in closed form; the formula's is (w/s)·s·(1 − s):
    // the same fixed point, reached through different roundings.
    for (kind, exponent) in [(UtilityKind::Log, None), (UtilityKind::Power, Some(0.5)), (UtilityKind::Power, Some(0.3))]
    {
        let mut doc = running_example();
        for (k, j) in doc["jobs"].as_array_mut().unwrap().iter_mut().enumerate() {
            j["utility"]["kind"] = serde_json::to_value(kind).unwrap();
            if let Some(e) = exponent {
                j["utility"]["exponent"] = json!(e);
            }
            j["utility"]["weights"][k % 2] = json!(1.5);
        }
        let s = Scenario::from_value(doc).expect("valid");
        let (a, b) = (result(&s), result(&rewritten(&s)));
        for key in ["shares", "sub_budgets"] {
            let flat = |v: &Value| -> Vec<f64> {
                v[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|r| r.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()))
                    .collect()
            };
            for (x, y) in flat(&a).iter().zip(flat(&b)) {
                assert!((x - y).abs() <= 1e-6 * x.abs().max(1.0), "{kind:?} {exponent:?} {key}: {x} vs {y}");
            }
        }
        assert_eq!(b["converged"], true, "{kind:?}");
    }
}

#[test]
fn a_non_separable_utility_settles_at_each_jobs_best_response() {
    // Cobb–Douglas (concave, not separable): at the fixed point each job's split is its best
    // response (Lemma 2's KKT condition): h_ij / b_ij equal over the resources it buys.
    let doc = json!({
        "version": 1, "mechanism": "abacus", "alpha": 0.5,
        "resources": [ { "name": "map", "units": 10 }, { "name": "reduce", "units": 10 } ],
        "jobs": [
            { "name": "A", "budget": 100, "utility": { "kind": "formula", "formula": "map^0.5 * reduce^0.5" } },
            { "name": "B", "budget": 150, "utility": { "kind": "formula", "formula": "3*map + reduce" } },
            { "name": "C", "budget": 80, "utility": { "kind": "formula", "formula": "sqrt(map) + 2*sqrt(reduce)" } }
        ]
    });
    let s = Scenario::from_value(doc).expect("valid");
    let r = result(&s);
    assert_eq!(r["converged"], true, "{r}");
    let row =
        |k: &str, i: usize| -> Vec<f64> { r[k][i].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect() };
    // Job A: u = √(xy); ∂u/∂x · x = u/2 = ∂u/∂y · y, so h_x/h_y = (1 − x)/(1 − y) = b_x / b_y.
    let (s0, b0) = (row("shares", 0), row("sub_budgets", 0));
    let ratio_h = (1.0 - s0[0]) / (1.0 - s0[1]);
    assert!((ratio_h - b0[0] / b0[1]).abs() < 1e-6, "{s0:?} {b0:?}");
    // Capacity is conserved: each column's shares sum to 1.
    for j in 0..2 {
        let total: f64 = (0..3).map(|i| row("shares", i)[j]).sum();
        assert!((total - 1.0).abs() < 1e-12, "column {j}: {total}");
    }
    // Budgets are conserved.
    for (i, b) in [100.0, 150.0, 80.0].iter().enumerate() {
        assert!((row("sub_budgets", i).iter().sum::<f64>() - b).abs() < 1e-9 * b);
    }
}

#[test]
fn a_negative_marginal_utility_buys_nothing() {
    // A job that dislikes reduce keeps only the floor there (it never bids less than nothing).
    let mut doc = running_example();
    doc["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": "3*map - reduce" });
    let r = result(&Scenario::from_value(doc).expect("valid"));
    assert_eq!(r["converged"], true);
    let b = r["sub_budgets"][0][1].as_f64().unwrap();
    assert!(b <= 100.0 * 1e-12 * 1.000_001, "job 1 keeps {b} on reduce");
}

#[test]
fn a_utility_the_auction_cannot_settle_ends_unconverged_without_hanging() {
    // Convex utilities: Algorithm 2 has no interior best response to find. The run must end at
    // the round cap (or settle), with valid shares, never hang.
    let mut doc = running_example();
    doc["max_iterations"] = json!(500);
    for j in doc["jobs"].as_array_mut().unwrap() {
        j["utility"] = json!({ "kind": "formula", "formula": "map^3 + 10*reduce^4" });
    }
    let r = result(&Scenario::from_value(doc).expect("valid"));
    let iterations = r["iterations"].as_u64().unwrap();
    assert!(iterations <= 500);
    if r["converged"] == false {
        assert_eq!(iterations, 500);
    }
    for j in 0..2 {
        let total: f64 = (0..3).map(|i| r["shares"][i][j].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9, "column {j}: {total}");
    }
}

#[test]
fn leontief_ends_and_conserves() {
    // `min` is not differentiable at its kink: the derivative of the branch taken. The auction
    // ends (settled or at the cap) with each job's budget conserved.
    let mut doc = running_example();
    doc["max_iterations"] = json!(2000);
    doc["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": "3*min(map/2, reduce)" });
    let r = result(&Scenario::from_value(doc).expect("valid"));
    for (i, b) in [100.0, 200.0, 160.0].iter().enumerate() {
        let total: f64 = r["sub_budgets"][i].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).sum();
        assert!((total - b).abs() < 1e-9 * b, "job {i}: {total}");
    }
}

#[test]
fn a_bad_formula_is_an_error_at_its_path_with_its_position() {
    let with = |i: usize, utility: Value| {
        let mut d = running_example();
        d["jobs"][i]["utility"] = utility;
        d
    };
    check(
        &with(1, json!({ "kind": "formula", "formula": "3*map + 2*reduce + cpu" })),
        Expect::Problems(&[(
            "jobs[1].utility.formula",
            "at 1:20: unknown variable \"cpu\"; the variables are map, reduce",
        )]),
    );
    check(
        &with(0, json!({ "kind": "formula", "formula": "map > 1" })),
        Expect::Problems(&[("jobs[0].utility.formula", "at 1:")]),
    );
    check(&with(0, json!({ "kind": "formula" })), Expect::Problems(&[("jobs[0].utility.formula", "needs a formula")]));
    check(
        &with(2, json!({ "kind": "formula", "formula": "map", "weights": [1, 2] })),
        Expect::Problems(&[("jobs[2].utility.weights", "no weights")]),
    );
    check(
        &with(0, json!({ "kind": "linear", "weights": [1, 2], "formula": "map" })),
        Expect::Problems(&[("jobs[0].utility.formula", "only a `formula` utility")]),
    );
    // A weight-ratio sweep needs weights.
    let mut d = with(0, json!({ "kind": "formula", "formula": "3*map + 2*reduce" }));
    d["sweep"] = json!({ "job": "J1", "over": "weight_ratio", "from": 0.5, "to": 2 });
    check(&d, Expect::Problems(&[("sweep.over", "sweep its budget")]));
    // A budget sweep runs.
    d["sweep"] = json!({ "job": "J1", "over": "budget", "from": 10, "to": 200, "points": 5 });
    let s = check(&d, Expect::Ok).expect("valid");
    let r = result(&s);
    assert_eq!(r["sweep"]["monotone"], true);
    // Resource names that are not names are read as s1, s2, … by position.
    let mut d = running_example();
    d["resources"][1]["name"] = json!("reduce slots");
    d["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": "3*map + 2*reduce" });
    check(&d, Expect::Problems(&[("jobs[0].utility.formula", "the variables are map, s2")]));
    d["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": "3*map + 2*s2" });
    check(&d, Expect::Ok);
}

#[test]
fn a_formula_that_gives_no_number_ends_the_run_naming_the_job_and_round() {
    let mut doc = running_example();
    doc["jobs"][2]["utility"] = json!({ "kind": "formula", "formula": "sqrt(map - 0.9) + reduce" });
    let s = Scenario::from_value(doc.clone()).expect("valid");
    let e = runner::run(&s).expect_err("no number");
    let p = &e.problems[0];
    assert_eq!(p.path, "jobs[2].utility.formula");
    assert!(p.message.contains("NaN") && p.message.contains("round 1") && p.message.contains("s1 ="), "{}", p.message);
    // The runner: exit 2, the path on stderr.
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("jobs[2].utility.formula") && stderr.contains("NaN"), "{stderr}");
    // A bad formula: exit 2 with the path and position.
    let mut doc = running_example();
    doc["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": "min(map" });
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("jobs[0].utility.formula") && stderr.contains("at 1:"), "{stderr}");
}

#[test]
fn a_scheduled_users_formula_that_gives_no_number_names_the_user() {
    let mut s = linear_presets()
        .into_iter()
        .find(|(_, s)| {
            let mut s = s.clone();
            abacus(&mut s).schedule.is_some()
        })
        .expect("a preset with a schedule")
        .1;
    let a = abacus(&mut s);
    let first = cloudecon::abacus::utility::share_names(&a.names())[0].clone();
    let schedule = a.schedule.as_mut().unwrap();
    schedule.users[0].reported_utility = None;
    schedule.users[0].utility = UtilitySpec::formula(format!("sqrt({first} - 0.999) + {first}"));
    let e = runner::run(&s).expect_err("no number");
    assert_eq!(e.problems[0].path, "schedule.users[0].utility.formula", "{e}");
    assert!(e.problems[0].message.contains("at time"), "{e}");
}

#[test]
fn one_formula_bid_by_many_jobs_is_compiled_once_and_runs() {
    let mut jobs = Vec::new();
    for i in 0..2_000 {
        jobs.push(json!({ "name": format!("J{i}"), "budget": 50 + i % 150,
            "utility": { "kind": "formula", "formula": "3*min(map, 2*reduce) + map" } }));
    }
    let doc = json!({ "version": 1, "mechanism": "abacus", "resources": [ { "name": "map" }, { "name": "reduce" } ],
        "jobs": jobs, "max_iterations": 200 });
    let r = result(&Scenario::from_value(doc).expect("valid"));
    assert_eq!(r["shares"].as_array().unwrap().len(), 2_000);
}
