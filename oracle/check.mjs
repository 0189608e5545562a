// Checks scramble + solution pairs in cubing.js's puzzle models.
//
// Reads JSON Lines on stdin, each {"puzzle": "3x3x3" | "2x2x2" | "4x4x4" … "7x7x7" |
// "kilominx", "scramble": "...", "solution": "..."}, applies the scramble then the solution
// to the solved puzzle and writes one line per input: {"solved": true|false, "error":
// null|"..."}. "Solved" means solved as held: whatever way the whole puzzle ends up turned.
// With "facelets": true on a cube, the line also has "facelets": the cube after both as
// held, as a facelet string (see facelets.mjs).
//
// 3x3x3 and 2x2x2 use cubing.js's own check, KPattern.experimentalIsSolved with
// ignorePuzzleOrientation (and ignoreCenterOrientation: the cubes' centres carry no
// picture). cubing.js 0.63 has no such check for the Kilominx, so here the corners must
// match the solved corners after one of the 60 whole-puzzle rotations, generated from
// cubing.js's own rotation moves Uv and Rv. The Kilominx's model also carries edge and
// centre orbits that a Kilominx does not have; they are not looked at.

import { createInterface } from "node:readline";

let puzzles;
try {
  ({ puzzles } = await import("cubing/puzzles"));
} catch (e) {
  process.stderr.write(
    `oracle: cannot import cubing (${e.message}); install it with: npm ci --prefix oracle\n`,
  );
  process.exit(2);
}

import { facelets } from "./facelets.mjs";

const CUBES = ["2x2x2", "3x3x3", "4x4x4", "5x5x5", "6x6x6", "7x7x7"];
const SUPPORTED = [...CUBES, "kilominx"];
const kpuzzles = new Map();

async function kpuzzleFor(name) {
  if (!kpuzzles.has(name)) {
    kpuzzles.set(name, await puzzles[name].kpuzzle());
  }
  return kpuzzles.get(name);
}

// The whole-puzzle rotations of the Kilominx, as transformations (closure of Uv and Rv).
let kilominxRotations = null;
function kilominxRotationGroup(kpuzzle) {
  if (kilominxRotations) return kilominxRotations;
  const generators = ["Uv", "Rv"].map((m) => kpuzzle.moveToTransformation(m));
  const found = [kpuzzle.identityTransformation()];
  for (let i = 0; i < found.length; i++) {
    for (const g of generators) {
      const next = found[i].applyTransformation(g);
      if (!found.some((t) => t.isIdentical(next))) found.push(next);
    }
  }
  if (found.length !== 60) {
    throw new Error(`expected 60 Kilominx rotations, found ${found.length}`);
  }
  kilominxRotations = found;
  return found;
}

function sameOrbit(a, b) {
  for (let i = 0; i < a.pieces.length; i++) {
    if (a.pieces[i] !== b.pieces[i] || a.orientation[i] !== b.orientation[i]) return false;
  }
  return true;
}

function kilominxSolved(kpuzzle, pattern) {
  const home = kpuzzle.defaultPattern().patternData.CORNERS;
  return kilominxRotationGroup(kpuzzle).some((r) =>
    sameOrbit(pattern.applyTransformation(r).patternData.CORNERS, home),
  );
}

// Whether every face of a facelet string shows one colour.
function facesUniform(n, text) {
  for (let f = 0; f < 6; f++) {
    const face = text.slice(f * n * n, (f + 1) * n * n);
    if ([...face].some((c) => c !== face[0])) return false;
  }
  return true;
}

async function check(line) {
  let input;
  try {
    input = JSON.parse(line);
  } catch {
    return { solved: false, error: "not a JSON line" };
  }
  const { puzzle, scramble, solution } = input ?? {};
  if (!SUPPORTED.includes(puzzle)) {
    return { solved: false, error: `unknown puzzle ${JSON.stringify(puzzle)} (${SUPPORTED.join(", ")})` };
  }
  if (typeof scramble !== "string" || typeof solution !== "string") {
    return { solved: false, error: "scramble and solution must be strings" };
  }
  try {
    const kpuzzle = await kpuzzleFor(puzzle);
    let pattern;
    try {
      pattern = kpuzzle.defaultPattern().applyAlg(scramble);
    } catch (e) {
      return { solved: false, error: `scramble: ${e.message}` };
    }
    try {
      pattern = pattern.applyAlg(solution);
    } catch (e) {
      return { solved: false, error: `solution: ${e.message}` };
    }
    // cubing.js 0.63 checks the 2x2x2 and 3x3x3 (not every bigger cube): a bigger cube is
    // solved when each face of its facelets has one colour.
    const big = CUBES.includes(puzzle) && Number(puzzle[0]) >= 4;
    const solved =
      puzzle === "kilominx"
        ? kilominxSolved(kpuzzle, pattern)
        : big
          ? facesUniform(Number(puzzle[0]), await facelets(Number(puzzle[0]), pattern))
          : pattern.experimentalIsSolved({
              ignorePuzzleOrientation: true,
              ignoreCenterOrientation: true,
            });
    if (input.facelets === true && CUBES.includes(puzzle)) {
      return { solved, error: null, facelets: await facelets(Number(puzzle[0]), pattern) };
    }
    return { solved, error: null };
  } catch (e) {
    return { solved: false, error: e.message };
  }
}

// A reader that stops early (e.g. `| head`) is not an error.
process.stdout.on("error", (e) => process.exit(e.code === "EPIPE" ? 0 : 1));

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  process.stdout.write(`${JSON.stringify(await check(line))}\n`);
}
