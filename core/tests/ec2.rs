//! EC2 spot price files: the 14-day m3.medium series shipped in `core/data`, and, when
//! `../shared/data/spot` is beside the repository, the two full files.

use cloudecon::spot::ec2::{self, History};

fn read(path: &str) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) => {
            println!("note: skipping {path}: {e}");
            None
        }
    }
}

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
