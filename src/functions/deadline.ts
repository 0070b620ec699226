// The one timeout of the SALES functions: every wait that could leave a cell on #BUSY! (a whole call, the
// runtime's start-up, a data request) goes through withDeadline. Imports nothing.

/**
 * `work`'s outcome, or a rejection with `timeout()` once `ms` have passed, whichever comes first.
 * - The timer is cleared as soon as the work settles: nothing is left pending to keep Jest or the runtime busy.
 * - When the time runs out, the signal handed to `work` is aborted (its reason is the timeout's error), so a
 *   request made with it is cancelled. Work that ignores the signal runs on; its late outcome is dropped.
 * - A synchronous throw in `work` is a rejection like any other.
 */
export function withDeadline<T>(
  ms: number,
  timeout: () => unknown,
  work: (signal: AbortSignal) => PromiseLike<T> | T,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = timeout();
      reject(error);
      controller.abort(error);
    }, ms);
    let running: Promise<T>;
    try {
      running = Promise.resolve(work(controller.signal));
    } catch (err) {
      running = Promise.reject(err);
    }
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
