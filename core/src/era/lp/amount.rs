//! Exact non-negative amounts for the flow: every input of the LP is a finite `f64`, i.e. an
//! integer times a power of two, so after multiplying everything by one common power of two
//! `2^s` the capacities are integers, and so is every flow an augmenting-path algorithm computes
//! from them (it only adds, subtracts and takes minima). The integers are held in a `u128` when
//! they fit, else in a fixed-size [`Wide`] integer.
//!
//! Invariant: an [`Amount`] is never negative; `minus` is only called with `other ≤ self`, and
//! `plus` only where the sum is bounded by an input the caller has already converted (it then
//! fits), so neither can overflow.

use std::fmt::Debug;

/// A non-negative integer the flow computes with.
pub(super) trait Amount: Copy + Ord + Debug {
    const ZERO: Self;
    /// `m · 2^shift`, or `None` if it does not fit.
    fn from_parts(m: u64, shift: u32) -> Option<Self>;
    fn checked_add(self, other: Self) -> Option<Self>;
    fn checked_mul_u32(self, k: u32) -> Option<Self>;
    /// `self + other`, known to fit.
    fn plus(self, other: Self) -> Self;
    /// `self − other`, with `other ≤ self`.
    fn minus(self, other: Self) -> Self;
    /// `(m, e)` with `m < 2^53` and `m · 2^e` equal to `self` rounded toward zero to 53
    /// significant bits (exact when `self` has at most 53).
    fn truncated(self) -> (u64, i32);
}

impl Amount for u128 {
    const ZERO: Self = 0;

    fn from_parts(m: u64, shift: u32) -> Option<Self> {
        let m = u128::from(m);
        if m == 0 {
            Some(0)
        } else if shift <= m.leading_zeros() {
            Some(m << shift)
        } else {
            None
        }
    }

    fn checked_add(self, other: Self) -> Option<Self> {
        u128::checked_add(self, other)
    }

    fn checked_mul_u32(self, k: u32) -> Option<Self> {
        self.checked_mul(u128::from(k))
    }

    fn plus(self, other: Self) -> Self {
        self + other
    }

    fn minus(self, other: Self) -> Self {
        self - other
    }

    fn truncated(self) -> (u64, i32) {
        let bits = 128 - self.leading_zeros();
        if bits <= 53 {
            (self as u64, 0)
        } else {
            let shift = bits - 53;
            ((self >> shift) as u64, shift as i32)
        }
    }
}

/// An unsigned integer of `64 · N` bits, most significant limb first (so the derived `Ord`, which
/// compares arrays element by element, is the numeric order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    fn add_carry(self, other: Self) -> (Self, bool) {
        let mut out = [0u64; N];
        let mut carry = false;
        for i in (0..N).rev() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            out[i] = s;
            carry = c1 || c2;
        }
        (Wide(out), carry)
    }
}

impl<const N: usize> Amount for Wide<N> {
    const ZERO: Self = Wide([0; N]);

    fn from_parts(m: u64, shift: u32) -> Option<Self> {
        let mut out = [0u64; N];
        if m == 0 {
            return Some(Wide(out));
        }
        let (limb, bit) = ((shift / 64) as usize, shift % 64);
        let low = N.checked_sub(1 + limb)?;
        out[low] = m << bit;
        let high = if bit == 0 { 0 } else { m >> (64 - bit) };
        if high != 0 {
            out[low.checked_sub(1)?] = high;
        }
        Some(Wide(out))
    }

    fn checked_add(self, other: Self) -> Option<Self> {
        match self.add_carry(other) {
            (sum, false) => Some(sum),
            (_, true) => None,
        }
    }

    fn checked_mul_u32(self, k: u32) -> Option<Self> {
        let mut out = [0u64; N];
        let mut carry = 0u128;
        for i in (0..N).rev() {
            let p = u128::from(self.0[i]) * u128::from(k) + carry;
            out[i] = p as u64;
            carry = p >> 64;
        }
        (carry == 0).then_some(Wide(out))
    }

    fn plus(self, other: Self) -> Self {
        let (sum, carry) = self.add_carry(other);
        debug_assert!(!carry, "a flow amount overflowed");
        sum
    }

    fn minus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for i in (0..N).rev() {
            let (d, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            out[i] = d;
            borrow = b1 || b2;
        }
        debug_assert!(!borrow, "a flow amount went negative");
        Wide(out)
    }

    fn truncated(self) -> (u64, i32) {
        let Some(i) = self.0.iter().position(|&limb| limb != 0) else { return (0, 0) };
        let lz = self.0[i].leading_zeros();
        let bits = (N - i) as u32 * 64 - lz;
        if bits <= 53 {
            return (self.0[i], 0);
        }
        // The 64 bits below the leading one (included), then their top 53.
        let next = if lz > 0 && i + 1 < N { self.0[i + 1] >> (64 - lz) } else { 0 };
        let top = (self.0[i] << lz) | next;
        (top >> 11, (bits - 53) as i32)
    }
}

/// `x = m · 2^e` with `m` odd (or `x = 0`, giving `(0, 0)`), for finite `x ≥ 0`.
pub(super) fn decompose(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (m, e) = if exponent == 0 { (fraction, -1074) } else { (fraction | (1u64 << 52), exponent - 1075) };
    if m == 0 {
        return (0, 0);
    }
    let tz = m.trailing_zeros();
    (m >> tz, e + tz as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value<A: Amount>(a: A) -> f64 {
        let (m, e) = a.truncated();
        libm::scalbn(m as f64, e)
    }

    #[test]
    fn decompose_gives_odd_mantissas() {
        assert_eq!(decompose(0.0), (0, 0));
        assert_eq!(decompose(1.0), (1, 0));
        assert_eq!(decompose(12.0), (3, 2));
        assert_eq!(decompose(0.375), (3, -3));
        assert_eq!(decompose(0.1), (3_602_879_701_896_397, -55));
        assert_eq!(decompose(f64::from_bits(1)), (1, -1074));
        assert_eq!(decompose(f64::MAX), ((1 << 53) - 1, 971));
    }

    #[test]
    fn wide_and_u128_agree_where_both_fit() {
        let cases = [(0u64, 0u32), (1, 0), (5, 3), (u64::MAX, 0), (u64::MAX, 64), ((1 << 53) - 1, 74), (3, 125)];
        for &(m, s) in &cases {
            let a = u128::from_parts(m, s).unwrap();
            let b = Wide::<2>::from_parts(m, s).unwrap();
            assert_eq!(a.truncated(), b.truncated(), "{m} << {s}");
            let (a2, b2) = (a.checked_mul_u32(7), b.checked_mul_u32(7));
            assert_eq!(a2.is_some(), b2.is_some());
            if let (Some(a2), Some(b2)) = (a2, b2) {
                assert_eq!(a2.truncated(), b2.truncated());
                assert_eq!(a2.minus(a).truncated(), b2.minus(b).truncated());
                assert_eq!(a.plus(a).truncated(), b.plus(b).truncated());
            }
        }
        assert_eq!(u128::from_parts(1, 128), None);
        assert_eq!(u128::from_parts(3, 127), None);
        assert_eq!(Wide::<2>::from_parts(3, 127), None);
        assert_eq!(Wide::<2>::from_parts(1, 127).unwrap().checked_mul_u32(2), None);
        let big = Wide::<2>::from_parts(1, 127).unwrap();
        assert_eq!(big.checked_add(big), None);
        assert!(Wide::<2>::from_parts(1, 127).unwrap() > Wide::<2>::from_parts(u64::MAX, 63).unwrap());
    }

    #[test]
    fn truncation_rounds_toward_zero_to_53_bits() {
        let x = u128::from_parts((1 << 54) - 1, 10).unwrap(); // 54 ones
        assert_eq!(x.truncated(), ((1 << 53) - 1, 11));
        let w = Wide::<4>::from_parts((1 << 54) - 1, 100).unwrap();
        assert_eq!(w.truncated(), ((1 << 53) - 1, 101));
        assert_eq!(value(Wide::<4>::from_parts(1, 200).unwrap()), libm::scalbn(1.0, 200));
        assert_eq!(value(Wide::<4>::from_parts(12_345, 0).unwrap()), 12_345.0);
        // Across a limb boundary: 2^70 + 2^10 (61 significant bits) loses its low bits.
        let w = Wide::<4>::from_parts(1, 70).unwrap().plus(Wide::<4>::from_parts(1, 10).unwrap());
        assert_eq!(w.truncated(), (1 << 52, 18));
        let w = Wide::<4>::from_parts(1, 70).unwrap().plus(Wide::<4>::from_parts(1, 18).unwrap());
        assert_eq!(w.truncated(), ((1 << 52) + 1, 18));
    }
}
