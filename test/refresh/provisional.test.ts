// Days read while still provisional that a refresh can no longer re-read: a store-level daily
// table refreshed after a gap says so once, in the summary, and its card keeps saying it; a weekly table and a
// store-level daily table refreshed in time say nothing. Through the pane's operations, against the simulator.
import { addDays } from "../../src/core/dates";
import { asQuery } from "../support/query";
import { readTable } from "../../src/excel";
import { pullTable } from "../../src/refresh";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { SIM_TODAY } from "../support/simulator";
import { NEW_SHEET, WEEKLY, refreshFixture } from "./support/fixture";

const fx = refreshFixture();

const STORE_DAILY = asQuery({
  level: "store",
  retailers: "northmart",
  timeframe: "daily",
  metrics: "revenue,units",
  from: "2026-11-12",
  to: SIM_TODAY,
});

const SAID =
  "16-22 Nov were read while still provisional and can no longer be re-read; they may differ from the retailer's final figures by up to about 1%";

const pane = () => tableOperations(fx.host.run, () => fx.deps);

test("store-level daily refreshed 20 days later: said once in the summary and on the card; rows written as a fresh pull", async () => {
  const { write } = await pullTable(fx.deps, STORE_DAILY, { ...NEW_SHEET, rolling: true }); // read on 23 Nov
  const before = (await readTable(fx.host.run, write.tableName)).values;
  const today = addDays(SIM_TODAY, 20); // the service keeps 29 Nov on
  fx.sim.simulator.setToday(today);
  const [line] = await pane().refreshAll();
  expect(line.text).toContain(SAID);
  expect(line.text.split("provisional")).toHaveLength(2); // said once
  expect(line.text).toMatch(/23 Nov to 28 Nov/); // the days the service no longer has: missing, as before
  const [card] = await pane().listManaged();
  expect(card.provisional).toEqual([{ from: "2026-11-16", to: "2026-11-22" }]);
  // The days said stay as first read; the window is a fresh pull's.
  const after = (await readTable(fx.host.run, write.tableName)).values;
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after.slice(before.length)).toEqual(
    await fx.freshPull({ ...STORE_DAILY, from: addDays(today, -14), to: today }),
  );
  // The next refresh does not say it again; the card still does.
  fx.sim.simulator.setToday(addDays(today, 1));
  const [next] = await pane().refreshAll();
  expect(next.text).not.toContain("provisional");
  expect((await pane().listManaged())[0].provisional).toEqual([{ from: "2026-11-16", to: "2026-11-22" }]);
});

test.each([
  ["weekly SKU", WEEKLY, "2026-12-02"],
  ["store-level daily refreshed in time", STORE_DAILY, "2026-11-25"],
])("%s: every provisional day re-read, nothing said", async (_, query, today) => {
  const { write } = await pullTable(fx.deps, query, { ...NEW_SHEET, rolling: true });
  fx.sim.simulator.setToday(today);
  const [line] = await pane().refreshAll();
  expect(line.text).toMatch(/^rewrote /);
  expect(line.text).not.toContain("provisional");
  expect((await pane().listManaged())[0].provisional).toBeUndefined();
  expect((await readTable(fx.host.run, write.tableName)).values).toEqual(await fx.freshPull({ ...query, to: today }));
});
