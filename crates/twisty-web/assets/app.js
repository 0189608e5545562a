// twisty web viewer. The engine (the server, or its WebAssembly build in a worker: see
// transport.js) parses, validates and solves; it also sends every state as
// one rotation index per piece, so this file only draws and animates.
import * as THREE from './vendor/three.module.min.js';
import { api } from './transport.js';
import { readLink, linkWriter, copyText } from './url.js';
import { stickerEditor } from './editor.js';
import { storedTablesCard } from './stored.js';

const $ = (id) => document.getElementById(id);
const ui = {
  puzzle: $('puzzle'), status: $('status'), view: $('view'), badge: $('solved-badge'),
  keysHint: $('keys-hint'), moves: $('moves'), moveError: $('move-error'), scramble: $('scramble'),
  events: $('events'),
  reset: $('reset'), editToggle: $('edit-toggle'), editor: $('editor'), palette: $('palette'),
  net: $('net'), editUse: $('edit-use'), editClear: $('edit-clear'), editMsg: $('edit-msg'),
  solver: $('solver'), timeLimit: $('time-limit'), allowedMoves: $('allowed-moves'), solverNote: $('solver-note'), solve: $('solve'),
  cancel: $('cancel'), solveMsg: $('solve-msg'), playback: $('playback'), first: $('first'),
  back: $('back'), play: $('play'), step: $('step'), speed: $('speed'), solution: $('solution'),
  stats: $('stats'), drawing: $('drawing'),
};

// ---------- 3D scene ----------
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
ui.view.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x0f1115);
const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 100);
scene.add(new THREE.AmbientLight(0xffffff, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.6);
sun.position.set(3, 5, 6);
camera.add(sun);
scene.add(camera);
const root = new THREE.Group();
scene.add(root);
const resetView = () => { root.quaternion.setFromEuler(new THREE.Euler(0.45, -0.6, 0, 'XYZ')); };
resetView();

function resize() {
  const w = ui.view.clientWidth, h = ui.view.clientHeight;
  if (!w || !h) return;
  renderer.setSize(w, h, false);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
  needsRender = true;
}
new ResizeObserver(resize).observe(ui.view);

// Drag to rotate (mouse and touch through pointer events).
let drag = null;
ui.view.addEventListener('pointerdown', (e) => {
  drag = { x: e.clientX, y: e.clientY };
  ui.view.setPointerCapture(e.pointerId);
  ui.view.style.cursor = 'grabbing';
});
ui.view.addEventListener('pointermove', (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  drag = { x: e.clientX, y: e.clientY };
  const k = 4 / Math.max(200, ui.view.clientWidth);
  const qy = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), dx * k);
  const qx = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), dy * k);
  root.quaternion.premultiply(qy).premultiply(qx);
  needsRender = true;
});
const endDrag = () => { drag = null; ui.view.style.cursor = ''; };
ui.view.addEventListener('pointerup', endDrag);
ui.view.addEventListener('pointercancel', endDrag);

// ---------- puzzle geometry and state ----------
let geo = null;          // { pieces, colours, group, ghost_unsolved }
let pieceObjs = [];      // THREE.Group per piece
let groupMats = [];      // THREE.Matrix4 per group element
let current = [];        // displayed state: group element per piece
let needsRender = true;

function buildPuzzle(g) {
  for (const o of pieceObjs) {
    root.remove(o);
    o.traverse((c) => { if (c.geometry) c.geometry.dispose(); if (c.material) c.material.dispose(); });
  }
  geo = g;
  groupMats = g.group.map((m) => new THREE.Matrix4().set(
    m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1));
  let radius = 0;
  pieceObjs = g.pieces.map((p) => {
    const obj = new THREE.Group();
    obj.matrixAutoUpdate = false;
    for (const s of p.stickers) {
      const pos = [];
      for (let i = 1; i + 1 < s.verts.length; i++) pos.push(...s.verts[0], ...s.verts[i], ...s.verts[i + 1]);
      for (const v of s.verts) radius = Math.max(radius, Math.hypot(v[0], v[1], v[2]));
      const bg = new THREE.BufferGeometry();
      bg.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
      bg.computeVertexNormals();
      const mat = new THREE.MeshLambertMaterial({ color: new THREE.Color(g.colours[s.colour]), side: THREE.DoubleSide });
      const mesh = new THREE.Mesh(bg, mat);
      mesh.userData.colour = s.colour;
      const n = new THREE.Vector3().fromArray(bg.attributes.normal.array, 0);
      mesh.userData.normal = n;
      obj.add(mesh);
    }
    root.add(obj);
    return obj;
  });
  camera.position.set(0, 0, radius * 4.2);
  camera.lookAt(0, 0, 0);
  setState(new Array(g.pieces.length).fill(0));
}

function placePiece(i, el, extra) {
  const o = pieceObjs[i];
  o.matrix.copy(groupMats[el] || groupMats[0]);
  if (extra) o.matrix.premultiply(extra);
  o.matrixWorldNeedsUpdate = true;
}

function setState(state) {
  current = state ? state.slice() : [];
  for (let i = 0; i < pieceObjs.length; i++) placePiece(i, current[i]);
  if (geo && geo.ghost_unsolved) {
    pieceObjs.forEach((o, i) => {
      const ghost = current[i] !== 0;
      o.traverse((c) => {
        if (!c.material) return;
        c.material.transparent = ghost;
        c.material.opacity = ghost ? 0.3 : 1;
        c.material.depthWrite = !ghost;
      });
    });
  }
  needsRender = true;
  updateBadge();
}

// The puzzles without a 3D model (definitions, clock, Square-1): the server sends each state
// drawn as text, as `twisty show` prints it, and whether it is solved.
const isFlat = () => !!P && P.drawing === 'text';
let flatSolved = false;
function showFlat(drawing, solved) {
  ui.drawing.textContent = drawing || '';
  flatSolved = !!solved;
  updateBadge();
}

// Solved as displayed: on every face direction, all coloured stickers show one colour.
function displayedSolved() {
  if (isFlat()) return flatSolved;
  if (!geo) return false;
  const dark = geo.colours.length - 1;
  const byDir = new Map();
  const nm = new THREE.Matrix3();
  const v = new THREE.Vector3();
  pieceObjs.forEach((o) => {
    nm.setFromMatrix4(o.matrix);
    for (const m of o.children) {
      if (m.userData.colour === dark) continue;
      v.copy(m.userData.normal).applyMatrix3(nm).normalize();
      const key = `${Math.round(v.x * 20)},${Math.round(v.y * 20)},${Math.round(v.z * 20)}`;
      const c = byDir.get(key);
      if (c === undefined) byDir.set(key, m.userData.colour);
      else if (c !== m.userData.colour) byDir.set(key, -1);
    }
  });
  for (const c of byDir.values()) if (c === -1) return false;
  return true;
}

function updateBadge() { ui.badge.hidden = !displayedSolved(); }

// ---------- animation ----------
let anim = null; // { a, pieces, from, to, base, start, dur, resolve }
function animate(a, base, finalState, reverse) {
  return new Promise((resolve) => {
    if (anim) finishAnim();
    const speed = parseFloat(ui.speed.value) || 1;
    anim = {
      axis: new THREE.Vector3().fromArray(a.axis), angle: a.angle, pieces: a.pieces, base,
      final: finalState, reverse, start: performance.now(), dur: 260 / speed, resolve,
    };
    needsRender = true;
  });
}
function finishAnim() {
  const a = anim;
  anim = null;
  setState(a.final);
  a.resolve();
}
const rot = new THREE.Matrix4();
function frame(now) {
  if (anim) {
    let t = Math.min(1, (now - anim.start) / anim.dur);
    if (t >= 1) finishAnim();
    else {
      const e = t * t * (3 - 2 * t);
      const f = anim.reverse ? 1 - e : e;
      rot.makeRotationAxis(anim.axis, anim.angle * f);
      for (const i of anim.pieces) placePiece(i, anim.base[i], rot);
      needsRender = true;
    }
  }
  if (needsRender) {
    renderer.render(scene, camera);
    needsRender = false;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);

// ---------- puzzles ----------
let puzzles = [];
let P = null;                 // current puzzle entry
let mode = 'moves';           // 'moves' or 'facelets'
let facelets = null;          // state string of the current state (puzzles with a net)
let solveAbort = null;
let solveSeq = 0;             // tags solve requests: only the latest one's answer is shown
let result = null;            // last solve report, with its replay on the display model
let pos = 0;                  // steps applied
let playing = false;

async function loadPuzzles() {
  const data = await api('/api/puzzles');
  puzzles = data.puzzles;
  ui.puzzle.innerHTML = '';
  for (const p of puzzles) ui.puzzle.add(new Option(p.name, p.id));
  const given = readLink(location.search);
  const wanted = given.puzzle;
  // `?puzzle=` takes any name the engine knows (3x3x3, 2x2, kilo, …).
  const named = wanted && puzzles.find((p) => p.id === wanted || (p.aliases || []).includes(wanted.toLowerCase()));
  if (named) ui.puzzle.value = named.id;
  else if (wanted) given.errors.unshift(`the link names no puzzle the page offers (\`${wanted}\`)`);
  await choosePuzzle(ui.puzzle.value);
  await applyLink(given);
}

async function choosePuzzle(id) {
  P = puzzles.find((p) => p.id === id);
  // A solve still running is for the puzzle shown before: stop it; its answer is ignored.
  solveSeq += 1;
  if (solveAbort) solveAbort.abort();
  solveAbort = null;
  result = null;
  ui.cancel.hidden = true;
  if (window.twisty) window.twisty.solving = false;
  stopPlayback();
  ui.playback.hidden = true;
  const g = await api(`/api/geometry?puzzle=${encodeURIComponent(id)}`);
  buildPuzzle(g);
  resetView();
  // No 3D model: the view is hidden, the state drawn as text instead.
  ui.view.hidden = isFlat();
  ui.drawing.hidden = !isFlat();
  ui.drawing.textContent = '';
  ui.moves.value = '';
  mode = 'moves';
  facelets = g.net ? g.net.solved : null;
  showMoveError(null);
  ui.solver.innerHTML = '';
  // The engine's catalog: the default solver first.
  for (const s of P.solvers) {
    const o = new Option(s.optimal ? `${s.id} (optimal)` : s.id, s.id);
    // A solver whose tables this server has not built is listed, not offered.
    if (s.available === false) { o.disabled = true; o.textContent += ' (tables not built)'; o.title = s.note || ''; }
    ui.solver.add(o);
  }
  const def = P.solvers.find((s) => s.default && s.available !== false)
    || P.solvers.find((s) => s.available !== false) || P.solvers[0];
  if (def) ui.solver.value = def.id; else ui.solver.selectedIndex = 0;
  updateSolverNote();
  showEvents();
  ui.editToggle.hidden = !P.facelets;
  ui.editor.hidden = true;
  const keys = P.keys.map((k) => `${k.key.toUpperCase()}=${k.move}`).join(' ');
  ui.keysHint.textContent = isFlat()
    ? `The page has no 3D model of the ${P.name}: its state is drawn as text, as \`twisty show\` prints it. Type moves in its notation.`
    : `Drag to rotate. Keys: ${keys}; Shift = anticlockwise; ${P.double_turns}.`;
  ui.status.textContent = '';
  if (isFlat()) await validateMoves(false);
  link.schedule();
}

function updateSolverNote() {
  const s = P.solvers.find((x) => x.id === ui.solver.value) || P.solvers[0];
  ui.solverNote.textContent = s ? (s.available === false && s.note ? `${s.summary} — ${s.note}` : s.summary) : '';
  ui.solve.disabled = P.solvers.length === 0;
}

// ---------- move input ----------
function showMoveError(info) {
  if (!info) {
    ui.moveError.hidden = true;
    ui.moves.classList.remove('bad');
    return;
  }
  let text = info.message || 'invalid input';
  if (info.kind === 'parse' && info.line) {
    const line = ui.moves.value.split('\n')[info.line - 1] || '';
    // The server's message names the token, its line and column and what is wrong.
    text = `${text}\n${line}\n${' '.repeat(Math.max(0, info.column - 1))}^`;
  }
  ui.moveError.textContent = text;
  ui.moveError.hidden = false;
  ui.moves.classList.add('bad');
}

let validateSeq = 0;
async function validateMoves(animateLast) {
  const seq = ++validateSeq;
  const text = ui.moves.value;
  try {
    const r = await api('/api/validate', { puzzle: P.id, moves: text });
    if (seq !== validateSeq) return null;
    showMoveError(null);
    mode = 'moves';
    facelets = r.facelets || facelets;
    syncEditor();
    stopPlayback();
    if (isFlat()) {
      showFlat(r.drawing, r.solved);
    } else if (animateLast && r.last) {
      await animate(r.last, current, r.state, false);
    } else {
      setState(r.state);
    }
    link.schedule();
    return r;
  } catch (e) {
    if (seq === validateSeq) showMoveError(e.info || { message: e.message });
    return null;
  }
}

let typingTimer = null;
ui.moves.addEventListener('input', () => {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => validateMoves(false), 250);
});

// Keys: face letter = clockwise, Shift = anticlockwise, Alt = double.
document.addEventListener('keydown', (e) => {
  if (!P || e.ctrlKey || e.metaKey) return;
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
  const k = (e.code && e.code.startsWith('Key')) ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  const entry = P.keys.find((x) => x.key === k);
  if (!entry) return;
  e.preventDefault();
  let token = entry.move;
  if (e.altKey) token += P.id === 'kilominx' && e.shiftKey ? "2'" : '2';
  else if (e.shiftKey) token += "'";
  if (mode !== 'moves') { ui.moves.value = ''; mode = 'moves'; }
  ui.moves.value = (ui.moves.value.trim() + ' ' + token).trim();
  validateMoves(true);
});

// Every action that sets the state takes a ticket; a late answer to an older one is dropped.
// `query` is `puzzle=…` (a random scramble) or `event=…` (a WCA event's, as the server's
// event scrambler writes it: a megaminx scramble keeps its seven lines in the text field).
async function scrambleBy(query) {
  const seq = ++validateSeq;
  try {
    const r = await api(`/api/scramble?${query}`);
    if (seq !== validateSeq) return;
    stopPlayback();
    ui.playback.hidden = true;
    ui.moves.value = r.scramble;
    mode = 'moves';
    facelets = r.facelets || facelets;
    syncEditor();
    showMoveError(null);
    setState(r.state);
    if (isFlat()) showFlat(r.drawing, false);
    link.schedule();
    ui.status.textContent = r.event ? `${r.event} scramble (${r.kind}), seed ${r.seed}` : `${r.kind} scramble, seed ${r.seed}`;
  } catch (e) {
    ui.status.textContent = e.message;
  }
}
ui.scramble.addEventListener('click', () => scrambleBy(`puzzle=${encodeURIComponent(P.id)}`));

// One button per WCA event of the puzzle shown (the server's list).
function showEvents() {
  ui.events.innerHTML = '';
  const events = P.events || [];
  for (const id of events) {
    const b = document.createElement('button');
    b.textContent = id;
    b.title = `A ${id} scramble, as the WCA's scrambler makes them`;
    b.dataset.event = id;
    b.addEventListener('click', () => scrambleBy(`event=${encodeURIComponent(id)}`));
    ui.events.appendChild(b);
  }
  ui.events.hidden = events.length === 0;
}

ui.reset.addEventListener('click', () => {
  ++validateSeq;
  stopPlayback();
  ui.playback.hidden = true;
  ui.moves.value = '';
  mode = 'moves';
  showMoveError(null);
  setState(new Array(pieceObjs.length).fill(0));
  if (geo.net) facelets = geo.net.solved;
  syncEditor();
  if (isFlat()) validateMoves(false);
  link.schedule();
});

ui.puzzle.addEventListener('change', () => choosePuzzle(ui.puzzle.value));
ui.solver.addEventListener('change', updateSolverNote);

// ---------- sticker editor (every puzzle with a net: editor.js) ----------
const editor = stickerEditor(ui.palette, ui.net);
// Keeps an open editor in step with the displayed state.
function syncEditor() {
  if (ui.editor.hidden || !facelets) return;
  editor.show(facelets);
}
ui.editToggle.addEventListener('click', () => {
  ui.editor.hidden = !ui.editor.hidden;
  if (!ui.editor.hidden && geo.net) {
    ui.editMsg.hidden = true;
    editor.open(geo, facelets);
  }
});
ui.editClear.addEventListener('click', () => editor.clear());
ui.editUse.addEventListener('click', async () => {
  const f = editor.value();
  const seq = ++validateSeq;
  try {
    const r = await api('/api/validate', { puzzle: P.id, facelets: f });
    if (seq !== validateSeq) return;
    ui.editMsg.hidden = true;
    stopPlayback();
    ui.playback.hidden = true;
    mode = 'facelets';
    facelets = f;
    ui.moves.value = '';
    showMoveError(null);
    setState(r.state);
    link.schedule();
    ui.status.textContent = 'state from the sticker editor';
  } catch (e) {
    ui.editMsg.textContent = e.message;
    ui.editMsg.hidden = false;
  }
});

// ---------- solving and playback ----------

ui.solve.addEventListener('click', solve);
ui.cancel.addEventListener('click', () => { if (solveAbort) solveAbort.abort(); });

async function solve() {
  stopPlayback();
  ui.solveMsg.hidden = true;
  const tag = ++solveSeq;
  const stale = () => tag !== solveSeq;
  const body = { puzzle: P.id, solver: ui.solver.value };
  const limit = parseFloat(ui.timeLimit.value);
  if (limit > 0) body.time_limit = Math.min(60, limit);
  const only = ui.allowedMoves.value.trim();
  if (only) body.allowed_moves = only;
  if (mode === 'facelets') body.facelets = facelets; else body.moves = ui.moves.value;
  solveAbort = new AbortController();
  ui.solve.disabled = true;
  ui.cancel.hidden = false;
  ui.status.textContent = 'solving…';
  window.twisty.solving = true;
  // Progress: poll the running solves while the request is pending.
  const t0 = performance.now();
  const poll = setInterval(async () => {
    try {
      const p = await api('/api/solves');
      const mine = p.solves.find((x) => x.puzzle === body.puzzle);
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      if (window.twisty.solving && !stale()) {
        ui.status.textContent = mine
          ? `solving… ${secs} s of ${(mine.time_limit_ms / 1000).toFixed(0)} s (${p.solves.length}/${p.max_solves} solves running)`
            + (mine.progress ? ` — ${mine.progress}` : '')
          : `solving… ${secs} s`;
      }
    } catch (_) { /* progress is best effort */ }
  }, 500);
  try {
    const signal = solveAbort.signal;
    let r = null;
    for (let tries = 0; r === null; tries += 1) {
      try {
        r = await api('/api/solve', body, signal);
      } catch (e) {
        // The solver's tables are being built on the server: wait as told, then retry.
        if (e.status !== 503 || !(e.info && e.info.kind === 'tables') || !(e.retryAfter > 0) || tries >= 20) throw e;
        ui.status.textContent = `${e.message} (retrying in ${e.retryAfter} s)`;
        await new Promise((done) => setTimeout(done, e.retryAfter * 1000));
        if (stale()) return;
        if (signal.aborted) { ui.status.textContent = 'cancelled'; return; }
      }
    }
    if (stale()) return;
    // The engine's report; the display model replays its moves for the animation.
    const replay = { puzzle: body.puzzle, solution: r.solution };
    if (body.facelets !== undefined) replay.facelets = body.facelets; else replay.moves = body.moves;
    const shown = await api('/api/replay', replay, signal);
    if (stale()) return;
    result = { ...r, start: shown.start, steps: shown.steps, setup: body.moves ?? null, state: body.facelets ?? null };
    showAt(0);
    showSolution();
    link.schedule();
    // The puzzle is solved only once the answer is played: say what was found.
    ui.status.textContent = r.moves.length ? `a solution of ${r.length} ${r.metric.toUpperCase()}: ▶ plays it` : 'already solved';
    if (result.steps.length) play();
  } catch (e) {
    if (stale()) return;
    if (e.name === 'AbortError') ui.status.textContent = 'cancelled';
    else {
      if (e.info && e.info.kind === 'parse') showMoveError(e.info);
      ui.solveMsg.textContent = e.message;
      ui.solveMsg.hidden = false;
      ui.status.textContent = '';
    }
  } finally {
    clearInterval(poll);
    if (!stale()) {
      ui.solve.disabled = P.solvers.length === 0;
      ui.cancel.hidden = true;
      solveAbort = null;
      window.twisty.solving = false;
    }
  }
}

function showSolution() {
  ui.playback.hidden = false;
  ui.solution.innerHTML = '';
  result.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.addEventListener('click', () => seek(i + 1));
    ui.solution.appendChild(li);
  });
  if (result.linked) {
    ui.stats.textContent = `${result.moves.length} moves, from the link`;
    pos = 0;
    highlight();
    return;
  }
  ui.stats.textContent = `${result.solver}: ${result.length} moves (${result.metric.toUpperCase()}${result.optimal ? ', optimal' : ''}), ` +
    `${(result.search_seconds * 1000).toFixed(1)} ms, ${result.nodes.toLocaleString('en')} nodes`;
  // The engine answers with the input's inverse when the solver found nothing shorter.
  const d = result.details || {};
  if (d.answer) {
    ui.stats.textContent += ` — ${d.answer} (${d.solver_length} moves)`;
  }
  pos = 0;
  highlight();
}

function highlight() {
  [...ui.solution.children].forEach((li, i) => {
    li.className = i < pos - 1 ? 'done' : i === pos - 1 ? 'current' : '';
  });
  const cur = ui.solution.children[Math.max(0, pos - 1)];
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  // Two heavy bars: the pause sign U+23F8 is missing from common fonts (drawn as a box).
  ui.play.textContent = playing ? '❚❚' : '▶';
  ui.play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  window.twisty.playbackDone = !!result && pos === result.steps.length && !playing;
}

const stateAt = (k) => (k === 0 ? result.start.state : result.steps[k - 1].state);

// Shows the state after `k` steps of the solution, without animation.
function showAt(k) {
  if (isFlat()) {
    const v = k === 0 ? result.start : result.steps[k - 1];
    showFlat(v.drawing, v.solved);
  } else {
    setState(stateAt(k));
  }
}

async function stepForward() {
  if (!result || pos >= result.steps.length) return false;
  if (isFlat()) {
    // No animation of a drawing: the next one after a pause.
    pos++;
    highlight();
    showAt(pos);
    const speed = parseFloat(ui.speed.value) || 1;
    await new Promise((done) => setTimeout(done, 400 / speed));
    return true;
  }
  const st = result.steps[pos];
  const base = stateAt(pos);
  pos++;
  highlight();
  await animate(st.anim, base, st.state, false);
  return true;
}
async function stepBack() {
  if (!result || pos <= 0) return;
  if (isFlat()) {
    pos--;
    highlight();
    showAt(pos);
    return;
  }
  const st = result.steps[pos - 1];
  pos--;
  highlight();
  await animate(st.anim, stateAt(pos), stateAt(pos), true);
}
function seek(k) {
  stopPlayback();
  pos = k;
  showAt(k);
  highlight();
}
async function play() {
  if (!result) return;
  if (pos >= result.steps.length) seek(0);
  playing = true;
  highlight();
  while (playing && await stepForward()) { /* next */ }
  playing = false;
  highlight();
}
function stopPlayback() {
  playing = false;
  if (result) highlight();
}
ui.play.addEventListener('click', () => { if (playing) stopPlayback(); else play(); });
ui.step.addEventListener('click', () => { stopPlayback(); stepForward(); });
ui.back.addEventListener('click', () => { stopPlayback(); stepBack(); });
ui.first.addEventListener('click', () => seek(0));

// Hooks for automated tests.
window.twisty = {
  ready: false, solving: false, playbackDone: false,
  displayedSolved, shownMoves: () => [...ui.solution.children].map((li) => li.textContent),
  result: () => result,
  state: () => current.slice(),
  drawing: () => (isFlat() ? ui.drawing.textContent : null),
  copied: null,
};

// ---------- the link ----------
// What the page shows, as its link carries it: the puzzle, the setup moves or the state
// set with the sticker editor, and the solution shown when it is for that input.
function linkWork() {
  if (!P) return null;
  const setup = mode === 'moves' ? ui.moves.value : null;
  const state = mode === 'facelets' ? facelets : null;
  const forThis = result && (result.setup ?? null) === setup && (result.state ?? null) === state;
  return { puzzle: P.id, setup, state, alg: forThis ? result.solution : null };
}

// Shows the work a link describes on the puzzle chosen; what cannot be read is said in the
// status line (and a bad setup inline, as when typed), the rest is shown.
async function applyLink(given) {
  const problems = given.errors.slice();
  let ok = true;
  if (given.state !== null) {
    try {
      const r = await api('/api/validate', { puzzle: P.id, facelets: given.state });
      mode = 'facelets';
      facelets = given.state;
      setState(r.state);
      if (isFlat()) showFlat(r.drawing, r.solved);
    } catch (e) {
      problems.push(`the link's state: ${e.message}`);
      ok = false;
    }
  } else if (given.setup !== null) {
    ui.moves.value = given.setup;
    ok = (await validateMoves(false)) !== null;
  }
  if (ok && given.alg !== null) {
    const replay = { puzzle: P.id, solution: given.alg };
    if (mode === 'facelets') replay.facelets = facelets; else replay.moves = ui.moves.value;
    try {
      const shown = await api('/api/replay', replay);
      result = {
        moves: shown.steps.map((s) => s.move), solution: given.alg, start: shown.start, steps: shown.steps,
        setup: replay.moves ?? null, state: replay.facelets ?? null, linked: true,
      };
      showAt(0);
      showSolution();
    } catch (e) {
      ui.solveMsg.textContent = `the link's solution: ${e.message}`;
      ui.solveMsg.hidden = false;
    }
  }
  ui.status.textContent = problems.join('; ');
  link.now();
}

const link = linkWriter(linkWork);
ui.moves.addEventListener('input', () => link.schedule());
$('copy-link').addEventListener('click', async () => {
  link.now();
  // The address as the browser writes it (the link's own text, percent-encoded where a
  // query must be).
  const href = window.location.href;
  try {
    const how = await copyText(href);
    window.twisty.copied = { href, how };
    ui.status.textContent = 'link copied';
  } catch (_) {
    window.twisty.copied = { href, how: null };
    ui.status.textContent = `copy this link: ${href}`;
  }
});

loadPuzzles().then(() => {
  resize();
  // Ready once the first frame with the puzzle has been drawn.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    window.twisty.readyAt = performance.now();
    window.twisty.ready = true;
  }));
  storedTablesCard();
}).catch((e) => { ui.status.textContent = `cannot load puzzles: ${e.message}`; });
