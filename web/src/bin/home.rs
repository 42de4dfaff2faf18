//! The `home` bundle (`cloudecon_web::pages::bundles::home`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::home,
        cloudecon_web::pages::bundles::messages::HOME,
        cloudecon_web::pages::bundles::engines::HOME,
    );
}
