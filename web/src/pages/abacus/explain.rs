//! What the numbers mean, beside them.

use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[component]
pub fn Explanations() -> Html {
    use_lang();
    html! {
        <aside class="explanation">
            <h2>{ t("abacus-explain-alpha") }</h2>
            <p>{ t("abacus-explain-alpha-text") }</p>
            <h2>{ t("abacus-explain-split") }</h2>
            <p>{ t("abacus-explain-split-text") }</p>
            <p class="math" translate="no">{ "b′_ij = b_i · h_ij / Σ_k h_ik,   h_ij = (∂u_i/∂s_ij) · s_ij · (1 − s_ij)" }</p>
            <h2>{ t("abacus-explain-incentive") }</h2>
            <p>{ t("abacus-explain-incentive-text") }</p>
            <h2>{ t("abacus-explain-scheduler") }</h2>
            <p>{ t("abacus-explain-scheduler-text") }</p>
        </aside>
    }
}
