// One holder per key at a time inside this process, the others waiting up to a limit: DuckDB's file lock keeps other
// processes out, and this keeps two rewrites of one table in this process apart.

export class KeyedLock {
  private readonly held = new Map<string, Promise<void>>();

  /** Waits until `key` is free (at most `waitMs`), then holds it; the function returned releases it. */
  async acquire(key: string, waitMs: number, busy: () => Error): Promise<() => void> {
    const deadline = Date.now() + waitMs;
    for (let current = this.held.get(key); current; current = this.held.get(key)) {
      const left = deadline - Date.now();
      if (left <= 0) throw busy();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left)));
      const freed = await Promise.race([current.then(() => false), timedOut]);
      clearTimeout(timer);
      if (freed) throw busy();
    }
    let release!: () => void;
    this.held.set(key, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.held.delete(key);
      release();
    };
  }
}
