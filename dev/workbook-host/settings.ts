// Workbook settings (workbook.settings, ExcelApi 1.4): keys and their values, stored as JSON (what a later load
// returns is the JSON round trip); add replaces a key's value.
import { HostRequestContext, SyncIO } from "./context";
import { itemNotFound } from "./errors";
import { HostClientResult, HostCollection, HostObject } from "./proxy-base";
import { WorkbookModel } from "./workbook-model";
import type { SettingModel } from "./model-types";

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
