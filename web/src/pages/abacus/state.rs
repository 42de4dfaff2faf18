//! State of the Abacus page: the scenario document as plain data plus an [`Action`] reducer.
//! Pure — persistence and runs happen in effects of the page.

use std::rc::Rc;

use cloudecon::abacus::schedule::{Arrivals, Policy, ScheduleSpec, UserSpec};
use cloudecon::abacus::{AbacusScenario, JobSpec, ResourceSpec, SweepSpec, UtilityKind, UtilitySpec};
use cloudecon::{MechanismKind, MechanismSpec, Scenario};
use yew::prelude::*;

use crate::hooks::Document;

#[derive(Debug, Clone, PartialEq)]
pub struct AbacusState {
    pub title: String,
    pub notes: String,
    pub seed: u64,
    pub spec: AbacusScenario,
}

/// A change to one job's bid.
pub enum JobEdit {
    Name(String),
    Budget(f64),
    Kind(UtilityKind),
    Weight(usize, f64),
    Exponent(f64),
}

/// A change to one scheduler user.
pub enum UserEdit {
    Name(String),
    Budget(f64),
    ReportedBudget(Option<f64>),
    Weight(usize, f64),
    ReportedWeight(usize, Option<f64>),
    Arrivals(Arrivals),
    Tasks(usize, u32),
    Duration(usize, f64),
}

pub enum Action {
    Alpha(f64),
    Tolerance(f64),
    MaxIterations(u32),
    AddJob,
    RemoveJob(usize),
    EditJob(usize, JobEdit),
    AddResource,
    RemoveResource(usize),
    ResourceName(usize, String),
    ResourceUnits(usize, u32),
    Sweep(Option<SweepSpec>),
    /// Turn the scheduler on (a user per job) or off.
    ScheduleOn(bool),
    AddUser,
    RemoveUser(usize),
    EditUser(usize, UserEdit),
    TogglePolicy(Policy),
    Horizon(f64),
    PhasesInOrder(bool),
    Seed(u64),
    Title(String),
    Notes(String),
    Load(AbacusState),
}

/// The largest `n · m` for which the page asks for the auction's per-round trace.
pub const TRACE_ENTRIES: usize = 4096;

impl Default for AbacusState {
    fn default() -> Self {
        let cloudecon::Document { title, notes, seed, spec } = cloudecon::abacus::presets::running_example();
        AbacusState { title, notes, seed, spec }
    }
}

impl AbacusState {
    /// The auction and its sweep, without the scheduler (runs instantly while editing). The
    /// per-round trace (for the convergence chart) is asked for only up to [`TRACE_ENTRIES`]
    /// sub-budgets a round: a researcher's 10,000-job import must not send megabytes of trace
    /// from the worker; the largest change per round comes with every result.
    pub fn auction_scenario(&self) -> Scenario {
        let trace = self.spec.jobs.len() * self.m() <= TRACE_ENTRIES;
        let spec = AbacusScenario { trace, schedule: None, ..self.spec.clone() };
        Scenario { spec: MechanismSpec::Abacus(spec), ..self.to_scenario() }
    }

    /// The scheduler alone, if it is on.
    pub fn schedule_scenario(&self) -> Option<Scenario> {
        let schedule = self.spec.schedule.clone()?;
        let spec = AbacusScenario {
            trace: false,
            jobs: Vec::new(),
            sweep: None,
            schedule: Some(schedule),
            ..self.spec.clone()
        };
        Some(Scenario { spec: MechanismSpec::Abacus(spec), ..self.to_scenario() })
    }

    fn m(&self) -> usize {
        self.spec.resources.len()
    }
}

fn fresh(prefix: &str, taken: impl Fn(&str) -> bool, from: usize) -> String {
    (from..).map(|k| format!("{prefix}{k}")).find(|n| !taken(n)).unwrap_or_else(|| prefix.into())
}

fn set<T: Clone>(v: &mut [T], i: usize, x: T) {
    if let Some(slot) = v.get_mut(i) {
        *slot = x;
    }
}

fn user_from_job(job: &JobSpec, m: usize) -> UserSpec {
    UserSpec {
        name: job.name.clone(),
        budget: job.budget,
        utility: job.utility.clone(),
        reported_budget: None,
        reported_utility: None,
        arrivals: Arrivals::Poisson { rate: 1.0 / 60.0 },
        tasks: vec![4; m],
        durations: vec![30.0; m],
    }
}

fn edit_job(job: &mut JobSpec, edit: JobEdit) {
    match edit {
        JobEdit::Name(n) => job.name = n,
        JobEdit::Budget(b) => job.budget = b,
        JobEdit::Kind(k) => {
            job.utility.kind = k;
            job.utility.exponent = (k == UtilityKind::Power).then_some(job.utility.exponent.unwrap_or(0.5));
        }
        JobEdit::Weight(j, w) => set(&mut job.utility.weights, j, w),
        JobEdit::Exponent(p) => job.utility.exponent = Some(p),
    }
}

fn edit_user(user: &mut UserSpec, edit: UserEdit) {
    match edit {
        UserEdit::Name(n) => user.name = n,
        UserEdit::Budget(b) => user.budget = b,
        UserEdit::ReportedBudget(b) => user.reported_budget = b,
        UserEdit::Weight(j, w) => set(&mut user.utility.weights, j, w),
        UserEdit::ReportedWeight(j, w) => match w {
            Some(w) => {
                let reported = user.reported_utility.get_or_insert_with(|| user.utility.clone());
                set(&mut reported.weights, j, w);
            }
            None => user.reported_utility = None,
        },
        UserEdit::Arrivals(a) => user.arrivals = a,
        UserEdit::Tasks(j, t) => set(&mut user.tasks, j, t),
        UserEdit::Duration(j, d) => set(&mut user.durations, j, d),
    }
}

/// Every per-resource vector of the scenario: weights and durations, and task counts.
fn columns(spec: &mut AbacusScenario) -> (Vec<&mut Vec<f64>>, Vec<&mut Vec<u32>>) {
    let mut floats: Vec<&mut Vec<f64>> = spec.jobs.iter_mut().map(|j| &mut j.utility.weights).collect();
    let mut counts = Vec::new();
    if let Some(s) = &mut spec.schedule {
        for user in &mut s.users {
            floats.push(&mut user.utility.weights);
            if let Some(r) = &mut user.reported_utility {
                floats.push(&mut r.weights);
            }
            floats.push(&mut user.durations);
            counts.push(&mut user.tasks);
        }
    }
    (floats, counts)
}

impl Reducible for AbacusState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let m = next.m();
        let spec = &mut next.spec;
        match action {
            Action::Alpha(a) => spec.alpha = a,
            Action::Tolerance(t) => spec.tolerance = t,
            Action::MaxIterations(k) => spec.max_iterations = k,
            Action::AddJob => {
                let name = fresh("J", |n| spec.jobs.iter().any(|j| j.name == n), spec.jobs.len() + 1);
                let utility = UtilitySpec { kind: UtilityKind::Linear, weights: vec![1.0; m], exponent: None };
                spec.jobs.push(JobSpec { name, budget: 100.0, utility });
            }
            Action::RemoveJob(i) if i < spec.jobs.len() => {
                let name = spec.jobs.remove(i).name;
                if spec.sweep.as_ref().is_some_and(|s| s.job == name) {
                    spec.sweep = None;
                }
            }
            Action::RemoveJob(_) => return self,
            Action::EditJob(i, edit) => {
                let Some(job) = spec.jobs.get_mut(i) else { return self };
                if let (JobEdit::Name(new), Some(sweep)) = (&edit, spec.sweep.as_mut()) {
                    if sweep.job == job.name {
                        sweep.job = new.clone();
                    }
                }
                edit_job(job, edit);
            }
            Action::AddResource => {
                let name = fresh("R", |n| spec.resources.iter().any(|r| r.name == n), m + 1);
                spec.resources.push(ResourceSpec { name, units: 4 });
                let (floats, counts) = columns(spec);
                // A new resource type: weight 1 (durations 1 too), no tasks until the user adds some.
                floats.into_iter().for_each(|v| v.push(1.0));
                counts.into_iter().for_each(|v| v.push(0));
            }
            Action::RemoveResource(j) if j < m && m > 1 => {
                spec.resources.remove(j);
                let (floats, counts) = columns(spec);
                floats.into_iter().filter(|v| j < v.len()).for_each(|v| {
                    v.remove(j);
                });
                counts.into_iter().filter(|v| j < v.len()).for_each(|v| {
                    v.remove(j);
                });
                if let Some(sweep) = &mut spec.sweep {
                    sweep.resources = None;
                }
            }
            Action::RemoveResource(_) => return self,
            Action::ResourceName(j, n) => {
                let Some(r) = spec.resources.get_mut(j) else { return self };
                r.name = n;
            }
            Action::ResourceUnits(j, u) => {
                let Some(r) = spec.resources.get_mut(j) else { return self };
                r.units = u;
            }
            Action::Sweep(s) => spec.sweep = s,
            Action::ScheduleOn(false) => spec.schedule = None,
            Action::ScheduleOn(true) => {
                if spec.schedule.is_none() {
                    let users = spec.jobs.iter().map(|j| user_from_job(j, m)).collect();
                    spec.schedule = Some(ScheduleSpec {
                        policies: vec![Policy::Abacus, Policy::Fifo, Policy::Fair],
                        phases_in_order: true,
                        horizon: 1800.0,
                        users,
                    });
                }
            }
            Action::AddUser => {
                let Some(s) = &mut spec.schedule else { return self };
                let name = fresh("User ", |n| s.users.iter().any(|u| u.name == n), s.users.len() + 1);
                let job = JobSpec {
                    name,
                    budget: 100.0,
                    utility: UtilitySpec { kind: UtilityKind::Linear, weights: vec![1.0; m], exponent: None },
                };
                s.users.push(user_from_job(&job, m));
            }
            Action::RemoveUser(u) => {
                let Some(s) = &mut spec.schedule else { return self };
                if u >= s.users.len() || s.users.len() <= 1 {
                    return self;
                }
                s.users.remove(u);
            }
            Action::EditUser(u, edit) => {
                let Some(user) = spec.schedule.as_mut().and_then(|s| s.users.get_mut(u)) else { return self };
                edit_user(user, edit);
            }
            Action::TogglePolicy(p) => {
                let Some(s) = &mut spec.schedule else { return self };
                if s.policies.contains(&p) {
                    s.policies.retain(|q| *q != p);
                } else {
                    s.policies.push(p);
                    let order = |p: &Policy| [Policy::Abacus, Policy::Fifo, Policy::Fair].iter().position(|q| q == p);
                    s.policies.sort_by_key(order);
                }
            }
            Action::Horizon(h) => {
                let Some(s) = &mut spec.schedule else { return self };
                s.horizon = h;
            }
            Action::PhasesInOrder(b) => {
                let Some(s) = &mut spec.schedule else { return self };
                s.phases_in_order = b;
            }
            Action::Seed(x) => next.seed = x,
            Action::Title(t) => next.title = t,
            Action::Notes(n) => next.notes = n,
            Action::Load(s) => next = s,
        }
        Rc::new(next)
    }
}

impl Document for AbacusState {
    const KIND: MechanismKind = MechanismKind::Abacus;

    fn from_scenario(s: &Scenario) -> Option<Self> {
        match &s.spec {
            MechanismSpec::Abacus(spec) => {
                Some(AbacusState { title: s.title.clone(), notes: s.notes.clone(), seed: s.seed, spec: spec.clone() })
            }
            _ => None,
        }
    }

    fn to_scenario(&self) -> Scenario {
        Scenario {
            title: self.title.clone(),
            notes: self.notes.clone(),
            seed: self.seed,
            spec: MechanismSpec::Abacus(self.spec.clone()),
        }
    }
}
