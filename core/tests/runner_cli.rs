//! The `cloudecon` command-line runner, spawned as a process, and the run pipeline behind it.

mod common;

use std::process::Output;

use cloudecon::runner::{self, Placement, INLINE_WORK_LIMIT};
use cloudecon::sim::{run_to_end, Job, Step};
use cloudecon::{RunOutput, Scenario};
use common::{assert_all_close, close, cloudecon, temp_path, EPS, EXACT_EPS};
use serde_json::{json, Value};

const GLOVE: [f64; 3] = [2.0 / 3.0, 1.0 / 6.0, 1.0 / 6.0];

/// What a run of the runner should give.
struct Expect<'a> {
    code: i32,
    stdout: &'a [&'a str],
    stderr: &'a [&'a str],
}

/// The one data-driven check: exit status and fragments of stdout/stderr; never a panic.
#[track_caller]
fn check(args: &[&str], stdin: Option<&[u8]>, expect: Expect) -> Output {
    let out = cloudecon(args, stdin);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let context = format!("cloudecon {args:?}\n--- stdout\n{stdout}\n--- stderr\n{stderr}");
    assert_eq!(out.status.code(), Some(expect.code), "exit status of {context}");
    for fragment in expect.stdout {
        assert!(stdout.contains(fragment), "stdout should mention {fragment:?}: {context}");
    }
    for fragment in expect.stderr {
        assert!(stderr.contains(fragment), "stderr should mention {fragment:?}: {context}");
    }
    assert!(!stderr.contains("panicked") && !stderr.contains("internal error"), "the runner must not panic: {context}");
    out
}

/// A scenario file under the temp directory, removed on drop.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(tag: &str, contents: &[u8]) -> Self {
        let path = temp_path(tag);
        std::fs::write(&path, contents).expect("write temp file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn glove_table() -> Value {
    json!({
        "version": 1,
        "mechanism": "shapley",
        "title": "Gloves",
        "players": ["L", "R1", "R2"],
        "coalitions": [
            { "members": ["L"], "value": 0 },
            { "members": ["R1"], "value": 0 },
            { "members": ["R2"], "value": 0 },
            { "members": ["L", "R1"], "value": 1 },
            { "members": ["L", "R2"], "value": 1 },
            { "members": ["R1", "R2"], "value": 0 },
            { "members": ["L", "R1", "R2"], "value": 1 }
        ]
    })
}

fn glove_formula() -> Value {
    json!({ "version": 1, "mechanism": "shapley", "players": ["L", "R1", "R2"], "game": { "kind": "glove", "left": ["L"] } })
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().expect("array").iter().map(|x| x.as_f64().expect("number")).collect()
}

/// Checks a printed glove-game result.
fn assert_glove_result(stdout: &[u8]) -> Value {
    let result: Value = serde_json::from_slice(stdout).expect("stdout is one JSON document");
    assert_eq!(result["version"], json!(1));
    assert_eq!(result["mechanism"], json!("shapley"));
    assert_eq!(result["players"], json!(["L", "R1", "R2"]));
    assert_all_close(&floats(&result["shapley"]), &GLOVE, EXACT_EPS, "printed shapley");
    let gap = result["efficiency_gap"].as_f64().expect("efficiency_gap is a number");
    assert!(gap.abs() < EPS, "efficiency gap {gap}");
    assert_eq!(result["grand_value"], json!(1.0));
    assert_eq!(result["in_core"], json!(false));
    let violation = &result["core_violation"];
    assert!(violation["members"] == json!(["L", "R1"]) || violation["members"] == json!(["L", "R2"]), "{violation}");
    result
}

// ---------------------------------------------------------------------------------------------
// Running and validating

#[test]
fn run_file_prints_the_result() {
    let file = TempFile::new("glove-table", glove_table().to_string().as_bytes());
    let out = check(&["run", file.path()], None, Expect { code: 0, stdout: &["\"shapley\""], stderr: &[] });
    assert!(out.stderr.is_empty(), "nothing on stderr on success");
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 1, "one line of compact JSON");
    let result = assert_glove_result(&out.stdout);
    // Bit for bit what the library gives for the same document (the browser calls the same code).
    let library = runner::run_json(&glove_table().to_string()).expect("valid").to_value();
    assert_eq!(result, library);
}

#[test]
fn timings_go_to_stderr_and_leave_the_result_alone() {
    let file = TempFile::new("glove-timings", glove_table().to_string().as_bytes());
    let plain = check(&["run", file.path()], None, Expect { code: 0, stdout: &[], stderr: &[] });
    let timed = check(
        &["run", "--timings", file.path()],
        None,
        Expect { code: 0, stdout: &[], stderr: &["read:", "parse + validate:", "run:", "write:", " ms"] },
    );
    assert_eq!(timed.stdout, plain.stdout);
    assert_eq!(String::from_utf8_lossy(&timed.stderr).lines().count(), 4, "one line per phase");
}

#[test]
fn run_reads_standard_input() {
    let doc = glove_formula().to_string();
    let out = check(&["run", "-"], Some(doc.as_bytes()), Expect { code: 0, stdout: &[], stderr: &[] });
    assert_glove_result(&out.stdout);
    let pretty = check(
        &["run", "--pretty", "-"],
        Some(doc.as_bytes()),
        Expect { code: 0, stdout: &["\n  \"shapley\": ["], stderr: &[] },
    );
    assert_eq!(
        serde_json::from_slice::<Value>(&pretty.stdout).expect("JSON"),
        serde_json::from_slice::<Value>(&out.stdout).expect("JSON")
    );
}

#[test]
fn convex_game_is_reported_in_core() {
    let doc = json!({ "version": 1, "mechanism": "shapley", "players": ["A", "B", "C"], "game": { "kind": "majority", "quota": 3 } });
    let out = check(
        &["run", "-"],
        Some(doc.to_string().as_bytes()),
        Expect { code: 0, stdout: &["\"in_core\":true"], stderr: &[] },
    );
    let result: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_all_close(&floats(&result["shapley"]), &[1.0 / 3.0; 3], EXACT_EPS, "unanimity of 3");
    assert_eq!(result["core_violation"], Value::Null);
}

#[test]
fn validate_prints_ok() {
    let file = TempFile::new("validate", glove_table().to_string().as_bytes());
    let out = check(&["validate", file.path()], None, Expect { code: 0, stdout: &[], stderr: &[] });
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n");
    check(
        &["validate", "-"],
        Some(glove_formula().to_string().as_bytes()),
        Expect { code: 0, stdout: &["ok"], stderr: &[] },
    );
}

// ---------------------------------------------------------------------------------------------
// Invalid input: exit 2 with the JSON path

#[test]
fn invalid_documents_exit_2_naming_the_path() {
    let mut doc = glove_table();
    doc["coalitions"][1]["value"] = json!("zero");
    let file = TempFile::new("invalid", doc.to_string().as_bytes());
    for cmd in ["run", "validate"] {
        let out = check(
            &[cmd, file.path()],
            None,
            Expect { code: 2, stdout: &[], stderr: &["coalitions[1].value", "invalid type"] },
        );
        assert!(out.stdout.is_empty(), "{cmd}: nothing on stdout when invalid");
    }
}

#[test]
fn every_problem_is_one_line_of_stderr() {
    let mut doc = glove_table();
    doc["seed"] = json!(-1);
    doc["coalitions"][0]["members"] = json!(["Nobody"]);
    let out = check(
        &["run", "-"],
        Some(doc.to_string().as_bytes()),
        Expect {
            code: 2,
            stdout: &[],
            stderr: &[
                "seed: must be an integer",
                "coalitions[0].members[0]: unknown player \"Nobody\"",
                "coalitions: ",
            ],
        },
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 3);
}

#[test]
fn refusals_exit_2() {
    let cases: Vec<(Value, &[&str])> = vec![
        (json!({ "version": 2, "mechanism": "shapley" }), &["version: 2 is newer"]),
        (json!({ "version": 1, "mechanism": "nonesuch" }), &["mechanism: unknown mechanism \"nonesuch\""]),
        (
            json!({ "version": 1, "mechanism": "shapley", "players": (1..=21).map(|i| format!("P{i}")).collect::<Vec<_>>(),
                 "game": { "kind": "glove", "left": [] } }),
            &["players: ", "20 players"],
        ),
        // Formerly drew infinite values and crashed the run: now refused.
        (
            json!({ "version": 1, "mechanism": "shapley", "players": ["A", "B"],
                 "game": { "kind": "random", "low": -1e308, "high": 1e308 } }),
            &["game.high"],
        ),
    ];
    for (doc, stderr) in cases {
        check(&["run", "-"], Some(doc.to_string().as_bytes()), Expect { code: 2, stdout: &[], stderr });
    }
}

#[test]
fn missing_file_exits_2() {
    let path = temp_path("does-not-exist");
    let path = path.to_str().expect("UTF-8");
    for cmd in ["run", "validate"] {
        check(&[cmd, path], None, Expect { code: 2, stdout: &[], stderr: &[path, "cannot read"] });
    }
}

#[test]
fn oversized_input_is_refused() {
    let mut doc = glove_formula().to_string().into_bytes();
    doc.pop(); // '}'
    doc.extend_from_slice(b",\"notes\":\"");
    doc.resize(cloudecon::scenario::MAX_DOCUMENT_BYTES + 10, b'x');
    doc.extend_from_slice(b"\"}");
    check(&["validate", "-"], Some(&doc), Expect { code: 2, stdout: &[], stderr: &["document: ", "64 MiB"] });
}

/// splitmix64: a fixed, dependency-free source of test bytes.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn garbage_on_stdin_exits_2_without_panicking() {
    let valid = glove_formula().to_string();
    let mut state = 2024u64;
    for sample in 0..36u32 {
        let len = (splitmix(&mut state) % 400) as usize;
        let noise: Vec<u8> = match sample % 4 {
            // Any bytes.
            0 => (0..len).map(|_| splitmix(&mut state) as u8).collect(),
            // JSON-ish punctuation.
            1 => {
                const ALPHABET: &[u8] = b"{}[]\":,0123456789.eE-truefalsnul \n";
                (0..len).map(|_| ALPHABET[(splitmix(&mut state) % ALPHABET.len() as u64) as usize]).collect()
            }
            // A valid document cut short, then noise.
            2 => {
                let cut = (splitmix(&mut state) as usize) % valid.len();
                let mut v = valid.as_bytes()[..cut].to_vec();
                v.extend((0..len % 16).map(|_| splitmix(&mut state) as u8));
                v
            }
            // A valid document with one byte changed to something invalid anywhere in JSON text
            // (a raw control character, or a byte that is not UTF-8).
            _ => {
                let mut v = valid.clone().into_bytes();
                let at = (splitmix(&mut state) as usize) % v.len();
                v[at] = if splitmix(&mut state).is_multiple_of(2) { 0x00 } else { 0xff };
                v
            }
        };
        check(&["run", "-"], Some(&noise), Expect { code: 2, stdout: &[], stderr: &["document"] });
    }
}

// ---------------------------------------------------------------------------------------------
// Help and bench

#[test]
fn help_mentions_the_commands() {
    check(&["--help"], None, Expect { code: 0, stdout: &["run", "validate", "bench", "Exit status"], stderr: &[] });
    check(&["run", "--help"], None, Expect { code: 0, stdout: &["FILE", "--pretty"], stderr: &[] });
}

#[test]
fn bad_arguments_exit_2() {
    check(&[], None, Expect { code: 2, stdout: &[], stderr: &["Usage"] });
    check(&["frobnicate"], None, Expect { code: 2, stdout: &[], stderr: &["frobnicate"] });
    check(&["run"], None, Expect { code: 2, stdout: &[], stderr: &["FILE"] });
}

#[test]
fn bench_prints_workload_timings() {
    let out = check(
        &["bench", "--filter", "glove", "--min-ms", "1"],
        None,
        Expect { code: 0, stdout: &["workloads"], stderr: &[] },
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("bench prints JSON");
    assert_eq!(report["platform"], json!("native"));
    let workloads = report["workloads"].as_array().expect("workloads array");
    assert_eq!(workloads.len(), 1, "{report}");
    let w = &workloads[0];
    assert_eq!(w["name"], json!("shapley_glove_16"));
    assert!(w["iterations"].as_u64().expect("iterations") >= 3, "{w}");
    let (mean, min) = (w["mean_ms"].as_f64().expect("mean_ms"), w["min_ms"].as_f64().expect("min_ms"));
    assert!(min > 0.0 && min <= mean, "{w}");

    let none = check(
        &["bench", "--filter", "no-such-workload", "--min-ms", "1"],
        None,
        Expect { code: 0, stdout: &[], stderr: &[] },
    );
    let report: Value = serde_json::from_slice(&none.stdout).expect("JSON");
    assert_eq!(report["workloads"], json!([]));
}

// ---------------------------------------------------------------------------------------------
// The pipeline behind the runner (library side)

#[test]
fn placement_follows_work() {
    let with_players = |n: usize| {
        let players: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
        Scenario::from_value(json!({ "version": 1, "mechanism": "shapley", "players": players, "game": { "kind": "glove", "left": ["P1"] } }))
            .expect("valid")
    };
    for n in [1, 3, 16, 20] {
        let s = with_players(n);
        assert_eq!(runner::work(&s), 2u64 << n, "two passes over 2^{n} coalitions");
        let expected = if 2u64 << n <= INLINE_WORK_LIMIT { Placement::Inline } else { Placement::Worker };
        assert_eq!(runner::placement(&s), expected, "{n} players");
    }
    assert_eq!(runner::placement(&with_players(3)), Placement::Inline);
    assert_eq!(runner::placement(&with_players(20)), Placement::Worker);
}

#[test]
fn scenario_job_steps_to_the_same_result() {
    let doc = json!({ "version": 1, "mechanism": "shapley", "seed": 5, "players": ["A", "B", "C", "D", "E"],
                      "game": { "kind": "random", "low": -3, "high": 3 } });
    let s = Scenario::from_value(doc).expect("valid");
    let expected = runner::run(&s).expect("runs");
    assert_eq!(expected.kind(), s.kind());
    let mut job = runner::start(&s).expect("valid");
    let mut last = job.progress().done;
    let out = loop {
        match job.step(5) {
            Step::Working(p) => {
                assert!(p.done > last);
                last = p.done;
            }
            Step::Done(out) => break out.expect("runs"),
        }
    };
    assert_eq!(out, expected);
    assert_eq!(run_to_end(runner::start(&s).expect("valid")), Ok(expected));
    // A finished run stepped again is an error, not a panic.
    assert!(matches!(job.step(5), Step::Done(Err(_))));
    let v = out.to_value();
    assert_eq!((v["version"].clone(), v["mechanism"].clone()), (json!(1), json!("shapley")));
    assert_eq!(out.to_json(), v.to_string());
}

// ---------------------------------------------------------------------------------------------
// Abacus through the runner: the auction, the scheduler and estimation, and their refusals

/// `cloudecon preset NAME | cloudecon run -`, parsed.
fn run_preset(name: &str) -> Value {
    let scenario = check(&["preset", name], None, Expect { code: 0, stdout: &["\"version\""], stderr: &[] }).stdout;
    let out = check(&["run", "-"], Some(&scenario), Expect { code: 0, stdout: &[], stderr: &[] });
    serde_json::from_slice(&out.stdout).expect("the result is JSON")
}

#[test]
fn abacus_auction_result_has_the_spec_fields() {
    let r = run_preset("abacus-running-example");
    assert_eq!((r["version"].as_u64(), r["mechanism"].as_str()), (Some(1), Some("abacus")));
    assert_eq!(r["converged"], json!(true));
    assert!(r["iterations"].as_u64().is_some_and(|k| k > 0));
    assert_all_close(&floats(&r["sub_budgets"][0]), &[64.0, 36.0], 1e-3, "J1's sub-budgets");
    assert_all_close(&floats(&r["shares"][0]), &[0.309, 0.236], 6e-4, "J1's shares");
    assert_eq!(floats(&r["utilities"]).len(), 3);
    // The preset asks for the trace (the convergence chart); one entry per round.
    assert_eq!(r["trace"].as_array().map(Vec::len), r["iterations"].as_u64().map(|k| k as usize));
    assert_eq!(r["round_changes"].as_array().map(Vec::len), r["iterations"].as_u64().map(|k| k as usize));
}

#[test]
fn abacus_schedule_result_compares_the_three_policies() {
    let r = run_preset("abacus-table-one");
    let policies = r["schedule_result"]["policies"].as_array().expect("schedule_result.policies");
    let names: Vec<&str> = policies.iter().filter_map(|p| p["policy"].as_str()).collect();
    assert_eq!(names, ["abacus", "fifo", "fair"]);
    let jobs = policies[0]["jobs"].as_array().map(Vec::len).unwrap_or(0);
    assert!(jobs > 50, "Table I submits ~140 jobs in 30 minutes, got {jobs}");
    for p in policies {
        let name = &p["policy"];
        // The same workload under every policy: the same jobs, each finishing after it arrives.
        assert_eq!(p["jobs"].as_array().map(Vec::len), Some(jobs), "{name}");
        for j in p["jobs"].as_array().into_iter().flatten() {
            let (arrival, start, finish) = (j["arrival"].as_f64(), j["start"].as_f64(), j["finish"].as_f64());
            assert!(arrival <= start && start < finish, "{name}: {j}");
            assert!(close(j["response_time"].as_f64().unwrap_or(-1.0), finish.unwrap() - arrival.unwrap(), 1e-9));
        }
        let users = p["users"].as_array().expect("per-user results");
        assert_eq!(users.len(), 3, "{name}");
        assert_eq!(users.iter().filter_map(|u| u["jobs"].as_u64()).sum::<u64>() as usize, jobs, "{name}");
        assert!(users.iter().all(|u| u["mean_response_time"].as_f64().is_some_and(|t| t > 0.0)), "{name}");
        assert!(p["makespan"].as_f64().is_some_and(|t| t > 0.0), "{name}");
        assert!(floats(&p["utilisation"]).iter().all(|&u| (0.0..=1.0).contains(&u)), "{name}");
    }
}

#[test]
fn abacus_estimate_runs_and_its_errors_exit_2() {
    let r = run_preset("abacus-estimate-user-3-model");
    assert_eq!(r["mechanism"], "abacus_estimate");
    assert_all_close(&floats(&r["weights"]), &[6.0, 1.0], 1e-9, "weights recovered through the runner");
    assert_eq!(r["observations_used"], 20);
    assert!(r["residual_sum_of_squares"].as_f64().is_some_and(|x| x < 1e-18));

    let estimate = |observations: Value| json!({ "version": 1, "mechanism": "abacus_estimate", "kind": "linear", "observations": observations });
    let cases: Vec<(Value, &[&str])> = vec![
        // One observation for two weights.
        (estimate(json!([{ "shares": [0.5, 0.5], "utility": 1.0 }])), &["observations"]),
        // Two identical rows: a singular system.
        (
            estimate(json!([{ "shares": [0.2, 0.4], "utility": 1.0 }, { "shares": [0.2, 0.4], "utility": 1.0 }])),
            &["observations", "singular"],
        ),
    ];
    for (doc, stderr) in cases {
        check(&["run", "-"], Some(doc.to_string().as_bytes()), Expect { code: 2, stdout: &[], stderr });
    }
}

#[test]
fn bad_abacus_documents_exit_2_with_their_paths() {
    let base = common::running_example();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut doc = base.clone();
        f(&mut doc);
        doc
    };
    let many_jobs: Vec<Value> = (0..100_001)
        .map(|i| json!({ "name": format!("J{i}"), "budget": 1, "utility": { "kind": "linear", "weights": [1, 1] } }))
        .collect();
    let cases: Vec<(Value, &[&str])> = vec![
        (with(&|d| d["jobs"][1]["budget"] = json!(-5)), &["jobs[1].budget: must be a finite number > 0, got -5"]),
        (with(&|d| d["jobs"][0]["budget"] = json!(0)), &["jobs[0].budget"]),
        (with(&|d| d["alpha"] = json!(1.5)), &["alpha"]),
        (with(&|d| d["jobs"][2]["utility"]["weights"] = json!([1])), &["jobs[2].utility.weights"]),
        (with(&|d| d["jobs"][0]["utility"]["weights"][1] = json!(-1)), &["jobs[0].utility.weights[1]"]),
        (
            with(&|d| d["jobs"][0]["utility"] = json!({ "kind": "power", "weights": [1, 1], "exponent": 1.5 })),
            &["jobs[0].utility.exponent"],
        ),
        (with(&|d| d["jobs"] = json!([])), &["jobs"]),
        (with(&|d| d["resources"] = json!([])), &["resources"]),
        (with(&|d| d["jobs"] = Value::Array(many_jobs.clone())), &["jobs: at most 100000 jobs"]),
    ];
    for (doc, stderr) in cases {
        check(&["run", "-"], Some(doc.to_string().as_bytes()), Expect { code: 2, stdout: &[], stderr });
    }
    // A budget too large to be a finite number.
    let text = base.to_string().replacen("\"budget\":100", "\"budget\":1e400", 1);
    assert!(text.contains("1e400"), "the running example has J1's budget 100");
    check(&["run", "-"], Some(text.as_bytes()), Expect { code: 2, stdout: &[], stderr: &["jobs[0].budget"] });
}

#[test]
fn large_results_are_printed_exactly_as_the_library_serialises_them() {
    // 1,100 jobs × 16 resources: the runner formats the two matrices on two threads; the bytes
    // must equal `RunOutput::to_json` (what the browser downloads), trace and sweep included.
    let mut scenario = cloudecon::abacus::presets::convergence(1_100, 16, cloudecon::abacus::UtilityKind::Log, 3)
        .map(cloudecon::MechanismSpec::Abacus);
    if let cloudecon::MechanismSpec::Abacus(spec) = &mut scenario.spec {
        spec.trace = true;
        spec.sweep = Some(cloudecon::abacus::SweepSpec {
            job: "U2".into(),
            over: cloudecon::abacus::SweepOver::Budget,
            from: 20.0,
            to: 300.0,
            points: 3,
            resources: None,
        });
    }
    let expected = runner::run(&scenario).expect("the scenario runs").to_json();
    assert!(expected.contains("\"trace\":[[[") && expected.contains("\"sweep\":{"));
    let out = check(&["run", "-"], Some(scenario.to_json().as_bytes()), Expect { code: 0, stdout: &[], stderr: &[] });
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), expected);
    // And a small result, written the ordinary way.
    let small = cloudecon::presets::find("abacus-table-one").expect("preset").scenario();
    let out = check(&["run", "-"], Some(small.to_json().as_bytes()), Expect { code: 0, stdout: &[], stderr: &[] });
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), runner::run(&small).expect("runs").to_json());
}

#[test]
fn a_scheduler_only_run_prints_its_jobs_as_csv() {
    // The page's scheduler panel runs the schedule without auction jobs; its CSV is one row per
    // job and policy (an auction table would be empty).
    let mut scenario = cloudecon::presets::find("abacus-table-one").expect("preset").scenario();
    if let cloudecon::MechanismSpec::Abacus(spec) = &mut scenario.spec {
        spec.jobs.clear();
        spec.sweep = None;
    }
    let out = check(
        &["run", "-", "--csv"],
        Some(scenario.to_json().as_bytes()),
        Expect { code: 0, stdout: &[], stderr: &[] },
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("policy,job,user,arrival,start,finish,response_time"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let RunOutput::Abacus(result) = runner::run(&scenario).expect("runs") else { panic!("an abacus result") };
    let policies = result.schedule_result.expect("a schedule result").policies;
    assert_eq!(rows.len(), policies.iter().map(|p| p.jobs.len()).sum::<usize>());
    let first = &policies[0].jobs[0];
    assert_eq!(rows[0][0], "abacus");
    assert_eq!(rows[0][2], policies[0].users[first.user as usize].name);
    assert_eq!(rows[0][6].parse::<f64>().ok(), Some(first.response_time));
    assert!(rows.iter().any(|r| r[0] == "fifo") && rows.iter().any(|r| r[0] == "fair"));
}

/// `cloudecon exercise` lists and prints the shipped exercises; `grade` grades answer files with
/// the same checks as the browser, and names the file and JSON path of every bad input.
#[test]
fn exercises_and_grading() {
    let list = check(&["exercise"], None, Expect { code: 0, stdout: &["abacus-budgets"], stderr: &[] });
    assert!(String::from_utf8_lossy(&list.stdout).lines().count() >= 3);
    let printed =
        check(&["exercise", "abacus-budgets"], None, Expect { code: 0, stdout: &["\"exercise\""], stderr: &[] });
    let ex = TempFile::new("exercise", &printed.stdout);
    let doc = cloudecon::exercise::ExerciseDocument::from_json(&String::from_utf8_lossy(&printed.stdout)).unwrap();
    check(&["exercise", "nope"], None, Expect { code: 2, stdout: &[], stderr: &["no exercise is named \"nope\""] });
    check(&["validate", ex.path()], None, Expect { code: 0, stdout: &["ok"], stderr: &[] });

    let mut good: Value = serde_json::from_slice(&printed.stdout).unwrap();
    good.as_object_mut().unwrap().remove("exercise");
    good["jobs"][0]["budget"] = json!(2000.0);
    let mut locked = good.clone();
    locked["alpha"] = json!(1.0);
    let ann = json!({ "version": 1, "exercise": doc.fingerprint(), "student": "Ann, A.",
        "answers": { "t1": 0.31, "t2": 2, "t3": { "scenario": good } }, "attempts": { "t1": 2 } });
    let bob = json!({ "version": 1, "student": "Bob", "answers": { "t1": 0.2, "t3": { "scenario": locked } } });
    let (ann, bob) =
        (TempFile::new("ann", ann.to_string().as_bytes()), TempFile::new("bob", bob.to_string().as_bytes()));
    let out = check(
        &["grade", ex.path(), ann.path(), bob.path()],
        None,
        Expect {
            code: 0,
            stdout: &[
                "student,task,correct,given,expected\n",
                "\"Ann, A.\",t1,true,0.31,",
                "\"Ann, A.\",t2,true,2,2",
                "Bob,t1,false,0.2,",
                "Bob,t2,false,,2",
            ],
            stderr: &["bob.json", "no fingerprint"],
        },
    );
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.lines().any(|l| l.starts_with("\"Ann, A.\",t3,true,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("Bob,t3,false,")), "{csv}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("ann.json"));

    // Bad answers and bad exercises: exit 2 with the file and the JSON path.
    let bad = TempFile::new("bad-answers", br#"{"version":1,"attempts":{"t1":"two"}}"#);
    check(
        &["grade", ex.path(), ann.path(), bad.path()],
        None,
        Expect { code: 2, stdout: &[], stderr: &["bad-answers.json: attempts.t1: "] },
    );
    let mut dup: Value = serde_json::from_slice(&printed.stdout).unwrap();
    dup["exercise"]["tasks"][1]["id"] = json!("t1");
    dup["exercise"]["tasks"][2]["goal"]["result"] = json!("/nothing");
    let dup = TempFile::new("dup", dup.to_string().as_bytes());
    check(
        &["grade", dup.path(), ann.path()],
        None,
        Expect { code: 2, stdout: &[], stderr: &["dup.json: exercise.tasks[1].id: "] },
    );
    let mut nowhere: Value = serde_json::from_slice(&printed.stdout).unwrap();
    nowhere["exercise"]["tasks"][2]["goal"]["result"] = json!("/nothing");
    let nowhere = TempFile::new("nowhere", nowhere.to_string().as_bytes());
    check(
        &["validate", nowhere.path()],
        None,
        Expect { code: 2, stdout: &[], stderr: &["exercise.tasks[2].goal.result: \"/nothing\" points to nothing"] },
    );
    check(&["grade", ex.path()], None, Expect { code: 2, stdout: &[], stderr: &[] });
    // The scenario of an exercise runs like any scenario.
    check(&["run", ex.path()], None, Expect { code: 0, stdout: &["\"shares\""], stderr: &[] });
}

#[test]
fn validate_and_run_refuse_what_grade_refuses() {
    // An exercise block that does not parse (a task kind typo, an empty block, the wrong type) is
    // refused by `validate` and by `run` alike, with its path; `run` does not ignore it.
    let printed = check(&["exercise", "abacus-budgets"], None, Expect { code: 0, stdout: &[], stderr: &[] });
    let base: Value = serde_json::from_slice(&printed.stdout).unwrap();
    let mut typo = base.clone();
    typo["exercise"]["tasks"][0]["kind"] = json!("numbr");
    let mut empty = base.clone();
    empty["exercise"] = json!({});
    let mut list = base.clone();
    list["exercise"] = json!([]);
    for (tag, doc, path) in
        [("typo", typo, "exercise.tasks[0].kind"), ("empty", empty, "exercise"), ("list", list, "exercise")]
    {
        let file = TempFile::new(tag, doc.to_string().as_bytes());
        for command in ["validate", "run"] {
            check(&[command, file.path()], None, Expect { code: 2, stdout: &[], stderr: &[path] });
        }
    }
}

#[test]
fn a_container_where_a_scalar_belongs_is_refused_without_being_read() {
    // 16 MB of zeros where the seed or the title belongs: refused at once, and the message does
    // not quote them.
    let zeros = format!("[{}0]", "0,".repeat(8 << 20));
    for field in ["seed", "title", "mechanism", "notes"] {
        let mut text = String::from(r#"{"version":1,"#);
        if field != "mechanism" {
            text.push_str(r#""mechanism":"shapley","players":["A"],"game":{"kind":"glove","left":["A"]},"#);
        }
        text.push_str(&format!("\"{field}\":{zeros}}}"));
        let file = TempFile::new(field, text.as_bytes());
        let out = check(&["run", file.path()], None, Expect { code: 2, stdout: &[], stderr: &[field, "an array"] });
        assert!(out.stderr.len() < 2_000, "{field}: {} bytes of errors", out.stderr.len());
        // Peak memory within a small multiple of the input: the same refusal with the address
        // space capped at 256 MB (16 × the document; buffering it took 1.2 GB and aborted here).
        if let Some(out) = under_address_limit(256 << 20, &["run", file.path()]) {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{field} under a 256 MB address space: {stderr}");
            assert!(stderr.contains(field) && !stderr.contains("memory allocation"), "{field}: {stderr}");
        }
    }
}

/// The runner under `prlimit --as=BYTES` (util-linux), or `None` where there is no prlimit.
fn under_address_limit(bytes: u64, args: &[&str]) -> Option<Output> {
    let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].into_iter().find(|p| std::path::Path::new(p).exists())?;
    let out = std::process::Command::new(prlimit)
        .arg(format!("--as={bytes}"))
        .arg(env!("CARGO_BIN_EXE_cloudecon"))
        .args(args)
        .output()
        .expect("spawn prlimit");
    Some(out)
}

#[test]
fn error_messages_are_bounded() {
    // A 1 MB string where a number belongs, 1e308 written out, and a million bad rows.
    let long = "x".repeat(1 << 20);
    let doc = json!({ "version": 1, "mechanism": "shapley", "players": ["A"], "coalitions": [{ "members": ["A"], "value": long }] });
    let file = TempFile::new("long-string", doc.to_string().as_bytes());
    let out = check(&["run", file.path()], None, Expect { code: 2, stdout: &[], stderr: &["coalitions[0].value"] });
    assert!(out.stderr.len() < 1_000, "{} bytes", out.stderr.len());
    let text = format!(
        r#"{{"version":1,"mechanism":"shapley","players":["A"],"game":{{"kind":"majority","quota":-1{},"weights":[1]}}}}"#,
        "0".repeat(308)
    );
    let file = TempFile::new("huge-number", text.as_bytes());
    let out = check(&["validate", file.path()], None, Expect { code: 2, stdout: &[], stderr: &[] });
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.len() < 1_000 && !stderr.contains(&"0".repeat(30)), "{stderr}");
    let rows: Vec<Value> = (0..200_000).map(|_| json!({ "members": ["Z"], "value": 1 })).collect();
    let doc = json!({ "version": 1, "mechanism": "shapley", "players": ["A", "B"], "coalitions": rows });
    let file = TempFile::new("many-problems", doc.to_string().as_bytes());
    let out =
        check(&["validate", file.path()], None, Expect { code: 2, stdout: &[], stderr: &["more problems not listed"] });
    let lines = String::from_utf8_lossy(&out.stderr).lines().count();
    assert!(lines <= cloudecon::error::MAX_LISTED + 2, "{lines} lines of errors");
}

/// The runner's `args` with its standard output closed by the reader after `keep` bytes, as
/// `cloudecon preset NAME | head` does: the exit status and standard error.
fn with_output_closed_after(keep: usize, args: &[&str]) -> (Option<i32>, String) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cloudecon"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn cloudecon");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = vec![0; keep];
    stdout.read_exact(&mut first).expect("the first bytes of the output");
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().expect("piped stderr").read_to_string(&mut stderr).expect("stderr");
    (child.wait().expect("wait for cloudecon").code(), stderr)
}

#[test]
fn a_reader_that_stops_early_ends_the_runner_quietly() {
    // Each prints far more than a pipe holds (64 KB), so the runner is still writing when the
    // reader goes away: a preset, and a run's result (JSON and CSV).
    let doc = cloudecon(&["preset", "era-azure"], None);
    let file = TempFile::new("closed-pipe", &doc.stdout);
    let result = cloudecon(&["run", file.path()], None);
    assert!(result.stdout.len() > 1 << 17, "the result should outgrow a pipe: {} bytes", result.stdout.len());
    for args in [&["preset", "spot-real"][..], &["run", file.path()], &["run", "--pretty", file.path()]] {
        let (code, stderr) = with_output_closed_after(100, args);
        assert_eq!(code, Some(0), "cloudecon {args:?}: {stderr}");
        assert!(stderr.is_empty(), "cloudecon {args:?} said: {stderr}");
    }
}

/// Issue 35: one rule for what is valid. A document with an exercise block is judged alike by
/// `run`, `validate` and `grade`: a block that is no exercise of its scenario (a duplicate task
/// id, a lock of nothing, an option index past the options, a pointer into the result that names
/// nothing) is refused by all three (exit 2, the same path), a good one accepted by all three.
#[test]
fn run_validate_and_grade_agree_on_exercise_blocks() {
    let shipped = cloudecon(&["exercise", "shapley-gloves"], None);
    assert!(shipped.status.success());
    let good: Value = serde_json::from_slice(&shipped.stdout).unwrap();
    let dir = common::temp_path("exercise-verdicts").with_extension("");
    std::fs::create_dir_all(&dir).unwrap();
    let first_id = good["exercise"]["tasks"][0]["id"].clone();
    type Change = Box<dyn Fn(&mut Value)>;
    let bad: Vec<(&str, Change)> = vec![
        ("duplicate-id", Box::new(move |d: &mut Value| d["exercise"]["tasks"][1]["id"] = first_id.clone())),
        ("lock-of-nothing", Box::new(|d: &mut Value| d["exercise"]["locked"] = json!(["/no/such/field"]))),
        (
            "answer-to-nothing",
            Box::new(|d: &mut Value| {
                let tasks = d["exercise"]["tasks"].as_array_mut().unwrap();
                let t = tasks
                    .iter_mut()
                    .find(|t| t["answer"].get("result").is_some())
                    .expect("a task answered from the result");
                t["answer"] = json!({ "result": "/no/such/value" });
            }),
        ),
    ];
    let answers = dir.join("answers.json");
    std::fs::write(&answers, r#"{"version":1,"student":"Ann","answers":{}}"#).unwrap();
    let verdict = |file: &std::path::Path| {
        let f = file.to_str().unwrap();
        let a = answers.to_str().unwrap();
        [vec!["run", f], vec!["validate", f], vec!["grade", f, a]].map(|args| {
            let c = args[0];
            let out = cloudecon(&args, None);
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(!stderr.contains("panicked") && !stderr.contains("internal error"), "{c} {f}: {stderr}");
            (out.status.code(), stderr)
        })
    };
    let file = dir.join("good.json");
    std::fs::write(&file, good.to_string()).unwrap();
    for (code, stderr) in verdict(&file) {
        assert_eq!(code, Some(0), "{stderr}");
    }
    for (tag, change) in bad {
        let mut doc = good.clone();
        change(&mut doc);
        let file = dir.join(format!("{tag}.json"));
        std::fs::write(&file, doc.to_string()).unwrap();
        let verdicts = verdict(&file);
        for (code, stderr) in &verdicts {
            assert_eq!(*code, Some(2), "{tag}: {stderr}");
            assert!(stderr.contains("exercise"), "{tag}: {stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
