//! The legend: measured once, drawn as a box in a corner of the plot or as a strip of entries
//! below the chart (the frame decides which, see [`super::frame`]).
//!
//! Drawn by hand rather than with plotters' series labels, whose text measurement forces a page
//! layout per entry (see `backend.rs`); here text is measured by the backend.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::layout::{flow, truncate, Rect};
use super::Theme;

/// What marks a series in a legend.
#[derive(Debug, Clone, Copy)]
pub enum Swatch {
    Line(RGBColor),
    Block(RGBColor),
}

/// A legend's entries with their measured names, in pixels.
pub struct Legend {
    entries: Vec<(String, Swatch)>,
    /// Width of each name.
    widths: Vec<i32>,
    /// Height of a line.
    line: i32,
    pad: i32,
    swatch: i32,
    style: TextStyle<'static>,
}

fn err<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    e.to_string()
}

impl Legend {
    /// Measures the entries' names on `area`.
    pub fn measure<DB: DrawingBackend>(
        area: &DrawingArea<DB, Shift>,
        entries: Vec<(String, Swatch)>,
        theme: &Theme,
    ) -> Result<Self, String> {
        let style = TextStyle::from(("sans-serif", theme.font(12.0)).into_font()).color(&Theme::AXIS);
        let (pad, swatch, gap) = (theme.px(6.0) as i32, theme.px(18.0) as i32, theme.px(4.0) as i32);
        let mut widths = Vec::with_capacity(entries.len());
        let mut line = swatch / 2;
        for (name, _) in &entries {
            let (w, h) = area.estimate_text_size(name, &style).map_err(err)?;
            widths.push(w as i32);
            line = line.max(h as i32);
        }
        Ok(Legend { entries, widths, line: line + gap, pad, swatch, style })
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Width of an entry whose name is `name` pixels wide.
    fn entry(&self, name: i32) -> i32 {
        self.swatch + self.pad + name
    }

    /// Width and height of the box with one entry a line.
    pub fn size(&self) -> (i32, i32) {
        let widest = self.widths.iter().copied().max().unwrap_or(0);
        (self.entry(widest) + 2 * self.pad, 2 * self.pad + self.line * self.entries.len() as i32)
    }

    /// The strip's inner width and the lines of entries that fill it, for a chart `width` wide.
    fn lines(&self, width: u32) -> (i32, Vec<std::ops::Range<usize>>) {
        let inner = (width as i32 - 4 * self.pad).max(self.entry(0));
        let widths: Vec<i32> = self.widths.iter().map(|&w| self.entry(w).min(inner)).collect();
        (inner, flow(&widths, 3 * self.pad, inner))
    }

    /// Height of the strip below a chart `width` wide.
    pub fn strip_height(&self, width: u32) -> u32 {
        let rows = self.lines(width).1.len() as i32;
        (3 * self.pad + self.line * rows).max(0) as u32
    }

    /// Draws the box at `at` (pixels of `area`).
    pub fn draw_box<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, at: Rect) -> Result<(), String> {
        self.background(area, at)?;
        for (k, (name, mark)) in self.entries.iter().enumerate() {
            let y = at.y0 + self.pad + self.line * k as i32 + self.line / 2;
            self.entry_at(area, name, *mark, (at.x0 + self.pad, y), self.widths[k])?;
        }
        Ok(())
    }

    /// Draws the entries in lines across `area` (the strip below the chart), in a box.
    pub fn draw_strip<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let (w, _) = area.dim_in_pixel();
        let (inner, lines) = self.lines(w);
        let gap = 3 * self.pad;
        let width_of = |r: &std::ops::Range<usize>| {
            r.clone().map(|i| self.entry(self.widths[i]).min(inner)).sum::<i32>() + gap * (r.len() as i32 - 1)
        };
        let used = lines.iter().map(width_of).max().unwrap_or(0);
        let x0 = (w as i32 - used) / 2 - self.pad;
        let at = Rect::new(
            (x0, self.pad / 2),
            (x0 + used + 2 * self.pad, self.pad / 2 + 2 * self.pad + self.line * lines.len() as i32),
        );
        self.background(area, at)?;
        for (row, r) in lines.iter().enumerate() {
            let y = at.y0 + self.pad + self.line * row as i32 + self.line / 2;
            let mut x = at.x0 + self.pad;
            for i in r.clone() {
                let room = inner - self.entry(0);
                self.entry_at(area, &self.entries[i].0, self.entries[i].1, (x, y), room)?;
                x += self.entry(self.widths[i]).min(inner) + gap;
            }
        }
        Ok(())
    }

    /// The box's white ground and frame.
    fn background<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, at: Rect) -> Result<(), String> {
        let corners = [(at.x0, at.y0), (at.x1, at.y1)];
        area.draw(&Rectangle::new(corners, WHITE.mix(0.85).filled())).map_err(err)?;
        area.draw(&Rectangle::new(corners, Theme::AXIS.stroke_width(1))).map_err(err)
    }

    /// One entry: its swatch at `(x, y)` (y its middle), then its name, shortened to `room`.
    fn entry_at<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        name: &str,
        mark: Swatch,
        (x, y): (i32, i32),
        room: i32,
    ) -> Result<(), String> {
        let s = self.swatch;
        match mark {
            Swatch::Line(c) => {
                area.draw(&PathElement::new([(x, y), (x + s, y)], c.stroke_width((s / 9).max(1) as u32)))
            }
            Swatch::Block(c) => area.draw(&Rectangle::new([(x, y - s / 3), (x + s, y + s / 3)], c.filled())),
        }
        .map_err(err)?;
        let name = truncate(name, room, &mut |t| area.estimate_text_size(t, &self.style).map_or(0, |(w, _)| w as i32));
        let at = self.style.pos(Pos::new(HPos::Left, VPos::Center));
        area.draw(&Text::new(name, (x + s + self.pad, y), at)).map_err(err)
    }
}
