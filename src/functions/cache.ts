// Results of the SALES functions kept in memory for a time-to-live. Entries hold promises, so a call that
// arrives while the same request is in flight joins it. Keys are built from the normalized query and the
// service's address and paths, never from the API key. Failures are not kept.

interface CacheEntry<T, M = unknown> {
  key: string;
  value: Promise<T>;
  /** When the entry stops being served (ms since the epoch, from `now`). */
  expires: number;
  /** What the entry covers, for lookups that are not by exact key (SALES.VALUE groups). */
  meta?: M;
}

export class TtlCache {
  private readonly entries = new Map<string, CacheEntry<unknown, unknown>>();

  constructor(
    private ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Oldest entries are dropped beyond this many (each may hold a table of up to the spill limit). */
    private readonly maxEntries = 300,
  ) {}

  setTtl(ms: number): void {
    this.ttlMs = ms;
  }

  get<T>(key: string): Promise<T> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value as Promise<T>;
  }

  /** The cached promise for `key`, or the one `load` starts (kept unless it fails). */
  getOrLoad<T>(key: string, load: () => Promise<T>, meta?: unknown): Promise<T> {
    const hit = this.get<T>(key);
    if (hit) return hit;
    return this.put(key, load(), meta);
  }

  put<T>(key: string, value: Promise<T>, meta?: unknown): Promise<T> {
    const entry: CacheEntry<unknown, unknown> = { key, value, expires: this.now() + this.ttlMs, meta };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** The first live entry whose meta satisfies `match` (entries are few: one per query or VALUE group). */
  find<T, M>(match: (meta: M, key: string) => boolean): CacheEntry<T, M> | undefined {
    const now = this.now();
    for (const [key, e] of this.entries) {
      if (e.expires <= now) {
        this.entries.delete(key);
        continue;
      }
      if (e.meta !== undefined && match(e.meta as M, key)) return e as CacheEntry<T, M>;
    }
    return undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
