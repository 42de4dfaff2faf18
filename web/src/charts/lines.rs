//! Line charts: several named series over a numeric x axis, optional highlighted points (e.g.
//! the truthful report in an incentive sweep), optional dashed horizontal reference lines (a
//! price, a bound), linear or logarithmic y.

use plotters::coord::ranged1d::Ranged;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::theme::Swatch;
use super::{cell, ChartData, ChartTable, Theme};

/// One named polyline.
#[derive(Debug, Clone, PartialEq)]
pub struct LineSeries {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

/// A highlighted point with a label.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub label: String,
    pub x: f64,
    pub y: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<LineSeries>,
    pub markers: Vec<Marker>,
    /// Dashed horizontal lines across the plot: a name and a y value each.
    pub references: Vec<(String, f64)>,
    /// Logarithmic y axis (non-positive values are left out).
    pub log_y: bool,
}

/// A tick label: at most six decimals, no trailing zeros, scientific for extreme values.
pub fn tidy(y: f64) -> String {
    if y == 0.0 || !y.is_finite() {
        return format!("{y}");
    }
    if !(1e-4..1e6).contains(&y.abs()) {
        return format!("{y:.2e}");
    }
    let s = format!("{y:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Most series drawn with a legend entry; more are drawn without one.
const MAX_LEGEND: usize = 12;

/// Most labels on the x axis (plotters' default, named because the right margin is measured on
/// the same labels).
const X_LABELS: usize = 11;

impl LineChart {
    fn finite_points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let log = self.log_y;
        self.series
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .chain(self.markers.iter().map(|m| (m.x, m.y)))
            .chain(self.reference_points())
            .filter(move |&(x, y)| x.is_finite() && y.is_finite() && (!log || y > 0.0))
    }

    /// The references' y values at the first series point's x (they span whatever x range the
    /// series have, so they only widen the y range).
    fn reference_points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let x = self.series.iter().flat_map(|s| s.points.first()).map(|p| p.0).next().unwrap_or(0.0);
        self.references.iter().map(move |(_, y)| (x, *y))
    }

    /// The right margin in device pixels: the last x label is centred on its tick, which can be
    /// the right end of the axis, so half of it must fit beside the plot (a fixed margin cut
    /// "300" of a sweep up to 300 in two).
    fn right_margin<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, (x0, x1): (f64, f64), theme: &Theme) -> u32 {
        let style = TextStyle::from(("sans-serif", theme.font(12.0)).into_font());
        let last = RangedCoordf64::from(x0..x1).key_points(X_LABELS).last().map(|x| tidy(*x));
        let half = last.and_then(|l| area.estimate_text_size(&l, &style).ok()).map_or(0, |(w, _)| w.div_ceil(2));
        theme.px(10.0).max(half + theme.px(4.0))
    }

    fn ranges(&self) -> Option<((f64, f64), (f64, f64))> {
        let mut it = self.finite_points();
        let first = it.next()?;
        let (mut x0, mut x1, mut y0, mut y1) = (first.0, first.0, first.1, first.1);
        for (x, y) in it {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        if x1 <= x0 {
            x1 = x0 + 1.0;
        }
        if self.log_y {
            Some(((x0, x1), (y0 / 1.5, y1 * 1.5)))
        } else {
            let pad = if y1 > y0 { 0.06 * (y1 - y0) } else { y0.abs().max(1.0) * 0.1 };
            Some(((x0, x1), (y0 - pad, y1 + pad)))
        }
    }
}

impl ChartData for LineChart {
    fn describe(&self) -> String {
        let names: Vec<&str> = self.series.iter().map(|s| s.name.as_str()).collect();
        format!("{}: {} against {} for {}", self.title, self.y_label, self.x_label, names.join(", "))
    }

    /// A row per x value of any series (in increasing order), a column per series (empty where
    /// a series has no point at that x); markers and reference lines as notes.
    fn table(&self) -> ChartTable {
        let mut xs: Vec<f64> = self.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup_by(|a, b| a.to_bits() == b.to_bits());
        let mut rows: Vec<Vec<String>> = xs
            .iter()
            .map(|x| std::iter::once(cell(*x)).chain(self.series.iter().map(|_| String::new())).collect())
            .collect();
        for (k, s) in self.series.iter().enumerate() {
            for &(x, y) in &s.points {
                if let Ok(i) = xs.binary_search_by(|v| v.total_cmp(&x)) {
                    rows[i][k + 1] = cell(y);
                }
            }
        }
        let header = std::iter::once(self.x_label.clone()).chain(self.series.iter().map(|s| s.name.clone())).collect();
        let markers = self
            .markers
            .iter()
            .map(|m| format!("{}: {} {}, {} {}", m.label, self.x_label, cell(m.x), self.y_label, cell(m.y)));
        let references = self.references.iter().map(|(name, y)| format!("{name}: {}", cell(*y)));
        ChartTable { header, rows, notes: markers.chain(references).collect() }
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        let Some(((x0, x1), (y0, y1))) = self.ranges() else {
            return Err("there is nothing to draw yet".into());
        };
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let mut builder = ChartBuilder::on(area);
        builder
            .caption(&self.title, ("sans-serif", theme.font(15.0)))
            .margin(theme.px(10.0))
            .margin_right(Self::right_margin(area, (x0, x1), theme))
            .x_label_area_size(theme.px(40.0))
            .y_label_area_size(theme.px(64.0));
        let series_style =
            |k: usize| ShapeStyle { color: theme.color(k).to_rgba(), filled: false, stroke_width: theme.px(1.8) };
        let log = self.log_y;
        let y_format = move |y: &f64| if log { format!("{y:.0e}") } else { tidy(*y) };
        macro_rules! draw_all {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_labels(X_LABELS)
                    .x_label_formatter(&|x| tidy(*x))
                    .y_label_formatter(&y_format)
                    .bold_line_style(Theme::GRID)
                    .light_line_style(WHITE)
                    .x_desc(&self.x_label)
                    .y_desc(&self.y_label)
                    .label_style(("sans-serif", theme.font(12.0)))
                    .axis_desc_style(("sans-serif", theme.font(12.0)))
                    .draw()
                    .map_err(err)?;
                for (k, s) in self.series.iter().enumerate() {
                    let style = series_style(k);
                    let log = self.log_y;
                    let pts =
                        s.points.iter().copied().filter(|&(x, y)| x.is_finite() && y.is_finite() && (!log || y > 0.0));
                    chart.draw_series(plotters::series::LineSeries::new(pts, style)).map_err(err)?;
                }
                for m in self.markers.iter().filter(|m| m.x.is_finite() && m.y.is_finite()) {
                    let r = theme.px(5.0) as i32;
                    // The label goes on the side of the point with more room, inside the plot.
                    let (dx, side) = if m.x > (x0 + x1) / 2.0 { (-r - 3, HPos::Right) } else { (r + 3, HPos::Left) };
                    let font =
                        TextStyle::from(("sans-serif", theme.font(12.0)).into_font()).pos(Pos::new(side, VPos::Top));
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at((m.x, m.y))
                                + Circle::new((0, 0), r, Theme::REFERENCE.filled())
                                + Text::new(m.label.clone(), (dx, -2 * r), font),
                        ))
                        .map_err(err)?;
                }
                for (_, y) in self.references.iter().filter(|(_, y)| y.is_finite() && (!log || *y > 0.0)) {
                    let style =
                        ShapeStyle { color: Theme::REFERENCE.to_rgba(), filled: false, stroke_width: theme.px(1.5) };
                    let dash = theme.px(6.0);
                    chart.draw_series(DashedLineSeries::new([(x0, *y), (x1, *y)], dash, dash, style)).map_err(err)?;
                }
                let mut entries: Vec<(String, Swatch)> = self
                    .series
                    .iter()
                    .take(MAX_LEGEND)
                    .enumerate()
                    .map(|(k, s)| (s.name.clone(), Swatch::Line(theme.color(k))))
                    .collect();
                entries.extend(self.references.iter().map(|(name, _)| (name.clone(), Swatch::Line(Theme::REFERENCE))));
                theme.legend(&chart.plotting_area().strip_coord_spec(), &entries)?;
            }};
        }
        if self.log_y {
            draw_all!(builder.build_cartesian_2d(x0..x1, (y0..y1).log_scale()).map_err(err)?);
        } else {
            draw_all!(builder.build_cartesian_2d(x0..x1, y0..y1).map_err(err)?);
        }
        Ok(())
    }
}
