//! ERA with a user's unit price formula (issue 22): Basic-Econ's own price written as the formula
//! `demand_price` reproduces Basic-Econ on every preset, to the bit; the bounds, the capacity and
//! truthfulness survive any formula; a bad formula is an error at `algorithm.unit_price` with its
//! position, a formula that gives no number ends the run naming the bid, slot and values.

mod common;

use cloudecon::era::scenario::AlgorithmSpec;
use cloudecon::era::EraScenario;
use cloudecon::runner;
use cloudecon::scenario::MechanismSpec;
use cloudecon::{MechanismKind, RunOutput, Scenario};
use common::cloudecon;
use serde_json::Value;

/// The presets of ERA, with their documents.
fn era_presets() -> Vec<(&'static str, Scenario)> {
    cloudecon::presets::all()
        .into_iter()
        .filter(|p| p.mechanism == MechanismKind::Era)
        .map(|p| (p.name, p.scenario()))
        .collect()
}

fn era(s: &Scenario) -> &EraScenario {
    match &s.spec {
        MechanismSpec::Era(e) => e,
        _ => unreachable!("an ERA preset"),
    }
}

fn with_algorithm(s: &Scenario, algorithm: AlgorithmSpec) -> Scenario {
    let mut s = s.clone();
    if let MechanismSpec::Era(e) = &mut s.spec {
        e.algorithm = algorithm;
    }
    s
}

/// The run's result as JSON, without the algorithm's name.
fn result(s: &Scenario) -> Value {
    let out = runner::run(s).unwrap_or_else(|e| panic!("runs: {e}"));
    let RunOutput::Era(mut r) = out else { panic!("an ERA result") };
    r.algorithm.clear();
    serde_json::to_value(&r).expect("serialises")
}

fn formula(unit_price: &str, min: f64, max: Option<f64>, late: f64) -> AlgorithmSpec {
    AlgorithmSpec::Formula {
        unit_price: unit_price.into(),
        min_unit_price: min,
        max_unit_price: max,
        late_penalty: late,
    }
}

#[test]
fn demand_price_as_a_formula_is_basic_econ_on_every_preset() {
    let presets = era_presets();
    assert!(presets.len() >= 3, "the ERA presets");
    for (name, s) in presets {
        // Basic-Econ with the preset's options (or the defaults, and bounds that bite, for the
        // presets of the other algorithms).
        let (min, max, late) = match &era(&s).algorithm {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => {
                (*min_unit_price, *max_unit_price, *late_penalty)
            }
            _ => (0.5, Some(4.0), 0.1),
        };
        let basic_econ = AlgorithmSpec::BasicEcon { min_unit_price: min, max_unit_price: max, late_penalty: late };
        let shown = basic_econ.as_formula().expect("Basic-Econ has a formula");
        assert_eq!(shown, formula("demand_price", min, max, late), "{name}: the pages' \"show as formula\"");
        let basic = with_algorithm(&s, basic_econ);
        let mine = with_algorithm(&s, shown);
        assert_eq!(result(&basic), result(&mine), "{name}: demand_price must reproduce Basic-Econ");
    }
}

#[test]
fn the_document_form_round_trips_and_names_the_algorithm() {
    let (_, s) = era_presets().into_iter().next().expect("a preset");
    let mine = with_algorithm(&s, formula("demand_price * (1 + promised / capacity)", 0.0, None, 0.0));
    let json = mine.to_json();
    let doc: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(doc["algorithm"]["kind"], "formula");
    assert_eq!(doc["algorithm"]["unit_price"], "demand_price * (1 + promised / capacity)");
    assert_eq!(Scenario::from_json(&json).expect("reads back"), mine);
    let RunOutput::Era(r) = runner::run(&mine).expect("runs") else { panic!() };
    assert_eq!(r.algorithm, "formula");
}

/// Prices per decision, in document order.
fn prices(s: &Scenario, unit_price: &str) -> Vec<Option<f64>> {
    let out = runner::run(&with_algorithm(s, formula(unit_price, 0.25, Some(50.0), 0.0)));
    let RunOutput::Era(r) = out.unwrap_or_else(|e| panic!("{unit_price}: {e}")) else { panic!() };
    for series in &r.series {
        for (t, (p, c)) in series.promised.iter().zip(&series.capacity).enumerate() {
            assert!(*p <= c + 1e-9, "{unit_price}: {p} promised over capacity {c} at slot {t}");
        }
    }
    r.decisions.iter().map(|d| d.price).collect()
}

/// Whatever the formula says, accepted parts fit under capacity (a unit that does not fit stays
/// unpriceable), every unit's price is clamped into the bounds (a formula below the minimum
/// prices as the minimum, above the maximum as the maximum), and the price never depends on the
/// bid's value (which the formula cannot read).
#[test]
fn capacity_bounds_and_truthfulness_survive_any_formula() {
    for (name, s) in era_presets() {
        assert_eq!(prices(&s, "0"), prices(&s, "0.25"), "{name}: 0 is clamped up to the minimum");
        assert_eq!(prices(&s, "-5"), prices(&s, "0.25"), "{name}: -5 is clamped up to the minimum");
        assert_eq!(prices(&s, "1e6"), prices(&s, "50"), "{name}: 1e6 is clamped down to the maximum");
        for f in ["demand_price * (1 + promised / capacity)", "if(t - now < 3, 2*demand_price + 1, 0.5)"] {
            let _ = prices(&s, f);
        }
    }
    let s = &era_presets()[0].1;
    let e = runner::run(&with_algorithm(s, formula("value / 2", 0.0, None, 0.0))).expect_err("no value variable");
    assert!(e.to_string().contains("unknown variable \"value\""), "{e}");
}

/// A part too large to price unit by unit ends the run with an error, not a hang.
#[test]
fn a_part_too_large_for_unit_pricing_is_an_error() {
    let s = &era_presets()[0].1;
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["cloud"]["resources"][0]["capacity"] = serde_json::json!(1e12);
    doc["requests"] = serde_json::json!([{ "id": "huge", "submit": 0, "value": 1e15,
        "parts": [{ "count": 1e10, "duration": 1, "arrival": 0, "deadline": 2 }] }]);
    doc["algorithm"] = serde_json::json!({ "kind": "formula", "unit_price": "demand_price" });
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("algorithm.unit_price") && stderr.contains("at most 1000000 per slot"), "{stderr}");
}

#[test]
fn a_bad_formula_is_an_error_at_its_field_with_its_position() {
    let s = &era_presets()[0].1;
    let e =
        runner::run(&with_algorithm(s, formula("demand_price * (1 + promsed)", 0.0, None, 0.0))).expect_err("invalid");
    let text = e.to_string();
    assert!(text.contains("algorithm.unit_price") && text.contains("at 1:21") && text.contains("promised"), "{text}");
    // The runner: exit 2, the path and the position on stderr.
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["algorithm"] = serde_json::json!({ "kind": "formula", "unit_price": "min(demand_price" });
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("algorithm.unit_price") && stderr.contains("at 1:17") && stderr.contains("ends too early"),
        "{stderr}"
    );
    doc["algorithm"] = serde_json::json!({ "kind": "formula", "unit_price": 2 });
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a formula in quotes"));
}

#[test]
fn a_formula_without_a_number_ends_the_run_naming_where() {
    let s = &era_presets()[0].1;
    let e = runner::run(&with_algorithm(s, formula("sqrt(demand_price - 1e9)", 0.0, None, 0.0))).expect_err("NaN");
    let text = e.to_string();
    for part in ["algorithm.unit_price", "gave NaN", "slot", "quoting bid", "demand_price = "] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["algorithm"] = serde_json::json!({ "kind": "formula", "unit_price": "1 / (remaining - remaining)" });
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("gave an infinite price") || stderr.contains("gave NaN"), "{stderr}");
}

#[test]
fn the_runner_lists_the_rules_and_their_variables() {
    let out = cloudecon(&["rules"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for v in cloudecon::era::algorithm::UNIT_PRICE_VARIABLES {
        assert!(text.contains(v.name) && text.contains(v.meaning), "{} in {text}", v.name);
    }
    assert!(text.contains("/algorithm/unit_price") && text.contains("if(condition, then, else)"), "{text}");
}
