// What one jest worker shares between its PostgreSQL test files: one server (dev/postgres.ts), started
// when the first file asks and stopped when jest tells the worker to end (workerEnd.ts; a worker killed instead
// stops it too: its process ends with its parent's input). Each file
// gets a database of its own on it, dropped when the file is done, so files see nothing of each other's tables.
// Starting a server costs about 2.5 s of CPU (initdb, then the server); a database, a small part of that.
//
// Loaded by the test environment (test/support/environment.ts), outside the test files' module registries, so it
// lives as long as the worker; test files reach it through that environment's global (startTestDatabase).
import { Client } from "pg";
import { startTestPostgres, type TestPostgres } from "../../dev/postgres";
import { closeWhenWorkerEnds } from "./workerEnd";

let started: Promise<TestPostgres> | undefined;
let databases = 0;

async function admin<T>(server: TestPostgres, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: server.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the worker's server (started on the first call); `stop` drops it. */
export async function workerPostgresDatabase(): Promise<TestPostgres> {
  if (!started) closeWhenWorkerEnds(closeWorkerPostgres);
  started ??= startTestPostgres().catch((err: unknown) => {
    started = undefined; // the next file tries again, and says why it failed
    throw err;
  });
  const server = await started;
  const name = `sales_file_${++databases}`;
  await admin(server, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    port: server.port,
    log: server.log,
    stop: () => admin(server, (c) => c.query(`DROP DATABASE ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Stops the server: when the worker is told to end (workerEnd.ts), or in jest's own process at its global teardown. */
export async function closeWorkerPostgres(): Promise<void> {
  const running = await started?.catch(() => undefined);
  started = undefined;
  await running?.stop();
}
