// The stored window and the staged answer joined by the row key, in key order, chunk by chunk, as the rewrite plan
// folds them (src/core/refresh/planWindow.ts): each row of the join a pair of the stored row and the fresh row of one
// key, with their metric cells, and whether their other columns (names, comparisons) are as before, told by the
// engine. PostgreSQL joins and sorts in its own process (one cursor over the whole window); DuckDB does so in the
// sync's, so there the window is joined a slice of keys at a time: per period, runs of the key's leading columns
// of about CHUNK_ROWS rows (COUNTED_SLICE_ROWS where only the differing pairs come back), each slice sorted on its own
// (docs/sync.md, "How a window is rewritten").
import type { IsoDate } from "../core/dates";
import type { WindowPair } from "../core/refresh/windowFold";
import type { PairChunk, PairColumns, SyncCell, SyncColumn, SyncRow, SyncTableSpec } from "./engine";
import { quoteName } from "./sqlNames";
import type { StagedTotals } from "./stagedTotals";
import { UnchangedCount } from "./unchangedRows";
import type { Dialect, EngineSession } from "./sql";

/** Rows of a slice DuckDB joins and sorts in the sync's memory, and of a chunk of pairs read. */
const CHUNK_ROWS = 20_000;
/**
 * Rows of a slice where only the pairs that differ come back: each slice is a query that reads at least a row group
 * (122,880 rows) of each table, so larger slices read less.
 */
const COUNTED_SLICE_ROWS = 100_000;

/** Text and figures of the other columns as the rules compare them (windowFold.ts sameCells): empty alike, else equal. */
function sameOthersSql(others: readonly SyncColumn[]): string {
  if (others.length === 0) return "1";
  const same = others
    .map(({ name, type }) => {
      const [s, n] = [`s.${quoteName(name)}`, `n.${quoteName(name)}`];
      return type === "text" || type === "date"
        ? `coalesce(CAST(${s} AS TEXT), '') = coalesce(CAST(${n} AS TEXT), '')`
        : `${s} IS NOT DISTINCT FROM ${n}`;
    })
    .join(" AND ");
  return `CAST(${same} AS INTEGER)`;
}

/** Both sides present, every metric and other cell as before: a pair the fold is told as a count (unchangedRows.ts). */
function unchangedSql(c: PairColumns, period: string): string {
  const q = quoteName;
  const same = c.metrics.map((m) => `s.${q(m)} IS NOT DISTINCT FROM n.${q(m)}`);
  return [`s.${q(period)} IS NOT NULL`, `n.${q(period)} IS NOT NULL`, ...same, `${sameOthersSql(c.others)} = 1`].join(
    " AND ",
  );
}

/**
 * A pair's columns: presence of each side, the key (the period as text), both sides' metrics, the others' sameness,
 * the staged row; each named (a table is made of them, below).
 */
function pairSelect(c: PairColumns, period: string): string[] {
  const q = quoteName;
  const keys = c.key.map((k, i) =>
    i === 0 ? `CAST(coalesce(s.${q(k)}, n.${q(k)}) AS TEXT)` : `coalesce(s.${q(k)}, n.${q(k)})`,
  );
  // Truths as 1 and 0: both engines' drivers read integers alike.
  return [
    `CAST(s.${q(period)} IS NOT NULL AS INTEGER)`,
    `CAST(n.${q(period)} IS NOT NULL AS INTEGER)`,
    ...keys,
    ...c.metrics.map((m) => `s.${q(m)}`),
    ...c.metrics.map((m) => `n.${q(m)}`),
    sameOthersSql(c.others),
    // Which staged row: two fresh rows of one key are told from one stored row's repeats.
    "n.sales_sync_row",
  ].map((column, i) => `${column} AS sales_sync_p${i}`);
}

/** The stored window (`s`) and the staged rows (`n`), each filtered by `where`, joined by the key. */
function joinedSides(
  d: Dialect,
  at: { table: string; staging: string; period: string },
  c: PairColumns,
  where: string,
) {
  const q = quoteName;
  const own = [...c.key, ...c.metrics, ...c.others.map((o) => o.name)].map(q).join(", ");
  const on = c.key.map((k) => `s.${q(k)} = n.${q(k)}`).join(" AND ");
  return `(SELECT ${own} FROM ${at.table} WHERE ${where}) s
    FULL OUTER JOIN (SELECT ${own}, ${d.rowId} AS sales_sync_row FROM ${at.staging} WHERE ${where}) n ON ${on}`;
}

/** The join's key columns, as ORDER BY numbers them. */
const keyOrder = (c: PairColumns) => c.key.map((_, i) => String(i + 3)).join(", ");

/** The join's SELECT (see pairSelect for its columns); `changed`: only the pairs that differ. */
function joinSql(
  d: Dialect,
  at: { table: string; staging: string; period: string },
  c: PairColumns,
  slice: string,
  changed: boolean,
): string {
  return `SELECT ${pairSelect(c, at.period).join(", ")}
    FROM ${joinedSides(d, at, c, `${quoteName(at.period)} >= $1::DATE${slice}`)}
    ${changed ? `WHERE NOT (${unchangedSql(c, at.period)})` : ""}
    ORDER BY ${keyOrder(c)}`;
}

/**
 * Where the server joins (PostgreSQL), the window is joined once, into a temporary table of the pairs that differ in
 * any column (`name`; `table` as SQL names it): the fold reads those it is told in key order, and the swap deletes and
 * inserts by them (stagingTable.ts), rather than joining the window twice more to find them. A new period's rows are
 * left out of the join (nothing stored pairs with them) and inserted from the staging table. `made` is told once the
 * table holds them, with the staged row's columns in the order they are kept and the new periods. Beside a pair's
 * columns it holds `sales_sync_folded` (1: a pair the fold is told), the stored row's key (`sales_sync_k0`, ...) and
 * the staged row's own columns (`sales_sync_n0`, ...): every name its own, whatever the table's columns are called.
 */
export interface DifferingRows {
  name: string;
  table: string;
  made: (staged: readonly string[], newPeriods: readonly string[]) => void;
}

/** The differing pairs' table once made: where it is, the staged row's columns in its order, the new periods' rows. */
export interface MadeDiffering {
  table: string;
  staged: readonly string[];
  /** The staged rows of the new periods, as a SELECT of the staged columns in that order; none without new periods. */
  added?: string;
}

/** The differing table's SQL for a table's swap: its stored rows deleted, its staged rows as a table to insert from. */
export function differingSwap(spec: SyncTableSpec, differing: MadeDiffering): { remove: string; staged: string } {
  const q = quoteName;
  const byKey = spec.key.map((k, i) => `s.${q(k)} = d.sales_sync_k${i}`).join(" AND ");
  const own = differing.staged.map((c, i) => `sales_sync_n${i} AS ${q(c)}`).join(", ");
  const added = differing.added ? ` UNION ALL ${differing.added}` : "";
  return {
    remove: `DELETE FROM ${q(spec.table)} AS s USING ${differing.table} AS d WHERE ${byKey}`,
    staged: `(SELECT ${own} FROM ${differing.table} WHERE sales_sync_p1 = 1${added})`,
  };
}

/** The days `periods` as a filter of a DATE column (`AND column NOT IN ...`), bound from `$first` on; "" for none. */
const notIn = (column: string, periods: readonly string[], first: number) =>
  periods.length ? ` AND ${column} NOT IN (${periods.map((_, i) => `$${i + first}::DATE`).join(", ")})` : "";

/** The pairs that differ in any column (DifferingRows) made into their table; then those the fold is told, in key order. */
async function* differingPairs(
  session: EngineSession,
  d: Dialect,
  at: { table: string; staging: string; period: string; from: IsoDate },
  differing: DifferingRows,
  c: PairColumns,
  left: readonly string[],
): AsyncGenerator<SyncRow[]> {
  const q = quoteName;
  const [s, n] = [`s.${q(at.period)}`, `n.${q(at.period)}`];
  const own = [...c.key, ...c.metrics, ...c.others.map((o) => o.name)];
  const select = [
    ...pairSelect(c, at.period),
    `CAST(NOT (${unchangedSql(c, at.period)}) AS INTEGER) AS sales_sync_folded`,
    ...c.key.map((k, i) => `s.${q(k)} AS sales_sync_k${i}`),
    ...own.map((k, i) => `n.${q(k)} AS sales_sync_n${i}`),
  ].join(", ");
  const same = [
    `${s} IS NOT NULL`,
    `${n} IS NOT NULL`,
    ...own.slice(c.key.length).map((k) => `s.${q(k)} IS NOT DISTINCT FROM n.${q(k)}`),
  ];
  // Made empty, then filled: PostgreSQL takes no bound values in CREATE TABLE AS.
  await session.exec(
    `CREATE TEMP TABLE ${q(differing.name)} AS SELECT ${select} FROM ${joinedSides(d, at, c, "FALSE")} LIMIT 0`,
  );
  differing.made(own, left);
  const inWindow = `${q(at.period)} >= $1::DATE${notIn(q(at.period), left, 2)}`;
  await session.exec(
    `INSERT INTO ${differing.table} SELECT ${select} FROM ${joinedSides(d, at, c, inWindow)}
      WHERE NOT (${same.join(" AND ")})`,
    [at.from, ...left],
  );
  await session.exec(`ANALYZE ${differing.table}`);
  const pair = pairSelect(c, at.period).map((_, i) => `sales_sync_p${i}`);
  yield* session.stream(
    `SELECT ${pair.join(", ")} FROM ${differing.table} WHERE sales_sync_folded = 1 ORDER BY ${keyOrder(c)}`,
    [],
    CHUNK_ROWS,
  );
}

/** The pairs of the join's rows (see joinSql for their columns). */
function pairsOf(rows: readonly SyncRow[], c: PairColumns): WindowPair[] {
  const nk = c.key.length;
  const nm = c.metrics.length;
  return rows.map((r) => {
    const keys = r.slice(2, 2 + nk);
    const m = 2 + nk;
    const pair: WindowPair = { sameOthers: r[m + 2 * nm] === 1 };
    if (r[0] === 1) pair.stored = { keys, metrics: r.slice(m, m + nm) };
    if (r[1] === 1) {
      pair.fresh = { keys, metrics: r.slice(m + nm, m + 2 * nm) };
      pair.freshRow = r[m + 2 * nm + 1] as string | number;
    }
    return pair;
  });
}

/**
 * The join of the stored window from `from` on and the staging table, in key order, chunk by chunk; `counted`, the
 * staged rows' totals: only the pairs that differ, then each period's unchanged rows as a count (RepeatedUnchanged
 * where a key repeats).
 */
export async function* windowPairs(
  session: EngineSession,
  d: Dialect,
  at: { table: string; staging: string; period: string; from: IsoDate; differing?: DifferingRows },
  c: PairColumns,
  counted?: StagedTotals,
): AsyncGenerator<PairChunk> {
  const named = { ...at, table: quoteName(at.table) };
  const unchanged = counted ? new UnchangedCount(c) : undefined;
  if (unchanged && counted) await unchanged.load(session, named, counted);
  // A new day's rows pair with nothing stored: counted too, and left out of the join.
  const newPeriods = unchanged?.newPeriods() ?? [];
  const added = (await unchanged?.added(session, named, newPeriods)) ?? [];
  for await (const rows of joined(session, d, named, c, counted !== undefined, newPeriods)) {
    const pairs = pairsOf(rows, c);
    if (unchanged) for (const pair of pairs) unchanged.differs(pair);
    yield { pairs };
  }
  if (unchanged)
    yield { pairs: [...unchanged.remainder().map((u) => ({ unchanged: u })), ...added.map((a) => ({ added: a }))] };
}

/**
 * The join's rows but those of the periods `left` (days as text): PostgreSQL's from one cursor; DuckDB's a slice at a
 * time, the next joined as one is folded.
 */
async function* joined(
  session: EngineSession,
  d: Dialect,
  at: { table: string; staging: string; period: string; from: IsoDate; differing?: DifferingRows },
  c: PairColumns,
  changed: boolean,
  left: readonly string[],
): AsyncGenerator<SyncRow[]> {
  if (!d.joinsInChunks && changed && at.differing) {
    yield* differingPairs(session, d, at, at.differing, c, left);
    return;
  }
  if (!d.joinsInChunks) {
    const out = left.length
      ? ` AND CAST(${quoteName(at.period)} AS TEXT) NOT IN (${left.map((_, i) => `$${i + 2}`).join(", ")})`
      : "";
    yield* session.stream(joinSql(d, at, c, out, changed), [at.from, ...left], CHUNK_ROWS);
    return;
  }
  const all = await slices(session, at.table, at, c, new Set(left), changed ? COUNTED_SLICE_ROWS : CHUNK_ROWS);
  const read = (s: Slice) => session.rows(joinSql(d, at, c, s.sql, changed), [at.from, ...s.params]);
  // The next slice is joined in DuckDB's threads while this one is folded: the join and the fold took turns before.
  let next = all.length > 0 ? read(all[0]) : undefined;
  try {
    for (let i = 0; next; i++) {
      const rows = await next;
      next = i + 1 < all.length ? read(all[i + 1]) : undefined;
      next?.catch(() => undefined);
      yield rows;
    }
  } finally {
    // A fold that stopped early: its connection's next statement must not start while this join still runs.
    await next?.catch(() => undefined);
  }
}

/** A slice of the window: a filter on the period and the key's leading columns, with its values. */
interface Slice {
  sql: string;
  params: SyncCell[];
}

/**
 * The window but the periods `left`, cut into slices of about `size` rows of both tables, in key order: per
 * period, the runs of the key's columns between the period and its last column (a SKU's stores; a retailer's SKU),
 * counted in one grouped query per period; a slice never spans two values of those columns but the last, whose run is
 * a range.
 */
async function slices(
  session: EngineSession,
  table: string,
  at: { staging: string; period: string; from: IsoDate },
  c: PairColumns,
  left: ReadonlySet<string>,
  size: number,
): Promise<Slice[]> {
  const q = quoteName;
  const period = q(at.period);
  const lead = c.key.slice(1, -1).map(q);
  const out: Slice[] = [];
  const periods = await session.all(
    `SELECT DISTINCT CAST(${period} AS TEXT) AS p FROM (SELECT ${period} FROM ${table} WHERE ${period} >= $1::DATE
      UNION ALL SELECT ${period} FROM ${at.staging} WHERE ${period} >= $1::DATE) AS w ORDER BY 1`,
    [at.from],
  );
  for (const { p } of periods) {
    if (left.has(String(p))) continue;
    const inPeriod = ` AND ${period} = CAST($2 AS DATE)`;
    if (lead.length === 0) {
      out.push({ sql: inPeriod, params: [p] });
      continue;
    }
    const cols = lead.join(", ");
    const groups = await session.rows(
      `SELECT ${cols}, count(*) FROM (SELECT ${cols} FROM ${table} WHERE ${period} = CAST($1 AS DATE)
        UNION ALL SELECT ${cols} FROM ${at.staging} WHERE ${period} = CAST($1 AS DATE)) AS w
        GROUP BY ${cols} ORDER BY ${cols}`,
      [p],
    );
    for (let i = 0; i < groups.length;) {
      const fixed = groups[i].slice(0, lead.length - 1);
      let rows = 0;
      let j = i;
      while (
        j < groups.length &&
        (j === i || rows + Number(groups[j][lead.length]) <= size) &&
        fixed.every((v, k) => groups[j][k] === v)
      )
        rows += Number(groups[j++][lead.length]);
      const last = lead.length - 1;
      const params: SyncCell[] = [p, ...fixed, groups[i][last], groups[j - 1][last]];
      const eq = fixed.map((_, k) => ` AND ${lead[k]} = $${k + 3}`).join("");
      const n = fixed.length + 3;
      out.push({ sql: `${inPeriod}${eq} AND ${lead[last]} BETWEEN $${n} AND $${n + 1}`, params });
      i = j;
    }
  }
  return out;
}
