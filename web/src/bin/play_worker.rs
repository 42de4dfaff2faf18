//! Entry point of the phone's class-game worker (`cloudecon_web::worker::game`): previews and
//! closed rounds, with only the games' mechanisms linked.

fn main() {
    cloudecon_web::worker::game::serve();
}
