//! A number input that keeps what the user is typing (e.g. `1.` or `-`) and reports a value only
//! when the text is a finite number; invalid text is marked, never lost.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub value: f64,
    pub onchange: Callback<f64>,
    #[prop_or_default]
    pub disabled: bool,
    #[prop_or_default]
    pub label: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

fn show(x: f64) -> String {
    // Shortest text that reads back as the same f64.
    format!("{x}")
}

#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let text = use_state(|| show(props.value));
    {
        // Follow outside changes unless the text already means this value.
        let text = text.clone();
        use_effect_with(props.value.to_bits(), move |bits| {
            let v = f64::from_bits(*bits);
            if text.trim().parse::<f64>().ok() != Some(v) {
                text.set(show(v));
            }
        });
    }
    let valid = text.trim().parse::<f64>().is_ok_and(f64::is_finite);
    let oninput = {
        let text = text.clone();
        let onchange = props.onchange.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let value = input.value();
            if let Ok(x) = value.trim().parse::<f64>() {
                if x.is_finite() {
                    onchange.emit(x);
                }
            }
            text.set(value);
        })
    };
    let class = classes!("number", props.class.clone(), (!valid).then_some("invalid"));
    // Invalid text says why, and that the last valid value still counts.
    let title = (!valid)
        .then(|| format!("{:?} is not a finite number; {} is used until it is", text.trim(), show(props.value)));
    html! {
        <input type="text" inputmode="decimal" id={props.id.clone()} {class} value={(*text).clone()} {oninput} {title}
            disabled={props.disabled} aria-label={props.label.clone()} aria-invalid={(!valid).to_string()} />
    }
}
