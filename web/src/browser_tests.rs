//! Component tests in a real browser (headless Chromium via wasm-bindgen-test-runner):
//! `cargo test -p cloudecon-web --target wasm32-unknown-unknown`. Whole pages and charts mounted
//! as a bundle mounts them, through the crate's public paths. They live in the library's tests,
//! not in `tests/`: an integration test makes Cargo build every binary of `src/bin/` in debug
//! as well (ten wasm files of about 190 MB each, which a CI machine's disk once ran out on).

use std::time::Duration;

use crate::charts::{BarChart, Chart};
use crate::components::ErrorBanner;
use crate::hooks::{use_errors, ErrorsProvider, WorkerProvider};
use crate::pages::ShapleyPage;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a browser document")
}

/// A fresh, visible root element of a given width.
fn root(id: &str) -> web_sys::Element {
    // The pages' words in English and every mechanism's runs, as a bundle installs its own when
    // it starts.
    crate::i18n::install_in(crate::i18n::Lang::En, crate::pages::bundles::messages::ALL);
    crate::services::engine::install(crate::services::engine::EVERY);
    let el = document().create_element("div").expect("div");
    el.set_id(id);
    el.set_attribute("style", "width: 640px").expect("style");
    document().body().expect("body").append_child(&el).expect("append");
    el
}

/// Waits (up to 10 s) until `ready` holds: rendering is asynchronous and the first test in a
/// cold browser is slow.
async fn wait_for(mut ready: impl FnMut() -> bool) {
    for _ in 0..200 {
        if ready() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
}

fn non_white_pixels(canvas: &web_sys::HtmlCanvasElement) -> usize {
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").expect("context").expect("2d").dyn_into().expect("2d context");
    let data =
        ctx.get_image_data(0.0, 0.0, f64::from(canvas.width()), f64::from(canvas.height())).expect("pixels").data();
    data.chunks(4).filter(|p| p[0] < 250 || p[1] < 250 || p[2] < 250).count()
}

#[derive(Properties, PartialEq)]
struct BarsProps {
    values: Vec<f64>,
}

#[component]
fn Bars(props: &BarsProps) -> Html {
    let labels = (1..=props.values.len()).map(|i| format!("P{i}")).collect();
    let data = BarChart {
        reference: Some(("mean".into(), 1.0)),
        ..BarChart::single("test", "y", labels, props.values.clone())
    };
    html! { <Chart<BarChart> {data} height={200} /> }
}

#[wasm_bindgen_test]
async fn chart_draws_bars_on_a_device_pixel_canvas() {
    let el = root("chart-test");
    yew::Renderer::<Bars>::with_root_and_props(el.clone(), BarsProps { values: vec![0.5, 2.0, -1.0] }).render();
    let canvas = || -> Option<web_sys::HtmlCanvasElement> { el.query_selector("canvas").ok()??.dyn_into().ok() };
    wait_for(|| canvas().is_some_and(|c| non_white_pixels(&c) > 0)).await;
    let canvas = canvas().expect("a canvas");
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(f64::from(canvas.height()), (200.0 * dpr).round());
    assert!(canvas.width() >= 200, "canvas follows its container, got {}", canvas.width());
    assert!(non_white_pixels(&canvas) > 1000, "the chart is blank");
    assert!(el.query_selector(".chart-error").unwrap().is_none());
    assert!(canvas.get_attribute("aria-label").unwrap_or_default().contains("P2: 2.0000"));
}

#[wasm_bindgen_test]
async fn chart_explains_what_it_cannot_draw() {
    let el = root("chart-error-test");
    yew::Renderer::<Bars>::with_root_and_props(el.clone(), BarsProps { values: vec![] }).render();
    wait_for(|| el.query_selector(".chart-error").ok().flatten().is_some()).await;
    let error = el.query_selector(".chart-error").unwrap().expect("an error caption");
    assert!(error.text_content().unwrap_or_default().contains("nothing to draw"));
}

#[component]
fn Reporter() -> Html {
    let errors = use_errors();
    use_effect_with((), move |_| {
        if let Some(e) = errors {
            e.report("first problem");
            e.report("second problem");
            e.report("first problem"); // duplicates are shown once
        }
    });
    html! {}
}

#[component]
fn BannerHarness() -> Html {
    html! { <ErrorsProvider><ErrorBanner /><Reporter /></ErrorsProvider> }
}

#[wasm_bindgen_test]
async fn error_banner_shows_and_dismisses_messages() {
    let el = root("banner-test");
    yew::Renderer::<BannerHarness>::with_root(el.clone()).render();
    wait_for(|| el.query_selector_all(".error-message").map(|l| l.length() >= 2).unwrap_or(false)).await;
    let messages = el.query_selector_all(".error-message").unwrap();
    assert_eq!(messages.length(), 2);
    let dismiss: web_sys::HtmlElement = el.query_selector(".dismiss").unwrap().unwrap().dyn_into().unwrap();
    dismiss.click();
    wait_for(|| el.query_selector_all(".error-message").map(|l| l.length() == 1).unwrap_or(false)).await;
    let text = el.text_content().unwrap_or_default();
    assert!(!text.contains("first problem") && text.contains("second problem"), "{text}");
}

#[component]
fn PageHarness() -> Html {
    html! { <ErrorsProvider><WorkerProvider><ShapleyPage /></WorkerProvider></ErrorsProvider> }
}

fn phi_cells(el: &web_sys::Element) -> Vec<String> {
    let cells = el.query_selector_all("#shapley-table td.phi").unwrap();
    (0..cells.length()).map(|i| cells.item(i).unwrap().text_content().unwrap_or_default()).collect()
}

#[wasm_bindgen_test]
async fn shapley_page_recomputes_when_a_value_changes() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let el = root("page-test");
    yew::Renderer::<PageHarness>::with_root(el.clone()).render();
    wait_for(|| phi_cells(&el).len() == 3).await;
    // The example is the glove game with one left glove (A) and two right ones.
    assert_eq!(phi_cells(&el), ["0.666667", "0.166667", "0.166667"], "{}", el.text_content().unwrap_or_default());
    // v({A, B}) = 1 → 4: A and B gain, and the result is no longer the glove game's.
    let input: web_sys::HtmlInputElement =
        el.query_selector("tr[data-mask='3'] input").unwrap().expect("the row of {A, B}").dyn_into().unwrap();
    input.set_value("4");
    let event = web_sys::InputEvent::new("input").unwrap();
    input.dispatch_event(&event).unwrap();
    wait_for(|| phi_cells(&el).first().is_some_and(|c| c != "0.666667")).await;
    assert_eq!(phi_cells(&el), ["1.166667", "0.666667", "-0.833333"]);
    let gap = el.query_selector("#efficiency-gap").unwrap().unwrap().text_content().unwrap_or_default();
    assert!(gap.parse::<f64>().map(|g| g.abs() < 1e-9).unwrap_or(false), "efficiency gap {gap}");
    // The edit was autosaved.
    let saved =
        web_sys::window().unwrap().local_storage().unwrap().unwrap().get_item("cloudecon.v1.scenario.shapley").unwrap();
    assert!(saved.unwrap_or_default().contains("\"value\":4"));
}

#[derive(Properties, PartialEq)]
struct LinesProps {
    log_y: bool,
}

#[component]
fn Lines(props: &LinesProps) -> Html {
    let data = crate::charts::LineChart {
        title: "test".into(),
        x_label: "x".into(),
        y_label: "y".into(),
        series: vec![crate::charts::LineSeries {
            name: "a".into(),
            points: (1..20).map(|k| (f64::from(k), 10f64.powi(-k))).collect(),
            intervals: Vec::new(),
        }],
        markers: vec![crate::charts::Marker { label: "here".into(), x: 3.0, y: 1e-3 }],
        references: Vec::new(),
        log_y: props.log_y,
    };
    html! { <Chart<crate::charts::LineChart> {data} height={200} /> }
}

#[wasm_bindgen_test]
async fn line_charts_draw_on_linear_and_log_axes() {
    for log_y in [false, true] {
        let el = root(&format!("lines-{log_y}"));
        yew::Renderer::<Lines>::with_root_and_props(el.clone(), LinesProps { log_y }).render();
        let canvas = || -> Option<web_sys::HtmlCanvasElement> { el.query_selector("canvas").ok()??.dyn_into().ok() };
        wait_for(|| canvas().is_some_and(|c| non_white_pixels(&c) > 1000)).await;
        assert!(non_white_pixels(&canvas().expect("a canvas")) > 1000, "log_y = {log_y}: the chart is blank");
        assert!(el.query_selector(".chart-error").unwrap().is_none());
    }
}

#[component]
fn AbacusHarness() -> Html {
    html! {
        <yew_router::BrowserRouter>
            <ErrorsProvider><WorkerProvider><crate::pages::AbacusPage /></WorkerProvider></ErrorsProvider>
        </yew_router::BrowserRouter>
    }
}

#[wasm_bindgen_test]
async fn abacus_page_shows_the_running_example() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let el = root("abacus-test");
    yew::Renderer::<AbacusHarness>::with_root(el.clone()).render();
    let shares = || {
        let cells = el.query_selector_all("#auction-table td.share").unwrap();
        (0..cells.length()).map(|i| cells.item(i).unwrap().text_content().unwrap_or_default()).collect::<Vec<_>>()
    };
    wait_for(|| shares().len() == 6).await;
    assert_eq!(shares(), ["0.309", "0.236", "0.431", "0.343", "0.260", "0.421"]);
}

/// The `font-size` of every `<text>` of an SVG document, as written.
fn svg_font_sizes(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split("font-size=\"").nth(1)?.split('"').next()?.to_string()))
        .collect()
}

#[wasm_bindgen_test]
fn bar_and_line_charts_draw_as_svg() {
    use crate::charts::{to_svg, LineChart, LineSeries, Marker};
    let bars = BarChart {
        reference: Some(("mean".into(), 1.0)),
        ..BarChart::single("Shapley values", "φ", vec!["A".into(), "B & C".into()], vec![0.5, 2.0])
    };
    let lines = LineChart {
        title: "True utility against the report".into(),
        x_label: "reported budget".into(),
        y_label: "utility".into(),
        series: vec![LineSeries {
            name: "J1".into(),
            points: (0..10).map(|k| (f64::from(k), f64::from(k).sqrt())).collect(),
            intervals: Vec::new(),
        }],
        markers: vec![Marker { label: "truthful".into(), x: 4.0, y: 2.0 }],
        references: Vec::new(),
        log_y: false,
    };
    // The same line with an interval at each point: a vertical bar (and its caps) per point,
    // the ends in the table.
    let mut with_bars = lines.clone();
    with_bars.series[0].intervals = (0..10).map(|k| (f64::from(k).sqrt() - 0.5, f64::from(k).sqrt() + 0.5)).collect();
    let count = |svg: &str| svg.matches("<line").count() + svg.matches("<polyline").count();
    let (plain, barred) =
        (to_svg(&lines, 480, 240).unwrap_or_default(), to_svg(&with_bars, 480, 240).unwrap_or_default());
    assert!(count(&barred) >= count(&plain) + 10, "ten error bars: {} against {}", count(&barred), count(&plain));
    let table = crate::charts::ChartData::table(&with_bars);
    assert_eq!(table.header, ["reported budget", "J1", "J1 (95% low)", "J1 (95% high)"]);
    assert_eq!(table.rows[4], ["4", "2", "1.5", "2.5"]);
    let escaped = to_svg(&bars, 480, 240).unwrap_or_default();
    assert!(escaped.contains(">\nB &amp; C\n</text>") && !escaped.contains("B & C"), "labels are escaped: {escaped}");
    for (svg, title, mark) in [
        (to_svg(&bars, 480, 240), "Shapley values", "<rect"),
        (to_svg(&lines, 480, 240), "True utility against the report", "<polyline"),
    ] {
        let svg = svg.expect("the chart draws as SVG");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        assert!(svg.contains("width=\"480\" height=\"240\""), "drawn at the requested size");
        assert!(svg.contains(&format!(">\n{title}\n</text>")), "the title is a text element: {svg}");
        assert!(svg.contains(mark), "no {mark} in {svg}");
        // Text is drawn at the sizes it was laid out for (12 px labels, 15 px title), not at
        // plotters-svg's smaller size / 1.24, and they read as such.
        let sizes = svg_font_sizes(&svg);
        assert!(sizes.len() >= 5 && sizes.iter().all(|s| ["12", "15"].contains(&s.as_str())), "font sizes {sizes:?}");
    }
}

#[component]
fn EraHarness() -> Html {
    html! {
        <yew_router::BrowserRouter>
            <ErrorsProvider><WorkerProvider><crate::pages::EraPage /></WorkerProvider></ErrorsProvider>
        </yew_router::BrowserRouter>
    }
}

#[wasm_bindgen_test]
async fn era_page_opens_on_the_four_bids_and_quotes_before_the_value() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let el = root("era-test");
    yew::Renderer::<EraHarness>::with_root(el.clone()).render();
    let text = |selector: &str| el.query_selector(selector).ok().flatten().and_then(|e| e.text_content());
    wait_for(|| text("#era-summary").is_some() && text("#quote-price").is_some()).await;
    assert!(text("#era-summary").unwrap_or_default().starts_with("3 of 4 bids accepted; revenue $12;"));
    // The form's default bid is the rejected one's: quoted 20 from slot 2, no value asked yet.
    assert_eq!(text("#quote-price").as_deref(), Some("20"));
    assert_eq!(text("#quote-start").as_deref(), Some("2"));
}

#[component]
fn SpotHarness() -> Html {
    html! {
        <yew_router::BrowserRouter>
            <ErrorsProvider><WorkerProvider><crate::pages::SpotPage /></WorkerProvider></ErrorsProvider>
        </yew_router::BrowserRouter>
    }
}

#[wasm_bindgen_test]
async fn spot_page_opens_on_four_policies_and_previews_the_prices() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let el = root("spot-test");
    yew::Renderer::<SpotHarness>::with_root(el.clone()).render();
    let text = |selector: &str| el.query_selector(selector).ok().flatten().and_then(|e| e.text_content());
    wait_for(|| text("#spot-summary").is_some() && text("#spot-price-summary").is_some()).await;
    assert!(text("#spot-summary").unwrap_or_default().starts_with("300 jobs, 4 policies"));
    assert!(text("#spot-best").unwrap_or_default().contains("RC σ=0 fixed b=.25"));
    assert!(text("#spot-price-summary").unwrap_or_default().starts_with("633 slots"));
}

#[component]
fn CloudShareHarness() -> Html {
    html! {
        <yew_router::BrowserRouter>
            <ErrorsProvider><WorkerProvider><crate::pages::CloudSharePage /></WorkerProvider></ErrorsProvider>
        </yew_router::BrowserRouter>
    }
}

#[wasm_bindgen_test]
async fn cloudshare_page_opens_on_the_papers_example() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
    let el = root("cloudshare-test");
    yew::Renderer::<CloudShareHarness>::with_root(el.clone()).render();
    let text = |selector: &str| el.query_selector(selector).ok().flatten().and_then(|e| e.text_content());
    wait_for(|| text("#cloudshare-algorithms").is_some()).await;
    assert!(text("#cloudshare-summary").unwrap_or_default().starts_with("2 organizations, 7 pieces"));
    assert_eq!(text("#cloudshare-algorithms tr[data-algorithm=\"orig_direct\"] td.waits").as_deref(), Some("[0, 3]"));
    assert_eq!(text("#cloudshare-algorithms tr[data-algorithm=\"fair_share\"] td.waits").as_deref(), Some("[5, 0]"));
    assert!(text("#cloudshare-no-common-reference").is_some(), "jobs are not split: no common reference");
    assert!(el.query_selector("#cloudshare-gantt-fair_share canvas").ok().flatten().is_some());
}

#[wasm_bindgen_test]
fn gantt_charts_draw_as_svg() {
    use crate::charts::{to_svg, GanttChart, GanttRow};
    let row =
        |label: &str, start, end, group| GanttRow { label: label.into(), window: Some((0.0, 12.0)), start, end, group };
    let chart = GanttChart {
        title: "Accepted jobs".into(),
        x_label: "slot".into(),
        rows: vec![row("daytime", 0.0, 3.0, 0), row("night-owl", 8.0, 10.0, 1)],
        groups: vec!["on time".into(), "late".into()],
        shared_lanes: false,
    };
    let svg = to_svg(&chart, 480, 240).expect("the Gantt draws as SVG");
    assert!(svg.contains(">\nAccepted jobs\n</text>") && svg.contains(">\nnight-owl\n</text>"), "{svg}");
    assert!(svg.matches("<rect").count() >= 5, "windows and bars: {svg}");
}

/// Every message crosses the worker channel (gloo-worker's bincode, which cannot carry values
/// of any type, such as JSON values: the worker then panicked on a study's first message).
#[wasm_bindgen_test]
fn every_worker_message_crosses_the_channel() {
    use crate::worker::{FromWorker, ToWorker};
    use gloo_worker::{Bincode, Codec};
    let vary = [cloudecon::study::Vary::parse("/spot_price/mean=0.1,0.2").unwrap(), cloudecon::study::Vary::seeds(2)];
    let to = [
        ToWorker::Run { id: 1, worker: 2, scenario: "{}".into() },
        ToWorker::Bench { id: 1, worker: 2, workloads: vec![("a".into(), "{}".into())] },
        ToWorker::Study {
            id: 3,
            worker: 4,
            base: "{}".into(),
            vary: serde_json::to_string(&vary).unwrap(),
            metrics: vec!["/regret".into()],
        },
        ToWorker::Cancel { id: 5 },
        ToWorker::Panic { worker: 6 },
    ];
    for m in to {
        assert_eq!(Bincode::decode::<ToWorker>(Bincode::encode(&m)), m);
    }
    let from = [
        FromWorker::Ready,
        FromWorker::Progress { id: 1, done: 2, total: 3 },
        FromWorker::Done { id: 1, result: "{}".into() },
        // Problems as data, one nesting another (the JSON error inside "is not valid JSON").
        FromWorker::Failed {
            id: 1,
            problems: cloudecon::Scenario::from_json("{\"version\": 1,").expect_err("not JSON"),
        },
        FromWorker::Cancelled { id: 1 },
        FromWorker::Studied { id: 1, table: "{}".into() },
        FromWorker::Benchmarked { id: 1, report: "{}".into() },
    ];
    for m in from {
        assert_eq!(Bincode::decode::<FromWorker>(Bincode::encode(&m)), m);
    }
}
