//! The `cloudshare` bundle (`cloudecon_web::pages::bundles::cloudshare`): mounts the app with its pages only.

fn main() {
    cloudecon_web::app::start(
        cloudecon_web::pages::bundles::cloudshare,
        cloudecon_web::pages::bundles::messages::CLOUDSHARE,
        cloudecon_web::pages::bundles::engines::CLOUDSHARE,
    );
}
