//! What the numbers mean, beside them.

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
