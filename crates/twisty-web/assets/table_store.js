// The table files the in-browser engine built, kept in this browser's IndexedDB (database
// `twisty-tables`, store `tables`) so the next visit loads them instead of building them.
// Each record: {file, version, bytes, saved, blob}: the file's bytes are a Blob, which the
// browser keeps on disk, and which the worker reads synchronously (FileReaderSync) when a
// solve needs that table. Records of another version of the engine are deleted on open.
// The engine checks every file it reads (header, length, checksum, the table it holds) and
// builds again any that fails; this file only stores and fetches bytes.

const DB = 'twisty-tables';
const STORE = 'tables';

function promised(req) {
  return new Promise((done, fail) => {
    req.onsuccess = () => done(req.result);
    req.onerror = () => fail(req.error);
  });
}

function finished(tx) {
  return new Promise((done, fail) => {
    tx.oncomplete = () => done();
    tx.onabort = () => fail(tx.error || new Error('the storage transaction was aborted'));
    tx.onerror = () => fail(tx.error);
  });
}

/**
 * Opens the stored tables of engine `version`: {has(file), read(file) -> Uint8Array|undefined,
 * list() -> [{file, bytes, saved}], put(file, bytes: Uint8Array) -> Promise, forget(file),
 * clear() -> Promise<number>}. Throws when the browser gives no IndexedDB (a private
 * window of some browsers) or FileReaderSync.
 */
export async function openTables(version) {
  if (typeof indexedDB === 'undefined') throw new Error('this browser gives the page no IndexedDB');
  if (typeof FileReaderSync === 'undefined') throw new Error('this browser cannot read stored files in a worker');
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'file' });
  const db = await promised(open);
  const index = new Map();
  const records = await promised(db.transaction(STORE).objectStore(STORE).getAll());
  const stale = [];
  for (const r of records) {
    if (r.version === version && r.blob instanceof Blob) index.set(r.file, r);
    else stale.push(r.file);
  }
  if (stale.length) {
    const tx = db.transaction(STORE, 'readwrite');
    for (const f of stale) tx.objectStore(STORE).delete(f);
    await finished(tx);
  }
  const reader = new FileReaderSync();
  const forget = async (file) => {
    index.delete(file);
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(file);
    await finished(tx);
  };
  return {
    has: (file) => index.has(file),
    read(file) {
      const r = index.get(file);
      if (!r) return undefined;
      try {
        return new Uint8Array(reader.readAsArrayBuffer(r.blob));
      } catch (_) {
        // Unreadable (cleared under the page, disk error): forgotten, and built again.
        forget(file).catch(() => {});
        return undefined;
      }
    },
    list: () => [...index.values()].map(({ file, bytes, saved }) => ({ file, bytes, saved })),
    async put(file, bytes) {
      const r = { file, version, bytes: bytes.length, saved: new Date().toISOString(), blob: new Blob([bytes]) };
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(r);
      await finished(tx);
      index.set(file, r);
    },
    forget,
    async clear() {
      const n = index.size;
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).clear();
      await finished(tx);
      index.clear();
      return n;
    },
  };
}
