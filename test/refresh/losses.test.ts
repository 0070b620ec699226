// Losses at refresh, against the simulator over HTTP (through a proxy that takes rows out of its
// answers or empties a metric) and the in-memory workbook host: every stored row a refresh removes is counted
// with its dates; a refresh that would remove more than it replaces and adds, or whole periods that held rows,
// writes nothing and says what it would remove until the user refreshes anyway; a stored figure the service
// sends empty is reported.
import { createClient, type SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import type { Query } from "../../src/core/query/query";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable, type RefreshDeps } from "../../src/refresh";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { dayOf, startAnswerProxy, type AnswerProxy, type ServiceRow } from "./support/answerProxy";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";
import { RETAILER_COLUMN } from "../../src/core/answer/retailersTable";

const f = refreshFixture({ skus: 4, stores: 3 });
const ROLLING = { ...NEW_SHEET, rolling: true };
const NEXT_DAY = addDays(SIM_TODAY, 1); // the refresh's today: window 16 Nov .. 24 Nov

let proxy: AnswerProxy;
let client: SalesClient;
beforeAll(async () => {
  proxy = await startAnswerProxy(f.sim.url);
  client = createClient({ baseUrl: proxy.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(() => proxy.close());
beforeEach(() => (proxy.change = null));

/** The fixture's deps, reading the service through the proxy. */
const deps = (): RefreshDeps => ({ ...f.deps, client });

/** A daily SKU table pulled on SIM_TODAY; the clock then moves to NEXT_DAY. */
async function dailyTable(query: Query = DAILY): Promise<string> {
  const { write } = await pullTable(deps(), query, ROLLING);
  f.sim.simulator.setToday(NEXT_DAY);
  return write.tableName;
}

/** Rows of the table whose column `header` is `value` and whose period is one of `days`. */
async function storedRows(tableName: string, days: readonly string[], where: Record<string, unknown> = {}) {
  const t = await readTable(f.host.run, tableName);
  const at = (h: string) => t.headers.indexOf(h);
  const serials = days.map(excelSerial);
  return t.values.filter(
    (r) => serials.includes(r[0] as number) && Object.entries(where).every(([h, v]) => String(r[at(h)]) === String(v)),
  );
}

const without =
  (drop: (row: ServiceRow, params: URLSearchParams) => boolean) => (rows: ServiceRow[], params: URLSearchParams) =>
    rows.filter((r) => !drop(r, params));

test("one SKU's rows gone for two days of the window: written, and the removed rows counted with their dates", async () => {
  const name = await dailyTable();
  const days = ["2026-11-18", "2026-11-19"];
  const lost = await storedRows(name, days, { sku: 100002 });
  expect(lost.length).toBe(2); // one row each day
  proxy.change = without((r) => r.sku === 100002 && days.includes(dayOf(r)!));
  const before = (await readTable(f.host.run, name)).values.length;

  const o = await refreshTable(deps(), await f.record(name));
  expect([o.status, o.error]).toEqual(["refreshed", undefined]);
  // Named by key (SKU, then period) once removed: the table's record says the add-in wrote them.
  const text =
    "The service no longer sends 2 stored rows (18-19 Nov: 2); they were removed from the table: 100002, 18 Nov; 100002, 19 Nov.";
  expect(o.losses).toEqual({
    rows: 2,
    undated: 0,
    periods: [
      { period: "2026-11-18", rows: 1 },
      { period: "2026-11-19", rows: 1 },
    ],
    wholePeriods: [],
    held: false,
    text,
    said: text,
  });
  expect(o.warnings).toContain(o.losses!.text);
  // Counted by key: the two rows whose key vanished are the rows removed, while a new day's rows are added.
  expect(o.rowsRemoved).toBe(2);
  expect(o.rowsAdded).toBeGreaterThan(0); // the service's newest day
  expect(o.rows).toBe(before - 2 + o.rowsAdded);
  expect((await readTable(f.host.run, name)).values.length).toBe(o.rows);
  expect(await storedRows(name, days, { sku: 100002 })).toEqual([]);
  expect((await f.record(name)).lastRead).toBe(NEXT_DAY);
});

test("a whole day gone from a daily window: held, the workbook as it was cell by cell; written when refreshed anyway", async () => {
  const name = await dailyTable();
  const day = "2026-11-19";
  const stored = (await storedRows(name, [day])).length;
  expect(stored).toBeGreaterThan(0);
  proxy.change = without((r) => dayOf(r) === day);
  const record = await f.record(name);
  const before = { snapshot: f.host.snapshot(), table: await readTable(f.host.run, name) };

  const held = await refreshTable(deps(), record);
  expect([held.status, held.error]).toEqual(["kept", undefined]);
  expect(held.losses).toEqual(
    expect.objectContaining({
      rows: stored,
      periods: [{ period: day, rows: stored }],
      wholePeriods: [day],
      held: true,
    }),
  );
  expect(held.losses!.text).toBe(
    `The service no longer sends ${stored} stored rows (19 Nov: ${stored}): nothing at all for that day. The table was left as it was. Nothing was written; refresh anyway from the pane to accept it.`,
  );
  expect(held.losses!.said).toBe(
    held.losses!.text.replace(" Nothing was written; refresh anyway from the pane to accept it.", ""),
  );
  expect(held.warnings).toContain(held.losses!.text);
  expect(held.rowsRemoved).toBe(0);
  expect(held.changes).toEqual([]);
  // Nothing written: every cell, format and setting as it was; the record (its last read) unchanged.
  expect(await readTable(f.host.run, name)).toEqual(before.table);
  expect(f.host.snapshot()).toEqual(before.snapshot);
  expect(await f.record(name)).toEqual(record);
  expect(record.lastRead).toBe(SIM_TODAY);

  // Refresh anyway: written, the losses reported (not held), the day named missing.
  const anyway = await refreshTable(deps(), await f.record(name), { anyway: true });
  expect([anyway.status, anyway.error]).toEqual(["refreshed", undefined]);
  expect(anyway.losses).toEqual(
    expect.objectContaining({
      rows: stored,
      wholePeriods: [day],
      held: false,
      text: expect.stringMatching(/removed from the table: 100001, 19 Nov; .*\.$/),
    }),
  );
  expect(anyway.rowsRemoved).toBe(stored);
  expect(anyway.gaps).toEqual([{ from: day, to: day }]);
  expect(await storedRows(name, [day])).toEqual([]);
  expect((await f.record(name)).lastRead).toBe(NEXT_DAY);
});

test("more rows removed than replaced and added: held, even with every day still there", async () => {
  const name = await dailyTable();
  // Three SKUs of four gone from the answer; the fourth still has every day.
  proxy.change = without((r) => r.sku !== 100004);
  const before = f.host.snapshot();
  const o = await refreshTable(deps(), await f.record(name));
  expect(o.status).toBe("kept");
  expect(o.losses?.held).toBe(true);
  expect(o.losses?.wholePeriods).toEqual([]);
  expect(o.losses?.text).toMatch(/: it would write only \d+ rows?\. The table was left as it was\./);
  expect(f.host.snapshot()).toEqual(before);

  // Refresh all and the ribbon report it with the others, and do not call it an empty answer.
  const summary = await refreshAllTables(deps());
  expect(summary.outcomes[0].status).toBe("kept");
  expect(summary.message).toContain("held (refresh would remove stored rows; nothing written)");
  expect(summary.message).not.toContain("the service returned nothing");
  expect(summary.message).toContain(o.losses!.text.replace(/\.$/, ""));
  expect(f.host.snapshot()).toEqual(before);
});

describe("several retailers", () => {
  const WEEKLY = asQuery({
    level: "sku",
    retailers: ["northmart", "freshway"],
    timeframe: "weekly",
    metrics: "revenue,units",
    from: "2026-08-03",
    to: SIM_TODAY,
  });

  test("one retailer without one week inside the window: held (no longer a silent loss)", async () => {
    f.sim.simulator.setToday("2026-11-18");
    const { write } = await pullTable(deps(), WEEKLY, ROLLING);
    f.sim.simulator.setToday("2026-11-25"); // window from the stored week of 9 Nov
    const stored = await storedRows(write.tableName, ["2026-11-16"], { [RETAILER_COLUMN]: "freshway" });
    expect(stored.length).toBeGreaterThan(0);
    // freshway answers, but has nothing for the week of 16 Nov; northmart has it.
    proxy.change = without((r, params) => params.get("retailer") === "freshway" && dayOf(r) === "2026-11-16");
    const before = f.host.snapshot();
    const o = await refreshTable(deps(), await f.record(write.tableName));
    expect([o.status, o.error]).toEqual(["kept", undefined]);
    expect(o.losses).toEqual(
      expect.objectContaining({
        rows: stored.length,
        periods: [{ period: "2026-11-16", rows: stored.length }],
        wholePeriods: ["freshway 2026-11-16"],
        held: true,
      }),
    );
    expect(o.losses!.text).toContain("nothing at all for freshway 16-22 Nov");
    expect(f.host.snapshot()).toEqual(before);
  });
});

test("a metric the service now sends empty for some rows: written, and the figures emptied reported", async () => {
  const name = await dailyTable();
  const days = ["2026-11-20", "2026-11-21"];
  const hit = (r: ServiceRow) => r.sku === 100003 && days.includes(dayOf(r)!);
  expect((await storedRows(name, days, { sku: 100003 })).length).toBe(2);
  proxy.change = (rows) => rows.map((r) => (hit(r) ? { ...r, revenue: null } : r));
  const o = await refreshTable(deps(), await f.record(name));
  expect([o.status, o.error]).toEqual(["refreshed", undefined]);
  expect(o.losses).toBeUndefined();
  expect(o.blanked).toEqual([{ metric: "revenue", rows: 2, periods: days }]);
  expect(o.warnings).toContain(
    "The service sent no value where the table had figures: revenue in 2 rows (20-21 Nov). Those cells are empty now.",
  );
  const t = await readTable(f.host.run, name);
  const rev = t.headers.indexOf("revenue");
  expect((await storedRows(name, days, { sku: 100003 })).map((r) => r[rev])).toEqual(["", ""]);
});

describe("Refresh anyway accepts the losses shown, no more", () => {
  test("a later answer that removes more is held again with its new losses; those, accepted, are written", async () => {
    const name = await dailyTable();
    const [day, next] = ["2026-11-19", "2026-11-20"];
    proxy.change = without((r) => dayOf(r) === day);
    const shown = await refreshTable(deps(), await f.record(name));
    expect(shown.losses).toEqual(expect.objectContaining({ held: true, wholePeriods: [day] }));

    // The click comes later: by then the service has lost another day. The table stays as it was.
    proxy.change = without((r) => dayOf(r) === day || dayOf(r) === next);
    const record = await f.record(name);
    const before = f.host.snapshot();
    const again = await refreshTable(deps(), record, { anyway: shown.losses });
    expect([again.status, again.error]).toEqual(["kept", undefined]);
    expect(again.losses).toEqual(
      expect.objectContaining({ held: true, wholePeriods: [day, next], rows: 2 * shown.losses!.rows }),
    );
    expect(again.losses!.said).toMatch(
      /\(19-20 Nov: \d+\): nothing at all for those days\. That is more than you accepted with Refresh anyway\. The table was left as it was\.$/,
    );
    expect(f.host.snapshot()).toEqual(before);
    expect(await f.record(name)).toEqual(record);

    // Refresh anyway on the new line: what it shows is written.
    const written = await refreshTable(deps(), await f.record(name), { anyway: again.losses });
    expect([written.status, written.error]).toEqual(["refreshed", undefined]);
    expect(written.rowsRemoved).toBe(again.losses!.rows);
    expect(written.losses).toEqual(expect.objectContaining({ held: false, wholePeriods: [day, next] }));
    expect(await storedRows(name, [day, next])).toEqual([]);
  });

  test("fewer losses than shown (the service sends some rows again) are written", async () => {
    const name = await dailyTable();
    const day = "2026-11-19";
    proxy.change = without((r) => dayOf(r) === day);
    const shown = await refreshTable(deps(), await f.record(name));
    expect(shown.losses?.held).toBe(true);
    proxy.change = without((r) => dayOf(r) === day && r.sku !== 100001);
    const o = await refreshTable(deps(), await f.record(name), { anyway: shown.losses });
    expect([o.status, o.error]).toEqual(["refreshed", undefined]);
    expect(o.rowsRemoved).toBe(shown.losses!.rows - 1);
  });
});

describe("rows without a date", () => {
  test("a row the user typed with a text date, and a row whose date was cleared: removed and reported, not silently", async () => {
    const name = await dailyTable();
    const t = await readTable(f.host.run, name);
    expect(t.headers.slice(0, 2)).toEqual(["date", "sku"]);
    const col = (h: string) => String.fromCharCode(65 + t.headers.indexOf(h));
    // A window row (20 Nov) whose date the user cleared: its SKU and figures are still there.
    const cleared = t.values.findIndex((r) => r[0] === excelSerial("2026-11-20"));
    f.host.typeCell(`'${t.sheet}'!A${cleared + 2}`, "");
    // A row typed below the table with a text date (the table grows by it).
    const below = t.values.length + 2;
    f.host.typeCell(`'${t.sheet}'!A${below}`, "next week");
    f.host.typeCell(`'${t.sheet}'!${col("sku")}${below}`, 100001);
    f.host.typeCell(`'${t.sheet}'!${col("revenue")}${below}`, 12.5);
    expect((await readTable(f.host.run, name)).values.length).toBe(t.values.length + 1);

    const o = await refreshTable(deps(), await f.record(name));
    expect([o.status, o.error]).toEqual(["refreshed", undefined]);
    expect(o.losses).toEqual(
      expect.objectContaining({ rows: 2, undated: 2, periods: [], wholePeriods: [], held: false }),
    );
    expect(o.warnings).toContain(
      "The service no longer sends 2 stored rows (2 rows without a date); they were removed from the table.",
    );
    expect(o.rowsRemoved).toBe(2);
    const after = await readTable(f.host.run, name);
    expect(after.values.some((r) => typeof r[0] !== "number")).toBe(false);
  });
});

describe("a table changed between the reads and the write", () => {
  /** Runs `edit` (once) while the refresh waits for the service's answer: after it read the table's tail. */
  function duringFetch(edit: () => void): { snapshot?: ReturnType<typeof f.host.snapshot> } {
    const seen: { snapshot?: ReturnType<typeof f.host.snapshot> } = {};
    proxy.change = (rows) => {
      if (!seen.snapshot) {
        edit();
        seen.snapshot = f.host.snapshot();
      }
      return rows;
    };
    return seen;
  }

  test("the window's start moved, the row count the same: refused by replaceTail, nothing written", async () => {
    const name = await dailyTable();
    const t = await readTable(f.host.run, name);
    const cutoff = excelSerial("2026-11-16"); // the window from 16 Nov
    const first = t.values.findIndex((r) => r[0] === cutoff);
    // The last row before the window is dated into it: the rows compared (from the tail's start) would no longer
    // be the rows replaced (one more), and that row would go without a word.
    const edited = duringFetch(() => f.host.typeCell(`'${t.sheet}'!A${first + 1}`, cutoff));
    const record = await f.record(name);
    const o = await refreshTable(deps(), record);
    expect(edited.snapshot).toBeDefined();
    expect([o.status, o.error]).toEqual([
      "failed",
      `The table "${name}" was changed or refreshed while this refresh ran (by you, or by someone else with the workbook open). Nothing was written; refresh again.`,
    ]);
    expect(f.host.snapshot()).toEqual(edited.snapshot);
    expect(await f.record(name)).toEqual(record);
  });

  test("a row added: refused before the comparison, nothing written", async () => {
    const name = await dailyTable();
    const t = await readTable(f.host.run, name);
    const edited = duringFetch(() => f.host.typeCell(`'${t.sheet}'!A${t.values.length + 2}`, "new"));
    const o = await refreshTable(deps(), await f.record(name));
    expect([o.status, o.error]).toEqual([
      "failed",
      `The table "${name}" was changed or refreshed while this refresh ran (by you, or by someone else with the workbook open). Nothing was written; refresh again.`,
    ]);
    expect(f.host.snapshot()).toEqual(edited.snapshot);
  });
});
