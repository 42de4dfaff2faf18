//! The paper's policies written as formula families (issue 22's "show as formula", and the proof
//! that a formula family runs on the same machine: these give the built-ins' payoffs to the bit).
//!
//! Rate-centric with on-demand share `sigma` (Algorithm 1):
//!
//! ```text
//! on_demand  if((sigma + m - 1)*a < r, a, sigma*a)
//! spot       if((sigma + m - 1)*a < r, 0, (1 - sigma)*a)
//! drop       h == 0 && (c*d < z || p*sigma*z > v) || (sigma + m - 1)*a < r && p*r + q >= v
//! ```
//!
//! Deadline-centric with threshold `M`:
//!
//! ```text
//! on_demand  if(m > M, 0, a)
//! spot       if(m > M, a, 0)
//! drop       h == 0 && c*d < z || r > m*c || q >= v || m <= M && p*r + q >= v
//! ```
//!
//! The bid: `b` (fixed), or `avg + eps` with the grid's `gamma` (variable: `avg` is `p` before
//! the first slot, as the variable bid is `p + ε` there).

use super::formula::FormulaFamilySpec;
use super::grid::Named;
use super::policies::{BidSpec, FamilySpec, PaperSet, PolicyEntry, PolicySpec, EPSILONS, GAMMAS, SIGMAS};

/// Rate-centric's formulas: on-demand, spot, drop.
pub const RATE_CENTRIC: [&str; 3] = [
    "if((sigma + m - 1)*a < r, a, sigma*a)",
    "if((sigma + m - 1)*a < r, 0, (1 - sigma)*a)",
    "h == 0 && (c*d < z || p*sigma*z > v) || (sigma + m - 1)*a < r && p*r + q >= v",
];

/// Deadline-centric's formulas: on-demand, spot, drop.
pub const DEADLINE_CENTRIC: [&str; 3] =
    ["if(m > M, 0, a)", "if(m > M, a, 0)", "h == 0 && c*d < z || r > m*c || q >= v || m <= M && p*r + q >= v"];

/// The fixed bid's formula and the variable bid's.
pub const FIXED_BID: &str = "b";
pub const VARIABLE_BID: &str = "avg + eps";

fn family(rate_centric: bool, name: &str, bid: &str, params: Vec<(&str, Vec<f64>)>) -> FormulaFamilySpec {
    let [on_demand, spot, drop] = if rate_centric { RATE_CENTRIC } else { DEADLINE_CENTRIC };
    FormulaFamilySpec {
        name: Some(name.to_string()),
        on_demand: on_demand.to_string(),
        spot: spot.to_string(),
        bid: bid.to_string(),
        drop: drop.to_string(),
        gamma: None,
        params: Named(params.into_iter().map(|(n, v)| (n.to_string(), v)).collect()),
    }
}

/// One of the paper's families as two formula families (fixed bids over `(σ or M, b)`, then
/// variable bids over `(σ or M, γ, ε)`), whose experts are [`super::policies::paper_family`]'s
/// policies in the same order.
pub fn paper_family_as_formulas(rate_centric: bool, bids: &[f64]) -> [FormulaFamilySpec; 2] {
    let (name, first, values) =
        if rate_centric { ("RC", "sigma", SIGMAS.to_vec()) } else { ("DC", "M", (0..6).map(f64::from).collect()) };
    [
        family(rate_centric, name, FIXED_BID, vec![(first, values.clone()), ("b", bids.to_vec())]),
        family(
            rate_centric,
            name,
            VARIABLE_BID,
            vec![(first, values), ("gamma", GAMMAS.to_vec()), ("eps", EPSILONS.to_vec())],
        ),
    ]
}

/// Both of the paper's families with these fixed bids as four formula families (the paper's
/// order: 12·(bids + 30) experts).
pub fn paper_policies_as_formulas(bids: &[f64]) -> Vec<PolicyEntry> {
    let mut out: Vec<PolicyEntry> = Vec::new();
    for rate_centric in [true, false] {
        out.extend(paper_family_as_formulas(rate_centric, bids).into_iter().map(PolicyEntry::Formula));
    }
    out
}

/// A paper set as formula families.
pub fn paper_set_as_formulas(set: PaperSet) -> Vec<PolicyEntry> {
    paper_policies_as_formulas(set.bids())
}

/// One of the paper's policies as a formula family of one expert.
pub fn policy_as_formula(p: &PolicySpec) -> FormulaFamilySpec {
    let (rate_centric, name, first) = match p.family {
        FamilySpec::RateCentric { sigma } => (true, "RC", ("sigma", sigma)),
        FamilySpec::DeadlineCentric { m_threshold } => (false, "DC", ("M", f64::from(m_threshold))),
    };
    let (bid, params) = match p.bid {
        BidSpec::Fixed { b } => (FIXED_BID, vec![(first.0, vec![first.1]), ("b", vec![b])]),
        BidSpec::Variable { gamma, epsilon } => {
            (VARIABLE_BID, vec![(first.0, vec![first.1]), ("gamma", vec![gamma]), ("eps", vec![epsilon])])
        }
    };
    family(rate_centric, name, bid, params)
}
