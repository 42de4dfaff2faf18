//! The playground in the reader's language: English and Simplified Chinese from Project Fluent
//! files (`web/locales/{lang}/{area}.ftl`), and a pseudo-locale for tests.
//!
//! - Each bundle carries the message files of its own pages ([`Messages`], built by
//!   [`messages!`] in `pages::bundles`) and installs them when it starts ([`install_in`]).
//! - Text is looked up by id: [`t`] for a plain message, [`t!`](crate::t) with arguments. A
//!   message missing from the chosen language falls back to English and says so in the console;
//!   `scripts/messages.mjs` (a test) fails before that ships.
//! - The language comes from `?lang=` on the address, else the reader's saved choice, else
//!   `navigator.languages`, else English ([`choose`]). The header's switcher ([`set`]) changes
//!   it in place: components that show text read [`use_lang`], which re-renders them.
//! - `en-XA` is the pseudo-locale: every message accented and wrapped in `⟦…⟧`, so that a test
//!   can see any text that does not come from a message.

mod pseudo;

use std::borrow::Cow;
use std::cell::RefCell;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A language the playground speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    ZhCn,
    /// English, accented and wrapped in markers (tests only; `?lang=en-XA`).
    Pseudo,
}

impl Lang {
    /// The languages a reader can choose in the header.
    pub const CHOSEN: [Lang; 2] = [Lang::En, Lang::ZhCn];

    /// The BCP 47 tag: `?lang=`, `<html lang>`, `Intl`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::Pseudo => "en-XA",
        }
    }

    /// The language's own name (the switcher shows each language in itself).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "中文",
            Lang::Pseudo => "Ƥşèûδô",
        }
    }

    /// The language a tag names: `zh`, `zh-CN`, `zh-Hans`… are Simplified Chinese, `en-XA` the
    /// pseudo-locale, any `en…` English; other languages are not spoken here.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        match primary {
            _ if tag == "en-xa" => Some(Lang::Pseudo),
            "zh" => Some(Lang::ZhCn),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// One area's messages: its English, compiled into the bundle, and where its Simplified
/// Chinese is. Only the reader's language travels: a bundle carries English (every language's
/// fallback) and fetches another language's files from `dist/locales/` when it is chosen
/// ([`load`]); `scripts/site.mjs` puts them there and the offline worker keeps them.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    pub name: &'static str,
    /// The English text; `None` for the core's areas, whose English the core itself formats
    /// (`cloudecon::messages::english`, the runner's words: one copy in the wasm, not two).
    pub en: Option<&'static str>,
    /// The Chinese file, relative to the playground's folder (`locales/zh-CN/era.ftl`; the
    /// core's are `locales/zh-CN/core/errors.ftl`).
    pub zh_file: &'static str,
    /// The Chinese text when it is compiled in: in tests, and in the class game's worker (which
    /// answers in the phone's language at once).
    pub zh: Option<&'static str>,
}

/// A bundle's message areas.
pub type Messages = &'static [Area];

/// The message files of the areas named: `messages!["common", "era"]` includes
/// `web/locales/en/common.ftl` (its messages: `web/build.rs` leaves the comments out) and so
/// on, and names `locales/zh-CN/common.ftl` for Chinese
/// (compiled in for tests); `core "errors"` is `core/locales/{lang}/errors.ftl`.
/// `messages![inline: …]` compiles every language in.
#[macro_export]
macro_rules! messages {
    (inline: $($($crate_:ident)? $area:literal),* $(,)?) => {
        &[$($crate::messages!(@one true, $($crate_)? $area)),*]
    };
    ($($($crate_:ident)? $area:literal),* $(,)?) => {
        &[$($crate::messages!(@one cfg!(test), $($crate_)? $area)),*]
    };
    (@one $inline:expr, $area:literal) => {
        $crate::i18n::Area {
            name: $area,
            // Without comments (`web/build.rs`).
            en: Some(include_str!(concat!(env!("OUT_DIR"), "/en/", $area, ".ftl"))),
            zh_file: concat!("locales/zh-CN/", $area, ".ftl"),
            zh: if $inline {
                Some(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/zh-CN/", $area, ".ftl")))
            } else {
                None
            },
        }
    };
    // The core's messages (its problems as data): `core/locales`.
    (@one $inline:expr, core $area:literal) => {
        $crate::i18n::Area {
            name: $area,
            en: None,
            zh_file: concat!("locales/zh-CN/core/", $area, ".ftl"),
            zh: if $inline {
                Some(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/locales/zh-CN/", $area, ".ftl")))
            } else {
                None
            },
        }
    };
}

thread_local! {
    /// Chinese files fetched so far, by file (kept for the page's life: a bounded set).
    static FETCHED: RefCell<std::collections::HashMap<&'static str, &'static str>> =
        RefCell::new(std::collections::HashMap::new());
}

/// An area's text in `lang`, if the bundle has it (compiled in, or fetched by [`load`]).
fn text_of(area: &Area, lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En | Lang::Pseudo => Some(area.en.unwrap_or("")),
        Lang::ZhCn => area.zh.or_else(|| FETCHED.with(|f| f.borrow().get(area.zh_file).copied())),
    }
}

/// Fetches the files of `lang` the bundle does not have yet (once per file, all at once). An
/// error names the first file that could not be fetched; nothing is installed by this.
pub async fn load(lang: Lang, messages: Messages) -> Result<(), String> {
    let missing: Vec<&Area> = messages.iter().filter(|a| text_of(a, lang).is_none()).collect();
    let fetches = missing.iter().map(|area| async move {
        let bytes = crate::services::site::fetch_file(area.zh_file, &|_, _| {})
            .await
            .map_err(|e| format!("{}: {e}", area.zh_file))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8", area.zh_file))?;
        Ok::<_, String>((area.zh_file, text))
    });
    for fetched in futures::future::join_all(fetches).await {
        let (file, text) = fetched?;
        FETCHED.with(|f| {
            f.borrow_mut().entry(file).or_insert_with(|| Box::leak(text.into_boxed_str()));
        });
    }
    Ok(())
}

/// The language to start in: `lang` once its files are here, else English (said in the
/// console: a host that lacks them, or a first visit offline).
pub async fn ready(lang: Lang, messages: Messages) -> Lang {
    match load(lang, messages).await {
        Ok(()) => lang,
        Err(e) => {
            web_log(&format!("the {} messages could not be loaded ({e}); showing English", lang.tag()));
            Lang::En
        }
    }
}

/// A message with arguments: `t!("runs-left", n = 3, name = job)`. Arguments are anything
/// [`FluentValue`] takes: strings (formatted numbers among them) and numbers (for plurals).
#[macro_export]
macro_rules! t {
    ($id:expr) => { $crate::i18n::t($id) };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $( args.set(stringify!($name), $value); )+
        $crate::i18n::t_args($id, &args)
    }};
}

/// A message's arguments.
pub type Args<'a> = FluentArgs<'a>;

/// Something said now and shown later — a failure, a banner's message, what Undo takes back —
/// kept as data, so that it is shown in the language of the moment it is shown (the reader may
/// switch in between): a message with its arguments, a core's problems, or words that are no
/// message (a browser's own, a title). It is saved as JSON with the page's Undo.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Text {
    /// Message `id` with its arguments.
    Message(String, Vec<(String, Arg)>),
    /// A core's problems, one a line (`path: what is wrong`).
    Problems(cloudecon::ScenarioError),
    /// Words said as they are.
    Plain(String),
    /// Texts one a line (a heading, then the problems).
    Lines(Vec<Text>),
}

/// An argument of a [`Text`] message.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Arg {
    Text(Text),
    /// A number (Fluent picks plurals by it).
    Number(f64),
}

impl Text {
    /// Message `id` with `args` (see [`said!`](crate::said)).
    pub fn message(id: &str, args: Vec<(&str, Arg)>) -> Self {
        Text::Message(id.to_string(), args.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// The text in the current language.
    pub fn show(&self) -> String {
        match self {
            Text::Message(id, list) => {
                let mut args = Args::new();
                for (name, value) in list {
                    match value {
                        Arg::Text(text) => args.set(name.as_str(), text.show()),
                        Arg::Number(n) => args.set(name.as_str(), *n),
                    }
                }
                t_args(id, &args)
            }
            Text::Problems(e) => problems_text(e),
            Text::Plain(s) => s.clone(),
            Text::Lines(lines) => lines.iter().map(Text::show).collect::<Vec<_>>().join("\n"),
        }
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text::Plain(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text::Plain(s.to_string())
    }
}

impl From<cloudecon::ScenarioError> for Text {
    fn from(e: cloudecon::ScenarioError) -> Self {
        Text::Problems(e)
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(Text::Plain(s))
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(Text::Plain(s.to_string()))
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Text(t)
    }
}

impl From<cloudecon::ScenarioError> for Arg {
    fn from(e: cloudecon::ScenarioError) -> Self {
        Arg::Text(Text::Problems(e))
    }
}

impl From<FluentValue<'static>> for Arg {
    /// [`number`]'s arguments stay numbers (Fluent picks plurals by them).
    fn from(v: FluentValue<'static>) -> Self {
        match v {
            FluentValue::String(s) => Arg::Text(Text::Plain(s.into_owned())),
            FluentValue::Number(n) => Arg::Number(n.value),
            _ => Arg::Text(Text::Plain(String::new())),
        }
    }
}

/// A message with arguments kept as data, shown later in the language of then ([`Text`]):
/// `said!("runs-left", name = job)`, arguments as [`t!`](crate::t) takes them (texts, numbers
/// through [`number`]).
#[macro_export]
macro_rules! said {
    ($id:expr) => { $crate::i18n::Text::message($id, Vec::new()) };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Text::message($id, vec![$((stringify!($name), $crate::i18n::Arg::from($value))),+])
    };
}

/// A core's problems, one a line (`path: what is wrong`; a problem without a path, what is
/// wrong), in the current language.
pub fn problems_text(e: &cloudecon::ScenarioError) -> String {
    let line = |p: &cloudecon::Problem| match p.path.as_str() {
        "" => problem_text(p),
        path => format!("{path}: {}", problem_text(p)),
    };
    e.problems.iter().map(line).collect::<Vec<_>>().join("\n")
}

/// The installed messages in the current language.
struct Catalog {
    lang: Lang,
    messages: Messages,
    bundle: FluentBundle<FluentResource>,
    /// English, the fallback of a message the language lacks (None when the language is English).
    english: Option<FluentBundle<FluentResource>>,
}

thread_local! {
    static CATALOG: RefCell<Option<Catalog>> = const { RefCell::new(None) };
}

/// A bundle of `lang` from the messages' files. A file that does not parse keeps the messages
/// it could read (the message test parses every file strictly).
fn bundle_of(lang: Lang, messages: Messages) -> FluentBundle<FluentResource> {
    let tag = if lang == Lang::ZhCn { "zh-CN" } else { "en" };
    let mut bundle = FluentBundle::new(tag.parse::<unic_langid::LanguageIdentifier>().into_iter().collect());
    // Plain text in the page: no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    // A number argument is written by the browser's `Intl` in the language shown.
    bundle.set_formatter(Some(number_argument));
    if lang == Lang::Pseudo {
        bundle.set_transform(Some(pseudo::accent));
    }
    for area in messages {
        // A language not loaded ([`load`]) has no messages: each falls back to English.
        let Some(text) = text_of(area, lang) else { continue };
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, errors)| {
            web_log(&format!("messages {} ({}): {errors:?}", area.name, lang.tag()));
            partial
        });
        // Ids are unique across areas (the message test checks it); a duplicate keeps the first.
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// A message's number argument (a count, a value) as the page writes numbers, through `Intl` in
/// the current language: whole numbers in full, others with at most six decimals
/// ([`format::short`](crate::format::short)). Other values are Fluent's.
fn number_argument<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.value.fract() == 0.0 && n.value.abs() < 1e15 => Some(crate::format::whole(n.value)),
        FluentValue::Number(n) => Some(crate::format::short(n.value)),
        _ => None,
    }
}

/// Installs a bundle's messages in `lang`.
pub fn install_in(lang: Lang, messages: Messages) {
    let catalog = Catalog {
        lang,
        messages,
        bundle: bundle_of(lang, messages),
        english: (lang == Lang::ZhCn).then(|| bundle_of(Lang::En, messages)),
    };
    CATALOG.with(|c| *c.borrow_mut() = Some(catalog));
    set_document_lang(lang);
}

/// The current language (English before anything is installed).
pub fn current() -> Lang {
    CATALOG.with(|c| c.borrow().as_ref().map_or(Lang::En, |c| c.lang))
}

/// Switches the installed messages to `lang`, saves the choice and drops `?lang=` from the
/// address (the choice now speaks for the reader). Components re-render through the context the
/// app provides ([`LangProvider`]).
pub fn switch(lang: Lang) {
    let messages = CATALOG.with(|c| c.borrow().as_ref().map(|c| c.messages));
    install_in(lang, messages.unwrap_or(&[]));
    if lang != Lang::Pseudo {
        save_choice(lang);
    }
    drop_lang_parameter();
}

/// The text of message `id` in the current language.
pub fn t(id: &str) -> String {
    format(id, None)
}

/// The text of message `id` with its arguments.
pub fn t_args(id: &str, args: &Args) -> String {
    format(id, Some(args))
}

fn format(id: &str, args: Option<&Args>) -> String {
    // Tests render parts of pages without a bundle's start: they read every area in English.
    #[cfg(test)]
    if CATALOG.with(|c| c.try_borrow().is_ok_and(|c| c.is_none())) {
        install_in(Lang::En, crate::pages::bundles::messages::ALL);
    }
    CATALOG.with(|c| {
        // A panic while the catalog is being replaced (the panic hook asks for its message)
        // gets the id rather than a second panic.
        let Ok(catalog) = c.try_borrow() else { return id.to_string() };
        let Some(catalog) = catalog.as_ref() else { return id.to_string() };
        let text = match format_in(&catalog.bundle, id, args) {
            Some(text) => text,
            None => {
                let english =
                    catalog.english.as_ref().and_then(|en| format_in(en, id, args)).or_else(|| core_english(id, args));
                // English reads the core's messages from the core; another language lacking a
                // message says so.
                if catalog.lang == Lang::ZhCn || english.is_none() {
                    web_log(&format!("missing message {id} ({})", catalog.lang.tag()));
                }
                match english {
                    Some(text) => text,
                    None => return id.to_string(),
                }
            }
        };
        if catalog.lang == Lang::Pseudo {
            format!("⟦{text}⟧")
        } else {
            text
        }
    })
}

fn format_in(bundle: &FluentBundle<FluentResource>, id: &str, args: Option<&Args>) -> Option<String> {
    let (id, attribute) = match id.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (id, None),
    };
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(a) => message.get_attribute(a)?.value(),
        None => message.value()?,
    };
    let mut errors = vec![];
    let text: Cow<str> = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        web_log(&format!("message {id}: {errors:?}"));
    }
    Some(text.into_owned())
}

/// The core's English of message `id` (its areas' English is not in the pages' Fluent bundles).
fn core_english(id: &str, args: Option<&Args>) -> Option<String> {
    let args: Vec<(&str, String)> = args
        .into_iter()
        .flat_map(|a| a.iter())
        .map(|(name, value)| {
            let value = match value {
                FluentValue::String(s) => s.to_string(),
                FluentValue::Number(n) => n.as_string().to_string(),
                _ => String::new(),
            };
            (name, value)
        })
        .collect();
    cloudecon::messages::english(id, &args)
}

/// A core problem's "what is wrong" in the current language: its message (`errors.ftl`) with
/// its arguments when the core gave it as data, else the core's English (also when the bundle
/// does not carry that message: a bundle carries the core areas its pages show).
pub fn problem_text(problem: &cloudecon::Problem) -> String {
    match problem.id.filter(|id| has(id)) {
        Some(id) => {
            let mut args = Args::new();
            for (name, value) in &problem.args {
                args.set(*name, value.clone());
            }
            for (name, inner) in &problem.nested {
                args.set(*name, problem_text(inner));
            }
            t_args(id, &args)
        }
        None => problem.message.clone(),
    }
}

/// A message as `&'static str`, for the few places whose type asks for one (a [`Choice`]'s
/// label): each language's text of an id is made once and kept for the page's life (a bounded
/// set: ids are literals).
///
/// [`Choice`]: crate::components::Choice
pub fn fixed(id: &'static str) -> &'static str {
    thread_local! {
        static KEPT: RefCell<std::collections::HashMap<(Lang, &'static str), &'static str>> =
            RefCell::new(std::collections::HashMap::new());
    }
    let lang = current();
    KEPT.with(|k| *k.borrow_mut().entry((lang, id)).or_insert_with(|| Box::leak(t(id).into_boxed_str())))
}

/// Whether the installed messages define `id` (in English, the fallback of every language), or
/// the core does (its problems' English).
pub fn has(id: &str) -> bool {
    CATALOG.with(|c| {
        c.try_borrow().ok().is_some_and(|c| {
            c.as_ref().is_some_and(|c| c.english.as_ref().unwrap_or(&c.bundle).get_message(id).is_some())
        })
    }) || cloudecon::messages::has(id)
}

/// A number as a message argument (Fluent's plural rules select on it).
pub fn number(x: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(x.into())
}

const SAVED: &str = "cloudecon.lang";

/// The reader's language: `?lang=` on the address, else the saved choice, else the first of
/// `navigator.languages` spoken here, else English.
pub fn choose() -> Lang {
    if cfg!(not(target_arch = "wasm32")) {
        return Lang::En;
    }
    let Some(window) = web_sys::window() else { return Lang::En };
    let search = window.location().search().unwrap_or_default();
    let asked =
        search.trim_start_matches('?').split('&').find_map(|pair| pair.strip_prefix("lang=")).and_then(Lang::from_tag);
    if let Some(lang) = asked {
        return lang;
    }
    let saved = window.local_storage().ok().flatten().and_then(|s| s.get_item(SAVED).ok().flatten());
    if let Some(lang) = saved.as_deref().and_then(Lang::from_tag).filter(|l| *l != Lang::Pseudo) {
        return lang;
    }
    let preferred = window.navigator().languages();
    preferred.iter().filter_map(|v| v.as_string()).find_map(|tag| Lang::from_tag(&tag)).unwrap_or(Lang::En)
}

fn save_choice(lang: Lang) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        // Best effort: a browser without storage keeps the choice for this page only.
        let _ = storage.set_item(SAVED, lang.tag());
    }
}

/// `?lang=…` taken off the address, everything else kept (the `#s=` fragment with it).
fn drop_lang_parameter() {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let search = location.search().unwrap_or_default();
    if !search.contains("lang=") {
        return;
    }
    let kept: Vec<&str> =
        search.trim_start_matches('?').split('&').filter(|p| !p.starts_with("lang=") && !p.is_empty()).collect();
    let query = if kept.is_empty() { String::new() } else { format!("?{}", kept.join("&")) };
    let address = format!("{}{query}{}", location.pathname().unwrap_or_default(), location.hash().unwrap_or_default());
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
}

fn set_document_lang(lang: Lang) {
    // Native tests have no page (web-sys panics outside wasm).
    if cfg!(not(target_arch = "wasm32")) {
        return;
    }
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.tag());
    }
}

fn web_log(text: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::error_1(&text.into());
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("{text}");
}

/// What the app provides to every component: the language, and how to change it.
#[derive(Clone)]
pub struct LangContext {
    pub lang: Lang,
    pub set: Callback<Lang>,
}

impl PartialEq for LangContext {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
    }
}

/// The current language; the component re-renders when the reader switches it. Every component
/// that shows text calls it (its messages are read with [`t`] during the render).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<LangContext>().map_or_else(current, |c| c.lang)
}

#[derive(Properties, PartialEq)]
pub struct LangProviderProps {
    pub children: Html,
}

/// Provides the language to the app's components, and switches it for the header's menu.
#[component]
pub fn LangProvider(props: &LangProviderProps) -> Html {
    let lang = use_state_eq(current);
    let set = {
        let lang = lang.clone();
        Callback::from(move |to: Lang| {
            let messages = CATALOG.with(|c| c.borrow().as_ref().map_or(&[][..], |c| c.messages));
            if messages.iter().all(|a| text_of(a, to).is_some()) {
                switch(to);
                lang.set(to);
                return;
            }
            // The language's files first (from the offline worker's cache once it has them).
            let lang = lang.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match load(to, messages).await {
                    Ok(()) => {
                        switch(to);
                        lang.set(to);
                    }
                    Err(e) => {
                        web_log(&format!("the {} messages could not be loaded ({e})", to.tag()));
                        // The menu shows the language still in use.
                        let menu = web_sys::window()
                            .and_then(|w| w.document())
                            .and_then(|d| d.get_element_by_id("lang-select"));
                        if let Some(menu) = menu.and_then(|m| m.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                            menu.set_value(current().tag());
                        }
                    }
                }
            });
        })
    };
    let context = LangContext { lang: *lang, set };
    html! { <ContextProvider<LangContext> {context}>{ props.children.clone() }</ContextProvider<LangContext>> }
}

/// The header's language menu: each language in its own name; switching keeps the page's work
/// (nothing is reloaded).
#[component]
pub fn LangSwitcher() -> Html {
    let Some(context) = use_context::<LangContext>() else { return html! {} };
    let onchange = {
        let set = context.set.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            if let Some(lang) = Lang::from_tag(&value) {
                set.emit(lang);
            }
        })
    };
    let mut shown: Vec<Lang> = Lang::CHOSEN.to_vec();
    if context.lang == Lang::Pseudo {
        shown.push(Lang::Pseudo);
    }
    html! {
        <label class="lang-switch" translate="no">
            <span class="visually-hidden">{ t("lang-label") }</span>
            <select id="lang-select" {onchange}>
                { for shown.into_iter().map(|l| html! {
                    <option value={l.tag()} lang={l.tag()} selected={l == context.lang}>{ l.native_name() }</option>
                }) }
            </select>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use fluent_bundle::FluentResource;

    use crate::pages::bundles::messages::ALL;

    /// Fluent reads every message file of every area, in both languages, without an error (the
    /// message test in `e2e/messages.test.mjs` reads a simpler grammar).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_message_file_parses() {
        for area in ALL {
            let zh = area.zh.expect("tests compile every language in");
            // The core's English is checked against Fluent in the core (`cloudecon::messages`).
            for (lang, text) in [("en", area.en.unwrap_or("")), ("zh-CN", zh)] {
                if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
                    panic!("{lang}/{}.ftl: {errors:?}", area.name);
                }
            }
        }
    }

    /// A bundle compiles its English in without the comments (`web/build.rs`), every message line
    /// kept as it is.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn english_is_compiled_in_without_its_comments() {
        let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/en/era.ftl"));
        let compiled = ALL.iter().find(|a| a.name == "era").and_then(|a| a.en).expect("ERA's English");
        assert!(source.lines().filter(|l| l.starts_with('#')).count() > 10, "the file has comments");
        let messages: Vec<&str> = source.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(compiled.lines().collect::<Vec<_>>(), messages);
    }

    /// A message's number argument is written by the page's formatter (`Intl` in a browser), not
    /// by Fluent's `f64::to_string`.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_number_argument_is_written_as_the_page_writes_numbers() {
        use super::{install_in, Lang};
        install_in(Lang::ZhCn, ALL);
        // Not Rust's 0.6666666666666666 (Fluent's own): at most six decimals, through `Intl`.
        assert_eq!(crate::t!("components-percent", value = 2.0 / 3.0), "0.666667%");
        assert_eq!(crate::t!("components-percent", value = 1234567.0), "1234567%");
        install_in(Lang::En, ALL);
        assert_eq!(crate::t!("components-percent", value = -1e-17), "0 %");
    }

    /// Something said now and shown later is said in the language shown then, a core's problems
    /// and the problems nested in them included; it crosses JSON (the page's saved Undo) as data.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_text_kept_for_later_is_said_in_the_language_shown_then() {
        use super::{install_in, Lang, Text};
        let broken = cloudecon::Scenario::from_json("{\"version\": 1,").expect_err("not JSON");
        let text = Text::Lines(vec![crate::said!("components-import-failed"), broken.into()]);
        let undo = crate::said!("spot-replaces-job", n = "3");
        install_in(Lang::En, ALL);
        assert_eq!(
            text.show(),
            "Could not import the file; your work is unchanged.\n\
             document: is not valid JSON (line 1, column 14): EOF while parsing a value"
        );
        let english = undo.show();
        install_in(Lang::ZhCn, ALL);
        assert_eq!(
            text.show(),
            "无法导入该文件，你的工作未作改动。\ndocument: 不是有效的 JSON（第 1 行第 14 列）：读取值时文本意外结束"
        );
        assert!(undo.show() != english && undo.show().contains('3'), "{}", undo.show());
        let back: Text = serde_json::from_str(&serde_json::to_string(&text).expect("writes")).expect("reads");
        assert_eq!(back, text);
        install_in(Lang::En, ALL);
    }
}
