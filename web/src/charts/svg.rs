//! A chart as an SVG document: the same draw function on plotters' SVG backend, so a downloaded
//! figure is the picture on the screen, as vector graphics.
//!
//! Two differences from the screen are corrected here. plotters' SVG backend measures text
//! through plotters' web fonts, which add a `<span>` to the page and force a layout per label;
//! like [`MeasuredCanvas`](super::MeasuredCanvas), this wrapper measures with a canvas's
//! `measureText` instead (a detached canvas: no layout). And the SVG backend writes a font of
//! size `s` as `font-size = s / 1.24`, while the canvas draws it at `s` pixels, the size the
//! layout was measured at; text is enlarged by the same factor on its way in, so the SVG's labels
//! have the size they were laid out for, as on the screen.

use plotters::backend::SVGBackend;
use plotters::prelude::*;
use plotters_backend::text_anchor::Pos;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontFamily, FontStyle, FontTransform,
};
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

use super::backend::{font_of, measure};
use super::{ChartData, Theme};

/// plotters-svg divides every font size by this factor.
const SVG_FONT_SHRINK: f64 = 1.24;

/// Draws `data` as an SVG document of `width` × `height` pixels (CSS pixels: no device scaling)
/// on a white background.
pub fn to_svg<T: ChartData>(data: &T, width: u32, height: u32) -> Result<String, String> {
    let mut out = String::new();
    {
        let backend = MeasuredSvg {
            inner: SVGBackend::with_string(&mut out, (width.max(1), height.max(1))),
            measurer: measurer(),
        };
        let area = backend.into_drawing_area();
        area.fill(&WHITE).map_err(|e| e.to_string())?;
        data.draw(&area, &Theme::new(1.0))?;
        area.present().map_err(|e| e.to_string())?;
    }
    Ok(tidy_font_sizes(&out))
}

/// Rounds every `font-size` to a millionth of a pixel: plotters-svg writes the size divided by
/// 1.24, which floating point leaves as `15.000000000000002`. (Text content cannot hold the
/// attribute's pattern: its quotes are escaped.)
fn tidy_font_sizes(svg: &str) -> String {
    const KEY: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(KEY) {
        let (head, tail) = rest.split_at(at + KEY.len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(tail.len());
        match tail[..end].parse::<f64>() {
            Ok(size) => out.push_str(&((size * 1e6).round() / 1e6).to_string()),
            Err(_) => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// A 2D context of a canvas that is never added to the page, to measure text with.
fn measurer() -> Option<CanvasRenderingContext2d> {
    let document = web_sys::window()?.document()?;
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// [`SVGBackend`] with text measured by a canvas and drawn at the measured size.
struct MeasuredSvg<'a> {
    inner: SVGBackend<'a>,
    /// `None` outside a browser: text sizes are then estimated from the font size.
    measurer: Option<CanvasRenderingContext2d>,
}

type Error = DrawingErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>;

impl DrawingBackend for MeasuredSvg<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

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
        self.inner.draw_text(text, &Enlarged(style), pos)
    }
    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), Error> {
        if let Some(context) = &self.measurer {
            context.set_font(&font_of(style));
        }
        Ok(measure(self.measurer.as_ref(), text, style.size()))
    }
}

/// A text style whose size is multiplied by [`SVG_FONT_SHRINK`], which plotters-svg divides out.
struct Enlarged<'s, S>(&'s S);

impl<S: BackendTextStyle> BackendTextStyle for Enlarged<'_, S> {
    type FontError = S::FontError;

    fn color(&self) -> BackendColor {
        self.0.color()
    }
    fn size(&self) -> f64 {
        self.0.size() * SVG_FONT_SHRINK
    }
    fn transform(&self) -> FontTransform {
        self.0.transform()
    }
    fn style(&self) -> FontStyle {
        self.0.style()
    }
    fn anchor(&self) -> Pos {
        self.0.anchor()
    }
    fn family(&self) -> FontFamily<'_> {
        self.0.family()
    }
    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.0.layout_box(text)
    }
    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        self.0.draw(text, pos, draw)
    }
}

#[cfg(test)]
mod tests {
    use super::tidy_font_sizes;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn font_sizes_are_written_tidily() {
        let drawn =
            r#"<text font-size="15.000000000000002" y="1">a</text><text font-size="9.677419354838708">x</text>"#;
        assert_eq!(tidy_font_sizes(drawn), r#"<text font-size="15" y="1">a</text><text font-size="9.677419">x</text>"#);
        assert_eq!(tidy_font_sizes("<svg/>"), "<svg/>");
        assert_eq!(tidy_font_sizes(r#"font-size="x"#), r#"font-size="x"#);
    }
}
