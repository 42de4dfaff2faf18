//! Convergence statistics (Fig. 6): deterministic for a seed, and log utilities settle faster
//! than linear ones in the paper's default setting.

use cloudecon::abacus::study::{default_xs, rounds_study, StudyOver};

#[test]
fn the_study_is_deterministic_and_log_converges_faster() {
    let a = rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 7);
    assert_eq!(a, rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 7), "same seed, same statistics");
    assert_ne!(a, rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 8), "another seed, other instances");
    for p in &a {
        assert!(p.log_mean < p.linear_mean, "{p:?}");
        assert!(f64::from(p.linear_max) >= p.linear_mean && f64::from(p.log_max) >= p.log_mean, "{p:?}");
        assert!(p.log_mean >= 1.0, "every auction runs at least one round: {p:?}");
    }
    assert_eq!(a.iter().map(|p| p.x).collect::<Vec<_>>(), [8.0, 32.0]);
}

#[test]
fn alpha_zero_needs_no_second_look_and_linear_slows_as_alpha_grows() {
    // α = 0: shares are 1/n whatever the split, so the first round already is the fixed point
    // and the second confirms it.
    let zero = rounds_study(StudyOver::Alpha, &[0.0], 3, 1);
    assert_eq!((zero[0].linear_max, zero[0].log_max), (2, 2), "{zero:?}");
    // The paper: "the number of iterations almost doubles when α changes from 0.5 to 0.9" (linear).
    let s = rounds_study(StudyOver::Alpha, &[0.5, 0.9], 5, 1);
    assert!(s[1].linear_mean > s[0].linear_mean, "{s:?}");
    assert_eq!(default_xs(StudyOver::Resources), [2.0, 4.0, 8.0, 16.0]);
}

/// A document with only a `study` block runs through the pipeline in steps (so in the worker,
/// with progress and Cancel) and gives the statistics of `rounds_study` for its seed.
#[test]
fn a_study_block_runs_through_the_pipeline_with_progress() {
    let doc = r#"{"version":1,"mechanism":"abacus","seed":7,"resources":[{"name":"R1"}],
                  "study":{"over":"users","xs":[8,32],"runs":5}}"#;
    let scenario = cloudecon::Scenario::from_json(doc).expect("valid");
    let mut job = cloudecon::runner::start(&scenario).expect("valid");
    let mut steps = 0;
    let out = loop {
        match cloudecon::sim::Job::step(&mut job, 1_000) {
            cloudecon::sim::Step::Working(p) => {
                assert!(p.done < p.total, "{p:?}");
                steps += 1;
            }
            cloudecon::sim::Step::Done(out) => break out.expect("runs"),
        }
    };
    assert!(steps > 1, "the study is resumable");
    let cloudecon::RunOutput::Abacus(r) = &out else { panic!("an abacus result") };
    let study = r.study_result.as_ref().expect("study_result");
    assert_eq!((study.over, study.runs), (StudyOver::Users, 5));
    assert_eq!(study.points, rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 7));
    assert!(out.to_csv().starts_with("x,linear_mean"), "a study-only run's CSV is the points table");

    let bad = r#"{"version":1,"mechanism":"abacus","resources":[{"name":"R1"}],
                  "study":{"over":"resources","xs":[2.5],"runs":0}}"#;
    let e = cloudecon::Scenario::from_json(bad).expect_err("invalid");
    let paths: Vec<&str> = e.problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["study.runs", "study.xs[0]"]);
}
