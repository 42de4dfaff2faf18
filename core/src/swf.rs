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

/// What is wrong with a log, and on which line (0 for the log as a whole).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SwfError {
    /// 1-based line number; 0 when the problem is the whole log.
    pub line: usize,
    /// What is wrong, naming the field and quoting the text found.
    pub message: String,
}

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
        return Err(SwfError { line: 0, message: "the log has no job lines".into() });
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
        let plural = if count == 1 { "" } else { "s" };
        return Err(SwfError { line, message: format!("{count} field{plural}, an SWF job line has 18") });
    }
    for (k, token) in texts.iter().enumerate() {
        values[k] = number(token).ok_or_else(|| field_error(line, k, token, "not a number"))?;
    }
    let integer =
        |k: usize| whole(texts[k], values[k]).ok_or_else(|| field_error(line, k, texts[k], "not a whole number"));
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
fn field_error(line: usize, k: usize, token: &str, what: &str) -> SwfError {
    let shown: String = token.chars().take(QUOTE_LIMIT).collect();
    let ellipsis = if shown.len() < token.len() { "…" } else { "" };
    let name = FIELDS.get(k).copied().unwrap_or("unknown field");
    SwfError { line, message: format!("field {} ({name}) is {:?}{ellipsis}, {what}", k + 1, shown) }
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

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "; Version: 2.2\n\
        ; Computer: Test machine\n\
        ; Information: http://example.org/\n\
        ;              http://example.org/more\n\
        ;\n\
        ; Note: a comment without continuation\n\
        \n\
        1 0 -1 100 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1\n\
        2 10.5 3 50 -1 -1 -1 8 60 -1 0 8 2 -1 -1 1 -1 -1\n\
        ; a comment between jobs\n\
        3 20 0 0 2 -1 -1 2 60 -1 5.0 9 1 -1 -1 1 -1 -1\n";

    fn error(text: &str) -> SwfError {
        parse(text).expect_err("should not parse")
    }

    #[test]
    fn reads_a_small_log() {
        let log = parse(LOG).unwrap();
        assert_eq!(log.jobs.len(), 3);
        let first = &log.jobs[0];
        assert_eq!(
            *first,
            SwfJob {
                number: 1,
                submit: 0.0,
                wait: -1.0,
                run_time: 100.0,
                processors: 4.0,
                requested_time: 200.0,
                status: 1,
                user: 7,
                group: 1,
                partition: 2,
                line: 8,
            }
        );
        assert_eq!(log.jobs[1].submit, 10.5);
        assert_eq!(log.jobs[1].line, 9);
        assert_eq!(log.jobs[2].status, 5);
        assert_eq!(log.jobs[2].line, 11);
    }

    #[test]
    fn reads_the_header_with_continuations() {
        let log = parse(LOG).unwrap();
        let header: Vec<(&str, &str)> = log.header.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            header,
            [
                ("Version", "2.2"),
                ("Computer", "Test machine"),
                ("Information", "http://example.org/ http://example.org/more"),
                ("Note", "a comment without continuation"),
            ]
        );
    }

    #[test]
    fn falls_back_to_requested_processors() {
        let log = parse(LOG).unwrap();
        assert_eq!(log.jobs[1].processors, 8.0);
        assert_eq!(log.jobs[0].processors, 4.0);
    }

    #[test]
    fn usable_jobs() {
        let log = parse(LOG).unwrap();
        assert!(log.jobs[0].usable());
        assert!(!log.jobs[1].usable(), "status 0: failed");
        assert!(!log.jobs[2].usable(), "status 5 and run time 0");
        let mut job = log.jobs[0].clone();
        job.processors = -1.0;
        assert!(!job.usable());
        job.processors = 1.0;
        job.status = -1;
        assert!(job.usable(), "unknown status counts as finished");
    }

    #[test]
    fn accepts_crlf_and_a_byte_order_mark() {
        let crlf = LOG.replace('\n', "\r\n");
        assert_eq!(parse(&crlf).unwrap(), parse(LOG).unwrap());
        let bom = format!("\u{feff}{LOG}");
        assert_eq!(parse(&bom).unwrap(), parse(LOG).unwrap());
    }

    #[test]
    fn names_a_field_that_is_not_a_number() {
        let text = "1 0 -1 abc 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1\n";
        assert_eq!(error(text).to_string(), "line 1: field 4 (run time) is \"abc\", not a number");
        for bad in ["inf", "NaN", "1e5", "-", ".", "1.2.3", "0x10", "--1"] {
            let text = format!("; header\n1 0 -1 {bad} 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1\n");
            assert_eq!(error(&text).line, 2, "{bad}");
        }
        let huge = format!("1 0 -1 1{} 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1", "0".repeat(400));
        let message = error(&huge).message;
        assert!(message.starts_with("field 4 (run time) is \"1000"), "{message}");
        assert!(message.ends_with("\"…, not a number"), "{message}");
    }

    #[test]
    fn counts_fields() {
        let text = "1 0 -1 100 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1\n";
        assert_eq!(error(text).to_string(), "line 1: 17 fields, an SWF job line has 18");
        let text = "1 0 -1 100 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1 9\n";
        assert_eq!(error(text).to_string(), "line 1: 19 fields, an SWF job line has 18");
        assert_eq!(error("\n\nhello\n").to_string(), "line 3: 1 field, an SWF job line has 18");
    }

    #[test]
    fn integer_fields_must_be_whole() {
        let text = "1 0 -1 100 4 -1 -1 4 200 -1 1 7.5 1 -1 -1 2 -1 -1\n";
        assert_eq!(error(text).to_string(), "line 1: field 12 (user ID) is \"7.5\", not a whole number");
        let text = "1.0 0 -1 100 4 -1 -1 4 200 -1 -1.0 7 1 -1 -1 2. -1 -1\n";
        let job = &parse(text).unwrap().jobs[0];
        assert_eq!((job.number, job.status, job.partition), (1, -1, 2));
        let text = "1 0 -1 100 4 -1 -1 4 200 -1 1 7 99999999999999999999 -1 -1 2 -1 -1\n";
        assert_eq!(error(text).message, "field 13 (group ID) is \"99999999999999999999\", not a whole number");
    }

    #[test]
    fn an_empty_log_is_an_error() {
        for text in ["", "\n\n", "; Version: 2.2\n;\n", "\u{feff}"] {
            assert_eq!(error(text), SwfError { line: 0, message: "the log has no job lines".into() });
        }
        assert_eq!(error("").to_string(), "line 0: the log has no job lines");
    }

    #[test]
    fn never_panics_on_odd_input() {
        let pieces = [
            "",
            " ",
            "\t",
            "\n",
            "\r",
            "\r\n",
            ";",
            ":",
            "; K:",
            "-",
            "+",
            ".",
            "-1",
            "0",
            "1.5",
            "é",
            "\u{feff}",
            "\u{0}",
            "99999999999999999999999",
            "-.",
            "1e9",
            "ñ:ñ",
            "; a: b",
            "; http://x",
        ];
        let job = "1 0 -1 100 4 -1 -1 4 200 -1 1 7 1 -1 -1 2 -1 -1";
        // Every pair and triple of pieces, alone and around a valid job line, with a cheap
        // deterministic mix so the set stays small.
        let mut count = 0;
        for (i, a) in pieces.iter().enumerate() {
            for (j, b) in pieces.iter().enumerate() {
                let c = pieces[(i * 7 + j * 3) % pieces.len()];
                for text in [
                    format!("{a}{b}{c}"),
                    format!("{a}\n{job}\n{b} {c}"),
                    format!("{job} {a}{b}\n{c}"),
                    format!("{a} {b} {c} {job}"),
                ] {
                    let _ = parse(&text);
                    count += 1;
                }
            }
        }
        // Every field replaced in turn by each piece.
        for k in 0..18 {
            for piece in pieces {
                let mut fields: Vec<&str> = job.split(' ').collect();
                fields[k] = piece;
                let text = fields.join(" ");
                if let Err(e) = parse(&text) {
                    assert!(e.line <= text.lines().count(), "{e}");
                }
                count += 1;
            }
        }
        assert!(count > 2000);
    }
}
