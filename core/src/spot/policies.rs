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

use super::execute::Expert;
use super::formula::{CompiledFamily, FormulaExpert, FormulaFamilySpec, MAX_PARAMS};
use super::grid::{Named, ParamGrid};
use super::model::{AnyBid, AnyFamily, DeadlineCentric, FixedBid, Policy, RateCentric, VariableBid};
use crate::error::{non_negative, Problems, ScenarioError};

/// Most policies a document may list or name.
pub const MAX_POLICIES: usize = 10_000;

/// The grids, as the decimals the paper writes (0.3, not 0.1 + 0.2).
pub const SIGMAS: [f64; 6] = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
pub const GAMMAS: [f64; 5] = [0.0, 0.2, 0.4, 0.6, 0.8];
pub const EPSILONS: [f64; 6] = [0.0, 0.02, 0.04, 0.06, 0.08, 0.1];
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

/// An entry of a `policies` list: one of the paper's policies, one of the paper's sets by name
/// (its policies in place), or a formula family (one expert per combination of its parameters).
#[derive(Debug, Clone, PartialEq)]
pub enum PolicyEntry {
    Paper(PolicySpec),
    Set(PaperSet),
    Formula(FormulaFamilySpec),
}

impl From<PolicySpec> for PolicyEntry {
    fn from(p: PolicySpec) -> Self {
        PolicyEntry::Paper(p)
    }
}

/// The document's `policies`.
#[derive(Debug, Clone, PartialEq)]
pub enum PoliciesSpec {
    Paper(PaperSet),
    List(Vec<PolicyEntry>),
}

/// One expert of the learner, as the document gives it.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpertSpec {
    Paper(PolicySpec),
    /// Combination `values` of the formula family at `policies[entry]`.
    Formula {
        entry: usize,
        label: String,
        params: Named<f64>,
        gamma: f64,
    },
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
    /// A list of the paper's policies.
    pub fn of(list: Vec<PolicySpec>) -> Self {
        PoliciesSpec::List(list.into_iter().map(PolicyEntry::Paper).collect())
    }

    /// The list's entries (a paper set: its policies).
    pub fn entries(&self) -> Vec<PolicyEntry> {
        match self {
            PoliciesSpec::Paper(set) => set.policies().into_iter().map(PolicyEntry::Paper).collect(),
            PoliciesSpec::List(l) => l.clone(),
        }
    }

    /// The paper's policies of the list (sets expanded), without the formula families.
    pub fn list(&self) -> Vec<PolicySpec> {
        let mut out = Vec::new();
        for e in self.entries() {
            match e {
                PolicyEntry::Paper(p) => out.push(p),
                PolicyEntry::Set(set) => out.extend(set.policies()),
                PolicyEntry::Formula(_) => {}
            }
        }
        out
    }

    /// The number of experts (sets expanded, a family's grid counted), saturating.
    pub fn count(&self) -> usize {
        match self {
            PoliciesSpec::Paper(set) => set.policies().len(),
            PoliciesSpec::List(l) => l.iter().fold(0usize, |n, e| {
                n.saturating_add(match e {
                    PolicyEntry::Paper(_) => 1,
                    PolicyEntry::Set(set) => 12 * (set.bids().len() + GAMMAS.len() * EPSILONS.len()),
                    PolicyEntry::Formula(f) => f.experts(),
                })
            }),
        }
    }

    /// The learner's experts, in order (call on a validated document: at most [`MAX_POLICIES`]).
    pub fn experts(&self) -> Vec<ExpertSpec> {
        let mut out = Vec::new();
        let mut values = Vec::new();
        for (entry, e) in self.entries().into_iter().enumerate() {
            match e {
                PolicyEntry::Paper(p) => out.push(ExpertSpec::Paper(p)),
                PolicyEntry::Set(set) => out.extend(set.policies().into_iter().map(ExpertSpec::Paper)),
                PolicyEntry::Formula(f) => {
                    for k in 0..f.experts().min(MAX_POLICIES) {
                        f.params.combination(k, &mut values);
                        out.push(ExpertSpec::Formula {
                            entry,
                            label: f.label(&values),
                            params: Named(f.params.names().map(String::from).zip(values.iter().copied()).collect()),
                            gamma: f.gamma_of(&values),
                        });
                    }
                }
            }
        }
        out
    }

    pub fn validate(&self, problems: &mut Problems) {
        let PoliciesSpec::List(list) = self else { return };
        if list.is_empty() {
            problems.push_keyed("policies", "err-at-least-one-policy-is-needed", vec![]);
        }
        if list.len() > MAX_POLICIES {
            problems.push_keyed(
                "policies",
                "err-at-most-max-policies-got",
                vec![("max", MAX_POLICIES.to_string()), ("got", list.len().to_string())],
            );
            return;
        }
        let n = self.count();
        if n > MAX_POLICIES {
            problems.push_keyed(
                "policies",
                "err-at-most-max-policies-formula-families-count",
                vec![("max", MAX_POLICIES.to_string()), ("got", n.to_string())],
            );
        }
        for (i, e) in list.iter().enumerate() {
            let path = format!("policies[{i}]");
            let p = match e {
                PolicyEntry::Paper(p) => p,
                PolicyEntry::Set(_) => continue,
                PolicyEntry::Formula(f) => {
                    f.validate(&path, problems);
                    continue;
                }
            };
            if let FamilySpec::RateCentric { sigma } = p.family {
                if !(0.0..=1.0).contains(&sigma) {
                    problems.push_keyed(
                        format!("{path}.sigma"),
                        "err-on-demand-rate-is-in-0-1",
                        vec![("got", sigma.to_string())],
                    );
                }
            }
            match p.bid {
                BidSpec::Fixed { b } => {
                    non_negative(problems, &format!("{path}.bid.b"), b);
                }
                BidSpec::Variable { gamma, epsilon } => {
                    if !(0.0..1.0).contains(&gamma) {
                        problems.push_keyed(
                            format!("{path}.bid.gamma"),
                            "err-weight-is-in-0-1-got",
                            vec![("got", gamma.to_string())],
                        );
                    }
                    non_negative(problems, &format!("{path}.bid.epsilon"), epsilon);
                }
            }
        }
    }
}

/// The index of `gamma` among `gammas`, added if new.
fn gamma_index(gammas: &mut Vec<f64>, gamma: f64) -> usize {
    match gammas.iter().position(|&g| g == gamma) {
        Some(k) => k,
        None => {
            gammas.push(gamma);
            gammas.len() - 1
        }
    }
}

/// The model of one of the paper's policies; its variable bid's γ indexed into `gammas`.
fn paper_model(p: &PolicySpec, gammas: &mut Vec<f64>) -> Policy {
    let family = match p.family {
        FamilySpec::RateCentric { sigma } => AnyFamily::Rate(RateCentric { sigma }),
        FamilySpec::DeadlineCentric { m_threshold } => AnyFamily::Deadline(DeadlineCentric { m_threshold }),
    };
    let bid = match p.bid {
        BidSpec::Fixed { b } => AnyBid::Fixed(FixedBid { b }),
        BidSpec::Variable { gamma, epsilon } => {
            AnyBid::Variable(VariableBid { gamma, epsilon, gamma_index: gamma_index(gammas, gamma) })
        }
    };
    Policy { family, bid }
}

/// The model's policies and the distinct γ of their variable bids (in first-use order).
pub fn to_model(list: &[PolicySpec]) -> (Vec<Policy>, Vec<f64>) {
    let mut gammas: Vec<f64> = Vec::new();
    let policies = list.iter().map(|p| paper_model(p, &mut gammas)).collect();
    (policies, gammas)
}

/// What a run needs of the experts: the model of each, the distinct γ whose averages the bids
/// and `avg` read (in first-use order), and the formula families compiled (a formula that does
/// not compile is an error at its field; validation reports it first).
pub struct Model {
    pub experts: Vec<Expert>,
    pub gammas: Vec<f64>,
    pub families: Vec<CompiledFamily>,
}

/// The [`Model`] of the document's experts.
pub fn experts_model(spec: &PoliciesSpec, experts: &[ExpertSpec]) -> Result<Model, ScenarioError> {
    let entries = spec.entries();
    let mut gammas: Vec<f64> = Vec::new();
    let mut families: Vec<CompiledFamily> = Vec::new();
    // The compiled family of each entry, by index into `families`.
    let mut family_of: Vec<Option<u32>> = vec![None; entries.len()];
    let mut out = Vec::with_capacity(experts.len());
    for e in experts {
        match e {
            ExpertSpec::Paper(p) => out.push(Expert::Paper(paper_model(p, &mut gammas))),
            ExpertSpec::Formula { entry, params, gamma, .. } => {
                let family = match family_of.get(*entry).copied().flatten() {
                    Some(k) => k,
                    None => {
                        let Some(PolicyEntry::Formula(f)) = entries.get(*entry) else {
                            return Err(ScenarioError::keyed(
                                format!("policies[{entry}]"),
                                "err-not-formula-family",
                                vec![],
                            ));
                        };
                        let compiled = f.compile(*entry).map_err(|(field, e)| ScenarioError {
                            problems: vec![e.problem(format!("policies[{entry}].{field}"))],
                        })?;
                        families.push(compiled);
                        let k = (families.len() - 1) as u32;
                        family_of[*entry] = Some(k);
                        k
                    }
                };
                let uses_avg = families[family as usize].uses_avg;
                let gamma_index = if uses_avg { gamma_index(&mut gammas, *gamma) as u32 } else { 0 };
                let mut values = [0.0; MAX_PARAMS];
                for (slot, (_, x)) in values.iter_mut().zip(&params.0) {
                    *slot = *x;
                }
                out.push(Expert::Formula(FormulaExpert { family, gamma_index, params: values }));
            }
        }
    }
    Ok(Model { experts: out, gammas, families })
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
                (None, _, _) => Err(crate::error::keyed_custom("err-fixed-bid-needs-b", vec![])),
                _ => Err(crate::error::keyed_custom("err-fixed-bid-has-only-b-gamma-and", vec![])),
            },
            BidKind::Variable => match (f.b, f.gamma) {
                (None, Some(gamma)) => Ok(BidSpec::Variable { gamma, epsilon: f.epsilon.unwrap_or(0.0) }),
                (Some(_), _) => Err(crate::error::keyed_custom("err-variable-bid-has-gamma-and-epsilon-not", vec![])),
                (None, None) => {
                    Err(crate::error::keyed_custom("err-variable-bid-needs-gamma-and-epsilon-default", vec![]))
                }
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
                return Err(crate::error::keyed_custom("err-rate-centric-policy-has-sigma-and-no", vec![]))
            }
            (FamilyKind::DeadlineCentric, _, _) => {
                return Err(crate::error::keyed_custom("err-deadline-centric-policy-has-m-threshold-and", vec![]))
            }
        };
        Ok(PolicySpec { family, bid: f.bid })
    }
}

/// A formula field: a string (a number is refused with a hint to quote it).
struct FormulaText(String);

impl<'de> Deserialize<'de> for FormulaText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FormulaText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a formula in quotes, e.g. \"a\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FormulaText, E> {
                Ok(FormulaText(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<FormulaText, E> {
                Err(crate::error::keyed_custom("err-formula-is-written-in-quotes-v-not", vec![("v", v.to_string())]))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<FormulaText, E> {
                Err(crate::error::keyed_custom("err-formula-is-written-in-quotes-v-not", vec![("v", v.to_string())]))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<FormulaText, E> {
                Err(crate::error::keyed_custom("err-formula-is-written-in-quotes-v-not", vec![("v", v.to_string())]))
            }
        }
        d.deserialize_any(V)
    }
}

/// `bid`: a bid method (the paper's families) or a formula (a formula family).
enum BidField {
    Spec(BidSpec),
    Formula(String),
}

impl<'de> Deserialize<'de> for BidField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = BidField;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a bid ({ \"kind\": \"fixed\", \"b\": 0.2 }), or a formula in quotes for a formula family")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<BidField, E> {
                Ok(BidField::Formula(v.to_string()))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<BidField, A::Error> {
                BidSpec::deserialize(de::value::MapAccessDeserializer::new(map)).map(BidField::Spec)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum EntryFamily {
    RateCentric,
    DeadlineCentric,
    Formula,
}

/// A list entry as written: the fields of every family (checked against the family after).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFields {
    family: EntryFamily,
    #[serde(default)]
    sigma: Option<f64>,
    #[serde(default)]
    m_threshold: Option<u32>,
    #[serde(default)]
    bid: Option<BidField>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    on_demand: Option<FormulaText>,
    #[serde(default)]
    spot: Option<FormulaText>,
    #[serde(default)]
    drop: Option<FormulaText>,
    #[serde(default)]
    gamma: Option<f64>,
    #[serde(default)]
    params: Option<ParamGrid>,
}

/// A formula family as written.
#[derive(Serialize)]
struct FormulaFields<'a> {
    family: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    on_demand: &'a str,
    spot: &'a str,
    bid: &'a str,
    drop: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    gamma: Option<f64>,
    #[serde(skip_serializing_if = "Named::is_empty")]
    params: &'a ParamGrid,
}

impl TryFrom<EntryFields> for PolicyEntry {
    type Error = String;
    fn try_from(f: EntryFields) -> Result<Self, String> {
        if f.family != EntryFamily::Formula {
            let extra = [
                ("name", f.name.is_some()),
                ("on_demand", f.on_demand.is_some()),
                ("spot", f.spot.is_some()),
                ("drop", f.drop.is_some()),
                ("gamma", f.gamma.is_some()),
                ("params", f.params.is_some()),
            ];
            if let Some((field, _)) = extra.iter().find(|x| x.1) {
                return Err(crate::error::keyed_text(
                    "err-field-belongs-to-formula-family-formula",
                    vec![("field", field.to_string())],
                ));
            }
            let bid = match f.bid {
                Some(BidField::Spec(b)) => b,
                Some(BidField::Formula(_)) => {
                    return Err(crate::error::keyed_text("err-bid-formula-needs-family-formula-paper-s", vec![]))
                }
                None => return Err(crate::error::keyed_text("err-policy-needs-bid", vec![])),
            };
            let family = match (f.family, f.sigma, f.m_threshold) {
                (EntryFamily::RateCentric, Some(sigma), None) => FamilySpec::RateCentric { sigma },
                (EntryFamily::DeadlineCentric, None, Some(m_threshold)) => FamilySpec::DeadlineCentric { m_threshold },
                (EntryFamily::RateCentric, _, _) => {
                    return Err(crate::error::keyed_text("err-rate-centric-policy-has-sigma-and-no", vec![]))
                }
                _ => return Err(crate::error::keyed_text("err-deadline-centric-policy-has-m-threshold-and", vec![])),
            };
            return Ok(PolicyEntry::Paper(PolicySpec { family, bid }));
        }
        if f.sigma.is_some() || f.m_threshold.is_some() {
            return Err(crate::error::keyed_text("err-formula-family-has-no-sigma-or-m", vec![]));
        }
        let need = |x: Option<FormulaText>, field: &str, example: &str| {
            x.map(|t| t.0).ok_or_else(|| {
                crate::error::keyed_text(
                    "err-formula-family-needs-field-formula-such-as",
                    vec![("field", field.to_string()), ("example", example.to_string())],
                )
            })
        };
        let on_demand = need(f.on_demand, "on_demand", "0")?;
        let spot = need(f.spot, "spot", "a")?;
        let bid = match f.bid {
            Some(BidField::Formula(b)) => b,
            Some(BidField::Spec(_)) => {
                return Err(crate::error::keyed_text("err-bid-of-formula-family-is-formula-in", vec![]))
            }
            None => return Err(crate::error::keyed_text("err-formula-family-needs-bid-formula-such-as", vec![])),
        };
        let drop = need(f.drop, "drop", "r > m*c || q >= v")?;
        Ok(PolicyEntry::Formula(FormulaFamilySpec {
            name: f.name,
            on_demand,
            spot,
            bid,
            drop,
            gamma: f.gamma,
            params: f.params.unwrap_or_default(),
        }))
    }
}

impl Serialize for PolicyEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PolicyEntry::Paper(p) => p.serialize(s),
            PolicyEntry::Set(set) => s.serialize_str(set.tag()),
            PolicyEntry::Formula(f) => FormulaFields {
                family: "formula",
                name: f.name.as_deref(),
                on_demand: &f.on_demand,
                spot: &f.spot,
                bid: &f.bid,
                drop: &f.drop,
                gamma: f.gamma,
                params: &f.params,
            }
            .serialize(s),
        }
    }
}

/// A paper set's name.
fn paper_set<E: de::Error>(v: &str) -> Result<PaperSet, E> {
    match v {
        "paper_synthetic" => Ok(PaperSet::Synthetic),
        "paper_real" => Ok(PaperSet::Real),
        _ => Err(crate::error::keyed_custom("err-unknown-policy-set-v-paper-s-sets", vec![("v", v.to_string())])),
    }
}

impl<'de> Deserialize<'de> for PolicyEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PolicyEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a policy ({ \"family\": … }) or a paper set's name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PolicyEntry, E> {
                paper_set(v).map(PolicyEntry::Set)
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<PolicyEntry, A::Error> {
                let f = EntryFields::deserialize(de::value::MapAccessDeserializer::new(map))?;
                PolicyEntry::try_from(f).map_err(de::Error::custom)
            }
        }
        d.deserialize_any(V)
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
                paper_set(v).map(PoliciesSpec::Paper)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<PoliciesSpec, A::Error> {
                Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(PoliciesSpec::List)
            }
        }
        d.deserialize_any(V)
    }
}
