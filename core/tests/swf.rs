//! The SWF parser on real Parallel Workloads Archive logs: the 14-day NASA iPSC/860 cut shipped in
//! `core/data`, and, when `../shared/data/swf` is beside the repository, the full logs.

use cloudecon::swf::{self, SwfLog};

fn read(path: &str) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) => {
            println!("note: skipping {path}: {e}");
            None
        }
    }
}

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
