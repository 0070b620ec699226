// The one shape of actions: the pane's Actions table and SALES.ACTIONS both write tabulateActions().
import { tabulateActions, type ActionLike } from "../../src/core/answer/actions";
import { excelSerial, EXCEL_DAY_CELLS } from "../../src/excel/excelDays";

const action: ActionLike = {
  retailer: "northmart",
  alert_date: "2026-11-23T00:00:00Z",
  action: "no_sales",
  action_description: "=SUM(A1) looks like a formula but is text",
  sku_code: 100001,
  sku_description: "100001 - Oat milk 1L",
  store_id: null,
  store_description: null,
  client_name: "Acme",
};

test("known columns in reading order: retailer, date, action, SKU, store, client", () => {
  const t = tabulateActions([action], EXCEL_DAY_CELLS);
  expect(t.headers).toEqual([
    "retailer",
    "alert_date",
    "action",
    "action_description",
    "sku_code",
    "sku_description",
    "store_id",
    "store_description",
    "client_name",
  ]);
  expect(t.columns.map((c) => c.kind)).toEqual([
    "text",
    "date",
    "text",
    "text",
    "code",
    "text",
    "code",
    "text",
    "text",
  ]);
  expect(t.columns.find((c) => c.name === "alert_date")?.kind).toBe("date");
  expect(t.values).toEqual([
    [
      "northmart",
      excelSerial("2026-11-23"),
      "no_sales",
      action.action_description,
      100001,
      action.sku_description,
      null,
      null,
      "Acme",
    ],
  ]);
});

test("fields the service adds are left out, so the header does not change with the records", () => {
  const extra = { ...action, priority: 3, region: "north" } as ActionLike;
  const t = tabulateActions([action, extra], EXCEL_DAY_CELLS);
  expect(t.headers).toEqual(tabulateActions([], EXCEL_DAY_CELLS).headers);
  expect(t.values.every((r) => r.length === t.headers.length)).toBe(true);
  expect(t.values[1]).toEqual(t.values[0]);
});

test("a date the service sends in another form stays as its text; the table does not share the constant", () => {
  const t = tabulateActions([{ ...action, alert_date: "week 48" }], EXCEL_DAY_CELLS);
  expect(t.values[0][1]).toBe("week 48");
  t.columns.push({ name: "x", kind: "text" });
  expect(tabulateActions([], EXCEL_DAY_CELLS).columns).toHaveLength(9);
});
