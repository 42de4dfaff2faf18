//! What the numbers mean, beside them; and the paper's experiments under both readings of `m`
//! (the numbers of BENCHMARKS.md, with the paper's beside them).

use yew::prelude::*;

#[component]
pub fn Explanations() -> Html {
    html! {
        <details class="explanation spot-explain" id="spot-explain" open=true>
            <summary>{ "How the policies and the learner work" }</summary>
            <h2>{ "On demand or spot" }</h2>
            <p>{ "A job brings value v if its z instance-hours of work are done within its deadline, using at most c instances at \
                  once. On-demand instances cost p per hour and always run. Spot instances run in every slot where the spot price \
                  is at or below your bid and are paid at the spot price; above it they stop. A job's payoff is v − cost if it \
                  finishes in time, else − cost: it can be negative." }</p>
            <p id="spot-tie-note">{ "Ties: a price within 10⁻¹² of the bid (relative, above 1) counts as equal and does not stop the \
                  instances. A variable bid is an average of past prices: after a long constant stretch it equals the price up to \
                  its last bits, and rounding alone would otherwise decide." }</p>
            <h2>{ "The two policy families" }</h2>
            <p>{ "Rate-centric (RC σ): each hour, a share σ of the job's instances runs on demand and the rest on spot. σ = 0 is \
                  spot only, σ = 1 on demand only. Deadline-centric (DC M): spot only, until M hours are left before the deadline, \
                  then on demand only. Rate-centric policies also move everything to on demand when that is the only way \
                  left to finish in time; see each policy's \"what it does\" in the table." }</p>
            <h2>{ "Fixed and variable bids" }</h2>
            <p>{ "A fixed bid b is the same every hour. A variable bid follows the market: the average of past spot prices with \
                  weight γ per hour (γ = 0: the last price) plus ε. Bidding high keeps spot instances running through price \
                  spikes; bidding low saves money but risks running out of time." }</p>
            <h2>{ "Why feedback is delayed, and what d is" }</h2>
            <p>{ "The learner (Hedge, the paper's Algorithm 2) keeps a weight per policy, draws the policy it applies to each new \
                  job from the weights, and multiplies each weight by exp(η · scale · payoff). But a job's payoff is known only \
                  when it finishes, and by then more jobs have arrived and been assigned. With delay d the update after job j \
                  uses the payoffs of job j − d. \"auto\" takes d as the largest number of jobs arriving during one job's \
                  lifetime, so every payoff is known when it is used." }</p>
            <p id="spot-auto-delay-note">{ "Any upper bound will do for the guarantee; a larger d only takes smaller steps. In the paper's \
                  synthetic experiments auto gives d = 88 where the paper reports 66: 66 is about the expected number of jobs \
                  arriving over the longest lifetimes (6 an hour for 10–11 hours), not the largest count over 10,000 jobs. We keep \
                  the maximum, a valid bound." }</p>
            <h2>{ "The time left, m: hours or slots" }</h2>
            <p>{ "Algorithm 1 reads \"let m be the number of remaining time slots till job deadline\" but decides once an hour. \
                  Counting m in hours (the default), a rate-centric policy moves to on demand as soon as spot alone might miss \
                  the deadline, and in its last hour always; counting it in 5-minute slots, as written, it almost never does, \
                  and deadline-centric policies stay on spot. Only the slots reading makes on demand win experiment 3, as in \
                  the paper. The paper's experiments, run both ways (average regret per job: the learner's, then the \
                  average policy's):" }</p>
            <div class="scroll" tabindex="0" role="region" aria-label="The paper's experiments under both readings">
            <table class="results-table" id="spot-readings">
                <thead><tr><th>{ "experiment" }</th><th>{ "the paper" }</th><th>{ "m in hours" }</th><th>{ "m in slots" }</th></tr></thead>
                <tbody>
                    <tr><td>{ "1 (mean 0.15, 408 policies)" }</td><td>{ "both families among the best" }</td>
                        <td>{ "RC σ=0 fixed b=.25 best, both families in the top 5; 0.053 vs 3.54" }</td>
                        <td>{ "RC σ=0 var γ=.8 ε=.1 best, both families in the top 5; 0.122 vs 7.19" }</td></tr>
                    <tr><td>{ "2 (mean 0.1)" }</td><td>{ "fixed bid 0.25 best; 1.3 vs 7.5" }</td>
                        <td>{ "RC σ=0 fixed b=.25 best; 0.046 vs 4.67" }</td>
                        <td>{ "RC σ=0 fixed b=.25 best; 0.116 vs 11.53" }</td></tr>
                    <tr><td>{ "3 (mean 0.1, then 0.2)" }</td><td>{ "on demand only best; 0.5 vs 4.8" }</td>
                        <td>{ "spot only (variable bid + .1) best, all on demand 49th of 204 (24 % below); 0.167 vs 1.82" }</td>
                        <td>{ "all on demand best (1st); 0.572 vs 6.70" }</td></tr>
                    <tr><td>{ "4 (0.3 and 0 hourly)" }</td><td>{ "γ = 0 best; 0.8 vs 4.5" }</td>
                        <td>{ "RC σ=0 var γ=0 best; 0.027 vs 3.26" }</td>
                        <td>{ "RC σ=0 var γ=0 best; 0.072 vs 7.77" }</td></tr>
                    <tr><td>{ "real data (504 policies)" }</td><td>{ "a rate-centric fixed bid best; the learner's regret 34× below the policies'" }</td>
                        <td>{ "DC M=0 fixed b=.7 best (rate-centric policies run on demand); 16× below" }</td>
                        <td>{ "RC σ=0 fixed b=.7 best (tied with DC at that bid); 27× below" }</td></tr>
                </tbody>
            </table>
            </div>
            <h2>{ "Regret" }</h2>
            <p>{ "Regret = the best single policy's total payoff, known only in hindsight, minus the learner's expected payoff; \
                  average regret divides by the number of jobs J. It should fall towards 0 as J grows, and well below the \
                  \"policy at random\" line (the average over policies of their own regret): the learner finds the good \
                  policies without being told." }</p>
            <h2>{ "The bound assumes payoffs in [0, 1]" }</h2>
            <p>{ "Theorem 1 bounds the average regret by 9·√(2 d ln(n/δ) / J) with probability 1 − δ (δ = 0.05 here), for n \
                  policies, if every payoff lies in [0, 1]. Payoffs here are dollars: scale them into [0, 1] (payoff_scale \
                  multiplies them in the weight update) for the theorem to apply; the chart shows the bound as a guide." }</p>
            <h2>{ "payoff_scale" }</h2>
            <p>{ "Only the weight update uses it: w ∝ w · exp(η · scale · f). A larger scale makes the learner more decisive \
                  (weights concentrate faster), a smaller one more cautious. Totals and regrets are reported unscaled." }</p>
        </details>
    }
}
