//! The `era` bundle (`cloudecon_web::pages::bundles::era`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::era,
        cloudecon_web::pages::bundles::messages::ERA,
        cloudecon_web::pages::bundles::engines::ERA,
    );
}
