//! Entry point of the Web Worker bundle (a Trunk `data-type="worker"` link).

use cloudecon_web::worker::RunReactor;
use gloo_worker::Registrable;

fn main() {
    cloudecon_web::services::panic::install_in_worker();
    RunReactor::registrar().register();
}
