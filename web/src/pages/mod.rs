//! One page per route.

pub mod abacus;
mod bench;
pub mod estimate;
mod home;
mod not_found;
pub mod shapley;

pub use abacus::AbacusPage;
pub use bench::BenchPage;
pub use estimate::EstimatePage;
pub use home::HomePage;
pub use not_found::NotFoundPage;
pub use shapley::ShapleyPage;
