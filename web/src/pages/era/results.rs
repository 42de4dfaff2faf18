//! An ERA run's results: the metrics, the decisions (paged), a Gantt of the accepted jobs, and
//! capacity / promised / used and the first unit's price over the slots.

use std::rc::Rc;

use cloudecon::era::algorithm::NoQuote;
use cloudecon::era::requests::RequestSpec;
use cloudecon::era::EraResult;
use yew::prelude::*;

use super::{money, percent_of, with_elements, ROWS_PER_PAGE};
use crate::charts::{Chart, GanttChart, GanttRow, LineChart, LineSeries};
use crate::components::use_page;
use crate::i18n::{t, use_lang};
use crate::t;

/// Why ERA gives no quote, in the reader's language (the core's [`NoQuote::describe`] in English).
pub fn no_quote_text(no: NoQuote) -> String {
    match no {
        NoQuote::Closed => t("era-reason-closed"),
        NoQuote::WindowTooShort { part } => t!("era-reason-window-too-short", part = part.to_string()),
        NoQuote::DoesNotFit { part } => t!("era-reason-does-not-fit", part = part.to_string()),
    }
}

/// A decision's reason as the core wrote it (English, also in the CSV download), in the reader's
/// language when it is one of the core's sentences; any other text as it is.
fn reason_text(reason: &str) -> String {
    if reason == "the value is below the quote" {
        return t("era-reason-value-below");
    }
    let part = reason.strip_prefix("part ").and_then(|r| r.split_once(':')).and_then(|(n, _)| n.parse::<u32>().ok());
    let candidates = [NoQuote::Closed]
        .into_iter()
        .chain(part.into_iter().flat_map(|part| [NoQuote::WindowTooShort { part }, NoQuote::DoesNotFit { part }]));
    let said = candidates.into_iter().find(|no| reason == no.describe());
    said.map_or_else(|| reason.to_string(), no_quote_text)
}

/// Most rows the Gantt chart draws (the decisions table pages through all of them).
pub const GANTT_ROWS: usize = 60;

#[derive(Properties, PartialEq)]
pub struct MetricsProps {
    pub result: Rc<EraResult>,
}

/// The spec's metrics as a table.
#[component]
pub fn MetricsTable(props: &MetricsProps) -> Html {
    use_lang();
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
                { with_elements(
                    "era-summary",
                    &[("total", total.to_string()), ("efficiency", percent_of(m.efficiency))],
                    vec![
                        ("accepted", html! { <span data-result="/metrics/accepted">{ m.accepted }</span> }),
                        ("revenue", html! { <span data-result="/metrics/revenue">{ money(m.revenue) }</span> }),
                    ],
                ) }
            </p>
            <table class="results-table" id="era-metrics">
                <tbody>
                    { row("requested_value", &t("era-metric-requested-value"), money(m.requested_value), &t("era-metric-requested-value.title"), Some("/metrics/requested_value")) }
                    { row("accepted_value", &t("era-metric-accepted-value"), money(m.accepted_value), &t("era-metric-accepted-value.title"), Some("/metrics/accepted_value")) }
                    { row("completed_on_time_value", &t("era-metric-completed-on-time"), money(m.completed_on_time_value), &t("era-metric-completed-on-time.title"), Some("/metrics/completed_on_time_value")) }
                    { row("efficiency", &t("era-metric-efficiency"), percent_of(m.efficiency), &t("era-metric-efficiency.title"), None) }
                    { row("revenue", &t("era-metric-revenue"), money(m.revenue), &t("era-metric-revenue.title"), Some("/metrics/revenue")) }
                    { row("accepted", &t("era-metric-accepted"), m.accepted.to_string(), "", Some("/metrics/accepted")) }
                    { row("rejected", &t("era-metric-rejected"), m.rejected.to_string(), "", Some("/metrics/rejected")) }
                    { row("late_jobs", &t("era-metric-late-jobs"), m.late_jobs.to_string(), &t("era-metric-late-jobs.title"), Some("/metrics/late_jobs")) }
                    { row("late_fraction", &t("era-metric-late-fraction"), percent_of(m.late_fraction), &t("era-metric-late-fraction.title"), None) }
                    { for m.utilization_by_resource.iter().map(|(r, u)| row(&format!("utilization-{r}"), &t!("era-metric-utilization", resource = r.clone()), percent_of(*u), &t("era-metric-utilization.title"), None)) }
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
    use_lang();
    let r = &props.result;
    let page = use_page(r.decisions.len(), ROWS_PER_PAGE, "era-decisions-pager");
    let opt = |x: Option<f64>| x.map(money).unwrap_or_default();
    let classes = r.decisions.iter().any(|d| d.class.is_some());
    html! {
        <>
            <div class="scroll" tabindex="0" role="region" aria-label={t("era-decisions-label")}>
            <table class="results-table" id="era-decisions">
                <thead><tr><th>{ t("era-col-id") }</th>if classes { <th>{ t("era-class") }</th> }<th>{ t("era-col-submit") }</th><th>{ t("era-value-dollars") }</th><th>{ t("era-decision") }</th><th>{ t("era-start") }</th>
                    <th>{ t("era-price-dollars") }</th><th title={t("era-quote-dollars.title")}>{ t("era-quote-dollars") }</th><th>{ t("era-finish") }</th><th>{ t("era-why") }</th></tr></thead>
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
                            <td translate="no">{ d.id.clone() }</td>
                            if classes { <td class="class" translate="no">{ d.class.clone().unwrap_or_default() }</td> }
                            <td data-result={format!("/decisions/{i}/submit")}>{ d.submit }</td><td data-result={format!("/decisions/{i}/value")}>{ money(d.value) }</td>
                            <td class="decision">{ if d.accepted { t("era-accepted") } else { t("era-rejected") } }</td>
                            <td class="start" data-result={at("start", d.start.is_some())}>{ d.start.map(|s| s.to_string()).unwrap_or_default() }</td>
                            <td class="price" data-result={at("price", d.price.is_some())}>{ opt(d.price) }</td>
                            <td class="quote" data-result={at("quote", d.quote.is_some())}>{ opt(d.quote) }</td>
                            <td data-result={at("parts/0/finish", finished)}>{ if d.accepted { finish } else { String::new() } }</td>
                            <td class="reason">{ if late { t("era-late") } else { d.reason.as_deref().map(reason_text).unwrap_or_default() } }</td>
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
        Colouring::Lateness => vec![t("era-on-time"), t("era-late")],
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
                    let class = d.class.clone().unwrap_or_else(|| t("era-gantt-bids"));
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
        t!("era-gantt-title-first", shown = rows.len().to_string(), parts = parts.to_string())
    } else {
        t("era-gantt-title")
    };
    Some(GanttChart { title, x_label: t("era-slot"), rows, groups, shared_lanes: false })
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
        title: t!("era-usage-chart-title", resource = s.resource.clone()),
        x_label: t("era-slot"),
        y_label: t("era-units"),
        series: vec![
            line(&t("era-series-capacity"), &s.capacity),
            line(&t("era-series-promised"), &s.promised),
            line(&t("era-series-used"), &s.used),
        ],
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
        title: t("era-price-chart-title"),
        x_label: t("era-slot"),
        y_label: t("era-per-unit-and-slot"),
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
    use_lang();
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
                    <label for="era-gantt-colour">{ t("era-gantt-colour") }</label>
                    <select id="era-gantt-colour" onchange={oncolour}>
                        <option value="class" selected={*colouring == Colouring::Class}>{ t("era-class") }</option>
                        <option value="late" selected={*colouring == Colouring::Lateness}>{ t("era-gantt-colour-late") }</option>
                    </select>
                </span>
            </div>
            if let Some(c) = chart {
                <Chart<GanttChart> data={c} height={gantt_height(r)} id="era-gantt-chart" />
            } else {
                <p class="hint" id="era-gantt-empty">{ t("era-gantt-empty") }</p>
            }
            if r.series.len() > 1 {
                <div class="field-row">
                    <span class="pair">
                        <label for="era-usage-resource">{ t("era-resource") }</label>
                        <select id="era-usage-resource" onchange={onresource}>
                            { for r.series.iter().enumerate().map(|(k, s)| html! { <option value={k.to_string()} selected={k == chosen} translate="no">{ s.resource.clone() }</option> }) }
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
            <p class="hint">{ t("era-charts-hint") }</p>
        </div>
    }
}

fn gantt_height(r: &EraResult) -> u32 {
    let rows = r.decisions.iter().filter(|d| d.accepted).map(|d| d.parts.len()).sum::<usize>().min(GANTT_ROWS);
    (110 + 18 * rows as u32).clamp(200, 900)
}
