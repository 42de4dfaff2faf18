//! The compiled form: a postfix program over a fixed-size stack (no allocation per evaluation),
//! run on plain numbers, or on dual numbers for the value and its derivative; or recorded on a
//! tape and swept backwards for every partial derivative at once (reverse mode, [`Program::gradient`]).

use std::sync::Arc;

use super::MAX_DEPTH;

mod fast;

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
    /// For each op, where its operands start among the ops (the tape positions of its
    /// operands are `operands[start..start + count]`), for the reverse sweep.
    /// (Shared by the programs of one shape: they differ only in their constants.)
    operands: Arc<[u32]>,
    starts: Arc<[u32]>,
    /// For each op, whether its value depends on a variable (its operands' adjoints are
    /// needed only then).
    active: Arc<[bool]>,
    /// What [`Self::eval`] runs (see `fast.rs`).
    code: Box<[fast::Step]>,
}

/// The scratch a [`Program::gradient`] reuses between calls: the tape of values, their adjoints
/// and the branches taken (no allocation once they have grown to a program's size).
#[derive(Debug, Clone, Default)]
pub struct Tape {
    values: Vec<f64>,
    adjoints: Vec<f64>,
    /// Per op, the operand it took (`if`, `min`, `max`), as an index into the tape.
    chosen: Vec<u32>,
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

impl Op {
    /// How many operands it pops.
    fn arity(self) -> usize {
        match self {
            Op::Const(_) | Op::Var(_) => 0,
            Op::Neg | Op::Not | Op::Abs | Op::Sqrt | Op::Exp | Op::Ln | Op::Log10 | Op::Floor | Op::Ceil => 1,
            Op::If => 3,
            Op::Min(n) | Op::Max(n) => n as usize,
            _ => 2,
        }
    }

    /// Whether a derivative flows through it (conditions and steps are flat).
    fn differentiable(self) -> bool {
        !matches!(
            self,
            Op::Not
                | Op::Lt
                | Op::Le
                | Op::Gt
                | Op::Ge
                | Op::Eq
                | Op::Ne
                | Op::And
                | Op::Or
                | Op::Floor
                | Op::Ceil
                | Op::Const(_)
        )
    }

    /// The value of a unary op on `a`, or of a binary op on `a` and `b`, exactly as
    /// [`Program::eval`] computes it. Always inlined: `fast.rs` calls it with a known op, which
    /// leaves that op's arm alone.
    #[inline(always)]
    fn apply(self, a: f64, b: f64) -> f64 {
        let flag = |c: bool| if c { 1.0 } else { 0.0 };
        match self {
            Op::Neg => -a,
            Op::Not => flag(a == 0.0),
            Op::Abs => a.abs(),
            Op::Sqrt => libm::sqrt(a),
            Op::Exp => libm::exp(a),
            Op::Ln => libm::log(a),
            Op::Log10 => libm::log10(a),
            Op::Floor => libm::floor(a),
            Op::Ceil => libm::ceil(a),
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
            Op::Div => a / b,
            Op::Pow => libm::pow(a, b),
            Op::Lt => flag(a < b),
            Op::Le => flag(a <= b),
            Op::Gt => flag(a > b),
            Op::Ge => flag(a >= b),
            Op::Eq => flag(a == b),
            Op::Ne => flag(a != b),
            Op::And => flag(a != 0.0 && b != 0.0),
            Op::Or => flag(a != 0.0 || b != 0.0),
            Op::Const(c) => c,
            Op::Var(_) | Op::If | Op::Min(_) | Op::Max(_) => f64::NAN,
        }
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
        // Which ops produced each operand: a stack of op indices, run once over the program.
        let (mut operands, mut starts, mut active) =
            (Vec::new(), Vec::with_capacity(ops.len()), Vec::with_capacity(ops.len()));
        let mut stack: Vec<u32> = Vec::new();
        for (k, op) in ops.iter().enumerate() {
            let n = op.arity().min(stack.len());
            let from = stack.len() - n;
            starts.push(operands.len() as u32);
            let is_active = matches!(op, Op::Var(_)) || stack[from..].iter().any(|&t| active[t as usize]);
            operands.extend(stack.drain(from..));
            active.push(is_active && op.differentiable());
            stack.push(k as u32);
        }
        starts.push(operands.len() as u32);
        let code = fast::code(&ops, &operands, &starts);
        Program {
            code,
            ops: ops.into_boxed_slice(),
            depth,
            uses,
            arity: arity.unwrap_or(0),
            operands: operands.into(),
            starts: starts.into(),
            active: active.into(),
        }
    }

    /// The value and every partial derivative `∂f/∂x_i` into `grad` (one per value; cleared
    /// first), in one forward run and one backward sweep (reverse mode): the cost of a few
    /// evaluations whatever the number of variables. Where the formula is not differentiable the
    /// derivative of the branch taken, as [`Self::derivative`]; the two agree where both are
    /// finite, up to the order in which terms are added.
    pub(crate) fn gradient(&self, values: &[f64], grad: &mut [f64], tape: &mut Tape) -> f64 {
        grad.fill(0.0);
        let n = self.ops.len();
        if values.len() < self.arity || n == 0 {
            return f64::NAN;
        }
        let Tape { values: t, adjoints: adj, chosen } = tape;
        t.clear();
        chosen.clear();
        chosen.resize(n, 0);
        // Forward: each op's value on the tape.
        for (k, op) in self.ops.iter().enumerate() {
            let args = &self.operands[self.starts[k] as usize..self.starts[k + 1] as usize];
            let x = |i: usize| t[args[i] as usize];
            let v = match *op {
                Op::Const(c) => c,
                Op::Var(i) => values[i as usize],
                Op::If => {
                    let pick = if x(0) != 0.0 { args[1] } else { args[2] };
                    chosen[k] = pick;
                    t[pick as usize]
                }
                Op::Min(_) | Op::Max(_) => {
                    let mut best = args[0];
                    for &a in &args[1..] {
                        let (v, b) = (t[a as usize], t[best as usize]);
                        let better = if matches!(op, Op::Min(_)) { v < b } else { v > b };
                        if better || v.is_nan() {
                            best = a;
                        }
                    }
                    chosen[k] = best;
                    t[best as usize]
                }
                _ => op.apply(x(0), args.get(1).map_or(0.0, |&b| t[b as usize])),
            };
            t.push(v);
        }
        // Backward: adjoints from the result down.
        adj.clear();
        adj.resize(n, 0.0);
        adj[n - 1] = 1.0;
        for k in (0..n).rev() {
            let a = adj[k];
            if a == 0.0 || !self.active[k] {
                continue;
            }
            let args = &self.operands[self.starts[k] as usize..self.starts[k + 1] as usize];
            let arg = |i: usize| args[i] as usize;
            let v = t[k];
            match self.ops[k] {
                Op::Var(i) => grad[i as usize] += a,
                Op::Neg => adj[arg(0)] -= a,
                Op::Add => {
                    adj[arg(0)] += a;
                    adj[arg(1)] += a;
                }
                Op::Sub => {
                    adj[arg(0)] += a;
                    adj[arg(1)] -= a;
                }
                Op::Mul => {
                    let (x, y) = (t[arg(0)], t[arg(1)]);
                    adj[arg(0)] += a * y;
                    adj[arg(1)] += a * x;
                }
                Op::Div => {
                    let (x, y) = (t[arg(0)], t[arg(1)]);
                    adj[arg(0)] += a / y;
                    adj[arg(1)] -= a * x / (y * y);
                }
                Op::Pow => {
                    let (x, y) = (t[arg(0)], t[arg(1)]);
                    // As the dual numbers: a constant exponent or base adds no term (no 0·∞).
                    if self.active[arg(0)] {
                        adj[arg(0)] += a * (y * libm::pow(x, y - 1.0));
                    }
                    if self.active[arg(1)] {
                        adj[arg(1)] += a * (v * libm::log(x));
                    }
                }
                Op::Sqrt => adj[arg(0)] += a / (2.0 * v),
                Op::Exp => adj[arg(0)] += a * v,
                Op::Ln => adj[arg(0)] += a / t[arg(0)],
                Op::Log10 => adj[arg(0)] += a / (t[arg(0)] * std::f64::consts::LN_10),
                Op::Abs => {
                    if t[arg(0)] < 0.0 {
                        adj[arg(0)] -= a;
                    } else {
                        adj[arg(0)] += a;
                    }
                }
                Op::If | Op::Min(_) | Op::Max(_) => adj[chosen[k] as usize] += a,
                // Constants, conditions and steps: flat.
                _ => {}
            }
        }
        t[n - 1]
    }

    /// Whether the program is affine in its variables: built from constants and variables by
    /// `+`, `-`, negation, products with a constant factor and quotients by a constant (any
    /// other operation only of constants). Its reverse sweep then multiplies constants only, so
    /// [`Self::gradient`] gives the same bits at every point.
    pub(crate) fn is_affine(&self) -> bool {
        #[derive(Clone, Copy, PartialEq, PartialOrd)]
        enum Shape {
            Constant,
            Affine,
            Other,
        }
        use Shape::*;
        let mut stack: Vec<Shape> = Vec::with_capacity(self.depth);
        for &op in self.ops.iter() {
            let from = stack.len() - op.arity().min(stack.len());
            let args = &stack[from..];
            let all_constant = args.iter().all(|&a| a == Constant);
            let shape = match (op, args) {
                (Op::Const(_), _) => Constant,
                (Op::Var(_), _) => Affine,
                (Op::Neg, &[a]) => a,
                (Op::Add | Op::Sub, &[a, b]) => {
                    if a > b {
                        a
                    } else {
                        b
                    }
                }
                (Op::Mul, &[Constant, b]) => b,
                (Op::Mul, &[a, Constant]) | (Op::Div, &[a, Constant]) => a,
                _ if all_constant => Constant,
                _ => Other,
            };
            stack.truncate(from);
            stack.push(shape);
        }
        stack.len() == 1 && stack[0] != Other
    }

    /// The same program with its constants, in order, replaced by `numbers`; `None` if it has
    /// not that many constants.
    pub(crate) fn with_constants(&self, numbers: &[f64]) -> Option<Program> {
        let mut next = numbers.iter();
        let mut ops = self.ops.clone();
        for op in ops.iter_mut() {
            if let Op::Const(c) = op {
                *c = *next.next()?;
            }
        }
        if next.next().is_some() {
            return None;
        }
        // The code holds each constant of the postfix program once, in the same order (it is
        // emitted operands first, left to right), so the same numbers replace its constants.
        let code = fast::with_constants(&self.code, numbers)?;
        Some(Program { ops, code, ..self.clone_shared() })
    }

    /// This program, sharing its operand tables (the code and ops are left empty).
    fn clone_shared(&self) -> Program {
        Program {
            ops: Box::new([]),
            code: Box::new([]),
            depth: self.depth,
            uses: self.uses,
            arity: self.arity,
            operands: Arc::clone(&self.operands),
            starts: Arc::clone(&self.starts),
            active: Arc::clone(&self.active),
        }
    }

    /// Bytes of its arrays.
    pub(crate) fn size(&self) -> usize {
        self.ops.len() * std::mem::size_of::<Op>()
            + (self.operands.len() + self.starts.len()) * std::mem::size_of::<u32>()
            + self.active.len()
            + self.code.len() * std::mem::size_of::<fast::Step>()
    }

    /// Highest variable index read, plus one.
    pub(crate) fn arity(&self) -> usize {
        self.arity
    }

    pub(crate) fn uses(&self, index: usize) -> bool {
        index < 64 && self.uses >> index & 1 == 1
    }

    /// The value (the code of `fast.rs`: the postfix program's value, bit for bit, skipping
    /// what cannot change it).
    #[inline]
    pub(crate) fn eval(&self, values: &[f64]) -> f64 {
        if values.len() < self.arity {
            return f64::NAN;
        }
        if self.depth <= SMALL {
            fast::run::<SMALL>(&self.code, values)
        } else {
            fast::run::<{ MAX_DEPTH + 1 }>(&self.code, values)
        }
    }

    /// The value as the postfix program computes it, every step run (what [`Self::eval`] must
    /// equal).
    #[cfg(test)]
    pub(crate) fn eval_strict(&self, values: &[f64]) -> f64 {
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
