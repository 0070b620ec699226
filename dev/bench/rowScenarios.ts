// User scenarios (userScenarios.ts) about the rows of a table: rows the user typed into the window, before it, two
// in one period, one with a service row's key, one in a period the service drops whole; a SKU the service stops
// sending; a table refreshed twice on one day; a table sorted, then filtered.
import { excelSerial } from "../../src/excel/excelDays";
import { readTable } from "../../src/excel";
import { changesText } from "../../src/core/refresh/revisions";
import { refreshAllTables, refreshTable, rowsText } from "../../src/refresh";
import {
  type Scenario,
  scenario,
  tableState,
  act,
  sortOf,
  freshPullSorted,
  serviceDiff,
  recordOf,
  fresh,
  refreshed,
  must,
  same,
  dayOf,
  WINDOW,
  userRow,
  periodRows,
  insertRows,
  freshBesides,
  usersRows,
  named,
} from "./scenarioWorld";

export const ROW_SCENARIOS: Scenario<unknown>[] = [
  scenario({
    name: "an adjustment row typed into a recent period: kept after that period's service rows, named, not removed nor revised",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { first } = periodRows(values, WINDOW);
      const row = userRow(headers, values[first], "ADJ", -512.34);
      await insertRows(w, first, [row]); // typed above the period's first row
      return row;
    },
    async check(w, row, r) {
      const mine = await usersRows(w);
      const s = await tableState(w.host, w.name);
      const at = mine[0]?.[0] ?? -1;
      return [
        ...refreshed(r),
        ...must(mine.length === 1 && same(mine[0][1], row), `the user's rows now ${JSON.stringify(mine)}`),
        ...must(
          s.values[at - 1]?.[0] === excelSerial(WINDOW) && (s.values[at + 1]?.[0] as number) > excelSerial(WINDOW),
          "not after its period's service rows",
        ),
        ...must(named("ADJ", w.kind).test(r.outcome.userRows?.text ?? ""), `said: ${r.outcome.userRows?.text}`),
        ...must(r.outcome.rowsRemoved === 0 && !r.outcome.losses, `${r.outcome.rowsRemoved} rows removed`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "an adjustment row before the window: left where it is, not named",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const row = userRow(headers, values[0], "ADJ-OLD", -40);
      await insertRows(w, 1, [row]);
      return row;
    },
    async check(w, row, r) {
      const mine = await usersRows(w);
      return [
        ...refreshed(r),
        ...must(same(mine, [[1, row]]), `the user's rows now ${JSON.stringify(mine)}`),
        ...must(!r.outcome.userRows, `said: ${r.outcome.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "two rows of the user's in one period: both kept, in their order, after the period's rows",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const rows = [userRow(headers, values[last], "ADJ", -10), userRow(headers, values[last], "ADJ", -20)];
      await insertRows(w, last + 1, rows);
      return rows;
    },
    async check(w, rows, r) {
      const mine = await usersRows(w);
      return [
        ...refreshed(r),
        ...must(
          same(
            mine.map(([, row]) => row),
            rows,
          ),
          `the user's rows now ${JSON.stringify(mine)}`,
        ),
        ...must(mine.length === 2 && mine[1][0] === mine[0][0] + 1, "not side by side"),
        ...must(r.outcome.userRows?.rows === 2, `said: ${r.outcome.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "a row of the user's with a service row's key: the service's, replaced, the key once",
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const sku = String(values[last][headers.indexOf("sku")]);
      await insertRows(w, last + 1, [userRow(headers, values[last], sku, -100)]);
    },
    async check(w, _, r) {
      return [
        ...refreshed(r),
        ...must(
          r.outcome.warnings.some((x) => x.startsWith("1 stored row repeated a row the service sends")),
          `warnings: ${r.outcome.warnings.join(" ")}`,
        ),
        ...must(!r.outcome.userRows && !r.outcome.losses, "kept as the user's, or lost"),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "a row of the user's in a period the service drops whole: held; refreshed anyway, it stays in its period",
    service: (rows) => rows.filter((row) => dayOf(row) !== WINDOW),
    async setup(w) {
      const { headers, values } = await readTable(w.host.run, w.name);
      const { last } = periodRows(values, WINDOW);
      const row = userRow(headers, values[last], "ADJ", -512.34);
      await insertRows(w, last + 1, [row]);
      return row;
    },
    async check(w, row, r) {
      const held = r.outcome.status === "kept" && !!r.outcome.losses?.held;
      const record = await recordOf(w.host, w.name);
      const anyway = record ? await refreshTable(w.deps, record, { anyway: true }) : undefined;
      const s = await tableState(w.host, w.name);
      const inPeriod = s.values.filter((x) => x[0] === excelSerial(WINDOW));
      return [
        ...must(held, `status ${r.outcome.status}, held ${r.outcome.losses?.held}`),
        ...must(anyway?.status === "refreshed", `refreshed anyway: ${anyway?.status} ${anyway?.error ?? ""}`),
        ...must(same(inPeriod, [row]), `that period now holds ${JSON.stringify(inPeriod)}`),
        ...must(named("ADJ", w.kind).test(anyway?.userRows?.text ?? ""), `said: ${anyway?.userRows?.text}`),
        ...(await freshBesides(w, r)),
      ];
    },
  }),
  scenario({
    name: "the service stops sending a SKU: its rows removed, named by key",
    service: (rows) => rows.filter((row) => !(String(row.sku) === "100006" && (dayOf(row) ?? "") >= WINDOW)),
    setup: async () => undefined,
    async check(w, _, r) {
      const text = r.outcome.losses?.text ?? "";
      return [
        ...refreshed(r),
        ...must(/removed from the table: 100006[ ,/]/.test(text), `losses: ${text}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "refreshed twice on one day: the second says no change, each metric by name",
    setup: async () => undefined,
    async check(w, _, r) {
      const again = (await refreshAllTables(w.deps)).outcomes[0];
      const said = rowsText(again);
      const changes = changesText(again.changes);
      return [
        ...refreshed(r),
        ...must(/^No change: \d+ rows re-read, all as before$/.test(said), `said: ${said}`),
        ...must(/^revenue, [^:]+: no change; units, [^:]+: no change$/.test(changes), `changes: ${changes}`),
        ...(await fresh(w, r)),
      ];
    },
  }),
  scenario({
    name: "sorted by revenue, then filtered: refreshed, sorted and filtered again as the user left it",
    async setup(w) {
      const s = await tableState(w.host, w.name);
      const key = w.kind.keys[0];
      const shown = [...new Set(s.values.map((row) => String(row[s.headers.indexOf(key)])))].slice(0, 2);
      const fields = [{ key: s.headers.indexOf("revenue"), ascending: false }];
      await act(w.host, (ctx) => {
        const table = ctx.workbook.tables.getItem(w.name);
        table.sort.apply(fields);
        table.columns.getItem(key).filter.applyValuesFilter(shown);
      });
      return {
        shown,
        fields,
        remembered: await sortOf(w.host, w.name),
        criteria: (await tableState(w.host, w.name)).criteria,
      };
    },
    async check(w, f, r) {
      const s = await tableState(w.host, w.name);
      const want = await freshPullSorted(w.deps, { ...w.kind.query, to: r.today }, f.fields);
      const d = serviceDiff(s.values, want, (field) => s.headers.indexOf(field));
      const keyAt = s.headers.indexOf(w.kind.keys[0]);
      const wrong = s.values.filter((row, i) => s.hidden[i] === f.shown.includes(String(row[keyAt]))).length;
      return [
        ...refreshed(r),
        ...must(r.outcome.rowsAdded > 0, "no rows added"),
        ...must(same(await sortOf(w.host, w.name), f.remembered), "the user's sort is not the one remembered"),
        ...must(s.criteria === f.criteria, `criteria now ${s.criteria}`),
        ...must(wrong === 0, `${wrong} rows shown or hidden against the filter`),
        ...must(d.cells === 0, `cells unlike a fresh pull sorted the same way: ${d.fields.join(", ")}`),
      ];
    },
  }),
];
