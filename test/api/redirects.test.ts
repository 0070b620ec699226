// Redirects over real HTTP with two origins: the Service URL is a front on 127.0.0.1 (the
// corrupting proxy with redirect rules, before the simulator), and another origin on 127.0.0.2 serves the same
// service. A redirect within the Service URL's origin is followed and its answer used; one to another origin is
// refused with a message naming where it pointed (never the query), and the other origin receives nothing, or, from
// a fetch that follows by itself as a browser does, nothing carrying the key; hops are capped; an https Service URL
// redirected to another https origin is refused by the origin rule (the https-only rule has nothing to say there), and
// one redirected to http:// (scheme alone) is refused.
import { startCorruptingProxy, type CorruptingProxy } from "../../dev/corruptions";
import { createClient, type ClientOptions } from "../../src/api";
import { removeHttpsCertificates, startHttpsService, testConnectionInChild } from "../support/https";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { failure, WEEKLY } from "./support/client";

let sim: TestSimulator;
let front: CorruptingProxy; // the Service URL's origin: http://127.0.0.1:<port>
let other: CorruptingProxy; // another origin: http://127.0.0.2:<port>, the same service behind it

beforeAll(async () => {
  sim = await startTestSimulator();
  front = await startCorruptingProxy(sim.url);
  other = await startCorruptingProxy(sim.url, { host: "127.0.0.2" });
});
afterAll(async () => {
  await front?.close();
  await other?.close();
  await sim?.close();
  removeHttpsCertificates();
});
beforeEach(async () => {
  front.clear();
  other.clear();
  await sim.reset();
});

const make = (opts: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: front.url, apiKey: SIM_KEY, today: () => SIM_TODAY, timeoutMs: 10_000, ...opts });

/** The requests an origin received that carried the key anywhere: a header, the path or the query. */
const carryingKey = (p: CorruptingProxy) =>
  p.requests().filter((r) => r.headers.includes("authorization") || r.url.includes(SIM_KEY));

test("a redirect within the Service URL's origin is followed, and its answer used as it is", async () => {
  const direct = await make({ baseUrl: sim.url }).getData(WEEKLY);
  // The service moved from /old to its root: every request under /old is sent on with its query.
  front.redirect({ path: "/old", to: front.url, strip: true, status: 301 });
  const moved = await make({ baseUrl: `${front.url}/old` }).getData(WEEKLY);
  expect(moved.rows).toEqual(direct.rows);
  expect(moved.rows.length).toBeGreaterThan(0);
  const data = front.requests().filter((r) => r.url.includes("/api/data"));
  expect(data.map((r) => r.url.split("?")[0])).toEqual(["/old/api/data", "/api/data"]);
  expect(data[1].url.split("?")[1]).toBe(data[0].url.split("?")[1]); // the Location's query: the one asked
  expect(other.requests()).toEqual([]);
});

test("a redirect to another origin is refused, naming where it pointed, not the query; that origin receives nothing", async () => {
  front.redirect({ to: other.url });
  const e = await failure(make().getData(WEEKLY));
  expect(e.kind).toBe("redirect");
  expect(e.status).toBe(302);
  // 127.0.0.2 over http is not a Service URL the pane takes (http only for localhost and 127.0.0.1).
  expect(e.message).toBe(
    `The service redirected to ${other.url}/api/data; the add-in refused it, as it sends your API key over https only (http only to localhost and 127.0.0.1).`,
  );
  expect(e.message).not.toMatch(/northmart|datefrom|\?/); // the query holds the request's parameters
  expect(other.requests()).toEqual([]);
  expect(front.requests()).toHaveLength(1); // a refusal is not retried
});

test("a redirect to an https service elsewhere names the Service URL to set, without the endpoint path", async () => {
  front.redirect({ to: "https://sales.example.com/v2" }); // never contacted: nothing resolves it here
  const e = await failure(make().testConnection());
  expect(e.message).toBe(
    "The service redirected to https://sales.example.com/v2/api/test/; set https://sales.example.com/v2 as the Service URL if you trust it.",
  );
});

test("a fetch that follows redirects itself (as a browser does): the answer from another origin is refused, and the key never reached it", async () => {
  front.redirect({ to: other.url, path: "/api/data" });
  const following: typeof fetch = (input, init) => fetch(new Request(input as Request, { redirect: "follow" }), init);
  const e = await failure(make({ fetch: following }).getData(WEEKLY));
  expect(e.kind).toBe("redirect");
  expect(e.message).toMatch(new RegExp(`^The service redirected to ${other.url}/api/data; `));
  // The fetch went there (as a browser would), without the key: the Fetch spec drops it on a cross-origin hop.
  expect(other.requests().filter((r) => r.url.startsWith("/api/data"))).toHaveLength(1);
  expect(carryingKey(other)).toEqual([]);
});

test("redirects within the origin are followed 5 times, then refused", async () => {
  front.redirect({ to: front.url }); // every request back to itself
  const e = await failure(make().testConnection());
  expect(e.kind).toBe("redirect");
  expect(e.message).toBe(
    `The service redirected more than 5 times (last to ${front.url}/api/test/). Check the Service URL and the endpoint paths in the pane.`,
  );
  expect(front.requests()).toHaveLength(6);
  expect(sim.count()).toBe(0);
});

test("an https Service URL redirected to another https origin is refused by the origin rule itself; that origin receives nothing", async () => {
  // The other origin would answer: only the origin rule stands between the client and it (both are https, so the
  // https-only rule has nothing to say).
  const reached: string[] = [];
  const elsewhere = await startHttpsService((req, res) => {
    reached.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ success: true }));
  });
  const seen: { url: string; key: boolean }[] = [];
  const https = await startHttpsService((req, res) => {
    seen.push({ url: req.url ?? "", key: req.headers.authorization === `Token ${SIM_KEY}` });
    res.writeHead(302, { Location: `${elsewhere.url}${req.url}` });
    res.end();
  });
  try {
    expect(new URL(elsewhere.url).origin).not.toBe(new URL(https.url).origin); // another port: another origin
    const out = await testConnectionInChild(https.url, SIM_KEY);
    expect(out).toEqual({
      kind: "redirect",
      message: `The service redirected to ${elsewhere.url}/api/test/; set ${elsewhere.url} as the Service URL if you trust it.`,
    });
    expect(out.message).not.toContain("https only");
    expect(seen).toEqual([{ url: "/api/test/", key: true }]);
    expect(reached).toEqual([]);
  } finally {
    await https.close();
    await elsewhere.close();
  }
});

test("an https Service URL redirected to http:// on the same host and port (the scheme alone) is refused", async () => {
  const seen: { url: string; key: boolean }[] = [];
  const https = await startHttpsService((req, res) => {
    seen.push({ url: req.url ?? "", key: req.headers.authorization === `Token ${SIM_KEY}` });
    res.writeHead(301, { Location: `${https.url.replace("https:", "http:")}${req.url}` });
    res.end();
  });
  try {
    const out = await testConnectionInChild(https.url, SIM_KEY);
    const plain = https.url.replace("https:", "http:");
    expect(out).toEqual({
      kind: "redirect",
      message: `The service redirected to ${plain}/api/test/; set ${plain} as the Service URL if you trust it.`,
    });
    expect(seen).toEqual([{ url: "/api/test/", key: true }]); // the one request, over https, with the key
  } finally {
    await https.close();
  }
});
