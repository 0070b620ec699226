// User scenarios (userScenarios.ts) about the table in its workbook: a pivot on it, a protected sheet, the table or
// its sheet renamed, the table or a column deleted, revenue formatted by the user, a Total Row, a sort, manual
// calculation, and refreshes 20 and 40 days apart.
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import {
  TODAY,
  type Scenario,
  scenario,
  tableState,
  totalRowOf,
  bodyFormats,
  act,
  addPivot,
  pivotTotal,
  columnTotal,
  sameTotal,
  freshPull,
  sortOf,
  freshPullSorted,
  serviceDiff,
  recordOf,
  serviceProblems,
  fresh,
  refreshed,
  must,
  same,
} from "./scenarioWorld";

export const TABLE_SCENARIOS: Scenario<unknown>[] = [
  scenario({
    name: "pivot on the table: refreshed, its total the table's",
    setup: (w) => addPivot(w.host, w.name, "Report"),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const table = columnTotal(s.values, s.headers.indexOf("revenue"));
      const pivot = await pivotTotal(w.host, "Report");
      return [
        ...refreshed(r),
        ...must(r.outcome.pivotsRefreshed === 1, `${r.outcome.pivotsRefreshed} pivots refreshed`),
        ...must(sameTotal(pivot, table), `pivot total ${pivot}, table total ${table}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "protected sheet: refused, nothing fetched, the table unchanged",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      await act(w.host, (ctx) => ctx.workbook.worksheets.getItem(s.sheet).protection.protect());
      return s;
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").startsWith(
            `The sheet "${before.sheet}" is protected, so "${w.name}" cannot be refreshed`,
          ),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
        ...must(same(s, before), "the table changed"),
      ];
    },
  }),
  scenario({
    name: "renamed table: followed",
    setup: (w) => act(w.host, (ctx) => void (ctx.workbook.tables.getItem(w.name).name = "Finance_view")),
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(r.outcome.tableName === "Finance_view", `outcome names "${r.outcome.tableName}"`),
        ...(await fresh(w, r, "Finance_view")),
      ];
    },
  }),
  scenario({
    name: "renamed sheet: followed",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      await act(w.host, (ctx) => void (ctx.workbook.worksheets.getItem(s.sheet).name = "Finance"));
    },
    async check(w, _, r) {
      const record = await recordOf(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(r.outcome.sheet === "Finance", `outcome names sheet "${r.outcome.sheet}"`),
        ...must(record?.sheet === "Finance", `record names sheet "${record?.sheet}"`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "deleted table: reported by name",
    setup: (w) => act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).delete()),
    async check(w, _, r) {
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").includes(`The table "${w.name}" is no longer in this workbook`),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
      ];
    },
  }),
  scenario({
    name: "deleted SKU column (a key): refused by name, nothing fetched or written",
    async setup(w) {
      await act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).columns.getItem("sku").delete());
      return JSON.stringify(w.host.snapshot().sheets);
    },
    async check(w, sheets, r) {
      return [
        ...must(r.outcome.status === "failed", `status ${r.outcome.status}`),
        ...must(
          (r.outcome.error ?? "").startsWith(`The column "sku" was deleted from "${w.name}". Refresh finds the rows`),
          `error: ${r.outcome.error}`,
        ),
        ...must(r.fetched === 0, `${r.fetched} data requests`),
        ...must(JSON.stringify(w.host.snapshot().sheets) === sheets, "the workbook's sheets changed"),
      ];
    },
  }),
  scenario({
    name: "deleted units column: the other columns refreshed, units named, Stop asking offered",
    setup: (w) => act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).columns.getItem("units").delete()),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPull(w.deps, { ...w.kind.query, metrics: ["revenue"], to: r.today });
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(
          r.outcome.warnings.includes("units is no longer in the table; the other columns were refreshed."),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(
          same(r.outcome.deletedMetrics, ["units"]),
          `deletedMetrics ${JSON.stringify(r.outcome.deletedMetrics)}`,
        ),
        ...must(same(s.headers, want.headers), `headers ${JSON.stringify(s.headers)}`),
        ...must(d.cells === 0, `cells unlike a fresh pull of revenue: ${d.fields.join(", ")}`),
      ];
    },
  }),
  scenario({
    name: "revenue formatted £#,##0 by the user: the new rows take it, units keeps the add-in's #,##0",
    async setup(w) {
      await act(w.host, (ctx) => {
        const column = ctx.workbook.tables.getItem(w.name).columns.getItem("revenue").getDataBodyRange();
        column.numberFormat = "£#,##0" as unknown as string[][];
        column.getCell(0, 0).numberFormat = [["0.0"]]; // one cell apart: no one format Excel would extend itself
      });
      return (await tableState(w.host, w.name)).values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const formats = await bodyFormats(w.host, w.name);
      const added = formats.slice(rowsBefore);
      const wrong = added.filter(
        (f) => f[s.headers.indexOf("revenue")] !== "£#,##0" || f[s.headers.indexOf("units")] !== "#,##0",
      ).length;
      return [
        ...refreshed(r),
        ...must(added.length > 0, "no rows added"),
        ...must(wrong === 0, `${wrong} new rows without the user's revenue format or the add-in's units format`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "Total Row on, with the user's label and an average: still on and last, both kept, new rows above it",
    async setup(w) {
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.showTotals = true;
        table.getTotalRowRange().getCell(0, 0).values = [["All rows"]];
        table.columns.getItem("revenue").getTotalRowRange().formulas = [["=SUBTOTAL(101,[revenue])"]];
      });
      return (await totalRowOf(w.host, w.name)).formulas;
    },
    async check(w, formulas, r) {
      const t = await totalRowOf(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(t.on && t.last, `Total Row on: ${t.on}, directly under the body: ${t.last}`),
        ...must(same(t.formulas, formulas), `Total Row now ${JSON.stringify(t.formulas)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "sorted by revenue, largest first: refreshed in date order, sorted again as the user left it",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const fields = [{ key: s.headers.indexOf("revenue"), ascending: false }];
      await act(w.host, (ctx) => ctx.workbook.tables.getItem(w.name).sort.apply(fields));
      return { fields, remembered: await sortOf(w.host, w.name) };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPullSorted(w.deps, { ...w.kind.query, to: r.today }, f.fields);
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(await sortOf(w.host, w.name), f.remembered), "the user's sort is not the one remembered"),
        ...must(d.cells === 0, `cells unlike a fresh pull sorted the same way: ${d.fields.join(", ")}`),
      ];
    },
  }),
  scenario({
    name: "refreshed 20 days later: the days read while provisional that cannot be re-read, said once and kept on the card",
    only: "daily store",
    today: () => addDays(TODAY, 20),
    setup: (w) => tableState(w.host, w.name),
    async check(w, before, r) {
      const said =
        "16-22 Nov were read while still provisional and can no longer be re-read; they may differ from the " +
        "retailer's final figures by up to about 1%.";
      const record = await recordOf(w.host, w.name);
      const s = await tableState(w.host, w.name);
      const times = r.outcome.warnings.filter((x) => x.includes("provisional")).length;
      return [
        ...refreshed(r),
        ...must(times === 1 && r.outcome.warnings.includes(said), `warnings: ${r.outcome.warnings.join(" ")}`),
        ...must(
          same(record?.provisional, [{ from: "2026-11-16", to: "2026-11-22" }]),
          `record: ${JSON.stringify(record?.provisional)}`,
        ),
        ...must(same(s.formulas.slice(0, before.formulas.length), before.formulas), "older rows changed"),
      ];
    },
  }),
  scenario({
    name: "manual calculation: said in the summary",
    setup: (w) =>
      act(w.host, (ctx) => void (ctx.workbook.application.calculationMode = "Manual" as Excel.CalculationMode)),
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(/Calculation in this workbook is manual/.test(r.summary.message), `summary: ${r.summary.message}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "not refreshed for 40 days: the missing dates named, nothing older lost",
    only: "daily store",
    today: () => addDays(TODAY, 40),
    setup: (w) => tableState(w.host, w.name),
    async check(w, before, r) {
      const window = r.outcome.window;
      if (!window) return [`no window read: ${r.outcome.error ?? r.outcome.status}`];
      // The table ends on 22 Nov; the service keeps 14 days of store-level data, so 23 Nov to 18 Dec is gone.
      const gap = { from: "2026-11-23", to: "2026-12-18" };
      const s = await tableState(w.host, w.name);
      const kept = s.values.filter((row) => (row[0] as number) < excelSerial(window.from)).length;
      return [
        ...refreshed(r),
        ...must(window.from === addDays(r.today, -14), `window from ${window.from}`),
        ...must(same(r.outcome.gaps, [gap]), `gaps ${JSON.stringify(r.outcome.gaps)}`),
        ...must(
          /23 Nov to 18 Dec 2026/.test(`${r.outcome.warnings.join(" ")} ${r.summary.message}`),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(same(s.formulas.slice(0, kept), before.formulas), "older rows changed"),
        ...(await serviceProblems(w, w.name, { ...w.kind.query, from: window.from, to: r.today }, kept)),
      ];
    },
  }),
];
