// window.previewWorkbook: what tests (and curious people in the console) use to look into the preview.
import type { ExcelRun } from "../../src/excel/run";
import type { WorkbookHost } from "../workbook-host";

export interface PreviewWorkbook {
  sheetNames(): string[];
  /** The used range of a sheet as a 2D array. */
  values(sheet: string): unknown[][];
  tables(): { name: string; sheet: string; address: string }[];
  /** Writes a formula into a cell (address like "Sheet1!A1"). */
  setFormula(address: string, formula: string): Promise<void>;
}

declare global {
  interface Window {
    previewWorkbook: PreviewWorkbook;
  }
}

export function installPreviewApi(win: Window, host: WorkbookHost, run: ExcelRun): void {
  win.previewWorkbook = {
    sheetNames: () => host.snapshot().sheets.map((s) => s.name),
    values: (sheet) => host.sheetValues(sheet),
    tables: () => host.snapshot().tables.map((t) => ({ name: t.name, sheet: t.sheet, address: t.address })),
    setFormula: (address, formula) =>
      run(async (context) => {
        const bang = address.lastIndexOf("!");
        const sheetName = bang >= 0 ? address.slice(0, bang).replace(/^'|'$/g, "") : undefined;
        const sheet = sheetName
          ? context.workbook.worksheets.getItem(sheetName)
          : context.workbook.worksheets.getActiveWorksheet();
        sheet.getRange(bang >= 0 ? address.slice(bang + 1) : address).formulas = [[formula]];
        await context.sync();
      }),
  };
}
