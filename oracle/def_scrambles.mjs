// Writes cubing.js's random-state scrambles of the Pyraminx and the Skewb for twisty's tests:
// one tab-separated line per scramble, `puzzle<TAB>scramble` (twisty's puzzle name, the
// scramble as cubing.js prints it; Pyraminx scrambles end with tip turns `u l r b`).
//
//   node oracle/def_scrambles.mjs [count per event] > crates/twisty-engine/tests/data/def_cubingjs.tsv

import { randomScrambleForEvent } from "cubing/scramble";

const count = Number(process.argv[2] ?? 10);
for (const [event, name] of [["pyram", "pyraminx"], ["skewb", "skewb"]]) {
  for (let i = 0; i < count; i++) {
    const scramble = (await randomScrambleForEvent(event)).toString();
    process.stdout.write(`${name}\t${scramble}\n`);
  }
}
process.exit(0);
