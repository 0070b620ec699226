// Range.format (Excel.RangeFormat): columnWidth (ExcelApi 1.1, points; reads null when the columns differ),
// autofitColumns (a width from the longest text of each column's cells in the range: the host measures characters,
// not a font) and autofitRows (recorded only).
import type { HostRequestContext, SyncIO } from "./context";
import { invalidArgument } from "./errors";
import { HostObject } from "./proxy-base";
import { checkWritable } from "./protection";
import type { RangeTarget } from "./model-types";

/** Excel's default column width in points (8.43 characters of the default font: 64 pixels). */
const DEFAULT_COLUMN_WIDTH = 48;

/** What autofit gives a column: about 5.25 points per character of its longest text, plus the cell's margins. */
const fitWidth = (chars: number): number => Math.max(DEFAULT_COLUMN_WIDTH / 4, Math.ceil(chars * 5.25 + 7.5));

export class HostRangeFormat extends HostObject<RangeTarget> {
  protected readonly _scalarProperties = ["columnWidth"] as const;
  constructor(ctx: HostRequestContext, path: string, resolve: () => RangeTarget | null) {
    super(ctx, path, resolve, false, false);
  }

  protected _read(t: RangeTarget, name: string, io: SyncIO): unknown {
    if (name === "columnWidth") {
      const widths = new Set<number>();
      for (let c = t.rect.c0; c <= t.rect.c1; c++) widths.add(t.sheet.columnWidths.get(c) ?? DEFAULT_COLUMN_WIDTH);
      return this._counted(io, widths.size === 1 ? [...widths][0] : null);
    }
    return this._unknown(name);
  }

  get columnWidth(): number {
    return this._get("columnWidth");
  }
  set columnWidth(v: number) {
    this._set("columnWidth", v, (t) => {
      checkWritable(t.sheet, "formatColumns");
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw invalidArgument("A column width is 0 or more.");
      for (let c = t.rect.c0; c <= t.rect.c1; c++) t.sheet.columnWidths.set(c, v);
    });
  }

  autofitColumns(): void {
    this._call("autofitColumns", [], (t) => {
      this.context.engine.stats.autofitCalls++;
      checkWritable(t.sheet, "formatColumns");
      const longest = new Map<number, number>();
      const used = t.sheet.grid.usedRect(true);
      const last = used ? Math.min(t.rect.r1, used.r1) : t.rect.r0 - 1;
      for (let r = t.rect.r0; r <= last; r++)
        for (let c = t.rect.c0; c <= t.rect.c1; c++) {
          const cell = t.sheet.grid.get(r, c);
          if (cell) longest.set(c, Math.max(longest.get(c) ?? 0, String(cell.value).length));
        }
      for (const [c, chars] of longest) if (!t.sheet.hiddenColumns.has(c)) t.sheet.columnWidths.set(c, fitWidth(chars));
    });
  }

  autofitRows(): void {
    this._call("autofitRows", [], () => void this.context.engine.stats.autofitCalls++);
  }
}
