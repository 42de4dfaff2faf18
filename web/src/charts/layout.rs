//! The pure geometry of a chart's layout, in device pixels: where a legend can go without
//! covering data, how many tick labels fit along an axis without running together, how a title
//! wraps and a label is shortened to a width. No plotters types: text is measured by a closure
//! (the backend's measurement on the page, a fixed width per character in the tests).

use std::ops::Range;

/// A rectangle `[x0, x1] × [y0, y1]` in pixels (`x0 ≤ x1`, `y0 ≤ y1`; y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Rect {
    /// The rectangle with corners `a` and `b`, in any order.
    pub fn new(a: (i32, i32), b: (i32, i32)) -> Self {
        Rect { x0: a.0.min(b.0), y0: a.1.min(b.1), x1: a.0.max(b.0), y1: a.1.max(b.1) }
    }

    pub fn width(&self) -> i32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> i32 {
        self.y1 - self.y0
    }

    /// Larger by `d` on every side (smaller for a negative `d`).
    pub fn grow(&self, d: i32) -> Self {
        Rect { x0: self.x0 - d, y0: self.y0 - d, x1: self.x1 + d, y1: self.y1 + d }
    }

    /// Whether the two share more than an edge.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn contains(&self, (x, y): (f64, f64)) -> bool {
        x > f64::from(self.x0) && x < f64::from(self.x1) && y > f64::from(self.y0) && y < f64::from(self.y1)
    }
}

/// Something drawn in the plot that a legend must leave visible: a filled area (a bar, a
/// marker, a label) or a straight piece of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Area(Rect),
    Segment((i32, i32), (i32, i32)),
}

impl Mark {
    /// Whether the mark reaches inside `r`.
    pub fn meets(&self, r: &Rect) -> bool {
        match *self {
            Mark::Area(a) => {
                a.overlaps(r) || (a.width() == 0 || a.height() == 0) && segment_meets(r, a.x0, a.y0, a.x1, a.y1)
            }
            Mark::Segment(a, b) => segment_meets(r, a.0, a.1, b.0, b.1),
        }
    }
}

/// Liang–Barsky clipping: whether the segment passes through the interior of `r`.
fn segment_meets(r: &Rect, x0: i32, y0: i32, x1: i32, y1: i32) -> bool {
    let (x0, y0, x1, y1) = (f64::from(x0), f64::from(y0), f64::from(x1), f64::from(y1));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let sides = [
        (-dx, x0 - f64::from(r.x0)),
        (dx, f64::from(r.x1) - x0),
        (-dy, y0 - f64::from(r.y0)),
        (dy, f64::from(r.y1) - y0),
    ];
    for (p, q) in sides {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return false;
        }
    }
    let t = (t0 + t1) / 2.0;
    r.contains((x0 + dx * t, y0 + dy * t))
}

/// The legend's box in the first corner of `plot` (upper right, upper left, lower right, lower
/// left), `pad` in from its edges, that keeps `clearance` pixels from every mark; `None` when
/// every corner would cover data (or the box does not fit).
pub fn free_corner(plot: Rect, (w, h): (i32, i32), pad: i32, clearance: i32, marks: &[Mark]) -> Option<Rect> {
    if w + 2 * pad > plot.width() || h + 2 * pad > plot.height() {
        return None;
    }
    let (left, right) = (plot.x0 + pad, plot.x1 - pad - w);
    let (top, bottom) = (plot.y0 + pad, plot.y1 - pad - h);
    [(right, top), (left, top), (right, bottom), (left, bottom)]
        .into_iter()
        .map(|(x, y)| Rect { x0: x, y0: y, x1: x + w, y1: y + h })
        .find(|r| {
            let near = r.grow(clearance);
            !marks.iter().any(|m| m.meets(&near))
        })
}

/// Entries of widths `widths` flowed into lines of at most `width` pixels, `gap` apart: the
/// index range of each line (an entry wider than a line has a line of its own).
pub fn flow(widths: &[i32], gap: i32, width: i32) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, &w) in widths.iter().enumerate() {
        if i > start && used + gap + w > width {
            lines.push(start..i);
            (start, used) = (i, w);
        } else {
            used += if i > start { gap + w } else { w };
        }
    }
    if start < widths.len() {
        lines.push(start..widths.len());
    }
    lines
}

/// `text` shortened to at most `width` pixels: whole if it fits, else the longest prefix of
/// characters followed by "…" (just "…" if nothing else fits).
pub fn truncate(text: &str, width: i32, measure: &mut impl FnMut(&str) -> i32) -> String {
    if measure(text) <= width {
        return text.to_string();
    }
    let cuts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    // The longest prefix that fits, by bisection over the character boundaries.
    let (mut lo, mut hi) = (0usize, cuts.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if measure(&format!("{}…", text[..cuts[mid]].trim_end())) <= width {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    format!("{}…", text[..cuts[lo]].trim_end())
}

/// `text` broken at spaces into lines of at most `width` pixels, at most `max_lines` of them
/// (the last shortened with "…" if the text goes on; a word wider than a line is shortened).
pub fn wrap(text: &str, width: i32, max_lines: usize, measure: &mut impl FnMut(&str) -> i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(first) = words.next() {
        if lines.len() + 1 == max_lines.max(1) {
            let rest: Vec<&str> = std::iter::once(first).chain(words).collect();
            lines.push(truncate(&rest.join(" "), width, measure));
            break;
        }
        let mut line = first.to_string();
        while let Some(next) = words.peek() {
            let longer = format!("{line} {next}");
            if measure(&longer) > width {
                break;
            }
            line = longer;
            words.next();
        }
        lines.push(truncate(&line, width, measure));
    }
    lines
}

/// Whether labels along an axis, each given by its centre and its extent along the axis (both
/// in pixels, in any order), leave at least `gap` pixels between neighbours.
pub fn spaced(labels: &[(i32, i32)], gap: i32) -> bool {
    let mut spans: Vec<(i32, i32)> = labels.iter().map(|&(c, e)| (2 * c - e, 2 * c + e)).collect();
    spans.sort_unstable();
    // In doubled units, so that an odd extent's half needs no rounding.
    spans.windows(2).all(|p| p[1].0 - p[0].1 >= 2 * gap)
}

/// The largest label count hint from `most` down to 1 whose labels (`labels(hint)`: centre and
/// extent of each, as [`spaced`] takes them) do not run together; 1 if none does.
pub fn fit_count(most: usize, gap: i32, mut labels: impl FnMut(usize) -> Vec<(i32, i32)>) -> usize {
    (1..=most).rev().find(|&n| spaced(&labels(n), gap)).unwrap_or(1)
}

/// Labels of `n` categories in slots `slot` pixels wide: every `step`-th is written, shortened
/// to `width` pixels. Labels are shortened rather than left out while at least `least` pixels
/// (a few characters) fit in one slot; narrower slots write every `step`-th label whole or
/// shortened to `least`.
pub fn category_labels(n: usize, slot: f64, widest: i32, gap: i32, least: i32) -> (usize, i32) {
    let room = |step: usize| (slot * step as f64) as i32 - gap;
    if n == 0 || widest <= room(1) {
        return (1, widest.max(0));
    }
    if room(1) >= least {
        return (1, room(1));
    }
    let want = widest.min(least);
    let step = (1..=n).find(|&k| room(k) >= want).unwrap_or(n.max(1));
    (step, room(step).min(widest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 7 pixels a character, as a monospaced font of about 12 px.
    fn measure(s: &str) -> i32 {
        7 * s.chars().count() as i32
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn marks_meet_a_rectangle_only_through_its_inside() {
        let r = Rect::new((10, 10), (20, 20));
        assert!(Mark::Segment((0, 15), (30, 15)).meets(&r), "a line across");
        assert!(Mark::Segment((0, 0), (30, 30)).meets(&r), "a diagonal");
        assert!(!Mark::Segment((0, 0), (30, 5)).meets(&r), "a line above");
        assert!(!Mark::Segment((0, 10), (30, 10)).meets(&r), "along the edge");
        assert!(!Mark::Segment((0, 20), (9, 29)).meets(&r), "beside a corner");
        assert!(Mark::Segment((12, 12), (13, 13)).meets(&r), "wholly inside");
        assert!(Mark::Area(Rect::new((15, 0), (16, 12))).meets(&r));
        assert!(!Mark::Area(Rect::new((20, 0), (30, 30))).meets(&r), "touching");
        assert!(Mark::Area(Rect::new((15, 0), (15, 30))).meets(&r), "a zero-width bar");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_legend_takes_the_first_free_corner_or_none() {
        let plot = Rect::new((0, 0), (300, 200));
        let size = (80, 40);
        // A line rising to the upper right: the upper left is free.
        let rising = [Mark::Segment((0, 200), (300, 0))];
        let at = free_corner(plot, size, 6, 2, &rising).expect("a free corner");
        assert_eq!((at.x0, at.y0), (6, 6));
        assert!(!rising.iter().any(|m| m.meets(&at)));
        // Nothing drawn: the upper right.
        assert_eq!(free_corner(plot, size, 6, 2, &[]).map(|r| (r.x0, r.y0)), Some((214, 6)));
        // Bars over the whole width up to near the top: no corner is free.
        let bars: Vec<Mark> = (0..10).map(|i| Mark::Area(Rect::new((30 * i, 20), (30 * i + 20, 200)))).collect();
        assert_eq!(free_corner(plot, size, 6, 2, &bars), None);
        // A legend larger than the plot.
        assert_eq!(free_corner(plot, (400, 10), 6, 2, &[]), None);
        // A horizontal reference line through the top corners: a bottom corner.
        let reference = [Mark::Segment((0, 20), (300, 20))];
        assert_eq!(free_corner(plot, size, 6, 2, &reference).map(|r| (r.x0, r.y0)), Some((214, 154)));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn entries_flow_into_lines() {
        assert_eq!(flow(&[40, 40, 40], 10, 100), vec![0..2, 2..3]);
        assert_eq!(flow(&[150, 20], 10, 100), vec![0..1, 1..2]);
        assert_eq!(flow(&[20, 20], 10, 50), vec![0..2]);
        assert!(flow(&[], 10, 100).is_empty());
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn text_is_shortened_and_wrapped_to_a_width() {
        let mut m = measure;
        assert_eq!(truncate("short", 100, &mut m), "short");
        let cut = truncate("a rather long label", 70, &mut m);
        assert_eq!(cut, "a rather…");
        assert!(measure(&cut) <= 70);
        assert_eq!(truncate("abc", 3, &mut m), "…");
        let title = "Total wait per organization: each algorithm against the fair wait";
        let lines = wrap(title, 200, 3, &mut m);
        assert!(lines.len() > 1 && lines.iter().all(|l| measure(l) <= 200), "{lines:?}");
        assert_eq!(lines.join(" "), title);
        let two = wrap(title, 200, 2, &mut m);
        assert_eq!(two.len(), 2);
        assert!(two[1].ends_with('…') && measure(&two[1]) <= 200, "{two:?}");
        assert_eq!(wrap("one", 200, 3, &mut m), vec!["one"]);
        assert!(wrap("", 200, 3, &mut m).is_empty());
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn tick_labels_are_thinned_until_they_do_not_run_together() {
        // Labels "100000" (42 px) every 300 / (n − 1) px along 300 px.
        let labels = |n: usize| -> Vec<(i32, i32)> {
            (0..n).map(|k| ((300 * k / (n.max(2) - 1)) as i32, measure("100000"))).collect()
        };
        let n = fit_count(11, 6, labels);
        assert_eq!(n, 7);
        assert!(spaced(&labels(n), 6) && !spaced(&labels(n + 1), 6));
        assert_eq!(fit_count(3, 6, |_| vec![(0, 50), (10, 50)]), 1);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn category_labels_are_shortened_then_thinned() {
        // Room for all: every label, whole.
        assert_eq!(category_labels(5, 60.0, 40, 6, 24), (1, 40));
        // Slots of 40 px for 84 px names: every label, shortened to 34 px.
        assert_eq!(category_labels(5, 40.0, 84, 6, 24), (1, 34));
        // 20 players in slots of 15 px: every second label.
        let (step, width) = category_labels(20, 15.0, 21, 6, 24);
        assert_eq!((step, width), (2, 21));
        // Hundreds of slots of a pixel: a label every 30 or so.
        let (step, width) = category_labels(500, 1.0, 21, 6, 24);
        assert!(step >= 27 && width == 21, "{step} {width}");
    }
}
