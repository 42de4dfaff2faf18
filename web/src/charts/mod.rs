//! Charts: bars (grouped or stacked), lines (with markers, linear or log scale) and Gantt rows
//! (a bar per job over time). One [`Chart`] component owns the canvas (sizing, device pixel
//! ratio, redraw when the data change, error display); what is drawn is a generic plotters
//! function of the data, so the same code draws on any backend: the canvas on the page, and SVG
//! for a chart's "Download SVG", and every chart's data can also be shown as a table.

mod backend;
mod bars;
mod chart;
mod frame;
mod gantt;
mod layout;
mod legend;
mod lines;
mod svg;
mod table;
mod theme;

pub use backend::MeasuredCanvas;
pub use bars::{BarChart, BarSeries, Counts};
pub use chart::{Chart, ChartData, ChartProps};
pub use gantt::{GanttChart, GanttRow};
pub use lines::{LineChart, LineSeries, Marker};
pub use svg::to_svg;
pub use table::{cell, ChartTable, ChartTableView};
pub use theme::Theme;
