//! `/play`: a student's phone in a live class game (issue 36). The join link's fragment
//! (`#g=…`) holds the whole game; the phone takes a seat, shows the seat's private type (derived
//! from the game's seed and the seat, as the teacher's page and `cloudecon game` derive it), the
//! rules in a few lines and the decision form, and turns a decision into a **decision code**, as
//! text and as a QR code. Nothing is sent anywhere: the student hands the code to the teacher
//! (shown, pasted into a chat or a form, or read by the teacher's camera). The seat, the round,
//! the decision and the code are kept on the phone across reloads; a new decision makes a new
//! code (the newest of a seat in a round wins).

use cloudecon::game::{Input, Session};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::QrCodeView;
use crate::i18n::{t, use_lang};
use crate::services::{game_worker, storage};
use crate::t;
use crate::worker::game::{error_text, text_of, Ask};

/// What the phone keeps of a game (under the game's id).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Phone {
    seat: Option<u32>,
    round: u32,
    /// The form's values as typed.
    values: Vec<String>,
    /// The newest code and the decision it carries.
    code: Option<String>,
    /// The round the code is for.
    #[serde(default)]
    code_round: u32,
    decision: Option<Value>,
}

fn fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The game of the address, or why there is none (`None`: the address has no join link).
fn game_of(hash: &str) -> Result<Session, Option<cloudecon::game::GameError>> {
    let body = hash.trim_start_matches('#');
    if !body.starts_with("g=") {
        return Err(None);
    }
    Session::from_join(body).map_err(Some)
}

/// Why the address holds no game, in the reader's language.
fn no_game(why: &Option<cloudecon::game::GameError>) -> String {
    match why {
        None => t("play-needs-join-link"),
        Some(e) => t!("play-join-link-broken", why = error_text(e)),
    }
}

fn rules(game: &str) -> String {
    match game {
        "abacus" | "era" | "spot" => t(&format!("play-rules-{game}")),
        _ => String::new(),
    }
}

fn show(value: &Value) -> String {
    match value {
        Value::Array(items) => items.iter().map(show).collect::<Vec<_>>().join(", "),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A private type's field, named in the reader's language.
fn type_field(k: &str) -> Html {
    match k {
        "budget" | "weights" | "cores" | "duration" | "arrival" | "deadline" | "value" => {
            html! { { t(&format!("play-type-{k}")) } }
        }
        _ => html! { <span translate="no">{ k.replace('_', " ") }</span> },
    }
}

fn type_rows(kind: &Value) -> Html {
    let Value::Object(map) = kind else { return html! {} };
    if map.is_empty() {
        return html! { <p>{ t("play-no-private-type") }</p> };
    }
    html! {
        <dl class="game-type" id="play-type">
            { for map.iter().map(|(k, v)| html! { <><dt>{ type_field(k) }</dt><dd data-field={k.clone()}>{ show(v) }</dd></> }) }
        </dl>
    }
}

fn input_view(i: usize, input: &Input, value: &str, on_change: Callback<(usize, String)>) -> Html {
    let id = format!("play-input-{i}");
    if input.choices.is_empty() {
        let f = input.field;
        let max = f.value(f.count - 1);
        let oninput = on_change.reform(move |e: InputEvent| (i, e.target_unchecked_into::<HtmlInputElement>().value()));
        html! {
            <div class="pair">
                <label for={id.clone()}>{ text_of(&input.label_text) }</label>
                <input id={id} type="text" inputmode="decimal" value={value.to_string()} {oninput}
                       aria-describedby={format!("play-range-{i}")} />
                <span class="hint" id={format!("play-range-{i}")}>{ t!("play-range", min = crate::format::short(f.min), max = crate::format::short(max)) }</span>
            </div>
        }
    } else {
        let onchange = on_change.reform(move |e: Event| (i, e.target_unchecked_into::<HtmlSelectElement>().value()));
        html! {
            <div class="pair">
                <label for={id.clone()}>{ text_of(&input.label_text) }</label>
                <select id={id} {onchange}>
                    { for input.choice_texts.iter().enumerate().map(|(k, name)| {
                        let v = input.field.value(k as u64).to_string();
                        html! { <option value={v.clone()} selected={v == value}>{ text_of(name) }</option> }
                    }) }
                </select>
            </div>
        }
    }
}

/// The form's values that report a seat's true type in a round (`None`: the game has no truthful
/// decision).
fn truthful_values(session: &Session, seat: u32, round: u32) -> Option<Vec<String>> {
    let mut s = session.clone();
    s.round = round;
    Some(s.values_of(seat, None).ok()?.iter().map(|x| x.to_string()).collect())
}

/// Where a seat's form starts in a round: at its truth, or (a game without one) at each field's
/// first value.
fn start_values(session: &Session, seat: u32, round: u32) -> Vec<String> {
    truthful_values(session, seat, round)
        .unwrap_or_else(|| session.inputs().unwrap_or_default().iter().map(|i| i.field.value(0).to_string()).collect())
}

/// The preview under the form: what this decision would earn, and the truth, if everyone else
/// told the truth (the round itself depends on what the others decide).
fn preview_view(preview: &Option<Result<Value, String>>) -> Html {
    let fmt = |v: &Value| v.as_f64().map(|x| crate::format::fixed(x, 2)).unwrap_or_else(|| "—".into());
    match preview {
        None => html! {},
        Some(Err(why)) => html! { <p class="hint" id="play-preview">{ t!("play-no-preview", why = why.clone()) }</p> },
        Some(Ok(p)) => html! {
            <div class="game-preview" id="play-preview" aria-live="polite">
                <h2>{ t("play-preview") }</h2>
                <p>{ t("play-preview-intro") }</p>
                <dl class="game-type">
                    <dt>{ t("play-utility") }</dt><dd data-field="utility">{ fmt(&p["outcome"]["utility"]) }</dd>
                    <dt>{ t("play-you-pay") }</dt><dd data-field="payment">{ fmt(&p["outcome"]["payment"]) }</dd>
                    if !p["truthful"].is_null() {
                        <dt>{ t("play-with-truth") }</dt><dd data-field="truthful">{ fmt(&p["truthful"]["utility"]) }</dd>
                    }
                </dl>
            </div>
        },
    }
}

fn save(id: &str, phone: &Phone) -> Option<String> {
    let text = serde_json::to_string(phone).ok()?;
    storage::save_game(&format!("phone.{id}"), &text).err()
}

/// A results link (`#r=…`): its game and the link's body, or why it cannot be read. The round
/// itself is closed by the game's worker ([`Closing`]).
fn results_of(hash: &str) -> Option<Result<(Session, String), cloudecon::game::GameError>> {
    let body = hash.trim_start_matches('#');
    body.starts_with("r=").then(|| {
        let (session, _) = Session::from_results(body)?;
        Ok((session, body.to_string()))
    })
}

#[derive(Properties)]
struct ClosingProps {
    session: std::rc::Rc<Session>,
    /// The results link's body (`r=…`).
    link: String,
}

impl PartialEq for ClosingProps {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.session, &other.session) && self.link == other.link
    }
}

/// The round of a results link, closed by the game's worker (the same document and run as the
/// teacher's close), then the phone's own outcome.
#[component]
fn Closing(props: &ClosingProps) -> Html {
    use_lang();
    let report = use_state(|| None::<Result<std::rc::Rc<Value>, String>>);
    {
        let (report, files) = (report.clone(), props.session.data_files());
        use_effect_with(props.link.clone(), move |link| {
            game_worker::ask(Ask::Close { results: link.clone() }, files, move |r| {
                report.set(Some(r.map(std::rc::Rc::new)))
            });
        });
    }
    let session = &props.session;
    match &*report {
        None => html! {
            <section class="page play">
                <h1>{ t!("play-results-of-round", round = session.round.to_string()) }</h1>
                <p class="status" role="status" id="play-working">{ t("play-working-round") }</p>
            </section>
        },
        Some(Ok(report)) => html! {
            <section class="page play">
                <h1>{ t!("play-results-of-round", round = report["round"].to_string()) }</h1>
                <Outcome report={report.clone()} id={session.id()} seats={session.seats} join={format!("g={}", session.join_body())} />
            </section>
        },
        Some(Err(why)) => html! {
            <section class="page play">
                <h1>{ t("play-results-title") }</h1>
                <p class="field-problem" id="play-problem" role="alert">{ why }</p>
            </section>
        },
    }
}

#[derive(Properties, PartialEq)]
struct OutcomeProps {
    report: std::rc::Rc<Value>,
    id: String,
    seats: u32,
    /// The game's join link body (`g=…`), to decide in the next round.
    join: String,
}

/// A button back to the seat for the round after this one; the phone remembers that round.
fn next_round(id: &str, join: &str, round: u32) -> Html {
    if round >= cloudecon::game::MAX_ROUNDS {
        return html! {};
    }
    let (id, join) = (id.to_string(), join.to_string());
    let onclick = Callback::from(move |_| {
        let key = format!("phone.{id}");
        if let Some(mut phone) = storage::load_game(&key).and_then(|t| serde_json::from_str::<Phone>(&t).ok()) {
            if phone.round <= round {
                // A new round: the form starts again at the truth, and no code yet.
                phone = Phone { seat: phone.seat, round: round + 1, ..Phone::default() };
                let _ = save(&id, &phone);
            }
        }
        if let Some(location) = web_sys::window().map(|w| w.location()) {
            let _ = location.set_hash(&join);
            let _ = location.reload();
        }
    });
    html! { <p><button type="button" id="play-next-round" {onclick}>{ t!("play-decide-round", round = (round + 1).to_string()) }</button></p> }
}

/// A phone's own outcome in a closed round: its seat from the phone's memory, or typed.
#[component]
fn Outcome(props: &OutcomeProps) -> Html {
    use_lang();
    let saved = use_state(|| {
        storage::load_game(&format!("phone.{}", props.id))
            .and_then(|t| serde_json::from_str::<Phone>(&t).ok())
            .and_then(|p| p.seat)
    });
    let typed = use_state(String::new);
    let report = &props.report;
    let round = report["round"].clone();
    let summary = &report["summary"];
    let Some(seat) = *saved else {
        let oninput = {
            let typed = typed.clone();
            Callback::from(move |e: InputEvent| typed.set(e.target_unchecked_into::<HtmlInputElement>().value()))
        };
        let onsubmit = {
            let (typed, saved, seats) = (typed.clone(), saved.clone(), props.seats);
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                if let Ok(n) = typed.trim().parse::<u32>() {
                    if (1..=seats).contains(&n) {
                        saved.set(Some(n));
                    }
                }
            })
        };
        return html! {
            <form id="play-seat-form" {onsubmit}>
                <div class="pair"><label for="play-seat">{ t("play-your-seat") }</label>
                    <input id="play-seat" type="text" inputmode="numeric" value={(*typed).clone()} {oninput} /></div>
                <button type="submit" id="play-take-seat">{ t("play-show-outcome") }</button>
            </form>
        };
    };
    let seats = report["seats"].as_array().cloned().unwrap_or_default();
    let mine = seats.iter().find(|s| s["seat"].as_u64() == Some(u64::from(seat)));
    let next = next_round(&props.id, &props.join, round.as_u64().map_or(cloudecon::game::MAX_ROUNDS, |r| r as u32));
    let Some(mine) = mine else {
        return html! { <>
            <p id="play-outcome-missing">{ t!("play-no-code-sent", seat = seat.to_string(), round = round.to_string()) }</p>
            { next }
        </> };
    };
    let utility = mine["outcome"]["utility"].as_f64().unwrap_or(0.0);
    let rank =
        1 + seats.iter().filter(|s| s["outcome"]["utility"].as_f64().unwrap_or(f64::NEG_INFINITY) > utility).count();
    let fmt = |v: &Value| v.as_f64().map(|x| crate::format::fixed(x, 2)).unwrap_or_else(|| "—".into());
    // The phone's bundle has no `components` messages (its first load is budgeted): its own.
    let per_cent = |e: f64| t!("play-percent", value = crate::format::fixed(100.0 * e, 1));
    html! {
        <div class="decision-code" id="play-outcome">
            <h2>{ t!("play-seat-round", seat = seat.to_string(), round = round.to_string()) }</h2>
            <dl class="game-type">
                <dt>{ t("play-your-utility") }</dt><dd data-field="utility">{ fmt(&mine["outcome"]["utility"]) }</dd>
                <dt>{ t("play-you-pay") }</dt><dd data-field="payment">{ fmt(&mine["outcome"]["payment"]) }</dd>
                <dt>{ t("play-with-truth") }</dt><dd data-field="truthful">{ fmt(&mine["truthful"]["utility"]) }</dd>
                <dt>{ t("play-your-rank") }</dt><dd data-field="rank">{ t!("play-rank-of", rank = rank.to_string(), n = seats.len().to_string()) }</dd>
                if let Some(e) = summary["efficiency"].as_f64() { <dt>{ t("play-round-efficiency") }</dt><dd>{ per_cent(e) }</dd> }
            </dl>
            if mine["outcome"]["weights_gain"] == serde_json::json!(true) {
                <p class="game-note" id="play-weights-gain">{ t("play-weights-gain") }</p>
            }
            { next }
        </div>
    }
}

#[component]
pub fn PlayPage() -> Html {
    use_lang();
    let results = use_memo((), |_| results_of(&fragment()));
    let game = use_memo((), |_| game_of(&fragment()));
    if let Some(results) = &*results {
        return match results {
            Ok((session, link)) => {
                html! { <Closing session={std::rc::Rc::new(session.clone())} link={link.clone()} /> }
            }
            Err(e) => html! {
                <section class="page play">
                    <h1>{ t("play-results-title") }</h1>
                    <p class="field-problem" id="play-problem" role="alert">{ t!("class-results-link-broken", why = error_text(e)) }</p>
                </section>
            },
        };
    }
    let session = match &*game {
        Ok(s) => s.clone(),
        Err(why) => {
            return html! {
                <section class="page play">
                    <h1>{ t("play-join-title") }</h1>
                    <p class="field-problem" id="play-problem" role="alert">{ no_game(why) }</p>
                </section>
            }
        }
    };
    html! { <Seat session={std::rc::Rc::new(session)} /> }
}

#[derive(Properties)]
struct SeatProps {
    session: std::rc::Rc<Session>,
}

impl PartialEq for SeatProps {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.session, &other.session)
    }
}

#[component]
fn Seat(props: &SeatProps) -> Html {
    use_lang();
    let session = props.session.clone();
    let id = session.id();
    let phone = {
        let (id, session) = (id.clone(), session.clone());
        use_state(move || {
            let mut phone = storage::load_game(&format!("phone.{id}"))
                .and_then(|t| serde_json::from_str::<Phone>(&t).ok())
                .unwrap_or(Phone { round: 1, ..Phone::default() });
            if let (Some(seat), true) = (phone.seat, phone.values.is_empty()) {
                // A seat without values (the next round was just opened): its truth in this round.
                phone.values = start_values(&session, seat, phone.round.max(1));
            }
            phone
        })
    };
    let seat_text = use_state(|| phone.seat.map(|s| s.to_string()).unwrap_or_default());
    let problem = use_state(|| None::<String>);
    let inputs = session.inputs().unwrap_or_default();
    let title = t(&format!("class-title-{}", session.kind.name()));

    let seats = session.seats;
    let take_seat_with = {
        let (phone, problem, session, id) = (phone.clone(), problem.clone(), session.clone(), id.clone());
        Callback::from(move |seat: u32| {
            game_worker::warm();
            let values = start_values(&session, seat, phone.round.max(1));
            let next = Phone { seat: Some(seat), round: phone.round.max(1), values, ..Phone::default() };
            problem.set(save(&id, &next));
            phone.set(next);
        })
    };
    let take_seat = {
        let (seat_text, problem, take) = (seat_text.clone(), problem.clone(), take_seat_with.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match seat_text.trim().parse::<u32>() {
                Ok(n) if (1..=seats).contains(&n) => take.emit(n),
                _ => problem.set(Some(t!("play-type-seat-number", seats = seats.to_string()))),
            }
        })
    };

    // The phone's round: its types when they are new each round, and its codes.
    let round_session = {
        let mut s = (*session).clone();
        s.round = phone.round.max(1);
        s
    };
    // What the form's decision would earn if everyone else told the truth, from the game's
    // worker; the last answer stays until the next arrives, and an answer to older values is
    // dropped.
    let preview = use_state(|| None::<Result<Value, String>>);
    let asked = use_mut_ref(|| 0u32);
    // Whether an answer is awaited (the first one waits for the worker's download).
    let waiting = use_state_eq(|| false);
    {
        let (preview, asked, round_session, waiting) =
            (preview.clone(), asked.clone(), round_session.clone(), waiting.clone());
        // (Before the seat's form returns early: hooks are called on every render.)
        use_effect_with((phone.round, phone.values.clone(), phone.seat), move |(round, values, seat)| {
            let numbers: Option<Vec<f64>> = values.iter().map(|t| crate::components::decimal(t)).collect();
            let decision = numbers.and_then(|n| round_session.decision_of_values(&n).ok());
            let ready = seat.zip(decision);
            let mine = {
                let mut asked = asked.borrow_mut();
                *asked += 1;
                *asked
            };
            match ready {
                None => {
                    waiting.set(false);
                    preview.set(None)
                }
                Some((seat, decision)) => {
                    waiting.set(true);
                    let ask = Ask::Preview {
                        join: format!("g={}", round_session.join_body()),
                        round: (*round).max(1),
                        seat,
                        decision,
                    };
                    game_worker::ask(ask, round_session.data_files(), move |r| {
                        if *asked.borrow() == mine {
                            waiting.set(false);
                            preview.set(Some(r));
                        }
                    });
                }
            }
        });
    }
    let Some(seat) = phone.seat else {
        let random_seat = {
            let (seat_text, take) = (seat_text.clone(), take_seat_with.clone());
            Callback::from(move |_| {
                let seat = 1 + (js_sys::Math::random() * f64::from(seats)) as u32;
                let seat = seat.min(seats);
                seat_text.set(seat.to_string());
                take.emit(seat);
            })
        };
        let oninput = {
            let seat_text = seat_text.clone();
            Callback::from(move |e: InputEvent| {
                // The preview will need the game's worker: fetch it while the student types.
                game_worker::warm();
                seat_text.set(e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        return html! {
            <section class="page play">
                <h1>{ title }</h1>
                <p>{ t!("play-game-seats", id = id.clone(), seats = session.seats.to_string()) }</p>
                <form id="play-seat-form" onsubmit={take_seat}>
                    <div class="pair">
                        <label for="play-seat">{ t("play-your-seat") }</label>
                        <input id="play-seat" type="text" inputmode="numeric" autocomplete="off" value={(*seat_text).clone()} {oninput} />
                    </div>
                    <button type="submit" id="play-take-seat">{ t("play-take-seat") }</button>
                </form>
                if session.open_seating {
                    <p>{ t("play-no-card") }{ " " }<button type="button" id="play-random-seat" onclick={random_seat}>{ t("play-random-seat") }</button></p>
                }
                if let Some(p) = &*problem { <p class="field-problem" role="alert" id="play-problem">{ p }</p> }
            </section>
        };
    };

    let kind = round_session.seat_type(seat).unwrap_or(Value::Null);
    let on_change = {
        let phone = phone.clone();
        Callback::from(move |(i, v): (usize, String)| {
            let mut next = (*phone).clone();
            if let Some(slot) = next.values.get_mut(i) {
                *slot = v;
            }
            phone.set(next);
        })
    };
    let on_round = {
        let (phone, session, id, problem) = (phone.clone(), session.clone(), id.clone(), problem.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut next = (*phone).clone();
            next.round = v.trim().parse::<u32>().ok().filter(|r| (1..=63).contains(r)).unwrap_or(next.round);
            if session.new_types && next.round != phone.round {
                // A new type: the form starts again at its truth.
                next.values = truthful_values(&session, seat, next.round).unwrap_or(next.values);
            }
            problem.set(save(&id, &next));
            phone.set(next);
        })
    };
    let make_code = {
        let (phone, problem, session, id) = (phone.clone(), problem.clone(), session.clone(), id.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut values = Vec::new();
            for (text, input) in phone.values.iter().zip(session.inputs().unwrap_or_default()) {
                match crate::components::decimal(text) {
                    Some(v) => values.push(v),
                    None => {
                        problem.set(Some(t!("play-type-a-number", label = text_of(&input.label_text))));
                        return;
                    }
                }
            }
            let mut round_session = (*session).clone();
            round_session.round = phone.round;
            let made =
                session.decision_of_values(&values).and_then(|d| round_session.code(seat, Some(&d)).map(|c| (c, d)));
            match made {
                Ok((code, decision)) => {
                    let next = Phone {
                        code: Some(code.to_string()),
                        code_round: phone.round,
                        decision: Some(decision),
                        ..(*phone).clone()
                    };
                    problem.set(save(&id, &next));
                    phone.set(next);
                }
                Err(e) => {
                    problem.set(Some(e.problems.iter().map(crate::i18n::problem_text).collect::<Vec<_>>().join("; ")))
                }
            }
        })
    };
    let leave = {
        let (phone, id) = (phone.clone(), id.clone());
        Callback::from(move |_| {
            let next = Phone { round: phone.round, ..Phone::default() };
            let _ = save(&id, &next);
            phone.set(next);
        })
    };

    html! {
        <section class="page play">
            <h1>{ title }</h1>
            <p id="play-seat-line">{ if session.open_seating {
                    t!("play-seat-line-open", id = id.clone(), seat = seat.to_string())
                } else {
                    t!("play-seat-line", id = id.clone(), seat = seat.to_string())
                } }{ " · " }
                <button type="button" class="link" id="play-leave" onclick={leave}>{ t("play-not-my-seat") }</button></p>
            <h2>{ t("play-private-type") }</h2>
            { type_rows(&kind) }
            <p class="game-rules">{ rules(session.kind.name()) }</p>
            if session.settings["prices"] == serde_json::json!("ec2") {
                <p class="game-rules" id="play-prices">{ t!("play-ec2-prices", price = session.settings["on_demand_price"].as_f64().map(crate::format::short).unwrap_or_default()) }</p>
            }
            <form id="play-decision" onsubmit={make_code}>
                <div class="pair">
                    <label for="play-round">{ t("play-round-label") }</label>
                    <input id="play-round" type="number" min="1" max="63" value={phone.round.to_string()} onchange={on_round} />
                </div>
                { for inputs.iter().enumerate().map(|(i, input)| input_view(i, input, phone.values.get(i).map(String::as_str).unwrap_or(""), on_change.clone())) }
                <button type="submit" id="play-make-code">{ t("play-make-code") }</button>
            </form>
            if let Some(p) = &*problem { <p class="field-problem" role="alert" id="play-problem">{ p }</p> }
            if preview.is_none() && *waiting {
                <p class="hint" id="play-preview-wait" role="status">{ t("play-working-preview") }</p>
            }
            { preview_view(&preview) }
            if let Some(code) = &phone.code {
                <div class="decision-code" aria-live="polite">
                    <h2>{ t!("play-your-code", round = phone.code_round.to_string()) }</h2>
                    <p class="code-text" id="play-code" translate="no">{ code }</p>
                    <QrCodeView text={code.clone()} label={t!("class-qr-of", text = code.clone())} id="play-qr" />
                    <p>{ t("play-code-hint") }</p>
                </div>
            }
        </section>
    }
}
