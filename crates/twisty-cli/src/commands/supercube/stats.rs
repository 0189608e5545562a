//! The statistics of the bench: medians, their confidence intervals and the Mann–Whitney
//! rank-sum test.

/// A distribution-free 95 % confidence interval of the median of `v` from order
/// statistics: `[x(k), x(n+1−k)]` with the largest `k` such that `P(Bin(n, ½) < k) ≤ 2.5 %`
/// (coverage ≥ 95 %). `None` below 6 values, where no such interval exists.
pub(super) fn median_ci(v: &[f64]) -> Option<(f64, f64)> {
    let n = v.len();
    if n < 6 {
        return None;
    }
    let mut x = v.to_vec();
    x.sort_by(|a, b| a.total_cmp(b));
    // The largest 1-based k with P(Bin < k) ≤ 0.025; ln_pmf = ln P(Bin = k − 1).
    let mut kk = 0usize;
    let mut ln_pmf = n as f64 * 0.5f64.ln();
    let mut below = 0.0;
    for k1 in 1..=n / 2 {
        below += ln_pmf.exp();
        if below > 0.025 {
            break;
        }
        kk = k1;
        ln_pmf += ((n - (k1 - 1)) as f64).ln() - (k1 as f64).ln();
    }
    if kk == 0 {
        return None;
    }
    Some((x[kk - 1], x[n - kk]))
}

/// Standard normal upper tail `P(Z > z)`, from the complementary error function
/// (Chebyshev fit, relative error < 1.2e-7).
fn normal_upper(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    let erfc = if x >= 0.0 { erfc } else { 2.0 - erfc };
    erfc / 2.0
}

/// The Mann–Whitney rank-sum test of `ours` against `theirs` (normal approximation with
/// tie correction and continuity correction): `U` of `ours`, the two-sided p-value and the
/// one-sided p-value of "ours tend to be larger". `None` when a side is empty or every
/// value is tied.
pub(super) fn mann_whitney(ours: &[f64], theirs: &[f64]) -> Option<(f64, f64, f64)> {
    let (n1, n2) = (ours.len(), theirs.len());
    if n1 == 0 || n2 == 0 {
        return None;
    }
    let mut all: Vec<(f64, bool)> = ours
        .iter()
        .map(|&x| (x, true))
        .chain(theirs.iter().map(|&y| (y, false)))
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    let big_n = all.len();
    let (mut r1, mut ties) = (0.0, 0.0);
    let mut i = 0;
    while i < big_n {
        let mut j = i;
        while j + 1 < big_n && all[j + 1].0 == all[i].0 {
            j += 1;
        }
        // Positions i..=j share the mid-rank.
        let rank = (i + j) as f64 / 2.0 + 1.0;
        let t = (j - i + 1) as f64;
        ties += t * t * t - t;
        r1 += rank * all[i..=j].iter().filter(|e| e.1).count() as f64;
        i = j + 1;
    }
    let (a, b, nn) = (n1 as f64, n2 as f64, big_n as f64);
    let u = r1 - a * (a + 1.0) / 2.0;
    let mean = a * b / 2.0;
    let var = a * b / 12.0 * ((nn + 1.0) - ties / (nn * (nn - 1.0)));
    if var <= 0.0 {
        return None;
    }
    let sd = var.sqrt();
    let dev = u - mean;
    let z_two = ((dev.abs() - 0.5).max(0.0)) / sd;
    let two_sided = (2.0 * normal_upper(z_two)).min(1.0);
    let greater = normal_upper((dev - 0.5) / sd);
    Some((u, two_sided, greater))
}

pub(super) fn median_f(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}
