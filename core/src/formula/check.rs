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

impl Type {
    fn described(self) -> &'static str {
        match self {
            Type::Number => "a number",
            Type::Condition => "a condition (a comparison such as x > 0)",
        }
    }
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
        let hint = match result {
            Type::Number => "; use if(condition, value, other value) to turn a condition into a number",
            Type::Condition => "; compare it, e.g. x > 0",
        };
        return Err(FormulaError::at(
            source,
            tree.at,
            format!("this rule needs {}, and the formula gives {}{hint}", result.described(), got.described()),
        ));
    }
    Ok(Program::new(c.ops, c.max_depth, c.uses))
}

impl Compiler<'_> {
    fn error(&self, at: usize, message: impl Into<String>) -> FormulaError {
        FormulaError::at(self.source, at, message)
    }

    /// Emits `op`, which pops `pops` values and pushes one.
    fn emit(&mut self, at: usize, op: Op, pops: usize) -> Result<(), FormulaError> {
        self.depth = self.depth + 1 - pops;
        self.ops.push(op);
        self.max_depth = self.max_depth.max(self.depth);
        if self.depth > MAX_DEPTH {
            return Err(self.error(at, format!("too deeply nested: more than {MAX_DEPTH} values pending at once")));
        }
        Ok(())
    }

    /// Compiles `n` and checks that it is `want`.
    fn expect(&mut self, n: &Node, want: Type, role: &str) -> Result<(), FormulaError> {
        let got = self.node(n)?;
        if got != want {
            return Err(self.error(n.at, format!("{role} must be {}, not {}", want.described(), got.described())));
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
                self.expect(a, Type::Number, "the operand of \"-\"")?;
                self.emit(n.at, Op::Neg, 1)?;
                Ok(Type::Number)
            }
            Kind::Unary(Unary::Not, a) => {
                self.expect(a, Type::Condition, "the operand of \"!\"")?;
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
            return Err(self.error(at, format!("\"{name}\" is a function: write {name}(…)")));
        }
        let available = if self.variables.is_empty() {
            "this rule has no variables".to_string()
        } else {
            format!("the variables are {}", self.variables.join(", "))
        };
        Err(self.error(at, format!("unknown variable \"{name}\"; {available}")))
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
        for (side, n) in [("left", a), ("right", b)] {
            let got = self.node(n)?;
            if got != operands {
                let hint = if result == Type::Condition && got == Type::Condition {
                    " (a comparison is not compared again: write a < b && b < c)"
                } else {
                    ""
                };
                return Err(self.error(
                    n.at,
                    format!(
                        "the {side} side of \"{symbol}\" must be {}, not {}{hint}",
                        operands.described(),
                        got.described()
                    ),
                ));
            }
        }
        self.emit(at, code, 2)?;
        Ok(result)
    }

    fn call(&mut self, at: usize, name: &str, args: &[Node]) -> Result<Type, FormulaError> {
        let Some(&(_, fewest, most)) = FUNCTIONS.iter().find(|f| f.0 == name) else {
            let hint = if self.variables.contains(&name) {
                format!("\"{name}\" is a variable, not a function")
            } else {
                format!("unknown function \"{name}\"; the functions are {}", function_names())
            };
            return Err(self.error(at, hint));
        };
        if args.len() < fewest || args.len() > most {
            let wanted = match (fewest, most) {
                (f, usize::MAX) => format!("at least {f} arguments"),
                (f, m) if f == m => format!("{f} argument{}", if f == 1 { "" } else { "s" }),
                (f, m) => format!("{f} to {m} arguments"),
            };
            return Err(self.error(at, format!("{name} takes {wanted}, not {}", args.len())));
        }
        if name == "if" {
            self.expect(&args[0], Type::Condition, "the first argument of if")?;
            let then = self.node(&args[1])?;
            let other = self.node(&args[2])?;
            if other != then {
                return Err(self.error(
                    args[2].at,
                    format!("both values of if must be of one type: {} then {}", then.described(), other.described()),
                ));
            }
            self.emit(at, Op::If, 3)?;
            return Ok(then);
        }
        for (k, a) in args.iter().enumerate() {
            self.expect(a, Type::Number, &format!("argument {} of {name}", k + 1))?;
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
