//! Text forms of the document's ranges of whole numbers (`[low, high]`, typed "1–5", "1-5",
//! "1, 5", or one number for both), read back only when they parse.

use std::fmt::Display;
use std::str::FromStr;

use crate::components::Parsed;
use crate::i18n::t;

/// `[low, high]` of whole numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span<T>(pub [T; 2]);

impl<T: FromStr + Display + Copy + PartialEq + 'static> Parsed for Span<T> {
    const CLASS: &'static str = "range";
    fn problem(_text: &str) -> String {
        t("cloudshare-range-problem")
    }
    fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        let one = |s: &str| s.trim().parse::<T>().ok();
        match t.split_once(['–', '—', ',', '-']) {
            Some((a, b)) => Some(Span([one(a)?, one(b)?])),
            None => one(t).map(|x| Span([x, x])),
        }
    }
    fn show(&self) -> String {
        if self.0[0] == self.0[1] {
            self.0[0].to_string()
        } else {
            format!("{}–{}", self.0[0], self.0[1])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn spans_read_back() {
        assert_eq!(Span::<u64>::parse("1–5"), Some(Span([1, 5])));
        assert_eq!(Span::<u64>::parse(" 2 - 3 "), Some(Span([2, 3])));
        assert_eq!(Span::<u32>::parse("4"), Some(Span([4, 4])));
        assert_eq!(Span::<u32>::parse("1.5–2"), None);
        assert_eq!(Span::<u64>::parse(&Span([1u64, 9]).show()), Some(Span([1, 9])));
    }
}
