// The registered implementations (functions.ts) on the runtime's engine: session hand-over, Excel's error
// objects, Refresh all (cache cleared + full recalculation through the in-memory workbook host).
import { createWorkbookHost } from "../../dev/workbook-host";
import { recalculateSalesFormulas } from "../../src/excel/recalc";
import { FunctionError } from "../../src/functions/errors";
import * as fns from "../../src/functions/functions";
import {
  configureFunctions,
  refreshSalesFunctions,
  resetFunctionsRuntime,
  setFunctionsSession,
} from "../../src/functions/runtime";
import { NOT_STARTED_MESSAGE } from "../../src/functions/engine";
import { NO_KEY_MESSAGE } from "../../src/session";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { rejection, sessionFor } from "./helpers";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  resetFunctionsRuntime();
  await sim.reset();
});

test("calls made before the session is handed over wait for it, then answer", async () => {
  const pending = fns.value("northmart", "revenue", 100001, "-5w");
  await new Promise((r) => setTimeout(r, 50));
  setFunctionsSession(await sessionFor(sim), { today: () => SIM_TODAY });
  expect(typeof (await pending)).toBe("number");
  expect(sim.count("/api/data")).toBe(1);
});

test("no session at all: #N/A saying how to start, after the startup wait", async () => {
  configureFunctions({ startupWaitMs: 50 });
  expect(await rejection(fns.retailers())).toMatchObject({ code: "#N/A", message: NOT_STARTED_MESSAGE });
  configureFunctions({ startupWaitMs: 10_000 });
});

describe("errors as Excel sees them", () => {
  const original = (globalThis as { CustomFunctions?: unknown }).CustomFunctions;
  afterEach(() => {
    (globalThis as { CustomFunctions?: unknown }).CustomFunctions = original;
  });

  test("outside Excel the implementations reject with FunctionError; inside, with CustomFunctions.Error", async () => {
    setFunctionsSession(await sessionFor(null), { today: () => SIM_TODAY });
    const plain = await rejection(fns.sku([["northmart"]], [["revenue"]], "2026-01-05", "yesterday"));
    expect(plain).toBeInstanceOf(FunctionError);
    expect(plain).toMatchObject({ code: "#VALUE!", argument: "to" });

    class FakeError {
      constructor(
        readonly code: string,
        readonly message: string,
      ) {}
    }
    (globalThis as { CustomFunctions?: unknown }).CustomFunctions = {
      Error: FakeError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    };
    const bad = await rejection(fns.metrics("northmart", "aisle"));
    expect(bad).toBeInstanceOf(FakeError);
    expect(bad).toEqual({ code: "#VALUE!", message: expect.stringMatching(/^level: must be "sku" or "store"/) });
    const noKey = await rejection(fns.store([["northmart"]], [["revenue"]], "-2w", "today"));
    expect(noKey).toBeInstanceOf(FakeError);
    expect(noKey).toEqual({ code: "#N/A", message: NO_KEY_MESSAGE });
  });
});

test("a new connection in the pane clears the cache", async () => {
  const session = await sessionFor(sim);
  setFunctionsSession(session, { today: () => SIM_TODAY });
  await fns.retailers();
  await fns.retailers();
  expect(sim.count("/api/list")).toBe(1);
  await session.save({ ...session.connection()! });
  await fns.retailers();
  expect(sim.count("/api/list")).toBe(2);
});

test("Refresh all: the cache is cleared and the workbook is fully recalculated", async () => {
  setFunctionsSession(await sessionFor(sim), { today: () => SIM_TODAY });
  const host = createWorkbookHost();
  const calculate = jest.spyOn(Object.getPrototypeOf(await appOf(host)), "calculate");
  await fns.actions("northmart");
  await fns.actions("northmart");
  expect(sim.count("/api/actions")).toBe(1);

  await refreshSalesFunctions(host.run);
  expect(calculate).toHaveBeenCalledWith("Full");
  expect(host.stats.syncLog.at(-1)?.error).toBeUndefined();
  await fns.actions("northmart");
  expect(sim.count("/api/actions")).toBe(2);
  calculate.mockRestore();

  await recalculateSalesFormulas(host.run); // works on its own too
});

/** The host's application proxy (to spy on its class). */
async function appOf(host: ReturnType<typeof createWorkbookHost>): Promise<object> {
  let app: object | undefined;
  await host.run(async (context) => {
    app = context.workbook.application;
    await context.sync();
  });
  return app!;
}
