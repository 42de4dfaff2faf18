//! `cloudecon` — run CloudEcon Playground scenarios from the command line.
//!
//! Exit status: 0 success, 2 invalid input (one line per problem on stderr, each naming the JSON
//! path), 1 internal error. It never panics on any input.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use cloudecon::scenario::{Scenario, MAX_DOCUMENT_BYTES};

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
            let written =
                if pretty { serde_json::to_writer_pretty(&mut w, &out) } else { serde_json::to_writer(&mut w, &out) };
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
