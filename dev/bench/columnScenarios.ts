// User scenarios (userScenarios.ts) about the columns of a table: a calculated column, typed notes, a note and a
// total typed under the table, a renamed and a moved service column, a filter; a hidden column, a width and frozen
// panes; validation and a conditional format on revenue.
import {
  CALC,
  CALC_HEADER,
  type Scenario,
  scenario,
  letters,
  cell,
  tableState,
  act,
  addCalculatedColumn,
  rowsWithoutFormula,
  fresh,
  refreshed,
  must,
  same,
  keysOf,
} from "./scenarioWorld";

export const COLUMN_SCENARIOS: Scenario<unknown>[] = [
  scenario({
    name: "calculated column: its formula in every row, replaced and added rows too",
    setup: (w) => addCalculatedColumn(w.host, w.name),
    async check(w, _, r) {
      const s = await tableState(w.host, w.name);
      const without = rowsWithoutFormula(s, CALC_HEADER, CALC);
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsReplaced > 0 && r.outcome.rowsAdded > 0, "no rows replaced and added"),
        ...must(without === 0, `${without} rows without the formula`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "typed notes: kept by row key",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const col = s.left + s.headers.length;
      const at = (i: number) => cell(s.sheet, s.top + i, col);
      const last = s.values.length - 1;
      w.host.typeCell(cell(s.sheet, s.headerRow, col), "note");
      w.host.typeCell(at(0), "first row: settled");
      w.host.typeCell(at(last - 12), "'=looks like a formula");
      w.host.typeCell(at(last - 1), 42);
      w.host.typeCell(at(last), "promo");
      const before = await tableState(w.host, w.name);
      const noteAt = before.headers.indexOf("note");
      return new Map(keysOf(before, w.kind.keys).map((k, i) => [k, before.formulas[i][noteAt]]));
    },
    async check(w, notes, r) {
      const s = await tableState(w.host, w.name);
      const noteAt = s.headers.indexOf("note");
      const keys = keysOf(s, w.kind.keys);
      const wrong = keys.filter((k, i) => s.formulas[i][noteAt] !== (notes.get(k) ?? "")).length;
      const typed = [...notes.values()].filter((v) => v !== "");
      const kept = s.formulas.map((row) => row[noteAt]).filter((v) => v !== "");
      return [
        ...refreshed(r),
        ...must(wrong === 0, `${wrong} rows whose note is not the one their key had`),
        ...must(
          same([...kept].sort(), [...typed].sort()),
          `notes ${JSON.stringify(typed)} became ${JSON.stringify(kept)}`,
        ),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "a note and a total typed under the table: moved down with it as it grows",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const under = s.top + s.values.length + 1; // one empty row between
      w.host.typeCell(cell(s.sheet, under, s.left + 1), "checked by Ann");
      w.host.typeCell(cell(s.sheet, under + 1, s.left + 1), `=SUM(${w.name}[revenue])`);
      return s.values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const under = s.top + s.values.length + 1;
      const cells = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!.cells;
      const at = (row: number) => cells.find((c) => c.row === row && c.column === s.left + 1);
      return [
        ...refreshed(r),
        ...must(s.values.length > rowsBefore + 1, "the table did not grow over the note's row"),
        ...must(at(under)?.value === "checked by Ann", "the note is not one empty row under the table"),
        ...must(at(under + 1)?.formula === `=SUM(${w.name}[revenue])`, "the total is not under the note"),
        ...must(cells.filter((c) => c.value === "checked by Ann").length === 1, "the note is not there once"),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "renamed service header: still filled, under the user's header",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      w.host.typeCell(cell(s.sheet, s.headerRow, s.left + s.headers.indexOf("revenue")), "Revenue GBP");
      return (await tableState(w.host, w.name)).headers;
    },
    async check(w, headers, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(same(s.headers, headers), `headers ${JSON.stringify(s.headers)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "moved service column: still filled where it is",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      w.host.moveTableColumn(w.name, s.headers.indexOf("units"), 1);
      const after = await tableState(w.host, w.name);
      return { headers: after.headers, ids: after.ids };
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      return [
        ...refreshed(r),
        ...must(same({ headers: s.headers, ids: s.ids }, before), `columns now ${JSON.stringify(s.headers)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "active filter: in force afterwards, every row (hidden too) equal to the service",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const key = w.kind.keys[0];
      const shown = [...new Set(s.values.map((r) => String(r[s.headers.indexOf(key)])))].slice(0, 2);
      await act(w.host, (ctx) =>
        ctx.workbook.tables.getItem(w.name).columns.getItem(key).filter.applyValuesFilter(shown),
      );
      return { shown, criteria: (await tableState(w.host, w.name)).criteria };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const keyAt = s.headers.indexOf(w.kind.keys[0]);
      const wrong = s.values.filter((row, i) => s.hidden[i] === f.shown.includes(String(row[keyAt]))).length;
      return [
        ...refreshed(r),
        ...must(s.criteria === f.criteria, `criteria now ${s.criteria}`),
        ...must(
          s.hidden.some((h) => h),
          "no row hidden",
        ),
        ...must(wrong === 0, `${wrong} rows shown or hidden against the filter`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "hidden column, column width, frozen panes: as the user left them",
    async setup(w) {
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.columns.getItem("units").getRange().columnHidden = true;
        table.columns.getItem("revenue").getRange().format.columnWidth = 90;
        // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- a navigation property, not a read
        const sheet = table.worksheet;
        sheet.freezePanes.freezeRows(1);
        sheet.freezePanes.freezeColumns(2);
      });
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      return {
        hidden: sheet.hiddenColumns,
        widths: sheet.columnWidths,
        frozen: [sheet.frozenRows, sheet.frozenColumns],
      };
    },
    async check(w, before, r) {
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      const now = {
        hidden: sheet.hiddenColumns,
        widths: sheet.columnWidths,
        frozen: [sheet.frozenRows, sheet.frozenColumns],
      };
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(now, before), `now ${JSON.stringify(now)}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "validation and a conditional format on revenue: kept, and on every new row",
    async setup(w) {
      await act(w.host, (ctx) => {
        const column = ctx.workbook.tables.getItem(w.name).columns.getItem("revenue").getDataBodyRange();
        column.dataValidation.rule = {
          decimal: { formula1: 0, operator: "GreaterThanOrEqualTo" },
        } as Excel.DataValidationRule;
        const cf = column.conditionalFormats.add("CellValue");
        cf.cellValue.rule = { formula1: "=1000", operator: "GreaterThan" };
        cf.cellValue.format.fill.color = "#FFC7CE";
      });
      return (await tableState(w.host, w.name)).values.length;
    },
    async check(w, rowsBefore, r) {
      const s = await tableState(w.host, w.name);
      const sheet = w.host.snapshot().sheets.find((x) => x.name === s.sheet)!;
      const col = letters(s.left + s.headers.indexOf("revenue"));
      const body = `${col}${s.top + 1}:${col}${s.top + s.values.length}`;
      return [
        ...refreshed(r),
        ...must(s.values.length > rowsBefore, "no rows added"),
        ...must(
          same(
            sheet.validations?.map((v) => v.address),
            [body],
          ),
          `validation on ${JSON.stringify(sheet.validations)}`,
        ),
        ...must(
          same(
            sheet.conditionalFormats?.map((f) => f.ranges),
            [body],
          ),
          `conditional format on ${JSON.stringify(sheet.conditionalFormats?.map((f) => f.ranges))}`,
        ),
        ...(await fresh(w, r)),
      ];
    },
  }),
];
