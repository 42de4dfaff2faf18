//! The canvas backend every chart draws on: plotters-canvas, with text measured by the canvas and
//! canvas state sent only when it changes.
//!
//! plotters measures text on the web by adding a `<span>` to `<body>` and reading its size, which
//! forces a layout of the whole page for every tick label — on a page with large editor tables
//! that cost most of a redraw. This wrapper answers `estimate_text_size` with the canvas's own
//! `measureText`, which touches no layout.
//!
//! plotters-canvas also sets the colour (as a fresh `rgba(…)` string), line width, font, alignment
//! and baseline before every line, rectangle and label; each string crosses from wasm to JS and is
//! decoded there, which took a third of a chart's redraw (measured: ~2.8 ms of an α step's 8 ms).
//! Lines, rectangles, paths and text — nearly every call — are drawn here on the 2D context
//! directly, and each piece of state is sent only when it differs from the last one sent. The
//! rare calls (pixels, polygons, circles) go to [`CanvasBackend`], which sets state behind our
//! back, so the remembered state is forgotten after each of them.

use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// [`CanvasBackend`] with layout-free text measurement and state sent only on change.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    sent: std::cell::RefCell<Sent>,
}

/// The canvas state last sent (`None`: unknown).
#[derive(Default)]
struct Sent {
    fill: Option<ColorKey>,
    stroke: Option<ColorKey>,
    line_width: Option<u32>,
    font: Option<String>,
    align: Option<&'static str>,
    baseline: Option<&'static str>,
}

/// A colour as a comparable key: red, green, blue and the bits of alpha.
type ColorKey = (u8, u8, u8, u64);

fn key(c: BackendColor) -> ColorKey {
    (c.rgb.0, c.rgb.1, c.rgb.2, c.alpha.to_bits())
}

fn css(c: BackendColor) -> String {
    let (r, g, b) = c.rgb;
    format!("rgba({r},{g},{b},{})", c.alpha)
}

/// The CSS font of a text style, as the canvas draws it.
pub(super) fn font_of<S: BackendTextStyle>(style: &S) -> String {
    format!("{} {}px {}", style.style().as_str(), style.size(), style.family().as_str())
}

impl MeasuredCanvas {
    /// `None` when the canvas has no 2D context.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Self> {
        let context = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        Some(MeasuredCanvas { inner: CanvasBackend::with_canvas_object(canvas)?, context, sent: Default::default() })
    }

    fn fill(&self, c: BackendColor) {
        let mut sent = self.sent.borrow_mut();
        if sent.fill != Some(key(c)) {
            self.context.set_fill_style_str(&css(c));
            sent.fill = Some(key(c));
        }
    }

    fn stroke<S: BackendStyle>(&self, style: &S) {
        let mut sent = self.sent.borrow_mut();
        let c = style.color();
        if sent.stroke != Some(key(c)) {
            self.context.set_stroke_style_str(&css(c));
            sent.stroke = Some(key(c));
        }
        let width = style.stroke_width();
        if sent.line_width != Some(width) {
            self.context.set_line_width(f64::from(width));
            sent.line_width = Some(width);
        }
    }

    fn font(&self, font: String) {
        let mut sent = self.sent.borrow_mut();
        if sent.font.as_deref() != Some(&font) {
            self.context.set_font(&font);
            sent.font = Some(font);
        }
    }

    fn text_anchor(&self, align: &'static str, baseline: &'static str) {
        let mut sent = self.sent.borrow_mut();
        if sent.baseline != Some(baseline) {
            self.context.set_text_baseline(baseline);
            sent.baseline = Some(baseline);
        }
        if sent.align != Some(align) {
            self.context.set_text_align(align);
            sent.align = Some(align);
        }
    }

    fn forget(&self) {
        *self.sent.borrow_mut() = Sent::default();
    }

    /// Delegates a rarely used call to plotters-canvas, which sets state of its own.
    fn delegate(&mut self, f: impl FnOnce(&mut CanvasBackend) -> Result<(), Error>) -> Result<(), Error> {
        self.forget();
        f(&mut self.inner)
    }
}

type Error = DrawingErrorKind<<CanvasBackend as DrawingBackend>::ErrorType>;

/// Moves a horizontal or vertical line onto the pixel centres, so a 1 px line is one pixel wide
/// (as plotters-canvas does).
fn crisp(from: BackendCoord, to: BackendCoord) -> ((f64, f64), (f64, f64)) {
    let (mut a, mut b) = ((f64::from(from.0), f64::from(from.1)), (f64::from(to.0), f64::from(to.1)));
    if from.0 == to.0 {
        a.0 -= 0.5;
        b.0 -= 0.5;
    }
    if from.1 == to.1 {
        a.1 -= 0.5;
        b.1 -= 0.5;
    }
    (a, b)
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), Error> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), Error> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        self.delegate(|b| b.draw_pixel(point, color))
    }
    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (a, b) = crisp(from, to);
        self.stroke(style);
        self.context.begin_path();
        self.context.move_to(a.0, a.1);
        self.context.line_to(b.0, b.1);
        self.context.stroke();
        Ok(())
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
        let (w, h) = (f64::from(bottom_right.0 - upper_left.0), f64::from(bottom_right.1 - upper_left.1));
        if fill {
            self.fill(style.color());
            self.context.fill_rect(x, y, w, h);
        } else {
            self.stroke(style);
            self.context.stroke_rect(x, y, w, h);
        }
        Ok(())
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let mut path = path.into_iter();
        self.context.begin_path();
        if let Some(start) = path.next() {
            self.stroke(style);
            self.context.move_to(f64::from(start.0), f64::from(start.1));
            for next in path {
                self.context.line_to(f64::from(next.0), f64::from(next.1));
            }
        }
        self.context.stroke();
        Ok(())
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.delegate(|b| b.fill_polygon(vert, style))
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.delegate(|b| b.draw_circle(center, radius, style, fill))
    }
    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Result<(), Error> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let turn = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 0.25,
            FontTransform::Rotate180 => 0.5,
            FontTransform::Rotate270 => 0.75,
        };
        let baseline = match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        let align = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        self.text_anchor(align, baseline);
        self.fill(color);
        self.font(font_of(style));
        let (x, y) = (f64::from(pos.0), f64::from(pos.1));
        let drawn = if turn == 0.0 {
            self.context.fill_text(text, x, y)
        } else {
            // Rotate about the anchor, then back to the identity (the charts draw in device
            // pixels with no other transform), without save/restore, which would undo the state.
            let rotated = self
                .context
                .translate(x, y)
                .and_then(|()| self.context.rotate(turn * std::f64::consts::TAU))
                .and_then(|()| self.context.fill_text(text, 0.0, 0.0));
            let reset = self.context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            rotated.and(reset)
        };
        drawn.map_err(|e| {
            self.forget();
            DrawingErrorKind::FontError(format!("could not draw {text:?}: {e:?}").into())
        })
    }

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), Error> {
        self.font(font_of(style));
        Ok(measure(Some(&self.context), text, style.size()))
    }
}

/// Width and height of `text` in the context's current font of `size` pixels (an estimate from
/// the size when there is no context or it cannot measure).
pub(super) fn measure(context: Option<&CanvasRenderingContext2d>, text: &str, size: f64) -> (u32, u32) {
    let (width, height) = match context.map(|c| c.measure_text(text)) {
        Some(Ok(m)) => (m.width(), m.font_bounding_box_ascent() + m.font_bounding_box_descent()),
        _ => (0.6 * size * text.chars().count() as f64, 0.0),
    };
    let height = if height > 0.0 { height } else { 1.2 * size };
    (width.ceil().max(0.0) as u32, height.ceil() as u32)
}
