# errors: the core's problems as data (`Problem::id`, `Problem::args`); the runner prints the English.
# See web/locales/GLOSSARY.md for the terms every message follows.
