//! State of the Abacus page: the mechanism's fields as plain data plus an [`Action`] reducer.
//! Pure — persistence and runs happen in effects of the page. The title, notes and seed (which
//! drives the scheduler) are the page's [`Document`]'s.

use cloudecon::abacus::schedule::{Arrivals, Policy, ScheduleSpec, UserSpec};
use cloudecon::abacus::utility::share_names;
use cloudecon::abacus::{AbacusScenario, JobSpec, ResourceSpec, SweepSpec, UtilityKind, UtilitySpec};
use cloudecon::{MechanismKind, MechanismSpec, Scenario};

use crate::pages::document::{Document, PageState};

#[derive(Debug, Clone, PartialEq)]
pub struct AbacusState {
    pub spec: AbacusScenario,
}

/// A change to one job's bid.
pub enum JobEdit {
    Name(String),
    Budget(f64),
    Kind(UtilityKind),
    Weight(usize, f64),
    Exponent(f64),
    /// The text of a formula utility.
    Formula(String),
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
    /// The true utility, whole (weights or a formula).
    Utility(UtilitySpec),
    /// The reported utility (`None`: the true one is the bid).
    ReportedUtility(Option<UtilitySpec>),
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
}

/// The largest `n · m` for which the page asks for the auction's per-round trace.
pub const TRACE_ENTRIES: usize = 4096;

impl Document<AbacusState> {
    /// The auction and its sweep, without the scheduler (runs instantly while editing). The
    /// per-round trace (for the convergence chart) is asked for only up to [`TRACE_ENTRIES`]
    /// sub-budgets a round: a researcher's 10,000-job import must not send megabytes of trace
    /// from the worker; the largest change per round comes with every result.
    pub fn auction_scenario(&self) -> Scenario {
        let trace = self.state.spec.jobs.len() * self.state.m() <= TRACE_ENTRIES;
        let spec = AbacusScenario { trace, schedule: None, ..self.state.spec.clone() };
        Scenario { spec: MechanismSpec::Abacus(spec), ..self.to_scenario() }
    }

    /// The scheduler alone, if it is on.
    pub fn schedule_scenario(&self) -> Option<Scenario> {
        let schedule = self.state.spec.schedule.clone()?;
        let spec = AbacusScenario {
            trace: false,
            jobs: Vec::new(),
            sweep: None,
            schedule: Some(schedule),
            ..self.state.spec.clone()
        };
        Some(Scenario { spec: MechanismSpec::Abacus(spec), ..self.to_scenario() })
    }
}

impl AbacusState {
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

fn edit_job(job: &mut JobSpec, resources: &[String], edit: JobEdit) {
    match edit {
        JobEdit::Name(n) => job.name = n,
        JobEdit::Budget(b) => job.budget = b,
        JobEdit::Kind(UtilityKind::Formula) => {
            if job.utility.kind != UtilityKind::Formula {
                // The paper's rule as the formula to start from: the same auction.
                job.utility = UtilitySpec::formula(job.utility.as_formula(&share_names(resources)));
            }
        }
        JobEdit::Kind(k) => {
            if job.utility.kind == UtilityKind::Formula {
                job.utility = UtilitySpec::linear(vec![1.0; resources.len()]);
            }
            job.utility.kind = k;
            job.utility.exponent = (k == UtilityKind::Power).then_some(job.utility.exponent.unwrap_or(0.5));
        }
        JobEdit::Formula(f) => job.utility.formula = Some(f),
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
        UserEdit::Utility(u) => user.utility = u,
        UserEdit::ReportedUtility(r) => user.reported_utility = r,
    }
}

/// Every per-resource vector of the scenario: weights and durations, and task counts.
fn columns(spec: &mut AbacusScenario) -> (Vec<&mut Vec<f64>>, Vec<&mut Vec<u32>>) {
    // A formula utility has no weights to extend or cut.
    let weighted = |u: &&mut UtilitySpec| u.kind != UtilityKind::Formula;
    let mut floats: Vec<&mut Vec<f64>> =
        spec.jobs.iter_mut().map(|j| &mut j.utility).filter(weighted).map(|u| &mut u.weights).collect();
    let mut counts = Vec::new();
    if let Some(s) = &mut spec.schedule {
        for user in &mut s.users {
            if user.utility.kind != UtilityKind::Formula {
                floats.push(&mut user.utility.weights);
            }
            if let Some(r) = user.reported_utility.as_mut().filter(|r| r.kind != UtilityKind::Formula) {
                floats.push(&mut r.weights);
            }
            floats.push(&mut user.durations);
            counts.push(&mut user.tasks);
        }
    }
    (floats, counts)
}

impl PageState for AbacusState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::Abacus;
    const SEED_USE: Option<&'static str> = Some("The scheduler draws its arrivals and Abacus's slot choices from it.");
    fn seed_use() -> Option<String> {
        Some(crate::i18n::t("abacus-seed-use"))
    }

    /// The paper's running example (Figs. 2–4).
    fn example() -> Document<Self> {
        let cloudecon::Document { mut title, mut notes, seed, spec } = cloudecon::abacus::presets::running_example();
        crate::services::data::preset_words("abacus-running-example", &mut title, &mut notes);
        Document { title, notes, seed, state: AbacusState { spec } }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::Abacus(spec) => Some(AbacusState { spec: spec.clone() }),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
        MechanismSpec::Abacus(self.spec.clone())
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        match action {
            Action::RemoveJob(i) => Some(crate::said!("abacus-undo-remove-job", n = (i + 1).to_string())),
            Action::RemoveResource(i) => Some(crate::said!("abacus-undo-remove-resource", n = (i + 1).to_string())),
            Action::RemoveUser(i) => Some(crate::said!("abacus-undo-remove-user", n = (i + 1).to_string())),
            Action::EditJob(i, JobEdit::Kind(_)) => {
                Some(crate::said!("abacus-undo-job-utility", n = (i + 1).to_string()))
            }
            Action::EditUser(i, UserEdit::Utility(_) | UserEdit::ReportedUtility(_)) => {
                Some(crate::said!("abacus-undo-user-utility", n = (i + 1).to_string()))
            }
            Action::Sweep(None) => Some(crate::said!("abacus-undo-sweep-off")),
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, _seed: u64) {
        let m = self.m();
        let spec = &mut self.spec;
        match action {
            Action::Alpha(a) => spec.alpha = a,
            Action::Tolerance(t) => spec.tolerance = t,
            Action::MaxIterations(k) => spec.max_iterations = k,
            Action::AddJob => {
                let name = fresh("J", |n| spec.jobs.iter().any(|j| j.name == n), spec.jobs.len() + 1);
                let utility = UtilitySpec::linear(vec![1.0; m]);
                spec.jobs.push(JobSpec { name, budget: 100.0, utility });
            }
            Action::RemoveJob(i) if i < spec.jobs.len() => {
                let name = spec.jobs.remove(i).name;
                if spec.sweep.as_ref().is_some_and(|s| s.job == name) {
                    spec.sweep = None;
                }
            }
            Action::RemoveJob(_) => {}
            Action::EditJob(i, edit) => {
                let names: Vec<String> = spec.resources.iter().map(|r| r.name.clone()).collect();
                let Some(job) = spec.jobs.get_mut(i) else { return };
                if let (JobEdit::Name(new), Some(sweep)) = (&edit, spec.sweep.as_mut()) {
                    if sweep.job == job.name {
                        sweep.job = new.clone();
                    }
                }
                edit_job(job, &names, edit);
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
            Action::RemoveResource(_) => {}
            Action::ResourceName(j, n) => {
                let Some(r) = spec.resources.get_mut(j) else { return };
                r.name = n;
            }
            Action::ResourceUnits(j, u) => {
                let Some(r) = spec.resources.get_mut(j) else { return };
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
                let Some(s) = &mut spec.schedule else { return };
                let name = fresh("User ", |n| s.users.iter().any(|u| u.name == n), s.users.len() + 1);
                let job = JobSpec { name, budget: 100.0, utility: UtilitySpec::linear(vec![1.0; m]) };
                s.users.push(user_from_job(&job, m));
            }
            Action::RemoveUser(u) => {
                let Some(s) = &mut spec.schedule else { return };
                if u >= s.users.len() || s.users.len() <= 1 {
                    return;
                }
                s.users.remove(u);
            }
            Action::EditUser(u, edit) => {
                let Some(user) = spec.schedule.as_mut().and_then(|s| s.users.get_mut(u)) else { return };
                edit_user(user, edit);
            }
            Action::TogglePolicy(p) => {
                let Some(s) = &mut spec.schedule else { return };
                if s.policies.contains(&p) {
                    s.policies.retain(|q| *q != p);
                } else {
                    s.policies.push(p);
                    let order = |p: &Policy| [Policy::Abacus, Policy::Fifo, Policy::Fair].iter().position(|q| q == p);
                    s.policies.sort_by_key(order);
                }
            }
            Action::Horizon(h) => {
                let Some(s) = &mut spec.schedule else { return };
                s.horizon = h;
            }
            Action::PhasesInOrder(b) => {
                let Some(s) = &mut spec.schedule else { return };
                s.phases_in_order = b;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use yew::Reducible;

    use super::*;
    use crate::pages::document::testing::edit;
    use crate::pages::document::DocAction;

    type Doc = Document<AbacusState>;

    fn names(d: &Doc) -> Vec<&str> {
        d.state.spec.jobs.iter().map(|j| j.name.as_str()).collect()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn jobs_are_added_renamed_and_removed_with_their_sweep() {
        let d = Doc::default();
        assert_eq!(names(&d), ["J1", "J2", "J3"]);
        assert_eq!(d.state.spec.sweep.as_ref().map(|s| s.job.as_str()), Some("J1"));
        let added = edit(&d, Action::AddJob);
        let new = &added.state.spec.jobs[3];
        assert_eq!((new.name.as_str(), new.budget, &new.utility.weights), ("J4", 100.0, &vec![1.0, 1.0]));
        // Renaming the swept job keeps the sweep on it; removing it drops the sweep.
        let renamed = edit(&added, Action::EditJob(0, JobEdit::Name("First".into())));
        assert_eq!(renamed.state.spec.sweep.as_ref().map(|s| s.job.as_str()), Some("First"));
        let without = edit(&renamed, Action::RemoveJob(0));
        assert_eq!(names(&without), ["J2", "J3", "J4"]);
        assert_eq!(without.state.spec.sweep, None);
        assert_eq!(edit(&without, Action::RemoveJob(9)), without);
        assert_eq!(edit(&without, Action::EditJob(9, JobEdit::Budget(1.0))), without);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_formula_utility_starts_from_the_jobs_own_and_keeps_out_of_the_weight_columns() {
        let d = Doc::default();
        let f = edit(&d, Action::EditJob(2, JobEdit::Kind(UtilityKind::Formula)));
        let u = &f.state.spec.jobs[2].utility;
        // J3 = ($160, 2 map + 4 reduce): the same utility written out, no weights left.
        assert_eq!(
            (u.kind, u.formula.as_deref(), u.weights.len()),
            (UtilityKind::Formula, Some("2*map + 4*reduce"), 0)
        );
        let typed = edit(&f, Action::EditJob(2, JobEdit::Formula("3*min(map/2, reduce)".into())));
        assert_eq!(typed.state.spec.jobs[2].utility.formula.as_deref(), Some("3*min(map/2, reduce)"));
        // A new resource type extends the weights of the others, not the formula's.
        let added = edit(&typed, Action::AddResource);
        assert_eq!(added.state.spec.jobs[2].utility.weights.len(), 0);
        assert_eq!(added.state.spec.jobs[0].utility.weights.len(), 3);
        // Back to a paper's form: weight 1 on every resource, no formula.
        let back = edit(&added, Action::EditJob(2, JobEdit::Kind(UtilityKind::Log)));
        let u = &back.state.spec.jobs[2].utility;
        assert_eq!((u.kind, u.formula.as_deref(), &u.weights[..]), (UtilityKind::Log, None, &[1.0, 1.0, 1.0][..]));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_power_utility_has_an_exponent_and_others_none() {
        let d = Doc::default();
        let power = edit(&d, Action::EditJob(1, JobEdit::Kind(UtilityKind::Power)));
        assert_eq!(power.state.spec.jobs[1].utility.exponent, Some(0.5));
        let p = edit(&power, Action::EditJob(1, JobEdit::Exponent(0.25)));
        assert_eq!(p.state.spec.jobs[1].utility.exponent, Some(0.25));
        let log = edit(&p, Action::EditJob(1, JobEdit::Kind(UtilityKind::Log)));
        assert_eq!(
            (log.state.spec.jobs[1].utility.kind, log.state.spec.jobs[1].utility.exponent),
            (UtilityKind::Log, None)
        );
        let w = edit(&log, Action::EditJob(1, JobEdit::Weight(1, 7.0)));
        assert_eq!(w.state.spec.jobs[1].utility.weights, [3.0, 7.0]);
        assert_eq!(edit(&w, Action::EditJob(1, JobEdit::Weight(5, 7.0))), w);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn resource_types_add_and_remove_a_column_everywhere() {
        let d = edit(&Doc::default(), Action::ScheduleOn(true));
        let d = edit(&d, Action::EditUser(0, UserEdit::ReportedWeight(1, Some(9.0))));
        let added = edit(&d, Action::AddResource);
        let spec = &added.state.spec;
        assert_eq!((spec.resources[2].name.as_str(), spec.resources[2].units), ("R3", 4));
        assert!(spec.jobs.iter().all(|j| j.utility.weights.len() == 3 && j.utility.weights[2] == 1.0));
        let users = &spec.schedule.as_ref().expect("a schedule").users;
        assert!(users.iter().all(|u| u.tasks == [4, 4, 0] && u.durations == [30.0, 30.0, 1.0]));
        assert_eq!(users[0].reported_utility.as_ref().map(|r| r.weights.clone()), Some(vec![3.0, 9.0, 1.0]));
        // Removing the first resource removes its column from every vector.
        let removed = edit(&added, Action::RemoveResource(0));
        let spec = &removed.state.spec;
        assert_eq!(spec.resources.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["reduce", "R3"]);
        assert_eq!(spec.jobs[2].utility.weights, [4.0, 1.0]);
        let users = &spec.schedule.as_ref().expect("a schedule").users;
        assert!(users.iter().all(|u| u.tasks == [4, 0] && u.durations == [30.0, 1.0]));
        assert_eq!(users[0].reported_utility.as_ref().map(|r| r.weights.clone()), Some(vec![9.0, 1.0]));
        // The last resource type stays; an unknown index changes nothing.
        let one = edit(&removed, Action::RemoveResource(0));
        assert_eq!(edit(&one, Action::RemoveResource(0)), one);
        assert_eq!(edit(&one, Action::ResourceName(5, "x".into())), one);
        assert_eq!(edit(&one, Action::ResourceUnits(0, 12)).state.spec.resources[0].units, 12);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_scheduler_starts_from_the_jobs_and_keeps_its_policies_in_order() {
        let d = Doc::default();
        assert_eq!(edit(&d, Action::AddUser), d, "no scheduler, no users");
        let on = edit(&d, Action::ScheduleOn(true));
        let s = on.state.spec.schedule.clone().expect("a schedule");
        assert_eq!(s.users.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(), names(&d));
        assert_eq!(s.users[1].budget, d.state.spec.jobs[1].budget);
        assert_eq!(s.policies, [Policy::Abacus, Policy::Fifo, Policy::Fair]);
        // Turning it on again keeps the edited schedule.
        let edited = edit(&on, Action::Horizon(60.0));
        assert_eq!(edit(&edited, Action::ScheduleOn(true)), edited);
        let toggled = edit(&edit(&edited, Action::TogglePolicy(Policy::Abacus)), Action::TogglePolicy(Policy::Abacus));
        assert_eq!(toggled.state.spec.schedule.as_ref().map(|s| s.policies.clone()), Some(s.policies.clone()));
        let more = edit(&edited, Action::AddUser);
        assert_eq!(more.state.spec.schedule.as_ref().map(|s| s.users[3].name.clone()), Some("User 4".into()));
        let reported = edit(&more, Action::EditUser(3, UserEdit::ReportedWeight(0, Some(2.0))));
        let cleared = edit(&reported, Action::EditUser(3, UserEdit::ReportedWeight(0, None)));
        assert_eq!(cleared, more);
        let mut one = more;
        for _ in 0..5 {
            one = edit(&one, Action::RemoveUser(0));
        }
        assert_eq!(one.state.spec.schedule.as_ref().map(|s| s.users.len()), Some(1), "one user stays");
        assert_eq!(edit(&one, Action::ScheduleOn(false)).state.spec.schedule, None);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_auction_and_the_schedule_run_as_separate_scenarios() {
        let d = (*Rc::new(edit(&Doc::default(), Action::ScheduleOn(true))).reduce(DocAction::Seed(u64::MAX))).clone();
        let MechanismSpec::Abacus(auction) = d.auction_scenario().spec else { panic!("an abacus scenario") };
        assert!(auction.trace && auction.schedule.is_none() && auction.sweep.is_some());
        let schedule = d.schedule_scenario().expect("the scheduler is on");
        assert_eq!((schedule.seed, schedule.title.as_str()), (u64::MAX, d.title.as_str()));
        let MechanismSpec::Abacus(schedule) = schedule.spec else { panic!("an abacus scenario") };
        assert!(schedule.jobs.is_empty() && schedule.sweep.is_none() && !schedule.trace && schedule.schedule.is_some());
        // A workload too large for the per-round trace runs without it.
        let mut big = d.clone();
        big.state.spec.jobs = vec![big.state.spec.jobs[0].clone(); TRACE_ENTRIES];
        let MechanismSpec::Abacus(auction) = big.auction_scenario().spec else { panic!("an abacus scenario") };
        assert!(!auction.trace);
        assert_eq!(Doc::from_scenario(&d.to_scenario()), Some(d));
    }
}
