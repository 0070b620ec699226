// Saved queries: updates started at the same time are applied one after the other, none lost.
import { createWorkbookHost } from "../../dev/workbook-host";
import { listManagedTables, saveManagedTable, type ManagedTable } from "../../src/excel/queryStore";

const rec = (tableName: string): ManagedTable => ({
  tableName,
  sheet: "Sheet1",
  query: {
    level: "sku",
    retailer: "northmart",
    timeframe: "daily",
    metrics: "revenue",
    from: "2026-10-01",
    to: "2026-10-31",
  },
  rolling: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  lastRefreshedAt: "2026-11-01T00:00:00.000Z",
  rows: 1,
});

test("saving records at the same time keeps all of them", async () => {
  const host = createWorkbookHost();
  await Promise.all(["A", "B", "C", "D"].map((n) => saveManagedTable(host.run, rec(n))));
  expect((await listManagedTables(host.run)).map((t) => t.tableName)).toEqual(["A", "B", "C", "D"]);
});

test("a failing update does not block the next", async () => {
  const host = createWorkbookHost();
  host.failSync(1, { code: "GeneralException" });
  await expect(saveManagedTable(host.run, rec("A"))).rejects.toBeDefined();
  await saveManagedTable(host.run, rec("B"));
  expect((await listManagedTables(host.run)).map((t) => t.tableName)).toEqual(["B"]);
});
