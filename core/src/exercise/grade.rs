//! Grading answer files against an exercise: one resumable [`Job`] that runs the exercise's
//! scenario (the expected answers are pointers into its result), then each goal answer's scenario,
//! and checks every answer with the functions of [`super::check`] — the student's browser checks
//! with the same ones. `cloudecon grade` and the `/classroom` page both run it.

use serde_json::Value;

use super::answers::Answers;
use super::check::{self, check_choice, check_goal_keyed, check_number, Expected, Key, Verdict};
use super::document::ExerciseDocument;
use super::model::TaskKind;
use super::pointer;
use crate::error::ScenarioError;
use crate::runner::{self, ScenarioJob};
use crate::scenario::Scenario;
use crate::sim::{Job, Progress, Step};

/// One answers file to grade.
#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    /// Where it came from (a file name), for messages and when the student left no name.
    pub source: String,
    pub answers: Answers,
}

/// One student's grades, one verdict per task in the exercise's order.
#[derive(Debug, Clone, PartialEq)]
pub struct StudentGrades {
    /// The student's name (the file's name when the student gave none).
    pub student: String,
    pub source: String,
    /// The fingerprint the file names, and whether it is this exercise's.
    pub fingerprint: String,
    pub same_exercise: bool,
    /// Task id and verdict, attempts and hints used, per task.
    pub tasks: Vec<TaskGrade>,
}

/// One task of one student.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskGrade {
    pub task: String,
    pub verdict: Verdict,
    pub attempts: u32,
    pub hints: u32,
}

/// The grades of every submission, in submission order.
#[derive(Debug, Clone, PartialEq)]
pub struct Grades {
    pub fingerprint: String,
    pub students: Vec<StudentGrades>,
}

impl Grades {
    /// `student,task,correct,given,expected`: one row per student and task.
    pub fn to_csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut rows = vec![["student", "task", "correct", "given", "expected"].map(String::from)];
        for s in &self.students {
            for t in &s.tasks {
                let v = &t.verdict;
                rows.push([
                    s.student.clone(),
                    t.task.clone(),
                    v.correct.to_string(),
                    v.given.clone(),
                    v.expected.clone(),
                ]);
            }
        }
        for row in rows {
            // Writing to memory cannot fail.
            let _ = w.write_record(&row);
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    /// Warnings about the files: answers that carry no fingerprint, or another exercise's.
    pub fn warnings(&self) -> Vec<String> {
        self.warnings_keyed().iter().map(Key::english).collect()
    }

    /// [`Grades::warnings`] as data.
    pub fn warnings_keyed(&self) -> Vec<Key> {
        (self.students.iter().filter(|s| !s.same_exercise))
            .map(|s| match s.fingerprint.as_str() {
                "" => Key::new("exercise-warn-no-fingerprint", vec![("file", s.source.clone())]),
                other => Key::new(
                    "exercise-warn-other-exercise",
                    vec![("file", s.source.clone()), ("theirs", other.to_string()), ("ours", self.fingerprint.clone())],
                ),
            })
            .collect()
    }
}

/// A run of a student's goal scenario, or why there is none.
struct GoalRun {
    student: usize,
    task: usize,
    /// The scenario as a document (for the locked fields), and its run once started.
    value: Value,
    scenario: Option<Scenario>,
    outcome: Option<Result<f64, Key>>,
}

/// The grading job (see the module documentation).
pub struct Grading {
    doc: ExerciseDocument,
    scenario_value: Value,
    submissions: Vec<Submission>,
    /// The run of the exercise's scenario, then its expected answers (per task).
    own: Option<ScenarioJob>,
    expected: Vec<Option<Expected>>,
    goals: Vec<GoalRun>,
    /// The goal run under way (an index into `goals`) and its job.
    current: Option<(usize, ScenarioJob)>,
    next_goal: usize,
    /// Runs to make (the exercise's, then one per readable goal scenario) and runs made.
    runs_total: u64,
    runs_done: u64,
    failed: Option<ScenarioError>,
}

impl Grading {
    /// Prepares the grading of `submissions` (a *validated* exercise document).
    pub fn new(doc: ExerciseDocument, submissions: Vec<Submission>) -> Self {
        let scenario_value = doc.scenario.to_value();
        let mut runs_total = 1;
        let mut goals = Vec::new();
        for (s, sub) in submissions.iter().enumerate() {
            for (t, task) in doc.exercise.tasks.iter().enumerate() {
                if task.kind != TaskKind::Goal {
                    continue;
                }
                let value = sub.answers.scenario(&task.id).cloned().unwrap_or(Value::Null);
                let mut run = GoalRun { student: s, task: t, value: Value::Null, scenario: None, outcome: None };
                match read_student_scenario(&value, &doc.scenario) {
                    Ok(scenario) => {
                        run.value = scenario.to_value();
                        // A scenario that changed a locked field is not run: its verdict says so.
                        let locks = check::locks_problem(&doc.exercise.locked, &scenario_value, &run.value);
                        match (locks, scenario.validate()) {
                            (Some(_), _) => {}
                            (None, Ok(())) => {
                                runs_total += 1;
                                run.scenario = Some(scenario);
                            }
                            (None, Err(e)) => run.outcome = Some(Err(invalid(&e))),
                        }
                    }
                    Err(why) => run.outcome = Some(Err(why)),
                }
                goals.push(run);
            }
        }
        let own = runner::start(&doc.scenario);
        let failed = own.as_ref().err().cloned();
        Grading {
            doc,
            scenario_value,
            submissions,
            own: own.ok(),
            expected: Vec::new(),
            goals,
            current: None,
            next_goal: 0,
            runs_total,
            runs_done: 0,
            failed,
        }
    }

    /// The grades, once every run is done.
    fn grades(&self) -> Grades {
        let fingerprint = self.doc.fingerprint();
        let students = (self.submissions.iter().enumerate())
            .map(|(s, sub)| {
                let a = &sub.answers;
                let tasks = (self.doc.exercise.tasks.iter().enumerate())
                    .map(|(t, task)| {
                        let given = a.answers.get(&task.id);
                        let verdict = match (task.kind, self.expected.get(t).copied().flatten()) {
                            (TaskKind::Number, Some(Expected::Number(x))) => check_number(task, x, given),
                            (TaskKind::Choice, Some(Expected::Choice(i))) => check_choice(task, i, given),
                            (TaskKind::Goal, _) => {
                                let run = self.goals.iter().find(|g| g.student == s && g.task == t);
                                let value = run.map_or(&Value::Null, |g| &g.value);
                                let outcome = run
                                    .and_then(|g| g.outcome.clone())
                                    .unwrap_or_else(|| Err(Key::new("exercise-why-no-scenario", vec![])));
                                check_goal_keyed(task, &self.doc.exercise.locked, &self.scenario_value, value, outcome)
                            }
                            _ => Verdict::cannot_check_keyed("exercise-verdict-no-expected-answer", vec![]),
                        };
                        let attempts = a.attempts.get(&task.id).copied().unwrap_or(0);
                        let hints = a.hints_used.get(&task.id).copied().unwrap_or(0);
                        TaskGrade { task: task.id.clone(), verdict, attempts, hints }
                    })
                    .collect();
                let student = if a.student.trim().is_empty() { sub.source.clone() } else { a.student.clone() };
                StudentGrades {
                    student,
                    source: sub.source.clone(),
                    fingerprint: a.exercise.clone(),
                    same_exercise: a.exercise == fingerprint,
                    tasks,
                }
            })
            .collect();
        Grades { fingerprint, students }
    }

    /// The expected answers, from the result of the exercise's own scenario.
    fn set_expected(&mut self, result: &Value) -> Result<(), ScenarioError> {
        self.expected = self.doc.expectations(result)?;
        Ok(())
    }
}

/// A goal answer's scenario, read (not yet validated: its locked fields are checked first); it
/// must be of the exercise's mechanism.
fn read_student_scenario(value: &Value, exercise: &Scenario) -> Result<Scenario, Key> {
    if value.is_null() {
        return Err(Key::new("exercise-why-no-scenario", vec![]));
    }
    let scenario = Scenario::read_value(value.clone())
        .map_err(|e| Key::new("exercise-why-unreadable", vec![]).with_problems("error", e))?;
    if scenario.kind() != exercise.kind() {
        let args = vec![
            ("mechanism", format!("{:?}", scenario.kind().tag())),
            ("exercise", format!("{:?}", exercise.kind().tag())),
        ];
        return Err(Key::new("exercise-why-other-mechanism", args));
    }
    Ok(scenario)
}

/// Why a goal's scenario has no run: its problems.
fn invalid(e: &ScenarioError) -> Key {
    Key::new("exercise-why-invalid", vec![]).with_problems("error", e.clone())
}

impl Job for Grading {
    type Output = Result<Grades, ScenarioError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        if let Some(e) = &self.failed {
            return Step::Done(Err(e.clone()));
        }
        if let Some(job) = &mut self.own {
            match job.step(budget) {
                Step::Working(_) => return Step::Working(self.progress()),
                Step::Done(out) => {
                    self.own = None;
                    self.runs_done = 1;
                    let checked = out.and_then(|out| self.set_expected(&out.to_value()));
                    if let Err(e) = checked {
                        self.failed = Some(e.clone());
                        return Step::Done(Err(e));
                    }
                    return Step::Working(self.progress());
                }
            }
        }
        if self.current.is_none() {
            while self.next_goal < self.goals.len() {
                let g = self.next_goal;
                self.next_goal += 1;
                if let Some(scenario) = self.goals[g].scenario.take() {
                    match runner::start_owned(scenario) {
                        Ok(job) => {
                            self.current = Some((g, job));
                            break;
                        }
                        Err(e) => {
                            self.goals[g].outcome = Some(Err(invalid(&e)));
                            self.runs_done += 1;
                        }
                    }
                }
            }
        }
        let Some((g, job)) = &mut self.current else {
            return Step::Done(Ok(self.grades()));
        };
        let g = *g;
        match job.step(budget) {
            Step::Working(_) => Step::Working(self.progress()),
            Step::Done(out) => {
                let task = &self.doc.exercise.tasks[self.goals[g].task];
                let outcome = match (out, &task.goal) {
                    (Ok(out), Some(goal)) => pointer::number_at_keyed(&out.to_value(), &goal.result),
                    (Ok(_), None) => Err(Key::new("exercise-why-no-goal", vec![])),
                    (Err(e), _) => Err(Key::new("exercise-why-run-failed", vec![]).with_problems("error", e)),
                };
                self.goals[g].outcome = Some(outcome);
                self.current = None;
                self.runs_done += 1;
                Step::Working(self.progress())
            }
        }
    }

    fn progress(&self) -> Progress {
        // Each run counts 1,000 units; the one under way its fraction of them.
        const RUN: u64 = 1000;
        let job = self.own.as_ref().or(self.current.as_ref().map(|(_, job)| job));
        let part = job.map_or(0, |job| (job.progress().fraction() * RUN as f64) as u64);
        let total = self.runs_total * RUN;
        Progress { done: (self.runs_done * RUN + part).min(total), total }
    }
}
