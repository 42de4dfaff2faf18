//! The bids: an editable list (paged), or a generator's classes with the bids it draws from the
//! seed shown read-only (paged). The same editors edit the history predictor's requests
//! ([`Target::History`]).

use std::rc::Rc;

use cloudecon::era::requests::{ClassSpec, RequestSpec};
use yew::prelude::*;

use super::fields::{Dist, Slots};
use super::state::{Action, BidEdit, ClassEdit, Target};
use super::ROWS_PER_PAGE;
use crate::components::{use_page, NumberField, ParsedField};
use crate::i18n::use_lang;
use crate::t;

/// Element ids of an editor: the requests' (`era-…`) or the history's (`era-history-…`).
fn id(target: Target, name: &'static str) -> &'static str {
    match (target, name) {
        (Target::Requests, "bids") => "era-bids",
        (Target::Requests, "bids-pager") => "era-bids-pager",
        (Target::Requests, "add-bid") => "era-add-bid",
        (Target::Requests, "generate") => "era-generate",
        (Target::Requests, "classes") => "era-classes",
        (Target::Requests, "add-class") => "era-add-class",
        (Target::Requests, "freeze") => "era-freeze",
        (Target::Requests, "drawn") => "era-drawn",
        (Target::Requests, "drawn-pager") => "era-drawn-pager",
        (Target::History, "bids") => "era-history-bids",
        (Target::History, "bids-pager") => "era-history-bids-pager",
        (Target::History, "add-bid") => "era-history-add-bid",
        (Target::History, "generate") => "era-history-generate",
        (Target::History, "classes") => "era-history-classes",
        (Target::History, "add-class") => "era-history-add-class",
        (Target::History, "freeze") => "era-history-freeze",
        (Target::History, "drawn") => "era-history-drawn",
        (Target::History, "drawn-pager") => "era-history-drawn-pager",
        _ => "",
    }
}

/// The JSON pointer of the list or generator `target` names: the document's requests or the
/// history predictor's history.
fn base(target: Target) -> &'static str {
    match target {
        Target::Requests => "/requests",
        Target::History => "/predictor/history",
    }
}

#[derive(Properties, PartialEq)]
pub struct BidsProps {
    pub bids: Rc<Vec<RequestSpec>>,
    /// The document's requests or the predictor's history.
    pub target: Target,
    pub dispatch: Callback<Action>,
}

/// The editable list: id, submit, value and the first part (count, duration, window).
#[component]
pub fn BidsEditor(props: &BidsProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let t = props.target;
    let list = base(t);
    let page = use_page(props.bids.len(), ROWS_PER_PAGE, id(t, "bids-pager"));
    let history = t == Target::History;
    // The words of the requests' table, or of the history's.
    let says = |requests: &str, history_id: &str| if history { history_id.to_string() } else { requests.to_string() };
    let n = props.bids.len().to_string();
    let legend = if history { t!("era-history-legend", n = n) } else { t!("era-bids-legend", n = n) };
    html! {
        <fieldset class={classes!("era-bids", (t == Target::History).then_some("era-history-list"))}>
            <legend>{ legend }</legend>
            <div class="scroll">
            <table class="era-bids-table" id={id(t, "bids")}>
                <thead><tr>
                    <th>{ t!("era-col-id") }</th><th title={t!("era-col-submit.title")}>{ t!("era-col-submit") }</th><th title={t!("era-col-value.title")}>{ t!("era-col-value") }</th>
                    <th title={t!("era-col-count.title")}>{ t!("era-col-count") }</th><th title={t!("era-col-duration.title")}>{ t!("era-col-duration") }</th>
                    <th title={t!("era-col-arrival.title")}>{ t!("era-col-arrival") }</th><th title={t!("era-col-deadline.title")}>{ t!("era-col-deadline") }</th>
                    <th title={t!("era-col-config.title")}>{ t!("era-col-config") }</th><th></th>
                </tr></thead>
                <tbody>
                { for props.bids.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(i, r)| {
                    let id = r.id.clone().unwrap_or_else(|| format!("r{}", i + 1));
                    let at = |field: &str| AttrValue::from(format!("{list}/{i}/{field}"));
                    // `label`: the message naming the field of this bid.
                    let slot = |v: u32, label: &str, f: fn(u32) -> BidEdit, class: &'static str, pointer: AttrValue| html! {
                        <td><ParsedField<Slots> {class} {pointer} value={Slots(v)} onchange={d.reform(move |s: Slots| Action::EditBid(t, i, f(s.0)))} label={t!(label, bid = id.clone())} /></td>
                    };
                    let part = r.parts.first();
                    html! {
                        <tr key={i} data-bid={i.to_string()}>
                            <td><ParsedField<String> class="bid-id" pointer={at("id")} value={r.id.clone().unwrap_or_default()} placeholder={format!("r{}", i + 1)} label={t!(&says("era-bid-id-label", "era-history-id-label"), n = (i + 1).to_string())}
                                onchange={d.reform(move |v: String| Action::EditBid(t, i, BidEdit::Id(v)))} /></td>
                            { slot(r.submit, "era-bid-submit-label", BidEdit::Submit, "submit", at("submit")) }
                            <td><NumberField class="value" pointer={at("value")} value={r.value} onchange={d.reform(move |x: f64| Action::EditBid(t, i, BidEdit::Value(x)))} label={t!("era-bid-value-label", bid = id.clone())} /></td>
                            if let Some(p) = part {
                                <td><NumberField class="count" pointer={at("parts/0/count")} value={p.count} onchange={d.reform(move |x: f64| Action::EditBid(t, i, BidEdit::Count(x)))} label={t!("era-bid-count-label", bid = id.clone())} /></td>
                                { slot(p.duration, "era-bid-duration-label", BidEdit::Duration, "duration", at("parts/0/duration")) }
                                { slot(p.arrival, "era-bid-arrival-label", BidEdit::Arrival, "arrival", at("parts/0/arrival")) }
                                { slot(p.deadline, "era-bid-deadline-label", BidEdit::Deadline, "deadline", at("parts/0/deadline")) }
                                <td><ParsedField<String> class="config" pointer={at("parts/0/config")} value={p.config.clone().unwrap_or_default()} placeholder={t!("era-bid-config-placeholder")} label={t!("era-bid-config-label", bid = id.clone())}
                                    onchange={d.reform(move |v: String| Action::EditBid(t, i, BidEdit::Config(Some(v))))} /></td>
                            } else {
                                <td colspan="5">{ t!("era-bid-no-parts") }</td>
                            }
                            <td>
                                <button class="remove" data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::RemoveBid(t, i))} title={t!(&says("era-remove-bid", "era-remove-history-bid"))}
                                    aria-label={t!(&says("era-remove-bid-label", "era-remove-history-bid-label"), n = (i + 1).to_string())}>{ "−" }</button>
                                if r.parts.len() > 1 { <span class="hint">{ " " }{ t!("era-bid-more-parts", n = (r.parts.len() - 1).to_string()) }</span> }
                            </td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
            <button id={id(t, "add-bid")} data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::AddBid(t))}>{ t!(&says("era-add-bid", "era-add-history-bid")) }</button>
            <button class="secondary" id={id(t, "generate")} data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::Generated(t, true))}>{ t!("era-use-generator") }</button>
            <p class="hint">{ t!("era-bids-hint") }</p>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct GeneratorProps {
    pub classes: Vec<ClassSpec>,
    /// The document's requests or the predictor's history.
    pub target: Target,
    /// The history's own seed (`None` for the requests: they use the document's).
    #[prop_or_default]
    pub seed: Option<u64>,
    /// The bids the generator draws from the document's seed.
    pub drawn: Rc<Vec<RequestSpec>>,
    pub dispatch: Callback<Action>,
}

/// The generator's classes (editable) and the bids they draw (read-only, paged).
#[component]
pub fn GeneratorEditor(props: &GeneratorProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let t = props.target;
    let n = props.classes.len();
    let classes = format!("{}/generator/classes", base(t));
    let at = |i: usize, field: &str| AttrValue::from(format!("{classes}/{i}/{field}"));
    let dist = |i: usize,
                value: &cloudecon::era::requests::ValueDist,
                label: &str,
                f: fn(cloudecon::era::requests::ValueDist) -> ClassEdit,
                field: &str| {
        html! {
            <td><ParsedField<Dist> pointer={at(i, field)} value={Dist(value.clone())} onchange={d.reform(move |x: Dist| Action::EditClass(t, i, f(x.0)))} label={label.to_string()} /></td>
        }
    };
    html! {
        <fieldset class={classes!("era-generator", (t == Target::History).then_some("era-history-generator"))}>
            <legend>{ if t == Target::History { t!("era-generated-history-legend", n = n.to_string()) } else { t!("era-generated-bids-legend", n = n.to_string()) } }</legend>
            if let Some(seed) = props.seed {
                <div class="field-row">
                    <span class="pair">
                        <label for="era-history-seed">{ t!("era-history-seed") }</label>
                        <ParsedField<u64> id="era-history-seed" pointer="/predictor/history/seed" value={seed} onchange={d.reform(Action::HistorySeed)} label={t!("era-history-seed-label")} />
                    </span>
                </div>
            }
            <div class="scroll">
            <table class="era-classes" id={id(t, "classes")}>
                <thead><tr>
                    <th>{ t!("era-class") }</th><th title={t!("era-class-rate.title")}>{ t!("era-class-rate") }</th><th title={t!("era-class-count.title")}>{ t!("era-class-count") }</th>
                    <th title={t!("era-class-duration.title")}>{ t!("era-class-duration") }</th><th title={t!("era-class-slack.title")}>{ t!("era-class-slack") }</th>
                    <th title={t!("era-class-advance.title")}>{ t!("era-class-advance") }</th><th title={t!("era-class-unit-value.title")}>{ t!("era-class-unit-value") }</th><th></th>
                </tr></thead>
                <tbody>
                { for props.classes.iter().enumerate().map(|(i, c)| html! {
                    <tr data-class={i.to_string()}>
                        <td><ParsedField<String> class="class-name" pointer={at(i, "name")} value={c.name.clone()} label={t!("era-class-name-label")}
                            onchange={d.reform(move |v: String| Action::EditClass(t, i, ClassEdit::Name(v)))} /></td>
                        <td><NumberField class="rate" pointer={at(i, "rate")} value={c.rate} onchange={d.reform(move |x: f64| Action::EditClass(t, i, ClassEdit::Rate(x)))} label={t!("era-class-rate-label")} /></td>
                        { dist(i, &c.count, &t!("era-class-count-label"), ClassEdit::Count, "count") }
                        { dist(i, &c.duration, &t!("era-class-duration-label"), ClassEdit::Duration, "duration") }
                        { dist(i, &c.slack, &t!("era-class-slack-label"), ClassEdit::Slack, "slack") }
                        { dist(i, &c.advance, &t!("era-class-advance-label"), ClassEdit::Advance, "advance") }
                        { dist(i, &c.unit_value, &t!("era-class-unit-value-label"), ClassEdit::UnitValue, "unit_value") }
                        <td><button class="remove" data-pointer={classes.clone()} disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveClass(t, i))}
                            aria-label={t!("era-remove-class-label", n = (i + 1).to_string())}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
            <button id={id(t, "add-class")} data-pointer={classes.clone()} onclick={d.reform(move |_: MouseEvent| Action::AddClass(t))}>{ t!("era-add-class") }</button>
            <button class="secondary" id={id(t, "freeze")} data-pointer={base(t)} onclick={d.reform(move |_: MouseEvent| Action::Generated(t, false))}>{ t!("era-freeze") }</button>
            <p class="hint">{ t!("era-generator-hint") }</p>
            <DrawnBids bids={props.drawn.clone()} target={t} />
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct DrawnProps {
    bids: Rc<Vec<RequestSpec>>,
    target: Target,
}

#[component]
fn DrawnBids(props: &DrawnProps) -> Html {
    use_lang();
    let page = use_page(props.bids.len(), ROWS_PER_PAGE, id(props.target, "drawn-pager"));
    html! {
        <details class="era-drawn">
            <summary>{ t!("era-drawn-summary", n = props.bids.len().to_string()) }</summary>
            <div class="scroll" tabindex="0" role="region" aria-label={t!("era-drawn-label")}>
            <table class="results-table" id={id(props.target, "drawn")}>
                <thead><tr><th>{ t!("era-col-id") }</th><th>{ t!("era-col-submit") }</th><th>{ t!("era-value-dollars") }</th><th>{ t!("era-class-count") }</th><th>{ t!("era-class-duration") }</th><th>{ t!("era-window") }</th></tr></thead>
                <tbody>
                { for props.bids.iter().skip(page.rows.start).take(page.rows.len()).map(|r| {
                    let p = r.parts.first();
                    html! { <tr>
                        <td translate="no">{ r.id.clone().unwrap_or_default() }</td><td>{ r.submit }</td><td>{ crate::format::fixed(r.value, 2) }</td>
                        <td>{ p.map(|p| crate::format::whole(p.count)).unwrap_or_default() }</td>
                        <td>{ p.map(|p| p.duration.to_string()).unwrap_or_default() }</td>
                        <td>{ p.map(|p| format!("[{}, {})", p.arrival, p.deadline)).unwrap_or_default() }</td>
                    </tr> }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
        </details>
    }
}
