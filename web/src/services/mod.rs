//! Side effects at the edge of the app: share URLs, local storage, files, the panic hook, where
//! the playground is served from and how it fetches its own files.

pub mod data;
pub mod engine;
pub mod field_names;
pub mod files;
pub mod game_worker;
pub mod offline;
pub mod panic;
pub mod selects;
pub mod share;
pub mod site;
pub mod storage;
pub mod worker_code;
