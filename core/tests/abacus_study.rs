//! Convergence statistics (Fig. 6): deterministic for a seed, and log utilities settle faster
//! than linear ones in the paper's default setting.

use cloudecon::abacus::study::{default_xs, rounds_study, StudyOver};

#[test]
fn the_study_is_deterministic_and_log_converges_faster() {
    let a = rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 7);
    assert_eq!(a, rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 7), "same seed, same statistics");
    assert_ne!(a, rounds_study(StudyOver::Users, &[8.0, 32.0], 5, 8), "another seed, other instances");
    for p in &a {
        assert!(p.log_mean < p.linear_mean, "{p:?}");
        assert!(f64::from(p.linear_max) >= p.linear_mean && f64::from(p.log_max) >= p.log_mean, "{p:?}");
        assert!(p.log_mean >= 1.0, "every auction runs at least one round: {p:?}");
    }
    assert_eq!(a.iter().map(|p| p.x).collect::<Vec<_>>(), [8.0, 32.0]);
}

#[test]
fn alpha_zero_needs_no_second_look_and_linear_slows_as_alpha_grows() {
    // α = 0: shares are 1/n whatever the split, so the first round already is the fixed point
    // and the second confirms it.
    let zero = rounds_study(StudyOver::Alpha, &[0.0], 3, 1);
    assert_eq!((zero[0].linear_max, zero[0].log_max), (2, 2), "{zero:?}");
    // The paper: "the number of iterations almost doubles when α changes from 0.5 to 0.9" (linear).
    let s = rounds_study(StudyOver::Alpha, &[0.5, 0.9], 5, 1);
    assert!(s[1].linear_mean > s[0].linear_mean, "{s:?}");
    assert_eq!(default_xs(StudyOver::Resources), [2.0, 4.0, 8.0, 16.0]);
}
