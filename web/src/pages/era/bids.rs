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
    let d = &props.dispatch;
    let t = props.target;
    let list = base(t);
    let page = use_page(props.bids.len(), ROWS_PER_PAGE, id(t, "bids-pager"));
    let (legend, noun) = match t {
        Target::Requests => ("Bids", "bid"),
        Target::History => ("Historical requests", "historical request"),
    };
    html! {
        <fieldset class={classes!("era-bids", (t == Target::History).then_some("era-history-list"))}>
            <legend>{ format!("{legend} ({})", props.bids.len()) }</legend>
            <div class="scroll">
            <table class="era-bids-table" id={id(t, "bids")}>
                <thead><tr>
                    <th>{ "id" }</th><th title="Slot at which the bid is submitted">{ "submit" }</th><th title="Value: the most the user pays">{ "V $" }</th>
                    <th title="Count: units of the configuration">{ "W" }</th><th title="Duration: consecutive slots">{ "T" }</th>
                    <th title="Arrival: the earliest slot">{ "A" }</th><th title="Deadline: must finish before this slot">{ "D" }</th>
                    <th title="Configuration (empty: the first)">{ "config" }</th><th></th>
                </tr></thead>
                <tbody>
                { for props.bids.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(i, r)| {
                    let id = r.id.clone().unwrap_or_else(|| format!("r{}", i + 1));
                    let at = |field: &str| AttrValue::from(format!("{list}/{i}/{field}"));
                    let slot = |v: u32, label: &str, f: fn(u32) -> BidEdit, class: &'static str, pointer: AttrValue| html! {
                        <td><ParsedField<Slots> {class} {pointer} value={Slots(v)} onchange={d.reform(move |s: Slots| Action::EditBid(t, i, f(s.0)))} label={format!("{label} of {id}")} /></td>
                    };
                    let part = r.parts.first();
                    html! {
                        <tr key={i} data-bid={i.to_string()}>
                            <td><ParsedField<String> class="bid-id" pointer={at("id")} value={r.id.clone().unwrap_or_default()} placeholder={format!("r{}", i + 1)} label={format!("Id of {noun} {}", i + 1)}
                                onchange={d.reform(move |v: String| Action::EditBid(t, i, BidEdit::Id(v)))} /></td>
                            { slot(r.submit, "Submit", BidEdit::Submit, "submit", at("submit")) }
                            <td><NumberField class="value" pointer={at("value")} value={r.value} onchange={d.reform(move |x: f64| Action::EditBid(t, i, BidEdit::Value(x)))} label={format!("Value of {id}")} /></td>
                            if let Some(p) = part {
                                <td><NumberField class="count" pointer={at("parts/0/count")} value={p.count} onchange={d.reform(move |x: f64| Action::EditBid(t, i, BidEdit::Count(x)))} label={format!("Count of {id}")} /></td>
                                { slot(p.duration, "Duration", BidEdit::Duration, "duration", at("parts/0/duration")) }
                                { slot(p.arrival, "Arrival", BidEdit::Arrival, "arrival", at("parts/0/arrival")) }
                                { slot(p.deadline, "Deadline", BidEdit::Deadline, "deadline", at("parts/0/deadline")) }
                                <td><ParsedField<String> class="config" pointer={at("parts/0/config")} value={p.config.clone().unwrap_or_default()} placeholder="first" label={format!("Configuration of {id}")}
                                    onchange={d.reform(move |v: String| Action::EditBid(t, i, BidEdit::Config(Some(v))))} /></td>
                            } else {
                                <td colspan="5">{ "no parts" }</td>
                            }
                            <td>
                                <button class="remove" data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::RemoveBid(t, i))} title={format!("Remove this {noun}")}
                                    aria-label={format!("Remove {noun} {}", i + 1)}>{ "−" }</button>
                                if r.parts.len() > 1 { <span class="hint">{ format!(" +{} parts", r.parts.len() - 1) }</span> }
                            </td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
            <button id={id(t, "add-bid")} data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::AddBid(t))}>{ format!("Add {noun}") }</button>
            <button class="secondary" id={id(t, "generate")} data-pointer={list} onclick={d.reform(move |_: MouseEvent| Action::Generated(t, true))}>{ "Use a generator instead" }</button>
            <p class="hint">{ "A bid asks for W units (count) for T consecutive slots (duration) inside [A, D) (arrival, deadline), starting no earlier than \
                               its submit slot, and pays at most V (value). Bids with several parts (imported) show their first part; the others are kept." }</p>
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
            <legend>{ format!("{} ({} classes)", if t == Target::History { "Generated history" } else { "Generated bids" }, n) }</legend>
            if let Some(seed) = props.seed {
                <div class="field-row">
                    <span class="pair">
                        <label for="era-history-seed">{ "history seed" }</label>
                        <ParsedField<u64> id="era-history-seed" pointer="/predictor/history/seed" value={seed} onchange={d.reform(Action::HistorySeed)} label="Seed of the history" />
                    </span>
                </div>
            }
            <div class="scroll">
            <table class="era-classes" id={id(t, "classes")}>
                <thead><tr>
                    <th>{ "class" }</th><th title="Mean requests per slot (Poisson)">{ "rate" }</th><th title="Units">{ "count" }</th>
                    <th title="Slots">{ "duration" }</th><th title="Window length minus duration">{ "slack" }</th>
                    <th title="Arrival minus submit (reservation in advance)">{ "advance" }</th><th title="$ per unit and slot">{ "unit value" }</th><th></th>
                </tr></thead>
                <tbody>
                { for props.classes.iter().enumerate().map(|(i, c)| html! {
                    <tr data-class={i.to_string()}>
                        <td><ParsedField<String> class="class-name" pointer={at(i, "name")} value={c.name.clone()} label="Class name"
                            onchange={d.reform(move |v: String| Action::EditClass(t, i, ClassEdit::Name(v)))} /></td>
                        <td><NumberField class="rate" pointer={at(i, "rate")} value={c.rate} onchange={d.reform(move |x: f64| Action::EditClass(t, i, ClassEdit::Rate(x)))} label="Rate" /></td>
                        { dist(i, &c.count, "Count", ClassEdit::Count, "count") }
                        { dist(i, &c.duration, "Duration", ClassEdit::Duration, "duration") }
                        { dist(i, &c.slack, "Slack", ClassEdit::Slack, "slack") }
                        { dist(i, &c.advance, "Advance", ClassEdit::Advance, "advance") }
                        { dist(i, &c.unit_value, "Unit value", ClassEdit::UnitValue, "unit_value") }
                        <td><button class="remove" data-pointer={classes.clone()} disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveClass(t, i))}
                            aria-label={format!("Remove class {}", i + 1)}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
            <button id={id(t, "add-class")} data-pointer={classes.clone()} onclick={d.reform(move |_: MouseEvent| Action::AddClass(t))}>{ "Add class" }</button>
            <button class="secondary" id={id(t, "freeze")} data-pointer={base(t)} onclick={d.reform(move |_: MouseEvent| Action::Generated(t, false))}>{ "Edit the drawn bids as a list" }</button>
            <p class="hint">{ "Each field is a number, a range \"low–high\" (uniform), \"exp mean\" or a choice \"{a, b}\". \
                               A bid's value is unit value × units × duration. Draws come from the seed." }</p>
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
    let page = use_page(props.bids.len(), ROWS_PER_PAGE, id(props.target, "drawn-pager"));
    html! {
        <details class="era-drawn">
            <summary>{ format!("The {} bids drawn from the seed (read-only)", props.bids.len()) }</summary>
            <div class="scroll" tabindex="0" role="region" aria-label="Drawn bids">
            <table class="results-table" id={id(props.target, "drawn")}>
                <thead><tr><th>{ "id" }</th><th>{ "submit" }</th><th>{ "value $" }</th><th>{ "count" }</th><th>{ "duration" }</th><th>{ "window" }</th></tr></thead>
                <tbody>
                { for props.bids.iter().skip(page.rows.start).take(page.rows.len()).map(|r| {
                    let p = r.parts.first();
                    html! { <tr>
                        <td>{ r.id.clone().unwrap_or_default() }</td><td>{ r.submit }</td><td>{ format!("{:.2}", r.value) }</td>
                        <td>{ p.map(|p| p.count.to_string()).unwrap_or_default() }</td>
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
