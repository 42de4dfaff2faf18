//! A merged table, charted: any metric against any numeric varied parameter, the mean and 95%
//! interval over the seeds at each value, one line per label of the metric and per value of the
//! other parameters ([`cloudecon::study::summarize`]); the table itself below, and its downloads
//! in `cloudecon merge`'s formats.

use std::rc::Rc;

use cloudecon::study::{is_seed, summarize, Table};
use yew::prelude::*;

use crate::charts::{cell, Chart, LineChart, LineSeries};
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;
use crate::t;

/// Most lines drawn (the rest are named under the chart).
const MAX_LINES: usize = 24;
/// Most rows of the table shown on the page (the downloads have them all).
const SHOWN_ROWS: usize = 100;

#[derive(Properties, PartialEq)]
pub struct StudyTableProps {
    pub table: Rc<Table>,
    /// Where the table came from, in words.
    pub source: AttrValue,
}

/// The x axis a table opens with: its first numeric parameter that is not a seed, else its first.
fn default_x(table: &Table) -> Option<String> {
    let numeric = table.numeric_parameters();
    numeric.iter().find(|p| !is_seed(p)).or(numeric.first()).map(|p| p.to_string())
}

/// The chart of `metric` against `x`, and the lines left out.
fn chart(table: &Table, x: &str, metric: &str) -> Result<(LineChart, usize), String> {
    let series = summarize(table, x, metric).map_err(|p| crate::i18n::problem_text(&p))?;
    let left_out = series.len().saturating_sub(MAX_LINES);
    let seeds: Vec<&str> = table.parameters().into_iter().filter(|p| is_seed(p) && *p != x).collect();
    let over =
        if seeds.is_empty() { String::new() } else { format!(" {}", t!("study-chart-over", seeds = seeds.join(", "))) };
    let series = series
        .into_iter()
        .take(MAX_LINES)
        .map(|s| LineSeries {
            name: s.name,
            points: s.points.iter().map(|p| (p.x, p.mean)).collect(),
            intervals: s.points.iter().map(|p| (p.low, p.high)).collect(),
        })
        .collect();
    let chart = LineChart {
        title: t!("study-chart-title", metric = metric.to_string(), x = x.to_string()),
        x_label: x.to_string(),
        y_label: format!("{metric}{over}"),
        series,
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    };
    Ok((chart, left_out))
}

/// A select of `options` with `selected`, setting `state` on change.
fn picker(
    id: &'static str,
    label: String,
    options: &[String],
    selected: &str,
    state: &UseStateHandle<Option<String>>,
) -> Html {
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            state.set(Some(select.value()));
        })
    };
    html! {
        <label for={id}>{ label }
            <select {id} {onchange}>
                { for options.iter().map(|o| html! { <option value={o.clone()} selected={o == selected}>{ o.clone() }</option> }) }
            </select>
        </label>
    }
}

#[component]
pub fn StudyTable(props: &StudyTableProps) -> Html {
    use_lang();
    let table = &props.table;
    let errors = use_errors();
    let x = use_state_eq(|| None::<String>);
    let metric = use_state_eq(|| None::<String>);
    let xs: Vec<String> = table.numeric_parameters().into_iter().map(str::to_string).collect();
    let metrics = table.metrics();
    // A choice the table does not have (a new table) falls back to the default.
    let x_now = (*x).clone().filter(|c| xs.contains(c)).or_else(|| default_x(table));
    let metric_now = (*metric).clone().filter(|m| metrics.contains(m)).or_else(|| metrics.first().cloned());
    let download = |csv: bool| {
        let (table, errors) = (Rc::clone(table), errors.clone());
        Callback::from(move |_: MouseEvent| {
            let done = if csv {
                files::download("study-table.csv", "text/csv", &table.to_csv())
            } else {
                // What `cloudecon merge` writes: why a shard is missing in the runner's words only
                // (the page's problems as data are for the page).
                let mut merged = (*table).clone();
                merged.missing.iter_mut().for_each(|m| m.problems = None);
                let text = serde_json::to_string_pretty(&merged).unwrap_or_default() + "\n";
                files::download("study-table.json", "application/json", &text)
            };
            if let (Err(e), Some(errors)) = (done, &errors) {
                errors.report(e);
            }
        })
    };
    let shown = match (&x_now, &metric_now) {
        (Some(x), Some(m)) => match chart(table, x, m) {
            Ok((data, left_out)) => html! {
                <>
                    <Chart<LineChart> id="study-chart" {data} height={340} />
                    if left_out > 0 {
                        <p class="hint">{ t!("study-lines-left-out", n = left_out.to_string()) }</p>
                    }
                </>
            },
            Err(e) => html! { <p class="field-problem" role="alert" id="study-chart-problem">{ e }</p> },
        },
        _ => html! {
            <p class="hint" id="study-chart-problem">{ t("study-nothing-to-chart") }</p>
        },
    };
    let rows = table.rows.len();
    html! {
        <section class="study-results" aria-labelledby="study-results-title">
            <h2 id="study-results-title">{ t("study-results") }</h2>
            <p id="study-source">{ t!("study-source", source = props.source.to_string(), rows = rows.to_string(), columns = table.columns.len().to_string()) }</p>
            <div class="study-controls">
                if !xs.is_empty() {
                    { picker("study-x", format!("{} ", t("study-against")), &xs, x_now.as_deref().unwrap_or(""), &x) }
                }
                if !metrics.is_empty() {
                    { picker("study-metric", format!(" {} ", t("study-chart-word")), &metrics, metric_now.as_deref().unwrap_or(""), &metric) }
                }
                <button id="study-download-csv" onclick={download(true)}>{ t("study-download-csv") }</button>
                <button id="study-download-json" onclick={download(false)}>{ t("study-download-json") }</button>
                <p class="hint downloads-plain">{ t("components-downloads-plain") }</p>
            </div>
            { shown }
            if !table.missing.is_empty() {
                <div class="run-status failed" id="study-missing" role="alert">
                    <p>{ t!("study-missing", n = table.missing.len().to_string()) }</p>
                    <ul>{ for table.missing.iter().take(20).map(|m| html! { <li><code>{ m.shard.clone() }</code>{ ": " }{ missing_why(m) }</li> }) }</ul>
                </div>
            }
            <div class="scroll">
                <table class="results" id="study-table">
                    <thead><tr translate="no">{ for table.columns.iter().map(|c| html! { <th scope="col">{ c.clone() }</th> }) }</tr></thead>
                    <tbody>
                        { for table.rows.iter().take(SHOWN_ROWS).map(|r| html! {
                            <tr>{ for r.iter().map(|v| html! { <td>{ match v {
                                serde_json::Value::Null => String::new(),
                                serde_json::Value::String(s) => s.clone(),
                                serde_json::Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), cell),
                                other => other.to_string(),
                            } }</td> }) }</tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if rows > SHOWN_ROWS {
                <p class="hint">{ t!("study-first-rows", shown = SHOWN_ROWS.to_string(), rows = rows.to_string()) }</p>
            }
        </section>
    }
}

/// Why a shard has no row, in the page's language when it ran here (its problems as data).
fn missing_why(m: &cloudecon::study::MissingShard) -> String {
    m.problems.as_ref().map_or_else(|| m.error.clone(), crate::i18n::problems_text)
}
