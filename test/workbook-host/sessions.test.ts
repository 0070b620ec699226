// Two sessions on one workbook (co-authoring): each its own run, one workbook; their syncs and a person's
// actions apply one at a time, whole, in the order the test picks, and each session sees the others' synced
// changes from its next sync on.
import { createWorkbookHost, type HostSession, type PickTurn } from "../../dev/workbook-host";

/** A pick that follows `order` (session indexes), then takes the first session waiting. */
const following =
  (order: readonly number[]): PickTurn =>
  (waiting, turn) =>
    order[turn] !== undefined && waiting.includes(order[turn]) ? order[turn] : waiting[0];

/** Writes `value` into `cell`, then reads A1 and B1: two syncs. */
async function writeThenRead(s: HostSession, cell: string, value: number): Promise<unknown[]> {
  return s.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Sheet1");
    sheet.getRange(cell).values = [[value]];
    await ctx.sync();
    const r = sheet.getRange("A1:B1").load("values");
    await ctx.sync();
    return r.values[0];
  });
}

test("every order of two sessions' syncs: each sync applies whole, and each sees what the other synced", async () => {
  const orders = [
    [0, 0, 1, 1],
    [0, 1, 0, 1],
    [0, 1, 1, 0],
    [1, 0, 0, 1],
    [1, 0, 1, 0],
    [1, 1, 0, 0],
  ];
  for (const order of orders) {
    const host = createWorkbookHost();
    const { results, turns } = await host.interleave(
      [(s) => writeThenRead(s, "A1", 1), (s) => writeThenRead(s, "B1", 2)],
      following(order),
    );
    expect(turns).toEqual(order);
    // A session's read sees the other's write when that write's sync came before the read's.
    const seen = (reader: number, writerCell: number) =>
      order.indexOf(1 - reader) < order.lastIndexOf(reader) ? [1, 2][writerCell] : "";
    const [a, b] = results.map((r) => (r.status === "fulfilled" ? r.value : r.reason));
    expect(a).toEqual([1, seen(0, 1)]);
    expect(b).toEqual([seen(1, 0), 2]);
    expect(host.sheetValues("Sheet1")).toEqual([[1, 2]]);
  }
});

test("a turn is given only when every running session waits: one busy elsewhere is waited for", async () => {
  const host = createWorkbookHost();
  const seen: number[][] = [];
  const { turns } = await host.interleave(
    [
      (s) => writeThenRead(s, "A1", 1),
      async (s) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // a fetch from the service, say
        return writeThenRead(s, "B1", 2);
      },
    ],
    (waiting) => {
      seen.push([...waiting]);
      return waiting[waiting.length - 1];
    },
  );
  // The first turn waited for the slow session; it then went first, as picked.
  expect(seen[0]).toEqual([0, 1]);
  expect(turns).toEqual([1, 1, 0, 0]);
});

test("a person's action is one turn, between the add-in's syncs", async () => {
  const host = createWorkbookHost();
  const { results, turns } = await host.interleave<unknown>(
    [
      (s) =>
        s.run(async (ctx) => {
          const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("C3").load("values");
          await ctx.sync();
          const before = r.values[0][0];
          r.load("values");
          await ctx.sync();
          return [before, r.values[0][0]];
        }),
      (s) => s.act(() => host.typeCell("Sheet1!C3", "typed")),
    ],
    following([0, 1, 0]),
  );
  expect(turns).toEqual([0, 1, 0]);
  expect(results[0]).toEqual({ status: "fulfilled", value: ["", "typed"] });
});

test("a sync that fails is still a turn; the other session goes on and sees what the failed batch applied", async () => {
  const host = createWorkbookHost();
  const { results, turns } = await host.interleave<unknown>(
    [
      (s) =>
        s.run(async (ctx) => {
          const sheet = ctx.workbook.worksheets.getItem("Sheet1");
          sheet.getRange("A1").values = [[1]];
          // An offset beyond the grid: the batch stops here (A1 stays written), B1 is not written.
          sheet.getRange("A1").getOffsetRange(-1, 0).load("rowIndex");
          sheet.getRange("B1").values = [[2]];
          await ctx.sync();
        }),
      (s) => writeThenRead(s, "C1", 3),
    ],
    following([0, 1, 1]),
  );
  expect(turns).toEqual([0, 1, 1]);
  expect(results[0]).toMatchObject({ status: "rejected", reason: { code: "InvalidArgument" } });
  expect(results[1]).toEqual({ status: "fulfilled", value: [1, ""] });
});

test("a pick that names a session not waiting is refused", async () => {
  const host = createWorkbookHost();
  await expect(host.interleave([(s) => writeThenRead(s, "A1", 1)], () => 5)).rejects.toThrow(
    /pick chose session 5; waiting: 0/,
  );
});
