// A redirect to another origin at a SALES function, through the real client over HTTP: the
// Service URL is a front on 127.0.0.1 (the corrupting proxy, with a redirect rule) before the simulator; the other
// origin, on 127.0.0.2, serves the same service. SALES.SKU is #N/A with the message naming where the service
// pointed, the other origin receives nothing, and the refusal is not cached.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { ConnectionStore, Session } from "../../src/session";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { engineFor, rejection } from "./helpers";

let sim: TestSimulator;
let front: CorruptingProxy;
let other: CorruptingProxy;
beforeAll(async () => {
  sim = await startTestSimulator({ skus: 4, stores: 3 });
  front = await startCorruptingProxy(sim.url);
  other = await startCorruptingProxy(sim.url, { host: "127.0.0.2" });
});
afterAll(async () => {
  await front.close();
  await other.close();
  await sim.close();
});

const WEEKLY = { retailer: "northmart", metrics: "revenue,units", from: "2026-06-01", to: "2026-11-22" };

test("SALES.SKU: #N/A naming where the service redirected; nothing reaches the other origin; not cached", async () => {
  const store = new ConnectionStore();
  await store.save({ baseUrl: front.url, apiKey: SIM_KEY });
  const session = new Session(store, { today: () => SIM_TODAY });
  await session.ready();
  const engine = engineFor(session);

  front.redirect({ to: other.url, path: "/api/data", count: 1 });
  const e = await rejection(engine.sku(WEEKLY));
  expect(e).toMatchObject({
    code: "#N/A",
    message: `The service redirected to ${other.url}/api/data; the add-in refused it, as it sends your API key over https only (http only to localhost and 127.0.0.1).`,
  });
  expect(other.requests()).toEqual([]);
  // The rule is used up: the next recalculation reads the service again and spills.
  const spill = await engine.sku(WEEKLY);
  expect(spill.length).toBeGreaterThan(1);
});
