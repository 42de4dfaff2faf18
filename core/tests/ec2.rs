//! EC2 spot price files: the 14-day m3.medium series shipped in `core/data`, and, when
//! `../shared/data/spot` is beside the repository, the two full files.

mod common;

use common::read_optional as read;

use cloudecon::spot::ec2::{self, History};

#[test]
fn the_2016_m3_medium_fortnight() {
    let text = include_str!("../data/ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv");
    let history = History::parse(text).unwrap();
    assert_eq!(history.location_column(), "availability_zone");
    let catalog = history.catalog();
    assert_eq!(catalog.len(), 1);
    let series = &catalog[0];
    assert_eq!((series.instance_type.as_str(), series.location.as_str()), ("m3.medium", "us-east-1b"));
    assert_eq!((series.product.as_str(), series.rows), ("Linux/UNIX", 3191));
    assert_eq!((series.min_price, series.max_price), (0.009, 0.7));
    assert_eq!(ec2::format_timestamp(series.first), "2016-03-23T23:58:29Z");
    assert_eq!(ec2::format_timestamp(series.last), "2016-04-06T23:59:08Z");

    let rows = history.select("m3.medium", "us-east-1b", "Linux/UNIX").unwrap();
    let start = ec2::parse_timestamp("2016-03-24T00:00:00Z").unwrap();
    assert_eq!(start, 1_458_777_600);
    // 14 days of 5-minute slots, up to the last change at 23:59:08 on April 6.
    assert_eq!(ec2::period(&rows, start, 300), 4032);
    let prices = ec2::resample(&rows, start, 300, 4032 + 10).unwrap();
    assert_eq!(prices[0], 0.0113, "the change at 23:58:29 the day before");
    assert_eq!(prices[1], 0.0112, "the change at 00:02:58");
    let spike = ec2::parse_timestamp("2016-03-31T04:00:00Z").unwrap();
    let k = ((spike - start) / 300) as usize;
    assert_eq!(k, 2064);
    assert_eq!(prices[k], 0.7, "the change at 03:53:01");
    assert_eq!(prices[k + 1], 0.009, "the change at 04:04:01");
    // The last slot starts at 23:55; the change at 23:59:08 comes after it.
    assert_eq!(prices[4031], 0.0097, "the change at 23:30:07");
    assert_eq!(&prices[4032..], &prices[..10], "past the period the series repeats");
    let error = ec2::resample(&rows, series.last + 1, 300, 1).unwrap_err();
    assert!(matches!(error, ec2::Ec2Error::StartAfterEnd { .. }), "{error}");
}

#[test]
fn the_2010_regions_if_present() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/spot/ec2-spot-price-history-2010-us-east-1_us-west-1_eu-west-1.csv"
    );
    let Some(text) = read(path) else { return };
    let history = History::parse(&text).unwrap();
    assert_eq!(history.location_column(), "region");
    let catalog = history.catalog();
    assert_eq!(catalog.len(), 8 * 3);
    assert_eq!(catalog.iter().map(|s| s.rows).sum::<usize>(), 11_364);
    assert!(catalog.iter().all(|s| s.product == "Linux/UNIX"));
    let min = catalog.iter().map(|s| s.min_price).fold(f64::INFINITY, f64::min);
    let max = catalog.iter().map(|s| s.max_price).fold(0.0, f64::max);
    assert_eq!((min, max), (0.029, 2.0));
    let first = catalog.iter().map(|s| s.first).min().unwrap();
    let last = catalog.iter().map(|s| s.last).max().unwrap();
    assert_eq!(ec2::format_timestamp(first), "2010-02-15T21:06:16Z");
    assert_eq!(ec2::format_timestamp(last), "2010-04-17T07:05:57Z");
    let regions: Vec<&str> =
        catalog.iter().filter(|s| s.instance_type == "m1.small").map(|s| s.location.as_str()).collect();
    assert_eq!(regions, ["eu-west-1", "us-east-1", "us-west-1"]);
}

#[test]
fn the_2016_availability_zones_if_present() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/spot/ec2-spot-price-history-2016-us-east-1-m3.medium-m1.large.csv"
    );
    let Some(text) = read(path) else { return };
    let history = History::parse(&text).unwrap();
    assert_eq!(history.location_column(), "availability_zone");
    let catalog = history.catalog();
    let names: Vec<(&str, &str)> = catalog.iter().map(|s| (s.instance_type.as_str(), s.location.as_str())).collect();
    assert_eq!(
        names,
        [
            ("m1.large", "us-east-1a"),
            ("m1.large", "us-east-1b"),
            ("m1.large", "us-east-1c"),
            ("m3.medium", "us-east-1a"),
            ("m3.medium", "us-east-1b"),
            ("m3.medium", "us-east-1c"),
        ]
    );
    assert_eq!(catalog.iter().map(|s| s.rows).sum::<usize>(), 51_491);
    assert_eq!(catalog[0].rows, 7195);
    // The shipped fortnight is a cut of this file's m3.medium us-east-1b series.
    let cut = History::parse(include_str!("../data/ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv")).unwrap();
    let cut_rows = cut.select("m3.medium", "us-east-1b", "Linux/UNIX").unwrap();
    let rows = history.select("m3.medium", "us-east-1b", "Linux/UNIX").unwrap();
    let at = rows.iter().position(|r| *r == cut_rows[0]).unwrap();
    assert_eq!(&rows[at..at + cut_rows.len()], &cut_rows[..]);
}

// ---------------------------------------------------------------------------------------------
// Hand-made inputs.

use cloudecon::spot::ec2::*;

/// Two series, out of time order, with three spellings of a timestamp.
const FILE: &str = "timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour\n\
    2016-03-01T00:14:00Z,us-east-1a,m3.medium,Linux/UNIX,0.04\n\
    2016-03-01T00:05:00.000Z,us-east-1a,m3.medium,Linux/UNIX,0.01\n\
    2016-03-01T00:00:00Z,us-east-1b,m1.large,Linux/UNIX,0.5\n\
    2016-03-01T00:12:00+00:00,us-east-1a,m3.medium,Linux/UNIX,0.03\n\
    2016-03-01T00:20:00Z,us-east-1a,m3.medium,Linux/UNIX,0.05\n";

/// 2016-03-01T00:00:00Z.
const MARCH_1: i64 = 1_456_790_400;

fn select(text: &str) -> Vec<(i64, f64)> {
    History::parse(text).unwrap().select("m3.medium", "us-east-1a", "Linux/UNIX").unwrap()
}

fn line_error(text: &str) -> (usize, String) {
    match History::parse(text) {
        // What the error says after its `line N: `.
        Err(e @ Ec2Error::BadLine { line, .. }) => {
            (line, e.to_string().split_once(": ").expect("line N: …").1.to_string())
        }
        other => panic!("expected a line error, got {other:?}"),
    }
}

#[test]
fn timestamps() {
    assert_eq!(parse_timestamp("2016-03-01T00:00:00Z"), Some(MARCH_1));
    assert_eq!(parse_timestamp("2016-03-01T00:00:00.000Z"), Some(MARCH_1));
    assert_eq!(parse_timestamp("2016-03-01T01:00:00+01:00"), Some(MARCH_1));
    assert_eq!(parse_timestamp("1970-01-01T00:00:00Z"), Some(0));
    assert_eq!(parse_timestamp("2016-02-29T23:59:59Z"), Some(MARCH_1 - 1));
    for bad in ["", "2016-13-01T00:00:00Z", "2016-03-01", "2015-02-29T00:00:00Z", "2016-03-01T00:00:00", "x"] {
        assert_eq!(parse_timestamp(bad), None, "{bad}");
    }
    assert_eq!(format_timestamp(MARCH_1), "2016-03-01T00:00:00Z");
    assert_eq!(format_timestamp(MARCH_1 + 3723), "2016-03-01T01:02:03Z");
    assert_eq!(format_timestamp(i64::MAX), format!("unix time {}", i64::MAX));
    for t in [0, -1, MARCH_1, 4_102_444_800, -62_135_596_800] {
        assert_eq!(parse_timestamp(&format_timestamp(t)), Some(t), "{t}");
    }
}

#[test]
fn parses_and_catalogs() {
    let history = History::parse(FILE).unwrap();
    assert_eq!(history.location_column(), "availability_zone");
    let catalog = history.catalog();
    assert_eq!(catalog.len(), 2);
    assert_eq!((catalog[0].instance_type.as_str(), catalog[0].rows), ("m1.large", 1));
    let m3 = &catalog[1];
    assert_eq!(
        (m3.instance_type.as_str(), m3.location.as_str(), m3.product.as_str()),
        ("m3.medium", "us-east-1a", "Linux/UNIX")
    );
    assert_eq!((m3.rows, m3.first, m3.last), (4, MARCH_1 + 300, MARCH_1 + 1200));
    assert_eq!((m3.min_price, m3.max_price), (0.01, 0.05));
}

#[test]
fn select_sorts_by_time_stably() {
    let minute = |m: i64| MARCH_1 + 60 * m;
    assert_eq!(select(FILE), [(minute(5), 0.01), (minute(12), 0.03), (minute(14), 0.04), (minute(20), 0.05)]);
    let ties = format!("{FILE}2016-03-01T00:12:00Z,us-east-1a,m3.medium,Linux/UNIX,0.035\n");
    let rows = select(&ties);
    assert_eq!(&rows[1..3], [(minute(12), 0.03), (minute(12), 0.035)]);
}

#[test]
fn select_names_what_the_file_has() {
    let history = History::parse(FILE).unwrap();
    let error = history.select("m3.medium", "us-east-1z", "Linux/UNIX").unwrap_err();
    assert_eq!(
        error.to_string(),
        "no rows for m3.medium in us-east-1z (Linux/UNIX); the file has: m1.large us-east-1b Linux/UNIX, \
         m3.medium us-east-1a Linux/UNIX"
    );
    // Names that exist, but not together.
    assert!(matches!(history.select("m1.large", "us-east-1a", "Linux/UNIX"), Err(Ec2Error::NoRows { .. })));
}

#[test]
fn resamples_slot_by_slot() {
    let rows = select(FILE);
    // Five-minute slots from 00:00: before the first row (its price), at a row, a price
    // held, two rows in one slot (the last wins), the last row; the period is 5 slots.
    assert_eq!(period(&rows, MARCH_1, 300), 5);
    let prices = resample(&rows, MARCH_1, 300, 12).unwrap();
    assert_eq!(prices, [0.01, 0.01, 0.01, 0.04, 0.05, 0.01, 0.01, 0.01, 0.04, 0.05, 0.01, 0.01]);
    // A start between rows, and fewer slots than the period.
    assert_eq!(resample(&rows, MARCH_1 + 60 * 13, 60, 3).unwrap(), [0.03, 0.04, 0.04]);
    assert_eq!(resample(&rows, MARCH_1, 300, 0).unwrap(), Vec::<f64>::new());
    // A start exactly at the last row: a period of one slot.
    assert_eq!(resample(&rows, MARCH_1 + 1200, 300, 3).unwrap(), [0.05; 3]);
    // Equal times: the later row wins; unsorted input is sorted first.
    assert_eq!(resample(&[(10, 2.0), (0, 1.0), (10, 3.0)], 10, 5, 2).unwrap(), [3.0, 3.0]);
}

#[test]
fn resample_errors() {
    let rows = select(FILE);
    let after = resample(&rows, MARCH_1 + 1201, 300, 4).unwrap_err();
    assert_eq!(
        after,
        Ec2Error::StartAfterEnd { start: "2016-03-01T00:20:01Z".into(), last: "2016-03-01T00:20:00Z".into() }
    );
    assert_eq!(period(&rows, MARCH_1 + 1201, 300), 0);
    assert_eq!(resample(&rows, MARCH_1, 0, 4), Err(Ec2Error::BadSlotLength(0)));
    assert_eq!(resample(&rows, MARCH_1, -5, 4), Err(Ec2Error::BadSlotLength(-5)));
    assert_eq!(resample(&[], MARCH_1, 300, 4), Err(Ec2Error::Empty));
    assert_eq!(resample(&rows, MARCH_1, 300, usize::MAX), Err(Ec2Error::TooManySlots(usize::MAX)));
}

#[test]
fn extreme_values_do_not_overflow() {
    let rows = [(i64::MIN, 1.0), (0, 2.0), (i64::MAX, 3.0)];
    assert_eq!(period(&rows, i64::MIN, 1), usize::MAX);
    assert_eq!(period(&rows, i64::MIN, i64::MAX), 3);
    assert_eq!(resample(&rows, i64::MIN, i64::MAX, 4).unwrap(), [1.0, 1.0, 2.0, 1.0]);
    assert_eq!(resample(&rows, i64::MIN, 1, 2).unwrap(), [1.0, 1.0]);
    assert_eq!(resample(&rows, i64::MAX, i64::MAX, 2).unwrap(), [3.0, 3.0]);
    assert_eq!(period(&rows, 0, i64::MAX), 2);
}

#[test]
fn the_region_layout_in_another_order() {
    let text = "price,instance_type,region,timestamp,product_description\r\n\
        0.029,m1.small,us-east-1,2010-02-15T21:06:16Z,Linux/UNIX\r\n\
        \r\n\
        0.03,m1.small,us-east-1,2010-02-16T00:00:00Z,Linux/UNIX\r\n";
    let history = History::parse(text).unwrap();
    assert_eq!(history.location_column(), "region");
    let rows = history.select("m1.small", "us-east-1", "Linux/UNIX").unwrap();
    assert_eq!(rows.iter().map(|r| r.1).collect::<Vec<_>>(), [0.029, 0.03]);
    assert_eq!(rows[0].0, parse_timestamp("2010-02-15T21:06:16Z").unwrap());
}

#[test]
fn an_unknown_layout_says_what_is_missing() {
    let text = "time,availability_zone,instance_type,product_description,cost\n2016-03-01T00:00:00Z,a,b,c,1\n";
    let message = History::parse(text).unwrap_err().to_string();
    assert!(message.starts_with("unknown column layout: expected columns timestamp,"), "{message}");
    assert!(message.contains("missing timestamp, spot_price_usd_per_hour (or spot_price, price)"), "{message}");
    assert!(
        message.ends_with(
            "the header has \"time\", \"availability_zone\", \"instance_type\", \"product_description\", \"cost\""
        ),
        "{message}"
    );
    let text = "timestamp,instance_type,product_description,spot_price\nx,y,z,1\n";
    let message = History::parse(text).unwrap_err().to_string();
    assert!(message.contains("missing availability_zone or region;"), "{message}");
}

#[test]
fn bad_lines_are_numbered_from_the_header() {
    let header = "timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour\n";
    let good = "2016-03-01T00:00:00Z,us-east-1a,m3.medium,Linux/UNIX,0.1\n";
    let text = format!("{header}{good}{good}2016-13-01,us-east-1a,m3.medium,Linux/UNIX,0.1\n");
    assert_eq!(line_error(&text), (4, "bad timestamp \"2016-13-01\"".into()));
    let text = format!("{header}{good}2016-03-01T00:00:00Z,us-east-1a,m3.medium,Linux/UNIX,-0.1\n");
    assert_eq!(
        History::parse(&text).unwrap_err().to_string(),
        "line 3: bad price \"-0.1\" (a price is a finite number ≥ 0)"
    );
    for price in ["inf", "NaN", "", "abc", "1e999"] {
        let text = format!("{header}2016-03-01T00:00:00Z,us-east-1a,m3.medium,Linux/UNIX,{price}\n");
        assert_eq!(line_error(&text).0, 2, "{price}");
    }
    let text = format!("{header}\n{good}\r\n2016-13-01,us-east-1a,m3.medium,Linux/UNIX,0.1\n");
    assert_eq!(line_error(&text).0, 5, "blank lines count");
    let text = format!("{header}\"{good}\"\n2016-13-01,us-east-1a,m3.medium,Linux/UNIX,0.1\r\n");
    assert_eq!(line_error(&text), (2, "1 field, the header has 5".into()), "one quoted field over two lines");
    let crlf = format!("{header}{good}{good}\n2016-13-01,us-east-1a,m3.medium,Linux/UNIX,0.1\n").replace('\n', "\r\n");
    assert_eq!(line_error(&crlf).0, 5);
    let text = format!("{header}{good}2016-03-01T00:00:00Z,us-east-1a,m3.medium\n");
    assert_eq!(line_error(&text), (3, "3 fields, the header has 5".into()));
    let text = format!("{header}2016-03-01T00:00:00Z,,m3.medium,Linux/UNIX,0.1\n");
    assert_eq!(line_error(&text), (2, "empty availability_zone".into()));
    let zero = format!("{header}2016-03-01T00:00:00Z,a,b,c,-0\n");
    assert_eq!(select_any(&zero), [(MARCH_1, 0.0)]);
    assert!(select_any(&zero)[0].1.is_sign_positive());
}

fn select_any(text: &str) -> Vec<(i64, f64)> {
    History::parse(text).unwrap().select("b", "a", "c").unwrap()
}

#[test]
fn empty_files() {
    for text in ["", "\n", "\u{feff}", "timestamp,region,instance_type,product_description,price\n"] {
        assert_eq!(History::parse(text), Err(Ec2Error::Empty), "{text:?}");
    }
}

#[test]
fn never_panics_on_odd_input() {
    let header = "timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour\n";
    let pieces = ["", ",", "\"", "\"\"", "\n", "\r", "é", "\u{0}", "2016-03-01T00:00:00Z", "-1", "1e400", ",,,,"];
    for a in pieces {
        for b in pieces {
            for text in [format!("{a}{b}"), format!("{header}{a},{b}\n"), format!("{header}{a}{b},x,y,z,1")] {
                let _ = History::parse(&text).map(|h| (h.catalog(), h.select("x", "y", "z")));
            }
        }
    }
}
