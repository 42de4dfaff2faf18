# study: see web/locales/GLOSSARY.md for the terms every message follows.

## The study page (study/mod.rs)
study-unreadable = the worker sent an unreadable table: { $error }
study-progress = Study progress
study-starting = Starting the background worker…
study-running-shards = { $done } of { $shards } shard(s) done in a background worker… { $percent } %
study-cancelled = Study cancelled.
study-failed = The study could not run: { $error }
study-cancel = Cancel
study-source-here = The study run here
study-source-file = The table { $name }
study-title = Studies
study-lead = Vary any numbers of a scenario over a grid and a number of seeds, run every combination in a background worker, and chart any result against any varied parameter: the mean and its 95% interval over the seeds, one line per algorithm, job or organization. The table is the one
study-lead-end = writes, so the same study runs on a cluster unchanged (README: Running a study on a cluster), and a table merged there can be dropped here.
study-run-here = Run a study here (up to 1,000 shards)
study-base = Base document
study-start-from = Start from…
study-example = the example (spot: four policies)
study-open-on = the scenario open on the { $page } page
study-mechanism-abacus = Abacus auction
study-mechanism-abacus_estimate = Abacus utility estimation
study-mechanism-shapley = Shapley value calculator
study-mechanism-era = ERA reservations
study-mechanism-spot = On-demand, spot, or both
study-mechanism-cloudshare = CloudShare / DirectContr
study-load = Load a document…
study-base-label = Base document (scenario JSON)
study-vary = Varied parameters
study-vary-hint-list = One per line: a JSON pointer into the document = a list
study-vary-hint-range = or a range
study-vary-hint-as = (both ends included) — as
study-vary-hint-end = . The first line varies slowest.
study-seeds = Seeds
study-seeds-hint = /seed from 1 to N, varied fastest (--seeds N); the interval is over them
study-metrics = Extra metrics
study-metrics-hint = JSON pointers into each result, beside the headline metrics (--metric)
study-running = Running…
study-run-shards = Run { $count } shard(s)
study-run = Run
study-elsewhere = Or chart a table merged elsewhere
study-drop-label = Choose a table…
study-drop-hint = Drop a table made by cloudecon merge (CSV or JSON) here.
