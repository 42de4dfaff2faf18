//! Portable logarithm and power: the same bits natively and in the browser.
//!
//! `f64::ln` and `f64::powf` call the platform's math library (glibc natively, a Rust port in
//! wasm), and those differ in the last bit for some arguments, so a power or log utility, or an α
//! other than 0, ½ and 1, would give the browser and `cloudecon run` results that differ at about
//! 1e-17. Every transcendental function of the mechanisms goes through here instead, to the
//! `libm` crate on every target. (`sqrt` and arithmetic are correctly rounded everywhere.)

/// Natural logarithm.
#[inline]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// `e^x`.
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// `x^y`.
#[inline]
pub fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[cfg(test)]
mod tests {
    #[test]
    fn agrees_with_std_to_an_ulp() {
        for &x in &[1e-12, 0.03, 0.5, 0.999, 1.0, 2.5, 1e6] {
            assert!((super::ln(x) - x.ln()).abs() <= 2.0 * f64::EPSILON * x.ln().abs().max(1.0));
            for &y in &[0.0, 0.3, 0.5, 0.7, 1.0] {
                let (a, b) = (super::pow(x, y), x.powf(y));
                assert!((a - b).abs() <= 2.0 * f64::EPSILON * b.abs(), "{x}^{y}: {a} vs {b}");
            }
        }
    }
}
