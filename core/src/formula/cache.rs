//! Compiled formulas kept for reuse on this thread, by source, variables and result type.
//!
//! A document's formulas are compiled when it is validated — when the runner reads it, again
//! when the run starts, on every edit in a page — and again to be run; 10,000 Abacus jobs may
//! each bid a formula of their own. Compiling is a pure function of the text, the variables and
//! the type, so keeping its result changes nothing but the time. The cache holds at most about
//! [`BUDGET`] bytes of programs and source and is emptied when a new entry would pass it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::{Formula, FormulaError, Type};

/// Bytes of compiled programs (and their text) kept per thread.
pub const BUDGET: usize = 64 << 20;

#[derive(Default)]
struct Cache {
    entries: HashMap<String, Result<Arc<Formula>, FormulaError>>,
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
    let compiled = Formula::compile(source, variables, result).map(Arc::new);
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
    compiled
}
