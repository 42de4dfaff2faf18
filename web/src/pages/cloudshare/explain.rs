//! What the numbers mean, beside them — including which definitions are reconstructions, what
//! unit pieces do to the paper's example, and Table 1 beside ours.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExplanationsProps {
    /// Jobs are cut into unit pieces: the note on the paper's example with unit pieces is shown.
    pub split_unit: bool,
}

/// An algorithm's row of Table 1: its name, then three scores per scenario.
type Table1Row = (&'static str, [u32; 3], [u32; 3], [u32; 3]);

/// The paper's Table 1 (scenarios 1 / 2 / 3) and ours (`python3 scripts/cloudshare_scores.py`:
/// 24 windows per log and scenario), per algorithm in the paper's order.
const TABLE1: [Table1Row; 5] = [
    ("ORIG_DIRECT", [3051, 3095, 2110], [32, 34, 35], [46, 58, 68]),
    ("REL_DIRECT", [3840, 3793, 2420], [31, 39, 39], [94, 69, 75]),
    ("SIMPL_DIRECT", [4061, 3955, 2415], [41, 37, 33], [49, 68, 62]),
    ("FAIRSHARE", [3108, 3436, 1621], [40, 56, 24], [30, 45, 19]),
    ("ROUND_ROBIN", [1302, 917, 871], [16, 2, 3], [21, 0, 7]),
];

fn triple(x: &[u32; 3]) -> String {
    format!("{} / {} / {}", x[0], x[1], x[2])
}

#[component]
pub fn Explanations(props: &ExplanationsProps) -> Html {
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
                <li>{ "ψ_rel (REL_DIRECT): c · Σ_{τ=s}^{s+q−1} (t − r − (τ − s)) = c · q · (t − r − (q − 1)/2) = ψ_sp + c · q · (s − r) — \
                      time is counted from the release, not the start: a finished piece is worth c · p · (t − r − (p − 1)/2) however \
                      late it started, so the release time “neutralizes” the lasting advantage of early decisions, as the paper says." }</li>
                <li>{ "ψ_surface (SIMPL_DIRECT): c · q — the work done." }</li>
            </ul>
            <p class="note" id="cloudshare-reconstruction">{ "The paper's equations (1)–(4) were lost from the text we have. The exact \
                  forms above follow the authors' earlier work (Skowron and Rzadca, 2013 and 2014, as the paper cites them) and \
                  are reconstructions; ψ_rel in particular is ours — the paper only says that the release time neutralizes the \
                  advantage of early decisions. An earlier reading subtracted the wait, ψ_sp − c · q · (s − r), which doubled the \
                  effect it was meant to remove: REL_DIRECT then scored 0–25 points in our runs, against 31–94 now (the table below)." }</p>
            if props.split_unit {
                <p class="note" id="cloudshare-split-note">{ "Unit pieces and the paper's example (preset cloudshare-toy with split_unit on): \
                      ORIG_DIRECT and REL_DIRECT end with unfairness 16. This follows from the definitions; it is not a bug. Cut into \
                      unit pieces, A's 2-unit jobs of times 0 and 2 each run one piece on B's idle machine. The Shapley value does not \
                      charge A for a machine B was not using, but DirectContr books it as A's debt to B: B's priority (contribution − \
                      utility) is the ψ of those two pieces, (t − 0) + (t − 2) = 2t − 2 — under ψ_rel too, as both started at their \
                      release — so 8 when the choice at time 4 is evaluated at 5, and growing by 2 per unit of time. B takes both \
                      machines from 4 until its 6 pieces have started; A's jobs of times 4, 6 and 8 wait 6 + 4 + 2 = 12 against a \
                      fair φ_A = 4, and B waits 6 against φ_B = 14 (v({A}) = 5, v({B}) = 15, v({A, B}) = 18): |12 − 4| + |6 − 14| = \
                      16. SIMPL_DIRECT's debt stays 2 units (ψ = c · q): unfairness 8; FAIRSHARE 14; ROUND_ROBIN 2. Without unit \
                      pieces (the paper's Figs. 2–3) A never borrows B's machine and DirectContr is exactly fair." }</p>
            }
            <h2>{ "The baselines" }</h2>
            <p>{ "FAIRSHARE gives each organization a share proportional to its processors and serves the one with the smallest \
                  usage (work done, ψ_surface) per share — it rewards what an organization owns, not what it lends. ROUND_ROBIN \
                  serves the organization chosen least recently. Neither looks at who helped whom, which is why they can \
                  drift far from the Shapley value." }</p>
            <h2>{ "The distributed form" }</h2>
            <p id="cloudshare-federation-explain">{ "With the federation block, each site's broker lends its free processors to foreign jobs \
                  only while its reserved fraction — busy cores / cores, its own and foreign jobs alike — is below the exposure \
                  threshold (default 0.7, the paper's “30% of the total CPU power is not reserved”): lending stops once busy / cores \
                  reaches it. A site may leave: foreign jobs running on it lose their work and go back to the queue “as if they \
                  were just submitted” — their release, and so their wait, counts from the leave time — and its waiting jobs are \
                  withdrawn." }</p>
            <h2>{ "Table 1 beside ours" }</h2>
            <p>{ "The paper scores five organizations over 20 random 24-hour windows of four logs (HPC2N, DAS2, LPC EGEE and \
                  MetaCentrum): a point for each algorithm an algorithm is strictly fairer than, per window. It reports that \
                  SIMPL_DIRECT and REL_DIRECT beat FAIRSHARE in every scenario. Our runs use two other logs, 24 windows each \
                  (NASA iPSC/860 and the LCG grid; scripts/cloudshare_scores.py): there they do in all three scenarios on LCG \
                  and in scenario 3 on NASA, but not on NASA in scenario 2 (REL_DIRECT 39, SIMPL_DIRECT 37, FAIRSHARE 56), and \
                  REL_DIRECT not on NASA in scenario 1 (31 against 40)." }</p>
            <div class="scroll" tabindex="0" role="region" aria-label="Table 1 beside ours">
            <table class="results-table" id="cloudshare-table1">
                <thead><tr><th>{ "algorithm" }</th><th>{ "paper, scenario 1 / 2 / 3" }</th><th>{ "NASA iPSC/860, 1 / 2 / 3" }</th><th>{ "LCG, 1 / 2 / 3" }</th></tr></thead>
                <tbody>
                { for TABLE1.iter().map(|(name, paper, nasa, lcg)| html! {
                    <tr><td>{ *name }</td><td>{ triple(paper) }</td><td>{ triple(nasa) }</td><td>{ triple(lcg) }</td></tr>
                }) }
                </tbody>
            </table>
            </div>
        </details>
    }
}
