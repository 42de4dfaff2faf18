//! A game session, its codes and links, and closing a round — generic over [`Game`].
//!
//! * **Session** (JSON): `{"game", "id", "seed", "seats", "robots", "new_types", "open_seating", "round",
//!   "settings": {…the game's own…}, "join"}`. The teacher's form and `cloudecon game new` take
//!   the same fields flat (`{"game": "abacus", "seats": 12, "seed": 7, …}`), every field but
//!   `game`, `seats` and `seed` optional.
//! * **Join link** `g=` + base64url of the raw-deflated settings as JSON, fields at their default
//!   left out (the share links' codec). The game's **id** is 20 bits of a hash of that JSON.
//! * **Code**: version (3 bits), game id (20), round (6), seat (10), then each decision field's
//!   index in as few bits as its number of values needs; see [`super::code`] for the symbols.
//! * **Results link** `r=` + the join body, `.`, the round, `.`, and base32 of one bit per seat
//!   (whether it decided) followed by its decision's field indices. A phone runs the round itself
//!   from it — the same document, the same run, the same numbers as the teacher's page.

use std::collections::BTreeMap;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::code::{self, Bits, Code};
use super::{Field, Game, GameKind, GameVisitor, Player, Seat, Text, MAX_ROBOTS, MAX_ROUNDS, MAX_SEATS, VERSION};
use crate::data::{Data, DataFile};
use crate::error::{Problems, ScenarioError};
use crate::sim::{seeded_rng, Rng};

/// Invalid settings, sessions, decisions or links: problems with JSON paths.
pub type GameError = ScenarioError;

/// The largest join or results link body read (a hostile fragment is refused before inflating).
pub const MAX_LINK_BODY: usize = 16 * 1024;
/// The largest settings JSON inflated from a link.
const MAX_INFLATED: usize = 64 * 1024;

/// The fields every game has, besides its own settings.
const COMMON: &[&str] = &["game", "seats", "seed", "robots", "new_types", "open_seating"];

/// A game session: the game, its settings and the round being played.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub kind: GameKind,
    pub seats: u32,
    pub seed: u64,
    pub robots: u32,
    /// Whether each round draws new private types (else every round keeps round 1's).
    pub new_types: bool,
    /// Open seating: no numbered cards; each phone picks a random seat (so use many more seats
    /// than students).
    pub open_seating: bool,
    pub round: u32,
    /// The game's own settings, complete (defaults filled in).
    pub settings: Value,
    /// The settings as the join link carries them (defaults left out), canonical JSON.
    compact: String,
    /// The texts of the data files the game replays ([`Session::data_files`]; e.g. recorded spot
    /// prices). Not part of the session's JSON or links: the runner has them compiled in, a page
    /// fetches them from the playground's `data/` folder.
    pub data: Data,
}

/// A problem at `path` given as data (`core/locales/{lang}/game.ftl`).
fn err(path: &str, text: Text) -> GameError {
    ScenarioError { problems: vec![text.at(path)] }
}

/// A problem at `path` in words of another library (serde's, the CSV writer's), English only:
/// the settings and decisions it reads are written by the pages (a teacher's validated link,
/// the phone's own form), and serde's words in the phone's language would cost its bundle
/// (issue 36's line) what it does not have. A join link's settings that serde refuses reach a
/// phone as `game-err-link-setting` instead ([`Session::from_join`]).
fn plain(path: &str, message: impl Into<String>) -> GameError {
    ScenarioError::single(path, message)
}

/// Message `id` of `game.ftl` with arguments.
fn text(id: &'static str, args: Vec<(&'static str, String)>) -> Text {
    Text::new(id, args)
}

/// A damaged link at a seat: message `id` with the seat and what is wrong with its decision.
fn damaged_seat(id: &'static str, seat: u32, reason: Text) -> Text {
    Text::within(id, vec![("seat", seat.to_string())], reason)
}

/// A damaged link: "is damaged: " and message `id`.
fn damaged(id: &'static str, args: Vec<(&'static str, String)>) -> Text {
    Text::within("game-err-link-damaged", vec![], Text::new(id, args))
}

/// "must be a whole number from `min` to `max`, got `value`".
fn whole(min: u32, max: u32, value: &Value) -> Text {
    text(
        "game-err-whole-from-to",
        vec![("min", min.to_string()), ("max", max.to_string()), ("value", value.to_string())],
    )
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn read_settings<G: Game>(value: &Value, path: &str) -> Result<G::Settings, GameError> {
    let settings: G::Settings = serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        let at =
            if at == "." { path.to_string() } else { format!("{path}{}{at}", if path.is_empty() { "" } else { "." }) };
        plain(if at.is_empty() { "settings" } else { &at }, e.into_inner().to_string())
    })?;
    let mut problems = Problems::new();
    G::check(&settings, &mut problems);
    if path.is_empty() {
        problems.into_result()?;
    } else {
        let mut outer = Problems::new();
        outer.nested(path, |p| p.append(problems));
        outer.into_result()?;
    }
    Ok(settings)
}

impl Session {
    /// A new session (round 1) from the teacher's settings: `{"game", "seats", "seed", …}`.
    pub fn new(input: &Value) -> Result<Self, GameError> {
        let Value::Object(map) = input else {
            return Err(err("settings", text("game-err-settings-object", vec![])));
        };
        let name = map.get("game").ok_or_else(|| err("game", text("game-err-game-missing", vec![])))?;
        let kind = name.as_str().and_then(GameKind::from_name).ok_or_else(|| {
            let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            err("game", text("game-err-game-unknown", vec![("names", names.join(", ")), ("value", name.to_string())]))
        })?;
        let seats = match map.get("seats") {
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=u64::from(MAX_SEATS)).contains(n))
                .ok_or_else(|| err("seats", whole(1, MAX_SEATS, v)))? as u32,
            None => return Err(err("seats", text("game-err-seats-missing", vec![]))),
        };
        let seed = match map.get("seed") {
            Some(v) => {
                v.as_u64().ok_or_else(|| err("seed", text("game-err-seed-whole", vec![("value", v.to_string())])))?
            }
            None => return Err(err("seed", text("game-err-seed-missing", vec![]))),
        };
        let robots = match map.get("robots") {
            Some(v) => v
                .as_u64()
                .filter(|n| *n <= u64::from(MAX_ROBOTS))
                .ok_or_else(|| err("robots", whole(0, MAX_ROBOTS, v)))? as u32,
            None => 0,
        };
        let new_types = match map.get("new_types") {
            Some(v) => {
                v.as_bool().ok_or_else(|| err("new_types", text("game-err-bool", vec![("value", v.to_string())])))?
            }
            None => false,
        };
        let open_seating = match map.get("open_seating") {
            Some(v) => {
                v.as_bool().ok_or_else(|| err("open_seating", text("game-err-bool", vec![("value", v.to_string())])))?
            }
            None => false,
        };
        let own: Map<String, Value> =
            map.iter().filter(|(k, _)| !COMMON.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect();
        struct Read(Value);
        impl GameVisitor for Read {
            type Out = Result<(Value, Value), GameError>;
            fn visit<G: Game>(self) -> Self::Out {
                let settings = read_settings::<G>(&self.0, "")?;
                let full = serde_json::to_value(&settings).map_err(|e| plain("settings", e.to_string()))?;
                let default =
                    serde_json::to_value(G::Settings::default()).map_err(|e| plain("settings", e.to_string()))?;
                let mut compact = Map::new();
                if let (Value::Object(full), Value::Object(default)) = (&full, &default) {
                    for (k, v) in full {
                        if default.get(k) != Some(v) {
                            compact.insert(k.clone(), v.clone());
                        }
                    }
                }
                Ok((full, Value::Object(compact)))
            }
        }
        let (settings, own_compact) = kind.visit(Read(Value::Object(own)))?;
        let mut compact = Map::new();
        compact.insert("game".into(), json!(kind.name()));
        compact.insert("seats".into(), json!(seats));
        compact.insert("seed".into(), json!(seed));
        if robots != 0 {
            compact.insert("robots".into(), json!(robots));
        }
        if new_types {
            compact.insert("new_types".into(), json!(true));
        }
        if open_seating {
            compact.insert("open_seating".into(), json!(true));
        }
        if let Value::Object(own) = own_compact {
            compact.extend(own);
        }
        let compact = serde_json::to_string(&Value::Object(compact)).map_err(|e| plain("settings", e.to_string()))?;
        Ok(Session {
            kind,
            seats,
            seed,
            robots,
            new_types,
            open_seating,
            round: 1,
            settings,
            compact,
            data: Data::new(),
        })
    }

    /// A session file (as [`Session::to_value`] writes it): its settings, round and id checked.
    pub fn from_value(value: &Value) -> Result<Self, GameError> {
        let Value::Object(map) = value else {
            return Err(err("session", text("game-err-session-object", vec![])));
        };
        let mut input = Map::new();
        for key in COMMON {
            if let Some(v) = map.get(*key) {
                input.insert((*key).into(), v.clone());
            }
        }
        match map.get("settings") {
            Some(Value::Object(own)) => {
                for (k, v) in own {
                    if COMMON.contains(&k.as_str()) {
                        return Err(err(&format!("settings.{k}"), text("game-err-outside-settings", vec![])));
                    }
                    input.insert(k.clone(), v.clone());
                }
            }
            Some(other) => {
                return Err(err("settings", text("game-err-not-object", vec![("value", other.to_string())])))
            }
            None => {}
        }
        for key in map.keys() {
            if !COMMON.contains(&key.as_str()) && !["id", "round", "settings", "join"].contains(&key.as_str()) {
                return Err(err(key, text("game-err-not-session-field", vec![])));
            }
        }
        let mut session = Session::new(&Value::Object(input)).map_err(|e| {
            let problems = e.problems.into_iter().map(|p| {
                let own = !COMMON.iter().any(|c| p.path == *c || p.path.starts_with(&format!("{c}.")));
                let path = if own && p.path != "settings" { format!("settings.{}", p.path) } else { p.path.clone() };
                crate::error::Problem { path: crate::error::bounded(&path), ..p }
            });
            ScenarioError { problems: problems.collect() }
        })?;
        if let Some(round) = map.get("round") {
            session.round = round
                .as_u64()
                .filter(|r| (1..=u64::from(MAX_ROUNDS)).contains(r))
                .ok_or_else(|| err("round", whole(1, MAX_ROUNDS, round)))? as u32;
        }
        if let Some(id) = map.get("id") {
            if id.as_str() != Some(session.id().as_str()) {
                return Err(err("id", text("game-err-id-mismatch", vec![("id", session.id())])));
            }
        }
        Ok(session)
    }

    /// The session as JSON (what `cloudecon game new` prints and the teacher's page saves).
    pub fn to_value(&self) -> Value {
        json!({
            "game": self.kind.name(),
            "id": self.id(),
            "seed": self.seed,
            "seats": self.seats,
            "robots": self.robots,
            "new_types": self.new_types,
            "open_seating": self.open_seating,
            "round": self.round,
            "settings": self.settings,
            "join": format!("g={}", self.join_body()),
        })
    }

    /// The data files a round of this game replays (closing or previewing needs their texts in
    /// [`Session::data`]).
    pub fn data_files(&self) -> Vec<&'static DataFile> {
        struct Files<'a>(&'a Session);
        impl GameVisitor for Files<'_> {
            type Out = Vec<&'static DataFile>;
            fn visit<G: Game>(self) -> Self::Out {
                read_settings::<G>(&self.0.settings, "settings").map(|s| G::data(&s)).unwrap_or_default()
            }
        }
        self.kind.visit(Files(self))
    }

    /// The same session holding `data` (only the files it replays are used).
    pub fn with_data(mut self, data: Data) -> Self {
        self.data = data;
        self
    }

    /// The game's id: 20 bits of a hash of its settings.
    pub fn id_bits(&self) -> u64 {
        fnv1a(self.compact.as_bytes()) & 0xF_FFFF
    }

    /// The id as four symbols.
    pub fn id(&self) -> String {
        let mut bits = Bits::new();
        bits.push(self.id_bits(), 20);
        bits.to_text()
    }

    /// The join link's fragment body (after `g=`).
    pub fn join_body(&self) -> String {
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(self.compact.as_bytes(), 9))
    }

    /// The session of a join link's fragment (`#g=…`, `g=…` or the body alone), at round 1.
    pub fn from_join(fragment: &str) -> Result<Self, GameError> {
        let body = fragment.trim().trim_start_matches('#');
        let body = body.strip_prefix("g=").unwrap_or(body);
        if body.len() > MAX_LINK_BODY {
            return Err(err("link", text("game-err-join-too-long", vec![])));
        }
        let bytes =
            URL_SAFE_NO_PAD.decode(body).map_err(|_| err("link", damaged("game-err-link-not-base64", vec![])))?;
        let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED)
            .map_err(|_| err("link", damaged("game-err-link-not-deflate", vec![])))?;
        let value: Value =
            serde_json::from_slice(&inflated).map_err(|_| err("link", damaged("game-err-link-not-json", vec![])))?;
        // A page wrote these settings, so serde refusing one is a damaged link: said as data at
        // the field, in the phone's language, without serde's English (`plain`).
        Session::new(&value).map_err(|mut e| {
            for p in e.problems.iter_mut().filter(|p| p.id.is_none()) {
                *p = text("game-err-link-setting", vec![]).at(&p.path);
            }
            e
        })
    }

    /// The private-type generator of a player: one stream per seat (or robot) and type round.
    fn rng(&self, seat: Seat) -> Rng {
        let type_round = if self.new_types { u64::from(self.round) } else { 1 };
        let (tag, n) = match seat {
            Seat::Student(n) => (1u64, n),
            Seat::Robot(n) => (2u64, n),
        };
        seeded_rng(splitmix(self.seed ^ splitmix(tag << 40 | type_round << 20 | u64::from(n))))
    }

    fn seat_problem(&self, seat: u32) -> Option<Text> {
        (seat == 0 || seat > self.seats).then(|| {
            text("game-err-seat-not-in-game", vec![("seat", seat.to_string()), ("seats", self.seats.to_string())])
        })
    }

    /// A seat's private type, as JSON.
    pub fn seat_type(&self, seat: u32) -> Result<Value, GameError> {
        if let Some(p) = self.seat_problem(seat) {
            return Err(err("seat", p));
        }
        self.kind.visit(TypeOf(self, seat))
    }

    /// The code a seat's phone shows for a decision (`None`: the truthful one) in this round.
    pub fn code(&self, seat: u32, decision: Option<&Value>) -> Result<Code, GameError> {
        if let Some(p) = self.seat_problem(seat) {
            return Err(err("seat", p));
        }
        if !(1..=MAX_ROUNDS).contains(&self.round) {
            return Err(err(
                "round",
                text(
                    "game-err-from-to",
                    vec![("min", "1".into()), ("max", MAX_ROUNDS.to_string()), ("value", self.round.to_string())],
                ),
            ));
        }
        self.kind.visit(MakeCode(self, seat, decision))
    }

    /// The decision form a phone shows.
    pub fn inputs(&self) -> Result<Vec<super::Input>, GameError> {
        struct Inputs<'a>(&'a Session);
        impl GameVisitor for Inputs<'_> {
            type Out = Result<Vec<super::Input>, GameError>;
            fn visit<G: Game>(self) -> Self::Out {
                Ok(G::inputs(&read_settings::<G>(&self.0.settings, "settings")?))
            }
        }
        self.kind.visit(Inputs(self))
    }

    /// A decision (JSON) from the form's values, one per input (each one of its field's values).
    pub fn decision_of_values(&self, values: &[f64]) -> Result<Value, GameError> {
        struct Of<'a>(&'a Session, &'a [f64]);
        impl GameVisitor for Of<'_> {
            type Out = Result<Value, GameError>;
            fn visit<G: Game>(self) -> Self::Out {
                let settings = read_settings::<G>(&self.0.settings, "settings")?;
                let fields = G::fields(&settings);
                if fields.len() != self.1.len() {
                    return Err(err(
                        "decision",
                        text(
                            "game-err-values-count",
                            vec![("n", fields.len().to_string()), ("got", self.1.len().to_string())],
                        ),
                    ));
                }
                for (f, v) in fields.iter().zip(self.1) {
                    f.index(*v).map_err(|m| err("decision", m))?;
                }
                let d = G::from_values(&settings, self.1).map_err(|m| err("decision", m))?;
                Ok(decision_value::<G>(&d))
            }
        }
        self.kind.visit(Of(self, values))
    }

    /// The form's values of a decision (JSON), or of the seat's truthful one (`None`).
    pub fn values_of(&self, seat: u32, decision: Option<&Value>) -> Result<Vec<f64>, GameError> {
        struct Values<'a>(&'a Session, u32, Option<&'a Value>);
        impl GameVisitor for Values<'_> {
            type Out = Result<Vec<f64>, GameError>;
            fn visit<G: Game>(self) -> Self::Out {
                let Values(session, seat, decision) = self;
                let settings = read_settings::<G>(&session.settings, "settings")?;
                let d = match decision {
                    Some(v) => decision_of::<G>(&settings, v, "decision")?,
                    None => {
                        let kind = G::draw(&settings, &mut session.rng(Seat::Student(seat)));
                        G::truthful(&settings, &kind).map_err(|m| err("decision", m))?
                    }
                };
                Ok(G::to_values(&d))
            }
        }
        if let Some(p) = self.seat_problem(seat) {
            return Err(err("seat", p));
        }
        self.kind.visit(Values(self, seat, decision))
    }

    /// What one piece of text (one code) means in this round.
    pub fn check(&self, text: &str) -> Verdict {
        match self.read(text) {
            Ok((seat, decision)) => Verdict::Ok { seat, decision },
            Err(why) => Verdict::Refused(why.english()),
        }
    }

    /// What one code means in this round: its seat and decision, or why it is refused (as data,
    /// for a page in another language; [`Session::check`] says it in English).
    pub fn read(&self, text: &str) -> Result<(u32, Value), Text> {
        match Code::parse(text) {
            Err(e) => Err(e.text()),
            Ok(code) => self.kind.visit(ReadCode(self, &code)),
        }
    }

    /// Every code found in `text` (a paste, a chat log, a form export), in order, with its verdict;
    /// the newest code of each seat wins.
    pub fn collect(&self, text: &str) -> Result<Collected, GameError> {
        if text.len() > code::MAX_PASTE {
            return Err(err(
                "codes",
                Text::new(
                    "game-err-paste-too-long",
                    vec![("bytes", text.len().to_string()), ("max", code::MAX_PASTE.to_string())],
                ),
            ));
        }
        let mut collected = Collected::default();
        for piece in code::find(text) {
            let verdict = self.check(piece);
            if let Verdict::Ok { seat, decision } = &verdict {
                if let Some(old) = collected.decisions.insert(*seat, (piece.to_string(), decision.clone())) {
                    collected.replaced.push(Replaced { seat: *seat, code: old.0 });
                }
            }
            collected.entries.push(Entry { text: piece.to_string(), verdict });
        }
        Ok(collected)
    }

    /// Closes the round on the collected decisions: runs it and what each seat would have earned
    /// by telling the truth.
    pub fn close(&self, collected: &Collected) -> Result<Round, GameError> {
        self.kind.visit(Close(self, collected))
    }

    /// What a seat's decision would earn in this round if every other seat told the truth (in a
    /// game without private types, the seat alone) and the robots played as they do: the
    /// phone's preview. `{"outcome": …, "truthful": {"decision", "outcome"} | null}`.
    pub fn preview(&self, seat: u32, decision: &Value) -> Result<Value, GameError> {
        if let Some(p) = self.seat_problem(seat) {
            return Err(err("seat", p));
        }
        self.kind.visit(Preview(self, seat, decision))
    }

    /// The round of a results link (`#r=…`, `r=…` or the body): its session, round and decisions.
    pub fn from_results(fragment: &str) -> Result<(Self, Collected), GameError> {
        let body = fragment.trim().trim_start_matches('#');
        let body = body.strip_prefix("r=").unwrap_or(body);
        if body.len() > MAX_LINK_BODY {
            return Err(err("link", text("game-err-results-too-long", vec![])));
        }
        let mut parts = body.split('.');
        let (Some(join), Some(round), Some(decided), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(err("link", damaged("game-err-link-parts", vec![])));
        };
        let mut session = Session::from_join(join)?;
        session.round = round
            .parse::<u32>()
            .ok()
            .filter(|r| (1..=MAX_ROUNDS).contains(r))
            .ok_or_else(|| err("link", damaged("game-err-link-round", vec![])))?;
        let bits = Bits::from_text(decided).ok_or_else(|| err("link", damaged("game-err-link-not-base32", vec![])))?;
        let collected = session.kind.visit(ReadResults(&session, &bits))?;
        Ok((session, collected))
    }
}

/// The verdict on one code.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Ok { seat: u32, decision: Value },
    Refused(String),
}

/// One code found in a text.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub text: String,
    pub verdict: Verdict,
}

/// A code replaced by a newer one of the same seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replaced {
    pub seat: u32,
    pub code: String,
}

/// The codes of a round: every one found, and the newest decision of each seat.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Collected {
    pub entries: Vec<Entry>,
    /// Seat → (its newest code, its decision).
    pub decisions: BTreeMap<u32, (String, Value)>,
    pub replaced: Vec<Replaced>,
}

/// A closed round.
#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    /// The whole report (`cloudecon game close`'s JSON).
    pub report: Value,
    /// One CSV row per seat that decided (the page's download, byte for byte).
    pub csv: String,
}

fn decision_value<G: Game>(d: &G::Decision) -> Value {
    serde_json::to_value(d).unwrap_or(Value::Null)
}

fn decision_of<G: Game>(settings: &G::Settings, value: &Value, path: &str) -> Result<G::Decision, GameError> {
    let d: G::Decision = serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        plain(if at == "." { path } else { &at }, e.into_inner().to_string())
    })?;
    // Through the fields, so a decision a code cannot carry is refused here too.
    let values = G::to_values(&d);
    let fields = G::fields(settings);
    for (f, v) in fields.iter().zip(&values) {
        f.index(*v).map_err(|m| err(path, m))?;
    }
    Ok(d)
}

struct TypeOf<'a>(&'a Session, u32);
impl GameVisitor for TypeOf<'_> {
    type Out = Result<Value, GameError>;
    fn visit<G: Game>(self) -> Self::Out {
        let settings = read_settings::<G>(&self.0.settings, "settings")?;
        let kind = G::draw(&settings, &mut self.0.rng(Seat::Student(self.1)));
        serde_json::to_value(kind).map_err(|e| plain("type", e.to_string()))
    }
}

struct MakeCode<'a>(&'a Session, u32, Option<&'a Value>);
impl GameVisitor for MakeCode<'_> {
    type Out = Result<Code, GameError>;
    fn visit<G: Game>(self) -> Self::Out {
        let MakeCode(session, seat, decision) = self;
        let settings = read_settings::<G>(&session.settings, "settings")?;
        let kind = G::draw(&settings, &mut session.rng(Seat::Student(seat)));
        let decision = match decision {
            Some(v) => decision_of::<G>(&settings, v, "decision")?,
            None => G::truthful(&settings, &kind).map_err(|m| err("decision", m))?,
        };
        G::admissible(&settings, &kind, &decision).map_err(|m| err("decision", m))?;
        let mut bits = Bits::new();
        bits.push(VERSION, 3);
        bits.push(session.id_bits(), 20);
        bits.push(u64::from(session.round), 6);
        bits.push(u64::from(seat), 10);
        for (f, v) in G::fields(&settings).iter().zip(G::to_values(&decision)) {
            bits.push(f.index(v).map_err(|m| err("decision", m))?, f.width());
        }
        Code::of_bits(&bits).ok_or_else(|| err("decision", text("game-err-too-many-bits", vec![])))
    }
}

/// Field indices read back into a decision.
fn read_decision<G: Game>(settings: &G::Settings, fields: &[Field], r: &mut code::Reader) -> Result<G::Decision, Text> {
    let mut values = Vec::with_capacity(fields.len());
    for f in fields {
        let k = r.take(f.width()).ok_or_else(|| text("game-err-decision-short", vec![]))?;
        if k >= f.count {
            return Err(text("game-err-no-such-field", vec![("field", f.name.to_string())]));
        }
        values.push(f.value(k));
    }
    G::from_values(settings, &values)
}

struct ReadCode<'a>(&'a Session, &'a Code);
impl GameVisitor for ReadCode<'_> {
    type Out = Result<(u32, Value), Text>;
    fn visit<G: Game>(self) -> Self::Out {
        let ReadCode(session, code) = self;
        let refuse = |id: &'static str, args: Vec<(&'static str, String)>| Err(text(id, args));
        let Ok(settings) = read_settings::<G>(&session.settings, "settings") else {
            return refuse("game-err-code-settings", vec![]);
        };
        let bits = code.bits();
        let mut r = bits.reader();
        let (Some(version), Some(id), Some(round), Some(seat)) = (r.take(3), r.take(20), r.take(6), r.take(10)) else {
            return refuse("game-err-code-short", vec![]);
        };
        if version != VERSION {
            return refuse(
                "game-err-code-version",
                vec![("version", version.to_string()), ("reads", VERSION.to_string())],
            );
        }
        if id != session.id_bits() {
            return refuse("game-err-code-other-game", vec![]);
        }
        if round != u64::from(session.round) {
            return refuse(
                "game-err-code-round",
                vec![("round", round.to_string()), ("current", session.round.to_string())],
            );
        }
        let seat = seat as u32;
        if let Some(p) = session.seat_problem(seat) {
            return Err(p);
        }
        let fields = G::fields(&settings);
        let decision = match read_decision::<G>(&settings, &fields, &mut r) {
            Ok(d) => d,
            Err(m) => return Err(Text::within("game-err-code-seat", vec![("seat", seat.to_string())], m)),
        };
        if r.remaining() >= 5 || !r.rest_is_zero() {
            return refuse("game-err-code-long", vec![]);
        }
        let kind = G::draw(&settings, &mut session.rng(Seat::Student(seat)));
        if let Err(m) = G::admissible(&settings, &kind, &decision) {
            return Err(Text::within("game-err-seat-colon", vec![("seat", seat.to_string())], m));
        }
        Ok((seat, decision_value::<G>(&decision)))
    }
}

struct ReadResults<'a>(&'a Session, &'a Bits);
impl GameVisitor for ReadResults<'_> {
    type Out = Result<Collected, GameError>;
    fn visit<G: Game>(self) -> Self::Out {
        let ReadResults(session, bits) = self;
        let settings = read_settings::<G>(&session.settings, "settings")?;
        let fields = G::fields(&settings);
        let mut r = bits.reader();
        let mut collected = Collected::default();
        for seat in 1..=session.seats {
            let present = r.take(1).ok_or_else(|| err("link", damaged("game-err-link-early", vec![])))?;
            if present == 1 {
                let d = read_decision::<G>(&settings, &fields, &mut r)
                    .map_err(|m| err("link", damaged_seat("game-err-link-seat", seat, m)))?;
                let kind = G::draw(&settings, &mut session.rng(Seat::Student(seat)));
                G::admissible(&settings, &kind, &d)
                    .map_err(|m| err("link", damaged_seat("game-err-link-seat-colon", seat, m)))?;
                collected.decisions.insert(seat, (String::new(), decision_value::<G>(&d)));
            }
        }
        if r.remaining() >= 5 || !r.rest_is_zero() {
            return Err(err("link", damaged("game-err-link-long", vec![])));
        }
        Ok(collected)
    }
}

struct Preview<'a>(&'a Session, u32, &'a Value);
impl GameVisitor for Preview<'_> {
    type Out = Result<Value, GameError>;
    fn visit<G: Game>(self) -> Self::Out {
        let Preview(session, seat, value) = self;
        let settings = read_settings::<G>(&session.settings, "settings")?;
        let decision = decision_of::<G>(&settings, value, "decision")?;
        let mut players: Vec<Player<G>> = Vec::new();
        let mut mine = 0;
        for s in 1..=session.seats {
            let kind = G::draw(&settings, &mut session.rng(Seat::Student(s)));
            if s == seat {
                G::admissible(&settings, &kind, &decision).map_err(|m| err("decision", m))?;
                mine = players.len();
                players.push(Player { seat: Seat::Student(s), kind, decision: decision.clone() });
            } else if let Ok(truth) = G::truthful(&settings, &kind) {
                players.push(Player { seat: Seat::Student(s), kind, decision: truth });
            }
        }
        for n in 1..=session.robots {
            let kind = G::draw(&settings, &mut session.rng(Seat::Robot(n)));
            let decision = G::robot(&settings, &kind, n);
            players.push(Player { seat: Seat::Robot(n), kind, decision });
        }
        let (_, _, outcomes) = play::<G>(session, &settings, &players)?;
        let outcome = outcomes.get(mine).cloned().ok_or_else(|| err("run", text("game-err-no-outcome", vec![])))?;
        let truthful = match G::truthful(&settings, &players[mine].kind) {
            Ok(truth) if G::TRUTHFUL => {
                let utility = if truth == decision {
                    utility_of(&outcome)
                } else if let Some(u) = G::truthful_utility(&settings, &players[mine], &outcome) {
                    u
                } else {
                    players[mine].decision = truth.clone();
                    let (_, _, o) = play::<G>(session, &settings, &players)?;
                    o.get(mine).map_or(f64::NEG_INFINITY, utility_of)
                };
                json!({ "decision": decision_value::<G>(&truth), "utility": utility })
            }
            _ => Value::Null,
        };
        Ok(json!({ "outcome": outcome, "truthful": truthful }))
    }
}

struct Close<'a>(&'a Session, &'a Collected);
impl GameVisitor for Close<'_> {
    type Out = Result<Round, GameError>;
    fn visit<G: Game>(self) -> Self::Out {
        let Close(session, collected) = self;
        let settings = read_settings::<G>(&session.settings, "settings")?;
        let fields = G::fields(&settings);
        let mut players: Vec<Player<G>> = Vec::new();
        let mut results_bits = Bits::new();
        for seat in 1..=session.seats {
            let decided = collected.decisions.get(&seat);
            results_bits.push(u64::from(decided.is_some()), 1);
            if let Some((_, value)) = decided {
                let decision = decision_of::<G>(&settings, value, &format!("decisions.{seat}"))?;
                for (f, v) in fields.iter().zip(G::to_values(&decision)) {
                    results_bits.push(f.index(v).map_err(|m| err("decision", m))?, f.width());
                }
                let kind = G::draw(&settings, &mut session.rng(Seat::Student(seat)));
                players.push(Player { seat: Seat::Student(seat), kind, decision });
            }
        }
        for n in 1..=session.robots {
            let kind = G::draw(&settings, &mut session.rng(Seat::Robot(n)));
            let decision = G::robot(&settings, &kind, n);
            players.push(Player { seat: Seat::Robot(n), kind, decision });
        }
        if players.is_empty() {
            return Err(err("codes", text("game-err-nothing-to-run", vec![])));
        }
        let (document, run, outcomes) = play::<G>(session, &settings, &players)?;
        // What telling the truth would have earned, the others' decisions unchanged.
        let mut truthful: Vec<Option<(Value, f64)>> = vec![None; players.len()];
        if G::TRUTHFUL {
            for (i, p) in players.iter().enumerate() {
                let Seat::Student(_) = p.seat else { continue };
                let Ok(truth) = G::truthful(&settings, &p.kind) else { continue };
                let utility = if truth == p.decision {
                    utility_of(&outcomes[i])
                } else if let Some(u) = G::truthful_utility(&settings, p, &outcomes[i]) {
                    u
                } else {
                    let mut others = players.clone();
                    others[i].decision = truth.clone();
                    let (_, _, o) = play::<G>(session, &settings, &others)?;
                    utility_of(&o[i])
                };
                truthful[i] = Some((decision_value::<G>(&truth), utility));
            }
        } else if let Some(best) = (0..players.len())
            .max_by(|&a, &b| utility_of(&outcomes[a]).total_cmp(&utility_of(&outcomes[b])).then(b.cmp(&a)))
        {
            for (i, p) in players.iter().enumerate() {
                if let Seat::Student(_) = p.seat {
                    truthful[i] = Some((decision_value::<G>(&players[best].decision), utility_of(&outcomes[best])));
                }
            }
        }
        let summary = G::summary(&settings, &players, &document, &run, &outcomes);
        let mut seats = Vec::new();
        let mut robots = Vec::new();
        let mut csv = csv::Writer::from_writer(Vec::new());
        let header = [
            "seat",
            "round",
            "code",
            "decision",
            "type",
            "utility",
            "payment",
            "truthful_decision",
            "truthful_utility",
            "outcome",
        ];
        csv.write_record(header).map_err(|e| plain("csv", e.to_string()))?;
        for (i, p) in players.iter().enumerate() {
            let kind = serde_json::to_value(&p.kind).unwrap_or(Value::Null);
            let decision = decision_value::<G>(&p.decision);
            match p.seat {
                Seat::Student(seat) => {
                    let code = collected.decisions.get(&seat).map(|d| d.0.clone()).unwrap_or_default();
                    let truth = truthful[i].clone();
                    seats.push(json!({
                        "seat": seat,
                        "code": code,
                        "type": kind,
                        "decision": decision,
                        "outcome": outcomes[i],
                        "truthful": truth.as_ref().map(|(d, u)| json!({ "decision": d, "utility": u })),
                    }));
                    let number = |x: &Value| x.as_f64().map(|v| v.to_string()).unwrap_or_default();
                    csv.write_record([
                        seat.to_string(),
                        session.round.to_string(),
                        code,
                        decision.to_string(),
                        kind.to_string(),
                        number(&outcomes[i]["utility"]),
                        number(&outcomes[i]["payment"]),
                        truth.as_ref().map(|(d, _)| d.to_string()).unwrap_or_default(),
                        truth.as_ref().map(|(_, u)| u.to_string()).unwrap_or_default(),
                        outcomes[i].to_string(),
                    ])
                    .map_err(|e| plain("csv", e.to_string()))?;
                }
                Seat::Robot(n) => {
                    robots.push(json!({ "robot": n, "type": kind, "decision": decision, "outcome": outcomes[i] }))
                }
            }
        }
        let csv = String::from_utf8(csv.into_inner().map_err(|e| plain("csv", e.to_string()))?).unwrap_or_default();
        let entries: Vec<Value> = collected
            .entries
            .iter()
            .map(|e| match &e.verdict {
                Verdict::Ok { seat, .. } => json!({ "code": e.text, "seat": seat }),
                Verdict::Refused(why) => json!({ "code": e.text, "refused": why }),
            })
            .collect();
        let results = format!("r={}.{}.{}", session.join_body(), session.round, results_bits.to_text());
        let report = json!({
            "game": G::NAME,
            "id": session.id(),
            "round": session.round,
            "seats": seats,
            "robots": robots,
            "summary": summary,
            "codes": entries,
            "replaced": collected.replaced,
            "document": document,
            "run": run,
            "results": results,
        });
        Ok(Round { report, csv })
    }
}

fn utility_of(outcome: &Value) -> f64 {
    outcome["utility"].as_f64().unwrap_or(f64::NEG_INFINITY)
}

/// The round's document, `cloudecon run`'s output for it (as JSON) and the players' outcomes.
fn play<G: Game>(
    session: &Session,
    settings: &G::Settings,
    players: &[Player<G>],
) -> Result<(Value, Value, Vec<Value>), GameError> {
    if let Some(file) = session.data.missing(&G::data(settings)).first() {
        return Err(err(
            "data",
            text(
                "game-err-data-missing",
                vec![("description", file.description.to_string()), ("name", file.name.to_string())],
            ),
        ));
    }
    let document = G::document(settings, session.seed, session.round, players, &session.data);
    let run = crate::runner::run_document::<G::Mechanism>(&document)
        .map_err(|e| err("document", text("game-err-document-invalid", vec![("error", e.to_string())])))?;
    let outcomes = G::outcomes(settings, players, &run).map_err(|m| err("run", m))?;
    Ok((document, run, outcomes))
}
