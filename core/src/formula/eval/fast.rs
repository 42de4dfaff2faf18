//! The code [`Program::eval`](super::Program) runs on plain numbers: the postfix program
//! rewritten so that most steps do what took the postfix program two or three — a binary
//! operator with a variable or constant right operand is one step (`x*2` is `MulC(2)`), and one
//! on two variables, or a variable and a constant, when its value starts a new expression
//! (`m*c` is `MulVV(m, c)`) — with the value on top held in an accumulator, and with jumps that
//! skip what cannot change the value: the branch of `if` not taken, the right side of `&&` when
//! the left is false and of `||` when it is true. Nothing in the language has an effect besides
//! its value, so the value is the one of running every step, bit for bit (the same operations,
//! by [`Op::apply`], on the same numbers in the same order); the derivatives still run the
//! postfix program.

use super::Op;

/// A variable or a constant.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Leaf {
    Const(f64),
    Var(u16),
}

/// The binary operators' steps, from one table: for each operator, its steps with the right
/// operand a constant (`…C`), a variable (`…V`) or on the stack's accumulator (`…S`, the left
/// operand then below it), and the ones that load a variable as the left operand with a
/// constant (`…VC`) or a variable (`…VV`) as the right; the rest of `Step`, `binary` (which
/// step an operator takes) and `run`'s loop, whose arms for these steps the table writes.
macro_rules! steps {
    ($($op:ident: $c:ident $v:ident $s:ident $vc:ident $vv:ident;)*) => {
        /// One step; jumps go to an index of the code. The value on top is held in an
        /// accumulator, the values below it on a stack.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub(super) enum Step {
            $($c(f64), $v(u16), $s, $vc(u16, f64), $vv(u16, u16),)*
            /// A value into the accumulator, the one there kept below it on the stack.
            PushC(f64),
            PushV(u16),
            /// A value into the accumulator, whose value is not needed any more.
            LoadC(f64),
            LoadV(u16),
            /// A unary operator on the accumulator.
            Unary(Op),
            /// `min` or `max` of `n` values: `n − 1` on the stack, the last in the accumulator.
            Min(u16),
            Max(u16),
            /// `&&`'s left side is in the accumulator: if it is 0, it stays (the value) and
            /// control jumps past the right side; otherwise it is dropped (the right side
            /// loads its value).
            AndThen(u32),
            /// `||`'s left side is in the accumulator: if it is not 0 it becomes 1 and control
            /// jumps past the right side; otherwise it is dropped.
            OrElse(u32),
            /// The right side of `&&` or `||` as a condition (1 if not 0).
            Flag,
            /// `if`'s condition is dropped; when it was 0, control jumps to the other branch.
            Unless(u32),
            Jump(u32),
        }

        impl Step {
            /// The constant this step holds, if any.
            fn constant_mut(&mut self) -> Option<&mut f64> {
                use Step::*;
                match self {
                    $($c(x) | $vc(_, x) => Some(x),)*
                    PushC(x) | LoadC(x) => Some(x),
                    _ => None,
                }
            }
        }

        /// The step of binary operator `op`: its left operand `left` loaded into an
        /// accumulator whose value is not needed (otherwise `None`: the left is already
        /// there), its right operand `right` (`None`: on the stack). `None` if `op` is not a
        /// binary operator, or has no step for these operands.
        fn binary(op: Op, left: Option<Leaf>, right: Option<Leaf>) -> Option<Step> {
            use Step::*;
            Some(match op {
                $(Op::$op => match (left, right) {
                    (None, Some(Leaf::Const(x))) => $c(x),
                    (None, Some(Leaf::Var(i))) => $v(i),
                    (None, None) => $s,
                    (Some(Leaf::Var(i)), Some(Leaf::Const(x))) => $vc(i, x),
                    (Some(Leaf::Var(i)), Some(Leaf::Var(j))) => $vv(i, j),
                    _ => return None,
                },)*
                _ => return None,
            })
        }

        /// Runs `code` with a stack of `N` values below the accumulator (the postfix
        /// program's depth bounds the code's: the same values are pending, fewer with a leaf
        /// folded or a branch skipped).
        #[inline]
        pub(super) fn run<const N: usize>(code: &[Step], values: &[f64]) -> f64 {
            let mut stack = [0.0f64; N];
            let mut top = 0usize;
            let mut acc = 0.0f64;
            let mut pc = 0usize;
            while let Some(&step) = code.get(pc) {
                pc += 1;
                match step {
                    $(
                        Step::$c(c) => acc = Op::$op.apply(acc, c),
                        Step::$v(i) => acc = Op::$op.apply(acc, values[i as usize]),
                        Step::$s => {
                            top -= 1;
                            acc = Op::$op.apply(stack[top], acc);
                        }
                        Step::$vc(i, c) => acc = Op::$op.apply(values[i as usize], c),
                        Step::$vv(i, j) => acc = Op::$op.apply(values[i as usize], values[j as usize]),
                    )*
                    Step::PushC(c) => {
                        stack[top] = acc;
                        top += 1;
                        acc = c;
                    }
                    Step::PushV(i) => {
                        stack[top] = acc;
                        top += 1;
                        acc = values[i as usize];
                    }
                    Step::LoadC(c) => acc = c,
                    Step::LoadV(i) => acc = values[i as usize],
                    Step::Unary(op) => acc = op.apply(acc, 0.0),
                    Step::Min(n) | Step::Max(n) => {
                        // As the postfix program: the first of equal values is kept, and a
                        // NaN kept stays.
                        let first = top + 1 - usize::from(n).max(1);
                        let mut all = stack[first..top].iter().copied().chain(std::iter::once(acc));
                        let mut best = all.next().unwrap_or(acc);
                        for x in all {
                            let better = if matches!(step, Step::Min(_)) { x < best } else { x > best };
                            if better || x.is_nan() {
                                best = x;
                            }
                        }
                        top = first;
                        acc = best;
                    }
                    Step::AndThen(to) => {
                        if acc == 0.0 {
                            pc = to as usize;
                        }
                    }
                    Step::OrElse(to) => {
                        if acc != 0.0 {
                            acc = 1.0;
                            pc = to as usize;
                        }
                    }
                    Step::Flag => acc = if acc != 0.0 { 1.0 } else { 0.0 },
                    Step::Unless(to) => {
                        if acc == 0.0 {
                            pc = to as usize;
                        }
                    }
                    Step::Jump(to) => pc = to as usize,
                }
            }
            acc
        }
    };
}

steps! {
    Add: AddC AddV AddS AddVC AddVV;
    Sub: SubC SubV SubS SubVC SubVV;
    Mul: MulC MulV MulS MulVC MulVV;
    Div: DivC DivV DivS DivVC DivVV;
    Pow: PowC PowV PowS PowVC PowVV;
    Lt: LtC LtV LtS LtVC LtVV;
    Le: LeC LeV LeS LeVC LeVV;
    Gt: GtC GtV GtS GtVC GtVV;
    Ge: GeC GeV GeS GeVC GeVV;
    Eq: EqC EqV EqS EqVC EqVV;
    Ne: NeC NeV NeS NeVC NeVV;
}

/// The code of the postfix program `ops`, whose op `k` takes the values of the ops
/// `operands[starts[k]..starts[k + 1]]`.
pub(super) fn code(ops: &[Op], operands: &[u32], starts: &[u32]) -> Box<[Step]> {
    let mut out = Vec::with_capacity(ops.len());
    if let Some(root) = ops.len().checked_sub(1) {
        Gen { ops, operands, starts, out: &mut out }.emit(root as u32, false);
    }
    out.into_boxed_slice()
}

/// `code` with its constants, in order, replaced by `numbers`; `None` unless it holds exactly
/// that many.
pub(super) fn with_constants(code: &[Step], numbers: &[f64]) -> Option<Box<[Step]>> {
    let mut code: Box<[Step]> = code.into();
    let mut next = numbers.iter();
    for x in code.iter_mut().filter_map(Step::constant_mut) {
        *x = *next.next()?;
    }
    next.next().is_none().then_some(code)
}

struct Gen<'a> {
    ops: &'a [Op],
    operands: &'a [u32],
    starts: &'a [u32],
    out: &'a mut Vec<Step>,
}

impl Gen<'_> {
    fn leaf(&self, k: u32) -> Option<Leaf> {
        match self.ops[k as usize] {
            Op::Const(c) => Some(Leaf::Const(c)),
            Op::Var(i) => Some(Leaf::Var(i)),
            _ => None,
        }
    }

    /// Points the jump at `at` to the current end of the code.
    fn land(&mut self, at: usize) {
        let to = self.out.len() as u32;
        if let Some(Step::AndThen(t) | Step::OrElse(t) | Step::Unless(t) | Step::Jump(t)) = self.out.get_mut(at) {
            *t = to;
        }
    }

    /// The steps that leave op `k`'s value in the accumulator; `spill`: whether the value there
    /// is still needed (it goes to the stack first). Recursion as deep as the formula's tree,
    /// which its length bounds.
    fn emit(&mut self, k: u32, spill: bool) {
        let k = k as usize;
        let op = self.ops[k];
        let operands = self.operands;
        let args = &operands[self.starts[k] as usize..self.starts[k + 1] as usize];
        match (op, args) {
            (Op::Const(c), _) => self.out.push(if spill { Step::PushC(c) } else { Step::LoadC(c) }),
            (Op::Var(i), _) => self.out.push(if spill { Step::PushV(i) } else { Step::LoadV(i) }),
            (Op::And | Op::Or, &[a, b]) => {
                self.emit(a, spill);
                let jump = self.out.len();
                self.out.push(if op == Op::And { Step::AndThen(0) } else { Step::OrElse(0) });
                self.emit(b, false);
                self.out.push(Step::Flag);
                self.land(jump);
            }
            (Op::If, &[c, then, other]) => {
                self.emit(c, spill);
                let unless = self.out.len();
                self.out.push(Step::Unless(0));
                self.emit(then, false);
                let jump = self.out.len();
                self.out.push(Step::Jump(0));
                self.land(unless);
                self.emit(other, false);
                self.land(jump);
            }
            (_, &[a, b]) if binary(op, None, self.leaf(b)).is_some() => {
                let (left, right) = (self.leaf(a), self.leaf(b));
                if let (false, Some(_), Some(step)) = (spill, left, binary(op, left, right)) {
                    self.out.push(step);
                    return;
                }
                self.emit(a, spill);
                if right.is_none() {
                    self.emit(b, true);
                }
                self.out.extend(binary(op, None, right));
            }
            _ => {
                let mut spill = spill;
                for &a in args {
                    self.emit(a, spill);
                    spill = true;
                }
                self.out.push(match op {
                    Op::Min(n) => Step::Min(n),
                    Op::Max(n) => Step::Max(n),
                    _ => Step::Unary(op),
                });
            }
        }
    }
}
