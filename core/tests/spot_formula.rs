//! Spot policies as formula families (issue 22): the paper's rate- and deadline-centric families
//! written as formulas give the built-ins' results to the bit on every spot preset; the document
//! form, the grid, the clamping and the variables `last` and `avg`; a bad formula is an error at
//! its field with its position; a formula that gives no number ends the run naming the policy,
//! job, hour and values (the runner exits 2).

mod common;

use cloudecon::runner;
use cloudecon::scenario::MechanismSpec;
use cloudecon::spot::as_formula::{paper_policies_as_formulas, policy_as_formula};
use cloudecon::spot::formula::FormulaFamilySpec;
use cloudecon::spot::grid::Named;
use cloudecon::spot::policies::{PoliciesSpec, PolicyEntry};
use cloudecon::spot::{SpotResult, SpotScenario};
use cloudecon::{MechanismKind, RunOutput, Scenario};
use common::cloudecon;
use serde_json::{json, Value};

/// The spot presets, with their documents.
fn spot_presets() -> Vec<(&'static str, Scenario)> {
    cloudecon::presets::all()
        .into_iter()
        .filter(|p| p.mechanism == MechanismKind::Spot)
        .map(|p| (p.name, p.scenario()))
        .collect()
}

fn spot(s: &Scenario) -> &SpotScenario {
    match &s.spec {
        MechanismSpec::Spot(x) => x,
        _ => unreachable!("a spot preset"),
    }
}

fn with_policies(s: &Scenario, policies: PoliciesSpec) -> Scenario {
    let mut s = s.clone();
    if let MechanismSpec::Spot(x) = &mut s.spec {
        x.policies = policies;
    }
    s
}

fn run(s: &Scenario) -> SpotResult {
    match runner::run(s).unwrap_or_else(|e| panic!("runs: {e}")) {
        RunOutput::Spot(r) => r,
        _ => panic!("a spot result"),
    }
}

/// The result as JSON without the policies' descriptions (labels, parameters), which differ by
/// construction.
fn numbers(mut r: SpotResult) -> Value {
    r.policies.clear();
    serde_json::to_value(&r).expect("serialises")
}

/// A family from its four formulas and grid.
fn family(on_demand: &str, spot: &str, bid: &str, drop: &str, params: &[(&str, &[f64])]) -> FormulaFamilySpec {
    FormulaFamilySpec {
        name: None,
        on_demand: on_demand.into(),
        spot: spot.into(),
        bid: bid.into(),
        drop: drop.into(),
        gamma: None,
        params: Named(params.iter().map(|(n, v)| (n.to_string(), v.to_vec())).collect()),
    }
}

/// A smaller copy of a preset (its first `jobs` jobs) for the many-run tests.
fn first_preset() -> Scenario {
    spot_presets().into_iter().find(|(n, _)| *n == "spot-basic").expect("spot-basic").1
}

/// Every policy of every preset as a formula family of one expert: the same payoffs, weights,
/// regret and draws, to the bit.
#[test]
fn each_paper_policy_as_a_formula_is_the_built_in_on_every_preset() {
    let presets = spot_presets();
    assert!(presets.len() >= 6, "the spot presets");
    for (name, s) in presets {
        let list = spot(&s).policies.list();
        let formulas = PoliciesSpec::List(list.iter().map(|p| PolicyEntry::Formula(policy_as_formula(p))).collect());
        let built_in = run(&s);
        let mine = run(&with_policies(&s, formulas));
        assert_eq!(built_in.policies.len(), mine.policies.len(), "{name}");
        assert!(mine.policies.iter().all(|p| p.family == "formula"), "{name}");
        assert_eq!(numbers(built_in), numbers(mine), "{name}: the formulas must reproduce the built-ins");
    }
}

/// The paper's sets as four formula families with parameter grids (the paper's order): the same
/// results as the built-in sets on every preset that runs a whole set.
#[test]
fn the_paper_sets_as_formula_grids_are_the_built_ins() {
    let mut checked = 0;
    for (name, s) in spot_presets() {
        let list = spot(&s).policies.list();
        let bids: Vec<f64> = list
            .iter()
            .take_while(
                |p| matches!(p.family, cloudecon::spot::policies::FamilySpec::RateCentric { sigma } if sigma == 0.0),
            )
            .map(|p| match p.bid {
                cloudecon::spot::policies::BidSpec::Fixed { b } => b,
                _ => f64::NAN,
            })
            .collect();
        let whole = cloudecon::spot::policies::paper_policies(&bids);
        let formulas = paper_policies_as_formulas(&bids);
        let (built_in, grid) = if list == whole {
            (s.clone(), with_policies(&s, PoliciesSpec::List(formulas)))
        } else if list == whole[..whole.len() / 2] {
            (s.clone(), with_policies(&s, PoliciesSpec::List(formulas[..2].to_vec())))
        } else {
            continue;
        };
        let (a, b) = (run(&built_in), run(&grid));
        assert_eq!(a.policies.len(), b.policies.len(), "{name}");
        assert_eq!(b.policies[1].label, format!("RC sigma=0 b={}", bids[1]), "{name}: labels name the values");
        assert_eq!(numbers(a), numbers(b), "{name}: the grid must reproduce the built-in set");
        checked += 1;
    }
    assert!(checked >= 4, "exp1–exp4 and real run whole sets, {checked} checked");
}

#[test]
fn the_document_form_round_trips_and_makes_one_expert_per_combination() {
    let s = first_preset();
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["policies"] = json!([
        { "family": "formula", "on_demand": "0", "spot": "a", "bid": "b", "drop": "r > m*c || q >= v",
          "params": { "b": [0.1, 0.15, 0.2, 0.25] } },
        { "family": "rate_centric", "sigma": 0.2, "bid": { "kind": "fixed", "b": 0.25 } },
        { "family": "formula", "name": "track", "on_demand": "0", "spot": "a", "bid": "avg + eps",
          "drop": "q >= v", "gamma": 0.4, "params": { "eps": [0.0, 0.05] } },
    ]);
    let text = doc.to_string();
    let s = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
    let again: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    assert_eq!(again["policies"], doc["policies"], "written back as read");
    let r = run(&s);
    let labels: Vec<&str> = r.policies.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "formula b=0.1",
            "formula b=0.15",
            "formula b=0.2",
            "formula b=0.25",
            "RC σ=.2 fixed b=.25",
            "track eps=0",
            "track eps=0.05"
        ]
    );
    assert_eq!(r.policies[1].params.as_ref().unwrap().0, [("b".to_string(), 0.15)]);
    assert!(r.policies[5].meaning.contains("γ=.4"), "{}", r.policies[5].meaning);
    // The words the page reads back into its own language (`web/src/pages/spot/results.rs`,
    // `formula_meaning`): change both together.
    assert_eq!(r.policies[0].meaning, "drop when r > m*c || q >= v; else on demand 0, spot a at bid b");
    assert_eq!(r.policies[5].meaning, "drop when q >= v; else on demand 0, spot a at bid avg + eps (avg with γ=.4)");
    // A paper set's name inside a list puts its policies in place, beside the formulas.
    doc["policies"] = json!(["paper_synthetic",
        { "family": "formula", "on_demand": "0", "spot": "a", "bid": "b", "drop": "q >= v", "params": { "b": [0.3] } }]);
    let r = run(&Scenario::from_json(&doc.to_string()).expect("reads"));
    assert_eq!(r.policies.len(), 409);
    assert_eq!(r.policies[408].label, "formula b=0.3");
}

/// Counts are clamped on-demand first into [0, a], then spot into [0, a − o]: a formula asking
/// for more than `a` runs as one asking for `a`, a negative count as 0.
#[test]
fn counts_are_clamped_into_zero_a_on_demand_first() {
    let s = first_preset();
    let payoffs = |on_demand: &str, spot: &str| {
        let f = family(on_demand, spot, "0.2", "q >= v", &[]);
        run(&with_policies(&s, PoliciesSpec::List(vec![PolicyEntry::Formula(f)]))).policy_payoffs
    };
    assert_eq!(payoffs("5*a", "0"), payoffs("a", "0"));
    assert_eq!(payoffs("-3", "a"), payoffs("0", "a"));
    assert_eq!(payoffs("a", "a"), payoffs("a", "0"), "on-demand first: no room is left for spot");
    assert_eq!(payoffs("a/2", "a"), payoffs("a/2", "a/2"), "spot is cut to a − o");
    assert_ne!(payoffs("a/2", "a/2"), payoffs("a", "0"));
}

/// `last` is the previous slot's price, `avg` the γ-weighted average (γ = 0: the last price); both
/// are `p` before the first slot.
#[test]
fn last_and_avg_are_the_prices_before_the_hour() {
    let s = first_preset();
    let payoffs = |bid: &str, gamma: Option<f64>| {
        let mut f = family("0", "a", bid, "r > m*c || q >= v", &[]);
        f.gamma = gamma;
        run(&with_policies(&s, PoliciesSpec::List(vec![PolicyEntry::Formula(f)]))).policy_payoffs
    };
    assert_eq!(payoffs("last", None), payoffs("avg", None));
    assert_eq!(payoffs("last", None), payoffs("avg", Some(0.0)));
    assert_ne!(payoffs("avg", Some(0.8)), payoffs("avg", None), "γ weighs older prices");
}

fn problems(doc: &Value) -> String {
    match Scenario::from_json(&doc.to_string()) {
        Ok(s) => runner::run(&s).err().map(|e| e.to_string()).unwrap_or_default(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bad_formula_is_an_error_at_its_field_with_its_position() {
    let s = first_preset();
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    let base = json!({ "family": "formula", "on_demand": "0", "spot": "a", "bid": "b",
                       "drop": "r > m*c || q >= v", "params": { "b": [0.1, 0.2] } });
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        let mut f = base.clone();
        edit(&mut f);
        d["policies"] = json!([{ "family": "rate_centric", "sigma": 0, "bid": { "kind": "fixed", "b": 0.2 } },
                               { "family": "rate_centric", "sigma": 1, "bid": { "kind": "fixed", "b": 0.2 } }, f]);
        problems(&d)
    };
    let e = with(&|f| f["drop"] = json!("r > m*c || q >= vv"));
    assert!(e.contains("policies[2].drop") && e.contains("at 1:17") && e.contains("unknown variable \"vv\""), "{e}");
    let e = with(&|f| f["bid"] = json!("min(b"));
    assert!(e.contains("policies[2].bid") && e.contains("at 1:"), "{e}");
    let e = with(&|f| f["drop"] = json!("q"));
    assert!(e.contains("policies[2].drop") && e.contains("a condition"), "{e}");
    let e = with(&|f| f["spot"] = json!("q > 1"));
    assert!(e.contains("policies[2].spot") && e.contains("a number"), "{e}");
    let e = with(&|f| f["params"] = json!({ "m": [1, 2] }));
    assert!(e.contains("policies[2].params.m") && e.contains("is a variable"), "{e}");
    let e = with(&|f| f["params"] = json!({ "b": [0.1], "min": [1] }));
    assert!(e.contains("policies[2].params.min") && e.contains("cannot be a parameter"), "{e}");
    let e = with(&|f| f["params"] = json!({ "b": [] }));
    assert!(e.contains("policies[2].params.b") && e.contains("at least one value"), "{e}");
    let big: Vec<f64> = (0..101).map(f64::from).collect();
    let e = with(&|f| f["params"] = json!({ "b": big, "x": big }));
    assert!(e.contains("policies[2].params") && e.contains("101 × 101 = 10201") && e.contains("at most 10000"), "{e}");
    let e = with(&|f| f["on_demand"] = json!(0));
    assert!(e.contains("policies[2]") && e.contains("in quotes"), "{e}");
    let e = with(&|f| f["gamma"] = json!(1));
    assert!(e.contains("policies[2].gamma") && e.contains("[0, 1)"), "{e}");
    let e = with(&|f| f["params"] = json!({ "b": [0.1], "gamma": [0.2, 1.5] }));
    assert!(e.contains("policies[2].params.gamma[1]"), "{e}");
    let e = with(&|f| f["sigma"] = json!(0.2));
    assert!(e.contains("policies[2]") && e.contains("params"), "{e}");
    let e = with(&|f| {
        f.as_object_mut().unwrap().remove("drop");
    });
    assert!(e.contains("policies[2]") && e.contains("needs `drop`"), "{e}");
    // The runner: exit 2, the path and the position on stderr.
    let mut d = doc.clone();
    let mut f = base.clone();
    f["on_demand"] = json!("a * (1 + ");
    d["policies"] = json!([f]);
    let out = cloudecon(&["run", "-"], Some(d.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("policies[0].on_demand") && stderr.contains("at 1:"), "{stderr}");
    doc["policies"] = json!([base]);
    assert_eq!(problems(&doc), "", "the base family is valid");
}

#[test]
fn a_formula_without_a_number_ends_the_run_naming_where() {
    let s = first_preset();
    let f = family("0", "a", "1 / (b - b)", "q >= v", &[("b", &[0.1, 0.2])]);
    let e = runner::run(&with_policies(&s, PoliciesSpec::List(vec![PolicyEntry::Formula(f)]))).expect_err("∞");
    let text = e.to_string();
    for part in ["policies[0].bid", "policy 0 (formula b=0.1)", "gave inf", "job 1", "hour 0", "r = ", "b = 0.1"] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    let f = family("sqrt(r - 1e9)", "a", "0.2", "q >= v", &[]);
    let e = runner::run(&with_policies(&s, PoliciesSpec::List(vec![PolicyEntry::Formula(f)]))).expect_err("NaN");
    assert!(e.to_string().contains("policies[0].on_demand") && e.to_string().contains("gave NaN"), "{e}");
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["policies"] = json!([{ "family": "formula", "on_demand": "0", "spot": "a", "bid": "ln(0)", "drop": "q >= v" }]);
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("policies[0].bid") && stderr.contains("gave -inf") && stderr.contains("job 1"), "{stderr}");
}
