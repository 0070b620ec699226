// Payload accounting, measured like Excel on the web: the JSON of the batch sent, the JSON of what is returned.
import { numberJsonLength } from "./grid";
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

/** Text JSON.stringify writes as it is between quotes, when it is ASCII too: its length plus the quotes. */
const PLAIN_TEXT = /^[\u0020-\u0021\u0023-\u005b\u005d-\u007e]*$/;

/** What JSON.stringify leaves out of an object, and writes as null in an array. */
const unwritten = (v: unknown): boolean => v === undefined || typeof v === "function" || typeof v === "symbol";

/**
 * jsonBytes(value), counted without building the text: a batch of a block of 20,000 rows is 140,000 values, and its
 * JSON a 3 MB string made for each sync only to be measured (test/workbook-host/speed.test.ts holds them equal).
 */
export function jsonLength(value: unknown): number {
  switch (typeof value) {
    case "number":
      return numberJsonLength(value);
    case "boolean":
      return value ? 4 : 5;
    case "string":
      return PLAIN_TEXT.test(value) ? value.length + 2 : jsonBytes(value);
    case "object":
      break;
    default:
      return jsonBytes(value);
  }
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let n = 1 + Math.max(1, value.length);
    for (const v of value) n += unwritten(v) ? 4 : jsonLength(v);
    return n;
  }
  const plain = Object.getPrototypeOf(value) === Object.prototype && !("toJSON" in value);
  if (!plain) return jsonBytes(value);
  let n = 1;
  let fields = 0;
  for (const [k, v] of Object.entries(value)) {
    if (unwritten(v)) continue;
    n += jsonLength(k) + 1 + jsonLength(v) + 1;
    fields++;
  }
  return fields === 0 ? 2 : n;
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
