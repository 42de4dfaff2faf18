//! The five algorithms of the paper by name, each a [`Priority`](super::priority::Priority) rule run by the one scheduler.

use serde::{Deserialize, Serialize};

use super::model::{Federation, Workload};
use super::priority::{DirectContr, FairShare, RoundRobin};
use super::schedule::{simulate, Outcome};
use super::utility::Psi;

/// An algorithm of the comparison (the document's `algorithms`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// DirectContr with the strategy-resilient utility ψ_sp.
    OrigDirect,
    /// DirectContr with the release-adjusted utility ψ_rel (a reconstruction).
    RelDirect,
    /// DirectContr with the surface ψ = c·q.
    SimplDirect,
    /// Shares proportional to cores; the smallest usage / share first.
    FairShare,
    /// The least recently chosen organization first.
    RoundRobin,
}

impl Algorithm {
    pub const ALL: [Algorithm; 5] = [
        Algorithm::OrigDirect,
        Algorithm::RelDirect,
        Algorithm::SimplDirect,
        Algorithm::FairShare,
        Algorithm::RoundRobin,
    ];

    /// The document's name.
    pub fn tag(self) -> &'static str {
        match self {
            Algorithm::OrigDirect => "orig_direct",
            Algorithm::RelDirect => "rel_direct",
            Algorithm::SimplDirect => "simpl_direct",
            Algorithm::FairShare => "fair_share",
            Algorithm::RoundRobin => "round_robin",
        }
    }

    /// The paper's name.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::OrigDirect => "ORIG_DIRECT",
            Algorithm::RelDirect => "REL_DIRECT",
            Algorithm::SimplDirect => "SIMPL_DIRECT",
            Algorithm::FairShare => "FAIRSHARE",
            Algorithm::RoundRobin => "ROUND_ROBIN",
        }
    }

    /// Simulates the coalition `members` (bitmask) under this algorithm.
    pub fn simulate(
        self,
        w: &Workload,
        members: u64,
        federation: Option<&Federation>,
        horizon: u64,
        placements: bool,
    ) -> Outcome {
        let direct = |psi| simulate(w, members, DirectContr { psi }, federation, horizon, placements);
        match self {
            Algorithm::OrigDirect => direct(Psi::Sp),
            Algorithm::RelDirect => direct(Psi::Rel),
            Algorithm::SimplDirect => direct(Psi::Surface),
            Algorithm::FairShare => simulate(w, members, FairShare, federation, horizon, placements),
            Algorithm::RoundRobin => {
                simulate(w, members, RoundRobin::new(w.orgs.len()), federation, horizon, placements)
            }
        }
    }
}
