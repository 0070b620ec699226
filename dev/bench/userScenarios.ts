// refresh.user_scenarios_kept / _total: what people do around a managed table (the README's "What you may do to a
// table"), each point as one scenario, for a weekly SKU table and a daily store
// table, against the simulator (started in-process, over HTTP) and the in-memory workbook host.
//
// A scenario: Get data (rolling) into a new workbook, the user's `setup`, the service's clock moves (recent days
// revised, new periods), Refresh all, then `check`. A scenario is kept when `check` finds nothing: the service
// columns equal a fresh pull of the same query cell by cell (wherever the refresh writes; found by the recorded
// TableColumn.id, so under the user's header and in the user's order), and the user's part is as the point says.
// Each check returns what it found wrong, so a drop in the figure is explained by name (printed to stderr).
//
// The scenarios are columnScenarios.ts's, tableScenarios.ts's and rowScenarios.ts's, over what scenarioWorld.ts gives
// them (the 60-day drift run in refresh.bench.ts and the co-authoring cases use it too).
import { createWorkbookHost } from "../workbook-host";
import { startSimulator, type RunningSimulator } from "../simulator";
import { createClient } from "../../src/api";
import { pullTable, refreshAllTables, type RefreshDeps } from "../../src/refresh";
import { asQuery } from "./support";
import { TODAY, changedFetch, type Kind, type Scenario, type World } from "./scenarioWorld";
import { COLUMN_SCENARIOS } from "./columnScenarios";
import { ROW_SCENARIOS } from "./rowScenarios";
import { TABLE_SCENARIOS } from "./tableScenarios";

const KINDS: Kind[] = [
  {
    label: "weekly SKU",
    query: asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "weekly",
      metrics: "revenue,units",
      from: "2026-09-07",
      to: TODAY,
    }),
    next: "2026-12-02",
    keys: ["sku"],
  },
  {
    label: "daily store",
    query: asQuery({
      level: "store",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-12",
      to: TODAY,
    }),
    next: "2026-11-25",
    keys: ["sku", "store_id"],
  },
];

/** Every scenario: the user's columns, the table in its workbook, the user's rows. */
const SCENARIOS: Scenario<unknown>[] = [...COLUMN_SCENARIOS, ...TABLE_SCENARIOS, ...ROW_SCENARIOS];

/** One scenario for one kind of table, in a new workbook; what is wrong (nothing: kept). */
async function runOne(sim: RunningSimulator, sc: Scenario<unknown>, kind: Kind): Promise<string[]> {
  const client = createClient({ baseUrl: sim.url, apiKey: sim.apiKey, today: () => sim.simulator.today() });
  sim.simulator.setToday(TODAY);
  const host = createWorkbookHost();
  const deps: RefreshDeps = { run: host.run, client, today: () => sim.simulator.today() };
  // From the refresh on, the service's answers as the scenario has them (a fresh pull to compare with too).
  const changed = sc.service
    ? createClient({
        baseUrl: sim.url,
        apiKey: sim.apiKey,
        today: () => sim.simulator.today(),
        fetch: changedFetch(sc.service),
      })
    : undefined;
  const pulled = await pullTable(deps, kind.query, {
    destination: { kind: "new-sheet" },
    rolling: true,
    select: false,
  });
  const w: World = { host, deps, kind, name: pulled.write.tableName };
  const state = await sc.setup(w);
  if (changed) deps.client = changed;
  const today = sc.today?.(kind) ?? kind.next;
  sim.simulator.setToday(today);
  const requests = sim.simulator.requestCount("/api/data");
  const summary = await refreshAllTables(deps);
  const fetched = sim.simulator.requestCount("/api/data") - requests;
  if (summary.outcomes.length !== 1) return [`${summary.outcomes.length} outcomes`];
  return sc.check(w, state, { summary, outcome: summary.outcomes[0], fetched, today });
}

/**
 * Every scenario for each kind of table it is for. Scale: the simulator with 6 SKUs and 4 stores (the weekly
 * SKU table 72 rows, the daily store table 288), as in test/refresh.
 */
export async function userScenarios(): Promise<{ kept: number; total: number; failed: string[] }> {
  const sim = await startSimulator({ port: 0, today: TODAY, skus: 6, stores: 4 });
  const failed: string[] = [];
  let kept = 0;
  let total = 0;
  try {
    for (const kind of KINDS) {
      for (const sc of SCENARIOS) {
        if (sc.only && sc.only !== kind.label) continue;
        total++;
        let problems: string[];
        try {
          problems = await runOne(sim, sc, kind);
        } catch (err) {
          problems = [`threw: ${err instanceof Error ? err.message : String(err)}`];
        }
        if (problems.length === 0) kept++;
        else failed.push(`${kind.label} table, ${sc.name}: ${problems.join("; ")}`);
      }
    }
  } finally {
    await sim.close();
  }
  return { kept, total, failed };
}
