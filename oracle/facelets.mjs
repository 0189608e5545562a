// Facelet strings of cubing.js's N×N×N cube patterns, as twisty and Kociemba write them:
// 6·N² face letters, faces U R F D L B, each face row by row as seen from outside (U's top
// row next to B, the side faces' top rows next to U, D's top row next to F), every sticker
// read where it is: the cube as held, whatever rotations the moves made.
//
// The stickers come from cubing.js's own geometry, the PuzzleGeometry its KPuzzle is built
// from (get3d(): each sticker's corners in space, its orbit, position and orientation slot
// in the KPuzzle), so nothing of
// twisty's model is used: a sticker shows the face colour that the piece now at its
// position had, on its solved cube, at the slot turned back by the piece's orientation.

import { puzzles } from "cubing/puzzles";

const FACES = "URFDLB";
const layouts = new Map();

// Where each of cubing.js's stickers is in the facelet string, and its face on the solved
// cube: [{ index, orbit, ord, ori, face }].
async function layout(n) {
  if (layouts.has(n)) return layouts.get(n);
  const pg = await puzzles[`${n}x${n}x${n}`].pg();
  const d = pg.get3d();
  const out = [];
  let h = 0;
  for (const s of d.stickers) for (const c of s.coords) h = Math.max(h, Math.abs(c));
  for (const s of d.stickers) {
    const m = [0, 1, 2].map((k) => {
      let sum = 0;
      for (let i = k; i < s.coords.length; i += 3) sum += s.coords[i];
      return sum / (s.coords.length / 3);
    });
    // The outward axis: the coordinate at the surface.
    const axis = [0, 1, 2].reduce((a, k) => (Math.abs(m[k]) > Math.abs(m[a]) ? k : a), 0);
    const positive = m[axis] > 0;
    const cell = (u) => Math.min(n - 1, Math.max(0, Math.floor(((u + h) / (2 * h)) * n)));
    const [x, y, z] = m.map(cell);
    const top = n - 1 - y; // rows run top to bottom on the side faces
    let face, row, col;
    if (axis === 1 && positive) [face, row, col] = [0, z, x]; // U: back row first
    else if (axis === 0 && positive) [face, row, col] = [1, top, n - 1 - z]; // R: front to back
    else if (axis === 2 && positive) [face, row, col] = [2, top, x]; // F
    else if (axis === 1) [face, row, col] = [3, n - 1 - z, x]; // D: front row first
    else if (axis === 0) [face, row, col] = [4, top, z]; // L: back to front
    else [face, row, col] = [5, top, n - 1 - x]; // B: right to left
    out.push({ index: (face * n + row) * n + col, orbit: s.orbit, ord: s.ord, ori: s.ori, face });
  }
  if (new Set(out.map((o) => o.index)).size !== 6 * n * n) {
    throw new Error(`the ${n}x${n}x${n} stickers do not cover the facelet string once each`);
  }
  layouts.set(n, out);
  return out;
}

// The facelet string of `pattern`, a pattern of cubing.js's `${n}x${n}x${n}` KPuzzle.
export async function facelets(n, pattern) {
  const stickers = await layout(n);
  // The solved face of each (orbit, piece, slot).
  const home = new Map(stickers.map((s) => [`${s.orbit}/${s.ord}/${s.ori}`, s.face]));
  const orbits = pattern.kpuzzle.definition.orbits;
  const out = new Array(6 * n * n).fill("?");
  for (const s of stickers) {
    const data = pattern.patternData[s.orbit];
    const k = orbits.find((o) => o.orbitName === s.orbit).numOrientations;
    const piece = data.pieces[s.ord];
    // A piece with one sticker (a fixed centre) shows it whatever its orientation.
    const slot = home.has(`${s.orbit}/${piece}/1`) ? (((s.ori - data.orientation[s.ord]) % k) + k) % k : 0;
    const face = home.get(`${s.orbit}/${piece}/${slot}`);
    out[s.index] = face === undefined ? "?" : FACES[face];
  }
  return out.join("");
}
