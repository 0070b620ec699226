// These tests break the office-addins lint rules on purpose (reading before load/sync must fail), and the
/* rules' static heuristics misread the rest. */ /* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load, office-addins/load-object-before-read */
import { createWorkbookHost } from "../../dev/workbook-host";

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: { code?: string; name?: string }) => `${e.name}:${e.code}`,
  );

describe("load + sync before reads", () => {
  test("reading a property before load throws PropertyNotLoaded synchronously", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
      expect(() => r.values).toThrow(expect.objectContaining({ name: "RichApi.Error", code: "PropertyNotLoaded" }));
      r.load("values, address");
      // Forgot sync: still not loaded.
      expect(() => r.address).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await ctx.sync();
      expect(r.address).toBe("Sheet1!A1:B2");
      expect(r.values).toEqual([
        ["", ""],
        ["", ""],
      ]);
      expect(() => r.formulas).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });

  test("load accepts string, array and object forms", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      const a = s.getRange("B2").load(["rowIndex", "columnIndex"]);
      const b = s.getRange("C3:D4").load({ select: "rowCount, columnCount" });
      const c = s.getRange("A1").load({ address: true });
      await ctx.sync();
      expect([a.rowIndex, a.columnIndex, b.rowCount, b.columnCount, c.address]).toEqual([1, 1, 2, 2, "Sheet1!A1"]);
    });
  });

  test("writes are queued and applied only at sync; loaded values are a snapshot", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
      r.values = [[1]];
      expect(host.sheetValues("Sheet1")).toEqual([]);
      r.load("values");
      await ctx.sync();
      expect(host.sheetValues("Sheet1")).toEqual([[1]]);
      const snap = r.values;
      r.values = [[2]];
      await ctx.sync();
      expect(snap).toEqual([[1]]);
    });
  });

  test("ClientResult.value is readable only after sync", async () => {
    const host = createWorkbookHost({ sheets: ["A", "B"] });
    await host.run(async (ctx) => {
      const n = ctx.workbook.worksheets.getCount();
      expect(() => n.value).toThrow(expect.objectContaining({ code: "ValueNotLoaded" }));
      await ctx.sync();
      expect(n.value).toBe(2);
    });
  });

  test("getItemOrNullObject: isNullObject after sync; getItem fails the sync with ItemNotFound", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const missing = ctx.workbook.worksheets.getItemOrNullObject("Nope");
      const present = ctx.workbook.worksheets.getItemOrNullObject("sheet1");
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await ctx.sync();
      expect(missing.isNullObject).toBe(true);
      expect(present.isNullObject).toBe(false);
      ctx.workbook.worksheets.getItem("Nope").getRange("A1").values = [[1]];
      expect(await codeOf(ctx.sync())).toBe("RichApi.Error:ItemNotFound");
    });
  });

  test("run syncs what is still queued when the batch resolves, but not when it throws", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["kept"]];
    });
    expect(host.sheetValues("Sheet1")).toEqual([["kept"]]);
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["lost"]];
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(host.sheetValues("Sheet1")).toEqual([["kept"]]);
  });

  test("proxies cannot be used after their run has ended", async () => {
    const host = createWorkbookHost();
    let leaked: Excel.Range | undefined;
    await host.run(async (ctx) => {
      leaked = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
    });
    expect(() => {
      leaked!.values = [[1]];
    }).toThrow(expect.objectContaining({ code: "InvalidRequestContext" }));
  });

  test("a set property is readable from the proxy without load (office-js keeps the set value)", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
      r.values = [["x"]];
      expect(r.values).toEqual([["x"]]);
    });
  });
});

describe("failure semantics", () => {
  test("a failing action rejects sync; earlier actions stay applied, later ones are not", async () => {
    const host = createWorkbookHost();
    const err = await host
      .run(async (ctx) => {
        const s = ctx.workbook.worksheets.getItem("Sheet1");
        s.getRange("A1").values = [["before"]];
        s.getRange("A2:B2").values = [["too few columns"]];
        s.getRange("A3").values = [["after"]];
        await ctx.sync();
      })
      .catch((e) => e);
    expect(err).toMatchObject({ name: "RichApi.Error", code: "InvalidArgument" });
    expect(err.debugInfo.statement).toContain('getRange("A2:B2")');
    expect(host.sheetValues("Sheet1")).toEqual([["before"]]);
  });

  test("loads in a failed sync are not delivered", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").load("values");
      ctx.workbook.worksheets.getItem("Missing").getRange("A1").values = [[1]];
      await expect(ctx.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
      expect(() => r.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });

  test("failSync(n) fails exactly the nth sync from now, applying nothing by default", async () => {
    const host = createWorkbookHost();
    host.failSync(2, { code: "GeneralException", message: "network" });
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.getRange("A1").values = [[1]];
      await ctx.sync();
      s.getRange("A2").values = [[2]];
      await expect(ctx.sync()).rejects.toMatchObject({ code: "GeneralException", message: "network" });
      s.getRange("A3").values = [[3]];
      await ctx.sync();
    });
    expect(host.sheetValues("Sheet1")).toEqual([[1], [""], [3]]);
    expect(host.stats.syncLog.map((s) => s.error ?? "ok")).toEqual(["ok", "GeneralException", "ok"]);
  });

  test("failSync with afterActions applies a prefix of the batch", async () => {
    const host = createWorkbookHost();
    host.failSync(1, { code: "GeneralException", afterActions: 1 });
    await host
      .run(async (ctx) => {
        const s = ctx.workbook.worksheets.getItem("Sheet1");
        s.getRange("A1").values = [[1]];
        s.getRange("A2").values = [[2]];
        await ctx.sync();
      })
      .catch(() => undefined);
    expect(host.sheetValues("Sheet1")).toEqual([[1]]);
  });
});
