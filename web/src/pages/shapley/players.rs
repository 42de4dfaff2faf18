//! Add, remove and rename players.

use cloudecon::shapley::MAX_PLAYERS;
use yew::prelude::*;

use super::state::Action;
use crate::components::ParsedField;
use crate::i18n::{number, t, use_lang};

#[derive(Properties, PartialEq)]
pub struct PlayersEditorProps {
    pub players: Vec<String>,
    /// Why "Add player" is disabled, if it is.
    pub blocked: Option<AttrValue>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn PlayersEditor(props: &PlayersEditorProps) -> Html {
    use_lang();
    let n = props.players.len();
    let onadd = props.dispatch.reform(|_: MouseEvent| Action::AddPlayer);
    html! {
        <fieldset class="players">
            <legend>{ crate::t!("shapley-players-legend", n = number(n as f64)) }</legend>
            <ol>
                { for props.players.iter().enumerate().map(|(i, name)| {
                    let onrename = props.dispatch.reform(move |v: String| Action::RenamePlayer(i, v));
                    let onremove = props.dispatch.reform(move |_: MouseEvent| Action::RemovePlayer(i));
                    html! {
                        <li>
                            <ParsedField<String> class="player-name" pointer={format!("/players/{i}")} value={name.clone()} onchange={onrename}
                                label={crate::t!("shapley-player-name", n = number((i + 1) as f64))} />
                            <button class="remove" data-pointer="/players" onclick={onremove} disabled={n <= 1}
                                aria-label={crate::t!("shapley-player-remove", name = name.clone())} title={t("shapley-player-remove-title")}>{ "−" }</button>
                        </li>
                    }
                }) }
            </ol>
            <button id="add-player" data-pointer="/players" onclick={onadd} disabled={props.blocked.is_some()}
                aria-describedby={props.blocked.is_some().then_some("add-player-reason")}>{ t("shapley-player-add") }</button>
            if let Some(reason) = &props.blocked {
                <p class="hint" id="add-player-reason">{ reason.clone() }</p>
            }
            <p class="hint">{ crate::t!("shapley-players-hint", max = MAX_PLAYERS.to_string()) }</p>
        </fieldset>
    }
}
