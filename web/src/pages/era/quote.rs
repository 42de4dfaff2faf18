//! "Request a quote": one bid typed without a value, quoted against the plan at its submit slot
//! (the bids submitted before it decided, as in the run); then a value, and ERA's one comparison.

use std::rc::Rc;

use cloudecon::era::requests::{PartSpec, RequestSpec};
use cloudecon::era::run::quote_after;
use cloudecon::era::EraScenario;
use yew::prelude::*;

use super::fields::{Optional, Slots};
use crate::components::{NumberField, ParsedField};
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct QuoteProps {
    pub spec: Rc<EraScenario>,
    pub seed: u64,
    /// The scenario validates (else there is nothing to quote against).
    pub valid: bool,
    /// The scenario is small enough to quote at every keystroke; otherwise on "Quote".
    pub live: bool,
}

/// The typed bid's fields (count, duration, arrival, deadline, submit).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Form {
    count: f64,
    duration: u32,
    arrival: u32,
    deadline: u32,
    submit: u32,
}

impl Form {
    fn request(&self) -> RequestSpec {
        RequestSpec {
            id: Some("quote".into()),
            class: None,
            submit: self.submit,
            // The algorithm never reads it: the quote is computed from the request alone.
            value: 0.0,
            parts: vec![PartSpec {
                config: None,
                count: self.count,
                duration: self.duration,
                arrival: self.arrival,
                deadline: self.deadline,
            }],
        }
    }

    /// What is wrong with the form, if anything (the algorithm's own checks come after): its
    /// message.
    fn problem(&self) -> Option<&'static str> {
        if self.count <= 0.0 {
            Some("era-quote-count-problem")
        } else if self.duration == 0 {
            Some("era-quote-duration-problem")
        } else if self.deadline < self.arrival {
            Some("era-quote-deadline-problem")
        } else {
            None
        }
    }
}

type Answer = Result<Result<(f64, Vec<u32>), String>, String>;

fn answer(spec: &EraScenario, seed: u64, form: &Form) -> Answer {
    if let Some(p) = form.problem() {
        return Err(t(p));
    }
    match quote_after(spec, seed, &form.request()) {
        Ok(Ok(q)) => Ok(Ok((q.price, q.starts))),
        Ok(Err(no)) => Ok(Err(super::results::no_quote_text(no))),
        Err(e) => Err(e
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.path, crate::i18n::problem_text(p)))
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

#[component]
pub fn QuoteForm(props: &QuoteProps) -> Html {
    let lang = use_lang();
    let form = use_state(|| Form { count: 6.0, duration: 2, arrival: 1, deadline: 4, submit: 1 });
    let value = use_state(|| None::<f64>);
    // The form last sent with "Quote" (scenarios too large to quote at every keystroke).
    let asked = use_state(|| None::<Form>);
    let wanted = if props.live { Some(*form) } else { *asked };
    // The language too: the answer's words are in it.
    let result =
        use_memo((Rc::clone(&props.spec), props.seed, props.valid, wanted, lang), |(spec, seed, valid, wanted, _)| {
            let form = (*wanted)?;
            Some(if *valid { answer(spec, *seed, &form) } else { Err(t("era-quote-invalid")) })
        });
    let set = |f: fn(&mut Form, u32)| {
        let form = form.clone();
        Callback::from(move |s: Slots| {
            let mut next = *form;
            f(&mut next, s.0);
            form.set(next);
        })
    };
    let oncount = {
        let form = form.clone();
        Callback::from(move |c: f64| form.set(Form { count: c, ..*form }))
    };
    let onquote = {
        let (form, asked) = (form.clone(), asked.clone());
        Callback::from(move |_: MouseEvent| asked.set(Some(*form)))
    };
    let onvalue = {
        let value = value.clone();
        Callback::from(move |v: Optional<f64>| value.set(v.0))
    };
    let shown = match result.as_ref() {
        None => html! { <p class="hint" id="quote-result">{ t("era-quote-press") }</p> },
        Some(Err(e)) => html! { <p class="warning" id="quote-result">{ t!("era-quote-none", reason = e.clone()) }</p> },
        Some(Ok(Err(reason))) => html! {
            <div id="quote-result" class="era-quote rejected"><p>{ t!("era-quote-rejects", reason = reason.clone()) }</p></div>
        },
        Some(Ok(Ok((price, starts)))) => {
            let decision = value.map(|v| {
                if v >= *price {
                    let slot = starts.first().copied().unwrap_or(0).to_string();
                    html! { <p id="quote-decision" class="accepted">{ t!("era-quote-accepted", value = crate::format::exact(v), quote = super::money(*price), slot = slot) }</p> }
                } else {
                    html! { <p id="quote-decision" class="rejected">{ t!("era-quote-rejected", value = crate::format::exact(v), quote = super::money(*price)) }</p> }
                }
            });
            html! {
                <div id="quote-result" class="era-quote">
                    <p>{ super::with_elements("era-quote-price", &[], vec![
                            ("price", html! { <strong id="quote-price">{ super::money(*price) }</strong> }),
                            ("starts", html! { <strong id="quote-start">{ starts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ") }</strong> }),
                        ]) }
                       <span id="quote-now">{ " " }{ t!("era-quote-now", slot = wanted.map_or(0, |f| f.submit).to_string()) }</span></p>
                    <div class="field-row">
                        <span class="pair">
                            <label for="quote-value">{ t("era-quote-value") }</label>
                            <ParsedField<Optional<f64>> id="quote-value" value={Optional(*value)} onchange={onvalue} label={t("era-quote-value-label")} />
                        </span>
                    </div>
                    { decision.unwrap_or_else(|| html! { <p class="hint" id="quote-decision">{ t("era-quote-type-value") }</p> }) }
                </div>
            }
        }
    };
    html! {
        <section class="era-quote-form" id="quote-form">
            <h2>{ t("era-quote-heading") }</h2>
            <p class="hint">{ t("era-quote-hint") }</p>
            <div class="field-row">
                <span class="pair">
                    <label for="quote-count">{ t("era-class-count") }</label>
                    <NumberField id="quote-count" value={form.count} onchange={oncount} label={t("era-quote-count-label")} />
                </span>
                <span class="pair">
                    <label for="quote-duration">{ t("era-class-duration") }</label>
                    <ParsedField<Slots> id="quote-duration" value={Slots(form.duration)} onchange={set(|f, x| f.duration = x)} label={t("era-class-duration-label")} />
                </span>
                <span class="pair">
                    <label for="quote-arrival">{ t("era-quote-arrival") }</label>
                    <ParsedField<Slots> id="quote-arrival" value={Slots(form.arrival)} onchange={set(|f, x| f.arrival = x)} label={t("era-quote-arrival-label")} />
                </span>
                <span class="pair">
                    <label for="quote-deadline">{ t("era-quote-deadline") }</label>
                    <ParsedField<Slots> id="quote-deadline" value={Slots(form.deadline)} onchange={set(|f, x| f.deadline = x)} label={t("era-quote-deadline-label")} />
                </span>
                <span class="pair">
                    <label for="quote-submit">{ t("era-col-submit") }</label>
                    <ParsedField<Slots> id="quote-submit" value={Slots(form.submit)} onchange={set(|f, x| f.submit = x)} label={t("era-quote-submit-label")} />
                </span>
                if !props.live {
                    <button id="quote-button" onclick={onquote}>{ t("era-quote-button") }</button>
                }
            </div>
            { shown }
        </section>
    }
}
