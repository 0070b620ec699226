// window.previewWorkbook: what tests (and curious people in the console) use to look into the preview.
// setFormula evaluates =SALES.*(...) through the same function implementations Excel calls and writes the
// spill, as Excel would show it, from the formula's cell (see dev/preview/formula.ts for what it parses).
// run(batch) does what a user or another add-in would do to the workbook, through the host's Excel API.
// A formula whose function failed keeps its message with its cell (cellErrors), as Excel keeps a custom
// function's message on the error's indicator; the grid shows it there.
import { a1, parseAddress } from "../../src/excel/addresses";
import type { ExcelRun } from "../../src/excel/excelRun";
import type { WorkbookHost } from "../workbook-host";
import { evaluateSalesFormula, isFormulaError, spillToCells } from "./formula";

export interface PreviewWorkbook {
  sheetNames(): string[];
  /** The used range of a sheet as a 2D array. */
  values(sheet: string): unknown[][];
  tables(): { name: string; sheet: string; address: string }[];
  /** Evaluates a formula in a cell (address like "Sheet1!A1") and spills its result from there. */
  setFormula(address: string, formula: string): Promise<void>;
  /** Evaluates every formula set so far again (what Refresh all does to SALES formulas). */
  recalculate(): Promise<void>;
  /** Runs batch(context) against the in-memory workbook as Excel.run does (the grid repaints after it). */
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** One cell ("Sheet1!B2"; no sheet: Sheet1) as the API reads it. */
  cellInfo(address: string): Promise<CellInfo>;
  /** The formula cells that show an error, with the function's message ("Sheet1!A1", "#VALUE!", "from: ..."). */
  cellErrors(): CellError[];
}

export interface CellError {
  /** "Sheet1!A1". */
  address: string;
  error: string;
  message: string;
}

export interface CellInfo {
  /** What `values` reads (a formula cell reads #VALUE!: the host computes no formulas). */
  value: unknown;
  /** What `formulas` reads: the formula as written, or the value. */
  formula: unknown;
  numberFormat: string;
}

declare global {
  interface Window {
    previewWorkbook: PreviewWorkbook;
  }
}

interface Placed {
  formula: string;
  sheet: string;
  row: number;
  col: number;
  rows: number;
  cols: number;
}

export function installPreviewApi(win: Window, host: WorkbookHost, run: ExcelRun): PreviewWorkbook {
  const placed = new Map<string, Placed>();
  /** The message of each formula cell that shows an error, by "Sheet1!A1". */
  const errors = new Map<string, CellError>();

  const readRange = (sheet: string, address: string) =>
    host.run(async (context) => {
      const range = context.workbook.worksheets.getItem(sheet).getRange(address);
      range.load("values");
      await context.sync();
      return range.values;
    });

  async function evaluate(key: string, p: Placed): Promise<void> {
    const result = await evaluateSalesFormula(p.formula, { readRange, defaultSheet: p.sheet });
    let { values, numberFormat } = spillToCells(result);
    await run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(p.sheet);
      if (p.rows > 0) sheet.getRangeByIndexes(p.row, p.col, p.rows, p.cols).clear("Contents");
      const target = sheet.getRangeByIndexes(p.row, p.col, values.length, values[0].length);
      target.load("values");
      await context.sync();
      // Like Excel: a spill that would cover something shows #SPILL! instead.
      if (target.values.some((line) => line.some((v) => v !== ""))) {
        values = [["#SPILL!"]];
        numberFormat = [["General"]];
        errors.set(key, {
          address: key,
          error: "#SPILL!",
          message: "The spill range isn't blank: clear the cells it would fill.",
        });
      } else if (isFormulaError(result))
        errors.set(key, { address: key, error: result.error, message: result.message });
      else errors.delete(key);
      const out = sheet.getRangeByIndexes(p.row, p.col, values.length, values[0].length);
      out.numberFormat = numberFormat;
      out.values = values;
      await context.sync();
    });
    placed.set(key, { ...p, rows: values.length, cols: values[0].length });
  }

  const cellInfo = (address: string): Promise<CellInfo> => {
    const where = parseAddress(address);
    return host.run(async (context) => {
      const cell = context.workbook.worksheets.getItem(where.sheet || "Sheet1").getCell(where.row, where.col);
      cell.load("values, formulas, numberFormat");
      await context.sync();
      return { value: cell.values[0][0], formula: cell.formulas[0][0], numberFormat: cell.numberFormat[0][0] };
    });
  };

  const api: PreviewWorkbook = {
    sheetNames: () => host.snapshot().sheets.map((s) => s.name),
    values: (sheet) => host.sheetValues(sheet),
    tables: () => host.snapshot().tables.map((t) => ({ name: t.name, sheet: t.sheet, address: t.address })),
    async setFormula(address, formula) {
      const where = parseAddress(address);
      const sheet = where.sheet || "Sheet1";
      const key = `${sheet}!${a1(where.row, where.col, 1, 1)}`;
      const before = placed.get(key);
      await evaluate(key, {
        formula,
        sheet,
        row: where.row,
        col: where.col,
        rows: before?.rows ?? 0,
        cols: before?.cols ?? 0,
      });
    },
    async recalculate() {
      for (const [key, p] of placed) await evaluate(key, p);
    },
    run: (batch) => run(batch),
    cellInfo,
    cellErrors: () => [...errors.values()],
  };
  win.previewWorkbook = api;
  return api;
}
