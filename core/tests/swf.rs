//! The SWF parser on real Parallel Workloads Archive logs: the 14-day NASA iPSC/860 cut shipped in
//! `core/data`, and, when `../shared/data/swf` is beside the repository, the full logs.

mod common;

use common::read_optional as read;

use cloudecon::swf::{self, SwfLog};

fn usable(log: &SwfLog) -> usize {
    log.jobs.iter().filter(|j| j.usable()).count()
}

fn header<'a>(log: &'a SwfLog, key: &str) -> Option<&'a str> {
    log.header.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

#[test]
fn the_nasa_first_14_days() {
    let text = include_str!("../data/NASA-iPSC-1993-3.1-cln.first14days.swf");
    let log = swf::parse(text).unwrap();
    assert_eq!(log.jobs.len(), 2604);
    let first = &log.jobs[0];
    assert_eq!((first.number, first.submit, first.run_time, first.processors), (1, 0.0, 1451.0, 128.0));
    assert_eq!((first.wait, first.requested_time, first.status, first.user, first.group), (-1.0, -1.0, -1, 1, 1));
    assert_eq!(first.line, 34, "33 header lines come first");
    let last = log.jobs.last().unwrap();
    assert_eq!((last.number, last.submit, last.run_time), (6011, 1_205_055.0, 6008.0));
    assert!(log.jobs.iter().all(|j| j.submit < 1_209_600.0));
    assert_eq!(usable(&log), 2604 - 23);
    assert_eq!(header(&log, "Version"), Some("2.2"));
    assert_eq!(header(&log, "MaxProcs"), Some("128"));
    assert_eq!(header(&log, "Acknowledge"), Some("Bill Nitzberg"));
    assert_eq!(
        header(&log, "Information"),
        Some("http://www.nas.nasa.gov/ http://www.cs.huji.ac.il/labs/parallel/workload/")
    );
}

#[test]
fn the_full_nasa_log_if_present() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/swf/NASA-iPSC-1993-3.1-cln.swf");
    let Some(text) = read(path) else { return };
    let log = swf::parse(&text).unwrap();
    assert_eq!(log.jobs.len(), 18_239);
    assert_eq!(usable(&log), 18_239 - 173);
    let first = &log.jobs[0];
    assert_eq!((first.number, first.submit, first.run_time, first.processors), (1, 0.0, 1451.0, 128.0));
    // The 14-day cut is this log's beginning.
    let cut = swf::parse(include_str!("../data/NASA-iPSC-1993-3.1-cln.first14days.swf")).unwrap();
    let strip_line = |j: &swf::SwfJob| swf::SwfJob { line: 0, ..j.clone() };
    let head: Vec<_> = log.jobs.iter().take(cut.jobs.len()).map(strip_line).collect();
    assert_eq!(head, cut.jobs.iter().map(strip_line).collect::<Vec<_>>());
}

#[test]
fn the_lcg_grid_log_if_present() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/swf/LCG-2005-1.first24000.swf");
    let Some(text) = read(path) else { return };
    let log = swf::parse(&text).unwrap();
    assert_eq!(log.jobs.len(), 24_000);
    assert_eq!(usable(&log), 24_000);
    assert!(log.jobs.iter().all(|j| j.processors == 1.0));
    assert_eq!(header(&log, "Acknowledge"), Some("Hui Li"));
}

// ---------------------------------------------------------------------------------------------
// Hand-made inputs.

use cloudecon::swf::*;

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

/// What the error says after its `line N: `.
fn what(e: &SwfError) -> String {
    e.to_string().split_once(": ").map(|(_, w)| w.to_string()).expect("line N: …")
}

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
    let message = what(&error(&huge));
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
    assert_eq!(what(&error(text)), "field 13 (group ID) is \"99999999999999999999\", not a whole number");
}

#[test]
fn an_empty_log_is_an_error() {
    for text in ["", "\n\n", "; Version: 2.2\n;\n", "\u{feff}"] {
        assert_eq!(error(text), SwfError { line: 0, id: "err-swf-no-jobs", args: vec![] });
        assert_eq!(error(text).to_string(), "line 0: the log has no job lines");
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
