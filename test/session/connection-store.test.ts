// The API key is the user's, not the workbook's: after saving it and using it for everything the add-in
// writes (a pulled table, its saved query, a refresh, the actions table), no sheet, cell, setting, name, table
// or custom XML part of the workbook contains it.
import { createWorkbookHost } from "../../dev/workbook-host";
import { tabulateActions } from "../../src/core/actions";
import { writeTable, listManagedTables } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { ConnectionStore, memoryStorage, Session } from "../../src/session";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

test("the key is kept in the per-user store and nowhere in the workbook", async () => {
  const storage = memoryStorage();
  const session = new Session(new ConnectionStore(storage, "partition-1:"), { today: () => sim.simulator.today() });
  await session.save({ baseUrl: sim.url, apiKey: SIM_KEY });
  expect(await storage.getItem("partition-1:SalesData.connection")).toContain(SIM_KEY); // stored where it belongs

  const host = createWorkbookHost();
  const deps = { run: host.run, client: session.client(), today: () => sim.simulator.today() };
  await pullTable(
    deps,
    {
      level: "sku",
      retailer: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-01",
      to: "2026-11-22",
    },
    { destination: { kind: "new-sheet" }, rolling: true },
  );
  const [managed] = await listManagedTables(host.run);
  sim.simulator.setToday("2026-11-25");
  expect((await refreshTable(deps, managed)).status).toBe("refreshed");
  await writeTable(host.run, tabulateActions(await session.client().getActions("northmart")), {
    name: "Actions",
    destination: { kind: "new-sheet" },
  });

  expect(host.scanFor("northmart").length).toBeGreaterThan(0); // the scan does see what the add-in wrote
  expect(host.scanFor(SIM_KEY)).toEqual([]);
  expect(host.scanFor("Token ")).toEqual([]);
  expect(JSON.stringify(host.snapshot())).not.toContain(SIM_KEY);

  await session.forgetKey();
  expect(await storage.getItem("partition-1:SalesData.connection")).not.toContain(SIM_KEY);
  expect(() => session.client()).toThrow("Enter your API key in the Sales Data pane");
});
