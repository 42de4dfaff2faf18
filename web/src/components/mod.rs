//! Reusable pieces of every page.

mod coalition_values;
mod error_banner;
mod exercise;
mod field_errors;
mod field_problems;
mod file_import;
mod formula_field;
mod formula_variables;
mod pager;
mod parsed_field;
mod preset_menu;
mod result_downloads;
mod results_frame;
mod run_status;
mod scenario_toolbar;
mod swf_import;
mod undo_bar;

pub use coalition_values::CoalitionValues;
pub use error_banner::ErrorBanner;
pub use exercise::{use_exercise, ExerciseDoc, ExerciseView};
pub use field_errors::{use_field_errors, use_own_errors, FieldError, FieldErrors, FieldErrorsProvider};
pub use field_problems::{concerns, FieldProblems};
pub use file_import::FileImport;
pub use formula_field::{error_position, split_at_position, FormulaField};
pub use formula_variables::FormulaVariables;
pub use pager::{use_page, Page};
pub use parsed_field::{NumberField, Parsed, ParsedField};
pub use preset_menu::PresetMenu;
pub use result_downloads::ResultDownloads;
pub use results_frame::ResultsFrame;
pub use run_status::RunStatus;
pub use scenario_toolbar::ScenarioToolbar;
pub use swf_import::SwfImport;
pub use undo_bar::{UndoBar, UndoOffer};
