// Payload accounting, measured like Excel on the web: the JSON of the batch sent, the JSON of what is returned.
export const PAYLOAD_LIMIT_BYTES = 5_000_000;
export const READ_CELL_LIMIT = 5_000_000;

/** UTF-8 byte length of a string (what goes over the wire), without TextEncoder allocation for ASCII. */
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

export function utf8Bytes(s: string): number {
  if (!NON_ASCII.test(s)) return s.length; // the usual batch: one native scan
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export function jsonBytes(value: unknown): number {
  const s = JSON.stringify(value);
  return s === undefined ? 0 : utf8Bytes(s);
}

export interface SyncRecord {
  requestBytes: number;
  responseBytes: number;
  actions: number;
  /** Cells covered by the sync's loads of cell properties (values, formulas, numberFormat, text, valueTypes). */
  cellsRead: number;
  /** suspendApiCalculationUntilNextSync() was called for this sync. */
  calculationSuspended: boolean;
  /** suspendScreenUpdatingUntilNextSync() was called for this sync. */
  screenUpdatingSuspended: boolean;
  /** Error code if the sync rejected. */
  error?: string;
  /**
   * The tables whose cells or shape the sync's actions changed (values, formulas, formats, clears, rows and
   * columns added, resizes, inserts and deletes over them), by name when written, each once, in order.
   */
  tablesWritten: string[];
  /** The Excel.run (batch) the sync belongs to, numbered from 1 in the order they began. */
  run: number;
}

export class HostStats {
  syncs = 0;
  maxRequestBytes = 0;
  requestBytes: number[] = [];
  responseBytes: number[] = [];
  /** Cells covered by applied values/formulas/numberFormat writes, table row and column adds. */
  cellsWritten = 0;
  /** The part of cellsWritten that wrote values or formulas (not number formats): what a benchmark compares. */
  valueCellsWritten = 0;
  /** Cells covered by loads of cell properties, in every sync (the sum of syncLog's cellsRead). */
  cellsRead = 0;
  /** range.format.autofitColumns()/autofitRows() calls applied (they are no-ops otherwise). */
  autofitCalls = 0;
  /** One record per sync, in order. */
  syncLog: SyncRecord[] = [];

  /** Request bytes of every sync since the last reset. */
  get totalRequestBytes(): number {
    let n = 0;
    for (const b of this.requestBytes) n += b;
    return n;
  }

  reset(): void {
    this.syncs = 0;
    this.maxRequestBytes = 0;
    this.requestBytes = [];
    this.responseBytes = [];
    this.cellsWritten = 0;
    this.valueCellsWritten = 0;
    this.cellsRead = 0;
    this.autofitCalls = 0;
    this.syncLog = [];
  }
}
