// The user's connection (service URL, endpoint paths, API key): per user and device, never in the
// workbook, because workbooks get mailed around and a colleague must use their own key.
// Web storage is partitioned by Office.context.partitionKey where Office defines one (Excel on the web
// isolates add-ins that way); OfficeRuntime.storage is the fallback where web storage is not available.
// Office.context exists only once Office is ready, so the partition is a promise the runtime resolves then.
import { z } from "zod";

const PathsSchema = z
  .object({
    test: z.string().optional(),
    list: z.string().optional(),
    data: z.string().optional(),
    actions: z.string().optional(),
  })
  .strict();

/** What is saved; anything read back is checked against it. */
const ConnectionSettingsSchema = z.object({
  baseUrl: z.string(),
  apiKey: z.string(),
  paths: PathsSchema.optional(),
});

export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

/**
 * Where the connection is kept: Web Storage (localStorage) and OfficeRuntime.storage as they are, the one
 * synchronous, the other not.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** A saved connection, or why the one saved could not be used (never the key itself). */
export type LoadedConnection = { settings: ConnectionSettings | null; problem?: string };

const KEY = "SalesData.connection";

/** Words for a damaged saved connection: which part is wrong, never its value (it may hold the key). */
function damaged(issues: readonly { path: PropertyKey[] }[]): string {
  const where = [...new Set(issues.map((i) => i.path.map(String).join(".") || "unreadable"))].join(", ");
  return `The saved connection on this device is damaged (${where}), so it was not used. Enter the Service URL and API key again.`;
}

/** Reads a stored record: the settings, or why they cannot be used. */
function parseConnection(raw: string | null): LoadedConnection {
  if (!raw) return { settings: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { settings: null, problem: damaged([{ path: [] }]) };
  }
  const parsed = ConnectionSettingsSchema.safeParse(json);
  return parsed.success ? { settings: parsed.data } : { settings: null, problem: damaged(parsed.error.issues) };
}

export class ConnectionStore {
  private partition: Promise<string | undefined>;
  private moved: Promise<void> | undefined;

  constructor(
    /** Default: memory (the key lasts for the session only; a fresh one for each test and bench run). */
    private readonly storage: KeyValueStorage = memoryStorage(),
    /** A prefix for the storage key: Office's partitionKey, known once Office is ready. */
    partitionKey?: string | Promise<string | undefined>,
  ) {
    this.partition = Promise.resolve(partitionKey);
  }

  /** The storage key, after a connection saved unpartitioned (before Office was ready) moved under the partition once. */
  private async key(): Promise<string> {
    const partition = await this.partition;
    if (!partition) return KEY;
    this.moved ??= this.moveUnpartitioned(`${partition}${KEY}`);
    await this.moved;
    return `${partition}${KEY}`;
  }

  private async moveUnpartitioned(key: string): Promise<void> {
    const old = await this.storage.getItem(KEY);
    if (old === null) return;
    if ((await this.storage.getItem(key)) === null) await this.storage.setItem(key, old);
    await this.storage.removeItem(KEY);
  }

  /** The saved connection and, when one was saved but cannot be used, why. */
  async read(): Promise<LoadedConnection> {
    return parseConnection(await this.storage.getItem(await this.key()));
  }

  async load(): Promise<ConnectionSettings | null> {
    return (await this.read()).settings;
  }

  async save(settings: ConnectionSettings): Promise<void> {
    await this.storage.setItem(await this.key(), JSON.stringify(ConnectionSettingsSchema.parse(settings)));
  }

  /** "Forget key": removes the key and keeps the URL and paths. */
  async forgetKey(): Promise<void> {
    const current = await this.load();
    if (!current) return;
    await this.save({ ...current, apiKey: "" });
  }
}

/**
 * The store the add-in uses in Office: web storage, or OfficeRuntime.storage where there is none, under
 * `partitionKey` (resolve it inside Office.onReady with Office.context.partitionKey: before that
 * Office.context is undefined).
 */
export function officeConnectionStore(partitionKey: Promise<string | undefined>): ConnectionStore {
  let local: Storage | undefined;
  try {
    local = typeof localStorage !== "undefined" ? localStorage : undefined;
  } catch {
    local = undefined; // storage blocked by the browser's settings
  }
  if (local) return new ConnectionStore(local, partitionKey);
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime.storage)
    return new ConnectionStore(OfficeRuntime.storage, partitionKey);
  return new ConnectionStore(memoryStorage(), partitionKey);
}

/** For hosts with no storage at all: the key then lasts for the session only. */
function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: async (k) => map.get(k) ?? null,
    setItem: async (k, v) => void map.set(k, v),
    removeItem: async (k) => void map.delete(k),
  };
}
