// Retry-After in both forms: delay-seconds and an HTTP date (RFC 9110), read as ky 1.x reads
// them. Over real HTTP against the simulator: a date within the cap is waited for and retried; one beyond it fails
// at once with the 429 and the time, and nothing more is sent; a date already past, or a value nobody can read, is
// retried as usual; the seconds form works as before. Then the reading and the words of the 429, on plain headers.
import { createClient, SalesApiError, type ClientOptions } from "../../src/api";
import { rateLimitError } from "../../src/api/retryAfter";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { localTimeText } from "../../src/core/words";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

// The cap (maxRetryAfterMs) is the default 10 s; the deadline, 8 s, is below it: a client that waited the whole
// cap (ky's guess for a value it cannot read) would time out instead of succeeding.
const make = (opts: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: sim.url, apiKey: SIM_KEY, today: () => SIM_TODAY, timeoutMs: 8000, ...opts });

/** An HTTP date (IMF-fixdate, whole seconds) `ms` from now, rounded up to its second. */
const httpDate = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toUTCString();

async function failure(p: Promise<unknown>): Promise<SalesApiError> {
  const err = await p.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SalesApiError);
  return err as SalesApiError;
}

describe("over HTTP", () => {
  test("an HTTP date within the cap is waited for, then the request is sent again and succeeds", async () => {
    const date = httpDate(2000);
    await sim.inject({ status: 429, retryAfter: date, count: 1 });
    expect(await make().listRetailers()).toContain("all");
    expect(sim.count()).toBe(2);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(date)); // not sent again before the time named
  });

  test("an HTTP date beyond the cap fails at once: the 429 and the time, and no further request", async () => {
    const date = httpDate(3 * 3600_000);
    await sim.inject({ status: 429, retryAfter: date, count: 5 });
    const e = await failure(make().listRetailers());
    const at = Date.parse(date);
    const minute = new Date(Math.ceil(at / 60_000) * 60_000);
    expect(e.kind).toBe("rate-limit");
    expect(e.status).toBe(429);
    expect(e.message).toBe(
      `The service is limiting requests and asks to wait until ${localTimeText(minute, new Date())}. Try again then.`,
    );
    expect(e.retryAt).toBe(at);
    expect(e.retryAfter).toBeGreaterThan(3 * 3600 - 60);
    expect(e.retryAfter).toBeLessThanOrEqual(3 * 3600 + 1);
    expect(sim.count()).toBe(1);
  });

  test("a 503 with an HTTP date beyond the cap fails at once too", async () => {
    await sim.inject({ status: 503, retryAfter: httpDate(3600_000), count: 5 });
    const e = await failure(make().listRetailers());
    expect(e.kind).toBe("service");
    expect(sim.count()).toBe(1);
  });

  test.each([
    ["a date already past (RFC 9110's example)", "Sun, 06 Nov 1994 08:49:37 GMT"],
    ["a value nobody can read", "soon"],
  ])("%s: retried as usual", async (_, retryAfter) => {
    await sim.inject({ status: 429, retryAfter, count: 1 });
    expect(await make().listRetailers()).toContain("all");
    expect(sim.count()).toBe(2);
  });

  test("a value nobody can read, every time: after the retries, the 429 is said without a wait", async () => {
    await sim.inject({ status: 429, retryAfter: "soon", count: 3 });
    const e = await failure(make({ retries: 2 }).listRetailers());
    expect(e.message).toBe("The service is limiting requests. Try again in a minute.");
    expect([e.retryAfter, e.retryAt]).toEqual([undefined, undefined]);
    expect(sim.count()).toBe(3);
  });

  test("seconds, as before: beyond the cap fails at once with the seconds, and when to retry for code", async () => {
    await sim.inject({ status: 429, retryAfter: 120, count: 1 });
    const before = Date.now();
    const e = await failure(make().listRetailers());
    expect(e.message).toBe("The service is limiting requests and asks to wait 2 minutes. Try again in 2 minutes.");
    expect(e.retryAfter).toBe(120);
    expect(e.retryAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(e.retryAt).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(sim.count()).toBe(1);
  });
});

describe("reading the headers as ky 1.x does: the wait a 429 reports (rateLimitError)", () => {
  const now = Date.parse("2026-11-25T09:59:30Z");
  /** The wait the error reports for these headers (seconds rounded up, when, said as a time), or none. */
  const asked = (entries: Record<string, string>) => {
    const e = rateLimitError(new Headers(entries), {}, now);
    if (e.retryAt === undefined) return undefined;
    return { seconds: e.retryAfter, at: e.retryAt, clock: / asks to wait until /.test(e.message) };
  };

  test("delay-seconds: a wait from now (none for 0)", () => {
    expect(asked({ "Retry-After": "120" })).toEqual({ seconds: 120, at: now + 120_000, clock: false });
    expect(asked({ "Retry-After": "0" })).toBeUndefined();
  });

  test("an HTTP date in each of RFC 9110's three forms: the time it names", () => {
    const at = Date.parse("2026-11-25T10:00:00Z");
    for (const date of [
      "Wed, 25 Nov 2026 10:00:00 GMT",
      "Wednesday, 25-Nov-26 10:00:00 GMT",
      "Wed Nov 25 10:00:00 2026",
    ]) {
      // asctime has no zone: it is GMT by the RFC, and the machine's local time to Date.parse (ky alike)
      const expected = date.endsWith("GMT") ? at : Date.parse(date);
      const wait = { seconds: Math.ceil((expected - now) / 1000), at: expected, clock: true };
      expect([date, asked({ "Retry-After": date })]).toEqual([date, expected > now ? wait : undefined]);
    }
  });

  test("a number from 2024 on is a Unix time, not seconds (ky's rule)", () => {
    const at = Date.parse("2026-11-25T10:00:00Z");
    expect(asked({ "Retry-After": String(at / 1000) })).toEqual({ seconds: 30, at, clock: true });
  });

  test("the first of ky's headers present is the one read; none, or one nobody can read, is no wait", () => {
    expect(asked({ "RateLimit-Reset": "5" })?.seconds).toBe(5);
    expect(asked({ "Retry-After": "7", "RateLimit-Reset": "5" })?.seconds).toBe(7);
    expect(asked({})).toBeUndefined();
    expect(asked({ "Retry-After": "soon" })).toBeUndefined();
    expect(asked({ "Retry-After": "Infinity" })).toBeUndefined();
  });
});

describe("the words (rateLimitError)", () => {
  // Noon UTC is the same day in every time zone from UTC-11 to UTC+11.
  const now = Date.parse("2026-11-25T12:00:00Z");
  const h = (value: string) => new Headers({ "Retry-After": value });

  test("a time today: the time only, to the minute, rounded up", () => {
    const e = rateLimitError(h("Wed, 25 Nov 2026 12:20:30 GMT"), { status: 429 }, now);
    expect(e.message).toMatch(
      /^The service is limiting requests and asks to wait until \d{1,2}[:.]\d{2}.*\. Try again then\.$/,
    );
    expect(e.message).toContain(localTimeText(new Date("2026-11-25T12:21:00Z"), new Date(now)));
    expect(e.message).not.toContain("2026");
    expect([e.retryAfter, e.retryAt, e.status]).toEqual([1230, Date.parse("2026-11-25T12:20:30Z"), 429]);
  });

  test("another day: the date too", () => {
    const e = rateLimitError(h("Fri, 27 Nov 2026 12:00:00 GMT"), {}, now);
    expect(e.message).toMatch(/^The service is limiting requests and asks to wait until .*2026.*\. Try again then\.$/);
  });
});

test("a wait in seconds is said as a person says it, rounded up to the minute past one", () => {
  const said = (seconds: number) =>
    rateLimitError(new Headers({ "Retry-After": String(seconds) }), {}, 0).message.replace(
      /^The service is limiting requests and asks to wait (.*)\. Try again in \1\.$/,
      "$1",
    );
  expect([1, 30, 60, 61, 120, 3599, 3600, 3601, 5400, 7200].map(said)).toEqual([
    "a second",
    "30 seconds",
    "a minute",
    "2 minutes",
    "2 minutes",
    "60 minutes",
    "an hour",
    "1 hour 1 minute",
    "1 hour 30 minutes",
    "2 hours",
  ]);
});
