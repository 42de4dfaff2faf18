//! Feeding utility estimation from the scheduler, as the paper does (Sections V and VI-E): a user
//! who does not know its utility bids a default one (equal weights); each of its finished jobs
//! gives an observation — the job's average resource `s̄` and a measured utility — and the
//! weights are fitted to those. The measured utility is one of [`Measure`]: the paper's Hadoop
//! measure `1 / response time`, or the user's hidden utility at `s̄` (what the estimation model
//! assumes a measurement is, so the fit recovers the hidden weights exactly).

use serde::{Deserialize, Serialize};

use super::estimate::Observation;
use super::schedule::PolicyResult;
use super::utility::Utility;
use crate::error::ScenarioError;

/// What is measured as a finished job's utility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// `1 / response time`, as the paper measures MapReduce jobs on Hadoop (Section V). How well
    /// it follows a linear model of `s̄` depends on the workload.
    InverseResponseTime,
    /// The user's true (hidden) utility at the job's average resource `u(s̄)`: for a linear or log
    /// utility a measurement that follows the model exactly, so the fit gives back the hidden
    /// weights (a power utility is fitted as linear, approximately).
    HiddenUtility,
}

/// The observations of `user`'s finished jobs under a policy that records average shares, each
/// measured by `measure` (`hidden` is the user's true utility).
pub fn observations(result: &PolicyResult, user: usize, measure: Measure, hidden: &Utility) -> Vec<Observation> {
    result
        .jobs
        .iter()
        .filter(|j| j.user as usize == user && j.response_time > 0.0)
        .filter_map(|j| {
            let shares = j.average_shares.clone()?;
            let utility = match measure {
                Measure::InverseResponseTime => 1.0 / j.response_time,
                Measure::HiddenUtility => hidden.value(&shares),
            };
            utility.is_finite().then_some(Observation { shares, utility })
        })
        .collect()
}

/// Reads observations from CSV text: a header row, then one row per job with its `m` average
/// shares followed by its measured utility (the last column). Problems name the line and column.
pub fn observations_from_csv(text: &str) -> Result<Vec<Observation>, ScenarioError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let columns = reader
        .headers()
        .map_err(|e| {
            let (id, args) = crate::error::csv_line_error(&e, 1);
            ScenarioError::keyed("csv", id, args)
        })?
        .len();
    if columns < 2 {
        return Err(ScenarioError::keyed("csv", "err-needs-at-least-two-columns-one-share", vec![]));
    }
    let mut problems = crate::error::Problems::new();
    let mut observations = Vec::new();
    for (row, record) in reader.records().enumerate() {
        // The line the record starts on, as the reader counts them (blank lines and line breaks
        // inside quotes included); the row after the header if it cannot say.
        let line_of = |at: Option<&csv::Position>| at.map_or(row + 2, |p| p.line() as usize);
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let (id, args) = crate::error::csv_line_error(&e, line_of(e.position()));
                problems.push_keyed("csv", id, args);
                continue;
            }
        };
        let line = line_of(record.position());
        let mut values = Vec::with_capacity(columns);
        for (col, field) in record.iter().enumerate() {
            match field.parse::<f64>() {
                Ok(x) if x.is_finite() => values.push(x),
                _ => problems.push_keyed(
                    "csv",
                    "err-csv-line-column-not-finite-number",
                    vec![
                        ("line", line.to_string()),
                        ("column", (col + 1).to_string()),
                        ("field", format!("{field:?}")),
                    ],
                ),
            }
        }
        if values.len() == columns {
            let utility = values.pop().unwrap_or_default();
            observations.push(Observation { shares: values, utility });
        }
    }
    problems.into_result()?;
    if observations.is_empty() {
        return Err(ScenarioError::keyed("csv", "err-has-header-but-no-observations", vec![]));
    }
    Ok(observations)
}

/// Observations as CSV (the format [`observations_from_csv`] reads).
pub fn observations_to_csv(observations: &[Observation]) -> String {
    let m = observations.first().map_or(0, |o| o.shares.len());
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = (1..=m).map(|j| format!("share_{j}")).collect();
    header.push("utility".into());
    let mut ok = w.write_record(&header).is_ok();
    for o in observations {
        let row: Vec<String> = o.shares.iter().chain(std::iter::once(&o.utility)).map(f64::to_string).collect();
        ok &= w.write_record(&row).is_ok();
    }
    debug_assert!(ok, "writing CSV to memory cannot fail");
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}
