// Starts the run worker: the wasm-bindgen glue (worker.js), then its wasm, with the glue's
// current form of arguments (gloo-worker's generated shim passes a bare path, which the glue
// reports as deprecated in the console).
importScripts('/worker.js');
wasm_bindgen({ module_or_path: '/worker_bg.wasm' });
