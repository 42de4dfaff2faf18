//! What the numbers mean, beside them.

use yew::prelude::*;

#[component]
pub fn Explanations() -> Html {
    html! {
        <aside class="explanation">
            <h2>{ "What α does" }</h2>
            <p>{ "Shares are s_ij = b_ij^α / Σ_l b_lj^α. With α = 0 every job gets 1/n of every resource whatever it pays; \
                  with α = 1 resources are shared in proportion to money. In between, money buys priority with diminishing \
                  returns. The paper restricts α to [0, 1] so that each job's utility is concave in its sub-budgets (Lemma 1)." }</p>
            <h2>{ "Why the split is automatic" }</h2>
            <p>{ "A job only states its total budget. The auctioneer moves each job's money to where it buys the most utility: \
                  it sets b_ij in proportion to (∂u_i/∂s_ij) · s_ij · (1 − s_ij), job after job, until nothing moves. At that \
                  fixed point each job's split is the best it could choose itself given the others (Lemma 2), so a user gains \
                  nothing by splitting by hand (Lemma 3)." }</p>
            <p class="math">{ "b′_ij = b_i · h_ij / Σ_k h_ik,   h_ij = (∂u_i/∂s_ij) · s_ij · (1 − s_ij)" }</p>
            <h2>{ "Incentive compatibility" }</h2>
            <p>{ "A job's true utility can only fall if it reports a lower budget (Lemma 4: utility rises with the budget) or \
                  other weights than its true ones (Theorem 2). The condition: every user has at most one running job at a \
                  time — with several, a user could shift money between its own jobs. The explorer reruns the auction for \
                  each report and evaluates the true utility at the shares obtained; the marked point is the truth. \
                  Reporting a lower budget never pays here. Reporting other weights occasionally does, by a little \
                  (e.g. J3 of the running example gains 0.0014 by reporting the ratio 0.45): at the new equilibrium the \
                  other jobs' splits react to the report, which the theorem's argument does not account for." }</p>
            <h2>{ "The scheduler" }</h2>
            <p>{ "Shares are probabilities: when a slot frees, it goes to a job with a ready task, chosen in proportion to \
                  its share. The auction is recomputed whenever a job arrives or leaves. FIFO and Fair run on the same \
                  arrivals for comparison." }</p>
        </aside>
    }
}
