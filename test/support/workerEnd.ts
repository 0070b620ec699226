// What a jest worker keeps across its test files (Chromium and the dev server, the PostgreSQL server) is closed
// when jest tells the worker to end. Jest 30's worker, told so (jest-worker's CHILD_MESSAGE_END), only stops
// listening and waits for its event loop to drain; what is still open would keep it alive until jest kills it
// after workerGracefulExitTimeout ("A worker process has failed to exit gracefully"). In jest's own process (one
// worker, or one file) there is no such message: the global teardown closes them there.
const CHILD_MESSAGE_END = 2; // jest-worker's message to a child: end

const closers: (() => Promise<void>)[] = [];

function onMessage(message: unknown): void {
  if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
  process.off("message", onMessage);
  void Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
}

/** Closes what `close` closes when this jest worker is told to end (nothing outside a worker process). */
export function closeWhenWorkerEnds(close: () => Promise<void>): void {
  if (!process.send) return;
  if (closers.length === 0) process.on("message", onMessage);
  closers.push(close);
}
