//! Export a text file (a download made from a Blob — no network) and read an imported one.

use wasm_bindgen::JsCast;

/// Offers `contents` as a download named `name`.
pub fn download(name: &str, mime: &str, contents: &str) -> Result<(), String> {
    let fail = |what: &str| crate::t!("components-file-export-failed", reason = what.to_string());
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| fail("blob"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("object URL"))?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| fail("no document"))?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| fail("link"))?.dyn_into().map_err(|_| fail("link"))?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url); // best effort; the download has started
    Ok(())
}

/// Reads a user-chosen file as text.
pub async fn read_text(file: web_sys::File) -> Result<String, String> {
    gloo_file::futures::read_as_text(&gloo_file::File::from(file))
        .await
        .map_err(|e| crate::t!("components-file-read-failed", reason = e.to_string()))
}

/// Offers the resource at `url` (a `data:` or `blob:` URL made by the page, e.g. a canvas's
/// image) as a download named `name`.
pub fn download_url(name: &str, url: &str) -> Result<(), String> {
    let fail =
        |what: &str| crate::t!("components-chart-could-not-save", file = name.to_string(), reason = what.to_string());
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| fail("no document"))?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| fail("link"))?.dyn_into().map_err(|_| fail("link"))?;
    anchor.set_href(url);
    anchor.set_download(name);
    anchor.click();
    Ok(())
}
