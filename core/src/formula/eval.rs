//! The compiled form: a postfix program over a fixed-size stack (no allocation per evaluation),
//! run on plain numbers, or on dual numbers for the value and its derivative.

use super::MAX_DEPTH;

/// One step of a program: pushes a value, or pops its operands and pushes the result.
/// Conditions are 1 (holds) and 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Op {
    Const(f64),
    Var(u16),
    Neg,
    Not,
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    /// Pops condition, then, else.
    If,
    Min(u16),
    Max(u16),
    Abs,
    Sqrt,
    Exp,
    Ln,
    Log10,
    Floor,
    Ceil,
}

#[derive(Debug, Clone)]
pub(crate) struct Program {
    ops: Box<[Op]>,
    /// Deepest evaluation stack.
    depth: usize,
    uses: u64,
    /// Highest variable index read, plus one.
    arity: usize,
}

/// A number the program can run on: a plain value, or a value with its derivative.
trait Scalar: Copy {
    fn constant(x: f64) -> Self;
    fn variable(x: f64, wrt: bool) -> Self;
    fn value(self) -> f64;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn pow(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn ln(self) -> Self;
    fn log10(self) -> Self;
    fn abs(self) -> Self;
    /// floor or ceil: a step, flat between steps.
    fn step(self, f: fn(f64) -> f64) -> Self;
}

impl Scalar for f64 {
    fn constant(x: f64) -> Self {
        x
    }
    fn variable(x: f64, _: bool) -> Self {
        x
    }
    fn value(self) -> f64 {
        self
    }
    fn add(self, o: Self) -> Self {
        self + o
    }
    fn sub(self, o: Self) -> Self {
        self - o
    }
    fn mul(self, o: Self) -> Self {
        self * o
    }
    fn div(self, o: Self) -> Self {
        self / o
    }
    fn pow(self, o: Self) -> Self {
        libm::pow(self, o)
    }
    fn neg(self) -> Self {
        -self
    }
    fn sqrt(self) -> Self {
        libm::sqrt(self)
    }
    fn exp(self) -> Self {
        libm::exp(self)
    }
    fn ln(self) -> Self {
        libm::log(self)
    }
    fn log10(self) -> Self {
        libm::log10(self)
    }
    fn abs(self) -> Self {
        self.abs()
    }
    fn step(self, f: fn(f64) -> f64) -> Self {
        f(self)
    }
}

/// A value and its derivative with respect to one variable.
#[derive(Debug, Clone, Copy)]
struct Dual {
    v: f64,
    d: f64,
}

impl Scalar for Dual {
    fn constant(x: f64) -> Self {
        Dual { v: x, d: 0.0 }
    }
    fn variable(x: f64, wrt: bool) -> Self {
        Dual { v: x, d: if wrt { 1.0 } else { 0.0 } }
    }
    fn value(self) -> f64 {
        self.v
    }
    fn add(self, o: Self) -> Self {
        Dual { v: self.v + o.v, d: self.d + o.d }
    }
    fn sub(self, o: Self) -> Self {
        Dual { v: self.v - o.v, d: self.d - o.d }
    }
    fn mul(self, o: Self) -> Self {
        Dual { v: self.v * o.v, d: self.d * o.v + self.v * o.d }
    }
    fn div(self, o: Self) -> Self {
        Dual { v: self.v / o.v, d: (self.d * o.v - self.v * o.d) / (o.v * o.v) }
    }
    fn pow(self, o: Self) -> Self {
        let v = libm::pow(self.v, o.v);
        // Terms whose factor is exactly zero are left out, so that a constant exponent on a
        // negative or zero base (ln undefined) and a constant base do not make 0·∞ = NaN.
        let mut d = 0.0;
        if self.d != 0.0 {
            d += o.v * libm::pow(self.v, o.v - 1.0) * self.d;
        }
        if o.d != 0.0 {
            d += v * libm::log(self.v) * o.d;
        }
        Dual { v, d }
    }
    fn neg(self) -> Self {
        Dual { v: -self.v, d: -self.d }
    }
    fn sqrt(self) -> Self {
        let v = libm::sqrt(self.v);
        Dual { v, d: if self.d == 0.0 { 0.0 } else { self.d / (2.0 * v) } }
    }
    fn exp(self) -> Self {
        let v = libm::exp(self.v);
        Dual { v, d: v * self.d }
    }
    fn ln(self) -> Self {
        Dual { v: libm::log(self.v), d: if self.d == 0.0 { 0.0 } else { self.d / self.v } }
    }
    fn log10(self) -> Self {
        let d = if self.d == 0.0 { 0.0 } else { self.d / (self.v * std::f64::consts::LN_10) };
        Dual { v: libm::log10(self.v), d }
    }
    fn abs(self) -> Self {
        if self.v < 0.0 {
            self.neg()
        } else {
            self
        }
    }
    fn step(self, f: fn(f64) -> f64) -> Self {
        Dual { v: f(self.v), d: 0.0 }
    }
}

/// The stack of most programs.
const SMALL: usize = 8;

fn flag<T: Scalar>(b: bool) -> T {
    T::constant(if b { 1.0 } else { 0.0 })
}

impl Program {
    pub(crate) fn new(ops: Vec<Op>, depth: usize, uses: u64) -> Self {
        debug_assert!(depth <= MAX_DEPTH);
        let arity = ops.iter().filter_map(|op| if let Op::Var(i) = op { Some(*i as usize + 1) } else { None }).max();
        Program { ops: ops.into_boxed_slice(), depth, uses, arity: arity.unwrap_or(0) }
    }

    pub(crate) fn uses(&self, index: usize) -> bool {
        index < 64 && self.uses >> index & 1 == 1
    }

    #[inline]
    pub(crate) fn eval(&self, values: &[f64]) -> f64 {
        self.sized::<f64>(values, usize::MAX)
    }

    pub(crate) fn derivative(&self, values: &[f64], wrt: usize) -> (f64, f64) {
        let r = self.sized::<Dual>(values, wrt);
        (r.v, r.d)
    }

    /// Runs on a stack as small as the program allows (most rules need a few slots, and clearing
    /// a full-size stack at each evaluation would cost more than the rule).
    #[inline]
    fn sized<T: Scalar>(&self, values: &[f64], wrt: usize) -> T {
        if self.depth <= SMALL {
            self.run::<T, SMALL>(values, wrt)
        } else {
            self.run::<T, { MAX_DEPTH + 1 }>(values, wrt)
        }
    }

    /// Runs the program; a variable beyond `values` reads as NaN (a caller's mistake shows as a
    /// non-finite result, never as a panic).
    #[inline]
    fn run<T: Scalar, const N: usize>(&self, values: &[f64], wrt: usize) -> T {
        let mut stack = [T::constant(0.0); N];
        let mut top = 0usize;
        if values.len() < self.arity {
            return T::constant(f64::NAN);
        }
        for op in self.ops.iter() {
            // Compilation bounded the depth: `top` stays within the stack and above the operands.
            match *op {
                Op::Const(x) => {
                    stack[top] = T::constant(x);
                    top += 1;
                }
                Op::Var(i) => {
                    stack[top] = T::variable(values[i as usize], i as usize == wrt);
                    top += 1;
                }
                Op::Neg => stack[top - 1] = stack[top - 1].neg(),
                Op::Not => stack[top - 1] = flag(stack[top - 1].value() == 0.0),
                Op::Abs => stack[top - 1] = stack[top - 1].abs(),
                Op::Sqrt => stack[top - 1] = stack[top - 1].sqrt(),
                Op::Exp => stack[top - 1] = stack[top - 1].exp(),
                Op::Ln => stack[top - 1] = stack[top - 1].ln(),
                Op::Log10 => stack[top - 1] = stack[top - 1].log10(),
                Op::Floor => stack[top - 1] = stack[top - 1].step(libm::floor),
                Op::Ceil => stack[top - 1] = stack[top - 1].step(libm::ceil),
                Op::If => {
                    top -= 2;
                    let (c, then, other) = (stack[top - 1], stack[top], stack[top + 1]);
                    stack[top - 1] = if c.value() != 0.0 { then } else { other };
                }
                Op::Min(n) | Op::Max(n) => {
                    let n = n as usize;
                    let first = top - n;
                    let mut best = stack[first];
                    for &x in &stack[first + 1..top] {
                        // Strict comparisons: the first of equal values is kept, and a NaN
                        // already kept stays (it must reach the caller's check).
                        let better =
                            if matches!(op, Op::Min(_)) { x.value() < best.value() } else { x.value() > best.value() };
                        if better || x.value().is_nan() {
                            best = x;
                        }
                    }
                    top = first + 1;
                    stack[first] = best;
                }
                binary => {
                    top -= 1;
                    let (a, b) = (stack[top - 1], stack[top]);
                    let (x, y) = (a.value(), b.value());
                    stack[top - 1] = match binary {
                        Op::Add => a.add(b),
                        Op::Sub => a.sub(b),
                        Op::Mul => a.mul(b),
                        Op::Div => a.div(b),
                        Op::Pow => a.pow(b),
                        Op::Lt => flag(x < y),
                        Op::Le => flag(x <= y),
                        Op::Gt => flag(x > y),
                        Op::Ge => flag(x >= y),
                        Op::Eq => flag(x == y),
                        Op::Ne => flag(x != y),
                        Op::And => flag(x != 0.0 && y != 0.0),
                        _ => flag(x != 0.0 || y != 0.0),
                    };
                }
            }
        }
        stack[0]
    }
}
