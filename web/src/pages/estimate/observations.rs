//! The observations editor: one row per finished job (its average shares and measured utility),
//! paged; CSV import and export; the true weights to compare the fit with.

use cloudecon::abacus::estimate::Observation;
use cloudecon::abacus::observe::{observations_from_csv, observations_to_csv};
use yew::prelude::*;

use super::state::Action;
use crate::components::{use_page, FileImport, NumberField};
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;
use crate::t;

/// Rows of the observations table shown at once.
const ROWS_PER_PAGE: usize = 50;

#[derive(Properties, PartialEq)]
pub struct ObservationsProps {
    pub observations: Vec<Observation>,
    pub true_weights: Option<Vec<f64>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn ObservationsEditor(props: &ObservationsProps) -> Html {
    use_lang();
    let errors = use_errors();
    let d = &props.dispatch;
    let obs = &props.observations;
    let m = obs.first().map_or(0, |o| o.shares.len());
    let page = use_page(obs.len(), ROWS_PER_PAGE, "observations-pager");
    let oncsv = {
        let (d, errors) = (d.clone(), errors.clone());
        Callback::from(move |text: String| match observations_from_csv(&text) {
            Ok(rows) => d.emit(Action::Observations(rows)),
            Err(e) => {
                let message = crate::said!("abacus-estimate-csv-error", error = e);
                match &errors {
                    Some(errors) => errors.report(message),
                    None => web_sys::console::error_1(&message.show().into()),
                }
            }
        })
    };
    let onexport = {
        let obs = obs.clone();
        Callback::from(move |_: MouseEvent| {
            if let (Err(e), Some(errors)) =
                (files::download("observations.csv", "text/csv", &observations_to_csv(&obs)), &errors)
            {
                errors.report(e);
            }
        })
    };
    html! {
        <fieldset class="observations">
            <legend>{ t!("abacus-estimate-observations", count = obs.len().to_string()) }</legend>
            <div class="scroll">
            <table id="observations-table">
                <thead><tr>
                    { for (0..m).map(|j| html! { <th><span translate="no">{ format!("s̄{}", j + 1) }</span>{ " " }
                        <button class="remove" data-pointer="/observations" onclick={d.reform(move |_: MouseEvent| Action::RemoveResource(j))} disabled={m <= 1} title={t("abacus-resource-remove-title")}
                            aria-label={t!("abacus-estimate-remove-resource", n = (j + 1).to_string())}>{ "−" }</button></th> }) }
                    <th>{ t("abacus-results-utility") }</th><th></th>
                </tr></thead>
                <tbody>
                { for obs.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(l, o)| html! {
                    <tr key={l} data-observation={l.to_string()}>
                        { for o.shares.iter().enumerate().map(|(j, &s)| html! {
                            <td><NumberField pointer={format!("/observations/{l}/shares/{j}")} value={s} onchange={d.reform(move |x: f64| Action::Share(l, j, x))} label={t!("abacus-estimate-share-label", n = (j + 1).to_string(), job = (l + 1).to_string())} /></td>
                        }) }
                        <td><NumberField class="utility" pointer={format!("/observations/{l}/utility")} value={o.utility} onchange={d.reform(move |x: f64| Action::Utility(l, x))} label={t!("abacus-estimate-utility-label", job = (l + 1).to_string())} /></td>
                        <td><button class="remove" data-pointer="/observations" onclick={d.reform(move |_: MouseEvent| Action::RemoveObservation(l))} disabled={obs.len() <= 1} title={t("abacus-job-remove-title")}
                            aria-label={t!("abacus-job-remove", n = (l + 1).to_string())}>{ "−" }</button></td>
                    </tr>
                }) }
                if let Some(w) = &props.true_weights {
                    <tr class="true-weights">
                        { for w.iter().enumerate().map(|(j, &x)| html! {
                            <td><NumberField pointer={format!("/true_weights/{j}")} value={x} onchange={d.reform(move |v: f64| Action::TrueWeight(j, v))} label={t!("abacus-estimate-true-weight-label", n = (j + 1).to_string())} /></td>
                        }) }
                        <td colspan="2">{ t("abacus-estimate-true-weights-row") }</td>
                    </tr>
                }
                </tbody>
            </table>
            </div>
            { page.controls }
            <div class="toolbar">
                <button id="add-observation" data-pointer="/observations" onclick={d.reform(|_: MouseEvent| Action::AddObservation)}>{ t("abacus-job-add") }</button>
                <button data-pointer="/observations" onclick={d.reform(|_: MouseEvent| Action::AddResource)}>{ t("abacus-resource-add") }</button>
                <label class="check"><input type="checkbox" data-pointer="/true_weights" checked={props.true_weights.is_some()}
                    onchange={d.reform(|e: Event| Action::TrueWeights(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />{ t("abacus-estimate-compare") }</label>
            </div>
            <div class="toolbar">
                <FileImport id="import-csv" label={t("abacus-estimate-import")} accept=".csv,text/csv" onload={oncsv} />
                <button class="secondary" onclick={onexport}>{ t("abacus-estimate-export") }</button>
            </div>
            <p class="hint">{ t("abacus-estimate-csv-hint") }</p>
        </fieldset>
    }
}
