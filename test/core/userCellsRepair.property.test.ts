// Co-authoring: a commit writes user cells planned from cells read a sync or more earlier; a co-author may have
// typed in between. userCellsToRepair (src/core/refresh/userColumns.ts) gives what to write again, from the cells as they
// were just before the commit wrote: afterwards every cell must be what a plan made from those cells wants.
import fc from "fast-check";
import {
  cellInput,
  userCells,
  userCellsToRepair,
  type UserCell,
  type UserCellsInput,
  type UserWrite,
} from "../../src/core/refresh/userColumns";
import { runs } from "../support/properties";

const userCell: fc.Arbitrary<UserCell> = fc.oneof(
  fc.constantFrom("=RC[-1]*2", "=[@revenue]/[@units]").map((f) => ({ formula: f, value: "#VALUE!" })),
  fc.constantFrom("", "note", "typed meanwhile", "=looks like a formula", 7).map((v) => ({ formula: v, value: v })),
);
const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("a", "b", "c", "d") }, fc.constant(null));

/** The cells as read earlier (`read`) and as they were at the commit (`now`): same rows, some cells and keys changed. */
const readAndNow = fc.integer({ min: 1, max: 2 }).chain((columns) => {
  const cells = fc.array(userCell, { minLength: columns, maxLength: columns });
  return fc
    .record({
      old: fc.array(fc.record({ key, cells }), { maxLength: 6 }),
      keys: fc.array(key, { maxLength: 8 }),
      before: fc.option(cells, { nil: undefined }),
    })
    .chain(({ old, keys, before }) =>
      fc
        .array(fc.option(fc.record({ key, cells }), { nil: undefined, freq: 2 }), {
          minLength: old.length,
          maxLength: old.length,
        })
        .map((typed) => ({
          read: { columns, old, keys, before } as UserCellsInput,
          now: { columns, old: old.map((r, i) => typed[i] ?? r), keys, before } as UserCellsInput,
        })),
    );
});

/** What a cell holds after `writes` on the cells `at` (null: left as it is; nothing below the old rows). */
const after = (at: UserCellsInput, writes: UserWrite[][], i: number, u: number) =>
  writes[i][u] ?? (i < at.old.length ? cellInput(at.old[i].cells[u]) : "");

test("after the commit's writes and the repairs, every user cell is what the cells at the commit want", () => {
  fc.assert(
    fc.property(readAndNow, ({ read, now }) => {
      const written = userCells(read);
      const repair = userCellsToRepair(written, now);
      const wanted = userCells(now).cells;
      now.keys.forEach((_, i) => {
        for (let u = 0; u < now.columns; u++) {
          const committed = after(now, written.cells, i, u);
          const repaired = repair?.[i][u] ?? committed;
          expect(repaired).toEqual(after(now, wanted, i, u));
          // Only what the commit left wrong is written again.
          if (repair?.[i][u] != null) expect(repair[i][u]).not.toEqual(committed);
        }
      });
    }),
    runs(1000, 200), // 200 still finds a repair left out on purpose (README, "Test run time")
  );
});

test("nothing to repair when nobody typed between the read and the commit", () => {
  fc.assert(
    fc.property(readAndNow, ({ read }) => {
      expect(userCellsToRepair(userCells(read), read)).toBeNull();
    }),
  );
});

test("a note typed in a row that moves, between the read and the commit, goes with its row", () => {
  const read: UserCellsInput = {
    columns: 1,
    old: [
      { key: "a", cells: [{ formula: "", value: "" }] },
      { key: "b", cells: [{ formula: "", value: "" }] },
    ],
    keys: ["new", "a", "b"], // a row inserted first: a and b move down one
  };
  const now = { ...read, old: [read.old[0], { key: "b", cells: [{ formula: "mine", value: "mine" }] }] };
  // The plan as read moves no cell content (every cell empty), so the commit wrote no user cell; b's note, typed
  // meanwhile, stayed in row 1, which is a's now: it goes to row 2, with b, and row 1 is a's empty cell again.
  expect(userCells(read).cells).toEqual([[null], [null], [null]]);
  expect(userCellsToRepair(userCells(read), now)).toEqual([[null], [""], ["mine"]]);
});
