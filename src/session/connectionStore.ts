// The user's connection (service URL, endpoint paths, API key): per user and device, never in the
// workbook, because workbooks get mailed around and a colleague must use their own key.
// Web storage is partitioned by Office.context.partitionKey where Office defines one (Excel on the web
// isolates add-ins that way); OfficeRuntime.storage is the fallback where web storage is not available.

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
  paths?: { test?: string; list?: string; data?: string; actions?: string };
}

export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

const KEY = "SalesData.connection";

export class ConnectionStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly partitionKey?: string,
  ) {}

  private get key(): string {
    return this.partitionKey ? `${this.partitionKey}${KEY}` : KEY;
  }

  async load(): Promise<ConnectionSettings | null> {
    const raw = await this.storage.getItem(this.key);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as ConnectionSettings;
      return typeof parsed.baseUrl === "string" && typeof parsed.apiKey === "string" ? parsed : null;
    } catch {
      return null;
    }
  }

  save(settings: ConnectionSettings): Promise<void> {
    return this.storage.setItem(this.key, JSON.stringify(settings));
  }

  /** "Forget key": removes the key and keeps the URL and paths. */
  async forgetKey(): Promise<void> {
    const current = await this.load();
    if (!current) return;
    await this.save({ ...current, apiKey: "" });
  }

  /** Removes everything this store ever saved. */
  clear(): Promise<void> {
    return this.storage.removeItem(this.key);
  }
}

/** Web Storage (localStorage) as a KeyValueStorage. */
export function webStorage(store: Storage): KeyValueStorage {
  return {
    getItem: async (k) => store.getItem(k),
    setItem: async (k, v) => store.setItem(k, v),
    removeItem: async (k) => store.removeItem(k),
  };
}

/** The store the add-in uses in Office: partitioned web storage, or OfficeRuntime.storage. */
export function officeConnectionStore(): ConnectionStore {
  const partitionKey = typeof Office !== "undefined" ? Office.context?.partitionKey : undefined;
  let local: Storage | undefined;
  try {
    local = typeof localStorage !== "undefined" ? localStorage : undefined;
  } catch {
    local = undefined; // storage blocked by the browser's settings
  }
  if (local) return new ConnectionStore(webStorage(local), partitionKey);
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime.storage)
    return new ConnectionStore(OfficeRuntime.storage, partitionKey);
  return new ConnectionStore(memoryStorage(), partitionKey);
}

/** For tests and for hosts with no storage at all (the key then lasts for the session only). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: async (k) => map.get(k) ?? null,
    setItem: async (k, v) => void map.set(k, v),
    removeItem: async (k) => void map.delete(k),
  };
}
