# abacus-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the Abacus pages name their fields in problems, prompts and lock notes ("J1's budget").

# An owner's name before what it owns: "J1's", "Users'" ($ends is "s" for a name ending in s).
abacus-names-of = { $ends ->
        [s] { $name }'
       *[other] { $name }'s
    }
abacus-names-tolerance = the tolerance
abacus-names-max-iterations = the maximum rounds
abacus-names-trace = the trace
abacus-names-resources = the resource types
abacus-names-resource = resource { $resource }
abacus-names-resource-name = the name of resource { $n }
abacus-names-resource-units = { $owner } units
abacus-names-jobs = the jobs
abacus-names-job-name = the name of job { $n }
abacus-names-job-budget = { $owner } budget
abacus-names-job-utility = { $owner } utility
abacus-names-job-weight = { $owner } weight on { $resource }
abacus-names-job-exponent = { $owner } exponent p
abacus-names-job-formula = { $owner } utility formula
abacus-names-sweep = the sweep
abacus-names-sweep-job = the job swept
abacus-names-sweep-over = what the sweep varies
abacus-names-sweep-from = where the sweep starts
abacus-names-sweep-to = where the sweep ends
abacus-names-sweep-points = the sweep's points
abacus-names-schedule = the scheduler
abacus-names-policies = the scheduling policies
abacus-names-phases-in-order = reduce after map
abacus-names-horizon = the scheduler's horizon
abacus-names-users = the scheduler's users
abacus-names-user-formula = { $owner } utility formula
abacus-names-user-reported-formula = { $owner } reported utility formula
abacus-names-share = { $owner } share of { $resource }
abacus-names-sub-budget = { $owner } sub-budget for { $resource }
abacus-names-iterations = the number of rounds
abacus-names-round-change = the largest sub-budget change in round { $n }
abacus-names-max-gain = the largest gain from a misreport
abacus-names-truthful-utility = the true utility of the truthful report
abacus-names-point-utility = the true utility at sweep point { $n }
abacus-names-point-report = the report at sweep point { $n }
abacus-names-makespan = the makespan under { $policy }
abacus-names-mean-response = the mean response time under { $policy }
abacus-names-auctions = the number of auctions under { $policy }
abacus-names-utilisation = the utilisation of { $resource } under { $policy }
abacus-names-user-mean-response = { $owner } mean response time under { $policy }
abacus-names-user-jobs = { $owner } number of jobs under { $policy }

## Utility estimation (estimate.rs)
abacus-names-estimate-kind = the utility form
abacus-names-estimate-non-negative = non-negative weights
abacus-names-estimate-observations = the observations
abacus-names-estimate-utility = the utility of observed job { $job }
abacus-names-estimate-share = observed job { $job }'s share of resource { $n }
abacus-names-estimate-true-weights = the true weights
abacus-names-estimate-true-weight = the true weight on resource { $n }
abacus-names-estimate-weight = the fitted weight on resource { $n }
abacus-names-estimate-fitted = the fitted utility of observed job { $job }
abacus-names-estimate-rss = the residual sum of squares
abacus-names-estimate-used = the number of observed jobs used
