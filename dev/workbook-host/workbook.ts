// The root of every batch: the Excel.RequestContext look-alike, its workbook and the application. The workbook's
// collections are proxies of their own (worksheet.ts, table.ts, pivot.ts, named-items.ts, settings.ts,
// custom-xml-parts.ts).
import { Engine, HostRequestContext, SyncIO } from "./context";
import { invalidArgument } from "./errors";
import { HostPivotTableCollection } from "./pivot";
import { HostObject } from "./proxy-base";
import { HostRange } from "./range";
import { HostTableCollection } from "./table";
import { HostNamedItemCollection } from "./named-items";
import { HostSettingCollection } from "./settings";
import { HostCustomXmlPartCollection } from "./custom-xml-parts";
import { WorkbookModel } from "./workbook-model";
import { HostWorksheetCollection } from "./worksheet";
import type { CalculationMode } from "./model-types";
// Registers the proxies that others make by name, before any batch makes one.
import "./proxy-classes";

export class HostExcelRequestContext extends HostRequestContext {
  readonly workbook: HostWorkbook;
  constructor(engine: Engine, turn?: () => Promise<void>) {
    super(engine, turn);
    this.workbook = new HostWorkbook(this);
  }
  get application(): HostApplication {
    return this.workbook.application;
  }
}

export class HostWorkbook extends HostObject<WorkbookModel> {
  protected readonly _scalarProperties = ["name"] as const;

  constructor(ctx: HostRequestContext) {
    super(ctx, "workbook", () => ctx.engine.model);
  }

  protected _read(_wb: WorkbookModel, name: string, io: SyncIO): unknown {
    if (name === "name") return this._counted(io, "Book1.xlsx");
    return this._unknown(name);
  }

  get name(): string {
    return this._get("name");
  }

  get worksheets(): HostWorksheetCollection {
    return this._nav("worksheets", () => new HostWorksheetCollection(this.context, "workbook.worksheets"));
  }
  get tables(): HostTableCollection {
    return this._nav("tables", () => new HostTableCollection(this.context, "workbook.tables"));
  }
  get names(): HostNamedItemCollection {
    return this._nav("names", () => new HostNamedItemCollection(this.context, "workbook.names"));
  }
  get settings(): HostSettingCollection {
    return this._nav("settings", () => new HostSettingCollection(this.context, "workbook.settings"));
  }
  get customXmlParts(): HostCustomXmlPartCollection {
    return this._nav("customXmlParts", () => new HostCustomXmlPartCollection(this.context, "workbook.customXmlParts"));
  }
  get application(): HostApplication {
    return this._nav("application", () => new HostApplication(this.context));
  }
  /** Every PivotTable of the workbook (ExcelApi 1.3). */
  get pivotTables(): HostPivotTableCollection {
    return this._nav("pivotTables", () => new HostPivotTableCollection(this.context, "workbook.pivotTables"));
  }

  getSelectedRange(): HostRange {
    return new HostRange(this.context, "workbook.getSelectedRange()", () => ({
      ...this.context.engine.model.selection,
    }));
  }

  getActiveCell(): HostRange {
    return new HostRange(this.context, "workbook.getActiveCell()", () => {
      const { sheet, rect } = this.context.engine.model.selection;
      return { sheet, rect: { r0: rect.r0, c0: rect.c0, r1: rect.r0, c1: rect.c0 } };
    });
  }
}

export class HostApplication extends HostObject<WorkbookModel> {
  protected readonly _scalarProperties = ["calculationMode"] as const;

  constructor(ctx: HostRequestContext) {
    super(ctx, "workbook.application", () => ctx.engine.model);
  }

  protected _read(wb: WorkbookModel, name: string, io: SyncIO): unknown {
    if (name === "calculationMode") return this._counted(io, wb.calculationMode);
    return this._unknown(name);
  }

  get calculationMode(): Excel.CalculationMode | "Automatic" | "AutomaticExceptTables" | "Manual" {
    return this._get("calculationMode");
  }
  set calculationMode(v: Excel.CalculationMode | "Automatic" | "AutomaticExceptTables" | "Manual") {
    this._set("calculationMode", v, (wb) => {
      if (v !== "Automatic" && v !== "AutomaticExceptTables" && v !== "Manual")
        throw invalidArgument(`Unknown calculation mode "${v}".`);
      wb.calculationMode = v as CalculationMode;
    });
  }

  /** Recorded for the next sync (HostStats.syncLog[i].calculationSuspended). */
  suspendApiCalculationUntilNextSync(): void {
    this.context.enqueue({
      record: { o: this._path, a: "call", m: "suspendApiCalculationUntilNextSync" },
      statement: "suspendApiCalculationUntilNextSync()",
      run: () => undefined,
    });
    this.context.suspendCalculation();
  }

  /** Recorded for the next sync (HostStats.syncLog[i].screenUpdatingSuspended). */
  suspendScreenUpdatingUntilNextSync(): void {
    this.context.enqueue({
      record: { o: this._path, a: "call", m: "suspendScreenUpdatingUntilNextSync" },
      statement: "suspendScreenUpdatingUntilNextSync()",
      run: () => undefined,
    });
    this.context.suspendScreenUpdating();
  }

  calculate(calculationType: Excel.CalculationType | "Recalculate" | "Full" | "FullRebuild"): void {
    this._call("calculate", [calculationType], () => undefined);
  }
}
