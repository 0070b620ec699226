// Writes one at a time (src/core/schedule/turns.ts): the workbook's Get data and refreshes, Refresh all's and the sync's
// writer turn, and a DuckDB rewrite per table all take turns through it.
import { oneAtATime, Turns } from "../../src/core/schedule/turns";

const busy = () => new Error("busy");
const tick = () => new Promise((r) => setTimeout(r, 5));

test("turns come in the order asked, one at a time per key, whatever each one's length; a failure ends a turn too", async () => {
  const turn = oneAtATime();
  const log: string[] = [];
  const work =
    (name: string, ms: number, fail = false) =>
    async () => {
      log.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([turn(work("a", 30)), turn(work("b", 1, true)), turn(work("c", 10))]);
  expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
});

test("other keys do not wait; an asker that will not wait is refused; one that waits gets the turn when it ends", async () => {
  const turns = new Turns();
  const end = await turns.take("t", { ms: 0, busy });
  await expect(turns.take("t", { ms: 0, busy })).rejects.toThrow("busy");
  (await turns.take("u", { ms: 0, busy }))();
  const waiting = turns.take("t", { ms: 10_000, busy });
  end();
  (await waiting)();
  (await turns.take("t", { ms: 0, busy }))();
});

test("an asker that waits too long is refused, and its turn passes on to the next", async () => {
  const turns = new Turns();
  const end = await turns.take("t");
  await expect(turns.take("t", { ms: 20, busy })).rejects.toThrow("busy");
  const next = turns.take("t");
  let got = false;
  void next.then(() => (got = true));
  await tick();
  expect(got).toBe(false); // the first still holds it
  end();
  (await next)();
  expect(got).toBe(true);
});
