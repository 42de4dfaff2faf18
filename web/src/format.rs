//! Numbers as the pages write them: results and tick labels without rounding residue (a value
//! within 1e-12 of zero is written 0, never −1.39e-17) and percentages without "−0.0".
//!
//! [`tidy`] and [`percent`] are machine text (CSV, JSON, the runner's output, `data-*`
//! attributes). What a reader is shown — results, tables, messages' numbers, chart axes (on the
//! page and in the PNG and SVG downloads) and a chart's table — goes through the browser's
//! `Intl.NumberFormat` in the page's language ([`fixed`], [`whole`], [`decimal`], [`exact`],
//! [`money`], [`percent_shown`], [`scientific`]): no locale data in the wasm. Both languages
//! spoken here write the same digits and decimal point, without grouping, so that the English
//! text stays what it was; a native build (tests) formats with Rust. A test below reads the
//! sources of pages, components, charts, services, hooks and i18n, and fails on a number
//! written for a reader without these.

/// Values at most this far from zero are written as 0: the residue of summing floating-point
/// terms that cancel (a null player's Shapley value, an efficient split's gap).
pub const ZERO: f64 = 1e-12;

/// `x`, or 0 when it is within [`ZERO`] of zero.
pub fn snap(x: f64) -> f64 {
    if x.abs() <= ZERO {
        0.0
    } else {
        x
    }
}

/// A number at most six decimals long, no trailing zeros, scientific for extreme magnitudes; 0
/// for values within [`ZERO`] of zero.
pub fn tidy(y: f64) -> String {
    let y = snap(y);
    if y == 0.0 {
        return "0".into();
    }
    if !y.is_finite() {
        return format!("{y}");
    }
    if !(1e-4..1e6).contains(&y.abs()) {
        return format!("{y:.2e}");
    }
    let s = format!("{y:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `x` per cent with `decimals` decimals; a value that rounds to zero is written without a sign.
pub fn percent(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let unsigned = s.strip_prefix('-').filter(|rest| rest.chars().all(|c| c == '0' || c == '.'));
    format!("{} %", unsigned.unwrap_or(&s))
}

/// `x` with exactly `decimals` decimals, in the page's language (no grouping); a value that
/// rounds to zero is written without a sign.
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = intl(rounded(x, decimals), decimals, decimals).unwrap_or_else(|| format!("{x:.decimals$}"));
    unsigned_zero(s)
}

/// A whole number (a count, a row's position) in the page's language, without grouping.
pub fn whole(n: impl Into<f64>) -> String {
    let n = n.into();
    unsigned_zero(intl(rounded(n, 0), 0, 0).unwrap_or_else(|| format!("{n:.0}")))
}

/// A number as [`tidy`] writes it (at most six decimals, no trailing zeros), in the page's
/// language; extreme magnitudes keep [`tidy`]'s scientific form.
pub fn decimal(y: f64) -> String {
    let y = snap(y);
    if y == 0.0 || !y.is_finite() || !(1e-4..1e6).contains(&y.abs()) {
        return tidy(y);
    }
    intl(rounded(y, 6), 0, 6).map(unsigned_zero).unwrap_or_else(|| tidy(y))
}

/// At most six decimals, no trailing zeros, in the page's language: [`decimal`] without its
/// scientific form for extreme magnitudes (a message's number argument; less code in the phone's
/// bundle, which has no other use for that form).
pub fn short(y: f64) -> String {
    let y = rounded(snap(y), 6);
    intl(y, 0, 6).map(unsigned_zero).unwrap_or_else(|| format!("{}", y + 0.0))
}

/// `x` per cent with `decimals` decimals in the page's language ([`percent`] for a reader).
pub fn percent_shown(x: f64, decimals: usize) -> String {
    crate::t!("components-percent", value = fixed(x, decimals))
}

/// Dollars in the page's language: a whole amount as it is (`1200`), any other to the cent
/// (`12.50`). The currency sign is the message's.
pub fn money(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        whole(x)
    } else {
        fixed(x, 2)
    }
}

/// `x` in full, in the page's language: the shortest digits that read back as the same `f64`
/// (what Rust's `{}` writes; a chart's table holds exactly what is drawn). Below 1e-4 the
/// digits may run past `Intl`'s twenty decimals, so Rust writes them.
pub fn exact(x: f64) -> String {
    if x != 0.0 && (!x.is_finite() || x.abs() < 1e-4) {
        return format!("{x}");
    }
    intl(x, 0, 20).unwrap_or_else(|| format!("{x}"))
}

/// `x` in scientific notation with `decimals` decimals in its mantissa (`1.23e6`, `2.50e-7`),
/// the mantissa and exponent in the page's language.
pub fn scientific(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$e}");
    match s.split_once('e').and_then(|(m, e)| Some((m.parse::<f64>().ok()?, e.parse::<i32>().ok()?))) {
        Some((m, e)) if x.is_finite() => format!("{}e{}", fixed(m, decimals), whole(e)),
        _ => s,
    }
}

/// `x` rounded to `decimals` decimals as Rust rounds it (its exact binary value, an exact tie
/// to even: 2.5 → 2, 1.005 → 1.00), for `Intl` to write: `Intl` would round the shortest
/// decimal form instead (2.5 → 3, 1.005 → 1.01), and a page's digits would differ from the
/// runner's and from before.
fn rounded(x: f64, decimals: usize) -> f64 {
    format!("{x:.decimals$}").parse().unwrap_or(x)
}

/// "-0.0" → "0.0": a value that rounds to zero has no sign.
fn unsigned_zero(s: String) -> String {
    match s.strip_prefix('-').or_else(|| s.strip_prefix('\u{2212}')) {
        Some(rest) if rest.chars().all(|c| !c.is_ascii_digit() || c == '0') => rest.to_string(),
        _ => s,
    }
}

/// `x` through `Intl.NumberFormat` of the current language, with `min`..=`max` decimals and no
/// grouping; `None` outside a browser.
#[cfg(target_arch = "wasm32")]
fn intl(x: f64, min: usize, max: usize) -> Option<String> {
    use std::cell::RefCell;
    use wasm_bindgen::JsValue;

    // The formatters made so far: a few (a language, a handful of precisions), so a list (less
    // code than a map in the phone's budgeted bundle).
    type Key = (&'static str, usize, usize);
    thread_local! {
        static FORMATS: RefCell<Vec<(Key, js_sys::Function)>> = const { RefCell::new(Vec::new()) };
    }
    let tag = match crate::i18n::current() {
        // The pseudo-locale writes English numbers.
        crate::i18n::Lang::Pseudo => "en",
        lang => lang.tag(),
    };
    let format = FORMATS.with(|f| {
        let mut formats = f.borrow_mut();
        if let Some((_, format)) = formats.iter().find(|(key, _)| *key == (tag, min, max)) {
            return Some(format.clone());
        }
        let options = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&options, &JsValue::from_str(k), &v).ok();
        set("useGrouping", JsValue::FALSE)?;
        set("minimumFractionDigits", JsValue::from_f64(min as f64))?;
        set("maximumFractionDigits", JsValue::from_f64(max as f64))?;
        let locales = js_sys::Array::of1(&JsValue::from_str(tag));
        let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
        formats.push(((tag, min, max), format.clone()));
        Some(format)
    })?;
    format.call1(&JsValue::NULL, &JsValue::from_f64(x)).ok()?.as_string()
}

#[cfg(not(target_arch = "wasm32"))]
fn intl(_: f64, _: usize, _: usize) -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn rounding_residue_is_written_as_zero() {
        assert_eq!(tidy(-1.3877787807814457e-17), "0");
        assert_eq!(tidy(1e-12), "0");
        assert_eq!(tidy(-0.0), "0");
        assert_eq!(tidy(2e-12), "2.00e-12");
        assert_eq!(tidy(0.25), "0.25");
        assert_eq!(tidy(-1234567.0), "-1.23e6");
        assert_eq!(tidy(f64::NAN), "NaN");
        assert_eq!(tidy(f64::NEG_INFINITY), "-inf");
        assert_eq!(percent(-1e-15, 1), "0.0 %");
        assert_eq!(percent(-0.04, 1), "0.0 %");
        assert_eq!(percent(-0.05001, 1), "-0.1 %");
        assert_eq!(percent(66.6667, 1), "66.7 %");
    }

    /// What a reader is shown keeps the English digits: no grouping, a point, no "-0".
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn shown_numbers_keep_their_digits() {
        assert_eq!(fixed(1234.56, 1), "1234.6");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-0.05001, 1), "-0.1");
        assert_eq!(whole(12345u32), "12345");
        assert_eq!(decimal(0.25), "0.25");
        assert_eq!(decimal(2.0 / 3.0), "0.666667");
        assert_eq!(decimal(-1.3877787807814457e-17), "0");
        assert_eq!(decimal(-1234567.0), "-1.23e6");
        // Rust's rounding (exact binary value, ties to even), not Intl's.
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(0.125, 2), "0.12");
        assert_eq!(fixed(1.005, 2), "1.00");
        assert_eq!(fixed(1.015, 2), "1.01");
        assert_eq!(whole(62.5), "62");
        assert_eq!(decimal(0.1234565), "0.123456");
        assert_eq!(decimal(0.5000005), "0.5");
        assert_eq!(money(1200.0), "1200");
        assert_eq!(money(12.5), "12.50");
        assert_eq!(money(-0.001), "0.00");
        assert_eq!(exact(2.0 / 3.0), "0.6666666666666666");
        assert_eq!(exact(1e-17), "0.00000000000000001");
        assert_eq!(exact(1e21), "1000000000000000000000");
        assert_eq!(exact(f64::NAN), "NaN");
        assert_eq!(scientific(1234567.0, 2), "1.23e6");
        assert_eq!(scientific(2.5e-7, 2), "2.50e-7");
        assert_eq!(scientific(100.0, 0), "1e2");
        assert_eq!(scientific(0.0, 4), "0.0000e0");
        assert_eq!(scientific(f64::INFINITY, 2), "inf");
    }
}

/// The sources of what a reader sees (pages, components, charts, services, hooks, i18n) write no number with Rust's
/// precision (`{:.2}`, `{:e}`) nor with the machine formatters ([`tidy`], [`percent`]), except
/// at the machine-text sites listed here. The sources are compiled into the test
/// (`web/build.rs`), so it runs in the browser tests too.
#[cfg(test)]
mod shown_through_intl {
    /// `(path under web/src, text)` of every source file of the folders read (`web/build.rs`:
    /// pages, components, charts, services, hooks, i18n).
    const SOURCES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shown_sources.rs"));

    /// Machine text in those sources: `(file under web/src, text on its line, why)`. Each is
    /// needed (an entry that matches nothing fails too).
    const MACHINE: &[(&str, &str, &str)] = &[
        ("components/qr_scanner.rs", "data-ms={format!(\"{per_frame:.1}\")}", "a data attribute, for tests"),
        ("pages/abacus/schedule.rs", "format!(\"{:.11e}\", rate * 60.0).parse()", "rounds a number, read back"),
        // A goal drafted into a teacher's prompt is the exercise's text (saved, then read back
        // by `Precision::round`), not the page's.
        ("components/exercise/precision.rs", "Precision::Fixed(d) => format!(\"{x:.d$}\")", "an exercise's own text"),
        (
            "components/exercise/precision.rs",
            "Precision::Scientific(d) => format!(\"{x:.d$e}\")",
            "an exercise's own text",
        ),
    ];

    fn is_ident(c: char) -> bool {
        c.is_alphanumeric() || c == '_'
    }

    /// Whether `word` occurs in `line` as a whole identifier, followed by `after` (if any).
    fn has_word(line: &str, word: &str, after: &str) -> bool {
        line.match_indices(word).any(|(at, _)| {
            let before = line[..at].chars().next_back();
            let rest = &line[at + word.len()..];
            !before.is_some_and(is_ident) && !rest.chars().next().is_some_and(is_ident) && rest.starts_with(after)
        })
    }

    /// Whether `line` has a format argument with a precision or in scientific notation
    /// (`{x:.2}`, `{:>8.3}`, `{:.d$}`, `{:.2e}`, `{:e}`).
    fn has_precision(line: &str) -> bool {
        line.match_indices('{').any(|(at, _)| {
            let rest = &line[at + 1..];
            let name = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
            let Some(spec) = rest[name..].strip_prefix(':') else { return false };
            spec.find('}').and_then(|end| precise(&spec[..end])).unwrap_or(false)
        })
    }

    /// Whether a format spec (`[[fill]align][sign]['#']['0'][width]['.' precision][type]`) has a
    /// precision or writes scientific notation; `None` when it is no format spec.
    fn precise(spec: &str) -> Option<bool> {
        let align = |c: char| "<^>".contains(c);
        let mut s = spec;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(fill), Some(a)) if align(a) => s = &s[fill.len_utf8() + 1..],
            (Some(a), _) if align(a) => s = &s[1..],
            _ => {}
        }
        s = s.strip_prefix(['+', '-']).unwrap_or(s);
        s = s.strip_prefix('#').unwrap_or(s);
        s = s.strip_prefix('0').unwrap_or(s);
        // A count: digits, or an argument's name followed by `$`.
        let count = |s: &str| -> usize {
            let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
            let ident = s.find(|c: char| !is_ident(c)).unwrap_or(s.len());
            if digits > 0 {
                digits
            } else if ident > 0 && s[ident..].starts_with('$') {
                ident + 1
            } else {
                0
            }
        };
        s = &s[count(s)..];
        let precision = match s.strip_prefix('.') {
            Some(p) if p.starts_with('*') => {
                s = &p[1..];
                true
            }
            Some(p) => {
                let n = count(p);
                if n == 0 {
                    return None;
                }
                s = &p[n..];
                true
            }
            None => false,
        };
        match s {
            "e" | "E" => Some(true),
            "" | "?" | "x?" | "X?" | "o" | "x" | "X" | "p" | "b" => Some(precision),
            _ => None,
        }
    }

    /// The lines of `source` (its `#[cfg(test)] mod` left out) that write a number as machine
    /// text: `(line number, line)`.
    fn machine_lines(source: &str) -> Vec<(usize, &str)> {
        let code = source.split("#[cfg(test)]\nmod ").next().unwrap_or(source);
        (code.lines().enumerate())
            .filter(|(_, line)| !line.trim_start().starts_with("//"))
            .filter(|(_, line)| {
                has_precision(line)
                    || has_word(line, "tidy", "")
                    || has_word(line, "percent", "(")
                    || line.match_indices("format::percent").any(|(at, m)| !line[at + m.len()..].starts_with(is_ident))
                    || (line.trim_start().starts_with("use ")
                        && line.contains("format::")
                        && has_word(line, "percent", ""))
            })
            .map(|(i, line)| (i + 1, line))
            .collect()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_scan_finds_numbers_written_by_rust() {
        let flagged = |s: &str| !machine_lines(s).is_empty();
        assert!(flagged(r#"<td>{ format!("{:.2}", x) }</td>"#));
        assert!(flagged(r#"let s = format!("{x:.4}");"#));
        assert!(flagged(r#"format!("{:>8.3} s", t)"#));
        assert!(flagged(r#"format!("{x:.d$}")"#));
        assert!(flagged(r#"format!("{:.1e}", g)"#));
        assert!(flagged(r#"format!("{:e}", g)"#));
        assert!(flagged("{ tidy(x) }"));
        assert!(flagged("Ticks::Numbers(tidy)"));
        assert!(flagged("{ percent(share, 1) }"));
        assert!(flagged("use crate::format::{percent, snap};"));
        assert!(flagged("crate::format::percent(x, 1)"));
        assert!(!flagged("crate::format::percent_shown(x, 1)"));
        assert!(!flagged(r#"{ fixed(x, 2) }{ percent_shown(x, 1) }{ format!("{id}-table") }"#));
        assert!(!flagged(r#"t!("bench-timing", percent = crate::format::fixed(p, 0)); Foo { a: 1.5 }"#));
        assert!(!flagged(
            r#"<F problems={Rc::clone(&p.problems)} to={Route::AbacusEstimate} value={f64::from(s.n)} />"#
        ));
        assert!(!flagged(r#"format!("{x} {y:?} {:>8} {0:#x}")"#));
        assert!(!flagged("// tidy(x) is machine text"));
        assert!(!flagged("fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() { format!(\"{:.2}\", 1.0); }\n}"));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn numbers_a_reader_sees_go_through_intl() {
        assert!(SOURCES.len() > 100 && SOURCES.iter().any(|(name, _)| *name == "pages/era/bids.rs"));
        let mut used = vec![false; MACHINE.len()];
        let mut bypassing = Vec::new();
        for (name, source) in SOURCES {
            for (n, line) in machine_lines(source) {
                match MACHINE.iter().position(|(file, text, _)| *name == *file && line.contains(text)) {
                    Some(k) => used[k] = true,
                    None => bypassing.push(format!("{name}:{n}: {}", line.trim())),
                }
            }
        }
        assert!(
            bypassing.is_empty(),
            "numbers shown to a reader go through crate::format's Intl formatters (fixed, whole, decimal, exact, \
             money, percent_shown, scientific); machine text (CSV, JSON, data-*) is listed in MACHINE with why:\n{}",
            bypassing.join("\n")
        );
        let unused: Vec<_> = MACHINE.iter().zip(used).filter(|(_, u)| !u).map(|(m, _)| m.0).collect();
        assert!(unused.is_empty(), "MACHINE lists sites that are gone: {unused:?}");
    }
}
