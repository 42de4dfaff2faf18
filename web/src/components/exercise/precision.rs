//! Numbers in generated words at the precision the page shows them: a goal drafted from a share
//! the page shows as 0.309 says "at least 0.464", not "at least 0.46350000000000002".

/// How many digits a number is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// This many decimals (`0.309`: 3).
    Fixed(usize),
    /// Scientific notation with this many decimals in the mantissa (`1.11e-16`: 2).
    Scientific(usize),
}

impl Precision {
    /// The precision of a number as written in `text` (`"0.309"`, `"1,234.5"`, `"2.10e-3"`), if
    /// it is a number.
    pub fn of_text(text: &str) -> Option<Precision> {
        let t: String = text.trim().chars().filter(|c| !matches!(c, ',' | '$' | ' ' | '\u{a0}')).collect();
        t.parse::<f64>().ok().filter(|x| x.is_finite())?;
        let decimals = |s: &str| s.split_once('.').map_or(0, |(_, d)| d.len());
        Some(match t.split_once(['e', 'E']) {
            Some((mantissa, _)) => Precision::Scientific(decimals(mantissa)),
            None => Precision::Fixed(decimals(&t)),
        })
    }

    /// Three significant digits: what a number the page does not show is written with.
    pub fn for_value(x: f64) -> Precision {
        let a = x.abs();
        if a == 0.0 || !a.is_finite() {
            Precision::Fixed(0)
        } else if !(1e-3..1e6).contains(&a) {
            Precision::Scientific(2)
        } else {
            Precision::Fixed((2 - a.log10().floor() as i64).clamp(0, 6) as usize)
        }
    }

    /// `x` written at this precision.
    pub fn format(self, x: f64) -> String {
        match self {
            Precision::Fixed(d) => format!("{x:.d$}"),
            Precision::Scientific(d) => format!("{x:.d$e}"),
        }
    }

    /// `x` at this precision for a reader, in the page's language (`Intl`, as every number on a
    /// page); [`Precision::format`] is the exercise's own text.
    pub fn shown(self, x: f64) -> String {
        match self {
            Precision::Fixed(d) => crate::format::fixed(x, d),
            Precision::Scientific(d) => crate::format::scientific(x, d),
        }
    }

    /// `x` rounded to what [`Precision::format`] writes.
    pub fn round(self, x: f64) -> f64 {
        self.format(x).parse().unwrap_or(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn numbers_are_written_as_the_page_writes_them() {
        assert_eq!(Precision::of_text("0.309"), Some(Precision::Fixed(3)));
        assert_eq!(Precision::of_text(" 12 "), Some(Precision::Fixed(0)));
        assert_eq!(Precision::of_text("1,234.50"), Some(Precision::Fixed(2)));
        assert_eq!(Precision::of_text("1.11e-16"), Some(Precision::Scientific(2)));
        assert_eq!(Precision::of_text("—"), None);
        let p = Precision::Fixed(3);
        assert_eq!(p.format(0.309_06 * 1.5), "0.464");
        assert_eq!(p.round(0.309_06 * 1.5), 0.464);
        assert_eq!(Precision::for_value(0.463_59).format(0.463_59), "0.464");
        assert_eq!(Precision::for_value(1234.6).format(1234.6), "1235");
        assert_eq!(Precision::for_value(2.5e-7).format(2.5e-7), "2.50e-7");
        assert_eq!(Precision::for_value(0.0).format(0.0), "0");
    }
}
