// How the page reaches the engine: the server's JSON API (`twisty serve`), or the engine
// compiled to WebAssembly in a module Web Worker (worker.js) when the page is served as
// static files. The same routes and JSON either way; the page calls `api()` and does not
// know which.
//
// The engine is chosen once per page: `?engine=wasm` or `?engine=server` in the address
// forces one; otherwise the server's `/api/health` is asked and, if no twisty server
// answers it, the worker is used.

const FORCED = new URLSearchParams(location.search).get('engine');
const DEFAULT_TIME_LIMIT_S = 10;

let modePromise = null;
/** 'server' or 'wasm'. */
export function engineMode() {
  if (!modePromise) {
    modePromise = (async () => {
      if (FORCED === 'wasm' || FORCED === 'server') return FORCED;
      try {
        const r = await fetch('/api/health', { cache: 'no-store' });
        const data = r.ok ? await r.json() : null;
        if (data && typeof data === 'object') return 'server';
      } catch (_) { /* no server */ }
      return 'wasm';
    })();
  }
  return modePromise;
}

// ---------- the server ----------
async function viaServer(path, body, signal) {
  const opts = body === undefined ? { signal } :
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal };
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (_) { /* not JSON */ }
  if (!r.ok) {
    const err = new Error((data && data.error && data.error.message) || `HTTP ${r.status}`);
    err.info = (data && data.error) || {};
    err.status = r.status;
    err.retryAfter = parseInt(r.headers.get('retry-after') || '', 10);
    throw err;
  }
  return data;
}

// ---------- the worker ----------
let worker = null;
let nextId = 1;
const pending = new Map();
// The solve in the worker, for the page's progress poll (`/api/solves`): the worker runs one
// request at a time and cannot be asked while it works, so its progress lines are kept here.
let running = null;
const listeners = new Set();

/** Calls `fn(line)` with each progress line of the worker (tables built, bounds searched). */
export function onProgress(fn) { listeners.add(fn); }

const tableListeners = new Set();
/**
 * Calls `fn(news)` when the worker has kept tables for the next visit (`{kept, message}`) or
 * could not (`{error}`).
 */
export function onTablesKept(fn) { tableListeners.add(fn); }

function startWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.tables !== undefined) {
      for (const fn of tableListeners) fn(m.tables);
      return;
    }
    if (m.progress !== undefined) {
      if (running && running.id === m.id) running.progress = m.progress;
      for (const fn of listeners) fn(m.progress);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (running && running.id === m.id) running = null;
    p.done(m);
  };
  worker.onerror = (e) => {
    // The module failed to load (no WebAssembly build next to the page) or crashed.
    const message = `the in-browser engine failed: ${e.message || 'the worker could not start'}`
      + ' (build it with scripts/build_wasm.sh, or run `twisty serve`)';
    failAll(message);
    worker = null;
  };
}

function failAll(message) {
  for (const p of pending.values()) p.done({ failed: message });
  pending.clear();
  running = null;
}

/** Stops the worker (cancelling what it runs); the next request starts a new one. */
export function restartWorker() {
  if (worker) worker.terminate();
  worker = null;
  failAll('cancelled');
}

function queryObject(query) {
  const o = {};
  for (const [k, v] of new URLSearchParams(query)) {
    o[k] = k === 'seed' && /^\d+$/.test(v) ? Number(v) : v;
  }
  return o;
}

async function viaWorker(path, body, signal) {
  const [route, query = ''] = path.replace(/^\/?api\//, '').split('?');
  if (route === 'health') return { ok: true, engine: 'wasm' };
  if (route === 'solves') {
    // The page's progress poll: at most the one solve the worker runs.
    return {
      solves: running ? [{ puzzle: running.puzzle, time_limit_ms: running.limitMs, progress: running.progress }] : [],
      max_solves: 1,
    };
  }
  const json = JSON.stringify(body === undefined ? queryObject(query) : body);
  if (!worker) startWorker();
  const id = nextId++;
  const reply = await new Promise((done, fail) => {
    if (signal) {
      if (signal.aborted) { fail(new DOMException('cancelled', 'AbortError')); return; }
      // A synchronous engine cannot be interrupted: cancelling ends the worker (its tables
      // are built again on the next solve).
      signal.addEventListener('abort', () => {
        if (pending.has(id)) {
          pending.delete(id);
          restartWorker();
          fail(new DOMException('cancelled', 'AbortError'));
        }
      }, { once: true });
    }
    pending.set(id, { done });
    if (route === 'solve') {
      const t = body && typeof body.time_limit === 'number' ? body.time_limit : DEFAULT_TIME_LIMIT_S;
      running = { id, puzzle: body && body.puzzle, limitMs: t * 1000, progress: null };
    }
    worker.postMessage({ id, route, body: json });
  });
  if (reply.failed) {
    const err = new Error(reply.failed);
    err.info = { kind: 'internal', message: reply.failed };
    err.status = 500;
    throw err;
  }
  const data = JSON.parse(reply.result);
  if (data && data.error) {
    const err = new Error(data.error.message || 'error');
    err.info = data.error;
    err.status = data.status || 400;
    throw err;
  }
  return data;
}

/**
 * The engine's answer to `path` (`/api/ROUTE?query`), with `body` (an object) for the POST
 * routes; throws an Error with `info` (the error body's `error`), `status` and, from the
 * server, `retryAfter`.
 */
export async function api(path, body, signal) {
  return (await engineMode()) === 'server' ? viaServer(path, body, signal) : viaWorker(path, body, signal);
}
