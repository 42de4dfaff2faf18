//! State of the CloudShare page: the `cloudshare` document's fields as plain data plus an
//! [`Action`] reducer. Pure — files are read and parsed by the editors, persistence and runs
//! happen in the page's effects. The document's seed maps a log's users to organizations, draws
//! the generator's jobs and the sampled permutations.

use cloudecon::cloudshare::algorithm::{Algorithm, AlgorithmSpec, FormulaSpec};
use cloudecon::cloudshare::scenario::{LeaveSpec, Method, RunsSpec};
use cloudecon::cloudshare::utility::Psi;
use cloudecon::cloudshare::workload::{
    zipf_counts, Generated, GeneratorSpec, JobSpec, JobsSpec, OrgSpec, OrgsByCount, OrgsSpec, ProcessorsSpec, SwfSpec,
    Users, Zipf, MAX_CORES, MAX_ORGS,
};
use cloudecon::cloudshare::CloudShareScenario;
use cloudecon::{MechanismKind, MechanismSpec};

pub use super::kinds::{JobsKind, OrgsKind};
use crate::i18n::number;
use crate::pages::document::{remove_row, Document, PageState};

#[derive(Debug, Clone, PartialEq)]
pub struct CloudShareState {
    pub spec: CloudShareScenario,
}

/// A change to the organizations.
pub enum OrgEdit {
    Add,
    Remove(usize),
    /// Renaming also renames the organization in the jobs and leave events.
    Name(usize, String),
    Processors(usize, u32),
    Count(u32),
    Equal(u32),
    ZipfTotal(u32),
    ZipfS(f64),
}

/// A change to one listed job.
pub enum JobEdit {
    Org(String),
    Release(u64),
    Duration(u64),
    Cores(u32),
}

/// A change to the generator.
pub enum GeneratorEdit {
    Count(u32),
    Horizon(u64),
    Duration([u64; 2]),
    Cores([u32; 2]),
}

/// A change to a log window.
pub enum SwfEdit {
    WindowStart(f64),
    WindowHours(f64),
    TimeUnit(u64),
    Users(Users),
    LocalUsers(f64),
}

/// A change to a formula algorithm.
pub enum FormulaEdit {
    Name(String),
    Psi(Psi),
    Priority(String),
}

/// A change to the federation block.
pub enum FederationEdit {
    On(bool),
    Threshold(f64),
    AddLeave,
    RemoveLeave(usize),
    LeaveOrg(usize, String),
    LeaveTime(usize, u64),
}

pub enum Action {
    OrgsKind(OrgsKind),
    Org(OrgEdit),
    JobsKind(JobsKind),
    AddJob,
    RemoveJob(usize),
    EditJob(usize, JobEdit),
    Generator(GeneratorEdit),
    /// A workload log's text (already checked by the editor).
    SwfLog(String),
    Swf(SwfEdit),
    /// Checks or unchecks an algorithm; the list keeps the paper's order, the formulas after.
    Algorithm(Algorithm, bool),
    /// Adds a formula algorithm: DirectContr written as a formula (`contribution - utility`
    /// under ψ_sp: ORIG_DIRECT's results), a starting point to edit.
    AddFormula,
    /// Adds this built-in written as a formula (`Algorithm::as_formula`: the same results),
    /// named after it ("fair_share_formula").
    AddTwin(Algorithm),
    /// Removes the formula at this index of `algorithms`.
    RemoveFormula(usize),
    /// Edits the formula at this index of `algorithms`.
    Formula(usize, FormulaEdit),
    SplitUnit(bool),
    Method(Method),
    Permutations(u32),
    Federation(FederationEdit),
    /// `None`: a single run.
    Runs(Option<RunsSpec>),
}

/// The organizations' names and processors as far as they can be read from a document that may
/// still have problems (the core's `build` is for valid documents: a count of 0 or 10^9 must
/// neither panic nor allocate): at most `MAX_ORGS` organizations.
pub fn sketch(orgs: &OrgsSpec) -> Vec<(String, u32)> {
    match orgs {
        OrgsSpec::List(list) => list
            .iter()
            .map(|o| (o.name.clone(), o.processors.unwrap_or_else(|| o.machines.iter().flatten().sum())))
            .collect(),
        OrgsSpec::Count(c) => {
            let n = (c.count as usize).min(MAX_ORGS);
            let counts = match c.processors {
                ProcessorsSpec::Equal(k) => vec![k; n],
                ProcessorsSpec::Zipf { zipf }
                    if n >= 1 && (n as u64..=MAX_CORES).contains(&u64::from(zipf.total)) && zipf.s.is_finite() =>
                {
                    zipf_counts(n, zipf.total, zipf.s)
                }
                ProcessorsSpec::Zipf { zipf } => vec![zipf.total / (n.max(1) as u32); n],
            };
            counts
                .into_iter()
                .enumerate()
                .map(|(i, k)| {
                    (c.names.as_ref().and_then(|v| v.get(i).cloned()).unwrap_or_else(|| format!("O{}", i + 1)), k)
                })
                .collect()
        }
    }
}

impl CloudShareState {
    /// The list, or none when it is the default (the five built-ins in order).
    fn set_algorithms(&mut self, list: Vec<AlgorithmSpec>) {
        let default: Vec<AlgorithmSpec> = Algorithm::ALL.map(AlgorithmSpec::Builtin).to_vec();
        self.spec.algorithms = (list != default).then_some(list);
    }

    fn names(&self) -> Vec<String> {
        sketch(&self.spec.organizations).into_iter().map(|(name, _)| name).collect()
    }

    fn orgs_kind(&mut self, kind: OrgsKind) {
        if OrgsKind::of(&self.spec.organizations) == kind {
            return;
        }
        let orgs = sketch(&self.spec.organizations);
        let n = orgs.len().max(1) as u32;
        let total: u32 = orgs.iter().fold(0u32, |t, o| t.saturating_add(o.1)).max(n);
        self.spec.organizations = match kind {
            OrgsKind::List => OrgsSpec::List(
                orgs.iter()
                    .map(|(name, k)| OrgSpec { name: name.clone(), processors: Some(*k), machines: None })
                    .collect(),
            ),
            OrgsKind::Equal => OrgsSpec::Count(OrgsByCount {
                count: n,
                processors: ProcessorsSpec::Equal((total / n).max(1)),
                names: None,
            }),
            OrgsKind::Zipf => OrgsSpec::Count(OrgsByCount {
                count: n,
                processors: ProcessorsSpec::Zipf { zipf: Zipf { total, s: 1.0 } },
                names: None,
            }),
        };
        self.rename_all(&orgs.into_iter().map(|(name, _)| name).collect::<Vec<_>>());
    }

    /// After the organizations changed: jobs and leave events of organizations whose name
    /// changed at the same position follow the new names.
    fn rename_all(&mut self, before: &[String]) {
        let after = self.names();
        for (old, new) in before.iter().zip(&after) {
            if old != new {
                self.rename(old, new);
            }
        }
    }

    fn rename(&mut self, old: &str, new: &str) {
        if let JobsSpec::List(list) = &mut self.spec.jobs {
            list.iter_mut().filter(|j| j.org == old).for_each(|j| j.org = new.to_string());
        }
        if let Some(f) = &mut self.spec.federation {
            f.leave_events.iter_mut().filter(|l| l.org == old).for_each(|l| l.org = new.to_string());
        }
    }

    fn edit_orgs(&mut self, edit: OrgEdit) {
        let before = self.names();
        let follow = matches!(edit, OrgEdit::Name(..) | OrgEdit::Count(_));
        match (&mut self.spec.organizations, edit) {
            (OrgsSpec::List(list), OrgEdit::Add) => {
                let name = (list.len() + 1..)
                    .map(|k| format!("O{k}"))
                    .find(|n| !list.iter().any(|o| o.name == *n))
                    .unwrap_or_default();
                list.push(OrgSpec { name, processors: Some(1), machines: None });
            }
            (OrgsSpec::List(list), OrgEdit::Remove(i)) => remove_row(list, i),
            (OrgsSpec::List(list), OrgEdit::Name(i, name)) => {
                if let Some(o) = list.get_mut(i) {
                    o.name = name;
                }
            }
            (OrgsSpec::List(list), OrgEdit::Processors(i, k)) => {
                if let Some(o) = list.get_mut(i) {
                    o.processors = Some(k);
                    o.machines = None;
                }
            }
            (OrgsSpec::Count(c), OrgEdit::Count(n)) => {
                c.count = n;
                c.names = None;
            }
            (OrgsSpec::Count(c), OrgEdit::Equal(k)) => c.processors = ProcessorsSpec::Equal(k),
            (OrgsSpec::Count(OrgsByCount { processors: ProcessorsSpec::Zipf { zipf }, .. }), OrgEdit::ZipfTotal(t)) => {
                zipf.total = t
            }
            (OrgsSpec::Count(OrgsByCount { processors: ProcessorsSpec::Zipf { zipf }, .. }), OrgEdit::ZipfS(s)) => {
                zipf.s = s
            }
            _ => {}
        }
        // Jobs and leave events follow a renamed organization.
        if follow {
            self.rename_all(&before);
        }
    }

    fn jobs_kind(&mut self, kind: JobsKind) {
        if JobsKind::of(&self.spec.jobs) == kind {
            return;
        }
        let first = self.names().into_iter().next().unwrap_or_else(|| "A".into());
        self.spec.jobs = match kind {
            JobsKind::List => JobsSpec::List(vec![
                JobSpec { org: first.clone(), release: 0, duration: 2, cores: 1, local: false },
                JobSpec { org: first, release: 1, duration: 3, cores: 1, local: false },
            ]),
            JobsKind::Generator => JobsSpec::Generated(Generated {
                generator: GeneratorSpec { count: 20, horizon: 20, duration: [1, 5], cores: [1, 1] },
            }),
            // A log needs a file: until one is chosen, an empty log (a problem at `jobs.swf`).
            JobsKind::Swf => JobsSpec::Swf(SwfSpec {
                swf: String::new(),
                window_start_hours: 0.0,
                window_hours: 24.0,
                time_unit_seconds: 3600,
                users: Users::Modulo,
                local_users: 0.0,
            }),
        };
        // Scoring over windows needs a log.
        if kind != JobsKind::Swf {
            self.spec.runs = None;
        }
    }

    fn federation(&mut self, edit: FederationEdit) {
        let first = self.names().into_iter().next().unwrap_or_default();
        match (&mut self.spec.federation, edit) {
            (f, FederationEdit::On(on)) => *f = on.then(|| f.clone().unwrap_or_default()),
            (Some(f), FederationEdit::Threshold(x)) => f.exposure_threshold = x,
            (Some(f), FederationEdit::AddLeave) => f.leave_events.push(LeaveSpec { org: first, time: 0 }),
            (Some(f), FederationEdit::RemoveLeave(i)) if i < f.leave_events.len() => {
                f.leave_events.remove(i);
            }
            (Some(f), FederationEdit::LeaveOrg(i, org)) => {
                if let Some(l) = f.leave_events.get_mut(i) {
                    l.org = org
                }
            }
            (Some(f), FederationEdit::LeaveTime(i, t)) => {
                if let Some(l) = f.leave_events.get_mut(i) {
                    l.time = t
                }
            }
            _ => {}
        }
    }
}

impl PageState for CloudShareState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::CloudShare;
    const SEED_USE: Option<&'static str> = Some(
        "It maps a log's users to organizations (\"random\"), picks the local users, draws the generator's jobs, \
         the sampled permutations of the Shapley values and the scored windows.",
    );
    fn seed_use() -> Option<String> {
        Some(crate::i18n::t("cloudshare-seed-use"))
    }

    /// `cloudshare-toy`: the paper's Figs. 2–3, computed as you type.
    fn example() -> Document<Self> {
        let cloudecon::Document { mut title, mut notes, seed, spec } = cloudecon::cloudshare::presets::toy();
        crate::services::data::preset_words("cloudshare-toy", &mut title, &mut notes);
        Document { title, notes, seed, state: CloudShareState { spec } }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::CloudShare(spec) => Some(CloudShareState { spec: spec.clone() }),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
        MechanismSpec::CloudShare(self.spec.clone())
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        match action {
            Action::OrgsKind(_) => Some(crate::said!("cloudshare-undo-orgs-kind")),
            Action::JobsKind(_) => Some(crate::said!("cloudshare-undo-jobs-kind")),
            Action::SwfLog(_) => Some(crate::said!("cloudshare-undo-swf")),
            Action::RemoveJob(i) => Some(crate::said!("cloudshare-undo-remove-job", n = number((i + 1) as f64))),
            Action::RemoveFormula(i) => {
                Some(crate::said!("cloudshare-undo-remove-formula", n = number((i + 1) as f64)))
            }
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, _seed: u64) {
        match action {
            Action::OrgsKind(kind) => self.orgs_kind(kind),
            Action::Org(edit) => self.edit_orgs(edit),
            Action::JobsKind(kind) => self.jobs_kind(kind),
            Action::AddJob => {
                let first = self.names().into_iter().next().unwrap_or_default();
                if let JobsSpec::List(list) = &mut self.spec.jobs {
                    let last = list.last().cloned().unwrap_or(JobSpec {
                        org: first,
                        release: 0,
                        duration: 1,
                        cores: 1,
                        local: false,
                    });
                    list.push(JobSpec { release: last.release + 1, ..last });
                }
            }
            Action::RemoveJob(i) => {
                if let JobsSpec::List(list) = &mut self.spec.jobs {
                    remove_row(list, i);
                }
            }
            Action::EditJob(i, edit) => {
                if let Some(j) = match &mut self.spec.jobs {
                    JobsSpec::List(list) => list.get_mut(i),
                    _ => None,
                } {
                    match edit {
                        JobEdit::Org(o) => j.org = o,
                        JobEdit::Release(r) => j.release = r,
                        JobEdit::Duration(d) => j.duration = d,
                        JobEdit::Cores(c) => j.cores = c,
                    }
                }
            }
            Action::Generator(edit) => {
                if let JobsSpec::Generated(Generated { generator: g }) = &mut self.spec.jobs {
                    match edit {
                        GeneratorEdit::Count(c) => g.count = c,
                        GeneratorEdit::Horizon(h) => g.horizon = h,
                        GeneratorEdit::Duration(d) => g.duration = d,
                        GeneratorEdit::Cores(c) => g.cores = c,
                    }
                }
            }
            Action::SwfLog(text) => {
                self.jobs_kind(JobsKind::Swf);
                if let JobsSpec::Swf(s) = &mut self.spec.jobs {
                    s.swf = text;
                }
            }
            Action::Swf(edit) => {
                if let JobsSpec::Swf(s) = &mut self.spec.jobs {
                    match edit {
                        SwfEdit::WindowStart(h) => s.window_start_hours = h,
                        SwfEdit::WindowHours(h) => s.window_hours = h,
                        SwfEdit::TimeUnit(u) => s.time_unit_seconds = u,
                        SwfEdit::Users(u) => s.users = u,
                        SwfEdit::LocalUsers(x) => s.local_users = x,
                    }
                }
            }
            Action::Algorithm(a, on) => {
                let list = self.spec.algorithm_list();
                let builtins = self.spec.builtin_list();
                let mut kept: Vec<AlgorithmSpec> = Algorithm::ALL
                    .into_iter()
                    .filter(|x| if *x == a { on } else { builtins.contains(x) })
                    .map(AlgorithmSpec::Builtin)
                    .collect();
                kept.extend(list.into_iter().filter(|x| x.builtin().is_none()));
                self.set_algorithms(kept);
            }
            Action::AddFormula => {
                let mut list = self.spec.algorithm_list();
                let name = (1..)
                    .map(|k| if k == 1 { "mine".to_string() } else { format!("mine{k}") })
                    .find(|n| !list.iter().any(|a| a.name() == n))
                    .unwrap_or_default();
                list.push(AlgorithmSpec::Formula(FormulaSpec {
                    name,
                    psi: Psi::Sp,
                    priority: "contribution - utility".into(),
                }));
                self.set_algorithms(list);
            }
            Action::AddTwin(a) => {
                let mut list = self.spec.algorithm_list();
                let name = (1..)
                    .map(|k| if k == 1 { format!("{}_formula", a.tag()) } else { format!("{}_formula{k}", a.tag()) })
                    .find(|n| !list.iter().any(|x| x.name() == n))
                    .unwrap_or_default();
                list.push(AlgorithmSpec::Formula(a.formula_twin(name)));
                self.set_algorithms(list);
            }
            Action::RemoveFormula(i) => {
                let mut list = self.spec.algorithm_list();
                if matches!(list.get(i), Some(AlgorithmSpec::Formula(_))) {
                    list.remove(i);
                    self.set_algorithms(list);
                }
            }
            Action::Formula(i, edit) => {
                if let Some(AlgorithmSpec::Formula(f)) = self.spec.algorithms.as_mut().and_then(|l| l.get_mut(i)) {
                    match edit {
                        FormulaEdit::Name(n) => f.name = n,
                        FormulaEdit::Psi(p) => f.psi = p,
                        FormulaEdit::Priority(p) => f.priority = p,
                    }
                }
            }
            Action::SplitUnit(on) => self.spec.split_unit = on,
            Action::Method(m) => self.spec.shapley.method = m,
            Action::Permutations(k) => self.spec.shapley.permutations = k,
            Action::Federation(edit) => self.federation(edit),
            Action::Runs(r) => self.spec.runs = r,
        }
    }
}

#[cfg(test)]
mod tests {
    use cloudecon::cloudshare::scenario::FederationSpec;

    use super::*;
    use crate::components::Choice;
    use crate::pages::document::testing::{edit, problems};

    type Doc = Document<CloudShareState>;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn edits_keep_bad_values_with_their_paths_and_renames_follow() {
        let d = Doc::default();
        assert!(d.to_scenario().validate().is_ok(), "{}", problems(&d));
        let bad = edit(&d, Action::EditJob(1, JobEdit::Org("Z".into())));
        assert!(problems(&bad).contains("jobs[1].org"), "{}", problems(&bad));
        let zero = edit(&d, Action::EditJob(0, JobEdit::Duration(0)));
        assert!(problems(&zero).contains("jobs[0].duration"), "{}", problems(&zero));
        let renamed = edit(&d, Action::Org(OrgEdit::Name(0, "Alpha".into())));
        assert!(renamed.to_scenario().validate().is_ok(), "jobs follow the rename: {}", problems(&renamed));
        let none = edit(
            &edit(&d, Action::Algorithm(Algorithm::OrigDirect, false)),
            Action::Algorithm(Algorithm::OrigDirect, true),
        );
        assert_eq!(none.state.spec.algorithms, None, "all five again: the default");
        let two = edit(
            &edit(&d, Action::Algorithm(Algorithm::RelDirect, false)),
            Action::Algorithm(Algorithm::SimplDirect, false),
        );
        assert_eq!(
            two.state.spec.builtin_list(),
            vec![Algorithm::OrigDirect, Algorithm::FairShare, Algorithm::RoundRobin]
        );
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn formulas_are_added_edited_kept_beside_the_checkboxes_and_removed() {
        let d = edit(&edit(&Doc::default(), Action::AddFormula), Action::AddFormula);
        let names: Vec<String> = d.state.spec.algorithm_list().iter().map(|a| a.name().to_string()).collect();
        assert_eq!(names[5..], ["mine", "mine2"]);
        assert!(d.to_scenario().validate().is_ok(), "{}", problems(&d));
        let bad = edit(&d, Action::Formula(5, FormulaEdit::Priority("contribution -".into())));
        assert!(problems(&bad).contains("algorithms[5].priority"), "{}", problems(&bad));
        let clash = edit(&d, Action::Formula(6, FormulaEdit::Name("mine".into())));
        assert!(problems(&clash).contains("algorithms[6].name"), "{}", problems(&clash));
        let unchecked = edit(&d, Action::Algorithm(Algorithm::FairShare, false));
        let names: Vec<String> = unchecked.state.spec.algorithm_list().iter().map(|a| a.name().to_string()).collect();
        assert_eq!(names, ["orig_direct", "rel_direct", "simpl_direct", "round_robin", "mine", "mine2"]);
        let fs = edit(&unchecked, Action::Formula(4, FormulaEdit::Psi(Psi::Surface)));
        assert!(matches!(&fs.state.spec.algorithm_list()[4], AlgorithmSpec::Formula(f) if f.psi == Psi::Surface));
        let back = edit(&edit(&d, Action::RemoveFormula(6)), Action::RemoveFormula(5));
        assert_eq!(back.state.spec.algorithms, None, "the five again: the default");
        assert_eq!(edit(&d, Action::RemoveFormula(0)).state.spec, d.state.spec, "a built-in is unchecked, not removed");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn organizations_being_typed_never_panic_nor_allocate() {
        let d = edit(&Doc::default(), Action::OrgsKind(OrgsKind::Zipf));
        for n in [0, 1, 5, u32::MAX] {
            let e = edit(&edit(&d, Action::Org(OrgEdit::Count(n))), Action::Org(OrgEdit::ZipfTotal(u32::MAX)));
            let e = edit(&edit(&e, Action::Org(OrgEdit::ZipfS(-1e6))), Action::OrgsKind(OrgsKind::List));
            assert!(sketch(&e.state.spec.organizations).len() <= MAX_ORGS);
            assert!(e.to_scenario().validate().is_err() || n == 5, "{n}: {}", problems(&e));
        }
        assert_eq!(sketch(&d.state.spec.organizations), vec![("O1".into(), 1), ("O2".into(), 1)]);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn organizations_and_jobs_switch_forms() {
        let d = Doc::default();
        for &kind in OrgsKind::ALL {
            let e = edit(&d, Action::OrgsKind(kind));
            assert_eq!(OrgsKind::of(&e.state.spec.organizations), kind);
            assert!(e.to_scenario().validate().is_ok(), "{kind:?}: {}", problems(&e));
        }
        let gen = edit(&d, Action::JobsKind(JobsKind::Generator));
        assert!(gen.to_scenario().validate().is_ok(), "{}", problems(&gen));
        let log = edit(&d, Action::JobsKind(JobsKind::Swf));
        assert!(problems(&log).contains("jobs.swf"), "{}", problems(&log));
        let log = edit(
            &log,
            Action::SwfLog(
                cloudecon::data::Data::embedded().get(&cloudecon::data::NASA_IPSC).unwrap_or_default().into(),
            ),
        );
        assert!(problems(&log).contains("larger than any machine"), "unsplit jobs of 128 cores: {}", problems(&log));
        let log = edit(&log, Action::SplitUnit(true));
        assert!(log.to_scenario().validate().is_ok(), "{}", problems(&log));
        assert_eq!(Doc::from_scenario(&log.to_scenario()), Some(log));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_federation_block_starts_from_the_documents_default_threshold() {
        let on = edit(&Doc::default(), Action::Federation(FederationEdit::On(true)));
        let f = on.state.spec.federation.clone().expect("on");
        assert_eq!(f.exposure_threshold, 0.7, "the paper's \"30% not reserved\"");
        assert_eq!(f, FederationSpec::default());
        let kept = edit(
            &edit(&on, Action::Federation(FederationEdit::Threshold(0.4))),
            Action::Federation(FederationEdit::On(true)),
        );
        assert_eq!(kept.state.spec.federation.map(|f| f.exposure_threshold), Some(0.4));
    }

    /// "Show as formula": each built-in's twin is added after the list, named after it, and
    /// runs with the built-in's results (the page's own scenario, run natively).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_built_in_shown_as_a_formula_is_its_twin() {
        let twice =
            edit(&edit(&Doc::default(), Action::AddTwin(Algorithm::FairShare)), Action::AddTwin(Algorithm::FairShare));
        let names: Vec<String> = twice.state.spec.algorithm_list().iter().map(|a| a.name().to_string()).collect();
        assert_eq!(names[5..], ["fair_share_formula", "fair_share_formula2"]);
        assert!(twice.to_scenario().validate().is_ok(), "{}", problems(&twice));
        for a in Algorithm::ALL {
            let d = edit(&Doc::default(), Action::AddTwin(a));
            let Some(AlgorithmSpec::Formula(f)) = d.state.spec.algorithm_list().last().cloned() else {
                panic!("a formula")
            };
            assert_eq!((f.psi, f.priority.as_str()), a.as_formula());
            #[cfg(not(target_arch = "wasm32"))]
            {
                let waits = |list: Vec<AlgorithmSpec>| {
                    let mut one = d.clone();
                    one.state.spec.algorithms = Some(list);
                    match cloudecon::runner::run(&one.to_scenario()) {
                        Ok(cloudecon::RunOutput::CloudShare(r)) => r.algorithms[0].wait.clone(),
                        other => panic!("a CloudShare result, got {other:?}"),
                    }
                };
                assert_eq!(
                    waits(vec![AlgorithmSpec::Formula(f)]),
                    waits(vec![AlgorithmSpec::Builtin(a)]),
                    "{}",
                    a.tag()
                );
            }
        }
    }
}
