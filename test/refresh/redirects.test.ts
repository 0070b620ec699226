// A redirect to another origin at the pane's Get data and at refresh, through the real client
// over HTTP: the Service URL is a front on 127.0.0.1 (the corrupting proxy, with a redirect rule) before the
// simulator; the other origin, on 127.0.0.2, serves the same service. Each is refused with the message naming
// where the service pointed, nothing is written, and the other origin receives nothing.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type SalesClient } from "../../src/api";
import { errorText } from "../../src/core/errorText";
import { readTable } from "../../src/excel";
import { pullTable, refreshTable, type RefreshDeps } from "../../src/refresh";
import { SIM_KEY } from "../support/simulator";
import { DAILY, NEW_SHEET, refreshFixture } from "./support/fixture";
import { paneGetDataError } from "./support/pane";

const f = refreshFixture({ skus: 4, stores: 3 });

let front: CorruptingProxy;
let other: CorruptingProxy;
let client: SalesClient;
beforeAll(async () => {
  front = await startCorruptingProxy(f.sim.url);
  other = await startCorruptingProxy(f.sim.url, { host: "127.0.0.2" });
  client = createClient({ baseUrl: front.url, apiKey: SIM_KEY, today: () => f.sim.simulator.today() });
});
afterAll(async () => {
  await front.close();
  await other.close();
});
beforeEach(() => {
  front.clear();
  other.clear();
});

const deps = (): RefreshDeps => ({ ...f.deps, client });
const refused = () =>
  `The service redirected to ${other.url}/api/data; the add-in refused it, as it sends your API key over https only (http only to localhost and 127.0.0.1).`;

test("the pane's Get data: refused with the message naming where, nothing written", async () => {
  const before = f.host.snapshot();
  front.redirect({ to: other.url, path: "/api/data" });
  const err = await paneGetDataError(f.host.run, deps, DAILY);
  expect(errorText(err)).toBe(refused()); // the words the pane shows
  expect(f.host.snapshot()).toEqual(before);
  expect(other.requests()).toEqual([]);
});

test("refresh: fails with the message naming where; the table as it was", async () => {
  const pulled = await pullTable(deps(), DAILY, NEW_SHEET);
  const name = pulled.write.tableName;
  const stored = await readTable(f.host.run, name);
  const before = f.host.snapshot();
  f.sim.simulator.setToday("2026-11-25"); // two new days to write, were the answer used
  front.redirect({ to: other.url, path: "/api/data" });
  const out = await refreshTable(deps(), await f.record(name));
  expect(out.status).toBe("failed");
  expect(out.error).toBe(refused());
  expect(await readTable(f.host.run, name)).toEqual(stored);
  expect(f.host.snapshot()).toEqual(before);
  expect(other.requests()).toEqual([]);
});
