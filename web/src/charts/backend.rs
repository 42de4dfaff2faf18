//! The canvas backend every chart draws on: plotters-canvas, with text measured by the canvas.
//!
//! plotters measures text on the web by adding a `<span>` to `<body>` and reading its size, which
//! forces a layout of the whole page for every tick label — on a page with large editor tables
//! that cost most of a redraw. This wrapper delegates all drawing to [`CanvasBackend`] and answers
//! `estimate_text_size` with the canvas's own `measureText`, which touches no layout.

use plotters::prelude::*;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// [`CanvasBackend`] with layout-free text measurement.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
}

impl MeasuredCanvas {
    /// `None` when the canvas has no 2D context.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Self> {
        let context = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        Some(MeasuredCanvas { inner: CanvasBackend::with_canvas_object(canvas)?, context })
    }
}

type Error = DrawingErrorKind<<CanvasBackend as DrawingBackend>::ErrorType>;

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
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Result<(), Error> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.draw_path(path, style)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Result<(), Error> {
        self.inner.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), Error> {
        let size = style.size();
        self.context.set_font(&format!("{} {}px {}", style.style().as_str(), size, style.family().as_str()));
        let (width, height) = match self.context.measure_text(text) {
            Ok(m) => (m.width(), m.font_bounding_box_ascent() + m.font_bounding_box_descent()),
            Err(_) => (0.6 * size * text.chars().count() as f64, 0.0),
        };
        let height = if height > 0.0 { height } else { 1.2 * size };
        Ok((width.ceil().max(0.0) as u32, height.ceil() as u32))
    }
}
