// The engine compiled to WebAssembly, run in a module Web Worker so the page stays live while
// it solves. Messages in: {id, route, body} (body: JSON text); out: {id, progress} lines while
// a request runs, then {id, result} (JSON text: the answer, or {"error": {…}, "status"}).
// One request at a time, in the order received; tables built in memory on first use and
// kept for the worker's life. The module is the wasm-bindgen build in ./pkg
// (scripts/build_wasm.sh).

import init, { api, set_progress } from './pkg/twisty_wasm.js';

const ready = init();

self.onmessage = async (e) => {
  const { id, route, body } = e.data;
  let result;
  try {
    await ready;
    set_progress((line) => self.postMessage({ id, progress: line }));
    result = api(route, body);
  } catch (err) {
    // A trap in the module (out of memory, a bug): the worker is not usable after it.
    result = JSON.stringify({
      error: { kind: 'internal', message: `the in-browser engine stopped: ${err && err.message ? err.message : err}` },
      status: 500,
    });
  }
  self.postMessage({ id, result });
};
