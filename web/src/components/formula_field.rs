//! The input of a rule written as a formula (a utility, a unit price, a bid, a priority), the same
//! at every extension point: it keeps the user's text, and while the scenario has a problem at
//! its pointer it is `aria-invalid` and shows, under the input and tied to it by
//! `aria-describedby`, the formula with the offending character marked
//! (`<mark class="formula-error-at">`, at the line:column the core's message starts with:
//! `at 1:5: unknown variable …`) and the problem in the page's words. The page validates on every
//! keystroke, so the mark follows the typing.

use yew::prelude::*;

use super::field_errors::{message_id, render_error, use_own_errors, FieldError};

/// Where a formula's error is: line and column, from 1, in characters — the core's
/// `FormulaError` as its message begins (`at 2:7: …`); `None` for a message without a position.
pub fn error_position(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix("at ")?;
    let (place, _) = rest.split_once(": ")?;
    let (line, column) = place.split_once(':')?;
    let (line, column) = (line.parse().ok()?, column.parse().ok()?);
    (line >= 1 && column >= 1).then_some((line, column))
}

/// `source` cut around the character at `line:column`: the text before it, the character (`None`
/// past the end of its line: the formula ends too early, so the mark is an empty place), and the
/// text after it. A position outside the text marks its end.
pub fn split_at_position(source: &str, line: usize, column: usize) -> (String, Option<char>, String) {
    // Byte offset of the line's start.
    let start = source.split_inclusive('\n').take(line - 1).map(str::len).sum::<usize>().min(source.len());
    let this_line = source[start..].split('\n').next().unwrap_or("");
    match this_line.char_indices().nth(column - 1) {
        Some((at, c)) => {
            let at = start + at;
            (source[..at].to_string(), Some(c), source[at + c.len_utf8()..].to_string())
        }
        None => {
            let end = start + this_line.len();
            (source[..end].to_string(), None, source[end..].to_string())
        }
    }
}

/// The first of `errors` with a position: that position.
fn first_position(errors: &[FieldError]) -> Option<(usize, usize)> {
    errors.iter().find_map(|e| error_position(&e.message))
}

#[derive(Properties, PartialEq)]
pub struct FormulaFieldProps {
    /// The formula in the scenario.
    pub value: AttrValue,
    pub onchange: Callback<String>,
    pub id: AttrValue,
    /// The JSON pointer of the formula in the scenario document (its problems are shown here;
    /// `data-pointer` lets exercises lock it).
    pub pointer: AttrValue,
    pub label: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub disabled: bool,
}

/// A formula's input, with its problem marked at its position.
#[component]
pub fn FormulaField(props: &FormulaFieldProps) -> Html {
    let text = use_state(|| props.value.to_string());
    {
        // Follow outside changes (an import, an undo, "show as formula").
        let text = text.clone();
        use_effect_with(props.value.clone(), move |value| {
            if **text != **value {
                text.set(value.to_string());
            }
        });
    }
    let mine = use_own_errors(Some(props.pointer.to_string()));
    let oninput = {
        let (text, onchange) = (text.clone(), props.onchange.clone());
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            onchange.emit(value.clone());
            text.set(value);
        })
    };
    let invalid = !mine.is_empty();
    let described = invalid.then(|| message_id(&props.pointer));
    // The problems are the scenario's: they are marked in the scenario's text.
    let marked = first_position(&mine).map(|(line, column)| {
        let (before, at, after) = split_at_position(&props.value, line, column);
        let (at, end) = match at {
            Some(c) => (c.to_string(), false),
            None => ("\u{a0}".to_string(), true),
        };
        html! {
            <code class="formula-source" data-at={format!("{line}:{column}")}>
                { before }<mark class={classes!("formula-error-at", end.then_some("formula-error-end"))}>{ at }</mark>{ after }
            </code>
        }
    });
    let class = classes!("formula", props.class.clone(), invalid.then_some("invalid"));
    html! {
        <>
            <input type="text" id={props.id.clone()} {class} value={(*text).clone()} {oninput} spellcheck="false" autocomplete="off"
                disabled={props.disabled} aria-label={props.label.clone()} data-pointer={props.pointer.clone()}
                aria-invalid={invalid.to_string()} aria-describedby={described.clone()} />
            if let Some(id) = described {
                <span class="field-problem formula-problem" {id} role="alert">
                    { for marked }
                    { for mine.iter().map(render_error) }
                </span>
            }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_position_is_read_from_the_cores_message() {
        assert_eq!(error_position("at 1:5: unknown variable \"x\""), Some((1, 5)));
        assert_eq!(error_position("at 12:30: expected a number"), Some((12, 30)));
        for none in ["must be > 0", "at most 16 parameters", "at 0:3: x", "at 1:x: y", "at 1:2 no colon", "x at 1:2: y"]
        {
            assert_eq!(error_position(none), None, "{none:?}");
        }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_marked_character_is_the_one_at_line_and_column() {
        let cut = |s, l, c| split_at_position(s, l, c);
        assert_eq!(cut("2*map + x", 1, 9), ("2*map + ".into(), Some('x'), String::new()));
        assert_eq!(cut("2*map + x", 1, 1), (String::new(), Some('2'), "*map + x".into()));
        // Columns count characters, not bytes.
        assert_eq!(cut("σ + ψ", 1, 5), ("σ + ".into(), Some('ψ'), String::new()));
        // Past the end: an empty place at the end of the line.
        assert_eq!(cut("min(a,", 1, 7), ("min(a,".into(), None, String::new()));
        assert_eq!(cut("a +\nb * ?", 2, 5), ("a +\nb * ".into(), Some('?'), String::new()));
        assert_eq!(cut("a +\nb", 1, 9), ("a +".into(), None, "\nb".into()));
        assert_eq!(cut("a", 5, 1), ("a".into(), None, String::new()));
    }

    /// The core's errors, read back: the marked character is where the core says.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_core_error_marks_its_token() {
        use cloudecon::formula::{Formula, Type};
        for (source, marked) in [("2*map + bogus", Some('b')), ("min(map, ", None), ("map $ 2", Some('$'))] {
            let e = Formula::compile(source, &["map"], Type::Number).expect_err(source);
            let (line, column) = error_position(&e.to_string()).expect("a position");
            assert_eq!(split_at_position(source, line, column).1, marked, "{source}: {e}");
        }
    }
}
