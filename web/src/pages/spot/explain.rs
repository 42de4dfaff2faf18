//! What the numbers mean, beside them; and the paper's experiments under both readings of `m`
//! (the numbers of BENCHMARKS.md, with the paper's beside them).

use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[component]
pub fn Explanations() -> Html {
    use_lang();
    html! {
        <details class="explanation spot-explain" id="spot-explain" open=true>
            <summary>{ t("spot-explain-summary") }</summary>
            <h2>{ t("spot-explain-choice-title") }</h2>
            <p>{ t("spot-explain-choice") }</p>
            <p id="spot-tie-note">{ t("spot-explain-ties") }</p>
            <h2>{ t("spot-explain-families-title") }</h2>
            <p>{ t("spot-explain-families") }</p>
            <h2>{ t("spot-explain-bids-title") }</h2>
            <p>{ t("spot-explain-bids") }</p>
            <h2>{ t("spot-explain-delay-title") }</h2>
            <p>{ t("spot-explain-delay") }</p>
            <p id="spot-auto-delay-note">{ t("spot-explain-auto-delay") }</p>
            <h2>{ t("spot-explain-m-title") }</h2>
            <p>{ t("spot-explain-m") }</p>
            <div class="scroll" tabindex="0" role="region" aria-label={t("spot-readings-label")}>
            <table class="results-table" id="spot-readings">
                <thead><tr><th>{ t("spot-readings-experiment") }</th><th>{ t("spot-readings-paper") }</th><th>{ t("spot-readings-hours") }</th><th>{ t("spot-readings-slots") }</th></tr></thead>
                <tbody>
                    <tr><td>{ t("spot-readings-1") }</td><td>{ t("spot-readings-1-paper") }</td>
                        <td>{ t("spot-readings-1-hours") }</td>
                        <td>{ t("spot-readings-1-slots") }</td></tr>
                    <tr><td>{ t("spot-readings-2") }</td><td>{ t("spot-readings-2-paper") }</td>
                        <td>{ t("spot-readings-2-hours") }</td>
                        <td>{ t("spot-readings-2-slots") }</td></tr>
                    <tr><td>{ t("spot-readings-3") }</td><td>{ t("spot-readings-3-paper") }</td>
                        <td>{ t("spot-readings-3-hours") }</td>
                        <td>{ t("spot-readings-3-slots") }</td></tr>
                    <tr><td>{ t("spot-readings-4") }</td><td>{ t("spot-readings-4-paper") }</td>
                        <td>{ t("spot-readings-4-hours") }</td>
                        <td>{ t("spot-readings-4-slots") }</td></tr>
                    <tr><td>{ t("spot-readings-real") }</td><td>{ t("spot-readings-real-paper") }</td>
                        <td>{ t("spot-readings-real-hours") }</td>
                        <td>{ t("spot-readings-real-slots") }</td></tr>
                </tbody>
            </table>
            </div>
            <h2>{ t("spot-explain-regret-title") }</h2>
            <p>{ t("spot-explain-regret") }</p>
            <h2>{ t("spot-explain-bound-title") }</h2>
            <p>{ t("spot-explain-bound") }</p>
            <h2 translate="no">{ "payoff_scale" }</h2>
            <p>{ t("spot-explain-scale") }</p>
        </details>
    }
}
