# cloudshare: see web/locales/GLOSSARY.md for the terms every message follows.

## The page
cloudshare-title = CloudShare: fair non-monetary scheduling in federated clouds
cloudshare-lead = Providers pool their processors and run each other's jobs, with no money changing hands. Is the sharing fair? The reference is the Shapley value: each provider's average effect on the federation's total wait. DirectContr serves next the provider whose contribution most exceeds what it received; FairShare and round robin are the baselines. Edit anything: small scenarios recompute as you type. (Pacholczyk et al., CrossCloud 2018.)

## Presets (the menu shows each preset by its description)
preset-cloudshare-toy = The paper's example: DirectContr vs FairShare (Figs. 2–3)
preset-cloudshare-scenario1 = Scenario 1: equal processors, random users, Table 1 scores
preset-cloudshare-scenario2 = Scenario 2: Zipf processors, random users
preset-cloudshare-scenario3 = Scenario 3: local background load

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-cloudshare-toy = CloudShare: the paper's two-organization example (Figs. 2–3)
preset-notes-cloudshare-toy = A and B have one machine each. A submits a 2-unit job at 0, 2, 4, 6 and 8; B two 3-unit jobs at 4. At time 4 DirectContr sees equal priorities (every job so far ran at home) and keeps A's machine for A; FairShare favours B (A has used its share) and gives B both machines, delaying A's jobs 3, 4 and 5 by 5 units in all. Jobs are not split here, so each algorithm is judged against its own Shapley reference.
preset-title-cloudshare-scenario1 = CloudShare scenario 1: equal processors, random users (NASA iPSC/860)
preset-notes-cloudshare-scenario1 = Five organizations of 26 processors (the iPSC/860 had 128 nodes), each user of the log mapped to a random organization; jobs cut into unit, single-processor pieces (1 hour); the day from hour 72, then Table 1's scores over 20 random 24-hour windows of the log's first 14 days.
preset-title-cloudshare-scenario2 = CloudShare scenario 2: Zipf processors, random users (NASA iPSC/860)
preset-notes-cloudshare-scenario2 = As scenario 1, with 130 processors spread over the five organizations by a Zipf law (s = 1: 57, 29, 19, 14, 11).
preset-title-cloudshare-scenario3 = CloudShare scenario 3: background load from local users (NASA iPSC/860)
preset-notes-cloudshare-scenario3 = As scenario 1, with half of the users (drawn with the seed) local to their organization: their jobs run only on its own processors, before federation jobs, and stay out of the fairness accounting — the capacity an organization lends changes with its local load.

## Organizations
cloudshare-orgs-legend = Organizations ({ $n })
cloudshare-orgs-kind-label = How the organizations are given
cloudshare-orgs-kind-list = a list (name, processors)
cloudshare-orgs-kind-equal = N organizations, equal processors
cloudshare-orgs-kind-zipf = N organizations, processors by a Zipf law
cloudshare-org-name = name
cloudshare-org-processors = processors
    .title = Identical single-core processors
cloudshare-org-name-label = Name of organization { $n }
cloudshare-org-processors-label = Processors of organization { $n }
cloudshare-org-machines = machines of { $cores } cores
cloudshare-org-remove-title = Remove this organization
cloudshare-org-remove = Remove organization { $n }
cloudshare-org-add = Add organization
cloudshare-orgs-count = organizations
cloudshare-orgs-count-label = Number of organizations
cloudshare-orgs-equal = processors each
cloudshare-orgs-equal-label = Processors of each organization
cloudshare-orgs-total = processors in all
cloudshare-orgs-total-label = Processors in all
cloudshare-orgs-zipf-s = Zipf s
cloudshare-orgs-zipf-s-label = Zipf exponent
cloudshare-orgs-summary = Named O1 … O{ $count }.
cloudshare-orgs-summary-zipf = Processors: { $processors }. Named O1 … O{ $count }.
cloudshare-orgs-hint = An organization with 0 processors only submits jobs. Renaming one renames it in the jobs too.

## Jobs
cloudshare-jobs-legend = Jobs
cloudshare-jobs-kind-label = Where the jobs come from
cloudshare-jobs-kind-list = a table of jobs
cloudshare-jobs-kind-generator = random jobs (generator)
cloudshare-jobs-kind-swf = a window of a workload log (SWF)
cloudshare-job-add = Add job
cloudshare-jobs-hint = Time is in whole units. Waiting jobs of an organization start in order of release (ties: table order).
cloudshare-job-org = org
    .title = The organization that submits it
cloudshare-job-release = release
    .title = Time it is submitted
cloudshare-job-duration = duration
    .title = Units of time it runs (unknown to the scheduler)
cloudshare-job-cores = cores
    .title = Processors at once
cloudshare-job-org-label = Organization of job { $n }
cloudshare-job-release-label = Release of job { $n }
cloudshare-job-duration-label = Duration of job { $n }
cloudshare-job-cores-label = Cores of job { $n }
cloudshare-job-remove-title = Remove this job
cloudshare-job-remove = Remove job { $n }
cloudshare-gen-count = jobs
cloudshare-gen-count-label = Number of jobs
cloudshare-gen-horizon = horizon
cloudshare-gen-horizon-label = Releases in [0, horizon)
cloudshare-gen-duration = duration
cloudshare-gen-duration-label = Duration range
cloudshare-gen-cores = cores
cloudshare-gen-cores-label = Cores range
cloudshare-gen-hint = Each job: a uniformly drawn organization, release uniform in [0, horizon), duration and cores uniform whole numbers in their ranges (drawn from the document's seed).
cloudshare-range-problem = is not whole numbers "low–high" (or one number)

## A window of a workload log
cloudshare-swf-none = No log yet: import a Standard Workload Format file (Parallel Workloads Archive).
cloudshare-swf-summary = { $usable } usable jobs of { $total } in the log, submitted over { $hours } hours.
cloudshare-swf-unreadable = The log cannot be read: { $reason }
cloudshare-swf-slider = window from hour
cloudshare-swf-slider-label = Start of the window, hours after the log's first job
cloudshare-swf-start-label = Start of the window (hours)
cloudshare-swf-window = { $jobs } jobs submitted in hours [{ $from }, { $to }) of the log.
cloudshare-swf-hours = window (hours)
cloudshare-swf-hours-label = Length of the window, hours
cloudshare-swf-unit = time unit (s)
cloudshare-swf-unit-label = Seconds per unit of time
cloudshare-swf-users = users
cloudshare-swf-users-modulo = user u → organization u mod N
cloudshare-swf-users-random = each user to a random organization (seed)
cloudshare-swf-local = local users
cloudshare-swf-local-label = Fraction of local users
cloudshare-swf-hint = Jobs submitted in the window (finished, run time and processors > 0): release = ⌊(submit − window start) / unit⌋, duration = ⌈run time / unit⌉, cores = processors. Local users' jobs (scenario 3) run only on their organization's processors and stay out of the fairness accounting.

## Algorithms and fairness
cloudshare-options-legend = Algorithms and fairness
cloudshare-split-unit = cut jobs into unit, single-core pieces (split_unit)
cloudshare-method = Shapley values
cloudshare-method-auto = exact up to 12 organizations, else sampled
cloudshare-method-exact = exact (every coalition; at most 20)
cloudshare-method-sample = sampled permutations (95 % intervals)
cloudshare-permutations = permutations
cloudshare-permutations-label = Permutations sampled
cloudshare-psi-sp = ψ_sp (strategy-resilient, ORIG_DIRECT's)
cloudshare-psi-rel = ψ_rel (from the release, REL_DIRECT's)
cloudshare-psi-surface = ψ_surface = cores × units (SIMPL_DIRECT's)
cloudshare-formula-name = name
cloudshare-formula-name-label = Name of formula algorithm { $n }
cloudshare-formula-priority = priority =
cloudshare-formula-priority-label = Priority formula of { $name }
cloudshare-remove = Remove
cloudshare-formula-remove = Remove formula algorithm { $name }
cloudshare-formula-add = Add a priority formula
cloudshare-twins = Show as formula:
cloudshare-twin = Add { $algorithm } written as a priority formula ({ $priority }): the same results, a starting point to edit
cloudshare-formula-hint = Before each choice of a free processor, every organization with waiting work gets this priority                                    (at t = now + 1, as the built-ins); the highest wins, ties go to the first organization.                                    contribution − utility under ψ_sp, ψ_rel or ψ_surface is ORIG_DIRECT, REL_DIRECT or SIMPL_DIRECT;                                    if(processors > 0, -usage / processors, -1e308) is FAIRSHARE; -last is ROUND_ROBIN.                                    Try contribution - utility + waiting (a priority by waiting work).

## Federation and scoring
cloudshare-federation-legend = Federation and scoring (optional)
cloudshare-federation-on = distributed form: brokers expose machines while few are reserved
cloudshare-threshold = exposure threshold
cloudshare-threshold-label = Reserved fraction (busy cores / cores) below which a site lends machines
cloudshare-leave-org = leaves
cloudshare-leave-time = at time
cloudshare-leave-org-label = Organization of departure { $n }
cloudshare-leave-time-label = Time of departure { $n }
cloudshare-leave-remove = Remove departure { $n }
cloudshare-leave-add = Add a departure
cloudshare-federation-hint = A site lends its free machines to foreign jobs only while its reserved fraction (busy cores / cores, its own and foreign jobs alike) is below the threshold — default 0.7, the paper's 30 % not reserved. When a site leaves, foreign jobs running on it go back to the queue as if just submitted (their release and wait count from the leave time) and its waiting jobs are withdrawn.
cloudshare-runs-on = score the algorithms over random windows of the log (Table 1)
cloudshare-runs-windows = windows
cloudshare-runs-windows-label = Windows scored
cloudshare-runs-seed = seed
cloudshare-runs-seed-label = Seed of the windows
cloudshare-runs-need-log = Scoring over windows needs jobs from a workload log.

## Results
cloudshare-summary-orgs = { $n } organizations,
cloudshare-summary-pieces = pieces,
cloudshare-summary-simulations = simulations; Shapley values { $method }
cloudshare-summary-exact = exact
cloudshare-summary-sampled = sampled (95 % intervals shown as ±)
cloudshare-summary-fairest = ; fairest: { $algorithm } (unfairness
cloudshare-summary-fairest-end = )
cloudshare-summary-end = .
cloudshare-no-common-reference = Jobs are not cut into unit pieces (split_unit off): the total wait of a coalition depends on the algorithm, so each algorithm is judged against its own Shapley values — the comparison has no common reference.
cloudshare-waits-region = Waits
cloudshare-waits-caption = Total wait per organization (Σ start − release over its pieces)
cloudshare-waits-org = organization
cloudshare-waits-cores = cores
cloudshare-waits-phi-title = The organization's Shapley value: its fair total wait
cloudshare-waits-phi = φ (fair wait)
cloudshare-waits-phi-own = φ (per algorithm)
cloudshare-algorithms-region = Algorithms
cloudshare-algorithm = algorithm
cloudshare-algorithms-waits = waits
cloudshare-unfairness = unfairness
cloudshare-algorithms-utilization = utilization
    .title = Busy processor-time / (processors × makespan)
cloudshare-algorithms-makespan = makespan
cloudshare-no-schedule = The schedules are not drawn: the result omits them above 10,000 pieces (
cloudshare-no-schedule-end = here).
cloudshare-coalitions-legend = Coalition values v(C)
cloudshare-coalitions-sampled = v(C) = the total wait of coalition C on its own processors, for the coalitions the sampled permutations simulated.
cloudshare-coalitions-common = v(C) = the total wait of coalition C on its own processors; with unit pieces every algorithm gives the same value.
cloudshare-coalitions-own = v(C) = the total wait of coalition C on its own processors, under the first algorithm; without unit pieces each algorithm has its own values.
cloudshare-scores-caption = Scores over { $n } windows: a point for each algorithm an algorithm is strictly fairer than, per window
cloudshare-points = points
cloudshare-runs-region = Scores per window
cloudshare-runs-pieces = pieces
cloudshare-runs-not-scored = no jobs: not scored

## Charts
cloudshare-chart-time = time
cloudshare-chart-fair-wait = Shapley-fair wait φ
cloudshare-chart-phi-of = φ of { $algorithms }
cloudshare-chart-waits = Total wait per organization: each algorithm against the fair wait
cloudshare-chart-total-wait = total wait
cloudshare-chart-unfairness = Unfairness per algorithm (Σ |wait − φ|)
cloudshare-chart-points = Points over the scored windows

## Undo ("Undo …")
cloudshare-undo-orgs-kind = switching how the organizations are given
cloudshare-undo-jobs-kind = switching where the jobs come from
cloudshare-undo-swf = loading a workload log
cloudshare-undo-remove-job = removing job { $n }
cloudshare-undo-remove-formula = removing priority formula { $n }

## How fairness is measured
cloudshare-explain-summary = How fairness is measured and how the algorithms choose
cloudshare-explain-shapley = The Shapley value of a provider
cloudshare-explain-shapley-text = Organizations pool their processors and there is no money. The game's value v(C) is the total wait of coalition C's jobs when C runs alone on its own processors. A provider's Shapley value φ_o is its average marginal effect on the federation's total wait, v(C ∪ { "\u007B" }o{ "\u007D" }) − v(C), over all orders in which the federation can form: its fair total wait. A negative φ means that by joining it shortens the others' waits by more than its own jobs wait — it brings spare processors. An algorithm's unfairness is Σ_o |wait(o) − φ_o|.
cloudshare-explain-formula = φ_o = Σ over C ⊆ O∖{ "\u007B" }o{ "\u007D" } of |C|! (N − |C| − 1)! / N! · (v(C ∪ { "\u007B" }o{ "\u007D" }) − v(C))
cloudshare-explain-exact = Exact values need 2^N − 1 coalition simulations (at most 20 organizations); beyond, permutations are sampled (seeded) and each φ is shown with the half-width of its 95 % confidence interval.
cloudshare-explain-unit = Why unit pieces give one reference
cloudshare-explain-unit-text = With split_unit every job becomes unit-length, single-core pieces. Every algorithm here is work-conserving on identical processors, so at every moment the same number of pieces runs whatever the order: the total wait of a coalition is the same under every algorithm, and v(C) — hence φ — is common to all of them. Without splitting, the total wait depends on which job goes first, so each algorithm's own coalition simulations give its own v and its own Shapley reference: the comparison then has no common reference.
cloudshare-explain-direct = DirectContr: contribution minus utility
cloudshare-explain-direct-text = Whenever a processor is free, DirectContr serves the organization whose contribution (the utility of the pieces run on its processors, whoever owns them) most exceeds its utility (that of its own pieces, wherever they ran), both evaluated at the end of the current time step. For a piece started at s, released at r, of c cores, with q units done by time t:
cloudshare-explain-psi-sp = ψ_sp (ORIG_DIRECT): c · Σ_{ "\u007B" }τ=s{ "\u007D" }^{ "\u007B" }s+q−1{ "\u007D" } (t − τ) — a unit of work done earlier is worth more (strategy-resilient).
cloudshare-explain-psi-rel = ψ_rel (REL_DIRECT): c · Σ_{ "\u007B" }τ=s{ "\u007D" }^{ "\u007B" }s+q−1{ "\u007D" } (t − r − (τ − s)) = c · q · (t − r − (q − 1)/2) = ψ_sp + c · q · (s − r) — time is counted from the release, not the start: a finished piece is worth c · p · (t − r − (p − 1)/2) however late it started, so the release time “neutralizes” the lasting advantage of early decisions, as the paper says.
cloudshare-explain-psi-surface = ψ_surface (SIMPL_DIRECT): c · q — the work done.
cloudshare-explain-reconstruction = The paper's equations (1)–(4) were lost from the text we have. The exact forms above follow the authors' earlier work (Skowron and Rzadca, 2013 and 2014, as the paper cites them) and are reconstructions; ψ_rel in particular is ours — the paper only says that the release time neutralizes the advantage of early decisions. An earlier reading subtracted the wait, ψ_sp − c · q · (s − r), which doubled the effect it was meant to remove: REL_DIRECT then scored 0–25 points in our runs, against 31–94 now (the table below).
cloudshare-explain-split-note = Unit pieces and the paper's example (preset cloudshare-toy with split_unit on): ORIG_DIRECT and REL_DIRECT end with unfairness 16. This follows from the definitions; it is not a bug. Cut into unit pieces, A's 2-unit jobs of times 0 and 2 each run one piece on B's idle machine. The Shapley value does not charge A for a machine B was not using, but DirectContr books it as A's debt to B: B's priority (contribution − utility) is the ψ of those two pieces, (t − 0) + (t − 2) = 2t − 2 — under ψ_rel too, as both started at their release — so 8 when the choice at time 4 is evaluated at 5, and growing by 2 per unit of time. B takes both machines from 4 until its 6 pieces have started; A's jobs of times 4, 6 and 8 wait 6 + 4 + 2 = 12 against a fair φ_A = 4, and B waits 6 against φ_B = 14 (v({ "\u007B" }A{ "\u007D" }) = 5, v({ "\u007B" }B{ "\u007D" }) = 15, v({ "\u007B" }A, B{ "\u007D" }) = 18): |12 − 4| + |6 − 14| = 16. SIMPL_DIRECT's debt stays 2 units (ψ = c · q): unfairness 8; FAIRSHARE 14; ROUND_ROBIN 2. Without unit pieces (the paper's Figs. 2–3) A never borrows B's machine and DirectContr is exactly fair.
cloudshare-explain-baselines = The baselines
cloudshare-explain-baselines-text = FAIRSHARE gives each organization a share proportional to its processors and serves the one with the smallest usage (work done, ψ_surface) per share — it rewards what an organization owns, not what it lends. ROUND_ROBIN serves the organization chosen least recently. Neither looks at who helped whom, which is why they can drift far from the Shapley value.
cloudshare-explain-distributed = The distributed form
cloudshare-explain-distributed-text = With the federation block, each site's broker lends its free processors to foreign jobs only while its reserved fraction — busy cores / cores, its own and foreign jobs alike — is below the exposure threshold (default 0.7, the paper's “30% of the total CPU power is not reserved”): lending stops once busy / cores reaches it. A site may leave: foreign jobs running on it lose their work and go back to the queue “as if they were just submitted” — their release, and so their wait, counts from the leave time — and its waiting jobs are withdrawn.
cloudshare-explain-table1 = Table 1 beside ours
cloudshare-explain-table1-text = The paper scores five organizations over 20 random 24-hour windows of four logs (HPC2N, DAS2, LPC EGEE and MetaCentrum): a point for each algorithm an algorithm is strictly fairer than, per window. It reports that SIMPL_DIRECT and REL_DIRECT beat FAIRSHARE in every scenario. Our runs use two other logs, 24 windows each (NASA iPSC/860 and the LCG grid; scripts/cloudshare_scores.py): there they do in all three scenarios on LCG and in scenario 3 on NASA, but not on NASA in scenario 2 (REL_DIRECT 39, SIMPL_DIRECT 37, FAIRSHARE 56), and REL_DIRECT not on NASA in scenario 1 (31 against 40).
cloudshare-table1-paper = paper, scenario 1 / 2 / 3
cloudshare-table1-nasa = NASA iPSC/860, 1 / 2 / 3
cloudshare-table1-lcg = LCG, 1 / 2 / 3

cloudshare-seed-use = It maps a log's users to organizations ("random"), picks the local users, draws the generator's jobs, the sampled permutations of the Shapley values and the scored windows.

cloudshare-unfairness-formula = Σ_o |wait(o) − φ_o|
cloudshare-gantt-title = { $algorithm }
