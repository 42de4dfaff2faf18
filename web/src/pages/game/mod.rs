//! `/game`: the teacher's page of a live class game (issue 36). The page *is* the market: it
//! makes the session from the teacher's settings, shows the join link and its QR code for the
//! projector, reads decision codes from any pasted text (a chat log, a form export, codes typed
//! one per line), closes the round with the same core code as `cloudecon game close` (the same
//! numbers, the same CSV) and shows the results and the results link. Everything is kept in
//! `localStorage` (a reload loses nothing); closing a round and starting the next can be undone.

use cloudecon::game::{GameKind, Session, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::components::{FileImport, QrCodeView, QrScanner};
use crate::i18n::{t, use_lang};
use crate::services::{data, files, site, storage};
use crate::t;
use crate::worker::game::{error_text, text_of};

const KEY: &str = "teacher";

/// One round: the codes' text as collected, and its results once closed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct RoundRecord {
    round: u32,
    codes: String,
    report: Option<Value>,
    csv: Option<String>,
}

/// Everything the teacher's page keeps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Teacher {
    /// The session file (`Session::to_value`), once started.
    session: Option<Value>,
    rounds: Vec<RoundRecord>,
    /// The state before the last close, next round or end, for Undo.
    #[serde(default)]
    undo: Option<Box<(String, Teacher)>>,
}

impl Teacher {
    fn load() -> Self {
        storage::load_game(KEY).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
    }

    /// The session, holding the data files the page has fetched (a game may replay one).
    fn session(&self) -> Option<Session> {
        let mut s = Session::from_value(self.session.as_ref()?).ok()?;
        let files = s.data_files();
        s = s.with_data(data::held_of(&files));
        s.round = self.rounds.last().map_or(1, |r| r.round);
        Some(s)
    }

    /// The data files the game of a session file replays (none if it cannot be read: reopening
    /// says why).
    fn files_of(text: &str) -> Vec<&'static cloudecon::data::DataFile> {
        let file: Option<Value> = serde_json::from_str(text).ok();
        file.and_then(|f| Session::from_value(&f["session"]).ok()).map(|s| s.data_files()).unwrap_or_default()
    }

    /// The session of a downloaded session file (`Download the session`), every closed round
    /// closed again from its codes (the same numbers), or why the file cannot be reopened.
    fn reopen(&self, text: &str) -> Result<Teacher, String> {
        let file: Value = serde_json::from_str(text).map_err(|e| t!("game-reopen-not-json", error = e.to_string()))?;
        let mut session =
            Session::from_value(&file["session"]).map_err(|e| t!("game-reopen-not-session", why = error_text(&e)))?;
        let files = session.data_files();
        session = session.with_data(data::held_of(&files));
        let rounds = file["rounds"].as_array().ok_or_else(|| t("game-reopen-no-rounds"))?;
        let mut records = Vec::new();
        for (i, r) in rounds.iter().enumerate() {
            let round = (i + 1) as u32;
            if r["round"].as_u64() != Some(u64::from(round)) || round > cloudecon::game::MAX_ROUNDS {
                return Err(t!(
                    "game-reopen-round-numbers",
                    i = i.to_string(),
                    max = cloudecon::game::MAX_ROUNDS.to_string()
                ));
            }
            let codes = r["codes"].as_str().ok_or_else(|| t!("game-reopen-codes-text", i = i.to_string()))?.to_string();
            if codes.len() > cloudecon::game::code::MAX_PASTE {
                return Err(t!(
                    "game-reopen-codes-long",
                    i = i.to_string(),
                    max = cloudecon::game::code::MAX_PASTE.to_string()
                ));
            }
            let mut record = RoundRecord { round, codes, ..RoundRecord::default() };
            if r["closed"].as_bool().unwrap_or(i + 1 < rounds.len()) {
                session.round = round;
                let closed = session
                    .collect(&record.codes)
                    .and_then(|c| session.close(&c))
                    .map_err(|e| t!("game-reopen-round-fails", round = round.to_string(), why = error_text(&e)))?;
                record.report = Some(kept(closed.report));
                record.csv = Some(closed.csv);
            }
            records.push(record);
        }
        if records.is_empty() {
            records.push(RoundRecord { round: 1, ..RoundRecord::default() });
        }
        session.round = 1;
        let what =
            if self.session.is_some() { "reopening a session (the game before it)" } else { "reopening a session" };
        Ok(self.changed(what, |t| {
            t.session = Some(session.to_value());
            t.rounds = records;
        }))
    }

    /// `self` with `text` added to the current round's codes (a paste, or what the camera read),
    /// or why it was not added (the round would hold more than a paste may).
    fn with_codes(&self, text: &str) -> Result<Teacher, String> {
        let max = cloudecon::game::code::MAX_PASTE;
        let held = self.rounds.last().map_or(0, |r| r.codes.len());
        if held + text.len() > max {
            return Err(t!(
                "game-paste-too-long",
                bytes = text.len().to_string(),
                max = (max - held.min(max)).to_string()
            ));
        }
        let mut next = self.clone();
        if let Some(r) = next.rounds.last_mut() {
            if !r.codes.is_empty() {
                r.codes.push('\n');
            }
            r.codes.push_str(text);
        }
        Ok(next)
    }

    /// `self` after `change`, with Undo leading back to `self`.
    fn changed(&self, what: &str, change: impl FnOnce(&mut Teacher)) -> Teacher {
        let mut next = self.clone();
        next.undo = Some(Box::new((what.to_string(), Teacher { undo: None, ..self.clone() })));
        change(&mut next);
        next
    }
}

/// A round's report as the page keeps it: without the round's document and run, which the page
/// never shows and which can be large (a spot game on recorded prices carries the 198 KB price
/// file in its document; every round, and Undo's copy, would keep it in local storage).
fn kept(mut report: Value) -> Value {
    if let Some(map) = report.as_object_mut() {
        map.remove("document");
        map.remove("run");
    }
    report
}

fn save(t: &Teacher) -> Option<String> {
    storage::save_game(KEY, &serde_json::to_string(t).ok()?).err()
}

/// What Undo undoes, in the reader's language (the page keeps it in English).
fn undo_label(what: &str) -> String {
    let round = |prefix: &str| what.strip_prefix(prefix).map(str::to_string);
    match what {
        "starting the game" => t("game-undo-start"),
        "ending the game" => t("game-undo-end"),
        "reopening a session" => t("game-undo-reopen"),
        "reopening a session (the game before it)" => t("game-undo-reopen-over"),
        _ => match (round("closing round "), round("starting round ")) {
            (Some(n), _) => t!("game-undo-close-round", round = n),
            (_, Some(n)) => t!("game-undo-start-round", round = n),
            _ => what.to_string(),
        },
    }
}

/// What a game is, in the reader's language (its title).
pub fn game_title(kind: GameKind) -> String {
    t(&format!("class-title-{}", kind.name()))
}

/// A round's summary field, named in the reader's language.
fn summary_field(k: &str) -> Html {
    const KNOWN: &[&str] = &[
        "players",
        "truthful_decisions",
        "welfare",
        "optimum",
        "efficiency",
        "revenue",
        "converged",
        "weight_report_gains",
        "accepted",
        "optimal_value",
        "optimum_exact",
        "optimal_upper_bound",
        "requested_value",
        "welfare_share_of_requested",
        "utilization",
        "first_fit_welfare",
        "first_fit_efficiency",
        "learner_payoff",
        "learner_expected_payoff",
        "best_policy",
        "best_payoff",
        "regret",
    ];
    if KNOWN.contains(&k) {
        html! { { t(&format!("game-summary-{k}")) } }
    } else {
        html! { <span translate="no">{ k.replace('_', " ") }</span> }
    }
}

fn number(v: &Value) -> String {
    match v.as_f64() {
        Some(x) => crate::format::decimal(x),
        None => match v {
            Value::Null => "—".into(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        },
    }
}

#[component]
pub fn GamePage() -> Html {
    use_lang();
    let teacher = use_state(Teacher::load);
    let problem = use_state(|| None::<String>);
    let set = {
        let (teacher, problem) = (teacher.clone(), problem.clone());
        Callback::from(move |next: Teacher| {
            problem.set(save(&next));
            teacher.set(next);
        })
    };
    let undo_bar = teacher.undo.as_ref().map(|u| {
        let (set, previous) = (set.clone(), u.1.clone());
        let onclick = Callback::from(move |_| set.emit(previous.clone()));
        html! { <p class="undo-bar"><button type="button" id="game-undo" {onclick}>{ t!("game-undo", what = undo_label(&u.0)) }</button></p> }
    });
    // The data files the game replays (recorded spot prices), fetched once; the page draws again
    // when they are at hand.
    let fetched = use_state(|| 0u32);
    // Why the last fetch failed (Close waits for the file; "Try again" fetches it again).
    let data_failure = use_state(|| None::<String>);
    let attempt = use_state(|| 0u32);
    let session = teacher.session();
    let files = session.as_ref().map(|s| s.data_files()).unwrap_or_default();
    let loading = data::pending(&files);
    let loading_what = {
        let missing = data::held_of(&files).missing(&files);
        let names: Vec<String> = missing.iter().map(|f| data::described(f)).collect();
        names.join(&t("data-files-and"))
    };
    {
        let (fetched, data_failure) = (fetched.clone(), data_failure.clone());
        use_effect_with((files.iter().map(|f| f.name).collect::<Vec<_>>(), *attempt), move |_| {
            if data::pending(&files).is_some() {
                data_failure.set(None);
                wasm_bindgen_futures::spawn_local(async move {
                    match data::fetch(&files).await {
                        Ok(()) => fetched.set(*fetched + 1),
                        Err(e) => data_failure.set(Some(t!("game-data-failed", error = e))),
                    }
                });
            }
        });
    }
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let body = match session {
        None => html! { <Setup on_start={set.clone()} teacher={(*teacher).clone()} /> },
        Some(session) => html! { <Market {session} teacher={(*teacher).clone()} on_change={set.clone()} /> },
    };
    html! {
        <section class="page game">
            <h1>{ t("game-title") }</h1>
            { for undo_bar }
            if let Some(p) = &*problem { <p class="field-problem" role="alert" id="game-problem">{ p }</p> }
            if let Some(why) = (*data_failure).clone().filter(|_| loading.is_some()) {
                <p class="field-problem" role="alert" id="game-data-problem">{ why }{ " " }
                    <button type="button" id="game-data-retry" onclick={retry}>{ t("game-try-again") }</button></p>
            } else if loading.is_some() {
                <p class="status" role="status" id="game-data-status">{ t!("game-loading", what = loading_what) }</p>
            }
            { body }
        </section>
    }
}

/// Why a code is refused, in the reader's language.
fn refusal(session: &Session, code: &str) -> String {
    match session.read(code) {
        Err(why) => text_of(&why),
        Ok(_) => String::new(),
    }
}

#[derive(Properties, PartialEq)]
struct SetupProps {
    teacher: Teacher,
    on_start: Callback<Teacher>,
}

/// The on-demand price of m3.medium (Linux, us-east-1) in 2016, USD per hour: the recorded
/// prices' game compares against it (as the `spot-real` preset does).
const EC2_ON_DEMAND: f64 = 0.067;

#[component]
fn Setup(props: &SetupProps) -> Html {
    use_lang();
    let game = use_state(|| "abacus".to_string());
    let seats = use_state(|| "30".to_string());
    let seed = use_state(|| format!("{}", (js_sys::Math::random() * 1e6) as u64));
    let robots = use_state(|| "0".to_string());
    let new_types = use_state(|| false);
    let open_seating = use_state(|| false);
    let prices = use_state(|| "model".to_string());
    let problem = use_state(|| None::<String>);
    let text = |s: &UseStateHandle<String>| {
        let s = s.clone();
        Callback::from(move |e: InputEvent| s.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let onsubmit = {
        let (game, seats, seed, robots, new_types, open_seating, prices, problem, teacher, on_start) = (
            game.clone(),
            seats.clone(),
            seed.clone(),
            robots.clone(),
            new_types.clone(),
            open_seating.clone(),
            prices.clone(),
            problem.clone(),
            props.teacher.clone(),
            props.on_start.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let whole = |t: &str| t.trim().parse::<u64>().ok();
            let (Some(n), Some(s), Some(r)) = (whole(&seats), whole(&seed), whole(&robots)) else {
                problem.set(Some(t("game-whole-numbers")));
                return;
            };
            let mut settings = json!({ "game": *game, "seats": n, "seed": s, "robots": r, "new_types": *new_types, "open_seating": *open_seating });
            if *game == "spot" && *prices == "ec2" {
                // Recorded m3.medium prices, against m3.medium's on-demand price (as `spot-real`).
                settings["prices"] = json!("ec2");
                settings["on_demand_price"] = json!(EC2_ON_DEMAND);
            }
            match Session::new(&settings) {
                Ok(session) => {
                    problem.set(None);
                    on_start.emit(teacher.changed("starting the game", |t| {
                        t.session = Some(session.to_value());
                        t.rounds = vec![RoundRecord { round: 1, ..RoundRecord::default() }];
                    }));
                }
                Err(e) => problem.set(Some(error_text(&e))),
            }
        })
    };
    let reopen_problem = use_state(|| None::<String>);
    let reopen = {
        let (teacher, on_start, reopen_problem) =
            (props.teacher.clone(), props.on_start.clone(), reopen_problem.clone());
        Callback::from(move |text: String| {
            // A game on recorded data closes its rounds again only with the file at hand.
            let files = Teacher::files_of(&text);
            let (teacher, on_start, reopen_problem) = (teacher.clone(), on_start.clone(), reopen_problem.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(e) = data::fetch(&files).await {
                    return reopen_problem.set(Some(t!("game-reopen-data", error = e)));
                }
                match teacher.reopen(&text) {
                    Ok(next) => {
                        reopen_problem.set(None);
                        on_start.emit(next);
                    }
                    Err(why) => reopen_problem.set(Some(why)),
                }
            });
        })
    };
    let on_game = {
        let game = game.clone();
        Callback::from(move |e: Event| game.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_open = {
        let (open_seating, seats) = (open_seating.clone(), seats.clone());
        Callback::from(move |e: Event| {
            let open = e.target_unchecked_into::<HtmlInputElement>().checked();
            open_seating.set(open);
            // Random seats need room: with k phones on n seats, two pick the same seat with
            // chance about k²/2n.
            if open && seats.trim().parse::<u32>().is_ok_and(|n| n < 1000) {
                seats.set("1000".into());
            }
        })
    };
    let on_prices = {
        let prices = prices.clone();
        Callback::from(move |e: Event| prices.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_types = {
        let new_types = new_types.clone();
        Callback::from(move |e: Event| new_types.set(e.target_unchecked_into::<HtmlInputElement>().checked()))
    };
    html! {
        <form id="game-setup" class="game-setup" {onsubmit}>
            <p>{ t("game-intro") }</p>
            <div class="pair"><label for="game-kind">{ t("game-kind") }</label>
                <select id="game-kind" onchange={on_game}>
                    { for GameKind::ALL.iter().map(|k| html! { <option value={k.name()} selected={k.name() == *game}>{ game_title(*k) }</option> }) }
                </select></div>
            if *game == "spot" {
                <div class="pair"><label for="game-prices">{ t("game-prices") }</label>
                    <select id="game-prices" onchange={on_prices}>
                        <option value="model" selected={*prices == "model"}>{ t("game-prices-model") }</option>
                        <option value="ec2" selected={*prices == "ec2"}>{ t("game-prices-ec2") }</option>
                    </select></div>
            }
            <div class="pair"><label for="game-seats">{ t("game-seats") }</label>
                <input id="game-seats" type="text" inputmode="numeric" value={(*seats).clone()} oninput={text(&seats)} /></div>
            <div class="pair"><label for="game-robots">{ t("game-robots") }</label>
                <input id="game-robots" type="text" inputmode="numeric" value={(*robots).clone()} oninput={text(&robots)} /></div>
            <div class="pair"><label for="game-seed">{ t("game-seed") }</label>
                <input id="game-seed" type="text" inputmode="numeric" value={(*seed).clone()} oninput={text(&seed)} /></div>
            <div class="pair"><input id="game-open-seating" type="checkbox" checked={*open_seating} onchange={on_open} />
                <label for="game-open-seating">{ t("game-open-seating") }</label></div>
            if *open_seating {
                <p class="hint" id="game-open-hint">{ t("game-open-hint") }</p>
            }
            <div class="pair"><input id="game-new-types" type="checkbox" checked={*new_types} onchange={on_types} />
                <label for="game-new-types">{ t("game-new-types") }</label></div>
            <button type="submit" id="game-start">{ t("game-start") }</button>
            if let Some(p) = &*problem { <p class="field-problem" role="alert">{ p }</p> }
            <p class="game-reopen">{ t("game-reopen-intro") }{ " " }
                <FileImport id="game-reopen" label={t("game-reopen")} accept=".json,application/json" onload={reopen} /></p>
            if let Some(p) = &*reopen_problem { <p class="field-problem" role="alert" id="game-reopen-problem">{ p }</p> }
        </form>
    }
}

#[derive(Properties, PartialEq)]
struct MarketProps {
    session: Session,
    teacher: Teacher,
    on_change: Callback<Teacher>,
}

#[component]
fn Market(props: &MarketProps) -> Html {
    use_lang();
    let paste = use_state(String::new);
    let failure = use_state(|| None::<String>);
    let session = &props.session;
    let teacher = &props.teacher;
    let current = teacher.rounds.last().cloned().unwrap_or_default();
    let join = format!("{}play#{}", site::root(), session.to_value()["join"].as_str().unwrap_or_default());
    // Read once per change of the round's codes, not on every keystroke in the paste box.
    let collected = use_memo((session.clone(), current.codes.clone()), |(session, codes)| session.collect(codes));
    let collected = (*collected).clone();
    let add = {
        let (paste, teacher, on_change, failure) =
            (paste.clone(), teacher.clone(), props.on_change.clone(), failure.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = (*paste).clone();
            if text.trim().is_empty() {
                return;
            }
            match teacher.with_codes(&text) {
                Ok(next) => {
                    failure.set(None);
                    paste.set(String::new());
                    on_change.emit(next);
                }
                Err(why) => failure.set(Some(why)),
            }
        })
    };
    // The camera's codes: each new text once, as if pasted; the projector says what each was.
    let scanned = use_state(|| None::<String>);
    let on_scan = {
        let (teacher, on_change, failure, scanned, session) =
            (teacher.clone(), props.on_change.clone(), failure.clone(), scanned.clone(), session.clone());
        Callback::from(move |texts: Vec<String>| {
            let held = teacher.rounds.last().map_or("", |r| r.codes.as_str());
            let new: Vec<String> = texts.into_iter().filter(|t| !held.lines().any(|l| l.trim() == t.trim())).collect();
            if new.is_empty() {
                return;
            }
            let text = new.join("\n");
            let said: Vec<String> = match session.collect(&text) {
                Ok(c) => c
                    .entries
                    .iter()
                    .map(|e| match &e.verdict {
                        Verdict::Ok { seat, .. } => t!("game-scan-seat", seat = seat.to_string()),
                        Verdict::Refused(_) => {
                            t!("game-scan-refused", code = e.text.clone(), why = refusal(&session, &e.text))
                        }
                    })
                    .collect(),
                Err(e) => vec![error_text(&e)],
            };
            if said.is_empty() {
                // A QR code that holds no decision code (e.g. the join link itself).
                scanned.set(Some(t!("game-scan-not-code", texts = new.join(", "))));
                return;
            }
            scanned.set(Some(t!("game-scanned", said = said.join(", "))));
            match teacher.with_codes(&text) {
                Ok(next) => on_change.emit(next),
                Err(why) => failure.set(Some(why)),
            }
        })
    };
    let close = {
        let (session, teacher, on_change, failure) =
            (session.clone(), teacher.clone(), props.on_change.clone(), failure.clone());
        Callback::from(move |_| {
            let Some(current) = teacher.rounds.last() else { return };
            let Ok(collected) = session.collect(&current.codes) else { return };
            match session.close(&collected) {
                Ok(round) => {
                    failure.set(None);
                    on_change.emit(teacher.changed(&format!("closing round {}", session.round), |t| {
                        if let Some(r) = t.rounds.last_mut() {
                            r.report = Some(kept(round.report.clone()));
                            r.csv = Some(round.csv.clone());
                        }
                    }))
                }
                Err(e) => failure.set(Some(t!("game-close-failed", why = error_text(&e)))),
            }
        })
    };
    let next_round = {
        let (teacher, on_change, round) = (teacher.clone(), props.on_change.clone(), session.round);
        Callback::from(move |_| {
            on_change.emit(teacher.changed(&format!("starting round {}", round + 1), |t| {
                t.rounds.push(RoundRecord { round: round + 1, ..RoundRecord::default() });
            }))
        })
    };
    let end = {
        let (teacher, on_change) = (teacher.clone(), props.on_change.clone());
        Callback::from(move |_| {
            on_change.emit(teacher.changed("ending the game", |t| {
                t.session = None;
                t.rounds.clear();
            }))
        })
    };
    let download_session = {
        let teacher = teacher.clone();
        Callback::from(move |_| {
            let file = json!({ "session": teacher.session, "rounds": teacher.rounds.iter().map(|r| json!({ "round": r.round, "codes": r.codes, "closed": r.report.is_some() })).collect::<Vec<_>>() });
            let _ = files::download(
                "class-game-session.json",
                "application/json",
                &serde_json::to_string_pretty(&file).unwrap_or_default(),
            );
        })
    };
    let csv = {
        let teacher = teacher.clone();
        Callback::from(move |_| {
            let all: String = teacher
                .rounds
                .iter()
                .filter_map(|r| r.csv.as_ref())
                .enumerate()
                .map(|(i, c)| if i == 0 { c.clone() } else { c.lines().skip(1).map(|l| format!("{l}\n")).collect() })
                .collect();
            let _ = files::download("class-game.csv", "text/csv", &all);
        })
    };
    let oninput = {
        let paste = paste.clone();
        Callback::from(move |e: InputEvent| paste.set(e.target_unchecked_into::<HtmlTextAreaElement>().value()))
    };
    let entries = collected.as_ref().map(|c| c.entries.clone()).unwrap_or_default();
    let decided = collected.as_ref().map_or(0, |c| c.decisions.len());
    let refused = entries.iter().filter(|e| matches!(e.verdict, Verdict::Refused(_))).count();
    let replaced = collected.as_ref().map(|c| c.replaced.clone()).unwrap_or_default();
    html! {
        <>
            <div class="projector" id="game-projector">
                <p class="game-line">{ if session.open_seating {
                    t!("game-line-open", title = game_title(session.kind), id = session.id(), round = session.round.to_string(), decided = decided.to_string())
                } else {
                    t!("game-line", title = game_title(session.kind), id = session.id(), round = session.round.to_string(), decided = decided.to_string(), seats = session.seats.to_string())
                } }</p>
                <QrCodeView text={join.clone()} label={t("game-join-qr")} id="game-join-qr" />
                <p class="join-link"><a id="game-join" href={join.clone()} target="_blank" translate="no">{ join.clone() }</a></p>
            </div>
            if current.report.is_none() {
                <form id="game-collect" onsubmit={add}>
                    <label for="game-paste">{ t!("game-paste", round = session.round.to_string()) }</label>
                    <textarea id="game-paste" rows="4" value={(*paste).clone()} {oninput} />
                    <button type="submit" id="game-read">{ t("game-read") }</button>
                </form>
                <QrScanner on_texts={on_scan} acknowledged={(*scanned).clone().map(AttrValue::from)} />
                if let Err(e) = &collected { <p class="field-problem" role="alert">{ error_text(e) }</p> }
                <p id="game-counts">{ t!("game-counts", codes = entries.len().to_string(), decided = decided.to_string(), refused = refused.to_string(), replaced = replaced.len().to_string()) }</p>
                <ul class="game-codes" id="game-codes">
                    { for entries.iter().rev().map(|e| match &e.verdict {
                        Verdict::Ok { seat, .. } => html! { <li class="ok"><code>{ &e.text }</code>{ " " }{ t!("game-code-seat", seat = seat.to_string()) }</li> },
                        Verdict::Refused(_) => html! { <li class="refused"><code>{ &e.text }</code>{ " " }{ t!("game-code-refused", why = refusal(session, &e.text)) }</li> },
                    }) }
                </ul>
                if let Some(f) = &*failure { <p class="field-problem" role="alert" id="game-paste-problem">{ f }</p> }
                <button type="button" id="game-close" onclick={close} disabled={decided == 0 && session.robots == 0}>{ t!("game-close", round = session.round.to_string()) }</button>
            } else {
                <Results report={current.report.clone().unwrap_or_default()} />
                <p><button type="button" id="game-next" onclick={next_round} disabled={session.round >= cloudecon::game::MAX_ROUNDS}>{ t!("game-next", round = (session.round + 1).to_string()) }</button>
                   { " " }<button type="button" id="game-csv" onclick={csv}>{ t("game-csv") }</button></p>
            }
            <RoundsTable rounds={teacher.rounds.clone()} />
            <p class="game-end"><button type="button" id="game-download" onclick={download_session}>{ t("game-download") }</button>
               { " " }<button type="button" id="game-end" onclick={end}>{ t("game-end") }</button></p>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct ResultsProps {
    report: Value,
}

#[component]
fn Results(props: &ResultsProps) -> Html {
    use_lang();
    let r = &props.report;
    let results = format!("{}play#{}", site::root(), r["results"].as_str().unwrap_or_default());
    let summary = r["summary"].as_object().cloned().unwrap_or_default();
    let seats = r["seats"].as_array().cloned().unwrap_or_default();
    html! {
        <div class="game-results" id="game-results">
            <h2>{ t!("game-results", round = r["round"].to_string()) }</h2>
            <dl class="game-type" id="game-summary">
                { for summary.iter().filter(|(_, v)| !v.is_array() && !v.is_object()).map(|(k, v)| html! { <><dt>{ summary_field(k) }</dt><dd data-field={k.clone()} translate="no">{ number(v) }</dd></> }) }
            </dl>
            <div class="table-scroll">
            <table id="game-seats">
                <thead><tr><th scope="col">{ t("game-col-seat") }</th><th scope="col">{ t("game-col-decision") }</th><th scope="col">{ t("game-col-utility") }</th><th scope="col">{ t("game-col-payment") }</th><th scope="col">{ t("game-col-truth") }</th></tr></thead>
                <tbody>
                    { for seats.iter().map(|s| html! {
                        <tr class={classes!((s["outcome"]["weights_gain"] == json!(true)).then_some("weights-gain"))}>
                            <th scope="row">{ number(&s["seat"]) }</th>
                            <td><code>{ s["decision"].to_string() }</code>
                                if s["outcome"]["weights_gain"] == json!(true) { { " " }<span class="badge" title={t("game-weights-gain.title")}>{ t("game-weights-gain") }</span> }</td>
                            <td data-field="utility">{ number(&s["outcome"]["utility"]) }</td>
                            <td>{ number(&s["outcome"]["payment"]) }</td>
                            <td data-field="truthful">{ number(&s["truthful"]["utility"]) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            <h3>{ t("game-results-phones") }</h3>
            <QrCodeView text={results.clone()} label={t("game-results-qr")} id="game-results-qr" />
            <p class="join-link"><a id="game-results-link" href={results.clone()} target="_blank" translate="no">{ results }</a></p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct RoundsProps {
    rounds: Vec<RoundRecord>,
}

/// The closed rounds side by side: do decisions move toward the truth, does efficiency rise?
#[component]
fn RoundsTable(props: &RoundsProps) -> Html {
    use_lang();
    let closed: Vec<&Value> = props.rounds.iter().filter_map(|r| r.report.as_ref()).collect();
    if closed.len() < 2 {
        return html! {};
    }
    html! {
        <div class="table-scroll">
            <table id="game-rounds">
                <caption>{ t("game-rounds") }</caption>
                <thead><tr><th scope="col">{ t("game-rounds-round") }</th><th scope="col">{ t("game-rounds-seats") }</th><th scope="col">{ t("game-rounds-truthful") }</th>
                    <th scope="col">{ t("game-rounds-efficiency") }</th><th scope="col">{ t("game-rounds-revenue") }</th><th scope="col">{ t("game-rounds-gain") }</th></tr></thead>
                <tbody>
                    { for closed.iter().map(|r| {
                        let seats = r["seats"].as_array().cloned().unwrap_or_default();
                        let gains: Vec<f64> = seats.iter().filter_map(|s| Some(s["truthful"]["utility"].as_f64()? - s["outcome"]["utility"].as_f64()?)).collect();
                        let mean = if gains.is_empty() { Value::Null } else { json!(gains.iter().sum::<f64>() / gains.len() as f64) };
                        html! {
                            <tr>
                                <th scope="row">{ number(&r["round"]) }</th>
                                <td>{ seats.len() }</td>
                                <td>{ number(&r["summary"]["truthful_decisions"]) }</td>
                                <td>{ number(&r["summary"]["efficiency"]) }</td>
                                <td>{ number(&r["summary"]["revenue"]) }</td>
                                <td>{ number(&mean) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
