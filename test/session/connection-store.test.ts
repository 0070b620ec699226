// The API key is the user's, not the workbook's: after saving it and using it for everything the add-in
// writes (a pulled table, its saved query, a refresh, the actions table), no sheet, cell, setting, name, table
// or custom XML part of the workbook contains it.
import { mapStorage } from "../support/storage";
import { createWorkbookHost } from "../../dev/workbook-host";
import { tabulateActions } from "../../src/core/answer/actions";
import { writeTable, readManagedTables } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { ConnectionStore, Session } from "../../src/session";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { asQuery } from "../support/query";
import { EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

test("the key is kept in the per-user store and nowhere in the workbook", async () => {
  const storage = mapStorage();
  const session = new Session(new ConnectionStore(storage, "partition-1:"), { today: () => sim.simulator.today() });
  await session.save({ baseUrl: sim.url, apiKey: SIM_KEY });
  expect(await storage.getItem("partition-1:SalesData.connection")).toContain(SIM_KEY); // stored where it belongs

  const host = createWorkbookHost();
  const deps = { run: host.run, client: session.client(), today: () => sim.simulator.today() };
  await pullTable(
    deps,
    asQuery({
      level: "sku",
      retailers: "northmart",
      timeframe: "daily",
      metrics: "revenue,units",
      from: "2026-11-01",
      to: "2026-11-22",
    }),
    { destination: { kind: "new-sheet" }, rolling: true },
  );
  const [managed] = (await readManagedTables(host.run)).tables;
  sim.simulator.setToday("2026-11-25");
  expect((await refreshTable(deps, managed)).status).toBe("refreshed");
  await writeTable(host.run, tabulateActions(await session.client().getActions("northmart"), EXCEL_DAY_CELLS), {
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

describe("the store under Office's partition", () => {
  const settings = { baseUrl: "https://sales.example.com", apiKey: "key-1234" };

  test("the partition comes from a promise (Office.context exists only once Office is ready)", async () => {
    const storage = mapStorage();
    let ready: (key: string) => void = () => undefined;
    const store = new ConnectionStore(storage, new Promise<string | undefined>((resolve) => (ready = resolve)));
    const saving = store.save(settings);
    expect(await storage.getItem("SalesData.connection")).toBeNull(); // nothing written before the partition is known
    ready("p1:");
    await saving;
    expect(JSON.parse((await storage.getItem("p1:SalesData.connection"))!)).toEqual(settings);
    expect(await storage.getItem("SalesData.connection")).toBeNull();
  });

  test("a connection saved under the unpartitioned name is moved once to the partitioned one", async () => {
    const storage = mapStorage();
    await storage.setItem("SalesData.connection", JSON.stringify(settings));
    const store = new ConnectionStore(storage, Promise.resolve("p1:"));
    expect(await store.load()).toEqual(settings);
    expect(await storage.getItem("SalesData.connection")).toBeNull();
    expect(JSON.parse((await storage.getItem("p1:SalesData.connection"))!)).toEqual(settings);
  });

  test("a partitioned connection wins over an unpartitioned leftover, which is removed", async () => {
    const storage = mapStorage();
    const mine = { ...settings, apiKey: "mine-5678" };
    await storage.setItem("SalesData.connection", JSON.stringify(settings));
    await storage.setItem("p1:SalesData.connection", JSON.stringify(mine));
    expect(await new ConnectionStore(storage, "p1:").load()).toEqual(mine);
    expect(await storage.getItem("SalesData.connection")).toBeNull();
  });

  test("no partition (outside Excel on the web): the plain name, nothing moved", async () => {
    const storage = mapStorage();
    const store = new ConnectionStore(storage, Promise.resolve(undefined));
    await store.save(settings);
    expect(JSON.parse((await storage.getItem("SalesData.connection"))!)).toEqual(settings);
  });
});

describe("a damaged saved connection", () => {
  test.each([
    ["not JSON", "{oops", "unreadable"],
    ["a number for the key", JSON.stringify({ baseUrl: "https://x.example", apiKey: 42 }), "apiKey"],
    ["no URL", JSON.stringify({ apiKey: "key-1234" }), "baseUrl"],
    [
      "a path that is not text",
      JSON.stringify({ baseUrl: "https://x.example", apiKey: "k", paths: { data: 1 } }),
      "paths.data",
    ],
  ])("%s: not used, and the session says which part is wrong without showing it", async (_, raw, part) => {
    const storage = mapStorage();
    await storage.setItem("SalesData.connection", raw);
    const session = new Session(new ConnectionStore(storage));
    await session.ready();
    expect(session.connection()).toBeNull();
    expect(session.hasKey()).toBe(false);
    expect(session.loadProblem()).toContain(`The saved connection on this device is damaged (${part})`);
    expect(session.loadProblem()).not.toContain("key-1234");
    expect(await storage.getItem("SalesData.connection")).toBe(raw); // nothing is overwritten until the user saves
    await session.save({ baseUrl: "https://x.example", apiKey: "new-key-9" });
    expect(session.loadProblem()).toBeUndefined();
  });
});
