//! Reusable pieces of every page.

mod error_banner;
mod number_field;
mod pager;
mod preset_menu;
mod result_downloads;
mod run_status;
mod scenario_toolbar;

pub use error_banner::ErrorBanner;
pub use number_field::NumberField;
pub use pager::{use_page, Page};
pub use preset_menu::PresetMenu;
pub use result_downloads::ResultDownloads;
pub use run_status::RunStatus;
pub use scenario_toolbar::ScenarioToolbar;
