// The WebAssembly build in Node: the web API's routes through `api(route, json)`, every
// solve report checked against the report schema the server's answers follow, every answer
// checked with cubing.js (oracle/check.mjs), every error in the server's error shape.
//
// Run (after scripts/build_wasm.sh and `npm ci --prefix oracle`):
//   node crates/twisty-wasm/tests/node_api.mjs target/wasm/node
// Exit code 0 when every check holds; each failure is printed.

import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");
const pkg = resolve(process.argv[2] ?? join(repo, "target/wasm/node"));
const require = createRequire(import.meta.url);
const wasm = require(join(pkg, "twisty_wasm.js"));
// ajv comes with the oracle's packages (npm ci --prefix oracle).
const requireOracle = createRequire(join(repo, "oracle/package.json"));
const Ajv2020 = requireOracle("ajv/dist/2020").default;

const schema = JSON.parse(readFileSync(join(repo, "crates/twisty-engine/schema/solve-report.schema.json"), "utf8"));
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

let failures = 0;
function check(cond, what) {
  if (cond) {
    console.log(`ok   ${what}`);
  } else {
    failures += 1;
    console.log(`FAIL ${what}`);
  }
}

const progress = [];
wasm.set_progress((line) => progress.push(line));

function call(route, body) {
  const t0 = performance.now();
  const text = wasm.api(route, typeof body === "string" ? body : JSON.stringify(body));
  return { v: JSON.parse(text), ms: performance.now() - t0 };
}

// The routes without a solve.
const puzzles = call("puzzles", "").v;
const names = (puzzles.puzzles ?? []).flatMap((p) => [p.id, ...(p.aliases ?? [])]);
check(["3x3x3", "2x2x2", "kilominx"].every((id) => names.includes(id)), `puzzles lists the 3x3x3, 2x2x2 and Kilominx (${puzzles.puzzles?.length} puzzles)`);
check(call("/api/geometry", { puzzle: "3x3x3" }).v.pieces?.length > 0, "geometry of the 3x3x3 has pieces");
const v = call("validate", { puzzle: "3x3x3", moves: "R U R' U'" }).v;
check(JSON.stringify(v.moves) === JSON.stringify(["R", "U", "R'", "U'"]) && v.error === undefined, `validate parses moves (${JSON.stringify(v.moves)})`);

// Errors: the server's body, with the status the server gives.
const bad = call("validate", { puzzle: "3x3x3", moves: "R Q" }).v;
check(bad.error?.kind === "parse" && bad.status >= 400, `a bad move is a parse error (${bad.error?.message})`);
const unknown = call("nothing", "{}").v;
check(unknown.error && unknown.status === 404, "an unknown route is 404");
const notJson = call("solve", "{").v;
check(notJson.error?.kind === "usage" && notJson.status === 400, "a body that is not JSON is a usage error");
const noPuzzle = call("solve", { puzzle: "9x9x9x9", moves: "R" }).v;
check(noPuzzle.error && noPuzzle.status >= 400, `an unknown puzzle is refused (${noPuzzle.error?.message})`);

// Scramble and solve each default puzzle of the static page; check the answers with cubing.js.
const oracleLines = [];
for (const puzzle of ["2x2x2", "3x3x3", "kilominx"]) {
  const s = call("scramble", { puzzle, seed: 7 });
  check(typeof s.v.scramble === "string" && s.v.scramble.length > 0, `${puzzle}: scramble (${s.ms.toFixed(0)} ms)`);
  const again = call("scramble", { puzzle, seed: 7 }).v;
  check(again.scramble === s.v.scramble, `${puzzle}: the seed reproduces the scramble`);
  progress.length = 0;
  const first = call("solve", { puzzle, moves: s.v.scramble, time_limit: 60 });
  const r = first.v;
  const valid = validate(r);
  check(valid, `${puzzle}: the report follows the schema${valid ? "" : `: ${JSON.stringify(validate.errors)}`}`);
  check(r.error === undefined && typeof r.solution === "string", `${puzzle}: solved in ${r.length} moves, cold ${first.ms.toFixed(0)} ms, ${progress.length} progress lines`);
  const warm = call("solve", { puzzle, moves: s.v.scramble, time_limit: 60 });
  check(warm.v.solution !== undefined, `${puzzle}: warm solve ${warm.ms.toFixed(0)} ms; module memory ${(wasm.memory_bytes() / 2 ** 20).toFixed(0)} MiB`);
  oracleLines.push({ puzzle, scramble: s.v.scramble, solution: r.solution ?? "" });
}

const oracle = spawnSync("node", [join(repo, "oracle/check.mjs")], {
  input: oracleLines.map((l) => JSON.stringify(l)).join("\n") + "\n",
  encoding: "utf8",
});
check(oracle.status === 0, `cubing.js ran (${oracle.stderr.trim() || "no errors"})`);
const verdicts = oracle.stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
oracleLines.forEach((l, i) => {
  check(verdicts[i]?.solved === true, `${l.puzzle}: cubing.js says the answer solves the scramble as held (${verdicts[i]?.error ?? ""})`);
});

// The budget a phone gives a page: every default solver of the static page fits in it.
const mib = wasm.memory_bytes() / 2 ** 20;
check(mib <= 400, `the module's peak memory after all solves is ${mib.toFixed(0)} MiB (<= 400)`);

// Tables across visits: every table built above is handed out as a table file; a fresh
// module (a new visit) takes them back in and solves without building anything.
const builtFiles = JSON.parse(wasm.tables_built());
const files = new Map(builtFiles.map((f) => [f, wasm.tables_export(f)]));
check(builtFiles.length >= 3 && JSON.parse(wasm.tables_built()).length === 0, `the built tables are named once each (${builtFiles.join(", ")})`);
const exportedBytes = [...files.values()].reduce((n, b) => n + b.length, 0);
check(exportedBytes > 0, `the tables are handed out as ${files.size} table files, ${(exportedBytes / 2 ** 20).toFixed(1)} MiB`);
let noTable = "";
try { wasm.tables_export("no-such-table.tbl"); } catch (e) { noTable = e.message; }
check(noTable.includes("no table no-such-table.tbl"), `exporting a table not held is refused (${noTable})`);

function freshModule() {
  const path = require.resolve(join(pkg, "twisty_wasm.js"));
  delete require.cache[path];
  const m = require(path);
  const lines = [];
  m.set_progress((line) => lines.push(line));
  return { m, lines };
}

function visit(m, lines, label) {
  for (const l of oracleLines) {
    lines.length = 0;
    const t0 = performance.now();
    const r = JSON.parse(m.api("solve", JSON.stringify({ puzzle: l.puzzle, moves: l.scramble, time_limit: 60 })));
    const ms = performance.now() - t0;
    const building = lines.filter((x) => x.startsWith("building"));
    check(typeof r.solution === "string" && building.length === 0, `${label}: ${l.puzzle} solved in ${ms.toFixed(0)} ms, building nothing (${building.join("; ") || "no build"})`);
  }
  const held = JSON.parse(m.tables_list()).tables;
  check(held.length > 0 && held.every((t) => t.how === "loaded") && JSON.parse(m.tables_built()).length === 0, `${label}: every table held was loaded (${held.map((t) => `${t.file} ${t.how}`).join(", ")})`);
}

{
  const { m, lines } = freshModule();
  let refused = "";
  const first = files.values().next().value;
  const flipped = first.slice();
  flipped[flipped.length - 1] ^= 1;
  try { m.tables_import(flipped); } catch (e) { refused = e.message; }
  check(refused.includes("checksum mismatch (corrupt data)"), `a corrupt table file is refused (${refused})`);
  try { m.tables_import(first.slice(0, 100)); refused = ""; } catch (e) { refused = e.message; }
  check(refused.includes("shorter than the header"), `a truncated table file is refused (${refused})`);
  check(JSON.parse(m.tables_list()).tables.length === 0, "nothing refused is held");
  for (const bytes of files.values()) {
    const t = JSON.parse(m.tables_import(bytes));
    check(files.has(t.file) && t.bytes + 128 === bytes.length, `imported ${t.file} (${t.name}, ${t.bytes} bytes)`);
  }
  check(JSON.parse(m.tables_list()).tables.every((t) => t.how === "imported"), "the imported tables are listed as imported");
  visit(m, lines, "imported");
}

{
  // The page's way: the module reads a kept file when a solve needs it; a corrupt one is
  // refused with the reason, built again, and named for keeping.
  const { m, lines } = freshModule();
  const reads = [];
  const kept = new Map(files);
  const [corruptName, good] = [...kept.entries()].find(([f]) => f.startsWith("2x2x2"));
  const bad = good.slice();
  bad[200] ^= 0xff;
  kept.set(corruptName, bad);
  m.set_table_source((f) => kept.has(f), (f) => { reads.push(f); return kept.get(f); });
  lines.length = 0;
  const l = oracleLines.find((x) => x.puzzle === "2x2x2");
  const r = JSON.parse(m.api("solve", JSON.stringify({ puzzle: "2x2x2", moves: l.scramble })));
  check(typeof r.solution === "string" && lines.some((x) => x.includes(corruptName) && x.includes("checksum mismatch") && x.includes("rebuilt")), `a corrupt kept file is refused and rebuilt (${lines.find((x) => x.includes("warning")) ?? "no warning"})`);
  check(JSON.stringify(JSON.parse(m.tables_built())) === JSON.stringify([corruptName]), `the rebuilt table is named for keeping again`);
  kept.set(corruptName, good);
  const { m: m2, lines: lines2 } = freshModule();
  m2.set_table_source((f) => kept.has(f), (f) => { reads.push(f); return kept.get(f); });
  visit(m2, lines2, "from storage");
  check(reads.length > 0, `files read from storage on demand: ${reads.length}`);
}

console.log(failures === 0 ? "all checks hold" : `${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
