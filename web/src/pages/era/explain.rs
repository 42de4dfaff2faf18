//! What the numbers mean, beside them.

use yew::prelude::*;

#[component]
pub fn Explanations() -> Html {
    html! {
        <details class="explanation era-explain" id="era-explain" open=true>
            <summary>{ "How ERA prices, and why" }</summary>
            <h2>{ "How a quote is computed (Basic-Econ)" }</h2>
            <p>{ "A bid asks for W units for T consecutive slots somewhere in [A, D). At slot t, unit i of the bid would leave \
                  R_i = capacity(t) − promised(t) − i units for everyone else. The predictor says how much demand is expected at \
                  each price; unit i costs the highest price p at which that demand would not fit any more, i.e. the value of the \
                  demand it displaces:" }</p>
            <p class="math">{ "price_t(i) = max { p : demand_t(p) > capacity(t) − promised(t) − i }   (0 if none; ∞ if it does not fit)" }</p>
            <p>{ "demand_t(p) is the predicted demand still to come: as the paper's predictor says, \"the demand that arrives from \
                  the current time till t\". A historical request counts for a bid submitted at now only if it was submitted at now or \
                  later; the demand that has already arrived is in promised(t) (or was turned away), and counting it again would \
                  price everything too high. So the same slot gets cheaper as its time comes closer and less demand is left to \
                  arrive. With a period P, a history slot t′ seen at live slot t moves its requests' submit times by t − t′." }</p>
            <p class="math">{ "quote = min over starts s of  Σ_{t=s}^{s+T−1} Σ_{i=1}^{W} price_t(i)" }</p>
            <p>{ "ERA takes the earliest cheapest start. With bounds, each unit's price is clamped into [min, max]; the late penalty \
                  makes later starts look dearer when choosing, without changing the price." }</p>
            <h2>{ "Why it is truthful" }</h2>
            <p>{ "The algorithm quotes from the request alone — units, duration, window, submit — and never sees the value. ERA then \
                  compares once: accept iff value ≥ quote, and the user pays the quote, not the value. Bidding more than your value \
                  can only win a job that costs more than it is worth; bidding less can only lose a job you wanted at that price. \
                  So the best bid is the true value, whatever the others do (a posted price, as in the \"Request a quote\" form)." }</p>
            <h2>{ "Why spreading under-prices the night (Section 3.2)" }</h2>
            <p>{ "In the day/night example, high-value jobs can run only by day; medium- and low-value jobs can run day or night, and \
                  each class alone would fill the cloud. Spreading counts each flexible job a little in every slot of its window, so \
                  half the medium- and half the low-value demand appears at night: the night looks half empty of medium jobs and \
                  half its units are priced at the low value. Low-value jobs are accepted at night and crowd out medium ones that \
                  come later. In an optimal schedule the high-value jobs take the day and the medium ones the whole night: the \
                  night's true price is the medium value. Compare the era-day-night and era-day-night-spread presets." }</p>
            <h2>{ "What the LP does" }</h2>
            <p>{ "The LP predictor solves the relaxation of the best allocation of the history: x_jt ∈ [0, 1] is the fraction of \
                  job j's units running at t inside its window, Σ_t x_jt ≤ T_j, Σ_j W_j x_jt ≤ capacity(t), maximise \
                  Σ_j (V_j / T_j) Σ_t x_jt. Where the LP puts each job is where it would be worth running: the demand curve at t is \
                  { W_j x_jt units at V_j / (W_j T_j) } over the jobs. With a period P, each live slot takes the curves of the \
                  history slots with the same phase (mod P), averaged. The LP is solved once over the whole history, exactly (as a \
                  flow problem); where several allocations are equally good, jobs go by unit value (ties in history order), each \
                  takes the earliest free slots of its window, and a later job moves an earlier one within its window only to make \
                  room. A quote at now then counts only the entries of requests \
                  submitted at now or later." }</p>
            <h2>{ "The baselines" }</h2>
            <p>{ "First-fit starts a job at the earliest slot where it fits, for a fixed price per unit and slot, whatever it is \
                  worth; on-demand starts it at once if the capacity not promised at that slot holds it, which can overcommit later \
                  slots (jobs then share capacity and run late). Both are value-blind: they fill the cloud with whatever comes \
                  first." }</p>
        </details>
    }
}
