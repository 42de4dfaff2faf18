//! Bar charts with labelled categories: one series (a value per player), several series
//! side by side (response time per user and policy), or stacked (a job's sub-budget split), with
//! an optional dashed horizontal reference line.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{self, Axis, Context, Plot, Ticks};
use super::layout::{Mark, Rect};
use super::legend::Swatch;
use super::{cell, ChartData, ChartTable, Theme};
use crate::format::{decimal, fixed, whole};

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
                    self.labels.iter().zip(&s.values).map(|(l, v)| format!("{l}: {}", fixed(*v, 4))).collect();
                format!("{}: {}", s.name, pairs.join(", "))
            })
            .collect();
        format!("{} — {}", self.title, parts.join("; "))
    }

    /// A row per category, a column per series; the reference line as a note.
    fn table(&self) -> ChartTable {
        let header = std::iter::once(crate::i18n::t("components-chart-category"))
            .chain(self.series.iter().map(|s| s.name.clone()))
            .collect();
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
                let pairs: Vec<String> =
                    c.labels.iter().zip(&s.values).map(|(l, v)| format!("{l}: {}", whole(*v))).collect();
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
            return Err(crate::i18n::t("components-chart-nothing"));
        }
        if let Some(s) = self.series.iter().find(|s| s.values.len() != n) {
            return Err(crate::t!(
                "components-chart-labels-mismatch",
                labels = crate::format::whole(n as f64),
                values = crate::format::whole(s.values.len() as f64),
                series = s.name.clone()
            ));
        }
        let spans = self.spans();
        let (lo, hi) = Self::y_range(&spans, self.reference.as_ref().map(|r| r.1));
        // Counts: from a whole number over at least five units, so that the axis's key points
        // (steps of 1, 2, 5, … for at most ten labels) are whole numbers.
        let y = if whole { (lo.floor(), hi.ceil().max(lo.floor() + 5.0)) } else { (lo, hi) };
        frame::draw(&Bars { chart: self, spans, y, whole }, area, theme)
    }
}

/// A bar chart with its bars' spans worked out, as the frame draws it.
struct Bars<'a> {
    chart: &'a BarChart,
    spans: Vec<Vec<(f64, f64)>>,
    y: (f64, f64),
    /// The y axis counts: whole numbers only.
    whole: bool,
}

/// A count's label: whole numbers only (none between them).
fn whole_number(y: f64) -> String {
    if y.fract() == 0.0 {
        whole(y)
    } else {
        String::new()
    }
}

impl Bars<'_> {
    /// Each bar as `(series, corners)` in chart coordinates.
    fn bars(&self) -> impl Iterator<Item = (usize, [(f64, f64); 2])> + '_ {
        let groups = if self.chart.stacked { 1 } else { self.spans.len() };
        let width = 0.8 / groups as f64;
        self.spans.iter().enumerate().flat_map(move |(k, spans)| {
            let offset = 0.1 + if self.chart.stacked { 0.0 } else { k as f64 * width };
            spans.iter().enumerate().map(move |(i, &(a, b))| {
                let x0 = i as f64 + offset;
                (k, [(x0, a), (x0 + width, b)])
            })
        })
    }
}

impl Plot for Bars<'_> {
    type X = std::ops::Range<f64>;
    type Y = std::ops::Range<f64>;

    fn title(&self) -> &str {
        &self.chart.title
    }

    fn x_axis(&self) -> Axis<'_, Self::X> {
        Axis { range: 0.0..self.chart.labels.len() as f64, desc: "", ticks: Ticks::Categories(&self.chart.labels) }
    }

    fn y_axis(&self) -> Axis<'_, Self::Y> {
        Axis {
            range: self.y.0..self.y.1,
            desc: &self.chart.y_label,
            ticks: Ticks::Numbers(if self.whole { whole_number } else { decimal }),
        }
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, Swatch)> {
        let c = self.chart;
        if c.series.len() < 2 && c.reference.is_none() {
            return Vec::new();
        }
        let series = c.series.iter().enumerate().map(|(k, s)| (s.name.clone(), Swatch::Block(theme.color(k))));
        series.chain(c.reference.iter().map(|(name, _)| (name.clone(), Swatch::Line(Theme::REFERENCE)))).collect()
    }

    fn marks<DB: DrawingBackend>(&self, chart: &Context<DB, Self>, _: &Theme) -> Vec<Mark> {
        let at = |p: &(f64, f64)| chart.backend_coord(p);
        let bars = self.bars().map(|(_, [a, b])| Mark::Area(Rect::new(at(&a), at(&b))));
        let n = self.chart.labels.len() as f64;
        let reference = self.chart.reference.iter().map(|(_, y)| Mark::Segment(at(&(0.0, *y)), at(&(n, *y))));
        bars.chain(reference).collect()
    }

    fn draw_data<DB: DrawingBackend>(&self, chart: &mut Context<DB, Self>, theme: &Theme) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        chart
            .draw_series(self.bars().map(|(k, corners)| Rectangle::new(corners, theme.color(k).filled())))
            .map_err(err)?;
        if let Some((_, y)) = &self.chart.reference {
            let style = ShapeStyle { color: Theme::REFERENCE.to_rgba(), filled: false, stroke_width: theme.px(1.5) };
            let dash = theme.px(6.0);
            let n = self.chart.labels.len() as f64;
            chart.draw_series(DashedLineSeries::new([(0.0, *y), (n, *y)], dash, dash, style)).map_err(err)?;
        }
        Ok(())
    }
}
