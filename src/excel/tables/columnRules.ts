// The data validation and conditional formats a table's new rows take from the row above when a refresh grows the
// table (src/core/refresh/newRowRules.ts decides), as Excel's AutoExpansion gives a typed row: read with a sync the
// refresh makes anyway (roomBelow's), and one more when the last row has conditional formats (their areas); written
// in the commit, after the rows' number formats. A conditional format is extended with setRanges (ExcelApi 1.17);
// below that Excel cannot change where a format applies, and the refresh says which columns it could not carry.
import { grownAreas, isOneRule, withoutNulls, type CellArea } from "../../core/refresh/newRowRules";
import { a1, parseAddress, quoteSheet } from "../addresses";
import type { OpenTable } from "./openTable";

/** One column's validation, as read from the last body row's cell. */
interface ColumnValidation {
  column: number;
  rule: Excel.DataValidationRule;
  ignoreBlanks: boolean;
  prompt: Excel.DataValidationPrompt;
  errorAlert: Excel.DataValidationErrorAlert;
}

/** What the last body row carries: each column's validation, and the conditional formats on it with their areas. */
export interface LastRowRules {
  validations: ColumnValidation[];
  formats: { format: Excel.ConditionalFormat; areas: CellArea[] }[];
}

/**
 * Queues, on the caller's next sync, the loads of the last body row's validation (each column's cell) and of its
 * conditional formats; after that sync, `finish` reads the formats' areas (one more sync, only when there are some).
 */
export function queueLastRowRules(open: OpenTable): {
  finish: (context: Excel.RequestContext) => Promise<LastRowRules>;
} {
  const last = open.sheet.getRangeByIndexes(open.bodyTop + open.count - 1, open.left, 1, open.columns);
  const cells = Array.from({ length: open.columns }, (_, c) =>
    last.getCell(0, c).dataValidation.load("type,rule,ignoreBlanks,prompt,errorAlert"),
  );
  const formats = last.conditionalFormats.load("items/id");
  return {
    async finish(context) {
      const validations = cells.flatMap((v, column): ColumnValidation[] =>
        isOneRule(String(v.type))
          ? [{ column, rule: v.rule, ignoreBlanks: v.ignoreBlanks, prompt: v.prompt, errorAlert: v.errorAlert }]
          : [],
      );
      if (formats.items.length === 0) return { validations, formats: [] };
      const ranges = formats.items.map((format) => ({ format, areas: format.getRanges().load("address") }));
      await context.sync();
      return {
        validations,
        formats: ranges.map(({ format, areas }) => ({ format, areas: areasOf(areas.address) })),
      };
    },
  };
}

/** "Data!C2:C9, Data!E2" -> its rectangles. */
function areasOf(address: string): CellArea[] {
  return address.split(",").map((part) => {
    const { row, col, rows, cols } = parseAddress(part.trim());
    return { row, col, rows, cols };
  });
}

/**
 * Queues, in the commit, each column's validation and conditional formats onto the rows the table grows into
 * (`rows` of them from its old end); returns the headers of the columns whose formats could not be carried (no
 * ExcelApi 1.17), [] when none.
 */
export function queueNewRowRules(open: OpenTable, rules: LastRowRules, rows: number, canSetRanges: boolean): string[] {
  const first = open.bodyTop + open.count;
  for (const v of rules.validations) {
    const dv = open.sheet.getRangeByIndexes(first, open.left + v.column, rows, 1).dataValidation;
    dv.clear();
    dv.rule = withoutNulls(v.rule);
    dv.ignoreBlanks = v.ignoreBlanks;
    dv.prompt = withoutNulls(v.prompt);
    dv.errorAlert = withoutNulls(v.errorAlert);
  }
  const missed = new Set<number>();
  const above = first - 1;
  for (const { format, areas } of rules.formats) {
    const grown = grownAreas(areas, above, { first: open.left, count: open.columns }, { first, count: rows });
    if (!grown) continue;
    if (!canSetRanges) {
      for (const a of grown.slice(areas.length)) for (let c = a.col; c < a.col + a.cols; c++) missed.add(c - open.left);
      continue;
    }
    format.setRanges(grown.map((a) => `${quoteSheet(open.sheetName)}!${a1(a.row, a.col, a.rows, a.cols)}`).join(", "));
  }
  return [...missed].sort((a, b) => a - b).map((c) => open.headers[c]);
}
