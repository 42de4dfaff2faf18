//! What the numbers mean, beside them — including which definitions are reconstructions, what
//! unit pieces do to the paper's example, and Table 1 beside ours.

use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct ExplanationsProps {
    /// Jobs are cut into unit pieces: the note on the paper's example with unit pieces is shown.
    pub split_unit: bool,
}

/// An algorithm's row of Table 1: its name, then three scores per scenario.
type Table1Row = (&'static str, [u32; 3], [u32; 3], [u32; 3]);

/// The paper's Table 1 (scenarios 1 / 2 / 3) and ours (`python3 scripts/cloudshare_scores.py`:
/// 24 windows per log and scenario), per algorithm in the paper's order.
const TABLE1: [Table1Row; 5] = [
    ("ORIG_DIRECT", [3051, 3095, 2110], [32, 34, 35], [46, 58, 68]),
    ("REL_DIRECT", [3840, 3793, 2420], [31, 39, 39], [94, 69, 75]),
    ("SIMPL_DIRECT", [4061, 3955, 2415], [41, 37, 33], [49, 68, 62]),
    ("FAIRSHARE", [3108, 3436, 1621], [40, 56, 24], [30, 45, 19]),
    ("ROUND_ROBIN", [1302, 917, 871], [16, 2, 3], [21, 0, 7]),
];

fn triple(x: &[u32; 3]) -> String {
    format!("{} / {} / {}", x[0], x[1], x[2])
}

#[component]
pub fn Explanations(props: &ExplanationsProps) -> Html {
    use_lang();
    html! {
        <details class="explanation cloudshare-explain" id="cloudshare-explain" open=true>
            <summary>{ t("cloudshare-explain-summary") }</summary>
            <h2>{ t("cloudshare-explain-shapley") }</h2>
            <p>{ t("cloudshare-explain-shapley-text") }</p>
            <p class="math">{ t("cloudshare-explain-formula") }</p>
            <p>{ t("cloudshare-explain-exact") }</p>
            <h2>{ t("cloudshare-explain-unit") }</h2>
            <p>{ t("cloudshare-explain-unit-text") }</p>
            <h2>{ t("cloudshare-explain-direct") }</h2>
            <p>{ t("cloudshare-explain-direct-text") }</p>
            <ul>
                <li>{ t("cloudshare-explain-psi-sp") }</li>
                <li>{ t("cloudshare-explain-psi-rel") }</li>
                <li>{ t("cloudshare-explain-psi-surface") }</li>
            </ul>
            <p class="note" id="cloudshare-reconstruction">{ t("cloudshare-explain-reconstruction") }</p>
            if props.split_unit {
                <p class="note" id="cloudshare-split-note">{ t("cloudshare-explain-split-note") }</p>
            }
            <h2>{ t("cloudshare-explain-baselines") }</h2>
            <p>{ t("cloudshare-explain-baselines-text") }</p>
            <h2>{ t("cloudshare-explain-distributed") }</h2>
            <p id="cloudshare-federation-explain">{ t("cloudshare-explain-distributed-text") }</p>
            <h2>{ t("cloudshare-explain-table1") }</h2>
            <p>{ t("cloudshare-explain-table1-text") }</p>
            <div class="scroll" tabindex="0" role="region" aria-label={t("cloudshare-explain-table1")}>
            <table class="results-table" id="cloudshare-table1">
                <thead><tr><th>{ t("cloudshare-algorithm") }</th><th>{ t("cloudshare-table1-paper") }</th><th>{ t("cloudshare-table1-nasa") }</th><th>{ t("cloudshare-table1-lcg") }</th></tr></thead>
                <tbody>
                { for TABLE1.iter().map(|(name, paper, nasa, lcg)| html! {
                    <tr><td translate="no">{ *name }</td><td>{ triple(paper) }</td><td>{ triple(nasa) }</td><td>{ triple(lcg) }</td></tr>
                }) }
                </tbody>
            </table>
            </div>
        </details>
    }
}
