//! Gantt charts: one row per job, a bar from its start to its end on a numeric time axis, the
//! job's window shaded behind it, bars coloured by group (a class, or on time / late). With
//! `shared_lanes`, rows of the same label share one lane (a processor running many pieces).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::Swatch;
use super::{cell, ChartData, ChartTable, Theme};

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

/// Row labels are written while there are at most this many rows.
const LABELLED_ROWS: usize = 40;

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

    /// Empty rows above the jobs so that the legend (drawn in the upper right) covers no bar:
    /// the legend's height in rows of a plot of `height` device pixels.
    fn headroom(&self, lanes: usize, height: u32, entries: usize, theme: &Theme) -> f64 {
        let n = lanes as f64;
        // The legend: 6 px padding, 18 px a line; the plot: the height less caption, margins and axis.
        let legend = f64::from(theme.px(18.0 * entries as f64 + 20.0));
        let plot = f64::from(height) - f64::from(theme.px(94.0));
        if entries == 0 || plot <= legend * 1.5 {
            0.0
        } else {
            (legend * n / (plot - legend)).ceil()
        }
    }
}

impl ChartData for GanttChart {
    fn describe(&self) -> String {
        let rows: Vec<String> =
            self.rows.iter().take(20).map(|r| format!("{}: {}–{}", r.label, r.start, r.end)).collect();
        format!("{} — {}", self.title, rows.join(", "))
    }

    /// A row per bar: its label, start and end, its window (when any row has one) and its group
    /// (when the groups are named).
    fn table(&self) -> ChartTable {
        let windows = self.rows.iter().any(|r| r.window.is_some());
        let groups = !self.groups.is_empty();
        let mut header =
            vec!["row".to_string(), format!("start ({})", self.x_label), format!("end ({})", self.x_label)];
        if windows {
            header.extend(["window from".to_string(), "window to".to_string()]);
        }
        if groups {
            header.push("group".into());
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
            return Err("there is nothing to draw yet".into());
        }
        let (lane, labels) = self.lanes();
        let n = labels.len();
        let (x0, x1) = self.x_range();
        let windows = self.rows.iter().any(|r| r.window.is_some());
        let headroom = self.headroom(n, area.dim_in_pixel().1, self.groups.len() + usize::from(windows), theme);
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let labelled = n <= LABELLED_ROWS;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", theme.font(15.0)))
            .margin(theme.px(10.0))
            .margin_right(theme.px(16.0))
            .x_label_area_size(theme.px(40.0))
            .y_label_area_size(theme.px(if labelled { 90.0 } else { 20.0 }))
            .build_cartesian_2d(x0..x1, 0f64..n as f64 + headroom)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            // Rows are labelled, not ticked (the ticks would fall between rows and in the headroom).
            .set_tick_mark_size(LabelAreaPosition::Left, 0)
            .bold_line_style(Theme::GRID)
            .light_line_style(WHITE)
            .x_desc(&self.x_label)
            .y_labels(if labelled { (n + headroom as usize) * 2 + 1 } else { 0 })
            .y_label_formatter(&move |y| {
                // Row i is drawn from the top: its centre is at n − i − 0.5.
                let k = (y - 0.5).round();
                if labelled && (y - 0.5 - k).abs() < 1e-6 && k >= 0.0 && (k as usize) < n {
                    labels[n - 1 - k as usize].clone()
                } else {
                    String::new()
                }
            })
            .label_style(("sans-serif", theme.font(11.0)))
            .axis_desc_style(("sans-serif", theme.font(12.0)))
            .draw()
            .map_err(err)?;
        let top = |i: usize| (n - lane[i]) as f64;
        chart
            .draw_series(self.rows.iter().enumerate().filter_map(|(i, r)| {
                let (a, b) = r.window?;
                Some(Rectangle::new([(a, top(i) - 0.92), (b, top(i) - 0.08)], Theme::GRID.mix(0.7).filled()))
            }))
            .map_err(err)?;
        chart
            .draw_series(self.rows.iter().enumerate().map(|(i, r)| {
                let end = if r.end > r.start { r.end } else { r.start + 0.2 };
                Rectangle::new([(r.start, top(i) - 0.8), (end, top(i) - 0.2)], theme.color(r.group).filled())
            }))
            .map_err(err)?;
        if self.shared_lanes {
            // Pieces that follow each other in a lane are told apart by a thin white edge.
            let edge = ShapeStyle { color: WHITE.to_rgba(), filled: false, stroke_width: theme.px(1.0) };
            chart
                .draw_series(
                    self.rows.iter().enumerate().map(|(i, r)| {
                        Rectangle::new([(r.start, top(i) - 0.8), (r.end.max(r.start), top(i) - 0.2)], edge)
                    }),
                )
                .map_err(err)?;
        }
        let mut entries: Vec<(String, Swatch)> =
            self.groups.iter().enumerate().map(|(k, g)| (g.clone(), Swatch::Block(theme.color(k)))).collect();
        if windows {
            entries.push(("window".into(), Swatch::Block(Theme::GRID)));
        }
        theme.legend(&chart.plotting_area().strip_coord_spec(), &entries)
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
