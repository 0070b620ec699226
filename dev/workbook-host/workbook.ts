// Workbook-level proxies: the workbook, application, defined names, settings, custom XML parts,
// and the Excel.RequestContext look-alike that owns them.
import { Engine, HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { sameName } from "./names";
import { HostPivotTableCollection } from "./pivot";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange, checkSameContext, resolveRangeArg } from "./range";
import { HostTableCollection } from "./table";
import { WorkbookModel } from "./workbook-model";
import { HostWorksheetCollection } from "./worksheet";
import type { CalculationMode, NameModel, SettingModel, XmlPartModel } from "./model-types";
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

export class HostNamedItemCollection extends HostCollection<HostNamedItem, NameModel, WorkbookModel> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["name", "formula", "comment", "visible", "type", "value"] as const;

  constructor(ctx: HostRequestContext, path: string) {
    super(ctx, path, () => ctx.engine.model);
  }

  protected _models(wb: WorkbookModel): NameModel[] {
    return wb.names;
  }

  protected _itemProxy(n: NameModel): HostNamedItem {
    return new HostNamedItem(this.context, `${this._path}.getItem(${JSON.stringify(n.name)})`, () => n);
  }

  /** reference: a Range or a formula/address string ("=Sheet1!$A$1" or "Sheet1!A1"). */
  add(name: string, reference: HostRange | string, comment?: string): HostNamedItem {
    checkSameContext(this.context, reference);
    let created: NameModel | null = null;
    this._call("add", [name, reference instanceof HostRange ? reference._path : reference, comment ?? ""], (wb) => {
      let formula: string;
      if (reference instanceof HostRange) {
        const r = resolveRangeArg(this.context, reference, wb.activeSheet);
        formula = WorkbookModel.referenceFormula(r.sheet, r.rect);
      } else if (typeof reference === "string") formula = reference.startsWith("=") ? reference : `=${reference}`;
      else throw invalidArgument("A name needs a reference.");
      created = wb.addName(name, formula, comment ?? "");
    });
    return new HostNamedItem(this.context, `${this._path}.add(${JSON.stringify(name)})`, () => {
      if (!created) throw itemNotFound("The name was not added.");
      return created;
    });
  }

  addFormula(name: string, formula: string, comment?: string): HostNamedItem {
    return this.add(name, formula.startsWith("=") ? formula : `=${formula}`, comment);
  }

  getItem(name: string): HostNamedItem {
    return new HostNamedItem(this.context, `${this._path}.getItem(${JSON.stringify(name)})`, () => {
      const n = this.context.engine.model.names.find((x) => sameName(x.name, name));
      if (!n) throw itemNotFound(`The name "${name}" does not exist.`);
      return n;
    });
  }

  getItemOrNullObject(name: string): HostNamedItem {
    return new HostNamedItem(
      this.context,
      `${this._path}.getItemOrNullObject(${JSON.stringify(name)})`,
      () => this.context.engine.model.names.find((x) => sameName(x.name, name)) ?? null,
      true,
    );
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (wb) => wb.names.length);
  }
}

export class HostNamedItem extends HostObject<NameModel> {
  protected readonly _scalarProperties = ["name", "formula", "comment", "visible", "type", "value"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => NameModel | null, nullable = false) {
    super(ctx, path, resolve, nullable);
  }

  protected override _alive(n: NameModel): boolean {
    return !n.deleted;
  }

  protected _read(n: NameModel, name: string, io: SyncIO): unknown {
    switch (name) {
      case "name":
        return this._counted(io, n.name);
      case "formula":
        return this._counted(io, n.formula);
      case "comment":
        return this._counted(io, n.comment);
      case "visible":
        return this._counted(io, n.visible);
      case "type":
        return this._counted(io, /^=('[^']+'|[^!]+)!\$?[A-Z]+\$?\d+/.test(n.formula) ? "Range" : "String");
      case "value":
        return this._counted(io, n.formula.slice(1));
    }
    return this._unknown(name);
  }

  get name(): string {
    return this._get("name");
  }
  get formula(): string {
    return this._get("formula");
  }
  set formula(v: string) {
    this._set("formula", v, (n) => (n.formula = v.startsWith("=") ? v : `=${v}`));
  }
  get comment(): string {
    return this._get("comment");
  }
  set comment(v: string) {
    this._set("comment", v, (n) => (n.comment = v));
  }
  get visible(): boolean {
    return this._get("visible");
  }
  set visible(v: boolean) {
    this._set("visible", v, (n) => (n.visible = !!v));
  }
  get type(): string {
    return this._get("type");
  }
  get value(): unknown {
    return this._get("value");
  }

  delete(): void {
    this._call("delete", [], (n) => this.context.engine.model.deleteName(n));
  }
}

export class HostSettingCollection extends HostCollection<HostSetting, SettingModel, WorkbookModel> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["key", "value"] as const;

  constructor(ctx: HostRequestContext, path: string) {
    super(ctx, path, () => ctx.engine.model);
  }

  protected _models(wb: WorkbookModel): SettingModel[] {
    return wb.settings;
  }

  protected _itemProxy(s: SettingModel): HostSetting {
    return new HostSetting(this.context, `${this._path}.getItem(${JSON.stringify(s.key)})`, () => s);
  }

  /** Adds or replaces a setting. Values must be JSON-serializable. */
  add(key: string, value: string | number | boolean | Date | any[] | any): HostSetting {
    let stored: SettingModel | null = null;
    this._call("add", [key, value], (wb) => (stored = wb.setSetting(key, value)));
    return new HostSetting(this.context, `${this._path}.add(${JSON.stringify(key)})`, () => {
      if (!stored) throw itemNotFound("The setting was not added.");
      return stored;
    });
  }

  getItem(key: string): HostSetting {
    return new HostSetting(this.context, `${this._path}.getItem(${JSON.stringify(key)})`, () => {
      const s = this.context.engine.model.findSetting(key);
      if (!s) throw itemNotFound(`The setting "${key}" does not exist.`);
      return s;
    });
  }

  getItemOrNullObject(key: string): HostSetting {
    return new HostSetting(
      this.context,
      `${this._path}.getItemOrNullObject(${JSON.stringify(key)})`,
      () => this.context.engine.model.findSetting(key),
      true,
    );
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (wb) => wb.settings.length);
  }
}

export class HostSetting extends HostObject<SettingModel> {
  protected readonly _scalarProperties = ["key", "value"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => SettingModel | null, nullable = false) {
    super(ctx, path, resolve, nullable);
  }

  protected override _alive(s: SettingModel): boolean {
    return !s.deleted;
  }

  protected _read(s: SettingModel, name: string, io: SyncIO): unknown {
    if (name === "key") return this._counted(io, s.key);
    if (name === "value") return this._counted(io, JSON.parse(JSON.stringify(s.value)));
    return this._unknown(name);
  }

  get key(): string {
    return this._get("key");
  }
  get value(): any {
    return this._get("value");
  }
  set value(v: any) {
    this._set("value", v, (s) => this.context.engine.model.setSetting(s.key, v));
  }

  delete(): void {
    this._call("delete", [], (s) => this.context.engine.model.deleteSetting(s));
  }
}

export class HostCustomXmlPartCollection extends HostCollection<HostCustomXmlPart, XmlPartModel, WorkbookModel> {
  protected readonly _scalarProperties = [] as const;
  protected readonly _itemProperties = ["id", "namespaceUri"] as const;

  constructor(ctx: HostRequestContext, path: string) {
    super(ctx, path, () => ctx.engine.model);
  }

  protected _models(wb: WorkbookModel): XmlPartModel[] {
    return wb.xmlParts;
  }

  protected _itemProxy(p: XmlPartModel): HostCustomXmlPart {
    return new HostCustomXmlPart(this.context, `${this._path}.getItem(${JSON.stringify(p.id)})`, () => p);
  }

  add(xml: string): HostCustomXmlPart {
    let created: XmlPartModel | null = null;
    this._call("add", [xml], (wb) => (created = wb.addXmlPart(xml)));
    return new HostCustomXmlPart(this.context, `${this._path}.add()`, () => {
      if (!created) throw itemNotFound("The part was not added.");
      return created;
    });
  }

  getItem(id: string): HostCustomXmlPart {
    return new HostCustomXmlPart(this.context, `${this._path}.getItem(${JSON.stringify(id)})`, () => {
      const p = this.context.engine.model.xmlParts.find((x) => x.id === id);
      if (!p) throw itemNotFound(`The custom XML part "${id}" does not exist.`);
      return p;
    });
  }

  getItemOrNullObject(id: string): HostCustomXmlPart {
    return new HostCustomXmlPart(
      this.context,
      `${this._path}.getItemOrNullObject(${JSON.stringify(id)})`,
      () => this.context.engine.model.xmlParts.find((x) => x.id === id) ?? null,
      true,
    );
  }

  getCount(): HostClientResult<number> {
    return this._callResult("getCount", [], (wb) => wb.xmlParts.length);
  }
}

export class HostCustomXmlPart extends HostObject<XmlPartModel> {
  protected readonly _scalarProperties = ["id", "namespaceUri"] as const;

  constructor(ctx: HostRequestContext, path: string, resolve: () => XmlPartModel | null, nullable = false) {
    super(ctx, path, resolve, nullable);
  }

  protected override _alive(p: XmlPartModel): boolean {
    return !p.deleted;
  }

  protected _read(p: XmlPartModel, name: string, io: SyncIO): unknown {
    if (name === "id") return this._counted(io, p.id);
    if (name === "namespaceUri") return this._counted(io, p.namespaceUri);
    return this._unknown(name);
  }

  get id(): string {
    return this._get("id");
  }
  get namespaceUri(): string {
    return this._get("namespaceUri");
  }

  getXml(): HostClientResult<string> {
    return this._callResult("getXml", [], (p) => p.xml);
  }

  setXml(xml: string): void {
    this._call("setXml", [xml], (p) => {
      const probe = this.context.engine.model.addXmlPart(xml); // validates
      this.context.engine.model.deleteXmlPart(probe);
      p.xml = xml;
      p.namespaceUri = probe.namespaceUri;
    });
  }

  delete(): void {
    this._call("delete", [], (p) => this.context.engine.model.deleteXmlPart(p));
  }
}
