# shapley-names: see web/locales/GLOSSARY.md for the terms every message follows.
