//! `cloudecon` — run CloudEcon Playground scenarios from the command line.
//!
//! Exit status: 0 success, 2 invalid input (one line per problem on stderr, each naming the JSON
//! path), 1 internal error. It never panics on any input.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use cloudecon::exercise::{shipped, Answers, ExerciseDocument, Grading, Submission};
use cloudecon::scenario::{Scenario, MAX_DOCUMENT_BYTES};
use cloudecon::sim::run_to_end;
use cloudecon::{Matrix, RunOutput};

mod game;
mod study;

/// A faster allocator for the runner's many small vectors (10,000 jobs = 30,000 allocations);
/// the wasm build keeps Rust's default.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "cloudecon",
    version,
    about = "Run the economic mechanisms of CloudEcon Playground from the command line.",
    long_about = "Run the economic mechanisms of CloudEcon Playground from the command line.\n\n\
A scenario is a JSON document (the same one the browser playground exports and shares).\n\
The runner prints the result as one JSON object on standard output.\n\n\
Example:\n  cloudecon preset                      # list the example scenarios\n  cloudecon preset NAME | cloudecon run -\n  cloudecon exercise NAME > ex.json     # a classroom exercise\n  cloudecon grade ex.json answers/*.json  # grade students' answer files (CSV)\n\n\
Exit status: 0 success, 2 invalid input (each problem on stderr with its JSON path), 1 internal error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a scenario, run it and print the result JSON.
    Run {
        /// Scenario file, or `-` for standard input.
        file: String,
        /// Indent the result JSON.
        #[arg(long)]
        pretty: bool,
        /// Print the result's main table as CSV instead of JSON.
        #[arg(long)]
        csv: bool,
        /// Print how long reading, validating, running and writing took (to stderr).
        #[arg(long)]
        timings: bool,
    },
    /// Check a scenario without running it; prints `ok` or every problem.
    Validate {
        /// Scenario file, or `-` for standard input.
        file: String,
    },
    /// Print a named example scenario (the browser's presets); without a name, list them.
    Preset { name: Option<String> },
    /// List the rules that can be written as formulas: where each goes, its variables, the
    /// language.
    Rules,
    /// Print a shipped classroom exercise (an exercise document); without a name, list them.
    Exercise { name: Option<String> },
    /// Grade students' answer files against an exercise; prints CSV
    /// `student,task,correct,given,expected` (one row per student and task).
    Grade {
        /// The exercise document (a file, or `-` for standard input).
        exercise: String,
        /// The students' answer files (downloaded from the exercise's page).
        #[arg(required = true)]
        answers: Vec<String>,
    },
    /// Live class games: start a session, make and check decision codes, close a round.
    Game {
        #[command(subcommand)]
        command: game::GameCommand,
    },
    /// Write a study: one document per combination of the varied values (and seeds) as
    /// DIR/shards/000000.json, … and DIR/manifest.json; run them with `run-many`, GNU parallel
    /// or Slurm (`--slurm`), then `merge`.
    Sweep {
        /// The base scenario document.
        base: String,
        /// POINTER=VALUES: a JSON pointer into the base and a list (`0.1,0.5,0.9`) or a range
        /// (`0.1:0.9:0.2`); repeat for a grid (the first varies slowest).
        #[arg(long, value_name = "POINTER=VALUES")]
        vary: Vec<String>,
        /// Vary /seed over 1..=N too (fastest).
        #[arg(long, value_name = "N")]
        seeds: Option<u64>,
        /// Vary where a CloudShare or spot document's log window starts over the whole log, a
        /// window after another (/jobs/window_start_hours: 0, H, 2H, … for its window_hours H).
        #[arg(long)]
        windows: bool,
        /// A CloudShare federation's coalition simulations split into K shards (alone: no
        /// --vary or --seeds); `merge DIR -o out.json` computes the exact Shapley value.
        #[arg(long, value_name = "K")]
        coalitions: Option<u64>,
        /// The study's folder.
        #[arg(long, value_name = "DIR")]
        out: std::path::PathBuf,
        /// Also write DIR/slurm.sh, an `sbatch --array` script.
        #[arg(long)]
        slurm: bool,
    },
    /// Run a study's shards that have no result yet, on every core, with a progress bar.
    RunMany {
        dir: std::path::PathBuf,
        /// How many shards at once (default: the machine's cores).
        #[arg(long)]
        jobs: Option<usize>,
    },
    /// Run shard INDEX of a study (and the next COUNT − 1) unless done: DIR/results/ID.json, or
    /// DIR/results/ID.error with the problem (what a Slurm task or a GNU parallel job runs).
    RunShard {
        dir: std::path::PathBuf,
        index: usize,
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Print the shards of a study that have no result, as a Slurm array list (`3,5-7`).
    Missing {
        dir: std::path::PathBuf,
        /// Shards per Slurm task (as in DIR/slurm.sh): print tasks instead of shards.
        #[arg(long, default_value_t = 1)]
        chunk: usize,
        /// One index a line instead (for GNU parallel).
        #[arg(long)]
        list: bool,
    },
    /// Merge a study's results into one table: a row per shard, its varied values, the
    /// mechanism's headline metrics and any --metric.
    Merge {
        dir: std::path::PathBuf,
        /// The table: FILE.csv or FILE.json.
        #[arg(short, long, value_name = "FILE")]
        output: std::path::PathBuf,
        /// A JSON pointer into each result to add as a column (repeatable).
        #[arg(long, value_name = "POINTER")]
        metric: Vec<String>,
        /// Merge the shards that have a result; list the others (otherwise an error).
        #[arg(long)]
        allow_missing: bool,
    },
    /// Time the standard workloads and print JSON timings (compare with the browser's /bench page).
    Bench {
        /// Only workloads whose name contains this text.
        #[arg(long, default_value = "")]
        filter: String,
        /// Keep repeating each workload until this many milliseconds have passed.
        #[arg(long, default_value_t = 1000.0)]
        min_ms: f64,
        /// Print the scenario of the named workload instead of timing (to time it elsewhere).
        #[arg(long, value_name = "WORKLOAD")]
        scenario: Option<String>,
    },
}

/// Phase timings for `run --timings`, printed to stderr as they complete.
struct Timings(Option<Instant>);

impl Timings {
    fn new(on: bool) -> Self {
        Timings(on.then(Instant::now))
    }

    fn lap(&mut self, phase: &str) {
        if let Some(start) = &mut self.0 {
            eprintln!("{phase:>18}: {:8.2} ms", start.elapsed().as_secs_f64() * 1e3);
            *start = Instant::now();
        }
    }
}

/// What went wrong, mapped to the exit status.
enum Failure {
    Invalid(String),
    Internal(String),
    /// Standard output was closed by its reader (`cloudecon preset NAME | head`): nothing more
    /// can be said, and nothing went wrong.
    Closed,
}

/// The failure of a write to standard output: a closed pipe ends quietly, anything else is an
/// internal error.
fn output_failure(e: &std::io::Error) -> Failure {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Internal(format!("could not print the result: {e}"))
    }
}

/// `print!` that returns a closed pipe as [`Failure::Closed`] instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        std::io::stdout().lock().write_fmt(format_args!($($arg)*)).map_err(|e| output_failure(&e))
    };
}

/// `println!` likewise.
macro_rules! outln {
    ($($arg:tt)*) => {
        out!("{}\n", format_args!($($arg)*))
    };
}

/// Matrices with at least this many entries are formatted on a thread of their own.
const PARALLEL_ENTRIES: usize = 1 << 14;

/// A 1 × 1 stand-in for the `k`-th large matrix while the rest of the document is formatted: its
/// text `[[v]]` is what gets replaced by the matrix's own text.
fn stand_in(k: usize) -> Matrix {
    let value = -1.234_567_890_123_457e-300 * (k + 1) as f64;
    Matrix::from_flat(1, vec![value]).unwrap_or_else(|| Matrix::zeros(0, 0))
}

/// The result document as compact JSON, byte for byte what `serde_json::to_writer` gives (and so
/// what the browser downloads), for any mechanism: the result's large matrices (e.g. an auction's
/// two `n × m` matrices, nearly all of a large result) are formatted on threads of their own while
/// the rest of the document, with a small stand-in for each, is formatted here; then each
/// stand-in's text is replaced by its matrix's. If a stand-in's text is not found exactly once,
/// the document is formatted again in one piece.
fn write_compact(w: &mut impl Write, out: &mut RunOutput) -> serde_json::Result<()> {
    let large: Vec<usize> = (out.matrices_mut().iter().enumerate())
        .filter(|(_, m)| m.as_flat().len() >= PARALLEL_ENTRIES)
        .map(|(i, _)| i)
        .collect();
    if large.is_empty() {
        return serde_json::to_writer(w, out);
    }
    let mut all = out.matrices_mut();
    let taken: Vec<Matrix> =
        large.iter().enumerate().map(|(k, &i)| std::mem::replace(&mut *all[i], stand_in(k))).collect();
    drop(all);
    let (rest, texts) = std::thread::scope(|scope| {
        let handles: Vec<_> = taken.iter().map(|m| scope.spawn(move || serde_json::to_vec(m))).collect();
        let rest = serde_json::to_vec(&*out);
        let texts: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err(serde::ser::Error::custom("a formatting thread failed"))))
            .collect();
        (rest, texts)
    });
    // Put the matrices back before anything else can fail.
    let mut all = out.matrices_mut();
    for (&i, m) in large.iter().zip(taken) {
        *all[i] = m;
    }
    drop(all);
    let (rest, texts) = (rest?, texts.into_iter().collect::<serde_json::Result<Vec<_>>>()?);
    let mut pieces = Vec::with_capacity(texts.len());
    for (k, text) in texts.iter().enumerate() {
        let marker = serde_json::to_vec(&stand_in(k))?;
        let mut found = rest.windows(marker.len()).enumerate().filter(|(_, w)| *w == &marker[..]).map(|(at, _)| at);
        match (found.next(), found.next()) {
            (Some(at), None) => pieces.push((at, marker.len(), text)),
            _ => return serde_json::to_writer(w, out),
        }
    }
    pieces.sort_by_key(|p| p.0);
    let mut from = 0;
    for (at, len, text) in pieces {
        w.write_all(&rest[from..at]).map_err(serde_json::Error::io)?;
        w.write_all(text).map_err(serde_json::Error::io)?;
        from = at + len;
    }
    w.write_all(&rest[from..]).map_err(serde_json::Error::io)
}

fn read_input(file: &str) -> Result<Vec<u8>, Failure> {
    let limit = MAX_DOCUMENT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let result = if file == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| {
            // One allocation of the file's size (`take` hides the size from `read_to_end`).
            let size = f.metadata().map_or(0, |m| m.len().min(limit));
            bytes.reserve_exact(size as usize + 1);
            f.take(limit).read_to_end(&mut bytes)
        })
    };
    result.map_err(|e| Failure::Invalid(format!("{file}: cannot read: {e}")))?;
    Ok(bytes)
}

/// The text of a file, or its problem as an input error.
fn read_text(file: &str) -> Result<String, Failure> {
    String::from_utf8(read_input(file)?).map_err(|_| Failure::Invalid(format!("{file}: document: is not UTF-8 text")))
}

/// Every problem of `e`, each line naming the file and the JSON path.
fn invalid_in(file: &str, e: &cloudecon::ScenarioError) -> Failure {
    Failure::Invalid(e.problems.iter().map(|p| format!("{file}: {p}")).collect::<Vec<_>>().join("\n"))
}

/// Reads an exercise document and checks its pointers against its scenario's result: a pointer
/// into the result is only known good once the result exists.
fn load_exercise(file: &str) -> Result<ExerciseDocument, Failure> {
    let doc = ExerciseDocument::from_json(&read_text(file)?).map_err(|e| invalid_in(file, &e))?;
    let out = cloudecon::runner::run(&doc.scenario).map_err(|e| invalid_in(file, &e))?;
    doc.check_result(&out.to_value()).map_err(|e| invalid_in(file, &e))?;
    Ok(doc)
}

/// A scenario document may carry an exercise block (`run` runs its scenario). One rule decides
/// whether such a document is valid, for `run`, `validate` and `grade` alike (and the page reads
/// it with the same [`ExerciseDocument::from_json`]): the block is an exercise of the scenario
/// (its ids, locks, options, hints, tolerances), and once the scenario has run, its pointers name
/// values of the result. Only documents that have the key pay for the check.
fn exercise_block(bytes: &[u8]) -> Result<Option<ExerciseDocument>, Failure> {
    use std::borrow::Cow;
    use std::collections::HashMap;
    // The top level's keys; the values are skipped, not read.
    let keys: HashMap<Cow<str>, serde::de::IgnoredAny> = serde_json::from_slice(bytes).unwrap_or_default();
    if !keys.contains_key(cloudecon::scenario::EXERCISE_KEY) {
        return Ok(None);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| Failure::Invalid(format!("document: is not UTF-8 text: {e}")))?;
    ExerciseDocument::from_json(text).map(Some).map_err(|e| Failure::Invalid(e.to_string()))
}

/// Reads, validates and runs a scenario document (what `run` prints is this output, written by
/// [`write_compact`]; a study's shards are run the same way).
/// With `progress`, a run of more than a second or so shows a progress bar on standard error
/// when it is a terminal (never when piped or redirected).
fn run_document(bytes: Vec<u8>, clock: &mut Timings, progress: bool) -> Result<RunOutput, Failure> {
    let scenario = Scenario::from_json_bytes(&bytes).map_err(|e| Failure::Invalid(e.to_string()))?;
    let exercise = exercise_block(&bytes)?;
    drop(bytes);
    clock.lap("parse + validate");
    let job = cloudecon::runner::start_owned(scenario).map_err(|e| Failure::Invalid(e.to_string()))?;
    let out = if progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        run_with_progress(job)
    } else {
        run_to_end(job)
    };
    let out = out.map_err(|e| Failure::Invalid(e.to_string()))?;
    if let Some(doc) = exercise {
        doc.check_result(&out.to_value()).map_err(|e| Failure::Invalid(e.to_string()))?;
    }
    clock.lap("run");
    Ok(out)
}

/// Runs a job in about 500 steps, the bar drawn after the first second (a job is resumable at
/// any step with the same result: the browser's worker runs it so, byte for byte the runner's).
fn run_with_progress<J: cloudecon::sim::Job>(mut job: J) -> J::Output {
    use cloudecon::sim::Step;
    let bar = indicatif::ProgressBar::hidden();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {percent:>3}%, {elapsed} so far, about {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // After how long the bar shows (`CLOUDECON_PROGRESS_AFTER_MS`, 1,000 by default).
    let after = std::env::var("CLOUDECON_PROGRESS_AFTER_MS").ok().and_then(|v| v.parse::<f64>().ok()).unwrap_or(1e3);
    let start = Instant::now();
    loop {
        let p = job.progress();
        let budget = (p.total / 500).max(1);
        if let Step::Done(out) = job.step(budget) {
            bar.finish_and_clear();
            return out;
        }
        let p = job.progress();
        if bar.is_hidden() && start.elapsed().as_secs_f64() * 1e3 >= after {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        bar.set_length(p.total.max(1));
        bar.set_position(p.done.min(p.total));
    }
}

/// `cloudecon grade`: reads every file first (all problems reported), then grades.
fn grade(exercise: &str, files: &[String]) -> Result<(), Failure> {
    let doc = load_exercise(exercise)?;
    let mut submissions = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        match read_text(file).and_then(|t| Answers::from_json(&t).map_err(|e| invalid_in(file, &e))) {
            Ok(answers) => submissions.push(Submission { source: file.clone(), answers }),
            Err(Failure::Invalid(m) | Failure::Internal(m)) => problems.push(m),
            Err(Failure::Closed) => return Err(Failure::Closed),
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems.join("\n")));
    }
    let grades = run_to_end(Grading::new(doc, submissions)).map_err(|e| invalid_in(exercise, &e))?;
    for warning in grades.warnings() {
        eprintln!("warning: {warning}");
    }
    out!("{}", grades.to_csv())
}

fn execute(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Run { file, pretty, csv, timings } => {
            let mut clock = Timings::new(timings);
            let bytes = read_input(&file)?;
            clock.lap("read");
            let mut out = run_document(bytes, &mut clock, true)?;
            if csv {
                return out!("{}", out.to_csv());
            }
            let stdout = std::io::stdout();
            let mut w = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
            let written =
                if pretty { serde_json::to_writer_pretty(&mut w, &out) } else { write_compact(&mut w, &mut out) };
            written
                .map_err(std::io::Error::from)
                .and_then(|()| writeln!(w))
                .and_then(|()| w.flush())
                .map_err(|e| output_failure(&e))?;
            clock.lap("write");
            // The process ends here: hand the (possibly large) result back to the operating
            // system at exit instead of freeing it piece by piece.
            std::mem::forget(out);
        }
        Command::Validate { file } => {
            let text = read_text(&file)?;
            match cloudecon::exercise::document::read(&text) {
                // An exercise: its block too, and its pointers against the scenario's result; the
                // fingerprint its answer files carry.
                Ok((_, Some(_))) => outln!("ok (exercise fingerprint {})", load_exercise(&file)?.fingerprint())?,
                // A plain scenario: what `run` would refuse before running.
                Ok((_, None)) => {
                    Scenario::from_json(&text).map_err(|e| Failure::Invalid(e.to_string()))?;
                    outln!("ok")?;
                }
                // A document that cannot be read (an exercise block that does not parse too).
                Err(e) => return Err(Failure::Invalid(e.to_string())),
            }
        }
        Command::Exercise { name: None } => {
            for e in shipped::all() {
                let title = e.document().map(|d| d.exercise.title).unwrap_or_default();
                outln!("{:<28} {:<16} {}", e.name, e.mechanism.tag(), title)?;
            }
        }
        Command::Exercise { name: Some(name) } => {
            let e = shipped::find(&name).ok_or_else(|| {
                Failure::Invalid(format!("no exercise is named {name:?}; `cloudecon exercise` lists them"))
            })?;
            let doc = e.document().map_err(|err| Failure::Internal(format!("shipped exercise {name}: {err}")))?;
            outln!("{}", doc.to_json_pretty())?;
        }
        Command::Grade { exercise, answers } => grade(&exercise, &answers)?,
        Command::Game { command } => {
            let text = game::execute(command)?;
            if !text.is_empty() {
                outln!("{text}")?;
            }
        }
        Command::Sweep { base, vary, seeds, windows, coalitions, out, slurm } => {
            study::sweep(&base, &vary, seeds, windows, coalitions, &out, slurm)?
        }
        Command::RunMany { dir, jobs } => study::run_many(&dir, jobs)?,
        Command::RunShard { dir, index, count } => study::run_shard(&dir, index, count)?,
        Command::Missing { dir, chunk, list } => study::missing(&dir, chunk, list)?,
        Command::Merge { dir, output, metric, allow_missing } => study::merge(&dir, &output, &metric, allow_missing)?,
        Command::Rules => {
            for point in cloudecon::rules::all() {
                let r = point.rule;
                let result = match r.result {
                    cloudecon::formula::Type::Number => "a number",
                    cloudecon::formula::Type::Condition => "a condition",
                };
                outln!("{} — {}", point.mechanism.tag(), r.name)?;
                outln!("  at {} ({result}): {}", r.pointer, r.form)?;
                for v in r.variables {
                    outln!("  {:<14} {} [{}]", v.name, v.meaning, v.unit)?;
                }
                outln!("  example: {}", r.example)?;
            }
            outln!(
                "The language: numbers, + - * / ^ (power), ( ), < <= > >= == !=, && || !, if(condition, then, else),"
            )?;
            outln!("min and max (two or more arguments), abs, sqrt, exp, ln, log10, pow, floor, ceil.")?;
        }
        Command::Preset { name: None } => {
            for p in cloudecon::presets::all() {
                outln!("{:<28} {:<8} {}", p.name, p.mechanism.tag(), p.description)?;
            }
        }
        Command::Preset { name: Some(name) } => {
            let preset = cloudecon::presets::find(&name).ok_or_else(|| {
                Failure::Invalid(format!("no preset is named {name:?}; `cloudecon preset` lists them"))
            })?;
            outln!("{}", preset.scenario().to_json_pretty())?;
        }
        Command::Bench { scenario: Some(name), .. } => {
            let workload =
                cloudecon::bench::standard_workloads().into_iter().find(|w| w.name == name).ok_or_else(|| {
                    Failure::Invalid(format!("no workload is named {name:?}; `cloudecon bench` lists them"))
                })?;
            outln!("{}", workload.scenario().to_json())?;
        }
        Command::Bench { filter, min_ms, scenario: None } => {
            let start = Instant::now();
            let mut now = || start.elapsed().as_secs_f64() * 1e3;
            let report = cloudecon::bench::run_benchmarks("native", &filter, min_ms, &mut now);
            let text = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::Internal(format!("could not print the report: {e}")))?;
            outln!("{text}")?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match std::panic::catch_unwind(|| execute(cli)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(Failure::Invalid(msg))) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
        Ok(Err(Failure::Internal(msg))) => {
            eprintln!("internal error: {msg}");
            ExitCode::from(1)
        }
        Ok(Err(Failure::Closed)) => ExitCode::SUCCESS,
        Err(_) => {
            eprintln!("internal error: the runner panicked; please report this scenario");
            ExitCode::from(1)
        }
    }
}
