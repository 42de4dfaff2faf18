//! The ERA page: edit a cloud, its bids, the algorithm and the demand predictor; watch the
//! decisions, prices and plan; request a quote; compare the algorithms on the same workload.

mod bids;
mod compare;
mod demand;
mod editors;
mod explain;
mod fields;
mod quote;
mod results;
pub mod state;

use std::rc::Rc;

use cloudecon::era::scenario::{HistorySpec, RequestsSpec};
use cloudecon::RunOutput;
use yew::prelude::*;

use crate::components::{ResultDownloads, ResultsFrame};
use crate::hooks::RunState;
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_page_run, Frame};
use crate::services::engine;
use bids::{BidsEditor, GeneratorEditor};
use compare::CompareAll;
use demand::DemandCurveView;
use editors::{AlgorithmEditor, CloudEditor, PredictorEditor, UsageEditor};
use explain::Explanations;
use quote::QuoteForm;
use results::{DecisionsTable, MetricsTable, RunCharts};
use state::{EraState, Target};

/// Rows of the bids, decisions and explicit-demand tables shown at once.
const ROWS_PER_PAGE: usize = 50;

/// Dollars: whole numbers as they are, others to the cent.
pub(crate) use crate::format::money;

/// A message whose arguments include HTML: each `(argument, html)` is passed as a marker that
/// the formatted text is split on, so a translation can put the elements in its own order.
pub(crate) fn with_elements(id: &str, text_args: &[(&str, String)], elements: Vec<(&'static str, Html)>) -> Html {
    let mut args = crate::i18n::Args::new();
    for (name, value) in text_args {
        args.set(*name, value.clone());
    }
    let markers: Vec<String> = (0..elements.len()).map(|k| format!("\u{E000}{k}\u{E001}")).collect();
    for ((name, _), marker) in elements.iter().zip(&markers) {
        args.set(*name, marker.clone());
    }
    let mut rest = crate::i18n::t_args(id, &args);
    // In the pseudo-locale each piece of the message keeps its markers (the elements split it).
    let piece = |text: &str| -> Html {
        if crate::i18n::current() != crate::i18n::Lang::Pseudo {
            return Html::from(text.to_string());
        }
        let open = if text.starts_with('⟦') { "" } else { "⟦" };
        let close = if text.ends_with('⟧') { "" } else { "⟧" };
        Html::from(format!("{open}{text}{close}"))
    };
    let mut out: Vec<Html> = Vec::new();
    let mut elements: Vec<Option<Html>> = elements.into_iter().map(|(_, h)| Some(h)).collect();
    while let Some((k, at)) = markers
        .iter()
        .enumerate()
        .filter_map(|(k, m)| rest.find(m.as_str()).map(|at| (k, at)))
        .min_by_key(|(_, at)| *at)
    {
        if at > 0 {
            out.push(piece(&rest[..at]));
        }
        out.extend(elements[k].take());
        rest = rest[at + markers[k].len()..].to_string();
    }
    if !rest.is_empty() && rest != "⟧" {
        out.push(piece(&rest));
    }
    out.into_iter().collect()
}

/// A fraction as a percentage.
pub(crate) fn percent_of(x: f64) -> String {
    crate::format::percent_shown(x * 100.0, 1)
}

#[component]
pub fn EraPage() -> Html {
    use_lang();
    let page = use_page_run::<EraState>();
    let (doc, run, dispatch) = (&page.doc, &page.run, page.doc.edit.clone());
    let spec = Rc::new(doc.state.spec.clone());
    let valid = !matches!(run.state, RunState::Invalid(_));
    let small = use_memo(Rc::clone(&doc.scenario), |s| engine::inline(s));
    // The bids of the document (drawn from the seed if generated), for the tables and the Gantt.
    let requests = use_memo((Rc::clone(&spec), doc.seed, valid), |(spec, seed, valid)| match &spec.requests {
        RequestsSpec::List(l) => l.clone(),
        // A generator is drawn only from a valid document (its configurations are checked).
        RequestsSpec::Generated { .. } if *valid => spec.request_list(*seed),
        RequestsSpec::Generated { .. } => Vec::new(),
    });
    // The predictor's history: its list, or its generator's draws (from a valid document only).
    let history = use_memo((Rc::clone(&spec), valid), |(spec, valid)| match state::history_of(&spec.predictor) {
        Some(HistorySpec::List(l)) => l.clone(),
        Some(HistorySpec::Generated { generator, seed }) if *valid => state::draw(spec, generator, *seed),
        _ => Vec::new(),
    });
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::Era(r) => Some(Rc::new(r.clone())),
        _ => None,
    });
    page.frame(Frame {
        class: "era",
        title: t("era-title"),
        lead: t("era-lead"),
        toolbar: Html::default(),
        editors: html! {
            <>
                <CloudEditor cloud={spec.cloud.clone()} dispatch={dispatch.clone()} />
                <AlgorithmEditor algorithm={spec.algorithm.clone()} dispatch={dispatch.clone()} />
                { match &spec.requests {
                    RequestsSpec::List(_) => html! { <BidsEditor bids={Rc::clone(&requests)} target={Target::Requests} dispatch={dispatch.clone()} /> },
                    RequestsSpec::Generated { generator } => html! {
                        <GeneratorEditor classes={generator.classes.clone()} target={Target::Requests} drawn={Rc::clone(&requests)} dispatch={dispatch.clone()} />
                    },
                } }
                <PredictorEditor predictor={spec.predictor.clone()} horizon={spec.cloud.horizon} requests={requests.len()} history={Rc::clone(&history)} dispatch={dispatch.clone()} />
                <UsageEditor usage={spec.actual_usage.clone()} dispatch={dispatch.clone()} />
            </>
        },
        results: html! {
            <>
                if let (Some(r), Some(out)) = (&result, run.last.clone()) {
                    <ResultsFrame stale={run.stale()}><div class="results" id="era-results">
                        <MetricsTable result={Rc::clone(r)} />
                        <ResultDownloads output={out} />
                        <DecisionsTable result={Rc::clone(r)} />
                        <RunCharts result={Rc::clone(r)} requests={Rc::clone(&requests)} />
                    </div></ResultsFrame>
                }
                <QuoteForm spec={Rc::clone(&spec)} seed={doc.seed} {valid} live={*small} />
                <DemandCurveView spec={Rc::clone(&spec)} seed={doc.seed} {valid} result={result.clone()} />
                <CompareAll doc={(*doc).clone()} />
                <Explanations />
            </>
        },
    })
}
