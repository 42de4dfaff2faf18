//! The document's `policies`: a list of policies, or one of the paper's sets — `paper_synthetic`
//! (408) and `paper_real` (504), in the paper's order — and their validation; each becomes a
//! [`Policy`] of the model.
//!
//! The paper's order: for each family (rate-centric with σ ∈ {0, .2, .4, .6, .8, 1}, then
//! deadline-centric with M ∈ {0, …, 5}), first the fixed-bid policies by (σ or M, b), then the
//! variable-bid policies by (σ or M, γ, ε) with γ ∈ {0, .2, .4, .6, .8}, ε ∈ {0, .02, …, .1}.

use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::model::{AnyBid, AnyFamily, DeadlineCentric, FixedBid, Policy, RateCentric, VariableBid};
use crate::error::{non_negative, Problems};

/// Most policies a document may list or name.
pub const MAX_POLICIES: usize = 10_000;

/// The grids, as the decimals the paper writes (0.3, not 0.1 + 0.2).
const SIGMAS: [f64; 6] = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
const GAMMAS: [f64; 5] = [0.0, 0.2, 0.4, 0.6, 0.8];
const EPSILONS: [f64; 6] = [0.0, 0.02, 0.04, 0.06, 0.08, 0.1];
const BIDS_SYNTHETIC: [f64; 4] = [0.1, 0.15, 0.2, 0.25];
const BIDS_REAL: [f64; 12] = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];

/// A policy family with its parameter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FamilySpec {
    RateCentric { sigma: f64 },
    DeadlineCentric { m_threshold: u32 },
}

/// A bid method with its parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BidSpec {
    Fixed { b: f64 },
    Variable { gamma: f64, epsilon: f64 },
}

/// One policy of a document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PolicySpec {
    pub family: FamilySpec,
    pub bid: BidSpec,
}

/// The paper's policy sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperSet {
    /// 408 policies, bids {.1, .15, .2, .25} (Section 4.1).
    Synthetic,
    /// 504 policies, bids {.15, .2, …, .7} (Section 4.2).
    Real,
}

/// The document's `policies`.
#[derive(Debug, Clone, PartialEq)]
pub enum PoliciesSpec {
    Paper(PaperSet),
    List(Vec<PolicySpec>),
}

impl PaperSet {
    pub fn tag(self) -> &'static str {
        match self {
            PaperSet::Synthetic => "paper_synthetic",
            PaperSet::Real => "paper_real",
        }
    }

    /// The set's fixed bids.
    pub fn bids(self) -> &'static [f64] {
        match self {
            PaperSet::Synthetic => &BIDS_SYNTHETIC,
            PaperSet::Real => &BIDS_REAL,
        }
    }

    /// One family of the set: the fixed-bid policies, then the variable-bid ones.
    pub fn family(self, rate_centric: bool) -> Vec<PolicySpec> {
        paper_family(rate_centric, self.bids())
    }

    /// The whole set: rate-centric, then deadline-centric.
    pub fn policies(self) -> Vec<PolicySpec> {
        paper_policies(self.bids())
    }
}

/// One family in the paper's order with the given fixed bids: the fixed-bid policies by (σ or M,
/// b), then the variable-bid ones by (σ or M, γ, ε) — 6·(bids + 30) policies.
pub fn paper_family(rate_centric: bool, bids: &[f64]) -> Vec<PolicySpec> {
    let family = |k: usize| {
        if rate_centric {
            FamilySpec::RateCentric { sigma: SIGMAS[k] }
        } else {
            FamilySpec::DeadlineCentric { m_threshold: k as u32 }
        }
    };
    let mut out = Vec::new();
    for k in 0..6 {
        out.extend(bids.iter().map(|&b| PolicySpec { family: family(k), bid: BidSpec::Fixed { b } }));
    }
    for k in 0..6 {
        for &gamma in &GAMMAS {
            out.extend(
                EPSILONS
                    .iter()
                    .map(|&epsilon| PolicySpec { family: family(k), bid: BidSpec::Variable { gamma, epsilon } }),
            );
        }
    }
    out
}

/// Both families in the paper's order (rate-centric, then deadline-centric) with the given fixed
/// bids: 12·(bids + 30) policies.
pub fn paper_policies(bids: &[f64]) -> Vec<PolicySpec> {
    let mut out = paper_family(true, bids);
    out.extend(paper_family(false, bids));
    out
}

/// `count` fixed bids that span a recorded price series: the `k/count` quantiles of its prices,
/// `k = 1 … count` — bid `k` is the smallest price with at least `k/count` of the prices at or
/// below it, so the last is the series' maximum (never interrupted) and the first sits just
/// above its cheapest slots, as the paper's grid .15 … .7 spans its series' .12 … .68. Repeated
/// quantiles (a series with few distinct prices) are kept once; no prices, no bids. O(L log L).
pub fn quantile_bids(prices: &[f64], count: usize) -> Vec<f64> {
    let mut sorted: Vec<f64> = prices.iter().copied().filter(|x| x.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    if n == 0 {
        return Vec::new();
    }
    let at = |k: usize| ((k as u128 * n as u128).div_ceil(count as u128) as usize).clamp(1, n) - 1;
    let mut bids: Vec<f64> = (1..=count).map(|k| sorted[at(k)]).collect();
    bids.dedup();
    bids
}

impl PoliciesSpec {
    /// The policies, in order.
    pub fn list(&self) -> Vec<PolicySpec> {
        match self {
            PoliciesSpec::Paper(set) => set.policies(),
            PoliciesSpec::List(l) => l.clone(),
        }
    }

    pub fn validate(&self, problems: &mut Problems) {
        let PoliciesSpec::List(list) = self else { return };
        if list.is_empty() {
            problems.push("policies", "at least one policy is needed");
        }
        if list.len() > MAX_POLICIES {
            problems.push("policies", format!("at most {MAX_POLICIES} policies, got {}", list.len()));
            return;
        }
        for (i, p) in list.iter().enumerate() {
            let path = format!("policies[{i}]");
            if let FamilySpec::RateCentric { sigma } = p.family {
                if !(0.0..=1.0).contains(&sigma) {
                    problems.push(format!("{path}.sigma"), format!("the on-demand rate σ is in [0, 1], got {sigma}"));
                }
            }
            match p.bid {
                BidSpec::Fixed { b } => {
                    non_negative(problems, &format!("{path}.bid.b"), b);
                }
                BidSpec::Variable { gamma, epsilon } => {
                    if !(0.0..1.0).contains(&gamma) {
                        problems.push(format!("{path}.bid.gamma"), format!("the weight γ is in [0, 1), got {gamma}"));
                    }
                    non_negative(problems, &format!("{path}.bid.epsilon"), epsilon);
                }
            }
        }
    }
}

/// The model's policies and the distinct γ of their variable bids (in first-use order).
pub fn to_model(list: &[PolicySpec]) -> (Vec<Policy>, Vec<f64>) {
    let mut gammas: Vec<f64> = Vec::new();
    let policies = list
        .iter()
        .map(|p| {
            let family = match p.family {
                FamilySpec::RateCentric { sigma } => AnyFamily::Rate(RateCentric { sigma }),
                FamilySpec::DeadlineCentric { m_threshold } => AnyFamily::Deadline(DeadlineCentric { m_threshold }),
            };
            let bid = match p.bid {
                BidSpec::Fixed { b } => AnyBid::Fixed(FixedBid { b }),
                BidSpec::Variable { gamma, epsilon } => {
                    let gamma_index = match gammas.iter().position(|&g| g == gamma) {
                        Some(k) => k,
                        None => {
                            gammas.push(gamma);
                            gammas.len() - 1
                        }
                    };
                    AnyBid::Variable(VariableBid { gamma, epsilon, gamma_index })
                }
            };
            Policy { family, bid }
        })
        .collect();
    (policies, gammas)
}

// ---------------------------------------------------------------------------------------------
// Serde: plain structs (errors inside keep their JSON paths), and "a list or a set's name".

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum FamilyKind {
    RateCentric,
    DeadlineCentric,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum BidKind {
    Fixed,
    Variable,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BidFields {
    kind: BidKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    b: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gamma: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    epsilon: Option<f64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFields {
    family: FamilyKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sigma: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    m_threshold: Option<u32>,
    bid: BidSpec,
}

impl Serialize for BidSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let f = match *self {
            BidSpec::Fixed { b } => BidFields { kind: BidKind::Fixed, b: Some(b), gamma: None, epsilon: None },
            BidSpec::Variable { gamma, epsilon } => {
                BidFields { kind: BidKind::Variable, b: None, gamma: Some(gamma), epsilon: Some(epsilon) }
            }
        };
        f.serialize(s)
    }
}

impl<'de> Deserialize<'de> for BidSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = BidFields::deserialize(d)?;
        match f.kind {
            BidKind::Fixed => match (f.b, f.gamma, f.epsilon) {
                (Some(b), None, None) => Ok(BidSpec::Fixed { b }),
                (None, _, _) => Err(de::Error::custom("a fixed bid needs `b`")),
                _ => Err(de::Error::custom("a fixed bid has only `b` (`gamma` and `epsilon` are for variable bids)")),
            },
            BidKind::Variable => match (f.b, f.gamma) {
                (None, Some(gamma)) => Ok(BidSpec::Variable { gamma, epsilon: f.epsilon.unwrap_or(0.0) }),
                (Some(_), _) => Err(de::Error::custom("a variable bid has `gamma` and `epsilon`, not `b`")),
                (None, None) => Err(de::Error::custom("a variable bid needs `gamma` (and `epsilon`, default 0)")),
            },
        }
    }
}

impl Serialize for PolicySpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (family, sigma, m_threshold) = match self.family {
            FamilySpec::RateCentric { sigma } => (FamilyKind::RateCentric, Some(sigma), None),
            FamilySpec::DeadlineCentric { m_threshold } => (FamilyKind::DeadlineCentric, None, Some(m_threshold)),
        };
        PolicyFields { family, sigma, m_threshold, bid: self.bid }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for PolicySpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = PolicyFields::deserialize(d)?;
        let family = match (f.family, f.sigma, f.m_threshold) {
            (FamilyKind::RateCentric, Some(sigma), None) => FamilySpec::RateCentric { sigma },
            (FamilyKind::DeadlineCentric, None, Some(m_threshold)) => FamilySpec::DeadlineCentric { m_threshold },
            (FamilyKind::RateCentric, _, _) => {
                return Err(de::Error::custom("a rate-centric policy has `sigma` (and no `m_threshold`)"))
            }
            (FamilyKind::DeadlineCentric, _, _) => {
                return Err(de::Error::custom("a deadline-centric policy has `m_threshold` (and no `sigma`)"))
            }
        };
        Ok(PolicySpec { family, bid: f.bid })
    }
}

impl Serialize for PoliciesSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PoliciesSpec::Paper(set) => s.serialize_str(set.tag()),
            PoliciesSpec::List(l) => l.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for PoliciesSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PoliciesSpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of policies, or \"paper_synthetic\" or \"paper_real\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PoliciesSpec, E> {
                match v {
                    "paper_synthetic" => Ok(PoliciesSpec::Paper(PaperSet::Synthetic)),
                    "paper_real" => Ok(PoliciesSpec::Paper(PaperSet::Real)),
                    _ => Err(E::custom(format!(
                        "unknown policy set \"{v}\": the paper's sets are \"paper_synthetic\" and \"paper_real\""
                    ))),
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<PoliciesSpec, A::Error> {
                Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(PoliciesSpec::List)
            }
        }
        d.deserialize_any(V)
    }
}
