//! Colours and sizes shared by every chart; `scale` is the device pixel ratio.

use plotters::chart::{ChartContext, SeriesLabelPosition};
use plotters::coord::CoordTranslate;
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

impl Theme {
    /// Draws the legend of the series that have labels, in the upper right corner.
    pub fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(&self, chart: &mut ChartContext<'a, DB, CT>) -> Result<(), String> {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(Theme::AXIS)
            .label_font(("sans-serif", self.font(12.0)))
            .draw()
            .map_err(|e| e.to_string())
    }
}
