// Long work in slices: a loop over hundreds of thousands of rows calls `pace()` as it goes, and every SLICE_MS or so
// the work waits for the event loop's next turn, so the pane's thread is never held longer (a click on Cancel, a
// repaint of the progress bar, an answer's next bytes all get their turn).

/** How long work runs before it lets the event loop have a turn: well under the 200 ms a pane may be held. */
const SLICE_MS = 40;

/** The next turn of the event loop (a macrotask: input and rendering come before it). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/** Lets the event loop have a turn once `sliceMs` has passed since the last one; `signal` aborted throws its reason. */
export type Pace = () => Promise<void> | undefined;

/**
 * A pacer for one piece of work: `await pace()` (or `pace()` where no turn is due, which returns undefined: no
 * promise, no microtask) in its loops. When `signal` is aborted, the next call rejects with `cancelled()`.
 */
export function pacer(signal?: AbortSignal, cancelled?: () => Error, sliceMs = SLICE_MS): Pace {
  let since = Date.now();
  return () => {
    if (signal?.aborted) return Promise.reject(cancelled ? cancelled() : signal.reason);
    if (Date.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = Date.now();
      if (signal?.aborted) throw cancelled ? cancelled() : signal.reason;
    });
  };
}
