//! # Live class games without a server
//!
//! The teacher's page is the market; each phone holds its student's private type and decision;
//! what passes between them is a join link (`/play#g=…`), short decision codes ([`code`]) and a
//! results link (`/play#r=…`). Everything here is a pure function of the game's settings (seed
//! included), so the teacher's page, every phone and `cloudecon game` compute the same types and
//! the same outcomes: a round is a scenario document of the game's mechanism
//! ([`Game::Mechanism`]), validated and run by [`crate::runner::run_document`], which gives what
//! `cloudecon run` gives for that document while linking only that mechanism.
//!
//! A game implements [`Game`] in its own module and is named once in the registration list
//! ([`games!`] below): the session, the codes, the links, closing a round and the CSV are generic.
//!
//! **Threat model.** A code carries a check symbol, not a signature, and every seat's type can be
//! computed from the join link: this suits a class that does not forge each other's codes. The
//! newest code of a seat in a round wins; the teacher sees which codes replaced others.

mod abacus;
pub mod code;
mod era;
mod session;
mod spot;

pub use code::{Bits, Code, CodeError};
pub use session::{Collected, Entry, GameError, Round, Session, Verdict};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::data::{Data, DataFile};
use crate::error::Problems;
use crate::sim::Rng;

/// The version written in every code and link (3 bits in a code).
pub const VERSION: u64 = 1;

/// At most this many seats (a seat number takes 10 bits of a code).
pub const MAX_SEATS: u32 = 1023;
/// At most this many robot players.
pub const MAX_ROBOTS: u32 = 1000;
/// Rounds are numbered 1 to this (6 bits of a code).
pub const MAX_ROUNDS: u32 = 63;

/// One decision field: a whole number of `step`s from `min`, `count` values in all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    pub name: &'static str,
    pub min: f64,
    pub step: f64,
    pub count: u64,
}

impl Field {
    /// Bits a value of this field takes in a code.
    pub fn width(&self) -> u32 {
        64 - (self.count.max(2) - 1).leading_zeros()
    }

    /// The index of `value`, if it is one of the field's values.
    pub fn index(&self, value: f64) -> Result<u64, Text> {
        let k = ((value - self.min) / self.step).round();
        let max = self.min + (self.count - 1) as f64 * self.step;
        if !value.is_finite() || k < 0.0 || k >= self.count as f64 {
            return Err(Text::new(
                "game-err-field-range",
                vec![
                    ("field", self.name.to_string()),
                    ("min", self.min.to_string()),
                    ("max", max.to_string()),
                    ("value", value.to_string()),
                ],
            ));
        }
        if (self.min + k * self.step - value).abs() > 1e-9 * self.step.max(1.0) {
            return Err(Text::new(
                "game-err-field-step",
                vec![
                    ("field", self.name.to_string()),
                    ("step", self.step.to_string()),
                    ("min", self.min.to_string()),
                    ("value", value.to_string()),
                ],
            ));
        }
        Ok(k as u64)
    }

    /// The field's `index`-th value, rounded to nine decimals (so 0.05 + 5 · 0.05 is 0.3).
    pub fn value(&self, index: u64) -> f64 {
        ((self.min + index as f64 * self.step) * 1e9).round() / 1e9
    }
}

/// A text given as data: a message id of `core/locales/{lang}/game.ftl` and its arguments
/// (already written as text), so that a page can say it in the reader's language; its English is
/// [`Text::english`]. `reason`, if any, is a text of its own inside this one (its `$reason`).
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub id: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub reason: Option<Box<Text>>,
}

impl Text {
    pub fn new(id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        Text { id, args, reason: None }
    }

    /// Message `id` with `reason` as its `$reason` (and `args`).
    pub fn within(id: &'static str, args: Vec<(&'static str, String)>, reason: Text) -> Self {
        Text { id, args, reason: Some(Box::new(reason)) }
    }

    /// The arguments, `reason` among them (in English).
    pub fn english_args(&self) -> Vec<(&'static str, String)> {
        let mut args = self.args.clone();
        if let Some(r) = &self.reason {
            args.push(("reason", r.english()));
        }
        args
    }

    /// The text in English (`core/locales/en/game.ftl`).
    pub fn english(&self) -> String {
        crate::messages::english(self.id, &self.english_args()).unwrap_or_else(|| self.id.to_string())
    }

    /// The text as a problem at `path` (a reason inside it is given in English).
    pub fn at(&self, path: impl Into<String>) -> crate::error::Problem {
        crate::error::Problem::keyed(path, self.id, self.english_args())
    }
}

/// How a phone asks for one decision field: a label, and for a field of few values their names
/// (a menu); else a number from `min` by `step`. `label` and `choices` are English (the runner,
/// tests); `label_text` and `choice_texts` the same as message ids a page translates.
#[derive(Debug, Clone, PartialEq)]
pub struct Input {
    pub label: String,
    pub label_text: Text,
    pub field: Field,
    /// The values' names, one per value (a menu), or empty (a number box).
    pub choices: Vec<String>,
    pub choice_texts: Vec<Text>,
}

impl Input {
    /// An input labelled `label`, with a menu of `choices` (none: a number box).
    pub fn new(label: Text, field: Field, choices: Vec<Text>) -> Self {
        Input {
            label: label.english(),
            label_text: label,
            field,
            choices: choices.iter().map(Text::english).collect(),
            choice_texts: choices,
        }
    }
}

/// A whole number drawn uniformly from `lo..=hi` (settings checks keep `lo ≤ hi` and the range
/// small).
pub(crate) fn uniform(rng: &mut Rng, lo: u32, hi: u32) -> u32 {
    use rand_chacha::rand_core::Rng as _;
    lo + (rng.next_u64() % (u64::from(hi) - u64::from(lo) + 1)) as u32
}

/// One player of a round: a seat (numbered from 1) or a robot, its private type and decision.
#[derive(Debug)]
pub struct Player<G: Game> {
    pub seat: Seat,
    pub kind: G::Type,
    pub decision: G::Decision,
}

impl<G: Game> Clone for Player<G> {
    fn clone(&self) -> Self {
        Player { seat: self.seat, kind: self.kind.clone(), decision: self.decision.clone() }
    }
}

/// Who a player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seat {
    Student(u32),
    Robot(u32),
}

impl Seat {
    /// The name the round's document gives the player.
    pub fn name(&self) -> String {
        match self {
            Seat::Student(n) => format!("seat {n}"),
            Seat::Robot(n) => format!("robot {n}"),
        }
    }
}

/// A game on a mechanism of the core.
pub trait Game: 'static {
    /// The game's name in settings, links and the page's address.
    const NAME: &'static str;
    /// A line for the teacher's menu.
    const TITLE: &'static str;
    /// The mechanism a round is a document of (its run links only this mechanism, not the
    /// registry's every one: the phone's worker stays small).
    type Mechanism: crate::mechanism::Mechanism;
    /// The game's own settings (the teacher's form), every field with a default.
    type Settings: Serialize + DeserializeOwned + Default + Clone + PartialEq + std::fmt::Debug;
    /// A player's private type.
    type Type: Serialize + Clone + std::fmt::Debug;
    /// A player's decision.
    type Decision: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug;

    /// Problems with the settings (paths relative to the settings object).
    fn check(settings: &Self::Settings, problems: &mut Problems);
    /// A player's private type, drawn from its own generator.
    fn draw(settings: &Self::Settings, rng: &mut Rng) -> Self::Type;
    /// The decision that reports the type truthfully (`Err`: the game has no such decision).
    fn truthful(settings: &Self::Settings, kind: &Self::Type) -> Result<Self::Decision, Text>;
    /// A robot's decision (by default the truthful one).
    fn robot(settings: &Self::Settings, kind: &Self::Type, _index: u32) -> Self::Decision {
        Self::truthful(settings, kind).expect("a game with robots has truthful decisions")
    }
    /// The decision's fields, in the order they are packed.
    fn fields(settings: &Self::Settings) -> Vec<Field>;
    /// The decision form a phone shows: one input per field (by default the field's name as its
    /// label, a number box).
    fn inputs(settings: &Self::Settings) -> Vec<Input> {
        Self::fields(settings)
            .into_iter()
            .map(|field| Input::new(Text::new("game-field", vec![("name", field.name.to_string())]), field, Vec::new()))
            .collect()
    }
    /// The decision as values of [`Game::fields`].
    fn to_values(decision: &Self::Decision) -> Vec<f64>;
    /// A decision from values of [`Game::fields`] (each already one of its field's values).
    fn from_values(settings: &Self::Settings, values: &[f64]) -> Result<Self::Decision, Text>;
    /// Whether a player of this type may make this decision (e.g. a budget above the true one).
    fn admissible(settings: &Self::Settings, kind: &Self::Type, decision: &Self::Decision) -> Result<(), Text>;
    /// The data files a round of these settings replays (by default none).
    fn data(_settings: &Self::Settings) -> Vec<&'static DataFile> {
        Vec::new()
    }
    /// The round as a scenario document of the game's mechanism (`data` holds the files of
    /// [`Game::data`]).
    fn document(settings: &Self::Settings, seed: u64, round: u32, players: &[Player<Self>], data: &Data) -> Value
    where
        Self: Sized;
    /// Each player's outcome from the run of [`Game::document`] (its JSON), in the players' order; each an
    /// object with at least `utility` and `payment`.
    fn outcomes(settings: &Self::Settings, players: &[Player<Self>], run: &Value) -> Result<Vec<Value>, Text>
    where
        Self: Sized;
    /// The round as a whole: efficiency, revenue, what it is compared with.
    fn summary(
        settings: &Self::Settings,
        players: &[Player<Self>],
        document: &Value,
        run: &Value,
        outcomes: &[Value],
    ) -> Value
    where
        Self: Sized;
    /// What the player would have earned with the truthful decision, the others' unchanged, when
    /// the mechanism lets it follow from the round's own outcome (`None`: the round is run again
    /// with that one decision changed).
    fn truthful_utility(_settings: &Self::Settings, _player: &Player<Self>, _outcome: &Value) -> Option<f64>
    where
        Self: Sized,
    {
        None
    }
    /// Whether "what telling the truth would have earned" is the truthful decision's run
    /// (`true`), or (games without private types) the best decision made in the round.
    const TRUTHFUL: bool = true;
}

/// Something to do with a game type (see [`GameKind::visit`]).
pub trait GameVisitor {
    type Out;
    fn visit<G: Game>(self) -> Self::Out;
}

macro_rules! games {
    ($($variant:ident => $ty:ty,)+) => {
        /// Which game a session plays: one variant per registered game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum GameKind {
            $($variant,)+
        }

        impl GameKind {
            /// Every game, in registration order (its index is its number in links).
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant,)+];

            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Out {
                match self {
                    $(GameKind::$variant => visitor.visit::<$ty>(),)+
                }
            }
        }
    };
}

// The registration list: one line per game.
games! {
    Abacus => abacus::AbacusGame,
    Era => era::EraGame,
    Spot => spot::SpotGame,
}

impl GameKind {
    pub fn name(self) -> &'static str {
        struct Name;
        impl GameVisitor for Name {
            type Out = &'static str;
            fn visit<G: Game>(self) -> &'static str {
                G::NAME
            }
        }
        self.visit(Name)
    }

    pub fn title(self) -> &'static str {
        struct Title;
        impl GameVisitor for Title {
            type Out = &'static str;
            fn visit<G: Game>(self) -> &'static str {
                G::TITLE
            }
        }
        self.visit(Title)
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages' English is the English the games wrote before they were messages.
    #[test]
    fn texts_in_english_are_unchanged() {
        let said = |id, args: Vec<(&'static str, &str)>| {
            Text::new(id, args.into_iter().map(|(k, v)| (k, v.to_string())).collect()).english()
        };
        assert_eq!(said("game-label-abacus-budget", vec![]), "Budget you report ($, at most your own)");
        assert_eq!(said("game-label-abacus-weight", vec![("resource", "map")]), "Weight you report for map");
        assert_eq!(said("game-choice-spot-level", vec![("sigma", "0.2"), ("m", "1")]), "σ = 0.2 or M = 1");
        assert_eq!(
            said("game-err-abacus-budget-above", vec![("budget", "90"), ("own", "80")]),
            "a budget of $90 is above the seat's own $80"
        );
        assert_eq!(
            said("game-err-settings-object", vec![]),
            "must be an object such as {\"game\": \"abacus\", \"seats\": 12, \"seed\": 7}"
        );
        assert_eq!(
            said("game-err-low-high", vec![("min", "1"), ("max", "1000"), ("low", "50"), ("high", "20")]),
            "must be [low, high] with 1 ≤ low ≤ high ≤ 1000, got [50, 20]"
        );
        let inner = Text::new("game-err-no-such-field", vec![("field", "bid".into())]);
        assert_eq!(
            Text::within("game-err-code-seat", vec![("seat", "3".into())], inner).english(),
            "seat 3's code carries no bid of this game"
        );
        assert_eq!(
            code::CodeError::Symbol('U').text().english(),
            code::CodeError::Symbol('U').to_string(),
            "a code's errors say what their Display says"
        );
        for e in [code::CodeError::Length(2), code::CodeError::Check] {
            assert_eq!(e.text().english(), e.to_string());
        }
    }
}
