//! The one canvas component every chart uses.

use plotters::coord::Shift;
use plotters::prelude::*;
use yew::prelude::*;

use super::{to_svg, ChartTable, ChartTableView, MeasuredCanvas, Theme};
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;

/// Data that knows how to draw itself on any plotters backend.
pub trait ChartData: Clone + PartialEq + 'static {
    /// Draws on `area` (already cleared to white). An `Err` is shown under the chart.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, theme: &Theme) -> Result<(), String>;
    /// A one-line description for screen readers.
    fn describe(&self) -> String;
    /// The drawn numbers as a table (the chart's "Show as table" alternative).
    fn table(&self) -> ChartTable;
}

#[derive(Properties, PartialEq)]
pub struct ChartProps<T: ChartData> {
    pub data: T,
    /// Height in CSS pixels; the width follows the container.
    #[prop_or(300)]
    pub height: u32,
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

fn device_pixel_ratio() -> f64 {
    web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0)
}

fn render<T: ChartData>(canvas: &web_sys::HtmlCanvasElement, data: &T, css_w: u32, css_h: u32) -> Result<(), String> {
    let theme = Theme::new(device_pixel_ratio());
    let (w, h) = (theme.px(f64::from(css_w)), theme.px(f64::from(css_h)));
    // Resizing reallocates the canvas: only when the size changed (the fill below clears it).
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    let backend = MeasuredCanvas::new(canvas.clone()).ok_or_else(|| t("components-chart-no-canvas"))?;
    let area = backend.into_drawing_area();
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    data.draw(&area, &theme)?;
    area.present().map_err(|e| e.to_string())
}

/// The image on `canvas` as a PNG `data:` URL.
fn png_url(canvas: Option<web_sys::HtmlCanvasElement>) -> Result<String, String> {
    let canvas = canvas.ok_or_else(|| t("components-chart-not-on-page"))?;
    canvas.to_data_url().map_err(|e| crate::t!("components-chart-export-refused", reason = format!("{e:?}")))
}

/// A responsive canvas chart of `data`, with buttons that save it as PNG (the canvas, at device
/// resolution) or SVG (the same drawing as vector graphics, at the chart's size in CSS pixels),
/// and one that shows the same numbers as a table below it (the chart's text alternative).
/// Saved files are named after the chart's `id` (`weights-chart.png`).
#[component]
pub fn Chart<T: ChartData>(props: &ChartProps<T>) -> Html {
    // The chart's own words (legends, table headers) are drawn in the page's language: a switch
    // draws it again.
    let lang = use_lang();
    let container = use_node_ref();
    let canvas = use_node_ref();
    let width = use_state(|| 0u32);
    // `_eq`: a redraw that succeeds again must not render the component again.
    let error = use_state_eq(|| None::<String>);
    // The data last drawn, for the SVG download (kept here rather than cloned into the button's
    // callback at every render).
    let drawn = use_mut_ref(|| None::<T>);
    let errors = use_errors();
    let as_table = use_state_eq(|| false);

    {
        // Follow the container's width, now and on every window resize.
        let container = container.clone();
        let width = width.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(el) = container.cast::<web_sys::HtmlElement>() {
                    width.set(el.client_width().max(200) as u32);
                }
            };
            measure();
            let listener = web_sys::window().map(|w| gloo_events::EventListener::new(&w, "resize", move |_| measure()));
            move || drop(listener)
        });
    }
    {
        let canvas = canvas.clone();
        let error = error.clone();
        let drawn = drawn.clone();
        let height = props.height;
        use_effect_with((props.data.clone(), *width, height, lang), move |(data, w, h, _)| {
            *drawn.borrow_mut() = Some(data.clone());
            if *w > 0 {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    error.set(render(&c, data, *w, *h).err());
                }
            }
        });
    }
    let stem = props.id.clone().unwrap_or(AttrValue::Static("chart"));
    let report = move |result: Result<(), String>| {
        if let (Err(e), Some(errors)) = (result, &errors) {
            errors.report(e);
        }
    };
    let onpng = {
        let (canvas, stem, report) = (canvas.clone(), stem.clone(), report.clone());
        Callback::from(move |_: MouseEvent| {
            let name = format!("{stem}.png");
            report(
                png_url(canvas.cast())
                    .map_err(|e| crate::t!("components-chart-could-not-save", file = name.clone(), reason = e))
                    .and_then(|url| files::download_url(&name, &url)),
            );
        })
    };
    let onsvg = {
        let (size, height, stem) = (*width, props.height, stem.clone());
        Callback::from(move |_: MouseEvent| {
            let name = format!("{stem}.svg");
            let drawing = match &*drawn.borrow() {
                Some(data) => to_svg(data, size, height),
                None => Err(t("components-chart-not-drawn")),
            };
            report(
                drawing
                    .map_err(|e| crate::t!("components-chart-could-not-draw", file = name.clone(), reason = e))
                    .and_then(|text| files::download(&name, "image/svg+xml", &text)),
            );
        })
    };
    let ontable = {
        let as_table = as_table.clone();
        Callback::from(move |_: MouseEvent| as_table.set(!*as_table))
    };
    // The table's id, for the toggle's aria-controls (a chart without an id has neither).
    let table_id = props.id.as_ref().map(|id| AttrValue::from(format!("{id}-table")));
    let button_id = |ext: &str| props.id.as_ref().map(|id| format!("{id}-{ext}"));
    let style = format!("width: 100%; height: {}px;", props.height);
    let label = props.data.describe();
    html! {
        <figure class="chart" ref={container} id={props.id.clone()}>
            <canvas ref={canvas} {style} role="img" aria-label={label} />
            if let Some(e) = &*error {
                <figcaption class="chart-error" role="alert">{ crate::t!("components-chart-failed", reason = e.clone()) }</figcaption>
            }
            <div class="chart-downloads">
                <button class="secondary chart-table-toggle" onclick={ontable} aria-expanded={as_table.to_string()}
                    aria-controls={table_id.clone()}>{ if *as_table { t("components-chart-hide-table") } else { t("components-chart-show-table") } }</button>
                <button class="secondary download-png" id={button_id("png")} onclick={onpng}
                    title={t("components-chart-png-title")}>{ t("components-chart-png") }</button>
                <button class="secondary download-svg" id={button_id("svg")} onclick={onsvg}
                    title={t("components-chart-svg-title")}>{ t("components-chart-svg") }</button>
            </div>
            if *as_table {
                <ChartTableView<T> data={props.data.clone()} id={table_id} />
            }
        </figure>
    }
}
