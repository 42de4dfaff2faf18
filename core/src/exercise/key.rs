//! A message given as data (an exercise's problems, verdicts and reasons): the first layer of
//! `exercise`, below `pointer` and `check`.

/// A message given as data: its id in `core/locales/{lang}/exercise.ftl` and its arguments
/// (already written as text).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Key {
    pub id: &'static str,
    pub args: Vec<(&'static str, String)>,
    /// Arguments that are messages themselves ("why" a goal has no result), formatted first.
    pub nested: Vec<(&'static str, Key)>,
    /// Arguments that are a document's problems (why a student's scenario is invalid), one a
    /// line, each in the reader's language.
    pub problems: Vec<(&'static str, crate::ScenarioError)>,
}

impl Key {
    pub fn new(id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        Key { id, args, nested: Vec::new(), problems: Vec::new() }
    }

    /// The key with one more argument that is a message.
    pub fn with(mut self, name: &'static str, inner: Key) -> Self {
        self.nested.push((name, inner));
        self
    }

    /// The key with one more argument that is a document's problems.
    pub fn with_problems(mut self, name: &'static str, e: crate::ScenarioError) -> Self {
        self.problems.push((name, e));
        self
    }

    /// The message in English (the id itself if it has none: a bug the tests catch).
    pub fn english(&self) -> String {
        let mut args = self.args.clone();
        args.extend(self.nested.iter().map(|(name, inner)| (*name, inner.english())));
        args.extend(self.problems.iter().map(|(name, e)| (*name, e.to_string())));
        crate::messages::english(self.id, &args).unwrap_or_else(|| self.id.to_string())
    }
}
