//! The Abacus game's weight-report counterexamples: Theorem 2 says no lower budget and no other
//! weights earn a seat more than the truth, yet the others re-optimise against a seat's reported
//! weights, and some weight reports (with the true budget) do earn more. The round marks them.

use cloudecon::game::Session;
use serde_json::{json, Value};

fn own(s: &Session, seat: u32) -> (u64, Vec<u64>) {
    let t = s.seat_type(seat).unwrap();
    (t["budget"].as_u64().unwrap(), t["weights"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect())
}

/// Closes a round where `seat` reports `decision` and every other seat tells the truth.
fn close_with(s: &Session, seat: u32, decision: Option<&Value>) -> Value {
    let text: String =
        (1..=s.seats).map(|k| s.code(k, if k == seat { decision } else { None }).unwrap().to_string() + "\n").collect();
    s.close(&s.collect(&text).unwrap()).unwrap().report
}

/// A seeded search over small games finds a seat whose weights (with its true budget) earn it
/// more than the truth; the seat is flagged, the summary counts it, its "truthful" utility is the
/// run with that seat truthful, and no truthful seat is ever flagged.
#[test]
fn some_weight_report_beats_the_truth_and_is_flagged() {
    let mut found = None;
    'search: for seed in 0..40u64 {
        let s =
            Session::new(&json!({"game": "abacus", "seats": 2, "seed": seed, "robots": 1, "max_weight": 4})).unwrap();
        for seat in 1..=2u32 {
            let (budget, weights) = own(&s, seat);
            for a in 0..=4u64 {
                for b in 0..=4u64 {
                    if (a, b) == (0, 0) || vec![a, b] == weights {
                        continue;
                    }
                    let decision = json!({"budget": budget, "weights": [a, b]});
                    let report = close_with(&s, seat, Some(&decision));
                    let mine = &report["seats"][(seat - 1) as usize];
                    // A truthful seat is never flagged; the others' outcomes say so too.
                    let other = &report["seats"][(2 - seat) as usize];
                    assert_eq!(other["outcome"]["weights_gain"], json!(false), "{other}");
                    assert_eq!(report["robots"][0]["outcome"]["weights_gain"], json!(false));
                    let (got, truth) =
                        (mine["outcome"]["utility"].as_f64().unwrap(), mine["truthful"]["utility"].as_f64().unwrap());
                    assert_eq!(mine["outcome"]["weights_gain"], json!(got > truth + 1e-6), "{mine}");
                    assert_eq!(mine["outcome"]["truthful_utility"].as_f64(), Some(truth));
                    if mine["outcome"]["weights_gain"] == json!(true) {
                        assert_eq!(report["summary"]["weight_report_gains"], json!(1), "{}", report["summary"]);
                        found = Some((s.clone(), seat, truth, got));
                        break 'search;
                    }
                    assert_eq!(report["summary"]["weight_report_gains"], json!(0));
                }
            }
        }
    }
    let (s, seat, truth, got) = found.expect("no weight report beats the truth in the searched games");
    assert!(got > truth);
    // The "truthful" utility is what the truth earns in a round of its own.
    let honest = close_with(&s, seat, None);
    let mine = &honest["seats"][(seat - 1) as usize];
    assert!((mine["outcome"]["utility"].as_f64().unwrap() - truth).abs() <= 1e-9, "{mine}");
    assert_eq!(mine["outcome"]["weights_gain"], json!(false));
    assert!(mine["outcome"].get("truthful_utility").is_none());
    assert_eq!(honest["summary"]["weight_report_gains"], json!(0));
}

/// A lower budget is not a weight report: the seat is never flagged, whatever it earns.
#[test]
fn a_lower_budget_is_not_flagged() {
    let s = Session::new(&json!({"game": "abacus", "seats": 3, "seed": 5})).unwrap();
    let (budget, weights) = own(&s, 2);
    let report = close_with(&s, 2, Some(&json!({"budget": budget - 1, "weights": [weights[1], weights[0]]})));
    let mine = &report["seats"][1]["outcome"];
    assert_eq!(mine["weights_gain"], json!(false));
    assert!(mine.get("truthful_utility").is_none());
}
