//! The error banner's messages, behind a context with intent methods (`report`, `dismiss`).

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Text;

/// Messages currently shown in the error banner (no duplicates), each said in the language of
/// the moment the banner shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Errors {
    pub messages: Vec<Text>,
}

pub enum ErrorsAction {
    Report(Text),
    Dismiss(usize),
}

impl Reducible for Errors {
    type Action = ErrorsAction;

    fn reduce(self: Rc<Self>, action: ErrorsAction) -> Rc<Self> {
        let mut messages = self.messages.clone();
        match action {
            ErrorsAction::Report(m) if messages.contains(&m) => return self,
            ErrorsAction::Report(m) => messages.push(m),
            ErrorsAction::Dismiss(i) if i < messages.len() => {
                messages.remove(i);
            }
            ErrorsAction::Dismiss(_) => return self,
        }
        Rc::new(Errors { messages })
    }
}

/// Handle to the banner: read the messages, report a new one, dismiss one.
#[derive(Clone, PartialEq)]
pub struct ErrorsHandle {
    inner: UseReducerHandle<Errors>,
}

impl ErrorsHandle {
    pub fn messages(&self) -> &[Text] {
        &self.inner.messages
    }
    /// Shows `message` (a [`Text`] made by [`said!`](crate::said) is said again in the language
    /// the reader switches to).
    pub fn report(&self, message: impl Into<Text>) {
        self.inner.dispatch(ErrorsAction::Report(message.into()));
    }
    pub fn dismiss(&self, index: usize) {
        self.inner.dispatch(ErrorsAction::Dismiss(index));
    }
}

#[derive(Properties, PartialEq)]
pub struct ErrorsProviderProps {
    pub children: Html,
}

/// Provides the error banner's state to everything below it.
#[component]
pub fn ErrorsProvider(props: &ErrorsProviderProps) -> Html {
    let inner = use_reducer_eq(Errors::default);
    html! {
        <ContextProvider<ErrorsHandle> context={ErrorsHandle { inner }}>
            { props.children.clone() }
        </ContextProvider<ErrorsHandle>>
    }
}

/// The page's error banner. Outside an [`ErrorsProvider`] there is none (`None`).
#[hook]
pub fn use_errors() -> Option<ErrorsHandle> {
    use_context::<ErrorsHandle>()
}
