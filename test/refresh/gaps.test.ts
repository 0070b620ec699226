// Gaps are never silent, against the simulator: when the days a refresh needs include days the service no
// longer serves, or days it returns nothing for, refresh writes what the service has, names the missing dates
// in the outcome, its summary line and the table's saved record (the pane's card), until a refresh gets rows
// for them. Days inside the window that held stored rows and get none are first held by the losses rule
// (test/refresh/losses.test.ts): they are written, and named missing, when the user refreshes anyway.
import { dateStyle } from "../../src/core/words";
import type { SalesClient } from "../../src/api";
import { addDays } from "../../src/core/dates";
import { excelSerial } from "../../src/excel/excelDays";
import { asQuery } from "../support/query";
import { parseSavedTables, storedTable, type ManagedTable } from "../../src/core/query/savedRecords";
import { readTable } from "../../src/excel";
import { pullTable, refreshAllTables, refreshTable } from "../../src/refresh";
import { refreshLine, tableOperations } from "../../src/taskpane/operations/tableOperations";
import { SIM_TODAY } from "../support/simulator";
import { alteredClient } from "./support/alteredClient";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";

const f = refreshFixture({ skus: 3, stores: 3 });

/** The client, with the rows of some days (or from a day on) left out of every answer. */
function withoutDays(client: SalesClient, drop: (day: number) => boolean): SalesClient {
  return alteredClient(client, (rows, field) =>
    rows.filter((row) => !drop(excelSerial(String(row[field]).slice(0, 10)))),
  );
}

describe("store-level daily not refreshed for 40 days", () => {
  const store = asQuery({ ...DAILY, level: "store", from: addDays(SIM_TODAY, -14) });

  test("writes the 14 days the service has, names the 26 it no longer has, and keeps naming them", async () => {
    const { write } = await pullTable(f.deps, store, { ...NEW_SHEET, rolling: true });
    const today = addDays(SIM_TODAY, 40); // 2027-01-02
    f.sim.simulator.setToday(today);
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.status).toBe("refreshed");
    expect(o.window).toEqual({ from: addDays(today, -14), to: today });
    // The table: the old rows up to 22 Nov, then 19 Dec .. 1 Jan; 23 Nov .. 18 Dec is missing, and said so.
    const gap = { from: SIM_TODAY, to: addDays(today, -15) };
    expect(gap).toEqual({ from: "2026-11-23", to: "2026-12-18" });
    expect(o.gaps).toEqual([gap]);
    expect(o.warnings).toContain(
      "The service no longer has store-level daily data for 23 Nov to 18 Dec 2026 (it keeps 14 days); those days are missing from the table.",
    );
    const days = new Set((await readTable(f.host.run, write.tableName)).values.map((r) => r[0]));
    expect(days.has(excelSerial("2026-11-22")) && days.has(excelSerial("2026-12-19"))).toBe(true);
    expect(
      [...days].some((d) => (d as number) > excelSerial("2026-11-22") && (d as number) < excelSerial("2026-12-19")),
    ).toBe(false);
    // The pane's line says it (as a warning), and the card lists it from the saved record.
    const line = refreshLine(o, dateStyle("en-GB"));
    expect(line.ok).toBe(false);
    expect(line.text).toContain("the service no longer has store-level daily data for 23 Nov to 18 Dec 2026");
    expect((await f.record(write.tableName)).gaps).toEqual([gap]);
    const ops = tableOperations(f.host.run, () => f.deps);
    expect((await ops.listManaged()).find((r) => r.tableName === write.tableName)?.gaps).toEqual([gap]);

    // The next refresh cannot fill it (the service no longer has those days): named again, in fewer words.
    f.sim.simulator.setToday(addDays(today, 1));
    const summary = await refreshAllTables(f.deps);
    const next = summary.outcomes[0];
    expect(next.gaps).toEqual([gap]);
    expect(next.warnings).toContain("Still missing from the table: 23 Nov to 18 Dec 2026.");
    expect(next.warnings.join(" ")).not.toMatch(/no longer has/);
    expect(summary.message).toContain("Still missing from the table: 23 Nov to 18 Dec 2026.");
    expect((await f.record(write.tableName)).gaps).toEqual([gap]);
  });
});

describe("days the service returns nothing for", () => {
  test("inside the window: named, kept with the record, cleared by a refresh that gets rows for them", async () => {
    const { write } = await pullTable(f.deps, DAILY, { ...NEW_SHEET, rolling: true });
    f.sim.simulator.setToday(addDays(SIM_TODAY, 1));
    const hole = [excelSerial("2026-11-18"), excelSerial("2026-11-19")];
    const gappy = withoutDays(f.client, (d) => hole.includes(d));
    // Whole days that held rows would go: the losses rule holds the refresh (nothing written, the days named)
    // until the user refreshes anyway; then they are written as missing.
    const held = await refreshTable({ ...f.deps, client: gappy }, await f.record(write.tableName));
    expect(held.status).toBe("kept");
    expect(held.losses?.held).toBe(true);
    expect(held.losses?.wholePeriods).toEqual(["2026-11-18", "2026-11-19"]);
    expect(held.gaps).toEqual([]);
    const o = await refreshTable({ ...f.deps, client: gappy }, await f.record(write.tableName), { anyway: true });
    expect(o.status).toBe("refreshed");
    expect(o.losses?.held).toBe(false);
    expect(o.gaps).toEqual([{ from: "2026-11-18", to: "2026-11-19" }]);
    expect(o.warnings).toContain(
      "The service returned no rows for 18 Nov to 19 Nov; those days are missing from the table.",
    );
    expect((await f.record(write.tableName)).gaps).toEqual([{ from: "2026-11-18", to: "2026-11-19" }]);

    // The service has them again; the next refresh re-reads those days (they are recent) and the gap goes.
    f.sim.simulator.setToday(addDays(SIM_TODAY, 2));
    const again = await refreshTable(f.deps, await f.record(write.tableName));
    expect(again.gaps).toEqual([]);
    expect(again.warnings.join(" ")).not.toMatch(/missing/);
    expect(refreshLine(again, dateStyle("en-GB")).ok).toBe(true);
    expect((await f.record(write.tableName)).gaps).toBeUndefined();
    expect((await readTable(f.host.run, write.tableName)).values).toEqual(
      await f.freshPull({ ...DAILY, to: addDays(SIM_TODAY, 2) }),
    );
  });

  test("a week with no rows at all in a weekly table is named by its days", async () => {
    const weekly = asQuery({ ...DAILY, timeframe: "weekly", from: "2026-08-03" });
    f.sim.simulator.setToday("2026-11-18");
    const { write } = await pullTable(f.deps, weekly, { ...NEW_SHEET, rolling: true });
    f.sim.simulator.setToday("2026-11-25"); // last read 18 Nov: the window starts at the stored week of 9 Nov
    const gappy = withoutDays(f.client, (d) => d === excelSerial("2026-11-16"));
    // A whole stored week would go: held (losses rule), then written when the user refreshes anyway.
    const held = await refreshTable({ ...f.deps, client: gappy }, await f.record(write.tableName));
    expect(held.status).toBe("kept");
    expect(held.losses?.wholePeriods).toEqual(["2026-11-16"]);
    const o = await refreshTable({ ...f.deps, client: gappy }, await f.record(write.tableName), { anyway: true });
    expect(o.status).toBe("refreshed");
    expect(o.window!.from).toBe("2026-11-09");
    expect(o.gaps).toEqual([{ from: "2026-11-16", to: "2026-11-22" }]);
    expect(o.warnings).toContain(
      "The service returned no rows for 16 Nov to 22 Nov; that week is missing from the table.",
    );
  });

  test("at the end of the table: not a gap; the next refresh asks again from the day after its last row", async () => {
    // The service had nothing for the last 10 days when the table was pulled (a retailer's feed was late).
    const lagging = withoutDays(f.client, (d) => d >= excelSerial(addDays(SIM_TODAY, -10)));
    const { write } = await pullTable({ ...f.deps, client: lagging }, DAILY, { ...NEW_SHEET, rolling: true });
    const o = await refreshTable(f.deps, await f.record(write.tableName));
    expect(o.window!.from).toBe(addDays(SIM_TODAY, -10)); // not today - 7: the table ended before that
    expect(o.gaps).toEqual([]);
    expect((await readTable(f.host.run, write.tableName)).values).toEqual(await f.freshPull(DAILY));
  });
});

test("saved records: without gaps (older ones) still valid; damaged gaps are named", () => {
  const rec: ManagedTable = {
    tableName: "Sales_x",
    sheet: "S",
    query: DAILY,
    rolling: true,
    createdAt: "2026-11-23T00:00:00Z",
    lastRefreshedAt: "2026-11-23T00:00:00Z",
    rows: 3,
  };
  // As the workbook keeps them: the query in its stored form.
  expect(parseSavedTables({ tables: [storedTable(rec)] }).tables).toEqual([rec]);
  const withGaps = { ...rec, gaps: [{ from: "2026-11-01", to: "2026-11-02" }] };
  expect(parseSavedTables({ tables: [storedTable(withGaps)] }).tables).toEqual([withGaps]);
  const bad = parseSavedTables({ tables: [{ ...storedTable(rec), gaps: [{ from: "1 Nov", to: "2026-11-02" }] }] });
  expect(bad.damaged[0].message).toBe(
    'The saved query of "Sales_x" is damaged: gaps.0.from must be a date written YYYY-MM-DD. Get the data again to manage this table.',
  );
});
