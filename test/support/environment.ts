// Every test file's environment (jest.config.js): Node's, plus what one jest worker shares between its files.
// Jest loads this module once per worker, outside the files' module registries, so what it holds outlives a file:
// the browser tests' dev server and Chromium (test/support/browserWorker.ts) and the PostgreSQL server of the
// database tests (test/support/postgresWorker.ts), reached through `__salesWorker`.
import { TestEnvironment } from "jest-environment-node";
import { workerBrowser } from "./browserWorker";
import { workerPostgresDatabase } from "./postgresWorker";

export default class SalesTestEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    this.global.__salesWorker = { browser: workerBrowser, postgresDatabase: workerPostgresDatabase };
  }
}
