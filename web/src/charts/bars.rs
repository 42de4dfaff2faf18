//! Bar charts with labelled categories: one series (a value per player), several series
//! side by side (response time per user and policy), or stacked (a job's sub-budget split), with
//! an optional dashed horizontal reference line.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::Swatch;
use super::{cell, ChartData, ChartTable, Theme};

/// One series of bars: a value per category.
#[derive(Debug, Clone, PartialEq)]
pub struct BarSeries {
    pub name: String,
    pub values: Vec<f64>,
}

/// Bars per category, grouped or stacked, with an optional horizontal reference line.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    pub title: String,
    pub y_label: String,
    pub labels: Vec<String>,
    pub series: Vec<BarSeries>,
    pub stacked: bool,
    pub reference: Option<(String, f64)>,
}

impl BarChart {
    /// A chart of one series.
    pub fn single(title: &str, y_label: &str, labels: Vec<String>, values: Vec<f64>) -> Self {
        BarChart {
            title: title.into(),
            y_label: y_label.into(),
            labels,
            series: vec![BarSeries { name: y_label.into(), values }],
            stacked: false,
            reference: None,
        }
    }

    /// Bottom and top of each bar: `[series][category] -> (from, to)`.
    fn spans(&self) -> Vec<Vec<(f64, f64)>> {
        let n = self.labels.len();
        let mut base_pos = vec![0.0; n];
        let mut base_neg = vec![0.0; n];
        self.series
            .iter()
            .map(|s| {
                (0..n)
                    .map(|i| {
                        let v = s.values.get(i).copied().filter(|v| v.is_finite()).unwrap_or(0.0);
                        if !self.stacked {
                            (0.0, v)
                        } else if v >= 0.0 {
                            base_pos[i] += v;
                            (base_pos[i] - v, base_pos[i])
                        } else {
                            base_neg[i] += v;
                            (base_neg[i] - v, base_neg[i])
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The y range: always includes 0 and the reference, with 8 % headroom.
    fn y_range(spans: &[Vec<(f64, f64)>], reference: Option<f64>) -> (f64, f64) {
        let ends = spans.iter().flatten().flat_map(|&(a, b)| [a, b]).chain(reference);
        let (lo, hi) = ends.fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
        (if lo < 0.0 { lo - 0.08 * span } else { 0.0 }, if hi > 0.0 || lo == 0.0 { hi + 0.08 * span } else { 0.0 })
    }
}

impl ChartData for BarChart {
    fn describe(&self) -> String {
        let parts: Vec<String> = self
            .series
            .iter()
            .map(|s| {
                let pairs: Vec<String> =
                    self.labels.iter().zip(&s.values).map(|(l, v)| format!("{l}: {v:.4}")).collect();
                format!("{}: {}", s.name, pairs.join(", "))
            })
            .collect();
        format!("{} — {}", self.title, parts.join("; "))
    }

    /// A row per category, a column per series; the reference line as a note.
    fn table(&self) -> ChartTable {
        let header =
            std::iter::once("category".to_string()).chain(self.series.iter().map(|s| s.name.clone())).collect();
        let rows = (self.labels.iter().enumerate())
            .map(|(i, label)| {
                let values = self.series.iter().map(|s| s.values.get(i).map_or(String::new(), |v| cell(*v)));
                std::iter::once(label.clone()).chain(values).collect()
            })
            .collect();
        let notes = self.reference.iter().map(|(name, y)| format!("{name}: {}", cell(*y))).collect();
        ChartTable { header, rows, notes }
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        self.draw_bars(area, theme, false)
    }
}

/// A bar chart of counts (students, jobs): its axis is labelled at whole numbers only, and its
/// description gives whole numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts(pub BarChart);

impl ChartData for Counts {
    fn describe(&self) -> String {
        let c = &self.0;
        let parts: Vec<String> = (c.series.iter())
            .map(|s| {
                let pairs: Vec<String> = c.labels.iter().zip(&s.values).map(|(l, v)| format!("{l}: {v:.0}")).collect();
                format!("{}: {}", s.name, pairs.join(", "))
            })
            .collect();
        format!("{} — {}", c.title, parts.join("; "))
    }

    fn table(&self) -> ChartTable {
        self.0.table()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        self.0.draw_bars(area, theme, true)
    }
}

impl BarChart {
    /// Draws the bars; `whole`: labels on the y axis at whole numbers only (a count).
    fn draw_bars<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        theme: &Theme,
        whole: bool,
    ) -> Result<(), String> {
        let n = self.labels.len();
        if n == 0 || self.series.is_empty() {
            return Err("there is nothing to draw yet".into());
        }
        if let Some(s) = self.series.iter().find(|s| s.values.len() != n) {
            return Err(format!("{} labels for {} values of {}", n, s.values.len(), s.name));
        }
        let spans = self.spans();
        let (lo, hi) = Self::y_range(&spans, self.reference.as_ref().map(|r| r.1));
        // Whole numbers: an axis from a whole number to the next one above the headroom, with a
        // label at each (at most 11; past that, at every whole multiple plotters picks).
        let (lo, hi) = if whole { (lo.floor(), hi.ceil().max(lo.floor() + 1.0)) } else { (lo, hi) };
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", theme.font(15.0)))
            .margin(theme.px(10.0))
            .x_label_area_size(theme.px(34.0))
            .y_label_area_size(theme.px(60.0))
            .build_cartesian_2d(0f64..n as f64, lo..hi)
            .map_err(err)?;
        let labels = self.labels.clone();
        let whole_label = |y: &f64| if y.fract() == 0.0 { format!("{y:.0}") } else { String::new() };
        let mut mesh = chart.configure_mesh();
        if whole {
            mesh.y_labels(((hi - lo) as usize + 1).min(11)).y_label_formatter(&whole_label);
        }
        mesh.disable_x_mesh()
            .bold_line_style(Theme::GRID)
            .light_line_style(WHITE)
            .y_desc(&self.y_label)
            .x_labels(n.clamp(1, 40) * 2 + 1)
            .x_label_formatter(&move |x| {
                let k = (x - 0.5).round();
                let i = k as usize;
                if (x - 0.5 - k).abs() < 1e-6 && k >= 0.0 && i < labels.len() {
                    labels[i].clone()
                } else {
                    String::new()
                }
            })
            .label_style(("sans-serif", theme.font(12.0)))
            .axis_desc_style(("sans-serif", theme.font(12.0)))
            .draw()
            .map_err(err)?;
        let groups = if self.stacked { 1 } else { self.series.len() };
        let width = 0.8 / groups as f64;
        for (k, spans) in spans.iter().enumerate() {
            let color = theme.color(k);
            let offset = 0.1 + if self.stacked { 0.0 } else { k as f64 * width };
            chart
                .draw_series(spans.iter().enumerate().map(|(i, &(a, b))| {
                    let x0 = i as f64 + offset;
                    Rectangle::new([(x0, a), (x0 + width, b)], color.filled())
                }))
                .map_err(err)?;
        }
        if let Some((_, y)) = &self.reference {
            let style = ShapeStyle { color: Theme::REFERENCE.to_rgba(), filled: false, stroke_width: theme.px(1.5) };
            let dash = theme.px(6.0);
            chart.draw_series(DashedLineSeries::new([(0.0, *y), (n as f64, *y)], dash, dash, style)).map_err(err)?;
        }
        if self.series.len() > 1 || self.reference.is_some() {
            let mut entries: Vec<(String, Swatch)> =
                self.series.iter().enumerate().map(|(k, s)| (s.name.clone(), Swatch::Block(theme.color(k)))).collect();
            entries.extend(self.reference.iter().map(|(name, _)| (name.clone(), Swatch::Line(Theme::REFERENCE))));
            theme.legend(&chart.plotting_area().strip_coord_spec(), &entries)?;
        }
        Ok(())
    }
}
