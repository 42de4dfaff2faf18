//! Inputs that keep what the user is typing (e.g. `1.` or `-`, or a half-written list) and report
//! a value only when the text parses; invalid text is marked and explained next to the field,
//! never lost. A field with a `pointer` also shows the scenario's problems at that pointer (the
//! page's [`FieldErrors`]): `aria-invalid`, and a visible message tied by `aria-describedby`.

use yew::prelude::*;

use super::field_errors::{message_id, render_error, use_own_errors};

/// A value typed as text: how it reads and how it is shown.
pub trait Parsed: Clone + PartialEq + 'static {
    /// The input's class (styles its width).
    const CLASS: &'static str;
    /// The `inputmode` hint for on-screen keyboards.
    const INPUT_MODE: &'static str = "text";
    fn parse(text: &str) -> Option<Self>;
    /// Text that reads back as the same value.
    fn show(&self) -> String;
    /// Why `text` (which does not parse) is not a value, after the text itself, in the page's
    /// language: "is not a finite number" ([`is_not`] with a message). Every type says its own:
    /// there is no English default to fall back on.
    fn problem(text: &str) -> String;
}

/// "is not {expected}", in the page's language.
pub fn is_not(expected: &str) -> String {
    crate::t!("components-field-is-not", expected = expected.to_string())
}

/// A number as people type it: `1.5`, or with a decimal comma, `1,5` (one comma and no point),
/// as the exercises' answers read it.
pub fn decimal(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = if !t.contains('.') && t.matches(',').count() == 1 { t.replace(',', ".") } else { t.to_string() };
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// Why a whole number's text does not read: digits only are too many for the field (a
/// 30-digit number is too large, not "not a whole number").
pub fn whole_problem(text: &str, max: u64, expected: &str) -> String {
    let t = text.trim().trim_start_matches('+');
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        // The limit exactly (a u64 has more digits than an f64 keeps).
        crate::t!("components-field-too-large-max", max = max.to_string())
    } else {
        is_not(expected)
    }
}

impl Parsed for f64 {
    const CLASS: &'static str = "number";
    const INPUT_MODE: &'static str = "decimal";
    fn parse(text: &str) -> Option<Self> {
        decimal(text)
    }
    fn problem(text: &str) -> String {
        // Digits too many for a finite f64 (1e400 reads as infinity).
        if text.trim().parse::<f64>().is_ok_and(f64::is_infinite) {
            crate::i18n::t("components-field-too-large")
        } else {
            is_not(&crate::i18n::t("components-expected-number"))
        }
    }
    fn show(&self) -> String {
        // Shortest text that reads back as the same f64.
        format!("{self}")
    }
}

/// Whole numbers (seeds): every `u64` exactly, with no detour through `f64` (which is exact only
/// up to 2^53).
impl Parsed for u64 {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    fn parse(text: &str) -> Option<Self> {
        text.trim().parse::<u64>().ok()
    }
    fn show(&self) -> String {
        self.to_string()
    }
    fn problem(text: &str) -> String {
        whole_problem(text, u64::MAX, &crate::t!("components-expected-whole", max = u64::MAX.to_string()))
    }
}

/// Whole numbers that fit in 32 bits (counts, slots, hours): "2.5" or "-3" are refused, not
/// rounded or clamped.
impl Parsed for u32 {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    fn parse(text: &str) -> Option<Self> {
        text.trim().parse::<u32>().ok()
    }
    fn show(&self) -> String {
        self.to_string()
    }
    fn problem(text: &str) -> String {
        whole_problem(text, u32::MAX.into(), &crate::t!("components-expected-whole", max = u32::MAX.to_string()))
    }
}

/// Free text (names, ids): every text reads; the field still shows its problems.
impl Parsed for String {
    const CLASS: &'static str = "text";
    fn parse(text: &str) -> Option<Self> {
        Some(text.to_string())
    }
    fn show(&self) -> String {
        self.clone()
    }
    fn problem(_: &str) -> String {
        is_not(&crate::i18n::t("components-expected-text"))
    }
}

#[derive(Properties, PartialEq)]
pub struct ParsedFieldProps<T: Parsed> {
    pub value: T,
    pub onchange: Callback<T>,
    #[prop_or_default]
    pub disabled: bool,
    #[prop_or_default]
    pub label: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// The JSON pointer of the field in the scenario document (`data-pointer`: exercises grey
    /// locked fields and let the teacher lock one by clicking it).
    #[prop_or_default]
    pub pointer: Option<AttrValue>,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
}

/// A text input of a [`Parsed`] value.
#[component]
pub fn ParsedField<T: Parsed>(props: &ParsedFieldProps<T>) -> Html {
    crate::i18n::use_lang();
    let text = use_state(|| props.value.show());
    {
        // Follow outside changes unless the text already means this value.
        let text = text.clone();
        use_effect_with(props.value.clone(), move |value| {
            if T::parse(&text).as_ref() != Some(value) {
                text.set(value.show());
            }
        });
    }
    let valid = T::parse(&text).is_some();
    let pointer = props.pointer.as_ref().map(|p| p.to_string());
    let mine = use_own_errors(pointer.clone());
    let generated = use_state(next_message_id);
    let oninput = {
        let text = text.clone();
        let onchange = props.onchange.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            if let Some(x) = T::parse(&value) {
                onchange.emit(x);
            }
            text.set(value);
        })
    };
    let invalid = !valid || !mine.is_empty();
    let class = classes!(T::CLASS, props.class.clone(), invalid.then_some("invalid"));
    // Invalid text says why, and that the last valid value still counts.
    let unreadable = (!valid).then(|| {
        crate::t!(
            "components-field-unreadable",
            text = text.trim().to_string(),
            problem = T::problem(&text),
            value = props.value.show()
        )
    });
    let described = invalid.then(|| match (&pointer, &props.id) {
        (Some(p), _) => message_id(p),
        (None, Some(id)) => format!("{id}-problem"),
        (None, None) => (*generated).clone(),
    });
    html! {
        <>
            <input type="text" inputmode={T::INPUT_MODE} id={props.id.clone()} {class} value={(*text).clone()} {oninput}
                title={unreadable.clone()} placeholder={props.placeholder.clone()} disabled={props.disabled} aria-label={props.label.clone()}
                data-pointer={props.pointer.clone()} aria-invalid={invalid.to_string()} aria-describedby={described.clone()} />
            if let Some(id) = described {
                <span class="field-problem" {id} role="alert">
                    if let Some(u) = unreadable { <span class="problem">{ u }</span> }
                    { for mine.iter().map(render_error) }
                </span>
            }
        </>
    }
}

/// A fresh id for the message of a field without an id or a pointer.
fn next_message_id() -> String {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    NEXT.with(|n| {
        n.set(n.get() + 1);
        format!("field-problem-{}", n.get())
    })
}

/// A number input.
pub type NumberField = ParsedField<f64>;

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn whole_numbers_are_exact_above_2_pow_53() {
        assert_eq!(<u64 as Parsed>::parse(" 18446744073709551615 "), Some(u64::MAX));
        assert_eq!(<u64 as Parsed>::parse("9007199254740993"), Some((1 << 53) + 1));
        assert_eq!(u64::MAX.show(), "18446744073709551615");
        for bad in ["", "-1", "1.5", "1e3", "18446744073709551616", "x"] {
            assert_eq!(<u64 as Parsed>::parse(bad), None, "{bad:?}");
        }
        assert_eq!(<f64 as Parsed>::parse("inf"), None);
        assert_eq!(<f64 as Parsed>::parse(&0.1f64.show()), Some(0.1));
    }

    /// Issue 38: a decimal comma reads as in the exercises' answers; a number with too many digits
    /// is called too large, not "not a whole number".
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn decimal_commas_read_and_too_many_digits_are_too_large() {
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
        assert_eq!(<f64 as Parsed>::parse("1,5"), Some(1.5));
        assert_eq!(<f64 as Parsed>::parse(" -0,25 "), Some(-0.25));
        assert_eq!(<f64 as Parsed>::parse("1,000.5"), None, "a comma and a point: not a decimal comma");
        assert_eq!(<f64 as Parsed>::parse("1,2,3"), None);
        let thirty = "123456789012345678901234567890";
        assert_eq!(<u64 as Parsed>::parse(thirty), None);
        assert_eq!(<u64 as Parsed>::problem(thirty), "is too large: at most 18446744073709551615");
        assert_eq!(<u32 as Parsed>::problem("4294967296"), "is too large: at most 4294967295");
        assert_eq!(<u32 as Parsed>::problem("2.5"), "is not a whole number from 0 to 4294967295");
        assert_eq!(<f64 as Parsed>::problem(&"9".repeat(400)), "is too large for a number");
    }
}
