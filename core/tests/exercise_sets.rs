//! The exercise sets shipped with the playground: every one reads, its pointers resolve in its
//! scenario's result, it has tasks of every kind, it runs inline, and its model answers (in
//! `tests/exercises/`) grade right while its wrong answers grade wrong.

use std::collections::BTreeMap;
use std::path::PathBuf;

use cloudecon::exercise::{shipped, Answers, Grading, Submission, TaskKind};
use cloudecon::runner::{self, Placement};
use cloudecon::sim::run_to_end;
use cloudecon::MechanismKind;

fn answers_file(name: &str, which: &str) -> Answers {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/exercises/{name}.{which}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Answers::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_mechanism_ships_at_least_three_exercises_with_every_task_kind() {
    let all = shipped::all();
    let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
    let mut names = std::collections::HashSet::new();
    for e in &all {
        assert!(names.insert(e.name), "two exercises are named {}", e.name);
        assert!(e.name.starts_with(&e.mechanism.tag().replace('_', "-")), "{} is named after its mechanism", e.name);
        *per_kind.entry(e.mechanism.tag()).or_default() += 1;
        let doc = e.document().unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(doc.scenario.kind(), e.mechanism, "{}", e.name);
        assert!(!doc.exercise.title.is_empty() && !doc.exercise.text.is_empty(), "{}: title and text", e.name);
        for kind in [TaskKind::Number, TaskKind::Choice, TaskKind::Goal] {
            assert!(doc.exercise.tasks.iter().any(|t| t.kind == kind), "{}: a {kind:?} task", e.name);
        }
        assert!(doc.exercise.predicts(), "{}: a predict-then-run task", e.name);
        assert!(doc.exercise.tasks.iter().all(|t| !t.hints.is_empty()), "{}: hints on every task", e.name);
        // Instant in the browser: small enough to run inline on every edit.
        assert_eq!(runner::placement(&doc.scenario), Placement::Inline, "{}", e.name);
        let result = runner::run(&doc.scenario).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        doc.check_result(&result.to_value()).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(shipped::find(e.name).map(|f| f.name), Some(e.name));
    }
    for kind in MechanismKind::ALL {
        assert!(per_kind.get(kind.tag()).copied().unwrap_or(0) >= 3, "{}: at least three exercises", kind.tag());
    }
}

#[test]
fn model_answers_grade_right_and_wrong_answers_grade_wrong() {
    for e in shipped::all() {
        let doc = e.document().unwrap();
        let fingerprint = doc.fingerprint();
        let subs = ["answers", "wrong"]
            .map(|which| {
                let mut answers = answers_file(e.name, which);
                answers.exercise = fingerprint.clone();
                Submission { source: which.into(), answers }
            })
            .to_vec();
        let grades = run_to_end(Grading::new(doc, subs)).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert!(grades.warnings().is_empty());
        for (s, expect) in [(0, true), (1, false)] {
            for t in &grades.students[s].tasks {
                assert_eq!(
                    t.verdict.correct, expect,
                    "{} {} {}: {:?}",
                    e.name, grades.students[s].source, t.task, t.verdict
                );
            }
        }
    }
}
