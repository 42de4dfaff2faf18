# spot: see web/locales/GLOSSARY.md for the terms every message follows.

## The page (mod.rs)
spot-title = On demand, spot, or both: bidding policies learned online
spot-lead = Each job must finish its work by its deadline, on on-demand instances (always available, price p) or spot instances (cheaper, but they stop whenever the spot price exceeds your bid). Hundreds of policies say how to mix the two and what to bid; a learner with delayed feedback finds the best without knowing the prices in advance. Edit anything: small scenarios recompute as you type. (Menache et al., ICAC 2014.)

## Presets (the shared preset menu asks for preset-<name>)
preset-spot-basic = Four policies, 300 jobs: learning as you type
preset-spot-exp1 = Experiment 1: 408 policies, mean price 0.15 (Fig. 2)
preset-spot-exp2 = Experiment 2: 204 rate-centric policies, mean 0.1 (Fig. 3)
preset-spot-exp3 = Experiment 3: the mean rises to 0.2 after 10% of the jobs (Fig. 4)
preset-spot-exp4 = Experiment 4: 0.3 and 0 alternating hourly (Fig. 5)
preset-spot-real = Real data: EC2 m3.medium prices, NASA iPSC jobs, 504 policies (Figs. 6–7)

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-spot-basic = Spot or on demand: four policies
preset-notes-spot-basic = Spot prices 0.15 + 0.05·N(0,1) per instance-hour, on demand 0.25. Four policies: all on demand; spot only bidding the on-demand price; spot only bidding 0.1; deadline-centric bidding the last price + 0.02. The learner's weights move toward the best.
preset-title-spot-exp1 = Spot, experiment 1: 408 policies (Fig. 2)
preset-notes-spot-exp1 = Section 4.1, experiment 1: spot prices 0.15 + 0.05·N(0,1) per 5-minute slot (clipped at 0), on demand 0.25, 10,000 jobs from the paper's generator, the 408 policies (204 rate-centric, then 204 deadline-centric).
preset-title-spot-exp2 = Spot, experiment 2: stationary prices, mean 0.1 (Fig. 3)
preset-notes-spot-exp2 = Section 4.1, experiment 2: spot prices 0.1 + 0.05·N(0,1), the 204 rate-centric policies, 10,000 jobs. The paper: the best policy in hindsight bids a fixed 0.25 (the on-demand price), and the learner puts almost all its weight on it.
preset-title-spot-exp3 = Spot, experiment 3: prices rise after 10% of the jobs (Fig. 4)
preset-notes-spot-exp3 = Section 4.1, experiment 3: spot prices 0.1 + 0.05·N(0,1) for the first 10% of the jobs, then 0.2 + 0.05·N(0,1); the 204 rate-centric policies, 10,000 jobs. The paper: the best policies are then the on-demand-only ones. They are when m counts slots, as Algorithm 1 writes it; with m in hours (the default) spot only with a high variable bid wins.
preset-title-spot-exp4 = Spot, experiment 4: prices alternate 0.3 and 0 hourly (Fig. 5)
preset-notes-spot-exp4 = Section 4.1, experiment 4: the spot price is 0.3 for an hour, then 0 for an hour, and so on; the 204 rate-centric policies, 10,000 jobs. The paper: the best policies bid the last price (variable bids with γ = 0).
preset-title-spot-real = Spot, real data: EC2 prices and the NASA iPSC log (Figs. 6–7)
preset-notes-spot-real = Section 4.2 with public data: m3.medium spot prices in us-east-1b from 2016-03-24 (14 days, replayed), on demand $0.067 per hour; the jobs of the first 14 days of the NASA Ames iPSC/860 log (Parallel Workloads Archive), replayed to 20,000 jobs, size z = run time × processors, c = processors. As in Section 4.2: value v = z·p·(5 + U[0, 1]) (value factor 5–6) and the deadline is the job's completion time on its c instances, ⌈z/c⌉ hours (deadline factor 1–1). 504 policies in the paper's order; the 12 fixed bids span the recorded series as the paper's .15 … .7 span its own: they are the k/12 quantiles (k = 1 … 12) of the slot prices over the 14 days, $0.0093 … $0.0119 and the maximum, $0.70 (the paper's grid would lie above every price but the spike, and every fixed-bid policy would tie). Payoffs (about $2 a job) scaled ×0.5 in the update to be of order ±1. With m counted in hours every rate-centric policy runs these tight deadlines on demand from the first hour; count it in slots to let them use spot.

## Undo: what an edit replaces (state.rs)
spot-replaces-price-model = switching the spot price model
spot-replaces-jobs-kind = switching where the jobs come from
spot-replaces-swf = loading a workload log
spot-replaces-job = removing job { $n }
spot-replaces-policies = replacing the policies
spot-replaces-policy = removing policy { $n }

## Menus (state.rs)
spot-price-kind-trace = trace (a price per slot, repeated)
spot-price-kind-gaussian = gaussian (mean + sd·N(0,1), clipped at 0)
spot-price-kind-schedule = schedule (other models from given jobs on)
spot-price-kind-alternating = alternating (high, then low, hours each)
spot-price-kind-ec2 = EC2 price history (CSV)
spot-jobs-kind-generator = the paper's generator
spot-jobs-kind-list = a table of jobs
spot-jobs-kind-swf = a workload log (SWF)

## Typed fields (fields.rs): after the text typed, why it is not a value
spot-not-factor = is not a range "low–high" (or "low, high")
spot-not-numbers = is not numbers separated by commas
spot-not-wholes = is not whole numbers separated by commas
spot-not-counts = is not job counts separated by commas, or empty for 500, 1000, 2500, 5000
spot-not-optional-count = is not a whole number of jobs, or empty for the log once
spot-not-delay = is not "auto" or a whole number of jobs
spot-not-time = is not a time such as 2016-03-24T00:00:00Z
spot-not-grid = is not parameters as name = numbers, separated by semicolons (b = 0.1, 0.2; eps = 0, 0.05)

## Market (editors.rs)
spot-market = Market
spot-slot-minutes = minutes per slot
spot-slot-minutes-label = Minutes per slot
spot-on-demand-price = on-demand price p ($/h)
spot-on-demand-price-label = On-demand price per instance-hour
spot-market-hint = Spot prices change every slot; instances are paid by the hour. A slot length divides 60.
spot-spot-price = Spot price

## The time left (editors.rs)
spot-remaining = The time left, m
spot-remaining-slots = count m in { $minutes }-minute slots, as Algorithm 1 writes it (off: in hours)
spot-remaining-quote = “Let m be the number of remaining time slots till job deadline (including the current one)”
spot-remaining-source = Algorithm 1, Menache et al., ICAC 2014
spot-remaining-note = The policies decide once an hour, so "time slots" can mean hours or the paper's { $minutes }-minute slots. m enters three tests only: rate-centric (σ + m − 1)·min(r, c) < r (then all on demand), deadline-centric r > m·c (drop) and m > M (spot only). In hours (the default) m = d − h; in slots m = (d − h)·{ $per_hour }, and the on-demand fallback almost never fires.

## Learner (editors.rs)
spot-learner = Learner
spot-delay = delay d (jobs)
spot-delay-label = Delay: auto or a number of jobs
spot-delay-note = "auto": the most jobs that arrive during one job's lifetime (its payoff is known only then), an upper bound as Algorithm 2 asks. The update after job j uses the payoffs of job j − d. In the paper's synthetic experiments auto gives 88 where the paper reports 66: 66 fits the expected number of arrivals during a job's lifetime, not the largest; a larger d is still a valid bound, only a more cautious step size.
spot-step = step size η
spot-step-label = Step size rule
spot-step-algorithm = algorithm: √(2 ln n / (d (j − d)))
spot-step-theorem = Theorem 1: √(ln n / (2 d (j − d)))
spot-step-constant-label = Step size constant c
spot-payoff-scale = payoff scale
spot-payoff-scale-label = Payoff scale
spot-snapshots = weight snapshots after
spot-snapshots-label = Snapshot job counts (empty: 500, 1000, 2500, 5000)
spot-learner-hint = Payoffs are multiplied by the scale in the weight update only (the totals are unscaled). Snapshots: job counts (empty: 500, 1000, 2500, 5000; the last job is always added).

## Price models (prices.rs)
spot-price-model-label = Price model
spot-trace-prices = prices per slot
spot-trace-prices-label = Prices per slot
spot-trace-hint = { $count } prices, repeated from the start when the run needs more slots.
spot-gaussian-mean = mean
spot-gaussian-mean-label = Mean spot price
spot-gaussian-sd = sd
spot-gaussian-sd-label = Standard deviation
spot-gaussian-seed = seed
spot-gaussian-seed-label = Seed of the prices
spot-gaussian-hint = Each slot's price is mean + sd·N(0,1), clipped below at 0, drawn from this seed (not the document's).
spot-alternating-high = high
spot-alternating-high-label = High price
spot-alternating-low = low
spot-alternating-low-label = Low price
spot-alternating-period = hours each
spot-alternating-period-label = Hours of each phase
spot-switch-legend = Model { $n }
spot-switch-from = from job
spot-switch-from-label = Model { $n } applies from job
spot-switch-remove = Remove this model
spot-switch-remove-label = Remove model { $n }
spot-switch-hint = A fraction of the jobs in [0, 1) (0.1 = after 10 % of them), or a job index ≥ 1.
spot-switch-add = Add a model
spot-preview-title = Spot price, first { $hours } hours
spot-preview-x = hour
spot-preview-y = $ per instance-hour
spot-preview-series = spot price
spot-preview-on-demand = on-demand price p
spot-preview-empty = Fix the problems to see the prices.
spot-preview-hours = hours shown
spot-preview-hours-label = Hours of prices shown
spot-preview-summary = { $slots } slots over { $hours } hours; mean ${ $mean }; { $percent } % of the slots at or below the on-demand price.

## EC2 price history (ec2.rs)
spot-ec2-no-rows = The file has no price rows; the price model is unchanged.
spot-ec2-unreadable = Could not read the price file; the price model is unchanged.
spot-ec2-import = Import EC2 price CSV…
spot-ec2-no-file = No file yet: choose a spot price history (CSV: timestamp, availability_zone or region, instance_type, product_description, spot_price_usd_per_hour).
spot-ec2-summary = { $series } series, { $rows } rows, { $kb } KB.
spot-ec2-bad-file = The file cannot be read: { $reason }
spot-ec2-instance-type = instance type
spot-ec2-location = location
spot-ec2-product = product
spot-ec2-start = slot 0 at
spot-ec2-start-label = Time of slot 0
spot-ec2-span = This series: { $rows } price changes from { $first } to { $last }, ${ $min } to ${ $max } per hour. Slots after its last change repeat it from the start.

## Jobs (jobs.rs)
spot-jobs = Jobs
spot-jobs-source-label = Where the jobs come from
spot-jobs-add = Add job
spot-jobs-table-hint = Jobs run in order of arrival (ties in table order).
spot-gen-count = jobs
spot-gen-count-label = Number of jobs
spot-gen-gap = mean gap (minutes)
spot-gen-gap-label = Mean gap between arrivals, minutes
spot-gen-size = size max z (instance-hours)
spot-gen-size-label = Largest size
spot-gen-parallelism = parallelism c
spot-gen-parallelism-label = Parallelism
spot-gen-value = value factor
spot-gen-value-label = Value factor range
spot-gen-deadline = deadline factor
spot-gen-deadline-label = Deadline factor range
spot-gen-seed = seed
spot-gen-seed-label = Seed of the jobs
spot-gen-hint = Poisson arrivals; size z ~ U(0, size max]; value v = x·p·z with x ~ U[value factor]; deadline ⌈x·z/c⌉ hours with x ~ U[deadline factor]; drawn from the generator's own seed.
spot-job-arrival = arrival (slot)
spot-job-arrival-title = Slot of arrival
spot-job-deadline = deadline (h)
spot-job-deadline-title = Hours after arrival
spot-job-size = size z
spot-job-size-title = Instance-hours of work
spot-job-parallelism = parallelism c
spot-job-parallelism-title = Most instances at once
spot-job-value = value v
spot-job-value-title = Earned if done by the deadline
spot-job-arrival-label = Arrival of job { $n }
spot-job-deadline-label = Deadline of job { $n }
spot-job-size-label = Size of job { $n }
spot-job-parallelism-label = Parallelism of job { $n }
spot-job-value-label = Value of job { $n }
spot-job-remove = Remove this job
spot-job-remove-label = Remove job { $n }
spot-swf-empty = No log yet: import a Standard Workload Format file (Parallel Workloads Archive).
spot-swf-summary = { $usable } usable jobs of { $total } in the log ({ $kb } KB).
spot-swf-unreadable = The log cannot be read: { $reason }
spot-swf-count = jobs
spot-swf-count-label = Jobs (empty: the log once)
spot-swf-seed = seed
spot-swf-seed-label = Seed of values and deadlines
spot-swf-value = value factor
spot-swf-value-label = Value factor range
spot-swf-deadline = deadline factor
spot-swf-deadline-label = Deadline factor range
spot-swf-hint = Each usable job (finished, run time and processors > 0) becomes z = run time × processors instance-hours with c = processors, arriving at its submit time; values and deadlines are drawn as by the generator. A count replays the log until that many jobs.

## Policies (policies.rs)
spot-policies = Policies ({ $count })
spot-policy-set-label = Policy set
spot-set-synthetic = the paper's synthetic set (408; bids .1–.25)
spot-set-real = the paper's real-data set (504; bids .15–.7)
spot-set-list = a custom list
spot-show-as-formula = Show as formula families
spot-show-as-formula-hint = The paper's policies written as four formula families (rate- and deadline-centric, fixed and variable bids): the same experts in the same order, so the same results — a starting point to edit.
spot-add-formula = Add a formula family
spot-add-formula-hint = Your own policies, written as formulas, beside the paper's: one expert for the learner per combination of the parameters' values.
spot-paper-set-hint = Rate-centric policies first (σ = 0, .2, …, 1), then deadline-centric (M = 0, …, 5); in each, the fixed bids, then the variable ones (γ ∈ { $gammas } × ε ∈ { $epsilons }). Choose "a custom list" to edit them one by one.
spot-builder = Build a list: families × bids
spot-build-rate = rate-centric, σ =
spot-build-sigmas-label = σ list
spot-build-deadline = deadline-centric, M =
spot-build-thresholds-label = M list
spot-build-fixed = fixed bids, b =
spot-build-bids-label = b list
spot-build-variable = variable bids, γ =
spot-build-gammas-label = γ list
spot-build-epsilons-label = ε list
spot-build-use = Use these { $count } policies
spot-build-hint = Writes the list into the scenario (replacing the current policies); out-of-range values are shown as problems of the list.
spot-formula-legend = Formula family (policy entry { $entry }): { $experts } { $experts ->
        [one] expert
       *[other] experts
    }
spot-formula-drop = drop when
spot-formula-drop-label = Drop condition
spot-formula-on-demand = on-demand instances =
spot-formula-on-demand-label = On-demand instances formula
spot-formula-spot = spot instances =
spot-formula-spot-label = Spot instances formula
spot-formula-bid = bid =
spot-formula-bid-label = Bid formula
spot-formula-params = parameters
spot-formula-params-label = Parameter grid
spot-formula-gamma = γ of avg
spot-formula-remove-label = Remove formula family { $n }
spot-formula-remove = Remove
spot-formula-hint = Each hour of a job: drop is checked first (a dropped job pays nothing more); then the counts, clamped on-demand first                                into [0, a], then spot into [0, a − on-demand]; the bid only when spot instances run.                                Try bid = avg + eps with parameters eps = 0, 0.02, 0.05 and γ = 0.6 (a bid tracking the average price),                                or bid = p + 0.1 (above the on-demand price: spot instances still pay the spot price).
spot-set-entry = the paper's { $set ->
        [synthetic] synthetic
       *[real] real-data
    } set ({ $count } policies)
spot-formula-entry = { $name }: { $count } experts (edited above)
spot-table-label = label
spot-table-family = σ or M
spot-table-family-title = σ: the share run on demand; M: hours left when switching to on demand
spot-table-bid = bid
spot-table-bid-title = Fixed bid b, or variable: γ and ε
spot-remove-entry = Remove this entry
spot-remove-policy = Remove this policy
spot-remove-policy-label = Remove policy { $n }
spot-as-formula-title = Show this policy as a formula family (the same expert)
spot-as-formula-label = Show policy { $n } as a formula
spot-sigma-label = σ of policy { $n }
spot-threshold-label = M of policy { $n }
spot-bid-label = Bid of policy { $n }
spot-gamma-label = γ of policy { $n }
spot-epsilon-label = ε of policy { $n }

## Results (results.rs)
spot-policy-n = policy { $n }
spot-summary-jobs = { " " }jobs, { $policies } policies, delay d ={ " " }
spot-summary-best = ; best policy { $best }; the learner's average regret{ " " }
spot-summary-average-policy = { " " }(average policy:{ " " }
spot-summary-end = ).
spot-metric-jobs = jobs J
spot-metric-jobs-title = Jobs processed
spot-metric-delay = delay d
spot-metric-delay-title = A job's payoff reaches the learner d jobs later
spot-metric-expected = expected payoff
spot-metric-expected-title = { $formula }: what the learner earns on average over its draws
spot-metric-realized = realized payoff
spot-metric-realized-title = { $formula } of the policies drawn (depends on the seed)
spot-metric-best-payoff = best policy's payoff
spot-metric-best-payoff-title = The largest total payoff of a single policy, in hindsight
spot-metric-regret = regret
spot-metric-regret-title = best policy's total − expected payoff
spot-metric-average-regret = average regret
spot-metric-average-regret-title = regret / J
spot-metric-average-policy-regret = average policy regret
spot-metric-average-policy-regret-title = mean over policies of (best total − its total) / J: a policy picked at random
spot-metric-bound = Theorem 1 bound
spot-metric-bound-title = 9·√(2 d ln(n/δ) / J), δ = 0.05; it assumes payoffs in [0, 1]
spot-metric-best = best policy
spot-metric-prices = spot prices
spot-metric-prices-slots = { " " }slots, mean{ " " }
spot-metric-prices-sep = ,{ " " }
spot-best-label = Best policies
spot-best-caption = The { $count } best policies by total payoff
spot-best-policy = policy
spot-best-meaning = what it does
spot-best-payoff = total payoff
spot-best-weight = final weight
spot-best-weight-title = The learner's weight after the last update
spot-best-completed = completed
spot-best-completed-title = Jobs done by their deadline
spot-chart-payoff-title = Total payoff per policy
spot-chart-payoff-y = total payoff
spot-chart-payoff-reference = the learner's expected payoff
spot-chart-snapshot-title = Weights after { $jobs } jobs
spot-chart-weight = weight
spot-chart-weights-title = Weights of the top policies over the jobs
spot-chart-jobs = jobs
spot-chart-regret-title = Average regret over the jobs
spot-chart-regret-y = average regret
spot-chart-learner = the learner
spot-chart-random = a policy at random
spot-chart-bound = Theorem 1 bound (payoffs in [0, 1])
spot-payoff-chart-hint = Bars: each policy's total payoff over all jobs, by index (see the policy list). Dashed: what the learner earns in expectation, to compare with the best bar.
spot-snapshots-hint = The learner's weights after the given numbers of jobs: they gather on the best policies.
spot-show-bound = show Theorem 1's bound
spot-bound-note-start = The bound,{ " " }
spot-bound-note-end = , assumes payoffs in [0, 1]; payoffs here are in dollars (v − cost), so it is a guide to the shape (it shrinks like 1/√J), not a guarantee. Hide it to see the regrets at their own scale.

## How it works (explain.rs)
spot-explain-summary = How the policies and the learner work
spot-explain-choice-title = On demand or spot
spot-explain-choice = A job brings value v if its z instance-hours of work are done within its deadline, using at most c instances at once. On-demand instances cost p per hour and always run. Spot instances run in every slot where the spot price is at or below your bid and are paid at the spot price; above it they stop. A job's payoff is v − cost if it finishes in time, else − cost: it can be negative.
spot-explain-ties = Ties: a price within 10⁻¹² of the bid (relative, above 1) counts as equal and does not stop the instances. A variable bid is an average of past prices: after a long constant stretch it equals the price up to its last bits, and rounding alone would otherwise decide.
spot-explain-families-title = The two policy families
spot-explain-families = Rate-centric (RC σ): each hour, a share σ of the job's instances runs on demand and the rest on spot. σ = 0 is spot only, σ = 1 on demand only. Deadline-centric (DC M): spot only, until M hours are left before the deadline, then on demand only. Rate-centric policies also move everything to on demand when that is the only way left to finish in time; see each policy's "what it does" in the table.
spot-explain-bids-title = Fixed and variable bids
spot-explain-bids = A fixed bid b is the same every hour. A variable bid follows the market: the average of past spot prices with weight γ per hour (γ = 0: the last price) plus ε. Bidding high keeps spot instances running through price spikes; bidding low saves money but risks running out of time.
spot-explain-delay-title = Why feedback is delayed, and what d is
spot-explain-delay = The learner (Hedge, the paper's Algorithm 2) keeps a weight per policy, draws the policy it applies to each new job from the weights, and multiplies each weight by exp(η · scale · payoff). But a job's payoff is known only when it finishes, and by then more jobs have arrived and been assigned. With delay d the update after job j uses the payoffs of job j − d. "auto" takes d as the largest number of jobs arriving during one job's lifetime, so every payoff is known when it is used.
spot-explain-auto-delay = Any upper bound will do for the guarantee; a larger d only takes smaller steps. In the paper's synthetic experiments auto gives d = 88 where the paper reports 66: 66 is about the expected number of jobs arriving over the longest lifetimes (6 an hour for 10–11 hours), not the largest count over 10,000 jobs. We keep the maximum, a valid bound.
spot-explain-m-title = The time left, m: hours or slots
spot-explain-m = Algorithm 1 reads "let m be the number of remaining time slots till job deadline" but decides once an hour. Counting m in hours (the default), a rate-centric policy moves to on demand as soon as spot alone might miss the deadline, and in its last hour always; counting it in 5-minute slots, as written, it almost never does, and deadline-centric policies stay on spot. Only the slots reading makes on demand win experiment 3, as in the paper. The paper's experiments, run both ways (average regret per job: the learner's, then the average policy's):
spot-readings-label = The paper's experiments under both readings
spot-readings-experiment = experiment
spot-readings-paper = the paper
spot-readings-hours = m in hours
spot-readings-slots = m in slots
spot-readings-1 = 1 (mean 0.15, 408 policies)
spot-readings-1-paper = both families among the best
spot-readings-1-hours = RC σ=0 fixed b=.25 best, both families in the top 5; 0.053 vs 3.54
spot-readings-1-slots = RC σ=0 var γ=.8 ε=.1 best, both families in the top 5; 0.122 vs 7.19
spot-readings-2 = 2 (mean 0.1)
spot-readings-2-paper = fixed bid 0.25 best; 1.3 vs 7.5
spot-readings-2-hours = RC σ=0 fixed b=.25 best; 0.046 vs 4.67
spot-readings-2-slots = RC σ=0 fixed b=.25 best; 0.116 vs 11.53
spot-readings-3 = 3 (mean 0.1, then 0.2)
spot-readings-3-paper = on demand only best; 0.5 vs 4.8
spot-readings-3-hours = spot only (variable bid + .1) best, all on demand 49th of 204 (24 % below); 0.167 vs 1.82
spot-readings-3-slots = all on demand best (1st); 0.572 vs 6.70
spot-readings-4 = 4 (0.3 and 0 hourly)
spot-readings-4-paper = γ = 0 best; 0.8 vs 4.5
spot-readings-4-hours = RC σ=0 var γ=0 best; 0.027 vs 3.26
spot-readings-4-slots = RC σ=0 var γ=0 best; 0.072 vs 7.77
spot-readings-real = real data (504 policies)
spot-readings-real-paper = a rate-centric fixed bid best; the learner's regret 34× below the policies'
spot-readings-real-hours = DC M=0 fixed b=.7 best (rate-centric policies run on demand); 16× below
spot-readings-real-slots = RC σ=0 fixed b=.7 best (tied with DC at that bid); 27× below
spot-explain-regret-title = Regret
spot-explain-regret = Regret = the best single policy's total payoff, known only in hindsight, minus the learner's expected payoff; average regret divides by the number of jobs J. It should fall towards 0 as J grows, and well below the "policy at random" line (the average over policies of their own regret): the learner finds the good policies without being told.
spot-explain-bound-title = The bound assumes payoffs in [0, 1]
spot-explain-bound = Theorem 1 bounds the average regret by 9·√(2 d ln(n/δ) / J) with probability 1 − δ (δ = 0.05 here), for n policies, if every payoff lies in [0, 1]. Payoffs here are dollars: scale them into [0, 1] (payoff_scale multiplies them in the weight update) for the theorem to apply; the chart shows the bound as a guide.
spot-explain-scale = Only the weight update uses it: w ∝ w · exp(η · scale · f). A larger scale makes the learner more decisive (weights concentrate faster), a smaller one more cautious. Totals and regrets are reported unscaled.

spot-seed-use = It drives the learner's draws of the policy it applies (the realized payoff); the price model and the job generator have seeds of their own.

spot-meaning-formula = drop when { $drop }; else on demand { $on_demand }, spot { $spot } at bid { $bid }
spot-meaning-formula-avg = { $meaning } (avg with γ={ $gamma })
spot-meaning-bid-fixed = bid { $b }
spot-meaning-last-price = the last price
spot-meaning-average = the average of past prices (weight γ={ $gamma } per hour)
spot-meaning-bid = bid { $price }
spot-meaning-bid-plus = bid { $price } + { $epsilon }
spot-meaning-spot-save = spot only, { $bid }; on demand only to save the deadline
spot-meaning-on-demand-only = on demand only
spot-meaning-rate = { $percent }% on demand, the rest spot ({ $bid }); all on demand to save the deadline
spot-meaning-spot-only = spot only, { $bid }
spot-meaning-deadline = spot only ({ $bid }) until { $m } hour(s) are left, then on demand only
