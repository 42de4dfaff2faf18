//! The `play` bundle: a student's phone in a live class game, alone in the light shell
//! (`cloudecon_web::app::start_alone`): its first load carries no router, no run worker and no
//! mechanism; previews and results come from the `play_worker` bundle.

fn main() {
    cloudecon_web::app::start_alone(
        cloudecon_web::pages::bundles::play_alone,
        cloudecon_web::pages::bundles::messages::PLAY,
    );
}
