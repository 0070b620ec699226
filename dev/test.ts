// `npm test`: the type check and lint (one after the other) beside jest, at the same time: jest's files wait on
// HTTP and Chromium as much as they compute, and the checks fill that time. Jest's output is shown as it comes;
// the checks' output once they are done. Fails when any of them fails. Arguments go to jest (`npm test -- test/api`).
// Jest's per-file results are left in test-output/jest-results.json (`npm run test:timings -- --from <it>`).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const RESULTS = join(__dirname, "..", "test-output", "jest-results.json");

/** Runs `npm run <script>` (through the npm that started this, on any OS); resolves with its exit code. */
function npmRun(script: string): Promise<{ code: number; output: string }> {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, "run", script]] : ["npm", ["run", script]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { shell: !npm });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (err) => resolve({ code: 1, output: `${output}${String(err)}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** What jest says when a worker kept something open after its files (test/support/workerEnd.ts): a failure here. */
const LEAKED = "A worker process has failed to exit gracefully";

/** Runs jest with `args`, its output shown as it comes; resolves with its exit code (1 when a worker leaked). */
function jest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve("jest/bin/jest"), ...args], {
      stdio: ["inherit", "inherit", "pipe"],
      // Its reporter writes to stderr, read here: keep its colours where the terminal has them.
      env: process.stderr.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    let leaked = false;
    let tail = "";
    child.stderr.on("data", (d: Buffer) => {
      process.stderr.write(d);
      tail = (tail + d.toString()).slice(-2 * LEAKED.length);
      leaked ||= tail.includes(LEAKED);
    });
    child.on("error", () => resolve(1));
    child.on("close", (code) => {
      if (leaked) console.error("[npm test] a jest worker kept a process or handle open after its test files.");
      resolve(leaked ? 1 : (code ?? 1));
    });
  });
}

async function checks(): Promise<number> {
  for (const script of ["typecheck", "lint"]) {
    const { code, output } = await npmRun(script);
    process.stdout.write(`\n[npm test] npm run ${script}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n`);
    if (code !== 0) {
      process.stdout.write(output);
      return code;
    }
  }
  return 0;
}

async function main(): Promise<void> {
  mkdirSync(join(RESULTS, ".."), { recursive: true });
  const jestArgs = ["--json", `--outputFile=${RESULTS}`, ...process.argv.slice(2)];
  const [checked, tested] = await Promise.all([checks(), jest(jestArgs)]);
  if (checked !== 0) console.error("[npm test] the type check or lint failed (above).");
  process.exit(checked !== 0 ? checked : tested);
}

void main();
