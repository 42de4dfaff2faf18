//! Locked fields on the page itself. Every editor control names the scenario field it edits in a
//! `data-pointer` attribute (a JSON pointer); this layer greys the controls an exercise locks (a
//! lock icon, no editing: mouse and keys are stopped before they reach the control, and the
//! reducer refuses any change that gets through) and, in the teacher's pick mode, turns a click
//! on a control into locking or unlocking its field.
//!
//! It works on the page's DOM from the outside — a style sheet of attribute selectors and
//! capture-phase listeners on the document — so no editor has to know about exercises and rows
//! rendered later (another page of a table) are covered too.

use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The closed and the open padlock (inline SVG, no network).
const LOCK: &str = "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='2.5' y='7' width='11' height='8' rx='1.5' fill='%235b6475'/%3E%3Cpath d='M5 7V5a3 3 0 0 1 6 0v2' fill='none' stroke='%235b6475' stroke-width='1.8'/%3E%3C/svg%3E\")";
/// The padlock beside a text (a locked list, a note, a button): drawn, not an emoji, which
/// shows as an empty box where no emoji font is installed.
pub fn lock_icon() -> yew::Html {
    yew::html! { <span class="lock-icon" aria-hidden="true" style={format!("background-image: {LOCK}")}></span> }
}
const OPEN: &str = "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='2.5' y='7' width='11' height='8' rx='1.5' fill='%231f77b4'/%3E%3Cpath d='M5 7V5a3 3 0 0 1 6 0' fill='none' stroke='%231f77b4' stroke-width='1.8'/%3E%3C/svg%3E\")";

/// Whether a control editing `pointer` is locked by one of `locked` (the field itself or a
/// field it is part of).
pub fn is_locked(locked: &[String], pointer: &str) -> bool {
    locked.iter().any(|l| {
        l.is_empty() || pointer == l || pointer.strip_prefix(l.as_str()).is_some_and(|rest| rest.starts_with('/'))
    })
}

/// A CSS string literal of `s`.
pub(super) fn css_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\{:x} ", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The selector of the controls `locked` locks.
fn selector(locked: &[String]) -> String {
    locked
        .iter()
        .map(|l| {
            if l.is_empty() {
                "[data-pointer]".to_string()
            } else {
                format!("[data-pointer={0}], [data-pointer^={1}]", css_string(l), css_string(&format!("{l}/")))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The style sheet: locked controls greyed with a closed padlock; in pick mode every control
/// shows an open padlock to click.
pub fn style_sheet(locked: &[String], picking: bool) -> String {
    let mut css = String::new();
    if picking {
        css.push_str(&format!(
            "[data-pointer] {{ outline: 2px dashed var(--accent); outline-offset: 1px; cursor: pointer !important; \
             background-image: {OPEN} !important; background-repeat: no-repeat !important; \
             background-position: right 3px center !important; background-size: 12px 12px !important; }}\n\
             input[type=text][data-pointer] {{ padding-right: 18px; }}\n"
        ));
    }
    if !locked.is_empty() {
        let sel = selector(locked);
        css.push_str(&format!(
            ":is({sel}) {{ background-color: #eceff1 !important; color: #5b6475 !important; border-color: #b9c0cc !important; \
             cursor: not-allowed !important; background-image: {LOCK} !important; background-repeat: no-repeat !important; \
             background-position: right 3px center !important; background-size: 12px 12px !important; }}\n\
             input[type=text]:is({sel}), textarea:is({sel}) {{ padding-right: 18px; }}\n\
             :is(input[type=checkbox], input[type=range]):is({sel}) {{ opacity: .55; }}\n\
             label:has(> :is(input[type=checkbox], input[type=range]):is({sel}))::after {{ content: \"\"; display: inline-block; \
             width: 12px; height: 12px; margin-left: .3em; vertical-align: -1px; background: {LOCK} no-repeat center / 12px 12px; }}\n"
        ));
        if picking {
            css.push_str(&format!(":is({sel}) {{ outline-style: solid; }}\n"));
        }
    }
    css
}

/// The value of attribute `attr` on the element an event is aimed at or its nearest ancestor
/// having it (`None` elsewhere).
pub(super) fn attribute_of(event: &Event, attr: &str) -> Option<String> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest(&format!("[{attr}]")).ok()??.get_attribute(attr)
}

/// The pointer of the control an event is aimed at (`None` off the editors).
fn pointer_of(event: &Event) -> Option<String> {
    attribute_of(event, "data-pointer")
}

/// Capture-phase listeners on the document for `kinds`, all calling `handler` (they stop with
/// the returned listeners).
pub(super) fn listen(kinds: &[&'static str], handler: impl Fn(&Event) + 'static) -> Vec<EventListener> {
    let handler = Rc::new(handler);
    let options = EventListenerOptions { phase: EventListenerPhase::Capture, passive: false };
    web_sys::window()
        .and_then(|w| w.document())
        .map(|doc| {
            kinds
                .iter()
                .map(|&kind| {
                    let handler = Rc::clone(&handler);
                    EventListener::new_with_options(&doc, kind, options, move |e| handler(e))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Events that leave a locked control as it is: moving on, shortcuts (copy, find, reload: any
/// change they would make arrives as a `beforeinput` or `paste`, which are stopped), and a press
/// in a text box (to select and copy; typing is stopped).
fn passes(event: &Event) -> bool {
    if let Some(k) = event.dyn_ref::<web_sys::KeyboardEvent>() {
        return matches!(k.key().as_str(), "Tab" | "Escape" | "Shift" | "Control" | "Meta" | "Alt")
            || k.ctrl_key()
            || k.meta_key();
    }
    matches!(event.type_().as_str(), "mousedown" | "touchstart")
        && event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|e| {
            e.tag_name().eq_ignore_ascii_case("textarea")
                || e.tag_name().eq_ignore_ascii_case("input") && e.get_attribute("type").is_none_or(|t| t == "text")
        })
}

#[derive(Properties, PartialEq)]
pub struct LockLayerProps {
    /// The locked pointers.
    pub locked: Rc<Vec<String>>,
    /// Stop edits of the locked controls (the student's view; the teacher edits freely).
    #[prop_or_default]
    pub block: bool,
    /// Pick mode: a click (or Enter or Space) on a control toggles the lock of its field.
    #[prop_or_default]
    pub pick: Option<Callback<String>>,
    /// Told the field a stopped edit or a focus was aimed at (to say it is locked).
    #[prop_or_default]
    pub onlocked: Option<Callback<String>>,
}

/// The style sheet and the document's listeners of the page's locks.
#[component]
pub fn LockLayer(props: &LockLayerProps) -> Html {
    {
        let deps = (Rc::clone(&props.locked), props.block, props.pick.clone(), props.onlocked.clone());
        use_effect_with(deps, |(locked, block, pick, onlocked)| {
            let (locked, block, pick, onlocked) = (Rc::clone(locked), *block, pick.clone(), onlocked.clone());
            let handler = move |event: &Event| {
                let Some(pointer) = pointer_of(event) else { return };
                let kind = event.type_();
                if let Some(pick) = &pick {
                    let key = event.dyn_ref::<web_sys::KeyboardEvent>().filter(|k| !k.repeat()).map(|k| k.key());
                    // A click the keyboard made (detail 0, after Space) was already taken as its key.
                    let by_keys = event.dyn_ref::<web_sys::MouseEvent>().is_some_and(|m| m.detail() == 0);
                    match (kind.as_str(), key.as_deref()) {
                        ("click", _) if by_keys => {
                            event.prevent_default();
                            event.stop_propagation();
                        }
                        ("click", _) | ("keydown", Some("Enter" | " ")) => {
                            event.prevent_default();
                            event.stop_propagation();
                            pick.emit(pointer);
                        }
                        // A tap's click follows (and picks).
                        ("focusin" | "touchstart", _) => {}
                        _ if passes(event) => {}
                        _ => {
                            event.prevent_default();
                            event.stop_propagation();
                        }
                    }
                } else if block && is_locked(&locked, &pointer) {
                    let stopped = kind != "focusin" && !passes(event);
                    if stopped {
                        event.prevent_default();
                        event.stop_propagation();
                    }
                    // Said once per gesture: on arriving, on a click, on a key or a paste.
                    let say = kind == "focusin" || stopped && !matches!(kind.as_str(), "mousedown" | "beforeinput");
                    if let (true, Some(told)) = (say, &onlocked) {
                        told.emit(pointer);
                    }
                }
            };
            let listeners = listen(
                &["mousedown", "touchstart", "click", "keydown", "beforeinput", "paste", "drop", "focusin"],
                handler,
            );
            move || drop(listeners)
        });
    }
    let css = style_sheet(&props.locked, props.pick.is_some());
    html! { <style id="exercise-locks">{ css }</style> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_lock_covers_its_field_and_the_fields_inside_it_only() {
        let locked = vec!["/jobs/0".to_string(), "/alpha".to_string()];
        assert!(is_locked(&locked, "/jobs/0"));
        assert!(is_locked(&locked, "/jobs/0/budget"));
        assert!(is_locked(&locked, "/alpha"));
        assert!(!is_locked(&locked, "/jobs/01"), "a sibling whose name starts alike");
        assert!(!is_locked(&locked, "/jobs/1/budget"));
        assert!(!is_locked(&locked, "/jobs"), "the list around a locked job");
        assert!(!is_locked(&locked, "/alphabet"));
        assert!(is_locked(&[String::new()], "/anything"), "the empty pointer is the whole scenario");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_style_sheet_quotes_pointers() {
        let css = style_sheet(&["/a\"b".to_string()], false);
        assert!(css.contains(r#"[data-pointer="/a\"b"], [data-pointer^="/a\"b/"]"#), "{css}");
        assert!(style_sheet(&[], false).is_empty());
        assert!(style_sheet(&[], true).contains("[data-pointer]"));
    }
}
