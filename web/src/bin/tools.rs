//! The `tools` bundle (`cloudecon_web::pages::bundles::tools`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::tools,
        cloudecon_web::pages::bundles::messages::TOOLS,
        cloudecon_web::pages::bundles::engines::TOOLS,
    );
}
