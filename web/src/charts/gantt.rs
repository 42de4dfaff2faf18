//! Gantt charts: one row per job, a bar from its start to its end on a numeric time axis, the
//! job's window shaded behind it, bars coloured by group (a class, or on time / late). With
//! `shared_lanes`, rows of the same label share one lane (a processor running many pieces).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{self, Axis, Context, Plot, Ticks};
use super::layout::{Mark, Rect};
use super::legend::Swatch;
use super::{cell, ChartData, ChartTable, Theme};
use crate::format::{decimal, exact};
use crate::i18n::t;

/// One job's row.
#[derive(Debug, Clone, PartialEq)]
pub struct GanttRow {
    pub label: String,
    /// The window the job could run in, shaded behind the bar.
    pub window: Option<(f64, f64)>,
    pub start: f64,
    pub end: f64,
    /// Index into [`GanttChart::groups`] (the bar's colour).
    pub group: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GanttChart {
    pub title: String,
    pub x_label: String,
    pub rows: Vec<GanttRow>,
    /// Legend names of the groups, in colour order.
    pub groups: Vec<String>,
    /// Rows with the same label are drawn in one lane (lanes in order of first appearance).
    pub shared_lanes: bool,
}

impl GanttChart {
    /// The lane of each row and the lanes' labels.
    fn lanes(&self) -> (Vec<usize>, Vec<String>) {
        let mut labels: Vec<String> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let lanes = self
            .rows
            .iter()
            .map(|r| {
                if !self.shared_lanes {
                    labels.push(r.label.clone());
                    return labels.len() - 1;
                }
                *index.entry(r.label.as_str()).or_insert_with(|| {
                    labels.push(r.label.clone());
                    labels.len() - 1
                })
            })
            .collect();
        (lanes, labels)
    }

    fn x_range(&self) -> (f64, f64) {
        let ends = self.rows.iter().flat_map(|r| {
            let (a, b) = r.window.unwrap_or((r.start, r.end));
            [r.start, r.end, a, b]
        });
        let (lo, hi) = ends
            .filter(|x| x.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let lo = if lo.is_finite() { lo.min(0.0) } else { 0.0 };
        let hi = if hi.is_finite() && hi > lo { hi } else { lo + 1.0 };
        (lo, hi)
    }
}

impl ChartData for GanttChart {
    fn describe(&self) -> String {
        let rows: Vec<String> =
            self.rows.iter().take(20).map(|r| format!("{}: {}–{}", r.label, exact(r.start), exact(r.end))).collect();
        format!("{} — {}", self.title, rows.join(", "))
    }

    /// A row per bar: its label, start and end, its window (when any row has one) and its group
    /// (when the groups are named).
    fn table(&self) -> ChartTable {
        let windows = self.rows.iter().any(|r| r.window.is_some());
        let groups = !self.groups.is_empty();
        let axis = || self.x_label.clone();
        let mut header = vec![
            t("components-chart-row"),
            crate::t!("components-chart-start", axis = axis()),
            crate::t!("components-chart-end", axis = axis()),
        ];
        if windows {
            header.extend([t("components-chart-window-from"), t("components-chart-window-to")]);
        }
        if groups {
            header.push(t("components-chart-group"));
        }
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let mut row = vec![r.label.clone(), cell(r.start), cell(r.end)];
                if windows {
                    let (a, b) = r.window.map_or((String::new(), String::new()), |(a, b)| (cell(a), cell(b)));
                    row.extend([a, b]);
                }
                if groups {
                    row.push(self.groups.get(r.group).cloned().unwrap_or_default());
                }
                row
            })
            .collect();
        ChartTable { header, rows, notes: Vec::new() }
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        if self.rows.is_empty() {
            return Err(t("components-chart-nothing"));
        }
        let (lane, mut labels) = self.lanes();
        // Lane 0 is drawn at the top: the y axis counts lanes from the bottom.
        labels.reverse();
        frame::draw(&Rows { chart: self, x: self.x_range(), lane, labels }, area, theme)
    }
}

/// A Gantt chart with its lanes worked out, as the frame draws it.
struct Rows<'a> {
    chart: &'a GanttChart,
    x: (f64, f64),
    /// The lane of each row (0 at the top).
    lane: Vec<usize>,
    /// The lanes' labels from the bottom up.
    labels: Vec<String>,
}

impl Rows<'_> {
    /// The top of row `i`'s lane in y units (lane `k` spans `[n − k − 1, n − k]`).
    fn top(&self, i: usize) -> f64 {
        (self.labels.len() - self.lane[i]) as f64
    }

    /// Each row's window, as corners in chart coordinates.
    fn windows(&self) -> impl Iterator<Item = [(f64, f64); 2]> + '_ {
        let rows = self.chart.rows.iter().enumerate();
        rows.filter_map(|(i, r)| r.window.map(|(a, b)| [(a, self.top(i) - 0.92), (b, self.top(i) - 0.08)]))
    }

    /// Each row's bar (at least a sliver wide) and its group.
    fn bars(&self) -> impl Iterator<Item = ([(f64, f64); 2], usize)> + '_ {
        self.chart.rows.iter().enumerate().map(|(i, r)| {
            let end = if r.end > r.start { r.end } else { r.start + 0.2 };
            ([(r.start, self.top(i) - 0.8), (end, self.top(i) - 0.2)], r.group)
        })
    }
}

impl Plot for Rows<'_> {
    type X = std::ops::Range<f64>;
    type Y = std::ops::Range<f64>;

    fn title(&self) -> &str {
        &self.chart.title
    }

    fn x_axis(&self) -> Axis<'_, Self::X> {
        Axis { range: self.x.0..self.x.1, desc: &self.chart.x_label, ticks: Ticks::Numbers(decimal) }
    }

    fn y_axis(&self) -> Axis<'_, Self::Y> {
        Axis { range: 0.0..self.labels.len() as f64, desc: "", ticks: Ticks::Categories(&self.labels) }
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, Swatch)> {
        let groups = self.chart.groups.iter().enumerate();
        let mut entries: Vec<(String, Swatch)> =
            groups.map(|(k, g)| (g.clone(), Swatch::Block(theme.color(k)))).collect();
        if self.chart.rows.iter().any(|r| r.window.is_some()) {
            entries.push((t("components-chart-window"), Swatch::Block(Theme::GRID)));
        }
        entries
    }

    fn marks<DB: DrawingBackend>(&self, chart: &Context<DB, Self>, _: &Theme) -> Vec<Mark> {
        let area = |[a, b]: [(f64, f64); 2]| Mark::Area(Rect::new(chart.backend_coord(&a), chart.backend_coord(&b)));
        self.windows().map(area).chain(self.bars().map(|(corners, _)| area(corners))).collect()
    }

    fn draw_data<DB: DrawingBackend>(&self, chart: &mut Context<DB, Self>, theme: &Theme) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let shade = Theme::GRID.mix(0.7).filled();
        chart.draw_series(self.windows().map(|corners| Rectangle::new(corners, shade))).map_err(err)?;
        chart
            .draw_series(self.bars().map(|(corners, group)| Rectangle::new(corners, theme.color(group).filled())))
            .map_err(err)?;
        if self.chart.shared_lanes {
            // Pieces that follow each other in a lane are told apart by a thin white edge.
            let edge = ShapeStyle { color: WHITE.to_rgba(), filled: false, stroke_width: theme.px(1.0) };
            chart.draw_series(self.bars().map(|(corners, _)| Rectangle::new(corners, edge))).map_err(err)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_time_axis_covers_bars_and_windows() {
        let row = |start, end, window| GanttRow { label: "j".into(), window, start, end, group: 0 };
        let chart = GanttChart {
            title: "t".into(),
            x_label: "slot".into(),
            rows: vec![row(2.0, 4.0, Some((1.0, 12.0))), row(6.0, 8.0, None)],
            groups: vec!["on time".into()],
            shared_lanes: false,
        };
        assert_eq!(chart.x_range(), (0.0, 12.0));
        let empty = GanttChart { rows: Vec::new(), ..chart };
        assert_eq!(empty.x_range(), (0.0, 1.0));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn rows_of_one_label_share_a_lane_when_asked() {
        let row =
            |label: &str, start| GanttRow { label: label.into(), window: None, start, end: start + 1.0, group: 0 };
        let rows = vec![row("p0", 0.0), row("p1", 0.0), row("p0", 1.0)];
        let chart = GanttChart { title: "t".into(), x_label: "t".into(), rows, groups: Vec::new(), shared_lanes: true };
        assert_eq!(chart.lanes(), (vec![0, 1, 0], vec!["p0".to_string(), "p1".to_string()]));
        let apart = GanttChart { shared_lanes: false, ..chart };
        assert_eq!(apart.lanes().0, vec![0, 1, 2]);
    }
}
