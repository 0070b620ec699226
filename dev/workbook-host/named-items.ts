// Defined names (workbook.names, ExcelApi 1.1; add and addFormula 1.4): add a name for a range or a formula, find
// one, read its formula, comment, type and value, hide it, delete it. Names share one namespace with tables
// (workbook-model.ts).
import { HostRequestContext, SyncIO } from "./context";
import { invalidArgument, itemNotFound } from "./errors";
import { sameName } from "./names";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { HostRange, checkSameContext, resolveRangeArg } from "./range";
import { WorkbookModel } from "./workbook-model";
import type { NameModel } from "./model-types";

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
