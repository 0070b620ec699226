// The record of the keys a pull wrote (src/core/refresh/writtenKeys.ts), made a slice of rows at a time: a large
// brand's store-level day is 575,000 keys, and made at once they held the pane's thread for a third of a second. A
// period past KEPT_AS_TEXT keys is only counted and summed by hash, so its keys are hashed without their text.
import { compareDays, type IsoDate } from "../core/dates";
import type { Pace } from "../core/schedule/pace";
import type { TableShape } from "../core/refresh/tableLayout";
import { keyCellsOf, keyColumns, rowKey, rowKeyHash } from "../core/refresh/userColumns";
import { hashSum, keyHash, writtenKeys, type WrittenKeys, type WrittenPeriod } from "../core/refresh/writtenKeys";
import { EXCEL_DAY_CELLS } from "../excel/excelDays";

/**
 * Keys a period may have for its keys to go to writtenKeys as they are. A period with more is only counted and
 * summed there (its exact keys stop at 8,192), so past this bound its keys are hashed as they come, the same count
 * and sum made here (test/refresh/pulled-keys.test.ts holds the two equal).
 */
const KEPT_AS_TEXT = 16_384;

/**
 * The record of the keys a pull wrote (its first `rows` rows) in the periods from `from` on; undefined without a
 * period column. Equal to writtenKeys over those keys.
 */
export async function pulledKeys(
  data: TableShape,
  pi: number,
  rows: number,
  from: IsoDate,
  pace: Pace,
): Promise<WrittenKeys | undefined> {
  if (pi < 0) return undefined;
  const columns = keyColumns(data.columns, pi);
  const codes = columns.slice(1);
  const texts = new Map<IsoDate, string[]>();
  const hashed = new Map<IsoDate, Set<number>>();
  // Rows come in period order: a period's day is made once, not per row.
  let lastCell: unknown;
  let lastPeriod: IsoDate | null = null;
  for (let i = 0; i < rows; i++) {
    if (i % 1024 === 0) await pace();
    const r = data.values[i];
    const cell = r[pi];
    if (cell !== lastCell) {
      lastCell = cell;
      lastPeriod = EXCEL_DAY_CELLS.dayOf(cell);
    }
    const period = lastPeriod;
    // No day, no key (rowKey): a blank row, a date typed as text.
    if (period === null || period < from) continue;
    const hashes = hashed.get(period);
    if (hashes) {
      hashes.add(rowKeyHash(period, r, codes));
      continue;
    }
    const key = rowKey(
      keyCellsOf(
        columns.map((k) => r[k]),
        EXCEL_DAY_CELLS,
      ),
    )!;
    const keys = texts.get(period) ?? [];
    keys.push(key);
    if (keys.length <= KEPT_AS_TEXT) texts.set(period, keys);
    else {
      hashed.set(period, new Set(keys.map(keyHash)));
      texts.delete(period);
    }
  }
  await pace();
  const record = writtenKeys(
    from,
    [...texts].flatMap(([period, keys]) => keys.map((key) => ({ period, key }))),
  );
  const counted = [...hashed].map(([period, h]): WrittenPeriod => ({ period, rows: h.size, sum: hashSum(h) }));
  return { ...record, periods: [...record.periods, ...counted].sort((a, b) => compareDays(a.period, b.period)) };
}
