// What the refresh tests share: a simulator and a client for the file, a fresh workbook host and RefreshDeps for
// each test, a daily query, the saved record of a table, and a fresh pull to compare a refreshed table with.
import { createWorkbookHost, type WorkbookHost } from "../../../dev/workbook-host";
import { createClient, type SalesClient } from "../../../src/api";
import type { Query } from "../../../src/core/query/query";
import { readManagedTables, readTable, type ExcelRun } from "../../../src/excel";
import { pullTable, type RefreshDeps, type RefreshableTable } from "../../../src/refresh";
import { asQuery } from "../../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../../support/simulator";

/** Rolling-friendly daily SKU query up to the simulator's today. */
export const DAILY = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "daily",
  metrics: "revenue,units",
  from: "2026-10-01",
  to: SIM_TODAY,
});

/** Weekly SKU query from 7 Sep up to the simulator's today. */
export const WEEKLY = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-09-07" });

export const NEW_SHEET = { destination: { kind: "new-sheet" as const }, rolling: false };

/** The saved record of a table, as refresh reads it; throws when the workbook has none by that name. */
export async function recordOf(run: ExcelRun, tableName: string): Promise<RefreshableTable> {
  const record = (await readManagedTables(run)).tables.find((t) => t.tableName === tableName);
  if (!record) throw new Error(`no saved query for ${tableName}`);
  return record;
}

export interface RefreshFixture {
  readonly sim: TestSimulator;
  readonly client: SalesClient;
  /** A new workbook for each test. */
  readonly host: WorkbookHost;
  /** The host's run, the client and the simulator's clock. */
  readonly deps: RefreshDeps;
  /** The saved record of a table of this test's workbook. */
  record(tableName: string): Promise<RefreshableTable>;
  /** The rows a fresh pull of `query` (into a workbook of its own) writes. */
  freshPull(query: Query): Promise<unknown[][]>;
  /** The table (headers and rows) a fresh pull of `query` writes. */
  freshTable(query: Query): Promise<{ headers: string[]; values: unknown[][] }>;
}

/**
 * Registers the hooks of a refresh test file: the simulator starts once (today SIM_TODAY before each test),
 * each test gets a new workbook host.
 */
export function refreshFixture(size: { skus: number; stores: number } = { skus: 6, stores: 4 }): RefreshFixture {
  let sim: TestSimulator;
  let client: SalesClient;
  let host: WorkbookHost;
  let deps: RefreshDeps;
  beforeAll(async () => {
    sim = await startTestSimulator(size);
    client = createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => sim.simulator.today() });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.simulator.setToday(SIM_TODAY);
    host = createWorkbookHost();
    deps = { run: host.run, client, today: () => sim.simulator.today() };
  });
  return {
    get sim() {
      return sim;
    },
    get client() {
      return client;
    },
    get host() {
      return host;
    },
    get deps() {
      return deps;
    },
    record: (tableName) => recordOf(host.run, tableName),
    freshPull: async (query) => (await freshTable(deps, query)).values,
    freshTable: (query) => freshTable(deps, query),
  };
}

async function freshTable(deps: RefreshDeps, query: Query) {
  const h = createWorkbookHost();
  const r = await pullTable({ ...deps, run: h.run }, query, NEW_SHEET);
  return readTable(h.run, r.write.tableName);
}
