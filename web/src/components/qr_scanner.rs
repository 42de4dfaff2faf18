//! The teacher's webcam scanner: the camera (`getUserMedia`) → a canvas → `ImageData` → every QR
//! code in the frame, decoded in wasm by `quircs` (desktop Chromium on Linux and Windows has no
//! `BarcodeDetector`). Several phones held up at once are read in one frame; each text is handed
//! on once per scan (`on_texts`), and the owner says what it made of them (`acknowledged`).
//! About five frames a second: a frame of 1280×720 takes a few tens of milliseconds here
//! (BENCHMARKS.md), and the page stays responsive between frames.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream, MediaStreamConstraints};
use yew::prelude::*;

use crate::i18n::t;

/// Milliseconds between two frames read.
const PERIOD_MS: u32 = 200;

/// The capstone windows of one frame read at most this many times the frame's pixels in all
/// (a frame of noise can show many capstone-like rings): a frame's work stays bounded.
const WINDOW_BUDGET: usize = 6;

/// Reads every QR code in a frame. `quirc` alone reads a frame with several codes poorly: it groups
/// finder patterns ("capstones") of neighbouring codes into one and then reads neither. So after
/// the whole frame, each capstone that is not inside a code already read gets a window of its own
/// (4.5 capstones around it: the whole code, in whichever direction it lies), upscaled twice when
/// the code is small, and is read again there. Ten phones in a 1280×720 frame take about 50 ms
/// natively (BENCHMARKS.md). The decoders keep their buffers between frames.
#[derive(Default)]
pub struct QrReader {
    frame: quircs::Quirc,
    window: quircs::Quirc,
}

impl QrReader {
    /// The QR codes' texts in an RGBA frame of `width` × `height` (as `ImageData` holds it), each
    /// once, in the order found. Codes that cannot be read (a blurred or cut one) are skipped; a
    /// frame of any content gives a list, never a panic.
    pub fn read(&mut self, rgba: &[u8], width: usize, height: usize) -> Vec<String> {
        if width == 0 || height == 0 || width.checked_mul(height).and_then(|n| n.checked_mul(4)) != Some(rgba.len()) {
            return Vec::new();
        }
        // Luma (ITU-R BT.601 weights in integers).
        let gray: Vec<u8> = rgba
            .chunks_exact(4)
            .map(|p| ((77 * u32::from(p[0]) + 150 * u32::from(p[1]) + 29 * u32::from(p[2])) >> 8) as u8)
            .collect();
        let mut texts: Vec<String> = Vec::new();
        let mut read: Vec<[(f64, f64); 4]> = Vec::new();
        let take =
            |code: quircs::Code, scale: f64, left: usize, top: usize, texts: &mut Vec<String>, read: &mut Vec<_>| {
                let Ok(data) = code.decode() else { return };
                let Ok(text) = String::from_utf8(data.payload) else { return };
                read.push(
                    code.corners.map(|p| (f64::from(p.x) / scale + left as f64, f64::from(p.y) / scale + top as f64)),
                );
                if !texts.contains(&text) {
                    texts.push(text);
                }
            };
        for code in self.frame.identify(width, height, &gray).flatten() {
            take(code, 1.0, 0, 0, &mut texts, &mut read);
        }
        let capstones: Vec<((f64, f64), f64)> = self
            .frame
            .capstones
            .iter()
            .map(|c| {
                let (a, b) = (c.corners[0], c.corners[1]);
                let side = f64::from(a.x - b.x).hypot(f64::from(a.y - b.y));
                ((f64::from(c.center.x), f64::from(c.center.y)), side)
            })
            .collect();
        let mut budget = WINDOW_BUDGET * width * height;
        for (center, side) in capstones {
            if !(2.0..=f64::from(u16::MAX)).contains(&side) {
                continue;
            }
            if read.iter().any(|quad| inside(center, quad)) {
                continue;
            }
            let r = 4.5 * side;
            let clamp = |v: f64, max: usize| v.max(0.0).min(max as f64) as usize;
            let (left, top) = (clamp(center.0 - r, width), clamp(center.1 - r, height));
            let (right, bottom) = (clamp(center.0 + r, width), clamp(center.1 + r, height));
            if right < left + 16 || bottom < top + 16 {
                continue;
            }
            let k = if side < 60.0 { 2 } else { 1 };
            let cost = (right - left) * (bottom - top) * k * k;
            if cost > budget {
                continue;
            }
            budget -= cost;
            let (w, h, pixels) = window(&gray, width, left, top, right - left, bottom - top, k);
            let found: Vec<quircs::Code> = self.window.identify(w, h, &pixels).flatten().collect();
            for code in found {
                take(code, k as f64, left, top, &mut texts, &mut read);
            }
        }
        texts
    }
}

/// Whether a point is inside a convex quadrilateral (a code's corners, in order).
fn inside(p: (f64, f64), quad: &[(f64, f64); 4]) -> bool {
    let mut sign = 0.0;
    for i in 0..4 {
        let (a, b) = (quad[i], quad[(i + 1) % 4]);
        let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
        if cross != 0.0 {
            if sign == 0.0 {
                sign = cross.signum();
            } else if cross.signum() != sign {
                return false;
            }
        }
    }
    true
}

/// A window of a gray image, `k` times larger (bilinear) when `k` is 2.
fn window(gray: &[u8], width: usize, left: usize, top: usize, w: usize, h: usize, k: usize) -> (usize, usize, Vec<u8>) {
    let (ow, oh) = (w * k, h * k);
    let at = |x: usize, y: usize| f32::from(gray[(top + y) * width + left + x]);
    let mut out = vec![0u8; ow * oh];
    for y in 0..oh {
        for x in 0..ow {
            out[y * ow + x] = if k == 1 {
                gray[(top + y) * width + left + x]
            } else {
                let fx = ((x as f32 + 0.5) / k as f32 - 0.5).max(0.0);
                let fy = ((y as f32 + 0.5) / k as f32 - 0.5).max(0.0);
                let (ix, iy) = ((fx as usize).min(w - 1), (fy as usize).min(h - 1));
                let (ax, ay) = (fx - ix as f32, fy - iy as f32);
                let (jx, jy) = ((ix + 1).min(w - 1), (iy + 1).min(h - 1));
                let v = at(ix, iy) * (1.0 - ax) * (1.0 - ay)
                    + at(jx, iy) * ax * (1.0 - ay)
                    + at(ix, jy) * (1.0 - ax) * ay
                    + at(jx, jy) * ax * ay;
                (v + 0.5).min(255.0) as u8
            };
        }
    }
    (ow, oh, out)
}

#[derive(Properties, PartialEq)]
pub struct ScannerProps {
    /// Texts read for the first time in this scan (all those of one frame at once).
    pub on_texts: Callback<Vec<String>>,
    /// What the owner made of the latest texts (e.g. "seat 4"), shown under the picture.
    #[prop_or_default]
    pub acknowledged: Option<AttrValue>,
}

/// The camera and its timer while scanning; dropped (camera off) when scanning stops or the
/// scanner leaves the page.
struct Live {
    stream: MediaStream,
    _timer: Interval,
}

impl Drop for Live {
    fn drop(&mut self) {
        stop_tracks(&self.stream);
    }
}

/// Turns the camera of `stream` off.
fn stop_tracks(stream: &MediaStream) {
    for track in stream.get_tracks().iter() {
        if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
            track.stop();
        }
    }
}

/// What the scanner has done so far in this scan (shown, and read by the tests and /bench).
#[derive(Default)]
struct Stats {
    frames: u32,
    millis: f64,
    seen: HashSet<String>,
}

#[component]
pub fn QrScanner(props: &ScannerProps) -> Html {
    crate::i18n::use_lang();
    let video = use_node_ref();
    let live = use_mut_ref(|| None::<Live>);
    let scanning = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let stats = use_mut_ref(Stats::default);
    let shown = use_state(|| (0u32, 0.0f64));
    // The interval calls the newest callback, not the one of the render that started it.
    let on_texts = use_mut_ref(|| props.on_texts.clone());
    *on_texts.borrow_mut() = props.on_texts.clone();
    // Whether the scanner is still on the page (a camera granted after it left is turned off).
    let mounted = use_mut_ref(|| true);
    {
        // Leaving the page turns the camera off.
        let (live, mounted) = (live.clone(), mounted.clone());
        use_effect_with((), move |_| {
            move || {
                *mounted.borrow_mut() = false;
                drop(live.borrow_mut().take());
            }
        });
    }
    let start = {
        let scan = Scan {
            video: video.clone(),
            live: live.clone(),
            scanning: scanning.clone(),
            problem: problem.clone(),
            stats: stats.clone(),
            shown: shown.clone(),
            on_texts: on_texts.clone(),
            mounted: mounted.clone(),
        };
        Callback::from(move |_| wasm_bindgen_futures::spawn_local(scan.clone().open()))
    };
    let stop = {
        let (live, scanning) = (live.clone(), scanning.clone());
        Callback::from(move |_| {
            drop(live.borrow_mut().take());
            scanning.set(false);
        })
    };
    let (frames, millis) = *shown;
    let per_frame = if frames > 0 { millis / f64::from(frames) } else { 0.0 };
    html! {
        <div class="qr-scanner" id="game-scanner" data-frames={frames.to_string()} data-ms={format!("{per_frame:.1}")}>
            if *scanning {
                <button type="button" id="game-scan-stop" onclick={stop}>{ t("game-scan-stop") }</button>
            } else {
                <button type="button" id="game-scan" onclick={start}>{ t("game-scan") }</button>
            }
            <video ref={video} class="scanner-view" hidden={!*scanning} playsinline=true aria-label={t("game-scan-view")} />
            if *scanning {
                <p class="scanner-line">{ crate::t!("game-scan-line", frames = frames.to_string(), ms = crate::format::fixed(per_frame, 0)) }</p>
            }
            if let Some(ack) = &props.acknowledged {
                <p class="scanner-ack" id="game-scan-ack" aria-live="polite">{ ack.clone() }</p>
            }
            if let Some(p) = &*problem { <p class="field-problem" role="alert" id="game-scan-problem">{ p }</p> }
        </div>
    }
}

/// What starting a scan needs of the scanner's state.
#[derive(Clone)]
struct Scan {
    video: NodeRef,
    live: Rc<RefCell<Option<Live>>>,
    scanning: UseStateHandle<bool>,
    problem: UseStateHandle<Option<String>>,
    stats: Rc<RefCell<Stats>>,
    shown: UseStateHandle<(u32, f64)>,
    on_texts: Rc<RefCell<Callback<Vec<String>>>>,
    mounted: Rc<RefCell<bool>>,
}

impl Scan {
    /// Opens the camera and reads a frame every [`PERIOD_MS`] until the scan stops.
    async fn open(self) {
        let Scan { video, live, scanning, problem, stats, shown, on_texts, mounted } = self;
        match open_camera().await {
            Ok(stream) => {
                // The permission prompt can outlast the scanner (the round was closed).
                let element = video.cast::<HtmlVideoElement>().filter(|_| *mounted.borrow());
                let Some(element) = element else { return stop_tracks(&stream) };
                element.set_muted(true);
                element.set_src_object(Some(&stream));
                let _ = element.play();
                *stats.borrow_mut() = Stats::default();
                let mut reader = Reader::default();
                let timer = Interval::new(PERIOD_MS, move || {
                    let Some(texts) = reader.frame(&element) else { return };
                    let mut s = stats.borrow_mut();
                    s.frames += 1;
                    s.millis += texts.1;
                    let new: Vec<String> = texts.0.into_iter().filter(|t| s.seen.insert(t.clone())).collect();
                    if s.frames % 5 == 1 || !new.is_empty() {
                        shown.set((s.frames, s.millis));
                    }
                    drop(s);
                    if !new.is_empty() {
                        let callback = on_texts.borrow().clone();
                        callback.emit(new);
                    }
                });
                *live.borrow_mut() = Some(Live { stream, _timer: timer });
                problem.set(None);
                scanning.set(true);
            }
            Err(why) => problem.set(Some(why)),
        }
    }
}

/// A canvas to copy frames into, and the decoder's buffers.
#[derive(Default)]
struct Reader {
    canvas: Option<(HtmlCanvasElement, CanvasRenderingContext2d)>,
    codes: QrReader,
}

impl Reader {
    /// The texts in the video's current frame and the milliseconds it took (`None`: no frame yet).
    fn frame(&mut self, video: &HtmlVideoElement) -> Option<(Vec<String>, f64)> {
        let (width, height) = (video.video_width(), video.video_height());
        if video.ready_state() < 2 || width == 0 || height == 0 {
            return None;
        }
        let clock = web_sys::window()?.performance()?;
        let begun = clock.now();
        if self.canvas.is_none() {
            let canvas: HtmlCanvasElement =
                web_sys::window()?.document()?.create_element("canvas").ok()?.dyn_into().ok()?;
            let options = js_sys::Object::new();
            js_sys::Reflect::set(&options, &"willReadFrequently".into(), &JsValue::TRUE).ok()?;
            let context = canvas.get_context_with_context_options("2d", &options).ok()??.dyn_into().ok()?;
            self.canvas = Some((canvas, context));
        }
        let (canvas, context) = self.canvas.as_ref()?;
        if canvas.width() != width || canvas.height() != height {
            canvas.set_width(width);
            canvas.set_height(height);
        }
        context.draw_image_with_html_video_element(video, 0.0, 0.0).ok()?;
        let data = context.get_image_data(0.0, 0.0, f64::from(width), f64::from(height)).ok()?.data();
        let texts = self.codes.read(&data, width as usize, height as usize);
        Some((texts, clock.now() - begun))
    }
}

/// The camera at 1280×720 if it has it (the back camera of a tablet), or why not.
async fn open_camera() -> Result<MediaStream, String> {
    let devices = web_sys::window()
        .and_then(|w| w.navigator().media_devices().ok())
        .ok_or_else(|| t("game-scan-no-camera-api"))?;
    let video = js_sys::Object::new();
    for (key, value) in [("width", 1280.0), ("height", 720.0)] {
        let ideal = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&ideal, &"ideal".into(), &value.into());
        let _ = js_sys::Reflect::set(&video, &key.into(), &ideal);
    }
    let _ = js_sys::Reflect::set(&video, &"facingMode".into(), &"environment".into());
    let constraints = MediaStreamConstraints::new();
    constraints.set_video(&video);
    let promise = devices.get_user_media_with_constraints(&constraints).map_err(|_| t("game-scan-not-asked"))?;
    match JsFuture::from(promise).await {
        Ok(stream) => stream.dyn_into::<MediaStream>().map_err(|_| t("game-scan-no-picture")),
        Err(e) => {
            let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
            Err(match name.as_str() {
                "NotAllowedError" => t("game-scan-not-allowed"),
                "NotFoundError" | "OverconstrainedError" => t("game-scan-no-camera"),
                "NotReadableError" => t("game-scan-in-use"),
                _ => crate::t!("game-scan-not-opened", name = name.clone()),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// An RGBA picture of `texts`' QR codes side by side, `scale` pixels a module, on white.
    fn picture(texts: &[&str], scale: usize) -> (Vec<u8>, usize, usize) {
        let codes: Vec<qrcodegen::QrCode> =
            texts.iter().map(|t| qrcodegen::QrCode::encode_text(t, qrcodegen::QrCodeEcc::Low).unwrap()).collect();
        let side = |c: &qrcodegen::QrCode| (c.size() as usize + 8) * scale;
        let width: usize = codes.iter().map(side).sum();
        let height = codes.iter().map(side).max().unwrap_or(0);
        let mut rgba = vec![255u8; width * height * 4];
        let mut left = 0;
        for c in &codes {
            for y in 0..c.size() {
                for x in 0..c.size() {
                    if c.get_module(x, y) {
                        for dy in 0..scale {
                            for dx in 0..scale {
                                let px = left + (x as usize + 4) * scale + dx;
                                let py = (y as usize + 4) * scale + dy;
                                rgba[(py * width + px) * 4..][..3].fill(0);
                            }
                        }
                    }
                }
            }
            left += side(c);
        }
        (rgba, width, height)
    }

    #[wasm_bindgen_test]
    fn several_codes_in_one_frame_are_all_read() {
        let texts = [
            "7KQ2-M9XP-R3",
            "ABCD-EFGH-JK",
            "http://x/play#g=1",
            "4MFS-M203-997D",
            "K3M5-P7Q9-RS",
            "0000-1111-22",
            "ZZZZ-YYYY-XX",
            "5555-6666-77",
            "8888-9999-AA",
            "BBBB-CCCC-DD",
        ];
        let (rgba, w, h) = picture(&texts, 3);
        let mut found = QrReader::default().read(&rgba, w, h);
        found.sort();
        let mut expected: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        expected.sort();
        assert_eq!(found, expected);
    }

    #[wasm_bindgen_test]
    fn any_frame_gives_a_list() {
        // Noise, a blank frame, stripes and a size that does not match the data: no panic.
        let mut quirc = QrReader::default();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let noise: Vec<u8> = (0..160 * 120 * 4)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 56) as u8
            })
            .collect();
        assert!(quirc.read(&noise, 160, 120).len() <= 1);
        assert!(quirc.read(&vec![255; 64 * 64 * 4], 64, 64).is_empty());
        let stripes: Vec<u8> = (0..97 * 31 * 4).map(|i| if (i / 12) % 2 == 0 { 0 } else { 255 }).collect();
        let _ = quirc.read(&stripes, 97, 31);
        assert!(quirc.read(&noise, 161, 120).is_empty());
        assert!(quirc.read(&[], 0, 0).is_empty());
        // The same decoder still reads a code after all that.
        let (rgba, w, h) = picture(&["K3M5-P7Q9-RS"], 4);
        assert_eq!(quirc.read(&rgba, w, h), vec!["K3M5-P7Q9-RS".to_string()]);
    }
}
