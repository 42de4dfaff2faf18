//! Entry point of the Web Worker bundle (a Trunk `data-type="worker"` link).

use cloudecon_web::worker::RunReactor;
use gloo_worker::Registrable;

fn main() {
    RunReactor::registrar().register();
    // Last, so that nothing registered above replaces it.
    cloudecon_web::services::panic::install_in_worker();
}
