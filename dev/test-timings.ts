// `npm run test:timings`: runs jest with per-file results (--json) and prints the ten slowest test files as a
// markdown table. `-- --docs` also writes the table into docs/testing.md between its timing markers, and the twenty
// slowest into test/support/slowest.json (the order jest starts files in: test/support/sequencer.js).
// `-- --from <file>` reads an earlier run's results instead of running jest (`npm test` leaves its own in
// test-output/jest-results.json). Other arguments go to jest (`-- test/refresh` times one folder).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(__dirname, "..");
const START = "<!-- test-timings:start -->";
const END = "<!-- test-timings:end -->";
const SLOWEST_FILE = join(root, "test", "support", "slowest.json");
/** How many of the slowest files jest starts first. */
const SLOWEST = 20;

/** The part of jest's --json output read here. */
interface JestResults {
  numTotalTests: number;
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

/** A test file's path from the project's root (results read from another clone: from its test folder). */
function testPath(file: string): string {
  const path = relative(root, file);
  return path.startsWith("..") ? file.slice(file.indexOf("/test/") + 1) : path;
}

interface FileTime {
  file: string;
  tests: number;
  ms: number;
}

/** Every file's time, slowest first. */
function fileTimes(results: JestResults): FileTime[] {
  return results.testResults
    .map((t) => ({ file: testPath(t.name), tests: t.assertionResults.length, ms: t.endTime - t.startTime }))
    .sort((a, b) => b.ms - a.ms);
}

/** A markdown table laid out as prettier lays it out (the first column to the left, the others to the right). */
function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join(" | ")} |`;
  const rule = widths.map((w, c) => (c === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`));
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** The `count` slowest files as a markdown table, then the run's totals (wall: from jest's start to the last end). */
function timingsTable(results: JestResults, count = 10): string {
  const files = fileTimes(results);
  const wall = Math.max(...results.testResults.map((t) => t.endTime)) - results.startTime;
  const rows = files.slice(0, count).map((f) => [`\`${f.file}\``, String(f.tests), (f.ms / 1000).toFixed(1)]);
  return [
    markdownTable(["Test file", "Tests", "Seconds"], rows),
    "",
    `${files.length} files, ${results.numTotalTests} tests, jest ${(wall / 1000).toFixed(0)} s.`,
  ].join("\n");
}

/** `doc` with the text between the timing markers replaced by `table`; throws when the markers are missing. */
function withTimings(doc: string, table: string): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from)
    throw new Error(`docs/testing.md has no "${START}" ... "${END}" markers to write the table between.`);
  return `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`;
}

function main(): void {
  const args = process.argv.slice(2);
  const toDocs = args.includes("--docs");
  const fromAt = args.indexOf("--from");
  let file = fromAt >= 0 ? args[fromAt + 1] : undefined;
  if (!file) {
    mkdirSync(join(root, "test-output"), { recursive: true });
    file = join(root, "test-output", "jest-results.json");
    const passOn = args.filter((a) => a !== "--docs");
    const run = spawnSync("npx", ["jest", "--json", `--outputFile=${file}`, ...passOn], {
      cwd: root,
      stdio: "inherit",
    });
    if (run.status !== 0) console.error(`jest exited with ${run.status}: the timings below include the failed run.`);
  }
  const results = JSON.parse(readFileSync(file, "utf8")) as JestResults;
  const table = timingsTable(results);
  console.log(table);
  if (toDocs) {
    const doc = join(root, "docs", "testing.md");
    writeFileSync(doc, withTimings(readFileSync(doc, "utf8"), table));
    // Jest starts these first (test/support/sequencer.js), so that no slow file is left to run alone at the end.
    const slowest = fileTimes(results)
      .slice(0, SLOWEST)
      .map((f) => ({ file: f.file, seconds: Math.round(f.ms / 100) / 10 }));
    writeFileSync(SLOWEST_FILE, `${JSON.stringify(slowest, null, 2)}\n`);
    console.log(
      "docs/testing.md: the table is written between its test-timings markers; test/support/slowest.json too.",
    );
  }
}

main();
