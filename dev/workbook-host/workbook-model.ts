// The workbook itself: plain data plus the operations Excel performs, each enforcing Excel's rules.
// Proxies (the office-js look-alike surface) call these only while a batch is being applied.
import { Rect, formatAddress, parseAddress } from "./addresses";
import { Grid } from "./grid";
import { invalidArgument, invalidOperation, itemAlreadyExists, itemNotFound } from "./errors";
import { checkDefinedName, checkSheetName, sameName } from "./names";
import type {
  CalculationMode,
  NameModel,
  PivotModel,
  SettingModel,
  SheetModel,
  TableModel,
  XmlPartModel,
} from "./model-types";

export class WorkbookModel {
  sheets: SheetModel[] = [];
  tables: TableModel[] = [];
  names: NameModel[] = [];
  settings: SettingModel[] = [];
  xmlParts: XmlPartModel[] = [];
  pivots: PivotModel[] = [];
  activeSheet!: SheetModel;
  selection!: { sheet: SheetModel; rect: Rect };
  calculationMode: CalculationMode = "Automatic";
  private nextId = 1;

  constructor(sheetNames: string[]) {
    if (sheetNames.length === 0) throw invalidArgument("A workbook needs at least one worksheet.");
    for (const n of sheetNames) this.addSheet(n);
    this.activeSheet = this.sheets[0];
    this.selection = { sheet: this.sheets[0], rect: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  }

  newId(prefix: string): string {
    return `${prefix}${this.nextId++}`;
  }

  // ---- worksheets ----
  findSheet(name: string): SheetModel | null {
    return this.sheets.find((s) => sameName(s.name, name)) ?? null;
  }

  sheetOrThrow(name: string): SheetModel {
    const s = this.findSheet(name);
    if (!s) throw itemNotFound(`The worksheet "${name}" does not exist.`);
    return s;
  }

  addSheet(name?: string): SheetModel {
    if (name === undefined || name === null) {
      let i = this.sheets.length + 1;
      while (this.findSheet(`Sheet${i}`)) i++;
      name = `Sheet${i}`;
    }
    checkSheetName(name);
    if (this.findSheet(name)) throw itemAlreadyExists(`A worksheet named "${name}" already exists.`);
    const sheet: SheetModel = {
      id: `{${this.newId("sheet-")}}`,
      name,
      visibility: "Visible",
      grid: new Grid(),
      frozenRows: 0,
      frozenColumns: 0,
      protection: null,
      hiddenRows: new Set(),
      filteredRows: new Set(),
      merges: [],
      spills: [],
      hiddenColumns: new Set(),
      columnWidths: new Map(),
      validations: [],
      conditionalFormats: [],
      deleted: false,
    };
    this.sheets.push(sheet);
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    checkSheetName(name);
    const other = this.findSheet(name);
    if (other && other !== sheet) throw itemAlreadyExists(`A worksheet named "${name}" already exists.`);
    sheet.name = name;
  }

  private visibleSheets(): SheetModel[] {
    return this.sheets.filter((s) => s.visibility === "Visible");
  }

  deleteSheet(sheet: SheetModel): void {
    if (sheet.visibility === "Visible" && this.visibleSheets().length === 1) {
      throw invalidOperation("A workbook must contain at least one visible worksheet.");
    }
    this.sheets = this.sheets.filter((s) => s !== sheet);
    sheet.deleted = true;
    for (const t of this.tables.filter((t) => t.sheet === sheet)) this.dropTable(t);
    for (const p of this.pivots.filter((p) => p.sheet === sheet)) p.deleted = true;
    this.pivots = this.pivots.filter((p) => !p.deleted);
    if (this.activeSheet === sheet) this.activeSheet = this.visibleSheets()[0];
    if (this.selection.sheet === sheet)
      this.selection = { sheet: this.activeSheet, rect: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  }

  setVisibility(sheet: SheetModel, v: string): void {
    if (v !== "Visible" && v !== "Hidden" && v !== "VeryHidden") throw invalidArgument(`Unknown visibility "${v}".`);
    if (v !== "Visible" && sheet.visibility === "Visible" && this.visibleSheets().length === 1) {
      throw invalidOperation("A workbook must contain at least one visible worksheet.");
    }
    sheet.visibility = v;
    if (v !== "Visible" && this.activeSheet === sheet) this.activeSheet = this.visibleSheets()[0];
  }

  activate(sheet: SheetModel): void {
    if (sheet.visibility !== "Visible") throw invalidOperation("A hidden worksheet cannot be activated.");
    this.activeSheet = sheet;
    this.selection = { sheet, rect: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  }

  moveSheet(sheet: SheetModel, position: number): void {
    if (!Number.isInteger(position) || position < 0 || position >= this.sheets.length) {
      throw invalidArgument(`Position ${position} is out of range.`);
    }
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.sheets.splice(position, 0, sheet);
  }

  /** Resolves an address that may name a sheet ("Sheet2!A1"); otherwise relative to `sheet`. */
  resolveAddress(address: string, sheet: SheetModel): { sheet: SheetModel; rect: Rect } {
    const p = parseAddress(address);
    if (p.sheet !== undefined) {
      const s = this.findSheet(p.sheet);
      if (!s) throw invalidArgument(`The address "${address}" refers to a worksheet that does not exist.`);
      return { sheet: s, rect: p.rect };
    }
    return { sheet, rect: p.rect };
  }

  // ---- names shared by tables and defined names ----
  nameTaken(name: string, except?: object): boolean {
    return (
      this.tables.some((t) => t !== except && sameName(t.name, name)) ||
      this.names.some((n) => n !== except && sameName(n.name, name))
    );
  }

  addName(name: string, formula: string, comment: string): NameModel {
    checkDefinedName(name, "name");
    if (this.nameTaken(name)) throw itemAlreadyExists(`The name "${name}" already exists.`);
    const n: NameModel = { name, formula, comment, visible: true, deleted: false };
    this.names.push(n);
    return n;
  }

  deleteName(n: NameModel): void {
    this.names = this.names.filter((x) => x !== n);
    n.deleted = true;
  }

  static referenceFormula(sheet: SheetModel, rect: Rect): string {
    const abs = formatAddress(sheet.name, rect).replace(/([A-Z]+)([0-9]+)/g, "$$$1$$$2");
    return "=" + abs;
  }

  // ---- settings ----
  findSetting(key: string): SettingModel | null {
    return this.settings.find((s) => s.key === key) ?? null;
  }

  setSetting(key: string, value: unknown): SettingModel {
    if (typeof key !== "string" || key.length === 0) throw invalidArgument("A setting key must be a non-empty string.");
    if (value === undefined) throw invalidArgument("A setting value cannot be undefined.");
    // Settings are stored as JSON: round-trip so what is stored is what a later load returns.
    const stored = JSON.parse(JSON.stringify(value)) as unknown;
    const existing = this.findSetting(key);
    if (existing) {
      existing.value = stored;
      return existing;
    }
    const s: SettingModel = { key, value: stored, deleted: false };
    this.settings.push(s);
    return s;
  }

  deleteSetting(s: SettingModel): void {
    this.settings = this.settings.filter((x) => x !== s);
    s.deleted = true;
  }

  // ---- custom XML parts ----
  addXmlPart(xml: string): XmlPartModel {
    if (typeof xml !== "string" || !/^\s*(<\?xml[^>]*\?>\s*)?<[A-Za-z_]/.test(xml)) {
      throw invalidArgument("The custom XML part is not well-formed XML.");
    }
    const ns = /^\s*(?:<\?xml[^>]*\?>\s*)?<[^>]*\sxmlns="([^"]*)"/.exec(xml);
    const part: XmlPartModel = {
      id: `{${this.newId("00000000-0000-4000-8000-")}}`,
      xml,
      namespaceUri: ns ? ns[1] : "",
      deleted: false,
    };
    this.xmlParts.push(part);
    return part;
  }

  deleteXmlPart(p: XmlPartModel): void {
    this.xmlParts = this.xmlParts.filter((x) => x !== p);
    p.deleted = true;
  }

  // ---- tables (rules live in tables.ts; this is bookkeeping) ----
  dropTable(t: TableModel): void {
    this.tables = this.tables.filter((x) => x !== t);
    t.deleted = true;
  }

  findTable(name: string): TableModel | null {
    return this.tables.find((t) => sameName(t.name, name) || t.id === name) ?? null;
  }
}
