// Custom XML parts (workbook.customXmlParts, ExcelApi 1.5): add a part, find it by id, read and replace its XML,
// delete it. Its namespace is the root element's xmlns.
import { HostRequestContext, SyncIO } from "./context";
import { itemNotFound } from "./errors";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { WorkbookModel } from "./workbook-model";
import type { XmlPartModel } from "./model-types";

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
