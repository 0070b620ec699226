// Base of every proxy: queued property sets / method calls, load() + sync() before reads,
// PropertyNotLoaded thrown synchronously by getters, as office-js does.
import { isSteps, type HostRequestContext, type QueuedAction, type SyncIO } from "./context";
import { HostRichApiError, invalidArgument, itemNotFound } from "./errors";
import { jsonBytes } from "./payload";

export function propertyNotLoaded(name: string): HostRichApiError {
  return new HostRichApiError(
    "PropertyNotLoaded",
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );
}

/** office-js load options: "a, b", ["a", "b"], { select, expand }, or { a: true, b: true }. */
export function parseLoadOption(option: unknown): string[] | "all" {
  if (option === undefined || option === null) return "all";
  if (typeof option === "string")
    return option
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(option)) return option.flatMap((o) => parseLoadOption(String(o)) as string[]);
  if (typeof option === "object") {
    const o = option as Record<string, unknown>;
    if ("select" in o || "expand" in o) {
      const sel = o.select === undefined ? "all" : parseLoadOption(o.select);
      const exp = o.expand === undefined ? [] : (parseLoadOption(o.expand) as string[]);
      return sel === "all" ? (exp.length ? "all" : "all") : [...sel, ...exp];
    }
    if (o.$all === true) return "all";
    return Object.entries(o).flatMap(([k, v]) => {
      if (v === true) return [k];
      if (v && typeof v === "object") {
        const inner = parseLoadOption(v);
        return inner === "all" ? [k] : inner.map((p) => `${k}/${p}`);
      }
      return [];
    });
  }
  throw invalidArgument("Invalid load option.");
}

/** A result of a method call, readable after sync (OfficeExtension.ClientResult). */
export class HostClientResult<T> {
  private _value: T | undefined;
  private _loaded = false;
  get value(): T {
    if (!this._loaded) {
      throw new HostRichApiError(
        "ValueNotLoaded",
        'The value of the result object has not been loaded yet. Call "context.sync()" before reading the value property.',
      );
    }
    return this._value as T;
  }
  /** @internal */
  _set(v: T): void {
    this._value = v;
    this._loaded = true;
  }
}

export abstract class HostObject<T extends object> {
  // Declared, not defined: a batch makes many proxies (every getRange, getCell, ...), and a class field is
  // defined on each one whatever its class, which V8 cannot do quickly across a dozen proxy classes. The fields
  // are set when first used (the maps: many proxies are never loaded nor navigated from).
  declare private _loadedValues: Map<string, unknown> | undefined;
  declare private _isNull: boolean | undefined;
  declare private _bound: T | null | undefined;
  declare private _navs: Map<string, HostObject<object>> | undefined;
  declare readonly context: HostRequestContext;
  declare readonly _path: string;
  declare private readonly _resolve: () => T | null;
  declare private readonly _nullable: boolean;
  declare private readonly _persistent: boolean;

  private get _loaded(): Map<string, unknown> {
    return (this._loadedValues ??= new Map());
  }

  /**
   * @param _resolve finds the model object (throws ItemNotFound, or returns null for *OrNullObject proxies)
   * @param _persistent bind once (objects with identity: sheets, tables) vs. re-resolve each sync (ranges)
   */
  constructor(context: HostRequestContext, path: string, resolve: () => T | null, nullable = false, persistent = true) {
    this.context = context;
    this._path = path;
    this._resolve = resolve;
    this._nullable = nullable;
    this._persistent = persistent;
    if (nullable) {
      // *OrNullObject: the answer to "does it exist?" comes back with the next sync.
      this._enqueue({ q: "isNullObject" }, "isNullObject", (io) => {
        const isNull = this._target() === null;
        io.addResponse(8);
        return () => (this._isNull = isNull);
      });
    }
  }

  /** Properties load() with no argument returns (scalar ones only, as office-js). */
  protected abstract readonly _scalarProperties: readonly string[];
  /** Computes one loadable property from the model object. */
  protected abstract _read(target: T, name: string, io: SyncIO): unknown;
  /** Whether the model object still exists (deleted sheets/tables make their proxies fail). */
  protected _alive(_target: T): boolean {
    return true;
  }

  get isNullObject(): boolean {
    if (!this._nullable) return false;
    if (this._isNull === undefined) throw propertyNotLoaded("isNullObject");
    return this._isNull;
  }

  /** @internal the model object, resolved when first used in a sync. */
  _target(): T | null {
    const resolved = this._persistent
      ? this._bound !== undefined
        ? this._bound
        : (this._bound = this._resolve())
      : this.context.cached(this, () => this._resolve());
    if (resolved !== null && !this._alive(resolved))
      throw itemNotFound(`The object at ${this._path} no longer exists.`);
    return resolved;
  }

  protected _enqueue(record: object, statement: string, run: QueuedAction["run"]): void {
    this.context.enqueue({ record: { o: this._path, ...record }, statement: `${this._path}.${statement}`, run });
  }

  /** Reads a loaded property; throws PropertyNotLoaded as office-js does. */
  protected _get<V>(name: string): V {
    if (this._isNull === true || !this._loaded.has(name)) throw propertyNotLoaded(name);
    return this._loaded.get(name) as V;
  }

  /** Queues a property set. Like office-js, the proxy remembers the value it was given. */
  protected _set(name: string, value: unknown, apply: (target: T, io: SyncIO) => unknown): void {
    this._enqueue({ a: "set", n: name, v: value }, `${name} = ...`, (io) => {
      const t = this._target();
      if (t === null) return; // operations on a null object are no-ops
      const out = apply(t, io);
      // A large write's steps go to the sync, which takes them a slice at a time (context.ts).
      if (isSteps(out)) return out;
    });
    this._loaded.set(name, value);
  }

  /** Queues a method call with no client-visible result. */
  protected _call(method: string, args: unknown[], apply: (target: T, io: SyncIO) => void): void {
    this._enqueue({ a: "call", m: method, v: args }, `${method}(...)`, (io) => {
      const t = this._target();
      if (t !== null) apply(t, io);
    });
  }

  /** Queues a method call whose result is a ClientResult. */
  protected _callResult<V>(
    method: string,
    args: unknown[],
    compute: (target: T, io: SyncIO) => V,
  ): HostClientResult<V> {
    const result = new HostClientResult<V>();
    this._enqueue({ a: "call", m: method, v: args }, `${method}(...)`, (io) => {
      const t = this._target();
      if (t === null) return;
      const v = compute(t, io);
      io.addResponse(jsonBytes(v));
      return () => result._set(v);
    });
    return result;
  }

  /** Navigation properties (range.worksheet, table.rows...) return the same proxy each time. */
  protected _nav<P extends HostObject<object>>(name: string, make: () => P): P {
    const navs = (this._navs ??= new Map());
    let p = navs.get(name);
    if (!p) navs.set(name, (p = make()));
    return p as P;
  }

  load(option?: unknown): this {
    const parsed = parseLoadOption(option);
    const names = parsed === "all" ? [...this._scalarProperties] : parsed;
    const own: string[] = [];
    for (const n of names) {
      const slash = n.indexOf("/");
      if (slash > 0) {
        const nav = (this as unknown as Record<string, unknown>)[n.slice(0, slash)];
        if (nav instanceof HostObject) nav.load(n.slice(slash + 1));
        else throw invalidArgument(`Cannot load "${n}".`);
      } else own.push(n);
    }
    if (own.length === 0) return this;
    this._enqueue({ a: "load", n: own }, `load(${own.join(",")})`, (io) => {
      const t = this._target();
      if (t === null) return () => (this._isNull = true);
      const values = new Map<string, unknown>();
      for (const n of own) {
        const v = this._read(t, n, io);
        values.set(n, v);
      }
      return () => {
        for (const [k, v] of values) this._loaded.set(k, v);
      };
    });
    return this;
  }

  /** @internal used by collections to hand out items already loaded. */
  _preload(values: Map<string, unknown>): void {
    for (const [k, v] of values) this._loaded.set(k, v);
  }

  /** @internal */
  _readAll(names: string[], io: SyncIO): Map<string, unknown> {
    const t = this._target();
    const values = new Map<string, unknown>();
    if (t === null) return values;
    for (const n of names) values.set(n, this._read(t, n, io));
    return values;
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this._loaded);
  }

  track(): this {
    return this;
  }

  untrack(): this {
    return this;
  }

  /** Unknown property: fails the sync like Excel. */
  protected _unknown(name: string): never {
    throw invalidArgument(`The property "${name}" is not available on ${this._path}.`);
  }

  /** Adds a scalar property's JSON size to the response. */
  protected _counted(io: SyncIO, v: unknown): unknown {
    io.addResponse(jsonBytes(v));
    return v;
  }
}

/** Collections: items readable after load + sync; the load options apply to the items. */
export abstract class HostCollection<
  I extends HostObject<object>,
  M extends object,
  C extends object = object,
> extends HostObject<C> {
  private _items: I[] | undefined;
  protected abstract readonly _itemProperties: readonly string[];
  protected abstract _models(target: C): M[];
  protected abstract _itemProxy(model: M, index: number): I;

  get items(): I[] {
    if (this._items === undefined) throw propertyNotLoaded("items");
    return this._items;
  }

  protected override _read(target: C, name: string, io: SyncIO): unknown {
    if (name === "count" && "count" in this) return this._counted(io, this._models(target).length);
    return this._unknown(name);
  }

  override load(option?: unknown): this {
    const parsed = parseLoadOption(option);
    const raw = parsed === "all" ? ["items"] : parsed;
    const own = raw.filter((n) => n === "count");
    let itemProps: string[] | null = null;
    for (const n of raw) {
      if (n === "count") continue;
      if (n === "items") itemProps = itemProps ?? [];
      else {
        itemProps = itemProps ?? [];
        const p = n.startsWith("items/") ? n.slice(6) : n;
        itemProps.push(p);
      }
    }
    if (own.length) super.load(own);
    if (itemProps === null) return this;
    const props = itemProps.length ? itemProps : [...this._itemProperties];
    this._enqueue({ a: "load", n: ["items", ...props] }, `load(items/${props.join(",")})`, (io) => {
      const t = this._target();
      if (t === null) return;
      const models = this._models(t);
      const loaded = models.map((m, i) => {
        const proxy = this._itemProxy(m, i);
        return [proxy, proxy._readAll(props, io)] as const;
      });
      return () => {
        for (const [p, v] of loaded) p._preload(v);
        this._items = loaded.map(([p]) => p);
      };
    });
    return this;
  }
}
