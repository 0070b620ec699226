// The day-by-SKU table the replaceTail tests write into a new workbook (userColumns.test.ts, coauthor.test.ts):
// its columns, its rows, and the table with its service columns as refresh knows them (by TableColumn.id).
import { createWorkbookHost, type WorkbookHost } from "../../../dev/workbook-host";
import type { Column } from "../../../src/core/answer/tabulate";
import type { ServiceColumn } from "../../../src/core/refresh/userColumns";
import { writeTable } from "../../../src/excel/tables";

export const COLUMNS: Column[] = [
  { name: "day", kind: "date" },
  { name: "sku", kind: "code" },
  { name: "revenue", kind: "decimal" },
];
export const DAY = 46000;

/** Days of rows for SKUs `skus` (revenue = day + sku / 1000 + bump). */
export const rows = (days: number[], skus: number[], bump = 0) =>
  days.flatMap((d) => skus.map((s) => [DAY + d, s, d + s / 1000 + bump]));

export interface Table {
  host: WorkbookHost;
  name: string;
  sheet: string;
  service: ServiceColumn[];
}

/** Days `days` of SKUs `skus`, written as the table "Sales" on a new sheet of a new workbook. */
export async function dayTable(days: number[], skus: number[]): Promise<Table> {
  const host = createWorkbookHost();
  const w = await writeTable(
    host.run,
    { columns: COLUMNS, values: rows(days, skus) },
    { name: "Sales", destination: { kind: "new-sheet" } },
  );
  const service = COLUMNS.map((c, i) => ({ id: w.columnIds![i], field: c.name, name: c.name }));
  return { host, name: w.tableName, sheet: w.sheet, service };
}
