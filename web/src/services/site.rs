//! Where the playground is served from, and how it fetches its own files.
//!
//! The same `dist/` works at a host's root, at `/cloudecon/` or at `/a/b/c/`: `index.html`'s
//! loader finds the folder it was served from (each route is a real file that knows its own path;
//! `404.html` asks the service worker or looks for `build.json` in the folders above it) and puts
//! it in a `<base href>` before anything else loads. Every URL the app makes is relative to that
//! root: the router's basename (yew-router reads the same `<base>`), links between pages, share
//! and exercise links, the worker and the data files.
//!
//! A host that sends files uncompressed (Python's `http.server`, many university web spaces) is
//! told apart by the loader from its bundle's download, which came without a Content-Encoding
//! (`data-host="plain"` on `<html>`); the loader then takes the gzip file the build writes beside
//! each file (`FILE.gz`) instead, and so does the app for its own downloads (the worker, the data
//! files), inflating it here — a third of the bytes on a slow link.

use crate::i18n::t;
use wasm_bindgen::JsCast;

/// The playground's root: the absolute URL of the folder that holds `index.html`, ending in `/`
/// (the document's `<base href>`; the origin's root where there is none, as in the wasm tests).
pub fn root() -> String {
    let window = web_sys::window();
    let base = window
        .as_ref()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("base[href]").ok().flatten())
        .and_then(|b| b.dyn_into::<web_sys::HtmlBaseElement>().ok())
        .map(|b| b.href());
    match base {
        Some(href) if href.ends_with('/') => href,
        Some(href) => format!("{href}/"),
        None => {
            let origin = window.and_then(|w| w.location().origin().ok()).unwrap_or_default();
            format!("{origin}/")
        }
    }
}

/// The root's path without its last slash: `""` at a host's root, `"/a/b"` below it (what the
/// router strips from and puts before a route's path).
pub fn prefix() -> String {
    path_of(&root()).trim_end_matches('/').to_string()
}

/// The path of an absolute URL (`http://h/a/b/?q#f` → `/a/b/`).
fn path_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(url, |i| &url[i + 3..]);
    let path = after_scheme.find('/').map_or("/", |i| &after_scheme[i..]);
    let end = path.find(['?', '#']).unwrap_or(path.len());
    &path[..end]
}

/// The absolute URL of one of the playground's files (`"data/x.csv"`).
pub fn url(file: &str) -> String {
    format!("{}{}", root(), file.trim_start_matches('/'))
}

/// Whether the host sends files without compressing them (the loader's finding; no service
/// worker serves the page).
fn plain_host() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-host"))
        .is_some_and(|h| h == "plain")
}

/// Fetches one of the playground's files whole, reporting the bytes received so far (and the
/// total, when the response says it). From a plain host, the gzip file beside it is fetched and
/// inflated (the file itself where the host has no `.gz`).
pub async fn fetch_file(file: &str, progress: &dyn Fn(u64, Option<u64>)) -> Result<Vec<u8>, String> {
    if plain_host() {
        if let Ok(Some(bytes)) = fetch_bytes(&url(&format!("{file}.gz")), progress).await {
            return gunzip(&bytes);
        }
    }
    fetch_bytes(&url(file), progress).await?.ok_or_else(|| "HTTP 404".to_string())
}

/// The body at `url`, or `None` when the host has no such file (HTTP 404).
async fn fetch_bytes(url: &str, progress: &dyn Fn(u64, Option<u64>)) -> Result<Option<Vec<u8>>, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or_else(|| t("download-no-window"))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| t("download-no-network"))?
        .dyn_into()
        .map_err(|_| t("download-no-response"))?;
    if response.status() == 404 {
        return Ok(None);
    }
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let headers = response.headers();
    // Content-Length counts encoded bytes, the stream gives decoded ones: a total only without
    // an encoding.
    let encoded = headers.get("content-encoding").ok().flatten().is_some_and(|e| !e.is_empty() && e != "identity");
    let total =
        if encoded { None } else { headers.get("content-length").ok().flatten().and_then(|l| l.parse::<u64>().ok()) };
    let Some(body) = response.body() else { return Ok(Some(Vec::new())) };
    let reader: web_sys::ReadableStreamDefaultReader =
        body.get_reader().dyn_into().map_err(|_| t("download-unreadable"))?;
    let mut bytes = Vec::with_capacity(total.map_or(0, |t| usize::try_from(t).unwrap_or(0).min(1 << 26)));
    progress(0, total);
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| t("download-interrupted"))?;
        let done = js_sys::Reflect::get(&chunk, &"done".into()).ok().and_then(|d| d.as_bool()).unwrap_or(true);
        if done {
            return Ok(Some(bytes));
        }
        if let Ok(value) = js_sys::Reflect::get(&chunk, &"value".into()) {
            let value = js_sys::Uint8Array::new(&value);
            let start = bytes.len();
            bytes.resize(start + value.length() as usize, 0);
            value.copy_to(&mut bytes[start..]);
        }
        progress(bytes.len() as u64, total);
    }
}

/// The largest file the playground inflates (its largest is a few MB).
const MAX_INFLATED: usize = 256 << 20;

/// Inflates a gzip file (RFC 1952: header, raw deflate, CRC-32 and size). A body that is not
/// gzip — a host that sent the `.gz` with `Content-Encoding: gzip`, which the browser already
/// undid — is returned as it is.
pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 18 || bytes[0] != 0x1f || bytes[1] != 0x8b {
        return Ok(bytes.to_vec());
    }
    let bad = || t("download-damaged");
    if bytes[2] != 8 {
        return Err(bad());
    }
    let flags = bytes[3];
    let mut at = 10usize;
    if flags & 4 != 0 {
        // FEXTRA: a length, then that many bytes.
        let len =
            usize::from(u16::from_le_bytes([*bytes.get(at).ok_or_else(bad)?, *bytes.get(at + 1).ok_or_else(bad)?]));
        at += 2 + len;
    }
    for flag in [8u8, 16] {
        // FNAME, FCOMMENT: zero-terminated.
        if flags & flag != 0 {
            at += bytes.get(at..).and_then(|rest| rest.iter().position(|&b| b == 0)).ok_or_else(bad)? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2; // FHCRC
    }
    let body = bytes.get(at..bytes.len() - 8).ok_or_else(bad)?;
    let size = u32::from_le_bytes([
        bytes[bytes.len() - 4],
        bytes[bytes.len() - 3],
        bytes[bytes.len() - 2],
        bytes[bytes.len() - 1],
    ]);
    let out = miniz_oxide::inflate::decompress_to_vec_with_limit(body, MAX_INFLATED).map_err(|_| bad())?;
    // ISIZE is the size modulo 2^32.
    if out.len() as u32 != size {
        return Err(bad());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn paths_of_urls() {
        assert_eq!(path_of("http://h:8/a/b/?q=1#s=x"), "/a/b/");
        assert_eq!(path_of("https://h/"), "/");
        assert_eq!(path_of("https://h"), "/");
        assert_eq!(path_of("http://h/x#y/z"), "/x");
    }

    /// A gzip file with every optional header field, as `gzip -N` and others write them.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn gunzip_reads_headers_and_checks_the_size() {
        let text = b"CloudEcon Playground ".repeat(100);
        let deflated = miniz_oxide::deflate::compress_to_vec(&text, 6);
        let mut file = vec![0x1f, 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, 3];
        file.extend_from_slice(&[3, 0, b'a', b'b', b'c']); // FEXTRA
        file.extend_from_slice(b"name.txt\0comment\0");
        file.extend_from_slice(&[0, 0]); // FHCRC (not checked)
        file.extend_from_slice(&deflated);
        file.extend_from_slice(&[0, 0, 0, 0]); // CRC-32 (not checked)
        file.extend_from_slice(&(text.len() as u32).to_le_bytes());
        assert_eq!(gunzip(&file).unwrap(), text);
        // A wrong size is damage.
        let n = file.len();
        file[n - 4] ^= 1;
        assert!(gunzip(&file).is_err());
        // A truncated body too.
        assert!(gunzip(&file[..n / 2]).is_err());
        // What is not gzip passes through (a host that decoded it already).
        assert_eq!(gunzip(b"\0asm\x01\0\0\0 and the rest").unwrap(), b"\0asm\x01\0\0\0 and the rest");
    }
}
