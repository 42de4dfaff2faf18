//! Text to tree: the limits first (so that no input reaches the parser's recursion too deep),
//! then pest's parser of `grammar.pest` and its Pratt table, each node keeping its byte offset.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;

use super::{FormulaError, MAX_DEPTH, MAX_LENGTH};

#[derive(pest_derive::Parser)]
#[grammar = "formula/grammar.pest"]
struct Grammar;

/// A prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unary {
    Neg,
    Not,
}

/// An infix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Binary {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl Binary {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Binary::Or => "||",
            Binary::And => "&&",
            Binary::Eq => "==",
            Binary::Ne => "!=",
            Binary::Lt => "<",
            Binary::Le => "<=",
            Binary::Gt => ">",
            Binary::Ge => ">=",
            Binary::Add => "+",
            Binary::Sub => "-",
            Binary::Mul => "*",
            Binary::Div => "/",
            Binary::Pow => "^",
        }
    }
}

/// A node of the parsed formula and the byte offset of its text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub at: usize,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    Number(f64),
    Name(String),
    Unary(Unary, Box<Node>),
    Binary(Binary, Box<Node>, Box<Node>),
    Call(String, Vec<Node>),
}

/// Most prefix signs in a row (`--x` is fine; a thousand are not a formula).
const MAX_SIGNS: usize = 8;

/// The parsed tree of `source`, or where and why it is not a formula.
pub(crate) fn parse(source: &str) -> Result<Node, FormulaError> {
    limits(source)?;
    let mut pairs = Grammar::parse(Rule::formula, source).map_err(|e| syntax_error(source, &e))?;
    let expr = pairs.next().and_then(|f| f.into_inner().next());
    let Some(expr) = expr else { return Err(FormulaError::at(source, 0, "err-formula-empty", vec![])) };
    build(source, pratt(), expr.into_inner())
}

/// Length, nesting and runs of signs, checked on the text before it is parsed.
pub(crate) fn limits(source: &str) -> Result<(), FormulaError> {
    let chars = if source.len() <= MAX_LENGTH { source.len() } else { source.chars().count() };
    if chars > MAX_LENGTH {
        return Err(FormulaError::at(
            source,
            0,
            "err-formula-too-long",
            vec![("chars", chars.to_string()), ("max", MAX_LENGTH.to_string())],
        ));
    }
    if source.trim().is_empty() {
        return Err(FormulaError::at(source, 0, "err-formula-blank", vec![]));
    }
    // The text's characters, decoded only when it is not all ASCII (each ASCII byte is the
    // character; the common case, scanned without decoding).
    if source.is_ascii() {
        scan(source, source.bytes().map(char::from).enumerate())
    } else {
        scan(source, source.char_indices())
    }
}

/// [`limits`]' nesting and signs, over the characters of `source` and their byte offsets.
#[inline(always)]
fn scan(source: &str, chars: impl Iterator<Item = (usize, char)>) -> Result<(), FormulaError> {
    // `depth`: parentheses open; `signs`: prefix signs in a row; `powers`: `^` since the last
    // operator that ends a chain of powers (the parser recurses once per `^` of a chain).
    let (mut depth, mut signs, mut powers) = (0usize, 0usize, 0usize);
    let mut after_operand = false;
    for (i, c) in chars {
        // Only these characters change a count; the others (names, digits, `.`, spaces) end a
        // run of signs (spaces do not) and say whether an operand came last.
        match c {
            '^' => {
                powers += 1;
                if powers > MAX_DEPTH {
                    return Err(FormulaError::at(
                        source,
                        i,
                        "err-formula-too-many-powers",
                        vec![("max", MAX_DEPTH.to_string())],
                    ));
                }
            }
            '+' | '*' | '/' | '<' | '>' | '=' | '&' | '|' | ',' => powers = 0,
            '-' if after_operand => powers = 0,
            '(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(FormulaError::at(
                        source,
                        i,
                        "err-formula-too-many-parentheses",
                        vec![("max", MAX_DEPTH.to_string())],
                    ));
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c.is_whitespace() {
            continue;
        }
        after_operand = c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == ')';
        if c == '-' || c == '!' {
            signs += 1;
            if signs > MAX_SIGNS {
                return Err(FormulaError::at(
                    source,
                    i,
                    "err-formula-too-many-signs",
                    vec![("max", MAX_SIGNS.to_string())],
                ));
            }
        } else {
            // `!=` is an operator, not a sign before `=`.
            signs = 0;
        }
    }
    Ok(())
}

/// Operators by precedence, lowest first (built once: the table is a hash map).
fn pratt() -> &'static PrattParser<Rule> {
    static TABLE: std::sync::OnceLock<PrattParser<Rule>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::infix(Rule::eq, Assoc::Left)
                | Op::infix(Rule::ne, Assoc::Left)
                | Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left) | Op::infix(Rule::div, Assoc::Left))
            .op(Op::prefix(Rule::neg) | Op::prefix(Rule::not))
            .op(Op::infix(Rule::pow, Assoc::Right))
    })
}

type Built = Result<Node, FormulaError>;

fn build(source: &str, pratt: &PrattParser<Rule>, pairs: Pairs<Rule>) -> Built {
    pratt
        .map_primary(|p| primary(source, pratt, p))
        .map_prefix(|op, operand| {
            let unary = if op.as_rule() == Rule::neg { Unary::Neg } else { Unary::Not };
            Ok(Node { at: op.as_span().start(), kind: Kind::Unary(unary, Box::new(operand?)) })
        })
        .map_infix(|lhs, op, rhs| {
            let binary = match op.as_rule() {
                Rule::or => Binary::Or,
                Rule::and => Binary::And,
                Rule::eq => Binary::Eq,
                Rule::ne => Binary::Ne,
                Rule::lt => Binary::Lt,
                Rule::le => Binary::Le,
                Rule::gt => Binary::Gt,
                Rule::ge => Binary::Ge,
                Rule::add => Binary::Add,
                Rule::sub => Binary::Sub,
                Rule::mul => Binary::Mul,
                Rule::div => Binary::Div,
                _ => Binary::Pow,
            };
            Ok(Node { at: op.as_span().start(), kind: Kind::Binary(binary, Box::new(lhs?), Box::new(rhs?)) })
        })
        .parse(pairs)
}

fn primary(source: &str, pratt: &PrattParser<Rule>, p: Pair<Rule>) -> Built {
    let at = p.as_span().start();
    match p.as_rule() {
        Rule::number => {
            let x: f64 =
                p.as_str().parse().map_err(|_| FormulaError::at(source, at, "err-formula-not-a-number", vec![]))?;
            if !x.is_finite() {
                return Err(FormulaError::at(
                    source,
                    at,
                    "err-formula-number-too-large",
                    vec![("number", p.as_str().to_string())],
                ));
            }
            Ok(Node { at, kind: Kind::Number(x) })
        }
        Rule::name => Ok(Node { at, kind: Kind::Name(p.as_str().to_string()) }),
        Rule::call => {
            let mut inner = p.into_inner();
            let name = inner.next().map(|n| n.as_str().to_string()).unwrap_or_default();
            let args = inner.map(|a| build(source, pratt, a.into_inner())).collect::<Result<Vec<_>, _>>()?;
            Ok(Node { at, kind: Kind::Call(name, args) })
        }
        _ => build(source, pratt, p.into_inner()),
    }
}

/// pest's error in words a formula's author reads.
fn syntax_error(source: &str, e: &pest::error::Error<Rule>) -> FormulaError {
    let offset = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            expected(positives, in_call(&source[..offset.min(source.len())]))
        }
        // The grammar has no custom errors.
        ErrorVariant::CustomError { .. } => Expected::Complete,
    };
    let found = source[offset.min(source.len())..].chars().next();
    let (early, unexpected) = expected.ids();
    match found {
        None => FormulaError::at(source, offset, early, vec![]),
        Some(c) => FormulaError::at(source, offset, unexpected, vec![("found", c.to_string())]),
    }
}

/// What the parser expected at an error.
enum Expected {
    Operand,
    OperatorOrEnd,
    OperatorCommaOrClose,
    OperatorOrClose,
    End,
    Complete,
}

impl Expected {
    /// The messages of the formula ending there and of an unexpected character there.
    fn ids(&self) -> (&'static str, &'static str) {
        match self {
            Expected::Operand => ("err-formula-early-operand", "err-formula-unexpected-operand"),
            Expected::OperatorOrEnd => ("err-formula-early-operator-or-end", "err-formula-unexpected-operator-or-end"),
            Expected::OperatorCommaOrClose => {
                ("err-formula-early-operator-comma-or-close", "err-formula-unexpected-operator-comma-or-close")
            }
            Expected::OperatorOrClose => {
                ("err-formula-early-operator-or-close", "err-formula-unexpected-operator-or-close")
            }
            Expected::End => ("err-formula-early-end", "err-formula-unexpected-end"),
            Expected::Complete => ("err-formula-early-complete", "err-formula-unexpected-complete"),
        }
    }
}

/// Whether the innermost parenthesis left open in `before` is a call's.
fn in_call(before: &str) -> Option<bool> {
    let mut open: Vec<bool> = Vec::new();
    for (i, c) in before.char_indices() {
        match c {
            '(' => {
                let prev = before[..i].trim_end().chars().next_back();
                open.push(prev.is_some_and(|p| p.is_ascii_alphanumeric() || p == '_'));
            }
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.last().copied()
}

fn expected(rules: &[Rule], call: Option<bool>) -> Expected {
    let operand = rules.iter().any(|r| matches!(r, Rule::number | Rule::name | Rule::neg | Rule::not | Rule::expr));
    let operator = rules.iter().any(|r| {
        matches!(
            r,
            Rule::or
                | Rule::and
                | Rule::eq
                | Rule::ne
                | Rule::lt
                | Rule::le
                | Rule::gt
                | Rule::ge
                | Rule::add
                | Rule::sub
                | Rule::mul
                | Rule::div
                | Rule::pow
        )
    });
    let end = rules.contains(&Rule::EOI);
    match (operand, operator, end) {
        (true, _, _) => Expected::Operand,
        (false, true, true) => Expected::OperatorOrEnd,
        (false, true, false) if call == Some(true) => Expected::OperatorCommaOrClose,
        (false, true, false) => Expected::OperatorOrClose,
        (false, false, true) => Expected::End,
        (false, false, false) => Expected::Complete,
    }
}
