//! Line charts: several named series over a numeric x axis, optional highlighted points (e.g.
//! the truthful report in an incentive sweep), optional dashed horizontal reference lines (a
//! price, a bound), optional intervals around each point (error bars: a study's 95% interval
//! over its seeds), linear or logarithmic y.

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frame::{self, Axis, Context, Plot, Ticks};
use super::layout::{Mark, Rect};
use super::legend::Swatch;
use super::{cell, ChartData, ChartTable, Theme};
use crate::format::{decimal, scientific};

/// One named polyline.
#[derive(Debug, Clone, PartialEq)]
pub struct LineSeries {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// Low and high ends of an interval around each point, drawn as error bars (empty: none).
    pub intervals: Vec<(f64, f64)>,
}

impl LineSeries {
    /// The points with their intervals (none where the series has no intervals).
    fn bars(&self) -> impl Iterator<Item = (f64, f64, f64)> + '_ {
        self.points.iter().zip(&self.intervals).map(|(&(x, _), &(lo, hi))| (x, lo, hi))
    }
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

/// Most series drawn with a legend entry; more are drawn without one.
const MAX_LEGEND: usize = 12;

impl LineChart {
    fn finite_points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let log = self.log_y;
        self.series
            .iter()
            .flat_map(|s| s.points.iter().copied().chain(s.bars().flat_map(|(x, lo, hi)| [(x, lo), (x, hi)])))
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
        crate::t!(
            "components-chart-lines-describe",
            title = self.title.clone(),
            y = self.y_label.clone(),
            x = self.x_label.clone(),
            series = names.join(", ")
        )
    }

    /// A row per x value of any series (in increasing order), a column per series (empty where
    /// a series has no point at that x); markers and reference lines as notes.
    fn table(&self) -> ChartTable {
        let mut xs: Vec<f64> = self.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup_by(|a, b| a.to_bits() == b.to_bits());
        // A column per series, and two more (its interval's ends) for a series with intervals.
        let mut at = Vec::with_capacity(self.series.len());
        let mut header = vec![self.x_label.clone()];
        for s in &self.series {
            at.push(header.len());
            header.push(s.name.clone());
            if !s.intervals.is_empty() {
                header.extend([
                    crate::t!("components-chart-interval-low", series = s.name.clone()),
                    crate::t!("components-chart-interval-high", series = s.name.clone()),
                ]);
            }
        }
        let mut rows: Vec<Vec<String>> = xs
            .iter()
            .map(|x| std::iter::once(cell(*x)).chain(header.iter().skip(1).map(|_| String::new())).collect())
            .collect();
        for (k, s) in self.series.iter().enumerate() {
            for (p, &(x, y)) in s.points.iter().enumerate() {
                if let Ok(i) = xs.binary_search_by(|v| v.total_cmp(&x)) {
                    rows[i][at[k]] = cell(y);
                    if let Some(&(lo, hi)) = s.intervals.get(p) {
                        rows[i][at[k] + 1] = cell(lo);
                        rows[i][at[k] + 2] = cell(hi);
                    }
                }
            }
        }
        let markers = self.markers.iter().map(|m| {
            crate::t!(
                "components-chart-marker",
                marker = m.label.clone(),
                x_label = self.x_label.clone(),
                x = cell(m.x),
                y_label = self.y_label.clone(),
                y = cell(m.y)
            )
        });
        let references = self.references.iter().map(|(name, y)| format!("{name}: {}", cell(*y)));
        ChartTable { header, rows, notes: markers.chain(references).collect() }
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        let Some(((x0, x1), (y0, y1))) = self.ranges() else {
            return Err(crate::i18n::t("components-chart-nothing"));
        };
        if self.log_y {
            frame::draw(&Lines { chart: self, x: (x0, x1), y: (y0..y1).log_scale() }, area, theme)
        } else {
            frame::draw(&Lines { chart: self, x: (x0, x1), y: y0..y1 }, area, theme)
        }
    }
}

/// A line chart on a linear (`Y = Range<f64>`) or logarithmic y axis, as the frame draws it.
struct Lines<'a, Y> {
    chart: &'a LineChart,
    x: (f64, f64),
    y: Y,
}

impl<Y> Lines<'_, Y> {
    /// The drawn points of each series (finite, and positive on a log axis).
    fn points(&self) -> impl Iterator<Item = impl Iterator<Item = (f64, f64)> + '_> + '_ {
        let log = self.chart.log_y;
        self.chart.series.iter().map(move |s| {
            s.points.iter().copied().filter(move |&(x, y)| x.is_finite() && y.is_finite() && (!log || y > 0.0))
        })
    }

    fn markers(&self) -> impl Iterator<Item = &Marker> + '_ {
        self.chart.markers.iter().filter(|m| m.x.is_finite() && m.y.is_finite())
    }

    fn references(&self) -> impl Iterator<Item = f64> + '_ {
        let log = self.chart.log_y;
        self.chart.references.iter().map(|r| r.1).filter(move |y| y.is_finite() && (!log || *y > 0.0))
    }

    /// A marker's label: its offset from the point and its anchor (on the side of the point
    /// with more room, inside the plot), and its style.
    fn label(&self, m: &Marker, theme: &Theme) -> ((i32, i32), TextStyle<'static>) {
        let r = theme.px(5.0) as i32;
        let (dx, side) = if m.x > (self.x.0 + self.x.1) / 2.0 { (-r - 3, HPos::Right) } else { (r + 3, HPos::Left) };
        let font = TextStyle::from(("sans-serif", theme.font(12.0)).into_font()).pos(Pos::new(side, VPos::Top));
        ((dx, -2 * r), font)
    }
}

impl<Y: AsRangedCoord<Value = f64, CoordDescType: ValueFormatter<f64>> + Clone> Plot for Lines<'_, Y> {
    type X = std::ops::Range<f64>;
    type Y = Y;

    fn title(&self) -> &str {
        &self.chart.title
    }

    fn x_axis(&self) -> Axis<'_, Self::X> {
        Axis { range: self.x.0..self.x.1, desc: &self.chart.x_label, ticks: Ticks::Numbers(decimal) }
    }

    fn y_axis(&self) -> Axis<'_, Self::Y> {
        let format: fn(f64) -> String = if self.chart.log_y { |y| scientific(y, 0) } else { decimal };
        Axis { range: self.y.clone(), desc: &self.chart.y_label, ticks: Ticks::Numbers(format) }
    }

    fn legend(&self, theme: &Theme) -> Vec<(String, Swatch)> {
        let series = self.chart.series.iter().take(MAX_LEGEND).enumerate();
        let series = series.map(|(k, s)| (s.name.clone(), Swatch::Line(theme.color(k))));
        let references = self.chart.references.iter().map(|(name, _)| (name.clone(), Swatch::Line(Theme::REFERENCE)));
        series.chain(references).collect()
    }

    fn marks<DB: DrawingBackend>(&self, chart: &Context<DB, Self>, theme: &Theme) -> Vec<Mark> {
        let at = |p: (f64, f64)| chart.backend_coord(&p);
        let mut marks = Vec::new();
        for pts in self.points() {
            let mut last = None;
            for p in pts.map(at) {
                marks.push(Mark::Segment(last.unwrap_or(p), p));
                last = Some(p);
            }
        }
        for s in &self.chart.series {
            let bars = s.bars().filter(|&(x, lo, hi)| x.is_finite() && lo.is_finite() && hi.is_finite());
            marks.extend(bars.map(|(x, lo, hi)| Mark::Segment(at((x, lo)), at((x, hi)))));
        }
        let r = theme.px(5.0) as i32;
        for m in self.markers() {
            let (x, y) = at((m.x, m.y));
            marks.push(Mark::Area(Rect::new((x - r, y - r), (x + r, y + r))));
            let ((dx, dy), font) = self.label(m, theme);
            let (w, h) = chart.plotting_area().estimate_text_size(&m.label, &font).unwrap_or((0, 0));
            let x0 = if dx < 0 { x + dx - w as i32 } else { x + dx };
            marks.push(Mark::Area(Rect::new((x0, y + dy), (x0 + w as i32, y + dy + h as i32))));
        }
        marks.extend(self.references().map(|y| Mark::Segment(at((self.x.0, y)), at((self.x.1, y)))));
        marks
    }

    fn draw_data<DB: DrawingBackend>(&self, chart: &mut Context<DB, Self>, theme: &Theme) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        for (k, pts) in self.points().enumerate() {
            let style = ShapeStyle { color: theme.color(k).to_rgba(), filled: false, stroke_width: theme.px(1.8) };
            chart.draw_series(plotters::series::LineSeries::new(pts, style)).map_err(err)?;
        }
        for (k, s) in self.chart.series.iter().enumerate() {
            let style = ShapeStyle { color: theme.color(k).to_rgba(), filled: false, stroke_width: theme.px(1.2) };
            let log = self.chart.log_y;
            let bars = s
                .bars()
                .filter(|&(x, lo, hi)| {
                    x.is_finite() && lo.is_finite() && hi.is_finite() && lo < hi && (!log || lo > 0.0)
                })
                .map(|(x, lo, hi)| ErrorBar::new_vertical(x, lo, (lo + hi) / 2.0, hi, style, theme.px(8.0)));
            chart.draw_series(bars).map_err(err)?;
        }
        for m in self.markers() {
            let ((dx, dy), font) = self.label(m, theme);
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((m.x, m.y))
                        + Circle::new((0, 0), theme.px(5.0), Theme::REFERENCE.filled())
                        + Text::new(m.label.clone(), (dx, dy), font),
                ))
                .map_err(err)?;
        }
        let style = ShapeStyle { color: Theme::REFERENCE.to_rgba(), filled: false, stroke_width: theme.px(1.5) };
        let dash = theme.px(6.0);
        for y in self.references() {
            chart.draw_series(DashedLineSeries::new([(self.x.0, y), (self.x.1, y)], dash, dash, style)).map_err(err)?;
        }
        Ok(())
    }
}
