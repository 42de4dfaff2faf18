//! The `play` bundle (`cloudecon_web::pages::bundles::play`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(cloudecon_web::pages::bundles::play);
}
