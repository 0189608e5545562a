//! Tests of the supercube command's helpers.

use super::*;

#[test]
fn median_ci_uses_the_binomial_order_statistics() {
    let v: Vec<f64> = (1..=10).map(f64::from).collect();
    // n = 10: P(Bin < 2) = 11/1024 ≤ 2.5 % < P(Bin < 3): [x(2), x(9)].
    assert_eq!(median_ci(&v), Some((2.0, 9.0)));
    let v: Vec<f64> = (1..=40).rev().map(f64::from).collect();
    // n = 40: the tabulated interval is [x(14), x(27)].
    assert_eq!(median_ci(&v), Some((14.0, 27.0)));
    assert_eq!(median_ci(&[1.0, 2.0, 3.0, 4.0, 5.0]), None);
}

#[test]
fn mann_whitney_matches_hand_computed_values() {
    // Ours all below theirs: U = 0, strong evidence, not longer.
    let ours: Vec<f64> = (1..=10).map(f64::from).collect();
    let theirs: Vec<f64> = (11..=20).map(f64::from).collect();
    let (u, p2, longer) = mann_whitney(&ours, &theirs).unwrap_or((f64::NAN, 0.0, 0.0));
    assert_eq!(u, 0.0);
    // z = (50 - 0.5) / sqrt(175) = 3.742: two-sided p = 0.000183.
    assert!((p2 - 0.000_183).abs() < 1e-5, "{p2}");
    assert!(longer > 0.999);
    // Identical samples: U = n1·n2/2, p = 1.
    let (u, p2, longer) = mann_whitney(&ours, &ours).unwrap_or((f64::NAN, 0.0, 0.0));
    assert_eq!(u, 50.0);
    assert!((p2 - 1.0).abs() < 1e-9);
    assert!((longer - 0.5).abs() < 0.05);
    assert!(mann_whitney(&[], &ours).is_none());
    assert!(mann_whitney(&[3.0, 3.0], &[3.0]).is_none());
}

#[test]
fn paper_runs_are_the_tables() {
    // Table 8, N = 6: ten lengths with 200 macros, median 4042.5; Table 7: 4197.5.
    let runs = paper_runs("length", 200, 6).unwrap_or_default();
    assert_eq!(runs.len(), 10);
    assert_eq!(paper_median("length", 200, 6), Some(4042.5));
    assert_eq!(paper_median("length", 100, 6), Some(4197.5));
    assert!(paper_runs("length", 150, 6).is_none());
    assert!(paper_runs("length", 100, 7).is_none());
}
