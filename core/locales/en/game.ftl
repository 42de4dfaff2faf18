# game: the core's problems of its games as data; see web/locales/GLOSSARY.md.
