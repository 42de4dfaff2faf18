//! The five algorithms of the paper by name, each a [`Priority`](super::priority::Priority) rule run by the one scheduler;
//! an entry of the document's `algorithms` ([`AlgorithmSpec`]: a built-in's name, or a
//! `{ "kind": "formula", "name", "psi", "priority" }` object), and the compiled [`Rule`] a run
//! simulates.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::custom::{FormulaPriority, FormulaRule};
use super::model::{Federation, Workload};
use super::priority::{DirectContr, FairShare, RoundRobin};
use super::schedule::{simulate, Outcome};
use super::utility::Psi;
use crate::formula::FormulaError;

/// DirectContr's priority as a formula: the contribution's excess over the utility.
pub const DIRECT_CONTR_PRIORITY: &str = "contribution - utility";

/// FairShare's priority as a formula: the smallest usage per core first (`usage / processors`
/// rounds monotonically, so it orders as FairShare's cross-multiplied ratios); an organization
/// without processors last.
pub const FAIR_SHARE_PRIORITY: &str = "if(processors > 0, -usage / processors, -1e308)";

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

    /// This built-in written as a formula algorithm (issue 22's "show as formula"): the ψ and
    /// the priority over [`PRIORITY_VARIABLES`](super::custom::PRIORITY_VARIABLES) that give
    /// its results exactly — waits, schedules, Shapley values — on every preset, with or
    /// without unit pieces and a federation block (`tests/cloudshare_formula.rs`). DirectContr
    /// is `contribution - utility` under its ψ; FairShare [`FAIR_SHARE_PRIORITY`]; round robin
    /// `-last` (never chosen is 0, the highest).
    pub fn as_formula(self) -> (Psi, &'static str) {
        match self {
            Algorithm::OrigDirect => (Psi::Sp, DIRECT_CONTR_PRIORITY),
            Algorithm::RelDirect => (Psi::Rel, DIRECT_CONTR_PRIORITY),
            Algorithm::SimplDirect => (Psi::Surface, DIRECT_CONTR_PRIORITY),
            Algorithm::FairShare => (Psi::Surface, FAIR_SHARE_PRIORITY),
            Algorithm::RoundRobin => (Psi::Surface, "-last"),
        }
    }

    /// [`Algorithm::as_formula`] as an entry of the document's `algorithms`, named `name`.
    pub fn formula_twin(self, name: impl Into<String>) -> FormulaSpec {
        let (psi, priority) = self.as_formula();
        FormulaSpec { name: name.into(), psi, priority: priority.to_string() }
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

/// `"kind": "formula"`, the only kind of an object entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum FormulaKind {
    Formula,
}

/// A formula entry as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormulaFields {
    kind: FormulaKind,
    name: String,
    psi: Psi,
    priority: String,
}

/// `{ "kind": "formula", "name": "mine", "psi": "sp", "priority": "contribution - utility" }`:
/// a priority over [`PRIORITY_VARIABLES`](super::custom::PRIORITY_VARIABLES) with utilities
/// under `psi`; the results name it `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "FormulaFields", into = "FormulaFields")]
pub struct FormulaSpec {
    pub name: String,
    pub psi: Psi,
    pub priority: String,
}

impl From<FormulaFields> for FormulaSpec {
    fn from(f: FormulaFields) -> Self {
        FormulaSpec { name: f.name, psi: f.psi, priority: f.priority }
    }
}

impl From<FormulaSpec> for FormulaFields {
    fn from(f: FormulaSpec) -> Self {
        FormulaFields { kind: FormulaKind::Formula, name: f.name, psi: f.psi, priority: f.priority }
    }
}

/// An entry of `algorithms`: a built-in by its name, or a formula.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlgorithmSpec {
    Builtin(Algorithm),
    Formula(FormulaSpec),
}

impl From<Algorithm> for AlgorithmSpec {
    fn from(a: Algorithm) -> Self {
        AlgorithmSpec::Builtin(a)
    }
}

impl AlgorithmSpec {
    /// The name its results carry: the built-in's tag or the formula's `name`.
    pub fn name(&self) -> &str {
        match self {
            AlgorithmSpec::Builtin(a) => a.tag(),
            AlgorithmSpec::Formula(f) => &f.name,
        }
    }

    /// The built-in, if it is one.
    pub fn builtin(&self) -> Option<Algorithm> {
        match self {
            AlgorithmSpec::Builtin(a) => Some(*a),
            AlgorithmSpec::Formula(_) => None,
        }
    }

    /// The rule a run simulates, or the formula's error with its position.
    pub fn compile(&self) -> Result<Rule, FormulaError> {
        Ok(match self {
            AlgorithmSpec::Builtin(a) => Rule::Builtin(*a),
            AlgorithmSpec::Formula(f) => Rule::Formula(FormulaRule::compile(&f.name, f.psi, &f.priority)?),
        })
    }
}

impl Serialize for AlgorithmSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AlgorithmSpec::Builtin(a) => a.serialize(s),
            AlgorithmSpec::Formula(f) => f.serialize(s),
        }
    }
}

/// Reads a name or an object as it streams by: the errors keep their JSON path and say what
/// was expected (an untagged enum would say only "did not match any variant").
struct SpecVisitor;

impl<'de> Visitor<'de> for SpecVisitor {
    type Value = AlgorithmSpec;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            "an algorithm's name (orig_direct, rel_direct, simpl_direct, fair_share, round_robin) or { \"kind\": \"formula\", \"name\", \"psi\", \"priority\" }",
        )
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<AlgorithmSpec, E> {
        Algorithm::deserialize(de::value::StrDeserializer::<E>::new(v)).map(AlgorithmSpec::Builtin)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<AlgorithmSpec, A::Error> {
        FormulaSpec::deserialize(de::value::MapAccessDeserializer::new(map)).map(AlgorithmSpec::Formula)
    }
}

impl<'de> Deserialize<'de> for AlgorithmSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SpecVisitor)
    }
}

/// An algorithm ready to simulate.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    Builtin(Algorithm),
    Formula(FormulaRule),
}

impl Rule {
    /// The name its results carry.
    pub fn name(&self) -> &str {
        match self {
            Rule::Builtin(a) => a.tag(),
            Rule::Formula(f) => &f.name,
        }
    }

    /// Simulates the coalition `members` (bitmask); a formula that gave no number stops the
    /// simulation with [`Outcome::fault`] set.
    pub fn simulate(
        &self,
        w: &Workload,
        members: u64,
        federation: Option<&Federation>,
        horizon: u64,
        placements: bool,
    ) -> Outcome {
        match self {
            Rule::Builtin(a) => a.simulate(w, members, federation, horizon, placements),
            Rule::Formula(f) => {
                let names: Vec<String> = w.orgs.iter().map(|o| o.name.clone()).collect();
                simulate(w, members, FormulaPriority::new(f, &names), federation, horizon, placements)
            }
        }
    }
}
