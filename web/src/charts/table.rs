//! A chart's numbers as a table: the text alternative behind each chart's "Show as table"
//! button, for screen readers, keyboards and anyone who wants the exact values. Every
//! [`ChartData`] gives its [`ChartTable`]; [`ChartTableView`] shows it a page of rows at a time
//! inside a box that scrolls sideways (a phone never scrolls the whole page).

use std::rc::Rc;

use yew::prelude::*;

use super::ChartData;
use crate::components::use_page;
use crate::i18n::use_lang;

/// The data of a chart as text: a header row, one row per point (or bar, or job) and notes for
/// what is not a row (a marked point, a reference line). Numbers are written in full (the
/// shortest digits that read back as the same `f64`, through `Intl` in the page's language:
/// [`crate::format::exact`]), so the table holds exactly what is drawn.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChartTable {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub notes: Vec<String>,
}

/// A number as a table cell: exact (in the page's language), and a dash for a missing value.
pub fn cell(v: f64) -> String {
    if v.is_finite() {
        crate::format::exact(v)
    } else {
        "—".into()
    }
}

/// Rows shown at a time (a price trace can have thousands of points).
const ROWS_PER_PAGE: usize = 50;

#[derive(Properties, PartialEq)]
pub struct ChartTableViewProps<T: ChartData> {
    pub data: T,
    /// The box's id (the chart's toggle button controls it; its pager is `{id}-pager`).
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

/// The table of a chart's data, a page of rows at a time, in a horizontally scrolling box.
#[component]
pub fn ChartTableView<T: ChartData>(props: &ChartTableViewProps<T>) -> Html {
    let lang = use_lang();
    let table: Rc<ChartTable> = use_memo((props.data.clone(), lang), |(data, _)| data.table());
    let pager = props.id.as_ref().map_or_else(|| "chart-table-pager".into(), |id| format!("{id}-pager"));
    let page = use_page(table.rows.len(), ROWS_PER_PAGE, pager);
    let caption = props.data.describe();
    html! {
        <div class="chart-table" id={props.id.clone()} tabindex="0" role="region" aria-label={crate::t!("components-chart-table-label", chart = caption)}>
            <table>
                <thead><tr>{ for table.header.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                <tbody>
                    { for table.rows[page.rows.clone()].iter().map(|row| html! {
                        <tr>{ for row.iter().map(|c| html! { <td>{ c.clone() }</td> }) }</tr>
                    }) }
                </tbody>
            </table>
            { page.controls }
            if !table.notes.is_empty() {
                <ul class="chart-table-notes">{ for table.notes.iter().map(|n| html! { <li>{ n.clone() }</li> }) }</ul>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::{BarChart, BarSeries, GanttChart, GanttRow, LineChart, LineSeries, Marker};

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn bars_give_a_row_per_category_and_a_column_per_series() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        let mut chart = BarChart::single("φ", "Shapley value", strings(&["P1", "P2"]), vec![2.0 / 3.0, 0.25]);
        chart.series.push(BarSeries { name: "fair".into(), values: vec![0.5, f64::NAN] });
        chart.reference = Some(("v(N)".into(), 1.0));
        let t = chart.table();
        assert_eq!(t.header, strings(&["category", "Shapley value", "fair"]));
        assert_eq!(t.rows, vec![strings(&["P1", "0.6666666666666666", "0.5"]), strings(&["P2", "0.25", "—"])]);
        assert_eq!(t.notes, strings(&["v(N): 1"]));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn lines_give_a_row_per_x_over_every_series() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        let chart = LineChart {
            title: "t".into(),
            x_label: "round".into(),
            y_label: "share".into(),
            series: vec![
                LineSeries { name: "J1".into(), points: vec![(0.0, 1.0), (2.0, 3.0)], intervals: Vec::new() },
                LineSeries { name: "J2".into(), points: vec![(1.0, 0.5), (2.0, 0.25)], intervals: Vec::new() },
            ],
            markers: vec![Marker { label: "truthful".into(), x: 1.0, y: 0.5 }],
            references: vec![("bound".into(), 0.125)],
            log_y: false,
        };
        let t = chart.table();
        assert_eq!(t.header, strings(&["round", "J1", "J2"]));
        assert_eq!(t.rows, vec![strings(&["0", "1", ""]), strings(&["1", "", "0.5"]), strings(&["2", "3", "0.25"])]);
        assert_eq!(t.notes, strings(&["truthful: round 1, share 0.5", "bound: 0.125"]));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn gantt_charts_give_a_row_per_bar_with_its_group() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        let row = |label: &str, window, start, end, group| GanttRow { label: label.into(), window, start, end, group };
        let chart = GanttChart {
            title: "t".into(),
            x_label: "slot".into(),
            rows: vec![row("a", Some((0.0, 4.0)), 1.0, 2.5, 1), row("b", None, 0.0, 1.0, 0)],
            groups: strings(&["on time", "late"]),
            shared_lanes: false,
        };
        let t = chart.table();
        assert_eq!(t.header, strings(&["row", "start (slot)", "end (slot)", "window from", "window to", "group"]));
        assert_eq!(
            t.rows,
            vec![strings(&["a", "1", "2.5", "0", "4", "late"]), strings(&["b", "0", "1", "", "", "on time"])]
        );
        // Without windows, no window columns; without group names, no group column.
        let plain = GanttChart { rows: vec![row("b", None, 0.0, 1.0, 0)], groups: vec![], ..chart };
        assert_eq!(plain.table().header, strings(&["row", "start (slot)", "end (slot)"]));
    }
}
