//! The `game` bundle (`cloudecon_web::pages::bundles::game`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::game,
        cloudecon_web::pages::bundles::messages::GAME,
        cloudecon_web::pages::bundles::engines::GAME,
    );
}
