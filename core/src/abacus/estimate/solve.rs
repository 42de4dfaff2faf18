//! Numerics of the estimation: equilibrated, column-pivoted Householder QR for least squares,
//! and Lawson–Hanson NNLS on the reduced system (see the parent module for the choices).

use super::{EstimateError, RANK_TOLERANCE};

/// 2-norm without overflow (scaled by the largest magnitude).
pub(super) fn norm2(v: &[f64]) -> f64 {
    let max = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if max == 0.0 || !max.is_finite() {
        return max;
    }
    max * v.iter().map(|x| (x / max) * (x / max)).sum::<f64>().sqrt()
}

/// Dot product with four accumulators (lets the compiler vectorise).
pub(super) fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len());
    let (a4, b4) = (a[..n].chunks_exact(4), b[..n].chunks_exact(4));
    let rest: f64 = a4.remainder().iter().zip(b4.remainder()).map(|(x, y)| x * y).sum();
    let mut acc = [0.0; 4];
    for (x, y) in a4.zip(b4) {
        for i in 0..4 {
            acc[i] += x[i] * y[i];
        }
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + rest
}

/// Column-major `rows × cols` matrix with unit-norm columns, their original norms, and `y / ‖y‖`.
pub(super) struct Scaled {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) columns: Vec<f64>,
    pub(super) column_norms: Vec<f64>,
    pub(super) y: Vec<f64>,
    pub(super) y_norm: f64,
}

impl Scaled {
    pub(super) fn new(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Self, EstimateError> {
        if rows.checked_mul(cols) != Some(x.len()) || y.len() != rows {
            return Err(EstimateError::Dimensions { rows, cols, x_len: x.len(), y_len: y.len() });
        }
        if let Some(index) = x.iter().position(|v| !v.is_finite()) {
            return Err(EstimateError::NonFinite { what: "x", index });
        }
        if let Some(index) = y.iter().position(|v| !v.is_finite()) {
            return Err(EstimateError::NonFinite { what: "y", index });
        }
        if rows < cols {
            return Err(EstimateError::TooFewObservations { needed: cols, got: rows });
        }
        let mut columns = Vec::with_capacity(rows * cols);
        let mut column_norms = Vec::with_capacity(cols);
        for j in 0..cols {
            let start = columns.len();
            columns.extend((0..rows).map(|i| x[i * cols + j]));
            let norm = norm2(&columns[start..]);
            if norm == 0.0 {
                return Err(EstimateError::ZeroColumn { column: j });
            }
            if !norm.is_finite() {
                return Err(EstimateError::Overflow);
            }
            columns[start..].iter_mut().for_each(|v| *v /= norm);
            column_norms.push(norm);
        }
        let y_norm = norm2(y);
        if !y_norm.is_finite() {
            return Err(EstimateError::Overflow);
        }
        let y_norm = if y_norm == 0.0 { 1.0 } else { y_norm };
        Ok(Scaled { rows, cols, columns, column_norms, y: y.iter().map(|v| v / y_norm).collect(), y_norm })
    }

    /// The pivoted QR of the scaled matrix (which it consumes), or the singular-system error.
    pub(super) fn full_rank_qr(&mut self) -> Result<Qr, EstimateError> {
        let qr = Qr::factor(std::mem::take(&mut self.columns), self.rows, self.cols);
        if qr.rank == self.cols {
            return Ok(qr);
        }
        let (column, coefficients) = qr.dependency();
        let mut combination: Vec<(usize, f64)> = coefficients
            .into_iter()
            .map(|(i, c)| (i, c * self.column_norms[column] / self.column_norms[i]))
            .filter(|(_, c)| c.is_finite())
            .collect();
        combination.sort_by_key(|&(i, _)| i);
        Err(EstimateError::Singular { column, rank: qr.rank, cols: self.cols, combination })
    }

    /// Weights of the original problem from weights of the scaled one.
    pub(super) fn unscale(&self, z: &[f64]) -> Result<Vec<f64>, EstimateError> {
        let w: Vec<f64> = z.iter().zip(&self.column_norms).map(|(z, d)| z / d * self.y_norm).collect();
        if w.iter().all(|v| v.is_finite()) {
            Ok(w)
        } else {
            Err(EstimateError::Overflow)
        }
    }
}

/// Householder QR with column pivoting of a column-major `rows × cols` matrix: `A P = Q R`.
pub(super) struct Qr {
    pub(super) rows: usize,
    /// Reflector `k` in rows `k..` of column `k`; `R` strictly above the diagonal.
    pub(super) a: Vec<f64>,
    /// `r_kk` and `vᵀv / 2` of each reflector, for `k < rank`.
    pub(super) diag: Vec<f64>,
    pub(super) beta: Vec<f64>,
    /// `perm[position] = original column`.
    pub(super) perm: Vec<usize>,
    pub(super) rank: usize,
}

impl Qr {
    /// Factors until the largest remaining column norm is at most `RANK_TOLERANCE · max_j ‖a_j‖`.
    pub(super) fn factor(mut a: Vec<f64>, rows: usize, cols: usize) -> Qr {
        // Squared norms of the columns' trailing parts (rows k..), recomputed exactly right after each
        // reflector is applied (no downdating, so no cancellation).
        let mut tail_sq: Vec<f64> =
            (0..cols).map(|j| a[j * rows..(j + 1) * rows].iter().map(|v| v * v).sum()).collect();
        let tol = RANK_TOLERANCE * tail_sq.iter().fold(0.0f64, |m, &t| m.max(t)).sqrt();
        let mut perm: Vec<usize> = (0..cols).collect();
        let (mut diag, mut beta) = (Vec::with_capacity(cols), Vec::with_capacity(cols));
        for k in 0..cols.min(rows) {
            let p = (k..cols).fold(k, |best, j| if tail_sq[j] > tail_sq[best] { j } else { best });
            let sigma = tail_sq[p].sqrt();
            if sigma.is_nan() || sigma <= tol {
                break;
            }
            if p != k {
                for i in 0..rows {
                    a.swap(k * rows + i, p * rows + i);
                }
                perm.swap(k, p);
                tail_sq.swap(k, p);
            }
            let (head, tail) = a.split_at_mut((k + 1) * rows);
            let v = &mut head[k * rows + k..];
            let x0 = v[0];
            let alpha = if x0 >= 0.0 { -sigma } else { sigma };
            v[0] = x0 - alpha;
            let b = sigma * (sigma + x0.abs());
            for (c, t) in tail.chunks_mut(rows).zip(&mut tail_sq[k + 1..]) {
                let f = dot(v, &c[k..]) / b;
                c[k..].iter_mut().zip(v.iter()).for_each(|(ci, vi)| *ci -= f * vi);
                *t = dot(&c[k + 1..], &c[k + 1..]);
            }
            diag.push(alpha);
            beta.push(b);
        }
        let rank = diag.len();
        Qr { rows, a, diag, beta, perm, rank }
    }

    /// `b ← Qᵀ b`.
    pub(super) fn apply_qt(&self, b: &mut [f64]) {
        for k in 0..self.rank {
            let v = &self.a[k * self.rows + k..(k + 1) * self.rows];
            let f = dot(v, &b[k..]) / self.beta[k];
            b[k..].iter_mut().zip(v).for_each(|(bi, vi)| *bi -= f * vi);
        }
    }

    /// Solves `R₁₁ z = rhs` (first `rank` rows and columns of `R`).
    pub(super) fn back_substitute(&self, rhs: &[f64]) -> Vec<f64> {
        let mut z = vec![0.0; self.rank];
        for i in (0..self.rank).rev() {
            let s: f64 = ((i + 1)..self.rank).map(|j| self.a[j * self.rows + i] * z[j]).sum();
            z[i] = (rhs[i] - s) / self.diag[i];
        }
        z
    }

    /// Basic least-squares solution in original column order (dependent columns get 0).
    pub(super) fn solve_basic(&self, y: &[f64]) -> Vec<f64> {
        let mut qtb = y.to_vec();
        self.apply_qt(&mut qtb);
        let z = self.back_substitute(&qtb);
        let mut out = vec![0.0; self.perm.len()];
        for (pos, &col) in self.perm.iter().enumerate().take(self.rank) {
            out[col] = z[pos];
        }
        out
    }

    /// The first dependent column and its coefficients on the independent ones (of this matrix).
    pub(super) fn dependency(&self) -> (usize, Vec<(usize, f64)>) {
        let r = self.rank;
        let rhs: Vec<f64> = (0..r).map(|i| self.a[r * self.rows + i]).collect();
        let z = self.back_substitute(&rhs);
        let largest = z.iter().fold(0.0f64, |m, c| m.max(c.abs()));
        let coefficients =
            z.iter().enumerate().filter(|(_, c)| c.abs() > 1e-9 * largest).map(|(i, &c)| (self.perm[i], c)).collect();
        (self.perm[r], coefficients)
    }

    /// `R` with its columns back in original order (an `n × n` column-major matrix, `n = rank = cols`).
    pub(super) fn r_unpermuted(&self) -> Vec<f64> {
        let n = self.perm.len();
        let mut out = vec![0.0; n * n];
        for (pos, &col) in self.perm.iter().enumerate() {
            for i in 0..pos {
                out[col * n + i] = self.a[pos * self.rows + i];
            }
            out[col * n + pos] = self.diag[pos];
        }
        out
    }
}

/// Least squares `min ‖y − X w‖²` for `X` given row-major (`rows × cols`).
///
/// Householder QR with column pivoting on the column-equilibrated matrix (see the module docs):
/// O(rows·cols²) time, O(rows·cols) memory. Errors: wrong lengths, non-finite input,
/// `rows < cols`, a zero column, a column within `RANK_TOLERANCE` (relative) of the span of the
/// others ([`EstimateError::Singular`] names it and the combination), or overflow in the answer.
///
/// ```
/// use cloudecon::abacus::estimate::least_squares;
/// // y = 2·x₀ + 1·x₁ exactly.
/// let x = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
/// let w = least_squares(&x, 3, 2, &[2.0, 1.0, 3.0]).unwrap();
/// assert!((w[0] - 2.0).abs() < 1e-12 && (w[1] - 1.0).abs() < 1e-12);
/// ```
pub fn least_squares(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Vec<f64>, EstimateError> {
    let mut scaled = Scaled::new(x, rows, cols, y)?;
    let qr = scaled.full_rank_qr()?;
    scaled.unscale(&qr.solve_basic(&scaled.y))
}

/// Non-negative least squares `min ‖y − X w‖²` subject to `w ≥ 0`, for `X` row-major
/// (`rows × cols`), by the Lawson–Hanson active-set algorithm (Lawson & Hanson 1974, *Solving
/// Least Squares Problems*, ch. 23).
///
/// The problem is reduced by the pivoted QR of [`least_squares`] to `m × m`, then each of the
/// (typically about `m`) passive solves costs O(m³): O(rows·m² + m⁴) in all. The same errors as
/// [`least_squares`] (a singular `X` is an error, see the module docs), plus
/// [`EstimateError::NoConvergence`] after `10·cols + 50` passive solves.
///
/// ```
/// use cloudecon::abacus::estimate::non_negative_least_squares;
/// // The unconstrained fit is (1, −1); with w ≥ 0 it is (0.5, 0).
/// let x = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
/// let w = non_negative_least_squares(&x, 3, 2, &[1.0, -1.0, 0.0]).unwrap();
/// assert!((w[0] - 0.5).abs() < 1e-12 && w[1] == 0.0);
/// ```
pub fn non_negative_least_squares(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Vec<f64>, EstimateError> {
    let mut scaled = Scaled::new(x, rows, cols, y)?;
    let qr = scaled.full_rank_qr()?;
    let mut c = scaled.y.clone();
    qr.apply_qt(&mut c);
    c.truncate(cols);
    let r = qr.r_unpermuted();
    let tolerance = 10.0 * rows.max(cols) as f64 * f64::EPSILON;
    let z = lawson_hanson(&r, cols, &c, tolerance, 10 * cols + 50)?;
    scaled.unscale(&z)
}

/// Lawson–Hanson NNLS for a square column-major `n × n` matrix `a` (the reduced problem) whose
/// columns have norm about 1 and `‖b‖ ≤ 1`. `tolerance` bounds the dual at termination.
pub(super) fn lawson_hanson(
    a: &[f64],
    n: usize,
    b: &[f64],
    tolerance: f64,
    max_solves: usize,
) -> Result<Vec<f64>, EstimateError> {
    let column = |j: usize| &a[j * n..(j + 1) * n];
    // Least squares on the columns `set` (basic solution), as (weights in `set` order, rank).
    let solve = |set: &[usize]| {
        let sub: Vec<f64> = set.iter().flat_map(|&j| column(j).iter().copied()).collect();
        let qr = Qr::factor(sub, n, set.len());
        (qr.solve_basic(b), qr.rank)
    };
    let mut w = vec![0.0; n];
    let mut passive = vec![false; n];
    let mut solves = 0usize;
    let mut count = || {
        solves += 1;
        if solves > max_solves {
            Err(EstimateError::NoConvergence { iterations: max_solves })
        } else {
            Ok(())
        }
    };
    loop {
        // Dual vector Aᵀ(b − A w) = −gradient.
        let mut residual = b.to_vec();
        for (j, &wj) in w.iter().enumerate().filter(|(_, &wj)| wj != 0.0) {
            residual.iter_mut().zip(column(j)).for_each(|(r, aij)| *r -= aij * wj);
        }
        let mut dual: Vec<f64> = (0..n).map(|j| dot(column(j), &residual)).collect();
        // Move the best admissible index from Z to P (rejecting near-dependent or non-positive ones).
        let (mut set, mut z) = loop {
            let candidate =
                (0..n).filter(|&j| !passive[j] && dual[j] > tolerance).max_by(|&i, &j| dual[i].total_cmp(&dual[j]));
            let Some(t) = candidate else {
                return Ok(w);
            };
            count()?;
            let set: Vec<usize> = (0..n).filter(|&j| passive[j] || j == t).collect();
            let (z, rank) = solve(&set);
            let pos = set.iter().position(|&j| j == t).unwrap_or(0);
            if rank == set.len() && z[pos] > 0.0 {
                passive[t] = true;
                break (set, z);
            }
            dual[t] = 0.0;
        };
        // Inner loop: back to feasibility while some passive weight is not positive.
        loop {
            let mut step: Option<(f64, usize)> = None;
            for (&j, &zj) in set.iter().zip(&z) {
                if zj <= 0.0 {
                    // w_j > 0 on P (only the entering index has w = 0, and its z is > 0).
                    let alpha = if w[j] > 0.0 { w[j] / (w[j] - zj) } else { 0.0 };
                    if step.is_none_or(|(best, _)| alpha < best) {
                        step = Some((alpha, j));
                    }
                }
            }
            let Some((alpha, leaving)) = step else {
                for (&j, &zj) in set.iter().zip(&z) {
                    w[j] = zj;
                }
                break;
            };
            for (&j, &zj) in set.iter().zip(&z) {
                w[j] += alpha * (zj - w[j]);
            }
            w[leaving] = 0.0;
            for &j in &set {
                if w[j] <= 0.0 {
                    w[j] = 0.0;
                    passive[j] = false;
                }
            }
            set.retain(|&j| passive[j]);
            count()?;
            z = solve(&set).0;
        }
    }
}
