// Jest's order of test files: its own (files that failed last time first, then by the time they took last time,
// else by size), except that the slowest files of the latest `npm run test:timings -- --readme`
// (test/support/slowest.json) start first, slowest first. On a clean clone jest knows no times, and a small file
// that takes minutes (test/refresh/coauthor.test.ts) would otherwise start last and run alone at the end.
const { default: Sequencer } = require("@jest/test-sequencer");
const { join } = require("node:path");

const root = join(__dirname, "..", "..");
/** @type {{ file: string; seconds: number }[]} */
const slowest = require("./slowest.json");
const seconds = new Map(slowest.map((s) => [join(root, s.file), s.seconds]));

class SlowestFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const known = ordered.filter((t) => seconds.has(t.path));
    known.sort((a, b) => seconds.get(b.path) - seconds.get(a.path));
    return [...known, ...ordered.filter((t) => !seconds.has(t.path))];
  }
}

module.exports = SlowestFirst;
