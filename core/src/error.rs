//! Validation problems that name the JSON path of the offending field.

use std::fmt;

/// One thing wrong with a scenario document, at a JSON path such as `coalitions[3].value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON path of the offending field (`document` for the whole document).
    pub path: String,
    /// What is wrong, in words a newcomer understands.
    pub message: String,
}

impl Problem {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Problem { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Every problem found in a scenario document (validation never stops at the first one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    pub problems: Vec<Problem>,
}

impl ScenarioError {
    pub fn single(path: impl Into<String>, message: impl Into<String>) -> Self {
        ScenarioError { problems: vec![Problem::new(path, message)] }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.problems.iter().enumerate() {
            if k > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Collects problems while walking a document, keeping track of the current path.
#[derive(Debug, Default)]
pub struct Problems {
    list: Vec<Problem>,
}

impl Problems {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.list.push(Problem::new(path, message));
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The problems `check` finds, each with its path under `prefix` (`prefix.path`): for a
    /// document nested inside another.
    pub fn nested(&mut self, prefix: &str, check: impl FnOnce(&mut Problems)) {
        let mut inner = Problems::new();
        check(&mut inner);
        self.list.extend(inner.list.into_iter().map(|p| Problem::new(format!("{prefix}.{}", p.path), p.message)));
    }

    /// Adds every problem of `other`, paths unchanged.
    pub fn append(&mut self, other: Problems) {
        self.list.extend(other.list);
    }

    /// `Ok(())` if nothing was found, else every problem.
    pub fn into_result(self) -> Result<(), ScenarioError> {
        if self.list.is_empty() {
            Ok(())
        } else {
            Err(ScenarioError { problems: self.list })
        }
    }
}

/// Checks that `x` is a finite number; records a problem otherwise.
pub fn check_finite(problems: &mut Problems, path: &str, x: f64) -> bool {
    if x.is_finite() {
        true
    } else {
        problems.push(path, format!("must be a finite number, got {x}"));
        false
    }
}

/// Checks that `x` is a finite number ≥ 0; records a problem otherwise.
pub fn non_negative(problems: &mut Problems, path: &str, x: f64) -> bool {
    if !check_finite(problems, path, x) {
        return false;
    }
    if x < 0.0 {
        problems.push(path, format!("must be ≥ 0, got {x}"));
        return false;
    }
    true
}
