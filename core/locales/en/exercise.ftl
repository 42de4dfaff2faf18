# exercise: the core's problems of its exercises as data; see web/locales/GLOSSARY.md.

## Verdicts: what a student is told after a check (and a teacher in the grades' tooltips).

exercise-verdict-correct = Correct.
exercise-verdict-saved = Answer saved. Your teacher will see whether it is right.
exercise-verdict-not-quite = Not quite.
exercise-verdict-too-high = Not quite: too high.
exercise-verdict-too-low = Not quite: too low.
exercise-verdict-no-answer = No answer yet.
exercise-verdict-not-a-number = The answer must be a number.
exercise-verdict-off-within = Not quite: off by { $off } (within ±{ $allow } counts as right).
exercise-verdict-off = Not quite: off by { $off }.
exercise-verdict-not-this-one = Not this one.
exercise-verdict-not-an-option = The answer must be one of the options.
exercise-verdict-no-goal = This task has no goal.
exercise-verdict-no-result = Your scenario has no result to check: { $why }
exercise-verdict-below = Not yet: { $value } is below { $bound }.
exercise-verdict-above = Not yet: { $value } is above { $bound }.
exercise-verdict-locks-changed = Locked fields were changed ({ $list }): the exercise fixes them; put them back.
exercise-verdict-no-expected-answer = no expected answer

## Why a goal's scenario has no result (the end of exercise-verdict-no-result).

exercise-why-text = { $why }
exercise-why-no-scenario = no scenario was given
exercise-why-unreadable = the scenario cannot be read: { $error }
exercise-why-other-mechanism = the scenario is of mechanism { $mechanism }, the exercise of { $exercise }
exercise-why-invalid = the scenario is invalid: { $error }
exercise-why-no-goal = the task has no goal
exercise-why-run-failed = the run failed: { $error }

## Grading warnings.

exercise-warn-no-fingerprint = { $file }: the answers name no exercise (no fingerprint); graded anyway
exercise-warn-other-exercise = { $file }: the answers are for another exercise (fingerprint { $theirs }, this one's is { $ours }); graded anyway

## Problems of an exercise document or an answers file, each at its JSON path.

exercise-err-answer-not-number-null = a number task's answer must be a number, got null
exercise-err-answer-not-number-bool = a number task's answer must be a number, got a true/false value
exercise-err-answer-not-number-number = a number task's answer must be a number, got a number
exercise-err-answer-not-number-string = a number task's answer must be a number, got a string
exercise-err-answer-not-number-array = a number task's answer must be a number, got an array
exercise-err-answer-not-number-object = a number task's answer must be a number, got an object
exercise-err-no-such-option = option { $index } does not exist: the options are numbered 0 to { $last }
exercise-err-none-of-the-options = { $text } is none of the options
exercise-err-choice-not-index-null = a choice's answer is an option's index (from 0), got null
exercise-err-choice-not-index-bool = a choice's answer is an option's index (from 0), got a true/false value
exercise-err-choice-not-index-number = a choice's answer is an option's index (from 0), got a number
exercise-err-choice-not-index-string = a choice's answer is an option's index (from 0), got a string
exercise-err-choice-not-index-array = a choice's answer is an option's index (from 0), got an array
exercise-err-choice-not-index-object = a choice's answer is an option's index (from 0), got an object
exercise-err-goal-no-fixed-answer = a goal task has no fixed answer
exercise-err-too-long = is limited to { $max } characters
exercise-err-pointer-start = { $pointer } is not a JSON pointer: it must start with "/", e.g. "/alpha"
exercise-err-pointer-tilde = { $pointer } is not a JSON pointer: "~" must be written "~0" (and "/" as "~1")
exercise-err-points-to-nothing = { $pointer } points to nothing in the result
exercise-err-not-finite = { $pointer } is not a finite number
exercise-err-points-to-kind-null = { $pointer } points to null, not a number
exercise-err-points-to-kind-bool = { $pointer } points to a true/false value, not a number
exercise-err-points-to-kind-number = { $pointer } points to a number, not a number
exercise-err-points-to-kind-string = { $pointer } points to a string, not a number
exercise-err-points-to-kind-array = { $pointer } points to an array, not a number
exercise-err-points-to-kind-object = { $pointer } points to an object, not a number
exercise-err-lang = { $lang } is not a language tag: write one such as "en" or "zh-CN"
exercise-err-lock-whole = lock single fields (e.g. "/alpha"), not the whole document, its version or mechanism
exercise-err-lock-not-a-field = { $pointer } is not a field of the exercise's scenario
exercise-err-no-tasks = an exercise needs at least one task
exercise-err-too-many-tasks = at most { $max } tasks, got { $count }
exercise-err-duplicate-id = { $id } is the id of an earlier task; ids must be unique
exercise-err-bad-id = { $id }: ids are 1 to { $max } letters, digits, "_", "-" or "."
exercise-err-no-prompt = a task needs a prompt
exercise-err-too-many-hints = at most { $max } hints
exercise-err-goal-only-goals = only goal tasks have a goal
exercise-err-answer-required = required: {"{"} "result": pointer {"}"} or {"{"} "value": … {"}"}
exercise-err-answer-one-of = give exactly one of "result" (a pointer) and "value"
exercise-err-goal-answer = a goal task's answer is the student's scenario
exercise-err-goal-predict = a goal task is checked on the student's own run: nothing to predict
exercise-err-goal-required = required: {"{"} "result": pointer, "min"/"max": bounds {"}"}
exercise-err-not-finite-number = must be a finite number
exercise-err-goal-bounds = give "min", "max" or both
exercise-err-goal-max-below-min = is below min ({ $max } < { $min })
exercise-err-tolerance-only-numbers = only number tasks have a tolerance
exercise-err-option-count = a choice needs 2 to { $max } options
exercise-err-option-empty = an option needs text
exercise-err-options-only-choices = only choice tasks have options
exercise-err-goal-tolerance = a goal's bounds are its tolerance
exercise-err-tolerance-negative = must be a finite number ≥ 0
exercise-err-no-exercise = required: this document is a scenario without an exercise
exercise-err-unreadable = could not be read
exercise-err-answers-object = an answers file is a JSON object
exercise-err-answers-version = answer files of version { $version } are not readable by this version (it reads { $reads })
