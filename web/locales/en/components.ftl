# components: see web/locales/GLOSSARY.md for the terms every message follows.

## Scenario toolbar: share link, JSON export and import, reset
components-share = Share link
components-share-title = Copy a link that restores this exact scenario
components-export-json = Export JSON
components-import-json = Import JSON
components-reset = Reset
components-reset-title = Back to the example scenario
components-import-failed = Could not import the file; your work is unchanged.
components-share-too-long = This scenario is too long for a link ({ $kb } KB) — download the JSON file instead.
components-share-very-long = This scenario makes a very long link ({ $kb } KB): some apps cut long links, and it may be too long for yours — download the JSON file instead to share it safely.
components-share-download-json = Download the JSON file
components-share-copied = Link copied to the clipboard (if the browser allowed it). It holds the whole scenario; nothing is uploaded.
# $language: the page's language in its own name (English, 中文).
components-share-pin = Open in { $language }
components-percent = { $value } %

## Preset menu (each preset's description is `preset-<name>`, in its mechanism's area)
components-presets = Presets
components-presets-placeholder = Load an example…
components-preset-edited = { $preset } (edited)
components-preset-fetching = Loading { $what }…

## Undo bar
components-undo-bring-back = Bring back my previous work
components-undo-link-note = The link you opened replaced the scenario you were working on here.
components-undo = ↶ Undo { $what }
components-redo = ↷ Redo { $what }
components-undo-title = Ctrl+Z outside text fields does the same
# What Undo takes back ($title: the scenario's or exercise's title)
components-replaced-loaded = loading a scenario
components-replaced-loaded-title = loading “{ $title }”
components-replaced-reset = Reset
components-replaced-link = opening the link
components-replaced-exercise = opening the exercise
components-replaced-exercise-title = opening the exercise “{ $title }”
components-replaced-left-exercise = leaving the exercise
components-replaced-back-to-exercise = going back to the exercise's scenario
# $fields: the locked fields, listed ("J1's budget and α")
components-locked-refused = Locked by the exercise: { $fields } (the change was not made).

## Run status
components-fix-these = Fix these to see results:
# Between a JSON path (in code) and its problem.
components-path-colon = { ": " }
components-path-problem = { $path }: { $problem }
components-progress = Progress
components-running = Running in the background… { $percent } %
components-cancel = Cancel
components-download-progress = Download progress
components-loading-worker = Loading the background worker… { $received } of { $total } MB
components-loading-worker-so-far = Loading the background worker… { $received } MB so far
components-computed-in-worker = Computed in a background worker.
components-computed-instantly = Computed instantly as you edit.
components-run-cancelled = Run cancelled. Edit the scenario to run again.
components-run-failed = The run failed: { $reason }

## Results frame and downloads
components-stale = Out of date: results of the previous scenario.
components-download-json = Download result (JSON)
components-download-json-title = The same document `cloudecon run` prints
components-download-csv = Download result (CSV)
components-downloads-plain = Downloads keep the runner's field names and plain numbers (a decimal point, no thousands separators) in every language, so that any program reads them alike.

## Coalition values
components-coalition-values = Coalition values
# $legend: the table's name; $count: how many coalitions
components-coalitions-legend = { $legend } ({ $count } coalitions)
components-coalition = Coalition
components-coalition-size = Size
# $members: the coalition, as {A, B}
components-coalition-value-of = Value of { $members }

## File imports
components-swf-import = Import workload log (SWF)…
components-swf-failed = Could not read the workload log; the jobs are unchanged.

## Pager
components-first-page = First page
components-previous-page = ‹ Previous
components-page-rows = rows { $first }–{ $last } of { $total }
components-next-page = Next ›
components-last-page = Last page

## Formula fields: what a formula may read
components-formula-help = Variables and functions
components-formula-variable = variable
components-formula-meaning = meaning
components-formula-unit = unit
components-formula-syntax = Numbers, + − * / ^ (power), parentheses, comparisons < <= > >= == !=, && || !, if(condition, then, else), min and max (two or more arguments), abs, sqrt, exp, ln, log10, pow, floor, ceil. A problem is shown with its line:column as you type; your text is kept.

## Typed fields: text that does not read as a value
# $text: what was typed; $problem: why it does not read ("is not a finite number"); $value: the value still used
components-field-unreadable = “{ $text }” { $problem }; { $value } is used until it is.
components-field-is-not = is not { $expected }
components-field-too-large-max = is too large: at most { $max }
components-field-too-large = is too large for a number
components-expected-number = a finite number (e.g. 0.25 or 0,25)
components-expected-whole = a whole number from 0 to { $max }
components-expected-text = text
components-expected-a-whole-number = a whole number

## Title, notes and seed of every scenario
components-title = Title
components-title-placeholder = Untitled scenario
components-notes = Notes
components-notes-placeholder = Shown as plain text
components-seed = Seed
components-seed-hint = Same seed, same numbers — here and in the runner.

## A problem in the page's words: the field named as the page labels it, then the problem
# Used when the problem goes on from its subject ("must be > 0"): "J1's budget must be > 0"
components-field-sentence = { $field } { $problem }
# Any other problem: "policy 2's σ: the on-demand rate σ is in [0, 1]"
components-field-sentence-colon = { $field }: { $problem }

## How the pages name places without a name of their own (the mechanisms' names build on these)
# An element of a list: "job 2" ($item: the list's word for one element)
components-names-item = { $item } { $n }
components-names-element = item
# A possessive: "J1's"; for a name ending in "s": "Jobs'"
components-names-of = { $owner }'s
components-names-of-s = { $owner }'
# $owner: a possessive (above); "J1's budget"
components-names-owned = { $owner } { $field }
components-names-nested = { $list } { $item }
components-names-the = the { $field }
components-names-whole-scenario = the whole scenario
components-names-title = the title
components-names-notes = the notes
components-names-seed = the seed
# A list of names: "a, b and c"
components-names-and = { $first } and { $last }
components-names-list-separator = { ", " }

## Opening links and presets
components-link-unreadable = Could not open the shared link: { $reason }. Showing the example scenario instead.
# $mechanism: the mechanism's tag, quoted ("era")
components-link-no-page = { $mechanism } scenarios have no page in this version.
components-link-too-large = Could not open the { $mechanism } scenario on its page (too large for an address); import the file there.
# $what: a data file (the Parallel Workloads Archive log…)
components-data-missing = { $what } is missing
components-preset-not-loaded = The preset “{ $preset }” was not loaded: { $reason }.

## The background worker's failures (after "The run failed:")
components-worker-unreadable = the worker sent an unreadable result: { $reason }
components-worker-stalled = the background worker's download stalled; edit the scenario to try again
components-worker-did-not-start = the background worker did not start; edit the scenario to try again
components-worker-not-responding = the background worker stopped responding; edit the scenario to try again
components-worker-not-loaded-retry = the background worker could not be loaded ({ $reason }); edit the scenario to try again
components-worker-crashed-retry = the background worker crashed ({ $reason }); edit the scenario to try again
components-worker-not-loaded = the background worker could not be loaded ({ $reason })
components-worker-crashed = the background worker crashed ({ $reason })

## Charts: buttons, the table behind "Show as table", and what every chart draws itself
components-chart-failed = Could not draw this chart: { $reason }
components-chart-show-table = Show as table
components-chart-hide-table = Hide table
components-chart-png = Download PNG
components-chart-png-title = Save this chart as a PNG image, at the screen's resolution
components-chart-svg = Download SVG
components-chart-svg-title = Save this chart as an SVG drawing (vector graphics, for reports)
components-chart-no-canvas = this browser cannot draw on a canvas
components-chart-not-on-page = the chart is not on the page
components-chart-export-refused = the browser refused to export the image ({ $reason })
components-chart-not-drawn = the chart is not drawn yet
# $file: the file's name (weights-chart.png)
components-chart-could-not-save = could not save { $file }: { $reason }
components-chart-could-not-draw = could not draw { $file }: { $reason }
components-chart-nothing = there is nothing to draw yet
components-chart-labels-mismatch = { $labels } labels for { $values } values of { $series }
# The table's accessible name ($chart: the chart's description)
components-chart-table-label = { $chart } (table)
components-chart-category = category
# A line chart for screen readers: "Weights: share against round for J1, J2"
components-chart-lines-describe = { $title }: { $y } against { $x } for { $series }
components-chart-interval-low = { $series } (95% low)
components-chart-interval-high = { $series } (95% high)
# A marked point, under the table: "truthful: round 1, share 0.5"
components-chart-marker = { $marker }: { $x_label } { $x }, { $y_label } { $y }
components-chart-row = row
# $axis: the time axis's label (slot)
components-chart-start = start ({ $axis })
components-chart-end = end ({ $axis })
components-chart-window-from = window from
components-chart-window-to = window to
components-chart-group = group
# The legend's entry of a job's window [A, D)
components-chart-window = window

## Files and the browser's storage
components-file-export-failed = could not export the file: { $reason }
components-file-read-failed = could not read the file: { $reason }
components-storage-none = this browser does not allow local storage
components-storage-none-edits = this browser does not allow local storage; edits will not survive a reload
components-storage-none-exercise = this browser does not allow local storage; the exercise will not survive a reload
components-storage-none-answers = this browser does not allow local storage; download your answers to keep them
components-storage-full = local storage is full
components-storage-full-scenario = could not autosave: local storage is full; export the scenario as a file
components-storage-full-exercise = could not keep the exercise: local storage is full
components-storage-full-answers = could not autosave the answers: local storage is full; download them as a file
components-storage-full-draft = could not keep the draft: local storage is full
components-storage-full-undo = could not keep what Undo brings back: local storage is full
components-storage-full-before-exercise = could not keep your work from before the exercise: local storage is full
components-storage-full-study = could not autosave the study: local storage is full
components-storage-full-table = the table is too large to keep across a reload (local storage is full); download it
components-storage-unavailable = local storage is unavailable

## The formulas' variables (the core's catalogues: the runner's documentation says the same)
components-var-abacus-resource = the job's share of that resource type, by its name (map, reduce, …); s1, s2, … by position for a name that is not a formula name
    .unit = fraction of the resource type's slots, 0 to 1
components-var-cloudshare-contribution = Σ ψ (the algorithm's psi) over the pieces run on the organization's processors, its own included, at t
    .unit = ψ (sp, rel: core-units × time; surface: core-units)
components-var-cloudshare-utility = Σ ψ (the algorithm's psi) over the organization's own pieces wherever they run, at t
    .unit = ψ (sp, rel: core-units × time; surface: core-units)
components-var-cloudshare-usage = Σ ψ_surface over the organization's own pieces at t: the core-units executed by t (FairShare's usage)
    .unit = core-units
components-var-cloudshare-processors = the organization's cores (its share of the federation; 0 if it only submits)
    .unit = cores
components-var-cloudshare-waiting = cores asked for by the organization's pieces waiting in its queue just before this choice (durations are unknown: the scheduler is non-clairvoyant); with unit pieces, the pieces waiting
    .unit = cores
components-var-cloudshare-last = when the organization was last chosen: the number of its last choice in this simulation (the first choice is 1), 0 if never (round robin is -last)
    .unit = choices
components-var-cloudshare-t = the time at which priorities are evaluated: the current time + 1 (the end of the current unit step)
    .unit = time units
components-var-era-demand-price = Basic-Econ's price for this unit: the highest price at which the predicted demand still to come exceeds the units left after it
    .unit = money per unit and slot
components-var-era-remaining = units of the resource still free at this slot after this unit (capacity − promised − i)
    .unit = units
components-var-era-capacity = the resource's capacity at this slot
    .unit = units
components-var-era-promised = units already promised at this slot (earlier reservations and this request's earlier parts)
    .unit = units
components-var-era-i = which unit of the part this is, from 1 (a fractional last unit: the part's units)
    .unit = units
components-var-era-t = the slot being priced
    .unit = slots
components-var-era-now = the slot at which the request is quoted (its submit time)
    .unit = slots
components-var-spot-m = time left: d − h hours, this one included (d − h slots·H with "remaining_unit": "slots")
    .unit = hours (or slots)
components-var-spot-r = remaining work of the job
    .unit = instance-hours
components-var-spot-q = cost so far (on-demand and spot)
    .unit = money
components-var-spot-a = usable instances this hour: min(r, c)
    .unit = instances
components-var-spot-c = the job's parallelism (most instances at once)
    .unit = instances
components-var-spot-p = the on-demand price
    .unit = money per instance-hour
components-var-spot-v = the job's value, earned if it completes by its deadline
    .unit = money
components-var-spot-z = the job's size
    .unit = instance-hours
components-var-spot-h = this hour of the job's life, from 0
    .unit = hours
components-var-spot-d = the job's deadline, from its arrival
    .unit = hours
components-var-spot-last = the spot price of the slot before this hour (p before the first slot)
    .unit = money per instance-hour
components-var-spot-avg = the γ-weighted average of the spot prices before this hour, as the variable bids average them, with the family's "gamma" (default 0: the last price; p before the first slot)
    .unit = money per instance-hour
