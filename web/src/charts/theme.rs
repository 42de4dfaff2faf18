//! Colours and sizes shared by every chart; `scale` is the device pixel ratio.

use plotters::prelude::*;
use plotters::style::RGBColor;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Multiplies every font size and line width (the canvas is drawn at device resolution).
    pub scale: f64,
}

impl Theme {
    pub const PALETTE: [RGBColor; 6] = [
        RGBColor(0x1f, 0x77, 0xb4),
        RGBColor(0xff, 0x7f, 0x0e),
        RGBColor(0x2c, 0xa0, 0x2c),
        RGBColor(0xd6, 0x27, 0x28),
        RGBColor(0x94, 0x67, 0xbd),
        RGBColor(0x8c, 0x56, 0x4b),
    ];
    pub const AXIS: RGBColor = RGBColor(0x33, 0x33, 0x33);
    pub const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);
    pub const REFERENCE: RGBColor = RGBColor(0xd6, 0x27, 0x28);

    pub fn new(scale: f64) -> Self {
        Theme { scale: if scale.is_finite() && scale > 0.0 { scale } else { 1.0 } }
    }

    /// A length in device pixels for `css` CSS pixels.
    pub fn px(&self, css: f64) -> u32 {
        (css * self.scale).round().max(1.0) as u32
    }

    /// A font size in device pixels.
    pub fn font(&self, css: f64) -> f64 {
        css * self.scale
    }

    pub fn color(&self, i: usize) -> RGBColor {
        Self::PALETTE[i % Self::PALETTE.len()]
    }
}

/// What marks a series in a legend.
#[derive(Debug, Clone, Copy)]
pub enum Swatch {
    Line(RGBColor),
    Block(RGBColor),
}

impl Theme {
    /// Draws a legend box in the upper right corner of `area` (the plotting area, in pixels).
    ///
    /// Drawn by hand rather than with plotters' series labels, whose text measurement forces a
    /// page layout per entry (see `backend.rs`); here text is measured by the backend.
    pub fn legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
        entries: &[(String, Swatch)],
    ) -> Result<(), String> {
        if entries.is_empty() {
            return Ok(());
        }
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let font = ("sans-serif", self.font(12.0)).into_font();
        let style = TextStyle::from(font).color(&Theme::AXIS);
        let (pad, swatch, gap) = (self.px(6.0) as i32, self.px(18.0) as i32, self.px(4.0) as i32);
        let mut width = 0i32;
        let mut line = 0i32;
        for (name, _) in entries {
            let (w, h) = area.estimate_text_size(name, &style).map_err(err)?;
            width = width.max(w as i32);
            line = line.max(h as i32);
        }
        let line = line.max(swatch / 2) + gap;
        let (area_w, _) = area.dim_in_pixel();
        let box_w = pad * 3 + swatch + width;
        let box_h = pad * 2 + line * entries.len() as i32;
        let x0 = area_w as i32 - box_w - pad;
        let y0 = pad;
        area.draw(&Rectangle::new([(x0, y0), (x0 + box_w, y0 + box_h)], WHITE.mix(0.85).filled())).map_err(err)?;
        area.draw(&Rectangle::new([(x0, y0), (x0 + box_w, y0 + box_h)], Theme::AXIS.stroke_width(1))).map_err(err)?;
        for (k, (name, mark)) in entries.iter().enumerate() {
            let y = y0 + pad + line * k as i32 + line / 2;
            let x = x0 + pad;
            match *mark {
                Swatch::Line(c) => area
                    .draw(&PathElement::new([(x, y), (x + swatch, y)], c.stroke_width(self.px(2.0))))
                    .map_err(err)?,
                Swatch::Block(c) => area
                    .draw(&Rectangle::new([(x, y - swatch / 3), (x + swatch, y + swatch / 3)], c.filled()))
                    .map_err(err)?,
            }
            let pos = plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            );
            area.draw(&Text::new(name.clone(), (x + swatch + pad, y), style.pos(pos))).map_err(err)?;
        }
        Ok(())
    }
}
