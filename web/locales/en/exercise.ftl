# exercise: see web/locales/GLOSSARY.md for the terms every message follows.

## The bar of a page without an exercise.

exercise-bar-label = Classroom
exercise-make = Make an exercise
exercise-make-hint = Turn this scenario into an exercise link for a class: tasks with automatic checks, locked fields, hints.

## The student's view.

exercise-eyebrow = Exercise
exercise-written-in = { $lang ->
        [en] This exercise is written in English.
        [zh] This exercise is written in Chinese.
       *[other] This exercise is written in another language ({ $tag }).
    }
exercise-preview-note = Preview: this is what your students see.
exercise-back-to-teacher = Back to teacher mode
exercise-locked-list = Locked: { $fields }.
exercise-locked-note = Locked by the exercise: { $field } (it stays as the teacher set it).
exercise-results-hidden = The results are hidden until you have answered the “predict first” tasks: predict, then run.
exercise-checks-note = Checks run in your browser; your answers are saved in it as you go. For practice and teaching, not exams.
exercise-score-answered = { $done } of { $total } answered.
exercise-score-right = { $right } of { $total } right so far.
exercise-computing = Computing the exercise's answers… { $percent } %
exercise-worker-loading = Loading the background worker that computes the exercise's answers…
exercise-cannot-be-checked = This exercise cannot be checked: { $error }
exercise-cannot-check-exercise = This exercise cannot be checked: { $error }. Tell your teacher; this did not count as an attempt.
exercise-cannot-check-goal = This task cannot be checked: its goal { $goal } names nothing in the result. Tell your teacher; this did not count as an attempt.
exercise-cannot-check-no-answer = This task cannot be checked: it names no answer in the exercise's result. Tell your teacher; this did not count as an attempt.

## Why there is no result to check against.

exercise-why-scenario-problems = your scenario has problems: { $error }
exercise-why-not-finished = the run has not finished yet; check again when it has
exercise-why-cancelled = the run was cancelled
exercise-why-nothing-run = nothing has run yet
exercise-why-computing = its answers are still being computed ({ $percent } %): check again in a moment
exercise-why-worker-loading = the background worker that computes its answers is still loading
exercise-why-not-computed = its answers have not been computed

## One task.

exercise-your-answer = Your answer
exercise-options-of-task = Options of task { $number }
exercise-goal-hint = Edit the scenario on the page until its result meets the goal, then check: your scenario is your answer.
exercise-check = Check
exercise-check-scenario = Check my scenario
exercise-predict-badge = predict first
    .title = The results stay hidden until you have answered
exercise-attempts = { $n ->
        [one] { $n } attempt
       *[other] { $n } attempts
    }
exercise-show-hint = Show a hint ({ $number } of { $total })
exercise-type-a-number = Type a number first.
exercise-not-a-number = “{ $text }” is not a number: type one, e.g. 0.31. This did not count as an attempt.

## The answers bar.

exercise-your-name = Your name
exercise-download-answers = Download my answers
exercise-resume = Resume from file
exercise-print = Print worksheet
exercise-leave = Leave exercise
exercise-name-needed = Type your name first, at the top of the exercise: your teacher sees it, and the file is named after it.
exercise-resume-no-exercise = These answers were saved for no particular exercise; they are loaded into this exercise anyway — check them again.
exercise-resume-other-exercise = These answers were saved for another exercise (or another version of it); they are loaded into this exercise anyway — check them again.
exercise-resume-failed = Could not resume from that file: { $error }

## When the student has changed the scenario.

exercise-changed-both = You have changed the scenario. The number and choice tasks ask about the exercise's own scenario, so the numbers on the page may not be their answers now; the goal tasks check yours.
exercise-changed-asks = You have changed the scenario. The tasks ask about the exercise's own scenario, so the numbers on the page may not be their answers now.
exercise-changed-goals = You have changed the scenario: the goal tasks check it as it is.
exercise-back-to-scenario = Back to the exercise's scenario
exercise-answers-stay = Your answers stay; you can undo this.
exercise-scenario-restored = The page shows the exercise's scenario again; your answers are kept.
exercise-undo-back = Undo: my scenario again

## Teacher mode.

exercise-teacher-mode = Teacher mode
exercise-teacher-intro = The exercise is this page's scenario as it is now, plus what you write here. Number tasks are checked against the result of that scenario, computed when the student checks: the link stores no answers.
exercise-title-label = Title
exercise-text-label = Instructions (blank lines separate paragraphs)
exercise-lang-label = Written in
exercise-tasks-heading = Tasks ({ $count })
exercise-done-asking = Done asking
exercise-ask-on-page = ➕ Ask about a number on the page
exercise-ask-hint = Click a number in the page's results (outlined) to make a task of it.
exercise-result-picker = Or pick a number of the result from the list
exercise-action-ask = Ask
exercise-action-goal = Goal
exercise-action-lock = Lock
exercise-add-choice = Add a choice task
exercise-feedback-label = After a check, students are told
exercise-feedback-none = nothing (you grade the answer files)
exercise-feedback-right-wrong = right or wrong
exercise-feedback-direction = right, or too high / too low
exercise-feedback-distance = right, or how far off (gives the answer away quickly)
exercise-done-locking = Done locking
exercise-lock-on-page = Lock fields on the page
exercise-lock-hint = Click a field of the page (or press Enter on it) to lock or unlock it; locked ones turn grey.
exercise-lock-picker = Or pick them from the list of fields
exercise-preview = Preview as student
exercise-copy-link = Copy exercise link
exercise-download-exercise = Download exercise file
exercise-close-teacher = Close teacher mode
exercise-link-long = This link is { $length } characters long — too long for many chat and e-mail tools. Share the exercise file instead (students open it with the page's Import).
exercise-link-copied = Link copied to the clipboard (if the browser allowed it):
exercise-link-label = Exercise link
exercise-no-result-yet = the scenario has no result yet: fix its problems or wait for the run
exercise-draft-number = What is { $place }?
exercise-draft-goal = Change the scenario so that { $place } is at least { $min }.
exercise-draft-choice = Which …?
exercise-draft-option-first = first
exercise-draft-option-second = second

## One task in the teacher's editor.

exercise-task-kind = { $id } ({ $kind })
exercise-kind-number = number
exercise-kind-choice = choice
exercise-kind-goal = goal
exercise-now = now { $value }
exercise-remove-task = Remove task { $id }
exercise-prompt-label = Prompt
exercise-tolerance-abs = ± absolute
exercise-tolerance-rel = ± relative
exercise-predict-first = predict first (results hidden until answered)
exercise-options-label = Options, one per line
exercise-right-option = The right one
exercise-at-least = at least
exercise-at-most = at most
exercise-hints-label = Hints, one per line (revealed one at a time)
exercise-explanation-label = Explanation (shown once right)

## The teacher's pickers.

exercise-whole-field = (the whole field)
exercise-filter = Filter
exercise-col-field = field
exercise-col-value = value
exercise-col-actions = actions
exercise-action-on = { $action } { $place }
exercise-more-rows = … and { $count } more: filter to find them.
