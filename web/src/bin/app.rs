//! Entry point of the main bundle: install the panic hook and mount the app. The hook is set
//! through `yew::set_custom_panic_hook`, so rendering does not replace it with Yew's own.

fn main() {
    cloudecon_web::services::panic::install();
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            yew::Renderer::<cloudecon_web::app::App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<cloudecon_web::app::App>::new().render();
        }
    }
}
