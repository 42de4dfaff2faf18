//! The `spot` bundle (`cloudecon_web::pages::bundles::spot`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::spot,
        cloudecon_web::pages::bundles::messages::SPOT,
        cloudecon_web::pages::bundles::engines::SPOT,
    );
}
