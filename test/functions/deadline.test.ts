// withDeadline, the one timeout of the SALES functions: settles within its time, leaves no timer holding the
// runtime, aborts the work's signal when the time runs out. Fake timers (AbortSignal.timeout on the fake clock):
// time passes on the test's command.
import { withDeadline } from "../../src/functions/deadline";
import { abortTimeoutOnFakeClock, heldTimers } from "../support/platformTimers";

const late = () => new Error("too late");

describe("on the real clock", () => {
  test("work that settles in time gives its outcome and leaves no timer holding the runtime", async () => {
    const before = heldTimers();
    await expect(withDeadline(60_000, late, async () => 7)).resolves.toBe(7);
    const boom = new Error("boom");
    await expect(withDeadline(60_000, late, () => Promise.reject(boom))).rejects.toBe(boom);
    await expect(withDeadline(60_000, late, () => "plain")).resolves.toBe("plain");
    expect(heldTimers()).toBe(before);
  });

  test("a synchronous throw is a rejection, and leaves no timer holding the runtime", async () => {
    const before = heldTimers();
    const boom = new Error("boom");
    await expect(
      withDeadline(60_000, late, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(heldTimers()).toBe(before);
  });
});

describe("on the fake clock", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    abortTimeoutOnFakeClock();
  });
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test("work that never settles: rejects with the timeout's error at exactly its time and aborts the signal", async () => {
    let signal: AbortSignal | undefined;
    const error = new Error("did not answer");
    let outcome: unknown;
    void withDeadline(
      2000,
      () => error,
      (s) => {
        signal = s;
        return new Promise<never>(() => undefined);
      },
    ).catch((e: unknown) => (outcome = e));
    await jest.advanceTimersByTimeAsync(1999);
    expect(outcome).toBeUndefined();
    expect(signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(error);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe(error);
  });

  test("work that settles after the time runs out changes nothing (its late failure is not unhandled)", async () => {
    let fail: (e: unknown) => void = () => undefined;
    const p = withDeadline(100, late, () => new Promise<number>((_, reject) => (fail = reject)));
    const settled = p.then(
      () => "resolved",
      (e: Error) => e.message,
    );
    await jest.advanceTimersByTimeAsync(100);
    fail(new Error("the request was cancelled"));
    await Promise.resolve();
    expect(await settled).toBe("too late");
  });

  test("work that settles when the time runs out is not aborted", async () => {
    let signal: AbortSignal | undefined;
    await expect(
      withDeadline(100, late, (s) => {
        signal = s;
        return Promise.resolve(1);
      }),
    ).resolves.toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(signal?.aborted).toBe(false);
  });
});
