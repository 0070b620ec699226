// After the whole run, in jest's own process. When jest runs the files there (one worker, or one file), the
// worker's browser, dev server and PostgreSQL server live in this process and would keep it from exiting; in
// worker processes they end with the process. Then the run's shared folder (globalSetup.ts) goes.
import { rmSync } from "node:fs";
import { closeWorkerBrowser } from "./browserWorker";
import { closeWorkerPostgres } from "./postgresWorker";

export default async function globalTeardown(): Promise<void> {
  await Promise.all([closeWorkerBrowser(), closeWorkerPostgres()]);
  const run = process.env.SALES_TEST_RUN_DIR;
  if (run) rmSync(run, { recursive: true, force: true });
}
