//! State of the ERA page: the `era` document's fields as plain data plus an [`Action`] reducer.
//! Pure — persistence and runs happen in the page's effects. The seed (generated workloads and
//! histories, actual usage) is the page's [`Document`]'s.

use cloudecon::era::requests::{ClassSpec, GeneratorSpec, PartSpec, RequestSpec, ValueDist};
use std::collections::BTreeMap;

use cloudecon::era::scenario::{
    AlgorithmSpec, CapacitySpec, ConfigurationSpec, EraScenario, HistorySpec, PointSpec, PredictorSpec, RequestsSpec,
    ResourceSpec,
};
use cloudecon::{MechanismKind, MechanismSpec, Scenario};

use crate::i18n::t;
use crate::pages::document::{remove_row, Document, PageState};

#[derive(Debug, Clone, PartialEq)]
pub struct EraState {
    pub spec: EraScenario,
}

/// The algorithms, in the menu's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlgorithmKind {
    BasicEcon,
    FirstFit,
    OnDemand,
    Formula,
}

impl AlgorithmKind {
    pub const ALL: [AlgorithmKind; 4] =
        [AlgorithmKind::BasicEcon, AlgorithmKind::FirstFit, AlgorithmKind::OnDemand, AlgorithmKind::Formula];

    pub fn of(spec: &AlgorithmSpec) -> Self {
        match spec {
            AlgorithmSpec::BasicEcon { .. } => AlgorithmKind::BasicEcon,
            AlgorithmSpec::FirstFit { .. } => AlgorithmKind::FirstFit,
            AlgorithmSpec::OnDemand { .. } => AlgorithmKind::OnDemand,
            AlgorithmSpec::Formula { .. } => AlgorithmKind::Formula,
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            AlgorithmKind::BasicEcon => "basic_econ",
            AlgorithmKind::FirstFit => "first_fit",
            AlgorithmKind::OnDemand => "on_demand",
            AlgorithmKind::Formula => "formula",
        }
    }

    pub fn from_tag(tag: &str) -> Self {
        Self::ALL.into_iter().find(|k| k.tag() == tag).unwrap_or(AlgorithmKind::BasicEcon)
    }

    /// The menu's label, in the reader's language.
    pub fn label(self) -> String {
        t(match self {
            AlgorithmKind::BasicEcon => "era-algorithm-basic-econ",
            AlgorithmKind::FirstFit => "era-algorithm-first-fit",
            AlgorithmKind::OnDemand => "era-algorithm-on-demand",
            AlgorithmKind::Formula => "era-algorithm-formula",
        })
    }
}

/// The predictors, in the menu's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PredictorKind {
    None,
    Explicit,
    Spread,
    Lp,
}

impl PredictorKind {
    pub const ALL: [PredictorKind; 4] =
        [PredictorKind::None, PredictorKind::Explicit, PredictorKind::Spread, PredictorKind::Lp];

    pub fn of(spec: &PredictorSpec) -> Self {
        match spec {
            PredictorSpec::None => PredictorKind::None,
            PredictorSpec::Explicit { .. } => PredictorKind::Explicit,
            PredictorSpec::SpreadHistory { .. } => PredictorKind::Spread,
            PredictorSpec::LpHistory { .. } => PredictorKind::Lp,
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            PredictorKind::None => "none",
            PredictorKind::Explicit => "explicit",
            PredictorKind::Spread => "spread_history",
            PredictorKind::Lp => "lp_history",
        }
    }

    pub fn from_tag(tag: &str) -> Self {
        Self::ALL.into_iter().find(|k| k.tag() == tag).unwrap_or(PredictorKind::None)
    }

    /// The menu's label, in the reader's language.
    pub fn label(self) -> String {
        t(match self {
            PredictorKind::None => "era-predictor-none",
            PredictorKind::Explicit => "era-predictor-explicit",
            PredictorKind::Spread => "era-predictor-spread",
            PredictorKind::Lp => "era-predictor-lp",
        })
    }
}

/// Which list of requests (or generator) a bids or generator editor edits: the document's
/// requests or the history predictor's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Requests,
    History,
}

/// A change to one bid (its first part: further parts are kept as they are).
pub enum BidEdit {
    Id(String),
    Submit(u32),
    Value(f64),
    Count(f64),
    Duration(u32),
    Arrival(u32),
    Deadline(u32),
    /// The first part's configuration (`None`: the first configuration).
    Config(Option<String>),
}

/// A change to one class of the generator.
pub enum ClassEdit {
    Name(String),
    Rate(f64),
    Count(ValueDist),
    Duration(ValueDist),
    Slack(ValueDist),
    Advance(ValueDist),
    UnitValue(ValueDist),
}

pub enum Action {
    Horizon(u32),
    SlotMinutes(f64),
    AddResource,
    RemoveResource(usize),
    ResourceName(usize, String),
    ResourceVirtual(usize, bool),
    ResourceCapacity(usize, CapacitySpec),
    Algorithm(AlgorithmKind),
    MinUnitPrice(f64),
    MaxUnitPrice(Option<f64>),
    LatePenalty(f64),
    UnitPrice(f64),
    /// The unit price formula of the `formula` algorithm.
    UnitPriceFormula(String),
    Predictor(PredictorKind),
    Period(Option<u32>),
    /// The current requests (drawn from the seed if generated) become the predictor's history.
    HistoryFromRequests,
    /// The explicit demand curve of one slot (first resource).
    ExplicitSlot(usize, Vec<PointSpec>),
    AddBid(Target),
    RemoveBid(Target, usize),
    EditBid(Target, usize, BidEdit),
    /// Requests (or the history) from a generator (`true`) or as a list (`false`: the drawn
    /// bids, to edit). A generated history gets the document's seed.
    Generated(Target, bool),
    AddClass(Target),
    RemoveClass(Target, usize),
    EditClass(Target, usize, ClassEdit),
    /// The seed of a generated history.
    HistorySeed(u64),
    ActualUsage(Option<ValueDist>),
    /// A configuration named after the first free `c<k>`, one unit of the first resource.
    AddConfiguration,
    RemoveConfiguration(usize),
    ConfigurationName(usize, String),
    ConfigurationFormal(usize, BTreeMap<String, f64>),
    /// `None`: the same as formal.
    ConfigurationActual(usize, Option<BTreeMap<String, f64>>),
}

impl Document<EraState> {
    /// The requests of the document: the list, or the generator's draws from the seed.
    pub fn requests(&self) -> Vec<RequestSpec> {
        self.state.spec.request_list(self.seed)
    }

    /// The same document with another algorithm (for the side-by-side comparison).
    pub fn with_algorithm(&self, algorithm: AlgorithmSpec) -> Scenario {
        let spec = EraScenario { algorithm, ..self.state.spec.clone() };
        Scenario { spec: MechanismSpec::Era(spec), ..self.to_scenario() }
    }
}

fn fresh(prefix: &str, taken: impl Fn(&str) -> bool, from: usize) -> String {
    (from..).map(|k| format!("{prefix}{k}")).find(|n| !taken(n)).unwrap_or_else(|| prefix.into())
}

/// A unit price to start a fixed-price algorithm from: the current one's, else the Basic-Econ
/// bounds', else 1.
pub fn unit_price_of(spec: &AlgorithmSpec) -> f64 {
    match spec {
        AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } => *unit_price,
        AlgorithmSpec::BasicEcon { max_unit_price: Some(max), .. }
        | AlgorithmSpec::Formula { max_unit_price: Some(max), .. } => *max,
        AlgorithmSpec::BasicEcon { min_unit_price, .. } | AlgorithmSpec::Formula { min_unit_price, .. }
            if *min_unit_price > 0.0 =>
        {
            *min_unit_price
        }
        AlgorithmSpec::BasicEcon { .. } | AlgorithmSpec::Formula { .. } => 1.0,
    }
}

fn default_class(name: String, horizon: u32) -> ClassSpec {
    ClassSpec {
        name,
        rate: 0.5,
        config: None,
        count: ValueDist::Uniform { uniform: [1.0, 4.0] },
        duration: ValueDist::Uniform { uniform: [1.0, 4.0] },
        slack: ValueDist::Uniform { uniform: [0.0, f64::from((horizon / 4).max(1))] },
        advance: ValueDist::Fixed(0.0),
        unit_value: ValueDist::Uniform { uniform: [1.0, 3.0] },
        from: 0,
        to: None,
    }
}

/// The requests a generator draws for `spec`'s cloud from `seed`.
pub fn draw(spec: &EraScenario, generator: &GeneratorSpec, seed: u64) -> Vec<RequestSpec> {
    let requests = RequestsSpec::Generated { generator: generator.clone() };
    EraScenario { requests, ..spec.clone() }.request_list(seed)
}

/// The history of a history predictor.
pub fn history_of(predictor: &PredictorSpec) -> Option<&HistorySpec> {
    match predictor {
        PredictorSpec::SpreadHistory { history, .. } | PredictorSpec::LpHistory { history, .. } => Some(history),
        _ => None,
    }
}

fn edit_bid(r: &mut RequestSpec, edit: BidEdit) {
    if let BidEdit::Id(id) = edit {
        r.id = (!id.is_empty()).then_some(id);
        return;
    }
    if let BidEdit::Submit(s) = edit {
        r.submit = s;
        return;
    }
    if let BidEdit::Value(v) = edit {
        r.value = v;
        return;
    }
    let Some(p) = r.parts.first_mut() else { return };
    match edit {
        BidEdit::Count(c) => p.count = c,
        BidEdit::Duration(d) => p.duration = d,
        BidEdit::Arrival(a) => p.arrival = a,
        BidEdit::Deadline(d) => p.deadline = d,
        BidEdit::Config(c) => p.config = c.filter(|c| !c.is_empty()),
        BidEdit::Id(_) | BidEdit::Submit(_) | BidEdit::Value(_) => {}
    }
}

fn edit_class(c: &mut ClassSpec, edit: ClassEdit) {
    match edit {
        ClassEdit::Name(n) => c.name = n,
        ClassEdit::Rate(r) => c.rate = r,
        ClassEdit::Count(d) => c.count = d,
        ClassEdit::Duration(d) => c.duration = d,
        ClassEdit::Slack(d) => c.slack = d,
        ClassEdit::Advance(d) => c.advance = d,
        ClassEdit::UnitValue(d) => c.unit_value = d,
    }
}

impl EraState {
    fn history_mut(&mut self) -> Option<&mut HistorySpec> {
        match &mut self.spec.predictor {
            PredictorSpec::SpreadHistory { history, .. } | PredictorSpec::LpHistory { history, .. } => Some(history),
            _ => None,
        }
    }

    /// The list `target` edits, if it is a list.
    fn list_mut(&mut self, target: Target) -> Option<&mut Vec<RequestSpec>> {
        match target {
            Target::Requests => match &mut self.spec.requests {
                RequestsSpec::List(l) => Some(l),
                RequestsSpec::Generated { .. } => None,
            },
            Target::History => match self.history_mut()? {
                HistorySpec::List(l) => Some(l),
                HistorySpec::Generated { .. } => None,
            },
        }
    }

    /// The generator `target` edits, if it is generated.
    fn generator_mut(&mut self, target: Target) -> Option<&mut GeneratorSpec> {
        match target {
            Target::Requests => match &mut self.spec.requests {
                RequestsSpec::Generated { generator } => Some(generator),
                RequestsSpec::List(_) => None,
            },
            Target::History => match self.history_mut()? {
                HistorySpec::Generated { generator, .. } => Some(generator),
                HistorySpec::List(_) => None,
            },
        }
    }

    fn generated(&mut self, target: Target, on: bool, seed: u64) {
        let horizon = self.spec.cloud.horizon;
        let class = move || GeneratorSpec { classes: vec![default_class("class-1".into(), horizon)] };
        match (target, on) {
            (Target::Requests, true) if self.list_mut(target).is_some() => {
                self.spec.requests = RequestsSpec::Generated { generator: class() };
            }
            (Target::Requests, false) if self.generator_mut(target).is_some() => {
                self.spec.requests = RequestsSpec::List(self.spec.request_list(seed));
            }
            (Target::History, true) if self.list_mut(target).is_some() => {
                let generator = class();
                if let Some(h) = self.history_mut() {
                    *h = HistorySpec::Generated { generator, seed };
                }
            }
            (Target::History, false) => {
                let list = match history_of(&self.spec.predictor) {
                    Some(HistorySpec::Generated { generator, seed }) => draw(&self.spec, generator, *seed),
                    _ => return,
                };
                if let Some(h) = self.history_mut() {
                    *h = HistorySpec::List(list);
                }
            }
            _ => {}
        }
    }

    fn configurations(&mut self, action: Action) {
        let cloud = &mut self.spec.cloud;
        let configurations = &mut cloud.configurations;
        match action {
            Action::AddConfiguration => {
                let name = fresh("c", |n| configurations.iter().any(|c| c.name == n), configurations.len() + 1);
                let formal = cloud.resources.iter().take(1).map(|r| (r.name.clone(), 1.0)).collect();
                configurations.push(ConfigurationSpec { name, formal, actual: None });
            }
            Action::RemoveConfiguration(i) if i < configurations.len() => {
                configurations.remove(i);
            }
            Action::ConfigurationName(i, n) => {
                if let Some(c) = configurations.get_mut(i) {
                    c.name = n;
                }
            }
            Action::ConfigurationFormal(i, m) => {
                if let Some(c) = configurations.get_mut(i) {
                    c.formal = m;
                }
            }
            Action::ConfigurationActual(i, m) => {
                if let Some(c) = configurations.get_mut(i) {
                    c.actual = m;
                }
            }
            _ => {}
        }
    }

    fn algorithm(&mut self, kind: AlgorithmKind) {
        let spec = &mut self.spec.algorithm;
        if AlgorithmKind::of(spec) == kind {
            return;
        }
        let price = unit_price_of(spec);
        // Basic-Econ and the formula keep each other's bounds; Basic-Econ becomes its own price
        // written as a formula (the same results), a starting point to edit.
        let (min_unit_price, max_unit_price, late_penalty) = match spec {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty }
            | AlgorithmSpec::Formula { min_unit_price, max_unit_price, late_penalty, .. } => {
                (*min_unit_price, *max_unit_price, *late_penalty)
            }
            _ => (0.0, None, 0.0),
        };
        *spec = match kind {
            AlgorithmKind::BasicEcon => AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty },
            AlgorithmKind::Formula => AlgorithmSpec::Formula {
                unit_price: "demand_price".into(),
                min_unit_price,
                max_unit_price,
                late_penalty,
            },
            AlgorithmKind::FirstFit => AlgorithmSpec::FirstFit { unit_price: price },
            AlgorithmKind::OnDemand => AlgorithmSpec::OnDemand { unit_price: price },
        };
    }

    fn predictor(&mut self, kind: PredictorKind, seed: u64) {
        let spec = &mut self.spec;
        if PredictorKind::of(&spec.predictor) == kind {
            return;
        }
        let kept = match &spec.predictor {
            PredictorSpec::SpreadHistory { history, period } | PredictorSpec::LpHistory { history, period } => {
                Some((history.clone(), *period))
            }
            _ => None,
        };
        let (history, period) = kept.unwrap_or_else(|| (HistorySpec::List(spec.request_list(seed)), None));
        spec.predictor = match kind {
            PredictorKind::None => PredictorSpec::None,
            PredictorKind::Explicit => {
                PredictorSpec::Explicit { slots: Some(vec![Vec::new(); spec.cloud.horizon as usize]), resources: None }
            }
            PredictorKind::Spread => PredictorSpec::SpreadHistory { history, period },
            PredictorKind::Lp => PredictorSpec::LpHistory { history, period },
        };
    }
}

impl PageState for EraState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::Era;
    const SEED_USE: Option<&'static str> =
        Some("Generated workloads and histories, and the jobs' actual usage, are drawn from it.");
    fn seed_use() -> Option<String> {
        Some(crate::i18n::t("era-seed-use"))
    }

    /// `era-basic`: four bids on one resource, hand-checkable.
    fn example() -> Document<Self> {
        let cloudecon::Document { mut title, mut notes, seed, spec } = cloudecon::era::presets::basic();
        crate::services::data::preset_words("era-basic", &mut title, &mut notes);
        Document { title, notes, seed, state: EraState { spec } }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::Era(spec) => Some(EraState { spec: spec.clone() }),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
        MechanismSpec::Era(self.spec.clone())
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        let n = |i: &usize| (i + 1).to_string();
        match action {
            Action::RemoveResource(i) => Some(crate::said!("era-undo-remove-resource", n = n(i))),
            Action::Algorithm(_) => Some(crate::said!("era-undo-algorithm")),
            Action::Predictor(_) => Some(crate::said!("era-undo-predictor")),
            Action::HistoryFromRequests => Some(crate::said!("era-undo-history-from-requests")),
            Action::RemoveBid(Target::Requests, i) => Some(crate::said!("era-undo-remove-request", n = n(i))),
            Action::RemoveBid(Target::History, i) => Some(crate::said!("era-undo-remove-history-bid", n = n(i))),
            Action::Generated(Target::Requests, _) => Some(crate::said!("era-undo-generated-requests")),
            Action::Generated(Target::History, _) => Some(crate::said!("era-undo-generated-history")),
            Action::RemoveClass(_, i) => Some(crate::said!("era-undo-remove-class", n = n(i))),
            Action::RemoveConfiguration(i) => Some(crate::said!("era-undo-remove-configuration", n = n(i))),
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, seed: u64) {
        let spec = &mut self.spec;
        match action {
            Action::Horizon(h) => spec.cloud.horizon = h,
            Action::SlotMinutes(m) => spec.cloud.slot_minutes = m,
            Action::AddResource => {
                let resources = &mut spec.cloud.resources;
                let name = fresh("r", |n| resources.iter().any(|r| r.name == n), resources.len() + 1);
                resources.push(ResourceSpec { name, is_virtual: false, capacity: CapacitySpec::Constant(10.0) });
            }
            Action::RemoveResource(i) if i < spec.cloud.resources.len() && spec.cloud.resources.len() > 1 => {
                spec.cloud.resources.remove(i);
            }
            Action::RemoveResource(_) => {}
            Action::ResourceName(i, n) => {
                if let Some(r) = spec.cloud.resources.get_mut(i) {
                    r.name = n;
                }
            }
            Action::ResourceVirtual(i, v) => {
                if let Some(r) = spec.cloud.resources.get_mut(i) {
                    r.is_virtual = v;
                }
            }
            Action::ResourceCapacity(i, c) => {
                if let Some(r) = spec.cloud.resources.get_mut(i) {
                    r.capacity = c;
                }
            }
            Action::Algorithm(kind) => self.algorithm(kind),
            Action::MinUnitPrice(x) => {
                if let AlgorithmSpec::BasicEcon { min_unit_price, .. } | AlgorithmSpec::Formula { min_unit_price, .. } =
                    &mut spec.algorithm
                {
                    *min_unit_price = x;
                }
            }
            Action::MaxUnitPrice(x) => {
                if let AlgorithmSpec::BasicEcon { max_unit_price, .. } | AlgorithmSpec::Formula { max_unit_price, .. } =
                    &mut spec.algorithm
                {
                    *max_unit_price = x;
                }
            }
            Action::LatePenalty(x) => {
                if let AlgorithmSpec::BasicEcon { late_penalty, .. } | AlgorithmSpec::Formula { late_penalty, .. } =
                    &mut spec.algorithm
                {
                    *late_penalty = x;
                }
            }
            Action::UnitPriceFormula(text) => {
                if let AlgorithmSpec::Formula { unit_price, .. } = &mut spec.algorithm {
                    *unit_price = text;
                }
            }
            Action::UnitPrice(x) => {
                if let AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } =
                    &mut spec.algorithm
                {
                    *unit_price = x;
                }
            }
            Action::Predictor(kind) => self.predictor(kind, seed),
            Action::Period(p) => {
                if let PredictorSpec::SpreadHistory { period, .. } | PredictorSpec::LpHistory { period, .. } =
                    &mut spec.predictor
                {
                    *period = p;
                }
            }
            Action::HistoryFromRequests => {
                let list = spec.request_list(seed);
                if let PredictorSpec::SpreadHistory { history, .. } | PredictorSpec::LpHistory { history, .. } =
                    &mut spec.predictor
                {
                    *history = HistorySpec::List(list);
                }
            }
            Action::ExplicitSlot(t, points) => {
                if let PredictorSpec::Explicit { slots, .. } = &mut spec.predictor {
                    let slots = slots.get_or_insert_with(Vec::new);
                    if slots.len() <= t {
                        slots.resize(t + 1, Vec::new());
                    }
                    slots[t] = points;
                }
            }
            Action::AddBid(target) => {
                let horizon = spec.cloud.horizon;
                if let Some(list) = self.list_mut(target) {
                    let id = fresh("bid-", |n| list.iter().any(|r| r.id.as_deref() == Some(n)), list.len() + 1);
                    list.push(RequestSpec {
                        id: Some(id),
                        class: None,
                        submit: 0,
                        value: 10.0,
                        parts: vec![PartSpec { config: None, count: 1.0, duration: 1, arrival: 0, deadline: horizon }],
                    });
                }
            }
            Action::RemoveBid(target, i) => {
                if let Some(list) = self.list_mut(target) {
                    if i < list.len() {
                        list.remove(i);
                    }
                }
            }
            Action::EditBid(target, i, edit) => {
                if let Some(r) = self.list_mut(target).and_then(|l| l.get_mut(i)) {
                    edit_bid(r, edit);
                }
            }
            Action::Generated(target, on) => self.generated(target, on, seed),
            Action::AddClass(target) => {
                let horizon = spec.cloud.horizon;
                if let Some(generator) = self.generator_mut(target) {
                    let classes = &mut generator.classes;
                    let name = fresh("class-", |n| classes.iter().any(|c| c.name == n), classes.len() + 1);
                    classes.push(default_class(name, horizon));
                }
            }
            Action::RemoveClass(target, i) => {
                if let Some(generator) = self.generator_mut(target) {
                    remove_row(&mut generator.classes, i);
                }
            }
            Action::EditClass(target, i, edit) => {
                if let Some(c) = self.generator_mut(target).and_then(|g| g.classes.get_mut(i)) {
                    edit_class(c, edit);
                }
            }
            Action::HistorySeed(s) => {
                if let Some(HistorySpec::Generated { seed, .. }) = self.history_mut() {
                    *seed = s;
                }
            }
            a @ (Action::AddConfiguration
            | Action::RemoveConfiguration(_)
            | Action::ConfigurationName(..)
            | Action::ConfigurationFormal(..)
            | Action::ConfigurationActual(..)) => self.configurations(a),
            Action::ActualUsage(u) => spec.actual_usage = u,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::document::testing::edit;

    type Doc = Document<EraState>;

    fn list(d: &Doc) -> Vec<RequestSpec> {
        match &d.state.spec.requests {
            RequestsSpec::List(l) => l.clone(),
            RequestsSpec::Generated { .. } => panic!("a list"),
        }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn bids_are_added_edited_and_removed() {
        let d = Doc::default();
        assert_eq!(list(&d).len(), 4);
        let more = edit(&d, Action::AddBid(Target::Requests));
        assert_eq!(list(&more)[4].id.as_deref(), Some("bid-5"));
        let dear = edit(&d, Action::EditBid(Target::Requests, 2, BidEdit::Value(25.0)));
        assert_eq!(list(&dear)[2].value, 25.0);
        let part = edit(&dear, Action::EditBid(Target::Requests, 2, BidEdit::Count(0.0)));
        assert_eq!(list(&part)[2].parts[0].count, 0.0);
        assert!(part.to_scenario().validate().is_err(), "a count of 0 is a problem, kept in the document");
        assert_eq!(list(&edit(&d, Action::RemoveBid(Target::Requests, 0)))[0].id.as_deref(), Some("daytime"));
        assert_eq!(edit(&d, Action::RemoveBid(Target::Requests, 9)), d);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn algorithms_and_predictors_switch_with_their_options() {
        let d = Doc::default();
        let ff = edit(&d, Action::Algorithm(AlgorithmKind::FirstFit));
        assert_eq!(ff.state.spec.algorithm, AlgorithmSpec::FirstFit { unit_price: 1.0 });
        let od = edit(&edit(&ff, Action::UnitPrice(2.5)), Action::Algorithm(AlgorithmKind::OnDemand));
        assert_eq!(od.state.spec.algorithm, AlgorithmSpec::OnDemand { unit_price: 2.5 });
        let spread = edit(&d, Action::Predictor(PredictorKind::Spread));
        let PredictorSpec::SpreadHistory { history: HistorySpec::List(h), period: None } = &spread.state.spec.predictor
        else {
            panic!("a spread predictor over the requests")
        };
        assert_eq!(h, &list(&d));
        let lp = edit(&edit(&spread, Action::Period(Some(6))), Action::Predictor(PredictorKind::Lp));
        assert!(matches!(lp.state.spec.predictor, PredictorSpec::LpHistory { period: Some(6), .. }));
        assert!(lp.to_scenario().validate().is_ok());
        let explicit = edit(&lp, Action::Predictor(PredictorKind::Explicit));
        let curve = vec![PointSpec { units: 3.0, unit_value: 4.0 }];
        let edited = edit(&explicit, Action::ExplicitSlot(2, curve.clone()));
        let PredictorSpec::Explicit { slots: Some(slots), .. } = &edited.state.spec.predictor else {
            panic!("explicit slots")
        };
        assert_eq!((slots.len(), &slots[2]), (12, &curve));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_generator_draws_bids_that_become_a_list_and_a_history() {
        let d = edit(&Doc::default(), Action::Generated(Target::Requests, true));
        let d = edit(
            &edit(&d, Action::AddClass(Target::Requests)),
            Action::EditClass(Target::Requests, 1, ClassEdit::Rate(1.0)),
        );
        let drawn = d.requests();
        assert!(!drawn.is_empty());
        assert!(d.to_scenario().validate().is_ok());
        let spread = edit(&edit(&d, Action::Predictor(PredictorKind::Spread)), Action::HistoryFromRequests);
        assert!(
            matches!(&spread.state.spec.predictor, PredictorSpec::SpreadHistory { history: HistorySpec::List(h), .. } if *h == drawn)
        );
        let listed = edit(&d, Action::Generated(Target::Requests, false));
        assert_eq!(list(&listed), drawn);
        assert_eq!(Doc::from_scenario(&listed.to_scenario()), Some(listed));
    }

    fn history(d: &Doc) -> HistorySpec {
        history_of(&d.state.spec.predictor).cloned().expect("a history predictor")
    }

    fn day_night() -> Doc {
        let cloudecon::Document { title, notes, seed, spec } = cloudecon::era::presets::day_night(true);
        Document { title, notes, seed, state: EraState { spec } }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_history_is_edited_as_a_list_or_a_generator() {
        let d = day_night();
        let HistorySpec::List(h) = history(&d) else { panic!("a list history") };
        assert_eq!(h.len(), 90);
        let dear = edit(&d, Action::EditBid(Target::History, 0, BidEdit::Value(99.0)));
        let HistorySpec::List(h2) = history(&dear) else { panic!("a list history") };
        assert_eq!((h2[0].value, &h2[1..]), (99.0, &h[1..]));
        assert_eq!(list(&dear), list(&d), "the live requests are untouched");
        let HistorySpec::List(h3) = history(&edit(&dear, Action::AddBid(Target::History))) else { panic!() };
        assert_eq!((h3.len(), h3[90].id.as_deref()), (91, Some("bid-91")));
        let HistorySpec::List(h4) = history(&edit(&dear, Action::RemoveBid(Target::History, 0))) else { panic!() };
        assert_eq!(&h4[..], &h[1..]);
        assert_eq!(edit(&d, Action::AddClass(Target::History)), d, "no generator to edit");

        let g = edit(&d, Action::Generated(Target::History, true));
        let HistorySpec::Generated { generator, seed } = history(&g) else { panic!("a generated history") };
        assert_eq!((generator.classes.len(), seed), (1, d.seed));
        assert_eq!(list(&g), list(&d));
        let g = edit(
            &edit(&g, Action::AddClass(Target::History)),
            Action::EditClass(Target::History, 1, ClassEdit::Rate(2.0)),
        );
        let g = edit(&g, Action::HistorySeed(7));
        let HistorySpec::Generated { generator, seed } = history(&g) else { panic!("a generated history") };
        assert_eq!((generator.classes.len(), generator.classes[1].rate, seed), (2, 2.0, 7));
        assert!(g.to_scenario().validate().is_ok());
        let drawn = draw(&g.state.spec, &generator, 7);
        assert!(!drawn.is_empty());
        let back = edit(&g, Action::Generated(Target::History, false));
        assert_eq!(history(&back), HistorySpec::List(drawn));
        assert_eq!(Doc::from_scenario(&back.to_scenario()), Some(back));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn configurations_are_added_edited_used_and_removed() {
        let d = Doc::default();
        assert!(d.state.spec.cloud.configurations.is_empty());
        let c = edit(&d, Action::AddConfiguration);
        let k = &c.state.spec.cloud.configurations[0];
        let first = d.state.spec.cloud.resources[0].name.clone();
        assert_eq!((k.name.as_str(), k.formal.get(&first), &k.actual), ("c1", Some(&1.0), &None));
        assert!(c.to_scenario().validate().is_ok());
        let two = BTreeMap::from([(first.clone(), 2.0)]);
        let c = edit(&c, Action::ConfigurationFormal(0, two.clone()));
        let c = edit(&c, Action::ConfigurationActual(0, Some(BTreeMap::from([(first.clone(), 1.0)]))));
        let c = edit(&edit(&c, Action::ConfigurationName(0, "big".into())), Action::AddConfiguration);
        let cs = &c.state.spec.cloud.configurations;
        assert_eq!((cs[0].name.as_str(), &cs[0].formal, cs[1].name.as_str()), ("big", &two, "c2"));
        let used = edit(&c, Action::EditBid(Target::Requests, 0, BidEdit::Config(Some("big".into()))));
        assert_eq!(list(&used)[0].parts[0].config.as_deref(), Some("big"));
        assert!(used.to_scenario().validate().is_ok());
        let unknown = edit(&used, Action::EditBid(Target::Requests, 0, BidEdit::Config(Some("nope".into()))));
        assert!(unknown.to_scenario().validate().is_err());
        assert_eq!(
            list(&edit(&used, Action::EditBid(Target::Requests, 0, BidEdit::Config(Some(String::new())))))[0].parts[0]
                .config,
            None
        );
        // Renaming the resource leaves an unknown name: a problem with a path, no panic.
        let renamed = edit(&used, Action::ResourceName(0, "other".into()));
        let problems = format!("{:?}", renamed.to_scenario().validate().unwrap_err());
        assert!(problems.contains("cloud.configurations[0]"), "{problems}");
        // So does removing a resource a configuration uses.
        let more =
            edit(&edit(&c, Action::AddResource), Action::ConfigurationFormal(1, BTreeMap::from([("r2".into(), 1.0)])));
        let problems = format!("{:?}", edit(&more, Action::RemoveResource(1)).to_scenario().validate().unwrap_err());
        assert!(problems.contains("cloud.configurations[1]"), "{problems}");
        let removed = edit(&edit(&used, Action::RemoveConfiguration(1)), Action::RemoveConfiguration(0));
        assert!(removed.state.spec.cloud.configurations.is_empty());
        assert_eq!(edit(&removed, Action::RemoveConfiguration(0)), removed);
    }

    /// "Show as formula" beside Basic-Econ: the core's twin (demand_price, the same bounds and
    /// late penalty), with Basic-Econ's results (run natively).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn basic_econ_shown_as_a_formula_is_its_twin() {
        let mut d = Doc::default();
        d.state.spec.algorithm =
            AlgorithmSpec::BasicEcon { min_unit_price: 0.5, max_unit_price: Some(4.0), late_penalty: 0.1 };
        let shown = edit(&d, Action::Algorithm(AlgorithmKind::Formula));
        assert_eq!(Some(shown.state.spec.algorithm.clone()), d.state.spec.algorithm.as_formula());
        #[cfg(not(target_arch = "wasm32"))]
        {
            let metrics = |doc: &Doc| match cloudecon::runner::run(&doc.to_scenario()) {
                Ok(cloudecon::RunOutput::Era(r)) => {
                    serde_json::to_string(&(r.metrics, r.decisions, r.series)).expect("JSON")
                }
                other => panic!("an ERA result, got {other:?}"),
            };
            assert_eq!(metrics(&shown), metrics(&d));
        }
    }
}
