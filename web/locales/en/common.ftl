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

# The footer's offline line and the update notice.
offline-checking = Offline use: checking…
offline-impossible = Offline use is not possible here: { $reason }.
offline-no-window = no window
offline-needs-https = the browser keeps pages for offline use only from an https address (or localhost)
offline-unsupported = this browser cannot keep pages for offline use
offline-refused = the browser refused the offline worker
offline-megabytes = { $size } MB
offline-off = Not kept for offline use.
offline-start = Make available offline
offline-download-size = (downloads about { $size } once)
offline-preparing = Making the playground available offline:
offline-progress = Offline download
offline-of = { $done } of { $total }
offline-starting = starting…
offline-ready = Available offline: every page, preset and data file opens without a network.
offline-ready-size = Available offline: every page, preset and data file opens without a network ({ $size } downloaded once).
offline-updating = Downloading a new version: { $done } of { $total }.
offline-remove = Remove the offline copy
offline-failed = Could not make the playground available offline ({ $reason }).
offline-retry = Try again
update-ready = A new version of the playground is ready. Your work is saved; reload when it suits you.
update-reload = Reload to update
update-reload-now = Reload
update-later = Later
update-elsewhere = The playground was updated in another tab. Reload this page to use the new version.

panic-message = Something went wrong inside the playground and this page stopped working: { $info }. Your scenario was autosaved; reload the page to continue.
dismiss = Dismiss

# Why one of the playground's own files did not arrive (said inside another message).
download-no-window = the page has no window
download-no-network = no network
download-no-response = no response
download-unreadable = the download cannot be read
download-interrupted = the download was interrupted
download-damaged = the compressed file is damaged
download-abandoned = the download was abandoned
download-could-not-load = could not load { $file }: { $error }
download-not-text = the file is not text
# What a recorded data file holds (in a status line or a failure), and the word between two.
data-file-nasa-ipsc = the first 14 days of the NASA Ames iPSC/860 log
data-file-lcg = the first 24 hours of the LCG grid log
data-file-ec2 = 14 days of EC2 m3.medium spot prices in us-east-1b (2016)
data-files-and = { " " }and{ " " }
