// Before the whole run, in jest's own process: a folder for what the run's workers share (the webpack build of
// the browser tests, test/support/browserWorker.ts). Workers start after this and inherit its name.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function globalSetup(): void {
  process.env.SALES_TEST_RUN_DIR = mkdtempSync(join(tmpdir(), "sales-test-run-"));
}
