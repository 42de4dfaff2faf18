//! The code [`Program::eval`](super::Program) runs on plain numbers: the postfix program
//! rewritten with a variable or constant right operand folded into its operator (`x*2` is one
//! step, not three) and with jumps that skip what cannot change the value — the branch of `if`
//! not taken, the right side of `&&` when the left is false and of `||` when it is true.
//! Nothing in the language has an effect besides its value, so the value is the one of running
//! every step, bit for bit (the same operations on the same numbers in the same order); the
//! derivatives still run the postfix program.

use super::{flag, Op, Scalar};

/// A variable or a constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Leaf {
    Const(f64),
    Var(u16),
}

impl Leaf {
    #[inline(always)]
    fn get(self, values: &[f64]) -> f64 {
        match self {
            Leaf::Const(c) => c,
            Leaf::Var(i) => values[i as usize],
        }
    }
}

/// One step; jumps go to an index of the code.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Step {
    Push(Leaf),
    /// An operator whose operands are all on the stack.
    Apply(Op),
    /// A binary operator whose right operand is the leaf (its left is on the stack).
    With(Op, Leaf),
    /// `&&`'s left side is on top: if it is 0, it stays (the value) and control jumps past
    /// the right side; otherwise it is dropped.
    AndThen(u32),
    /// `||`'s left side is on top: if it is not 0 it becomes 1 and control jumps past the
    /// right side; otherwise it is dropped.
    OrElse(u32),
    /// The right side of `&&` or `||` as a condition (1 if not 0).
    Flag,
    /// `if`'s condition is popped; when it is 0, control jumps to the other branch.
    Unless(u32),
    Jump(u32),
}

/// The code of the postfix program `ops`, whose op `k` takes the values of the ops
/// `operands[starts[k]..starts[k + 1]]`.
pub(super) fn code(ops: &[Op], operands: &[u32], starts: &[u32]) -> Box<[Step]> {
    let mut out = Vec::with_capacity(ops.len());
    if let Some(root) = ops.len().checked_sub(1) {
        Gen { ops, operands, starts, out: &mut out }.emit(root);
    }
    out.into_boxed_slice()
}

struct Gen<'a> {
    ops: &'a [Op],
    operands: &'a [u32],
    starts: &'a [u32],
    out: &'a mut Vec<Step>,
}

impl Gen<'_> {
    fn args(&self, k: usize) -> &[u32] {
        &self.operands[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    fn leaf(&self, k: usize) -> Option<Leaf> {
        match self.ops[k] {
            Op::Const(c) => Some(Leaf::Const(c)),
            Op::Var(i) => Some(Leaf::Var(i)),
            _ => None,
        }
    }

    fn here(&self) -> u32 {
        self.out.len() as u32
    }

    /// Points the jump at `at` to the current end of the code.
    fn land(&mut self, at: usize) {
        let to = self.here();
        if let Some(Step::AndThen(t) | Step::OrElse(t) | Step::Unless(t) | Step::Jump(t)) = self.out.get_mut(at) {
            *t = to;
        }
    }

    /// The steps that leave op `k`'s value on the stack (recursion as deep as the formula's
    /// tree, which its length bounds).
    fn emit(&mut self, k: usize) {
        if let Some(leaf) = self.leaf(k) {
            self.out.push(Step::Push(leaf));
            return;
        }
        let op = self.ops[k];
        let args: Vec<usize> = self.args(k).iter().map(|&a| a as usize).collect();
        match (op, args.as_slice()) {
            (Op::And | Op::Or, &[a, b]) => {
                self.emit(a);
                let jump = self.out.len();
                self.out.push(if op == Op::And { Step::AndThen(0) } else { Step::OrElse(0) });
                self.emit(b);
                self.out.push(Step::Flag);
                self.land(jump);
            }
            (Op::If, &[c, then, other]) => {
                self.emit(c);
                let unless = self.out.len();
                self.out.push(Step::Unless(0));
                self.emit(then);
                let jump = self.out.len();
                self.out.push(Step::Jump(0));
                self.land(unless);
                self.emit(other);
                self.land(jump);
            }
            (_, &[a, b]) if is_binary(op) && self.leaf(b).is_some() => {
                self.emit(a);
                let leaf = self.leaf(b).unwrap_or(Leaf::Const(f64::NAN));
                self.out.push(Step::With(op, leaf));
            }
            _ => {
                for a in args {
                    self.emit(a);
                }
                self.out.push(Step::Apply(op));
            }
        }
    }
}

fn is_binary(op: Op) -> bool {
    op.arity() == 2 && !matches!(op, Op::Min(_) | Op::Max(_))
}

/// `x op y` for a binary operator, as the postfix program computes it.
#[inline(always)]
fn binary(op: Op, x: f64, y: f64) -> f64 {
    match op {
        Op::Add => x.add(y),
        Op::Sub => x.sub(y),
        Op::Mul => x.mul(y),
        Op::Div => x.div(y),
        Op::Pow => x.pow(y),
        Op::Lt => flag(x < y),
        Op::Le => flag(x <= y),
        Op::Gt => flag(x > y),
        Op::Ge => flag(x >= y),
        Op::Eq => flag(x == y),
        Op::Ne => flag(x != y),
        Op::And => flag(x != 0.0 && y != 0.0),
        _ => flag(x != 0.0 || y != 0.0),
    }
}

/// Runs `code` on a stack of `N` values (the postfix program's depth bounds the code's: the
/// same values are pending, fewer with a leaf folded or a branch skipped).
#[inline]
pub(super) fn run<const N: usize>(code: &[Step], values: &[f64]) -> f64 {
    let mut stack = [0.0f64; N];
    let mut top = 0usize;
    let mut pc = 0usize;
    while let Some(&step) = code.get(pc) {
        pc += 1;
        match step {
            Step::Push(leaf) => {
                stack[top] = leaf.get(values);
                top += 1;
            }
            Step::With(op, leaf) => stack[top - 1] = binary(op, stack[top - 1], leaf.get(values)),
            Step::AndThen(to) => {
                if stack[top - 1] == 0.0 {
                    pc = to as usize;
                } else {
                    top -= 1;
                }
            }
            Step::OrElse(to) => {
                if stack[top - 1] != 0.0 {
                    stack[top - 1] = 1.0;
                    pc = to as usize;
                } else {
                    top -= 1;
                }
            }
            Step::Flag => stack[top - 1] = flag(stack[top - 1] != 0.0),
            Step::Unless(to) => {
                top -= 1;
                if stack[top] == 0.0 {
                    pc = to as usize;
                }
            }
            Step::Jump(to) => pc = to as usize,
            Step::Apply(op) => match op {
                Op::Neg => stack[top - 1] = stack[top - 1].neg(),
                Op::Not => stack[top - 1] = flag(stack[top - 1] == 0.0),
                Op::Abs => stack[top - 1] = Scalar::abs(stack[top - 1]),
                Op::Sqrt => stack[top - 1] = Scalar::sqrt(stack[top - 1]),
                Op::Exp => stack[top - 1] = Scalar::exp(stack[top - 1]),
                Op::Ln => stack[top - 1] = Scalar::ln(stack[top - 1]),
                Op::Log10 => stack[top - 1] = Scalar::log10(stack[top - 1]),
                Op::Floor => stack[top - 1] = libm::floor(stack[top - 1]),
                Op::Ceil => stack[top - 1] = libm::ceil(stack[top - 1]),
                Op::Min(n) | Op::Max(n) => {
                    let first = top - n as usize;
                    let mut best = stack[first];
                    for &x in &stack[first + 1..top] {
                        // As the postfix program: the first of equal values is kept, and a NaN
                        // kept stays.
                        let better = if matches!(op, Op::Min(_)) { x < best } else { x > best };
                        if better || x.is_nan() {
                            best = x;
                        }
                    }
                    top = first + 1;
                    stack[first] = best;
                }
                Op::Const(_) | Op::Var(_) | Op::If => {}
                op => {
                    top -= 1;
                    stack[top - 1] = binary(op, stack[top - 1], stack[top]);
                }
            },
        }
    }
    stack[0]
}
