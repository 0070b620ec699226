// Runs test/sync/support/rewriteChild.ts as a process of its own, to stop it at a stage, kill it there (SIGKILL, as
// kill -9) or let it go on, and read what it said.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

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

export function startSyncChild(settings: {
  address: string;
  table: string;
  version: number;
  stopAt?: string;
  lockWaitMs?: number;
}): SyncChild {
  // CommonJS through tsx, as bin/sales-data.cjs runs: no ES module loader thread, about 0.15 CPU-s less a child.
  const child: ChildProcess = spawn(process.execPath, ["--require", "tsx/cjs", join(__dirname, "rewriteChild.ts")], {
    env: { ...process.env, SYNC_CHILD: JSON.stringify(settings) },
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
