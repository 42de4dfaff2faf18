//! Vertical bar chart with labelled categories (e.g. the Shapley value of each player).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{ChartData, Theme};

/// Bars with a label each, an optional horizontal reference line (e.g. an equal split).
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    pub title: String,
    pub y_label: String,
    pub labels: Vec<String>,
    pub values: Vec<f64>,
    pub reference: Option<(String, f64)>,
}

impl BarChart {
    /// The y range: always includes 0 and the reference, with 8 % headroom.
    fn y_range(&self) -> (f64, f64) {
        let finite = self.values.iter().copied().filter(|v| v.is_finite());
        let refs = self.reference.iter().map(|r| r.1);
        let (lo, hi) = finite.chain(refs).fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
        (if lo < 0.0 { lo - 0.08 * span } else { 0.0 }, if hi > 0.0 || lo == 0.0 { hi + 0.08 * span } else { 0.0 })
    }
}

impl ChartData for BarChart {
    fn describe(&self) -> String {
        let pairs: Vec<String> = self.labels.iter().zip(&self.values).map(|(l, v)| format!("{l}: {v:.4}")).collect();
        format!("{} — {}", self.title, pairs.join(", "))
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
        if self.values.is_empty() {
            return Err("there is nothing to draw yet".into());
        }
        if self.values.len() != self.labels.len() {
            return Err(format!("{} labels for {} values", self.labels.len(), self.values.len()));
        }
        let n = self.values.len();
        let (lo, hi) = self.y_range();
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", theme.font(15.0)))
            .margin(theme.px(10.0))
            .x_label_area_size(theme.px(34.0))
            .y_label_area_size(theme.px(56.0))
            .build_cartesian_2d((0..n - 1).into_segmented(), lo..hi)
            .map_err(err)?;
        let labels = self.labels.clone();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .bold_line_style(Theme::GRID)
            .light_line_style(WHITE)
            .y_desc(&self.y_label)
            .x_labels(n.min(24))
            .x_label_formatter(&move |x| match x {
                SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .label_style(("sans-serif", theme.font(12.0)))
            .axis_desc_style(("sans-serif", theme.font(12.0)))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(self.values.iter().enumerate().filter(|(_, v)| v.is_finite()).map(|(i, &v)| {
                let color = theme.color(0);
                let mut bar = Rectangle::new(
                    [(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), v)],
                    color.filled(),
                );
                bar.set_margin(0, 0, theme.px(6.0), theme.px(6.0));
                bar
            }))
            .map_err(err)?;
        if let Some((name, y)) = &self.reference {
            let style = ShapeStyle { color: theme.color(3).to_rgba(), filled: false, stroke_width: theme.px(1.5) };
            chart
                .draw_series(LineSeries::new(
                    [(SegmentValue::Exact(0), *y), (SegmentValue::Last, *y)],
                    style,
                ))
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(Theme::AXIS)
                .label_font(("sans-serif", theme.font(12.0)))
                .draw()
                .map_err(err)?;
        }
        Ok(())
    }
}
