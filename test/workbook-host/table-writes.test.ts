// Which tables each sync wrote (SyncRecord.tablesWritten) and which Excel.run it belongs to (SyncRecord.run), and
// interleavedWrites / interleavedRuns: whether one table's writing syncs, or one batch's syncs, came between
// another's (Refresh all writes one table at a time).
import { createWorkbookHost, interleavedRuns, interleavedWrites, type WorkbookHost } from "../../dev/workbook-host";

/** Two tables side by side on Sheet1: A at A1:B3, B at E1:F3; the log starts empty after them. */
async function twoTables(): Promise<WorkbookHost> {
  const host = createWorkbookHost();
  await host.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("A1:B3").values = [
      ["k", "v"],
      [1, 2],
      [3, 4],
    ];
    sheet.getRange("E1:F3").values = [
      ["k", "v"],
      [1, 2],
      [3, 4],
    ];
    ctx.workbook.tables.add("Sheet1!A1:B3", true).name = "A";
    ctx.workbook.tables.add("Sheet1!E1:F3", true).name = "B";
    await ctx.sync();
  });
  host.stats.reset();
  return host;
}

/** One sync writing a value into the body of each table named (none: a cell outside both). */
const writeInto = (host: WorkbookHost, ...tables: string[]) =>
  host.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Sheet1");
    if (tables.length === 0) sheet.getRange("H10").values = [[1]];
    for (const t of tables) ctx.workbook.tables.getItem(t).getDataBodyRange().getCell(0, 1).values = [[9]];
    await ctx.sync();
  });

test("each sync records the tables its writes changed: cells, rows added, a resize, a clear; reads and cells elsewhere none", async () => {
  const host = await twoTables();
  await writeInto(host, "A");
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem("B").rows.add(undefined, [[5, 6]]);
    await ctx.sync();
  });
  await host.run(async (ctx) => {
    ctx.workbook.tables.getItem("A").resize("Sheet1!A1:B5");
    await ctx.sync();
    ctx.workbook.worksheets.getItem("Sheet1").getRange("F2").clear("Contents");
    await ctx.sync();
  });
  await host.run(async (ctx) => {
    const read = ctx.workbook.tables.getItem("A").getRange().load("values");
    await ctx.sync();
    return read.values;
  });
  await writeInto(host);
  await writeInto(host, "A", "B");
  expect(host.stats.syncLog.map((s) => s.tablesWritten)).toEqual([["A"], ["B"], ["A"], ["B"], [], [], ["A", "B"]]);
});

test("interleavedWrites: [] when each table's writes are contiguous, the table written again after another's", async () => {
  const host = await twoTables();
  await writeInto(host, "A");
  await writeInto(host); // a sync writing neither does not end A's run
  await writeInto(host, "A");
  await writeInto(host, "B");
  await writeInto(host, "B");
  expect(interleavedWrites(host.stats.syncLog)).toEqual([]);
  await writeInto(host, "A");
  expect(interleavedWrites(host.stats.syncLog)).toEqual(["a"]);
  expect(interleavedWrites(host.stats.syncLog, ["B"])).toEqual([]); // only the tables asked about
});

test("interleavedWrites: two tables written in one sync are interleaved", async () => {
  const host = await twoTables();
  await writeInto(host, "A", "B");
  expect(interleavedWrites(host.stats.syncLog).sort()).toEqual(["a", "b"]);
});

/** One Excel.run of two syncs, each writing a cell outside the tables. */
const twoSyncs = (host: WorkbookHost) =>
  host.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("H1").values = [[1]];
    await ctx.sync();
    sheet.getRange("H2").values = [[2]];
    await ctx.sync();
  });

test("interleavedRuns: [] for batches run one after the other; both batches when run at once", async () => {
  const host = await twoTables();
  await twoSyncs(host);
  await twoSyncs(host);
  const runs = host.stats.syncLog.map((s) => s.run);
  expect(runs).toEqual([runs[0], runs[0], runs[0] + 1, runs[0] + 1]);
  expect(interleavedRuns(host.stats.syncLog)).toEqual([]);
  host.stats.reset();
  await Promise.all([twoSyncs(host), twoSyncs(host)]);
  expect(interleavedRuns(host.stats.syncLog)).toHaveLength(2);
});

test("syncLatencyMs: a timer's work comes between two syncs, as an answer does between Excel's round trips; by default it does not", async () => {
  const order = async (host: WorkbookHost) => {
    const heard: string[] = [];
    setTimeout(() => heard.push("timer"), 0);
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await ctx.sync();
      heard.push("sync 1");
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A2").values = [[2]];
      await ctx.sync();
      heard.push("sync 2");
    });
    await new Promise((r) => setTimeout(r, 5));
    return heard;
  };
  expect(await order(createWorkbookHost())).toEqual(["sync 1", "sync 2", "timer"]);
  expect(await order(createWorkbookHost({ syncLatencyMs: 2 }))).toEqual(["timer", "sync 1", "sync 2"]);
});
