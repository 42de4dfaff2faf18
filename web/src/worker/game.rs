//! The phone's class-game worker (`play_worker`, issue 36): it previews decisions and closes the
//! round of a results link, off the phone's page.
//!
//! It is a bundle of its own so that `/play`'s first load stays small: the phone's page shows the
//! seat, the type, the form and the code from the game's session alone (`Session` without a run),
//! and only a preview or a results link needs the mechanism's run. The worker links the three
//! games' mechanisms through `runner::run_document` (each game's own mechanism, not the registry),
//! and the page downloads it after its first screen (`services::game_worker`).
//!
//! The protocol is JSON text both ways: the page sends [`Request`]s, the worker says
//! [`Reply::Ready`] once it listens, then one [`Reply::Answer`] per request, in order. A panic is
//! posted as [`Reply::Panic`] (the page fails what it waits for and starts a new worker next time).

use cloudecon::data::Data;
use cloudecon::game::Session;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What the page asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    /// What `decision` would earn `seat` in `round` of the join link's game (`g=…`) if every
    /// other seat told the truth: [`Session::preview`].
    Preview { join: String, round: u32, seat: u32, decision: Value },
    /// The round of a results link (`r=…`), closed: [`Session::close`]'s report.
    Close { results: String },
}

/// A request: its id (the answer carries it), what it asks, and the texts of the data files the
/// game replays (`Session::data_files`: file name, text), which the page fetched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub ask: Ask,
    #[serde(default)]
    pub data: Vec<(String, String)>,
    /// The page's language (a BCP 47 tag): the worker says why it has no answer in it.
    #[serde(default)]
    pub lang: String,
}

/// The messages the worker says (its problems, and the texts of `class-shared`).
/// Every language is compiled in: the worker answers in the phone's language at once.
const MESSAGES: crate::i18n::Messages = crate::messages![inline: "class-shared", core "errors", core "game"];

/// The worker's messages in language `tag`, installed when they are not yet.
fn speak(tag: &str) {
    let lang = crate::i18n::Lang::from_tag(tag).unwrap_or(crate::i18n::Lang::En);
    if !INSTALLED.with(|i| i.replace(Some(lang)) == Some(lang)) {
        crate::i18n::install_in(lang, MESSAGES);
    }
}

thread_local! {
    /// The language the worker's messages are installed in.
    static INSTALLED: std::cell::Cell<Option<crate::i18n::Lang>> = const { std::cell::Cell::new(None) };
}

/// A core text of the games in the current language (its reason, if any, translated too).
pub fn text_of(text: &cloudecon::game::Text) -> String {
    let mut args = crate::i18n::Args::new();
    for (name, value) in &text.args {
        args.set(*name, value.clone());
    }
    if let Some(reason) = &text.reason {
        args.set("reason", text_of(reason));
    }
    crate::i18n::t_args(text.id, &args)
}

/// A game error's problems in the current language, one per line, each after its JSON path (as
/// the error's English `Display` writes them).
pub fn error_text(e: &cloudecon::game::GameError) -> String {
    e.problems.iter().map(|p| format!("{}: {}", p.path, crate::i18n::problem_text(p))).collect::<Vec<_>>().join("\n")
}

/// What the worker says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// The worker has started and listens.
    Ready,
    /// The answer to request `id`: the value, or why there is none (in the page's words).
    Answer { id: u32, result: Result<Value, String> },
    /// The worker panicked (it answers nothing more).
    Panic { message: String },
}

/// The messages of a game error, joined.
fn say(e: &cloudecon::game::GameError) -> String {
    e.problems.iter().map(crate::i18n::problem_text).collect::<Vec<_>>().join("; ")
}

/// The answer to `ask`, the game's data files from `data` (pure: the wasm tests call it without
/// a worker).
pub fn answer(ask: &Ask, data: &Data) -> Result<Value, String> {
    if INSTALLED.with(|i| i.get().is_none()) && crate::i18n::current() == crate::i18n::Lang::En {
        // Nothing installed yet (a test calls this directly): English.
        speak("en");
    }
    match ask {
        Ask::Preview { join, round, seat, decision } => {
            let mut session = Session::from_join(join).map_err(|e| say(&e))?.with_data(data.clone());
            session.round = *round;
            session.preview(*seat, decision).map_err(|e| say(&e))
        }
        Ask::Close { results } => {
            let (session, collected) =
                Session::from_results(results).map_err(|e| crate::t!("class-results-link-broken", why = say(&e)))?;
            let round = session
                .with_data(data.clone())
                .close(&collected)
                .map_err(|e| crate::t!("class-round-cannot-run", why = say(&e)))?;
            Ok(round.report)
        }
    }
}

/// The data files of a request, by name (a name the playground does not ship is left out).
fn data_of(texts: &[(String, String)]) -> Data {
    let mut data = Data::new();
    for (name, text) in texts {
        if let Some(file) = cloudecon::data::ALL.iter().find(|f| f.name == name) {
            data.insert(file, text.clone());
        }
    }
    data
}

/// The answer to one message's text, as the reply's text.
pub fn reply_to(text: &str) -> String {
    let reply = match serde_json::from_str::<Request>(text) {
        Ok(request) => {
            speak(&request.lang);
            Reply::Answer { id: request.id, result: answer(&request.ask, &data_of(&request.data)) }
        }
        // The page sends only requests; anything else is answered as a failure of request 0.
        Err(e) => Reply::Answer { id: 0, result: Err(crate::t!("class-worker-unreadable", error = e.to_string())) },
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// Runs the worker: answers every message, says `Ready`, and posts its panics.
pub fn serve() {
    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else { return };
    {
        let scope = scope.clone();
        std::panic::set_hook(Box::new(move |info| {
            let message = crate::t!("class-worker-stopped", error = info.to_string());
            web_sys::console::error_1(&message.clone().into());
            let text = serde_json::to_string(&Reply::Panic { message }).unwrap_or_default();
            // Already in a panic: nothing more to do if the page cannot be told.
            let _ = scope.post_message(&text.into());
        }));
    }
    let onmessage = {
        let scope = scope.clone();
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            // A page that is gone cannot be told.
            let _ = scope.post_message(&reply_to(&text).into());
        })
    };
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // The worker lives as long as its scope: so does its handler.
    onmessage.forget();
    let _ = scope.post_message(&serde_json::to_string(&Reply::Ready).unwrap_or_default().into());
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wasm_bindgen_test::*;

    use super::*;

    /// A closed round of each game: the worker's answer to its results link is the teacher's
    /// report, and its preview is `Session::preview`.
    #[wasm_bindgen_test]
    fn the_worker_answers_as_the_session_does() {
        for game in ["abacus", "era", "spot"] {
            let session = Session::new(&json!({ "game": game, "seats": 5, "seed": 3, "robots": 1 })).unwrap();
            // The truth; a game without private types (spot) each field's first value.
            let first: Vec<f64> = session.inputs().unwrap().iter().map(|i| i.field.value(0)).collect();
            let code = |seat| {
                session.code(seat, None).or_else(|_| session.code(seat, Some(&session.decision_of_values(&first)?)))
            };
            let codes: String = (1..=4).map(|seat| code(seat).unwrap().to_string() + "\n").collect();
            let round = session.close(&session.collect(&codes).unwrap()).unwrap();
            let link = round.report["results"].as_str().unwrap().to_string();
            // The link carries the decisions, not the codes: the phone's round is the teacher's
            // but for the codes' texts.
            let (linked, decisions) = Session::from_results(&link).unwrap();
            let expected = linked.close(&decisions).unwrap().report;
            assert_eq!(expected["seats"][3]["outcome"], round.report["seats"][3]["outcome"], "{game}");
            assert_eq!(expected["summary"], round.report["summary"], "{game}");
            assert_eq!(answer(&Ask::Close { results: link.clone() }, &Data::new()), Ok(expected.clone()), "{game}");
            let seat = &round.report["seats"][0];
            let preview = Ask::Preview {
                join: format!("g={}", session.join_body()),
                round: 1,
                seat: 1,
                decision: seat["decision"].clone(),
            };
            assert_eq!(answer(&preview, &Data::new()), Ok(session.preview(1, &seat["decision"]).unwrap()), "{game}");
            // Through the message text, as the page sends it.
            let text = serde_json::to_string(&Request {
                id: 7,
                ask: Ask::Close { results: link },
                data: Vec::new(),
                lang: "en".into(),
            })
            .unwrap();
            let reply: Reply = serde_json::from_str(&reply_to(&text)).unwrap();
            assert_eq!(reply, Reply::Answer { id: 7, result: Ok(expected) });
        }
        every_message_again();
    }

    /// The worker installs its own few messages; the tests after it read every area (the wasm
    /// tests share one thread, in an order that changes with the code).
    fn every_message_again() {
        INSTALLED.with(|i| i.set(None));
        crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
    }

    /// The loader's message when the worker's module cannot start (`services::worker_code`) is
    /// a panic to the page.
    #[wasm_bindgen_test]
    fn the_loaders_failure_reads_as_a_panic() {
        let text = r#"{ "panic": { "message": "could not start" } }"#;
        assert_eq!(serde_json::from_str::<Reply>(text).unwrap(), Reply::Panic { message: "could not start".into() });
    }

    /// A damaged link, a seat out of the game and an unreadable message are answered with the
    /// reason, never a panic.
    #[wasm_bindgen_test]
    fn bad_requests_get_reasons() {
        let damaged = answer(&Ask::Close { results: "r=AAAA".into() }, &Data::new()).unwrap_err();
        assert!(damaged.starts_with("This results link cannot be opened"), "{damaged}");
        let session = Session::new(&json!({ "game": "era", "seats": 3, "seed": 1 })).unwrap();
        let outside = Ask::Preview {
            join: format!("g={}", session.join_body()),
            round: 1,
            seat: 9,
            decision: json!({ "bid": 1 }),
        };
        assert!(answer(&outside, &Data::new()).is_err());
        let reply: Reply = serde_json::from_str(&reply_to("{not json")).unwrap();
        assert!(matches!(reply, Reply::Answer { id: 0, result: Err(_) }), "{reply:?}");
        // A game on recorded prices, asked without the file, says which file it needs.
        let ec2 = Session::new(&json!({ "game": "spot", "seats": 2, "seed": 1, "prices": "ec2" })).unwrap();
        let policy = json!({ "family": "rate_centric", "sigma": 0.2, "bid": { "kind": "fixed", "b": 0.05 } });
        let ask = Ask::Preview { join: format!("g={}", ec2.join_body()), round: 1, seat: 1, decision: policy };
        let why = answer(&ask, &Data::new()).unwrap_err();
        assert!(why.contains(cloudecon::data::EC2_M3_MEDIUM.name), "{why}");
        // With an unknown file name only, the same.
        let text = serde_json::to_string(&Request {
            id: 3,
            ask: ask.clone(),
            data: vec![("other.csv".into(), "x".into())],
            lang: "en".into(),
        })
        .unwrap();
        let reply: Reply = serde_json::from_str(&reply_to(&text)).unwrap();
        assert!(matches!(reply, Reply::Answer { id: 3, result: Err(_) }), "{reply:?}");
        // With the file, the preview is the session's.
        let csv = Data::embedded().get(&cloudecon::data::EC2_M3_MEDIUM).unwrap().to_string();
        let data = vec![(cloudecon::data::EC2_M3_MEDIUM.name.to_string(), csv)];
        let text =
            serde_json::to_string(&Request { id: 4, ask: ask.clone(), data: data.clone(), lang: "en".into() }).unwrap();
        let reply: Reply = serde_json::from_str(&reply_to(&text)).unwrap();
        let Ask::Preview { decision, .. } = &ask else { unreachable!() };
        let expected = ec2.with_data(data_of(&data)).preview(1, decision).unwrap();
        assert_eq!(reply, Reply::Answer { id: 4, result: Ok(expected) });
        every_message_again();
    }
}
