// The engine compiled to WebAssembly, run in a module Web Worker so the page stays live while
// it solves. Messages in: {id, route, body} (body: JSON text); out: {id, progress} lines while
// a request runs, then {id, result} (JSON text: the answer, or {"error": {…}, "status"}),
// and {tables: {kept, message} | {error}} when tables are kept for the next visit or cannot be.
// One request at a time, in the order received. The module is the wasm-bindgen build in
// ./pkg (scripts/build_wasm.sh).
//
// Tables across visits: each table the engine builds is handed out (tables_export) after the
// request, before its answer, and kept in IndexedDB (table_store.js) under the engine's fingerprint (its version
// and a hash of its module), and the engine reads a kept one (set_table_source) when a solve
// needs it; the engine checks each file it reads and builds again one that fails. Two
// routes are the worker's own: `tables/stored` (what is kept) and `tables/forget` (delete it).

import init, { api, set_progress, set_table_source, tables_built, tables_export, version } from './pkg/twisty_wasm.js';
import { openTables } from './table_store.js';

let storage = null;
let storageNote = null;

// The engine's version and a hash of its module (64-bit FNV-1a in two halves): tables kept by
// another build are not offered to this one.
function fingerprint(buffer) {
  const bytes = new Uint8Array(buffer);
  let a = 0x811c9dc5, b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i] ^ (a >>> 24), 0x01000193);
  }
  const hex = (x) => (x >>> 0).toString(16).padStart(8, '0');
  return `${version()}+${hex(a)}${hex(b)}`;
}

const ready = (async () => {
  const wasm = await (await fetch(new URL('./pkg/twisty_wasm_bg.wasm', import.meta.url))).arrayBuffer();
  await init({ module_or_path: wasm });
  try {
    storage = await openTables(fingerprint(wasm));
    set_table_source((file) => storage.has(file), (file) => storage.read(file));
  } catch (err) {
    storageNote = `tables are not kept across visits: ${err && err.message ? err.message : err}`;
  }
})();

function describe(err) {
  if (err && err.name === 'QuotaExceededError') return 'the browser gives this page no more storage';
  return err && err.message ? err.message : String(err);
}

// Keeps the tables request `id` built, before its answer goes out (so a page closed as soon
// as it shows the answer has them); solving goes on without them when they cannot be kept.
async function keepBuilt(id) {
  const files = JSON.parse(tables_built());
  if (!storage || files.length === 0) return;
  self.postMessage({ id, progress: `keeping ${files.length} table(s) in this browser for the next visit` });
  const kept = [];
  for (const file of files) {
    try {
      await storage.put(file, tables_export(file));
      kept.push(file);
    } catch (err) {
      self.postMessage({ tables: { error: `table ${file} not kept for the next visit (${describe(err)}); it will be built again` } });
    }
  }
  if (kept.length) self.postMessage({ tables: { kept, message: `kept ${kept.length} table(s) in this browser for the next visit` } });
}

async function ownRoute(route) {
  if (route === 'tables/stored') {
    return { persistent: storage !== null, note: storageNote, stored: storage ? storage.list() : [] };
  }
  if (!storage) return { forgotten: 0, note: storageNote };
  return { forgotten: await storage.clear() };
}

self.onmessage = async (e) => {
  const { id, route, body } = e.data;
  let result;
  try {
    await ready;
    if (route === 'tables/stored' || route === 'tables/forget') {
      result = JSON.stringify(await ownRoute(route));
    } else {
      set_progress((line) => self.postMessage({ id, progress: line }));
      result = api(route, body);
    }
  } catch (err) {
    // A trap in the module (out of memory, a bug): the worker is not usable after it.
    result = JSON.stringify({
      error: { kind: 'internal', message: `the in-browser engine stopped: ${err && err.message ? err.message : err}` },
      status: 500,
    });
  }
  try {
    await keepBuilt(id);
  } catch (err) {
    self.postMessage({ tables: { error: `tables not kept for the next visit: ${describe(err)}` } });
  }
  self.postMessage({ id, result });
};
