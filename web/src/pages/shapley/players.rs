//! Add, remove and rename players.

use cloudecon::shapley::MAX_PLAYERS;
use yew::prelude::*;

use super::state::Action;
use crate::components::ParsedField;

#[derive(Properties, PartialEq)]
pub struct PlayersEditorProps {
    pub players: Vec<String>,
    /// Why "Add player" is disabled, if it is.
    pub blocked: Option<AttrValue>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn PlayersEditor(props: &PlayersEditorProps) -> Html {
    let n = props.players.len();
    let onadd = props.dispatch.reform(|_: MouseEvent| Action::AddPlayer);
    html! {
        <fieldset class="players">
            <legend>{ format!("Players ({n})") }</legend>
            <ol>
                { for props.players.iter().enumerate().map(|(i, name)| {
                    let onrename = props.dispatch.reform(move |v: String| Action::RenamePlayer(i, v));
                    let onremove = props.dispatch.reform(move |_: MouseEvent| Action::RemovePlayer(i));
                    html! {
                        <li>
                            <ParsedField<String> class="player-name" pointer={format!("/players/{i}")} value={name.clone()} onchange={onrename}
                                label={format!("Name of player {}", i + 1)} />
                            <button class="remove" data-pointer="/players" onclick={onremove} disabled={n <= 1}
                                aria-label={format!("Remove {name}")} title="Remove this player">{ "−" }</button>
                        </li>
                    }
                }) }
            </ol>
            <button id="add-player" data-pointer="/players" onclick={onadd} disabled={props.blocked.is_some()}
                aria-describedby={props.blocked.is_some().then_some("add-player-reason")}>{ "Add player" }</button>
            if let Some(reason) = &props.blocked {
                <p class="hint" id="add-player-reason">{ reason.clone() }</p>
            }
            <p class="hint">{ format!("Up to {MAX_PLAYERS} players (2^{MAX_PLAYERS} − 1 coalitions). A new player starts as a null player: it adds nothing to any coalition.") }</p>
        </fieldset>
    }
}
