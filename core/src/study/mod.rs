//! Studies: one base document varied over a grid of parameters, as independent shard documents
//! that any engine can run (`cloudecon run SHARD > RESULT`: the runner is a pure function of a
//! document), and the shards' results merged into one table.
//!
//! This module is the pure part — the grid ([`Vary`], [`plan`]), the manifest, and the table a
//! merge makes from results ([`Table`], [`headline`]); the `cloudecon` runner reads and writes the
//! study's folder (`sweep`, `run-shard`, `run-many`, `missing`, `merge`).
//!
//! Order: the first `--vary` changes slowest, the seeds (`/seed`, 1..=N, varied last) fastest;
//! shard `k` is the `k`-th combination in that order, its file `shards/{k:06}.json`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::error::{Problem, ScenarioError};
use crate::scenario::Scenario;

mod local;
mod summary;

pub use local::{LocalStudy, MAX_LOCAL_SHARDS};
pub use summary::{is_seed, summarize, t_975, Point, Series, SEED};

/// The most shards a study may have (a 20-organization federation's coalitions are 1,048,575).
pub const MAX_SHARDS: usize = 1 << 21;

/// One varied parameter: a JSON pointer into the base document and the values it takes —
/// listed, or counted ([`Steps`]: a million seeds are three numbers, in memory and in the
/// manifest).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vary {
    pub pointer: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Steps>,
}

/// Values made from their index `k`, instead of listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Steps {
    /// `from + k·step` for `k` in `0..count` (an integer range, the seeds).
    Integers { from: i64, step: i64, count: u64 },
    /// `{ "part": k, "parts": count }` (a federation's coalitions in parts).
    Parts { count: u64 },
}

impl Vary {
    /// A listed parameter.
    pub fn listed(pointer: impl Into<String>, values: Vec<Value>) -> Vary {
        Vary { pointer: pointer.into(), values, steps: None }
    }

    /// A counted parameter.
    pub fn counted(pointer: impl Into<String>, steps: Steps) -> Vary {
        Vary { pointer: pointer.into(), values: Vec::new(), steps: Some(steps) }
    }

    /// How many values (saturating).
    pub fn len(&self) -> usize {
        match self.steps {
            Some(Steps::Integers { count, .. } | Steps::Parts { count }) => {
                usize::try_from(count).unwrap_or(usize::MAX)
            }
            None => self.values.len(),
        }
    }

    /// Whether it has no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th value.
    pub fn value(&self, k: usize) -> Option<Value> {
        match self.steps {
            None => self.values.get(k).cloned(),
            Some(_) if k >= self.len() => None,
            // Every value lies between the first and the last, both i64 (checked where made).
            Some(Steps::Integers { from, step, .. }) => {
                i64::try_from(i128::from(from) + k as i128 * i128::from(step)).ok().map(Value::from)
            }
            Some(Steps::Parts { count }) => Some(serde_json::json!({ "part": k, "parts": count })),
        }
    }

    /// Every value, in order.
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        (0..self.len()).map_while(|k| self.value(k))
    }

    /// What is wrong with a parameter read from a file (a manifest), if anything.
    pub fn check(&self) -> Result<(), String> {
        if !self.values.is_empty() && self.steps.is_some() {
            return Err(format!("{}: give either values or steps", self.pointer));
        }
        if let Some(Steps::Integers { from, step, count }) = self.steps {
            let last = i128::from(from) + i128::from(count.saturating_sub(1)) * i128::from(step);
            if step <= 0 || i64::try_from(last).is_err() {
                return Err(format!(
                    "{}: steps from {from} by {step}, {count} of them, leave the integers",
                    self.pointer
                ));
            }
        }
        if self.is_empty() {
            return Err(format!("{}: no values", self.pointer));
        }
        Ok(())
    }

    /// Reads `POINTER=VALUES`: a list `0.1,0.5,0.9` (each a JSON value — `2`, `true`, `"a,b"`
    /// — or else a string: `basic_econ`) or a range `FROM:TO:STEP` (`0.1:0.9:0.2`, both ends
    /// included; integers when all three are integers, else rounded to the decimals written).
    ///
    /// What is wrong is a problem as data (no path: the runner prints its English, the study page
    /// says it in its language).
    pub fn parse(arg: &str) -> Result<Vary, Problem> {
        let quoted = format!("{arg:?}");
        let problem = |id: &'static str, mut args: Vec<(&'static str, String)>| {
            args.insert(0, ("arg", quoted.clone()));
            Problem::keyed("", id, args)
        };
        let (pointer, values) = arg.split_once('=').ok_or_else(|| problem("err-vary-no-equals", vec![]))?;
        if !pointer.starts_with('/') {
            return Err(problem("err-vary-not-pointer", vec![("pointer", format!("{pointer:?}"))]));
        }
        let vary = match range(values) {
            Some(Ok(Range::Integers(steps))) => Vary::counted(pointer, steps),
            Some(Ok(Range::Decimals(values))) => Vary::listed(pointer, values),
            Some(Err((id, args))) => return Err(problem(id, args)),
            None => Vary::listed(pointer, split_list(values).into_iter().map(|v| literal(&v)).collect()),
        };
        if vary.is_empty() {
            return Err(problem("err-vary-no-values", vec![]));
        }
        Ok(vary)
    }

    /// `/seed` over 1..=n (`n` at most [`MAX_SHARDS`]: more is no study; callers refuse it
    /// first, [`Vary::seeds_checked`]).
    pub fn seeds(n: u64) -> Vary {
        Vary::counted("/seed", Steps::Integers { from: 1, step: 1, count: n.min(MAX_SHARDS as u64) })
    }

    /// `/seed` over 1..=n, or why `n` seeds are refused (`--seeds`: from 1 to [`MAX_SHARDS`]).
    pub fn seeds_checked(n: u64) -> Result<Vary, String> {
        if n == 0 || n > MAX_SHARDS as u64 {
            return Err(format!("--seeds {n}: from 1 to {MAX_SHARDS} (a study has at most {MAX_SHARDS} shards)"));
        }
        Ok(Vary::seeds(n))
    }
}

/// A list's items: split at commas outside JSON strings and brackets.
fn split_list(text: &str) -> Vec<String> {
    let (mut items, mut item, mut depth, mut quoted, mut escaped) = (Vec::new(), String::new(), 0i32, false, false);
    for c in text.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(item);
    items.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// A value as written: JSON if it reads as JSON, else the text as a string.
fn literal(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// A range's values: counted integers, or listed decimals.
enum Range {
    Integers(Steps),
    Decimals(Vec<Value>),
}

/// `FROM:TO:STEP`, or `None` if the text is not three numbers separated by colons. The values are
/// counted exactly before any is made (integers in 128 bits): a range of more than
/// [`MAX_SHARDS`] values is refused, never wrapped.
/// What is wrong with a range: a message id and its arguments.
type RangeError = (&'static str, Vec<(&'static str, String)>);

fn range(text: &str) -> Option<Result<Range, RangeError>> {
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    let [from, to, step] = parts[..] else { return None };
    let numbers: Vec<f64> =
        parts.iter().map(|p| p.parse::<f64>().ok().filter(|x| x.is_finite())).collect::<Option<_>>()?;
    let (a, b, s) = (numbers[0], numbers[1], numbers[2]);
    if s <= 0.0 || b < a {
        let got = vec![("from", a.to_string()), ("to", b.to_string()), ("step", s.to_string())];
        return Some(Err(("err-vary-bad-range", got)));
    }
    let max = ("max", MAX_SHARDS.to_string());
    let too_many = |id, count: String| Some(Err((id, vec![("count", count), max.clone()])));
    if let (Ok(from), Ok(to), Ok(step)) = (from.parse::<i64>(), to.parse::<i64>(), step.parse::<i64>()) {
        let count = (i128::from(to) - i128::from(from)) / i128::from(step) + 1;
        if count > MAX_SHARDS as i128 {
            return too_many("err-vary-too-many", count.to_string());
        }
        // Every value lies in [from, to]: it is an i64.
        return Some(Ok(Range::Integers(Steps::Integers { from, step, count: count as u64 })));
    }
    let exact = (b - a) / s * (1.0 + 1e-12);
    if !exact.is_finite() || exact >= MAX_SHARDS as f64 {
        return too_many("err-vary-too-many-about", format!("{:.3e}", exact + 1.0));
    }
    let count = exact.floor() as usize + 1;
    let decimals = [from, to, step].iter().map(|p| p.split_once('.').map_or(0, |(_, d)| d.len())).max().unwrap_or(0);
    let scale = 10f64.powi(decimals.min(15) as i32);
    Some(Ok(Range::Decimals(
        (0..count)
            .map(|k| {
                let x = ((a + k as f64 * s) * scale).round() / scale;
                Value::from(x)
            })
            .collect(),
    )))
}

/// What a study's `manifest.json` says: the base's hash, the varied parameters and the number of
/// shards, whose values follow from them (version 2). A version 1 manifest lists each shard's
/// id and values instead; both read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub version: u32,
    pub mechanism: String,
    /// SHA-256 of the base document's bytes, hex.
    pub base_sha256: String,
    pub vary: Vec<Vary>,
    /// How many shards (version 2).
    #[serde(default)]
    pub count: u64,
    /// Each shard's id and values (version 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shards: Vec<ShardInfo>,
}

impl Manifest {
    /// How many shards the study has.
    pub fn len(&self) -> usize {
        if self.version == 1 {
            self.shards.len()
        } else {
            usize::try_from(self.count).unwrap_or(usize::MAX)
        }
    }

    /// Whether the study has no shard.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Shard `k`'s id and values (`k` below [`Manifest::len`]).
    pub fn shard(&self, k: usize) -> ShardInfo {
        match self.shards.get(k) {
            Some(info) if self.version == 1 => info.clone(),
            _ => info_of(&self.vary, self.len(), k),
        }
    }

    /// Every shard's id and values, in order.
    pub fn infos(&self) -> impl Iterator<Item = ShardInfo> + '_ {
        (0..self.len()).map(|k| self.shard(k))
    }

    /// What is wrong with a manifest read from a file, if anything: an unknown version, a count
    /// that is not the grid's or past [`MAX_SHARDS`], a shard id that is not a plain file name
    /// (the ids name files: `shards/ID.json`).
    pub fn check(&self) -> Result<(), String> {
        match self.version {
            1 => {
                if self.shards.len() > MAX_SHARDS {
                    return Err(format!("{} shards: at most {MAX_SHARDS}", self.shards.len()));
                }
                if let Some(s) = self.shards.iter().find(|s| !is_file_name(&s.id)) {
                    return Err(format!("shard id {:?} is not a file name (digits, letters, - and _ only)", s.id));
                }
                Ok(())
            }
            2 => {
                for v in &self.vary {
                    v.check()?;
                }
                match shard_count(&self.vary) {
                    Some(n) if n as u64 == self.count => Ok(()),
                    Some(n) => Err(format!("count {} is not the grid's {n} combinations", self.count)),
                    None => Err(format!("more than {MAX_SHARDS} combinations")),
                }
            }
            v => Err(format!("version {v}: this runner reads versions 1 and 2")),
        }
    }
}

/// Whether `id` can name a shard's files: digits, ASCII letters, `-` and `_`, not empty.
fn is_file_name(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// One shard: its id (the file name without `.json`) and the values of the varied pointers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardInfo {
    pub id: String,
    pub params: Map<String, Value>,
}

/// A shard ready to write: its id, values and document.
#[derive(Debug, Clone)]
pub struct Shard {
    pub info: ShardInfo,
    pub document: Value,
}

/// The ids' width: six digits, more for a study that needs them.
pub fn id_width(count: usize) -> usize {
    count.saturating_sub(1).to_string().len().max(6)
}

/// The shards of `base` (a document's bytes) over the grid `vary`, each checked as a scenario
/// (an error names the shard, its values and the JSON path), and the manifest — all in memory,
/// for small grids and tests; `cloudecon sweep` and [`LocalStudy`] go through a [`Grid`], one
/// shard at a time.
pub fn plan(base: &[u8], vary: &[Vary]) -> Result<(Manifest, Vec<Shard>), ScenarioError> {
    let grid = Grid::new(base, vary)?;
    let shards = (0..grid.len()).map(|k| grid.shard(k)).collect::<Result<Vec<_>, _>>()?;
    for s in &shards {
        s.scenario()?;
    }
    Ok((grid.manifest(), shards))
}

/// The shards of a base over a grid, made one at a time (a study of [`MAX_SHARDS`] shards needs
/// the memory of one): shard `k` is the `k`-th combination, the first parameter slowest.
pub struct Grid {
    base: Value,
    base_sha256: String,
    mechanism: String,
    vary: Vec<Vary>,
    kinds: KindTemplates,
    count: usize,
}

impl Grid {
    /// The grid of `base` (a document's bytes: checked first, its own errors with their paths)
    /// over `vary`; refused past [`MAX_SHARDS`] combinations.
    pub fn new(base: &[u8], vary: &[Vary]) -> Result<Grid, ScenarioError> {
        let text =
            std::str::from_utf8(base).map_err(|_| ScenarioError::keyed("document", "err-is-not-utf-8-text", vec![]))?;
        let scenario = Scenario::from_json(text)?;
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ScenarioError { problems: vec![crate::error::json_syntax("document", &e)] })?;
        let count = shard_count(vary).ok_or_else(|| {
            ScenarioError::keyed(
                "--vary",
                "err-more-than-max-combinations-at-most-max2",
                vec![("max", MAX_SHARDS.to_string())],
            )
        })?;
        Ok(Grid {
            base: value,
            base_sha256: Sha256::digest(base).iter().map(|b| format!("{b:02x}")).collect(),
            mechanism: scenario.kind().tag().to_string(),
            kinds: KindTemplates::of(scenario.kind(), vary),
            vary: vary.to_vec(),
            count,
        })
    }

    /// How many shards.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the grid has no shard (never: every parameter has a value).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The study's manifest (version 2: each shard's values follow from the grid and its index).
    pub fn manifest(&self) -> Manifest {
        Manifest {
            version: 2,
            mechanism: self.mechanism.clone(),
            base_sha256: self.base_sha256.clone(),
            vary: self.vary.clone(),
            count: self.count as u64,
            shards: Vec::new(),
        }
    }

    /// Shard `k`, not yet checked as a scenario ([`Shard::scenario`]).
    pub fn shard(&self, k: usize) -> Result<Shard, ScenarioError> {
        let info = info_of(&self.vary, self.count, k);
        let mut document = self.base.clone();
        for v in &self.vary {
            let value = info.params.get(&v.pointer).cloned().unwrap_or(Value::Null);
            self.kinds.set(&mut document, &v.pointer, value).map_err(|p| ScenarioError { problems: vec![p] })?;
        }
        Ok(Shard { info, document })
    }
}

/// The number of combinations of `vary`, if at most [`MAX_SHARDS`].
fn shard_count(vary: &[Vary]) -> Option<usize> {
    vary.iter().try_fold(1usize, |n, v| n.checked_mul(v.len()).filter(|&n| n <= MAX_SHARDS))
}

/// Shard `k`'s id and values: the last parameter changes fastest.
fn info_of(vary: &[Vary], count: usize, k: usize) -> ShardInfo {
    let width = id_width(count);
    let mut picks = vec![0; vary.len()];
    let mut rest = k;
    for (i, v) in vary.iter().enumerate().rev() {
        let n = v.len().max(1);
        picks[i] = rest % n;
        rest /= n;
    }
    let params = vary.iter().zip(&picks).map(|(v, &p)| (v.pointer.clone(), v.value(p).unwrap_or(Value::Null)));
    ShardInfo { id: format!("{k:0width$}"), params: params.collect() }
}

impl Shard {
    /// The shard's document read as `cloudecon run` reads its file; a problem names the shard
    /// and its values beside the JSON path.
    pub fn scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(&self.document.to_string()).map_err(|e| {
            let values = serde_json::to_string(&self.info.params).unwrap_or_default();
            ScenarioError {
                problems: e
                    .problems
                    .into_iter()
                    .map(|p| {
                        let args = vec![("shard", self.info.id.to_string()), ("values", values.clone())];
                        Problem::keyed_nested(p.path.clone(), "err-in-shard", args, vec![("e", p)])
                    })
                    .collect(),
            }
        })
    }
}

/// What a varied `kind` brings with it: for each varied pointer that ends in `/kind`, the objects
/// of each kind found at that place in the mechanism's presets (those that replay no data, so the
/// runner and the browser see the same ones), then in its shipped exercises' scenarios.
struct KindTemplates {
    objects: Vec<(String, Value)>,
}

impl KindTemplates {
    fn of(mechanism: crate::scenario::MechanismKind, vary: &[Vary]) -> KindTemplates {
        let places: Vec<&str> = vary.iter().filter_map(|v| v.pointer.strip_suffix("/kind")).collect();
        if places.is_empty() {
            return KindTemplates { objects: Vec::new() };
        }
        let no_data = crate::data::Data::new();
        let exercises = crate::exercise::shipped::all().into_iter().filter(|e| e.mechanism == mechanism);
        let presets: Vec<Value> = crate::presets::all()
            .into_iter()
            .filter(|p| p.mechanism == mechanism)
            .filter_map(|p| p.scenario_with(&no_data).ok())
            .chain(exercises.filter_map(|e| e.document().ok()).map(|d| d.scenario))
            .map(|s| s.to_value())
            .collect();
        let mut objects = Vec::new();
        for place in places {
            for preset in &presets {
                for found in at_any_index(preset, place) {
                    if found.get("kind").is_some_and(Value::is_string) {
                        objects.push((place.to_string(), found.clone()));
                    }
                }
            }
        }
        KindTemplates { objects }
    }

    /// Sets a varied value ([`set`]). A new `kind` of a tagged object (`/algorithm/kind=first_fit`)
    /// replaces the object's kind-specific fields, as the pages' kind menus do: the new kind's
    /// fields come from the first preset with that kind there, and the fields both kinds have
    /// keep the base's values. A kind no preset shows is set alone (and the shard's check names
    /// what it lacks).
    fn set(&self, document: &mut Value, pointer: &str, value: Value) -> Result<(), Problem> {
        if let (Some(place), Some(kind)) = (pointer.strip_suffix("/kind"), value.as_str()) {
            let here = generic(place);
            let template = self
                .objects
                .iter()
                .find(|(p, o)| generic(p) == here && o.get("kind").and_then(Value::as_str) == Some(kind));
            if let (Some((_, template)), Some(Value::Object(old))) = (template, document.pointer(place)) {
                if old.get("kind").and_then(Value::as_str) != Some(kind) {
                    let mut new = template.clone();
                    if let Value::Object(fields) = &mut new {
                        for (key, field) in fields.iter_mut() {
                            if key != "kind" {
                                if let Some(kept) = old.get(key) {
                                    *field = kept.clone();
                                }
                            }
                        }
                    }
                    return set(document, place, new);
                }
            }
        }
        set(document, pointer, value)
    }
}

/// A pointer with its array indexes as `*` (`/jobs/3/utility` → `/jobs/*/utility`).
fn generic(pointer: &str) -> String {
    pointer
        .split('/')
        .map(|t| if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) { "*" } else { t })
        .collect::<Vec<_>>()
        .join("/")
}

/// The values at `pointer` in `doc`, an array index standing for any element.
fn at_any_index<'a>(doc: &'a Value, pointer: &str) -> Vec<&'a Value> {
    let mut here = vec![doc];
    for token in pointer.split('/').skip(1) {
        let key = token.replace("~1", "/").replace("~0", "~");
        let index = !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit());
        here = here
            .into_iter()
            .flat_map(|v| match v {
                Value::Object(m) => m.get(&key).into_iter().collect::<Vec<_>>(),
                Value::Array(items) if index => items.iter().collect(),
                _ => Vec::new(),
            })
            .collect();
    }
    here
}

/// Checks a grid before any shard runs: the base with each value of each parameter alone
/// (the others at the base's values), so a value that makes no scenario is named — its
/// parameter, the value and why — in as many checks as there are values, not shards.
pub fn check_values(base: &[u8], vary: &[Vary]) -> Result<(), ScenarioError> {
    let text =
        std::str::from_utf8(base).map_err(|_| ScenarioError::keyed("document", "err-is-not-utf-8-text", vec![]))?;
    let scenario = Scenario::from_json(text)?;
    let base_value: Value = serde_json::from_str(text)
        .map_err(|e| ScenarioError { problems: vec![crate::error::json_syntax("document", &e)] })?;
    let kinds = KindTemplates::of(scenario.kind(), vary);
    for v in vary {
        for value in v.values() {
            let mut document = base_value.clone();
            kinds.set(&mut document, &v.pointer, value.clone()).map_err(|p| ScenarioError { problems: vec![p] })?;
            Scenario::from_json(&document.to_string()).map_err(|e| ScenarioError {
                problems: e
                    .problems
                    .into_iter()
                    .map(|p| {
                        let args = vec![("pointer", v.pointer.clone()), ("value", value.to_string())];
                        Problem::keyed_nested(p.path.clone(), "err-with-vary", args, vec![("e", p)])
                    })
                    .collect(),
            })?;
        }
    }
    Ok(())
}

/// Sets the value at a JSON pointer: an existing value, an object's new key, or an array's
/// element (`-` appends).
/// A place it cannot set is a problem at `pointer`, as data.
pub fn set(document: &mut Value, pointer: &str, value: Value) -> Result<(), Problem> {
    if let Some(slot) = document.pointer_mut(pointer) {
        *slot = value;
        return Ok(());
    }
    let quoted = |p: &str| format!("{p:?}");
    let (parent, last) = pointer
        .rsplit_once('/')
        .ok_or_else(|| Problem::keyed(pointer, "err-study-not-a-pointer", vec![("pointer", quoted(pointer))]))?;
    let key = last.replace("~1", "/").replace("~0", "~");
    match document.pointer_mut(parent) {
        Some(Value::Object(map)) => {
            map.insert(key, value);
            Ok(())
        }
        Some(Value::Array(items)) if key == "-" => {
            items.push(value);
            Ok(())
        }
        Some(_) => Err(Problem::keyed(pointer, "err-study-parent-not-object", vec![("pointer", quoted(pointer))])),
        None => Err(Problem::keyed(
            pointer,
            "err-study-no-parent",
            vec![("parent", quoted(parent)), ("pointer", quoted(pointer))],
        )),
    }
}

/// A merged table: named columns, one row per shard, cells as JSON values (`null`: empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    /// Shards without a result: their id and why (no file, or the error the run left).
    pub missing: Vec<MissingShard>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MissingShard {
    pub shard: String,
    /// Why, in English (the runner's words; a shard's file read back keeps only these).
    pub error: String,
    /// Why, as data, when the shard ran here (a page's small study): said in the page's
    /// language. Not written when absent, so the runner's JSON is unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problems: Option<ScenarioError>,
}

impl Table {
    /// Adds a row of named cells; new names become new columns, in the order first seen.
    pub fn push(&mut self, cells: Vec<(String, Value)>) {
        let mut row = vec![Value::Null; self.columns.len()];
        for (name, value) in cells {
            let at = match self.columns.iter().position(|c| *c == name) {
                Some(at) => at,
                None => {
                    self.columns.push(name);
                    row.push(Value::Null);
                    self.columns.len() - 1
                }
            };
            row[at] = value;
        }
        self.rows.push(row);
    }

    /// The table as CSV: a header of the column names, a cell per value (numbers as the runner
    /// writes them, strings as they are, `null` empty, arrays and objects as JSON).
    pub fn to_csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(&self.columns);
        for row in &self.rows {
            let mut cells: Vec<String> = row.iter().map(cell).collect();
            cells.resize(self.columns.len(), String::new());
            let _ = w.write_record(&cells);
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }
}

fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The row of shard `info` from its result: `shard`, the varied pointers, the mechanism's
/// headline metrics ([`headline`]), then each of `metrics` (a pointer into the result; empty
/// where the result has none).
pub fn row(info: &ShardInfo, result: &Value, metrics: &[String]) -> Vec<(String, Value)> {
    let mut cells = vec![("shard".to_string(), Value::String(info.id.clone()))];
    cells.extend(info.params.iter().map(|(k, v)| (k.clone(), v.clone())));
    cells.extend(headline(result));
    for m in metrics {
        cells.push((m.clone(), result.pointer(m).cloned().unwrap_or(Value::Null)));
    }
    cells
}

/// A mechanism's headline metrics from its result document, named `metric` or
/// `metric[label]` (a job's, an algorithm's, a player's): Abacus utilities, rounds and whether
/// it converged; ERA's algorithm, efficiency, revenue, utilisation and late fraction; spot's
/// regret, best policy and payoffs; CloudShare's unfairness, utilisation and score per
/// algorithm and the Shapley value per organization; Shapley's values.
pub fn headline(result: &Value) -> Vec<(String, Value)> {
    let get = |p: &str| result.pointer(p).cloned().unwrap_or(Value::Null);
    let mut out: Vec<(String, Value)> = Vec::new();
    let labelled =
        |out: &mut Vec<(String, Value)>, metric: &str, labels: &str, label_key: Option<&str>, values: &str| {
            let labels = result.pointer(labels).and_then(Value::as_array).cloned().unwrap_or_default();
            let values = result.pointer(values).and_then(Value::as_array).cloned().unwrap_or_default();
            for (i, v) in values.into_iter().enumerate() {
                let label = labels.get(i).map(|l| match label_key {
                    Some(k) => l.get(k).map(cell).unwrap_or_default(),
                    None => cell(l),
                });
                out.push((format!("{metric}[{}]", label.unwrap_or_else(|| i.to_string())), v));
            }
        };
    match result.get("mechanism").and_then(Value::as_str).unwrap_or("") {
        "abacus" => {
            out.push(("rounds".into(), get("/iterations")));
            out.push(("converged".into(), get("/converged")));
            labelled(&mut out, "utility", "/jobs", None, "/utilities");
            // The random-instance study (Figs. 6–7): mean rounds at each x.
            // (Named by x only when there are several, so that a sweep over the x gives one column.)
            let points = result.pointer("/study_result/points").and_then(Value::as_array).cloned().unwrap_or_default();
            for p in &points {
                let x = p.get("x").map(cell).unwrap_or_default();
                for m in ["linear_mean", "log_mean"] {
                    let name = if points.len() == 1 { format!("rounds_{m}") } else { format!("rounds_{m}[{x}]") };
                    out.push((name, p.get(m).cloned().unwrap_or(Value::Null)));
                }
            }
        }
        "abacus_estimate" => {
            labelled(&mut out, "weight", "/resources", None, "/weights");
            out.push(("residual_sum_of_squares".into(), get("/residual_sum_of_squares")));
        }
        "shapley" => {
            labelled(&mut out, "shapley", "/players", None, "/shapley");
            out.push(("grand_value".into(), get("/grand_value")));
        }
        "era" => {
            out.push(("algorithm".into(), get("/algorithm")));
            for m in ["efficiency", "revenue", "utilization", "late_fraction", "accepted", "rejected"] {
                out.push((m.into(), get(&format!("/metrics/{m}"))));
            }
        }
        "spot" => {
            for m in ["regret", "average_regret", "realized_payoff", "expected_payoff"] {
                out.push((m.into(), get(&format!("/{m}"))));
            }
            let best = result.get("best_policy").and_then(Value::as_u64);
            let label = best.and_then(|b| result.pointer(&format!("/policies/{b}/label")).cloned());
            out.push(("best_policy".into(), label.unwrap_or(Value::Null)));
        }
        "cloudshare" => {
            let algorithms = result.get("algorithms").and_then(Value::as_array).cloned().unwrap_or_default();
            for a in &algorithms {
                let name = a.get("algorithm").map(cell).unwrap_or_default();
                for m in ["unfairness", "utilization"] {
                    out.push((format!("{m}[{name}]"), a.get(m).cloned().unwrap_or(Value::Null)));
                }
            }
            if let Some(scores) = result.get("scores").and_then(Value::as_array) {
                for s in scores {
                    let name = s.get("algorithm").map(cell).unwrap_or_default();
                    out.push((format!("score[{name}]"), s.get("score").cloned().unwrap_or(Value::Null)));
                }
            }
            labelled(&mut out, "shapley", "/organizations", Some("name"), "/shapley");
        }
        _ => {}
    }
    out
}

/// The pointer `sweep --windows` varies: where a CloudShare or spot log's window starts.
pub const WINDOWS: &str = "/jobs/window_start_hours";

/// `sweep --windows`: every window of a CloudShare or spot document's SWF log, one after the
/// other — starts 0, H, 2H, … (H its `window_hours`, 24 by default) while the window fits in the
/// log's span (first to last submit, as CloudShare's own `runs` draw them; of the usable jobs
/// for spot, whose windows count from its first usable job); at least the first.
pub fn windows(base: &[u8]) -> Result<Vary, String> {
    let doc: Value = serde_json::from_slice(base).map_err(|e| format!("the base document: {e}"))?;
    let mechanism = doc.get("mechanism").and_then(Value::as_str);
    let text = match (mechanism, doc.pointer("/jobs/swf").and_then(Value::as_str)) {
        (Some("cloudshare" | "spot"), Some(t)) => t,
        _ => {
            return Err(
                "--windows: the base must be a CloudShare or spot document whose jobs come from an `swf` log".into()
            )
        }
    };
    let hours = doc.pointer("/jobs/window_hours").and_then(Value::as_f64).unwrap_or(24.0);
    if !(hours.is_finite() && hours > 0.0) {
        return Err("--windows: the base's jobs.window_hours must be a positive number".into());
    }
    let log = crate::swf::parse(text).map_err(|e| format!("jobs.swf: {e}"))?;
    let span = if mechanism == Some("spot") {
        crate::spot::jobs::usable_span_hours(&log)
    } else {
        crate::cloudshare::workload::span_hours(&log)
    };
    let room = (span - hours).max(0.0);
    let count = (room / hours).floor() as usize + 1;
    if count > MAX_SHARDS {
        return Err(format!("--windows: {count} windows; at most {MAX_SHARDS}"));
    }
    Ok(Vary::listed(WINDOWS, (0..count).map(|k| Value::from(k as f64 * hours)).collect()))
}

/// The pointer `sweep --coalitions K` varies: each shard simulates part `k` of `K` of a
/// CloudShare federation's coalitions (`"coalitions": { "part": k, "parts": K }`).
pub const COALITIONS: &str = "/coalitions";

/// The parts of `--coalitions K`.
pub fn coalition_parts(parts: u64) -> Vary {
    Vary::counted(COALITIONS, Steps::Parts { count: parts })
}

/// The exact Shapley value from the results of every part of a `--coalitions` study: `{
/// "shapley": […], "coalition_values": […] }`, the same fields and numbers as one run of the
/// whole federation (the coalitions in the order of their bit masks, as there).
pub fn merge_coalitions(results: &[Value]) -> Result<Value, String> {
    let names: Vec<String> = results
        .first()
        .and_then(|r| r.get("organizations"))
        .and_then(Value::as_array)
        .map(|orgs| orgs.iter().map(|o| o.get("name").map(cell).unwrap_or_default()).collect())
        .ok_or("the results name no organizations: are they a CloudShare study's parts?")?;
    let n = names.len();
    if n == 0 || n > crate::cloudshare::scenario::MAX_EXACT {
        return Err(format!(
            "{n} organizations: the parts of 1 to {} can be merged",
            crate::cloudshare::scenario::MAX_EXACT
        ));
    }
    let mut values = std::collections::BTreeMap::new();
    for (k, r) in results.iter().enumerate() {
        let list =
            r.get("coalition_values").and_then(Value::as_array).ok_or(format!("result {k}: no coalition_values"))?;
        for c in list {
            let mut mask = 0u64;
            for m in c.get("members").and_then(Value::as_array).into_iter().flatten() {
                let o = names
                    .iter()
                    .position(|x| Some(x.as_str()) == m.as_str())
                    .ok_or(format!("result {k}: unknown organization {m}"))?;
                mask |= 1 << o;
            }
            let v = c.get("value").and_then(Value::as_f64).ok_or(format!("result {k}: a coalition without a value"))?;
            if values.insert(mask, v).is_some_and(|old: f64| old.to_bits() != v.to_bits()) {
                return Err(format!("result {k}: the coalition of mask {mask} has two values"));
            }
        }
    }
    let all = (1u64 << n) - 1;
    if values.len() as u64 != all {
        return Err(format!("{} of the {all} coalitions have a value: a part is missing", values.len()));
    }
    let mut table = vec![0.0; 1 << n];
    for (&m, &v) in &values {
        table[m as usize] = v;
    }
    let shapley = crate::cloudshare::fairness::exact(n, table);
    let coalition_values: Vec<crate::shapley::CoalitionValue> = values
        .iter()
        .map(|(&m, &value)| crate::shapley::CoalitionValue {
            members: (0..n).filter(|o| m >> o & 1 == 1).map(|o| names[o].clone()).collect(),
            value,
        })
        .collect();
    Ok(serde_json::json!({ "shapley": shapley, "coalition_values": coalition_values }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_and_ranges_read_as_written() {
        let v = Vary::parse("/alpha=0.1:0.9:0.2").unwrap();
        assert_eq!(v.values, vec![json!(0.1), json!(0.3), json!(0.5), json!(0.7), json!(0.9)]);
        assert_eq!(Vary::parse("/n=2:10:4").unwrap().values().collect::<Vec<_>>(), vec![json!(2), json!(6), json!(10)]);
        let v = Vary::parse(r#"/algorithm/kind=basic_econ, first_fit,"a,b",3,true,[1,2]"#).unwrap();
        assert_eq!(
            v.values,
            vec![json!("basic_econ"), json!("first_fit"), json!("a,b"), json!(3), json!(true), json!([1, 2])]
        );
        assert!(Vary::parse("alpha=1").unwrap_err().message.contains("JSON pointer"));
        assert!(Vary::parse("/alpha").unwrap_err().message.contains("POINTER=VALUES"));
        assert!(Vary::parse("/alpha=1:0:1").unwrap_err().message.contains("FROM ≤ TO"));
        assert!(Vary::parse("/alpha=").unwrap_err().message.contains("no values"));
    }

    #[test]
    fn the_grid_varies_the_last_parameter_fastest_and_checks_each_shard() {
        let base = br#"{"version":1,"mechanism":"shapley","players":["A","B"],"coalitions":[{"members":["A"],"value":1},{"members":["B"],"value":1},{"members":["A","B"],"value":3}]}"#;
        let vary = [Vary::parse("/coalitions/2/value=3,4").unwrap(), Vary::parse("/coalitions/0/value=0,1,2").unwrap()];
        let (manifest, shards) = plan(base, &vary).unwrap();
        assert_eq!(shards.len(), 6);
        assert_eq!((manifest.len(), manifest.count), (6, 6));
        assert_eq!(manifest.shard(1).id, "000001");
        assert_eq!(manifest.shard(1).params["/coalitions/2/value"], json!(3));
        assert_eq!(manifest.shard(1).params["/coalitions/0/value"], json!(1));
        assert_eq!(manifest.shard(1), shards[1].info, "the manifest's values are the shard's");
        assert_eq!(shards[4].document.pointer("/coalitions/2/value"), Some(&json!(4)));
        assert_eq!(manifest.base_sha256.len(), 64);
        // A value the scenario refuses: the error names the path and the shard.
        let bad = [Vary::parse("/players/0=7").unwrap()];
        let e = plan(base, &bad).unwrap_err().to_string();
        assert!(e.contains("players") && e.contains("shard 000000"), "{e}");
    }

    #[test]
    fn a_pointer_may_add_a_key_but_not_a_parent() {
        let mut d = json!({"a": {"b": 1}, "c": [1]});
        set(&mut d, "/a/new", json!(2)).unwrap();
        set(&mut d, "/c/-", json!(3)).unwrap();
        assert_eq!(d, json!({"a": {"b": 1, "new": 2}, "c": [1, 3]}));
        assert!(set(&mut d, "/x/y", json!(1)).unwrap_err().message.contains("no \"/x\""));
    }

    #[test]
    fn the_table_unites_columns_in_the_order_seen() {
        let mut t = Table::default();
        t.push(vec![("shard".into(), json!("000000")), ("x".into(), json!(1.5))]);
        t.push(vec![("shard".into(), json!("000001")), ("y".into(), json!("a,b")), ("x".into(), Value::Null)]);
        assert_eq!(t.columns, ["shard", "x", "y"]);
        assert_eq!(t.to_csv(), "shard,x,y\n000000,1.5,\n000001,,\"a,b\"\n");
    }
}
