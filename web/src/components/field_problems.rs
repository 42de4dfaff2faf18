//! The validation problems of one field, shown next to it: the core's messages for a JSON path
//! (`jobs.generator.count`), or for everything under it (`policies`: `policies[3].sigma` too), in
//! the page's words when the page provides its [`FieldErrors`] — except those that a text field
//! at that pointer shows itself.

use std::rc::Rc;

use cloudecon::Problem;
use yew::prelude::*;

use super::field_errors::{render_error, FieldErrors};
use crate::services::field_names::pointer_of;

#[derive(Properties, PartialEq)]
pub struct FieldProblemsProps {
    /// The scenario's problems (empty when it is valid).
    pub problems: Rc<Vec<Problem>>,
    /// The field's JSON path.
    pub path: AttrValue,
    /// Also the problems of the fields under `path` (`path.x`, `path[i]`).
    #[prop_or_default]
    pub nested: bool,
}

/// Whether a problem at `at` belongs to the field at `path`.
pub fn concerns(at: &str, path: &str, nested: bool) -> bool {
    at == path || (nested && at.strip_prefix(path).is_some_and(|rest| rest.starts_with('.') || rest.starts_with('[')))
}

/// The problems of the field at `path` that no field at their own pointer shows.
fn unshown<'a>(problems: &'a [Problem], path: &str, nested: bool, errors: Option<&FieldErrors>) -> Vec<&'a Problem> {
    let shown_elsewhere = |p: &Problem| errors.is_some_and(|e| e.is_shown(&pointer_of(&p.path)));
    problems.iter().filter(|p| concerns(&p.path, path, nested) && !shown_elsewhere(p)).collect()
}

#[component]
pub fn FieldProblems(props: &FieldProblemsProps) -> Html {
    crate::i18n::use_lang();
    let errors = use_context::<FieldErrors>();
    let mine = unshown(&props.problems, &props.path, props.nested, errors.as_ref());
    {
        // A field placed after this one in the page says whether it shows a problem as it
        // renders, after this one did: look again once the page is drawn, so a problem is shown
        // once (at its field), not also here.
        let again = use_force_update();
        let (problems, path, nested, errors, count) =
            (Rc::clone(&props.problems), props.path.clone(), props.nested, errors.clone(), mine.len());
        use_effect(move || {
            if unshown(&problems, &path, nested, errors.as_ref()).len() != count {
                again.force_update();
            }
        });
    }
    if mine.is_empty() {
        return Html::default();
    }
    let words = |p: &Problem| {
        let pointer = pointer_of(&p.path);
        errors.as_ref().and_then(|e| e.at(&pointer).iter().find(|f| f.path == p.path).cloned())
    };
    html! {
        <span class="field-problem" role="alert" data-path={props.path.clone()}>
            { for mine.iter().map(|p| match words(p) {
                Some(e) => render_error(&e),
                None => {
                    let said = crate::i18n::problem_text(p);
                    let text = if p.path == *props.path {
                        said
                    } else {
                        crate::t!("components-path-problem", path = p.path.clone(), problem = said)
                    };
                    html! { <span class="problem">{ text }</span> }
                }
            }) }
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::concerns;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn problems_belong_to_their_field_and_its_parents() {
        assert!(concerns("slot_minutes", "slot_minutes", false));
        assert!(!concerns("slot_minutes_x", "slot_minutes", true));
        assert!(concerns("policies[3].sigma", "policies", true));
        assert!(!concerns("policies[3].sigma", "policies", false));
        assert!(concerns("jobs.generator.count", "jobs", true));
    }
}
