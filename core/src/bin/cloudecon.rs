//! `cloudecon` — run CloudEcon Playground scenarios from the command line.
//!
//! Exit status: 0 success, 2 invalid input (one line per problem on stderr, each naming the JSON
//! path), 1 internal error. It never panics on any input.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use cloudecon::abacus::incentive::SweepResult;
use cloudecon::abacus::schedule::ScheduleResult;
use cloudecon::abacus::AbacusResult;
use cloudecon::scenario::{Scenario, MAX_DOCUMENT_BYTES, SCHEMA_VERSION};
use cloudecon::{Matrix, RunOutput};
use serde::Serialize;
use serde_json::value::{to_raw_value, RawValue};

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
Example:\n  echo '{\"version\":1,\"mechanism\":\"shapley\",\"players\":[\"A\",\"B\"],\n        \"game\":{\"kind\":\"glove\",\"left\":[\"A\"]}}' | cloudecon run -\n\n\
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
}

/// Matrices with at least this many entries are formatted on a thread of their own.
const PARALLEL_ENTRIES: usize = 1 << 14;

/// The result document as compact JSON, byte for byte what `serde_json::to_writer` gives (and so
/// what the browser downloads): an auction's two `n × m` matrices — nearly all of a large result —
/// are formatted at the same time on two threads.
fn write_compact(w: &mut impl Write, out: &RunOutput) -> serde_json::Result<()> {
    let RunOutput::Abacus(r) = out else { return serde_json::to_writer(w, out) };
    if r.shares.as_flat().len() < PARALLEL_ENTRIES {
        return serde_json::to_writer(w, out);
    }
    // Every field, named, so that a new result field cannot be left out without a compile error.
    let AbacusResult {
        jobs,
        resources,
        shares,
        sub_budgets,
        utilities,
        iterations,
        converged,
        round_changes,
        trace,
        sweep,
        schedule_result,
    } = r;
    let (shares, sub_budgets) = std::thread::scope(|scope| {
        let other = scope.spawn(|| to_raw_value(sub_budgets));
        let shares = to_raw_value(shares);
        (shares, other.join().unwrap_or_else(|_| Err(serde::ser::Error::custom("the formatting thread failed"))))
    });
    let (shares, sub_budgets) = (shares?, sub_budgets?);
    #[derive(Serialize)]
    struct Document<'a> {
        version: u64,
        mechanism: &'static str,
        jobs: &'a [String],
        resources: &'a [String],
        shares: &'a RawValue,
        sub_budgets: &'a RawValue,
        utilities: &'a [f64],
        iterations: u32,
        converged: bool,
        round_changes: &'a [f64],
        #[serde(skip_serializing_if = "Option::is_none")]
        trace: &'a Option<Vec<Matrix>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        sweep: &'a Option<SweepResult>,
        #[serde(skip_serializing_if = "Option::is_none")]
        schedule_result: &'a Option<ScheduleResult>,
    }
    let doc = Document {
        version: SCHEMA_VERSION,
        mechanism: out.kind().tag(),
        jobs,
        resources,
        shares: &shares,
        sub_budgets: &sub_budgets,
        utilities,
        iterations: *iterations,
        converged: *converged,
        round_changes,
        trace,
        sweep,
        schedule_result,
    };
    serde_json::to_writer(w, &doc)
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

fn load(file: &str) -> Result<Scenario, Failure> {
    Scenario::from_json_bytes(&read_input(file)?).map_err(|e| Failure::Invalid(e.to_string()))
}

fn execute(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Run { file, pretty, csv, timings } => {
            let mut clock = Timings::new(timings);
            let bytes = read_input(&file)?;
            clock.lap("read");
            let scenario = Scenario::from_json_bytes(&bytes).map_err(|e| Failure::Invalid(e.to_string()))?;
            drop(bytes);
            clock.lap("parse + validate");
            let out = cloudecon::runner::run_owned(scenario).map_err(|e| Failure::Invalid(e.to_string()))?;
            clock.lap("run");
            if csv {
                print!("{}", out.to_csv());
                return Ok(());
            }
            let stdout = std::io::stdout();
            let mut w = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
            let written = if pretty { serde_json::to_writer_pretty(&mut w, &out) } else { write_compact(&mut w, &out) };
            written.map_err(|e| Failure::Internal(format!("could not print the result: {e}"))).and_then(|()| {
                writeln!(w)
                    .and_then(|()| w.flush())
                    .map_err(|e| Failure::Internal(format!("could not print the result: {e}")))
            })?;
            clock.lap("write");
            // The process ends here: hand the (possibly large) result back to the operating
            // system at exit instead of freeing it piece by piece.
            std::mem::forget(out);
        }
        Command::Validate { file } => {
            load(&file)?;
            println!("ok");
        }
        Command::Preset { name: None } => {
            for p in cloudecon::presets::all() {
                println!("{:<28} {:<8} {}", p.name, p.mechanism.tag(), p.description);
            }
        }
        Command::Preset { name: Some(name) } => {
            let preset = cloudecon::presets::find(&name).ok_or_else(|| {
                Failure::Invalid(format!("no preset is named {name:?}; `cloudecon preset` lists them"))
            })?;
            println!("{}", preset.scenario().to_json_pretty());
        }
        Command::Bench { scenario: Some(name), .. } => {
            let workload =
                cloudecon::bench::standard_workloads().into_iter().find(|w| w.name == name).ok_or_else(|| {
                    Failure::Invalid(format!("no workload is named {name:?}; `cloudecon bench` lists them"))
                })?;
            println!("{}", workload.scenario().to_json());
        }
        Command::Bench { filter, min_ms, scenario: None } => {
            let start = Instant::now();
            let mut now = || start.elapsed().as_secs_f64() * 1e3;
            let report = cloudecon::bench::run_benchmarks("native", &filter, min_ms, &mut now);
            let text = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::Internal(format!("could not print the report: {e}")))?;
            println!("{text}");
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
        Err(_) => {
            eprintln!("internal error: the runner panicked; please report this scenario");
            ExitCode::from(1)
        }
    }
}
