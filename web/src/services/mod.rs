//! Side effects at the edge of the app: share URLs, local storage, files, the panic hook.

pub mod data;
pub mod field_names;
pub mod files;
pub mod panic;
pub mod share;
pub mod storage;
