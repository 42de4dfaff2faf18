//! One page per route.

mod bench;
mod home;
mod not_found;
pub mod shapley;

pub use bench::BenchPage;
pub use home::HomePage;
pub use not_found::NotFoundPage;
pub use shapley::ShapleyPage;
