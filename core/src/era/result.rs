//! The result of an `era` run (spec "Result fields", and a few more): serde types only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A part of a decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartRecord {
    /// Planned start (null if rejected).
    pub start: Option<u32>,
    /// Slot at whose end it finished (null if rejected or never finished).
    pub finish: Option<u32>,
    /// Finished after its deadline, or never.
    pub late: bool,
}

/// One bid's decision, in document order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionRecord {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    pub submit: u32,
    pub value: f64,
    pub accepted: bool,
    /// The first part's start, or null.
    pub start: Option<u32>,
    /// The price charged, or null.
    pub price: Option<f64>,
    /// The algorithm's quote (also for a bid rejected because its value was below it).
    pub quote: Option<f64>,
    /// Why it was rejected, or null.
    pub reason: Option<String>,
    pub parts: Vec<PartRecord>,
}

/// The spec's metrics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Metrics {
    pub requested_value: f64,
    pub accepted_value: f64,
    pub completed_on_time_value: f64,
    /// completed_on_time_value / requested_value (0 if nothing was requested).
    pub efficiency: f64,
    pub revenue: f64,
    /// Σ_t min(used, capacity) / Σ_t capacity over the horizon, first resource.
    pub utilization: f64,
    pub utilization_by_resource: BTreeMap<String, f64>,
    pub accepted: u32,
    pub rejected: u32,
    pub late_jobs: u32,
    /// late_jobs / accepted (0 if none accepted).
    pub late_fraction: f64,
}

/// Per slot, for one resource.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSeries {
    pub resource: String,
    pub capacity: Vec<f64>,
    /// Promised at the end of the run (finished parts released their later slots).
    pub promised: Vec<f64>,
    pub used: Vec<f64>,
    /// The first unit's price `price_t(1)` at the end of the run (null where no unit fits).
    pub price: Vec<Option<f64>>,
}

/// The result of an `era` run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EraResult {
    pub algorithm: String,
    pub predictor: String,
    pub slot_minutes: f64,
    pub decisions: Vec<DecisionRecord>,
    pub metrics: Metrics,
    pub series: Vec<ResourceSeries>,
}
