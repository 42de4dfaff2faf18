//! The utility of a job at time `T` (spec "Utility of a job"), kept per organization as exact
//! integer polynomials in `T` so that a priority is evaluated in O(1) at any time and ties are
//! exact.
//!
//! For a piece started at `s` with duration `p`, `c` cores, released at `r`, and
//! `q = min(p, T − s)` units executed by `T`:
//!
//! ```text
//! psi_sp      = c · q · (T − s − (q − 1)/2)          (strategy-resilient; ORIG_DIRECT)
//! psi_rel     = c · q · (T − r − (q − 1)/2)
//!             = psi_sp + c · q · (s − r)              (release-adjusted; REL_DIRECT — a reconstruction)
//! psi_surface = c · q                                 (SIMPL_DIRECT, FairShare's usage)
//! ```
//!
//! ψ_rel counts time from the release, not the start: a finished piece is worth
//! `c · p · (T − r − (p − 1)/2)` however late it started, so the release time "neutralizes" the
//! lasting advantage of early decisions (the paper's words; its equation 3 is lost). An earlier
//! reading subtracted the wait instead (`psi_sp − c · q · (s − r)`), which doubled the effect it
//! was meant to remove.
//!
//! Values are kept doubled (`2ψ` is an integer). While a piece runs (`q = T − s`) its term is
//! quadratic in `T`; once it has ended (`q = p`) linear; sums of such terms are polynomials of
//! degree 2 whose coefficients change only when a piece starts or ends.

/// Which utility (a formula algorithm's `"psi"`: `"sp"`, `"rel"` or `"surface"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Psi {
    Sp,
    Rel,
    Surface,
}

/// `a2·T² + a1·T + a0`: a sum of doubled utilities as a function of the time `T`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Quad {
    pub a2: i128,
    pub a1: i128,
    pub a0: i128,
}

impl Quad {
    #[inline]
    pub fn at(&self, t: u64) -> i128 {
        let t = i128::from(t);
        (self.a2 * t + self.a1) * t + self.a0
    }

    #[inline]
    pub fn add(&mut self, o: Quad) {
        self.a2 += o.a2;
        self.a1 += o.a1;
        self.a0 += o.a0;
    }

    #[inline]
    pub fn sub(&mut self, o: Quad) {
        self.a2 -= o.a2;
        self.a1 -= o.a1;
        self.a0 -= o.a0;
    }
}

impl Psi {
    /// The document's name.
    pub fn tag(self) -> &'static str {
        match self {
            Psi::Sp => "sp",
            Psi::Rel => "rel",
            Psi::Surface => "surface",
        }
    }

    /// `2ψ` of a piece started at `s` (cores `c`, released at `r`) while it runs (`q = T − s`).
    pub fn running(self, c: u32, s: u64, r: u64) -> Quad {
        let (c, s, r) = (i128::from(c), i128::from(s), i128::from(r));
        match self {
            // c·(T − s)·(T − s + 1)
            Psi::Sp => Quad { a2: c, a1: c * (1 - 2 * s), a0: c * (s * s - s) },
            // … + 2c·(T − s)·(s − r) = c·(T − s)·(T + s − 2r + 1)
            Psi::Rel => {
                Quad { a2: c, a1: c * (1 - 2 * s) + 2 * c * (s - r), a0: c * (s * s - s) - 2 * c * s * (s - r) }
            }
            // 2c·(T − s)
            Psi::Surface => Quad { a2: 0, a1: 2 * c, a0: -2 * c * s },
        }
    }

    /// `2ψ` of a piece that ran `[s, s + p)` (`q = p`).
    pub fn ended(self, c: u32, s: u64, p: u64, r: u64) -> Quad {
        let (c, s, p, r) = (i128::from(c), i128::from(s), i128::from(p), i128::from(r));
        match self {
            // c·p·(2T − 2s − p + 1)
            Psi::Sp => Quad { a2: 0, a1: 2 * c * p, a0: c * p * (1 - 2 * s - p) },
            // c·p·(2T − 2r − p + 1): no longer depends on s
            Psi::Rel => Quad { a2: 0, a1: 2 * c * p, a0: c * p * (1 - 2 * r - p) },
            Psi::Surface => Quad { a2: 0, a1: 0, a0: 2 * c * p },
        }
    }

    /// `ψ` of one piece at time `T` from the definition (for tests and results).
    pub fn value(self, c: u32, s: u64, p: u64, r: u64, t: u64) -> f64 {
        let q = p.min(t.saturating_sub(s)) as f64;
        let (c, s, r, t) = (f64::from(c), s as f64, r as f64, t as f64);
        let sp = c * q * (t - s - (q - 1.0) / 2.0);
        match self {
            Psi::Sp => sp,
            Psi::Rel => sp + c * q * (s - r),
            Psi::Surface => c * q,
        }
    }
}
