//! Choosing the exercise to grade against: its JSON file (dropped or chosen), its link (the `#s=`
//! fragment decoded with the share codec), or one of the exercises shipped with the playground.

use std::rc::Rc;

use cloudecon::exercise::{shipped, ExerciseDocument};
use yew::prelude::*;

use crate::components::{DropZone, LoadedFile};
use crate::services::share::{self, Shared};

/// The exercise being graded, and where it came from (for the page to say).
#[derive(Debug, Clone, PartialEq)]
pub struct Picked {
    pub doc: Rc<ExerciseDocument>,
    pub origin: String,
}

/// The exercise a shared document carries, or why there is none.
fn exercise_of(shared: Shared) -> Result<ExerciseDocument, String> {
    match shared {
        Shared::Exercise(doc) => Ok(doc),
        Shared::Scenario(_) => Err("this is a scenario without an exercise block: give the exercise itself".into()),
    }
}

/// The exercise in an exercise link (a whole address, its fragment, or the fragment's body).
pub fn from_link(link: &str) -> Result<ExerciseDocument, String> {
    let link = link.trim();
    if link.is_empty() {
        return Err("paste the exercise's link first".into());
    }
    let hash = link.split_once('#').map_or(link, |(_, hash)| hash);
    let body = share::fragment_body(hash).ok_or("the link has no exercise in it (no #s= part)")?;
    share::decode(body).map_err(|e| e.to_string()).and_then(exercise_of)
}

/// The exercise in a JSON file's text.
pub fn from_file(text: &str) -> Result<ExerciseDocument, String> {
    share::read_document(text).and_then(exercise_of)
}

/// The shipped exercise with this name.
pub fn from_shipped(name: &str) -> Result<ExerciseDocument, String> {
    let found = shipped::find(name).ok_or_else(|| format!("there is no shipped exercise named {name:?}"))?;
    found.document().map_err(|e| e.to_string())
}

/// The shipped exercises by mechanism: the mechanism's name, then each exercise's name and its
/// menu text (its title and name).
fn shipped_menu() -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let mut groups: Vec<(&'static str, Vec<(&'static str, String)>)> = Vec::new();
    for e in shipped::all() {
        let title = e.document().map(|d| d.exercise.title).unwrap_or_default();
        let text = if title.is_empty() { e.name.to_string() } else { format!("{title} ({})", e.name) };
        match groups.last_mut() {
            Some((mechanism, options)) if *mechanism == e.mechanism.name() => options.push((e.name, text)),
            _ => groups.push((e.mechanism.name(), vec![(e.name, text)])),
        }
    }
    groups
}

#[derive(Properties, PartialEq)]
pub struct ExercisePickerProps {
    /// A new exercise, or the problem with what was given.
    pub onpick: Callback<Result<Picked, String>>,
}

/// The three ways to give the exercise, side by side.
#[component]
pub fn ExercisePicker(props: &ExercisePickerProps) -> Html {
    let link = use_state(String::new);
    let pick = {
        let onpick = props.onpick.clone();
        move |origin: String, doc: Result<ExerciseDocument, String>| {
            onpick.emit(
                doc.map(|doc| Picked { doc: Rc::new(doc), origin: origin.clone() })
                    .map_err(|e| format!("{origin}: {e}")),
            )
        }
    };
    let onfiles = {
        let pick = pick.clone();
        Callback::from(move |files: Vec<LoadedFile>| {
            if let Some(file) = files.into_iter().next() {
                let doc = file.text.and_then(|text| from_file(&text));
                pick(format!("the file {}", file.name), doc);
            }
        })
    };
    let oninput = {
        let link = link.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            link.set(input.value());
        })
    };
    let onsubmit = {
        let (link, pick) = (link.clone(), pick.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            pick("the link".into(), from_link(&link));
        })
    };
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let name = select.value();
        if !name.is_empty() {
            pick(format!("the shipped exercise {name}"), from_shipped(&name));
        }
    });
    let groups = use_memo((), |_| shipped_menu());
    html! {
        <fieldset class="exercise-picker">
            <legend>{ "1. The exercise" }</legend>
            <DropZone id="exercise-file" label="Choose the exercise file…" {onfiles}
                hint="Drop the exercise's JSON file here (the file the teacher mode saves, or cloudecon exercise NAME prints)," />
            <form class="field-row" {onsubmit}>
                <span class="pair">
                    <label for="exercise-link">{ "or paste its link" }</label>
                    <input id="exercise-link" type="text" value={(*link).clone()} {oninput} style="flex: 1; min-width: 0;"
                        placeholder="https://…/abacus#s=…" autocomplete="off" spellcheck="false" />
                </span>
                <button id="open-exercise-link" type="submit">{ "Open the link" }</button>
            </form>
            <div class="field-row">
                <span class="pair">
                    <label for="shipped-exercise">{ "or pick a shipped one" }</label>
                    <select id="shipped-exercise" {onchange}>
                        <option value="" selected=true>{ "Choose a shipped exercise…" }</option>
                        { for groups.iter().map(|(mechanism, options)| html! {
                            <optgroup label={*mechanism}>
                                { for options.iter().map(|(name, text)| html! { <option value={*name}>{ text.clone() }</option> }) }
                            </optgroup>
                        }) }
                    </select>
                </span>
            </div>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn an_exercise_comes_from_its_link_its_file_or_its_name() {
        let shipped = shipped::all();
        let first = shipped.first().expect("the playground ships exercises");
        let doc = from_shipped(first.name).expect("shipped exercises read");
        let url = share::exercise_url("http://127.0.0.1:8080/abacus", &doc);
        assert_eq!(from_link(&url).as_ref(), Ok(&doc));
        assert_eq!(from_link(&format!("  {}  ", &url[url.find('#').unwrap_or(0)..])).as_ref(), Ok(&doc));
        assert_eq!(from_file(&doc.to_json_pretty()), Ok(doc.clone()));
        assert!(from_link("").is_err());
        assert!(from_link("http://x/abacus").unwrap_err().contains("#s="));
        assert!(from_link("http://x/abacus#s=%%%").unwrap_err().contains("damaged"));
        let scenario = share::share_url("http://x/", &doc.scenario);
        assert!(from_link(&scenario).unwrap_err().contains("without an exercise"));
        assert!(from_file("{").is_err());
        assert!(from_shipped("no-such-exercise").is_err());
    }
}
