//! A QR code as inline SVG (`qrcodegen`): crisp at any size, on a projector or a phone, and
//! drawn without a canvas. Low error correction leaves the most room for a link; the quiet zone
//! of four modules is part of the picture.

use qrcodegen::{QrCode, QrCodeEcc};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct QrProps {
    pub text: AttrValue,
    /// What the code holds, for screen readers.
    pub label: AttrValue,
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

/// The SVG path of a code's dark modules, and its size with the quiet zone.
pub fn path(text: &str) -> Option<(String, i32)> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = qr.size();
    let mut d = String::new();
    for y in 0..size {
        for x in 0..size {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{},{}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Some((d, size + 8))
}

#[component]
pub fn QrCodeView(props: &QrProps) -> Html {
    crate::i18n::use_lang();
    match path(&props.text) {
        Some((d, size)) => html! {
            <svg class="qr-code" id={props.id.clone()} role="img" aria-label={props.label.clone()}
                 viewBox={format!("0 0 {size} {size}")} shape-rendering="crispEdges" data-text={props.text.clone()}>
                <rect width={size.to_string()} height={size.to_string()} fill="#fff" />
                <path d={d} fill="#000" />
            </svg>
        },
        None => html! { <p class="field-problem">{ crate::i18n::t("class-qr-too-long") }</p> },
    }
}
