//! Studies (issue 24): `cloudecon sweep` → `run-many` / `run-shard` / GNU parallel / plain
//! `cloudecon run` → `merge`, as processes on real folders. Every way of running the shards gives
//! the same results and the same table, byte for byte.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{cloudecon, temp_path};
use serde_json::{json, Value};

/// A study folder under the temp directory, removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(tag: &str) -> Self {
        let p = temp_path(tag).with_extension("");
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("create study folder");
        Dir(p)
    }

    fn join(&self, p: &str) -> PathBuf {
        self.0.join(p)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[track_caller]
fn ok(args: &[&str]) -> Output {
    let out = cloudecon(args, None);
    assert!(
        out.status.success(),
        "cloudecon {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[track_caller]
fn invalid(args: &[&str], fragments: &[&str]) -> String {
    let out = cloudecon(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "cloudecon {args:?} should exit 2:\n{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("internal error"), "{stderr}");
    for f in fragments {
        assert!(stderr.contains(f), "stderr of cloudecon {args:?} should mention {f:?}:\n{stderr}");
    }
    stderr
}

/// The Figs. 6–7 setting with its random-instance study at one number of users: an α × users ×
/// seeds grid varies `/alpha`, `/study/xs` and `/seed`.
fn abacus_base(dir: &Dir) -> PathBuf {
    let preset = ok(&["preset", "abacus-convergence-linear"]).stdout;
    let mut doc: Value = serde_json::from_slice(&preset).expect("preset JSON");
    doc["trace"] = json!(false);
    doc["study"] = json!({ "over": "users", "xs": [8], "runs": 2 });
    let path = dir.join("base.json");
    std::fs::write(&path, serde_json::to_vec_pretty(&doc).expect("JSON")).expect("write base");
    path
}

fn sweep_abacus(dir: &Dir, out: &str) {
    let base = abacus_base(dir);
    ok(&[
        "sweep",
        base.to_str().expect("path"),
        "--vary",
        "/alpha=0.2:0.8:0.3",
        "--vary",
        "/study/xs=[4],[8]",
        "--seeds",
        "2",
        "--out",
        dir.join(out).to_str().expect("path"),
        "--slurm",
    ]);
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_grid_is_swept_run_and_merged_into_one_row_per_shard() {
    let dir = Dir::new("study-grid");
    sweep_abacus(&dir, "s");
    let s = dir.join("s");
    // 3 α × 2 user counts × 2 seeds, the first --vary slowest, the seeds fastest.
    assert_eq!(files(&s.join("shards")).len(), 12);
    let manifest: Value = serde_json::from_slice(&read(&s.join("manifest.json"))).expect("manifest");
    assert_eq!(manifest["mechanism"], "abacus");
    // Version 2: the grid and the count; each shard's values follow from its index.
    assert_eq!((manifest["version"].clone(), manifest["count"].clone()), (json!(2), json!(12)));
    assert!(manifest.get("shards").is_none(), "no per-shard list (a study of 2^21 shards would be megabytes)");
    let m: cloudecon::study::Manifest = serde_json::from_value(manifest.clone()).unwrap();
    assert_eq!(
        serde_json::to_value(m.shard(0).params).unwrap(),
        json!({ "/alpha": 0.2, "/study/xs": [4], "/seed": 1 })
    );
    assert_eq!(
        serde_json::to_value(m.shard(5).params).unwrap(),
        json!({ "/alpha": 0.5, "/study/xs": [4], "/seed": 2 })
    );
    assert_eq!(
        serde_json::to_value(m.shard(11).params).unwrap(),
        json!({ "/alpha": 0.8, "/study/xs": [8], "/seed": 2 })
    );
    let shard: Value = serde_json::from_slice(&read(&s.join("shards/000005.json"))).expect("shard");
    assert_eq!(
        (shard["alpha"].clone(), shard["study"]["xs"].clone(), shard["seed"].clone()),
        (json!(0.5), json!([4]), json!(2))
    );

    ok(&["run-many", s.to_str().unwrap(), "--jobs", "2"]);
    // Each result is what `cloudecon run` prints for its shard.
    for id in ["000000", "000007"] {
        let printed = ok(&["run", s.join(format!("shards/{id}.json")).to_str().unwrap()]).stdout;
        assert_eq!(read(&s.join(format!("results/{id}.json"))), printed, "result of shard {id}");
    }
    let table = s.join("table.csv");
    ok(&["merge", s.to_str().unwrap(), "-o", table.to_str().unwrap(), "--metric", "/study_result/runs"]);
    let text = String::from_utf8(read(&table)).expect("UTF-8");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    assert_eq!(&header[..6], ["shard", "/alpha", "/study/xs", "/seed", "rounds", "converged"]);
    assert!(header.contains(&"rounds_linear_mean") && header.contains(&"utility[U1]"), "{header:?}");
    assert_eq!(header.last(), Some(&"/study_result/runs"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 12);
    assert_eq!(&rows[5][..4], ["000005", "0.5", "[4]", "2"]);
    assert_eq!(rows[5].last(), Some(&"2"));
    // The mean rounds of the study in each row are the result's own.
    let at = header.iter().position(|h| *h == "rounds_linear_mean").unwrap();
    let result: Value = serde_json::from_slice(&read(&s.join("results/000005.json"))).unwrap();
    assert_eq!(rows[5][at], result["study_result"]["points"][0]["linear_mean"].to_string());

    // The same as JSON: the same cells.
    let json_table = s.join("table.json");
    ok(&["merge", s.to_str().unwrap(), "-o", json_table.to_str().unwrap()]);
    let t: Value = serde_json::from_slice(&read(&json_table)).unwrap();
    assert_eq!(t["rows"].as_array().map(Vec::len), Some(12));
    assert_eq!(t["columns"][1], "/alpha");
    assert_eq!(t["missing"], json!([]));
}

#[test]
fn run_many_resumes_and_missing_shards_are_named_never_dropped() {
    let dir = Dir::new("study-resume");
    sweep_abacus(&dir, "s");
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    assert_eq!(String::from_utf8(ok(&["missing", d]).stdout).unwrap(), "0-11\n");
    ok(&["run-shard", d, "3", "--count", "2"]);
    assert_eq!(String::from_utf8(ok(&["missing", d]).stdout).unwrap(), "0-2,5-11\n");
    assert_eq!(String::from_utf8(ok(&["missing", d, "--chunk", "4"]).stdout).unwrap(), "0-2\n");
    let before = std::fs::metadata(s.join("results/000003.json")).unwrap().modified().unwrap();
    // A shard that cannot be run: its error is kept, the others are run.
    let mut bad: Value = serde_json::from_slice(&read(&s.join("shards/000009.json"))).unwrap();
    bad["alpha"] = json!(7);
    std::fs::write(s.join("shards/000009.json"), bad.to_string()).unwrap();
    invalid(&["run-many", d], &["1 of 10 shard(s) failed", "000009"]);
    assert_eq!(
        std::fs::metadata(s.join("results/000003.json")).unwrap().modified().unwrap(),
        before,
        "done shards are skipped"
    );
    assert!(String::from_utf8(read(&s.join("results/000009.error"))).unwrap().contains("alpha"));
    assert_eq!(String::from_utf8(ok(&["missing", d, "--list"]).stdout).unwrap(), "9\n");
    let table = s.join("t.csv");
    invalid(
        &["merge", d, "-o", table.to_str().unwrap()],
        &["1 of 12 shard(s) have no result", "shard 000009", "alpha"],
    );
    assert!(!table.exists(), "no table without --allow-missing");
    let json_table = s.join("t.json");
    let out = ok(&["merge", d, "-o", json_table.to_str().unwrap(), "--allow-missing"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("000009"));
    let t: Value = serde_json::from_slice(&read(&json_table)).unwrap();
    assert_eq!(t["rows"].as_array().map(Vec::len), Some(11));
    assert_eq!(t["missing"][0]["shard"], "000009");
    assert!(t["missing"][0]["error"].as_str().unwrap().contains("alpha"));

    // Results removed to run the study again: run-shard and run-many make the folder again.
    std::fs::remove_dir_all(s.join("results")).unwrap();
    ok(&["run-shard", d, "0"]);
    assert!(s.join("results/000000.json").exists());
    std::fs::remove_dir_all(s.join("results")).unwrap();
    invalid(&["run-many", d], &["1 of 12 shard(s) failed"]);
    assert_eq!(String::from_utf8(ok(&["missing", d, "--list"]).stdout).unwrap(), "9\n");
}

#[test]
fn bad_sweeps_exit_2_naming_the_path() {
    let dir = Dir::new("study-bad");
    let base = abacus_base(&dir);
    let b = base.to_str().unwrap();
    let out = dir.join("s");
    let o = out.to_str().unwrap();
    invalid(&["sweep", b, "--vary", "alpha=1", "--out", o], &["JSON pointer"]);
    invalid(&["sweep", b, "--vary", "/alpha=0.5,7", "--out", o], &["alpha", "shard 000001"]);
    invalid(&["sweep", b, "--vary", "/nothing/here=1", "--out", o], &["/nothing"]);
    invalid(&["sweep", b, "--vary", "/seed=1,2", "--seeds", "2", "--out", o], &["--seeds"]);
    assert!(!out.join("manifest.json").exists(), "nothing written for a bad sweep");
    // A folder holds one study.
    ok(&["sweep", b, "--vary", "/alpha=0.5", "--out", o]);
    ok(&["sweep", b, "--vary", "/alpha=0.5", "--out", o]);
    invalid(&["sweep", b, "--vary", "/alpha=0.6", "--out", o], &["another study"]);
    invalid(&["merge", o, "-o", dir.join("t.txt").to_str().unwrap()], &[".csv or a .json"]);
    invalid(&["run-many", dir.join("nowhere").to_str().unwrap()], &["manifest.json"]);
}

/// The Slurm script names the study's folder and the runner, an array over the shards, logs, and
/// the resubmission line; a study of more than 1,000 shards gives each task a run of them.
#[test]
fn the_slurm_script_is_an_array_over_the_shards() {
    let dir = Dir::new("study-slurm");
    sweep_abacus(&dir, "s");
    let script = String::from_utf8(read(&dir.join("s/slurm.sh"))).unwrap();
    let abs = std::fs::canonicalize(dir.join("s")).unwrap();
    for line in [
        "#SBATCH --array=0-11%100".to_string(),
        format!("#SBATCH --output={}/logs/%A_%a.out", abs.display()),
        format!("run-shard {} $((SLURM_ARRAY_TASK_ID * 1)) --count 1", abs.display()),
        format!("missing {} --chunk 1", abs.display()),
    ] {
        assert!(script.contains(&line), "{line:?} in\n{script}");
    }
    let shapley = dir.join("glove.json");
    std::fs::write(&shapley, ok(&["preset", "shapley-glove"]).stdout).unwrap();
    ok(&[
        "sweep",
        shapley.to_str().unwrap(),
        "--vary",
        "/coalitions/2/value=0:2500:1",
        "--out",
        dir.join("big").to_str().unwrap(),
        "--slurm",
    ]);
    let script = String::from_utf8(read(&dir.join("big/slurm.sh"))).unwrap();
    assert!(
        script.contains("#SBATCH --array=0-833%100") && script.contains("$((SLURM_ARRAY_TASK_ID * 3)) --count 3"),
        "{script}"
    );
}

/// GNU parallel runs the shards — by `run-shard`, and by plain `cloudecon run … > result` — and
/// the merged tables equal `run-many`'s byte for byte.
#[test]
fn gnu_parallel_runs_a_study_to_the_same_table() {
    let version = Command::new("parallel").arg("--version").output();
    let is_gnu = version.as_ref().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    assert!(is_gnu, "GNU parallel is needed (scripts/setup.sh installs it: apt-get install parallel)");
    let dir = Dir::new("study-parallel");
    let runner = env!("CARGO_BIN_EXE_cloudecon");
    for name in ["many", "shard", "plain"] {
        sweep_abacus(&dir, name);
    }
    let table = |name: &str| {
        let out = dir.join(&format!("{name}.csv"));
        ok(&["merge", dir.join(name).to_str().unwrap(), "-o", out.to_str().unwrap()]);
        read(&out)
    };
    ok(&["run-many", dir.join("many").to_str().unwrap()]);
    let shard = dir.join("shard");
    let sh = |script: &str| {
        let out = Command::new("bash").arg("-c").arg(script).output().expect("bash");
        assert!(out.status.success(), "{script}\n{}", String::from_utf8_lossy(&out.stderr));
    };
    sh(&format!(
        "{runner} missing {d} --list | parallel --will-cite -j 2 {runner} run-shard {d} {{}}",
        d = shard.display()
    ));
    let plain = dir.join("plain");
    sh(&format!(
        "cd {d} && parallel --will-cite -j 2 '{runner} run {{}} > results/{{/}}' ::: shards/*.json",
        d = plain.display()
    ));
    let expected = table("many");
    assert_eq!(String::from_utf8(table("shard")).unwrap(), String::from_utf8(expected.clone()).unwrap());
    assert_eq!(table("plain"), expected);
    assert_eq!(files(&plain.join("results")), files(&dir.join("many/results")));
}

/// A 16-organization federation's exact Shapley value, its 65,535 coalition simulations split
/// into 5 shards and merged: the same Shapley value and coalition values as one run, bit for bit.
#[test]
fn a_sharded_exact_shapley_of_16_organizations_is_the_single_run() {
    let dir = Dir::new("study-coalitions");
    let base = dir.join("federation.json");
    let doc = json!({
        "version": 1, "mechanism": "cloudshare", "seed": 3,
        "organizations": { "count": 16, "processors": 2 },
        "jobs": { "generator": { "count": 60, "horizon": 20, "duration": [1, 4] } },
        "shapley": { "method": "exact" }
    });
    std::fs::write(&base, doc.to_string()).unwrap();
    let b = base.to_str().unwrap();
    let whole: Value = serde_json::from_slice(&ok(&["run", b]).stdout).unwrap();
    assert_eq!(whole["coalition_values"].as_array().map(Vec::len), Some(65_535));
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    ok(&["sweep", b, "--coalitions", "5", "--out", d]);
    ok(&["run-many", d]);
    // A part alone has its coalitions' values and no Shapley value.
    let part: Value = serde_json::from_slice(&read(&s.join("results/000002.json"))).unwrap();
    assert_eq!(part["shapley"], json!([]));
    assert!(part["shapley_method"].as_str().unwrap().starts_with("part 2 of 5"));
    let merged = s.join("shapley.json");
    ok(&["merge", d, "-o", merged.to_str().unwrap()]);
    let merged: Value = serde_json::from_slice(&read(&merged)).unwrap();
    assert_eq!(merged["shapley"], whole["shapley"]);
    assert_eq!(merged["coalition_values"], whole["coalition_values"]);
    // Every part is needed.
    std::fs::remove_file(s.join("results/000004.json")).unwrap();
    invalid(&["merge", d, "-o", s.join("again.json").to_str().unwrap()], &["needs every part", "000004"]);
    invalid(
        &["sweep", b, "--coalitions", "5", "--seeds", "2", "--out", dir.join("t").to_str().unwrap()],
        &["--coalitions"],
    );
}

/// Every 24-hour window of scenario 1's log (NASA iPSC/860, 14 days), one shard each.
#[test]
fn a_log_is_swept_window_after_window() {
    let dir = Dir::new("study-windows");
    let mut doc: Value = serde_json::from_slice(&ok(&["preset", "cloudshare-scenario1"]).stdout).unwrap();
    doc.as_object_mut().unwrap().remove("runs");
    let base = dir.join("log.json");
    std::fs::write(&base, doc.to_string()).unwrap();
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    ok(&["sweep", base.to_str().unwrap(), "--windows", "--out", d]);
    let manifest: Value = serde_json::from_slice(&read(&s.join("manifest.json"))).unwrap();
    let starts: Vec<f64> =
        manifest["vary"][0]["values"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(manifest["vary"][0]["pointer"], "/jobs/window_start_hours");
    assert_eq!(starts, (0..starts.len()).map(|k| 24.0 * k as f64).collect::<Vec<_>>());
    assert!(starts.len() >= 12, "a 14-day log has at least 12 whole days after its first submit: {starts:?}");
    ok(&["run-many", d]);
    let table = s.join("t.csv");
    ok(&["merge", d, "-o", table.to_str().unwrap()]);
    let text = String::from_utf8(read(&table)).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    assert_eq!(&header[..3], ["shard", "/jobs/window_start_hours", "unfairness[orig_direct]"]);
    assert!(header.contains(&"unfairness[fair_share]") && header.contains(&"shapley[O1]"), "{header:?}");
    // A window's row is the run of that window.
    let mut one = doc.clone();
    one["jobs"]["window_start_hours"] = json!(48.0);
    let f = dir.join("day3.json");
    std::fs::write(&f, one.to_string()).unwrap();
    assert_eq!(ok(&["run", f.to_str().unwrap()]).stdout, read(&s.join("results/000002.json")));
    invalid(&["sweep", dir.join("nowhere.json").to_str().unwrap(), "--windows", "--out", d], &["cannot read"]);
}

/// A long run shows a progress bar on a terminal (here `script`'s), with the same result, and
/// nothing when standard error is piped.
#[test]
fn a_run_shows_progress_on_a_terminal_only() {
    let dir = Dir::new("study-progress");
    let doc = json!({
        "version": 1, "mechanism": "cloudshare", "seed": 3,
        "organizations": { "count": 10, "processors": 2 },
        "jobs": { "generator": { "count": 60, "horizon": 20, "duration": [1, 4] } },
        "shapley": { "method": "exact" }
    });
    let f = dir.join("fed.json");
    std::fs::write(&f, doc.to_string()).unwrap();
    let piped = cloudecon(&["run", f.to_str().unwrap()], None);
    assert!(piped.status.success() && piped.stderr.is_empty(), "{}", String::from_utf8_lossy(&piped.stderr));
    let (out, log) = (dir.join("out.json"), dir.join("tty.log"));
    let shell = format!("{} run {} > {}", env!("CARGO_BIN_EXE_cloudecon"), f.display(), out.display());
    let status = Command::new("script")
        .args(["-qec", &shell, log.to_str().unwrap()])
        .env("CLOUDECON_PROGRESS_AFTER_MS", "0")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("script (util-linux) runs a command on a terminal");
    assert!(status.success());
    assert_eq!(read(&out), piped.stdout, "the same result with the bar");
    let shown = String::from_utf8_lossy(&read(&log)).into_owned();
    assert!(shown.contains('%') && shown.contains("left"), "a progress bar on the terminal: {shown:?}");
}

/// The study the browser runs in its worker ([`LocalStudy`], stepped a little at a time) gives
/// the runner's `sweep` → `run-many` → `merge` table byte for byte, CSV and JSON.
#[test]
fn a_study_run_in_one_process_step_by_step_is_the_merged_table() {
    use cloudecon::sim::{Job, Step};
    use cloudecon::study::{LocalStudy, Table, Vary};
    let dir = Dir::new("study-local");
    sweep_abacus(&dir, "s");
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    ok(&["run-many", d]);
    let (csv, json) = (s.join("t.csv"), s.join("t.json"));
    ok(&["merge", d, "-o", csv.to_str().unwrap(), "--metric", "/study_result/runs"]);
    ok(&["merge", d, "-o", json.to_str().unwrap(), "--metric", "/study_result/runs"]);

    let vary: Vec<Vary> = ["/alpha=0.2:0.8:0.3", "/study/xs=[4],[8]"].iter().map(|v| Vary::parse(v).unwrap()).collect();
    let vary = [vary, vec![Vary::seeds(2)]].concat();
    let base = read(&dir.join("base.json"));
    for budget in [1, 1 << 15, u64::MAX] {
        let mut study = LocalStudy::new(&base, &vary, vec!["/study_result/runs".into()]).unwrap();
        assert_eq!(study.shards(), 12);
        let (mut steps, mut last) = (0, 0);
        let table = loop {
            match study.step(budget) {
                Step::Done(t) => break t.unwrap(),
                Step::Working(p) => {
                    assert!(p.done >= last && p.done < p.total, "progress goes forward: {p:?}");
                    last = p.done;
                    steps += 1;
                }
            }
        };
        assert_eq!(table.to_csv().as_bytes(), read(&csv), "budget {budget}");
        assert_eq!(serde_json::to_string_pretty(&table).unwrap() + "\n", String::from_utf8(read(&json)).unwrap());
        assert_eq!(Table::read(&table.to_csv()).unwrap(), table, "the CSV reads back as the table");
        if budget == 1 {
            assert!(steps > 12, "a small budget yields within shards ({steps} steps)");
        }
    }
    // A shard that is not a scenario ends the study with its problem, naming the shard, as
    // `sweep` refuses the grid (after the shards before it, and only once).
    let bad = [Vary::parse("/alpha=0.5,-1").unwrap()];
    let mut study = LocalStudy::new(&base, &bad, Vec::new()).unwrap();
    let e = loop {
        if let Step::Done(out) = study.step(u64::MAX) {
            break out.expect_err("α = −1 is refused").to_string();
        }
    };
    assert!(e.contains("alpha") && e.contains("shard 000001"), "{e}");
    assert!(matches!(study.step(1), Step::Done(Err(_))), "stepped again, the same answer");
    invalid(
        &[
            "sweep",
            dir.join("base.json").to_str().unwrap(),
            "--vary",
            "/alpha=0.5,-1",
            "--out",
            dir.join("b").to_str().unwrap(),
        ],
        &["alpha", "shard 000001"],
    );
}

/// `sweep --windows` of a spot document whose jobs come from a log: every day of the NASA iPSC
/// cut (two weeks) against the same four policies; a window's row is the run of that window.
#[test]
fn a_spot_log_is_swept_day_after_day() {
    let dir = Dir::new("study-spot-windows");
    let real: Value = serde_json::from_slice(&ok(&["preset", "spot-real"]).stdout).unwrap();
    let mut doc: Value = serde_json::from_slice(&ok(&["preset", "spot-basic"]).stdout).unwrap();
    doc["jobs"] = json!({ "swf": real["jobs"]["swf"], "seed": 5, "window_hours": 24 });
    let base = dir.join("days.json");
    std::fs::write(&base, doc.to_string()).unwrap();
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    ok(&["sweep", base.to_str().unwrap(), "--windows", "--out", d]);
    let manifest: Value = serde_json::from_slice(&read(&s.join("manifest.json"))).unwrap();
    assert_eq!(manifest["mechanism"], "spot");
    let starts: Vec<f64> =
        manifest["vary"][0]["values"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(starts, (0..starts.len()).map(|k| 24.0 * k as f64).collect::<Vec<_>>());
    assert!((12..=14).contains(&starts.len()), "a 14-day log has 12 to 14 whole days: {starts:?}");
    ok(&["run-many", d]);
    let table = s.join("t.csv");
    ok(&["merge", d, "-o", table.to_str().unwrap()]);
    let text = String::from_utf8(read(&table)).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    assert_eq!(&header[..3], ["shard", "/jobs/window_start_hours", "regret"]);
    assert_eq!(text.lines().count(), starts.len() + 1);
    let mut one = doc.clone();
    one["jobs"]["window_start_hours"] = json!(48.0);
    let f = dir.join("day3.json");
    std::fs::write(&f, one.to_string()).unwrap();
    assert_eq!(ok(&["run", f.to_str().unwrap()]).stdout, read(&s.join("results/000002.json")));
    // Days differ: the windows are not the same jobs.
    assert_ne!(read(&s.join("results/000000.json")), read(&s.join("results/000001.json")));
}

/// Issue 38: varying a tagged object's kind replaces its kind-specific fields, as the page's kind
/// menu does (the README's own example, `/algorithm/kind=basic_econ,first_fit`, used to fail at
/// its second shard with "unknown field `min_unit_price`"); a value that makes no scenario is
/// named before any shard runs, by the sweep and by the check the Studies page makes.
#[test]
fn varying_a_kind_replaces_its_fields_and_a_bad_value_is_named_before_the_run() {
    use cloudecon::study::{check_values, plan, Vary};
    let dir = Dir::new("study-kinds");
    let base = dir.join("era.json");
    std::fs::write(&base, ok(&["preset", "era-basic"]).stdout).unwrap();
    let bytes = read(&base);
    let before: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(before["algorithm"]["kind"], "basic_econ");
    let vary = [Vary::parse("/algorithm/kind=basic_econ,first_fit,on_demand,formula").unwrap(), Vary::seeds(2)];
    check_values(&bytes, &vary).expect("every kind makes a scenario");
    let (_, shards) = plan(&bytes, &vary).expect("every shard is a scenario");
    assert_eq!(shards.len(), 8);
    let algorithm = |k: usize| shards[k].document["algorithm"].clone();
    assert_eq!(algorithm(0), before["algorithm"], "the base's own kind is left as it is");
    assert_eq!(algorithm(2)["kind"], "first_fit");
    assert!(algorithm(2).get("min_unit_price").is_none(), "{}", algorithm(2));
    // The bounds both Basic-Econ and the formula rule have keep the base's values.
    assert_eq!(algorithm(6)["kind"], "formula");
    assert_eq!(algorithm(6)["min_unit_price"], before["algorithm"]["min_unit_price"]);
    assert!(algorithm(6)["unit_price"].is_string(), "{}", algorithm(6));
    // The runner sweeps, runs and merges it.
    let out = dir.join("s");
    ok(&[
        "sweep",
        base.to_str().unwrap(),
        "--vary",
        "/algorithm/kind=basic_econ,first_fit",
        "--out",
        out.to_str().unwrap(),
    ]);
    ok(&["run-many", out.to_str().unwrap()]);
    let table = dir.join("t.csv");
    ok(&["merge", out.to_str().unwrap(), "-o", table.to_str().unwrap()]);
    let text = String::from_utf8(read(&table)).unwrap();
    assert!(text.contains("first_fit") && text.contains("basic_econ"), "{text}");
    // A kind that does not exist is named, with its value, before anything runs.
    let bad = [Vary::parse("/algorithm/kind=basic_econ,cheapest").unwrap()];
    let e = check_values(&bytes, &bad).expect_err("no such algorithm").to_string();
    assert!(e.contains("cheapest") && e.contains("/algorithm/kind"), "{e}");
    invalid(
        &[
            "sweep",
            base.to_str().unwrap(),
            "--vary",
            "/algorithm/kind=basic_econ,cheapest",
            "--out",
            dir.join("b").to_str().unwrap(),
        ],
        &["algorithm", "cheapest"],
    );
}

/// Issue 35: hostile study flags and files. A count that would wrap, seeds or ranges past the
/// limit, a range near i64::MAX, an output in a folder that does not exist, a results entry that
/// is a folder, a manifest whose ids are not file names: each exits 2 naming the flag or the
/// file (never a panic, never "internal error"), and a bad sweep leaves nothing behind.
#[test]
fn hostile_study_flags_and_files_exit_2_naming_them() {
    use cloudecon::study::Vary;
    let dir = Dir::new("study-hostile");
    sweep_abacus(&dir, "s");
    let s = dir.join("s");
    let d = s.to_str().unwrap();
    let b = dir.join("base.json");
    let b = b.to_str().unwrap();
    let o = dir.join("x");
    let o = o.to_str().unwrap();
    // run-shard: INDEX + COUNT past usize::MAX runs to the last shard.
    ok(&["run-shard", d, "11", "--count", "18446744073709551615"]);
    assert!(s.join("results/000011.json").is_file());
    // Seeds and ranges are counted before anything is made.
    invalid(&["sweep", b, "--seeds", "18446744073709551615", "--out", o], &["--seeds", "2097152"]);
    invalid(&["sweep", b, "--seeds", "1000000000", "--out", o], &["--seeds", "2097152"]);
    invalid(&["sweep", b, "--vary", "/seed=0:1e300:1", "--out", o], &["--vary", "at most 2097152"]);
    invalid(&["sweep", b, "--vary", "/seed=0:9223372036854775807:1", "--out", o], &["--vary", "at most 2097152"]);
    invalid(&["sweep", b, "--vary", "/alpha=0.1:0.9:0.1", "--seeds", "300000", "--out", o], &["2097152"]);
    assert!(!dir.join("x").join("manifest.json").exists() && !dir.join("x").join("shards").exists());
    let near = Vary::parse("/seed=9223372036854775800:9223372036854775807:3").unwrap();
    assert_eq!(
        near.values().collect::<Vec<_>>(),
        vec![json!(9223372036854775800u64), json!(9223372036854775803u64), json!(9223372036854775806u64)]
    );
    let negative = Vary::parse("/x=-9223372036854775808:-9223372036854775806:1").unwrap();
    assert_eq!(negative.len(), 3);
    assert!(negative.values().all(|v| v.as_i64().is_some_and(|x| x < 0)));
    // An output in a folder that does not exist.
    ok(&["run-many", d]);
    let nowhere = dir.join("no/such/folder/t.csv");
    invalid(&["merge", d, "-o", nowhere.to_str().unwrap()], &["no/such/folder", "does not exist"]);
    // A results entry that is a folder.
    std::fs::remove_file(s.join("results/000003.json")).unwrap();
    std::fs::create_dir(s.join("results/000003.json")).unwrap();
    invalid(&["run-shard", d, "3"], &["000003.json", "folder"]);
    // Manifests whose shard ids are not file names, or whose count is not the grid's.
    for (tag, manifest) in [
        (
            "slash",
            json!({ "version": 1, "mechanism": "abacus", "base_sha256": "", "vary": [], "shards": [{ "id": "../x", "params": {} }] }),
        ),
        (
            "nul",
            json!({ "version": 1, "mechanism": "abacus", "base_sha256": "", "vary": [], "shards": [{ "id": "a\u{0}b", "params": {} }] }),
        ),
        (
            "count",
            json!({ "version": 2, "mechanism": "abacus", "base_sha256": "", "vary": [{ "pointer": "/seed", "values": [1, 2] }], "count": 5 }),
        ),
        ("version", json!({ "version": 9, "mechanism": "abacus", "base_sha256": "", "vary": [] })),
    ] {
        let m = dir.join(&format!("m-{tag}"));
        std::fs::create_dir_all(&m).unwrap();
        std::fs::write(m.join("manifest.json"), manifest.to_string()).unwrap();
        for args in [
            vec!["run-many", m.to_str().unwrap()],
            vec!["missing", m.to_str().unwrap()],
            vec!["run-shard", m.to_str().unwrap(), "0"],
        ] {
            invalid(&args, &["manifest.json"]);
        }
    }
}
