//! Numbers as the pages write them: results and tick labels without rounding residue (a value
//! within 1e-12 of zero is written 0, never −1.39e-17) and percentages without "−0.0".
//!
//! [`tidy`] and [`percent`] are machine text (CSV, JSON, the runner's output, chart tables that
//! hold exact values). What a reader is shown goes through the browser's `Intl.NumberFormat` in
//! the page's language ([`fixed`], [`whole`], [`decimal`]): no locale data in the wasm. Both
//! languages spoken here write the same digits and decimal point, without grouping, so that the
//! English text stays what it was; a native build (tests) formats with Rust.

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
    let s = intl(x, decimals, decimals).unwrap_or_else(|| format!("{x:.decimals$}"));
    unsigned_zero(s)
}

/// A whole number (a count, a row's position) in the page's language, without grouping.
pub fn whole(n: impl Into<f64>) -> String {
    let n = n.into();
    intl(n, 0, 0).unwrap_or_else(|| format!("{n:.0}"))
}

/// A number as [`tidy`] writes it (at most six decimals, no trailing zeros), in the page's
/// language; extreme magnitudes keep [`tidy`]'s scientific form.
pub fn decimal(y: f64) -> String {
    let y = snap(y);
    if y == 0.0 || !y.is_finite() || !(1e-4..1e6).contains(&y.abs()) {
        return tidy(y);
    }
    intl(y, 0, 6).map(unsigned_zero).unwrap_or_else(|| tidy(y))
}

/// `x` per cent with `decimals` decimals in the page's language ([`percent`] for a reader).
pub fn percent_shown(x: f64, decimals: usize) -> String {
    crate::t!("components-percent", value = fixed(x, decimals))
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
    use std::collections::HashMap;
    use wasm_bindgen::JsValue;

    thread_local! {
        static FORMATS: RefCell<HashMap<(&'static str, usize, usize), js_sys::Function>> = RefCell::new(HashMap::new());
    }
    let tag = match crate::i18n::current() {
        // The pseudo-locale writes English numbers.
        crate::i18n::Lang::Pseudo => "en",
        lang => lang.tag(),
    };
    let format = FORMATS.with(|f| {
        let mut formats = f.borrow_mut();
        if let Some(format) = formats.get(&(tag, min, max)) {
            return Some(format.clone());
        }
        let options = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&options, &JsValue::from_str(k), &v).ok();
        set("useGrouping", JsValue::FALSE)?;
        set("minimumFractionDigits", JsValue::from_f64(min as f64))?;
        set("maximumFractionDigits", JsValue::from_f64(max as f64))?;
        let locales = js_sys::Array::of1(&JsValue::from_str(tag));
        let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
        formats.insert((tag, min, max), format.clone());
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
    }
}
