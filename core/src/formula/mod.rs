//! The formula language of user-written rules: a utility, a price, a bid, a priority written as
//! an expression over the variables its extension point documents.
//!
//! A formula is parsed (by [pest](https://pest.rs) from `grammar.pest`), checked and compiled
//! once, when its document is validated, into a postfix [`Formula`] that the inner loops evaluate
//! without parsing or allocating; [`Formula::derivative`] evaluates it together with its exact
//! derivative with respect to one variable (forward-mode automatic differentiation), for rules
//! whose mechanism needs one (Abacus's auction needs `∂u/∂s_ij`).
//!
//! The language (fixed, so that documents, share links and exercises stay valid): numbers
//! (`2`, `0.5`, `.5`, `1e-3`), variables, `+ - * / ^` (power, right-associative: `2^3^2` is 512,
//! `-2^2` is -4), parentheses, comparisons `< <= > >= == !=`, `&& || !`, `if(condition, then,
//! else)`, and the functions `min` and `max` (two or more arguments), `abs`, `sqrt`, `exp`, `ln`,
//! `log10`, `pow`, `floor`, `ceil`. Two types, checked before anything runs: numbers, and
//! conditions (comparisons and their `&& || !`), which `if` and a rule's condition take.
//!
//! Sandboxed and deterministic: no I/O, clock, randomness or loops; at most [`MAX_LENGTH`]
//! characters and [`MAX_DEPTH`] levels of nesting; nothing has an effect besides its value, so
//! [`Formula::eval`] skips what cannot change it (the branch of `if` not taken, the side of `&&`
//! and `||` the other side decides) and gives the value of computing everything, bit for bit;
//! a branch not taken cannot fail the rule. The transcendental functions are `libm`'s, the same bits
//! natively and in wasm. A value that is not finite is not an error of the formula but of its
//! use: each extension point checks its results and names where it happened.

mod cache;
mod check;
mod eval;
mod parse;

use std::fmt;
use std::sync::Arc;

pub use check::Type;
pub use eval::Tape;

/// Longest formula, in characters.
pub const MAX_LENGTH: usize = 1_000;

/// Deepest nesting: parentheses and calls inside one another, and operands waiting on the
/// evaluation stack.
pub const MAX_DEPTH: usize = 48;

/// A variable an extension point gives its formulas: the name they use, what it means, its unit
/// (the runner's `cloudecon rules` and the page's editor show these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub meaning: &'static str,
    pub unit: &'static str,
}

/// Whether `name` is one of the language's functions (`min`, `if`, …): such a name cannot be a
/// variable's.
pub fn is_function(name: &str) -> bool {
    check::is_function(name)
}

/// The names of `variables`, in order (what [`Formula::compile`] takes).
pub fn names(variables: &[Variable]) -> Vec<&'static str> {
    variables.iter().map(|v| v.name).collect()
}

/// A formula that cannot be compiled: where (line and column, from 1, in characters) and why.
/// Why is data — message `id` of `core/locales/{lang}/errors.ftl` with its arguments — so a page
/// says it in the reader's language; its English is [`FormulaError::message`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormulaError {
    pub line: usize,
    pub column: usize,
    /// Why, in English (without the position).
    pub message: String,
    /// Its message id (`err-formula-…`, whose text starts with the position).
    pub id: &'static str,
    /// Its message's arguments but the position.
    pub args: Vec<(&'static str, String)>,
}

impl FormulaError {
    /// The error at byte `offset` of `source`: message `id` with `args`.
    pub(crate) fn at(source: &str, offset: usize, id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        let before = &source[..offset.min(source.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let mut e = FormulaError { line, column, message: String::new(), id, args };
        let english = crate::messages::english(id, &e.all_args()).unwrap_or_else(|| id.to_string());
        // `at L:C: why`: the position has no ": " in it.
        e.message = english.split_once(": ").map_or(english.clone(), |(_, why)| why.to_string());
        e
    }

    /// Its message's arguments, the position among them.
    pub fn all_args(&self) -> Vec<(&'static str, String)> {
        let mut args = vec![("line", self.line.to_string()), ("column", self.column.to_string())];
        args.extend(self.args.iter().cloned());
        args
    }

    /// The problem at `path`: `at 1:5: unknown variable "mpa"; …`.
    pub fn problem(&self, path: impl Into<String>) -> crate::Problem {
        crate::Problem::keyed(path, self.id, self.all_args())
    }
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for FormulaError {}

/// A compiled formula over an ordered list of variables (their values are passed in that order).
#[derive(Debug, Clone)]
pub struct Formula {
    source: String,
    program: eval::Program,
    result: Type,
}

impl Formula {
    /// Parses, checks and compiles `source` over `variables`, expecting a value of type `result`.
    pub fn compile(source: &str, variables: &[&str], result: Type) -> Result<Formula, FormulaError> {
        let tree = parse::parse(source)?;
        let program = check::compile(source, &tree, variables, result)?;
        Ok(Formula { source: source.to_string(), program, result })
    }

    /// [`Formula::compile`], shared: the same source, variables and type compiled earlier on
    /// this thread give the same compiled formula (or error) without compiling again (see
    /// `cache.rs`: a document is validated several times, and its formulas built to run).
    pub fn compile_shared(source: &str, variables: &[&str], result: Type) -> Result<Arc<Formula>, FormulaError> {
        cache::compile(source, variables, result)
    }

    /// This formula with its number literals, in the order they are written, replaced by
    /// `numbers`, as the formula `source` (which must be this one's text with those numbers
    /// written instead: see `cache.rs`).
    fn with_numbers(&self, source: &str, numbers: &[f64]) -> Option<Formula> {
        let program = self.program.with_constants(numbers)?;
        Some(Formula { source: source.to_string(), program, result: self.result })
    }

    /// Bytes it takes, about: its text and its program.
    fn size(&self) -> usize {
        std::mem::size_of::<Self>() + self.source.len() + self.program.size()
    }

    /// The text it was compiled from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// What it computes: a number or a condition.
    pub fn result(&self) -> Type {
        self.result
    }

    /// Whether the formula reads variable `index` (of the list it was compiled over).
    pub fn uses(&self, index: usize) -> bool {
        self.program.uses(index)
    }

    /// The value for these variable values (a condition: 1 if it holds, else 0).
    #[inline]
    pub fn eval(&self, values: &[f64]) -> f64 {
        self.program.eval(values)
    }

    /// A condition's truth for these values.
    #[inline]
    pub fn holds(&self, values: &[f64]) -> bool {
        self.program.eval(values) != 0.0
    }

    /// The value and its exact derivative with respect to variable `wrt` (forward mode: where the
    /// formula is not differentiable — a tie of `min`, a kink of `abs`, a step of `floor` — the
    /// derivative of the branch taken, the first argument's on a tie).
    pub fn derivative(&self, values: &[f64], wrt: usize) -> (f64, f64) {
        self.program.derivative(values, wrt)
    }
}

impl Formula {
    /// The value, and every partial derivative `∂f/∂x_i` into `grad` (one slot per variable
    /// value), in one forward run and one backward sweep (reverse mode) on the reusable `tape`:
    /// for a rule that needs all of them (Abacus's auction, `∂u/∂s_ij` for every resource) this
    /// costs a few evaluations instead of one derivative run per variable. The same derivatives
    /// as [`Formula::derivative`] where both are finite (up to the order of additions); where
    /// the backward sweep meets `0·∞` (a `sqrt` at 0 under a factor 0) it asks
    /// [`Formula::derivative`] for that partial instead.
    pub fn gradient(&self, values: &[f64], grad: &mut [f64], tape: &mut Tape) -> f64 {
        let v = self.program.gradient(values, grad, tape);
        for (i, g) in grad.iter_mut().enumerate() {
            if !g.is_finite() && self.uses(i) {
                *g = self.derivative(values, i).1;
            }
        }
        v
    }
}

impl Formula {
    /// For a formula affine in its variables (sums and differences of variables, each times or
    /// divided by a constant, plus a constant: `3*map + 2*reduce`, `(map + reduce)/2`), its
    /// partial derivatives, one per variable of the `variables` it was compiled over: the same
    /// everywhere, bit for bit what [`Formula::gradient`] gives at any point, so a rule can use
    /// them without running the formula. `None` for any other formula, or when a derivative is
    /// not finite (`1e300*1e300*x`).
    pub fn slopes(&self, variables: usize) -> Option<Vec<f64>> {
        if !self.program.is_affine() || variables < self.program.arity() {
            return None;
        }
        let (values, mut grad) = (vec![0.0; variables], vec![0.0; variables]);
        self.program.gradient(&values, &mut grad, &mut Tape::default());
        grad.iter().all(|g| g.is_finite()).then_some(grad)
    }
}

impl PartialEq for Formula {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source && self.result == other.result
    }
}

#[cfg(test)]
mod tests;
