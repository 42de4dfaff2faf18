# spot-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the spot page names its fields and results (prompts, lock notes, the teacher's lists).

spot-names-slot-minutes = the minutes per slot
spot-names-on-demand-price = the on-demand price
spot-names-spot-price = the spot price model
spot-names-spot-price-mean = the mean spot price
spot-names-spot-price-sd = the spot price's standard deviation
spot-names-spot-price-seed = the spot prices' seed
spot-names-jobs = the jobs
spot-names-job-count = the number of jobs
spot-names-mean-gap = the mean gap between jobs
spot-names-jobs-seed = the jobs' seed
spot-names-policies = the policies
spot-names-delay = the delay d
spot-names-step-size = the step size
spot-names-payoff-scale = the payoff scale
spot-names-remaining-unit = the unit of the time left
spot-names-policy = policy { $name }
spot-names-policy-payoff = the total payoff of { $policy }
spot-names-final-weight = the final weight of { $policy }
spot-names-completed = the jobs { $policy } completes
spot-names-drawn = how often the learner drew { $policy }
spot-names-expected-payoff = the expected payoff
spot-names-realized-payoff = the realized payoff
spot-names-regret = the regret
spot-names-average-regret = the average regret
spot-names-average-policy-regret = the average policy regret
spot-names-regret-bound = Theorem 1's bound
spot-names-best-policy = the best policy's position
spot-names-price-slots = the number of price slots
spot-names-lowest-price = the lowest spot price
spot-names-highest-price = the highest spot price
