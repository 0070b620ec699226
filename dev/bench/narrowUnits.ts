// The corpus's narrow unit changes, part of answers.corruptions_*: a one-key (View by one SKU) and a
// two-key (View by one SKU at store level, two stores) table, weekly and monthly, whose every figure comes x1000 on
// the next read. Each is a case for the workbook's refresh and for the sync into DuckDB and into PostgreSQL (the same
// plan): caught when held as a unit change with the table exactly as it was. The same tables re-read with the
// service's own revisions are the controls: a narrow table's revision must be written (a held one is counted in
// answers.narrow_revisions_held, goal 0).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCorruptingProxy } from "../corruptions";
import { startSimulator } from "../simulator";
import { createWorkbookHost } from "../workbook-host";
import { createClient } from "../../src/api";
import type { IsoDate } from "../../src/core/dates";
import { readManagedTables } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { openDatabase, syncAll, type SyncEngine } from "../../src/sync";
import { quoteName } from "../../src/sync/sqlNames";
import { startTestPostgres } from "../postgres";
import { asQuery } from "./support";

const KEY = "bench-key";
const BASE = { retailers: "northmart", metrics: "revenue,units", filter: "sku", viewby: "100001" } as const;
/** Weekly: read on Monday 23 Nov, again on the 24th; monthly: on 3 Dec, again on the 5th (a settled period each). */
const DAYS = {
  weekly: { first: "2026-11-23" as IsoDate, next: "2026-11-24" as IsoDate, from: "2026-08-03" as IsoDate },
  monthly: { first: "2026-12-03" as IsoDate, next: "2026-12-05" as IsoDate, from: "2026-01-01" as IsoDate },
};
const SHAPES = (["weekly", "monthly"] as const).flatMap((timeframe) =>
  (["sku", "store"] as const).map((level) => ({
    name: `${timeframe} ${level === "sku" ? "one key" : "two keys"}`,
    days: DAYS[timeframe],
    query: asQuery({ ...BASE, level, timeframe, from: DAYS[timeframe].from, to: DAYS[timeframe].first }),
  })),
);

export interface NarrowCount {
  caught: number;
  total: number;
  /** Controls (the service's own revisions) held: goal 0. */
  revisionsHeld: number;
}

export async function narrowUnitChanges(): Promise<NarrowCount> {
  const running = await startSimulator({ port: 0, apiKey: KEY, today: DAYS.weekly.first, skus: 8, stores: 2 });
  const proxy = await startCorruptingProxy(running.url, { seed: 36 });
  const dir = mkdtempSync(join(tmpdir(), "sales-narrow-bench-"));
  const server = await startTestPostgres();
  const engines: [string, SyncEngine][] = [
    ["DuckDB", await openDatabase(`duckdb:${join(dir, "narrow.duckdb")}`)],
    ["PostgreSQL", await openDatabase(server.url)],
  ];
  const count: NarrowCount = { caught: 0, total: 0, revisionsHeld: 0 };
  const miss = (what: string) => process.stderr.write(`answers: not caught: ${what}\n`);
  const at = (day: IsoDate) => {
    running.simulator.setToday(day);
    return createClient({ baseUrl: proxy.url, apiKey: KEY, today: () => day, retries: 0 });
  };
  let n = 0;
  try {
    for (const { name, days, query } of SHAPES)
      for (const scaled of [true, false]) {
        // The workbook's refresh.
        proxy.clear();
        const host = createWorkbookHost();
        const deps = (day: IsoDate) => ({ run: host.run, client: at(day), today: () => day });
        const pulled = await pullTable(deps(days.first), query, { destination: { kind: "new-sheet" }, rolling: true });
        const record = (await readManagedTables(host.run)).tables.find((t) => t.tableName === pulled.write.tableName)!;
        if (scaled) proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000 }] });
        const before = JSON.stringify(host.snapshot());
        const o = await refreshTable(deps(days.next), record);
        const held = o.status === "kept" && !!o.unitChange?.held;
        if (scaled) {
          count.total++;
          if (held && o.unitChange!.changes.every((c) => c.byLevel) && JSON.stringify(host.snapshot()) === before)
            count.caught++;
          else miss(`${name} refresh, every figure x1000: ${o.status}`);
        } else if (o.status !== "refreshed") {
          count.revisionsHeld++;
          miss(`${name} refresh, the service's revisions: ${o.status} (${o.warnings.join(" ")})`);
        }
        // The sync, on each engine.
        for (const [engineName, engine] of engines) {
          proxy.clear();
          const entry = { table: `narrow_${++n}`, rolling: true, query };
          const [first] = await syncAll([entry], { engine, client: at(days.first), today: days.first });
          if (first.outcome !== "synced") throw new Error(`${name} first sync: ${first.message}`);
          const rows = () => rowsOf(engineName, entry.table, dir, server.url);
          const stored = await rows();
          if (scaled) proxy.corrupt({ corruptions: [{ kind: "scale", factor: 1000 }] });
          const [r] = await syncAll([entry], { engine, client: at(days.next), today: days.next });
          if (scaled) {
            count.total++;
            if (
              r.outcome === "held" &&
              r.message.includes("their level in the periods before") &&
              (await rows()) === stored
            )
              count.caught++;
            else miss(`${name} sync into ${engineName}, every figure x1000: ${r.outcome} (${r.message})`);
          } else if (r.outcome !== "synced") {
            count.revisionsHeld++;
            miss(`${name} sync into ${engineName}, the service's revisions: ${r.outcome} (${r.message})`);
          }
        }
      }
  } finally {
    for (const [, e] of engines) await e.close();
    await server.stop();
    await proxy.close();
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return count;
}

/** A synced table's rows, as text to compare (read through the engine's own driver, outside the sync). */
async function rowsOf(kind: string, table: string, dir: string, url: string): Promise<string> {
  const sql = `SELECT * FROM ${quoteName(table)} ORDER BY 1, 2, 3`;
  if (kind === "PostgreSQL") {
    const { Client } = await import("pg");
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return JSON.stringify((await c.query(sql)).rows);
    } finally {
      await c.end();
    }
  }
  const { sharedDuckDbFiles } = await import("../../src/sync/duckdb/connect");
  const path = join(dir, "narrow.duckdb");
  const c = await (await sharedDuckDbFiles.use(path)).connect();
  try {
    return JSON.stringify((await c.runAndReadAll(sql)).getRowObjectsJson());
  } finally {
    c.closeSync();
    await sharedDuckDbFiles.letGo(path);
  }
}
