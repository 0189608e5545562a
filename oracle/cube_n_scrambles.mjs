// Writes cubing.js's official-event scrambles of the big cubes with the cube each one makes,
// for twisty's tests: one tab-separated line per scramble, `N<TAB>scramble<TAB>facelets`
// (the facelet string of the cube as held after the scramble; see facelets.mjs).
//
//   node oracle/cube_n_scrambles.mjs [count per event] > crates/twisty-engine/tests/data/cube_n_cubingjs.tsv
//
// 444 scrambles are random-state (cubing.js searches for each: tens of seconds); 555, 666
// and 777 are random-move (60, 80 and 100 moves), as the WCA's.

import { randomScrambleForEvent } from "cubing/scramble";
import { puzzles } from "cubing/puzzles";
import { facelets } from "./facelets.mjs";

const count = Number(process.argv[2] ?? 5);
for (const n of [4, 5, 6, 7]) {
  const kpuzzle = await puzzles[`${n}x${n}x${n}`].kpuzzle();
  for (let i = 0; i < count; i++) {
    const scramble = (await randomScrambleForEvent(`${n}${n}${n}`)).toString();
    const pattern = kpuzzle.defaultPattern().applyAlg(scramble);
    process.stdout.write(`${n}\t${scramble}\t${await facelets(n, pattern)}\n`);
  }
}
process.exit(0);
