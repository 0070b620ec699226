// A 429 whose Retry-After is an HTTP date beyond what the add-in waits at every surface: the
// pane's Get data, refresh and a SALES function, against the simulator over real HTTP. Each says the 429 and the
// time the service named ("asks to wait until ..."), sends nothing more, and writes nothing.
import { errorText } from "../../src/core/errorText";
import { localTimeText } from "../../src/core/words";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable } from "../../src/refresh";
import { engineFor, rejection, sessionFor } from "../functions/helpers";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";
import { paneGetDataError } from "./support/pane";

const f = refreshFixture({ skus: 4, stores: 3 });
beforeEach(() => f.sim.reset()); // no fault left over from the test before

/** An HTTP date three hours from now (whole seconds), and the words the add-in puts it in. */
function later(): { header: string; words: string } {
  const at = Math.ceil((Date.now() + 3 * 3600_000) / 1000) * 1000;
  const minute = new Date(Math.ceil(at / 60_000) * 60_000);
  return {
    header: new Date(at).toUTCString(),
    words: `The service is limiting requests and asks to wait until ${localTimeText(minute, new Date())}. Try again then.`,
  };
}

/** Every data request from now on is answered 429 with that date. */
async function throttle(header: string): Promise<void> {
  const today = f.sim.simulator.today();
  await f.sim.reset(); // the request count from 0 (reset also puts back SIM_TODAY: the test's day is kept)
  f.sim.simulator.setToday(today);
  await f.sim.inject({ status: 429, retryAfter: header, path: "/api/data", count: 50 });
}

test("the pane's Get data: the 429 and its time, one request, nothing written", async () => {
  const { header, words } = later();
  const before = f.host.snapshot();
  await throttle(header);
  const err = await paneGetDataError(f.host.run, () => f.deps, DAILY);
  expect(errorText(err)).toBe(words);
  expect(f.sim.count("/api/data")).toBe(1);
  expect(f.host.snapshot()).toEqual(before);
});

test("refresh: failed with the 429 and its time; the table as it was", async () => {
  const name = (await pullTable(f.deps, DAILY, NEW_SHEET)).write.tableName;
  const stored = await readTable(f.host.run, name);
  const before = f.host.snapshot();
  f.sim.simulator.setToday("2026-11-25");
  const { header, words } = later();
  await throttle(header);
  const out = await refreshTable(f.deps, await f.record(name));
  expect(out.status).toBe("failed");
  expect(out.error).toBe(words);
  expect(f.sim.count("/api/data")).toBe(1);
  expect(await readTable(f.host.run, name)).toEqual(stored);
  expect(f.host.snapshot()).toEqual(before);
});

test("SALES.SKU: #N/A with the 429 and its time, at once", async () => {
  const { header, words } = later();
  await throttle(header);
  const engine = engineFor(await sessionFor(f.sim));
  const e = await rejection(engine.sku({ retailer: "northmart", metrics: "revenue", from: "-4w", to: "today" }));
  expect(e).toMatchObject({ code: "#N/A", message: words });
  expect(f.sim.count("/api/data")).toBe(1);
});
