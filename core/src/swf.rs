//! Standard Workload Format (SWF) logs of the Parallel Workloads Archive.
//!
//! An SWF log is text: header and comment lines start with `;` (the header's `; Key: value` lines
//! describe the machine), and every other non-blank line is one job, 18 whitespace-separated
//! numbers with -1 for "unknown" (Feitelson et al., "Experience with using the Parallel Workloads
//! Archive", JPDC 2014, and the archive's format page). [`parse`] reads a whole log in one pass,
//! O(length of the text), and keeps the fields the mechanisms use; it checks every field of every
//! job line, so a bad log is reported with its line, the field's number and name, and the text
//! found there. It never panics, whatever the input.

/// The 18 fields of a job line, by position (field `k` is `FIELDS[k - 1]`).
const FIELDS: [&str; 18] = [
    "job number",
    "submit time",
    "wait time",
    "run time",
    "allocated processors",
    "average CPU time",
    "used memory",
    "requested processors",
    "requested time",
    "requested memory",
    "status",
    "user ID",
    "group ID",
    "executable number",
    "queue number",
    "partition number",
    "preceding job number",
    "think time",
];

/// At most this many characters of a bad field are quoted in an error.
const QUOTE_LIMIT: usize = 40;

/// One job line of an SWF log (fields as the PWA defines them; -1 = unknown).
#[derive(Debug, Clone, PartialEq)]
pub struct SwfJob {
    /// Field 1: the job number.
    pub number: i64,
    /// Field 2: submit time, seconds from the log's start.
    pub submit: f64,
    /// Field 3: wait time, seconds.
    pub wait: f64,
    /// Field 4: run time, seconds.
    pub run_time: f64,
    /// Field 5, the allocated processors; when it is -1, field 8 (the requested processors).
    pub processors: f64,
    /// Field 9: requested time, seconds.
    pub requested_time: f64,
    /// Field 11: 1 completed, 0 failed, 5 cancelled (other codes: see the PWA), -1 unknown.
    pub status: i64,
    /// Field 12: user ID.
    pub user: i64,
    /// Field 13: group ID.
    pub group: i64,
    /// Field 16: partition number.
    pub partition: i64,
    /// 1-based line number in the text.
    pub line: usize,
}

impl SwfJob {
    /// Finished and usable: status is not 0 (failed) or 5 (cancelled), run time > 0, processors > 0.
    pub fn usable(&self) -> bool {
        self.status != 0 && self.status != 5 && self.run_time > 0.0 && self.processors > 0.0
    }
}

/// A parsed log: its jobs in file order and its header.
#[derive(Debug, Clone, PartialEq)]
pub struct SwfLog {
    /// Every job line, in file order.
    pub jobs: Vec<SwfJob>,
    /// `; Key: value` header lines, in order. A comment line without a key that directly follows
    /// one (`;              http://…`) continues its value, joined with a space.
    pub header: Vec<(String, String)>,
}

/// What is wrong with a log, and on which line (0 for the log as a whole). Its English is its
/// message (`core/locales/*/errors.ftl`, [`SwfError::id`] with [`SwfError::args`]), so a page
/// says it in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwfError {
    /// 1-based line number; 0 when the problem is the whole log.
    pub line: usize,
    /// Its message id: `err-swf-…`.
    pub id: &'static str,
    /// Its message's arguments but the line (naming the field and quoting the text found).
    pub args: Vec<(&'static str, String)>,
}

impl SwfError {
    /// Its message's arguments, the line among them.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let mut args = vec![("line", self.line.to_string())];
        args.extend(self.args.iter().cloned());
        args
    }

    /// The problem at `path`.
    pub fn problem(&self, path: &str) -> crate::Problem {
        crate::Problem::keyed(path, self.id, self.args())
    }
}

/// `line 3: field 4 (run time) is "abc", not a number`.
impl std::fmt::Display for SwfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::messages::english(self.id, &self.args()).unwrap_or_else(|| self.id.to_string()))
    }
}

impl std::error::Error for SwfError {}

/// Reads an SWF log. Lines may end in `\n` or `\r\n`; a leading byte-order mark is ignored.
///
/// Errors: a job line without exactly 18 fields, a field that is not a number (an optional
/// sign, digits, and an optional decimal fraction), an integer field (job number, status, user,
/// group, partition) that is not a whole number in the i64 range, or a log without job lines.
pub fn parse(text: &str) -> Result<SwfLog, SwfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut jobs = Vec::new();
    let mut header: Vec<(String, String)> = Vec::new();
    // Whether the previous line was a header line (or its continuation), so a keyless comment
    // continues it.
    let mut continuing = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continuing = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix(';') {
            continuing = read_comment(comment.trim(), continuing, &mut header);
            continue;
        }
        continuing = false;
        jobs.push(parse_job(trimmed, line)?);
    }
    if jobs.is_empty() {
        return Err(SwfError { line: 0, id: "err-swf-no-jobs", args: vec![] });
    }
    Ok(SwfLog { jobs, header })
}

/// Records a comment line's `Key: value` in `header`, or appends it to the previous value when
/// `continuing`; returns whether the next keyless comment line continues a value.
fn read_comment(comment: &str, continuing: bool, header: &mut Vec<(String, String)>) -> bool {
    if comment.is_empty() {
        return false;
    }
    if let Some((key, value)) = header_pair(comment) {
        header.push((key.to_string(), value.to_string()));
        return true;
    }
    match header.last_mut() {
        Some((_, value)) if continuing => {
            if !value.is_empty() {
                value.push(' ');
            }
            value.push_str(comment);
            true
        }
        _ => false,
    }
}

/// `Key: value` where the key is a word of letters, digits, `_` or `-`, and the colon is followed
/// by whitespace or ends the line (so `http://…` is not a key).
fn header_pair(comment: &str) -> Option<(&str, &str)> {
    let colon = comment.find(':')?;
    let (key, rest) = (&comment[..colon], &comment[colon + 1..]);
    let is_word = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    let separated = rest.is_empty() || rest.starts_with(char::is_whitespace);
    (is_word && separated).then_some((key, rest.trim()))
}

/// One job line (already trimmed, not a comment).
fn parse_job(trimmed: &str, line: usize) -> Result<SwfJob, SwfError> {
    let mut values = [0.0_f64; 18];
    let mut texts = [""; 18];
    let mut count = 0;
    for token in trimmed.split_whitespace() {
        if count < 18 {
            texts[count] = token;
        }
        count += 1;
    }
    if count != 18 {
        let id = if count == 1 { "err-swf-one-field" } else { "err-swf-fields" };
        return Err(SwfError { line, id, args: vec![("count", count.to_string())] });
    }
    for (k, token) in texts.iter().enumerate() {
        values[k] = number(token).ok_or_else(|| field_error(line, k, token, "err-swf-not-a-number"))?;
    }
    let integer =
        |k: usize| whole(texts[k], values[k]).ok_or_else(|| field_error(line, k, texts[k], "err-swf-not-whole"));
    let processors = if values[4] == -1.0 { values[7] } else { values[4] };
    Ok(SwfJob {
        number: integer(0)?,
        submit: values[1],
        wait: values[2],
        run_time: values[3],
        processors,
        requested_time: values[8],
        status: integer(10)?,
        user: integer(11)?,
        group: integer(12)?,
        partition: integer(15)?,
        line,
    })
}

/// `field 4 (run time) is "abc", not a number`, for the 0-based field index `k`.
fn field_error(line: usize, k: usize, token: &str, id: &'static str) -> SwfError {
    let shown: String = token.chars().take(QUOTE_LIMIT).collect();
    let ellipsis = if shown.len() < token.len() { "…" } else { "" };
    let name = FIELDS.get(k).copied().unwrap_or("unknown field");
    let args =
        vec![("field", (k + 1).to_string()), ("name", name.to_string()), ("text", format!("{shown:?}{ellipsis}"))];
    SwfError { line, id, args }
}

/// A finite number written as an optional sign, digits and an optional decimal fraction
/// (`12`, `-1`, `12.5`, `.5`, `3.`); no exponents, no `inf` or `NaN`.
fn number(token: &str) -> Option<f64> {
    let body = token.strip_prefix(['-', '+']).unwrap_or(token);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() && frac.is_empty() || !digits(int) || !digits(frac) {
        return None;
    }
    token.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// The integer value of a field: exact when written as an integer, else the decimal's value if
/// it is whole and within the i64 range.
fn whole(token: &str, value: f64) -> Option<i64> {
    if let Ok(n) = token.parse::<i64>() {
        return Some(n);
    }
    // 2^63 is exactly representable; every whole f64 in [-2^63, 2^63) converts exactly.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    (value.fract() == 0.0 && (-LIMIT..LIMIT).contains(&value)).then_some(value as i64)
}
