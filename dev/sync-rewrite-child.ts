// A sync process for the crash and lock tests: rewrites the last two weeks of a table (dev/sync-engines.ts
// storeWeekly, weekRows), or with `first` writes all eight weeks into a table not there yet, as a first sync does,
// printing "STAGE <stage>" as it reaches each; at `stopAt` it waits for a line on its standard input (the test sends
// "go", or kills it there). Ends with "DONE" (exit 0) or "FAILED <message>" (exit 1).
// Settings come as JSON in SYNC_CHILD: { address, table, version, first?, stopAt?, lockWaitMs? }.
import { createInterface } from "node:readline";
import { openDatabase } from "../src/sync";
import { rewriteWindow } from "../src/sync/rewrite";
import { chunked, mondays, storeWeekly, weekRows } from "./sync-engines";

interface ChildSettings {
  address: string;
  table: string;
  version: number;
  first?: boolean;
  stopAt?: string;
  lockWaitMs?: number;
}

const settings = JSON.parse(process.env.SYNC_CHILD ?? "{}") as ChildSettings;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const weeks = mondays("2026-09-07", 8);
  const engine = await openDatabase(settings.address);
  try {
    await rewriteWindow(engine, {
      spec: storeWeekly(settings.table),
      window: { from: settings.first ? weeks[0] : weeks[6], to: "2026-10-31" },
      rows: chunked(weekRows(settings.first ? weeks : weeks.slice(6), 3, 2, settings.version), 4),
      query: JSON.stringify({ child: process.pid }),
      lockWaitMs: settings.lockWaitMs,
      onStage: async (stage) => {
        say(`STAGE ${stage}`);
        if (stage === settings.stopAt) await lines.next();
      },
    });
  } finally {
    await engine.close();
  }
}

main().then(
  () => {
    say("DONE");
    process.exit(0);
  },
  (error: unknown) => {
    say(`FAILED ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
