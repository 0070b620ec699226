// readThenWrite (src/api/readThenWrite.ts), with reads and writes the test settles by hand: every
// read begun at once, each answer written as soon as it is read, never two writes at once, the outcomes in the
// items' order, a failing read or write stopping nothing else, a cancel, maxReads, and `exclusive` between writes.
import { readThenWrite, type ReadThenWriteProgress } from "../../src/api/readThenWrite";

/** Lets every promise callback that can run, run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Items whose reads and writes the test settles, with a log of what began and ended. */
function harness(n: number) {
  const reads = Array.from({ length: n }, () => deferred<string>());
  const writes = Array.from({ length: n }, () => deferred<string>());
  const log: string[] = [];
  let writing = 0;
  let mostWriting = 0;
  const steps = {
    read: async (i: number) => {
      log.push(`read ${i}`);
      return reads[i].promise;
    },
    write: async (answer: string, i: number) => {
      writing++;
      mostWriting = Math.max(mostWriting, writing);
      log.push(`write ${i}`);
      try {
        return `${answer} written: ${await writes[i].promise}`;
      } finally {
        writing--;
      }
    },
  };
  return { reads, writes, log, steps, items: Array.from({ length: n }, (_, i) => i), most: () => mostWriting };
}

test("every read begins at once; answers are written in the order they come, one at a time; outcomes in the items' order", async () => {
  const h = harness(3);
  const progress: ReadThenWriteProgress[] = [];
  const run = readThenWrite(h.items, h.steps, { onProgress: (p) => progress.push(p) });
  await flush();
  expect(h.log).toEqual(["read 0", "read 1", "read 2"]);
  h.reads[2].resolve("c");
  h.reads[0].resolve("a");
  await flush();
  expect(h.log.slice(3)).toEqual(["write 2"]); // item 0's answer waits for item 2's write
  h.writes[2].resolve("ok");
  await flush();
  expect(h.log.slice(3)).toEqual(["write 2", "write 0"]);
  h.writes[0].resolve("ok");
  h.reads[1].resolve("b");
  h.writes[1].resolve("ok");
  expect(await run).toEqual([
    { status: "written", value: "a written: ok" },
    { status: "written", value: "b written: ok" },
    { status: "written", value: "c written: ok" },
  ]);
  expect(h.most()).toBe(1);
  expect(progress.filter((p) => p.ended !== undefined).map((p) => p.ended)).toEqual([2, 0, 1]);
  expect(progress[progress.length - 1]).toEqual({ total: 3, reading: 0, waiting: 0, done: 3, ended: 1 });
  expect(Math.max(...progress.map((p) => p.reading))).toBe(3);
});

test("a failing read is that item's failure (nothing written); a failing write fails its item alone", async () => {
  const h = harness(3);
  const run = readThenWrite(h.items, h.steps);
  h.reads[0].reject(new Error("no answer"));
  h.reads[1].resolve("b");
  h.writes[1].reject(new Error("Excel refused"));
  h.reads[2].resolve("c");
  h.writes[2].resolve("ok");
  const outcomes = await run;
  expect(outcomes.map((o) => o.status)).toEqual(["failed", "failed", "written"]);
  expect(outcomes.map((o) => (o.status === "failed" ? (o.reason as Error).message : undefined))).toEqual([
    "no answer",
    "Excel refused",
    undefined,
  ]);
  expect(h.log).not.toContain("write 0");
});

test("a cancel: reads not begun never begin (not-started); the reads in flight are told through their own signals; answers read are still handed to the writer with the signal aborted", async () => {
  const h = harness(4);
  const cancel = new AbortController();
  const signals: AbortSignal[] = [];
  const seen: boolean[] = [];
  const run = readThenWrite(
    h.items,
    {
      read: (i, { signal }) => {
        signals.push(signal);
        return h.steps.read(i);
      },
      write: async (answer, i, signal) => {
        seen.push(signal.aborted);
        return signal.aborted ? "left as it was" : h.steps.write(answer, i);
      },
    },
    { signal: cancel.signal, maxReads: 2 },
  );
  await flush();
  expect(h.log).toEqual(["read 0", "read 1"]); // two at once
  h.reads[0].resolve("a");
  await flush();
  cancel.abort();
  expect(signals.map((s) => s.aborted)).toEqual([false, true]); // item 0 had been read; item 1 was reading
  h.writes[0].resolve("ok"); // the write begun finishes
  h.reads[1].resolve("b");
  expect(await run).toEqual([
    { status: "written", value: "a written: ok" },
    { status: "written", value: "left as it was" },
    { status: "not-started" },
    { status: "not-started" },
  ]);
  expect(seen).toEqual([false, true]);
});

test("exclusive: a read's work runs between two writes, never during one", async () => {
  const h = harness(2);
  const order: string[] = [];
  const gate = deferred<void>();
  const run = readThenWrite(h.items, {
    read: async (i, { exclusive }) => {
      if (i === 1) {
        await gate.promise; // item 0's write has begun
        await exclusive(async () => void order.push("read 1's workbook part"));
      }
      return `answer ${i}`;
    },
    write: async (answer, i) => {
      order.push(`write ${i} begins`);
      if (i === 0) {
        gate.resolve();
        await flush();
      }
      order.push(`write ${i} ends`);
      return answer;
    },
  });
  await run;
  expect(order).toEqual(["write 0 begins", "write 0 ends", "read 1's workbook part", "write 1 begins", "write 1 ends"]);
});
