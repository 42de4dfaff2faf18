//! The study page (`/study`): a small parameter sweep run here in a background worker, with
//! progress and Cancel, into the same table `cloudecon merge` writes — or a merged table from a
//! cluster dropped on the page — charted metric against parameter with the mean and 95%
//! interval over the seeds. A study outgrowing the page moves to `cloudecon sweep` unchanged: the
//! same base document, the same `--vary` lines, the same table.

mod form;
mod results;

use std::rc::Rc;

use cloudecon::study::Table;
use cloudecon::MechanismKind;
use yew::prelude::*;

use crate::components::{DropZone, FileImport, LoadedFile};
use crate::hooks::{use_errors, TaskState, TaskWorker};
use crate::i18n::{t, use_lang};
use crate::services::storage;
use crate::t;
use crate::worker::{FromWorker, ToWorker};
use form::{Inputs, Problems};
use results::StudyTable;

/// The key the study worker's panics carry (the bench page's is `u32::MAX`, the run channels'
/// count up from 1).
const STUDY_WORKER: u32 = u32::MAX - 1;

/// Where the study run here is: its outcome is the merged table.
type StudyState = TaskState<Table>;

/// The worker's final message: the table.
fn finished(msg: FromWorker) -> Option<(u32, Result<Table, String>)> {
    match msg {
        FromWorker::Studied { id, table } => {
            Some((id, serde_json::from_str::<Table>(&table).map_err(|e| t!("study-unreadable", error = e.to_string()))))
        }
        _ => None,
    }
}

/// The table shown, and where it came from.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    table: Rc<Table>,
    source: String,
}

/// The table kept from the last visit (saved with its source as `{ "source", "table" }`).
fn saved_table() -> Option<Shown> {
    let text = storage::load_study_table()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let table = serde_json::from_value::<Table>(v.get("table")?.clone()).ok()?;
    Some(Shown { table: Rc::new(table), source: v.get("source")?.as_str()?.to_string() })
}

fn save_table(shown: &Shown) -> Result<(), String> {
    let text = serde_json::json!({ "source": shown.source, "table": &*shown.table }).to_string();
    storage::save_study_table(Some(&text))
}

/// The progress bar with Cancel, or how the last study ended.
fn progress(state: &StudyState, oncancel: Callback<MouseEvent>) -> Html {
    let (bar, text) = match state {
        StudyState::Starting => (html! { <progress aria-label={t("study-progress")}></progress> }, t("study-starting")),
        StudyState::Running { done, total } => {
            let fraction = if *total == 0 { 1.0 } else { *done as f64 / *total as f64 };
            let shards = total / 1000;
            (
                html! { <progress max="1" value={fraction.to_string()} aria-label={t("study-progress")}></progress> },
                t!(
                    "study-running-shards",
                    done = (done / 1000).to_string(),
                    shards = shards.to_string(),
                    percent = crate::format::fixed(fraction * 100.0, 0)
                ),
            )
        }
        StudyState::Cancelled => {
            return html! { <div class="run-status cancelled" id="study-status">{ t("study-cancelled") }</div> }
        }
        StudyState::Failed(m) => {
            return html! { <div class="run-status failed" id="study-status" role="alert">{ t!("study-failed", error = m.show()) }</div> }
        }
        StudyState::Idle | StudyState::Done(_) => return Html::default(),
    };
    html! {
        <div class="run-status running" id="study-status">
            { bar }<span>{ " " }{ text }</span>
            <button id="cancel-study" class="cancel" onclick={oncancel}>{ t("study-cancel") }</button>
        </div>
    }
}

/// The text of the input or text area an input event comes from.
fn typed(e: &InputEvent) -> String {
    use wasm_bindgen::JsCast;
    let target = e.target();
    match target.as_ref().and_then(|t| t.dyn_ref::<web_sys::HtmlTextAreaElement>()) {
        Some(area) => area.value(),
        None => {
            target.and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_default()
        }
    }
}

/// A field's problem, under it.
fn problem(id: &'static str, text: &Option<String>) -> Html {
    match text {
        Some(t) => html! { <span class="field-problem" {id} role="alert">{ t.clone() }</span> },
        None => Html::default(),
    }
}

#[component]
pub fn StudyPage() -> Html {
    use_lang();
    let errors = use_errors();
    let inputs = use_state_eq(|| {
        storage::load_study().and_then(|t| serde_json::from_str::<Inputs>(&t).ok()).unwrap_or_default()
    });
    let state = use_state_eq(|| StudyState::Idle);
    let shown = use_state_eq(saved_table);
    let worker = use_memo((), |_| Rc::new(TaskWorker::new(STUDY_WORKER, finished)));
    {
        // Leaving the page closes its worker (a study under way stops with it).
        let worker = Rc::clone(&worker);
        use_effect_with((), move |_| move || worker.close());
    }
    {
        // Every edit is kept across a reload.
        let errors = errors.clone();
        use_effect_with((*inputs).clone(), move |inputs| {
            if let (Err(e), Some(errors)) =
                (storage::save_study(&serde_json::to_string(inputs).unwrap_or_default()), errors)
            {
                errors.report(e);
            }
        });
    }
    {
        // A finished study becomes the table shown (and kept).
        let (shown, errors) = (shown.clone(), errors.clone());
        use_effect_with((*state).clone(), move |s| {
            if let StudyState::Done(table) = s {
                let next = Shown { table: Rc::clone(table), source: t("study-source-here") };
                if let (Err(e), Some(errors)) = (save_table(&next), errors) {
                    errors.report(e);
                }
                shown.set(Some(next));
            }
        });
    }
    // Checked when the form changes, not at every render (a study's progress re-renders the page,
    // and the base document can be a long log).
    let checked = use_memo((*inputs).clone(), Inputs::check);
    let plan = (*checked).as_ref().ok();
    let problems = (*checked).as_ref().err().cloned().unwrap_or_default();
    let edit = |f: fn(&mut Inputs, String)| {
        let inputs = inputs.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = (*inputs).clone();
            f(&mut next, typed(&e));
            inputs.set(next);
        })
    };
    let set_base = {
        let inputs = inputs.clone();
        Callback::from(move |text: String| inputs.set(Inputs { base: text, ..(*inputs).clone() }))
    };
    // The documents the mechanism pages have open, to start from.
    // Read once, when the page opens.
    let open_docs = use_memo((), |_| {
        MechanismKind::ALL
            .iter()
            .filter_map(|&k| storage::load(k).map(|s| (k, form::pretty(&s.to_json()))))
            .collect::<Vec<(MechanismKind, String)>>()
    });
    let onstart_from = {
        let (set_base, docs) = (set_base.clone(), open_docs.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let pick = select.value();
            select.set_value("");
            if pick == "example" {
                set_base.emit(Inputs::default().base);
            } else if let Some((_, doc)) = docs.iter().find(|(k, _)| k.tag() == pick) {
                set_base.emit(doc.clone());
            }
        })
    };
    let busy = state.busy();
    let onrun = {
        let (worker, setter, plan) = (Rc::clone(&worker), state.setter(), plan.cloned());
        Callback::from(move |_: MouseEvent| {
            let Some(plan) = plan.clone() else { return };
            let id = worker.begin(setter.clone());
            setter.set(StudyState::Starting);
            worker.send(ToWorker::Study {
                id,
                worker: worker.key(),
                base: plan.base,
                vary: serde_json::to_string(&plan.vary).unwrap_or_default(),
                metrics: plan.metrics,
            });
        })
    };
    let oncancel = {
        let (worker, setter) = (Rc::clone(&worker), state.setter());
        Callback::from(move |_: MouseEvent| {
            worker.cancel();
            setter.set(StudyState::Cancelled);
        })
    };
    let ondrop = {
        let (shown, errors) = (shown.clone(), errors.clone());
        Callback::from(move |files: Vec<LoadedFile>| {
            let Some(file) = files.into_iter().next() else { return };
            let read = file.text.and_then(|t| Table::read(&t));
            match read {
                Ok(table) => {
                    let next =
                        Shown { table: Rc::new(table), source: t!("study-source-file", name = file.name.clone()) };
                    if let (Err(e), Some(errors)) = (save_table(&next), &errors) {
                        errors.report(e);
                    }
                    shown.set(Some(next));
                }
                Err(e) => {
                    if let Some(errors) = &errors {
                        errors.report(format!("{}: {e}", file.name));
                    }
                }
            }
        })
    };
    let shards = plan.map(|p| p.shards);
    let Problems { base, vary, seeds, metrics } = &problems;
    html! {
        <section class="page study">
            <h1>{ t("study-title") }</h1>
            <p>{ t("study-lead") }{ " " }
               <code>{ "cloudecon merge" }</code>{ " " }{ t("study-lead-end") }</p>
            <div class="columns">
            <fieldset>
                <legend>{ t("study-run-here") }</legend>
                <div class="toolbar study-base-from">
                    <span class="pair">
                        <label for="study-start-from">{ t("study-base") }</label>
                        <select id="study-start-from" onchange={onstart_from}>
                            <option value="" selected=true>{ t("study-start-from") }</option>
                            <option value="example">{ t("study-example") }</option>
                            { for open_docs.iter().map(|(k, _)| html! {
                                <option value={k.tag()}>{ t!("study-open-on", page = t(&format!("study-mechanism-{}", k.tag()))) }</option>
                            }) }
                        </select>
                    </span>
                    <FileImport id="study-import" label={t("study-load")} accept=".json,application/json" onload={set_base} />
                </div>
                <textarea id="study-base" rows="8" aria-label={t("study-base-label")} spellcheck="false"
                    value={inputs.base.clone()} oninput={edit(|i, v| i.base = v)} />
                { problem("study-base-problem", base) }
                <div class="field-row">
                    <label for="study-vary">{ t("study-vary") }</label>
                    <textarea id="study-vary" rows="3" spellcheck="false" value={inputs.vary.clone()} oninput={edit(|i, v| i.vary = v)} />
                </div>
                <p class="hint">{ t("study-vary-hint-list") }{ " " }<code>{ "0.1,0.5,0.9" }</code>
                   { " " }{ t("study-vary-hint-range") }{ " " }<code>{ "FROM:TO:STEP" }</code>{ " " }{ t("study-vary-hint-as") }{ " " }<code>{ "cloudecon sweep --vary" }</code>{ t("study-vary-hint-end") }</p>
                { problem("study-vary-problem", vary) }
                <div class="field-row">
                    <span class="pair">
                        <label for="study-seeds">{ t("study-seeds") }</label>
                        <input id="study-seeds" type="text" inputmode="numeric" value={inputs.seeds.clone()} oninput={edit(|i, v| i.seeds = v)} />
                    </span>
                    <span class="hint">{ t("study-seeds-hint") }</span>
                </div>
                { problem("study-seeds-problem", seeds) }
                <div class="field-row">
                    <span class="pair">
                        <label for="study-metrics">{ t("study-metrics") }</label>
                        <input id="study-metrics" type="text" translate="no" placeholder="/metrics/revenue, …" value={inputs.metrics.clone()} oninput={edit(|i, v| i.metrics = v)} />
                    </span>
                    <span class="hint">{ t("study-metrics-hint") }</span>
                </div>
                { problem("study-metrics-problem", metrics) }
                <button id="run-study" onclick={onrun} disabled={busy || shards.is_none()}>
                    { match (busy, shards) {
                        (true, _) => t("study-running"),
                        (false, Some(n)) => t!("study-run-shards", count = n.to_string()),
                        (false, None) => t("study-run"),
                    } }
                </button>
                { progress(&state, oncancel) }
            </fieldset>
            <fieldset>
                <legend>{ t("study-elsewhere") }</legend>
                <DropZone id="study-drop" label={t("study-drop-label")} accept=".csv,.json,text/csv,application/json"
                    hint={t("study-drop-hint")} onfiles={ondrop} />
            </fieldset>
            </div>
            if let Some(s) = &*shown {
                <StudyTable table={Rc::clone(&s.table)} source={s.source.clone()} />
            }
        </section>
    }
}
