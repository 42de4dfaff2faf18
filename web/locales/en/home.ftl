# home: see web/locales/GLOSSARY.md for the terms every message follows.

## The home page (home.rs)
home-lead = Run the economic mechanisms of four cloud-computing papers in your browser: edit every input, watch the charts move, and share a scenario as a link. Everything runs on your machine.
home-available = Available now
home-coming-next = Coming next
home-coming = coming
home-exercises = Classroom exercises
home-exercises-text = Each link opens a mechanism's page with an exercise: instructions, tasks with checks and hints,                    and the student's answers as a file to hand in. Teachers collect those files on the
home-exercises-link = Classroom page
home-exercises-text-end = . The checks run in the student's browser, so a determined student can read the answers:                    the exercises are for practice and teaching, not for exams.
home-exercise-tasks = — { $mechanism }, { $count } { $count ->
        [one] task
       *[other] tasks
    }
home-mechanism-abacus = Abacus auction
home-mechanism-abacus_estimate = Abacus utility estimation
home-mechanism-shapley = Shapley value calculator
home-mechanism-era = ERA reservations
home-mechanism-spot = On-demand, spot, or both
home-mechanism-cloudshare = CloudShare / DirectContr

## The cards (table.rs): paper citations as published
home-abacus-title = Abacus
home-abacus-paper = Zhang, Ma, Ding, Yang · IC2E 2013
home-abacus-summary = An auction that splits each job's budget over resource types: shares s_ij = b_ij^α / Σ_l b_lj^α, the incentive explorer (Fig. 8), a probabilistic scheduler against FIFO and Fair (Fig. 9).
home-abacus-open = Open Abacus
home-shapley-title = Shapley value calculator
home-shapley-paper = Shapley 1953 · the fairness reference of CloudShare
home-shapley-summary = Exact Shapley values of any cooperative game with up to 20 players, from a coalition table or a formula (glove, weighted majority, random); efficiency and core check.
home-shapley-open = Open the calculator
home-era-title = ERA
home-era-paper = Babaioff et al. · WWW 2017
home-era-summary = Reservations "W cores for T slots in [A, D), pay at most V", priced at the cheapest start from predicted demand, against first-fit and on-demand; request a quote; an LP-based demand predictor.
home-era-open = Open ERA
home-spot-title = On-demand, spot, or both
home-spot-paper = Menache et al. · ICAC 2014
home-spot-summary = Bidding policies for spot versus on-demand instances, learned online by multiplicative weights with delayed feedback: payoffs, regret and weight evolution; EC2 price histories and workload logs.
home-spot-open = Open spot vs on-demand
home-cloudshare-title = CloudShare / DirectContr
home-cloudshare-paper = Pacholczyk et al. · CrossCloud 2018
home-cloudshare-summary = Fair, money-free sharing between federated clouds, judged against the exact Shapley value; FairShare and round-robin as baselines; schedules, waits against fair waits, scores over log windows.
home-cloudshare-open = Open CloudShare
