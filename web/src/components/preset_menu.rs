//! A menu of the example scenarios of one mechanism (the core's presets).

use cloudecon::{MechanismKind, Scenario};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PresetMenuProps {
    pub kind: MechanismKind,
    pub onload: Callback<Scenario>,
}

#[component]
pub fn PresetMenu(props: &PresetMenuProps) -> Html {
    let presets: Vec<_> = cloudecon::presets::all().into_iter().filter(|p| p.mechanism == props.kind).collect();
    let names: Vec<&'static str> = presets.iter().map(|p| p.name).collect();
    let onchange = {
        let onload = props.onload.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(p) = cloudecon::presets::find(&select.value()) {
                onload.emit(p.scenario());
            }
            select.set_value("");
        })
    };
    html! {
        <label class="preset-menu">{ "Presets " }
            <select id="presets" {onchange} data-presets={names.join(",")}>
                <option value="" selected=true>{ "Load an example…" }</option>
                { for presets.iter().map(|p| html! { <option value={p.name}>{ p.description }</option> }) }
            </select>
        </label>
    }
}
