// The card of the tables this browser keeps for the in-browser engine: what is kept, news as
// tables are kept (or cannot be), and a button that forgets them all. Shown only when the
// page runs the engine in a worker (a server keeps its own tables).

import { api, engineMode, onTablesKept } from './transport.js';

function mib(bytes) {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MiB` : `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

/** Fills the card `#stored-tables` (note `#tables-note`, button `#forget-tables`). */
export async function storedTablesCard() {
  const card = document.getElementById('stored-tables');
  const note = document.getElementById('tables-note');
  const forget = document.getElementById('forget-tables');
  if (!card || (await engineMode()) !== 'wasm') return;
  // For tests: the tables built and kept by this page (every table built is kept).
  window.twisty.kept = [];
  let news = '';
  const show = async () => {
    try {
      const s = await api('/api/tables/stored', {});
      const total = s.stored.reduce((n, t) => n + t.bytes, 0);
      const kept = s.persistent
        ? (s.stored.length ? `${s.stored.length} table(s), ${mib(total)}, kept in this browser: the next visit loads them instead of building them.` : 'No tables kept in this browser yet: each is built on first use and kept for the next visit.')
        : s.note;
      note.textContent = news ? `${kept} ${news}` : kept;
      forget.disabled = !s.persistent || s.stored.length === 0;
      window.twisty.storedTables = s;
    } catch (e) {
      note.textContent = `stored tables: ${e.message}`;
    }
    card.hidden = false;
  };
  onTablesKept((m) => {
    if (m.kept) window.twisty.kept.push(...m.kept);
    news = m.error || '';
    show();
  });
  forget.addEventListener('click', async () => {
    try {
      const r = await api('/api/tables/forget', {});
      news = `Forgot ${r.forgotten} table(s); tables already loaded stay until the page is reloaded.`;
    } catch (e) {
      news = `cannot forget the stored tables: ${e.message}`;
    }
    show();
  });
  show();
}
