# exercise: the core's problems of its exercises as data; see web/locales/GLOSSARY.md.
