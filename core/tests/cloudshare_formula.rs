//! CloudShare with a priority formula (issue 22): the paper's rules written as formulas —
//! DirectContr as `contribution - utility` under each ψ, FairShare as
//! `if(processors > 0, -usage / processors, -1e308)`, round robin as `-last` — give the
//! built-ins' results on every preset, to the bit (waits, unfairness, Shapley values from the
//! coalition simulations, schedules); the document form reads and writes back, old documents
//! read as before; a bad formula or name is an error at its path with its position; a formula
//! that gives no number ends the run naming the algorithm, time, organization and values.

mod common;

use cloudecon::cloudshare::algorithm::{Algorithm, AlgorithmSpec, FormulaSpec, Rule, FAIR_SHARE_PRIORITY};
use cloudecon::cloudshare::model::{Org, Workload};
use cloudecon::cloudshare::utility::Psi;
use cloudecon::cloudshare::workload::pieces;
use cloudecon::cloudshare::{CloudShareResult, CloudShareScenario};
use cloudecon::runner;
use cloudecon::scenario::MechanismSpec;
use cloudecon::{MechanismKind, RunOutput, Scenario};
use common::cloudecon;
use serde_json::{json, Value};

fn presets() -> Vec<(&'static str, Scenario)> {
    cloudecon::presets::all()
        .into_iter()
        .filter(|p| p.mechanism == MechanismKind::CloudShare)
        .map(|p| (p.name, p.scenario()))
        .collect()
}

fn spec(s: &mut Scenario) -> &mut CloudShareScenario {
    match &mut s.spec {
        MechanismSpec::CloudShare(c) => c,
        _ => unreachable!("a CloudShare preset"),
    }
}

fn with(s: &Scenario, algorithms: Vec<AlgorithmSpec>) -> Scenario {
    let mut s = s.clone();
    spec(&mut s).algorithms = Some(algorithms);
    s
}

fn formula(name: &str, psi: Psi, priority: &str) -> AlgorithmSpec {
    AlgorithmSpec::Formula(FormulaSpec { name: name.into(), psi, priority: priority.into() })
}

fn run(s: &Scenario) -> CloudShareResult {
    match runner::run(s).unwrap_or_else(|e| panic!("runs: {e}")) {
        RunOutput::CloudShare(r) => r,
        _ => panic!("a CloudShare result"),
    }
}

/// The result as JSON with the algorithms' names blanked.
fn anonymous(mut r: CloudShareResult) -> Value {
    for a in &mut r.algorithms {
        a.algorithm.clear();
    }
    for s in r.scores.iter_mut().flatten() {
        s.algorithm.clear();
    }
    serde_json::to_value(&r).expect("serialises")
}

/// The built-ins and their formulas as the core maps them (the pages' "show as formula"), and
/// FairShare once more under ψ_sp beside the usage it reads (ψ is FairShare's only as the
/// utility tracked, not in its priority).
fn equivalents() -> Vec<(Algorithm, Psi, &'static str)> {
    let mut out: Vec<_> = Algorithm::ALL
        .into_iter()
        .map(|a| {
            let (psi, priority) = a.as_formula();
            (a, psi, priority)
        })
        .collect();
    out.push((Algorithm::FairShare, Psi::Sp, FAIR_SHARE_PRIORITY));
    out
}

/// The twin is a document entry of that formula, named as asked.
#[test]
fn a_formula_twin_is_the_mapping_as_an_entry() {
    for a in Algorithm::ALL {
        let twin = a.formula_twin(format!("{}_formula", a.tag()));
        let (psi, priority) = a.as_formula();
        assert_eq!(
            (twin.name.as_str(), twin.psi, twin.priority.as_str()),
            (format!("{}_formula", a.tag()).as_str(), psi, priority)
        );
        assert!(AlgorithmSpec::Formula(twin).compile().is_ok(), "{}: compiles", a.tag());
    }
}

/// Each alone (so that the coalition simulations are its own), with and without unit pieces,
/// and with a federation block that binds and a site that leaves.
#[test]
fn the_built_ins_as_formulas_are_the_built_ins_on_every_preset() {
    let presets = presets();
    assert!(presets.len() >= 4, "the CloudShare presets");
    for (name, s) in presets {
        let mut variants = vec![("as is", s.clone())];
        let mut whole = s.clone();
        spec(&mut whole).split_unit = false;
        variants.push(("split_unit false", whole));
        let mut fed = s.clone();
        let first = spec(&mut fed).names()[0].clone();
        spec(&mut fed).federation = Some(cloudecon::cloudshare::scenario::FederationSpec {
            exposure_threshold: 0.5,
            leave_events: vec![cloudecon::cloudshare::scenario::LeaveSpec { org: first, time: 3 }],
        });
        variants.push(("federation", fed));
        let mut distinct = std::collections::BTreeSet::new();
        for (variant, s) in &variants {
            for (builtin, psi, priority) in equivalents() {
                let expected = run(&with(s, vec![builtin.into()]));
                distinct.insert(serde_json::to_string(&anonymous(expected.clone())).expect("JSON"));
                let mine = run(&with(s, vec![formula("mine", psi, priority)]));
                assert_eq!(mine.algorithms[0].algorithm, "mine");
                assert!(!expected.algorithms[0].schedule.as_ref().is_none_or(|s| s.is_empty()), "{name}: a schedule");
                assert_eq!(
                    anonymous(expected),
                    anonymous(mine),
                    "{name} ({variant}): {priority} under ψ {psi:?} must be {}",
                    builtin.tag()
                );
            }
        }
        assert!(distinct.len() >= 3, "{name}: the rules differ somewhere, so the comparison can fail");
    }
}

/// Beside the built-ins in one comparison: the same waits, unfairness and schedule as the
/// built-in it writes, named by its name, scored against them.
#[test]
fn a_formula_runs_beside_the_built_ins() {
    let (_, s) = presets().into_iter().next().expect("a preset");
    let mut list: Vec<AlgorithmSpec> = Algorithm::ALL.map(AlgorithmSpec::from).to_vec();
    list.push(formula("mine", Psi::Rel, "contribution - utility"));
    let r = run(&with(&s, list));
    let names: Vec<&str> = r.algorithms.iter().map(|a| a.algorithm.as_str()).collect();
    assert_eq!(names, ["orig_direct", "rel_direct", "simpl_direct", "fair_share", "round_robin", "mine"]);
    let (rel, mine) = (&r.algorithms[1], &r.algorithms[5]);
    assert_eq!((&rel.wait, rel.unfairness, &rel.schedule), (&mine.wait, mine.unfairness, &mine.schedule));
}

#[test]
fn the_document_form_reads_and_writes_back() {
    let (_, s) = presets().into_iter().next().expect("a preset");
    let mine = with(&s, vec![Algorithm::FairShare.into(), formula("mine", Psi::Surface, "waiting - usage")]);
    let json = mine.to_json();
    let doc: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        doc["algorithms"],
        json!(["fair_share", { "kind": "formula", "name": "mine", "psi": "surface", "priority": "waiting - usage" }])
    );
    assert_eq!(Scenario::from_json(&json).expect("reads back"), mine);
    // Plain names read as before.
    let mut doc: Value = serde_json::from_str(&s.to_json()).expect("JSON");
    doc["algorithms"] = json!(["round_robin", "orig_direct"]);
    let old = Scenario::from_json(&doc.to_string()).expect("valid");
    let mut s = old.clone();
    assert_eq!(spec(&mut s).builtin_list(), vec![Algorithm::RoundRobin, Algorithm::OrigDirect]);
}

/// `cloudecon run` on `doc` (stdin): exit code and stderr.
fn runner(doc: &Value) -> (Option<i32>, String) {
    let out = cloudecon(&["run", "-"], Some(doc.to_string().as_bytes()));
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn toy() -> Value {
    let (_, s) = presets().into_iter().next().expect("a preset");
    serde_json::from_str(&s.to_json()).expect("JSON")
}

#[test]
fn a_bad_entry_is_an_error_at_its_path() {
    let cases = [
        (
            json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": "contribution - utilty" }),
            ["algorithms[1].priority", "at 1:16", "unknown variable \"utilty\""].as_slice(),
        ),
        (
            json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": "max(contribution" }),
            &["algorithms[1].priority", "at 1:"],
        ),
        (
            json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": "waiting > 1" }),
            &["algorithms[1].priority", "at 1:9", "gives a condition"],
        ),
        (
            json!({ "kind": "formula", "name": "fair_share", "psi": "sp", "priority": "1" }),
            &["algorithms[1].name", "FAIRSHARE"],
        ),
        (
            json!({ "kind": "formula", "name": "ROUND_ROBIN", "psi": "sp", "priority": "1" }),
            &["algorithms[1].name", "built-in"],
        ),
        (
            json!({ "kind": "formula", "name": "", "psi": "sp", "priority": "1" }),
            &["algorithms[1].name", "needs a name"],
        ),
        (json!({ "kind": "formula", "name": "rel_direct", "psi": "sp", "priority": "1" }), &["algorithms[1].name"]),
        (json!({ "kind": "formula", "name": "mine", "psi": "spp", "priority": "1" }), &["algorithms[1].psi", "spp"]),
        (json!({ "kind": "formula", "name": "mine", "psi": "sp" }), &["algorithms[1]", "priority"]),
        (json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": 2 }), &["algorithms[1].priority"]),
        (
            json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": "1", "extra": 1 }),
            &["algorithms[1]", "extra"],
        ),
        (json!({ "kind": "rule", "name": "mine", "psi": "sp", "priority": "1" }), &["algorithms[1].kind", "formula"]),
        (json!("fairshare"), &["algorithms[1]", "fair_share"]),
    ];
    for (entry, parts) in cases {
        let mut doc = toy();
        doc["algorithms"] = json!(["fair_share", entry]);
        let (code, stderr) = runner(&doc);
        assert_eq!(code, Some(2), "{entry}: {stderr}");
        for part in parts {
            assert!(stderr.contains(part), "{entry}: {part:?} in {stderr}");
        }
    }
    // Two formulas of one name.
    let mut doc = toy();
    let f = json!({ "kind": "formula", "name": "mine", "psi": "sp", "priority": "1" });
    doc["algorithms"] = json!([f, "orig_direct", f]);
    let (code, stderr) = runner(&doc);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("algorithms[2].name") && stderr.contains("earlier algorithm"), "{stderr}");
}

#[test]
fn a_priority_without_a_number_ends_the_run_naming_where() {
    let mut doc = toy();
    doc["algorithms"] =
        json!(["fair_share", { "kind": "formula", "name": "ratio", "psi": "sp", "priority": "utility / usage" }]);
    let (code, stderr) = runner(&doc);
    assert_eq!(code, Some(2), "{stderr}");
    for part in [
        "algorithms[1].priority",
        "\"ratio\"",
        "gave NaN",
        "organization \"",
        "at time 0",
        "utility = 0, usage = 0",
        "the grand coalition",
    ] {
        assert!(stderr.contains(part), "{part:?} in {stderr}");
    }
    let mut doc = toy();
    doc["algorithms"] =
        json!([{ "kind": "formula", "name": "lonely", "psi": "sp", "priority": "1 / (processors - 1)" }]);
    let (code, stderr) = runner(&doc);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("gave inf") && stderr.contains("processors = 1"), "{stderr}");
    // Only in a coalition's simulation (the first algorithm's, with unit pieces: the common
    // reference): A's two unit pieces both start at 0 in the grand coalition, but alone A chooses
    // again at time 1 (t = 2).
    let doc = json!({ "version": 1, "mechanism": "cloudshare", "seed": 0,
        "organizations": [{ "name": "A", "processors": 1 }, { "name": "B", "processors": 1 }],
        "jobs": [{ "org": "A", "release": 0, "duration": 2, "cores": 1 }],
        "algorithms": [{ "kind": "formula", "name": "late", "psi": "rel", "priority": "1 / (t - 2)" }, "fair_share"] });
    let (code, stderr) = runner(&doc);
    assert_eq!(code, Some(2), "{stderr}");
    for part in ["algorithms[0].priority", "\"late\"", "gave inf", "\"A\" at time 1", "t = 2", "the coalition {A}"] {
        assert!(stderr.contains(part), "{part:?} in {stderr}");
    }
    let mut doc = doc;
    doc["split_unit"] = json!(false);
    doc["algorithms"][0]["priority"] = json!("1 / (t - 3)");
    let (code, stderr) = runner(&doc);
    assert_eq!(code, Some(0), "never at t = 3 without unit pieces: {stderr}");
}

/// Organizations of `procs` single-core processors, jobs (org, release, duration), unit pieces.
fn workload(procs: &[u32], jobs: &[(usize, u64, u64)]) -> Workload {
    let orgs =
        procs.iter().enumerate().map(|(i, &k)| Org { name: format!("O{i}"), machines: vec![1; k as usize] }).collect();
    let raw: Vec<_> = jobs.iter().map(|&(o, r, d)| (o, r, d, 1, false)).collect();
    Workload { orgs, pieces: pieces(&raw, true).expect("small"), split: true }
}

fn compiled(psi: Psi, priority: &str) -> Rule {
    formula("f", psi, priority).compile().expect("compiles")
}

/// `waiting` counts the cores still queued just before each choice; `last` the choices; `t` is
/// now + 1. One machine, three organizations, all released at 0: O0 waits 1, O1 waits 3, O2 2.
#[test]
fn waiting_last_and_t_mean_what_they_document() {
    let w = workload(&[1, 0, 0], &[(0, 0, 1), (1, 0, 3), (2, 0, 2)]);
    let order = |priority: &str| {
        let o = compiled(Psi::Sp, priority).simulate(&w, 0b111, None, 0, true);
        assert_eq!(o.fault, None);
        let mut p = o.placements.clone();
        p.sort_by_key(|p| p.start);
        p.iter().map(|p| w.pieces[p.piece as usize].org).collect::<Vec<_>>()
    };
    // The most waiting first: 3; 2 v 2 (O1, the lower index); 1 v 2; then 1, 1, 1 (O0 first) …
    assert_eq!(order("waiting"), [1, 1, 2, 0, 1, 2]);
    // The least waiting first.
    assert_eq!(order("-waiting"), [0, 2, 2, 1, 1, 1]);
    // Round robin by `last`; never chosen is 0, the highest for -last.
    assert_eq!(order("-last"), [0, 1, 2, 1, 2, 1]);
    assert_eq!(order("-last"), {
        let o = Algorithm::RoundRobin.simulate(&w, 0b111, None, 0, true);
        let mut p = o.placements;
        p.sort_by_key(|p| p.start);
        p.iter().map(|p| w.pieces[p.piece as usize].org).collect::<Vec<_>>()
    });
    // `t` is the time + 1: the least waiting first at time 0 only.
    assert_eq!(order("if(t == 1, -waiting, waiting)"), [0, 1, 1, 2, 1, 2]);
}

/// Ties go to the lowest index, as for the built-ins: a constant is index order.
#[test]
fn ties_go_to_the_lowest_index() {
    let w = workload(&[1, 1, 1], &[(2, 0, 2), (1, 0, 2), (0, 0, 2)]);
    let o = compiled(Psi::Surface, "7").simulate(&w, 0b111, None, 0, true);
    let mut first: Vec<(u32, usize)> =
        o.placements.iter().filter(|p| p.start == 0).map(|p| (p.machine_org, w.pieces[p.piece as usize].org)).collect();
    first.sort_unstable();
    assert_eq!(first, [(0, 0), (1, 0), (2, 1)], "machine O0 then O1 to O0 (lowest index), O2 to O1");
    // -0 and 0 tie: `-usage` is -0 for an organization that has run nothing.
    let a = compiled(Psi::Surface, "-usage").simulate(&w, 0b111, None, 0, true);
    let b = compiled(Psi::Surface, "0 - usage").simulate(&w, 0b111, None, 0, true);
    assert_eq!(a, b);
}
