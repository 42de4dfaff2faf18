//! The `abacus` bundle (`cloudecon_web::pages::bundles::abacus`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::abacus,
        cloudecon_web::pages::bundles::messages::ABACUS,
        cloudecon_web::pages::bundles::engines::ABACUS,
    );
}
