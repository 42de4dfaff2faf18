//! The `shapley` bundle (`cloudecon_web::pages::bundles::shapley`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::shapley,
        cloudecon_web::pages::bundles::messages::SHAPLEY,
        cloudecon_web::pages::bundles::engines::SHAPLEY,
    );
}
