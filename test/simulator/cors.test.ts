// CORS for a browser-facing service, and mounting the handler under a path prefix.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSimulator, type RunningSimulator } from "../../dev/simulator/index";
import { client, expectError, start, type Client } from "./helpers";

let sim: RunningSimulator;
let c: Client;
beforeAll(async () => {
  sim = await start();
  c = client(sim);
});
afterAll(() => sim.close());

const ORIGIN = "https://localhost:3000";

describe("CORS", () => {
  test("preflight allows GET and the Authorization header, without needing a key", async () => {
    const res = await fetch(`${sim.url}/api/data?type=sku`, {
      method: "OPTIONS",
      headers: {
        Origin: ORIGIN,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("access-control-allow-methods")).toMatch(/\bGET\b/);
    expect(res.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/)).toContain("authorization");
  });
  test("every response carries Allow-Origin (echoed, or * without an Origin) and exposes the service headers", async () => {
    const withOrigin = await c.get(
      "/api/data",
      {
        type: "sku",
        retailer: "budgetbox",
        timeframe: "weekly",
        metric: "revenue,wastage",
        datefrom: "2026-11-16",
        dateto: "2026-11-22",
      },
      undefined,
      { Origin: ORIGIN },
    );
    expect(withOrigin.status).toBe(200);
    expect(withOrigin.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const exposed = withOrigin.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["x-service-omitted-metrics", "retry-after"]));
    expect(withOrigin.headers.get("x-service-omitted-metrics")).toBe("wastage");
    const noOrigin = await c.get("/api/test/");
    expect(noOrigin.headers.get("access-control-allow-origin")).toBe("*");
    // Errors too, or a browser could not read them.
    const unauthorised = await c.get("/api/test/", {}, null, { Origin: ORIGIN });
    expect(unauthorised.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    await expectError(unauthorised, 401);
    const bad = await c.get("/api/data", { type: "nope" }, undefined, { Origin: ORIGIN });
    expect(bad.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    await expectError(bad, 400);
  });
});

describe("mounted under a prefix", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const simulator = createSimulator({ today: "2026-11-23" });
    // What express's app.use("/simulator", handler) does: strip the mount path from req.url.
    server = createServer((req, res) => {
      if (req.url?.startsWith("/simulator/")) {
        req.url = req.url.slice("/simulator".length);
        simulator.handle(req, res);
      } else {
        res.statusCode = 418;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/simulator`;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );

  test("routes on req.url only", async () => {
    const res = await fetch(`${base}/api/list?type=retailers`, { headers: { Authorization: "Token demo" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toContain("northmart");
  });
  test("test controls stay off unless enabled", async () => {
    expect((await fetch(`${base}/__simulator/requests`)).status).toBe(404);
  });
});
