//! Every registered mechanism, through the generic pipeline: each has presets, and each preset
//! parses (both readers), validates, runs, prints CSV, and its result round-trips through
//! `RunOutput::from_json`.

use cloudecon::registry::PLANNED;
use cloudecon::runner;
use cloudecon::{MechanismKind, RunOutput, Scenario};

#[test]
fn every_registered_tag_is_distinct_known_and_not_planned() {
    let tags: Vec<&str> = MechanismKind::ALL.iter().map(|k| k.tag()).collect();
    for (i, k) in MechanismKind::ALL.iter().enumerate() {
        assert_eq!(MechanismKind::from_tag(k.tag()), Some(*k));
        assert!(!tags[..i].contains(&k.tag()), "tag {} registered twice", k.tag());
        assert!(!PLANNED.contains(&k.tag()), "{} is registered and still planned", k.tag());
        assert!(!k.name().is_empty());
    }
    assert_eq!(MechanismKind::from_tag("nope"), None);
}

#[test]
fn every_preset_of_every_mechanism_parses_validates_runs_and_round_trips() {
    let presets = cloudecon::presets::all();
    for kind in MechanismKind::ALL {
        assert!(presets.iter().any(|p| p.mechanism == *kind), "{} has no preset", kind.tag());
    }
    for preset in presets {
        let scenario = preset.scenario();
        assert_eq!(scenario.kind(), preset.mechanism, "{}", preset.name);
        for text in [scenario.to_json(), scenario.to_json_pretty()] {
            assert_eq!(Scenario::from_json(&text).as_ref(), Ok(&scenario), "{} parses back", preset.name);
        }
        scenario.validate().unwrap_or_else(|e| panic!("{} is invalid: {e}", preset.name));
        let out = runner::run(&scenario).unwrap_or_else(|e| panic!("{} fails: {e}", preset.name));
        assert_eq!(out.kind(), preset.mechanism);
        let json = out.to_json();
        assert_eq!(RunOutput::from_json(&json).as_ref(), Ok(&out), "{} result round-trips", preset.name);
        let value = out.to_value();
        assert_eq!((value["version"].as_u64(), value["mechanism"].as_str()), (Some(1), Some(preset.mechanism.tag())));
        let csv = out.to_csv();
        assert!(csv.lines().count() >= 2, "{}: a header and rows, got {csv:?}", preset.name);
    }
}

#[test]
fn every_standard_workload_is_valid() {
    for w in cloudecon::bench::standard_workloads() {
        w.scenario().validate().unwrap_or_else(|e| panic!("{} is invalid: {e}", w.name));
    }
}

#[test]
fn a_result_of_an_unknown_mechanism_is_an_error() {
    assert!(RunOutput::from_json(r#"{"version":1,"mechanism":"era"}"#).is_err());
    assert!(RunOutput::from_json("[1]").is_err());
}
