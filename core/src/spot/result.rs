//! The result of a `spot` run (spec "Result fields", and a few more for the charts): serde types
//! only.

use serde::{Deserialize, Serialize};

use super::grid::Named;
use super::policies::BidSpec;

/// A policy as the result lists it: its parameters, a short label and what it does in words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyRecord {
    pub label: String,
    pub meaning: String,
    /// `rate_centric`, `deadline_centric` or `formula`.
    pub family: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sigma: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub m_threshold: Option<u32>,
    /// The paper's policies' bid method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<BidSpec>,
    /// A formula family's expert: its parameters' values, in the document's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Named<f64>>,
}

/// The weights after a number of jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub jobs: u64,
    pub weights: Vec<f64>,
}

/// One policy's weight over the run (at `Series::jobs`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightPath {
    pub policy: u32,
    pub weights: Vec<f64>,
}

/// Quantities over the run, at about 200 job counts (and the last).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// Jobs processed.
    pub jobs: Vec<u64>,
    /// The learner's average regret so far: (best policy's total so far − expected payoff so far) / jobs.
    pub average_regret: Vec<f64>,
    /// The average over policies of their average regret so far.
    pub average_policy_regret: Vec<f64>,
    /// The weights of the policies with the largest final weights (Fig. 7), largest first.
    pub top_weights: Vec<WeightPath>,
}

/// The price series of the run, summarised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceSummary {
    pub slots: u64,
    pub mean: f64,
    pub min: f64,
    pub max: f64,
}

/// The result of a `spot` run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotResult {
    pub policies: Vec<PolicyRecord>,
    /// Total payoff of each policy over all jobs.
    pub policy_payoffs: Vec<f64>,
    /// `w_{J+1}`: depends on the payoffs only, not on the draws.
    pub final_weights: Vec<f64>,
    /// `Σ_j Σ_π w_{j,π} · f_j(π)`.
    pub expected_payoff: f64,
    /// Total payoff of the drawn policies (depends on the seed).
    pub realized_payoff: f64,
    /// Index of the largest total payoff (ties: the lowest index).
    pub best_policy: u32,
    /// Best total − expected payoff.
    pub regret: f64,
    /// regret / J.
    pub average_regret: f64,
    /// Theorem 1's bound on the average regret, `9·sqrt(2·d·ln(n/δ)/J)`, δ = 0.05 (it assumes
    /// payoffs in [0, 1]).
    pub regret_bound: f64,
    /// The delay `d` used.
    pub delay: u64,
    pub weight_snapshots: Vec<Snapshot>,
    /// Jobs processed `J`.
    pub jobs: u64,
    /// Mean over policies of (best total − the policy's total) / J.
    pub average_policy_regret: f64,
    /// Jobs each policy completes by their deadline.
    pub completed: Vec<u64>,
    /// How often the learner drew each policy.
    pub drawn: Vec<u64>,
    pub series: Series,
    pub prices: PriceSummary,
}
