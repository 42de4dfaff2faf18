//! The fuzzer's targets: every input path of the playground — a document (read, validated, run),
//! a formula (parsed, checked, evaluated, differentiated), a share link, an exercise with an
//! answer file (graded), a Standard Workload Format log, an EC2 price history, a study's flags,
//! manifest and merged table — as a function of bytes that must never panic, whatever the bytes.
//!
//! `fuzz/` (cargo fuzz, libFuzzer) wraps each in a target; `scripts/fuzz.sh` runs them;
//! `core/tests/fuzz_corpus.rs` runs each over its seed corpus (`fuzz/corpus/TARGET/`, made from
//! every preset, shipped exercise and test document) on stable Rust, with the regression inputs
//! of past findings. A finding is a panic (or an abort on memory or time), never a refusal: a
//! refusal is the right answer to most inputs.

use crate::exercise::{Answers, ExerciseDocument, Grading, Submission};
use crate::formula::{Formula, Tape, Type};
use crate::scenario::Scenario;
use crate::sim::{Job, Step};

/// Work units a fuzzed run may use before it is let go: a valid document may ask for more (the
/// property is "no panic", and the runs that finish are checked to the end). Step by step, so a
/// step never runs away with the budget.
pub const WORK_BUDGET: u64 = 1 << 22;

/// Steps a job for at most [`WORK_BUDGET`] units; its output, if it finished.
fn run_bounded<J: Job>(mut job: J) -> Option<J::Output> {
    let step = (WORK_BUDGET / 64).max(1);
    let mut used = 0u64;
    loop {
        match job.step(step) {
            Step::Done(out) => return Some(out),
            Step::Working(_) => {
                used += step;
                if used >= WORK_BUDGET {
                    return None;
                }
            }
        }
    }
}

/// A document as `cloudecon run` takes it: read, validated, run (bounded), its result written as
/// JSON and CSV; with an exercise block, the block read and its pointers checked against the
/// result, as `run`, `validate` and `grade` do.
pub fn document(data: &[u8]) {
    let Ok(scenario) = Scenario::from_json_bytes(data) else { return };
    let exercise = std::str::from_utf8(data).ok().and_then(|t| ExerciseDocument::from_json(t).ok());
    let Ok(job) = crate::runner::start_owned(scenario) else { return };
    if let Some(Ok(out)) = run_bounded(job) {
        let value = out.to_value();
        let _ = out.to_json();
        let _ = out.to_csv();
        if let Some(doc) = exercise {
            let _ = doc.check_result(&value);
            let _ = doc.expectations(&value);
        }
    }
}

/// A formula of up to three variables (`x`, `y`, `z`): the text up to the first NUL byte, then
/// the variables' values as little-endian f64s. Compiled as a number and as a condition,
/// evaluated, differentiated both ways.
pub fn formula(data: &[u8]) {
    let (text, rest) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let mut values = [0.5, 2.0, -1.0];
    for (v, chunk) in values.iter_mut().zip(rest.chunks_exact(8)) {
        *v = f64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
    }
    for result in [Type::Number, Type::Condition] {
        let Ok(f) = Formula::compile(text, &["x", "y", "z"], result) else { continue };
        let _ = f.eval(&values);
        let _ = f.holds(&values);
        for wrt in 0..3 {
            let _ = f.derivative(&values, wrt);
        }
        let mut grad = [0.0; 3];
        let _ = f.gradient(&values, &mut grad, &mut Tape::default());
    }
}

/// A share link's fragment (`#s=…`, or its body), decoded as the pages decode it; a decoded
/// document encoded again reads back the same.
pub fn share(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let body = crate::share::fragment_body(text).unwrap_or(text);
    if let Ok(shared) = crate::share::decode(body) {
        let again = match &shared {
            crate::share::Shared::Scenario(s) => crate::share::encode(s),
            crate::share::Shared::Exercise(e) => crate::share::encode_exercise(e),
        };
        assert_eq!(crate::share::decode(&again).as_ref(), Ok(&shared), "a link's document reads back the same");
    }
}

/// An exercise document and an answer file (split at the first NUL byte): read, then graded as
/// `cloudecon grade` grades (the exercise's run and each goal's, bounded).
pub fn exercise(data: &[u8]) {
    let (doc, answers) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let answers = std::str::from_utf8(answers).ok().and_then(|t| Answers::from_json(t).ok());
    let Some(doc) = std::str::from_utf8(doc).ok().and_then(|t| ExerciseDocument::from_json(t).ok()) else { return };
    let _ = doc.fingerprint();
    let _ = doc.to_json();
    let submissions = answers.into_iter().map(|answers| Submission { source: "fuzz".into(), answers }).collect();
    if let Some(Ok(grades)) = run_bounded(Grading::new(doc, submissions)) {
        let _ = grades.to_csv();
    }
}

/// A Standard Workload Format log, as the spot and CloudShare pages import one.
pub fn swf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(log) = crate::swf::parse(text) {
        let _ = log.jobs.iter().filter(|j| j.usable()).count();
    }
}

/// An EC2 spot price history (CSV), as the spot page imports one: its catalog, each series
/// selected and resampled to 5-minute slots.
pub fn ec2(data: &[u8]) {
    use crate::spot::ec2::{resample, History};
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(history) = History::parse(text) else { return };
    for series in history.catalog().into_iter().take(8) {
        if let Ok(rows) = history.select(&series.instance_type, &series.location, &series.product) {
            if let Some(&(start, _)) = rows.first() {
                let _ = resample(&rows, start, 300, 64);
            }
        }
    }
}

/// A study's inputs: `--vary` lines, a `manifest.json`, a merged table (CSV or JSON) and its
/// summary for a chart — the text tried as each.
pub fn study(data: &[u8]) {
    use crate::study::{summarize, Manifest, Table, Vary};
    let Ok(text) = std::str::from_utf8(data) else { return };
    for line in text.lines().take(16) {
        let _ = Vary::parse(line);
    }
    if let Ok(manifest) = serde_json::from_str::<Manifest>(text) {
        if manifest.check().is_ok() {
            for info in manifest.infos().take(64) {
                let _ = info.id.len();
            }
        }
    }
    if let Ok(table) = Table::read(text) {
        let _ = table.to_csv();
        let columns: Vec<String> = table.columns.iter().take(4).cloned().collect();
        for x in &columns {
            for y in &columns {
                let _ = summarize(&table, x, y);
            }
        }
    }
}

/// A live game's inputs: the text before the first NUL byte as the teacher's settings (JSON), a
/// join link or a results link; the rest as a paste of decision codes. Every code accepted reads
/// back as the same decision when made again, and a small enough round is closed.
pub fn game(data: &[u8]) {
    use crate::game::{Session, Verdict};
    let (head, paste) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(head) = std::str::from_utf8(head) else { return };
    let paste = String::from_utf8_lossy(paste);
    let from_results = Session::from_results(head).ok();
    let session = serde_json::from_str::<serde_json::Value>(head)
        .ok()
        .and_then(|v| Session::new(&v).or_else(|_| Session::from_value(&v)).ok())
        .or_else(|| Session::from_join(head).ok())
        .or_else(|| from_results.as_ref().map(|(s, _)| s.clone()));
    let Some(session) = session else { return };
    let _ = session.to_value();
    let Ok(collected) = session.collect(&paste) else { return };
    for entry in &collected.entries {
        if let Verdict::Ok { seat, decision } = &entry.verdict {
            let code = session.code(*seat, Some(decision)).expect("an accepted decision has a code");
            assert_eq!(session.check(&code.to_string()), entry.verdict, "a decision reads back the same");
        }
    }
    let small = session.seats + session.robots <= 24 && session.settings["jobs"].as_u64().is_none_or(|j| j <= 200);
    if small {
        let collected = from_results.map(|(_, c)| c).filter(|c| !c.decisions.is_empty()).unwrap_or(collected);
        // The phone's preview of each accepted decision: an outcome or a reason, never a panic.
        for (seat, (_, decision)) in collected.decisions.iter().take(4) {
            let _ = session.preview(*seat, decision);
        }
        if let Ok(round) = session.close(&collected) {
            let (phone, again) = Session::from_results(round.report["results"].as_str().unwrap_or_default())
                .expect("a round's results link reads back");
            assert_eq!(phone.close(&again).map(|r| r.report["run"].clone()).ok(), Some(round.report["run"].clone()));
        }
    }
}

/// A target: a function of any bytes that must not panic.
pub type Target = fn(&[u8]);

/// Every target by name (`scripts/fuzz.sh` and the corpus test go through this list).
pub const TARGETS: &[(&str, Target)] = &[
    ("document", document),
    ("formula", formula),
    ("share", share),
    ("exercise", exercise),
    ("swf", swf),
    ("ec2", ec2),
    ("study", study),
    ("game", game),
];
