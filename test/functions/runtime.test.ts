// The registered implementations (functions.ts) on the runtime's engine: session hand-over, Excel's error
// objects, Refresh all (cache cleared + full recalculation through the in-memory workbook host). Each test
// loads functions.ts and the runtime afresh, as Excel loads the page: nothing handed over yet.
import { createWorkbookHost } from "../../dev/workbook-host";
import { recalculateSalesFormulas } from "../../src/excel/recalc";
import { NO_KEY_MESSAGE } from "../../src/session";
import { SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { rejection } from "./helpers";

interface Page {
  fns: typeof import("../../src/functions/functions");
  runtime: typeof import("../../src/functions/sharedEngine");
  errors: typeof import("../../src/functions/errors");
  helpers: typeof import("./helpers");
}

/** The SALES implementations, their runtime and errors as a page that has just loaded (with the sessions made
 * from the same modules, so that the client's errors are the page's own). */
function loadPage(): Page {
  let page: Page | undefined;
  jest.isolateModules(() => {
    page = {
      fns: require("../../src/functions/functions"),
      runtime: require("../../src/functions/sharedEngine"),
      errors: require("../../src/functions/errors"),
      helpers: require("./helpers"),
    };
  });
  return page!;
}

const NOT_STARTED =
  "Sales Data has not started in this workbook yet. Open the Sales Data pane (Home > Sales Data), then recalculate.";

let sim: TestSimulator;
let fns: Page["fns"];
let setFunctionsSession: Page["runtime"]["setFunctionsSession"];
let configureFunctions: Page["runtime"]["configureFunctions"];
let refreshSalesFunctions: Page["runtime"]["refreshSalesFunctions"];
let FunctionError: Page["errors"]["FunctionError"];
let sessionFor: Page["helpers"]["sessionFor"];
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  ({
    fns,
    runtime: { setFunctionsSession, configureFunctions, refreshSalesFunctions },
    errors: { FunctionError },
    helpers: { sessionFor },
  } = loadPage());
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
  expect(await rejection(fns.retailers())).toMatchObject({ code: "#N/A", message: NOT_STARTED });
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
