//! The runner's game commands (`cloudecon game …`): the contract the live class games' tests use,
//! the teacher's page computing the same from the same core.
//!
//! * `game new SETTINGS.json` — a session (round 1) with its join link's fragment.
//! * `game code SESSION.json --seat N (--decision D.json | --truthful)` — the code a phone shows.
//! * `game check SESSION.json CODES.txt` — `ok SEAT` or `refused REASON` per code found.
//! * `game close SESSION.json CODES.txt [--csv]` — the round's results (or the page's CSV).

use clap::Subcommand;
use cloudecon::game::{Session, Verdict};
use cloudecon::ScenarioError;
use serde_json::Value;

use super::{read_text, Failure};

#[derive(Subcommand)]
pub enum GameCommand {
    /// Start a session from the teacher's settings (`{"game": "abacus", "seats": 12, "seed": 7}`,
    /// every other field optional); prints the session JSON with `join`, the join link's fragment.
    New {
        /// The settings (a file, or `-` for standard input).
        settings: String,
    },
    /// Print the decision code a seat's phone shows in the session's round.
    Code {
        /// The session (from `game new`).
        session: String,
        /// The seat (1 to the session's seats).
        #[arg(long)]
        seat: u32,
        /// The decision (a JSON file, or `-`), e.g. `{"budget": 120, "weights": [3, 2]}`.
        #[arg(long, conflicts_with = "truthful", required_unless_present = "truthful")]
        decision: Option<String>,
        /// The decision that reports the seat's true type.
        #[arg(long)]
        truthful: bool,
    },
    /// Read every code in a text (a paste, a chat log, a form export): one line per code, in
    /// order, `ok SEAT` or `refused REASON`.
    Check { session: String, codes: String },
    /// Close the session's round on the codes in a text (the newest code of a seat wins); prints
    /// the results JSON (`seats`, `summary`, `document`, `run`, `results`).
    Close {
        session: String,
        codes: String,
        /// Print the CSV the teacher's page downloads instead.
        #[arg(long)]
        csv: bool,
    },
}

fn invalid(file: &str, e: ScenarioError) -> Failure {
    Failure::Invalid(e.problems.iter().map(|p| format!("{file}: {p}")).collect::<Vec<_>>().join("\n"))
}

fn json_of(file: &str) -> Result<Value, Failure> {
    let text = read_text(file)?;
    serde_json::from_str(&text).map_err(|e| Failure::Invalid(format!("{file}: not JSON: {e}")))
}

/// The session of a file, holding the data files compiled into the runner (a game may replay one).
fn session_of(file: &str) -> Result<Session, Failure> {
    let session = Session::from_value(&json_of(file)?).map_err(|e| invalid(file, e))?;
    Ok(session.with_data(cloudecon::data::Data::embedded()))
}

fn pretty(value: &Value) -> Result<String, Failure> {
    serde_json::to_string_pretty(value).map_err(|e| Failure::Internal(format!("could not print: {e}")))
}

/// What the command prints.
pub fn execute(command: GameCommand) -> Result<String, Failure> {
    match command {
        GameCommand::New { settings } => {
            let session = Session::new(&json_of(&settings)?).map_err(|e| invalid(&settings, e))?;
            pretty(&session.to_value())
        }
        GameCommand::Code { session, seat, decision, truthful: _ } => {
            let s = session_of(&session)?;
            let decision = decision.as_deref().map(|f| json_of(f).map(|v| (f.to_string(), v))).transpose()?;
            let code = s.code(seat, decision.as_ref().map(|(_, v)| v)).map_err(|e| {
                let flag = match &decision {
                    _ if e.problems.iter().any(|p| p.path == "seat") => "--seat".to_string(),
                    Some((file, _)) => file.clone(),
                    None => "--truthful".to_string(),
                };
                invalid(&flag, e)
            })?;
            Ok(code.to_string())
        }
        GameCommand::Check { session, codes } => {
            let s = session_of(&session)?;
            let collected = s.collect(&read_text(&codes)?).map_err(|e| invalid(&codes, e))?;
            let lines: Vec<String> = collected
                .entries
                .iter()
                .map(|e| match &e.verdict {
                    Verdict::Ok { seat, .. } => format!("ok {seat}"),
                    Verdict::Refused(why) => format!("refused {why}"),
                })
                .collect();
            Ok(lines.join("\n"))
        }
        GameCommand::Close { session, codes, csv } => {
            let s = session_of(&session)?;
            let collected = s.collect(&read_text(&codes)?).map_err(|e| invalid(&codes, e))?;
            let round = s.close(&collected).map_err(|e| invalid(&codes, e))?;
            if csv {
                Ok(round.csv.trim_end().to_string())
            } else {
                pretty(&round.report)
            }
        }
    }
}
