//! A menu of the example scenarios of one mechanism (the core's presets). It shows the preset the
//! page's document came from (marked "edited" once changed) rather than snapping back to its
//! placeholder; loading one can be undone (see `UndoBar`).

use cloudecon::presets::Preset;
use cloudecon::MechanismKind;
use yew::prelude::*;

use crate::i18n::{t, use_lang};

/// What a preset is, in the page's language: the message `preset-<name>` (each mechanism's
/// area defines its presets'), else the core's English description.
pub fn preset_description(preset: &Preset) -> String {
    let id = format!("preset-{}", preset.name);
    if crate::i18n::has(&id) {
        t(&id)
    } else {
        preset.description.to_string()
    }
}

#[derive(Properties, PartialEq)]
pub struct PresetMenuProps {
    pub kind: MechanismKind,
    /// Loads the preset of this name.
    pub onload: Callback<String>,
    /// The preset the document came from, and whether it was edited since.
    #[prop_or_default]
    pub current: Option<(String, bool)>,
    /// The real data being fetched for a preset (what it is), if any.
    #[prop_or_default]
    pub fetching: Option<String>,
}

#[component]
pub fn PresetMenu(props: &PresetMenuProps) -> Html {
    use_lang();
    let presets: Vec<_> = cloudecon::presets::all().into_iter().filter(|p| p.mechanism == props.kind).collect();
    if presets.is_empty() {
        return Html::default();
    }
    let names: Vec<&'static str> = presets.iter().map(|p| p.name).collect();
    let onchange = {
        let onload = props.onload.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            if cloudecon::presets::find(&value).is_some() {
                onload.emit(value);
            }
        })
    };
    let (current, edited) = match &props.current {
        Some((name, edited)) => (Some(name.as_str()), *edited),
        None => (None, false),
    };
    html! {
        <label class="preset-menu">{ t("components-presets") }{ " " }
            <select id="presets" {onchange} data-presets={names.join(",")}>
                <option value="" selected={current.is_none()} disabled=true>{ t("components-presets-placeholder") }</option>
                { for presets.iter().map(|p| {
                    let selected = current == Some(p.name);
                    let description = preset_description(p);
                    let text = if selected && edited { crate::t!("components-preset-edited", preset = description) } else { description };
                    html! { <option value={p.name} {selected}>{ text }</option> }
                }) }
            </select>
            if let Some(what) = &props.fetching {
                <span class="preset-fetching" role="status">{ " " }{ crate::t!("components-preset-fetching", what = what.clone()) }</span>
            }
        </label>
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{install_in, Lang};
    use crate::pages::bundles::messages::ALL;

    /// Every preset of every mechanism has its message `preset-{name}`: in English the core's
    /// description word for word, in Chinese a translation of it.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_preset_is_described_in_each_language() {
        let presets = cloudecon::presets::all();
        install_in(Lang::ZhCn, ALL);
        let chinese: Vec<String> = presets.iter().map(super::preset_description).collect();
        install_in(Lang::En, ALL);
        for (p, zh) in presets.iter().zip(chinese) {
            assert!(crate::i18n::has(&format!("preset-{}", p.name)), "preset-{} has no message", p.name);
            assert_eq!(super::preset_description(p), p.description, "preset-{}", p.name);
            assert_ne!(zh, p.description, "preset-{} is not translated", p.name);
        }
    }
}
