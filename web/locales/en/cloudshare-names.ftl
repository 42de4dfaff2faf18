# cloudshare-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the CloudShare page names its fields and results (teacher's prompts, lock notes, lists).

# A name as the owner of what follows ($s is "yes" when the name ends in "s").
cloudshare-names-owner = { $s ->
    [yes] { $name }'
   *[no] { $name }'s
    }
cloudshare-names-quoted = "{ $name }"
cloudshare-names-algorithm = algorithm { $n }
cloudshare-names-job = job { $n }
cloudshare-names-job-of = job { $n } ({ $org })
cloudshare-names-release = release
cloudshare-names-duration = duration
cloudshare-names-job-cores = cores
cloudshare-names-organizations = the organizations
cloudshare-names-processors = { $owner } processors
cloudshare-names-org-name = the name of organization { $n }
cloudshare-names-jobs = the jobs
cloudshare-names-job-org = the organization of job { $n }
cloudshare-names-job-field = { $owner } { $field }
cloudshare-names-algorithms = the algorithms
cloudshare-names-priority = the priority formula of { $algorithm }
cloudshare-names-formula-name = the name of formula algorithm { $n }
cloudshare-names-psi = the ψ of { $algorithm }
cloudshare-names-split-unit = unit pieces
cloudshare-names-method = how the Shapley values are computed
cloudshare-names-permutations = the number of permutations
cloudshare-names-federation = the federation
cloudshare-names-threshold = the reserved fraction below which a site lends machines
cloudshare-names-runs = the scored windows
cloudshare-names-wait = { $owner } wait under { $algorithm }
cloudshare-names-unfairness = the unfairness of { $algorithm }
cloudshare-names-makespan = the makespan under { $algorithm }
cloudshare-names-utilization = the utilisation under { $algorithm }
cloudshare-names-shapley-under = { $owner } Shapley value under { $algorithm }
cloudshare-names-cores = { $owner } cores
cloudshare-names-shapley = { $owner } Shapley value
cloudshare-names-pieces = the number of pieces
cloudshare-names-simulations = the number of simulations
cloudshare-names-score = the score of { $algorithm }
cloudshare-names-window-start = the start of window { $n } (hours)
cloudshare-names-window-pieces = the pieces in window { $n }
cloudshare-names-window-unfairness = the unfairness of { $algorithm } in window { $n }
