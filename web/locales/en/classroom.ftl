# classroom: see web/locales/GLOSSARY.md for the terms every message follows.

classroom-heading = Classroom: collect the answers
classroom-lead = Give the exercise, drop your students' answer files, and get a table of who answered what, a chart of correct answers per task and a CSV for your gradebook — without any server.
classroom-answer-files = 2. The students' answer files
classroom-choose-answer-files = Choose answer files…
classroom-drop-answer-files = Drop the students' answer files here (as many as you like, all at once or a few at a time),
classroom-no-files = No answer files yet.
classroom-files-given = { $n ->
        [one] { $n } file given.
       *[other] { $n } files given.
    }
classroom-remove-files = Remove all files
classroom-need-exercise = Give the exercise (step 1) to grade these files.
classroom-nothing-to-grade = None of these files answers this exercise.
classroom-summary = — { $mechanism }, { $count ->
        [one] { $count } task
       *[other] { $count } tasks
    } ({ $ids }), from { $origin }.
classroom-fingerprint = Fingerprint:

## How it works.

classroom-how = How it works
classroom-how-students = Students open the exercise's link, answer its tasks beside the live page, and download their answers as a file (the button “Download my answers”). Each file names the student and carries the exercise's fingerprint, a hash of the exercise as its link holds it. Collect the files (by e-mail, a shared folder, a learning platform) and drop them here.
classroom-how-checks-before = The page recomputes the exercise's results and checks every answer with the same code as the student's page and the command-line runner (
classroom-how-checks-after = prints the same CSV). A goal task's scenario is run again here, so an answers file cannot simply claim a goal is met. Files whose fingerprint is not this exercise's are listed apart and not graded.
classroom-how-local = Everything happens in this browser tab: the files are not uploaded anywhere.
classroom-practice = Practice, not exams.
classroom-practice-text = The checks run in the student's browser and the expected answers are computed from the exercise the link carries, so a determined student can read the answers (and can write an answers file by hand). The playground is for practice and teaching, not for exams.

## Giving the exercise.

classroom-exercise = 1. The exercise
classroom-choose-exercise-file = Choose the exercise file…
classroom-drop-exercise-file = Drop the exercise's JSON file here (the file the teacher mode saves, or cloudecon exercise NAME prints),
classroom-paste-link = or paste its link
classroom-open-link = Open the link
classroom-pick-shipped = or pick a shipped one
classroom-choose-shipped = Choose a shipped exercise…
classroom-scenario-not-exercise = this is a scenario without an exercise block: give the exercise itself
classroom-paste-link-first = paste the exercise's link first
classroom-link-no-exercise = the link has no exercise in it (no #s= part)
classroom-no-shipped = there is no shipped exercise named { $name }
classroom-origin-file = the file { $name }
classroom-origin-link = the link
classroom-origin-shipped = the shipped exercise { $name }
classroom-problem-in = { $origin }: { $problem }

## Grading.

classroom-grading-progress = Grading progress
classroom-grading = Grading… { $percent } %
classroom-cancel = Cancel
classroom-grading-cancelled = Grading cancelled.
classroom-grade-again = Grade again
classroom-cannot-grade = This exercise cannot be graded:

## The grades.

classroom-grades-heading = { $n ->
        [one] Grades: { $n } student
       *[other] Grades: { $n } students
    }
classroom-grades-hint = ✓ right, ✗ wrong; hover a cell (or focus the table with a screen reader) for the answer given. Below each mark: the checks the student made and the hints they revealed.
classroom-grades-table = Grades table
classroom-col-student = Student
classroom-col-total = Total
classroom-csv = Download CSV
    .title = student,task,correct,given,expected: one row per student and task, as cloudecon grade prints
classroom-chart-title = Correct answers per task
classroom-chart-axis = students correct
classroom-chart-students = students
classroom-usage = { $attempts ->
        [one] { $attempts } attempt
       *[other] { $attempts } attempts
    }, { $hints ->
        [one] { $hints } hint
       *[other] { $hints } hints
    }
classroom-no-answer = no answer
classroom-given = given: { $answer }
classroom-expected = ; expected: { $answer }
classroom-bounds-between = in [{ $lo }, { $hi }]
classroom-bounds-at-least = ≥ { $lo }
classroom-bounds-at-most = ≤ { $hi }
classroom-bounds-any = any value
classroom-tooltip = { $given }{ $expected } — { $message }
classroom-cell-correct = correct, given { $given }
classroom-cell-wrong = wrong, given { $given }
classroom-cell-correct-nothing = correct, given nothing
classroom-cell-wrong-nothing = wrong, given nothing
classroom-from = from { $file }

## Files not graded.

classroom-not-graded = Files not graded
classroom-fingerprint-none = none
classroom-foreign-before = These answer other exercises (or name none): their fingerprint is not this exercise's
classroom-foreign-after = . Grade them against their own exercise.
classroom-foreign-label = Answers for another exercise
classroom-col-file = File
classroom-col-fingerprint = Exercise fingerprint
classroom-unreadable = These could not be read as answer files:
classroom-file-is-exercise = this is an exercise document, not an answers file: give it as the exercise above
classroom-file-is-scenario = this is a scenario document, not an answers file
