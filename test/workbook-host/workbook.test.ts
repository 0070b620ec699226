// These tests break the office-addins lint rules on purpose (reading before load/sync must fail), and the
/* rules' static heuristics misread the rest. */ /* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read */
import { createWorkbookHost, installExcelGlobal } from "../../dev/workbook-host";

describe("worksheets", () => {
  test("add, default names, getItem case-insensitive, position, visibility, activate, delete", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      const sheets = ctx.workbook.worksheets;
      const added = sheets.add();
      const named = sheets.add("Sales Data");
      added.load("name, position");
      await ctx.sync();
      expect([added.name, added.position]).toEqual(["Sheet2", 1]);
      named.position = 0;
      named.visibility = "Hidden";
      sheets.getItem("sales data").load("visibility, position");
      const active = sheets.getActiveWorksheet().load("name");
      await ctx.sync();
      expect(active.name).toBe("Sheet1");
      sheets.getItem("Sheet2").activate();
      sheets.getItem("Sheet1").delete();
      await ctx.sync();
      expect(host.snapshot().sheets.map((s) => [s.name, s.visibility])).toEqual([
        ["Sales Data", "Hidden"],
        ["Sheet2", "Visible"],
      ]);
      // The last visible sheet can be neither hidden nor deleted.
      sheets.getItem("Sheet2").visibility = "VeryHidden";
      await expect(ctx.sync()).rejects.toMatchObject({ code: "InvalidOperation" });
      sheets.getItem("Sheet2").delete();
      await expect(ctx.sync()).rejects.toMatchObject({ code: "InvalidOperation" });
    });
  });

  test("sheet name rules", async () => {
    const host = createWorkbookHost();
    const add = (name: string) =>
      host.run(async (ctx) => {
        ctx.workbook.worksheets.add(name);
        await ctx.sync();
      });
    for (const bad of ["", "x".repeat(32), "a/b", "a\\b", "a?", "a*", "a:b", "[a]", "'quoted'", "History"]) {
      await expect(add(bad)).rejects.toMatchObject({ code: "InvalidArgument" });
    }
    await expect(add("SHEET1")).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await add("x".repeat(31));
    await add("It's fine");
    expect(host.snapshot().sheets).toHaveLength(3);
  });

  test("freezePanes.freezeRows and getRange on another sheet's address", async () => {
    const host = createWorkbookHost({ sheets: ["A", "B"] });
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("A").freezePanes.freezeRows(1);
      await ctx.sync();
      ctx.workbook.worksheets.getItem("A").getRange("B!A1").load("address");
      await expect(ctx.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    });
    expect(host.snapshot().sheets[0].frozenRows).toBe(1);
  });
});

describe("workbook settings, names, custom XML", () => {
  test("settings round trip JSON values; getItem of a missing key fails, OrNullObject does not", async () => {
    const host = createWorkbookHost();
    const query = { table: "Sales_Tesco", from: "2024-01-01", metrics: ["revenue", "units"], n: 3, on: true };
    await host.run(async (ctx) => {
      ctx.workbook.settings.add("query:Sales_Tesco", query);
      ctx.workbook.settings.add("version", 1);
      await ctx.sync();
      ctx.workbook.settings.add("version", 2); // replaces
      const s = ctx.workbook.settings.getItem("query:Sales_Tesco").load("value");
      const missing = ctx.workbook.settings.getItemOrNullObject("nope");
      const all = ctx.workbook.settings.load("items");
      await ctx.sync();
      expect(s.value).toEqual(query);
      expect(missing.isNullObject).toBe(true);
      expect(all.items.map((i) => [i.key, i.value])).toEqual([
        ["query:Sales_Tesco", query],
        ["version", 2],
      ]);
      ctx.workbook.settings.getItem("version").delete();
      ctx.workbook.settings.getItem("nope").load("value");
      await expect(ctx.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
    });
    expect(host.snapshot().settings).toEqual({ "query:Sales_Tesco": query });
  });

  test("scanFor finds a string in cells, formulas, names, settings, sheet/table names and custom XML", async () => {
    const host = createWorkbookHost();
    const secret = "sk-SECRET-123";
    expect(host.scanFor(secret)).toEqual([]);
    await host.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.getRange("A1:B1").values = [[`key ${secret}`, `=CONCAT("${secret}")`]];
      ctx.workbook.settings.add("auth", { key: secret });
      ctx.workbook.names.add("Leak", `="${secret}"`);
      ctx.workbook.customXmlParts.add(`<cfg xmlns="urn:x"><k>${secret}</k></cfg>`);
      await ctx.sync();
    });
    expect(host.scanFor(secret)).toEqual([
      "cell Sheet1!A1 value",
      "cell Sheet1!B1 formula",
      'defined name "Leak" formula',
      'setting "auth" value',
      expect.stringMatching(/^custom XML part /),
    ]);
    await host.run(async (ctx) => {
      ctx.workbook.worksheets.add("sk-SECRET-123x");
      await ctx.sync();
    });
    expect(host.scanFor(secret)).toContain('sheet name "sk-SECRET-123x"');
  });

  test("custom XML parts are enumerable and readable", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      ctx.workbook.customXmlParts.add('<q xmlns="urn:sales">1</q>');
      const parts = ctx.workbook.customXmlParts.load("items/id, items/namespaceUri");
      await ctx.sync();
      expect(parts.items.map((p) => p.namespaceUri)).toEqual(["urn:sales"]);
      const xml = parts.items[0].getXml();
      await ctx.sync();
      expect(xml.value).toBe('<q xmlns="urn:sales">1</q>');
    });
  });
});

describe("application, selection, enums", () => {
  test("suspension is recorded for the next sync only; calculationMode round trips", async () => {
    const host = createWorkbookHost();
    await host.run(async (ctx) => {
      ctx.application.suspendApiCalculationUntilNextSync();
      ctx.application.suspendScreenUpdatingUntilNextSync();
      ctx.workbook.application.calculationMode = "Manual";
      await ctx.sync();
      ctx.application.load("calculationMode");
      await ctx.sync();
      expect(ctx.application.calculationMode).toBe("Manual");
    });
    expect(host.stats.syncLog.map((s) => [s.calculationSuspended, s.screenUpdatingSuspended])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  test("calculationMode: Automatic by default, set to Manual it stays so in later runs; an unknown mode fails", async () => {
    const host = createWorkbookHost();
    const mode = () =>
      host.run(async (ctx) => {
        const app = ctx.workbook.application.load("calculationMode");
        await ctx.sync();
        return app.calculationMode;
      });
    expect(await mode()).toBe("Automatic");
    await host.run(async (ctx) => {
      ctx.workbook.application.calculationMode = "Manual";
      await ctx.sync();
    });
    expect(await mode()).toBe("Manual");
    expect(host.snapshot().calculationMode).toBe("Manual");
    await expect(
      host.run(async (ctx) => {
        ctx.workbook.application.calculationMode = "Sometimes" as Excel.CalculationMode;
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await host.run(async (ctx) => {
      ctx.application.calculationMode = "Automatic";
      ctx.application.calculate("Full");
      await ctx.sync();
    });
    expect(await mode()).toBe("Automatic");
  });

  test("selectRange sets what getSelectedRange returns; range.select() changes it", async () => {
    const host = createWorkbookHost({ sheets: ["A", "B"] });
    host.selectRange("B!C3:D4");
    await host.run(async (ctx) => {
      const sel = ctx.workbook.getSelectedRange().load("address");
      await ctx.sync();
      expect(sel.address).toBe("B!C3:D4");
      ctx.workbook.worksheets.getItem("A").getRange("E5").select();
      ctx.workbook.worksheets.getItem("A").getRange("E5").format.autofitColumns();
      await ctx.sync();
    });
    expect(host.snapshot()).toMatchObject({ selection: "A!E5", activeSheet: "A" });
    expect(host.stats.autofitCalls).toBe(1);
  });

  test("the Excel enum shim lets code use Excel.DeleteShiftDirection.up under Node", async () => {
    const host = createWorkbookHost();
    const undo = installExcelGlobal();
    try {
      await host.run(async (ctx) => {
        const s = ctx.workbook.worksheets.getItem("Sheet1");
        s.getRange("A1:A3").values = [[1], [2], [3]];
        s.getRange("A1").delete(Excel.DeleteShiftDirection.up);
        await ctx.sync();
      });
    } finally {
      undo();
    }
    expect(host.sheetValues("Sheet1")).toEqual([[2], [3]]);
  });
});
