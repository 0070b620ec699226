// Worksheet protection: writes to a protected sheet fail at sync with AccessDenied.
import { createWorkbookHost } from "../../dev/workbook-host";

type Ctx = Excel.RequestContext;

async function protectedSheet(options?: Excel.WorksheetProtectionOptions, password?: string) {
  const host = createWorkbookHost({ sheets: ["Data", "Other"] });
  await host.run(async (ctx) => {
    const s = ctx.workbook.worksheets.getItem("Data");
    const t = s.tables.add("A1:B1", true);
    t.name = "Sales";
    t.getHeaderRowRange().values = [["store", "revenue"]];
    t.rows.add(undefined, [["s1", 1]]);
    await ctx.sync();
    s.protection.protect(options, password);
    await ctx.sync();
  });
  return host;
}

const sheet = (ctx: Ctx) => ctx.workbook.worksheets.getItem("Data");
const table = (ctx: Ctx) => ctx.workbook.tables.getItem("Sales");

const refused: [string, (ctx: Ctx) => void][] = [
  ["values", (ctx) => (sheet(ctx).getRange("D1").values = [[1]])],
  ["formulas", (ctx) => (sheet(ctx).getRange("D1").formulas = [["=1"]])],
  ["numberFormat", (ctx) => (sheet(ctx).getRange("D1").numberFormat = [["0"]])],
  ["clear", (ctx) => sheet(ctx).getRange("A2").clear()],
  ["insert", (ctx) => sheet(ctx).getRange("D1").insert("Down")],
  ["delete", (ctx) => sheet(ctx).getRange("5:5").delete("Up")],
  ["copyFrom", (ctx) => sheet(ctx).getRange("D1").copyFrom("Other!A1")],
  ["rowHidden", (ctx) => (sheet(ctx).getRange("A2").rowHidden = true)],
  ["tables.add", (ctx) => sheet(ctx).tables.add("F1:G2", true)],
  ["table.resize", (ctx) => table(ctx).resize("A1:B5")],
  ["rows.add", (ctx) => table(ctx).rows.add(undefined, [["s2", 2]])],
  ["row.values", (ctx) => (table(ctx).rows.getItemAt(0).values = [["s9", 9]])],
  ["rows.deleteRowsAt", (ctx) => table(ctx).rows.deleteRowsAt(0)],
  ["columns.add", (ctx) => table(ctx).columns.add(undefined, "x")],
  ["table.name", (ctx) => (table(ctx).name = "Other")],
  ["table.delete", (ctx) => table(ctx).delete()],
];

describe("worksheet protection", () => {
  test.each(refused)("%s on a protected sheet fails at sync with AccessDenied; nothing changes", async (_, act) => {
    const host = await protectedSheet();
    const before = JSON.stringify(host.snapshot());
    let queuedWithoutError = false;
    await expect(
      host.run(async (ctx) => {
        act(ctx);
        queuedWithoutError = true; // the failure comes at sync, not when the call is queued
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ name: "RichApi.Error", code: "AccessDenied" });
    expect(queuedWithoutError).toBe(true);
    expect(JSON.stringify(host.snapshot())).toBe(before);
  });

  test("protected and options read back; other sheets stay writable; unprotect restores writing", async () => {
    const host = await protectedSheet({ allowFormatCells: true });
    await host.run(async (ctx) => {
      const p = sheet(ctx).protection.load("protected, options, isPasswordProtected");
      ctx.workbook.worksheets.getItem("Other").getRange("A1").values = [["fine"]];
      sheet(ctx).getRange("D1").numberFormat = [["0.00"]]; // allowed by the options
      await ctx.sync();
      expect([p.protected, p.options.allowFormatCells, p.options.allowInsertRows, p.isPasswordProtected]).toEqual([
        true,
        true,
        false,
        false,
      ]);
      sheet(ctx).protection.unprotect();
      sheet(ctx).getRange("D1").values = [[1]];
      p.load("protected");
      await ctx.sync();
      expect(p.protected).toBe(false);
    });
    expect(host.snapshot().sheets.map((s) => s.protected)).toEqual([false, false]);
    expect(host.sheetValues("Data")[0]).toEqual(["store", "revenue", "", 1]);
  });

  test("allowInsertRows lets whole rows in, not cells; deleting rows stays refused (their cells are locked)", async () => {
    const host = await protectedSheet({ allowInsertRows: true, allowDeleteRows: true });
    await host.run(async (ctx) => {
      sheet(ctx).getRange("10:11").insert("Down");
      await ctx.sync();
    });
    for (const act of [
      (ctx: Ctx) => sheet(ctx).getRange("A10").insert("Down"),
      (ctx: Ctx) => sheet(ctx).getRange("10:10").delete("Up"),
    ]) {
      await expect(
        host.run(async (ctx) => {
          act(ctx);
          await ctx.sync();
        }),
      ).rejects.toMatchObject({ code: "AccessDenied" });
    }
  });

  test("a password must be given to unprotect; protect twice and unprotect twice fail", async () => {
    const host = await protectedSheet(undefined, "pw");
    const attempt = (f: (p: Excel.WorksheetProtection) => void) =>
      host.run(async (ctx) => {
        f(sheet(ctx).protection);
        await ctx.sync();
      });
    await expect(attempt((p) => p.unprotect())).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(attempt((p) => p.unprotect("wrong"))).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(attempt((p) => p.protect())).rejects.toMatchObject({ code: "AccessDenied" });
    await attempt((p) => p.unprotect("pw"));
    await expect(attempt((p) => p.unprotect("pw"))).rejects.toMatchObject({ code: "AccessDenied" });
  });

  test("a failing write in the middle of a batch keeps the actions before it (no rollback)", async () => {
    const host = await protectedSheet();
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Other").getRange("A1").values = [["before"]];
        sheet(ctx).getRange("D1").values = [["refused"]];
        ctx.workbook.worksheets.getItem("Other").getRange("A2").values = [["after"]];
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "AccessDenied", debugInfo: { statement: expect.stringContaining("values") } });
    expect(host.sheetValues("Other")).toEqual([["before"]]);
  });

  test("a user cannot type into a protected sheet either", async () => {
    const host = await protectedSheet();
    expect(() => host.typeCell("Data!C1", "margin")).toThrow(expect.objectContaining({ code: "AccessDenied" }));
  });
});
