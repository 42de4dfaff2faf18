# class-shared: what the teacher's class game and the phone both show; see web/locales/GLOSSARY.md.
class-title-abacus = Abacus: split your budget over resources (Theorems 1–2)
class-title-era = ERA: reserve cores at a posted price (Basic-Econ)
class-title-spot = Spot or on demand: pick a bidding policy
class-qr-too-long = This text is too long for a QR code; copy it instead.
class-qr-of = QR code of { $text }
class-data-ec2 = 14 days of EC2 m3.medium spot prices in us-east-1b (2016)
class-results-link-broken = This results link cannot be opened: { $why }. Ask your teacher for it again.
class-round-cannot-run = This round cannot be run: { $why }
class-worker-unreadable = the game's worker cannot read a message: { $error }
class-worker-stopped = the game's worker stopped: { $error }
class-worker-not-loaded = The part of the page that works out rounds could not be loaded ({ $error }). Check the connection and reload the page.
class-data-not-loaded = This game replays recorded data, which { $error }. Check the connection and reload the page.
class-worker-not-answering = The part of the page that works out rounds stopped answering. Reload the page.
class-worker-no-start = This browser cannot start the part of the page that works out rounds.
class-worker-unreadable-answer = The part of the page that works out rounds gave an unreadable answer. Reload the page.
class-worker-failed = The part of the page that works out rounds stopped ({ $error }). Reload the page.
class-worker-could-not-start = The part of the page that works out rounds could not start ({ $error }). Reload the page.
