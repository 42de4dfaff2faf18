# common: the shell every bundle shows (header, footer, loading, links, banners).
# See web/locales/GLOSSARY.md for the terms every message follows.

brand = CloudEcon Playground
skip-to-content = Skip to content
menu = Menu
nav-label = Pages
lang-label = Language
nav-home = Mechanisms
nav-abacus = Abacus
nav-shapley = Shapley calculator
nav-era = ERA
nav-spot = Spot
nav-cloudshare = CloudShare
nav-classroom = Classroom
nav-game = Class game
nav-study = Studies
nav-bench = Benchmark

footer-private = Runs entirely in your browser: no data leaves this page.
footer-same-numbers = Same scenario and seed, same numbers — here and in the
footer-runner = command-line runner.

loading-page = Loading the page…
link-page-failed = Could not open the shared link's page; open the link again.
link-unknown-mechanism = The link holds a { $mechanism } scenario, which this version of the playground cannot open.
link-unreadable = Could not open the shared link: { $reason }.

not-found-title = Page not found
not-found-text = There is nothing at this address.
not-found-back = Back to the mechanisms
