//! An ERA run's results: the metrics, the decisions (paged), a Gantt of the accepted jobs, and
//! capacity / promised / used and the first unit's price over the slots.

use std::rc::Rc;

use cloudecon::era::requests::RequestSpec;
use cloudecon::era::EraResult;
use yew::prelude::*;

use super::{money, percent, ROWS_PER_PAGE};
use crate::charts::{Chart, GanttChart, GanttRow, LineChart, LineSeries};
use crate::components::use_page;

/// Most rows the Gantt chart draws (the decisions table pages through all of them).
pub const GANTT_ROWS: usize = 60;

#[derive(Properties, PartialEq)]
pub struct MetricsProps {
    pub result: Rc<EraResult>,
}

/// The spec's metrics as a table.
#[component]
pub fn MetricsTable(props: &MetricsProps) -> Html {
    let m = &props.result.metrics;
    let total = m.accepted + m.rejected;
    // `pointer`: the value's JSON pointer in the result, for a number shown as it is (not as a
    // percentage).
    let row = |key: &str, name: &str, value: String, title: &str, pointer: Option<&str>| {
        html! {
            <tr data-metric={key.to_string()} title={title.to_string()}><th>{ name.to_string() }</th><td data-result={pointer.map(str::to_string)}>{ value }</td></tr>
        }
    };
    html! {
        <div class="era-metrics">
            <p id="era-summary">
                <span data-result="/metrics/accepted">{ m.accepted }</span>{ format!(" of {total} bids accepted; revenue $") }
                <span data-result="/metrics/revenue">{ money(m.revenue) }</span>{ format!("; efficiency {}.", percent(m.efficiency)) }
            </p>
            <table class="results-table" id="era-metrics">
                <tbody>
                    { row("requested_value", "requested value $", money(m.requested_value), "Σ values of all bids", Some("/metrics/requested_value")) }
                    { row("accepted_value", "accepted value $", money(m.accepted_value), "Σ values of accepted bids", Some("/metrics/accepted_value")) }
                    { row("completed_on_time_value", "completed on time $", money(m.completed_on_time_value), "Σ values of accepted bids that finished by their deadline", Some("/metrics/completed_on_time_value")) }
                    { row("efficiency", "efficiency", percent(m.efficiency), "completed on time value / requested value", None) }
                    { row("revenue", "revenue $", money(m.revenue), "Σ prices charged", Some("/metrics/revenue")) }
                    { row("accepted", "accepted", m.accepted.to_string(), "", Some("/metrics/accepted")) }
                    { row("rejected", "rejected", m.rejected.to_string(), "", Some("/metrics/rejected")) }
                    { row("late_jobs", "late jobs", m.late_jobs.to_string(), "accepted jobs finishing after their deadline", Some("/metrics/late_jobs")) }
                    { row("late_fraction", "late fraction", percent(m.late_fraction), "late jobs / accepted", None) }
                    { for m.utilization_by_resource.iter().map(|(r, u)| row(&format!("utilization-{r}"), &format!("utilisation of {r}"), percent(*u), "Σ_t min(used, capacity) / Σ_t capacity", None)) }
                </tbody>
            </table>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct DecisionsProps {
    pub result: Rc<EraResult>,
}

/// Every bid's decision, in document order, a page at a time.
#[component]
pub fn DecisionsTable(props: &DecisionsProps) -> Html {
    let r = &props.result;
    let page = use_page(r.decisions.len(), ROWS_PER_PAGE, "era-decisions-pager");
    let opt = |x: Option<f64>| x.map(money).unwrap_or_default();
    let classes = r.decisions.iter().any(|d| d.class.is_some());
    html! {
        <>
            <div class="scroll" tabindex="0" role="region" aria-label="Decisions">
            <table class="results-table" id="era-decisions">
                <thead><tr><th>{ "id" }</th>if classes { <th>{ "class" }</th> }<th>{ "submit" }</th><th>{ "value $" }</th><th>{ "decision" }</th><th>{ "start" }</th>
                    <th>{ "price $" }</th><th title="The algorithm's quote, made without the value">{ "quote $" }</th><th>{ "finish" }</th><th>{ "why rejected / late" }</th></tr></thead>
                <tbody>
                // `i`: the decision's index in the result (for the cells' JSON pointers).
                { for r.decisions.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(i, d)| {
                    let late = d.accepted && d.parts.iter().any(|p| p.late);
                    let finish = d.parts.iter().map(|p| p.finish.map_or("—".to_string(), |f| f.to_string())).collect::<Vec<_>>().join(", ");
                    let decision = if d.accepted { "accepted" } else { "rejected" };
                    // The finish cell's first number is the first part's finish, when it has one.
                    let finished = d.accepted && d.parts.first().is_some_and(|p| p.finish.is_some());
                    let at = |field: &str, shown: bool| shown.then(|| format!("/decisions/{i}/{field}"));
                    html! {
                        <tr data-id={d.id.clone()} class={classes!(decision, late.then_some("late"))}>
                            <td>{ d.id.clone() }</td>
                            if classes { <td class="class">{ d.class.clone().unwrap_or_default() }</td> }
                            <td data-result={format!("/decisions/{i}/submit")}>{ d.submit }</td><td data-result={format!("/decisions/{i}/value")}>{ money(d.value) }</td>
                            <td class="decision">{ decision }</td>
                            <td class="start" data-result={at("start", d.start.is_some())}>{ d.start.map(|s| s.to_string()).unwrap_or_default() }</td>
                            <td class="price" data-result={at("price", d.price.is_some())}>{ opt(d.price) }</td>
                            <td class="quote" data-result={at("quote", d.quote.is_some())}>{ opt(d.quote) }</td>
                            <td data-result={at("parts/0/finish", finished)}>{ if d.accepted { finish } else { String::new() } }</td>
                            <td class="reason">{ if late { "late".to_string() } else { d.reason.clone().unwrap_or_default() } }</td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
        </>
    }
}

/// How the Gantt's bars are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colouring {
    Class,
    Lateness,
}

/// Accepted jobs over the slots: a bar per part from its start to its finish (or its planned
/// end if it never finished), its window shaded; the first [`GANTT_ROWS`] parts.
pub fn gantt(r: &EraResult, requests: &[RequestSpec], colouring: Colouring) -> Option<GanttChart> {
    let mut groups: Vec<String> = match colouring {
        Colouring::Lateness => vec!["on time".into(), "late".into()],
        Colouring::Class => Vec::new(),
    };
    let mut rows = Vec::new();
    let mut parts = 0usize;
    for (d, req) in r.decisions.iter().zip(requests).filter(|(d, _)| d.accepted) {
        for (k, (p, spec)) in d.parts.iter().zip(&req.parts).enumerate() {
            parts += 1;
            let Some(start) = p.start else { continue };
            if rows.len() >= GANTT_ROWS {
                continue;
            }
            let end = p.finish.map_or(start + spec.duration, |f| f + 1);
            let group = match colouring {
                Colouring::Lateness => usize::from(p.late),
                Colouring::Class => {
                    let class = d.class.clone().unwrap_or_else(|| "bids".into());
                    groups.iter().position(|g| *g == class).unwrap_or_else(|| {
                        groups.push(class);
                        groups.len() - 1
                    })
                }
            };
            let label = if d.parts.len() > 1 { format!("{} /{}", d.id, k + 1) } else { d.id.clone() };
            let window = (f64::from(spec.arrival.max(d.submit)), f64::from(spec.deadline));
            rows.push(GanttRow { label, window: Some(window), start: f64::from(start), end: f64::from(end), group });
        }
    }
    if rows.is_empty() {
        return None;
    }
    let title = if parts > rows.len() {
        format!("Accepted jobs over the slots (first {} of {parts} parts)", rows.len())
    } else {
        "Accepted jobs over the slots".into()
    };
    Some(GanttChart { title, x_label: "slot".into(), rows, groups, shared_lanes: false })
}

/// A value per slot as a step line: flat over each slot `[t, t + 1)`.
fn steps(values: impl Iterator<Item = Option<f64>>) -> Vec<(f64, f64)> {
    values
        .enumerate()
        .filter_map(|(t, v)| v.map(|v| (t, v)))
        .flat_map(|(t, v)| [(t as f64, v), ((t + 1) as f64, v)])
        .collect()
}

/// Capacity, promised and used of one resource over the horizon.
pub fn usage_chart(r: &EraResult, resource: usize) -> Option<LineChart> {
    let s = r.series.get(resource)?;
    let line = |name: &str, v: &[f64]| LineSeries {
        name: name.into(),
        points: steps(v.iter().map(|x| Some(*x))),
        intervals: Vec::new(),
    };
    Some(LineChart {
        title: format!("Capacity, promised and used: {}", s.resource),
        x_label: "slot".into(),
        y_label: "units".into(),
        series: vec![line("capacity", &s.capacity), line("promised", &s.promised), line("used", &s.used)],
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    })
}

/// The first unit's price `price_t(1)` at the end of the run as a bid submitted at `t` would see
/// it (`now = t`), per resource (slots where no unit fits have no price and are skipped).
pub fn price_chart(r: &EraResult) -> Option<LineChart> {
    let series: Vec<LineSeries> = r
        .series
        .iter()
        .map(|s| LineSeries { name: s.resource.clone(), points: steps(s.price.iter().copied()), intervals: Vec::new() })
        .filter(|s| !s.points.is_empty())
        .collect();
    if series.is_empty() {
        return None;
    }
    Some(LineChart {
        title: "First unit's price, seen at its slot (now = t), price_t(1)".into(),
        x_label: "slot".into(),
        y_label: "$ per unit and slot".into(),
        series,
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    })
}

#[derive(Properties, PartialEq)]
pub struct ChartsProps {
    pub result: Rc<EraResult>,
    pub requests: Rc<Vec<RequestSpec>>,
}

/// The run's charts: Gantt (coloured by class or lateness), usage per resource, prices.
#[component]
pub fn RunCharts(props: &ChartsProps) -> Html {
    let r = &props.result;
    let colouring = use_state(|| Colouring::Class);
    let resource = use_state(|| 0usize);
    let chart = gantt(r, &props.requests, *colouring);
    let oncolour = {
        let colouring = colouring.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            colouring.set(if v == "late" { Colouring::Lateness } else { Colouring::Class });
        })
    };
    let onresource = {
        let resource = resource.clone();
        Callback::from(move |e: Event| {
            resource.set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0))
        })
    };
    let chosen = (*resource).min(r.series.len().saturating_sub(1));
    html! {
        <div class="era-charts">
            <div class="field-row">
                <span class="pair">
                    <label for="era-gantt-colour">{ "Colour the jobs by" }</label>
                    <select id="era-gantt-colour" onchange={oncolour}>
                        <option value="class" selected={*colouring == Colouring::Class}>{ "class" }</option>
                        <option value="late" selected={*colouring == Colouring::Lateness}>{ "on time / late" }</option>
                    </select>
                </span>
            </div>
            if let Some(c) = chart {
                <Chart<GanttChart> data={c} height={gantt_height(r)} id="era-gantt-chart" />
            } else {
                <p class="hint" id="era-gantt-empty">{ "No job was accepted: nothing to draw." }</p>
            }
            if r.series.len() > 1 {
                <div class="field-row">
                    <span class="pair">
                        <label for="era-usage-resource">{ "Resource" }</label>
                        <select id="era-usage-resource" onchange={onresource}>
                            { for r.series.iter().enumerate().map(|(k, s)| html! { <option value={k.to_string()} selected={k == chosen}>{ s.resource.clone() }</option> }) }
                        </select>
                    </span>
                </div>
            }
            if let Some(c) = usage_chart(r, chosen) {
                <Chart<LineChart> data={c} height={240} id="era-usage-chart" />
            }
            if let Some(c) = price_chart(r) {
                <Chart<LineChart> data={c} height={220} id="era-price-chart" />
            }
            <p class="hint">{ "Promised is the plan at the end of the run: a job that finished early has released its later slots. \
                               The price is what the first unit would cost at each slot for a bid arriving after the run." }</p>
        </div>
    }
}

fn gantt_height(r: &EraResult) -> u32 {
    let rows = r.decisions.iter().filter(|d| d.accepted).map(|d| d.parts.len()).sum::<usize>().min(GANTT_ROWS);
    (110 + 18 * rows as u32).clamp(200, 900)
}
