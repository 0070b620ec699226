// Every message the pane shows speaks the pane's words (docs/architecture.md, Decision 12): each day in the
// user's date style (en-GB here, 16/11/2026), never the service's YYYY-MM-DD; each metric by the name the metric
// dropdown shows ("Unit rate of sale (unit_ros)"), never the service's name alone; no "(s)" and no "1 rows". The
// walk goes through the real paths: the form's checks (the parser and the service's rules on the simulator's
// metrics lists), Get data and Refresh through the pane's operations (paneOperations, a Session on the simulator
// over HTTP through the corrupting proxy, the in-memory workbook), the ribbon's Refresh all through the session's
// words, and the client's errors; then the few builders no answer of the simulator reaches, fed the same words.
import { startCorruptingProxy, type Corruption, type CorruptingProxy } from "../../dev/corruptions";
import { addDays } from "../../src/core/dates";
import { METRICS, metricLabel, type MetricsAvailability } from "../../src/core/query/metrics";
import type { Query } from "../../src/core/query/query";
import {
  earlyRowsWarning,
  extraColumnsWarning,
  keptRetailerRowsWarning,
  keptRowsWarning,
  noPeriodText,
  noRowsWarning,
} from "../../src/core/refresh/warnings";
import { deletedMetricsWarning } from "../../src/core/refresh/userColumns";
import { dateStyle } from "../../src/core/words";
import { ribbonRefreshAll } from "../../src/commands/commands";
import { ConnectionStore, Session } from "../../src/session";
import { errorText } from "../../src/taskpane/messages";
import { paneOperations } from "../../src/taskpane/operations/paneOperations";
import type { PaneOperations } from "../../src/taskpane/operations/types";
import { paneDayWords } from "../../src/taskpane/paneWords";
import { checkForm, type QueryForm } from "../../src/taskpane/queryBuilder/queryForm";
import { pullSummaryLines } from "../../src/taskpane/queryBuilder/RunPanel";
import { refreshNoticeContent } from "../../src/taskpane/LastRefreshNotice";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY } from "../support/simulator";
import { refreshFixture } from "../refresh/support/fixture";

/** The pane's date style in en-GB: days as 16/11/2026. */
const GB = dateStyle("en-GB");
const WORDS = paneDayWords(GB);

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
/** A day as en-GB writes it. */
const GB_DAY = /\b\d{2}\/\d{2}\/\d{4}\b/;
/** Metrics whose plain name is more than their service name with a capital: "Unit rate of sale (unit_ros)". */
const RENAMED = METRICS.filter((m) => metricLabel(m).includes("("));

/** What is wrong with a text the pane shows, in the pane's words: empty when nothing. */
function wordingProblems(text: string): string[] {
  const problems: string[] = [];
  // Service text is quoted as the service wrote it (a period "2026-13-45" that is no day): it is data, not words.
  const words = text.replace(/"[^"]*"/g, '""');
  const iso = ISO_DAY.exec(words);
  if (iso) problems.push(`an ISO day (${iso[0]})`);
  // The plain names (with the service's name beside them) taken out, no service name is left.
  const rest = METRICS.reduce((t, m) => t.split(metricLabel(m)).join(""), words);
  for (const m of RENAMED) if (new RegExp(`\\b${m}\\b`).test(rest)) problems.push(`the service's name ${m}`);
  if (text.includes("(s)")) problems.push('"(s)"');
  if (/\b1 rows\b/.test(text)) problems.push('"1 rows"');
  return problems;
}

/** Every text that has a problem, with its problems (none expected). */
const problemsOf = (texts: readonly string[]) =>
  texts.map((text) => ({ text, problems: wordingProblems(text) })).filter((t) => t.problems.length > 0);

const f = refreshFixture({ skus: 4, stores: 3 });

/** Northmart's daily SKU data: revenue, units and average_price (a metric with a plain name of its own). */
const DAILY = asQuery({
  level: "sku",
  retailers: "northmart",
  timeframe: "daily",
  metrics: "revenue,units,average_price",
  from: "2026-10-01",
  to: SIM_TODAY,
});

/** Two retailers, weekly: pharmaplus does not serve unit_ros. */
const TWO_RETAILERS = asQuery({
  ...DAILY,
  timeframe: "weekly",
  retailers: "northmart,pharmaplus",
  metrics: "revenue,unit_ros",
  from: "2026-09-07",
});

let proxy: CorruptingProxy;
let session: Session;
let ops: PaneOperations;
beforeAll(async () => {
  proxy = await startCorruptingProxy(f.sim.url, { seed: 49 });
});
afterAll(() => proxy.close());
beforeEach(async () => {
  proxy.clear();
  session = new Session(new ConnectionStore(), { today: () => f.sim.simulator.today() });
  await session.ready();
  await session.save({ baseUrl: proxy.url, apiKey: SIM_KEY });
  // As the runtime does: what the ribbon's refreshes say waits in the session, in the pane's words.
  session.days = WORDS;
  ops = paneOperations({ run: f.host.run, session }, GB);
});

const corrupt = (corruptions: Corruption[], match?: Record<string, string>) =>
  proxy.corrupt({ corruptions, ...(match ? { match } : {}) });

/** Get data of `query` as the Run panel does: its summary's lines, or the error it shows. */
async function getData(query: Query): Promise<string[]> {
  try {
    const summary = await ops.getData(query, {
      rolling: true,
      destination: "new-sheet",
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    return pullSummaryLines(summary, GB);
  } catch (err) {
    return [errorText(err)];
  }
}

/** A table of `query` pulled clean on SIM_TODAY; the clock then moves `days` on. Its name. */
async function table(query: Query, days = 1): Promise<string> {
  const summary = await ops.getData(query, {
    rolling: true,
    destination: "new-sheet",
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  f.sim.simulator.setToday(addDays(SIM_TODAY, days));
  return summary.tableName;
}

/** A refresh's line as the pane shows it, and the outcome's own texts (warnings, error, holds). */
async function refreshTexts(name: string): Promise<string[]> {
  const line = await ops.refresh(name);
  const o = ops.latestOutcome(name);
  return [line.text, ...(o?.warnings ?? []), o?.error ?? "", o?.losses?.said ?? "", o?.unitChange?.said ?? ""].filter(
    (t) => t !== "",
  );
}

test("the form's checks: the parser's and the service's rules, in the pane's days and metric names", async () => {
  const lists = new Map<string, MetricsAvailability[]>();
  for (const r of ["northmart", "pharmaplus", "freshway"]) lists.set(r, await f.client.listMetrics(r));
  const base: QueryForm = {
    level: "sku",
    retailers: ["northmart"],
    timeframe: "weekly",
    metrics: ["revenue"],
    from: "2026-09-07",
    to: SIM_TODAY,
    rolling: false,
    comparison: "",
    filter: "sku",
    viewby: "",
    destination: "new-sheet",
  };
  const forms: Partial<QueryForm>[] = [
    { metrics: [] },
    { metrics: [], level: "store" },
    { level: "store", metrics: ["unit_ros", "average_price"] },
    { timeframe: "daily", metrics: ["unit_ros", "value_ros"] },
    { timeframe: "daily", metrics: ["revenue", "unit_ros"] },
    { from: SIM_TODAY, to: "2026-11-01" },
    { level: "store", timeframe: "daily", from: "2026-10-01" },
    { from: "2026-12-01", to: "2026-12-07" },
    { to: "2026-12-07" },
    { retailers: ["pharmaplus"], metrics: ["revenue", "unit_ros"] },
    { retailers: ["pharmaplus"], metrics: ["unit_ros", "stores_with_stock"] },
    { retailers: ["northmart", "pharmaplus"], metrics: ["average_price", "unit_ros"] },
    { retailers: ["freshway"], timeframe: "daily", metrics: ["revenue"] },
  ];
  const texts = forms.flatMap((form) => {
    const check = checkForm({ ...base, ...form }, SIM_TODAY, lists, { style: GB });
    return [...Object.values(check.errors).map((e) => e!.message), ...Object.values(check.warnings)];
  });
  expect(texts.length).toBeGreaterThanOrEqual(forms.length);
  expect(texts).toContain(
    "Metrics is empty. Give one or more of: Revenue, Units, Average price (average_price), Availability, Wastage, " +
      "Unit rate of sale (unit_ros), Value rate of sale (value_ros), Ranged stores (ranged_stores), " +
      "Stores selling (stores_selling), Stores with stock (stores_with_stock).",
  );
  expect(texts.filter((t) => GB_DAY.test(t)).length).toBeGreaterThanOrEqual(3);
  expect(problemsOf(texts)).toEqual([]);
});

test("Get data: the answer check's notices and refusals, and the client's, in the pane's words", async () => {
  const runs: [Corruption[], Query][] = [
    [[{ kind: "outside", rows: 2, side: "after" }], DAILY],
    [[{ kind: "outside", rows: 1, side: "before" }], DAILY],
    [[{ kind: "null-values", rows: 1, metric: "average_price" }], DAILY],
    [[{ kind: "drop-column", column: "average_price" }], DAILY],
    [[{ kind: "drop-column", column: "average_price", header: true }], DAILY],
    [[{ kind: "add-column", column: "lost_sales", value: 3 }], DAILY],
    [
      [
        { kind: "drop-column", column: "units", header: true },
        { kind: "omitted-header", separator: "mixed", unknown: "promo" },
      ],
      DAILY,
    ],
    [[{ kind: "repeat-key", rows: 1 }], DAILY],
    [[{ kind: "respace" }], DAILY],
    [[{ kind: "unplaceable", rows: 1 }], DAILY],
    [[{ kind: "missing-key", rows: 1 }], DAILY],
    [[{ kind: "unstorable", rows: 1, value: 1e308, field: "average_price" }], DAILY],
    [[{ kind: "other-viewby", rows: 1 }], asQuery({ ...DAILY, filter: "sku", viewby: "100001" })],
    [[{ kind: "add-column", column: "average_price_vs_year", value: 1.5 }], asQuery({ ...DAILY, comparison: "year" })],
    // The client's own checks, before anything is sent: never served daily; store-level daily's 14 days.
    [[], asQuery({ ...DAILY, metrics: "revenue,unit_ros" })],
    [[], asQuery({ ...DAILY, level: "store", from: "2026-10-01" })],
    // An answer with no rows at all.
    [[], asQuery({ ...DAILY, filter: "sku", viewby: "999999" })],
  ];
  const texts: string[] = [];
  for (const [corruptions, query] of runs) {
    proxy.clear();
    if (corruptions.length) corrupt(corruptions);
    texts.push(...(await getData(query)));
  }
  expect(texts).toContain(
    "Refused the service's answer for northmart, sku, daily, 01/10/2026 to 23/11/2026: it sent the same row twice " +
      `(${texts.join(" ").match(/twice \((\d{2}\/\d{2}\/2026, SKU \d+)\)/)?.[1]}), and which one is right cannot be ` +
      "known. Nothing was written.",
  );
  expect(texts).toContain(
    "The service has no rows for northmart, sku, daily, 01/10/2026 to 23/11/2026. Nothing was written; check the dates and View by.",
  );
  expect(
    texts.some((t) => t.startsWith("The service sent no figure for Average price (average_price) in 1 row;")),
  ).toBe(true);
  expect(problemsOf(texts)).toEqual([]);
  // Service text is quoted as the service wrote it, a day in it too: the words are chosen, never rewritten.
  proxy.clear();
  corrupt([{ kind: "omitted-header", separator: "space", unknown: "promo_2026-11-20" }]);
  expect(await getData(DAILY)).toContain(
    'The service named "promo_2026-11-20" among the metrics it left out, which is no metric; it was ignored.',
  );
});

test("Refresh: the plan's and the holds' words, the outcome's lines, the ribbon's summary, in the pane's words", async () => {
  const texts: string[] = [];
  const walk = async (corruptions: Corruption[], query: Query = DAILY, days = 1) => {
    f.sim.simulator.setToday(SIM_TODAY);
    proxy.clear();
    const name = await table(query, days);
    if (corruptions.length) corrupt(corruptions);
    texts.push(...(await refreshTexts(name)));
    return name;
  };
  await walk([]);
  await walk([{ kind: "drop-column", column: "average_price" }]);
  await walk([{ kind: "drop-column", column: "average_price", header: true }]);
  await walk([{ kind: "null-values", rows: 3, metric: "average_price" }]);
  await walk([{ kind: "scale", factor: 100, metric: "average_price" }]);
  await walk([{ kind: "scale", factor: 100, metric: "average_price", day: "2026-11-20" }]);
  await walk([{ kind: "respace" }]);
  await walk([{ kind: "repeat-key", rows: 1 }]);
  await walk([{ kind: "outside", rows: 2, side: "before" }]);
  await walk(
    [],
    asQuery({ ...DAILY, level: "store", metrics: "revenue,lost_sales", from: addDays(SIM_TODAY, -6) }),
    20,
  );
  await walk([], TWO_RETAILERS);
  // Empty answers: the table's rows kept, one retailer's of a table of several too (the simulator's "empty" body).
  const empty = async (query: Query, retailer?: string) => {
    f.sim.simulator.setToday(SIM_TODAY);
    proxy.clear();
    const name = await table(query);
    await f.sim.inject({ path: "/api/data", body: "empty", count: 20, ...(retailer ? { retailer } : {}) });
    texts.push(...(await refreshTexts(name)));
    await f.sim.reset();
  };
  await empty(DAILY);
  await empty(TWO_RETAILERS, "pharmaplus");
  // Refresh all from the pane, then from the ribbon (the session's words), and its notice.
  corrupt([{ kind: "scale", factor: 100, metric: "average_price" }]);
  texts.push(...(await ops.refreshAll()).map((l) => l.text));
  jest.spyOn(console, "info").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const ribbon = await ribbonRefreshAll(session, { run: f.host.run }, undefined, { showPane: () => undefined });
  texts.push(ribbon.message);
  const report = session.refreshes.lastRefreshAll()!;
  const notice = refreshNoticeContent(report, new Date(), GB);
  texts.push(notice.message, ...notice.details, ...report.outcomes.flatMap((o) => o.warnings));
  texts.push(...(await ops.listManaged()).flatMap((r) => [r.summary, r.problem ?? ""]));
  expect(texts.some((t) => GB_DAY.test(t))).toBe(true);
  expect(texts.some((t) => t.includes("Average price (average_price)"))).toBe(true);
  expect(problemsOf(texts)).toEqual([]);
});

test("the client's errors, as Get data shows them", async () => {
  const faults: Record<string, unknown>[] = [
    { path: "/api/data", status: 400, detail: "datefrom: 2026-10-01 is too early" },
    { path: "/api/data", retryAfter: 3600 },
    { path: "/api/data", body: "malformed" },
  ];
  const texts: string[] = [];
  for (const fault of faults) {
    await f.sim.inject(fault);
    texts.push(...(await getData(asQuery({ ...DAILY, from: "2026-11-02" }))));
    await f.sim.reset();
  }
  await session.save({ baseUrl: proxy.url, apiKey: "sk-wrong" });
  ops = paneOperations({ run: f.host.run, session }, GB);
  texts.push(...(await getData(DAILY)));
  expect(texts.every((t) => !t.startsWith("Wrote"))).toBe(true);
  // The service's own detail is its text, quoted or not: only the add-in's words are checked.
  expect(problemsOf(texts.filter((t) => !t.includes("is too early")))).toEqual([]);
});

test("the builders no answer of the simulator reaches, fed the pane's words", () => {
  const win = { from: "2026-11-16", to: SIM_TODAY };
  const texts = [
    keptRowsWarning(win.from, win.to, 1, WORDS),
    keptRetailerRowsWarning(win.from, win.to, [{ retailer: "pharmaplus", storedRows: 4 }], WORDS),
    noRowsWarning(win.from, win.to, WORDS),
    noPeriodText("period", win, WORDS),
    earlyRowsWarning(1, win.from, WORDS),
    extraColumnsWarning(["unit_ros", "promo_flag"], WORDS),
    deletedMetricsWarning(["average_price", "units"], WORDS),
  ];
  expect(texts.filter((t) => GB_DAY.test(t))).toHaveLength(5);
  expect(problemsOf(texts)).toEqual([]);
});

test("the check itself finds each problem it looks for", () => {
  expect(wordingProblems("empty from 2026-11-16 on")).toEqual(["an ISO day (2026-11-16)"]);
  expect(wordingProblems("The service did not send unit_ros")).toEqual(["the service's name unit_ros"]);
  expect(wordingProblems("Left out Unit rate of sale (unit_ros): never available daily.")).toEqual([]);
  expect(wordingProblems("3 row(s), 1 rows")).toEqual(['"(s)"', '"1 rows"']);
});
