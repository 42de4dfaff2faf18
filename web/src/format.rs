//! Numbers as the pages write them: results and tick labels without rounding residue (a value
//! within 1e-12 of zero is written 0, never −1.39e-17) and percentages without "−0.0".

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
}
