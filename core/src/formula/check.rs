//! Tree to program: names resolved (variables to their index, functions to their operation, each
//! with its arity), types checked (numbers and conditions), the postfix program and the depth of
//! its evaluation stack bounded.

use super::eval::{Op, Program};
use super::parse::{Binary, Kind, Node, Unary};
use super::{FormulaError, MAX_DEPTH};

/// What a formula or a part of it computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A number.
    Number,
    /// A condition: a comparison, or conditions joined by `&&`, `||`, `!`.
    Condition,
}

/// The functions of the language: name, fewest and most arguments, and the operation.
const FUNCTIONS: &[(&str, usize, usize)] = &[
    ("min", 2, usize::MAX),
    ("max", 2, usize::MAX),
    ("abs", 1, 1),
    ("sqrt", 1, 1),
    ("exp", 1, 1),
    ("ln", 1, 1),
    ("log10", 1, 1),
    ("pow", 2, 2),
    ("floor", 1, 1),
    ("ceil", 1, 1),
    ("if", 3, 3),
];

/// Whether `name` is a function's.
pub(crate) fn is_function(name: &str) -> bool {
    FUNCTIONS.iter().any(|f| f.0 == name)
}

/// The function names, for messages.
pub(crate) fn function_names() -> String {
    FUNCTIONS.iter().map(|f| f.0).collect::<Vec<_>>().join(", ")
}

struct Compiler<'a> {
    source: &'a str,
    variables: &'a [&'a str],
    ops: Vec<Op>,
    depth: usize,
    max_depth: usize,
    uses: u64,
}

/// The program of `tree`, which must compute a `result`.
pub(crate) fn compile(source: &str, tree: &Node, variables: &[&str], result: Type) -> Result<Program, FormulaError> {
    let mut c = Compiler { source, variables, ops: Vec::new(), depth: 0, max_depth: 0, uses: 0 };
    let got = c.node(tree)?;
    if got != result {
        let id = match result {
            Type::Number => "err-formula-rule-needs-number",
            Type::Condition => "err-formula-rule-needs-condition",
        };
        return Err(FormulaError::at(source, tree.at, id, vec![]));
    }
    Ok(Program::new(c.ops, c.max_depth, c.uses))
}

impl Compiler<'_> {
    fn error(&self, at: usize, id: &'static str, args: Vec<(&'static str, String)>) -> FormulaError {
        FormulaError::at(self.source, at, id, args)
    }

    /// Emits `op`, which pops `pops` values and pushes one.
    fn emit(&mut self, at: usize, op: Op, pops: usize) -> Result<(), FormulaError> {
        self.depth = self.depth + 1 - pops;
        self.ops.push(op);
        self.max_depth = self.max_depth.max(self.depth);
        if self.depth > MAX_DEPTH {
            return Err(self.error(at, "err-formula-too-many-pending", vec![("max", MAX_DEPTH.to_string())]));
        }
        Ok(())
    }

    /// Compiles `n` and checks that it is `want` (there are two types: it is the other when
    /// not): else message `id`, which says what `n` is and what it must be.
    fn expect(
        &mut self,
        n: &Node,
        want: Type,
        id: &'static str,
        args: Vec<(&'static str, String)>,
    ) -> Result<(), FormulaError> {
        let got = self.node(n)?;
        if got != want {
            return Err(self.error(n.at, id, args));
        }
        Ok(())
    }

    fn node(&mut self, n: &Node) -> Result<Type, FormulaError> {
        match &n.kind {
            Kind::Number(x) => {
                self.emit(n.at, Op::Const(*x), 0)?;
                Ok(Type::Number)
            }
            Kind::Name(name) => self.variable(n.at, name),
            Kind::Unary(Unary::Neg, a) => {
                self.expect(a, Type::Number, "err-formula-neg-operand", vec![])?;
                self.emit(n.at, Op::Neg, 1)?;
                Ok(Type::Number)
            }
            Kind::Unary(Unary::Not, a) => {
                self.expect(a, Type::Condition, "err-formula-not-operand", vec![])?;
                self.emit(n.at, Op::Not, 1)?;
                Ok(Type::Condition)
            }
            Kind::Binary(op, a, b) => self.binary(n.at, *op, a, b),
            Kind::Call(name, args) => self.call(n.at, name, args),
        }
    }

    fn variable(&mut self, at: usize, name: &str) -> Result<Type, FormulaError> {
        if let Some(i) = self.variables.iter().position(|v| *v == name) {
            if i < 64 {
                self.uses |= 1 << i;
            }
            self.emit(at, Op::Var(i as u16), 0)?;
            return Ok(Type::Number);
        }
        if FUNCTIONS.iter().any(|f| f.0 == name) {
            return Err(self.error(at, "err-formula-is-a-function", vec![("name", name.to_string())]));
        }
        if self.variables.is_empty() {
            return Err(self.error(at, "err-formula-unknown-variable-none", vec![("name", name.to_string())]));
        }
        let args = vec![("name", name.to_string()), ("variables", self.variables.join(", "))];
        Err(self.error(at, "err-formula-unknown-variable", args))
    }

    fn binary(&mut self, at: usize, op: Binary, a: &Node, b: &Node) -> Result<Type, FormulaError> {
        let symbol = op.symbol();
        let (operands, result, code) = match op {
            Binary::Or => (Type::Condition, Type::Condition, Op::Or),
            Binary::And => (Type::Condition, Type::Condition, Op::And),
            Binary::Eq => (Type::Number, Type::Condition, Op::Eq),
            Binary::Ne => (Type::Number, Type::Condition, Op::Ne),
            Binary::Lt => (Type::Number, Type::Condition, Op::Lt),
            Binary::Le => (Type::Number, Type::Condition, Op::Le),
            Binary::Gt => (Type::Number, Type::Condition, Op::Gt),
            Binary::Ge => (Type::Number, Type::Condition, Op::Ge),
            Binary::Add => (Type::Number, Type::Number, Op::Add),
            Binary::Sub => (Type::Number, Type::Number, Op::Sub),
            Binary::Mul => (Type::Number, Type::Number, Op::Mul),
            Binary::Div => (Type::Number, Type::Number, Op::Div),
            Binary::Pow => (Type::Number, Type::Number, Op::Pow),
        };
        for (left, n) in [(true, a), (false, b)] {
            let got = self.node(n)?;
            if got != operands {
                // A comparison compared again: `a < b < c`.
                let chained = result == Type::Condition && got == Type::Condition;
                let id = match (left, operands, chained) {
                    (true, Type::Number, false) => "err-formula-left-number",
                    (true, Type::Number, true) => "err-formula-left-number-chained",
                    (true, Type::Condition, _) => "err-formula-left-condition",
                    (false, Type::Number, false) => "err-formula-right-number",
                    (false, Type::Number, true) => "err-formula-right-number-chained",
                    (false, Type::Condition, _) => "err-formula-right-condition",
                };
                return Err(self.error(n.at, id, vec![("symbol", symbol.to_string())]));
            }
        }
        self.emit(at, code, 2)?;
        Ok(result)
    }

    fn call(&mut self, at: usize, name: &str, args: &[Node]) -> Result<Type, FormulaError> {
        let Some(&(_, fewest, most)) = FUNCTIONS.iter().find(|f| f.0 == name) else {
            return Err(if self.variables.contains(&name) {
                self.error(at, "err-formula-is-a-variable", vec![("name", name.to_string())])
            } else {
                self.error(
                    at,
                    "err-formula-unknown-function",
                    vec![("name", name.to_string()), ("functions", function_names())],
                )
            });
        };
        if args.len() < fewest || args.len() > most {
            let (id, mut numbers) = match (fewest, most) {
                (f, usize::MAX) => ("err-formula-takes-at-least", vec![("fewest", f.to_string())]),
                (1, 1) => ("err-formula-takes-one", vec![]),
                (f, m) if f == m => ("err-formula-takes", vec![("fewest", f.to_string())]),
                (f, m) => ("err-formula-takes-from-to", vec![("fewest", f.to_string()), ("most", m.to_string())]),
            };
            numbers.extend([("name", name.to_string()), ("got", args.len().to_string())]);
            return Err(self.error(at, id, numbers));
        }
        if name == "if" {
            self.expect(&args[0], Type::Condition, "err-formula-if-condition", vec![])?;
            let then = self.node(&args[1])?;
            let other = self.node(&args[2])?;
            if other != then {
                let id = match then {
                    Type::Number => "err-formula-if-number-then-condition",
                    Type::Condition => "err-formula-if-condition-then-number",
                };
                return Err(self.error(args[2].at, id, vec![]));
            }
            self.emit(at, Op::If, 3)?;
            return Ok(then);
        }
        for (k, a) in args.iter().enumerate() {
            self.expect(
                a,
                Type::Number,
                "err-formula-argument-number",
                vec![("k", (k + 1).to_string()), ("name", name.to_string())],
            )?;
        }
        let (op, pops) = match name {
            "min" => (Op::Min(args.len() as u16), args.len()),
            "max" => (Op::Max(args.len() as u16), args.len()),
            "abs" => (Op::Abs, 1),
            "sqrt" => (Op::Sqrt, 1),
            "exp" => (Op::Exp, 1),
            "ln" => (Op::Ln, 1),
            "log10" => (Op::Log10, 1),
            "pow" => (Op::Pow, 2),
            "floor" => (Op::Floor, 1),
            _ => (Op::Ceil, 1),
        };
        self.emit(at, op, pops)?;
        Ok(Type::Number)
    }
}
