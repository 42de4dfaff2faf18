//! The scheduler: users with Poisson arrivals and map/reduce-like job templates; Abacus against
//! FIFO and Fair on the same workload and seed (the paper's Fig. 9).

use cloudecon::abacus::schedule::{Arrivals, Policy, ScheduleResult, ScheduleSpec, UserSpec};
use cloudecon::abacus::utility::{share_names, UTILITY_VARIABLES};
use cloudecon::abacus::{UtilityKind, UtilitySpec};
use yew::prelude::*;

use super::state::{Action, UserEdit};
use crate::charts::{BarChart, BarSeries, Chart, LineChart, LineSeries};
use crate::components::{FormulaField, FormulaVariables, NumberField, Parsed, ParsedField};
use crate::format::fixed;
use crate::i18n::{t, use_lang};
use crate::t;

const POLICIES: [(Policy, &str); 3] = [(Policy::Abacus, "Abacus"), (Policy::Fifo, "FIFO"), (Policy::Fair, "Fair")];

fn policy_name(p: Policy) -> &'static str {
    POLICIES.iter().find(|(q, _)| *q == p).map_or("?", |(_, n)| n)
}

/// A user's true utility as weights (`formula` false: the table's w columns, all 1 from a
/// formula) or as a formula, starting from its own utility written out (the same schedule).
pub fn utility_as(u: &UtilitySpec, formula: bool, names: &[String]) -> UtilitySpec {
    match (formula, u.kind == UtilityKind::Formula) {
        (true, false) => UtilitySpec::formula(u.as_formula(names)),
        (false, true) => UtilitySpec::linear(vec![1.0; names.len()]),
        _ => u.clone(),
    }
}

/// A user's reported utility as a formula (starting from what it reports now, the true utility
/// if it reports that) or, with `formula` false, none (it reports its true utility).
pub fn reported_as(user: &UserSpec, formula: bool, names: &[String]) -> Option<UtilitySpec> {
    formula.then(|| utility_as(user.reported_utility.as_ref().unwrap_or(&user.utility), true, names))
}

#[derive(Properties, PartialEq)]
pub struct ScheduleEditorProps {
    pub schedule: ScheduleSpec,
    pub resources: Vec<String>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn ScheduleEditor(props: &ScheduleEditorProps) -> Html {
    use_lang();
    let s = &props.schedule;
    let d = &props.dispatch;
    let names = share_names(&props.resources);
    let m = props.resources.len();
    let formulas = s.users.iter().any(|u| {
        u.utility.kind == UtilityKind::Formula
            || u.reported_utility.as_ref().is_some_and(|r| r.kind == UtilityKind::Formula)
    });
    let user_cell = |u: usize, field: &str, value: f64, label: String, f: fn(f64) -> UserEdit| {
        let pointer = AttrValue::from(format!("/schedule/users/{u}/{field}"));
        html! { <td><NumberField {pointer} {value} onchange={d.reform(move |x: f64| Action::EditUser(u, f(x)))} {label} /></td> }
    };
    html! {
        <fieldset class="schedule">
            <legend>{ t("abacus-scheduler") }</legend>
            <div class="field-row">
                { for POLICIES.iter().map(|&(p, name)| html! {
                    <label class="check"><input type="checkbox" data-pointer="/schedule/policies" checked={s.policies.contains(&p)}
                        onchange={d.reform(move |_: Event| Action::TogglePolicy(p))} /><span translate="no">{ name }</span></label>
                }) }
                <label class="check"><input type="checkbox" data-pointer="/schedule/phases_in_order" checked={s.phases_in_order}
                    onchange={d.reform(|e: Event| Action::PhasesInOrder(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                    { t("abacus-phases-in-order") }</label>
            </div>
            <div class="field-row">
                <label>{ t("abacus-horizon") }</label>
                <NumberField pointer="/schedule/horizon" value={s.horizon} onchange={d.reform(Action::Horizon)} label={t("abacus-horizon-label")} />
            </div>
            <div class="scroll">
            <table class="users-table" id="users-table">
                <thead><tr>
                    <th>{ t("abacus-user") }</th><th>{ t("abacus-budget-dollars") }</th><th title={t("abacus-bids-title")}>{ t("abacus-bids") }</th>
                    <th title={t("abacus-arrivals-title")}>{ t("abacus-arrivals") }</th>
                    <th title={t("abacus-user-utility-title")}>{ t("abacus-utility") }</th>
                    { for props.resources.iter().map(|r| html! { <th title={t("abacus-user-weight-title")} translate="no">{ format!("w({r})") }</th> }) }
                    { for props.resources.iter().map(|r| html! { <th>{ t!("abacus-user-tasks", resource = r.clone()) }</th> }) }
                    { for props.resources.iter().map(|r| html! { <th>{ t!("abacus-user-time", resource = r.clone()) }</th> }) }
                    <th title={t("abacus-reported-title")}>{ t("abacus-reported") }</th>
                    <th></th>
                </tr></thead>
                <tbody>
                { for s.users.iter().enumerate().map(|(u, user)| {
                    html! {
                        <tr>
                            <td><ParsedField<String> pointer={format!("/schedule/users/{u}/name")} value={user.name.clone()} label={t("abacus-user-name-label")}
                                onchange={d.reform(move |v: String| Action::EditUser(u, UserEdit::Name(v)))} /></td>
                            { user_cell(u, "budget", user.budget, t("abacus-user-budget-label"), UserEdit::Budget) }
                            { user_cell(u, "reported_budget", user.reported_budget.unwrap_or(user.budget), t("abacus-user-reported-budget-label"), |x| UserEdit::ReportedBudget(Some(x))) }
                            <td><ArrivalsField pointer={format!("/schedule/users/{u}/arrivals")} arrivals={user.arrivals.clone()} onchange={d.reform(move |a| Action::EditUser(u, UserEdit::Arrivals(a)))} /></td>
                            { utility_cells(u, user, &names, d) }
                            if user.utility.kind == UtilityKind::Formula {
                                <td colspan={m.to_string()} class="formula-cell">
                                    <FormulaField class="utility-formula" id={format!("abacus-user-utility-formula-{u}")} pointer={format!("/schedule/users/{u}/utility/formula")}
                                        value={user.utility.formula.clone().unwrap_or_default()} label={t!("abacus-user-formula-label", user = user.name.clone())}
                                        onchange={d.reform(move |f: String| Action::EditUser(u, UserEdit::Utility(UtilitySpec::formula(f))))} />
                                </td>
                            } else {
                                { for user.utility.weights.iter().enumerate().map(|(j, &w)| html! {
                                    <td><NumberField pointer={format!("/schedule/users/{u}/utility/weights/{j}")} value={w} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Weight(j, x)))} label={t("abacus-user-weight-label")} /></td>
                                }) }
                            }
                            { for user.tasks.iter().enumerate().map(|(j, &tasks)| html! {
                                <td><NumberField pointer={format!("/schedule/users/{u}/tasks/{j}")} value={f64::from(tasks)} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Tasks(j, x.clamp(0.0, 1e5) as u32)))} label={t("abacus-user-tasks-label")} /></td>
                            }) }
                            { for user.durations.iter().enumerate().map(|(j, &time)| html! {
                                <td><NumberField pointer={format!("/schedule/users/{u}/durations/{j}")} value={time} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Duration(j, x)))} label={t("abacus-user-time-label")} /></td>
                            }) }
                            { reported_cell(u, user, &names, d) }
                            <td><button class="remove" data-pointer="/schedule/users" onclick={d.reform(move |_: MouseEvent| Action::RemoveUser(u))} disabled={s.users.len() <= 1}
                                aria-label={t!("abacus-user-remove", n = (u + 1).to_string())}>{ "−" }</button></td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            if formulas {
                <p class="hint" id="user-utility-formula-hint">{ t!("abacus-user-formula-hint", names = names.join(", ")) }</p>
                <FormulaVariables variables={&UTILITY_VARIABLES[..]} />
            }
            <button data-pointer="/schedule/users" onclick={d.reform(|_: MouseEvent| Action::AddUser)}>{ t("abacus-user-add") }</button>
            <button class="secondary" data-pointer="/schedule" onclick={d.reform(|_: MouseEvent| Action::ScheduleOn(false))}>{ t("abacus-scheduler-off") }</button>
            <p class="hint">{ t("abacus-scheduler-hint") }</p>
        </fieldset>
    }
}

/// The choice of a user's true utility: the weights of the table, or a formula.
fn utility_cells(u: usize, user: &UserSpec, names: &[String], d: &Callback<Action>) -> Html {
    let formula = user.utility.kind == UtilityKind::Formula;
    let (names, utility) = (names.to_vec(), user.utility.clone());
    let onchange = d.reform(move |e: Event| {
        let on = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value() == "formula";
        Action::EditUser(u, UserEdit::Utility(utility_as(&utility, on, &names)))
    });
    html! {
        <td><select id={format!("abacus-user-utility-{u}")} data-pointer={format!("/schedule/users/{u}/utility")} {onchange}
            aria-label={t!("abacus-user-utility-label", user = user.name.clone())}>
            <option value="weights" selected={!formula}>{ t("abacus-user-utility-weights") }</option>
            <option value="formula" selected={formula}>{ t("abacus-utility-formula") }</option>
        </select></td>
    }
}

/// The choice of a user's reported utility: its true one, or a formula (weights from a document
/// are kept until changed).
fn reported_cell(u: usize, user: &UserSpec, names: &[String], d: &Callback<Action>) -> Html {
    let reported = user.reported_utility.as_ref();
    let kind = match reported {
        None => "true",
        Some(r) if r.kind == UtilityKind::Formula => "formula",
        Some(_) => "weights",
    };
    let (names, current) = (names.to_vec(), user.clone());
    let onchange = d.reform(move |e: Event| {
        let on = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value() == "formula";
        Action::EditUser(u, UserEdit::ReportedUtility(reported_as(&current, on, &names)))
    });
    html! {
        <td class="formula-cell">
            <select id={format!("abacus-user-reported-{u}")} data-pointer={format!("/schedule/users/{u}/reported_utility")} {onchange}
                aria-label={t!("abacus-user-reported-label", user = user.name.clone())}>
                <option value="true" selected={kind == "true"}>{ t("abacus-reported-true") }</option>
                if kind == "weights" {
                    <option value="weights" selected=true>{ t("abacus-reported-weights") }</option>
                }
                <option value="formula" selected={kind == "formula"}>{ t("abacus-utility-formula") }</option>
            </select>
            if let Some(r) = reported.filter(|r| r.kind == UtilityKind::Formula) {
                <FormulaField class="utility-formula" id={format!("abacus-user-reported-formula-{u}")} pointer={format!("/schedule/users/{u}/reported_utility/formula")}
                    value={r.formula.clone().unwrap_or_default()} label={t!("abacus-user-reported-formula-label", user = user.name.clone())}
                    onchange={d.reform(move |f: String| Action::EditUser(u, UserEdit::ReportedUtility(Some(UtilitySpec::formula(f)))))} />
            }
        </td>
    }
}

pub fn response_chart(r: &ScheduleResult) -> Option<BarChart> {
    let users: Vec<String> = r.policies.first()?.users.iter().map(|u| u.name.clone()).collect();
    let series = r
        .policies
        .iter()
        .map(|p| BarSeries {
            name: policy_name(p.policy).into(),
            values: p.users.iter().map(|u| u.mean_response_time).collect(),
        })
        .collect();
    Some(BarChart {
        title: t("abacus-response-chart"),
        y_label: t("abacus-seconds"),
        labels: users,
        series,
        stacked: false,
        reference: None,
    })
}

pub fn utilisation_chart(r: &ScheduleResult, resources: &[String]) -> Option<LineChart> {
    let first = r.policies.first()?;
    let series = resources
        .iter()
        .enumerate()
        .map(|(j, name)| LineSeries {
            name: name.clone(),
            points: first.timeline.iter().map(|s| (s.time, s.busy[j])).collect(),
            intervals: Vec::new(),
        })
        .collect();
    Some(LineChart {
        title: t!("abacus-busy-chart", policy = policy_name(first.policy)),
        x_label: t("abacus-time-seconds"),
        y_label: t("abacus-busy-fraction"),
        series,
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    })
}

#[derive(Properties, PartialEq)]
pub struct ScheduleViewProps {
    pub result: ScheduleResult,
    pub resources: Vec<String>,
}

#[component]
pub fn ScheduleView(props: &ScheduleViewProps) -> Html {
    use_lang();
    let r = &props.result;
    html! {
        <div class="results" id="schedule-results">
            <table class="results-table" id="schedule-table">
                <thead><tr><th>{ t("abacus-policy") }</th><th>{ t("abacus-policy-jobs") }</th><th>{ t("abacus-mean-response") }</th><th>{ t("abacus-makespan") }</th>
                    { for props.resources.iter().map(|n| html! { <th>{ t!("abacus-busy", resource = n.clone()) }</th> }) }</tr></thead>
                <tbody>
                { for r.policies.iter().map(|p| html! {
                    <tr>
                        <td translate="no">{ policy_name(p.policy) }</td><td>{ p.jobs.len() }</td>
                        <td>{ fixed(p.mean_response_time, 1) }</td><td>{ fixed(p.makespan, 1) }</td>
                        { for p.utilisation.iter().map(|u| html! { <td>{ crate::format::percent_shown(u * 100.0, 0) }</td> }) }
                    </tr>
                }) }
                </tbody>
            </table>
            if let Some(c) = response_chart(r) {
                <Chart<BarChart> data={c} height={280} id="response-chart" />
            }
            if let Some(c) = utilisation_chart(r, &props.resources) {
                <Chart<LineChart> data={c} height={240} id="utilisation-chart" />
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ArrivalsProps {
    arrivals: Arrivals,
    onchange: Callback<Arrivals>,
    /// The arrivals' JSON pointer in the scenario.
    pointer: AttrValue,
}

/// A user's arrivals: Poisson with a rate per minute, or explicit times in seconds (comma- or
/// space-separated). Text that is not a list of numbers is marked and kept, never sent.
#[component]
fn ArrivalsField(props: &ArrivalsProps) -> Html {
    use_lang();
    let poisson = matches!(props.arrivals, Arrivals::Poisson { .. });
    let onkind = props.onchange.reform(|e: Event| {
        match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
            "times" => Arrivals::Times(vec![0.0]),
            _ => Arrivals::Poisson { rate: 1.0 / 60.0 },
        }
    });
    html! {
        <span class="arrivals">
            <select class="arrivals-kind" data-pointer={props.pointer.clone()} onchange={onkind} aria-label={t("abacus-arrival-process")}>
                <option value="poisson" selected={poisson}>{ t("abacus-arrivals-rate") }</option>
                <option value="times" selected={!poisson}>{ t("abacus-arrivals-times") }</option>
            </select>
            { match &props.arrivals {
                Arrivals::Poisson { rate } => html! {
                    <NumberField class="rate" pointer={format!("{}/poisson/rate", props.pointer)} value={per_minute(*rate)} onchange={props.onchange.reform(|r: f64| Arrivals::Poisson { rate: r / 60.0 })} label={t("abacus-arrivals-rate-label")} />
                },
                Arrivals::Times(times) => html! {
                    <ParsedField<ArrivalTimes> pointer={format!("{}/times", props.pointer)} value={ArrivalTimes(times.clone())} onchange={props.onchange.reform(|t: ArrivalTimes| Arrivals::Times(t.0))} label={t("abacus-arrivals-times-label")} />
                },
            } }
        </span>
    }
}

/// A rate per second shown per minute, rounded to 12 significant digits so that a typed rate
/// reads back as typed (1.9 / 60 · 60 is 1.8999999999999997).
fn per_minute(rate: f64) -> f64 {
    format!("{:.11e}", rate * 60.0).parse().unwrap_or(rate * 60.0)
}

/// Explicit arrival times in seconds, typed as a comma- or space-separated list.
#[derive(Clone, PartialEq)]
struct ArrivalTimes(Vec<f64>);

impl Parsed for ArrivalTimes {
    const CLASS: &'static str = "times";

    /// `None` unless a non-empty list of finite numbers (an empty field would silently give the
    /// user no jobs).
    fn parse(text: &str) -> Option<Self> {
        let times: Vec<f64> = text
            .split([',', ' ', ';'])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect::<Option<_>>()?;
        (!times.is_empty()).then_some(ArrivalTimes(times))
    }

    fn show(&self) -> String {
        self.0.iter().map(|t| format!("{t}")).collect::<Vec<_>>().join(", ")
    }

    fn problem(_: &str) -> String {
        crate::components::is_not(&crate::i18n::t("abacus-expected-arrival-times"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn arrival_times_read_back_and_bad_text_is_refused() {
        let parse = |text: &str| ArrivalTimes::parse(text).map(|t| t.0);
        assert_eq!(parse("0, 30 90;120"), Some(vec![0.0, 30.0, 90.0, 120.0]));
        assert_eq!(parse(&ArrivalTimes(vec![0.5, 1e3, 7.0]).show()), Some(vec![0.5, 1e3, 7.0]));
        assert_eq!(parse(""), None, "an empty list would silently give the user no jobs");
        assert_eq!(parse(" , "), None);
        assert_eq!(parse("10, ten"), None);
        assert_eq!(parse("1e999"), None, "infinite times are refused");
        for typed in [1.9, 3.8, 7.7, 0.25, 60.0] {
            assert_eq!(per_minute(typed / 60.0), typed, "{typed} per minute reads back as typed");
        }
    }

    /// Why a list does not read is said in the page's language (it once fell back to English).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn why_arrival_times_do_not_read_is_said_in_the_pages_language() {
        use crate::i18n::{install_in, Lang};
        use crate::pages::bundles::messages::ALL;
        install_in(Lang::En, ALL);
        assert_eq!(ArrivalTimes::problem("10, ten"), "is not a list of arrival times in seconds, e.g. 0, 30, 90");
        install_in(Lang::ZhCn, ALL);
        let said = ArrivalTimes::problem("10, ten");
        install_in(Lang::En, ALL);
        assert!(said.contains("到达时刻") && !said.chars().any(|c| c.is_ascii_alphabetic()), "{said}");
    }

    /// A scheduled user's utility as a formula starts from its own (the same schedule, run
    /// natively on the page's default scenario with the scheduler on), and back to weights;
    /// the reported formula starts from what it reports (its true utility by default).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_users_utility_as_a_formula_starts_from_its_own() {
        let names = vec!["map".to_string(), "reduce".to_string()];
        let weights = UtilitySpec::linear(vec![2.0, 4.0]);
        let f = utility_as(&weights, true, &names);
        assert_eq!((f.kind, f.formula.as_deref()), (UtilityKind::Formula, Some("2*map + 4*reduce")));
        assert_eq!(utility_as(&f, true, &names), f, "a formula stays as typed");
        assert_eq!(utility_as(&f, false, &names), UtilitySpec::linear(vec![1.0, 1.0]));
        assert_eq!(utility_as(&weights, false, &names), weights);
        let user = UserSpec {
            name: "U1".into(),
            budget: 10.0,
            utility: weights.clone(),
            reported_budget: None,
            reported_utility: None,
            arrivals: Arrivals::Poisson { rate: 0.01 },
            tasks: vec![1, 1],
            durations: vec![1.0, 1.0],
        };
        assert_eq!(reported_as(&user, true, &names), Some(f.clone()));
        let misreport = UserSpec { reported_utility: Some(UtilitySpec::linear(vec![1.0, 3.0])), ..user.clone() };
        assert_eq!(reported_as(&misreport, true, &names).and_then(|r| r.formula), Some("1*map + 3*reduce".into()));
        assert_eq!(reported_as(&misreport, false, &names), None);
    }
}
