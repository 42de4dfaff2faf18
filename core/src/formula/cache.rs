//! Compiled formulas kept for reuse on this thread, by source, variables and result type.
//!
//! A document's formulas are compiled when it is validated — when the runner reads it, again
//! when the run starts, on every edit in a page — and again to be run; 10,000 Abacus jobs may
//! each bid a formula of their own. Compiling is a pure function of the text, the variables and
//! the type, so keeping its result changes nothing but the time. The cache holds at most about
//! [`BUDGET`] bytes of programs and source and is emptied when a new entry would pass it.
//!
//! Formulas that differ only in their numbers (a generated document's `0.62*R1 + 1.39*R2 + …`
//! for each of 10,000 jobs) share a *shape*: the text with every number literal written ` 0 `.
//! The shape is compiled once; each formula is then its program with the shape's constants, in
//! the order they are written (which is the program's order), replaced by its own numbers. No
//! step of compiling depends on a constant's value, so this is the program compiling the text
//! gives (a property test compares them); any formula whose shape does not compile, whose text
//! is past the limits, or whose numbers are not finite is compiled from its own text, for its
//! own error.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use foldhash::fast::FixedState;

use super::{Formula, FormulaError, Type, MAX_LENGTH};

/// Bytes of compiled programs (and their text) kept per thread.
pub const BUDGET: usize = 64 << 20;

#[derive(Default)]
struct Cache {
    entries: HashMap<String, Result<Arc<Formula>, FormulaError>, FixedState>,
    bytes: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// The key: the type, the variables and the source, separated by characters no name holds.
fn key(source: &str, variables: &[&str], result: Type) -> String {
    let mut k = String::with_capacity(source.len() + 8 * variables.len() + 4);
    k.push(match result {
        Type::Number => 'n',
        Type::Condition => 'c',
    });
    for v in variables {
        k.push('\u{1}');
        k.push_str(v);
    }
    k.push('\u{0}');
    k.push_str(source);
    k
}

/// [`Formula::compile`], or the result of an earlier identical compile on this thread.
pub(super) fn compile(source: &str, variables: &[&str], result: Type) -> Result<Arc<Formula>, FormulaError> {
    let key = key(source, variables, result);
    if let Some(hit) = CACHE.with(|c| c.borrow().entries.get(&key).cloned()) {
        return hit;
    }
    let compiled = by_shape(source, variables, result)
        .map_or_else(|| Formula::compile(source, variables, result), Ok)
        .map(Arc::new);
    keep(key, &compiled);
    compiled
}

/// The formula from its shape's compiled program (compiling the shape if it is new), or `None`.
///
/// The text's own limits are not checked (a tenth of the time of a formula of 16 terms): the
/// shape's are, when it compiles, and they imply the text's but for its length. Replacing a
/// number by ` 0 ` keeps every parenthesis, every sign before it and whether an operand came
/// last; inside a number the text only has digits, `.`, `e` and an exponent's `+`/`-`, which
/// end a chain of powers (the shape's count is never lower) and a run of signs (one `-` after
/// `e`, then a digit).
fn by_shape(source: &str, variables: &[&str], result: Type) -> Option<Formula> {
    if source.len() > MAX_LENGTH && source.chars().count() > MAX_LENGTH {
        return None;
    }
    let (shape, numbers) = shape(source)?;
    let key = key(&shape, variables, result);
    let known = CACHE.with(|c| c.borrow().entries.get(&key).cloned());
    let compiled = known.unwrap_or_else(|| {
        let compiled = Formula::compile(&shape, variables, result).map(Arc::new);
        keep(key, &compiled);
        compiled
    });
    compiled.ok()?.with_numbers(source, &numbers)
}

/// The text with every number literal (the grammar's `number`) written ` 0 `, and the literals'
/// values in order; `None` if it has no literal or one is not a finite number.
fn shape(source: &str) -> Option<(String, Vec<f64>)> {
    let b = source.as_bytes();
    let digits = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let (mut out, mut numbers) = (String::with_capacity(source.len() + 16), Vec::new());
    let (mut i, mut copied) = (0, 0);
    while let Some(&c) = b.get(i) {
        if c.is_ascii_alphabetic() || c == b'_' {
            while b.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') {
                i += 1;
            }
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            // DIGIT+ ("." DIGIT*)? | "." DIGIT+, then (e [+-]? DIGIT+)?
            let start = i;
            i = digits(i);
            if b.get(i) == Some(&b'.') {
                i = digits(i + 1);
            }
            if matches!(b.get(i), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(b.get(i + 1), Some(b'+' | b'-')));
                let end = digits(i + 1 + sign);
                if end > i + 1 + sign {
                    i = end;
                }
            }
            let x: f64 = source[start..i].parse().ok()?;
            if !x.is_finite() {
                return None;
            }
            numbers.push(x);
            out.push_str(&source[copied..start]);
            out.push_str(" 0 ");
            copied = i;
        } else {
            i += 1;
        }
    }
    if numbers.is_empty() {
        return None;
    }
    out.push_str(&source[copied..]);
    Some((out, numbers))
}

/// Keeps a compile under its key, emptying the cache first if it would pass [`BUDGET`].
fn keep(key: String, compiled: &Result<Arc<Formula>, FormulaError>) {
    let size = key.len() + compiled.as_ref().map_or(64, |f| f.size());
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.bytes + size > BUDGET {
            c.entries.clear();
            c.bytes = 0;
        }
        c.bytes += size;
        c.entries.insert(key, compiled.clone());
    });
}
