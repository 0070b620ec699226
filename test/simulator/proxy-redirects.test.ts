// The corrupting proxy's redirect rules (dev/corruptions/redirect.ts) over real HTTP: a matching request is
// answered with a 3xx whose Location keeps its path and query (less the prefix, with strip), a rule is used up,
// a preflight is never redirected, bad rules are refused; requests() tells what arrived (header names, never the
// key); the proxy listens on another loopback address (another origin) when asked.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { SIM_KEY, startTestSimulator, type TestSimulator } from "../support/simulator";

let sim: TestSimulator;
let proxy: CorruptingProxy;
beforeAll(async () => {
  sim = await startTestSimulator();
  proxy = await startCorruptingProxy(sim.url);
});
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});
beforeEach(async () => {
  proxy.clear();
  await sim.reset();
});

const AUTH = { Authorization: `Token ${SIM_KEY}` };
const get = (url: string, headers: Record<string, string> = AUTH) => fetch(url, { headers, redirect: "manual" });

test("a matching request gets the 3xx, its path and query after the rule's address; a used-up rule forwards", async () => {
  proxy.redirect({ to: "https://moved.example.com/v2/", status: 308, count: 1, path: "/api/list" });
  const moved = await get(`${proxy.url}/api/list?type=retailers`);
  expect(moved.status).toBe(308);
  expect(moved.headers.get("location")).toBe("https://moved.example.com/v2/api/list?type=retailers");
  expect(sim.count()).toBe(0); // answered by the proxy, not forwarded
  const other = await get(`${proxy.url}/api/test/`); // another path: not the rule's
  expect(other.status).toBe(200);
  const after = await get(`${proxy.url}/api/list?type=retailers`); // the rule is used up
  expect(after.status).toBe(200);
  expect(await after.json()).toContain("all");
  expect(sim.count()).toBe(2);
});

test("strip leaves the matched prefix out: a service that moved from under a path", async () => {
  proxy.redirect({ to: proxy.url, path: "/old", strip: true });
  const moved = await get(`${proxy.url}/old/api/list?type=retailers`);
  expect(moved.status).toBe(302);
  expect(moved.headers.get("location")).toBe(`${proxy.url}/api/list?type=retailers`);
  const followed = await fetch(`${proxy.url}/old/api/list?type=retailers`, { headers: AUTH });
  expect(await followed.json()).toContain("all");
});

test("a preflight under a rule is answered, never redirected, allowing the key's header; the 3xx allows the origin", async () => {
  proxy.redirect({ to: "http://127.0.0.2:9", path: "/old", count: 1 });
  const pre = await fetch(`${proxy.url}/old/api/test/`, {
    method: "OPTIONS",
    headers: { Origin: "https://localhost:3000", "Access-Control-Request-Headers": "authorization" },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
  expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  expect(sim.count()).toBe(0);
  const moved = await get(`${proxy.url}/old/api/test/`, { ...AUTH, Origin: "https://localhost:3000" });
  expect(moved.status).toBe(302); // the preflight did not use the rule up
  expect(moved.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
});

test("a preflight no rule matches is forwarded to the simulator", async () => {
  proxy.redirect({ to: "http://127.0.0.2:9", path: "/old" });
  const pre = await fetch(`${proxy.url}/api/test/`, {
    method: "OPTIONS",
    headers: { Origin: "https://localhost:3000", "Access-Control-Request-Headers": "authorization" },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get("access-control-max-age")).toBe("600"); // the simulator's answer, not the proxy's
});

test("requests() lists method, path and query and header names, never a header's value; clear() empties it", async () => {
  proxy.redirect({ to: "http://127.0.0.2:9", count: 1 });
  await get(`${proxy.url}/api/test/`);
  await get(`${proxy.url}/api/list?type=retailers`, {});
  const seen = proxy.requests();
  expect(seen.map((r) => [r.method, r.url, r.headers.includes("authorization")])).toEqual([
    ["GET", "/api/test/", true],
    ["GET", "/api/list?type=retailers", false],
  ]);
  expect(JSON.stringify(seen)).not.toContain(SIM_KEY);
  proxy.clear();
  expect(proxy.requests()).toEqual([]);
});

test("bad rules are refused, saying what is allowed", () => {
  expect(() => proxy.redirect({ to: "http://x.test/?a=1" })).toThrow("without query");
  expect(() => proxy.redirect({ to: "http://x.test", status: 200 })).toThrow(
    "status must be one of 301, 302, 303, 307, 308, got 200",
  );
  expect(() => proxy.redirect({ to: "http://x.test", count: 0 })).toThrow("count must be 1 or more, got 0");
  expect(() => proxy.redirect({ to: "not an address" })).toThrow();
});

test("host: the proxy listens on another loopback address, another origin", async () => {
  const other = await startCorruptingProxy(sim.url, { host: "127.0.0.2" });
  try {
    expect(new URL(other.url).hostname).toBe("127.0.0.2");
    const res = await get(`${other.url}/api/list?type=retailers`);
    expect(await res.json()).toContain("all");
    expect(other.requests()).toHaveLength(1);
    expect(proxy.requests()).toEqual([]);
  } finally {
    await other.close();
  }
});
