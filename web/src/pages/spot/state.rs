//! State of the spot page: the `spot` document's fields as plain data plus an [`Action`] reducer.
//! Pure — files are read and parsed by the editors, persistence and runs happen in the page's
//! effects. The document's seed drives only the learner's draws.

use cloudecon::spot::formula::FormulaFamilySpec;
use cloudecon::spot::grid::Named;
use cloudecon::spot::jobs::{GeneratorSpec, JobSpec, JobsSpec, SwfSpec};
use cloudecon::spot::learner::StepRule;
use cloudecon::spot::model::RemainingUnit;
use cloudecon::spot::policies::{BidSpec, FamilySpec, PaperSet, PoliciesSpec, PolicyEntry, PolicySpec};
use cloudecon::spot::prices::{PriceModelSpec, Switch};
use cloudecon::spot::scenario::DelaySpec;
use cloudecon::spot::SpotScenario;
use cloudecon::{MechanismKind, MechanismSpec};

use crate::components::Choice;
use crate::i18n::t;
use crate::pages::document::{remove_row, Document, PageState};

#[derive(Debug, Clone, PartialEq)]
pub struct SpotState {
    pub spec: SpotScenario,
}

/// The price models, in the menu's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceKind {
    Trace,
    Gaussian,
    Schedule,
    Alternating,
    Ec2History,
}

impl PriceKind {
    pub const ALL: [PriceKind; 5] =
        [PriceKind::Trace, PriceKind::Gaussian, PriceKind::Schedule, PriceKind::Alternating, PriceKind::Ec2History];

    pub fn of(m: &PriceModelSpec) -> Self {
        match m {
            PriceModelSpec::Trace { .. } => PriceKind::Trace,
            PriceModelSpec::Gaussian { .. } => PriceKind::Gaussian,
            PriceModelSpec::Schedule { .. } => PriceKind::Schedule,
            PriceModelSpec::Alternating { .. } => PriceKind::Alternating,
            PriceModelSpec::Ec2History { .. } => PriceKind::Ec2History,
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            PriceKind::Trace => "trace",
            PriceKind::Gaussian => "gaussian",
            PriceKind::Schedule => "schedule",
            PriceKind::Alternating => "alternating",
            PriceKind::Ec2History => "ec2_history",
        }
    }

    pub fn from_tag(tag: &str) -> Self {
        Self::ALL.into_iter().find(|k| k.tag() == tag).unwrap_or(PriceKind::Gaussian)
    }

    /// The menu's words for the kind, in the reader's language.
    pub fn label(self) -> String {
        t(match self {
            PriceKind::Trace => "spot-price-kind-trace",
            PriceKind::Gaussian => "spot-price-kind-gaussian",
            PriceKind::Schedule => "spot-price-kind-schedule",
            PriceKind::Alternating => "spot-price-kind-alternating",
            PriceKind::Ec2History => "spot-price-kind-ec2",
        })
    }

    /// A model of this kind to start from, near the current one's prices (`p` the on-demand
    /// price). An EC2 history starts empty: the editor asks for a file.
    pub fn default_model(self, current: &PriceModelSpec, p: f64) -> PriceModelSpec {
        let mean = match current {
            PriceModelSpec::Gaussian { mean, .. } => *mean,
            PriceModelSpec::Alternating { high, low, .. } => (high + low) / 2.0,
            _ => p * 0.6,
        };
        match self {
            PriceKind::Trace => PriceModelSpec::Trace { prices: vec![mean, mean * 0.8, mean * 1.2] },
            PriceKind::Gaussian => PriceModelSpec::Gaussian { mean, sd: 0.05, seed: 0 },
            PriceKind::Schedule => PriceModelSpec::Schedule {
                switches: vec![
                    Switch { from_job: 0.0, model: PriceModelSpec::Gaussian { mean, sd: 0.05, seed: 0 } },
                    Switch { from_job: 0.5, model: PriceModelSpec::Gaussian { mean: mean * 1.5, sd: 0.05, seed: 1 } },
                ],
            },
            PriceKind::Alternating => PriceModelSpec::Alternating { high: p * 0.8, low: p * 0.4, period_hours: 12 },
            PriceKind::Ec2History => PriceModelSpec::Ec2History {
                csv: String::new(),
                instance_type: String::new(),
                location: String::new(),
                product: "Linux/UNIX".into(),
                start: String::new(),
            },
        }
    }
}

/// Where the jobs come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobsKind {
    Generator,
    List,
    Swf,
}

impl JobsKind {
    pub fn of(j: &JobsSpec) -> Self {
        match j {
            JobsSpec::Generator(_) => JobsKind::Generator,
            JobsSpec::List(_) => JobsKind::List,
            JobsSpec::Swf(_) => JobsKind::Swf,
        }
    }
}

impl Choice for JobsKind {
    const ALL: &'static [JobsKind] = &[JobsKind::Generator, JobsKind::List, JobsKind::Swf];

    fn tag(self) -> &'static str {
        match self {
            JobsKind::Generator => "generator",
            JobsKind::List => "list",
            JobsKind::Swf => "swf",
        }
    }

    fn label(self) -> &'static str {
        // The trait asks for `&'static str`: one copy of each text per language.
        crate::i18n::fixed(match self {
            JobsKind::Generator => "spot-jobs-kind-generator",
            JobsKind::List => "spot-jobs-kind-list",
            JobsKind::Swf => "spot-jobs-kind-swf",
        })
    }
}

/// A change to the generator.
pub enum GeneratorEdit {
    Count(u64),
    MeanGap(f64),
    SizeMax(f64),
    Parallelism(f64),
    ValueFactor([f64; 2]),
    DeadlineFactor([f64; 2]),
    Seed(u64),
}

/// A change to one listed job.
pub enum JobEdit {
    Arrival(u64),
    Deadline(u32),
    Size(f64),
    Parallelism(f64),
    Value(f64),
}

/// A change to a workload log's replay.
pub enum SwfEdit {
    Count(Option<u64>),
    ValueFactor([f64; 2]),
    DeadlineFactor([f64; 2]),
    Seed(u64),
}

/// A change to one listed policy.
pub enum PolicyEdit {
    Sigma(f64),
    Threshold(u32),
    B(f64),
    Gamma(f64),
    Epsilon(f64),
}

pub enum Action {
    SlotMinutes(u32),
    OnDemandPrice(f64),
    PriceKind(PriceKind),
    /// The whole price model (the editors edit it as a value: a schedule holds models).
    Price(PriceModelSpec),
    JobsKind(JobsKind),
    Generator(GeneratorEdit),
    AddJob,
    RemoveJob(usize),
    EditJob(usize, JobEdit),
    /// A workload log's text (already checked by the editor): replayed once, the paper's factors.
    SwfLog(String),
    Swf(SwfEdit),
    /// A paper set or an explicit list (the builder's).
    Policies(PoliciesSpec),
    RemovePolicy(usize),
    EditPolicy(usize, PolicyEdit),
    /// A formula family added to the list (a paper set is kept, by its name, beside it).
    AddFormulaFamily,
    EditFormula(usize, FormulaEdit),
    /// The unit of `m` in the policies' tests.
    RemainingUnit(RemainingUnit),
    Delay(DelaySpec),
    StepSize(StepRule),
    PayoffScale(f64),
    /// `None`: the default counts.
    Snapshots(Option<Vec<u64>>),
}

/// A few jobs to start a table from.
fn sample_jobs() -> Vec<JobSpec> {
    vec![
        JobSpec { arrival: 0, deadline: 2, size: 20.0, parallelism: 20.0, value: 5.0 },
        JobSpec { arrival: 2, deadline: 3, size: 40.0, parallelism: 20.0, value: 12.0 },
        JobSpec { arrival: 5, deadline: 1, size: 10.0, parallelism: 10.0, value: 2.5 },
    ]
}

/// Most jobs a table takes over from the current jobs (more are left to the generator or log).
pub const TABLE_FROM_JOBS: usize = 2_000;

impl SpotState {
    /// The current jobs as a table (at most [`TABLE_FROM_JOBS`]), if they can be drawn.
    fn jobs_as_table(&self) -> Option<Vec<JobSpec>> {
        let s = &self.spec;
        let minutes_ok = s.slot_minutes >= 1 && 60 % s.slot_minutes == 0;
        let mut problems = cloudecon::error::Problems::new();
        s.jobs.validate(s.per_hour(), &mut problems);
        if !minutes_ok || !problems.is_empty() {
            return None;
        }
        let jobs = s.jobs.build(s.on_demand_price, s.slot_minutes, s.per_hour()).ok()?;
        let list: Vec<JobSpec> = jobs
            .iter()
            .take(TABLE_FROM_JOBS)
            .map(|j| JobSpec {
                arrival: j.arrival,
                deadline: j.deadline,
                size: j.size,
                parallelism: j.parallelism,
                value: j.value,
            })
            .collect();
        (!list.is_empty()).then_some(list)
    }

    fn jobs_kind(&mut self, kind: JobsKind) {
        if JobsKind::of(&self.spec.jobs) == kind {
            return;
        }
        self.spec.jobs = match kind {
            JobsKind::Generator => JobsSpec::Generator(GeneratorSpec::default()),
            JobsKind::List => JobsSpec::List(self.jobs_as_table().unwrap_or_else(sample_jobs)),
            // A log needs a file: until one is chosen, an empty log (a problem at `jobs.swf`).
            JobsKind::Swf => JobsSpec::Swf(swf_spec(String::new())),
        };
    }
}

fn swf_spec(swf: String) -> SwfSpec {
    let g = GeneratorSpec::default();
    SwfSpec {
        swf,
        count: None,
        value_factor: g.value_factor,
        deadline_factor: g.deadline_factor,
        seed: 0,
        window_start_hours: None,
        window_hours: None,
    }
}

/// An edit of a formula family's field.
#[derive(Debug, Clone, PartialEq)]
pub enum FormulaEdit {
    OnDemand(String),
    Spot(String),
    Bid(String),
    Drop(String),
    Gamma(Option<f64>),
    Params(Vec<(String, Vec<f64>)>),
}

/// The family a new formula family starts from: spot only at bid b until the last hour, then on
/// demand; b over the paper's synthetic bids.
pub fn starter_family() -> FormulaFamilySpec {
    FormulaFamilySpec {
        name: None,
        on_demand: "if(m > 1, 0, a)".into(),
        spot: "if(m > 1, a, 0)".into(),
        bid: "b".into(),
        drop: "r > m*c || q >= v".into(),
        gamma: None,
        params: Named(vec![("b".into(), PaperSet::Synthetic.bids().to_vec())]),
    }
}

fn edit_formula(f: &mut FormulaFamilySpec, edit: FormulaEdit) {
    match edit {
        FormulaEdit::OnDemand(x) => f.on_demand = x,
        FormulaEdit::Spot(x) => f.spot = x,
        FormulaEdit::Bid(x) => f.bid = x,
        FormulaEdit::Drop(x) => f.drop = x,
        FormulaEdit::Gamma(g) => f.gamma = g,
        FormulaEdit::Params(p) => f.params = Named(p),
    }
}

fn edit_policy(p: &mut PolicySpec, edit: PolicyEdit) {
    match (edit, &mut p.family, &mut p.bid) {
        (PolicyEdit::Sigma(x), FamilySpec::RateCentric { sigma }, _) => *sigma = x,
        (PolicyEdit::Threshold(m), FamilySpec::DeadlineCentric { m_threshold }, _) => *m_threshold = m,
        (PolicyEdit::B(x), _, BidSpec::Fixed { b }) => *b = x,
        (PolicyEdit::Gamma(x), _, BidSpec::Variable { gamma, .. }) => *gamma = x,
        (PolicyEdit::Epsilon(x), _, BidSpec::Variable { epsilon, .. }) => *epsilon = x,
        _ => {}
    }
}

impl PageState for SpotState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::Spot;
    const SEED_USE: Option<&'static str> = Some(
        "It drives the learner's draws of the policy it applies (the realized payoff); the price model and \
         the job generator have seeds of their own.",
    );
    fn seed_use() -> Option<String> {
        Some(crate::i18n::t("spot-seed-use"))
    }

    /// `spot-basic`: four policies, 300 jobs, computed as you type.
    fn example() -> Document<Self> {
        let cloudecon::Document { mut title, mut notes, seed, spec } = cloudecon::spot::presets::basic();
        crate::services::data::preset_words("spot-basic", &mut title, &mut notes);
        Document { title, notes, seed, state: SpotState { spec } }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::Spot(spec) => Some(SpotState { spec: spec.clone() }),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
        MechanismSpec::Spot(self.spec.clone())
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        let s = &self.spec;
        match action {
            Action::PriceKind(k) if *k != PriceKind::of(&s.spot_price) => {
                Some(crate::said!("spot-replaces-price-model"))
            }
            Action::JobsKind(k) if *k != JobsKind::of(&s.jobs) => Some(crate::said!("spot-replaces-jobs-kind")),
            Action::SwfLog(_) => Some(crate::said!("spot-replaces-swf")),
            Action::RemoveJob(i) => Some(crate::said!("spot-replaces-job", n = (i + 1).to_string())),
            Action::Policies(p) if *p != s.policies => Some(crate::said!("spot-replaces-policies")),
            Action::RemovePolicy(i) => Some(crate::said!("spot-replaces-policy", n = (i + 1).to_string())),
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, _seed: u64) {
        let spec = &mut self.spec;
        match action {
            Action::SlotMinutes(m) => spec.slot_minutes = m,
            Action::OnDemandPrice(p) => spec.on_demand_price = p,
            Action::PriceKind(kind) if PriceKind::of(&spec.spot_price) != kind => {
                spec.spot_price = kind.default_model(&spec.spot_price, spec.on_demand_price);
            }
            Action::PriceKind(_) => {}
            Action::Price(m) => spec.spot_price = m,
            Action::JobsKind(kind) => self.jobs_kind(kind),
            Action::Generator(edit) => {
                if let JobsSpec::Generator(g) = &mut spec.jobs {
                    match edit {
                        GeneratorEdit::Count(c) => g.count = c,
                        GeneratorEdit::MeanGap(x) => g.mean_gap_minutes = x,
                        GeneratorEdit::SizeMax(x) => g.size_max = x,
                        GeneratorEdit::Parallelism(x) => g.parallelism = x,
                        GeneratorEdit::ValueFactor(f) => g.value_factor = f,
                        GeneratorEdit::DeadlineFactor(f) => g.deadline_factor = f,
                        GeneratorEdit::Seed(s) => g.seed = s,
                    }
                }
            }
            Action::AddJob => {
                if let JobsSpec::List(list) = &mut spec.jobs {
                    let last = list.last().copied().unwrap_or(sample_jobs()[0]);
                    list.push(JobSpec { arrival: last.arrival + 1, ..last });
                }
            }
            Action::RemoveJob(i) => {
                if let JobsSpec::List(list) = &mut spec.jobs {
                    remove_row(list, i);
                }
            }
            Action::EditJob(i, edit) => {
                if let Some(j) = match &mut spec.jobs {
                    JobsSpec::List(list) => list.get_mut(i),
                    _ => None,
                } {
                    match edit {
                        JobEdit::Arrival(a) => j.arrival = a,
                        JobEdit::Deadline(d) => j.deadline = d,
                        JobEdit::Size(x) => j.size = x,
                        JobEdit::Parallelism(x) => j.parallelism = x,
                        JobEdit::Value(x) => j.value = x,
                    }
                }
            }
            Action::SwfLog(text) => match &mut spec.jobs {
                JobsSpec::Swf(s) => s.swf = text,
                other => *other = JobsSpec::Swf(swf_spec(text)),
            },
            Action::Swf(edit) => {
                if let JobsSpec::Swf(s) = &mut spec.jobs {
                    match edit {
                        SwfEdit::Count(c) => s.count = c,
                        SwfEdit::ValueFactor(f) => s.value_factor = f,
                        SwfEdit::DeadlineFactor(f) => s.deadline_factor = f,
                        SwfEdit::Seed(x) => s.seed = x,
                    }
                }
            }
            Action::Policies(p) => spec.policies = p,
            Action::RemovePolicy(i) => {
                if let PoliciesSpec::List(list) = &mut spec.policies {
                    remove_row(list, i);
                }
            }
            Action::EditPolicy(i, edit) => {
                if let PoliciesSpec::List(list) = &mut spec.policies {
                    if let Some(PolicyEntry::Paper(p)) = list.get_mut(i) {
                        edit_policy(p, edit);
                    }
                }
            }
            Action::AddFormulaFamily => {
                let mut list = match &spec.policies {
                    PoliciesSpec::Paper(set) => vec![PolicyEntry::Set(*set)],
                    PoliciesSpec::List(l) => l.clone(),
                };
                list.push(PolicyEntry::Formula(starter_family()));
                spec.policies = PoliciesSpec::List(list);
            }
            Action::EditFormula(i, edit) => {
                if let PoliciesSpec::List(list) = &mut spec.policies {
                    if let Some(PolicyEntry::Formula(f)) = list.get_mut(i) {
                        edit_formula(f, edit);
                    }
                }
            }
            Action::RemainingUnit(u) => spec.remaining_unit = u,
            Action::Delay(d) => spec.delay = d,
            Action::StepSize(r) => spec.step_size = r,
            Action::PayoffScale(x) => spec.payoff_scale = x,
            Action::Snapshots(s) => spec.snapshots = s,
        }
    }
}

/// The policy set as the editor's menu names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetKind {
    Synthetic,
    Real,
    List,
}

impl SetKind {
    /// The menu's entry: a paper set, alone or with only formula families beside it, is that set.
    pub fn of(p: &PoliciesSpec) -> Self {
        let named = |set: PaperSet| match set {
            PaperSet::Synthetic => SetKind::Synthetic,
            PaperSet::Real => SetKind::Real,
        };
        match p {
            PoliciesSpec::Paper(set) => named(*set),
            PoliciesSpec::List(list) => match list.as_slice() {
                [PolicyEntry::Set(set), rest @ ..] if rest.iter().all(|e| matches!(e, PolicyEntry::Formula(_))) => {
                    named(*set)
                }
                _ => SetKind::List,
            },
        }
    }

    /// The policies after choosing this entry in the menu. The formula families written beside
    /// the paper's policies stay (the menu chooses which of the paper's policies they are beside);
    /// a custom list writes the paper's policies out one by one, to edit.
    pub fn choose(self, current: &PoliciesSpec) -> PoliciesSpec {
        let families: Vec<PolicyEntry> =
            current.entries().into_iter().filter(|e| matches!(e, PolicyEntry::Formula(_))).collect();
        let set = match self {
            SetKind::Synthetic => PaperSet::Synthetic,
            SetKind::Real => PaperSet::Real,
            SetKind::List => {
                let mut list = Vec::new();
                for e in current.entries() {
                    match e {
                        PolicyEntry::Set(set) => list.extend(set.policies().into_iter().map(PolicyEntry::Paper)),
                        other => list.push(other),
                    }
                }
                return PoliciesSpec::List(list);
            }
        };
        if families.is_empty() {
            PoliciesSpec::Paper(set)
        } else {
            PoliciesSpec::List(std::iter::once(PolicyEntry::Set(set)).chain(families).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::document::testing::{edit, guarded, problems};
    use crate::pages::document::{DocAction, Replacement};

    type Doc = Document<SpotState>;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn price_models_switch_and_bad_numbers_are_kept_with_their_paths() {
        let d = Doc::default();
        assert!(d.to_scenario().validate().is_ok());
        for kind in PriceKind::ALL {
            let e = edit(&d, Action::PriceKind(kind));
            assert_eq!(PriceKind::of(&e.state.spec.spot_price), kind);
            let valid = e.to_scenario().validate();
            assert_eq!(valid.is_ok(), kind != PriceKind::Ec2History, "{kind:?}: {valid:?}");
        }
        let bad = edit(&d, Action::SlotMinutes(7));
        assert_eq!(bad.state.spec.slot_minutes, 7);
        assert!(problems(&bad).contains("slot_minutes"), "{}", problems(&bad));
        let sigma = edit(&d, Action::EditPolicy(0, PolicyEdit::Sigma(1.5)));
        assert!(problems(&sigma).contains("policies[0].sigma"), "{}", problems(&sigma));
        assert_eq!(edit(&d, Action::EditPolicy(0, PolicyEdit::Gamma(0.5))), d, "a fixed bid has no γ");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_remaining_unit_toggles_and_only_slots_is_written() {
        let d = Doc::default();
        assert_eq!(d.state.spec.remaining_unit, RemainingUnit::Hours);
        let slots = edit(&d, Action::RemainingUnit(RemainingUnit::Slots));
        assert_eq!(slots.state.spec.remaining_unit, RemainingUnit::Slots);
        assert!(slots.to_scenario().to_json().contains("\"remaining_unit\":\"slots\""));
        assert_eq!(Doc::from_scenario(&slots.to_scenario()), Some(slots.clone()));
        let back = edit(&slots, Action::RemainingUnit(RemainingUnit::Hours));
        assert_eq!(back, d);
        assert!(!back.to_scenario().to_json().contains("remaining_unit"));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn jobs_switch_between_generator_table_and_log() {
        let d = Doc::default();
        let table = edit(&d, Action::JobsKind(JobsKind::List));
        let JobsSpec::List(list) = &table.state.spec.jobs else { panic!("a table") };
        assert_eq!(list.len(), 300, "the generator's jobs become the table");
        assert!(table.to_scenario().validate().is_ok());
        let more = edit(&edit(&table, Action::AddJob), Action::EditJob(300, JobEdit::Value(9.0)));
        let JobsSpec::List(l2) = &more.state.spec.jobs else { panic!("a table") };
        assert_eq!((l2.len(), l2[300].value), (301, 9.0));
        let fewer = edit(&more, Action::RemoveJob(0));
        let JobsSpec::List(l3) = &fewer.state.spec.jobs else { panic!("a table") };
        assert_eq!(&l3[..], &l2[1..]);
        let log = edit(&d, Action::JobsKind(JobsKind::Swf));
        assert!(problems(&log).contains("jobs.swf"));
        let log = edit(
            &log,
            Action::SwfLog(
                cloudecon::data::Data::embedded().get(&cloudecon::data::NASA_IPSC).unwrap_or_default().into(),
            ),
        );
        assert!(log.to_scenario().validate().is_ok(), "{}", problems(&log));
        let counted = edit(&log, Action::Swf(SwfEdit::Count(Some(0))));
        assert!(problems(&counted).contains("jobs.count"));
        let back = edit(&log, Action::JobsKind(JobsKind::Generator));
        assert_eq!(back.state.spec.jobs, JobsSpec::Generator(GeneratorSpec::default()));
        assert_eq!(Doc::from_scenario(&back.to_scenario()), Some(back));
    }

    /// Issue 38: a formula family survives a switch of the paper set and back to a custom list,
    /// and every switch that replaces the policies is undoable.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_formula_family_survives_switching_the_set_and_the_switch_is_undoable() {
        let d = edit(&Doc::default(), Action::AddFormulaFamily);
        let at = d.state.spec.policies.entries().iter().position(|e| matches!(e, PolicyEntry::Formula(_))).unwrap();
        let d = edit(&d, Action::EditFormula(at, FormulaEdit::Drop("q >= v".into())));
        let family = d.state.spec.policies.entries().into_iter().find(|e| matches!(e, PolicyEntry::Formula(_)));
        assert!(family.is_some());
        let synthetic = SetKind::Synthetic.choose(&d.state.spec.policies);
        assert_eq!(SetKind::of(&synthetic), SetKind::Synthetic);
        let g = guarded(&d, vec![DocAction::Edit(Action::Policies(synthetic.clone()))]);
        assert_eq!(
            g.undo.as_ref().map(|u| u.by.clone()),
            Some(Replacement::Edit(crate::said!("spot-replaces-policies")))
        );
        let listed = SetKind::List.choose(&g.doc.state.spec.policies);
        assert_eq!(SetKind::of(&listed), SetKind::List);
        assert_eq!(listed.count(), synthetic.count(), "the same experts, written out");
        assert!(listed.entries().contains(family.as_ref().unwrap()), "the family is still there");
        // Undo of a switch brings back the list as it was, and Undo again redoes it.
        let undone = guarded(&d, vec![DocAction::Edit(Action::Policies(synthetic.clone())), DocAction::Undo]);
        assert_eq!(undone.doc, d);
        let redone = guarded(&d, vec![DocAction::Edit(Action::Policies(synthetic)), DocAction::Undo, DocAction::Undo]);
        assert_eq!(SetKind::of(&redone.doc.state.spec.policies), SetKind::Synthetic);
        // Without families, a paper set is the set itself.
        assert_eq!(
            SetKind::Real.choose(&PoliciesSpec::Paper(PaperSet::Synthetic)),
            PoliciesSpec::Paper(PaperSet::Real)
        );
        // Edits in place are not replacements.
        let g = guarded(&d, vec![DocAction::Edit(Action::PayoffScale(2.0))]);
        assert!(g.undo.is_none());
    }
}
