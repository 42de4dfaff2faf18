//! Amazon EC2 spot price history files: the recorded prices behind the `ec2_history` price model.
//!
//! A file is CSV with a header and one row per price change, as `DescribeSpotPriceHistory` gives
//! them: `timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour`
//! (or `region` instead of `availability_zone`, for the 2010 files where prices were set per
//! region). Columns are found by name, in any order. [`History::parse`] checks every row and
//! interns the repeated strings; [`History::select`] picks one series (instance type, location,
//! product) as `(unix seconds, price)` change rows, and [`resample`] turns change rows into one
//! price per slot, repeating the recorded period when a run is longer than the file.
//!
//! Timestamps are RFC 3339 (`2016-03-01T00:00:00Z`, `…00.000Z`, `…+00:00`), read with the `time`
//! crate. Nothing here panics on any input; every error names what is wrong, and where.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// At most this many characters of a bad value are quoted in an error.
const QUOTE_LIMIT: usize = 40;
/// At most this many series are listed when a selection matches none.
const LIST_LIMIT: usize = 6;
/// Accepted names of the price column.
const PRICE_COLUMNS: [&str; 3] = ["spot_price_usd_per_hour", "spot_price", "price"];

/// What is wrong with a spot price file, a selection from it, or a resampling request. Its
/// English is its message (`core/locales/*/errors.ftl`, from [`Ec2Error::key`]), so a page says
/// it in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub enum Ec2Error {
    /// The header lacks a needed column: the columns missing, and the header's (quoted; empty
    /// when it has none).
    UnknownLayout { missing: String, has: String },
    /// A row that cannot be read (line numbers are 1-based, the header being line 1): message
    /// `id` (`err-ec2-…`) with its arguments but the line.
    BadLine { line: usize, id: &'static str, args: Vec<(&'static str, String)> },
    /// No row matches the selection; `available` lists (some of) the file's series.
    NoRows { instance_type: String, location: String, product: String, available: String },
    /// The resampling start is after the last row, so the series covers no slot.
    StartAfterEnd { start: String, last: String },
    /// A slot length that is not a positive number of seconds.
    BadSlotLength(i64),
    /// More slots than memory can hold.
    TooManySlots(usize),
    /// No price rows at all.
    Empty,
}

impl Ec2Error {
    /// Its message id and arguments.
    pub fn key(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            Ec2Error::UnknownLayout { missing, has } if has.is_empty() => {
                ("err-ec2-unknown-layout-no-columns", vec![("missing", missing.clone())])
            }
            Ec2Error::UnknownLayout { missing, has } => {
                ("err-ec2-unknown-layout", vec![("missing", missing.clone()), ("has", has.clone())])
            }
            Ec2Error::BadLine { line, id, args } => {
                let mut all = vec![("line", line.to_string())];
                all.extend(args.iter().cloned());
                (id, all)
            }
            Ec2Error::NoRows { instance_type, location, product, available } => (
                "err-ec2-no-rows",
                vec![
                    ("instance_type", instance_type.clone()),
                    ("location", location.clone()),
                    ("product", product.clone()),
                    ("available", available.clone()),
                ],
            ),
            Ec2Error::StartAfterEnd { start, last } => {
                ("err-ec2-start-after-end", vec![("start", start.clone()), ("last", last.clone())])
            }
            Ec2Error::BadSlotLength(seconds) => ("err-ec2-bad-slot-length", vec![("seconds", seconds.to_string())]),
            Ec2Error::TooManySlots(slots) => ("err-ec2-too-many-slots", vec![("slots", slots.to_string())]),
            Ec2Error::Empty => ("err-ec2-empty", vec![]),
        }
    }

    /// The problem at `path`.
    pub fn problem(&self, path: impl Into<String>) -> crate::Problem {
        let (id, args) = self.key();
        crate::Problem::keyed(path, id, args)
    }
}

impl std::fmt::Display for Ec2Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (id, args) = self.key();
        f.write_str(&crate::messages::english(id, &args).unwrap_or_else(|| id.to_string()))
    }
}

impl std::error::Error for Ec2Error {}

/// One price change, its strings interned in [`History::names`].
#[derive(Debug, Clone, Copy, PartialEq)]
struct Row {
    time: i64,
    price: f64,
    instance_type: u32,
    location: u32,
    product: u32,
}

/// A parsed spot price file: every row, in file order, with its strings interned.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    location_column: &'static str,
    names: Vec<String>,
    rows: Vec<Row>,
}

/// One series of a file: an (instance type, location, product) and what its rows span.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesInfo {
    pub instance_type: String,
    pub location: String,
    pub product: String,
    /// Number of rows.
    pub rows: usize,
    /// First and last row time, unix seconds.
    pub first: i64,
    pub last: i64,
    pub min_price: f64,
    pub max_price: f64,
}

/// Column indices of the five needed fields.
struct Layout {
    time: usize,
    location: usize,
    location_column: &'static str,
    instance_type: usize,
    product: usize,
    price: usize,
}

impl Layout {
    fn find(header: &csv::StringRecord) -> Result<Layout, Ec2Error> {
        let names: Vec<String> = header.iter().map(|h| h.trim().to_ascii_lowercase()).collect();
        let column = |wanted: &[&str]| wanted.iter().find_map(|w| names.iter().position(|n| n == w));
        let (location, location_column) = match (column(&["availability_zone"]), column(&["region"])) {
            (Some(k), _) => (Some(k), "availability_zone"),
            (None, Some(k)) => (Some(k), "region"),
            (None, None) => (None, "availability_zone"),
        };
        let found = (column(&["timestamp"]), location, column(&["instance_type"]));
        let rest = (column(&["product_description"]), column(&PRICE_COLUMNS));
        if let ((Some(time), Some(location), Some(instance_type)), (Some(product), Some(price))) = (found, rest) {
            return Ok(Layout { time, location, location_column, instance_type, product, price });
        }
        let mut missing = Vec::new();
        let checks = [
            (found.0, "timestamp"),
            (found.1, "availability_zone or region"),
            (found.2, "instance_type"),
            (rest.0, "product_description"),
            (rest.1, "spot_price_usd_per_hour (or spot_price, price)"),
        ];
        for (index, name) in checks {
            if index.is_none() {
                missing.push(name);
            }
        }
        let has: Vec<String> = header.iter().map(|h| format!("{:?}", quote(h))).collect();
        Err(Ec2Error::UnknownLayout { missing: missing.join(", "), has: has.join(", ") })
    }
}

impl History {
    /// Reads a spot price file, checking every row: its number of fields, its timestamp
    /// ([`parse_timestamp`]), its price (a finite number ≥ 0) and non-empty names. Line numbers in
    /// errors are 1-based, the header being line 1. O(rows).
    pub fn parse(csv_text: &str) -> Result<History, Ec2Error> {
        let csv_text = csv_text.strip_prefix('\u{feff}').unwrap_or(csv_text);
        if csv_text.trim().is_empty() {
            return Err(Ec2Error::Empty);
        }
        let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(csv_text.as_bytes());
        let mut lines = Lines { text: csv_text.as_bytes(), offset: 0, line: 1 };
        let header = reader.headers().map_err(|e| csv_error(&e, &mut lines))?.clone();
        let layout = Layout::find(&header)?;
        let mut interner: HashMap<String, u32> = HashMap::new();
        let mut names: Vec<String> = Vec::new();
        let mut rows = Vec::new();
        let mut record = csv::StringRecord::new();
        loop {
            match reader.read_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(csv_error(&e, &mut lines)),
            }
            let line = record.position().map_or(0, |p| lines.at(p.byte()));
            let bad = |id: &'static str, args: Vec<(&'static str, String)>| Ec2Error::BadLine { line, id, args };
            if record.len() != header.len() {
                let id = if record.len() == 1 { "err-ec2-one-field" } else { "err-ec2-fields" };
                return Err(bad(id, vec![("count", record.len().to_string()), ("header", header.len().to_string())]));
            }
            let field = |k: usize| record.get(k).unwrap_or("");
            let stamp = field(layout.time);
            let time = parse_timestamp(stamp)
                .ok_or_else(|| bad("err-ec2-bad-timestamp", vec![("text", format!("{:?}", quote(stamp)))]))?;
            let text = field(layout.price);
            let price = text
                .parse::<f64>()
                .ok()
                .filter(|p| p.is_finite() && *p >= 0.0)
                .ok_or_else(|| bad("err-ec2-bad-price", vec![("text", format!("{:?}", quote(text)))]))?;
            let mut intern = |k: usize, column: &str| -> Result<u32, Ec2Error> {
                let name = field(k);
                if name.is_empty() {
                    return Err(bad("err-ec2-empty-column", vec![("column", column.to_string())]));
                }
                if let Some(&id) = interner.get(name) {
                    return Ok(id);
                }
                let id = u32::try_from(names.len()).map_err(|_| bad("err-ec2-too-many-names", vec![]))?;
                names.push(name.to_string());
                interner.insert(name.to_string(), id);
                Ok(id)
            };
            let instance_type = intern(layout.instance_type, "instance_type")?;
            let location = intern(layout.location, layout.location_column)?;
            let product = intern(layout.product, "product_description")?;
            rows.push(Row { time, price: price + 0.0, instance_type, location, product });
        }
        if rows.is_empty() {
            return Err(Ec2Error::Empty);
        }
        Ok(History { location_column: layout.location_column, names, rows })
    }

    /// The file's location column: `"availability_zone"` or `"region"`.
    pub fn location_column(&self) -> &str {
        self.location_column
    }

    /// One entry per (instance type, location, product), sorted by those three names. O(rows).
    pub fn catalog(&self) -> Vec<SeriesInfo> {
        let mut series: HashMap<(u32, u32, u32), SeriesInfo> = HashMap::new();
        for row in &self.rows {
            let info = series.entry((row.instance_type, row.location, row.product)).or_insert_with(|| SeriesInfo {
                instance_type: self.name(row.instance_type).to_string(),
                location: self.name(row.location).to_string(),
                product: self.name(row.product).to_string(),
                rows: 0,
                first: row.time,
                last: row.time,
                min_price: row.price,
                max_price: row.price,
            });
            info.rows += 1;
            info.first = info.first.min(row.time);
            info.last = info.last.max(row.time);
            info.min_price = info.min_price.min(row.price);
            info.max_price = info.max_price.max(row.price);
        }
        let mut list: Vec<SeriesInfo> = series.into_values().collect();
        list.sort_by(|a, b| {
            (&a.instance_type, &a.location, &a.product).cmp(&(&b.instance_type, &b.location, &b.product))
        });
        list
    }

    /// The matching rows as (unix seconds, price), sorted by time, stable (equal times keep file order).
    pub fn select(&self, instance_type: &str, location: &str, product: &str) -> Result<Vec<(i64, f64)>, Ec2Error> {
        let id = |name: &str| self.names.iter().position(|n| n == name).map(|k| k as u32);
        let mut rows: Vec<(i64, f64)> = match (id(instance_type), id(location), id(product)) {
            (Some(t), Some(l), Some(p)) => self
                .rows
                .iter()
                .filter(|r| r.instance_type == t && r.location == l && r.product == p)
                .map(|r| (r.time, r.price))
                .collect(),
            _ => Vec::new(),
        };
        if rows.is_empty() {
            return Err(Ec2Error::NoRows {
                instance_type: instance_type.to_string(),
                location: location.to_string(),
                product: product.to_string(),
                available: self.available(),
            });
        }
        rows.sort_by_key(|r| r.0);
        Ok(rows)
    }

    fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", String::as_str)
    }

    /// `m1.large us-east-1a Linux/UNIX, …`: the first few series of the catalog.
    fn available(&self) -> String {
        let catalog = self.catalog();
        let mut text = String::new();
        for (k, s) in catalog.iter().take(LIST_LIMIT).enumerate() {
            let sep = if k > 0 { ", " } else { "" };
            let _ = write!(text, "{sep}{} {} {}", s.instance_type, s.location, s.product);
        }
        if catalog.len() > LIST_LIMIT {
            let _ = write!(text, ", … ({} series in all)", catalog.len());
        }
        text
    }
}

/// Unix seconds of an RFC 3339 timestamp (`2016-03-01T00:00:00Z`, fractions and offsets allowed;
/// a fraction is dropped). `None` if it is not one.
pub fn parse_timestamp(s: &str) -> Option<i64> {
    OffsetDateTime::parse(s.trim(), &Rfc3339).ok().map(OffsetDateTime::unix_timestamp)
}

/// `2016-03-01T00:00:00Z` for unix seconds `t`; `unix time <t>` outside years −9999 to 9999.
pub fn format_timestamp(t: i64) -> String {
    match OffsetDateTime::from_unix_timestamp(t) {
        Ok(d) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            d.year(),
            u8::from(d.month()),
            d.day(),
            d.hour(),
            d.minute(),
            d.second()
        ),
        Err(_) => format!("unix time {t}"),
    }
}

/// Slot prices from change rows (the spec's rule): slot k's price is the price of the last row at or before
/// start + k·slot_seconds; slots before the first row take the first row's price; the series covers the
/// L = number of k ≥ 0 with start + k·slot_seconds ≤ last row's time slots, and past them it repeats from
/// start (slot k takes the price of slot k mod L). L = 0 (start after the last row) is StartAfterEnd.
///
/// `rows` are expected sorted by time, as [`History::select`] gives them (unsorted rows are
/// sorted, stably, first). O(rows + slots); times are computed in 128 bits, so no value overflows.
pub fn resample(rows: &[(i64, f64)], start: i64, slot_seconds: i64, slots: usize) -> Result<Vec<f64>, Ec2Error> {
    if slot_seconds <= 0 {
        return Err(Ec2Error::BadSlotLength(slot_seconds));
    }
    let rows: Cow<[(i64, f64)]> = if rows.windows(2).all(|w| w[0].0 <= w[1].0) {
        Cow::Borrowed(rows)
    } else {
        let mut copy = rows.to_vec();
        copy.sort_by_key(|r| r.0);
        Cow::Owned(copy)
    };
    let (Some(&(_, first_price)), Some(&(last, _))) = (rows.first(), rows.last()) else {
        return Err(Ec2Error::Empty);
    };
    let covered = period(&rows, start, slot_seconds);
    if covered == 0 {
        return Err(Ec2Error::StartAfterEnd { start: format_timestamp(start), last: format_timestamp(last) });
    }
    let mut prices = Vec::new();
    if prices.try_reserve_exact(slots).is_err() {
        return Err(Ec2Error::TooManySlots(slots));
    }
    let mut next = 0; // rows[..next] are at or before the current slot's start
    for k in 0..covered.min(slots) {
        let t = i128::from(start) + (k as i128) * i128::from(slot_seconds);
        while next < rows.len() && i128::from(rows[next].0) <= t {
            next += 1;
        }
        prices.push(if next == 0 { first_price } else { rows[next - 1].1 });
    }
    for k in prices.len()..slots {
        let price = prices[k % covered];
        prices.push(price);
    }
    Ok(prices)
}

/// L above (the period of the series), for previews: the number of k ≥ 0 with
/// start + k·slot_seconds ≤ the last row's time (0 if there are no rows or `slot_seconds` ≤ 0;
/// at most `usize::MAX`).
pub fn period(rows: &[(i64, f64)], start: i64, slot_seconds: i64) -> usize {
    let Some(last) = rows.iter().map(|r| r.0).max() else { return 0 };
    if slot_seconds <= 0 || last < start {
        return 0;
    }
    let count = (i128::from(last) - i128::from(start)) / i128::from(slot_seconds) + 1;
    usize::try_from(count).unwrap_or(usize::MAX)
}

/// 1-based line numbers of byte offsets, counted in one pass over increasing offsets.
///
/// The csv crate's own line numbers go wrong after blank lines and `\r\n`, and the byte offset it
/// gives for a record may point at the line ends before it, so those are skipped first.
struct Lines<'a> {
    text: &'a [u8],
    offset: usize,
    line: usize,
}

impl Lines<'_> {
    fn at(&mut self, byte: u64) -> usize {
        let mut target = usize::try_from(byte).unwrap_or(usize::MAX).min(self.text.len());
        while target < self.text.len() && matches!(self.text[target], b'\r' | b'\n') {
            target += 1;
        }
        if target > self.offset {
            self.line += self.text[self.offset..target].iter().filter(|&&b| b == b'\n').count();
            self.offset = target;
        }
        self.line
    }
}

/// A CSV reader error as a line error (the text is valid UTF-8, so these are rare).
fn csv_error(e: &csv::Error, lines: &mut Lines) -> Ec2Error {
    let line = e.position().map_or(0, |p| lines.at(p.byte()));
    let (id, mut args) = crate::error::csv_line_error(e, line);
    args.retain(|(k, _)| *k != "line");
    Ec2Error::BadLine { line, id, args }
}

/// The first [`QUOTE_LIMIT`] characters of `s`, with `…` if cut.
fn quote(s: &str) -> String {
    let mut shown: String = s.chars().take(QUOTE_LIMIT).collect();
    if shown.len() < s.len() {
        shown.push('…');
    }
    shown
}
