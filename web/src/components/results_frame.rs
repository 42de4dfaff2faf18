//! Results that may be out of date: while the page's scenario has problems, or its run is under
//! way, was cancelled or failed, the results shown are those of the previous scenario — dimmed,
//! and labelled so, instead of passing for this one's.

use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct ResultsFrameProps {
    /// The results belong to an earlier scenario than the one on the page.
    pub stale: bool,
    #[prop_or_default]
    pub children: Html,
}

#[component]
pub fn ResultsFrame(props: &ResultsFrameProps) -> Html {
    use_lang();
    html! {
        <div class={classes!("results-frame", props.stale.then_some("stale"))} aria-live="polite">
            if props.stale {
                <p class="stale-note" role="status">{ t("components-stale") }</p>
            }
            { props.children.clone() }
        </div>
    }
}
