# era: the ERA page (editors, results, quote, demand curve, comparison, explanations) and its
# presets' descriptions. See web/locales/GLOSSARY.md for the terms every message follows.

## The page

era-title = ERA: reservations priced by predicted demand
era-lead = Users reserve "W units for T slots somewhere in [A, D), I pay at most V"; ERA answers at once with a price fixed now, or rejects, and keeps a plan. Basic-Econ prices every unit by the predicted demand it would displace, at the cheapest start of the window. Edit anything: small scenarios recompute as you type. (Babaioff et al., WWW 2017.)

## Presets (the preset menu shows `preset-<name>`)

preset-era-basic = four bids on one resource, hand-checkable
preset-era-day-night = Section 3.3: low/medium/high-value jobs, day and night, LP predictor
preset-era-day-night-spread = Section 3.3 with the naive spreading predictor
preset-era-yahoo = Section 4: Yahoo-like workload, 6 classes × ~1,450 jobs, Basic-Econ
preset-era-yahoo-first-fit = the same workload under value-blind first-fit at price 0
preset-era-azure = Fig. 3: Basic-Econ bounded to [65%, 100%] of the on-demand price
preset-era-azure-late-penalty = Fig. 3: Basic-Econ bounded, with an exponential late penalty
preset-era-azure-first-fit = Fig. 3: first-fit at 65% of the on-demand price
preset-era-azure-on-demand = Fig. 3: on-demand at 100%

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-era-basic = ERA: four bids, one resource
preset-notes-era-basic = Predicted demand: 8 cores at $2 per core-slot by day (slots 0–5), 2 cores at $1 by night (6–11); capacity 10. Each quote sums the marginal prices of the units over the cheapest start of the window.
preset-title-era-day-night = ERA: day and night, LP predictor
preset-notes-era-day-night = Section 3.3: low-, medium- and high-value jobs each ask for the whole capacity; high-value jobs only by day. The LP predictor sees that medium-value jobs fill the night, so the night's price is $5 and low-value jobs are declined.
preset-title-era-day-night-spread = ERA: day and night, spreading predictor
preset-notes-era-day-night-spread = Section 3.3 with the naive spreading predictor: it counts half the low- and half the medium-value demand at night, prices half the night at $1, and accepts low-value jobs at the cost of medium-value ones.
preset-title-era-yahoo = ERA: Yahoo-like workload, Basic-Econ
preset-notes-era-yahoo = Section 4: six classes of about 1,450 jobs each; class yahoo-5 has the largest jobs at about $1 per unit, the others about $10; the 100-core cluster is far too small. The paper reports ≈ 10% of the requested value for value-blind greedy against ≈ 51% for Basic-Econ.
preset-title-era-yahoo-first-fit = ERA: Yahoo-like workload, value-blind first-fit
preset-notes-era-yahoo-first-fit = { preset-notes-era-yahoo }
preset-title-era-azure = ERA over a changing share of a cloud: Basic-Econ
preset-notes-era-azure = Fig. 3 scaled down: ERA manages 20% of a cloud (100 cores, down to 40 when the rest of the cloud is busy); the on-demand price is $1 per core-slot; Basic-Econ's unit price is bounded to [65%, 100%] of it, first-fit charges 65%, on-demand 100%. Compare revenue and late jobs.
preset-title-era-azure-late-penalty = ERA over a changing share of a cloud: Basic-Econ with a late penalty
preset-notes-era-azure-late-penalty = { preset-notes-era-azure }
preset-title-era-azure-first-fit = ERA over a changing share of a cloud: first-fit
preset-notes-era-azure-first-fit = { preset-notes-era-azure }
preset-title-era-azure-on-demand = ERA over a changing share of a cloud: on-demand
preset-notes-era-azure-on-demand = { preset-notes-era-azure }

## How ERA prices, and why (explain.rs)

era-explain-summary = How ERA prices, and why
era-explain-quote-heading = How a quote is computed (Basic-Econ)
era-explain-quote = A bid asks for W units for T consecutive slots somewhere in [A, D). At slot t, unit i of the bid would leave R_i = capacity(t) − promised(t) − i units for everyone else. The predictor says how much demand is expected at each price; unit i costs the highest price p at which that demand would not fit any more, i.e. the value of the demand it displaces:
era-explain-price-math = price_t(i) = max {"{"} p : demand_t(p) > capacity(t) − promised(t) − i {"}"}   (0 if none; ∞ if it does not fit)
era-explain-still-to-come = demand_t(p) is the predicted demand still to come: as the paper's predictor says, "the demand that arrives from the current time till t". A historical request counts for a bid submitted at now only if it was submitted at now or later; the demand that has already arrived is in promised(t) (or was turned away), and counting it again would price everything too high. So the same slot gets cheaper as its time comes closer and less demand is left to arrive. With a period P, a history slot t′ seen at live slot t moves its requests' submit times by t − t′.
era-explain-quote-math = quote = min over starts s of  Σ_{"{"}t=s{"}"}^{"{"}s+T−1{"}"} Σ_{"{"}i=1{"}"}^{"{"}W{"}"} price_t(i)
era-explain-earliest = ERA takes the earliest cheapest start. With bounds, each unit's price is clamped into [min, max]; the late penalty makes later starts look dearer when choosing, without changing the price.
era-explain-truthful-heading = Why it is truthful
era-explain-truthful = The algorithm quotes from the request alone — units, duration, window, submit — and never sees the value. ERA then compares once: accept iff value ≥ quote, and the user pays the quote, not the value. Bidding more than your value can only win a job that costs more than it is worth; bidding less can only lose a job you wanted at that price. So the best bid is the true value, whatever the others do (a posted price, as in the "Request a quote" form).
era-explain-spread-heading = Why spreading under-prices the night (Section 3.2)
era-explain-spread = In the day/night example, high-value jobs can run only by day; medium- and low-value jobs can run day or night, and each class alone would fill the cloud. Spreading counts each flexible job a little in every slot of its window, so half the medium- and half the low-value demand appears at night: the night looks half empty of medium jobs and half its units are priced at the low value. Low-value jobs are accepted at night and crowd out medium ones that come later. In an optimal schedule the high-value jobs take the day and the medium ones the whole night: the night's true price is the medium value. Compare the era-day-night and era-day-night-spread presets.
era-explain-lp-heading = What the LP does
era-explain-lp = The LP predictor solves the relaxation of the best allocation of the history: x_jt ∈ [0, 1] is the fraction of job j's units running at t inside its window, Σ_t x_jt ≤ T_j, Σ_j W_j x_jt ≤ capacity(t), maximise Σ_j (V_j / T_j) Σ_t x_jt. Where the LP puts each job is where it would be worth running: the demand curve at t is {"{"} W_j x_jt units at V_j / (W_j T_j) {"}"} over the jobs. With a period P, each live slot takes the curves of the history slots with the same phase (mod P), averaged. The LP is solved once over the whole history, exactly (as a flow problem); where several allocations are equally good, jobs go by unit value (ties in history order), each takes the earliest free slots of its window, and a later job moves an earlier one within its window only to make room. A quote at now then counts only the entries of requests submitted at now or later.
era-explain-baselines-heading = The baselines
era-explain-baselines = First-fit starts a job at the earliest slot where it fits, for a fixed price per unit and slot, whatever it is worth; on-demand starts it at once if the capacity not promised at that slot holds it, which can overcommit later slots (jobs then share capacity and run late). Both are value-blind: they fill the cloud with whatever comes first.

## The cloud (editors.rs)

era-cloud = Cloud
era-horizon = Horizon (slots)
era-horizon-label = Horizon in slots
era-slot-minutes = minutes per slot
era-slot-minutes-label = Minutes per slot
era-resource = Resource
era-virtual = virtual
    .title = A packing constraint: used by configurations, never sold
era-virtual-label = Virtual
era-capacity = Capacity
    .title = A number, or steps slot:capacity, … starting at slot 0
era-resource-name-label = Name of resource { $n }
era-capacity-label = Capacity of { $resource }
era-remove-resource = Remove this resource
era-remove-resource-label = Remove resource { $n }
era-add-resource = Add resource
era-capacity-hint = Capacity: a number, or steps such as "0:100, 24:90" (from slot 0, 100 units; from slot 24, 90). Bids buy configurations; by default one per resource that is not virtual, named like it.
era-configuration = Configuration
era-formal = formal (sold)
    .title = Amounts sold per unit, such as 2 cpu + 4 mem
era-actual = actual (used)
    .title = Amounts used per unit (empty: the same as formal)
era-configuration-name-label = Name of configuration { $n }
era-formal-label = Formal amounts of { $configuration }
era-actual-label = Actual amounts of { $configuration } (empty: as formal)
era-remove-configuration = Remove this configuration
era-remove-configuration-label = Remove configuration { $n }
era-add-configuration = Add configuration
era-configurations-none-hint = No configurations: one per resource that is not virtual, named like it, one unit each.
era-configurations-hint = Amounts per unit of a configuration, such as "2 cpu + 4 mem"; actual empty: the same as formal. Bids name their configuration (empty: the first).

## The algorithm (editors.rs, state.rs)

era-algorithm = Algorithm
era-algorithm-basic-econ = Basic-Econ (Algorithm 1)
era-algorithm-first-fit = first-fit (greedy, fixed price)
era-algorithm-on-demand = on-demand (start now, fixed price)
era-algorithm-formula = Basic-Econ with your unit price formula
era-min-price = unit price ≥
era-min-price-label = Minimum unit price
era-max-price-label = Maximum unit price (empty: none)
era-late-penalty = late penalty
era-late-penalty-label = Late penalty
era-price-bounds-hint = Each unit's price per slot is clamped into [min, max] (empty max: no bound). The late penalty multiplies a start s's total by (1 + penalty)^(s − A) when choosing the start — not in the price.
era-show-as-formula = Show as formula
era-show-as-formula-hint = Basic-Econ's price written as the unit price formula demand_price, with the same bounds and late penalty: the same results, a starting point to edit.
era-unit-price-formula = unit price =
era-unit-price-formula-label = Unit price formula
era-unit-price-formula-hint = Each unit i of each slot t is priced by this formula, then clamped into [min, max]; a unit that does not fit stays unpriceable whatever it says, and the start with the least total wins, as in Basic-Econ. demand_price is Basic-Econ's own price: the formula demand_price gives Basic-Econ's results. Try demand_price * (1 + promised / capacity) (dearer as the slot fills), max(demand_price, 2) or if(t - now < 3, 2 * demand_price, demand_price).
era-unit-price = unit price $
era-unit-price-label = Unit price
era-first-fit-hint = The earliest start where the part fits; price = unit price × units × duration.
era-on-demand-hint = Starts at submit if the capacity not promised for that slot holds it (later slots may be overcommitted, so jobs can run late).

## The demand predictor (editors.rs, state.rs)

era-predictor = Demand predictor
era-predictor-label = Predictor
era-predictor-none = none (prices 0 where a bid fits)
era-predictor-explicit = explicit demand curves
era-predictor-spread = spread a history (naive)
era-predictor-lp = LP over a history
era-predictor-none-hint = No predicted demand: every unit that fits costs 0 (clamped by the price bounds).
era-per-resource-curves = Per-resource curves for { $resources } (kept, shown in the JSON export).
era-history-list = History: { $n } requests.
era-history-generated = History: drawn from a generator of { $classes } classes with seed { $seed } (about { $requests } requests).
era-period = period (slots)
era-period-label = Period (empty: none)
era-period-hint = With period P, live slot t gets the curves of every history slot t′ ≡ t (mod P), units divided by their number. Empty: history slot t predicts slot t.
era-use-history = Use these requests as history ({ $n })
era-slot = slot
era-explicit-demand = predicted demand (units@$)
    .title = units@unit value, … (demand at price p: the units valued at p or more)
era-explicit-slot-label = Demand at slot { $slot }

## Actual usage (editors.rs)

era-usage = Actual usage
era-usage-on = jobs need less than they reserve
era-usage-label = Fraction of the reservation used
era-usage-hint = A fraction in (0, 1] or a range such as 0.5–1, drawn per bid from the seed: a job needs that share of its slots and finishes early; finished jobs free their later promised slots.

## What Undo takes back (state.rs)

era-undo-remove-resource = removing resource { $n }
era-undo-algorithm = switching the algorithm
era-undo-predictor = switching the demand predictor
era-undo-history-from-requests = replacing the history by the requests
era-undo-remove-request = removing request { $n }
era-undo-remove-history-bid = removing history bid { $n }
era-undo-generated-requests = switching the requests between a table and a generator
era-undo-generated-history = switching the history bids between a table and a generator
era-undo-remove-class = removing class { $n }
era-undo-remove-configuration = removing configuration { $n }

## The bids and the history's requests (bids.rs)

era-bids-legend = Bids ({ $n })
era-history-legend = Historical requests ({ $n })
era-col-id = id
era-col-submit = submit
    .title = Slot at which the bid is submitted
era-col-value = V $
    .title = Value: the most the user pays
era-col-count = W
    .title = Count: units of the configuration
era-col-duration = T
    .title = Duration: consecutive slots
era-col-arrival = A
    .title = Arrival: the earliest slot
era-col-deadline = D
    .title = Deadline: must finish before this slot
era-col-config = config
    .title = Configuration (empty: the first)
era-bid-id-label = Id of bid { $n }
era-history-id-label = Id of historical request { $n }
era-bid-submit-label = Submit of { $bid }
era-bid-value-label = Value of { $bid }
era-bid-count-label = Count of { $bid }
era-bid-duration-label = Duration of { $bid }
era-bid-arrival-label = Arrival of { $bid }
era-bid-deadline-label = Deadline of { $bid }
era-bid-config-label = Configuration of { $bid }
era-bid-config-placeholder = first
era-bid-no-parts = no parts
era-bid-more-parts = +{ $n } parts
era-remove-bid = Remove this bid
era-remove-history-bid = Remove this historical request
era-remove-bid-label = Remove bid { $n }
era-remove-history-bid-label = Remove historical request { $n }
era-add-bid = Add bid
era-add-history-bid = Add historical request
era-use-generator = Use a generator instead
era-bids-hint = A bid asks for W units (count) for T consecutive slots (duration) inside [A, D) (arrival, deadline), starting no earlier than its submit slot, and pays at most V (value). Bids with several parts (imported) show their first part; the others are kept.

## The generator (bids.rs)

era-generated-bids-legend = Generated bids ({ $n } classes)
era-generated-history-legend = Generated history ({ $n } classes)
era-history-seed = history seed
era-history-seed-label = Seed of the history
era-class = class
era-class-rate = rate
    .title = Mean requests per slot (Poisson)
era-class-count = count
    .title = Units
era-class-duration = duration
    .title = Slots
era-class-slack = slack
    .title = Window length minus duration
era-class-advance = advance
    .title = Arrival minus submit (reservation in advance)
era-class-unit-value = unit value
    .title = $ per unit and slot
era-class-name-label = Class name
era-class-rate-label = Rate
era-class-count-label = Count
era-class-duration-label = Duration
era-class-slack-label = Slack
era-class-advance-label = Advance
era-class-unit-value-label = Unit value
era-remove-class-label = Remove class { $n }
era-add-class = Add class
era-freeze = Edit the drawn bids as a list
era-generator-hint = Each field is a number, a range "low–high" (uniform), "exp mean" or a choice "{"{"}a, b{"}"}". A bid's value is unit value × units × duration. Draws come from the seed.
era-drawn-summary = The { $n } bids drawn from the seed (read-only)
era-drawn-label = Drawn bids
era-value-dollars = value $
era-window = window

## What a field's text is not (fields.rs), after the text itself

era-problem-slots = is not a whole number of slots
era-problem-optional-number = is not a finite number, or empty for none
era-problem-optional-slots = is not a whole number of slots, or empty for none
era-problem-dist = is not a number, a range "low–high" (uniform), "exp mean" or a choice "{"{"}a, b, …{"}"}"
era-problem-capacity = is not a number, or steps "slot:capacity, …" starting at slot 0
era-problem-curve = is not points "units@unit_value, …" (empty: no demand)
era-problem-amounts = is not amounts such as "2 cpu + 4 mem"
era-problem-optional-amounts = is not amounts such as "2 cpu + 4 mem", or empty for the same as formal

## A run's results (results.rs)

# `$accepted` and `$revenue` are the numbers (each in its own element), `$total` the bids.
era-summary = { $accepted } of { $total } bids accepted; revenue ${ $revenue }; efficiency { $efficiency }.
era-metric-requested-value = requested value $
    .title = Σ values of all bids
era-metric-accepted-value = accepted value $
    .title = Σ values of accepted bids
era-metric-completed-on-time = completed on time $
    .title = Σ values of accepted bids that finished by their deadline
era-metric-efficiency = efficiency
    .title = completed on time value / requested value
era-metric-revenue = revenue $
    .title = Σ prices charged
era-metric-accepted = accepted
era-metric-rejected = rejected
era-metric-late-jobs = late jobs
    .title = accepted jobs finishing after their deadline
era-metric-late-fraction = late fraction
    .title = late jobs / accepted
era-metric-utilization = utilisation of { $resource }
    .title = Σ_t min(used, capacity) / Σ_t capacity
era-decisions-label = Decisions
era-decision = decision
era-start = start
era-price-dollars = price $
era-quote-dollars = quote $
    .title = The algorithm's quote, made without the value
era-finish = finish
era-why = why rejected / late
era-accepted = accepted
era-rejected = rejected
era-late = late
era-on-time = on time
era-reason-closed = submitted at or after the horizon
era-reason-window-too-short = part { $part }: its window (from max(arrival, submit) to min(deadline, horizon)) is shorter than its duration
era-reason-does-not-fit = part { $part }: no start in its window where it fits under capacity
era-reason-value-below = the value is below the quote
era-gantt-bids = bids
era-gantt-title = Accepted jobs over the slots
era-gantt-title-first = Accepted jobs over the slots (first { $shown } of { $parts } parts)
era-units = units
era-usage-chart-title = Capacity, promised and used: { $resource }
era-series-capacity = capacity
era-series-promised = promised
era-series-used = used
era-price-chart-title = First unit's price, seen at its slot (now = t), price_t(1)
era-per-unit-and-slot = $ per unit and slot
era-gantt-colour = Colour the jobs by
era-gantt-colour-late = on time / late
era-gantt-empty = No job was accepted: nothing to draw.
era-charts-hint = Promised is the plan at the end of the run: a job that finished early has released its later slots. The price is what the first unit would cost at each slot for a bid arriving after the run.

## Every algorithm on this workload (compare.rs)

era-compare-basic-econ = Basic-Econ
era-compare-first-fit = first-fit
era-compare-on-demand = on-demand
era-compare-formula = your formula
era-compare-efficiency-pct = efficiency %
era-compare-utilisation-pct = utilisation %
era-compare-late-pct = late %
era-compare-chart-title = The same workload under each algorithm
era-compare-revenue-chart-title = Revenue under each algorithm
era-compare-heading = Every algorithm on this workload
era-compare-price = first-fit and on-demand unit price $
era-compare-price-label = Fixed unit price
era-compare-run = Compare the algorithms
era-compare-hint = Basic-Econ runs with the options above (or none if another algorithm is chosen); with a unit price formula, it runs beside Basic-Econ with the same bounds. The fixed-price algorithms charge the unit price × units × duration. Same bids, same seed.
era-compare-stale = The scenario changed since this comparison: press the button again to update it.
era-compare-algorithm = algorithm
era-compare-utilisation = utilisation
era-compare-accepted = { $accepted } of { $total }

## Predicted demand of a slot (demand.rs)

era-demand-series = demand_t(p) at slot { $slot }, seen at { $now }
era-demand-free = capacity − promised
era-demand-first-unit = first unit ${ $price }
era-demand-chart-title = Predicted demand of { $resource } at slot { $slot }
era-demand-price-axis = price $ per unit and slot
era-demand-invalid = Fix the scenario's problems to see its predicted demand.
era-demand-large = The LP over this history is large: solving it here would hold up the page.
era-demand-solve = Solve it anyway
era-demand-empty = No predicted demand still to come at slot { $slot } for a bid submitted at { $now }: every unit that fits there costs 0 (or the minimum price).
era-demand-heading = Predicted demand of a slot
era-demand-slot-label = Slot
era-demand-now = seen by a bid submitted at
era-demand-now-label = Submitted at
era-demand-hint = Unit i of a new bid at this slot costs the highest p with demand_t(p) > capacity − promised − i: the value of the predicted demand it would displace. As the paper's predictor says, only the demand that arrives from the bid's submit time on counts: a historical request submitted earlier has already arrived (it is in promised), so later quotes see less of the history.

## Request a quote (quote.rs)

era-quote-count-problem = count must be > 0
era-quote-duration-problem = duration must be at least 1 slot
era-quote-deadline-problem = the deadline must not be before the arrival
era-quote-invalid = fix the scenario's problems first
era-quote-press = Press Quote to price this bid against the plan.
era-quote-none = No quote: { $reason }
era-quote-rejects = ERA rejects this bid whatever its value: { $reason }
era-quote-accepted = accepted: value { $value } ≥ quote { $quote }; the user pays { $quote } and runs from slot { $slot }.
era-quote-rejected = rejected: value { $value } < quote { $quote }.
# `$price` and `$starts` are the numbers, each in its own element.
era-quote-price = Quote: ${ $price }, starting at slot { $starts }
era-quote-now = — quoted at slot { $slot }, against the demand predicted to arrive from then on
era-quote-value = Now your value $
era-quote-value-label = Your value
era-quote-type-value = Type the most you would pay: ERA accepts iff value ≥ quote.
era-quote-heading = Request a quote
era-quote-hint = Type a bid without its value. ERA quotes it against the plan at its submit slot (the bids submitted earlier already decided) and the predicted demand still to come from then on: the cheapest start of its window and the price there. The algorithm never sees the value — it only quotes; ERA then compares once, accept iff value ≥ quote, so bidding your true value is always best.
era-quote-count-label = Units
era-quote-arrival = arrival
era-quote-arrival-label = Arrival
era-quote-deadline = deadline
era-quote-deadline-label = Deadline
era-quote-submit-label = Submit slot
era-quote-button = Quote

era-seed-use = Generated workloads and histories, and the jobs' actual usage, are drawn from it.
