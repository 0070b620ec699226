// The pane's connection operations against the simulator: a key is saved only once the service accepts it; a
// rejected key or an unreachable address never replaces a working connection; a damaged saved one is said.
import { mapStorage } from "../support/storage";
import { ConnectionStore, Session } from "../../src/session";
import { connectionOperations } from "../../src/taskpane/operations/connectionOperations";
import { startTestSimulator, SIM_KEY, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

test("test, save and forget follow the connection rule", async () => {
  const session = new Session(new ConnectionStore());
  await session.ready();
  const ops = connectionOperations(session);
  // nothing saved: unreachable is kept
  expect((await ops.testConnection({ baseUrl: "http://127.0.0.1:9", apiKey: "k1" })).kind).toBe("unreachable");
  expect(session.connection()?.apiKey).toBe("k1");
  // rejected: not saved
  expect((await ops.testConnection({ baseUrl: sim.url, apiKey: "wrong" })).kind).toBe("rejected");
  expect(session.connection()?.apiKey).toBe("k1");
  // connects
  expect(await ops.testConnection({ baseUrl: ` ${sim.url} `, apiKey: ` ${SIM_KEY} ` })).toEqual({ kind: "connected" });
  expect(session.connection()).toMatchObject({ baseUrl: sim.url, apiKey: SIM_KEY });
  // rejected / unreachable never replace it
  expect((await ops.testConnection({ baseUrl: sim.url, apiKey: "wrong" })).kind).toBe("rejected");
  expect((await ops.testConnection({ baseUrl: "http://127.0.0.1:9", apiKey: "k2" })).kind).toBe("unreachable");
  expect(session.connection()).toMatchObject({ baseUrl: sim.url, apiKey: SIM_KEY });
  // input problems
  expect(await ops.testConnection({ baseUrl: "ftp://x", apiKey: "k" })).toMatchObject({ kind: "error" });
  expect(await ops.testConnection({ baseUrl: sim.url, apiKey: "  " })).toEqual({
    kind: "error",
    message: "Enter your API key. An admin of your account creates keys in the service's dashboard.",
  });
  await ops.forgetKey();
  expect(session.connection()).toMatchObject({ baseUrl: sim.url, apiKey: "" });
});

test("a damaged saved connection is reported, and replaced only by one the service accepts", async () => {
  const storage = mapStorage();
  await storage.setItem("SalesData.connection", '{"baseUrl": 42}');
  const session = new Session(new ConnectionStore(storage));
  await session.ready();
  const ops = connectionOperations(session);
  expect(ops.savedConnection()).toBeNull();
  expect(ops.savedConnectionProblem()).toMatch(/^The saved connection on this device is damaged \(baseUrl, apiKey\)/);
  expect((await ops.testConnection({ baseUrl: sim.url, apiKey: "wrong" })).kind).toBe("rejected");
  expect(await storage.getItem("SalesData.connection")).toBe('{"baseUrl": 42}');
  expect(await ops.testConnection({ baseUrl: sim.url, apiKey: SIM_KEY })).toEqual({ kind: "connected" });
  expect(ops.savedConnectionProblem()).toBeUndefined();
});
