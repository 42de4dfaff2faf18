//! Choosing the exercise to grade against: its JSON file (dropped or chosen), its link (the `#s=`
//! fragment decoded with the share codec), or one of the exercises shipped with the playground.

use std::rc::Rc;

use cloudecon::exercise::{shipped, ExerciseDocument};
use yew::prelude::*;

use crate::components::{DropZone, LoadedFile};
use crate::i18n::{t, use_lang, Text};
use crate::said;
use crate::services::share::{self, Shared};

/// The exercise being graded, and where it came from (for the page to say).
#[derive(Debug, Clone, PartialEq)]
pub struct Picked {
    pub doc: Rc<ExerciseDocument>,
    /// Said when shown (the reader may switch language meanwhile).
    pub origin: Text,
}

/// The exercise a shared document carries, or why there is none.
fn exercise_of(shared: Shared) -> Result<ExerciseDocument, Text> {
    match shared {
        Shared::Exercise(doc) => Ok(doc),
        Shared::Scenario(_) => Err(said!("classroom-scenario-not-exercise")),
    }
}

/// The exercise in an exercise link (a whole address, its fragment, or the fragment's body).
pub fn from_link(link: &str) -> Result<ExerciseDocument, Text> {
    let link = link.trim();
    if link.is_empty() {
        return Err(said!("classroom-paste-link-first"));
    }
    let hash = link.split_once('#').map_or(link, |(_, hash)| hash);
    let body = share::fragment_body(hash).ok_or_else(|| said!("classroom-link-no-exercise"))?;
    share::decode(body).map_err(|e| share::error_text(&e)).and_then(exercise_of)
}

/// The exercise in a JSON file's text.
pub fn from_file(text: &str) -> Result<ExerciseDocument, Text> {
    share::read_document(text).map_err(Text::from).and_then(exercise_of)
}

/// The shipped exercise with this name, in the reader's language where it is translated (a
/// translation's full name, `era-quotes.zh-CN`, opens that one).
pub fn from_shipped(name: &str) -> Result<ExerciseDocument, Text> {
    let lang = crate::i18n::current();
    let found = (shipped::find_in(name, lang.tag()))
        .ok_or_else(|| said!("classroom-no-shipped", name = format!("{name:?}")))?;
    found.document().map_err(Text::from)
}

/// The shipped exercises by mechanism, each in the reader's language where it is translated: the
/// mechanism's name, then each exercise's name and its menu text (its title and name).
fn shipped_menu(lang: &str) -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let mut groups: Vec<(&'static str, Vec<(&'static str, String)>)> = Vec::new();
    for e in shipped::all_in(lang) {
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
    pub onpick: Callback<Result<Picked, Text>>,
}

/// The three ways to give the exercise, side by side.
#[component]
pub fn ExercisePicker(props: &ExercisePickerProps) -> Html {
    let lang = use_lang();
    let link = use_state(String::new);
    let pick = {
        let onpick = props.onpick.clone();
        move |origin: Text, doc: Result<ExerciseDocument, Text>| {
            onpick.emit(
                doc.map(|doc| Picked { doc: Rc::new(doc), origin: origin.clone() })
                    .map_err(|e| said!("classroom-problem-in", origin = origin, problem = e)),
            )
        }
    };
    let onfiles = {
        let pick = pick.clone();
        Callback::from(move |files: Vec<LoadedFile>| {
            if let Some(file) = files.into_iter().next() {
                let doc = file.text.map_err(Text::from).and_then(|text| from_file(&text));
                pick(said!("classroom-origin-file", name = file.name.clone()), doc);
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
            pick(said!("classroom-origin-link"), from_link(&link));
        })
    };
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let name = select.value();
        if !name.is_empty() {
            pick(said!("classroom-origin-shipped", name = name.clone()), from_shipped(&name));
        }
    });
    let groups = use_memo(lang, |lang| shipped_menu(lang.tag()));
    html! {
        <fieldset class="exercise-picker">
            <legend>{ t("classroom-exercise") }</legend>
            <DropZone id="exercise-file" label={t("classroom-choose-exercise-file")} {onfiles}
                hint={t("classroom-drop-exercise-file")} />
            <form class="field-row" {onsubmit}>
                <span class="pair">
                    <label for="exercise-link">{ t("classroom-paste-link") }</label>
                    <input id="exercise-link" type="text" translate="no" value={(*link).clone()} {oninput} style="flex: 1; min-width: 0;"
                        placeholder="https://…/abacus#s=…" autocomplete="off" spellcheck="false" />
                </span>
                <button id="open-exercise-link" type="submit">{ t("classroom-open-link") }</button>
            </form>
            <div class="field-row">
                <span class="pair">
                    <label for="shipped-exercise">{ t("classroom-pick-shipped") }</label>
                    <select id="shipped-exercise" {onchange}>
                        <option value="" selected=true>{ t("classroom-choose-shipped") }</option>
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
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::TOOLS);
        let shipped = shipped::all();
        let first = shipped.first().expect("the playground ships exercises");
        let doc = from_shipped(first.name).expect("shipped exercises read");
        let url = share::exercise_url("http://127.0.0.1:8080/abacus", &doc);
        assert_eq!(from_link(&url).as_ref(), Ok(&doc));
        assert_eq!(from_link(&format!("  {}  ", &url[url.find('#').unwrap_or(0)..])).as_ref(), Ok(&doc));
        assert_eq!(from_file(&doc.to_json_pretty()), Ok(doc.clone()));
        assert!(from_link("").is_err());
        assert!(from_link("http://x/abacus").unwrap_err().show().contains("#s="));
        assert!(from_link("http://x/abacus#s=%%%").unwrap_err().show().contains("damaged"));
        let scenario = share::share_url("http://x/", &doc.scenario);
        assert!(from_link(&scenario).unwrap_err().show().contains("without an exercise"));
        assert!(from_file("{").is_err());
        assert!(from_shipped("no-such-exercise").is_err());
        // Why, kept as data: said again in the language the reader switches to.
        let why = from_file("{").unwrap_err();
        let english = why.show();
        crate::i18n::install_in(crate::i18n::Lang::ZhCn, crate::pages::bundles::messages::TOOLS);
        assert!(why.show() != english && why.show().contains("不是有效的 JSON"), "{}", why.show());
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
    }
}
