//! A merged table read back and summarised for a chart: a metric against one varied parameter,
//! the mean and the 95% interval over the seeds at each value, one line per label of the metric
//! (an algorithm, a job, an organization) and per value of the other varied parameters.
//!
//! What a table's columns are follows from how [`super::row`] writes them: `shard`, then the
//! varied parameters (named by their JSON pointers, so they start with `/`), then the metrics
//! (`metric` or `metric[label]`, and any `--metric` pointers).

use serde_json::Value;

use super::Table;
use crate::error::Problem;

/// The parameter a study's seeds vary (`sweep --seeds N`): the interval is over it.
pub const SEED: &str = "/seed";

/// Whether a varied parameter is a seed — `/seed`, or one of a part's own (`/spot_price/seed`,
/// `/jobs/generator/seed`): what the interval is taken over, never a line of its own.
pub fn is_seed(pointer: &str) -> bool {
    pointer == SEED || pointer.ends_with("/seed")
}

impl Table {
    /// A merged table as `merge` writes it, CSV or JSON (told apart by the first character).
    pub fn read(text: &str) -> Result<Table, String> {
        if text.trim_start().starts_with('{') {
            Table::from_json(text)
        } else {
            Table::from_csv(text)
        }
    }

    /// A table as `merge -o table.json` writes it.
    pub fn from_json(text: &str) -> Result<Table, String> {
        let mut table: Table = serde_json::from_str(text).map_err(|e| format!("not a merged table (JSON): {e}"))?;
        let width = table.columns.len();
        if let Some(i) = table.rows.iter().position(|r| r.len() > width) {
            return Err(format!("row {} has more cells than the table has columns ({width})", i + 1));
        }
        table.rows.iter_mut().for_each(|r| r.resize(width, Value::Null));
        table.check()?;
        Ok(table)
    }

    /// A table as `merge -o table.csv` writes it: a cell that reads as a JSON number, boolean,
    /// array or object is that value, an empty cell is empty (`null`), any other a string.
    pub fn from_csv(text: &str) -> Result<Table, String> {
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
        let columns: Vec<String> = reader
            .headers()
            .map_err(|e| format!("not a merged table (CSV): {e}"))?
            .iter()
            .map(str::to_string)
            .collect();
        let mut table = Table { columns, ..Table::default() };
        for (i, record) in reader.records().enumerate() {
            let record = record.map_err(|e| format!("line {}: {e}", i + 2))?;
            table.rows.push(record.iter().map(cell_value).collect());
        }
        table.check()?;
        Ok(table)
    }

    /// A merged table starts with its `shard` column.
    fn check(&self) -> Result<(), String> {
        if self.columns.first().map(String::as_str) != Some("shard") {
            return Err("not a merged table: its first column is not \"shard\" (make one with cloudecon merge)".into());
        }
        Ok(())
    }

    /// The varied parameters: the columns after `shard` named by a JSON pointer, up to the first
    /// metric.
    pub fn parameters(&self) -> Vec<&str> {
        self.columns.iter().skip(1).map(String::as_str).take_while(|c| c.starts_with('/')).collect()
    }

    /// The metrics that can be charted: each name (`utility` for `utility[J1]`, `utility[J2]`, …)
    /// once, in column order, when one of its columns has a number.
    pub fn metrics(&self) -> Vec<String> {
        let first = 1 + self.parameters().len();
        let mut out: Vec<String> = Vec::new();
        for (c, name) in self.columns.iter().enumerate().skip(first) {
            let (metric, _) = split_label(name);
            if !out.iter().any(|m| m == metric) && self.rows.iter().any(|r| r.get(c).is_some_and(Value::is_number)) {
                out.push(metric.to_string());
            }
        }
        out
    }

    /// The parameters that can be an x axis: those whose values are all numbers.
    pub fn numeric_parameters(&self) -> Vec<&str> {
        self.parameters()
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| self.rows.iter().all(|r| r.get(i + 1).is_some_and(Value::is_number)))
            .map(|(_, p)| p)
            .collect()
    }
}

/// A cell of a CSV table as the value `to_csv` wrote.
fn cell_value(text: &str) -> Value {
    if text.is_empty() {
        return Value::Null;
    }
    let first = text.as_bytes()[0];
    if first.is_ascii_digit() || matches!(first, b'-' | b'[' | b'{' | b't' | b'f') {
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            if !v.is_string() && !v.is_null() {
                return v;
            }
        }
    }
    Value::String(text.to_string())
}

/// `metric[label]` as (`metric`, `Some(label)`); any other name as itself.
fn split_label(name: &str) -> (&str, Option<&str>) {
    match name.find('[') {
        Some(at) if name.ends_with(']') && at > 0 => (&name[..at], Some(&name[at + 1..name.len() - 1])),
        _ => (name, None),
    }
}

/// One x value of a line: the mean of the `n` numbers there and its 95% interval (Student's t
/// over the n − 1 degrees of freedom; a single number is its own interval).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub n: usize,
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// One line: a label of the metric and values of the other parameters, its points by x.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<Point>,
}

/// `metric` against the parameter `x`: one series per label of the metric and per combination
/// of the other varied parameters except the seeds ([`is_seed`]), in the order the table first shows them; at
/// each x, the mean and 95% interval of the rows that share everything but the seed. Empty and
/// non-numeric cells are left out (a missing shard is not a zero). A request the table cannot
/// answer is a problem as data (at `x`, `metric` or the row's cell), said in a page's language.
pub fn summarize(table: &Table, x: &str, metric: &str) -> Result<Vec<Series>, Problem> {
    let parameters = table.parameters();
    let Some(xi) = parameters.iter().position(|p| *p == x).map(|i| i + 1) else {
        let args = vec![("x", format!("{x:?}")), ("parameters", parameters.join(", "))];
        return Err(Problem::keyed("x", "err-study-varies-no-parameter", args));
    };
    let others: Vec<(usize, &str)> =
        parameters.iter().enumerate().map(|(i, p)| (i + 1, *p)).filter(|&(i, p)| i != xi && !is_seed(p)).collect();
    let columns: Vec<(usize, Option<&str>)> = table
        .columns
        .iter()
        .enumerate()
        .skip(1 + parameters.len())
        .filter_map(|(c, name)| match split_label(name) {
            (m, label) if m == metric => Some((c, label)),
            _ => None,
        })
        .collect();
    if columns.is_empty() {
        return Err(Problem::keyed("metric", "err-study-no-metric", vec![("metric", format!("{metric:?}"))]));
    }
    // (series name, x bits) → the numbers there; series and x in order of appearance.
    let mut names: Vec<String> = Vec::new();
    let mut values: Vec<Vec<(f64, Vec<f64>)>> = Vec::new();
    for (r, row) in table.rows.iter().enumerate() {
        let Some(xv) = row.get(xi).and_then(Value::as_f64) else {
            let args = vec![("row", (r + 1).to_string()), ("x", x.to_string())];
            return Err(Problem::keyed(format!("rows[{r}][{xi}]"), "err-study-row-not-number", args));
        };
        let fixed: Vec<String> =
            others.iter().map(|&(i, p)| format!("{p}={}", row.get(i).map(text_of).unwrap_or_default())).collect();
        for &(c, label) in &columns {
            let Some(y) = row.get(c).and_then(Value::as_f64) else { continue };
            let name =
                label.map(|l| format!("{metric}[{l}]")).into_iter().chain(fixed.iter().cloned()).collect::<Vec<_>>();
            let name = if name.is_empty() { metric.to_string() } else { name.join(", ") };
            let s = match names.iter().position(|n| *n == name) {
                Some(s) => s,
                None => {
                    names.push(name);
                    values.push(Vec::new());
                    names.len() - 1
                }
            };
            match values[s].iter_mut().find(|(v, _)| v.to_bits() == xv.to_bits()) {
                Some((_, ys)) => ys.push(y),
                None => values[s].push((xv, vec![y])),
            }
        }
    }
    Ok(names
        .into_iter()
        .zip(values)
        .map(|(name, mut at)| {
            at.sort_by(|a, b| a.0.total_cmp(&b.0));
            Series { name, points: at.into_iter().map(|(x, ys)| point(x, &ys)).collect() }
        })
        .collect())
}

/// A value as a series name shows it: strings bare, anything else as JSON.
fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The mean of `ys` and its 95% interval.
fn point(x: f64, ys: &[f64]) -> Point {
    let n = ys.len();
    let mean = ys.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return Point { x, n, mean, low: mean, high: mean };
    }
    let var = ys.iter().map(|y| (y - mean) * (y - mean)).sum::<f64>() / (n - 1) as f64;
    let half = t_975(n - 1) * (var / n as f64).sqrt();
    Point { x, n, mean, low: mean - half, high: mean + half }
}

/// Student's t distribution's 0.975 quantile for `df` ≥ 1 degrees of freedom: tabulated to 30,
/// beyond by the Cornish–Fisher expansion around the normal quantile (within 10⁻⁴ there).
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010, 2.1788, 2.1604,
        2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518,
        2.0484, 2.0452, 2.0423,
    ];
    if (1..=30).contains(&df) {
        return TABLE[df - 1];
    }
    let (z, v) = (1.959_963_984_540_054_f64, df.max(1) as f64);
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * v)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v * v * v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn table() -> Table {
        let mut t = Table::default();
        for (k, (alpha, users, seed, a, b)) in [
            (0.5, 2, 1, 1.0, 10.0),
            (0.5, 2, 2, 3.0, 10.0),
            (0.5, 4, 1, 5.0, 20.0),
            (0.5, 4, 2, 5.0, 20.0),
            (1.5, 2, 1, 2.0, 30.0),
            (1.5, 2, 2, 4.0, 30.0),
            (1.5, 4, 1, 6.0, 40.0),
            (1.5, 4, 2, 6.0, 40.0),
        ]
        .into_iter()
        .enumerate()
        {
            t.push(vec![
                ("shard".into(), json!(format!("{k:06}"))),
                ("/alpha".into(), json!(alpha)),
                ("/users".into(), json!(users)),
                ("/seed".into(), json!(seed)),
                ("rounds".into(), json!(7)),
                ("utility[J1]".into(), json!(a)),
                ("utility[J2]".into(), json!(b)),
                ("best".into(), json!("x")),
            ]);
        }
        t
    }

    #[test]
    fn columns_are_told_apart() {
        let t = table();
        assert_eq!(t.parameters(), ["/alpha", "/users", "/seed"]);
        assert_eq!(t.numeric_parameters(), ["/alpha", "/users", "/seed"]);
        assert_eq!(t.metrics(), ["rounds", "utility"]);
    }

    #[test]
    fn csv_and_json_read_back_as_written() {
        let t = table();
        assert_eq!(Table::read(&t.to_csv()).unwrap(), t);
        assert_eq!(Table::read(&serde_json::to_string(&t).unwrap()).unwrap(), t);
        assert!(Table::read("a,b\n1,2\n").unwrap_err().contains("shard"));
        assert!(Table::read("{\"columns\": 3}").is_err());
    }

    #[test]
    fn a_line_per_label_and_other_parameter_with_the_mean_over_seeds() {
        let s = summarize(&table(), "/alpha", "utility").unwrap();
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["utility[J1], /users=2", "utility[J2], /users=2", "utility[J1], /users=4", "utility[J2], /users=4"]
        );
        let p = &s[0].points[0];
        assert_eq!((p.x, p.n, p.mean), (0.5, 2, 2.0));
        // Sample sd √2, half-width t(1)·√2/√2.
        assert!((p.high - p.mean - 12.7062).abs() < 1e-12 && (p.mean - p.low - 12.7062).abs() < 1e-12);
        // Equal values: no width.
        let q = &s[2].points[1];
        assert_eq!((q.x, q.mean, q.low, q.high), (1.5, 6.0, 6.0, 6.0));
        assert!(is_seed("/seed") && is_seed("/spot_price/seed") && !is_seed("/seeds") && !is_seed("/alpha"));
        // Over the seed itself: one number per point.
        let by_seed = summarize(&table(), SEED, "rounds").unwrap();
        assert_eq!(by_seed.len(), 4);
        assert!(by_seed.iter().all(|s| s.points.iter().all(|p| p.n == 1 && p.low == p.high)));
    }

    #[test]
    fn missing_cells_are_left_out_and_bad_requests_named() {
        let mut t = table();
        t.rows[0][5] = Value::Null;
        let s = summarize(&t, "/alpha", "utility").unwrap();
        let j1 = s.iter().find(|s| s.name == "utility[J1], /users=2").unwrap();
        assert_eq!((j1.points[0].n, j1.points[0].mean), (1, 3.0));
        let no_x = summarize(&t, "/beta", "utility").unwrap_err();
        assert_eq!((no_x.path.as_str(), no_x.id), ("x", Some("err-study-varies-no-parameter")));
        assert!(no_x.message.starts_with("the table varies no parameter \"/beta\" (it varies /alpha"), "{no_x}");
        let no_metric = summarize(&t, "/alpha", "nothing").unwrap_err();
        assert_eq!(no_metric.message, "the table has no metric \"nothing\"");
        assert_eq!(no_metric.path, "metric");
        t.rows[1][1] = Value::String("high".into());
        let not_number = summarize(&t, "/alpha", "utility").unwrap_err();
        assert_eq!(
            (not_number.path.as_str(), not_number.message.as_str()),
            ("rows[1][1]", "row 2: /alpha is not a number")
        );
    }

    #[test]
    fn the_t_quantile_joins_its_expansion() {
        assert!((t_975(31) - 2.0395).abs() < 1e-4);
        assert!((t_975(60) - 2.0003).abs() < 1e-4);
        assert!((t_975(120) - 1.9799).abs() < 1e-4);
        assert!((1..200).all(|d| t_975(d) > t_975(d + 1)));
    }
}
