//! What every chart has around its data, laid out once for all of them: the title (wrapped to
//! the width), the axes (label areas sized to their measured labels, as many tick labels as fit
//! without running together, category labels shortened or thinned), and the legend (in a corner
//! of the plot that covers no data, else in a strip below the chart). A chart type describes its
//! axes, marks and series as a [`Plot`]; [`draw`] does the rest, on any backend.

use plotters::chart::ChartContext;
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::layout::{category_labels, fit_count, free_corner, Mark, Rect};
use super::legend::Legend;
use super::Theme;

/// The coordinates of a plot.
pub type Coords<P> =
    Cartesian2d<<<P as Plot>::X as AsRangedCoord>::CoordDescType, <<P as Plot>::Y as AsRangedCoord>::CoordDescType>;

/// A chart of a plot, on a backend.
pub type Context<'a, DB, P> = ChartContext<'a, DB, Coords<P>>;

/// How an axis is labelled.
pub enum Ticks<'a> {
    /// Numbers at plotters' key points of the range, written by the function, with grid lines.
    Numbers(fn(f64) -> String),
    /// One label per unit slot `[k, k + 1)`, written at its middle; no grid lines.
    Categories(&'a [String]),
}

/// One axis: its range, its description and its labels.
pub struct Axis<'a, R> {
    pub range: R,
    /// The axis title ("" for none).
    pub desc: &'a str,
    pub ticks: Ticks<'a>,
}

/// A chart type's part of the drawing; the frame around it is [`draw`]'s.
pub trait Plot {
    type X: AsRangedCoord<Value = f64, CoordDescType: ValueFormatter<f64>> + Clone;
    type Y: AsRangedCoord<Value = f64, CoordDescType: ValueFormatter<f64>> + Clone;
    fn title(&self) -> &str;
    fn x_axis(&self) -> Axis<'_, Self::X>;
    fn y_axis(&self) -> Axis<'_, Self::Y>;
    /// The legend's entries (empty: no legend).
    fn legend(&self, theme: &Theme) -> Vec<(String, super::legend::Swatch)>;
    /// Everything drawn in the plot that the legend must not cover, in backend pixels.
    fn marks<DB: DrawingBackend>(&self, chart: &Context<DB, Self>, theme: &Theme) -> Vec<Mark>
    where
        Self: Sized;
    /// Draws the data (the frame is drawn).
    fn draw_data<DB: DrawingBackend>(&self, chart: &mut Context<DB, Self>, theme: &Theme) -> Result<(), String>
    where
        Self: Sized;
}

fn err<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    e.to_string()
}

/// Label and title fonts (CSS pixels).
const LABEL_FONT: f64 = 12.0;
const TITLE_FONT: f64 = 15.0;

fn label_style(theme: &Theme) -> TextStyle<'static> {
    TextStyle::from(("sans-serif", theme.font(LABEL_FONT)).into_font())
}

/// Width of `text` in the label font, in pixels.
fn width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, text: &str, style: &TextStyle) -> i32 {
    area.estimate_text_size(text, style).map_or(0, |(w, _)| w as i32)
}

/// Draws `plot` on `area` with its title, axes and legend.
pub fn draw<DB: DrawingBackend, P: Plot>(plot: &P, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String> {
    let area = title(area, plot.title(), theme)?;
    let legend = Legend::measure(&area, plot.legend(theme), theme)?;
    let (chart, layout) = build(plot, &area, theme)?;
    if legend.is_empty() {
        return finish(plot, chart, &layout, &area, theme);
    }
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let plot_rect = Rect::new((xs.start, ys.start), (xs.end, ys.end));
    let corner =
        free_corner(plot_rect, legend.size(), theme.px(6.0) as i32, theme.px(3.0) as i32, &plot.marks(&chart, theme));
    match corner {
        Some(at) => {
            finish(plot, chart, &layout, &area, theme)?;
            legend.draw_box(&area.use_screen_coord(), at)
        }
        None => {
            // Every corner covers data: the legend goes below the chart, which is laid out again
            // in what is left.
            let (w, h) = area.dim_in_pixel();
            let strip = legend.strip_height(w);
            let (upper, lower) = area.split_vertically(h.saturating_sub(strip));
            let (chart, layout) = build(plot, &upper, theme)?;
            finish(plot, chart, &layout, &upper, theme)?;
            legend.draw_strip(&lower)
        }
    }
}

/// Writes the title at the top of `area`, wrapped to its width (at most three lines); returns
/// the area below it.
fn title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    theme: &Theme,
) -> Result<DrawingArea<DB, Shift>, String> {
    let style = TextStyle::from(("sans-serif", theme.font(TITLE_FONT)).into_font()).color(&BLACK);
    let (w, _) = area.dim_in_pixel();
    let margin = theme.px(10.0) as i32;
    let lines = super::layout::wrap(text, w as i32 - 2 * margin, 3, &mut |s| width(area, s, &style));
    if lines.is_empty() {
        return Ok(area.split_vertically(margin).1);
    }
    let line = area.estimate_text_size("Mg", &style).map_err(err)?.1 as i32 + theme.px(2.0) as i32;
    let centred = style.pos(Pos::new(HPos::Center, VPos::Top));
    for (k, l) in lines.iter().enumerate() {
        area.draw_text(l, &centred, (w as i32 / 2, margin + line * k as i32)).map_err(err)?;
    }
    Ok(area.split_vertically(margin + line * lines.len() as i32 + theme.px(4.0) as i32).1)
}

/// How the axes are laid out on an area: the label areas, the right margin, the label counts
/// of numeric axes and the room of category labels.
struct Layout {
    x_area: u32,
    y_area: u32,
    right: u32,
    x_hint: usize,
    y_hint: usize,
    /// The widest x category label.
    x_widest: i32,
    /// The width y category labels are shortened to.
    y_room: i32,
}

/// Distance from the axis to its labels: twice the tick marks' length, as plotters places them.
fn tick(theme: &Theme) -> u32 {
    theme.px(4.0)
}

/// Measures the axes' labels on `area` and decides their layout.
fn layout<DB: DrawingBackend, P: Plot>(plot: &P, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Layout {
    let style = label_style(theme);
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let text_h = area.estimate_text_size("0", &style).map_or(theme.px(14.0), |s| s.1) as i32;
    let dist = 2 * tick(theme) as i32;
    let gap = theme.px(4.0) as i32;
    let (left, top, bottom) = (theme.px(8.0) as i32, theme.px(6.0) as i32, theme.px(6.0) as i32);
    let (x, y) = (plot.x_axis(), plot.y_axis());
    let desc_h = |d: &str| if d.is_empty() { 0 } else { text_h + gap };

    let x_area = dist + text_h + gap + desc_h(x.desc);
    let plot_h = (h - top - bottom - x_area).max(1);

    // The y labels: as many as fit one above the other, then the label area to their width.
    let y_coord: <P::Y as AsRangedCoord>::CoordDescType = y.range.clone().into();
    let (y_hint, y_width) = match &y.ticks {
        Ticks::Numbers(format) => {
            let hint = fit_count(10, theme.px(2.0) as i32, |n| {
                y_coord.key_points(n).iter().map(|v| (y_coord.map(v, (plot_h, 0)), text_h)).collect()
            });
            let widest = y_coord.key_points(hint).iter().map(|v| width(area, &format(*v), &style)).max().unwrap_or(0);
            (hint, widest)
        }
        Ticks::Categories(labels) => {
            let widest = labels.iter().map(|l| width(area, l, &style)).max().unwrap_or(0);
            (0, widest.min(w * 2 / 5))
        }
    };
    let y_area = dist + y_width + gap + desc_h(y.desc);

    // The x labels: as many as fit side by side in the width left, and half the last one beside
    // the plot (it is centred on the axis's right end).
    let x_coord: <P::X as AsRangedCoord>::CoordDescType = x.range.clone().into();
    let base_right = theme.px(12.0) as i32;
    let (x_hint, right) = match &x.ticks {
        Ticks::Numbers(format) => {
            let labels = |n: usize| -> (Vec<f64>, Vec<i32>, i32) {
                let points = x_coord.key_points(n);
                let widths: Vec<i32> = points.iter().map(|v| width(area, &format(*v), &style)).collect();
                let right = widths.last().map_or(base_right, |w| base_right.max(w / 2 + gap));
                (points, widths, right)
            };
            let hint = fit_count(11, theme.px(10.0) as i32, |n| {
                let (points, widths, right) = labels(n);
                let plot_w = (w - left - y_area - right).max(1);
                points.iter().zip(widths).map(|(v, wd)| (x_coord.map(v, (0, plot_w)), wd)).collect()
            });
            (hint, labels(hint).2)
        }
        Ticks::Categories(_) => (0, base_right),
    };
    let x_widest = match &x.ticks {
        Ticks::Categories(labels) => labels.iter().map(|l| width(area, l, &style)).max().unwrap_or(0),
        Ticks::Numbers(_) => 0,
    };
    Layout {
        x_area: x_area as u32,
        y_area: y_area as u32,
        right: right as u32,
        x_hint,
        y_hint,
        x_widest,
        y_room: y_width,
    }
}

/// The chart's coordinates on `area`, laid out for its labels (nothing drawn yet).
fn build<'a, DB: DrawingBackend, P: Plot>(
    plot: &P,
    area: &'a DrawingArea<DB, Shift>,
    theme: &Theme,
) -> Result<(Context<'a, DB, P>, Layout), String> {
    let l = layout(plot, area, theme);
    let chart = ChartBuilder::on(area)
        .margin_top(theme.px(6.0))
        .margin_bottom(theme.px(6.0))
        .margin_left(theme.px(8.0))
        .margin_right(l.right)
        .x_label_area_size(l.x_area)
        .y_label_area_size(l.y_area)
        .build_cartesian_2d(plot.x_axis().range, plot.y_axis().range)
        .map_err(err)?;
    Ok((chart, l))
}

/// A numeric axis's label writer (categories are written by [`finish`], not by plotters).
fn numbers(ticks: &Ticks) -> fn(f64) -> String {
    match ticks {
        Ticks::Numbers(f) => *f,
        Ticks::Categories(_) => |_| String::new(),
    }
}

/// Draws the axes, their labels and the data.
fn finish<DB: DrawingBackend, P: Plot>(
    plot: &P,
    mut chart: Context<'_, DB, P>,
    l: &Layout,
    area: &DrawingArea<DB, Shift>,
    theme: &Theme,
) -> Result<(), String> {
    let (x, y) = (plot.x_axis(), plot.y_axis());
    let (x_format, y_format) = (numbers(&x.ticks), numbers(&y.ticks));
    let (x_fmt, y_fmt) = (move |v: &f64| x_format(*v), move |v: &f64| y_format(*v));
    let mut mesh = chart.configure_mesh();
    mesh.x_labels(l.x_hint)
        .y_labels(l.y_hint)
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .bold_line_style(Theme::GRID)
        .max_light_lines(0)
        .set_all_tick_mark_size(tick(theme))
        .label_style(label_style(theme))
        .axis_desc_style(("sans-serif", theme.font(LABEL_FONT)));
    if !x.desc.is_empty() {
        mesh.x_desc(x.desc);
    }
    if !y.desc.is_empty() {
        mesh.y_desc(y.desc);
    }
    mesh.draw().map_err(err)?;
    plot.draw_data(&mut chart, theme)?;
    // Category labels, written here: shortened or thinned to fit their slots (in backend pixels:
    // `draw`, unlike `draw_text`, takes them as they are on a screen-coordinate area).
    let screen = area.use_screen_coord();
    let style = label_style(theme).color(&Theme::AXIS);
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let dist = 2 * tick(theme) as i32;
    let gap = theme.px(6.0) as i32;
    if let Ticks::Categories(labels) = x.ticks {
        let slot = f64::from(xs.end - xs.start) / labels.len().max(1) as f64;
        let (step, room) = category_labels(labels.len(), slot, l.x_widest, gap, theme.px(28.0) as i32);
        let at = style.pos(Pos::new(HPos::Center, VPos::Top));
        for (k, text) in labels.iter().enumerate().step_by(step) {
            let cx = xs.start + ((k as f64 + 0.5) * slot) as i32;
            let text = super::layout::truncate(text, room, &mut |s| width(area, s, &style));
            screen.draw(&Text::new(text, (cx, ys.end + dist), at.clone())).map_err(err)?;
        }
    }
    if let Ticks::Categories(labels) = y.ticks {
        let slot = f64::from(ys.end - ys.start) / labels.len().max(1) as f64;
        let text_h = area.estimate_text_size("Mg", &style).map_or(0, |s| s.1) as i32;
        let (step, _) = category_labels(labels.len(), slot, text_h, theme.px(2.0) as i32, text_h);
        let at = style.pos(Pos::new(HPos::Right, VPos::Center));
        for (k, text) in labels.iter().enumerate().step_by(step) {
            let cy = ys.end - ((k as f64 + 0.5) * slot) as i32;
            let text = super::layout::truncate(text, l.y_room, &mut |s| width(area, s, &style));
            screen.draw(&Text::new(text, (xs.start - dist, cy), at.clone())).map_err(err)?;
        }
    }
    Ok(())
}
