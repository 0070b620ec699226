// The queue between a sync's reads and its load (src/sync/blockQueue.ts): blocks come out in the order pushed, and a
// push past the few blocks it lets wait holds its read until the load has taken one, or has stopped.
import { BlockQueue } from "../../src/sync/blockQueue";
import type { RowBlock } from "../../src/sync/rowBlock";

const block = (n: number): RowBlock => ({ width: 1, length: 1, cells: [n] });

/** Blocks pushed until a push is held: how many the queue lets wait, and the rooms given back. */
function filled(queue: BlockQueue, extra: number) {
  const rooms: (Promise<void> | undefined)[] = [];
  while (rooms.length < 100 && (rooms.length === 0 || rooms[rooms.length - 1] === undefined))
    rooms.push(queue.push(block(rooms.length)));
  const waiting = rooms.length - 1;
  for (let i = 1; i < extra; i++) rooms.push(queue.push(block(rooms.length)));
  return { rooms, waiting };
}
const settled = async (p: Promise<void> | undefined) => {
  let done = false;
  void p?.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return p === undefined || done;
};

test("pushes past the waiting blocks are held until the load takes a block; blocks come out in order", async () => {
  const queue = new BlockQueue();
  const { rooms, waiting: WAITING_BLOCKS } = filled(queue, 2);
  // A few blocks wait unheld (not none: a read and a load overlap; not many: the reads must not run far ahead).
  expect(WAITING_BLOCKS).toBeGreaterThanOrEqual(1);
  expect(WAITING_BLOCKS).toBeLessThanOrEqual(16);
  expect(rooms).toHaveLength(WAITING_BLOCKS + 2);
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
  const { rooms, waiting: WAITING_BLOCKS } = filled(queue, 3);
  const load = queue[Symbol.asyncIterator]();
  await load.next();
  expect(await settled(rooms[WAITING_BLOCKS + 2])).toBe(false);
  await load.return?.();
  expect(await Promise.all(rooms.map(settled))).toEqual(rooms.map(() => true));
});
