// Runs dev/sync-rewrite-child.ts as a process of its own, to stop it at a stage, kill it there (SIGKILL, as
// kill -9) or let it go on, and read what it said.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { buildSync } from "esbuild";

export interface SyncChild {
  pid: number;
  /** Resolves when the child prints "STAGE <stage>"; rejects when it ends first. */
  reached(stage: string): Promise<void>;
  /** Lets a child waiting at its stop go on. */
  proceed(): void;
  kill(): Promise<void>;
  /** How it ended: its exit code and everything it printed. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string[] }>;
}

const NODE_MODULES = join(__dirname, "..", "node_modules");
let bundled: string | undefined;

/**
 * rewriteChild.ts and what it imports as one CommonJS file, made once a test file (as bin/cliBundle.cjs makes
 * the command's): a child then loads one file instead of some seventy through tsx, about 0.2 CPU-s less each.
 */
function childBundle(): string {
  if (bundled) return bundled;
  // In the run's folder when jest made one (removed after the run: test/support/globalTeardown.ts).
  const out = join(mkdtempSync(join(process.env.SALES_TEST_RUN_DIR ?? tmpdir(), "sync-child-")), "rewriteChild.cjs");
  buildSync({
    entryPoints: [join(__dirname, "sync-rewrite-child.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external", // required at run time from this project's node_modules (NODE_PATH, below)
    logLevel: "silent",
  });
  return (bundled = out);
}

export function startSyncChild(settings: {
  address: string;
  table: string;
  version: number;
  /** A first sync: all eight weeks into a table not there yet. */
  first?: boolean;
  stopAt?: string;
  lockWaitMs?: number;
}): SyncChild {
  const child: ChildProcess = spawn(process.execPath, [childBundle()], {
    env: { ...process.env, NODE_PATH: NODE_MODULES, SYNC_CHILD: JSON.stringify(settings) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output: string[] = [];
  const waiting = new Map<string, () => void>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    output.push(line);
    waiting.get(line)?.();
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string[] }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, output: stderr ? [...output, stderr] : output })),
  );
  return {
    pid: child.pid!,
    reached: (stage) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(`STAGE ${stage}`)) return resolve();
        waiting.set(`STAGE ${stage}`, resolve);
        void ended.then((e) => reject(new Error(`The sync child ended before ${stage}: ${e.output.join("\n")}`)));
      }),
    proceed: () => child.stdin!.write("go\n"),
    kill: async () => {
      child.kill("SIGKILL");
      await ended;
    },
    ended,
  };
}
