//! What the numbers mean, beside them — including which definitions are reconstructions.

use yew::prelude::*;

#[component]
pub fn Explanations() -> Html {
    html! {
        <details class="explanation cloudshare-explain" id="cloudshare-explain" open=true>
            <summary>{ "How fairness is measured and how the algorithms choose" }</summary>
            <h2>{ "The Shapley value of a provider" }</h2>
            <p>{ "Organizations pool their processors and there is no money. The game's value v(C) is the total wait of \
                  coalition C's jobs when C runs alone on its own processors. A provider's Shapley value φ_o is its average \
                  marginal effect on the federation's total wait, v(C ∪ {o}) − v(C), over all orders in which the federation \
                  can form: its fair total wait. A negative φ means that by joining it shortens the others' waits by more than \
                  its own jobs wait — it brings spare processors. An algorithm's unfairness is Σ_o |wait(o) − φ_o|." }</p>
            <p class="math">{ "φ_o = Σ over C ⊆ O∖{o} of |C|! (N − |C| − 1)! / N! · (v(C ∪ {o}) − v(C))" }</p>
            <p>{ "Exact values need 2^N − 1 coalition simulations (at most 20 organizations); beyond, permutations are \
                  sampled (seeded) and each φ is shown with the half-width of its 95 % confidence interval." }</p>
            <h2>{ "Why unit pieces give one reference" }</h2>
            <p>{ "With split_unit every job becomes unit-length, single-core pieces. Every algorithm here is work-conserving \
                  on identical processors, so at every moment the same number of pieces runs whatever the order: the total \
                  wait of a coalition is the same under every algorithm, and v(C) — hence φ — is common to all of them. \
                  Without splitting, the total wait depends on which job goes first, so each algorithm's own coalition \
                  simulations give its own v and its own Shapley reference: the comparison then has no common reference." }</p>
            <h2>{ "DirectContr: contribution minus utility" }</h2>
            <p>{ "Whenever a processor is free, DirectContr serves the organization whose contribution (the utility of the \
                  pieces run on its processors, whoever owns them) most exceeds its utility (that of its own pieces, wherever \
                  they ran), both evaluated at the end of the current time step. For a piece started at s, released at r, of \
                  c cores, with q units done by time t:" }</p>
            <ul>
                <li>{ "ψ_sp (ORIG_DIRECT): c · Σ_{τ=s}^{s+q−1} (t − τ) — a unit of work done earlier is worth more (strategy-resilient)." }</li>
                <li>{ "ψ_rel (REL_DIRECT): ψ_sp − c · q · (s − r) — the same, less the wait the piece suffered per unit done." }</li>
                <li>{ "ψ_surface (SIMPL_DIRECT): c · q — the work done." }</li>
            </ul>
            <p class="note" id="cloudshare-reconstruction">{ "The paper's equations (1)–(4) were lost from the text we have. The exact \
                  forms above follow the authors' earlier work (Skowron & Rzadca, SPAA 2013 and PPAM 2013) and are \
                  reconstructions; ψ_rel in particular is ours — the paper only says that the release time adjusts the utility." }</p>
            <h2>{ "The baselines" }</h2>
            <p>{ "FAIRSHARE gives each organization a share proportional to its processors and serves the one with the smallest \
                  usage (work done, ψ_surface) per share — it rewards what an organization owns, not what it lends. ROUND_ROBIN \
                  serves the organization chosen least recently. Neither looks at who helped whom, which is why they can \
                  drift far from the Shapley value." }</p>
            <h2>{ "The distributed form" }</h2>
            <p>{ "With the federation block, each site's broker exposes its free processors only while the fraction reserved \
                  by its own users is below the threshold, and sites may leave: their foreign jobs go back to their queues." }</p>
        </details>
    }
}
