// tabulate (tabulate.ts) fed a batch at a time as an answer is read, so that an answer of hundreds of thousands of
// rows is held as its cells only, never as its parsed rows too: each batch's rows become cells and are let go. The
// table it ends with is tabulate's of the same rows, cell for cell (test/core/tabulateStream.test.ts). Pure.
import { dayOfTimestamp, type DayCells } from "../dates";
import type { DataRequest } from "../query/query";
import { COMPARISON_SCALE, KEY_COLUMNS, tabulate, type Cell, type Column, type Tabulated } from "./tabulate";

/** What a field's cells are while the rows come: the period (a day), a code, or anything else kept as sent. */
const PERIOD = 0;
const CODE = 1;
const AS_SENT = 2;

/** Distinct texts kept for sharing at most: a column of free text is not worth a map. */
const MAX_TEXTS = 100_000;

export class TabulateStream {
  /** The fields met, in the order their cells sit in a row (tabulate's order for the first rows, then as met). */
  private fields: string[] = [];
  private roles: number[] = [];
  private readonly at = new Map<string, number>();
  /** Code fields that held text; by chunk, each place's first value that was neither null nor absent. */
  private readonly textIn = new Set<string>();
  private readonly firsts: { valued: boolean[]; value: unknown[] }[] = [];
  /** The chunk's firsts, for the batch being added. */
  private first: { valued: boolean[]; value: unknown[] } = { valued: [], value: [] };
  /** The cells of each chunk's rows (chunks come in any order; they are joined in theirs). */
  private readonly chunks: Cell[][][] = [];
  private readonly dayCellOf = new Map<string, Cell>();
  /**
   * Each text met, kept once: JSON.parse makes a string for every occurrence, and a large brand's day repeats 2,500
   * store names and 300 product names 575,000 times, a hundred bytes a row held for as long as the table is.
   */
  private readonly texts = new Map<string, string>();
  private periodField: string | undefined;
  private rows = 0;

  constructor(
    private readonly query: Pick<DataRequest, "metrics" | "comparison">,
    private readonly dayCells: DayCells,
  ) {}

  /** Rows of the chunk numbered `chunk`, in the service's order within it; their cells are kept, they are not. */
  add(chunk: number, rows: readonly Record<string, unknown>[], periodField: string): void {
    if (rows.length === 0) return;
    if (this.fields.length === 0) this.plan(rows, periodField);
    const out = (this.chunks[chunk] ??= []);
    this.first = this.firsts[chunk] ??= { valued: [], value: [] };
    let layout: string[] = [];
    let places: number[] = [];
    for (const r of rows) {
      let j = 0;
      for (const k in r) {
        if (k !== layout[j]) {
          j = -1;
          break;
        }
        j++;
      }
      if (j !== layout.length) {
        layout = Object.keys(r);
        places = layout.map((k) => this.place(k));
      }
      const cells: Cell[] = new Array<Cell>(this.fields.length).fill(null);
      for (let i = 0; i < layout.length; i++) cells[places[i]] = this.cell(places[i], layout[i], r[layout[i]]);
      out.push(cells);
    }
    this.rows += rows.length;
  }

  /**
   * The table: the columns tabulate gives for `fields` (the answer check's: every field of the rows less those
   * nobody asked for), the omitted metrics and `query` (the request as sent), the cells in chunk order.
   */
  end(
    fields: readonly string[],
    omittedMetrics: readonly string[],
    query: Pick<DataRequest, "metrics" | "comparison"> = this.query,
  ): Tabulated {
    const sample: Record<string, unknown>[] = [];
    // A field's first value in the rows' order: of the first chunk (in the chunks' order) that has one.
    const first = (f: string) => {
      const i = this.at.get(f);
      const found = i === undefined ? undefined : this.firsts.find((c) => c?.valued[i]);
      return found ? found.value[i!] : null;
    };
    if (this.rows > 0) sample.push(Object.fromEntries(fields.map((f) => [f, first(f)])));
    const shape = tabulate(
      { rows: sample, periodField: this.periodField, omittedMetrics, fields },
      query,
      this.dayCells,
    );
    const columns: Column[] = shape.columns.map((c) =>
      c.kind === "code" && this.textIn.has(c.name) ? { ...c, kind: "text" } : c,
    );
    const values = this.joined(columns);
    return { columns, headers: columns.map((c) => c.name), values };
  }

  /** The first rows' fields in tabulate's order (the period, the keys, the metrics, the rest as met). */
  private plan(rows: readonly Record<string, unknown>[], periodField: string): void {
    this.periodField = periodField;
    const met = new Set<string>();
    for (const r of rows) for (const k in r) met.add(k);
    const metrics: readonly string[] = this.query.metrics;
    const order = [
      ...(met.has(periodField) ? [periodField] : []),
      ...KEY_COLUMNS.filter((k) => met.has(k)),
      ...metrics.filter((m) => met.has(m)),
    ];
    for (const k of order) this.place(k);
    for (const k of met) this.place(k);
  }

  /** Where a field's cells sit in a row: its place, given when it is first met. */
  private place(field: string): number {
    let i = this.at.get(field);
    if (i === undefined) {
      i = this.fields.length;
      this.at.set(field, i);
      this.fields.push(field);
      const code = KEY_COLUMNS.includes(field) && !field.endsWith("name");
      this.roles.push(field === this.periodField ? PERIOD : code ? CODE : AS_SENT);
    }
    return i;
  }

  private cell(place: number, field: string, v: unknown): Cell {
    if (v === undefined || v === null) return null;
    const first = this.first;
    if (!first.valued[place]) {
      first.valued[place] = true;
      first.value[place] = v;
    }
    const role = this.roles[place];
    if (role === PERIOD) return typeof v === "string" ? this.day(v) : (v as Cell);
    if (typeof v !== "string") return v as Cell;
    if (role === CODE) this.textIn.add(field);
    const kept = this.texts.get(v);
    if (kept !== undefined) return kept;
    if (this.texts.size < MAX_TEXTS) this.texts.set(v, v);
    return v;
  }

  private day(v: string): Cell {
    let c = this.dayCellOf.get(v);
    if (c === undefined) {
      const d = dayOfTimestamp(v);
      this.dayCellOf.set(v, (c = d ? this.dayCells.cellOf(d) : v));
    }
    return c;
  }

  /** Every chunk's cells in order, laid out in `columns` (rows of the fields met made again only when they differ). */
  private joined(columns: readonly Column[]): Cell[][] {
    const rows = this.chunks.flatMap((c) => c ?? []);
    const from = columns.map((c) => this.at.get(c.name) ?? -1);
    const percent = columns.flatMap((c, i) => (c.kind === "percent" ? [i] : []));
    const same = from.length === this.fields.length && from.every((f, i) => f === i);
    const out = same ? rows : rows.map((r) => from.map((f) => (f < 0 ? null : (r[f] ?? null))));
    // Rows read before a field was first met are shorter: the field's cells in them are empty.
    if (same) for (const r of out) for (let c = r.length; c < columns.length; c++) r[c] = null;
    for (const c of percent)
      for (const r of out) if (typeof r[c] === "number") r[c] = (r[c] as number) / COMPARISON_SCALE;
    return out;
  }
}
