//! A select of one of a closed set of choices — the form a field takes (jobs from a table, a
//! generator or a log; organizations listed or counted) — named by tags, never by free strings.

use std::rc::Rc;

use cloudecon::Problem;
use yew::prelude::*;

use super::field_problems::FieldProblems;

/// A closed set of choices a [`ChoiceSelect`] offers, in the menu's order.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every choice, in the menu's order.
    const ALL: &'static [Self];
    /// The choice's tag (the option's value; the document's word for it).
    fn tag(self) -> &'static str;
    /// The words the menu shows, in English.
    fn label(self) -> &'static str;
    /// The words the menu shows in the page's language: a page whose choices have messages
    /// returns `t("…")` here; the default is [`Choice::label`].
    fn text(self) -> String {
        self.label().to_string()
    }
    /// The choice of a tag; `None` for a tag of no choice.
    fn from_tag(tag: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.tag() == tag)
    }
}

#[derive(Properties, PartialEq)]
pub struct ChoiceSelectProps<K: Choice> {
    pub value: K,
    pub onchange: Callback<K>,
    pub id: AttrValue,
    /// The JSON pointer of the field the choice replaces (`data-pointer`, see `ParsedField`).
    pub pointer: AttrValue,
    /// The select's accessible name.
    pub label: AttrValue,
}

/// A select of one of `K::ALL`; reports the chosen one (an unknown value is ignored).
#[component]
pub fn ChoiceSelect<K: Choice>(props: &ChoiceSelectProps<K>) -> Html {
    crate::i18n::use_lang();
    let chosen = props.onchange.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(k) = K::from_tag(&e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()) {
            chosen.emit(k);
        }
    });
    html! {
        <select id={props.id.clone()} data-pointer={props.pointer.clone()} {onchange} aria-label={props.label.clone()}>
            { for K::ALL.iter().map(|k| html! { <option value={k.tag()} selected={*k == props.value}>{ k.text() }</option> }) }
        </select>
    }
}

#[derive(Properties, PartialEq)]
pub struct ChoiceFieldsetProps<K: Choice> {
    /// The fieldset's id, also its class (`spot-jobs`).
    pub id: AttrValue,
    pub legend: AttrValue,
    /// The select: its id, the pointer of the field, the choice shown, what a new one becomes,
    /// its accessible name.
    pub select_id: AttrValue,
    pub pointer: AttrValue,
    pub value: K,
    pub onchange: Callback<K>,
    pub label: AttrValue,
    /// The scenario's problems, shown beside the select for the field's JSON `path` (and, with
    /// `nested`, for the fields under it).
    pub problems: Rc<Vec<Problem>>,
    pub path: AttrValue,
    #[prop_or_default]
    pub nested: bool,
    /// The editor of the chosen form.
    #[prop_or_default]
    pub children: Html,
}

/// A field that takes one of several forms: a fieldset with the menu of forms and the field's
/// problems first, then the chosen form's editor.
#[component]
pub fn ChoiceFieldset<K: Choice>(props: &ChoiceFieldsetProps<K>) -> Html {
    crate::i18n::use_lang();
    html! {
        <fieldset class={props.id.clone()} id={props.id.clone()}>
            <legend>{ props.legend.clone() }</legend>
            <div class="field-row">
                <ChoiceSelect<K> id={props.select_id.clone()} pointer={props.pointer.clone()} value={props.value} onchange={props.onchange.clone()} label={props.label.clone()} />
                <FieldProblems problems={Rc::clone(&props.problems)} path={props.path.clone()} nested={props.nested} />
            </div>
            { props.children.clone() }
        </fieldset>
    }
}
