const { availableParallelism } = require("node:os");

// `npm run test:deep` (or TEST_DEEP=1): property tests at their full run counts (test/support/properties.ts).
const deep = process.env.TEST_DEEP === "1" || process.env.npm_lifecycle_event === "test:deep";

/** @type {import('jest').Config} */
module.exports = {
  // Node's environment, plus the browser and dev server one worker shares between its browser test files.
  testEnvironment: "<rootDir>/test/support/environment.ts",
  globalSetup: "<rootDir>/test/support/globalSetup.ts",
  globalTeardown: "<rootDir>/test/support/globalTeardown.ts",
  // The slowest files first, even on a clean clone (test/support/slowest.json, from `npm run test:timings`).
  testSequencer: "<rootDir>/test/support/sequencer.js",
  globals: { TEST_DEEP: deep },
  // One worker more than cores: a file waits on HTTP, Chromium, child processes and timers about a third of its
  // time, and a third worker computes meanwhile (on two cores, one run each: three 3 min 45 s, two 3 min 55 s,
  // four 4 min 3 s; README, Test run time).
  maxWorkers: availableParallelism() + 1,
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  // TypeScript through esbuild (types are `npm run typecheck`'s job, run by `npm test` beside jest). ky ships
  // only ES modules; Jest runs CommonJS, so it is transpiled like our own code.
  transform: { "^.+\\.[tj]sx?$": "<rootDir>/test/support/transform.js" },
  transformIgnorePatterns: ["/node_modules/(?!(ky)/)"],
  testTimeout: 30000,
  // A worker closes its Chromium, dev server and PostgreSQL server when told to end (test/support/workerEnd.ts):
  // about a second; jest's 500 ms would kill some mid-close.
  workerGracefulExitTimeout: 10_000,
};
