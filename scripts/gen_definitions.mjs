// Generates the built-in puzzle definitions (crates/twisty-core/definitions/*.tws) from
// cubing.js: its KPuzzle for each puzzle (the one cubing.js builds with PuzzleGeometry and
// the options allMoves, orientCenters, addRotations), with the moves named as cubing.js
// reads them (WCA notation for the WCA puzzles). Run from the repository root after
// `npm ci --prefix oracle`:
//
//     node scripts/gen_definitions.mjs
//
// Each file records its origin in its header. The searched moves are the ones listed for
// each puzzle; rotations (x y z, Uv…) are written as rotations; the other names cubing.js
// reads (faces a definition keeps fixed, wide moves, slices, R++…) are written as
// MoveAlias lines: one or two searched moves followed by rotations, found by trying
// every combination.

import { writeFileSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cubingDir = path.join(root, "oracle", "node_modules", "cubing");
const version = JSON.parse(readFileSync(path.join(cubingDir, "package.json"), "utf8")).version;
const { puzzles } = await import(path.join(cubingDir, "dist/lib/cubing/puzzles/index.js"));
const pgmod = await import(path.join(cubingDir, "dist/lib/cubing/puzzle-geometry/index.js"));
const { KPuzzle } = await import(path.join(cubingDir, "dist/lib/cubing/kpuzzle/index.js"));

const PG_OPTIONS = { allMoves: true, orientCenters: true, addRotations: true };

// name: built-in name; source: cubing.js puzzle id (or pg: PuzzleGeometry name);
// moves: searched moves; rotations; aliases; keep: orbits kept (default all);
// wild: orbits whose orientation does not count; identical: orbits whose pieces of one
// colour are identical.
const PUZZLES = [
  { name: "pyraminx", source: "pyraminx", moves: "U L R B u l r b", rotations: "Uv Lv Rv Bv", aliases: "" },
  { name: "skewb", source: "skewb", moves: "U L R B", rotations: "x y z", aliases: "F D UR UL", wild: ["CENTERS"] },
  { name: "megaminx", source: "megaminx", moves: "U F R L BL BR FL FR DL DR B D", rotations: "Uv Fv Rv", aliases: "R++ R-- D++ D-- y", keep: ["CORNERS", "EDGES"] },
  { name: "fto", source: "fto", moves: "U F R L B D BL BR", rotations: "Uv Fv Rv", aliases: "", identical: ["CENTERS"] },
  { name: "dino", pg: "dino", moves: "DRF UBL DFL URB DBR ULF DLB UFR", rotations: "Fv Dv Lv", aliases: "" },
  { name: "helicopter", pg: "helicopter", moves: "UF UR UB UL DF DR DB DL FR FL BR BL", rotations: "Fv Dv Lv", aliases: "", identical: ["CENTERS"] },
  { name: "2x2x2", source: "2x2x2", moves: "U R F", rotations: "x y z", aliases: "D L B" },
  { name: "3x3x3", source: "3x3x3", moves: "U D L R F B", rotations: "x y z", aliases: "M E S Uw Dw Lw Rw Fw Bw u d l r f b", keep: ["EDGES", "CORNERS"] },
  { name: "4x4x4", source: "4x4x4", moves: "U R F Uw Rw Fw 3Uw 3Rw 3Fw", rotations: "x y z", aliases: "D L B Dw Lw Bw 2U 2R 2F 2D 2L 2B u r f d l b" },
  { name: "kilominx", source: "kilominx", moves: "U F R L BL BR FL FR DL DR B D", rotations: "Uv Fv Rv", aliases: "", keep: ["CORNERS"] },
];

function words(s) {
  return s.split(/\s+/).filter(Boolean);
}

// Transformations as flat arrays in the definition's layout.
function flat(orbits, data) {
  const out = [];
  for (const o of orbits) {
    const d = data[o.orbitName];
    out.push(...(d ? d.permutation : [...Array(o.numPieces).keys()]));
    out.push(...(d ? d.orientationDelta : Array(o.numPieces).fill(0)));
  }
  return out;
}
function compose(orbits, a, b) {
  const out = new Array(a.length);
  let off = 0;
  for (const o of orbits) {
    const n = o.numPieces, m = o.numOrientations;
    for (let i = 0; i < n; i++) {
      const j = b[off + i];
      out[off + i] = a[off + j];
      out[off + n + i] = (a[off + n + j] + b[off + n + i]) % m;
    }
    off += 2 * n;
  }
  return out;
}
function identity(orbits) {
  return flat(orbits, {});
}
const key = (t) => t.join(",");

async function kpuzzleOf(p) {
  if (p.source) return { kp: await puzzles[p.source].kpuzzle(), pg: p.identical ? getPG(p.source) : null };
  const pg = getPG(p.pg);
  return { kp: new KPuzzle(pg.getKPuzzleDefinition(true)), pg };
}
function getPG(name) {
  const pgName = { fto: "FTO" }[name] ?? name;
  return pgmod.getPuzzleGeometryByName(pgName, PG_OPTIONS);
}

function powerName(name, k, order) {
  let amount = k, prime = false;
  if (order - k < k) { amount = order - k; prime = true; }
  return name + (amount !== 1 ? String(amount) : "") + (prime ? "'" : "");
}

function orderOf(orbits, t) {
  const id = key(identity(orbits));
  let p = t, k = 1;
  while (key(p) !== id) { p = compose(orbits, p, t); k++; if (k > 1000) throw new Error("order"); }
  return k;
}

async function generate(p) {
  const { kp, pg } = await kpuzzleOf(p);
  const def = kp.definition;
  const keep = p.keep ?? def.orbits.map((o) => o.orbitName);
  const orbits = def.orbits.filter((o) => keep.includes(o.orbitName));
  const tf = (name) => flat(orbits, kp.moveToTransformation(name).transformationData);
  // Colours of each piece, from PuzzleGeometry's stickers: pieces of an orbit with the same
  // colours (in orientation order) are identical.
  const colours = {};
  for (const s of pg ? pg.get3d().stickers : []) {
    if (s.isDup) continue;
    ((colours[s.orbit] ??= [])[s.ord] ??= [])[s.ori] = s.color;
  }
  const lines = [];
  lines.push(`# ${p.name}: generated by scripts/gen_definitions.mjs from cubing.js ${version}`);
  lines.push(`# (${p.source ? `puzzles["${p.source}"].kpuzzle()` : `PuzzleGeometry "${p.pg}"`}, PuzzleGeometry options allMoves, orientCenters, addRotations;`);
  lines.push(`# orbits kept: ${keep.join(" ")}${p.wild ? `; orientation ignored: ${p.wild.join(" ")}` : ""}${p.identical ? `; pieces of one colour identical: ${p.identical.join(" ")}` : ""}).`);
  lines.push(`# Moves named as cubing.js reads them. Do not edit: run the script.`);
  lines.push(`Name ${p.name}`, "");
  for (const o of orbits) lines.push(`Set ${o.orbitName} ${o.numPieces} ${o.numOrientations}`);
  lines.push("", "StartState");
  for (const o of orbits) {
    const n = o.numPieces;
    const pat = def.defaultPattern[o.orbitName];
    let pieces = pat.pieces.slice();
    if (p.identical?.includes(o.orbitName)) {
      const seen = new Map();
      pieces = pieces.map((_, k) => {
        const c = (colours[o.orbitName]?.[k] ?? []).join("/");
        if (!seen.has(c)) seen.set(c, seen.size);
        return seen.get(c);
      });
    }
    const wild = p.wild?.includes(o.orbitName) || (pat.orientationMod ?? []).some((m) => m === 1);
    lines.push(o.orbitName, pieces.join(" "));
    lines.push(pat.orientation.map((v, k) => (wild && o.numOrientations > 1 && (p.wild?.includes(o.orbitName) || pat.orientationMod?.[k] === 1) ? "?" : v)).join(" "));
    void n;
  }
  lines.push("End");
  const searched = [];
  const writeTransform = (kind, name, t) => {
    lines.push("", `MoveTransformation ${name}`);
    let off = 0;
    for (const o of orbits) {
      const n = o.numPieces;
      const perm = t.slice(off, off + n), ori = t.slice(off + n, off + 2 * n);
      if (perm.some((v, k) => v !== k) || ori.some((v) => v !== 0)) {
        lines.push(o.orbitName, perm.join(" "), ori.join(" "));
      }
      off += 2 * n;
    }
    lines.push("End");
  };
  for (const m of words(p.moves)) {
    const t = tf(m);
    writeTransform("move", m, t);
    const order = orderOf(orbits, t);
    let q = t;
    for (let k = 1; k < order; k++) { searched.push([powerName(m, k, order), q]); q = compose(orbits, q, t); }
  }
  const rotations = [];
  for (const r of words(p.rotations)) {
    const t = tf(r);
    writeTransform("rotation", r, t);
    rotations.push([r, t]);
  }
  // The rotation group, with a shortest word for each element.
  const frames = [[[], identity(orbits)]];
  const seenFrames = new Set([key(frames[0][1])]);
  for (let i = 0; i < frames.length; i++) {
    for (const [r, t] of rotations) {
      const next = compose(orbits, frames[i][1], t);
      if (!seenFrames.has(key(next))) { seenFrames.add(key(next)); frames.push([[...frames[i][0], r], next]); }
    }
  }
  const aliasLines = [];
  for (const a of words(p.aliases)) {
    const target = key(tf(a));
    let found = null;
    const candidates = [[[], identity(orbits)], ...searched.map(([n, t]) => [[n], t])];
    for (const [ws, ft] of frames) {
      for (const [ms, mt] of candidates) {
        if (key(compose(orbits, mt, ft)) === target) { found = [...ms, ...ws]; break; }
      }
      if (found) break;
      for (const [n1, t1] of searched) {
        for (const [n2, t2] of searched) {
          if (key(compose(orbits, compose(orbits, t1, t2), ft)) === target) { found = [n1, n2, ...ws]; break; }
        }
        if (found) break;
      }
      if (found) break;
    }
    if (!found) throw new Error(`${p.name}: no expression for ${a}`);
    aliasLines.push(`MoveAlias ${a} ${found.join(",")}`);
  }
  if (aliasLines.length) lines.push("", ...aliasLines);
  const file = path.join(root, "crates/twisty-core/definitions", `${p.name}.tws`);
  writeFileSync(file, lines.join("\n") + "\n");
  console.log(`wrote ${path.relative(root, file)}`);
}

for (const p of PUZZLES) await generate(p);
process.exit(0);
