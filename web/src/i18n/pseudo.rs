//! The pseudo-locale's text: English with each ASCII letter accented (still readable, visibly
//! not English), so that a string that skipped the message files stands out. The markers that
//! wrap a whole message are added by `i18n::format`.

use std::borrow::Cow;

/// `text` with its letters accented; Fluent applies it to each text element of a message, never
/// to the arguments (numbers and names stay as they are).
pub fn accent(text: &str) -> Cow<'_, str> {
    const FROM: &str = "abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ";
    const TO: [char; 36] = [
        'á', 'ƀ', 'ç', 'ð', 'é', 'ĝ', 'ĥ', 'î', 'ķ', 'ļ', 'ñ', 'ö', 'ŕ', 'š', 'ţ', 'û', 'ý', 'ž', 'Å', 'Ɓ', 'Ç', 'Ð',
        'É', 'Ĝ', 'Ĥ', 'Î', 'Ķ', 'Ļ', 'Ñ', 'Ö', 'Ŕ', 'Š', 'Ţ', 'Û', 'Ý', 'Ž',
    ];
    if !text.chars().any(|c| FROM.contains(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| FROM.find(c).map_or(c, |k| TO[k])).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn letters_are_accented_and_the_rest_kept() {
        assert_eq!(accent("Run 3 jobs"), "Ŕûñ 3 jöƀš");
        assert_eq!(accent("—42 %"), "—42 %");
    }
}
