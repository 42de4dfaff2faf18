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
