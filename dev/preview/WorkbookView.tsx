// The preview's grid: the in-memory workbook read through the same Excel API the add-in uses, shown
// like Excel (sheet tabs, column letters, tables styled as tables, number formats applied). A SALES formula's
// #VALUE! or #N/A carries its message on the cell, as Excel shows it on the error's indicator: a marker in the
// cell's corner, the message on hover, and the messages under the grid.
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { columnLetters, parseAddress } from "../../src/excel/addresses";
import type { ExcelRun } from "../../src/excel/excelRun";
import { displayCell, isNumeric } from "./format";
import type { CellError } from "./previewApi";

const MAX_ROWS = 200;
const MAX_COLS = 30;
/** A grid row's height in px (preview.html sets it on table.grid rows). */
const ROW_PX = 21;
/** Rows drawn above and below the ones in view, so a scroll shows drawn rows before the next draw. */
const OVERSCAN = 10;

interface TableBox {
  name: string;
  row: number;
  col: number;
  rows: number;
  cols: number;
}

interface SheetView {
  sheets: string[];
  active: string;
  top: number;
  left: number;
  values: unknown[][];
  formats: string[][];
  formulas: unknown[][];
  totalRows: number;
  tables: TableBox[];
}

async function readView(run: ExcelRun, wanted: string | undefined): Promise<SheetView> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name,items/visibility");
    const activeSheet = context.workbook.worksheets.getActiveWorksheet();
    activeSheet.load("name");
    await context.sync();
    const visible = sheets.items.filter((s) => s.visibility === "Visible").map((s) => s.name);
    const active = wanted && visible.includes(wanted) ? wanted : activeSheet.name;
    const sheet = sheets.getItem(active);
    const used = sheet.getUsedRangeOrNullObject(false);
    used.load("rowIndex,columnIndex,rowCount,columnCount");
    const tables = sheet.tables;
    tables.load("items/name");
    await context.sync();
    const ranges = tables.items.map((t) => {
      const r = t.getRange();
      r.load("address");
      return { name: t.name, range: r };
    });
    if (used.isNullObject) {
      await context.sync();
      return {
        sheets: visible,
        active,
        top: 0,
        left: 0,
        values: [],
        formats: [],
        formulas: [],
        totalRows: 0,
        tables: [],
      };
    }
    const rows = Math.min(used.rowIndex + used.rowCount, MAX_ROWS);
    const cols = Math.min(used.columnIndex + used.columnCount, MAX_COLS);
    const view = sheet.getRangeByIndexes(0, 0, Math.max(rows, 1), Math.max(cols, 1));
    view.load("values,numberFormat,formulas");
    await context.sync();
    return {
      sheets: visible,
      active,
      top: 0,
      left: 0,
      values: view.values,
      formats: view.numberFormat as string[][],
      formulas: view.formulas,
      totalRows: used.rowIndex + used.rowCount,
      tables: ranges.map(({ name, range }) => {
        const a = parseAddress(range.address);
        return { name, row: a.row, col: a.col, rows: a.rows, cols: a.cols };
      }),
    };
  });
}

/**
 * The latest view of the workbook, read once per change notice (`version`), but one read at a time: notices that
 * arrive while a read is on its way are caught up by one more read after it. A refresh of many batches then
 * costs a few reads and redraws of the grid, not one of each per batch.
 */
function useWorkbookView(run: ExcelRun, wanted: string | undefined, version: number) {
  const [view, setView] = useState<SheetView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ run, wanted });
  latest.current = { run, wanted };
  const reader = useRef({ busy: false, again: false, mounted: false });
  useEffect(() => {
    const r = reader.current;
    r.mounted = true;
    return () => {
      r.mounted = false;
    };
  }, []);
  useEffect(() => {
    const r = reader.current;
    if (r.busy) {
      r.again = true;
      return;
    }
    const read = () => {
      r.busy = true;
      r.again = false;
      readView(latest.current.run, latest.current.wanted)
        .then(
          (v) => r.mounted && (setView(v), setError(null)),
          (e: Error) => r.mounted && setError(e.message),
        )
        .finally(() => {
          r.busy = false;
          if (r.again && r.mounted) read();
        });
    };
    read();
  }, [run, wanted, version]);
  return { view, error };
}

export function WorkbookView({
  run,
  version,
  cellErrors = () => [],
}: {
  run: ExcelRun;
  version: number;
  /** The formula cells showing an error, with the function's message. */
  cellErrors?: () => CellError[];
}) {
  const [wanted, setWanted] = useState<string | undefined>(undefined);
  const { view, error } = useWorkbookView(run, wanted, version);

  if (error) return <div className="grid-error">Could not read the workbook: {error}</div>;
  if (!view) return <div className="grid-empty">Loading the workbook…</div>;
  const notes = cellErrors().filter((e) => e.address.startsWith(`${view.active}!`));
  return (
    <div className="workbook">
      <Grid view={view} notes={notes} />
      {notes.length > 0 && (
        <ul className="cell-notes" aria-label="Messages of the cells with errors">
          {notes.map((n) => (
            <li key={n.address}>
              <strong>{n.address.slice(view.active.length + 1)}</strong> {n.error} {n.message}
            </li>
          ))}
        </ul>
      )}
      <nav className="tabs" aria-label="Sheets">
        {view.sheets.map((s) => (
          <button
            key={s}
            className={s === view.active ? "tab active" : "tab"}
            onClick={() => setWanted(s)}
            aria-current={s === view.active}
          >
            {s}
          </button>
        ))}
      </nav>
    </div>
  );
}

/**
 * The rows of `rows` in view in `scroller`, with OVERSCAN more each side: only those are drawn. Two hundred rows of
 * thirty cells cost every later style, layout and accessibility check of the page (the pane's included) several
 * times what the rows in view do.
 */
function useRowsInView(scroller: RefObject<HTMLDivElement | null>, rows: number): { first: number; end: number } {
  const [range, setRange] = useState({ first: 0, end: Math.min(rows, 60) });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => {
      const first = Math.max(0, Math.floor(el.scrollTop / ROW_PX) - OVERSCAN);
      const end = Math.min(rows, Math.ceil((el.scrollTop + el.clientHeight) / ROW_PX) + OVERSCAN);
      setRange((r) => (r.first === first && r.end === end ? r : { first, end }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [scroller, rows]);
  return range;
}

/** The cells in view, drawn again only for a new read (not for each change notice while a read is on its way). */
const Grid = memo(function Grid({ view, notes }: { view: SheetView; notes: readonly CellError[] }) {
  const tableClass = (r: number, c: number) => {
    const t = view.tables.find((t) => r >= t.row && r < t.row + t.rows && c >= t.col && c < t.col + t.cols);
    return t ? (r === t.row ? "t-head" : (r - t.row) % 2 ? "t-band" : "t-body") : "";
  };
  const cols = Math.max(view.values[0]?.length ?? 0, 8);
  const rows = Math.max(view.values.length, 20);
  const scroller = useRef<HTMLDivElement>(null);
  const { first, end } = useRowsInView(scroller, rows);
  /** Each cell's message by row, then column ("" for none): what a row draws and compares. */
  const noteOf = (r: number, c: number) =>
    notes.find((n) => n.address.endsWith(`!${columnLetters(c)}${r + 1}`))?.message ?? "";
  /** Stands in for the rows not drawn, so the scroll bar is as long as all of them. */
  const spacer = (n: number, key: string) =>
    n > 0 && (
      <tr key={key} className="spacer" aria-hidden="true">
        <td colSpan={cols + 1} style={{ height: n * ROW_PX }} />
      </tr>
    );
  return (
    <div className="grid-scroll" data-testid="grid" ref={scroller}>
      <table className="grid">
        <thead>
          <tr>
            <th className="corner" />
            {Array.from({ length: cols }, (_, c) => (
              <th key={c}>{columnLetters(c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(first, "above")}
          {Array.from({ length: end - first }, (_, i) => first + i).map((r) => (
            <GridRow
              key={r}
              r={r}
              values={view.values[r] ?? []}
              formats={view.formats[r] ?? []}
              formulas={view.formulas[r] ?? []}
              bands={Array.from({ length: cols }, (_, c) => tableClass(r, c)).join("|")}
              notes={Array.from({ length: cols }, (_, c) => noteOf(r, c))}
            />
          ))}
          {spacer(rows - end, "below")}
        </tbody>
      </table>
      {view.totalRows > MAX_ROWS && (
        <p className="more">
          Showing sheet rows 1 to {MAX_ROWS} of {view.totalRows.toLocaleString("en-US")}
          {tablesText(view.tables)}.
        </p>
      )}
    </div>
  );
});

/** The sheet's tables counted as the pane counts them: data rows, the header apart ("Sales_x: a header and 624
 * data rows"). */
function tablesText(tables: readonly TableBox[]): string {
  if (tables.length === 0) return "";
  const each = tables.map((t) => `${t.name}: a header and ${(t.rows - 1).toLocaleString("en-US")} data rows`);
  return ` (${each.join("; ")})`;
}

interface GridRowProps {
  r: number;
  values: unknown[];
  formats: string[];
  formulas: unknown[];
  /** Each cell's table style ("t-head", "t-band", "t-body" or ""), joined by "|": one per column drawn. */
  bands: string;
  /** Each cell's error message ("" for none): one per column drawn. */
  notes: string[];
}

const sameCells = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * One row of cells. Every read brings new arrays, so a row is compared by what its cells hold: a refresh that
 * rewrites the last seven days draws those rows again, not every row in view (each of up to 30 cells an element).
 */
const GridRow = memo(
  function GridRow({ r, values, formats, formulas, bands, notes }: GridRowProps) {
    return (
      <tr>
        <th>{r + 1}</th>
        {bands.split("|").map((band, c) => {
          const value = values[c];
          const formula = formulas[c];
          const note = notes[c];
          const cls = [band, isNumeric(value) ? "num" : "", note ? "has-note" : ""].join(" ");
          const title = note || (typeof formula === "string" && formula.startsWith("=") ? formula : undefined);
          return (
            <td
              key={c}
              className={cls}
              title={title}
              data-address={`${columnLetters(c)}${r + 1}`}
              aria-description={note || undefined}
            >
              {displayCell(value, formats[c])}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.r === b.r &&
    a.bands === b.bands &&
    sameCells(a.values, b.values) &&
    sameCells(a.formats, b.formats) &&
    sameCells(a.formulas, b.formulas) &&
    sameCells(a.notes, b.notes),
);
