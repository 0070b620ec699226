// The platform's own timers in tests. AbortSignal.timeout runs on a timer inside the runtime, which Jest's fake
// timers do not reach; its timer is unref'd (it never keeps Node, or Jest, alive) and cannot be cleared.

/**
 * Under jest.useFakeTimers: AbortSignal.timeout on the fake clock, as the platform specifies it (aborted with a
 * "TimeoutError" DOMException once `ms` have passed). Restored by jest.restoreAllMocks() or the returned spy.
 */
export function abortTimeoutOnFakeClock(): jest.SpyInstance<AbortSignal, [number]> {
  return jest.spyOn(AbortSignal, "timeout").mockImplementation((ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException("The operation timed out.", "TimeoutError")), ms);
    return controller.signal;
  });
}

/** Real timers that keep this process alive now (what jest --detectOpenHandles reports as open handles). */
export function heldTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}
