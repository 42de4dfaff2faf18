//! Live class games (issue 36): codes, links, sessions, closing a round — the core and the
//! `cloudecon game` contract.

mod common;

use cloudecon::game::code::{self, Bits, Code, ALPHABET};
use cloudecon::game::{Session, Verdict};
use proptest::prelude::*;
use serde_json::{json, Value};

fn session(settings: Value) -> Session {
    Session::new(&settings).expect("valid settings")
}

fn codes(s: &Session, decisions: &[(u32, Option<Value>)]) -> String {
    decisions.iter().map(|(seat, d)| s.code(*seat, d.as_ref()).expect("a code").to_string() + "\n").collect()
}

// ---- codes -------------------------------------------------------------------------------

proptest! {
    /// Every single wrong symbol and every swap of two different neighbours is caught.
    #[test]
    fn the_check_symbol_catches_every_slip(data in proptest::collection::vec(0u8..32, 2..30)) {
        let mut bits = Bits::new();
        for &d in &data {
            bits.push(u64::from(d), 5);
        }
        let code = Code::of_bits(&bits).unwrap();
        let text: Vec<u8> = code.to_string().bytes().filter(|&b| b != b'-').collect();
        prop_assert!(Code::parse(std::str::from_utf8(&text).unwrap()).is_ok());
        for i in 0..text.len() {
            for &other in ALPHABET.iter() {
                if other == text[i] {
                    continue;
                }
                let mut wrong = text.clone();
                wrong[i] = other;
                prop_assert!(Code::parse(std::str::from_utf8(&wrong).unwrap()).is_err(), "{} accepted", String::from_utf8_lossy(&wrong));
            }
            if i + 1 < text.len() && text[i] != text[i + 1] {
                let mut swapped = text.clone();
                swapped.swap(i, i + 1);
                prop_assert!(Code::parse(std::str::from_utf8(&swapped).unwrap()).is_err());
            }
        }
    }

    /// Any decision of the Abacus game travels through its code unchanged, and the code is at
    /// most 20 symbols.
    #[test]
    fn an_abacus_decision_survives_its_code(seat in 1u32..=40, cut in 0u32..50, w in proptest::collection::vec(0u32..=10, 2), three in any::<bool>()) {
        let s = if three {
            session(json!({"game": "abacus", "seats": 40, "seed": 11, "resources": ["cpu", "disk", "net"]}))
        } else {
            session(json!({"game": "abacus", "seats": 40, "seed": 11}))
        };
        let own = s.seat_type(seat).unwrap();
        let mut weights = w.clone();
        if three { weights.push(4); }
        if weights.iter().all(|&x| x == 0) { weights[0] = 1; }
        let budget = (own["budget"].as_u64().unwrap() as u32).saturating_sub(cut).max(1);
        let decision = json!({"budget": budget, "weights": weights});
        let code = s.code(seat, Some(&decision)).unwrap();
        prop_assert!(code.len() <= 20, "{code}");
        prop_assert_eq!(s.check(&code.to_string().to_lowercase()), Verdict::Ok { seat, decision });
    }
}

#[test]
fn codes_of_three_numbers_fit_in_20_symbols_in_every_game() {
    let era = session(json!({"game": "era", "seats": 1023, "seed": 1, "max_bid": 100000, "value": [0, 100000]}));
    assert!(era.code(1023, Some(&json!({"bid": 99999}))).unwrap().len() <= 20);
    let spot = session(json!({"game": "spot", "seats": 1023, "seed": 1}));
    let policy = json!({"family": "deadline_centric", "m_threshold": 5, "bid": {"kind": "variable", "gamma": 0.8, "epsilon": 0.1}});
    let code = spot.code(1023, Some(&policy)).unwrap();
    assert!(code.len() <= 20, "{code}");
    assert_eq!(spot.check(&code.to_string()), Verdict::Ok { seat: 1023, decision: policy });
    let abacus = session(
        json!({"game": "abacus", "seats": 1023, "seed": 1, "budget": [1, 1000], "max_weight": 15, "resources": ["a", "b", "c"]}),
    );
    let own = abacus.seat_type(1023).unwrap();
    assert!(abacus.code(1023, Some(&json!({"budget": own["budget"], "weights": [15, 15, 15]}))).unwrap().len() <= 20);
}

#[test]
fn codes_of_another_game_round_or_seat_are_refused_with_their_reason() {
    let s = session(json!({"game": "abacus", "seats": 12, "seed": 7}));
    let other = session(json!({"game": "abacus", "seats": 12, "seed": 8}));
    assert_ne!(s.id(), other.id());
    let theirs = other.code(3, None).unwrap().to_string();
    assert_eq!(s.check(&theirs), Verdict::Refused("a code of another game".into()));
    let mut next = s.clone();
    next.round = 2;
    let later = next.code(3, None).unwrap().to_string();
    assert_eq!(s.check(&later), Verdict::Refused("a code of round 2; this is round 1".into()));
    let bigger = session(json!({"game": "abacus", "seats": 12, "seed": 7}));
    assert!(matches!(bigger.check(&s.code(12, None).unwrap().to_string()), Verdict::Ok { seat: 12, .. }));
    assert!(s.code(13, None).unwrap_err().to_string().contains("seat 13 is not in this game (seats 1 to 12)"));
    // A budget above the seat's own.
    let own = s.seat_type(5).unwrap()["budget"].as_u64().unwrap();
    let err = s.code(5, Some(&json!({"budget": own + 1, "weights": [1, 1]}))).unwrap_err().to_string();
    assert!(err.contains(&format!("above the seat's own ${own}")), "{err}");
    // Garbage and slips.
    let good = s.code(5, None).unwrap().to_string();
    let mut slipped = good.clone().into_bytes();
    slipped.swap(1, 2);
    if slipped != good.as_bytes() {
        assert!(
            matches!(s.check(std::str::from_utf8(&slipped).unwrap()), Verdict::Refused(r) if r.contains("check symbol"))
        );
    }
    assert!(matches!(s.check("hello"), Verdict::Refused(_)));
    assert!(matches!(s.check("UUUU-UUUU-UU"), Verdict::Refused(r) if r.contains("not a symbol")));
}

#[test]
fn a_paste_finds_codes_in_order_and_the_newest_of_a_seat_wins() {
    let s = session(json!({"game": "era", "seats": 30, "seed": 2}));
    let first = s.code(4, Some(&json!({"bid": 3}))).unwrap().to_string();
    let second = s.code(4, Some(&json!({"bid": 9}))).unwrap().to_string();
    let third = s.code(7, None).unwrap().to_string();
    let chat = format!("[10:01] Ana: {first}\n[10:02] Ben: my code is {third}, a well-known one\n[10:03] Ana: sorry, {}\nnoise ABCD-EFGH-JK\n", second.to_lowercase());
    let collected = s.collect(&chat).unwrap();
    let verdicts: Vec<_> = collected.entries.iter().map(|e| &e.verdict).collect();
    assert_eq!(verdicts.len(), 4, "{verdicts:?}");
    assert!(matches!(verdicts[3], Verdict::Refused(_)));
    assert_eq!(collected.decisions[&4].1, json!({"bid": 9}));
    assert_eq!(collected.replaced.len(), 1);
    assert_eq!(collected.replaced[0].code, first);
    // A megabyte of text is refused whole, with a reason.
    let huge = "x".repeat(code::MAX_PASTE + 1);
    assert!(s.collect(&huge).unwrap_err().to_string().contains("paste at most"));
}

// ---- sessions and links ------------------------------------------------------------------

#[test]
fn a_session_round_trips_through_its_file_and_its_join_link() {
    let s = session(
        json!({"game": "era", "seats": 60, "seed": 42, "robots": 5, "predictor": {"kind": "flat", "units": 4, "unit_value": 1.5}}),
    );
    let file = s.to_value();
    assert_eq!(Session::from_value(&file).unwrap(), s);
    let join = file["join"].as_str().unwrap();
    assert_eq!(Session::from_join(&format!("#{join}")).unwrap(), s);
    // Types follow from the link alone.
    assert_eq!(Session::from_join(join).unwrap().seat_type(17).unwrap(), s.seat_type(17).unwrap());
    // An edited file is refused, naming the field.
    let mut edited = file.clone();
    edited["seed"] = json!(43);
    let e = Session::from_value(&edited).unwrap_err();
    assert_eq!(e.problems[0].path, "id");
    let mut bad = file.clone();
    bad["settings"]["horizon"] = json!(1);
    assert_eq!(Session::from_value(&bad).unwrap_err().problems[0].path, "settings.horizon");
}

#[test]
fn types_are_private_to_a_seat_and_new_each_round_only_when_asked() {
    let mut s = session(json!({"game": "abacus", "seats": 30, "seed": 5}));
    let types: Vec<Value> = (1..=30).map(|n| s.seat_type(n).unwrap()).collect();
    assert!(types.windows(2).any(|w| w[0] != w[1]));
    s.round = 2;
    assert_eq!(s.seat_type(3).unwrap(), types[2]);
    let mut fresh = session(json!({"game": "abacus", "seats": 30, "seed": 5, "new_types": true}));
    let first: Vec<Value> = (1..=30).map(|n| fresh.seat_type(n).unwrap()).collect();
    fresh.round = 2;
    let second: Vec<Value> = (1..=30).map(|n| fresh.seat_type(n).unwrap()).collect();
    assert_ne!(first, second);
}

#[test]
fn links_fit_the_qr_codes_a_projector_shows() {
    let origin = "https://uni.example/~teacher/cloudecon/play#";
    for game in ["abacus", "era", "spot"] {
        let s = session(json!({"game": game, "seats": 60, "seed": 123456789, "robots": 4}));
        let join = s.to_value()["join"].as_str().unwrap().to_string();
        assert!(origin.len() + join.len() <= 300, "{game}: join link of {} characters", origin.len() + join.len());
        let decisions: Vec<(u32, Option<Value>)> = (1..=60)
            .map(|n| {
                (
                    n,
                    if game == "spot" {
                        Some(json!({"family": "rate_centric", "sigma": 0.4, "bid": {"kind": "fixed", "b": 0.2}}))
                    } else {
                        None
                    },
                )
            })
            .collect();
        let round = s.close(&s.collect(&codes(&s, &decisions)).unwrap()).unwrap();
        let results = round.report["results"].as_str().unwrap();
        assert!(
            origin.len() + results.len() <= 600,
            "{game}: results link of {} characters",
            origin.len() + results.len()
        );
    }
}

#[test]
fn hostile_links_are_refused_with_a_reason() {
    let good = session(json!({"game": "era", "seats": 5, "seed": 3}));
    let join = good.to_value()["join"].as_str().unwrap().to_string();
    let body = join.trim_start_matches("g=").to_string();
    // `Q1ZKT8xNVbIyrAUA`: the settings `{"game":1}`, well-formed but not a game.
    for bad in ["", "g=", "g=!!!", "g=AAAA", &format!("g={}", "A".repeat(100_000)), "g=Q1ZKT8xNVbIyrAUA"] {
        assert!(Session::from_join(bad).is_err(), "{bad}");
    }
    for bad in [
        String::new(),
        join.clone(),
        "r=a.b".into(),
        "r=a.1.b.c".into(),
        format!("r={body}.0.0"),
        format!("r={body}.64.0"),
        format!("r={body}.1.U"),
        format!("r={body}.1.ZZZZZZZZZZ"),
    ] {
        assert!(Session::from_results(&bad).is_err(), "{bad}");
    }
    assert!(Session::from_results(&format!("r={body}.1.0")).is_ok(), "no seat decided is a readable round");
    // A round past the last one a code can carry makes no code.
    let mut late = good.clone();
    late.round = 64;
    assert_eq!(late.code(1, None).unwrap_err().problems[0].path, "round");
    // A join link whose settings are a deflate bomb.
    let bomb = miniz_bomb();
    assert!(Session::from_join(&bomb).unwrap_err().to_string().contains("link"));
}

#[test]
fn a_join_links_setting_that_serde_refuses_is_a_damaged_link_at_that_setting_as_data() {
    use base64::Engine;
    let settings = br#"{"game":"abacus","seats":5,"seed":3,"alpha":"x"}"#;
    let body =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(settings, 9));
    let e = Session::from_join(&format!("g={body}")).unwrap_err();
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    assert_eq!((p.path.as_str(), p.id), ("alpha", Some("game-err-link-setting")));
    assert_eq!(e.to_string(), "alpha: cannot be read: the link is damaged");
    // The same settings as a teacher's own (the runner's `game new`) keep serde's words.
    let e = Session::new(&serde_json::from_slice(settings).unwrap()).unwrap_err();
    assert!(e.to_string().contains("invalid type"), "{e}");
    // A setting a game checks itself stays its own message.
    let out_of_range = br#"{"game":"abacus","seats":5,"seed":3,"alpha":-1}"#;
    let body =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(out_of_range, 9));
    let e = Session::from_join(&format!("g={body}")).unwrap_err();
    assert!(e.problems.iter().all(|p| p.id.is_some() && p.id != Some("game-err-link-setting")), "{e:?}");
}

fn miniz_bomb() -> String {
    use base64::Engine;
    let big = vec![b' '; 10 << 20];
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&big, 9))
}

// ---- closing a round ---------------------------------------------------------------------

#[test]
fn a_results_link_gives_every_phone_the_same_round() {
    for settings in [
        json!({"game": "abacus", "seats": 9, "seed": 3, "robots": 2}),
        json!({"game": "era", "seats": 9, "seed": 3, "robots": 2}),
        json!({"game": "spot", "seats": 9, "seed": 3, "robots": 2, "jobs": 60}),
    ] {
        let s = session(settings);
        let decisions: Vec<(u32, Option<Value>)> = [1, 2, 5, 9]
            .iter()
            .map(|&n| (n, (s.kind.name() == "spot").then(|| json!({"family": "deadline_centric", "m_threshold": n % 6, "bid": {"kind": "fixed", "b": 0.15}}))))
            .collect();
        let round = s.close(&s.collect(&codes(&s, &decisions)).unwrap()).unwrap();
        let (phone, collected) = Session::from_results(round.report["results"].as_str().unwrap()).unwrap();
        let again = phone.close(&collected).unwrap();
        for key in ["summary", "document", "run", "robots"] {
            assert_eq!(again.report[key], round.report[key], "{key}");
        }
        let outcomes =
            |r: &Value| -> Vec<Value> { r["seats"].as_array().unwrap().iter().map(|s| s["outcome"].clone()).collect() };
        assert_eq!(outcomes(&again.report), outcomes(&round.report));
    }
}

/// Theorem 2 in the class: with one job per seat, no report of a lower budget or other weights
/// earns a seat more true utility than the truth (up to the auction's tolerance).
#[test]
fn in_the_abacus_game_telling_the_truth_is_best() {
    let s = session(json!({"game": "abacus", "seats": 8, "seed": 19, "robots": 3}));
    let mut text = String::new();
    for seat in 1..=8u32 {
        let own = s.seat_type(seat).unwrap();
        let budget = own["budget"].as_u64().unwrap();
        let w: Vec<u64> = own["weights"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        let decision = match seat % 4 {
            0 => json!({"budget": budget, "weights": w}),
            1 => json!({"budget": budget / 2, "weights": w}),
            2 => json!({"budget": budget, "weights": [w[1], w[0]]}),
            _ => json!({"budget": budget - 1, "weights": [10, 0]}),
        };
        text += &s.code(seat, Some(&decision)).unwrap().to_string();
        text += "\n";
    }
    let round = s.close(&s.collect(&text).unwrap()).unwrap();
    for seat in round.report["seats"].as_array().unwrap() {
        let gain = seat["outcome"]["utility"].as_f64().unwrap() - seat["truthful"]["utility"].as_f64().unwrap();
        assert!(gain <= 1e-6, "seat {} gains {gain} by lying", seat["seat"]);
        assert_eq!(seat["outcome"]["payment"], json!(seat["decision"]["budget"].as_f64().unwrap()));
    }
    let summary = &round.report["summary"];
    let efficiency = summary["efficiency"].as_f64().unwrap();
    assert!(efficiency > 0.0 && efficiency <= 1.0 + 1e-12, "{summary}");
}

/// Basic-Econ fixes a request's price before it looks at the bid: bidding the true value is a
/// dominant strategy, exactly.
#[test]
fn in_the_era_game_bidding_the_value_is_dominant() {
    let s = session(json!({"game": "era", "seats": 20, "seed": 4, "robots": 4}));
    let text: String = (1..=20u32)
        .map(|seat| s.code(seat, Some(&json!({"bid": (seat * 7) % 40}))).unwrap().to_string() + "\n")
        .collect();
    let round = s.close(&s.collect(&text).unwrap()).unwrap();
    for seat in round.report["seats"].as_array().unwrap() {
        let (got, truth) =
            (seat["outcome"]["utility"].as_f64().unwrap(), seat["truthful"]["utility"].as_f64().unwrap());
        assert!(got <= truth, "seat {}: {got} > {truth}", seat["seat"]);
        let accepted = seat["outcome"]["accepted"].as_bool().unwrap();
        match seat["outcome"]["quote"].as_f64() {
            Some(quote) => assert_eq!(accepted, seat["decision"]["bid"].as_f64().unwrap() >= quote),
            None => assert!(!accepted, "no quote (the job does not fit), yet accepted"),
        }
    }
    assert!(round.report["summary"]["first_fit_welfare"].is_number());
    // "What the truth would have earned" follows from the quote; check it against a run with
    // that one bid changed.
    for seat in round.report["seats"].as_array().unwrap().iter().take(8) {
        let n = seat["seat"].as_u64().unwrap() as u32;
        let changed: String = (1..=20u32)
            .map(|k| {
                let d = if k == n { None } else { Some(json!({"bid": (k * 7) % 40})) };
                s.code(k, d.as_ref()).unwrap().to_string() + "\n"
            })
            .collect();
        let again = s.close(&s.collect(&changed).unwrap()).unwrap();
        assert_eq!(
            again.report["seats"][(n - 1) as usize]["outcome"]["utility"],
            seat["truthful"]["utility"],
            "seat {n}"
        );
    }
}

#[test]
fn in_the_spot_game_the_best_policy_is_the_benchmark_and_payoffs_are_the_runs() {
    let s = session(json!({"game": "spot", "seats": 4, "seed": 9, "jobs": 80}));
    let policies = [
        json!({"family": "rate_centric", "sigma": 1.0, "bid": {"kind": "fixed", "b": 0.25}}),
        json!({"family": "rate_centric", "sigma": 0.0, "bid": {"kind": "fixed", "b": 0.25}}),
        json!({"family": "deadline_centric", "m_threshold": 3, "bid": {"kind": "variable", "gamma": 0.4, "epsilon": 0.02}}),
    ];
    let text =
        codes(&s, &policies.iter().enumerate().map(|(i, p)| (i as u32 + 1, Some(p.clone()))).collect::<Vec<_>>());
    let round = s.close(&s.collect(&text).unwrap()).unwrap();
    let payoffs = round.report["run"]["policy_payoffs"].as_array().unwrap();
    let best = payoffs.iter().map(|p| p.as_f64().unwrap()).fold(f64::NEG_INFINITY, f64::max);
    for (i, seat) in round.report["seats"].as_array().unwrap().iter().enumerate() {
        assert_eq!(seat["outcome"]["utility"], payoffs[i]);
        assert_eq!(seat["truthful"]["utility"].as_f64().unwrap(), best);
    }
    assert!(s.code(1, None).unwrap_err().to_string().contains("no private type"));
    // A policy off the game's grid has no code.
    assert!(s
        .code(1, Some(&json!({"family": "rate_centric", "sigma": 0.3, "bid": {"kind": "fixed", "b": 0.25}})))
        .is_err());
}

// ---- the runner's contract ---------------------------------------------------------------

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = common::temp_path(tag).with_extension("d");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn ok(args: &[&str]) -> String {
    let out = common::cloudecon(args, None);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_runner_plays_a_round_as_the_core_does() {
    let dir = temp_dir("game-runner");
    let settings = write(&dir, "settings.json", r#"{"game": "abacus", "seats": 6, "seed": 7, "robots": 1}"#);
    let session_text = ok(&["game", "new", &settings]);
    let session_file = write(&dir, "session.json", &session_text);
    let s = Session::from_value(&serde_json::from_str(&session_text).unwrap()).unwrap();
    assert!(serde_json::from_str::<Value>(&session_text).unwrap()["join"].as_str().unwrap().starts_with("g="));
    let mut text = String::new();
    for seat in 1..=4u32 {
        let code = ok(&["game", "code", &session_file, "--seat", &seat.to_string(), "--truthful"]);
        assert_eq!(code.trim(), s.code(seat, None).unwrap().to_string());
        text += &format!("student {seat}: {}", code);
    }
    let decision = write(&dir, "d.json", r#"{"budget": 10, "weights": [0, 3]}"#);
    text += &ok(&["game", "code", &session_file, "--seat", "4", "--decision", &decision]);
    text += "XXXX-YYYY-ZZ\n";
    let codes_file = write(&dir, "codes.txt", &text);
    let check = ok(&["game", "check", &session_file, &codes_file]);
    let lines: Vec<&str> = check.lines().collect();
    assert_eq!(&lines[..5], &["ok 1", "ok 2", "ok 3", "ok 4", "ok 4"]);
    assert!(lines[5].starts_with("refused "), "{check}");
    let report: Value = serde_json::from_str(&ok(&["game", "close", &session_file, &codes_file])).unwrap();
    let round = s.close(&s.collect(&text).unwrap()).unwrap();
    assert_eq!(report, round.report);
    assert_eq!(report["seats"][3]["decision"], json!({"budget": 10, "weights": [0, 3]}));
    // `run` is what `cloudecon run` prints for `document`.
    let document = write(&dir, "round.json", &report["document"].to_string());
    let run: Value = serde_json::from_str(&ok(&["run", &document])).unwrap();
    assert_eq!(run, report["run"]);
    // The CSV, byte for byte the core's (the page's download).
    let csv = ok(&["game", "close", &session_file, &codes_file, "--csv"]);
    assert_eq!(csv, round.csv);
    assert_eq!(csv.lines().count(), 5);
}

#[test]
fn bad_game_input_exits_2_naming_what_is_wrong() {
    let dir = temp_dir("game-bad");
    let cases = [
        (r#"{"game": "chess", "seats": 3, "seed": 1}"#, "game: must be one of abacus, era, spot"),
        (r#"{"game": "abacus", "seats": 0, "seed": 1}"#, "seats: must be a whole number from 1 to 1023"),
        (r#"{"game": "abacus", "seats": 3}"#, "seed: is missing"),
        (r#"{"game": "abacus", "seats": 3, "seed": 1, "alpha": 2}"#, "alpha: must be from 0 to 1"),
        (r#"{"game": "abacus", "seats": 3, "seed": 1, "colour": 2}"#, "colour"),
        (
            r#"{"game": "era", "seats": 3, "seed": 1, "predictor": {"kind": "flat", "units": -1, "unit_value": 1}}"#,
            "predictor.units",
        ),
        (r#"[1, 2]"#, "settings: must be an object"),
    ];
    for (text, expected) in cases {
        let file = write(&dir, "s.json", text);
        let out = common::cloudecon(&["game", "new", &file], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {stderr}");
        assert!(stderr.contains(expected), "{text}: {stderr}");
    }
    let session = write(
        &dir,
        "session.json",
        &ok(&["game", "new", &write(&dir, "s.json", r#"{"game": "spot", "seats": 3, "seed": 1}"#)]),
    );
    let out = common::cloudecon(&["game", "code", &session, "--seat", "9", "--truthful"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seat: seat: seat 9 is not in this game"));
    let out = common::cloudecon(&["game", "code", &session, "--seat", "1", "--truthful"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--truthful"));
    let decision =
        write(&dir, "d.json", r#"{"family": "rate_centric", "sigma": 2, "bid": {"kind": "fixed", "b": 0.2}}"#);
    let out = common::cloudecon(&["game", "code", &session, "--seat", "1", "--decision", &decision], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("d.json: decision"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let empty = write(&dir, "none.txt", "no codes here");
    let out = common::cloudecon(&["game", "close", &session, &empty], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to run"));
}

/// The phone's form: one input per field; the truthful values make the truthful decision; a
/// spot policy's unused fields do not change its code.
#[test]
fn a_phone_form_makes_the_same_decisions_as_the_runner() {
    for settings in [
        json!({"game": "abacus", "seats": 5, "seed": 1, "resources": ["a", "b", "c"]}),
        json!({"game": "era", "seats": 5, "seed": 1}),
    ] {
        let s = session(settings);
        let inputs = s.inputs().unwrap();
        let values = s.values_of(2, None).unwrap();
        assert_eq!(inputs.len(), values.len());
        let decision = s.decision_of_values(&values).unwrap();
        assert_eq!(s.code(2, Some(&decision)).unwrap(), s.code(2, None).unwrap());
        assert!(s.decision_of_values(&values[1..]).is_err());
    }
    let s = session(json!({"game": "spot", "seats": 5, "seed": 1}));
    let inputs = s.inputs().unwrap();
    assert_eq!(inputs.len(), 6);
    assert!(inputs.iter().all(|i| i.choices.len() as u64 == i.field.count));
    // Variable bid: the fixed bid's value is ignored.
    let a = s.decision_of_values(&[1.0, 3.0, 1.0, 0.3, 0.4, 0.02]).unwrap();
    let b = s.decision_of_values(&[1.0, 3.0, 1.0, 0.05, 0.4, 0.02]).unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a,
        json!({"family": "deadline_centric", "m_threshold": 3, "bid": {"kind": "variable", "gamma": 0.4, "epsilon": 0.02}})
    );
    assert_eq!(s.code(1, Some(&a)).unwrap(), s.code(1, Some(&b)).unwrap());
    assert!(s.decision_of_values(&[0.0, 7.0, 0.0, 0.3, 0.0, 0.0]).is_err());
}

/// The phone's preview is the round in which every other seat tells the truth (spot: the seat
/// alone), closed as the teacher closes it: the same outcome, the same "with the truth".
#[test]
fn a_preview_is_the_round_with_everyone_else_truthful() {
    let cases = [
        (json!({"game": "abacus", "seats": 6, "seed": 31, "robots": 2}), 4u32),
        (json!({"game": "era", "seats": 7, "seed": 9, "robots": 1}), 2),
        (json!({"game": "spot", "seats": 5, "seed": 3, "robots": 1}), 5),
    ];
    for (settings, seat) in cases {
        let s = session(settings.clone());
        let own =
            s.values_of(seat, None).unwrap_or_else(|_| s.inputs().unwrap().iter().map(|i| i.field.value(1)).collect());
        let mut values = own.clone();
        values[0] = s.inputs().unwrap()[0].field.value(0);
        let decision = s.decision_of_values(&values).unwrap();
        let spot = settings["game"] == "spot";
        let mut text = String::new();
        for other in 1..=s.seats {
            if other == seat {
                text += &format!("{}\n", s.code(seat, Some(&decision)).unwrap());
            } else if !spot {
                text += &format!("{}\n", s.code(other, None).unwrap());
            }
        }
        let round = s.close(&s.collect(&text).unwrap()).unwrap();
        let mine = round.report["seats"].as_array().unwrap().iter().find(|x| x["seat"] == json!(seat)).unwrap().clone();
        let preview = s.preview(seat, &decision).unwrap();
        assert_eq!(preview["outcome"], mine["outcome"], "{settings}");
        if spot {
            assert_eq!(preview["truthful"], Value::Null);
        } else {
            assert_eq!(preview["truthful"]["utility"], mine["truthful"]["utility"], "{settings}");
        }
    }
    // A seat outside the game, or a decision it may not make, is refused with its reason.
    let s = session(json!({"game": "abacus", "seats": 3, "seed": 1}));
    assert!(s.preview(4, &json!({"budget": 1, "weights": [1, 1]})).unwrap_err().to_string().contains("seat 4"));
    let budget = s.seat_type(1).unwrap()["budget"].as_u64().unwrap();
    let w = s.seat_type(1).unwrap()["weights"].clone();
    assert!(s.preview(1, &json!({"budget": budget + 1, "weights": w})).is_err());
}

/// Open seating travels in the join link and the session file, changes the game's id (a code of
/// a carded game is refused in the open one), and is left out of links when off (old links keep
/// their ids).
#[test]
fn open_seating_is_part_of_the_game() {
    let carded = session(json!({"game": "abacus", "seats": 1000, "seed": 8}));
    let open = session(json!({"game": "abacus", "seats": 1000, "seed": 8, "open_seating": true}));
    assert!(open.open_seating && !carded.open_seating);
    assert_ne!(open.id(), carded.id());
    assert_eq!(Session::from_join(open.to_value()["join"].as_str().unwrap()).unwrap(), open);
    assert_eq!(Session::from_value(&open.to_value()).unwrap(), open);
    // Off is the default and not written into the link: the same id as a session without it.
    let explicit = session(json!({"game": "abacus", "seats": 1000, "seed": 8, "open_seating": false}));
    assert_eq!(explicit.id(), carded.id());
    assert_eq!(explicit.to_value()["join"], carded.to_value()["join"]);
    // A seat of the carded game is refused in the open one.
    let code = carded.code(417, None).unwrap().to_string();
    assert!(matches!(open.check(&code), Verdict::Refused(ref why) if why.contains("another game")));
    let e = Session::new(&json!({"game": "abacus", "seats": 10, "seed": 8, "open_seating": "yes"})).unwrap_err();
    assert_eq!(e.problems[0].path, "open_seating");
}

/// The spot game on the recorded EC2 prices the playground ships: the round replays them (the
/// `spot-real` preset's series), needs the file to close, and the runner has it compiled in.
#[test]
fn spot_on_recorded_ec2_prices() {
    use cloudecon::data::{Data, EC2_M3_MEDIUM};
    let settings =
        json!({ "game": "spot", "seats": 4, "seed": 2, "robots": 2, "prices": "ec2", "on_demand_price": 0.067 });
    let s = session(settings);
    assert_eq!(s.data_files(), vec![&EC2_M3_MEDIUM]);
    // The join link carries the choice (and the model's game has no file to load).
    assert_eq!(Session::from_join(&s.join_body()).unwrap().settings["prices"], json!("ec2"));
    assert!(session(json!({ "game": "spot", "seats": 4, "seed": 2 })).data_files().is_empty());
    let policy = json!({ "family": "rate_centric", "sigma": 0.2, "bid": { "kind": "fixed", "b": 0.05 } });
    let text = codes(&s, &[(1, Some(policy.clone())), (3, Some(policy.clone()))]);
    let collected = s.collect(&text).unwrap();
    // Without the file, closing says which file is missing.
    let e = s.close(&collected).unwrap_err();
    assert_eq!(e.problems[0].path, "data");
    assert!(e.problems[0].message.contains(EC2_M3_MEDIUM.name), "{e}");
    assert!(s.preview(1, &policy).is_err());
    let s = s.with_data(Data::embedded());
    let round = s.close(&collected).unwrap();
    let price = &round.report["document"]["spot_price"];
    assert_eq!(price["kind"], json!("ec2_history"));
    assert_eq!(price["csv"].as_str(), Data::embedded().get(&EC2_M3_MEDIUM));
    assert_eq!(round.report["document"]["on_demand_price"], json!(0.067));
    // The run is the mechanism's on that document, and the prices are the recorded ones.
    let run = cloudecon::runner::run(&cloudecon::Scenario::from_value(round.report["document"].clone()).unwrap())
        .unwrap()
        .to_value();
    assert_eq!(run, round.report["run"]);
    // Seats 1 and 3 chose the same policy: the same payoff.
    assert_eq!(round.report["seats"][0]["outcome"]["utility"], round.report["seats"][1]["outcome"]["utility"]);
    let preview = s.preview(1, &policy).unwrap();
    assert!(preview["outcome"]["utility"].is_number(), "{preview}");
    // The results link closes the same round on a phone that holds the file.
    let (linked, decisions) = Session::from_results(round.report["results"].as_str().unwrap()).unwrap();
    let again = linked.with_data(Data::embedded()).close(&decisions).unwrap();
    assert_eq!(again.report["seats"][0]["outcome"], round.report["seats"][0]["outcome"]);
    assert_eq!(again.report["summary"], round.report["summary"]);
}

#[test]
fn the_runner_closes_a_round_on_recorded_prices() {
    let dir = temp_dir("game-ec2");
    let settings = write(
        &dir,
        "settings.json",
        r#"{"game": "spot", "seats": 3, "seed": 1, "prices": "ec2", "on_demand_price": 0.067}"#,
    );
    let session_file = write(&dir, "session.json", &ok(&["game", "new", &settings]));
    let decision = write(
        &dir,
        "d.json",
        r#"{"family": "deadline_centric", "m_threshold": 2, "bid": {"kind": "variable", "gamma": 0.4, "epsilon": 0.02}}"#,
    );
    let code = ok(&["game", "code", &session_file, "--seat", "2", "--decision", &decision]);
    let codes_file = write(&dir, "codes.txt", &code);
    let report: Value = serde_json::from_str(&ok(&["game", "close", &session_file, &codes_file])).unwrap();
    assert_eq!(report["document"]["spot_price"]["kind"], json!("ec2_history"));
    let document = write(&dir, "round.json", &report["document"].to_string());
    let run: Value = serde_json::from_str(&ok(&["run", &document])).unwrap();
    assert_eq!(run, report["run"]);
}
