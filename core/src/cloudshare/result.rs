//! The result of a `cloudshare` run (spec "Result fields", and a few more): serde types only.

use serde::{Deserialize, Serialize};

/// An organization and its cores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgRecord {
    pub name: String,
    pub cores: u64,
}

/// `v(C)`: the total wait of coalition `members` on its own machines — a row of the Shapley
/// calculator's coalition table.
pub use crate::shapley::CoalitionValue;

/// Where and when a piece ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleEntry {
    /// Index of the job in the document (or in the log window).
    pub job: u32,
    pub piece: u32,
    pub org: String,
    pub processor_org: String,
    pub processor: u32,
    pub start: u64,
    pub end: u64,
}

/// One algorithm on the grand coalition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlgorithmResult {
    pub algorithm: String,
    /// Per organization: Σ (start − release) over its pieces.
    pub wait: Vec<f64>,
    /// Σ_o |wait(o) − φ_o|.
    pub unfairness: f64,
    /// Busy processor-time / (processors × makespan).
    pub utilization: f64,
    pub makespan: u64,
    /// Omitted above 10,000 pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Vec<ScheduleEntry>>,
    /// Without unit splitting each algorithm has its own coalition values and Shapley reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shapley: Option<Vec<f64>>,
}

/// An algorithm's Table 1 score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    pub algorithm: String,
    /// Points: one per other algorithm it is strictly fairer than, in each run.
    pub score: u32,
}

/// One scored window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRecord {
    pub window_start_hours: f64,
    pub pieces: u64,
    /// Per algorithm, in order (empty for a window without jobs, which scores nothing).
    pub unfairness: Vec<f64>,
}

/// The result of a `cloudshare` run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloudShareResult {
    pub organizations: Vec<OrgRecord>,
    /// φ per organization: its fair total wait.
    pub shapley: Vec<f64>,
    /// `exact` or `sample`.
    pub shapley_method: String,
    /// With sampling: the 95 % confidence half-width of each φ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shapley_half_widths: Option<Vec<f64>>,
    /// In increasing bitmask order (organization i is bit i); with sampling, those simulated.
    pub coalition_values: Vec<CoalitionValue>,
    pub algorithms: Vec<AlgorithmResult>,
    /// Pieces scheduled (after splitting).
    pub pieces: u64,
    /// `split_unit`: every algorithm has the same coalition values, hence one reference.
    pub common_reference: bool,
    /// Simulations run.
    pub simulations: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<Score>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<Vec<RunRecord>>,
}
