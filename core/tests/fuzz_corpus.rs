//! The fuzzer's corpus on stable Rust (issue 35): every seed of `fuzz/corpus/TARGET/` and every
//! past finding of `fuzz/regressions/TARGET/` through its target (`cloudecon::fuzz`), which must
//! not panic; and, on the documents, one rule for what is valid: `validate`, `run` and (for an
//! exercise) `grade` give the same verdict. `scripts/fuzz.sh` runs the same targets under
//! libFuzzer, coverage-guided.

mod common;

use std::path::{Path, PathBuf};

use common::cloudecon;

fn inputs(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fuzz").join(folder).join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_seed_and_past_finding_goes_through_its_target() {
    for (target, run) in cloudecon::fuzz::TARGETS {
        let seeds = inputs("corpus", target);
        assert!(!seeds.is_empty(), "fuzz/corpus/{target} has no seed");
        for file in seeds.iter().chain(&inputs("regressions", target)) {
            let data = std::fs::read(file).expect("a corpus file");
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target} panicked on {}", file.display());
        }
    }
}

/// One rule for what is valid, on every document of the corpus that runs quickly: `run` refuses
/// exactly what `validate` refuses (exit 2), and accepts what it accepts (exit 0); an exercise is
/// graded (with an empty answer file) under the same verdict.
#[test]
fn validate_run_and_grade_give_one_verdict_on_the_corpus() {
    let dir = common::temp_path("fuzz-verdicts").with_extension("");
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join("answers.json");
    std::fs::write(&answers, r#"{"version":1,"student":"Ann","answers":{}}"#).unwrap();
    let mut checked = 0;
    for file in inputs("corpus", "document").iter().chain(&inputs("regressions", "document")) {
        let data = std::fs::read(file).unwrap();
        // Documents whose runs take long (a real-data preset) are the runner tests' business.
        if data.len() > 16 * 1024 {
            continue;
        }
        let f = file.to_str().unwrap();
        let code = |args: &[&str]| {
            let out = cloudecon(args, None);
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(!stderr.contains("panicked") && !stderr.contains("internal error"), "{args:?}: {stderr}");
            (out.status.code(), stderr)
        };
        let (valid, why) = code(&["validate", f]);
        let (ran, run_why) = code(&["run", f]);
        assert_eq!(valid, ran, "{}: validate says {why:?}, run says {run_why:?}", file.display());
        if String::from_utf8_lossy(&data).contains("\"exercise\"") && valid == Some(0) {
            let (graded, grade_why) = code(&["grade", f, answers.to_str().unwrap()]);
            assert_eq!(graded, Some(0), "{}: grade says {grade_why:?}", file.display());
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} documents checked");
    let _ = std::fs::remove_dir_all(&dir);
}
