// The one timeout of the SALES functions: every wait that could leave a cell on #BUSY! (a whole call, the
// runtime's start-up, a data request) goes through withDeadline. Its clock is the platform's
// AbortSignal.timeout. Imports nothing.

/**
 * `work`'s outcome, or a rejection with `timeout()` once `ms` have passed, whichever comes first.
 * - The platform's timer holds nothing once the work settles (its listener is removed, and the timer itself
 *   never keeps Node or Jest alive), and the signal handed to `work` is then never aborted.
 * - When the time runs out, the signal handed to `work` is aborted (its reason is the timeout's error), so a
 *   request made with it is cancelled. Work that ignores the signal runs on; its late outcome is dropped.
 * - A synchronous throw in `work` is a rejection like any other.
 */
export function withDeadline<T>(
  ms: number,
  timeout: () => unknown,
  work: (signal: AbortSignal) => PromiseLike<T> | T,
): Promise<T> {
  const deadline = AbortSignal.timeout(ms);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const onTimeout = () => {
      const error = timeout();
      reject(error);
      controller.abort(error);
    };
    deadline.addEventListener("abort", onTimeout, { once: true });
    const settled = () => deadline.removeEventListener("abort", onTimeout);
    let running: Promise<T>;
    try {
      running = Promise.resolve(work(controller.signal));
    } catch (err) {
      running = Promise.reject(err);
    }
    running.then(resolve, reject).finally(settled);
  });
}
