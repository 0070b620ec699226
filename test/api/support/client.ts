// What the client tests over HTTP share (client.test.ts, redirects.test.ts): a weekly query the simulator serves,
// and the rejection a failing call must give.
import { SalesApiError } from "../../../src/api";
import { request } from "../../support/query";
import { SIM_KEY } from "../../support/simulator";

/** Weekly SKU revenue and units of northmart, 7 Sep to 1 Nov. */
export const WEEKLY = request({
  level: "sku",
  retailer: "northmart",
  timeframe: "weekly",
  metrics: "revenue,units",
  from: "2026-09-07",
  to: "2026-11-01",
});

/** The rejection of a promise, which must be a SalesApiError that never mentions the key. */
export async function failure(p: Promise<unknown>): Promise<SalesApiError> {
  const err = await p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SalesApiError);
  const e = err as SalesApiError;
  expect(`${e.message} ${JSON.stringify(e)} ${String(e.stack)}`).not.toContain(SIM_KEY);
  return e;
}
