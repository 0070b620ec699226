// The queue between a sync's reads and its load (src/sync/blockQueue.ts): blocks come out in the order pushed, and a
// push past WAITING_BLOCKS holds its read until the load has taken one, or has stopped.
import { BlockQueue, WAITING_BLOCKS } from "../../src/sync/blockQueue";
import type { RowBlock } from "../../src/sync/rowBlock";

const block = (n: number): RowBlock => ({ width: 1, length: 1, cells: [n] });
const settled = async (p: Promise<void> | undefined) => {
  let done = false;
  void p?.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return p === undefined || done;
};

test("pushes past the waiting blocks are held until the load takes a block; blocks come out in order", async () => {
  const queue = new BlockQueue();
  const rooms = Array.from({ length: WAITING_BLOCKS + 2 }, (_, i) => queue.push(block(i)));
  expect(rooms.slice(0, WAITING_BLOCKS).every((r) => r === undefined)).toBe(true);
  expect(await settled(rooms[WAITING_BLOCKS])).toBe(false);
  expect(await settled(rooms[WAITING_BLOCKS + 1])).toBe(false);
  const load = queue[Symbol.asyncIterator]();
  expect((await load.next()).value).toEqual(block(0));
  // One block taken: the oldest held read goes on, the next still waits.
  expect(await settled(rooms[WAITING_BLOCKS])).toBe(true);
  expect(await settled(rooms[WAITING_BLOCKS + 1])).toBe(false);
  queue.end();
  const rest: unknown[] = [];
  for (let r = await load.next(); !r.done; r = await load.next()) rest.push(r.value);
  expect(rest).toEqual(Array.from({ length: WAITING_BLOCKS + 1 }, (_, i) => block(i + 1)));
  expect(await settled(rooms[WAITING_BLOCKS + 1])).toBe(true);
});

test("a load that stops lets every held read go on", async () => {
  const queue = new BlockQueue();
  const rooms = Array.from({ length: WAITING_BLOCKS + 3 }, (_, i) => queue.push(block(i)));
  const load = queue[Symbol.asyncIterator]();
  await load.next();
  expect(await settled(rooms[WAITING_BLOCKS + 2])).toBe(false);
  await load.return?.();
  expect(await Promise.all(rooms.map(settled))).toEqual(rooms.map(() => true));
});
