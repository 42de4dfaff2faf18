//! Reusable pieces of every page.

mod coalition_values;
mod error_banner;
mod exercise;
mod field_problems;
mod file_import;
mod pager;
mod parsed_field;
mod preset_menu;
mod result_downloads;
mod run_status;
mod scenario_toolbar;
mod swf_import;

pub use coalition_values::CoalitionValues;
pub use error_banner::ErrorBanner;
pub use exercise::{use_exercise, ExerciseDoc, ExerciseView};
pub use field_problems::{concerns, FieldProblems};
pub use file_import::FileImport;
pub use pager::{use_page, Page};
pub use parsed_field::{NumberField, Parsed, ParsedField};
pub use preset_menu::PresetMenu;
pub use result_downloads::ResultDownloads;
pub use run_status::RunStatus;
pub use scenario_toolbar::ScenarioToolbar;
pub use swf_import::SwfImport;
