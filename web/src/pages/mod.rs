//! One page per route, the page table that lists them, the document every mechanism page edits,
//! and what the pages' text forms are read with (`fields`).

pub mod abacus;
mod bench;
pub mod bundles;
mod classroom;
pub mod cloudshare;
pub mod document;
pub mod era;
pub mod estimate;
pub mod fields;
mod game;
mod home;
pub mod names;
mod not_found;
mod play;
pub mod shapley;
pub mod spot;
mod study;
mod table;
mod test_panic;

pub use abacus::AbacusPage;
pub use bench::BenchPage;
pub use bundles::Views;
pub use classroom::ClassroomPage;
pub use cloudshare::CloudSharePage;
pub use era::EraPage;
pub use estimate::EstimatePage;
pub use game::GamePage;
pub use home::HomePage;
pub use not_found::NotFoundPage;
pub use play::PlayPage;
pub use shapley::ShapleyPage;
pub use spot::SpotPage;
pub use study::StudyPage;
pub use table::{route_of, Card, PageEntry, Route, PAGES};
pub use test_panic::TestPanicPage;
