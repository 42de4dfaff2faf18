//! The `era` document (see `spec/era.md`): serde types at the boundary, their validation (every
//! problem with its JSON path) and their conversion into the plain model.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::algorithm::UNIT_PRICE_VARIABLES;
use super::requests::{validate_requests, GeneratorSpec, RequestSpec, ValueDist};
use crate::de::{Either, ListOr};
use crate::error::{check_finite, non_negative, Problems};
use crate::formula::{names, Formula, FormulaError, Type};

/// Longest horizon accepted, in slots.
pub const MAX_HORIZON: u32 = 100_000;
/// Most resources and configurations.
pub const MAX_RESOURCES: usize = 64;

fn default_slot_minutes() -> f64 {
    60.0
}

/// `algorithm`: which algorithm quotes, with its options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "AlgorithmFields", into = "AlgorithmFields")]
pub enum AlgorithmSpec {
    /// Algorithm 1 of the paper.
    BasicEcon {
        #[serde(default)]
        min_unit_price: f64,
        /// `null` or absent: no upper bound.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_unit_price: Option<f64>,
        #[serde(default)]
        late_penalty: f64,
    },
    /// Greedy, value-blind, fixed price.
    FirstFit {
        #[serde(default)]
        unit_price: f64,
    },
    /// Starts what fits now, fixed price.
    OnDemand {
        #[serde(default)]
        unit_price: f64,
    },
    /// Algorithm 1 with the user's unit price: a formula over
    /// [`UNIT_PRICE_VARIABLES`](super::algorithm::UNIT_PRICE_VARIABLES).
    Formula { unit_price: String, min_unit_price: f64, max_unit_price: Option<f64>, late_penalty: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum AlgorithmKind {
    BasicEcon,
    FirstFit,
    OnDemand,
    Formula,
}

/// `unit_price`: a number (first-fit, on-demand) or a formula (`formula`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum UnitPrice {
    Number(f64),
    Formula(String),
}

/// The algorithm as written: a plain struct, read as it streams by (an internally tagged enum
/// buffers its whole content before looking at the tag).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AlgorithmFields {
    kind: AlgorithmKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_unit_price: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_unit_price: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    late_penalty: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unit_price: Option<UnitPrice>,
}

impl TryFrom<AlgorithmFields> for AlgorithmSpec {
    type Error = String;
    fn try_from(f: AlgorithmFields) -> Result<Self, String> {
        let kind = f.kind;
        let unused = |what: &str| {
            Err(crate::error::keyed_text(
                "err-unknown-field-what-for-algorithm-kind",
                vec![("what", what.to_string()), ("kind", format!("{kind:?}"))],
            ))
        };
        match f.kind {
            AlgorithmKind::BasicEcon => match f.unit_price {
                Some(_) => unused("unit_price"),
                None => Ok(AlgorithmSpec::BasicEcon {
                    min_unit_price: f.min_unit_price.unwrap_or(0.0),
                    max_unit_price: f.max_unit_price,
                    late_penalty: f.late_penalty.unwrap_or(0.0),
                }),
            },
            AlgorithmKind::Formula => match f.unit_price {
                Some(UnitPrice::Formula(unit_price)) => Ok(AlgorithmSpec::Formula {
                    unit_price,
                    min_unit_price: f.min_unit_price.unwrap_or(0.0),
                    max_unit_price: f.max_unit_price,
                    late_penalty: f.late_penalty.unwrap_or(0.0),
                }),
                Some(UnitPrice::Number(x)) => Err(crate::error::keyed_text(
                    "err-unit-price-of-formula-algorithm-is-formula",
                    vec![("x", x.to_string())],
                )),
                None => Err(crate::error::keyed_text("err-formula-algorithm-needs-unit-price-formula-such", vec![])),
            },
            AlgorithmKind::FirstFit | AlgorithmKind::OnDemand => match f {
                AlgorithmFields { min_unit_price: Some(_), .. } => unused("min_unit_price"),
                AlgorithmFields { max_unit_price: Some(_), .. } => unused("max_unit_price"),
                AlgorithmFields { late_penalty: Some(_), .. } => unused("late_penalty"),
                AlgorithmFields { unit_price: Some(UnitPrice::Formula(_)), .. } => Err(crate::error::keyed_text(
                    "err-unit-price-of-kind-is-number-price",
                    vec![("kind", format!("{kind:?}"))],
                )),
                AlgorithmFields { unit_price, .. } => {
                    let unit_price = match unit_price {
                        Some(UnitPrice::Number(x)) => x,
                        _ => 0.0,
                    };
                    Ok(if kind == AlgorithmKind::FirstFit {
                        AlgorithmSpec::FirstFit { unit_price }
                    } else {
                        AlgorithmSpec::OnDemand { unit_price }
                    })
                }
            },
        }
    }
}

impl From<AlgorithmSpec> for AlgorithmFields {
    fn from(a: AlgorithmSpec) -> Self {
        let empty = |kind| AlgorithmFields {
            kind,
            min_unit_price: None,
            max_unit_price: None,
            late_penalty: None,
            unit_price: None,
        };
        match a {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => AlgorithmFields {
                min_unit_price: Some(min_unit_price),
                max_unit_price,
                late_penalty: Some(late_penalty),
                ..empty(AlgorithmKind::BasicEcon)
            },
            AlgorithmSpec::FirstFit { unit_price } => {
                AlgorithmFields { unit_price: Some(UnitPrice::Number(unit_price)), ..empty(AlgorithmKind::FirstFit) }
            }
            AlgorithmSpec::OnDemand { unit_price } => {
                AlgorithmFields { unit_price: Some(UnitPrice::Number(unit_price)), ..empty(AlgorithmKind::OnDemand) }
            }
            AlgorithmSpec::Formula { unit_price, min_unit_price, max_unit_price, late_penalty } => AlgorithmFields {
                unit_price: Some(UnitPrice::Formula(unit_price)),
                min_unit_price: Some(min_unit_price),
                max_unit_price,
                late_penalty: Some(late_penalty),
                ..empty(AlgorithmKind::Formula)
            },
        }
    }
}

impl AlgorithmSpec {
    /// The `kind` tag.
    pub fn tag(&self) -> &'static str {
        match self {
            AlgorithmSpec::BasicEcon { .. } => "basic_econ",
            AlgorithmSpec::FirstFit { .. } => "first_fit",
            AlgorithmSpec::OnDemand { .. } => "on_demand",
            AlgorithmSpec::Formula { .. } => "formula",
        }
    }

    /// Basic-Econ written as a formula algorithm (issue 22's "show as formula"): the unit price
    /// `demand_price` with the same bounds and late penalty, which gives Basic-Econ's results
    /// exactly (`tests/era_formula.rs`, on every preset); `None` for the other algorithms, whose
    /// fixed prices are not a Basic-Econ pricing.
    pub fn as_formula(&self) -> Option<AlgorithmSpec> {
        match self {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => Some(AlgorithmSpec::Formula {
                unit_price: "demand_price".into(),
                min_unit_price: *min_unit_price,
                max_unit_price: *max_unit_price,
                late_penalty: *late_penalty,
            }),
            _ => None,
        }
    }

    /// The compiled unit price of a `formula` algorithm (`None` for the others), or the error
    /// with its position in the formula.
    pub fn unit_price_formula(&self) -> Option<Result<Formula, FormulaError>> {
        match self {
            AlgorithmSpec::Formula { unit_price, .. } => {
                Some(Formula::compile(unit_price, &names(&UNIT_PRICE_VARIABLES), Type::Number))
            }
            _ => None,
        }
    }

    fn validate(&self, problems: &mut Problems) {
        if let Some(Err(e)) = self.unit_price_formula() {
            problems.push_problem(e.problem("algorithm.unit_price"));
        }
        match self {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty }
            | AlgorithmSpec::Formula { min_unit_price, max_unit_price, late_penalty, .. } => {
                non_negative(problems, "algorithm.min_unit_price", *min_unit_price);
                if let Some(max) = max_unit_price {
                    if non_negative(problems, "algorithm.max_unit_price", *max) && *max < *min_unit_price {
                        problems.push_keyed(
                            "algorithm.max_unit_price",
                            "err-must-be-at-least-min-unit-price",
                            vec![("min_unit_price", min_unit_price.to_string()), ("got", max.to_string())],
                        );
                    }
                }
                non_negative(problems, "algorithm.late_penalty", *late_penalty);
            }
            AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } => {
                non_negative(problems, "algorithm.unit_price", *unit_price);
            }
        }
    }
}

/// A capacity: a number, or `[{ "from": slot, "capacity": x }, …]` steps.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CapacitySpec {
    Constant(f64),
    Steps(Vec<CapacityStep>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapacityStep {
    pub from: u32,
    pub capacity: f64,
}

/// A resource of the cloud.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSpec {
    pub name: String,
    /// A virtual resource models a packing constraint: it is used by configurations, never sold.
    #[serde(default, rename = "virtual", skip_serializing_if = "std::ops::Not::not")]
    pub is_virtual: bool,
    pub capacity: CapacitySpec,
}

/// A named configuration: `formal` amounts are sold, `actual` amounts are used (default: formal).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigurationSpec {
    pub name: String,
    pub formal: BTreeMap<String, f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<BTreeMap<String, f64>>,
}

/// When ERA learns of a capacity step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapacityChanges {
    /// Known in advance (the cloud's inventory over time): plans never overcommit.
    #[default]
    Announced,
    /// Reported by the cloud through `update` when they happen (failures, the free share of a
    /// larger cloud): until then ERA plans with the current capacity, so a drop can leave more
    /// promised than there is, and jobs run late.
    Reported,
}

impl CapacityChanges {
    fn is_default(&self) -> bool {
        *self == CapacityChanges::Announced
    }
}

/// `cloud`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloudSpec {
    pub horizon: u32,
    /// Minutes per slot, for display only.
    #[serde(default = "default_slot_minutes")]
    pub slot_minutes: f64,
    pub resources: Vec<ResourceSpec>,
    /// `announced` (default) or `reported`.
    #[serde(default, skip_serializing_if = "CapacityChanges::is_default")]
    pub capacity_changes: CapacityChanges,
    /// Default: one per resource that is not virtual, named like it, 1 unit formal = actual.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub configurations: Vec<ConfigurationSpec>,
}

/// Requests as a list, or made by a generator (`{ "generator": {…} }`, drawn from the seed).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RequestsSpec {
    List(Vec<RequestSpec>),
    Generated { generator: GeneratorSpec },
}

/// A predictor's history: a list, or `{ "generator": {…}, "seed": n }`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum HistorySpec {
    List(Vec<RequestSpec>),
    Generated { generator: GeneratorSpec, seed: u64 },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneratedRequests {
    generator: GeneratorSpec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneratedHistory {
    generator: GeneratorSpec,
    #[serde(default)]
    seed: u64,
}

/// A point of an explicit demand curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointSpec {
    pub units: f64,
    pub unit_value: f64,
}

/// `predictor`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(try_from = "PredictorFields", into = "PredictorFields")]
pub enum PredictorSpec {
    #[default]
    None,
    /// One list of points per slot (`slots`, for the first resource), or per resource by name.
    Explicit {
        slots: Option<Vec<Vec<PointSpec>>>,
        resources: Option<BTreeMap<String, Vec<Vec<PointSpec>>>>,
    },
    SpreadHistory {
        history: HistorySpec,
        period: Option<u32>,
    },
    LpHistory {
        history: HistorySpec,
        period: Option<u32>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum PredictorKind {
    #[default]
    None,
    Explicit,
    SpreadHistory,
    LpHistory,
}

/// The predictor as written: a plain struct, so that an error deep in a history keeps its JSON
/// path (an internally tagged enum buffers its content and reports only `predictor`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PredictorFields {
    kind: PredictorKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    slots: Option<Vec<Vec<PointSpec>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resources: Option<BTreeMap<String, Vec<Vec<PointSpec>>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    history: Option<HistorySpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    period: Option<u32>,
}

impl TryFrom<PredictorFields> for PredictorSpec {
    type Error = String;
    fn try_from(f: PredictorFields) -> Result<Self, String> {
        let unused = |what: &str| {
            Err(crate::error::keyed_text(
                "err-what-is-not-field-of-predictor-kind",
                vec![("what", what.to_string()), ("kind", format!("{:?}", f.kind))],
            ))
        };
        let history_only = f.slots.is_some() || f.resources.is_some();
        match f.kind {
            PredictorKind::None => match () {
                _ if f.slots.is_some() => unused("slots"),
                _ if f.resources.is_some() => unused("resources"),
                _ if f.history.is_some() => unused("history"),
                _ if f.period.is_some() => unused("period"),
                _ => Ok(PredictorSpec::None),
            },
            PredictorKind::Explicit => match () {
                _ if f.history.is_some() => unused("history"),
                _ if f.period.is_some() => unused("period"),
                _ => Ok(PredictorSpec::Explicit { slots: f.slots, resources: f.resources }),
            },
            PredictorKind::SpreadHistory | PredictorKind::LpHistory => {
                if history_only {
                    return unused(if f.slots.is_some() { "slots" } else { "resources" });
                }
                let Some(history) = f.history else {
                    return Err(crate::error::keyed_text(
                        "err-history-predictor-needs-history-list-of-requests",
                        vec![],
                    ));
                };
                Ok(if f.kind == PredictorKind::LpHistory {
                    PredictorSpec::LpHistory { history, period: f.period }
                } else {
                    PredictorSpec::SpreadHistory { history, period: f.period }
                })
            }
        }
    }
}

impl From<PredictorSpec> for PredictorFields {
    fn from(p: PredictorSpec) -> Self {
        let empty = |kind| PredictorFields { kind, slots: None, resources: None, history: None, period: None };
        match p {
            PredictorSpec::None => empty(PredictorKind::None),
            PredictorSpec::Explicit { slots, resources } => {
                PredictorFields { slots, resources, ..empty(PredictorKind::Explicit) }
            }
            PredictorSpec::SpreadHistory { history, period } => {
                PredictorFields { history: Some(history), period, ..empty(PredictorKind::SpreadHistory) }
            }
            PredictorSpec::LpHistory { history, period } => {
                PredictorFields { history: Some(history), period, ..empty(PredictorKind::LpHistory) }
            }
        }
    }
}

impl PredictorSpec {
    /// The `kind` tag.
    pub fn tag(&self) -> &'static str {
        match self {
            PredictorSpec::None => "none",
            PredictorSpec::Explicit { .. } => "explicit",
            PredictorSpec::SpreadHistory { .. } => "spread_history",
            PredictorSpec::LpHistory { .. } => "lp_history",
        }
    }
}

/// Mechanism `era` (see `spec/era.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EraScenario {
    pub algorithm: AlgorithmSpec,
    pub cloud: CloudSpec,
    #[serde(default)]
    pub predictor: PredictorSpec,
    pub requests: RequestsSpec,
    /// Fraction of its reservation a job really needs (a number in (0, 1], or a distribution drawn
    /// per bid from the seed); jobs that need less finish early. Default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual_usage: Option<ValueDist>,
}

// ---------------------------------------------------------------------------------------------
// Deserialisation of the "a number or a list" / "a list or an object" fields, keeping JSON paths
// (an untagged enum would say only "did not match any variant").

impl<'de> Deserialize<'de> for CapacitySpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CapacitySpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, or a list of { \"from\": slot, \"capacity\": x } steps")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<CapacitySpec, E> {
                Ok(CapacitySpec::Constant(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<CapacitySpec, E> {
                Ok(CapacitySpec::Constant(v as f64))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<CapacitySpec, E> {
                Ok(CapacitySpec::Constant(v as f64))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<CapacitySpec, A::Error> {
                Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(CapacitySpec::Steps)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for RequestsSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = ListOr::<RequestSpec, GeneratedRequests>::new("a list of requests, or { \"generator\": {…} }");
        Ok(match d.deserialize_any(v)? {
            Either::List(l) => RequestsSpec::List(l),
            Either::Object(g) => RequestsSpec::Generated { generator: g.generator },
        })
    }
}

impl<'de> Deserialize<'de> for HistorySpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = ListOr::<RequestSpec, GeneratedHistory>::new(
            "a list of historical requests, or { \"generator\": {…}, \"seed\": n }",
        );
        Ok(match d.deserialize_any(v)? {
            Either::List(l) => HistorySpec::List(l),
            Either::Object(g) => HistorySpec::Generated { generator: g.generator, seed: g.seed },
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Validation.

impl CloudSpec {
    /// Names of the configurations (explicit, or one per non-virtual resource).
    pub fn configuration_names(&self) -> Vec<String> {
        if self.configurations.is_empty() {
            self.resources.iter().filter(|r| !r.is_virtual).map(|r| r.name.clone()).collect()
        } else {
            self.configurations.iter().map(|c| c.name.clone()).collect()
        }
    }

    fn validate(&self, problems: &mut Problems) {
        if self.horizon == 0 {
            problems.push_keyed("cloud.horizon", "err-must-be-at-least-1-slot", vec![]);
        } else if self.horizon > MAX_HORIZON {
            problems.push_keyed(
                "cloud.horizon",
                "err-must-be-at-most-max-slots-got",
                vec![("max", MAX_HORIZON.to_string()), ("got", self.horizon.to_string())],
            );
        }
        if check_finite(problems, "cloud.slot_minutes", self.slot_minutes) && self.slot_minutes <= 0.0 {
            problems.push_keyed(
                "cloud.slot_minutes",
                "err-must-be-gt-0-got",
                vec![("got", self.slot_minutes.to_string())],
            );
        }
        if self.resources.is_empty() {
            problems.push_keyed("cloud.resources", "err-at-least-one-resource-is-needed", vec![]);
        }
        if self.resources.len() > MAX_RESOURCES {
            problems.push_keyed(
                "cloud.resources",
                "err-at-most-max-resources",
                vec![("max", MAX_RESOURCES.to_string())],
            );
        }
        for (i, r) in self.resources.iter().enumerate() {
            let path = format!("cloud.resources[{i}]");
            if r.name.is_empty() {
                problems.push_keyed(format!("{path}.name"), "err-must-not-be-empty", vec![]);
            }
            if self.resources[..i].iter().any(|o| o.name == r.name) {
                problems.push_keyed(
                    format!("{path}.name"),
                    "err-name-is-listed-twice-2",
                    vec![("name", format!("{:?}", r.name))],
                );
            }
            match &r.capacity {
                CapacitySpec::Constant(c) => {
                    non_negative(problems, &format!("{path}.capacity"), *c);
                }
                CapacitySpec::Steps(steps) => {
                    if steps.is_empty() {
                        problems.push_keyed(format!("{path}.capacity"), "err-needs-at-least-one-step", vec![]);
                    }
                    for (k, s) in steps.iter().enumerate() {
                        let p = format!("{path}.capacity[{k}]");
                        non_negative(problems, &format!("{p}.capacity"), s.capacity);
                        if k == 0 && s.from != 0 {
                            problems.push_keyed(
                                format!("{p}.from"),
                                "err-first-step-must-start-at-slot-0",
                                vec![("got", s.from.to_string())],
                            );
                        }
                        if k > 0 && s.from <= steps[k - 1].from {
                            problems.push_keyed(
                                format!("{p}.from"),
                                "err-steps-must-be-in-increasing-order-of",
                                vec![("from", s.from.to_string()), ("from2", (steps[k - 1].from).to_string())],
                            );
                        }
                    }
                }
            }
        }
        if self.configurations.len() > MAX_RESOURCES {
            problems.push_keyed(
                "cloud.configurations",
                "err-at-most-max-configurations",
                vec![("max", MAX_RESOURCES.to_string())],
            );
        }
        let known = |n: &String| self.resources.iter().any(|r| &r.name == n);
        for (i, c) in self.configurations.iter().enumerate() {
            let path = format!("cloud.configurations[{i}]");
            if self.configurations[..i].iter().any(|o| o.name == c.name) {
                problems.push_keyed(
                    format!("{path}.name"),
                    "err-name-is-listed-twice-2",
                    vec![("name", format!("{:?}", c.name))],
                );
            }
            if c.formal.is_empty() {
                problems.push_keyed(format!("{path}.formal"), "err-must-name-at-least-one-resource", vec![]);
            }
            for (which, bundle) in [("formal", Some(&c.formal)), ("actual", c.actual.as_ref())] {
                for (name, &x) in bundle.into_iter().flatten() {
                    let p = format!("{path}.{which}.{name}");
                    if !known(name) {
                        problems.push_keyed(
                            p.clone(),
                            "err-unknown-resource-name",
                            vec![("name", format!("{name:?}"))],
                        );
                    }
                    non_negative(problems, &p, x);
                }
            }
        }
        if self.configuration_names().is_empty() {
            problems.push_keyed("cloud.configurations", "err-no-configuration-every-resource-is-virtual", vec![]);
        }
    }
}

impl EraScenario {
    pub(crate) fn validate(&self, problems: &mut Problems) {
        self.algorithm.validate(problems);
        self.cloud.validate(problems);
        let configs = self.cloud.configuration_names();
        match &self.requests {
            RequestsSpec::List(list) => validate_requests(list, "requests", &configs, problems),
            RequestsSpec::Generated { generator } => {
                generator.validate("requests.generator", self.cloud.horizon, &configs, problems)
            }
        }
        match &self.predictor {
            PredictorSpec::None => {}
            PredictorSpec::Explicit { slots, resources } => {
                if slots.is_some() == resources.is_some() {
                    problems.push_keyed("predictor", "err-give-exactly-one-of-slots-first-resource", vec![]);
                }
                let mut check = |path: String, list: &Vec<Vec<PointSpec>>| {
                    if list.len() > MAX_HORIZON as usize {
                        problems.push_keyed(
                            path.clone(),
                            "err-at-most-max-slots",
                            vec![("max", MAX_HORIZON.to_string())],
                        );
                    }
                    for (t, points) in list.iter().enumerate() {
                        for (k, pt) in points.iter().enumerate() {
                            non_negative(problems, &format!("{path}[{t}][{k}].units"), pt.units);
                            non_negative(problems, &format!("{path}[{t}][{k}].unit_value"), pt.unit_value);
                        }
                    }
                };
                if let Some(s) = slots {
                    check("predictor.slots".into(), s);
                }
                for (name, list) in resources.iter().flatten() {
                    check(format!("predictor.resources.{name}"), list);
                }
                for name in resources.iter().flat_map(|m| m.keys()) {
                    if !self.cloud.resources.iter().any(|r| &r.name == name) {
                        problems.push_keyed(
                            format!("predictor.resources.{name}"),
                            "err-unknown-resource-name",
                            vec![("name", format!("{name:?}"))],
                        );
                    }
                }
            }
            PredictorSpec::SpreadHistory { history, period } | PredictorSpec::LpHistory { history, period } => {
                if *period == Some(0) {
                    problems.push_keyed("predictor.period", "err-must-be-at-least-1-slot", vec![]);
                }
                match history {
                    HistorySpec::List(list) => {
                        validate_requests(list, "predictor.history", &configs, problems);
                        let h = list.iter().flat_map(|r| r.parts.iter().map(|p| p.deadline)).max().unwrap_or(0);
                        if h > MAX_HORIZON {
                            problems.push_keyed(
                                "predictor.history",
                                "err-deadlines-up-to-max-got",
                                vec![("max", MAX_HORIZON.to_string()), ("got", h.to_string())],
                            );
                        }
                    }
                    HistorySpec::Generated { generator, .. } => {
                        generator.validate("predictor.history.generator", self.cloud.horizon, &configs, problems)
                    }
                }
            }
        }
        if let Some(u) = &self.actual_usage {
            u.validate_fraction("actual_usage", problems);
        }
    }
}
