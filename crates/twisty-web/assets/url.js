// The page's address carries the work: `?puzzle=4x4&setup=R_U_R'&alg=…` (or `&state=…`, a
// state string, instead of `setup`), written as alg.cubing.net-style links are: spaces as
// `_`, the rest percent-encoded only where a URL needs it. Read once on load, rewritten
// (history.replaceState, debounced) as the work changes.

/// Longest value of a parameter read from a link (characters): room for the longest input
/// the server takes (10,000 moves), within what servers accept as an address.
export const MAX_PARAM = 32 * 1024;
/// Longest puzzle name read from a link.
export const MAX_PUZZLE_NAME = 64;

/// A parameter's text as written into a link: spaces as `_`, line breaks kept (`%0A`), `:`
/// and `,` as they are (`supercube:3`, `R,U`).
export function encodeParam(text) {
  return encodeURIComponent(String(text).replace(/\r\n?/g, '\n').replace(/ /g, '_'))
    .replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

/// A parameter's text as read from a link: `_` and `+` are spaces (URLSearchParams already
/// reads `+` as a space and decodes `%xx`).
export function decodeParam(value) {
  return String(value).replace(/_/g, ' ');
}

/// The work a query string describes: `{ puzzle, setup, state, alg, errors }`, each value
/// `null` when absent; `errors` says, per parameter, what could not be read (too long, both
/// a setup and a state). Never throws.
export function readLink(search) {
  const out = { puzzle: null, setup: null, state: null, alg: null, errors: [] };
  let q;
  try {
    q = new URLSearchParams(search || '');
  } catch (_) {
    out.errors.push('the link\'s query string cannot be read');
    return out;
  }
  const take = (name, max) => {
    const v = q.get(name);
    if (v === null) return null;
    if (v.length > max) {
      out.errors.push(`the link's \`${name}\` has ${v.length} characters; at most ${max} are read`);
      return null;
    }
    return decodeParam(v).trim();
  };
  out.puzzle = take('puzzle', MAX_PUZZLE_NAME);
  out.setup = take('setup', MAX_PARAM);
  out.state = take('state', MAX_PARAM);
  out.alg = take('alg', MAX_PARAM);
  if (out.setup !== null && out.state !== null) {
    out.errors.push('the link gives both a `setup` and a `state`: the state is used');
    out.setup = null;
  }
  for (const k of ['setup', 'state', 'alg']) if (out[k] === '') out[k] = null;
  return out;
}

/// The query string (with its `?`) of `{ puzzle, setup, state, alg }`; empty values are left
/// out, and a setup is left out when a state is given.
export function queryOf(work) {
  const parts = [];
  if (work.puzzle) parts.push(`puzzle=${encodeParam(work.puzzle)}`);
  if (work.state) parts.push(`state=${encodeParam(work.state)}`);
  else if (work.setup && work.setup.trim()) parts.push(`setup=${encodeParam(work.setup.trim())}`);
  if (work.alg && work.alg.trim()) parts.push(`alg=${encodeParam(work.alg.trim())}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/// Keeps the address bar in step with `current()` (a function returning the work shown):
/// `schedule()` rewrites it after `delay` ms of quiet, `now()` at once. Never adds history
/// entries.
export function linkWriter(current, delay = 300) {
  let timer = null;
  const now = () => {
    clearTimeout(timer);
    timer = null;
    const work = current();
    if (!work) return;
    const q = queryOf(work);
    if (q !== window.location.search || window.location.hash) {
      try {
        window.history.replaceState(null, '', `${window.location.pathname}${q}`);
      } catch (_) { /* an address the browser refuses is left as it is */ }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(now, delay);
  };
  return { schedule, now };
}

/// Copies `text` to the clipboard: the Clipboard API where the page may use it, else a
/// selected text field and `execCommand('copy')`. Resolves to the way that worked; rejects
/// when neither did (the caller then shows the link to copy by hand).
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return 'clipboard';
    } catch (_) { /* not allowed here: the fallback below */ }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch (_) {
    ok = false;
  }
  area.remove();
  if (!ok) throw new Error('the browser did not allow copying');
  return 'selection';
}
