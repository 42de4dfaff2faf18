# abacus: see web/locales/GLOSSARY.md for the terms every message follows.

## The page (mod.rs)
abacus-title = Abacus: a budget-splitting auction
abacus-lead = Each job bids a budget and a utility over resource types; the auctioneer splits every budget into sub-budgets and gives job i resource j with probability s_ij = b_ij^α / Σ_l b_lj^α. Edit any number: the auction recomputes as you type. (Zhang, Ma, Ding, Yang, IC2E 2013.)
abacus-to-estimate = Estimate a utility from finished jobs →
abacus-scheduler = Scheduler
abacus-scheduler-off-hint = Run the jobs on slots: users submit jobs over time and Abacus is compared with FIFO and Fair.
abacus-scheduler-add = Add a scheduler

## Explanations (explain.rs)
abacus-explain-alpha = What α does
abacus-explain-alpha-text = Shares are s_ij = b_ij^α / Σ_l b_lj^α. With α = 0 every job gets 1/n of every resource whatever it pays; with α = 1 resources are shared in proportion to money. In between, money buys priority with diminishing returns. The paper restricts α to [0, 1] so that each job's utility is concave in its sub-budgets (Lemma 1).
abacus-explain-split = Why the split is automatic
abacus-explain-split-text = A job only states its total budget. The auctioneer moves each job's money to where it buys the most utility: it sets b_ij in proportion to (∂u_i/∂s_ij) · s_ij · (1 − s_ij), job after job, until nothing moves. At that fixed point each job's split is the best it could choose itself given the others (Lemma 2), so a user gains nothing by splitting by hand (Lemma 3).
abacus-explain-incentive = Incentive compatibility
abacus-explain-incentive-text = A job's true utility can only fall if it reports a lower budget (Lemma 4: utility rises with the budget) or other weights than its true ones (Theorem 2). The condition: every user has at most one running job at a time — with several, a user could shift money between its own jobs. The explorer reruns the auction for each report and evaluates the true utility at the shares obtained; the marked point is the truth. Reporting a lower budget never pays here. Reporting other weights occasionally does, by a little (e.g. J3 of the running example gains 0.0014 by reporting the ratio 0.45): at the new equilibrium the other jobs' splits react to the report, which the theorem's argument does not account for.
abacus-explain-scheduler = The scheduler
abacus-explain-scheduler-text = Shares are probabilities: when a slot frees, it goes to a job with a ready task, chosen in proportion to its share. The auction is recomputed whenever a job arrives or leaves. FIFO and Fair run on the same arrivals for comparison.

## Editors (editors.rs)
abacus-auction = Auction
abacus-alpha-hint = α = 0 shares every resource equally (1/n); α = 1 shares in proportion to sub-budgets. The paper allows α in [0, 1] and proves convergence for α ≤ 0.5.
abacus-stopping-rule = Stopping rule
abacus-tolerance = Tolerance
abacus-max-rounds = Max rounds
abacus-max-rounds-label = Maximum rounds
abacus-stopping-hint = Stops when no sub-budget moves by more than tolerance × the largest budget in a round.
abacus-resource-types = Resource types ({ $count })
abacus-resource-name = Name
abacus-resource-units = Units
abacus-resource-name-label = Name of resource { $n }
abacus-resource-units-label = Units of { $name }
abacus-resource-remove-title = Remove this resource type
abacus-resource-remove = Remove resource { $n }
abacus-resource-add = Add resource type
abacus-jobs = Jobs ({ $count })
abacus-job = Job
abacus-budget-dollars = Budget $
abacus-utility = Utility
abacus-job-name-label = Name of job { $n }
abacus-job-budget-label = Budget of { $job }
abacus-job-utility-label = Utility of { $job }
abacus-utility-linear = linear w·s
abacus-utility-log = log w·ln s
abacus-utility-power = power w·sᵖ
abacus-utility-formula = your formula u(s)
abacus-job-formula-label = Utility formula of { $job }
abacus-job-weight-label = Weight of { $job } on resource { $n }
abacus-exponent = Exponent
abacus-job-remove-title = Remove this job
abacus-job-remove = Remove job { $n }
abacus-job-formula-hint = A formula utility reads the job's shares by resource name: { $names }. Each is the job's share of that resource type, 0 to 1. Choosing “your formula” starts from the job's own utility written out (the same auction). Try Leontief 3*min({ $a }/2, { $b }), Cobb–Douglas { $a }^0.5 * { $b }^0.5 or diminishing returns sqrt({ $a }) + 2*sqrt({ $b }). The auction splits the budget by ∂u/∂s, computed exactly; it settles for utilities that are concave and non-decreasing in each share.
abacus-job-add = Add job

## The auction's results (results.rs)
abacus-chart-first-of = { $title } (first { $first } of { $jobs } jobs)
abacus-chart-shares = Shares s_ij per job and resource
abacus-chart-share = share
abacus-chart-split = Sub-budget split b_ij
abacus-chart-rounds = Sub-budgets by round
abacus-chart-rounds-first = Sub-budgets by round (first { $first } jobs)
abacus-chart-round = round
abacus-chart-sub-budget = sub-budget $
abacus-chart-residual = Largest sub-budget change per round
abacus-chart-max-change-dollars = max |Δb| $
abacus-chart-max-change = max |Δb|
abacus-converged-before = Converged in
abacus-converged-after = rounds.
abacus-not-converged-before = Not converged after
abacus-not-converged-after = rounds: raise the round cap or the tolerance.
abacus-not-converged-after-formula = rounds. A formula utility may be why: Algorithm 2 finds each job's best response when its utility is concave and non-decreasing in each share (Lemma 2); with a convex or kinked formula (x^2, min, if) there may be no split it settles on. Otherwise raise the round cap or the tolerance.
abacus-results-label = Auction results
abacus-results-share-title = share s_ij
abacus-results-sub-budget-title = sub-budget b_ij
abacus-results-utility-title = u_i(s_i) under the job's bid
abacus-results-utility = utility

## The incentive explorer (sweep.rs)
abacus-sweep = Incentive explorer
abacus-sweep-off = — off —
abacus-sweep-over = varies its reported
abacus-sweep-budget = budget
abacus-sweep-ratio = weight ratio w₁/w₂
abacus-sweep-from = from
abacus-sweep-from-label = Sweep from
abacus-sweep-to = to
abacus-sweep-to-label = Sweep to
abacus-sweep-points = points
abacus-sweep-points-label = Points
abacus-sweep-axis-budget = reported budget of { $job } $
abacus-sweep-axis-ratio = reported weight ratio w₁/w₂ of { $job }
abacus-sweep-true-series = { $job } (true utility)
abacus-sweep-chart = True utility against the report (Fig. 8)
abacus-sweep-true-utility = true utility
abacus-sweep-truthful = truthful
abacus-sweep-truthful-best = No report in this range beats the truth for { $job }: the best gain from misreporting is
abacus-sweep-truthful-best-end = .
abacus-sweep-gain-before = A misreport gains
abacus-sweep-gain-after = for { $job } here. Theorem 2 says it cannot, but the others' sub-budgets react to the report; such instances exist (about 1–5 % of random ones for weight reports; see the docs). Lower budgets never pay.
abacus-sweep-monotone = Utility rises with the budget (Lemma 4).
abacus-sweep-not-monotone = Utility is not monotone in the budget here.

## Convergence statistics (study.rs)
abacus-study = Convergence statistics (Fig. 6)
abacus-study-hint = Random instances of the paper's default setting (32 users, 4 resources, α = 0.5, budgets U[50, 200], weights U[0.5, 2]); one of them varies. Tolerance 1e-10.
abacus-study-vary = Vary
abacus-study-users = users
abacus-study-resources = resource types
abacus-study-users-axis = number of users
abacus-study-resources-axis = number of resource types
abacus-study-chart = Rounds to converge, mean over random instances (Fig. 6)
abacus-study-rounds = rounds
abacus-study-linear = linear utilities
abacus-study-log = log utilities
abacus-study-runs = runs per point
abacus-study-runs-label = Runs per point
abacus-study-seed = seed
abacus-study-seed-label = Seed
abacus-study-computing = Computing…
abacus-study-compute = Compute
abacus-study-linear-column = linear: mean (max)
abacus-study-log-column = log: mean (max)

## The scheduler (schedule.rs)
abacus-phases-in-order = phases in order (reduces wait for maps)
abacus-horizon = Arrivals stop at (s)
abacus-horizon-label = Horizon
abacus-user = User
abacus-bids-title = Reported budget (empty: the true one)
abacus-bids = Bids $
abacus-arrivals-title = Poisson arrivals (jobs per minute) or explicit arrival times (seconds)
abacus-expected-arrival-times = a list of arrival times in seconds, e.g. 0, 30, 90
abacus-arrivals = Arrivals
abacus-user-utility-title = The true utility: weights (the w columns) or your formula
abacus-user-weight-title = true utility weight
abacus-user-tasks = tasks({ $resource })
abacus-user-time = time({ $resource }) s
abacus-reported-title = The utility the user bids: its true one, or your formula (a misreport)
abacus-reported = Reported utility
abacus-user-name-label = User name
abacus-user-budget-label = Budget
abacus-user-reported-budget-label = Reported budget
abacus-user-formula-label = Utility formula of user { $user }
abacus-user-weight-label = Weight
abacus-user-tasks-label = Tasks
abacus-user-time-label = Task time
abacus-user-remove = Remove user { $n }
abacus-user-formula-hint = A formula utility reads the user's shares by resource name: { $names }. Choosing “your formula” starts from the user's own utility written out (the same schedule); a reported formula is what the user bids in the auction, the true one what its jobs are worth.
abacus-user-add = Add user
abacus-scheduler-off = Turn the scheduler off
abacus-scheduler-hint = Each user submits jobs at random (Poisson) until the horizon; a job runs its tasks per resource type. Under Abacus a free slot goes to a job at random in proportion to its share; FIFO serves the oldest job, Fair the job with the fewest running tasks. Same arrivals and seed (above) for all three.
abacus-user-utility-label = Utility of user { $user }
abacus-user-utility-weights = weights w
abacus-user-reported-label = Reported utility of user { $user }
abacus-reported-true = its true utility
abacus-reported-weights = the document's weights
abacus-user-reported-formula-label = Reported utility formula of user { $user }
abacus-response-chart = Mean response time per user (Fig. 9)
abacus-seconds = seconds
abacus-busy-chart = Busy slots over time under { $policy }
abacus-time-seconds = time (s)
abacus-busy-fraction = busy fraction
abacus-policy = Policy
abacus-policy-jobs = jobs
abacus-mean-response = mean response (s)
abacus-makespan = makespan (s)
abacus-busy = busy({ $resource })
abacus-arrival-process = Arrival process
abacus-arrivals-rate = λ /min
abacus-arrivals-times = at (s)
abacus-arrivals-rate-label = Arrivals per minute
abacus-arrivals-times-label = Arrival times (s)

## What an edit replaces, for Undo (state.rs)
abacus-undo-remove-job = removing job { $n }
abacus-undo-remove-resource = removing resource { $n }
abacus-undo-remove-user = removing user { $n }
abacus-undo-job-utility = switching job { $n }'s utility
abacus-undo-user-utility = switching user { $n }'s utility
abacus-undo-sweep-off = turning the incentive explorer off

## Utility estimation (estimate/)
abacus-estimate-title = Abacus: estimating a utility from finished jobs
abacus-estimate-lead = A user who does not know its utility bids a default one; for each finished job the system records the job's average share of every resource and a measured utility (e.g. 1 / response time). Regression then recovers the weights (Section V).
abacus-estimate-resource-n = resource { $n }
abacus-estimate-estimated = estimated
abacus-estimate-true = true
abacus-estimate-weights-chart = Weights, normalised to sum 1 (Fig. 10)
abacus-estimate-weights-axis = w_j / Σ w
abacus-estimate-fit-chart = Measured and fitted utility per job
abacus-estimate-observation = observation
abacus-estimate-measured = measured
abacus-estimate-fitted = fitted
abacus-estimate-fit = Fit
abacus-estimate-linear = linear: u = Σ w_j s̄_j
abacus-estimate-log = log: u = Σ w_j ln s̄_j
abacus-estimate-nnls = non-negative weights (NNLS)
abacus-estimate-from-schedule = Observations made by the scheduler
abacus-estimate-from-schedule-text = The run first schedules the { $users } users of its Abacus scenario under Abacus, with { $user } bidding the default utility (equal weights) while its true utility stays hidden, and observes its first { $jobs } finished jobs: each job's average shares s̄ and { $measure }.
abacus-estimate-measure-response = 1 / response time (the paper's measure)
abacus-estimate-measure-hidden = its hidden utility at s̄
abacus-estimate-observed = This run observed { $jobs } jobs (first: shares { $shares }, utility
abacus-estimate-observed-end = ).
abacus-estimate-resource = resource
abacus-estimate-estimated-w = estimated w
abacus-estimate-true-w = true w
abacus-estimate-rss = Residual sum of squares
abacus-estimate-rss-over = over
abacus-estimate-rss-jobs = jobs.
abacus-estimate-regression = The regression
abacus-estimate-regression-math = minimise over w:  Σ_l ( u_l − Σ_j w_j φ(s̄_lj) )²,   φ(s) = s (linear) or ln s (log)
abacus-estimate-regression-text = With m resource types, m jobs with independent shares determine the weights exactly; more jobs average out measurement noise. Non-negative least squares (Lawson–Hanson) keeps every weight ≥ 0, as a utility's weights must be. Only the ratio of the weights matters to the auction.
abacus-estimate-csv-error = Could not import the CSV; your work is unchanged.
    { $error }
abacus-estimate-observations = Observations ({ $count })
abacus-estimate-remove-resource = Remove resource type { $n }
abacus-estimate-share-label = Share { $n } of job { $job }
abacus-estimate-utility-label = Utility of job { $job }
abacus-estimate-true-weight-label = True weight { $n }
abacus-estimate-true-weights-row = ← true weights (for comparison only)
abacus-estimate-compare = compare with true weights
abacus-estimate-import = Import CSV
abacus-estimate-export = Export CSV
abacus-estimate-example-title = Estimating a utility
abacus-estimate-csv-hint = CSV: a header row, then one row per job: its average shares s̄₁ … s̄ₘ and, last, its measured utility.
abacus-estimate-undo-kind = switching where the observations come from
abacus-estimate-undo-remove = removing observation { $n }
abacus-estimate-undo-import = importing observations

## The presets (the core's descriptions, shown in the preset menu)
preset-abacus-running-example = the paper's running example (Figs. 2–4; J2 and J3 reconstructed)
preset-abacus-table-one = Table I: three users with Poisson arrivals, Abacus vs FIFO vs Fair (Figs. 8–9)
preset-abacus-convergence-linear = Figs. 6–7 setting: 32 users, 4 resources, linear utilities
preset-abacus-convergence-log = Figs. 6–7 setting: 32 users, 4 resources, log utilities
preset-abacus-estimate-user-3 = Fig. 10: User 3 of Table I bids the default utility; fit its weights to 1 / response time of 20 jobs
preset-abacus-estimate-user-3-model = User 3 of Table I bids the default utility; its jobs measured by its hidden 6x + y (weights recovered)
preset-abacus-estimate-example = five observed jobs of a user whose true utility is about 6x + y

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-abacus-running-example = Abacus running example (Figs. 2–4)
preset-notes-abacus-running-example = J1 = ($100, 3x + 2y) is from the paper. J2 = ($200, 3x + 2y) and J3 = ($160, 2x + 4y) are reconstructed (the figure was lost): they reproduce every number the text reports — J1 ends at $64.0 / $36.0 with shares 0.309 / 0.236, and J3 gets more reduce share than J2.
preset-title-abacus-table-one = Table I: three users, Poisson arrivals
preset-notes-abacus-table-one = Map/reduce task times 30/20, 15/40 and 60/10 s; budgets $200; arrivals 2, 1.5 and 1.1 per minute for 30 minutes. True utilities are linear in the task times, as in the paper (u1 = 3x + 2y). The sweep varies User 3's reported budget (Fig. 8a); the schedule compares Abacus with FIFO and Fair (Fig. 9).
preset-title-abacus-convergence-linear = Convergence setting (Figs. 6–7): 32 users, 4 resources
preset-notes-abacus-convergence-linear = Budgets uniform in [50, 200], weights uniform in [0.5, 2], α = 0.5, as in the paper's default setting; change the seed for another random instance.
preset-title-abacus-convergence-log = { preset-title-abacus-convergence-linear }
preset-notes-abacus-convergence-log = { preset-notes-abacus-convergence-linear }
preset-title-abacus-estimate-user-3 = Estimating User 3's utility from its jobs
preset-notes-abacus-estimate-user-3 = User 3 bid the default utility (equal weights) while its true utility stayed hidden; each observation is one of its finished jobs under Abacus: the average share of each resource over the job's life and the measured utility 1 / response time (the paper's Hadoop measure). Built from "Table I: three users, Poisson arrivals" (seed 1).
preset-title-abacus-estimate-user-3-model = { preset-title-abacus-estimate-user-3 }
preset-notes-abacus-estimate-user-3-model = User 3 bid the default utility (equal weights) while its true utility stayed hidden; each observation is one of its finished jobs under Abacus: the average share of each resource over the job's life and its hidden true utility at those shares (the estimation model's measurement). Built from "Table I: three users, Poisson arrivals" (seed 1).

abacus-seed-use = The scheduler draws its arrivals and Abacus's slot choices from it.
