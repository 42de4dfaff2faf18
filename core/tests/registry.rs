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

/// A preset that replays real data is built only from its files (the browser fetches them first)
/// and says which one is missing; the others need none. (That a builder reads no file it does not
/// declare is the test above: it sees only those, and a log without jobs is invalid.)
#[test]
fn presets_that_replay_data_declare_their_files_and_refuse_without_them() {
    use cloudecon::data::{Data, LCG, NASA_IPSC};
    let all: Vec<_> = cloudecon::presets::all().into_iter().chain(cloudecon::bench::standard_workloads()).collect();
    let with_data: Vec<&str> = all.iter().filter(|p| !p.data.is_empty()).map(|p| p.name).collect();
    assert_eq!(
        with_data,
        [
            "spot-real",
            "cloudshare-scenario1",
            "cloudshare-scenario2",
            "cloudshare-scenario3",
            "spot_real_504x20000",
            "cloudshare_lcg_10orgs_24h"
        ]
    );
    for p in &all {
        match p.data.first() {
            None => assert_eq!(p.scenario_with(&Data::new()).as_ref(), Ok(&p.scenario()), "{}", p.name),
            Some(first) => {
                assert_eq!(p.scenario_with(&Data::new()).err(), Some(*first), "{}", p.name);
                assert_eq!(p.scenario_with(&Data::embedded()).as_ref(), Ok(&p.scenario()), "{}", p.name);
            }
        }
    }
    // Fetched text stands in for the compiled-in file.
    let nasa = Data::embedded().get(&NASA_IPSC).map(str::to_owned).unwrap_or_default();
    let mut fetched = Data::new();
    fetched.insert(&NASA_IPSC, nasa);
    let named = |name: &str| all.iter().find(|p| p.name == name).expect(name);
    let scenario1 = named("cloudshare-scenario1");
    assert_eq!(scenario1.scenario_with(&fetched), Ok(scenario1.scenario()));
    assert_eq!(named("cloudshare_lcg_10orgs_24h").scenario_with(&fetched).err(), Some(&LCG));
}

#[test]
fn every_standard_workload_is_valid() {
    for w in cloudecon::bench::standard_workloads() {
        w.scenario().validate().unwrap_or_else(|e| panic!("{} is invalid: {e}", w.name));
    }
}

#[test]
fn a_result_of_an_unknown_mechanism_is_an_error() {
    assert!(RunOutput::from_json(r#"{"version":1,"mechanism":"nonesuch"}"#).is_err());
    assert!(RunOutput::from_json("[1]").is_err());
}

/// Each mechanism's own job, stepped again after its result, gives an error or a result but
/// never panics (the pipeline never does it, but the jobs are public).
#[test]
fn every_mechanism_job_stepped_after_its_result_does_not_panic() {
    use cloudecon::registry::{KindVisitor, Registered};
    use cloudecon::sim::{Job, Step};
    struct StepTwice;
    impl KindVisitor for StepTwice {
        type Out = ();
        fn visit<M: Registered>(self) {
            let Some(preset) = M::presets().into_iter().next() else { return };
            let doc = preset.document();
            let mut job = M::start(doc.spec, doc.seed);
            while let Step::Working(_) = job.step(u64::MAX) {}
            for _ in 0..2 {
                match job.step(1) {
                    Step::Done(out) => drop(M::finish(out)),
                    Step::Working(_) => panic!("{}: a finished job went back to work", M::TAG),
                }
            }
        }
    }
    for kind in MechanismKind::ALL {
        kind.visit(StepTwice);
    }
}

#[test]
fn an_abacus_job_stepped_after_its_result_is_an_error() {
    use cloudecon::abacus::Abacus;
    use cloudecon::sim::{Job, Step};
    use cloudecon::Mechanism;
    let doc = Abacus::presets()[0].document();
    let mut job = Abacus::start(doc.spec, doc.seed);
    let first = loop {
        if let Step::Done(out) = job.step(1000) {
            break out;
        }
    };
    assert!(first.is_ok());
    match job.step(1000) {
        Step::Done(Err(e)) => assert!(e.to_string().contains("already finished"), "{e}"),
        other => panic!("expected an error, got {other:?}"),
    }
}

/// `runner::run_document::<M>` (a run that links one mechanism, for the class games' phone) gives
/// for every preset exactly the value the registry's run gives, and refuses documents of another
/// mechanism or version, or with fields `M` does not have, with the field's path.
#[test]
fn a_run_of_one_known_mechanism_is_the_registrys_run() {
    use cloudecon::registry::{KindVisitor, Registered};
    use serde_json::{json, Value};
    struct RunAs<'a>(&'a Value);
    impl KindVisitor for RunAs<'_> {
        type Out = Result<Value, cloudecon::ScenarioError>;
        fn visit<M: Registered>(self) -> Self::Out {
            runner::run_document::<M>(self.0)
        }
    }
    for preset in cloudecon::presets::all() {
        let scenario = preset.scenario();
        let document = scenario.to_value();
        let expected = runner::run(&scenario).unwrap().to_value();
        assert_eq!(preset.mechanism.visit(RunAs(&document)), Ok(expected), "{}", preset.name);
        for other in MechanismKind::ALL.iter().filter(|k| **k != preset.mechanism) {
            let e = other.visit(RunAs(&document)).unwrap_err();
            assert_eq!(e.problems[0].path, "mechanism", "{} as {}", preset.name, other.tag());
        }
        let mut newer = document.clone();
        newer["version"] = json!(2);
        assert_eq!(preset.mechanism.visit(RunAs(&newer)).unwrap_err().problems[0].path, "version");
        let mut unknown = document.clone();
        unknown["no_such_field"] = json!(1);
        assert_eq!(preset.mechanism.visit(RunAs(&unknown)).unwrap_err().problems[0].path, "document");
        let mut seed = document.clone();
        seed["seed"] = json!(-1);
        assert_eq!(preset.mechanism.visit(RunAs(&seed)).unwrap_err().problems[0].path, "seed");
    }
    assert!(runner::run_document::<cloudecon::era::Era>(&json!([1])).is_err());
}
