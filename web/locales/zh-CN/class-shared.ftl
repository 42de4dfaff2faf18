# class-shared: what the teacher's class game and the phone both show; see web/locales/GLOSSARY.md.
