//! Colours and sizes shared by every chart; `scale` is the device pixel ratio.

use plotters::style::RGBColor;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Multiplies every font size and line width (the canvas is drawn at device resolution).
    pub scale: f64,
}

impl Theme {
    /// The first series' colours, one per legend entry a chart can have: D3's category10 without
    /// its red (the reference colour) and its grey (too close to the axes), then four of the
    /// light and dark tones of Tableau 20; later series get colours of their own, see
    /// [`Theme::color`].
    pub const PALETTE: [RGBColor; 12] = [
        RGBColor(0x1f, 0x77, 0xb4),
        RGBColor(0xff, 0x7f, 0x0e),
        RGBColor(0x2c, 0xa0, 0x2c),
        RGBColor(0x94, 0x67, 0xbd),
        RGBColor(0x8c, 0x56, 0x4b),
        RGBColor(0xe3, 0x77, 0xc2),
        RGBColor(0xbc, 0xbd, 0x22),
        RGBColor(0x17, 0xbe, 0xcf),
        RGBColor(0xae, 0xc7, 0xe8),
        RGBColor(0xff, 0xbb, 0x78),
        RGBColor(0x98, 0xdf, 0x8a),
        RGBColor(0x39, 0x3b, 0x79),
    ];
    pub const AXIS: RGBColor = RGBColor(0x33, 0x33, 0x33);
    pub const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);
    /// Reference lines and marked points: a colour no series has.
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

    /// The colour of series `i`: the palette, then hues a golden angle apart at four
    /// lightnesses, so that no two series of a chart share a colour (tested for the first 1,000)
    /// and none has the reference's.
    pub fn color(&self, i: usize) -> RGBColor {
        if let Some(c) = Self::PALETTE.get(i) {
            return *c;
        }
        let k = i - Self::PALETTE.len();
        let hue = (k as f64 * 137.507_764 + 40.0) % 360.0;
        hsl(hue, 0.65, [0.45, 0.62, 0.36, 0.72][k % 4])
    }
}

/// The colour of hue `h` (degrees), saturation `s` and lightness `l` (both in [0, 1]).
fn hsl(h: f64, s: f64, l: f64) -> RGBColor {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    RGBColor(byte(r), byte(g), byte(b))
}

#[cfg(test)]
mod tests {
    use plotters::prelude::{BLACK, WHITE};

    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn series_colours_never_repeat_nor_take_the_frames_colours() {
        let theme = Theme::new(1.0);
        let colours: Vec<RGBColor> = (0..1000).map(|i| theme.color(i)).collect();
        let reserved = [Theme::REFERENCE, Theme::AXIS, Theme::GRID, WHITE, BLACK];
        for (i, c) in colours.iter().enumerate() {
            assert!(!colours[..i].contains(c), "series {i} repeats {c:?}");
            assert!(!reserved.contains(c), "series {i} has a reserved colour {c:?}");
        }
        // The first dozen, which have legend entries, are told apart at a glance: no two closer
        // than 60 in RGB, nor to the reference colour.
        let far = |a: &RGBColor, b: &RGBColor| {
            let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
            (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt() >= 60.0
        };
        for i in 0..12 {
            assert!(far(&colours[i], &Theme::REFERENCE), "series {i} looks like the reference");
            for j in 0..i {
                assert!(far(&colours[i], &colours[j]), "series {i} and {j} look alike");
            }
        }
        assert_eq!(hsl(0.0, 1.0, 0.5), RGBColor(255, 0, 0));
        assert_eq!(hsl(240.0, 1.0, 0.5), RGBColor(0, 0, 255));
    }
}
