// `sales-data`: the sync's command line (commander). `sync` a sync file or one --query into DuckDB or PostgreSQL,
// `list` what is synced, `runs` the run log. Exit codes: 0 synced, 1 failed (nothing changed), 2 held (nothing
// changed). No Office code in its path: it may import src/core, src/api and src/sync only.
import { Command, CommanderError, Option } from "commander";
import { errorText } from "../core/errorText";
import {
  DEFAULT_DATABASE,
  exitCodeOf,
  openDatabase,
  parseQueryOption,
  parseSyncFile,
  SyncError,
  syncAll,
  type SyncEngine,
  type SyncFile,
} from "../sync";
import { apiKeyOf, clientFor, NO_SYNC_KEY, readGivenFile, serviceToday } from "./commandClient";
import { listLines, progressReporter, resultLines, runJson, runLines, type Out } from "./report";

interface SyncOptions {
  query?: string;
  db: string;
  anyway?: boolean;
  json?: boolean;
  keyFile?: string;
  serviceUrl?: string;
  dataPath?: string;
  listPath?: string;
  lockWait: string;
  key?: string;
}

function readSyncInput(file: string | undefined, o: SyncOptions): SyncFile {
  if ((file === undefined) === (o.query === undefined))
    throw new SyncError("Give a sync file, or one query with --query '<json>' (not both).");
  if (o.query !== undefined) return { entries: [parseQueryOption(o.query)] };
  return parseSyncFile(readGivenFile("The sync file", file!), `The sync file ${file}`);
}

async function withEngine<T>(address: string, work: (engine: SyncEngine) => Promise<T>): Promise<T> {
  const engine = await openDatabase(address);
  try {
    return await work(engine);
  } finally {
    await engine.close();
  }
}

async function sync(file: string | undefined, o: SyncOptions, io: Out, env: NodeJS.ProcessEnv): Promise<number> {
  if (o.key !== undefined) throw new SyncError(NO_SYNC_KEY);
  const input = readSyncInput(file, o);
  const apiKey = apiKeyOf(o.keyFile, env);
  const today = serviceToday(env);
  const paths = {
    ...input.paths,
    ...(o.dataPath ? { data: o.dataPath } : {}),
    ...(o.listPath ? { list: o.listPath } : {}),
  };
  const client = clientFor({ url: o.serviceUrl ?? input.serviceUrl ?? env.SALES_DATA_URL, paths }, apiKey, today);
  const lockWaitMs = Number(o.lockWait) * 1000;
  if (!Number.isFinite(lockWaitMs) || lockWaitMs < 0)
    throw new SyncError(`--lock-wait must be a number of seconds (0 or more), not "${o.lockWait}".`);
  const progress = o.json ? undefined : progressReporter(process.stderr, io);
  const results = await withEngine(o.db, (engine) =>
    syncAll(input.entries, { engine, client, today, anyway: o.anyway, lockWaitMs, onProgress: progress?.onProgress }),
  ).finally(() => progress?.stop());
  const code = exitCodeOf(results);
  if (o.json) io.out(JSON.stringify({ exitCode: code, tables: results }, null, 2));
  else for (const line of resultLines(results)) io.out(line);
  return code;
}

/** The program, its output and exit code given to the caller (tests run the real command as a child process). */
export function program(io: Out, env: NodeJS.ProcessEnv, done: (code: number) => void): Command {
  const run = (work: () => Promise<number>) =>
    work().then(done, (error: unknown) => {
      io.err(errorText(error, { other: (m) => m }));
      done(1);
    });
  const db = () =>
    new Option("--db <address>", "duckdb:path/to/file.duckdb or postgres://user@host:port/database").default(
      env.SALES_DATA_DB ?? DEFAULT_DATABASE,
    );
  const cmd = new Command("sales-data").description("Sync the sales data service's queries into DuckDB or PostgreSQL.");
  cmd
    .command("sync")
    .description("Sync every query of a sync file (or one --query) into its table.")
    .argument("[file]", "a sync file (JSON)")
    .option("--query <json>", "one query (or sync-file entry) as JSON, instead of a file")
    .addOption(db())
    .option("--anyway", "write even what the losses rule or a unit change would hold")
    .option("--json", "print the outcome as JSON (for a scheduler)")
    .option("--key-file <path>", `a file holding the API key (else ${"SALES_DATA_API_KEY"})`)
    .option("--service-url <url>", "the service's address (else the sync file's serviceUrl, or SALES_DATA_URL)")
    .option("--data-path <path>", "the data endpoint's path (default /api/data)")
    .option("--list-path <path>", "the lists endpoint's path (default /api/list)")
    .option("--lock-wait <seconds>", "how long to wait for another sync of the same table", "60")
    .addOption(new Option("--key <key>").hideHelp())
    .action((file: string | undefined, o: SyncOptions) => run(() => sync(file, o, io, env)));
  cmd
    .command("list")
    .description("What is synced: each table, its rows, its last run and how it ended.")
    .addOption(db())
    .option("--json", "print as JSON")
    .action((o: { db: string; json?: boolean }) =>
      run(() =>
        withEngine(o.db, async (engine) => {
          const tables = await engine.list();
          if (o.json)
            io.out(
              JSON.stringify(
                tables.map((t) => ({ ...t, lastRun: runJson(t.lastRun) })),
                null,
                2,
              ),
            );
          else listLines(tables).forEach((l) => io.out(l));
          return 0;
        }),
      ),
    );
  cmd
    .command("runs")
    .description("The run log, newest first.")
    .addOption(db())
    .option("--table <name>", "only this table's runs")
    .option("--limit <n>", "at most this many runs", "50")
    .option("--json", "print as JSON")
    .action((o: { db: string; table?: string; limit: string; json?: boolean }) =>
      run(() =>
        withEngine(o.db, async (engine) => {
          const limit = Number(o.limit);
          if (!Number.isInteger(limit) || limit < 1)
            throw new SyncError(`--limit must be a whole number of 1 or more, not "${o.limit}".`);
          const runs = await engine.runs({ table: o.table, limit });
          if (o.json) io.out(JSON.stringify(runs.map(runJson), null, 2));
          else runLines(runs).forEach((l) => io.out(l));
          return 0;
        }),
      ),
    );
  cmd.exitOverride();
  cmd.configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  return cmd;
}

/** Runs the command line; resolves with the exit code. */
export function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const io: Out = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };
  return new Promise<number>((resolve) => {
    try {
      program(io, env, resolve).parse([...argv], { from: "user" });
    } catch (error) {
      // --help and --version end here with code 0; a wrong option or argument with commander's own message.
      resolve(error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 1) : 1);
    }
  });
}
