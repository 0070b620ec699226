// The workbook host has no formula engine (a formula cell reads #VALUE!), so a test that must show a user's formula
// still gives the right figure after a refresh evaluates it here, against the workbook as the refresh left it: the
// references in the formula are resolved in the host (a structured reference reads its table now, a cell reference
// reads that cell, following a formula there). Only what these tests type: SUM(Table[column]), a cell reference,
// a number, and one product of two of those.
import type { WorkbookHost } from "../../../dev/workbook-host";
import { readTable } from "../../../src/excel";

type Value = number | string | boolean;

/** The value of the formula (or constant) in `address` ("B12") of `sheet`, computed from what it references. */
export async function evaluateCell(host: WorkbookHost, sheet: string, address: string): Promise<Value> {
  const cell = host
    .snapshot()
    .sheets.find((s) => s.name === sheet)
    ?.cells.find((c) => c.address === address);
  if (!cell) return "";
  return cell.formula === undefined ? cell.value : evaluate(host, sheet, cell.formula.slice(1));
}

async function evaluate(host: WorkbookHost, sheet: string, expression: string): Promise<Value> {
  const product = /^(.+)\*(.+)$/.exec(expression);
  if (product) return num(await evaluate(host, sheet, product[1])) * num(await evaluate(host, sheet, product[2]));
  const sum = /^SUM\(([A-Za-z_][\w.]*)\[([^\]]+)\]\)$/.exec(expression);
  if (sum) {
    const t = await readTable(host.run, sum[1]);
    const c = t.headers.indexOf(sum[2]);
    if (c < 0) throw new Error(`no column ${sum[2]} in ${sum[1]}`);
    return t.values.reduce<number>((total, row) => total + (typeof row[c] === "number" ? row[c] : 0), 0);
  }
  if (/^\$?[A-Z]{1,3}\$?\d+$/.test(expression)) return evaluateCell(host, sheet, expression.replace(/\$/g, ""));
  if (/^-?\d+(\.\d+)?$/.test(expression)) return Number(expression);
  throw new Error(`the test evaluator does not know ${expression}`);
}

function num(v: Value): number {
  if (typeof v !== "number") throw new Error(`not a number: ${String(v)}`);
  return v;
}
